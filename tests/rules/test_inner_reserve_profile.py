"""The profile an Inner Reserve question carries: combat.with_inner_reserve derives from the plain profile (made
before the Fate declarations) exactly what combat.attack_profile makes after them, for every registered trait
and condition on every role, with the Fate spent in between ([FATE-5], [FATE-7])."""

from __future__ import annotations

import random

import pytest

from game.rules import combat
from game.rules.state import GameState
from tests.rules.attack_differential import ROLES, condition_ids, situation, trait_ids

HOOKS = [("trait", t) for t in trait_ids()] + [("condition", c) for c in condition_ids()]


def _spend(state: GameState, side: int) -> None:
    """What fate.inner_reserve does to the table on "spend" (the log aside)."""
    state.sides[side].fate -= 1
    state.fate_used.append(side)


@pytest.mark.rule("FATE-5", "FATE-7")
@pytest.mark.parametrize(("kind", "name"), HOOKS, ids=[f"{k}:{n}" for k, n in HOOKS])
def test_derived_profile_is_the_profile(kind: str, name: str) -> None:
    rng = random.Random(f"inner reserve {kind} {name}")
    for i in range(24):
        role = ROLES[i % len(ROLES)]
        sit = situation(rng, [(name, role)] if kind == "trait" else [], [(name, role)] if kind == "condition" else [])
        state, attack = sit.state, sit.attack
        a_extra, d_extra = (int(x) for x in sit.inner_reserve)
        plain = combat.attack_profile(state, attack)
        assert combat.with_inner_reserve(state, attack, plain) == plain
        if a_extra:
            _spend(state, attack.attacker.side)
            plain = combat.with_inner_reserve(state, attack, plain)  # as resolve_attack asks the defender
            assert plain == combat.attack_profile(state, attack), sit.label
        if d_extra:
            _spend(state, attack.defender.side)
        derived = combat.with_inner_reserve(state, attack, plain, a_extra, d_extra)
        assert derived == combat.attack_profile(state, attack, a_extra, d_extra), sit.label
