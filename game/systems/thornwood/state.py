"""A Thornwood battle's state: plain data, copied whole and versioned by the kernel's rules (game.core.copies,
game.core.versions), with no pygame or pymunk inside.

A figure's sheet is its war band file's (``Figure``, immutable, shared by copies); what changes in play — where
it stands, the CV it has lost, fallen, its armour spent, whether it lies in Ambush — lives here, and so does
what each side knows of the other ([TW-SPOT-1]: the set of enemy figures it has spotted), so a replay, the AI's
look-ahead and the screen read the same facts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, cast

from game.content.maps import BattleMap
from game.core.dice import Dice
from game.core.versions import WholeState, next_version
from game.rules.events import Event
from game.rules.payloads import EventData
from game.systems.thornwood.band import Figure, WarBand
from game.systems.thornwood.kinds import TwEvent
from game.systems.thornwood.scenario import TwScenario
from game.systems.thornwood.tables import Inspiration

SIDE_LETTERS = ("A", "B")
BASE_RADIUS = 0.5  # a 25 mm round base, in inches
MARKER_RADIUS = 0.5


class Status(StrEnum):
    UNDEPLOYED = "undeployed"
    TABLE = "table"
    OUT = "out"  # CV 0 or a gory death ([TW-CV-1])
    FLED = "fled"  # off the table: routed or retreated ([TW-NERVE-5], [TW-WIN-1])


class Phase(StrEnum):
    SETUP = "setup"
    BATTLE = "battle"
    OVER = "over"


GRADES = ("", "light", "wound", "mortal")  # the worst wound a figure has taken, by CV ([TW-CV-1])


@dataclass
class FigureState:
    id: str  # "A1": the side's letter and its place in the band file
    side: int
    profile: Figure
    x: float = -1.0
    y: float = -1.0
    facing: float = 0.0
    cv_lost: int = 0  # [TW-CV-1]
    worst: str = ""  # the worst grade received ("light", "wound", "mortal"), for victory points and defeat
    gory: bool = False
    status: Status = Status.UNDEPLOYED
    fallen: bool = False  # [TW-FALL-1]
    armour_left: int = 0  # close-combat wounds its armour still absorbs ([TW-CC-11])
    weapon_lost: bool = False  # dropped its main weapon in a slip ([TW-CC-10])
    checked: str = ""  # who tended it: "", "comrade" or "healer" (a healer or seer) ([TW-HEAL-1], [TW-MED-1])
    duck_back: bool = False  # misses its next action ([TW-DMG-3])
    last_move: str = ""  # "move", "run", "cautious" or "" : its last action's movement ([TW-SPOT-3])
    ambush: bool = False  # lying in Ambush ([TW-AMB-1])
    pinned: int = 0  # 0, or the CV it fights and tests at less while pinned ([TW-NERVE-5])
    pinned_until: int = 0  # the side turn at whose end the pin lifts
    renown_lost: int = 0  # [TW-CC-12]
    used_bow: bool = False  # shot its bow this turn (its shield does not count against shots: [TW-DMG-1])
    acted: int = 0  # actions taken this turn
    reacted: bool = False  # its group reacted in this enemy turn ([TW-REACT-1])
    lucky_used: int = 0  # the side turn it last took Lucky's re-roll ([TW-ABIL-1])

    @property
    def name(self) -> str:
        return self.profile.name

    @property
    def radius(self) -> float:
        return BASE_RADIUS

    @property
    def on_table(self) -> bool:
        return self.status is Status.TABLE

    @property
    def cv(self) -> int:
        """The CV it fights, shoots and tests at: its own less its wounds and any pin ([TW-CV-1])."""
        return max(0, self.profile.cv - self.cv_lost - self.pinned)

    @property
    def standing(self) -> bool:
        return self.on_table and not self.fallen

    @property
    def key(self) -> bool:
        return self.profile.key

    def label(self) -> str:
        return f"{self.name} ({self.id})"


@dataclass
class Marker:
    """A Furs Marker ([TW-FURS-1]): where it lies, who set it out, who has collected it."""

    id: str  # "M1".."M6"
    x: float
    y: float
    placed_by: int
    collected_by: int | None = None

    @property
    def on_table(self) -> bool:
        return self.collected_by is None


@dataclass
class BandSide:
    index: int
    band: WarBand
    inspiration: Inspiration = Inspiration.standard  # [TW-INSP-1]
    known: set[str] = field(default_factory=set)  # the enemy figures it has spotted ([TW-SPOT-1])
    defeated: bool = False  # [TW-WIN-1]
    held_on: bool = False  # passed the test at two conditions of defeat: a third now defeats it ([TW-WIN-1])
    victory_points: int = 0  # [TW-WIN-2], at the end
    score: int = 0  # Furs Markers it has picked up ([TW-FURS-3]): what a save's summary shows

    @property
    def name(self) -> str:
        return self.band.name

    @property
    def letter(self) -> str:
        return SIDE_LETTERS[self.index]


@dataclass
class Settings:
    max_decisions: int = 40_000


@dataclass
class TwState(WholeState):
    sides: list[BandSide]
    figures: dict[str, FigureState]
    dice: Dice
    scenario: TwScenario
    battle_map: BattleMap = field(default_factory=lambda: BattleMap("open table", ()))
    markers: list[Marker] = field(default_factory=list)
    edges: list[str] = field(default_factory=lambda: ["bottom", "top"])  # each side's home edge, once chosen
    phase: Phase = Phase.SETUP
    first: int = 0  # the side that won the roll-off and goes first ([TW-SET-1], [TW-TURN-1])
    side_turns: int = 0  # side turns begun; a turn of the game is two of them
    active_side: int | None = None
    action_phase: int = 0  # 1 or 2 in a side's turn, 0 between
    activated: list[str] = field(default_factory=list)  # the figures activated this side turn ([TW-ACT-2])
    acting: list[str] = field(default_factory=list)  # the group acting now
    log: list[Event] = field(default_factory=list)
    settings: Settings = field(default_factory=Settings)
    winner: int | None = None
    result: str = ""
    version: int = field(default_factory=next_version, compare=False)

    # -- the kernel's reading of any state: the log's "turn" is the game's turn
    @property
    def turn(self) -> int:
        return (self.side_turns + 1) // 2

    # -- queries
    def figure(self, fid: str) -> FigureState:
        return self.figures[fid]

    def on_table(self, side: int | None = None) -> list[FigureState]:
        return [f for f in self.figures.values() if f.on_table and (side is None or f.side == side)]

    def side_figures(self, side: int) -> list[FigureState]:
        return [f for f in self.figures.values() if f.side == side]

    def enemies_of(self, f: FigureState) -> list[FigureState]:
        return [e for e in self.figures.values() if e.on_table and e.side != f.side]

    def known_enemies(self, side: int) -> list[FigureState]:
        """The enemy figures on the table that ``side`` has spotted ([TW-SPOT-1])."""
        known = self.sides[side].known
        return [e for e in self.figures.values() if e.on_table and e.side != side and e.id in known]

    def marker(self, mid: str) -> Marker:
        return next(m for m in self.markers if m.id == mid)

    def collected(self, side: int) -> int:
        return sum(1 for m in self.markers if m.collected_by == side)

    # -- changes
    def emit(self, kind: TwEvent, text: str, /, hidden_from: int | None = None, **data: Any) -> Event:
        """Log a line; ``hidden_from``: the side that may not read it (it tells of a figure that side has not
        spotted), which the screen and the AI respect ([TW-SPOT-1])."""
        if hidden_from is not None:
            data["hidden_from"] = hidden_from
        event = Event(cast(Any, TwEvent(kind)), text, cast(EventData, data), self.turn)
        self.log.append(event)
        self.version = next_version()
        return event
