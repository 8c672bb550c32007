"""Objectives a modder places: round scoring regions and markers standing at fixed points ([ENC-4], [ENC-SAL-1])."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli import main
from game.content.maps import BattleMap
from game.content.scenario_file import load_scenario
from game.core.errors import ContentError
from game.rules import scoring
from game.rules.engine import Game
from game.rules.setup import new_game
from tests.rules.encounter_harness import parties
from tests.rules.harness import square

HILL = """format: iron-honor/scenario@1
name: Hold the Hill
deployment:
  edge_chosen_by: lower
  first: lower
  zones:
    lower: {edge: chosen, depth: 9}
    higher: {edge: opposite, depth: 9}
markers:
  name: cache
  at: [[18, 12], [18, 24]]
scoring:
  - kind: control
    name: the hill
    targets: {regions: [{name: the hill, circle: {centre: [18, 18], diameter: 8}}]}
    count: {inside: true}
    points: 2
  - kind: secure
    when: end
    targets: {markers: true}
    points: 1
duration: {turns: 6}
victory: {by: score, ties: draw}
"""


def scenario_file(tmp_path: Path, text: str = HILL) -> Path:
    path = tmp_path / "hill.yaml"
    path.write_text(text)
    return path


def started(tmp_path: Path, battle_map: BattleMap | None = None) -> Game:
    state = new_game(parties(), battle_map or BattleMap("open", ()), 7, scenario=load_scenario(scenario_file(tmp_path)))
    state.dice.force(6, 1)
    return Game(state, [])  # the set-up runs to its first decision: the edge


@pytest.mark.rule("ENC-SAL-1")
def test_markers_at_fixed_points_stand_there_without_a_decision(tmp_path: Path) -> None:
    game = started(tmp_path)
    markers = game.state.encounter.markers
    assert [(m.id, m.x, m.y, m.placed_by) for m in markers] == [("M1", 18, 12, None), ("M2", 18, 24, None)]
    assert game.pending.kind == "choose_edge"
    assert [e.text for e in game.state.log if e.kind == "MarkerPlaced"] == ["cache M1 stands at (18, 12)",
                                                                            "cache M2 stands at (18, 24)"]


@pytest.mark.rule("ENC-SAL-1")
def test_a_fixed_marker_no_model_could_touch_is_a_fault_of_the_scenario_on_that_map(tmp_path: Path, capsys) -> None:
    game = started(tmp_path, BattleMap("rock", (square("rock", "impassable", 16, 10, 20, 14),)))
    assert [m.id for m in game.state.encounter.markers] == ["M2"]
    [fault] = [e for e in game.state.log if e.data.get("fault")]
    assert fault.text == "cache M1 cannot stand at (18, 12): the marker would lie on impassable terrain (Rock)"
    assert fault.data["fault"] == "markers"


@pytest.mark.rule("ENC-4")
def test_a_round_region_counts_whole_bases_inside_and_measures_to_its_edge(tmp_path: Path) -> None:
    game = started(tmp_path)
    state = game.state
    [target] = scoring.targets(state, state.encounter.scenario.scoring[0])
    assert (target.kind, target.ref) == ("circle", (18.0, 18.0, 4.0))
    model = state.model("A1")
    r = model.radius
    entry = state.encounter.scenario.scoring[0]
    model.x, model.y = 18 + 4 - r, 18  # touching the circle from inside: wholly in
    assert scoring.counts_for(state, entry, target, model)
    model.x += 0.01  # its rim over the edge: not wholly inside
    assert not scoring.counts_for(state, entry, target, model)
    model.x, model.y = 18, 18 + 4 + r + 1.5  # 1.5″ from the edge of the circle
    assert scoring.distance_to(state, model, target) == pytest.approx(1.5)


def test_a_region_and_markers_need_exactly_one_form(tmp_path: Path) -> None:
    both = HILL.replace("circle: {centre: [18, 18], diameter: 8}",
                        "circle: {centre: [18, 18], diameter: 8}, polygon: [[1, 1], [3, 1], [3, 3]]")
    both = both.replace("  at: [[18, 12], [18, 24]]", "  at: [[18, 12], [40, 24]]\n  per_side: 1")
    with pytest.raises(ContentError) as caught:
        load_scenario(scenario_file(tmp_path, both))
    messages = {p.where: p.message for p in caught.value.problems}
    assert "exactly one of 'per_side'" in messages["markers"]
    assert "exactly one of 'polygon' or 'circle'" in messages["scoring[0].targets.regions[0]"]


def test_validate_plays_the_fixed_markers_on_every_map(tmp_path: Path, monkeypatch, capsys) -> None:
    mods = tmp_path / "mods"
    (mods / "maps").mkdir(parents=True)
    (mods / "maps" / "rock.yaml").write_text("format: iron-honor/map@1\nname: Rock\nterrain:\n"
                                             "  - {id: rock, kind: impassable, style: rocks, "
                                             "polygon: [[16, 10], [20, 10], [20, 14], [16, 14]]}\n")
    monkeypatch.setenv("IRON_HONOR_MODS", str(mods))
    assert main(["validate", str(scenario_file(tmp_path))]) == 1
    out = capsys.readouterr().out
    assert "hill.yaml:9: markers: on the map 'Rock'" in out and "cache M1 cannot stand at (18, 12)" in out


RAID = """format: iron-honor/scenario@1
name: The Raid
roles: {higher: Raider, lower: Defender}
deployment:
  first: lower
  zones:
    lower: {polygon: [[0, 30], [36, 30], [36, 36], [0, 36]]}
    higher: {edge: top, depth: 6}
