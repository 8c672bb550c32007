"""A trait's rule written as data: the common shapes a modder needs, checked like every other key.

A trait's ``effects`` is a list; each entry is exactly one of:

- ``modifier``: +N/-N to one kind of roll of the holder (attack, defence, resist, activation, or the
  inches of a move), in a situation (``when``);
- ``flag``: a standing rule the engine already knows (Fearless, Terror ...);
- ``extra_dice``: dice added to the holder's attack or defence roll, in a situation;
- ``reroll``: the holder may re-roll the dice showing 1 of one kind of roll ([DICE-4]);
- ``aura``: friends within N″ get a modifier on a roll, or a flag (Fearless, immune to Terror).

The rules layer runs them (``game/rules/traits/data_traits.py``) through the same hooks as a trait
written in Python, so the exact odds, the AI, the log and the tooltips see them the same way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from game.content.maps import TABLE_SIZE
from game.content.schema import StrictModel, Text
from game.content.yaml_loader import Document, KeyPath
from game.core.errors import Problem
from game.core.ids import suggest

if TYPE_CHECKING:
    from game.content.catalog import Trait

RULE_ID = r"^[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*-\d+$"
ATTACK_ACTIONS = ("standard_attack", "furious_attack", "charge_attack", "shove", "free_strike", "sweep_strike",
                  "shield_slam", "ranged_attack", "aimed_shot")
MOVE_ACTIONS = ("walk", "run", "sneak", "charge", "disengage", "impetus")
FIGHT_ROLLS = ("attack", "defence")

Roll = Literal["attack", "defence", "resist", "activation", "move"]
Flag = Literal["fearless", "terror_immune", "causes_terror", "cannot_run", "cannot_sneak", "extra_move_action"]
Grant = Literal["fearless", "terror_immune"]

# what each flag means, for the docs and the tooltips: (rule, text)
FLAGS: dict[str, tuple[str, str]] = {
    "fearless": ("COND-7", "Fearless: only -1 under Terror"),
    "terror_immune": ("COND-5", "immune to Terror"),
    "causes_terror": ("COND-5", "causes Terror"),
    "cannot_run": ("MOVE-2", "cannot Run"),
    "cannot_sneak": ("MOVE-5", "cannot Sneak"),
    "extra_move_action": ("T-FAST-1", "two move actions in one activation, at most one a Charge"),
}


class When(StrictModel):
    """The situation an effect applies in: every key given must hold (none given: always)."""

    attack: Literal["close", "ranged"] | None = None  # the attack's kind (attack and defence rolls)
    action: list[str] | None = None  # the attack's action, or the move's (move)
    opponent_has: list[str] | None = None  # the other fighter has one of these traits
    behind: bool | None = None  # the attacker stands in the defender's back arc ([MOD-1])
    resisting: Literal["PD", "WP"] | None = None  # the attribute resisting the spell (resist)
    enemy_spell: bool | None = None  # the spell resisted is an enemy's (true) or a friend's area (false) (resist)
    wounded: bool | None = None  # the roller has taken a wound (true) or none (false)


class _Cited(StrictModel):
    text: Text | None = None  # the modifier's or option's source in the log; the trait's name if not given
    rule: str | None = Field(default=None, pattern=RULE_ID)  # one of the trait's rules; its first if not given


class ModifierSpec(_Cited):
    roll: Roll
    value: int
    when: When = When()
    replaces: str | None = Field(default=None, pattern=RULE_ID)  # the rule of a standard modifier it replaces


class DiceSpec(_Cited):
    roll: Literal["attack", "defence"]
    dice: int = Field(ge=1, le=3)
    when: When = When()


class RerollSpec(_Cited):
    roll: Literal["attack", "defence", "cast", "resist"]
    when: When = When()


class AuraSpec(_Cited):
    within: float = Field(gt=0, le=TABLE_SIZE)  # no aura reaches beyond the table
    roll: Literal["attack", "defence", "activation"] | None = None
    value: int | None = None
    when: When = When()
    grants: Grant | None = None


class Effect(StrictModel):
    """One rule of a trait: exactly one of these keys."""

    modifier: ModifierSpec | None = None
    flag: Flag | None = None
    extra_dice: DiceSpec | None = None
    reroll: RerollSpec | None = None
    aura: AuraSpec | None = None

    @property
    def kind(self) -> str:
        return next(k for k in KINDS if getattr(self, k) is not None)


KINDS = ("modifier", "flag", "extra_dice", "reroll", "aura")

# the keys of ``when`` each roll can read
_WHEN_KEYS = {"attack": ("attack", "action", "opponent_has", "behind", "wounded"),
              "defence": ("attack", "action", "opponent_has", "behind", "wounded"),
              "resist": ("resisting", "enemy_spell", "wounded"),
              "cast": ("wounded",),
              "activation": ("wounded",),
              "move": ("action", "wounded")}


def _when_problems(doc: Document, where: KeyPath, roll: str, when: When, traits: set[str]) -> list[Problem]:
    out: list[Problem] = []
    allowed = _WHEN_KEYS[roll]
    for key, value in when.model_dump().items():
        if value is not None and key not in allowed:
            out.append(doc.problem((*where, "when", key), f"'{key}' does not apply to a {roll} roll "
                                                          f"(it may read: {', '.join(allowed)})"))
    actions = MOVE_ACTIONS if roll == "move" else ATTACK_ACTIONS
    for i, action in enumerate(when.action or []):
        if action not in actions:
            out.append(doc.problem((*where, "when", "action", i), f"unknown {'move' if roll == 'move' else 'attack'} "
                                                                  f"action '{action}'{suggest(action, actions)} "
                                                                  f"(known: {', '.join(actions)})"))
    for i, other in enumerate(when.opponent_has or []):
        if other not in traits:
            out.append(doc.problem((*where, "when", "opponent_has", i), f"unknown trait '{other}'"
                                                                        f"{suggest(other, traits)}"))
    return out


def effect_problems(doc: Document, where: KeyPath, effect: Effect, trait: Trait, traits: set[str]) -> list[Problem]:
    """What the schema cannot say of one effect: exactly one kind, keys that fit its roll, names that exist,
    rules that are the trait's own. ``traits``: every known trait id."""
    given = [k for k in KINDS if getattr(effect, k) is not None]
    if len(given) != 1:
        return [doc.problem(where, f"an effect needs exactly one of {', '.join(KINDS)} "
                                   f"(found {', '.join(given) or 'none'})")]
    kind = given[0]
    spec = getattr(effect, kind)
    out: list[Problem] = []
    at = (*where, kind)
    if isinstance(spec, _Cited) and spec.rule is not None and spec.rule not in trait.rules:
        out.append(doc.problem((*at, "rule"), f"'{spec.rule}' is not one of this trait's rules "
                                              f"({', '.join(trait.rules) or 'none'})"))
    if not trait.rules:
        out.append(doc.problem(where, "a trait with effects names the rule they implement in 'rules'"))
    if isinstance(spec, ModifierSpec):
        if spec.value == 0:
            out.append(doc.problem((*at, "value"), "a modifier of 0 changes nothing"))
        out += _when_problems(doc, at, spec.roll, spec.when, traits)
    elif isinstance(spec, (DiceSpec, RerollSpec)):
        out += _when_problems(doc, at, spec.roll, spec.when, traits)
        if spec.when.enemy_spell is not None:  # a re-roll is offered knowing the roll, not whose spell it resists
            out.append(doc.problem((*at, "when", "enemy_spell"), "'enemy_spell' applies to a resist modifier only"))
    elif isinstance(spec, AuraSpec):
        if (spec.grants is None) == (spec.roll is None):
            out.append(doc.problem(at, "an aura gives friends a modifier ('roll' and 'value') or a flag "
                                       "('grants'): exactly one"))
        elif spec.roll is not None:
            if spec.value is None or spec.value == 0:
                out.append(doc.problem((*at, "value"), "an aura's modifier needs a 'value' other than 0"))
            out += _when_problems(doc, at, spec.roll, spec.when, traits)
        else:
            if spec.value is not None:
                out.append(doc.problem((*at, "value"), "'value' goes with 'roll', not with 'grants'"))
            if spec.when != When():
                out.append(doc.problem((*at, "when"), "a granted flag has no situation ('when' goes with 'roll')"))
    return out


