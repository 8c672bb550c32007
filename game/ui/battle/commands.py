"""What a button or a key of the battle screen asks for, as typed values.

An answer button carries an `AnswerCommand` (answer with an engine option, walk the plan menu, take
the suggested spot or facing); the control bar and the keyboard shortcuts carry a `Control`. The
scene runs either; nothing is encoded in a string and parsed back.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


@dataclass(frozen=True)
class Choose:
    """Answer the pending decision with this option key of the engine's."""

    key: str


@dataclass(frozen=True)
class PlanStep:
    """Add this action to the plan being declared (the next step of the plan menu)."""

    kind: str


@dataclass(frozen=True)
class PlanBack:
    """Take the last action off the plan being declared."""


@dataclass(frozen=True)
class PlanDeclare:
    """Declare the plan made of the actions chosen so far."""


@dataclass(frozen=True)
class UseDefault:
    """The question's default answer (the suggested spot, Enter)."""


@dataclass(frozen=True)
class Face:
    """A facing question: keep the current facing, or face the nearest enemy."""

    nearest_enemy: bool


AnswerCommand = Choose | PlanStep | PlanBack | PlanDeclare | UseDefault | Face


class Control(Enum):
    """The control bar's buttons and the battle's keyboard shortcuts. The value names the button's widget."""

    FIT = "fit"
    RINGS = "rings"
    LOG = "log"
    AUTO = "auto"
    SLOWER = "slower"
    FASTER = "faster"
    SKIP = "skip"
    MENU = "menu"
    SAVE = "save"
    TAKE_BACK = "take_back"
    DESELECT = "deselect"
    MUTE = "mute"
    OBJECTIVES = "objectives"


Command = AnswerCommand | Control
