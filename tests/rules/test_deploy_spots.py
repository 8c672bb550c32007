"""Deployment spots ([ENC-2], [ENC-3]): the spots offered, worked out once per map and zone and thinned by the bases
placed since, are exactly the grid spots ``placement_problem`` accepts, however the bases stand."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.content.library import resolve
from game.content.maps import load_map
from game.content.party_building import load_party
from game.content.scenario_file import load_scenario
from game.rules import board
from game.rules.deployment import deploy_candidates, grid, placement_problem
from game.rules.encounter import ZoneShape
from game.rules.setup import new_game
from game.rules.state import ON_TABLE, UNDEPLOYED, GameState


def shipped_state() -> GameState:
    parties = tuple(load_party(resolve("parties", p)) for p in ("order_of_the_grey_lance", "hollow_court"))
    return new_game(parties, load_map(resolve("maps", "village_ruins")), 3,
                    scenario=load_scenario(resolve("scenarios", "engagement")))


def fresh(state: GameState, model_id: str, zone: ZoneShape) -> list[dict[str, float]]:
    """The spots as the rule reads: every grid spot (pulled inside the zone's rim) with no placement problem."""
    model = state.model(model_id)
    x0, y0, x1, y1 = zone.bounds()
    out = []
    for x, y in grid(x0, y0, x1, y1, 1.0):
        x = min(max(x, x0 + model.radius), x1 - model.radius)
        y = min(max(y, y0 + model.radius), y1 - model.radius)
        if placement_problem(state, model, zone, x, y) is None:
            out.append({"x": x, "y": y})
    return out


ZONES = [ZoneShape("top", 6.0), ZoneShape("left", 8.0),
         ZoneShape(None, 0.0, ((4.0, 4.0), (20.0, 6.0), (16.0, 18.0), (5.0, 14.0)))]
STATE = shipped_state()


@pytest.mark.rule("ENC-2", "ENC-3")
@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.floats(0.5, 35.5), st.floats(0.5, 35.5)), min_size=0, max_size=12),
       st.integers(0, len(ZONES) - 1), st.integers(0, 17))
def test_remembered_spots_are_the_spots_the_rule_accepts(places, zone_index, asker) -> None:
    state = STATE
    ids = list(state.models)
    for m in state.models.values():
        m.status, m.x, m.y = UNDEPLOYED, -1.0, -1.0
    for (x, y), model_id in zip(places, ids, strict=False):  # bases may overlap: the index takes what it is given
        m = state.model(model_id)
        m.status, m.x, m.y = ON_TABLE, x, y
    state.touch()
    board.battlefield(state)
    zone = ZONES[zone_index]
    model_id = ids[asker % len(ids)]
    assert deploy_candidates(state, state.model(model_id), zone) == fresh(state, model_id, zone)


@pytest.mark.rule("ENC-3")
def test_a_base_placed_since_takes_its_spots_away() -> None:
    state = shipped_state()
    first, second = list(state.models)[:2]
    zone = ZONES[0]
    before = deploy_candidates(state, state.model(second), zone)
    m = state.model(first)
    m.status, m.x, m.y = ON_TABLE, before[10]["x"], before[10]["y"]
    state.touch()
    after = deploy_candidates(state, state.model(second), zone)
    assert before[10] not in after and len(after) < len(before)
    assert after == fresh(state, second, zone)
