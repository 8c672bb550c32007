"""A condition as a hook object, like a trait: active while the model carries it ([COND-1]-[COND-7]).

``ModelState.conditions`` stays plain data (condition id -> True or a value such as Weakness's attribute) so
the state copies and saves as before; every rule that reads or marks a condition goes through its class
here, and the engine asks an active condition's hooks at the same points as a trait's ("hooks_of").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.core.dice import Modifier
from game.rules.state import Conditions
from game.rules.traits.base import CONDITIONS as CONDITIONS  # (kept there: the remembered hooks follow it)
from game.rules.traits.base import TraitRule

if TYPE_CHECKING:
    from game.rules.combat import Attack
    from game.rules.state import GameState, ModelState

UNTIL_MAINTENANCE = "maintenance"  # [TURN-8] (f)
UNTIL_NEXT_ACTIVATION = "next_activation"  # [TURN-9]
UNTIL_ACTIVATION_ROLL = "activation_roll"  # counted on the next activation roll, then gone
UNTIL_LIFTED = ""  # until a rule lifts it (Shake Off, an attack, never)

# CONDITIONS (condition id -> its hook object, in the order registered) is kept in game.rules.traits.base, whose
# remembered hooks follow its changes


class Condition(TraitRule):
    """Base of every condition: how long it lasts, how the UI names it, and the hooks it answers."""

    lasts: str = UNTIL_LIFTED
    summary: str = ""  # what it does, in a line (tooltips, the help)
    mark: str = ""  # the letter drawn beside a base under it ("" none), on its badge when too small for the icon
    icon: str = ""  # the Game Icon on its badge (assets/icons/<icon>.svg, credited in assets/CREDITS)
    tint: tuple[int, int, int] = (90, 90, 90)  # the badge's disc
    scripted: bool = True  # a script file may set it up (``conditions: [...]``) as a plain mark

    # -- the model's mark ----------------------------------------------------------------------
    def on(self, model: ModelState) -> bool:
        return bool(model.conditions.get(self.id))

    def value(self, model: ModelState) -> Any:
        return model.conditions.get(self.id)

    def put(self, model: ModelState, value: Any = True) -> None:
        model.conditions = model.conditions.with_(self.id, value)  # a new value: a change of the model

    def lift(self, model: ModelState) -> bool:
        """Remove the condition; True if the model was under it."""
        if self.id not in model.conditions:
            return False
        was = model.conditions[self.id]
        model.conditions = model.conditions.without(self.id)
        return bool(was)

    def label(self, value: Any = True) -> str:
        return self.name

    # -- hooks only conditions answer -----------------------------------------------------------
    def defence_dice(self, state: GameState, attack: Attack) -> list[Modifier]:
        """Extra dice on the holder's defence roll (Full Defense, [SPEC-2])."""
        return []

    def attribute_modifiers(self, model: ModelState, attribute: str) -> list[Modifier]:
        """Modifiers on every roll of one attribute (Weakness, [SPELL-6])."""
        return []

    def cast_modifiers(self, state: GameState, caster: ModelState) -> list[Modifier]:
        """Modifiers on the holder's casting roll ([SORC-7]: cast after running)."""
        return []

    def allowance_factor(self, state: GameState, model: ModelState, kind: str) -> tuple[float, Modifier] | None:
        """A factor on a move's allowance after the bonuses ([MOVE-11]; Entangle halves it)."""
        return None

    def forbids(self, state: GameState, model: ModelState, kind: str) -> tuple[str, str] | None:
        """(reason, rule) when the condition stops the model declaring ``kind`` at all (Entangled: no Charge)."""
        return None


def condition(condition_id: str) -> Callable[[type[Condition]], type[Condition]]:
    """Register a condition's class under its id (the key in ``ModelState.conditions``)."""

    def register(cls: type[Condition]) -> type[Condition]:
        if condition_id in CONDITIONS:
            raise ValueError(f"condition '{condition_id}' registered twice")
        obj = cls()
        obj.id = condition_id
        CONDITIONS[condition_id] = obj
        return cls

    return register


def condition_hooks(model: ModelState) -> list[Condition]:
    """The conditions the model is under, in the order they are registered (so modifiers list stably)."""
    conds = model.conditions
    if not conds:
        return []
    hit = _BY_VALUE.get(id(conds))
    if hit is not None and hit[0] is conds and hit[1] == CONDITIONS.changes:
        return list(hit[2])
    key = frozenset(k for k, v in conds.items() if v)
    found = _HOOKS.get(key)
    if found is None or found[0] != CONDITIONS.changes:
        found = _HOOKS[key] = (CONDITIONS.changes, tuple(c for c in CONDITIONS.values() if c.id in key))
    if type(conds) is Conditions:  # an immutable value: its answer stands while it does (a hand-made dict may not)
        if len(_BY_VALUE) > 4096:
            _BY_VALUE.clear()
        _BY_VALUE[id(conds)] = (conds, found[0], found[1])
    return list(found[1])


# the set of conditions a model is under -> (the registry's change count, their hook objects in registry order)
_HOOKS: dict[frozenset[str], tuple[int, tuple[Condition, ...]]] = {}

# id of a model's conditions (a state.Conditions) -> (that value, the registry's change count, _HOOKS's answer): the
# same answer found without building the set of its keys (the entry keeps the value, so its id stays its own)
_BY_VALUE: dict[int, tuple[Any, int, tuple[Condition, ...]]] = {}


def present(model: ModelState) -> list[tuple[Condition, Any]]:
    """The model's conditions with their values, in the order they were put on it (the UI's marks)."""
    return [(CONDITIONS[k], v) for k, v in model.conditions.items() if v and k in CONDITIONS]


def lasting(how_long: str) -> tuple[Condition, ...]:
    return tuple(c for c in CONDITIONS.values() if c.lasts == how_long)
