"""The two shipped story encounters of #36, made only of scenario blocks: The Granary (the Border Feud's first
game) and The Ford Raid. Their triggers are driven into firing on a real set-up, and the AI plays each to the end
on its map."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest

from game.ai.registry import make
from game.content.maps import load_map
from game.content.party_building import load_party
from game.content.scenario_file import load_scenario
from game.rules import scenario_events, scoring
from game.rules.decision_kinds import DecisionKind
from game.rules.engine import Game
from game.rules.setup import new_game
from game.rules.state import ESCAPED, GameState
from tests.conftest import PARTIES, ROOT


def set_up(scenario: str, seed: int = 4) -> Game:
    """The scenario on its own map, Ghrim Company against the Northmen, played by the AI through the set-up."""
    enc = load_scenario(ROOT / "scenarios" / f"{scenario}.yaml")
    assert enc.map is not None
    state = new_game((load_party(PARTIES / "ghrim_company.yaml"), load_party(PARTIES / "northmen_raiding_party.yaml")),
                     load_map(ROOT / "assets" / "maps" / f"{enc.map}.yaml"), seed, scenario=enc)
    return Game(state, [make("normal", seed), make("normal", seed + 1)])


def to_turn(game: Game, turn: int) -> GameState:
    """Played until the Main Phase of ``turn`` has begun."""
    while not game.over and not (game.state.turn >= turn and game.state.phase == "main"):
        game.step()
    return game.state


def answered(state: GameState, gen: Generator[Any, Any, Any]) -> list[DecisionKind]:
    """A check run to its end, each arriving model placed at its first offered spot, facing up the table."""
    asked: list[DecisionKind] = []
    try:
        d = next(gen)
        while True:
            asked.append(d.kind)
            d = gen.send(d.context["candidates"][0] if d.kind == DecisionKind.arrive_place else 270.0)
    except StopIteration:
        return asked


def side_of_role(state: GameState, role: str) -> int:
    side = state.encounter.named_side(role)
    assert side is not None
    return side


@pytest.mark.rule("ENC-TRG-1", "ENC-TRG-2", "ENC-VAR-1", "ENC-4")
def test_the_granary_a_raider_at_a_store_burns_it_and_rings_the_bell() -> None:
    state = to_turn(set_up("the_granary"), 1)
    raider = next(m for m in state.side_models(side_of_role(state, "Raider")) if m.on_table)
    reserve = list(state.encounter.reserved)
    assert len(reserve) == 2  # the militia waits off the table
    for k, villager in enumerate(state.side_models(1 - raider.side)):  # nobody in a store's yard ...
        villager.x, villager.y = 12.0 + 2 * k, 22.0
    raider.x, raider.y = 4.0, 31.0  # ... and a Raider into the west store
    asked = answered(state, scenario_events.check(state))
    enc = state.encounter
    assert enc.variables["fires"] == 1
    assert "west_embers" in {p.id for p in state.battle_map.pieces}
    assert asked == [DecisionKind.arrive_place, DecisionKind.facing] * 2  # the bell brought the militia
    assert all(state.model(mid).on_table for mid in reserve)
    told = [e.data["text"] for e in state.log if e.kind == "StoryTold"]
    assert any("west store" in t for t in told) and any("bell" in t for t in told)
    militia = [state.model(mid) for mid in reserve]
    for k, m in enumerate(militia):  # (the militia came on far from the east yard)
        m.x, m.y = 12.0 + 2 * k, 25.0
    raider.x, raider.y = 32.0, 29.0  # and the east store: two fires win the raid at once ...
    answered(state, scenario_events.check(state))
    assert enc.variables["fires"] == 2
    win = scoring.sudden_winner(state)  # ... at the Maintenance Phase
    assert win is not None and win[0] == raider.side


@pytest.mark.rule("ENC-TRG-1", "ENC-VAR-1", "ENC-4")
def test_the_ford_raid_the_chief_getting_away_wins_and_the_river_may_flood() -> None:
    state = to_turn(set_up("the_ford_raid"), 1)
    raiders = side_of_role(state, "Raider")
    state.dice.force(2)  # the river: 1-2, the centre ford floods
    answered(state, scenario_events.fire(state, "turn_ends", 3))
    pieces = {p.id for p in state.battle_map.pieces}
    assert "flooded_ford" in pieces and "ford_centre" not in pieces
    follower = next(m for m in state.side_models(raiders) if m.on_table and not m.is_hero)
    follower.status = ESCAPED
    answered(state, scenario_events.notice_fates(state))
    assert state.encounter.variables["raiders_away"] == 1 and state.encounter.decided is None
    chief = next(m for m in state.side_models(raiders) if m.is_hero)
    chief.status = ESCAPED
    answered(state, scenario_events.notice_fates(state))
    assert state.encounter.decided is not None and state.encounter.decided[0] == raiders
    assert any("raid chief" in e.data.get("message", "") for e in state.log if e.kind == "GameDecided")


@pytest.mark.parametrize("scenario", ["the_granary", "the_ford_raid"])
def test_the_ai_plays_the_story_scenarios_to_the_end(scenario: str) -> None:
    game = set_up(scenario, seed=11)
    game.run(max_decisions=20000)
    assert game.over and game.state.result is not None
    kinds = {e.kind for e in game.state.log}
    assert "StoryTold" in kinds and "ScenarioEvent" in kinds


@pytest.mark.rule("ENC-TRG-1")
def test_the_places_an_event_waits_for_are_goals_for_the_side_it_favours() -> None:
    """The Granary's stores: entering one raises the variable the Raider's sudden win tests, so they are the
    Raider's goals (and the Villager's to guard, as the AI reads them); once a store burned it is no goal."""
    from game.ai.candidates import Appraiser
    from game.rules.scenario_triggers import goal_regions, region_centre

    state = to_turn(set_up("the_granary"), 1)
    raiders = side_of_role(state, "Raider")
    goals = goal_regions(state)
    assert sorted(r.name for _, r in goals) == ["the east store", "the south store", "the west store"]
    assert {side for side, _ in goals} == {raiders}
    for side in (0, 1):
        points = Appraiser.objective_points(state, side)
        assert all(region_centre(r) in points for _, r in goals)
    raider = next(m for m in state.side_models(raiders) if m.on_table)
    for k, villager in enumerate(state.side_models(1 - raider.side)):
        villager.x, villager.y = 12.0 + 2 * k, 22.0
    raider.x, raider.y = 4.0, 31.0
    answered(state, scenario_events.check(state))
    assert "the west store" not in {r.name for _, r in goal_regions(state)}


@pytest.mark.rule("ENC-TRG-3")
def test_the_granary_a_villager_in_the_yard_keeps_the_store_from_burning() -> None:
    state = to_turn(set_up("the_granary"), 1)
    raider = next(m for m in state.side_models(side_of_role(state, "Raider")) if m.on_table)
    villagers = state.side_models(1 - raider.side)
    for k, villager in enumerate(villagers):
        villager.x, villager.y = 12.0 + 2 * k, 22.0
    villagers[0].x, villagers[0].y = 6.0, 31.0  # in the west yard (2″ from the store)
    raider.x, raider.y = 4.0, 31.0
    answered(state, scenario_events.check(state))
    from game.rules.scenario_triggers import variable

    assert variable(state, "fires") == 0 and "west_embers" not in {p.id for p in state.battle_map.pieces}


@pytest.mark.parametrize("scenario", ["the_granary", "the_ford_raid"])
@pytest.mark.parametrize("size", [520, 900])  # the table at 1000×650 @150 %, and a large one
def test_the_objectives_labels_stand_clear_of_each_other_and_the_pieces_names(scenario: str, size: int) -> None:
    """Scoring regions, named places, exits and arrivals: every label on the table, none over another or over a
    piece's name (the yards' names sat on the stores' at first)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from game.ui import objective_marks, table_view

    pygame.init()
    state = to_turn(set_up(scenario), 1)
    surf = pygame.Surface((size, size))
    cam = table_view.Camera.fit(surf.get_rect())
    names = [pygame.Rect(b) for b in table_view.piece_name_boxes(state.battle_map, cam)]
    taken = list(names)
    font = table_view._font(table_view.table_text_px(cam.scale))
    table_view.draw_objectives(surf, state, cam, font, taken)
    objective_marks.draw_marks(surf, state, cam.to_px, cam.scale, font, table_view.SIDE_COLOURS, taken)
    labels = taken[len(names):]
    assert labels and all(surf.get_rect().contains(b) for b in labels)
    crowded = [(a, b) for i, a in enumerate(labels) for b in labels[i + 1:] + names if a.colliderect(b)]
    assert crowded == []