escape: {edge: enemy, side: Raider}
scoring:
  - {kind: kills, side: defender}
  - {kind: escapes, side: Raider, values: {hero: 5, companion: 3, follower: 2}}
duration: {turns: 6}
victory: {by: score, ties: draw}
"""


@pytest.mark.rule("ENC-BRK-2", "ENC-4")
def test_escapes_and_scoring_may_belong_to_one_side_named_by_its_role(tmp_path: Path) -> None:
    from game.rules import encounter
    from game.rules.state import ESCAPED, KILLED

    state = new_game(parties(), BattleMap("open", ()), 7, scenario=load_scenario(scenario_file(tmp_path, RAID)))
    state.dice.force(6, 1)  # Red (side 0) rolls higher: the Raider
    Game(state, [])
    enc = state.encounter
    raider, defender = state.model("A2"), state.model("B2")
    assert enc.named_side("raider") == 0 and enc.named_side("Defender") == 1
    # the Defender's zone is drawn: its edge is the table edge nearest the zone, so the Raider's goal is the bottom
    assert encounter.escape_edges(state, raider) == ["bottom"]
    assert encounter.escape_edges(state, defender) == []  # the Defender may not escape
    raider.status, defender.status = ESCAPED, KILLED
    state.model("A3").status = KILLED
    assert scoring.standing(state, 0) == 2  # the Raider: its escaped follower, no kill points
    assert scoring.standing(state, 1) == 1  # the Defender: its kill, no escape points
    assert scoring.breakdown(state, 0) == [("Red Spear escaped (follower)", 2)]


def test_a_side_that_names_no_side_is_refused_with_the_known_names(tmp_path: Path) -> None:
    with pytest.raises(ContentError) as caught:
        load_scenario(scenario_file(tmp_path, RAID.replace("side: Raider}", "side: Raiders}")))
    [problem] = caught.value.problems
    assert (problem.where, problem.message) == ("escape.side", "unknown side 'Raiders' (known: higher, lower, "
                                                               "Raider, Defender)")


EVENTS = """format: iron-honor/scenario@1
name: The Relief
roles: {higher: Attacker, lower: Defender}
deployment:
  first: lower
  zones:
    lower: {edge: bottom, depth: 6}
    higher: {edge: top, depth: 6}
