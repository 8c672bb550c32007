"""A side knows only what it has spotted ([TW-SPOT-1]): the battle screen draws only that, the log tells only
that, and the normal AI's answers do not change wherever an enemy it has not spotted stands."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.systems.thornwood import view
from game.systems.thornwood.ai import ThornwoodNormal
from game.systems.thornwood.kinds import TwDecision
from game.systems.thornwood.orders import group_action
from game.systems.thornwood.state import TwState
from tests.systems.thornwood.position import Script, position

SPOTS = st.tuples(st.floats(1.0, 35.0), st.floats(1.0, 14.0))


def order_question(state: TwState) -> tuple[Script, object]:
    run = Script(state, group_action(state, [state.figure("A2")]))
    d = run.pending
    assert d is not None and d.kind == TwDecision.tw_order
    return run, d


def answer_with_unseen_at(spot: tuple[float, float]) -> str:
    state = position({"A2": (18, 30), "B3": (18, 20), "B4": (spot[0], spot[1])}, known=["B3"],
                     markers=[(10, 18, 0)])
    _, d = order_question(state)
    assert "B4" not in str(d.options)
    return str(ThornwoodNormal(1).decide(state, d))  # type: ignore[arg-type]


@pytest.mark.rule("TW-SPOT-1")
@settings(max_examples=15, deadline=None)
@given(SPOTS)
def test_the_normal_ai_orders_the_same_wherever_an_unseen_enemy_stands(spot: tuple[float, float]) -> None:
    assert answer_with_unseen_at(spot) == answer_with_unseen_at((33.0, 3.0))


@pytest.mark.rule("TW-SPOT-1")
def test_the_screen_draws_a_side_s_own_figures_and_the_enemies_it_has_spotted() -> None:
    state = position({"A2": (18, 30), "B3": (18, 20), "B4": (5, 5)}, known=["B3"])
    assert {t.id for t in view.tokens(state, 0)} == {"A2", "B3"}
    assert {t.id for t in view.tokens(state, 1)} == {"B3", "B4"}  # side B has spotted nobody
    lines = [text for _, text in view.status(state, 0)]
    assert not any("Mud Two" in line for line in lines) and any("Mud One" in line for line in lines)


@pytest.mark.rule("TW-SPOT-1", "TW-AMB-1")
def test_an_ambush_is_shown_only_to_its_own_side() -> None:
    state = position({"A2": (18, 30), "B3": (18, 20)}, known=["B3"])
    state.figure("B3").ambush = True
    mine = {t.id: t for t in view.tokens(state, 0)}
    theirs = {t.id: t for t in view.tokens(state, 1)}
    assert "ambush" not in mine["B3"].marks and "ambush" in theirs["B3"].marks
