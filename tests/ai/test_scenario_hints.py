"""A scenario's ``ai:`` block (game.ai.scenario_hints): hold keeps a side's models in a region (and brings them
back), avoid keeps them out of one, hunt makes a named model the preferred target, caution weighs the side's
own losses; each test also plays the same position without the hint, where the AI does otherwise."""

from __future__ import annotations

import math
from dataclasses import replace

from game.ai import candidates, scenario_hints
from game.ai.difficulty import HARD, NORMAL
from game.ai.tactical import Tactical
from game.content.scenario_file import load_scenario, parse_scenario
from game.rules.decisions import Decision
from game.rules.encounter import start_encounter
from game.rules.scenario_triggers import in_region
from game.rules.state import GameState
from tests.content.test_scenario_ai_hints import BASE as HINTS_BASE
from tests.content.test_scenario_ai_hints import THE_HOLD
from tests.rules.harness import figure, table

BOTH = replace(NORMAL, targets_weighed=2)  # normal weighing both enemies it may charge (it weighs the nearest alone)

# the content tests' scenario with a bog beside the knoll (a region to avoid)
BOG = "  - {name: the bog, polygon: [[8, 14], [28, 14], [28, 17], [8, 17]]}\n"
BASE = HINTS_BASE.replace("regions:\n", "regions:\n" + BOG)


def hinted(ai: str, *placements: tuple[int, object, float, float, float]) -> GameState:
    """A hand-set table (side 0 the Attacker, side 1 the Holder) under BASE with the ``ai:`` block given."""
    state = table(*placements)  # type: ignore[arg-type]
    spots = {m.id: (m.x, m.y) for m in state.models.values()}
    start_encounter(state, parse_scenario(BASE + ai, "hints.yaml"))
    for mid, (x, y) in spots.items():
        state.model(mid).x, state.model(mid).y = x, y
    state.encounter.higher = 0
    state.encounter.deployed = True
    state.touch()
    return state


def knoll(state: GameState):
    return next(r for r in state.encounter.scenario.regions if r.name == "the knoll")


def test_hold_keeps_a_model_in_the_region_instead_of_charging_out() -> None:
    placements = ((0, figure("Raider"), 18, 15.5, 90), (1, figure("Guard"), 18, 21, 270))
    plain = hinted("", *placements)
    _, chase = candidates.best(candidates.Appraiser(NORMAL), plain, plain.model("B1"))
    assert chase.kind == "charge"  # without the hint it leaves the knoll for the raider 5.5″ away
    held = hinted("ai: {Holder: {hold: [{name: the knoll, value: 2}]}}\n", *placements)
    guard = held.model("B1")
    assert in_region(knoll(held), guard)
    _, stay = candidates.best(candidates.Appraiser(NORMAL), held, guard)
    assert (stay.kind, stay.goal) == ("advance", (18, 21))  # it stays where it stands, on the knoll


def test_hold_brings_a_model_back_to_the_region() -> None:
    placements = ((0, figure("Raider"), 30, 8, 90), (1, figure("Guard"), 30, 26, 270))
    plain = hinted("", *placements)
    assert candidates.Appraiser(NORMAL).goal_for(plain, plain.model("B1")) == (30, 8)  # the raider
    held = hinted("ai: {Holder: {hold: [{name: the knoll, value: 2}]}}\n", *placements)
    ai = candidates.Appraiser(NORMAL)
    _, back = candidates.best(ai, held, held.model("B1"))
    assert back.kind == "advance" and back.goal == (18.0, 23.0)  # the knoll's centre
    assert ai.objective_pull(held, held.model("B1")) > ai.objective_pull(plain, plain.model("B1"))


def test_the_attacker_goes_for_the_region_it_scores_and_hunts_the_hero_on_it() -> None:
    """The Hold: the Attacker's models head for the knoll (its control scores for either side) and, of two
    Holders it can charge, go for the hero it is told to hunt."""
    scenario = load_scenario(THE_HOLD)
    assert scenario.ai["Attacker"].caution == 0.7
    placements = ((0, figure("Raider", MA=4), 18, 15, 90), (1, figure("Captain", "hero", PD=5), 15.5, 19.5, 270),
                  (1, figure("Guard", PD=3), 20.5, 19.5, 270))
    state = table(*placements)
    spots = {m.id: (m.x, m.y) for m in state.models.values()}
    start_encounter(state, scenario)
    for mid, (x, y) in spots.items():
        state.model(mid).x, state.model(mid).y = x, y
    state.encounter.higher, state.encounter.deployed = 0, True
    state.touch()
    ai = candidates.Appraiser(BOTH)
    raider = state.model("A1")
    assert ai.objective_points(state, raider.side)  # the knoll, which the Holder controls
    assert scenario_hints.hunt_factor(state, state.model("B1")) == 2.0
    assert scenario_hints.hunt_factor(state, state.model("B2")) == 1.0
    offers = {i.target: s for s, i in candidates.all_offers(ai, state, raider) if i.kind == "charge"}
    assert offers["B1"] > offers["B2"]


