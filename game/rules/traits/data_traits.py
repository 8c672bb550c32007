"""Traits written as data (``effects`` in the trait files, see game/content/trait_effects.py) as hook classes.

Each such trait gets a class of its own that overrides only the hooks its effects use, so the engine,
the attack profile (and with it the exact odds and the AI) and the tests that ask which hooks a trait
changes treat it exactly as a trait written in Python. The game's own data traits are registered with
the Python ones (:func:`register_shipped`); a mod folder's traits are found through the loaded catalog
(:func:`mod_rule`), so pointing the game at another mod folder needs no restart of the registry.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.content.catalog import Trait, catalog, shipped_catalog
from game.content.trait_effects import (
    AuraSpec,
    DiceSpec,
    Effect,
    ModifierSpec,
    RerollSpec,
    When,
)
from game.core.dice import Modifier, ResolutionRoll, ones
from game.rules import board
from game.rules.decisions import Option
from game.rules.state import GameState, ModelState
from game.rules.traits.base import TRAITS, TraitRule

if TYPE_CHECKING:
    from game.rules.combat import Attack

_FLAG_ATTRS: dict[str, tuple[str, Any]] = {
    "fearless": ("fearless", True),
    "terror_immune": ("terror_immune", True),
    "causes_terror": ("causes_terror", True),
    "cannot_run": ("can_run", False),
    "cannot_sneak": ("can_sneak", False),
    "extra_move_action": ("extra_move_actions", 1),
}


class DataTrait(TraitRule):
    """Base of the generated classes: the trait's data and the situation test its effects share."""

    data: Trait

    def _of(self, cls: type) -> list[Any]:
        return [getattr(e, e.kind) for e in self.data.effects if isinstance(getattr(e, e.kind), cls)]

    def _rule(self, spec: Any) -> str:
        return spec.rule or self.data.rules[0]

    def _mod(self, spec: ModifierSpec | AuraSpec, value: int, suffix: str = "") -> Modifier:
        replaces = spec.replaces if isinstance(spec, ModifierSpec) else None
        return Modifier(value, self._rule(spec), f"{spec.text or self.data.name}{suffix}", replaces=replaces)


def holds(when: When, roller: ModelState, attack: Attack | None = None, action: str | None = None,
          attribute: str | None = None, caster: ModelState | None = None) -> bool:
    """Whether the situation ``when`` describes is the roller's now (every key given must hold); ``caster``: whose
    spell a resisting roll resists."""
    if when.wounded is not None and (roller.wounds_taken > 0) != when.wounded:
        return False
    if when.resisting is not None and attribute != when.resisting:
        return False
    if when.enemy_spell is not None and (caster is None or board.are_enemies(roller, caster) != when.enemy_spell):
        return False
    if when.action is not None and (attack.action if attack is not None else action) not in when.action:
        return False
    if attack is None:
        return when.attack is None and when.opponent_has is None and when.behind is None
    if when.attack is not None and attack.kind != when.attack:
        return False
    other = attack.defender if roller is attack.attacker else attack.attacker
    if when.opponent_has is not None and not any(other.has(t) for t in when.opponent_has):
        return False
    return when.behind is None or board.attacker_behind(attack.defender, attack.attacker) == when.behind


# -- the hooks, each added to a trait's class only when one of its effects needs it -----------------------

def _modifiers(self: DataTrait, roll: str, roller: ModelState, **situation: Any) -> list[Modifier]:
    return [self._mod(m, m.value) for m in self._of(ModifierSpec)
            if m.roll == roll and holds(m.when, roller, **situation)]


def _attack_modifiers(self: DataTrait, state: GameState, attack: Attack) -> list[Modifier]:
    return _modifiers(self, "attack", attack.attacker, attack=attack)


def _defence_modifiers(self: DataTrait, state: GameState, attack: Attack) -> list[Modifier]:
    return _modifiers(self, "defence", attack.defender, attack=attack)


def _resist_modifiers(self: DataTrait, state: GameState, model: ModelState, attribute: str,
                      caster: ModelState) -> list[Modifier]:
    return _modifiers(self, "resist", model, attribute=attribute, caster=caster)


def _activation_modifiers(self: DataTrait, state: GameState, model: ModelState) -> list[Modifier]:
    return _modifiers(self, "activation", model)


def _move_bonus(self: DataTrait, state: GameState, model: ModelState, action: str) -> list[Modifier]:
    return _modifiers(self, "move", model, action=action)


def _extra_dice(self: DataTrait, state: GameState, attack: Attack, role: str) -> list[Modifier]:
    roller = attack.attacker if role == "attack" else attack.defender
    return [Modifier(d.dice, self._rule(d), d.text or self.data.name) for d in self._of(DiceSpec)
            if d.roll == role and holds(d.when, roller, attack=attack)]


