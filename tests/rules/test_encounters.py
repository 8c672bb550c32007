"""The encounters (encounters.md [ENC-1]-[ENC-BRK-3]): set-up, deployment, roles, scoring, length and victory,
and a whole scripted game of each encounter ending with the expected scores and winner."""

from __future__ import annotations

import pytest

from game.content.maps import BattleMap
from game.content.scenario_file import load_scenario
from game.rules import board, combat, plans, readiness
from game.rules.decisions import IllegalAnswer
from game.rules.engine import Game
from game.rules.setup import new_game
from game.rules.state import ESCAPED, ON_TABLE, PRISONER
from tests.rules.encounter_harness import SCENARIOS, Policy, contact_point, parties, scripted
from tests.rules.harness import events, square

TOP = {"A1": (18, 30), "A2": (10, 30), "A3": (26, 30), "B1": (18, 6), "B2": (10, 6), "B3": (26, 6)}


def start(name: str, *dice: int, battle_map: BattleMap | None = None) -> Game:
    scenario = load_scenario(SCENARIOS / f"{name}.yaml")
    state = new_game(parties(), battle_map or BattleMap("open", ()), 7, scenario=scenario)
    state.dice.force(*dice)
    return Game(state, [])


def kill(model_id: str):
    return lambda state: combat.kill(state, state.model(model_id), "killed", "CAS-1")


# -- set-up and deployment ------------------------------------------------------------------------------

@pytest.mark.rule("ENC-1")
def test_setup_roll_adds_one_for_the_higher_wp_hero_and_rerolls_ties() -> None:
    game = start("engagement", 3, 4, 2, 5)  # 3+1 vs 4: a tie, re-rolled; 2+1 vs 5: Blue is higher
    rolls = events(game.state, "SetupRoll")
    assert [r.data["totals"] for r in rolls] == [[4, 4], [3, 5]]
    assert game.state.encounter.higher == 1 and rolls[-1].data["rule"] == "ENC-1"


@pytest.mark.rule("ENC-ENG-1", "ENC-2", "ENC-3")
def test_lower_chooses_the_edge_and_deploys_first_wholly_inside_its_zone() -> None:
    game = start("engagement", 6, 1)  # Red higher: Blue (lower) chooses
    assert game.pending.kind == "choose_edge" and game.pending.side == 1
    game.answer("left")
    assert (game.pending.kind, game.pending.side, game.pending.context["model"]) == ("deploy", 1, "B1")
    with pytest.raises(IllegalAnswer, match=r"within 9″ of the left edge \[ENC-2\]"):
        game.answer({"x": 8.9, "y": 10})  # the base pokes out of the 9″ strip
    game.answer({"x": 8.5, "y": 10})
    assert game.pending.kind == "deploy_facing"
    game.answer(0)
    with pytest.raises(IllegalAnswer, match=r"overlap B1 \[ENC-3\]"):
        game.answer({"x": 8.5, "y": 10.5})
    assert all(c["x"] <= 9 for c in game.pending.context["candidates"])
    for _ in range(2):
        game.answer(game.pending.context["candidates"][0])
        game.answer(0)
    assert game.pending.side == 0 and game.pending.context["zone"] == "within 9″ of the right edge"


@pytest.mark.rule("ENC-2", "ENC-3")
def test_a_placement_refusal_names_its_rule_once() -> None:
    """A placement's refusal may end with the rule that refuses it; the error adds the decision's rule, said once
    (it said "overlap B1 [ENC-3] [ENC-3]"); a refusal by another rule keeps both ("[ENC-2] [ENC-3]")."""
    game = start("engagement", 6, 1)
    game.answer("left")
    game.answer({"x": 8.5, "y": 10})
    game.answer(0)
    for point, tags in (({"x": 8.5, "y": 10.5}, "overlap B1 [ENC-3]"),
                        ({"x": 8.9, "y": 20}, "left edge [ENC-2] [ENC-3]")):
        with pytest.raises(IllegalAnswer) as refused:
            game.answer(point)
        text = str(refused.value)
        assert refused.value.rule == "ENC-3" and text.endswith(tags) and text.count("[ENC-3]") == 1, text


@pytest.mark.rule("ENC-3")
def test_no_base_deploys_on_impassable_terrain_or_an_obstacle() -> None:
    wall = square("wall", "obstacle", 10, 2, 20, 3)
    game = start("engagement", 6, 1, battle_map=BattleMap("walled", (wall,)))
    game.answer("top")
    with pytest.raises(IllegalAnswer, match=r"obstacle terrain \(Wall\)"):
        game.answer({"x": 15, "y": 2.5})
    assert not any(10 - 0.5 < c["x"] < 20.5 and 1.5 < c["y"] < 3.5 for c in game.pending.context["candidates"])


