"""One attack profile for the engine and the odds: the exact odds equal the frequencies of the engine's own
resolve_attack over every dice outcome, for every registered trait and condition (and pairs of them).

See tests/rules/attack_differential.py for how the engine is played over every die. Exact where the plays
stay under the budget (a Fraction for each figure), else a seeded Monte Carlo within 4.5 standard errors.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from itertools import combinations
from typing import Any

import pytest

from game.rules.attack_profile import TraitRoll, WoundSave
from game.rules.combat import Attack, AttackResult, deal_wounds
from game.rules.state import GameState, ModelState
from game.rules.traits.base import TRAITS, TraitRule
from tests.rules.attack_differential import (
    ROLES,
    Situation,
    condition_ids,
    differences,
    engine_distribution,
    situation,
    trait_ids,
)
from tests.rules.harness import figure, table
from tests.sampling import sampled

RULES = ("SEQ-1", "SEQ-6", "CC-5", "CC-6", "DICE-2", "DICE-4", "SKILL-4", "SKILL-5", "SKILL-7", "SPEC-2",
         "T-TOUGH-1", "T-HOLY-1", "T-SLAYER-1", "FATE-5", "FATE-6", "FATE-7", "FATE-8")
HOOKS = [("trait", t) for t in trait_ids()] + [("condition", c) for c in condition_ids()]
COMBAT_HOOKS = ("attack_modifiers", "defence_modifiers", "extra_dice", "ally_attack_modifiers",
                "ally_defence_modifiers",
                "reroll_options", "rerolled", "wound_saves", "extra_wounds", "after_attack", "prepare_attack",
                "gives_area", "stun_immune", "has_tough", "causes_terror", "terror_immune", "fearless",
                "grants_fearless", "grants_terror_immunity")


ACTS_AS = {  # where a hook's change shows in an attack
    "attacker": ("attack_modifiers", "extra_dice", "extra_wounds", "after_attack", "prepare_attack", "gives_area",
                 "reroll_options", "rerolled", "causes_terror", "terror_immune", "fearless"),
    "defender": ("defence_modifiers", "extra_dice", "wound_saves", "stun_immune", "has_tough", "reroll_options",
                 "rerolled", "causes_terror", "terror_immune", "fearless"),
    "attacker_friend": ("ally_attack_modifiers", "grants_fearless", "grants_terror_immunity"),
    "defender_friend": ("ally_defence_modifiers", "grants_fearless", "grants_terror_immunity"),
}


def _changes(name: str, hooks: tuple[str, ...]) -> bool:
    rule = type(TRAITS[name])
    return any(getattr(rule, h) is not getattr(TraitRule, h) for h in hooks)


def _in_combat(kind: str, name: str) -> bool:
    """A condition, or a trait whose class changes one of the hooks an attack reads."""
    return kind == "condition" or _changes(name, COMBAT_HOOKS)


def roles(kind: str, name: str) -> list[str]:
    """Where to put a hook to see it act: a condition on either fighter; a trait where its hooks act."""
    if kind == "condition":
        return ["attacker", "defender"]
    return [r for r, hooks in ACTS_AS.items() if _changes(name, hooks)] or ["attacker"]


SINGLES = [(hook, role) for hook in HOOKS for role in roles(*hook)]


def _with(rng: random.Random, hooks: list[tuple[str, str]]) -> Situation:
    traits = [(n, rng.choice(ROLES)) for k, n in hooks if k == "trait"]
    conds = [(n, rng.choice(ROLES)) for k, n in hooks if k == "condition"]
    return situation(rng, traits, conds)


def _check(sit: Situation, budget: int = 1300, samples: int = 1000) -> None:
    engine = engine_distribution(sit, budget, samples)
    wrong = differences(sit, engine)
    assert not wrong, f"{sit.label}\n" + "\n".join(wrong)


@pytest.mark.rule(*RULES)
@pytest.mark.parametrize(("hook", "role"), sampled(SINGLES, 6, lambda c: f"{c[0][0]}:{c[0][1]}@{c[1]}"))
def test_the_odds_are_the_engines_frequencies_for_every_trait_and_condition(hook: tuple[str, str], role: str) -> None:
    rng = random.Random(f"single:{hook}:{role}")
    kind, name = hook
    sit = situation(rng, [(name, role)] if kind == "trait" else [], [(name, role)] if kind == "condition" else [])
    _check(sit)


@pytest.mark.rule(*RULES)
@pytest.mark.parametrize("seed", sampled(range(12), 3))
def test_the_odds_are_the_engines_frequencies_for_sampled_pairs(seed: int) -> None:
    rng = random.Random(f"pair:{seed}")
    pair = rng.sample([h for h in HOOKS if _in_combat(*h)], 2)
    _check(_with(rng, pair))


@pytest.mark.slow
@pytest.mark.rule(*RULES)
def test_the_odds_are_the_engines_frequencies_for_every_pair() -> None:
    """Every pair of the traits an attack reads and the conditions, one random situation each."""
    hooks = [h for h in HOOKS if _in_combat(*h)]
    wrong = []
    for pair in combinations(hooks, 2):
        rng = random.Random(f"pairs:{pair}")
        sit = _with(rng, list(pair))
        found = differences(sit, engine_distribution(sit, 1200, 1200))
        if found:
            wrong.append(f"{sit.label}\n  " + "\n  ".join(found))
    assert not wrong, "\n".join(wrong)


# -- a trait the odds cannot see fails the test ---------------------------------------------------------

class _Bloodletter(TraitRule):
    """Test-only: after its attack wounded, one more wound on a 4+ — written as an after_attack generator,
    which the attack profile (and so the odds) cannot see."""

    name = "Bloodletter"
    rule = "TEST-BLOOD"

    def after_attack(self, state: GameState, attack: Attack, result: AttackResult) -> Generator[Any, Any, None]:
        d = attack.defender
        if result.wounds_dealt >= 1 and d.on_table and state.dice.d6("Bloodletter") >= 4:
            result.wounds_dealt += yield from deal_wounds(state, d, 1, attack.attacker, attack)


class _Ironhide(TraitRule):
    """Test-only: each wound ignored on a 4+ (3+ for 1 Fate), Stunned instead — a wound save in the profile."""

    name = "Ironhide"
    rule = "TEST-IRON"

    def wound_saves(self, state: GameState, model: ModelState, source: ModelState | None,
                    attack: Attack | None) -> list[WoundSave]:
        return [WoundSave(TraitRoll("Ironhide", "TEST-IRON", 4, 3, "ignore the wound"), stun_instead=True)]


def _duel(trait_id: str, on_attacker: bool) -> Situation:
    a = figure("Att", "hero", MA=4, traits=(trait_id,) if on_attacker else ())
    d = figure("Def", "hero", PD=3, traits=() if on_attacker else (trait_id,))
    state = table((0, a, 10, 10, 90), (1, d, 10, 10 + a.base_diameter, 270), fate=(2, 2))
    return Situation(state, Attack(state.model("A1"), state.model("B1"), "close", "standard_attack", 0),
                     label=f"{trait_id} on the {'attacker' if on_attacker else 'defender'}")


@pytest.mark.rule("SEQ-6")
def test_a_trait_wounding_outside_the_profile_makes_the_differential_test_fail(monkeypatch) -> None:
    """The guard works: a new wound-changing rule the odds do not see is caught, exactly."""
    for cls in (_Bloodletter, _Ironhide):
        rule = cls()
        rule.id = f"test_{cls.name.lower()}"
        monkeypatch.setitem(TRAITS, rule.id, rule)
    blood = _duel("test_bloodletter", on_attacker=True)
    engine = engine_distribution(blood, budget=100_000)
    assert engine.exact
    wrong = differences(blood, engine)
    assert any(w.startswith("wounds=2") for w in wrong), wrong  # the engine deals a second wound the odds miss
    iron = _duel("test_ironhide", on_attacker=False)  # the same kind of rule given as profile data: no difference
    engine = engine_distribution(iron, budget=100_000)
    assert engine.exact and not differences(iron, engine)
