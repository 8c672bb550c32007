"""The game state: plain data, copyable and serialisable, no pygame or pymunk inside.

A model's profile comes from its party file (``BuiltModel``); everything that
changes in play (position, facing, wounds, conditions, activation) lives here.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, cast

from game.content.maps import BattleMap
from game.content.party_building import MM_PER_INCH, BuiltModel, BuiltParty, Weapon
from game.core.copies import plain, whole_copy
from game.core.dice import Dice
from game.core.versions import VERSIONS
from game.rules.events import Event, EventKind
from game.rules.payloads import EventData


class Status(StrEnum):
    """Where a model is in the game. The values are the words saves and scripts use."""

    TABLE = "table"
    RESERVE = "reserve"  # Ambush models waiting to arrive ([T-AMBUSH-1])
    KILLED = "killed"
    REMOVED = "removed"  # pushed off the table: counts as killed ([CAS-2])
    ESCAPED = "escaped"
    UNDEPLOYED = "undeployed"  # not yet placed by an encounter's deployment ([ENC-3])
    PRISONER = "prisoner"  # the Rescue Prisoner: a neutral base, nobody's model until rescued ([ENC-RES-3])


class Phase(StrEnum):
    """The part of the game being played ([TURN-1], [TURN-7], [TURN-8])."""

    SETUP = "setup"
    MAIN = "main"
    MAINTENANCE = "maintenance"
    OVER = "over"


ON_TABLE, RESERVE, KILLED, REMOVED = Status.TABLE, Status.RESERVE, Status.KILLED, Status.REMOVED
ESCAPED, UNDEPLOYED, PRISONER = Status.ESCAPED, Status.UNDEPLOYED, Status.PRISONER

SIDE_LETTERS = ("A", "B")

_VERSIONS = VERSIONS  # the kernel's one counter (game.core.versions)
# bumped whenever any model anywhere is given a new value (placed, moved, turned, killed ...): the geometry
# index of a state compares its bases with the models only when this moved since it last looked
MODEL_CHANGES = [0]
MM_PER_RADIUS_INCH = 2 * MM_PER_INCH  # halving is exact: base_mm / this == base_mm / MM_PER_INCH / 2


class Conditions(dict[str, Any]):
    """A model's conditions, read-only: a change is a new value given to the model (``model.conditions =
    ...``), so it counts as a change of the model by construction, never by a caller remembering to say so."""

    __immutable__ = True  # copies share it: nothing changes it in place

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("a model's conditions are changed by giving it new ones (the condition's put or lift), "
                        "never in place")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = __ior__ = _refuse

    def __reduce__(self) -> tuple[Any, ...]:
        return Conditions, (dict(self),)

    def __copy__(self) -> Conditions:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Conditions:
        return self

    def with_(self, key: str, value: Any) -> Conditions:
        return Conditions({**self, key: value})

    def without(self, key: str) -> Conditions:
        return Conditions({k: v for k, v in self.items() if k != key})



@dataclass
class ModelState:
    id: str
    side: int
    profile: BuiltModel
    x: float = 0.0
    y: float = 0.0
    facing: float = 0.0
    wounds_taken: int = 0
    status: Status = ON_TABLE
    activated: bool = False
    # condition name -> value (True, an attribute name, a count ...); each a class in game/rules/conditions/
    conditions: Conditions = field(default_factory=Conditions)
    jammed: tuple[int, ...] = ()  # weapon entry indices ([SKILL-7]), one per jam

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

    __keeps_value_keys__ = True  # __setattr__ drops them: value_key may keep them on the model

    def __setattr__(self, name: str, value: Any) -> None:
        """Every change of a model passes here (its conditions and jams are immutable values, so none is made in
        place): the count of model changes moves by construction."""
        MODEL_CHANGES[0] += 1
        self.__dict__.pop("_value_keys", None)  # its value keys (game.core.copies), stale now
        if name == "conditions" and type(value) is not Conditions:
            value = Conditions(value)
        elif name == "jammed" and type(value) is not tuple:
            value = tuple(value)
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
    options: tuple[str, ...] = ()  # the rule system's optional rules this battle is played with ("heroic-duel")

    def has(self, option: str) -> bool:
        """Whether the battle is played with the optional rule ``option`` (game.core.rule_system)."""
        return option in self.options


@dataclass
class GameState:
    sides: list[SideState]
    models: dict[str, ModelState]
    dice: Dice
    battle_map: BattleMap = field(default_factory=lambda: BattleMap("open table", ()))
    turn: int = 1
    phase: Phase = Phase.SETUP
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

    def emit(self, kind: EventKind, text: str, /, **data: Any) -> Event:
        event = Event(EventKind.of(kind), text, cast(EventData, data), self.turn)  # (keys clients read: payloads)
        self.log.append(event)
        self.version = next(_VERSIONS)
        return event

    def touch(self) -> None:
        """Say the state changed (``emit`` does it for every logged change): every cache keyed on
        ``version`` starts afresh."""
        self.version = next(_VERSIONS)

    def copy(self) -> GameState:
        """A whole copy to change (a preview's what-if): a version of its own from the start, so no cache keyed on
        the original's version ever answers for it, whatever is then changed on it."""
        clone = self.frame()
        clone.version = next(_VERSIONS)
        return clone

    def __deepcopy__(self, memo: dict[int, Any]) -> GameState:
        return self.frame()

    def frame(self) -> GameState:
        """A whole copy of the game now (a replay frame, the AI's fork): every field copied by construction
        (game.core.copies), content that never changes in play shared, caches (the geometry index) left behind
        to be rebuilt from the copy when asked for. It shares its original's version until either changes."""
        return whole_copy(self)

    @contextmanager
    def trying(self, model: ModelState, **changes: Any) -> Iterator[ModelState]:
        """A what-if on the live state: ``model`` given ``changes`` (where it stands, its facing ...) while the
        rules are asked, then everything put back, the version included. Answers worked out meanwhile key on a
        version of their own; those from before stay good after, for the state is as it was (python-chess's
        push and pop)."""
        saved = {name: getattr(model, name) for name in changes}
        version = self.version
        for name, value in changes.items():
            setattr(model, name, value)
        self.version = next(_VERSIONS)
        try:
            yield model
        finally:
            for name, value in saved.items():
                setattr(model, name, value)
            self.version = version

    # -- serialisation ---------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        """Every field of the state as plain data, by construction (game.core.copies.plain): content by its
        fingerprint, the log by its length, the version left out (it names the state, it is not game data)."""
        picture: dict[str, Any] = plain(self, leave_out=frozenset({"log", "version"}))
        picture["log"] = len(self.log)
        if not self.settings.options:  # a battle with no optional rule is pictured as before options were kept
            picture["settings"].pop("options", None)
        return picture
