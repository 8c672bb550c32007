"""The game state: plain data, copyable and serialisable, no pygame or pymunk inside.

A model's profile comes from its party file (``BuiltModel``); everything that
changes in play (position, facing, wounds, conditions, activation) lives here.
"""

from __future__ import annotations

import copy
import itertools
import time
from dataclasses import dataclass, field, replace
from typing import Any

from game.content.maps import BattleMap
from game.content.party_building import MM_PER_INCH, BuiltModel, BuiltParty, Weapon
from game.core.dice import Dice
from game.rules.events import Event, EventKind

ON_TABLE = "table"
RESERVE = "reserve"  # Ambush models waiting to arrive ([T-AMBUSH-1])
KILLED = "killed"
REMOVED = "removed"  # pushed off the table: counts as killed ([CAS-2])
ESCAPED = "escaped"
UNDEPLOYED = "undeployed"  # not yet placed by an encounter's deployment ([ENC-3])
PRISONER = "prisoner"  # the Rescue Prisoner: a neutral base, nobody's model until rescued ([ENC-RES-3])

SIDE_LETTERS = ("A", "B")

# one counter for every state in the process: a copy taken now shares its original's version, and whatever
# either then does draws a number nobody has had, so a cache keyed on a version never mixes two games up.
# It starts from the clock (in ns; no process makes a change per ns), so a number kept in a save's AI memory
# (game/saves/controllers.py) never comes round again in a later process either.
_VERSIONS = itertools.count(time.time_ns())
# bumped whenever any model anywhere is given a new value (placed, moved, turned, killed ...): the geometry
# index of a state compares its bases with the models only when this moved since it last looked
MODEL_CHANGES = [0]
MM_PER_RADIUS_INCH = 2 * MM_PER_INCH  # halving is exact: base_mm / this == base_mm / MM_PER_INCH / 2


@dataclass
class ModelState:
    id: str
    side: int
    profile: BuiltModel
    x: float = 0.0
    y: float = 0.0
    facing: float = 0.0
    wounds_taken: int = 0
    status: str = ON_TABLE
    activated: bool = False
    # condition name -> value (True, an attribute name, a count ...); each a class in game/rules/conditions/
    conditions: dict[str, Any] = field(default_factory=dict)
    jammed: list[int] = field(default_factory=list)  # weapon entry indices ([SKILL-7])

    @property
    def name(self) -> str:
        return self.profile.name

    @property
    def radius(self) -> float:
        return self.profile.base_mm / MM_PER_RADIUS_INCH  # base_diameter / 2, one call fewer (asked very often)

    @property
    def max_wounds(self) -> int:
        return self.profile.wounds

    @property
    def on_table(self) -> bool:
        return self.status == ON_TABLE

    @property
    def is_hero(self) -> bool:
        return self.profile.type == "hero"

    def __setattr__(self, name: str, value: Any) -> None:
        MODEL_CHANGES[0] += 1
        object.__setattr__(self, name, value)

    def has(self, trait_id: str) -> bool:
        return trait_id in self.profile.traits

    def weapon(self, index: int) -> Weapon:
        return self.profile.weapons[index]

    def label(self) -> str:
        return f"{self.name} ({self.id})"


@dataclass
class SideState:
    index: int
    party: BuiltParty
    fate: int = 0
    # per-turn side effects of Death of a Hero ([HERO-2]): "despair" | "vengeance" for next turn
    hero_fate: str | None = None
    hero_fate_turn: int = 0
    heroic_impetus_used: bool = False
    hero_died_turn: int | None = None  # for the Death of a Hero roll ([HERO-2])
    score: int = 0

    @property
    def name(self) -> str:
        return self.party.name

    @property
    def letter(self) -> str:
        return SIDE_LETTERS[self.index]


@dataclass
class Settings:
    declare_plan_upfront: bool = True  # [DIG-ACT-2]
    turns: int = 6
    max_decisions: int = 100_000