reserves:
  - {side: Defender, count: 1}
scoring:
  - {kind: kills}
  - {kind: control, name: the bridge, targets: {regions: [{name: the bridge, circle: {centre: [18, 18], diameter: 6}}]},
     count: {inside: true}, points: 2, active: false}
events:
  - name: The relief column arrives
    when: {turn_starts: 2}
    do:
      - reinforcements: {side: Defender, edge: own, within: 3}
      - scoring_on: the bridge
      - remove_piece: barricade
  - name: First blood
    when: {model_killed: Attacker}
    do:
      - add_piece: {id: rubble_heap, kind: rough, style: rubble, circle: {centre: [6, 6], diameter: 2}}
      - end_game: true
duration: {turns: 6}
victory: {by: score, ties: draw}
"""


@pytest.mark.rule("ENC-4")
def test_events_bring_reinforcements_switch_scoring_change_terrain_and_end_the_game(tmp_path: Path) -> None:
    from game.rules import combat
    from game.rules.deployment import AutoDeploy
    from game.rules.state import RESERVE
    from tests.rules.encounter_harness import Policy

    policy = AutoDeploy(Policy({}))  # set-up and the reinforcement's place by the set-up helper
    barricade = square("barricade", "obstacle", 10, 17, 12, 19)
    state = new_game(parties(), BattleMap("bridge", (barricade,)), 7,
                     scenario=load_scenario(scenario_file(tmp_path, EVENTS)))
    state.dice.force(6, 1)  # Red (side 0) is higher: the Attacker; Blue defends
    game = Game(state, [policy, policy])
    while state.turn == 1 and not game.over:
        game.step()
    held = state.model("B3")
    assert held.id in state.encounter.reserved
    assert [e.kind for e in state.log if e.kind == "HeldInReserve"] == ["HeldInReserve"]
    while not any(e.kind == "ReinforcementArrives" for e in state.log):
        game.step()
    texts = [e.text for e in state.log if e.data.get("cite")]
    cite = "hill.yaml:16 (events[0])"
    assert texts[0] == f"The relief column arrives ({cite})"
    assert texts[1] == f"Blue Club arrives at (18.0, 33.5) ({cite}, effect 1)"
    assert held.on_table and held.status != RESERVE
    assert len(state.bag) == 5  # six dice for six models on the table, one already drawn
    texts = [e.text for e in state.log if e.data.get("cite")]
    assert f"Scoring 'the bridge' is on ({cite}, effect 2)" in texts
    assert f"Barricade is removed from the table ({cite}, effect 3)" in texts
    assert "barricade" not in {p.id for p in state.battle_map.pieces}
    # a kill of the Attacker's fires the second event: a piece is added and the game ends after this turn
    combat.kill(state, state.model("A2"), "killed", "CAS-1")
    while not game.over:
        game.step()
    kinds = [e.kind for e in state.log]
    assert "PieceAdded" in kinds and "GameEnding" in kinds
    assert state.turn == 2 and kinds[-1] == "GameOver"
    assert "rubble_heap" in {p.id for p in state.battle_map.pieces}


def test_an_event_naming_what_does_not_exist_is_refused(tmp_path: Path) -> None:
    bad = EVENTS.replace("scoring_on: the bridge", "scoring_on: the brigde").replace(
        "reinforcements: {side: Defender, edge: own", "reinforcements: {side: Attacker, edge: own")
    with pytest.raises(ContentError) as caught:
        load_scenario(scenario_file(tmp_path, bad))
    messages = {p.where: p.message for p in caught.value.problems}
    assert messages["events[0].do[1].scoring_on"].startswith("no scoring entry is named 'the brigde'")
    assert messages["events[0].do[0].reinforcements.side"] == "'Attacker' holds no models back: add a 'reserves' entry"


HOLD = """format: iron-honor/scenario@1
name: Hold the Bridge
deployment:
  first: lower
  zones:
    lower: {edge: bottom, depth: 6}
    higher: {edge: top, depth: 6}
