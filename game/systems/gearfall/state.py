"""A Gearfall battle's state: plain data, copied whole and versioned by the kernel's rules (game.core.copies,
game.core.versions), with no pygame or pymunk inside.

A character's sheet is its squad file's (``Character``, immutable and shared by copies); what changes in play —
where it stands, its facing, its damage, knocked down, prone, disabled — lives here, and so does the turn in
progress (what the active character has done), so a save's replay and the AI's look-ahead meet the same facts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, cast

from game.content.maps import BattleMap
from game.core.dice import Dice
from game.core.versions import WholeState, next_version
from game.geometry.battlefield import base_radius
from game.rules.events import Event
from game.rules.payloads import EventData
from game.systems.gearfall.characters import Character, Squad
from game.systems.gearfall.kinds import GfEvent
from game.systems.gearfall.movement import Movement
from game.systems.gearfall.scenario import GfScenario

SIDE_LETTERS = ("A", "B")


class Status(StrEnum):
    UNDEPLOYED = "undeployed"
    TABLE = "table"
    DISABLED = "disabled"  # [GF-DIS-2]: out of the fight, off the table


class Phase(StrEnum):
    SETUP = "setup"
    BATTLE = "battle"
    OVER = "over"


@dataclass
class CharacterState:
    id: str  # "A1": the side's letter and its place in the squad file
    side: int
    profile: Character
    x: float = -1.0
    y: float = -1.0
    facing: float = 0.0
    damage: int = 0  # damage boxes marked ([GF-DIS-1])
    status: Status = Status.UNDEPLOYED
    knocked_down: bool = False  # [GF-KD-1]
    prone: bool = False  # [GF-PRONE-1]

    @property
    def name(self) -> str:
        return self.profile.name

    @property
    def radius(self) -> float:
        return base_radius(self.profile.base_mm)

    @property
    def on_table(self) -> bool:
        return self.status is Status.TABLE

    @property
    def boxes_left(self) -> int:
        return self.profile.damage_boxes - self.damage

    def label(self) -> str:
        return f"{self.name} ({self.id})"


@dataclass
class TurnState:
    """What the active character has done so far in its turn ([GF-TURN-2]): the rules offer what is left."""

    who: str
    movement: Movement | None = None  # the movement made, once made
    forfeit_movement: bool = False  # stood up by forfeiting it ([GF-KD-4])
    forfeit_action: bool = False
    attacked: bool = False
    quick_used: bool = False
    charge_target: str | None = None  # a successful charge's target: its first attack must be at it
    charged: float | None = None  # the inches the charge covered, until its first attack is made ([GF-CHG-3])
    behind: tuple[str, ...] = ()  # enemies whose back arc it has stood wholly in all the turn so far ([GF-ATK-3])

    @property
    def moved(self) -> bool:
        return self.movement is not None or self.forfeit_movement


@dataclass
class SquadSide:
    index: int
    squad: Squad
    score: int = 0  # enemy characters it has disabled ([GF-WIN-2])

    @property
    def name(self) -> str:
        return self.squad.name

    @property
    def letter(self) -> str:
        return SIDE_LETTERS[self.index]


@dataclass
class Settings:
    max_decisions: int = 20_000


@dataclass
class GearfallState(WholeState):
    sides: list[SquadSide]
    characters: dict[str, CharacterState]
    dice: Dice
    scenario: GfScenario
    battle_map: BattleMap = field(default_factory=lambda: BattleMap("open table", ()))
    round: int = 0
    phase: Phase = Phase.SETUP
    order: list[str] = field(default_factory=list)  # initiative order ([GF-INIT-1])
    first: int = 0  # the side that won the set-up roll-off ([GF-SET-1])
    active: str | None = None
    turn_state: TurnState | None = None
    log: list[Event] = field(default_factory=list)
    settings: Settings = field(default_factory=Settings)
    winner: int | None = None
    result: str = ""
    version: int = field(default_factory=next_version, compare=False)

    # -- the kernel's reading of any state: the log's "turn" is Gearfall's round
    @property
    def turn(self) -> int:
        return self.round

    # -- queries
    def character(self, cid: str) -> CharacterState:
        return self.characters[cid]

    def on_table(self, side: int | None = None) -> list[CharacterState]:
        return [c for c in self.characters.values() if c.on_table and (side is None or c.side == side)]

    def enemies_of(self, c: CharacterState) -> list[CharacterState]:
        return [e for e in self.characters.values() if e.on_table and e.side != c.side]

    def side_characters(self, side: int) -> list[CharacterState]:
        return [c for c in self.characters.values() if c.side == side]

    # -- changes
    def emit(self, kind: GfEvent, text: str, /, **data: Any) -> Event:
        event = Event(cast(Any, GfEvent(kind)), text, cast(EventData, data), self.round)
        self.log.append(event)
        self.version = next_version()
        return event