@pytest.mark.rule("ENC-3", "T-AMBUSH-1")
def test_ambush_models_are_held_back() -> None:
    red, blue = parties()
    from dataclasses import replace
    red = replace(red, models=(red.models[0], replace(red.models[1], traits=("ambush",)), red.models[2]))
    state = new_game((red, blue), BattleMap("open", ()), 7, scenario=load_scenario(SCENARIOS / "engagement.yaml"))
    state.dice.force(6, 1)
    game = Game(state, [Policy(TOP), Policy(TOP)])
    while state.phase == "setup":
        game.step()
    assert state.model("A2").status == "reserve" and events(state, "HeldInAmbush")
    assert events(state, "GameStarted")[0].data["bag"].count(0) == 2


# -- Engagement ------------------------------------------------------------------------------------------

@pytest.mark.rule("ENC-ENG-1", "ENC-ENG-2", "ENC-ENG-3", "ENC-5", "ENC-4", "SEQ-15")
def test_engagement_full_game() -> None:
    policy = Policy(TOP, hooks={2: kill("B1"), 3: kill("B2"), 4: kill("A3")}, maintenance_dice={6: (5,)})
    game = scripted("engagement", policy)
    s = game.state
    assert [e.data["success"] for e in events(s, "ExtraTurnRoll")] == [True]  # turn 7, and never more
    assert s.turn == 7 and [x.score for x in s.sides] == [4, 1]  # hero 3 + follower 1; follower 1
    assert s.winner == 0 and s.result == "Red wins"


@pytest.mark.rule("ENC-ENG-3")
def test_engagement_ends_after_turn_six_on_a_low_roll() -> None:
    game = scripted("engagement", Policy(TOP, maintenance_dice={6: (3,)}))
    assert game.state.turn == 6 and game.state.winner is None and game.state.result == "draw"


# -- Landmark --------------------------------------------------------------------------------------------

@pytest.mark.rule("ENC-LMK-1")
def test_the_landmark_stands_at_the_centre_and_removes_what_it_intersects() -> None:
    rocks = square("rocks", "rough", 17, 17, 20, 20)
    hedge = square("hedge", "obstacle", 2, 2, 5, 3)
    game = start("landmark", 6, 1, battle_map=BattleMap("m", (rocks, hedge)))
    ids = [p.id for p in game.state.battle_map.pieces]
    assert ids == ["hedge", "landmark"] and events(game.state, "PieceRemoved")[0].data["piece"] == "rocks"
    lm = game.state.battle_map.piece("landmark")
    assert lm.kind == "impassable" and lm.blocks_sight
    assert max(abs(p.x - 18) for p in lm.polygon) <= 1.5 + 1e-9


@pytest.mark.rule("ENC-LMK-2", "ENC-LMK-3")
def test_landmark_full_game() -> None:
    # Red's spear walks in and stays; Blue's axe walks in and stays: one each = uncontrolled;
    # Red's bow joins later and tips the count.
    goals = {"A2": lambda s: (16, 23), "B2": lambda s: (18, 13), "A3": lambda s: (21, 23) if s.turn >= 4 else (26, 30)}
    game = scripted("landmark", Policy(TOP, goals=goals))
    s = game.state
    control = [(e.turn, e.data["counts"], e.data["side"]) for e in events(s, "Control")]
    assert control[0] == (1, [0, 0], None)
    assert all(c[2] is None for c in control if c[1][0] == c[1][1])  # equal counts: nobody controls
    red_turns = sum(1 for c in control if c[2] == 0)
    blue_turns = sum(1 for c in control if c[2] == 1)
    assert [x.score for x in s.sides] == [red_turns, blue_turns] == [2, 0]
    assert s.winner == 0


# -- Rescue ----------------------------------------------------------------------------------------------

RESCUE = {"A1": (18, 5), "A2": (10, 5), "A3": (26, 5), "B1": (18, 33), "B2": (10, 33), "B3": (26, 33)}


def rescue_until_placed() -> Game:
    game = start("rescue", 6, 1)
    game.controllers = [Policy(RESCUE), Policy(RESCUE)]
    while game.pending.kind != "place_prisoner":
        game.step()
    return game


