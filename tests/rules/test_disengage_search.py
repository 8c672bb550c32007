"""Whether a Disengage has somewhere to go ([MOVE-9], [SEQ-9]): ``can_disengage`` tries the sampled end points
leading away from the enemies in contact first, and answers exactly as trying them in their offered order."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import board, movement
from game.rules.state import ON_TABLE, REMOVED
from tests.rules.test_deploy_spots import shipped_state

STATE = shipped_state()
IDS = list(STATE.models)


@pytest.mark.rule("MOVE-9", "SEQ-9")
@settings(max_examples=40, deadline=None)
@given(st.floats(4, 32), st.floats(4, 32),
       st.lists(st.tuples(st.floats(0, 6.3), st.floats(0.0, 3.0)), min_size=1, max_size=12))
def test_any_free_end_answers_as_the_offered_points(x, y, others) -> None:
    state = STATE
    me = state.model(IDS[0])
    for m in state.models.values():
        m.status, m.x, m.y = REMOVED, -50.0, -50.0
    me.status, me.x, me.y = ON_TABLE, x, y
    for (angle, gap), model_id in zip(others, IDS[1:], strict=False):  # friends and foes crowding it, some touching
        m = state.model(model_id)
        reach = me.radius + m.radius + gap
        m.status, m.x, m.y = ON_TABLE, x + reach * math.cos(angle), y + reach * math.sin(angle)
    state.touch()
    bf = board.battlefield(state)
    inches, _ = movement.allowance(state, me, "disengage")
    offered = next(movement._candidates(bf, me, inches, free_end=True), None) is not None
    assert movement._any_free_end(state, bf, me, inches) == offered