scoring:
  - {kind: kills}
  - {kind: control, name: the bridge, targets: {regions: [{name: the bridge, circle: {centre: [18, 18], diameter: 8}}]},
     count: {inside: true}, points: 2}
duration: {turns: 6}
victory:
  by: score
  sudden:
    - {hold: {entry: the bridge, turns: 2}, side: higher}
    - {first_to: 30}
"""


@pytest.mark.rule("ENC-4")
def test_a_sudden_win_ends_the_game_at_once_whatever_the_score(tmp_path: Path) -> None:
    from tests.rules.encounter_harness import Policy

    goal = {"A1": lambda s: (18.0, 18.0)}  # Red's hero walks onto the bridge and stays
    state = new_game(parties(), BattleMap("open", ()), 7, scenario=load_scenario(scenario_file(tmp_path, HOLD)))
    state.dice.force(6, 1)  # Red is higher: only Red may win by holding the bridge
    places = {"A1": (18, 5), "A2": (10, 2), "A3": (26, 2), "B1": (6, 34), "B2": (10, 34), "B3": (30, 34)}
    policy = Policy(places, goals=goal, run=True)
    game = Game(state, [policy, policy])
    game.run()
    assert state.encounter.held["the bridge"] == [0, 2]
    assert state.turn < 6 and state.winner == 0
    assert state.sides[0].score == 4  # 2 ExP a turn: far from 30, and Blue could not stop it
    [victory] = [e for e in state.log if e.kind == "Victory"]
    assert victory.text == "Red wins at once: it held the bridge for 2 turns in a row"


def test_a_sudden_win_must_name_one_condition_and_a_control_entry(tmp_path: Path) -> None:
    bad = HOLD.replace("{hold: {entry: the bridge, turns: 2}, side: higher}",
                       "{hold: {entry: the ford, turns: 2}, first_to: 3}")
    with pytest.raises(ContentError) as caught:
        load_scenario(scenario_file(tmp_path, bad))
    messages = {p.where: p.message for p in caught.value.problems}
    assert messages["victory.sudden[0]"].startswith("a sudden win needs exactly one of")
    assert messages["victory.sudden[0].hold.entry"].startswith("no control scoring entry is named 'the ford'")


WELL = """format: iron-honor/scenario@1
name: The Well
map: village_ruins
deployment:
  edge_chosen_by: lower
  first: lower
  zones:
    lower: {edge: chosen, depth: 9}
    higher: {edge: opposite, depth: 9}
scoring:
  - {kind: control, name: the well, targets: {piece: well}, count: {within: 3}, points: 1}
events:
  - {when: {turn_ends: 2}, do: [{remove_piece: chapel}]}
duration: {turns: 3}
"""


@pytest.mark.rule("ENC-4")
def test_a_scenario_made_for_a_map_targets_its_pieces_and_validate_checks_them(tmp_path: Path, capsys) -> None:
    path = scenario_file(tmp_path, WELL)
    assert main(["validate", str(path)]) == 1  # the map has no 'chapel' piece: found before a game
    out = capsys.readouterr().out
    assert "hill.yaml:13: events[0].do[0].remove_piece: no piece 'chapel' on the map 'Village Ruins'" in out
    path.write_text(WELL.replace("remove_piece: chapel", "remove_piece: l_house"))
    assert main(["validate", str(path)]) == 0
    scenario = load_scenario(path)
    from game.content.library import lookup

    state = new_game(parties(), lookup("maps", "village_ruins").value, 7, scenario=scenario)
    assert [t.key for t in scoring.targets(state, scenario.scoring[0])] == ["well"]
    other = new_game(parties(), BattleMap("open", ()), 7, scenario=scenario)  # played on another map: said
    [missing] = [e for e in other.log if e.kind == "PieceMissing"]
    assert missing.data["fault"] == "scoring" and "it was made for village_ruins" in missing.text
    assert scoring.targets(other, scenario.scoring[0]) == []
