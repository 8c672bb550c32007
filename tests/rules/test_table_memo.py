"""The state's table memo (GameState.table_memo): enemies, friends and engaged enemies ([BASE-6]) remembered while
no model changes are the answers worked out afresh, whatever moved, died or was placed since; copies never share it."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import board
from game.rules.state import KILLED, ON_TABLE, GameState, ModelState
from tests.rules.test_deploy_spots import shipped_state

STATE = shipped_state()
IDS = list(STATE.models)


def fresh_enemies(state: GameState, model: ModelState) -> list[ModelState]:
    return [m for m in state.models.values() if m.status == ON_TABLE and m.side != model.side]


def fresh_engaged(state: GameState, model: ModelState) -> list[ModelState]:
    return [e for e in fresh_enemies(state, model) if e.id != model.id and board.in_contact(model, e)]


@pytest.mark.rule("BASE-6")
@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, len(IDS) - 1), st.floats(10, 14), st.floats(10, 14), st.booleans()),
                min_size=1, max_size=10))
def test_remembered_table_answers_are_fresh_ones(changes) -> None:
    state = STATE
    for k, m in enumerate(state.models.values()):
        m.status, m.x, m.y = ON_TABLE, 2.0 + 2 * (k % 9), 4.0 + 20 * (k // 9)
    for index, x, y, dies in changes:
        for m in state.models.values():  # asked before the change: remembered
            state.enemies_of(m)
            state.friends_of(m)
            board.engaged_enemies(state, m)
        m = state.model(IDS[index])
        m.x, m.y = x, y
        if dies:
            m.status = KILLED
        for m in state.models.values():
            assert state.enemies_of(m) == fresh_enemies(state, m)
            assert state.friends_of(m) == [f for f in state.models.values()
                                           if f.status == ON_TABLE and f.side == m.side and f.id != m.id]
            assert board.engaged_enemies(state, m) == fresh_engaged(state, m)


def test_a_copy_keeps_no_memo_and_a_stand_in_model_is_asked_afresh() -> None:
    state = shipped_state()
    for k, m in enumerate(state.models.values()):
        m.status, m.x, m.y = ON_TABLE, 2.0 + 2 * (k % 9), 4.0 + 20 * (k // 9)
    a = state.model(IDS[0])
    board.engaged_enemies(state, a)
    assert "_table" in state.__dict__ and "_table" not in copy.deepcopy(state).__dict__
    assert "_table" not in state.frame().__dict__
    enemy = next(m for m in state.models.values() if m.side != a.side)
    stand_in = ModelState(a.id, a.side, a.profile, enemy.x + a.radius + enemy.radius, enemy.y)
    found = board.engaged_enemies(state, stand_in)
    assert enemy in found and found == fresh_engaged(state, stand_in) != board.engaged_enemies(state, a)