@pytest.mark.rule("ENC-RES-1", "ENC-RES-2")
def test_rescue_roles_prisoner_and_placement() -> None:
    game = rescue_until_placed()
    s = game.state
    enc = s.encounter
    assert enc.role(s, 0) == "Red (Kidnapper)" and enc.role(s, 1) == "Blue (Rescuer)"
    prisoner = s.model(enc.prisoner)
    assert prisoner.side == 1 and prisoner.profile.type == "follower" and prisoner.status == PRISONER
    assert s.encounter.chosen_edge == "top" and events(s, "EdgeChosen")[0].data["side"] == 0  # the Kidnapper
    assert game.pending.side == 0  # the Kidnapper places it
    with pytest.raises(IllegalAnswer, match=r"6″ from every table edge \[ENC-RES-2\]"):
        game.answer({"x": 5, "y": 18})
    with pytest.raises(IllegalAnswer, match=r"6″ from every other model"):
        game.answer({"x": 18, "y": 11})
    game.answer({"x": 18, "y": 18})


@pytest.mark.rule("ENC-RES-3", "SEQ-8")
def test_the_prisoner_is_neutral_blocks_movement_and_ignores_the_one_inch_rule() -> None:
    game = rescue_until_placed()
    game.answer({"x": 18, "y": 18})
    game.answer(0)
    s = game.state
    prisoner = s.model(s.encounter.prisoner)
    assert prisoner not in s.on_table() and all(prisoner not in s.enemies_of(m) for m in s.on_table())
    assert s.bag.count(1) == 2  # its die is set aside
    bf = board.battlefield(s)
    rec = bf.base(prisoner.id)
    assert rec.side == ""
    assert prisoner.id not in [r.id for r in bf.enemies_of("A1")]
    from game.geometry.paths import check_move
    s.model("A2").x, s.model("A2").y = 18, 12
    bf = board.battlefield(s)
    through = check_move(bf, "A2", [(18, 24)])
    assert any(v.rule == "MOVE-7" for v in through.violations)  # blocks movement like any base
    end = check_move(bf, "A2", [(18, 18 - 2 * prisoner.radius - 0.3)])
    assert not end.violations  # ending 0.3″ from it: the 1″ rule does not apply
    contact = check_move(bf, "A2", [(18, 18 - 2 * prisoner.radius)])
    assert not contact.violations and not contact.engaged_with and not board.is_engaged(s, prisoner)


@pytest.mark.rule("ENC-RES-4")
def test_a_kidnapper_within_three_inches_stops_the_rescue() -> None:
    goals = {m: (lambda s, m=m: contact_point(s, m, s.encounter.prisoner)) for m in ("B1", "B3")}
    goals["A2"] = lambda s: (18, 15.5)
    game = scripted("rescue", Policy(RESCUE, goals=goals, prisoner=(18, 18)))
    s = game.state
    assert events(s, "RescueBlocked") and not s.encounter.rescued
    assert s.winner == 0 and [x.score for x in s.sides] == [3, 0]  # [ENC-RES-5]: the Kidnapper wins


@pytest.mark.rule("ENC-RES-4", "ENC-RES-5")
def test_rescue_full_game() -> None:
    goals = {m: (lambda s, m=m: contact_point(s, m, s.encounter.prisoner)) for m in ("B1", "B3")}
    game = scripted("rescue", Policy(RESCUE, goals=goals, prisoner=(18, 18)))
    s = game.state
    rescued = events(s, "Rescued")[0]
    prisoner = s.model(rescued.data["model"])
    assert prisoner.status == ON_TABLE and prisoner.side == 1
    assert [e.data["model"] for e in events(s, "Activation") if e.turn > rescued.turn].count(prisoner.id) >= 1
    assert s.winner == 1 and [x.score for x in s.sides] == [0, 3] and s.result == "Blue wins"


# -- Scouting Run ----------------------------------------------------------------------------------------

@pytest.mark.rule("ENC-SCT-1", "ENC-SCT-2", "ENC-SCT-3")
def test_scouting_run_full_game() -> None:
    places = {"A1": (4.5, 31.5), "A2": (31.5, 31.5), "A3": (28, 31.5),
              "B1": (4.5, 4.5), "B2": (7, 4.5), "B3": (15, 8)}
    game = scripted("scouting_run", Policy(places))
    s = game.state
    first = [e.data for e in events(s, "Control") if e.turn == 1]
    assert [d["counts"] for d in first] == [[0, 3], [0, 0], [1, 0], [2, 0]]
    assert [x.score for x in s.sides] == [12, 6] and s.winner == 0


