"""Terror's source ([COND-5], [MOD-14]) is remembered in the table memo while no model changes: on the tables of a
seeded game of the 9-model parties (the Hollow Court's Undead cause Terror) it is the answer worked out afresh, and
stays so after models move, die or gain and lose conditions; a model of the caller's own making is asked afresh."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.simulate import Setup, _content
from game.ai.tactical import Tactical
from game.rules import conditions
from game.rules.conditions import STUNNED, terror_source
from game.rules.conditions import _terror_source as fresh
from game.rules.deployment import AutoDeploy
from game.rules.engine import Game
from game.rules.setup import new_game
from game.rules.state import KILLED, MODEL_CHANGES, GameState, ModelState

PARTIES = ("order_of_the_grey_lance", "hollow_court")


def assert_remembered_is_fresh(state) -> int:
    sources = 0
    for m in state.models.values():
        first = terror_source(state, m)
        assert first is fresh(state, m) and terror_source(state, m) is first  # the second from the memo
        sources += first is not None
    return sources


class Checking(Tactical):
    def __init__(self, seed: int, tables: list):
        super().__init__(seed, "normal", strict=True)
        self.tables = tables

    def on_nominate(self, state, d):
        self.tables.append(assert_remembered_is_fresh(state))
        return super().on_nominate(state, d)


def seeded_game(seed: int) -> tuple[GameState, list[int]]:
    loaded, field, scenario = _content(Setup(PARTIES, ("normal", "normal"), "village_ruins", "engagement"))
    state = new_game((loaded[0], loaded[1]), field, seed, scenario=scenario)
    tables: list[int] = []
    Game(state, [AutoDeploy(Checking(seed * 2 + 1 + s, tables)) for s in (0, 1)]).run()
    return state, tables


@pytest.mark.rule("COND-5", "MOD-14")
def test_on_a_seeded_game_the_remembered_source_is_the_fresh_one() -> None:
    _, tables = seeded_game(3)
    assert tables and any(tables)  # Terror was near on some table


@cache
def played_state() -> GameState:
    """The end of seeded game 5, shared by the tests below: played once per process, and only in a process that
    runs one of them (not at collection, which every worker pays)."""
    state = seeded_game(5)[0]
    assert list(state.models) == IDS
    return state


def _model_ids(seed: int) -> list[str]:
    loaded, field, scenario = _content(Setup(PARTIES, ("normal", "normal"), "village_ruins", "engagement"))
    return list(new_game((loaded[0], loaded[1]), field, seed, scenario=scenario).models)


IDS = _model_ids(5)  # the models of the game, known before it is played


@pytest.mark.rule("COND-5")
@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, len(IDS) - 1), st.floats(2, 22), st.floats(2, 22), st.booleans(),
                          st.sampled_from(["move", "kill", "stun", "lift"])), min_size=1, max_size=8))
def test_after_any_change_the_remembered_source_is_the_fresh_one(changes) -> None:
    state = played_state()
    for k, m in enumerate(state.models.values()):  # all on the table, close enough for Terror to reach
        m.status, m.x, m.y = "table", 3.0 + 2.5 * (k % 9), 6.0 + 5 * (k // 9)
    for index, x, y, _, what in changes:
        assert_remembered_is_fresh(state)
        m = state.model(IDS[index])
        if what == "move":
            m.x, m.y = x, y
        elif what == "kill":
            m.status = KILLED
        elif what == "stun":
            before = MODEL_CHANGES[0]
            STUNNED.put(m)
            assert MODEL_CHANGES[0] != before  # a condition put is a change of the model
        else:
            before, held = MODEL_CHANGES[0], STUNNED.on(m)
            STUNNED.lift(m)
            assert (MODEL_CHANGES[0] != before) == held  # a lift changes the model only if it was under it
        assert_remembered_is_fresh(state)


def test_a_stand_in_model_is_asked_afresh() -> None:
    state = played_state()
    causer = next(m for m in state.models.values() if conditions.causes_terror(m))
    victim = next(m for m in state.models.values() if m.side != causer.side)
    for m in state.models.values():
        m.status = "table" if m in (causer, victim) else KILLED
    causer.x, causer.y, victim.x, victim.y = 10.0, 10.0, 30.0, 30.0
    assert terror_source(state, victim) is None  # remembered for the real model
    stand_in = ModelState(victim.id, victim.side, victim.profile, 10.0 + causer.radius + victim.radius + 1, 10.0)
    assert terror_source(state, stand_in) is causer is fresh(state, stand_in)
    assert terror_source(state, victim) is None