def test_hunt_makes_a_named_model_the_preferred_target() -> None:
    placements = ((0, figure("Raider"), 18, 9, 90), (1, figure("Tough", PD=5), 15, 13, 270),
                  (1, figure("Sentry", PD=2), 21, 13, 270))
    plain = hinted("", *placements)
    _, easy = candidates.best(candidates.Appraiser(BOTH), plain, plain.model("A1"))
    assert (easy.kind, easy.target) == ("charge", "B2")  # the Sentry is easier to hurt
    hunted = hinted("ai: {Attacker: {hunt: [{model: tough, value: 3}]}}\n", *placements)
    _, hunt = candidates.best(candidates.Appraiser(BOTH), hunted, hunted.model("A1"))
    assert (hunt.kind, hunt.target) == ("charge", "B1")  # named (case ignored): worth three times as much


def move_decision(state: GameState, mid: str, points: list[dict[str, float]]) -> Decision:
    d = Decision("move_to", state.model(mid).side, "where to?", "MOVE-1", free="point")
    d.context.update({"model": mid, "allowance": 6.0, "candidates": points})
    return d


def test_avoid_keeps_a_move_from_ending_in_the_region() -> None:
    placements = ((0, figure("Raider"), 18, 10, 90), (1, figure("Guard"), 18, 34, 270))
    points = [{"x": 18.0, "y": 16.0}, {"x": 18.0, "y": 13.5}, {"x": 24.0, "y": 12.0}]
    for ai_block, clear in (("", False), ("ai: {Attacker: {avoid: [{name: the bog}]}}\n", True)):
        state = hinted(ai_block, *placements)
        raider = Tactical(1, "normal")
        raider.intent = candidates.Intent("advance", goal=(18.0, 34.0))
        end = raider.steering.move_to(state, move_decision(state, "A1", points))
        bog = next(r for r in state.encounter.scenario.regions if r.name == "the bog")
        probe = state.model("A1")
        probe.x, probe.y = end["x"], end["y"]
        assert in_region(bog, probe) is not clear, (ai_block, end)


def test_caution_scales_the_weight_of_the_side_s_own_losses() -> None:
    placements = ((0, figure("Raider"), 18, 10, 90), (1, figure("Guard"), 18, 20, 270))
    plain = hinted("", *placements)
    bold = hinted("ai: {Holder: {caution: 0.5}}\n", *placements)
    assert scenario_hints.caution(plain, 1) == 1.0 and scenario_hints.caution(bold, 1) == 0.5
    assert scenario_hints.caution(bold, 0) == 1.0  # the other side's hints are its own
    a, b = candidates.Appraiser(HARD), candidates.Appraiser(HARD)
    assert a.danger(bold, bold.model("A1")) == 0.5 * b.danger(plain, plain.model("A1")) > 0


def test_a_played_turn_keeps_the_holder_on_the_knoll_and_walks_the_other_back() -> None:
    """Turn 1 played by two normal AIs: with the hold hint the guard on the knoll is still there and the one
    away from it ends nearer it; without, the guard walks off towards the raiders."""
    from game.rules.engine import Game

    ends = {}
    for ai_block in ("", "ai: {Holder: {hold: [{name: the knoll, value: 2}]}}\n"):
        state = hinted(ai_block, (0, figure("Raider"), 18, 12, 90), (0, figure("Rider"), 24, 12, 90),
                       (1, figure("Guard"), 18, 21, 270), (1, figure("Stray"), 30, 30, 270))
        game = Game(state, [Tactical(1, "normal"), Tactical(2, "normal")])
        while not game.over and state.turn == 1:
            game.step()
        ends[bool(ai_block)] = (in_region(knoll(state), state.model("B1")),
                                math.hypot(state.model("B2").x - 18, state.model("B2").y - 23))
    assert ends[True][0] and not ends[False][0]
    assert ends[True][1] < ends[False][1]