@pytest.mark.rule("ENC-SCT-2")
def test_a_base_counts_only_wholly_inside_a_quarter_and_six_inches_from_the_centre() -> None:
    from game.geometry.battlefield import Battlefield
    r = 0.4921
    assert Battlefield.quarter_of((4, 4), r) == 0
    assert Battlefield.quarter_of((18.2, 4), r) is None  # straddles the line
    assert Battlefield.quarter_of((14, 14), r) is None  # nearest point 5.1″ from the centre
    assert Battlefield.quarter_of((13, 13), r) == 0


# -- Salvage ---------------------------------------------------------------------------------------------

MARKERS = [(12, 12), (24, 12), (12, 24), (24, 24)]


@pytest.mark.rule("ENC-SAL-1", "ENC-SAL-2")
def test_markers_alternate_from_higher_with_their_spacing_then_lower_picks_the_edge() -> None:
    game = start("salvage", 6, 1)
    assert (game.pending.kind, game.pending.side) == ("place_marker", 0)
    with pytest.raises(IllegalAnswer, match=r"12″ from every table edge \[ENC-SAL-1\]"):
        game.answer({"x": 11, "y": 18})
    game.answer({"x": 12, "y": 12})
    assert game.pending.side == 1
    with pytest.raises(IllegalAnswer, match=r"8″ from every other marker's centre"):
        game.answer({"x": 19, "y": 12})
    for x, y in MARKERS[1:]:
        game.answer({"x": x, "y": y})
    assert (game.pending.kind, game.pending.side) == ("choose_edge", 1)


@pytest.mark.rule("ENC-ENG-1", "ENC-SAL-2", "ENC-RES-2", "ENC-3")
@pytest.mark.parametrize(("name", "chooser", "rule"), [("engagement", 1, "ENC-ENG-1"), ("rescue", 0, "ENC-RES-2")])
def test_the_edge_choice_cites_its_encounters_rule(name: str, chooser: int, rule: str) -> None:
    """Lower chooses in Engagement ([ENC-ENG-1]), the Kidnapper (higher) in Rescue ([ENC-RES-2]): the decision
    and the battle screen's reason cite the encounter's own rule, and a scenario file that names none cites
    [ENC-3]."""
    from game.rules.deployment import edge_rule
    from game.ui.battle.event_text import edge_choice_reason, setup_roll_standing

    game = start(name, 6, 1)  # Red higher
    while game.pending.kind != "choose_edge":
        game.answer(game.pending.choices()[0] if game.pending.options else game.pending.context["candidates"][0])
    assert (game.pending.side, game.pending.rule) == (chooser, rule)
    assert edge_choice_reason(game.state, chooser).endswith(f"[{rule}].")
    standing = setup_roll_standing(game.state, chooser)  # the prompt's own line: its question names the rule
    assert edge_choice_reason(game.state, chooser).startswith(standing) and "[" not in standing
    enc = game.state.encounter
    enc.scenario = enc.scenario.model_copy(update={"deployment": enc.scenario.deployment.model_copy(
        update={"rule": None})})
    assert edge_rule(game.state) == "ENC-3"


@pytest.mark.rule("ENC-SAL-1")
def test_a_marker_cannot_lie_where_no_model_could_touch_it() -> None:
    """RULING 2026-12-01: no part on impassable terrain, and some ordinary base touching it stands legally."""
    well = square("well", "impassable", 17.4, 17.4, 18.6, 18.6)
    ring = [square(f"r{i}", "impassable", *box) for i, box in enumerate(
        [(20, 13.2, 24, 14), (20, 16, 24, 16.8), (20, 14, 21, 16), (23, 14, 24, 16)])]
    game = start("salvage", 6, 1, battle_map=BattleMap("well", (well, *ring)))
    with pytest.raises(IllegalAnswer, match=r"impassable terrain \(Well\) \[ENC-SAL-1\]"):
        game.answer({"x": 18, "y": 18})
    with pytest.raises(IllegalAnswer, match=r"impassable terrain \(Well\)"):  # the marker's rim on the well
        game.answer({"x": 19, "y": 18})
    # a 2″ square hollow walled in: the marker fits, but an ordinary base cannot stand beside it
    with pytest.raises(IllegalAnswer, match=r"no model could stand in base contact with the marker there"):
        game.answer({"x": 22, "y": 15})
    assert {"x": 18.0, "y": 18.0} not in game.pending.context["candidates"]
    game.answer({"x": 18, "y": 20})  # beside the well: a base touches the marker on its open side
    assert game.state.encounter.markers[0].y == 20