@dataclass
class GameState:
    sides: list[SideState]
    models: dict[str, ModelState]
    dice: Dice
    battle_map: BattleMap = field(default_factory=lambda: BattleMap("open table", ()))
    turn: int = 1
    phase: str = "setup"  # setup | main | maintenance | over
    bag: list[int] = field(default_factory=list)  # one entry per die: the side index
    set_aside: list[int] = field(default_factory=list)  # dice set aside this turn ([TURN-10], Full Defense)
    log: list[Event] = field(default_factory=list)
    settings: Settings = field(default_factory=Settings)
    active_model: str | None = None
    ap_left: int = 0  # the active model's unspent action points
    # per-activation Fate limit bookkeeping ([FATE-7]): side indices that used IR/HoF this activation
    fate_used: list[int] = field(default_factory=list)
    weapons_used: list[str] = field(default_factory=list)  # "A1:0": entries used this activation ([SEQ-3])
    arcane_armor_turn: dict[str, int] = field(default_factory=dict)
    winner: int | None = None  # side index, or None for a draw once phase == "over"
    result: str = ""
    encounter: Any = None  # game.rules.encounter.EncounterState when an encounter is played
    # bumped by every change (each is logged: ``emit``; ``touch`` for the rest): caches of answers about the
    # state key on it. Not game data: never saved, and no two states share a number unless one is a copy
    version: int = field(default_factory=lambda: next(_VERSIONS), compare=False)

    @property
    def prisoners(self) -> list[ModelState]:
        """Prisoners standing on the table ([ENC-RES-3]): neutral bases that block movement."""
        return [m for m in self.models.values() if m.status == PRISONER and m.x >= 0]

    # -- queries -------------------------------------------------------------
    def model(self, model_id: str) -> ModelState:
        return self.models[model_id]

    def side_models(self, side: int) -> list[ModelState]:
        return [m for m in self.models.values() if m.side == side]

    def on_table(self, side: int | None = None) -> list[ModelState]:
        if side is None:
            return [m for m in self.models.values() if m.status == ON_TABLE]
        return [m for m in self.models.values() if m.status == ON_TABLE and m.side == side]

    def table_memo(self) -> dict[Any, Any]:
        """A dict for answers that follow from the models' own fields alone (where they stand, their side, status,
        profile and conditions), valid while no model anywhere is given a new value or has a condition put or
        lifted (``MODEL_CHANGES``): asked tens of thousands of times a game, mostly of a table nobody has touched
        since. Never copied or saved."""
        key = (MODEL_CHANGES[0], id(self.models), len(self.models))
        found = self.__dict__.get("_table")
        if found is None or found[0] != key:
            found = self.__dict__["_table"] = (key, {})
        return found[1]

    def enemies_of(self, model: ModelState) -> list[ModelState]:
        side = model.side
        memo = self.table_memo()
        found = memo.get(("enemies", side))
        if found is None:
            found = memo[("enemies", side)] = tuple(m for m in self.models.values()
                                                    if m.status == ON_TABLE and m.side != side)
        return list(found)

    def friends_of(self, model: ModelState) -> list[ModelState]:
        side, me = model.side, model.id
        memo = self.table_memo()
        found = memo.get(("friends", side, me))
        if found is None:
            found = memo[("friends", side, me)] = tuple(m for m in self.models.values()
                                                        if m.status == ON_TABLE and m.side == side and m.id != me)
        return list(found)

    def hero_of(self, side: int) -> ModelState | None:
        return next((m for m in self.side_models(side) if m.is_hero), None)

    def emit(self, kind: EventKind | str, text: str, **data: Any) -> Event:
        event = Event(EventKind.of(kind), text, data, self.turn)
        self.log.append(event)
        self.version = next(_VERSIONS)
        return event

    def touch(self) -> None:
        """Say the state changed (``emit`` does it for every logged change): every cache keyed on
        ``version`` starts afresh."""
        self.version = next(_VERSIONS)

    def copy(self) -> GameState:
        return copy.deepcopy(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> GameState:
        """Copies leave the geometry index behind; it is rebuilt from the copy when asked for."""
        clone = GameState.__new__(GameState)
        memo[id(self)] = clone
        for key, value in self.__dict__.items():
            if key not in ("_field", "_field_seen", "_table"):
                setattr(clone, key, copy.deepcopy(value, memo))
        return clone

    def frame(self) -> GameState:
        """A picture of the game now for a replay viewer: models, sides, bag and encounter copied; the
        log, the map, the profiles and the dice shared (the viewer cuts the log to the frame's length)."""
        clone = copy.copy(self)
        clone.__dict__.pop("_field", None)
        clone.__dict__.pop("_field_seen", None)
        clone.__dict__.pop("_table", None)
        clone.models = {k: replace(m, conditions=dict(m.conditions), jammed=list(m.jammed))
                        for k, m in self.models.items()}
        clone.sides = [copy.copy(s) for s in self.sides]
        clone.bag, clone.set_aside = list(self.bag), list(self.set_aside)
        if self.encounter is not None:
            enc = copy.copy(self.encounter)
            enc.markers = [copy.copy(mk) for mk in self.encounter.markers]
            enc.awarded = list(self.encounter.awarded)
            clone.encounter = enc
        return clone

    # -- serialisation ---------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        """Everything that changes in play, as plain data (for replays, saves and tests)."""
        return {
            "turn": self.turn,
            "phase": self.phase,
            "bag": list(self.bag),
            "ap_left": self.ap_left,
            "set_aside": list(self.set_aside),
            "sides": [{"fate": s.fate, "score": s.score, "hero_fate": s.hero_fate,
                       "hero_fate_turn": s.hero_fate_turn, "heroic_impetus_used": s.heroic_impetus_used,
                       "hero_died_turn": s.hero_died_turn}
                      for s in self.sides],
            "models": {
                m.id: {"x": round(m.x, 6), "y": round(m.y, 6), "facing": round(m.facing, 6),
                       "wounds_taken": m.wounds_taken, "status": m.status, "activated": m.activated,
                       "conditions": dict(sorted(m.conditions.items())), "jammed": list(m.jammed)}
                for m in self.models.values()
            },
            "dice": self.dice.to_dict(),
            "winner": self.winner,
            "result": self.result,
            "encounter": self.encounter.snapshot() if self.encounter is not None else None,
        }
