"""The AI declares the actions [SEQ-2] now offers (Escape after a move, Clear weapon after a shot) only where
they can plausibly resolve: walk then escape at the edge, yes; a Clear weapon with nothing jammed, no."""

from __future__ import annotations

from typing import Any

import pytest

from game.ai.futile import futile
from game.ai.registry import make
from game.rules import turn
from game.rules.state import ESCAPED, GameState, ModelState
from tests.rules.harness import events, figure, table
from tests.rules.test_plans import breakthrough


def activate(state: GameState, model: ModelState, ai: Any) -> list[str]:
    """One activation answered by ``ai``; the plan it declared (or the actions it chose one at a time)."""
    gen = turn.activate(state, model)
    try:
        d = next(gen)
        while True:
            d = gen.send(d.validate(ai.decide(state, d)))
    except StopIteration:
        pass
    return [e.data["action"] for e in events(state, "ActionStarted") if e.data["model"] == model.id]


def lone_escaper(gap: float) -> tuple[GameState, ModelState]:
    state = breakthrough()
    for e in state.side_models(1):  # the enemy far away at the bottom: nothing to shoot, charge or fear
        e.x, e.y = 3 + 3 * int(e.id[1]), 33
    for f in state.side_models(0):
        f.x, f.y = 3 + 3 * int(f.id[1]), 25
    a2 = state.model("A2")
    a2.x, a2.y = 30, a2.radius + gap
    return state, a2


@pytest.mark.rule("SEQ-2", "ENC-BRK-2")
@pytest.mark.parametrize("level", ["hard", "normal"])
@pytest.mark.parametrize("upfront", [True, False])
def test_the_ai_walks_to_the_edge_and_escapes_in_one_activation(level: str, upfront: bool) -> None:
    state, a2 = lone_escaper(5)
    state.settings.declare_plan_upfront = upfront
    state.dice.force(3)  # 2 AP
    done = activate(state, a2, make(level, 3))
    assert done in (["walk", "escape"], ["run", "escape"]) and a2.status == ESCAPED
    assert not events(state, "ActionSkipped")


@pytest.mark.rule("SEQ-2", "ENC-BRK-2")
@pytest.mark.parametrize("level", ["hard", "normal", "easy"])
def test_the_ai_declares_no_escape_its_moves_cannot_reach(level: str) -> None:
    for seed in range(4):
        state, a2 = lone_escaper(9.5)  # a run is 9″: short of the edge
        state.dice.force(3)
        done = activate(state, a2, make(level, seed))
        assert "escape" not in done, (seed, done)


@pytest.mark.rule("SEQ-2", "SPEC-4")
@pytest.mark.parametrize("level", ["hard", "normal", "easy"])
def test_the_ai_clears_a_weapon_only_when_one_is_jammed(level: str) -> None:
    for seed in range(4):
        state = table((0, figure("Gunner", weapons=[("Pistol", "1h_ranged_bp"), ("Knife", "1h_edged")]), 10, 10, 0),
                      (1, figure("Target"), 17, 10, 180))
        m = state.model("A1")
        state.dice.force(6, 5, 4, 1, 2)  # 3 AP; the shot does not misfire
        done = activate(state, m, make(level, seed))
        assert "clear_weapon" not in done, (seed, done)
    state = table((0, figure("Gunner", weapons=[("Pistol", "1h_ranged_bp"), ("Knife", "1h_edged")]), 10, 10, 0),
                  (1, figure("Target"), 17, 10, 180))
    state.model("A1").jammed = (*state.model("A1").jammed, 0)
    assert futile(state, state.model("A1"), ["clear_weapon", "ranged_attack"]) == 0
    assert futile(state, state.model("A1"), ["clear_weapon", "ranged_attack", "clear_weapon"]) == 1