@pytest.mark.rule("ENC-SAL-3", "ENC-SAL-4")
def test_salvage_full_game() -> None:
    goals = {"B2": lambda s: (12, 12), "A2": lambda s: (12, 24), "A3": lambda s: (24, 15.5) if s.turn > 1 else (26, 30),
             "B3": lambda s: (24, 12)}
    # the d6 for each recovered marker is rolled at the end: M1 (Blue) 5 -> 3 ExP, M3 (Red) 1 -> 1 ExP
    game = scripted("salvage", Policy(TOP, markers=MARKERS, goals=goals, maintenance_dice={6: (5, 1)}))
    s = game.state
    rolls = [(e.data["side"], e.data["target"], e.data["points"]) for e in events(s, "ScoreRoll")]
    assert rolls == [(1, "M1", 3), (0, "M3", 1)]  # M2: Red's bow is within 3″ of Blue's club: nobody
    assert [x.score for x in s.sides] == [1, 3] and s.winner == 1


# -- Breakthrough ----------------------------------------------------------------------------------------

@pytest.mark.rule("ENC-BRK-1", "ENC-BRK-2", "SEQ-2")
def test_escape_is_offered_at_the_goal_edge_or_after_a_move_and_not_engaged() -> None:
    game = start("breakthrough", 6, 1)
    game.controllers = [Policy(TOP), Policy(TOP)]
    while game.state.phase == "setup":
        game.step()
    s = game.state
    a2 = s.model("A2")
    legal = plans.legal_plans(s, a2, 3)
    assert ("escape",) not in legal and ("walk", "escape") in legal and ("run", "escape") in legal
    assert "goal edge" in readiness.why_not_now(s, a2, "escape").reason
    a2.x, a2.y = 10, a2.radius + 0.01  # Red's goal is Blue's edge, the top
    assert ("escape",) in plans.legal_plans(s, a2, 1) and readiness.why_not_now(s, a2, "escape") is None
    a2.y = 36 - a2.radius  # its own edge is not its goal
    assert ("escape",) not in plans.legal_plans(s, a2, 1)
    a2.y = a2.radius
    b2 = s.model("B2")
    b2.x, b2.y = 10, a2.radius * 3
    legal = plans.legal_plans(s, a2, 3)
    assert ("escape",) not in legal  # engaged
    assert ("standard_attack", "escape") in legal  # the blow may kill B2 and free it ([SEQ-2])


@pytest.mark.rule("ENC-BRK-2", "ENC-BRK-3")
def test_breakthrough_full_game() -> None:
    goals = {"A2": lambda s: (3, s.model("A2").radius)}
    game = scripted("breakthrough", Policy(TOP, goals=goals, hooks={2: kill("A1")}, run=True))
    s = game.state
    assert s.model("A2").status == ESCAPED and events(s, "Escaped")[0].data["rule"] == "ENC-BRK-2"
    assert [x.score for x in s.sides] == [1, 3] and s.winner == 1  # an escaped follower 1; a hero killed 3


# -- a side wiped out, and the seventh encounter -----------------------------------------------------------

@pytest.mark.rule("SEQ-16", "ENC-4")
def test_the_game_ends_when_a_side_is_wiped_out_and_scores_as_at_the_end() -> None:
    policy = Policy(TOP, hooks={2: lambda s: [combat.kill(s, m, "killed", "CAS-1") for m in s.on_table(0)]})
    game = scripted("engagement", policy)
    s = game.state
    assert s.turn == 2 and events(s, "SideWipedOut") and [x.score for x in s.sides] == [0, 5]


def test_a_seventh_encounter_from_yaml_plays() -> None:
    from tests.content.test_scenario_file import SEVENTH
    places = {"A1": (3, 3), "A2": (5, 2), "A3": (2, 5), "B1": (33, 33), "B2": (31, 34), "B3": (34, 31)}
    goals = {"B2": lambda s: (20, 20), "A3": lambda s: (30, 6)}
    game = scripted(str(SEVENTH), Policy(places, goals=goals, run=True, hooks={1: kill("B3")}))
    s = game.state
    assert s.turn == 4 and s.phase == "over"
    once = [e for e in events(s, "Scored") if e.data["target"] == "the hill"]
    assert [(e.data["side"], e.data["points"]) for e in once] == [(0, 2)]  # scored once only
    shrine = sum(e.data["points"] for e in events(s, "Scored") if e.data["target"] == "shrine" and e.data["side"] == 1)
    assert [x.score for x in s.sides] == [2 + 1, shrine]