def describe(effect: Effect) -> str:
    """One effect in words, for the docs and a tooltip (``+1 to attack rolls (close, against Undead)``)."""
    kind = effect.kind
    spec = getattr(effect, kind)
    if kind == "flag":
        return FLAGS[spec][1]
    if kind == "aura":
        what = FLAGS[spec.grants][1] if spec.grants else f"{spec.value:+d} to {spec.roll} rolls{_situation(spec.when)}"
        return f"friends within {spec.within:g}″: {what}"
    if kind == "modifier":
        unit = "″ to move actions" if spec.roll == "move" else f" to {spec.roll} rolls"
        instead = f" instead of [{spec.replaces}]" if spec.replaces else ""
        return f"{spec.value:+d}{unit}{_situation(spec.when)}{instead}"
    if kind == "extra_dice":
        return f"+{spec.dice} {'die' if spec.dice == 1 else 'dice'} on {spec.roll} rolls{_situation(spec.when)}"
    return f"re-roll the dice showing 1 on {spec.roll} rolls{_situation(spec.when)}"


def _situation(when: When) -> str:
    parts = []
    if when.attack:
        parts.append(f"{when.attack} combat" if when.attack == "close" else "ranged")
    if when.action:
        parts.append(" or ".join(a.replace("_", " ") for a in when.action))
    if when.opponent_has:
        parts.append("against " + " or ".join(t.replace("_", " ").title() for t in when.opponent_has))
    if when.behind is not None:
        parts.append("from the back arc" if when.behind else "not from the back arc")
    if when.resisting:
        parts.append(f"resisting with {when.resisting}")
    if when.enemy_spell is not None:
        parts.append("against enemy spells" if when.enemy_spell else "against friendly spells")
    if when.wounded is not None:
        parts.append("once wounded" if when.wounded else "while unwounded")
    return f" ({', '.join(parts)})" if parts else ""