def _reroll_options(self: DataTrait, state: GameState, model: ModelState, roll: ResolutionRoll, role: str,
                    attack: Attack | None) -> list[Option]:
    if not ones(roll):
        return []
    fight = role in ("attack", "defence")
    for r in self._of(RerollSpec):
        if r.roll == role and holds(r.when, model, attack if fight else None, attribute=roll.attribute):
            return [Option(self.data.id, f"{r.text or self.data.name}: re-roll the {len(ones(roll))} dice showing 1")]
    return []


def _aura(self: DataTrait, roll: str, holder: ModelState, roller: ModelState, **situation: Any) -> list[Modifier]:
    return [self._mod(a, a.value or 0, f" ({holder.name} within {a.within:g}″)") for a in self._of(AuraSpec)
            if a.roll == roll and roller.id != holder.id and board.within(holder, roller, a.within)
            and holds(a.when, roller, **situation)]


def _ally_attack_modifiers(self: DataTrait, state: GameState, holder: ModelState, attack: Attack) -> list[Modifier]:
    return _aura(self, "attack", holder, attack.attacker, attack=attack)


def _ally_defence_modifiers(self: DataTrait, state: GameState, holder: ModelState, attack: Attack) -> list[Modifier]:
    return _aura(self, "defence", holder, attack.defender, attack=attack)


def _ally_activation_modifiers(self: DataTrait, state: GameState, holder: ModelState,
                               model: ModelState) -> list[Modifier]:
    return _aura(self, "activation", holder, model)


def _grants(self: DataTrait, flag: str, holder: ModelState, other: ModelState) -> bool:
    return any(a.grants == flag and other.side == holder.side and other.id != holder.id
               and board.within(holder, other, a.within) for a in self._of(AuraSpec))


def _grants_fearless(self: DataTrait, state: GameState, holder: ModelState, other: ModelState) -> bool:
    return _grants(self, "fearless", holder, other)


def _grants_terror_immunity(self: DataTrait, state: GameState, holder: ModelState, other: ModelState) -> bool:
    return _grants(self, "terror_immune", holder, other)


def _hooks(effect: Effect) -> dict[str, Callable[..., Any]]:
    """The hook methods one effect needs."""
    spec = getattr(effect, effect.kind)
    if isinstance(spec, ModifierSpec):
        rolls: dict[str, Callable[..., Any]] = {"attack": _attack_modifiers, "defence": _defence_modifiers,
                                                "resist": _resist_modifiers, "activation": _activation_modifiers,
                                                "move": _move_bonus}
        method = rolls[spec.roll]
        return {method.__name__[1:]: method}
    if isinstance(spec, DiceSpec):
        return {"extra_dice": _extra_dice}
    if isinstance(spec, RerollSpec):
        return {"reroll_options": _reroll_options}
    if isinstance(spec, AuraSpec):
        method_: Callable[..., Any]
        if spec.grants is not None:
            method_ = _grants_fearless if spec.grants == "fearless" else _grants_terror_immunity
        else:
            allies: dict[str, Callable[..., Any]] = {"attack": _ally_attack_modifiers,
                                                     "defence": _ally_defence_modifiers,
                                                     "activation": _ally_activation_modifiers}
            method_ = allies[spec.roll or "attack"]
        return {method_.__name__[1:]: method_}
    return {}


def rule_class(t: Trait) -> type[DataTrait]:
    """A class for one data trait: its name, rule, flags and only the hooks its effects use."""
    namespace: dict[str, Any] = {"data": t, "name": t.name, "rule": t.rules[0] if t.rules else "",
                                 "__doc__": f"{t.name} ({t.origin}): {t.summary}"}
    for effect in t.effects:
        if effect.flag is not None:
            attr, value = _FLAG_ATTRS[effect.flag]
            namespace[attr] = value
        namespace.update(_hooks(effect))
    return type(f"Data_{t.id}", (DataTrait,), namespace)


def rule_object(t: Trait) -> DataTrait:
    obj = rule_class(t)()
    obj.id = t.id
    return obj


def register_shipped() -> None:
    """Register every trait of the game's own data that has no Python class (its rule is its data)."""
    for t in shipped_catalog().traits.values():
        if t.id not in TRAITS:
            TRAITS[t.id] = rule_object(t)


_MODS: dict[str, tuple[Trait, DataTrait]] = {}


def mod_rule(trait_id: str) -> DataTrait | None:
    """The rule object of a trait the mod folder adds (None for an unknown id), built once per loaded trait."""
    t = catalog().traits.get(trait_id)
    if t is None:
        return None
    known = _MODS.get(trait_id)
    if known is None or known[0] is not t:
        known = (t, rule_object(t))
        _MODS[trait_id] = known
    return known[1]
