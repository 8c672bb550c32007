"""What a button, a key or a text field of the map editor asks for, as typed values.

A button is given its command when the panels lay it out, a key is looked up in the key tables, a text field
commits a `Typed`; the scene's `do` runs any of them. Nothing is encoded in a string and parsed back.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, auto


class FileAct(Enum):
    """The file bar's buttons (and Ctrl+N, Ctrl+O, Ctrl+S): what saves, leaves or replaces the map."""

    NEW = auto()
    GENERATE = auto()
    OPEN = auto()
    SAVE = auto()
    SAVE_AS = auto()
    PLAY = auto()
    FAIRNESS = auto()
    HELP = auto()
    MENU = auto()


class EditAct(Enum):
    """Edits of the map or its selection, and the keys that back out of one."""

    UNDO = auto()
    REDO = auto()
    COPY = auto()
    PASTE = auto()
    DUPLICATE = auto()
    SELECT_ALL = auto()
    RESTYLE = auto()
    DELETE_PIECES = auto()  # the Delete button: the selected pieces
    DELETE = auto()  # the Delete key: the active corner, else the selected pieces
    BACKSPACE = auto()  # the last point of a shape being drawn, else as Delete
    ENTER = auto()  # apply the mirror shown, or close the shape being drawn
    ESCAPE = auto()  # back out one layer
    STYLE_PREV = auto()
    STYLE_NEXT = auto()
    TOGGLE_BLOCKS_LOS = auto()
    TOGGLE_WATER = auto()


class ViewAct(Enum):
    """What the editor shows and how it snaps: nothing of the map changes."""

    TOGGLE_SNAP = auto()
    NEXT_GRID_SIZE = auto()
    NEXT_BASE_SIZE = auto()
    TOGGLE_GRID = auto()
    TOGGLE_RULERS = auto()
    NEXT_ENCOUNTER = auto()
    FIT = auto()


class MirrorAct(Enum):
    """Mirroring: a preview first (of the selection, the map, or a copy), then applied or cancelled; the axis;
    symmetric editing."""

    SELECTION = auto()
    MAP = auto()
    COPY = auto()
    APPLY = auto()
    CANCEL = auto()
    NEXT_AXIS = auto()
    SYMMETRY = auto()


@dataclass(frozen=True)
class PickTool:
    tool: str


@dataclass(frozen=True)
class PickPreset:
    key: str


@dataclass(frozen=True)
class ShowTab:
    """The side panel shown when the window is too narrow for both ("tools" or "props")."""

    tab: str


@dataclass(frozen=True)
class SetKind:
    kind: str


@dataclass(frozen=True)
class FixField:
    """Remove a property the selected pieces' kind does not take."""

    field: str


@dataclass(frozen=True)
class Reorder:
    front: bool


@dataclass(frozen=True)
class Nudge:
    """Move the selection one step (a grid step, or an inch) in direction (dx, dy)."""

    dx: int
    dy: int
    inch: bool


@dataclass(frozen=True)
class SelectProblem:
    """Select the piece of the map's problem (or warning) number ``index``."""

    index: int
    warning: bool


class Field(Enum):
    """The editor's text fields."""

    NAME = auto()
    DESCRIPTION = auto()
    ID = auto()
    STYLE = auto()
    CROSS_COST = auto()
    WALL_WIDTH = auto()
    X = auto()
    Y = auto()
    W = auto()
    H = auto()
    ANGLE = auto()


GEOMETRY = (Field.X, Field.Y, Field.W, Field.H, Field.ANGLE)


@dataclass(frozen=True)
class Typed:
    """A text field committed with ``text``, for the pieces selected when it was being typed in."""

    field: Field
    text: str
    sel: tuple[int, ...]


PieceCommand = SetKind | FixField | Reorder | Nudge | SelectProblem
Command = FileAct | EditAct | ViewAct | MirrorAct | PickTool | PickPreset | ShowTab | PieceCommand | Typed
