"""``validate`` judges sense, not only spelling (issue #36): a scenario that loads but cannot work as written is
refused with file, line, key path and a plain reason: a region, point or piece off the table, an arrival point in
impassable terrain or where no base can stand, an event at a turn the game never reaches or after the game surely
ended, a piece removed before an event adds it (or after one removed it), an objective no route reaches from a
deployment zone, an escape edge no model reaches. The sample games warn of an event that never fired.

The designer's gorge: two bridges over an impassable gorge; the Raiders must get off the far edge; the Wardens'
relief arrives at turn 3; the west bridge is cut at turn 4 and scoring switches on. Its six deliberate mistakes
(the issue) are ``test_the_designers_mistake_*``."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from game.cli import main
from game.content.validate import expand
from game.paths import ROOT, SCENARIOS_DIR

GORGE = """\
format: iron-honor/map@1
name: Test Gorge
description: A gorge across the middle, two bridges over it.
terrain:
  - {id: gorge_west, kind: impassable, style: river, blocks_los: false,
     polygon: [[0, 16], [10, 16], [10, 20], [0, 20]]}
  - {id: gorge_middle, kind: impassable, style: river, blocks_los: false,
     polygon: [[12, 16], [24, 16], [24, 20], [12, 20]]}
  - {id: gorge_east, kind: impassable, style: river, blocks_los: false,
     polygon: [[26, 16], [36, 16], [36, 20], [26, 20]]}
"""

NO_BRIDGE = GORGE.replace("Test Gorge", "No Bridge").replace("[[0, 16], [10, 16], [10, 20], [0, 20]]",
                                                             "[[0, 16], [12, 16], [12, 20], [0, 20]]") \
    .replace("[[12, 16], [24, 16], [24, 20], [12, 20]]", "[[12, 16], [26, 16], [26, 20], [12, 20]]")

YARD = """\
format: iron-honor/map@1
name: Walled Yard
description: A yard walled all round, with no gate.
terrain:
  - {id: wall_n, kind: impassable, style: wall, polygon: [[12, 12], [24, 12], [24, 13], [12, 13]]}
  - {id: wall_s, kind: impassable, style: wall, polygon: [[12, 23], [24, 23], [24, 24], [12, 24]]}
  - {id: wall_w, kind: impassable, style: wall, polygon: [[12, 13], [13, 13], [13, 23], [12, 23]]}
  - {id: wall_e, kind: impassable, style: wall, polygon: [[23, 13], [24, 13], [24, 23], [23, 23]]}
"""

RAID = """\
format: iron-honor/scenario@1
name: The Gorge Raid
map: gorge.yaml
roles: {higher: Raider, lower: Warden}
deployment:
  first: lower
  zones:
    higher: {edge: top, depth: 6}
    lower: {edge: bottom, depth: 6}
escape: {edge: enemy, side: Raider}
reserves:
  - {side: Warden, count: 2}
scoring:
  - {kind: kills}
  - {kind: escapes}
  - kind: control
    name: the east bridge
    active: false
    targets: {regions: [{name: the east bridge, circle: {centre: [25, 18], diameter: 4}}]}
    count: {within: 0}
    points: 1
events:
  - name: The wardens' relief
    when: {turn_starts: 3}
    do:
      - reinforcements: {side: Warden, at: [18, 30], within: 3}
  - name: The west bridge is cut
    when: {turn_starts: 4}
    do:
      - add_piece: {id: rubble, kind: impassable, removes_overlapping: false,
                    polygon: [[10, 16], [12, 16], [12, 20], [10, 20]]}
      - scoring_on: the east bridge
  - name: A raider gets away
    when: {model_escaped: Raider}
    do:
      - scoring_off: the east bridge
duration: {turns: 6}
victory:
  sudden:
    - {escaped: 2, side: Raider}
"""

LAST = "  - name: A raider gets away\n"


def _line(text: str, needle: str) -> int:
    """The 1-based line of the first line holding ``needle``."""
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def _validate(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> dict:
    (tmp_path / "gorge.yaml").write_text(GORGE, encoding="utf-8")
    (tmp_path / "nobridge.yaml").write_text(NO_BRIDGE, encoding="utf-8")
    (tmp_path / "yard.yaml").write_text(YARD, encoding="utf-8")
    path = tmp_path / "raid.yaml"
    path.write_text(text, encoding="utf-8")
    capsys.readouterr()
    code = main(["validate", "--json", str(path)])
    [record] = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == (1 if record["errors"] else 0)
    return record


def _refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> list[dict]:
    record = _validate(tmp_path, capsys, text)
    assert record["errors"], record
    return record["errors"]


def _one(errors: list[dict], where: str) -> dict:
    found = [e for e in errors if e["where"] == where]
    assert found, errors
    return found[0]


def test_the_gorge_as_written_is_sound(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = _validate(tmp_path, capsys, RAID)
    assert record["errors"] == [] and record["notes"] == []  # checked on the map it names


# -- the designer's six deliberate mistakes (issue #36) -------------------------------------------------------

def test_the_designers_mistake_1_a_region_off_the_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = RAID.replace("centre: [25, 18], diameter: 4", "centre: [40, 18], diameter: 4")
    e = _one(_refused(tmp_path, capsys, text), "scoring[2].targets.regions[0].circle")
    assert e["line"] == _line(text, "centre: [40, 18]")
    assert "'the east bridge'" in e["message"] and "off the 36″ table" in e["message"]


def test_the_designers_mistake_2_a_reinforcement_point_in_impassable_terrain(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = RAID.replace("at: [18, 30], within: 3", "at: [18, 18], within: 1")
    e = _one(_refused(tmp_path, capsys, text), "events[0].do[0].reinforcements.at")
    assert e["line"] == _line(text, "at: [18, 18]")
    assert e["message"] == "the arrival point (18, 18) is inside impassable terrain (Gorge middle) on the map " \
                           "'Test Gorge'"


def test_the_designers_mistake_3_a_reinforcement_point_off_the_table(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = RAID.replace("at: [18, 30], within: 3", "at: [18, 40], within: 3")
    e = _one(_refused(tmp_path, capsys, text), "events[0].do[0].reinforcements.at")
    assert e["line"] == _line(text, "at: [18, 40]")
    assert "the arrival point (18, 40) is off the 36″ table" in e["message"]


@pytest.mark.rule("ENC-ENG-3")
def test_the_designers_mistake_4_an_event_at_turn_8_of_a_6_turn_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = RAID.replace("turn_starts: 4", "turn_starts: 8")
    e = _one(_refused(tmp_path, capsys, text), "events[1].when.turn_starts")
    assert e["line"] == _line(text, "turn_starts: 8")
    assert e["message"] == "turn 8 never comes: the game lasts 6 turns, so this event never fires"
    # the extra turns the extra-turn roll allows count: turn 7 of 6 + at most 1 is fine, turn 8 is not
    longer = text.replace("duration: {turns: 6}", "duration: {turns: 6, extra_turn: {need: 4, max: 1}}")
    e = _one(_refused(tmp_path, capsys, longer), "events[1].when.turn_starts")
    assert "the game lasts 6 turns and at most 1 extra turn(s)" in e["message"]
    sound = longer.replace("turn_starts: 8", "turn_starts: 7")
    assert _validate(tmp_path, capsys, sound)["errors"] == []


def test_the_designers_mistake_5_a_piece_added_off_the_table(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    text = RAID.replace("[[10, 16], [12, 16], [12, 20], [10, 20]]", "[[10, 36], [12, 36], [12, 40], [10, 40]]")
    e = _one(_refused(tmp_path, capsys, text), "events[1].do[0].add_piece.polygon[2]")
    assert e["line"] == _line(text, "[[10, 36]")
    assert e["message"] == "point [12, 40] is off the table (x and y must be within 0..36)"
    circle = RAID.replace("polygon: [[10, 16], [12, 16], [12, 20], [10, 20]]", "circle: {centre: [35, 18], "
                                                                                "diameter: 4}")
    e = _one(_refused(tmp_path, capsys, circle), "events[1].do[0].add_piece.circle")
    assert "reaches off the 36″ table" in e["message"]


def test_the_designers_mistake_6_a_piece_removed_before_the_event_that_adds_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    repair = "  - name: The bridge is repaired\n    when: {turn_ends: 3}\n    do:\n      - remove_piece: rubble\n"
    text = RAID.replace(LAST, repair + LAST)
    e = _one(_refused(tmp_path, capsys, text), "events[2].do[0].remove_piece")
    assert e["line"] == _line(text, "remove_piece: rubble")
    assert e["message"] == ("the piece 'rubble' is not on the table yet at the end of turn 3: events[1] (The west "
                            "bridge is cut) adds it only at the start of turn 4")
    # after the cut, the repair is sound: a piece an earlier event added may be removed
    later = text.replace("when: {turn_ends: 3}", "when: {turn_ends: 5}")
    assert _validate(tmp_path, capsys, later)["errors"] == []


# -- the other refusals -----------------------------------------------------------------------------------------

def test_a_region_partly_off_the_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = RAID.replace("centre: [25, 18], diameter: 4", "centre: [35, 18], diameter: 4")
    e = _one(_refused(tmp_path, capsys, text), "scoring[2].targets.regions[0].circle")
    assert "partly off the 36″ table" in e["message"]


def test_a_reinforcement_point_where_no_base_can_stand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = RAID.replace("at: [18, 30], within: 3", "at: [10, 18], within: 0.9")  # the gorge's rim, too near
    e = _one(_refused(tmp_path, capsys, text), "events[0].do[0].reinforcements")
    assert e["message"].startswith("no base can arrive: nowhere wholly within 0.9″ of (10, 18)")
    corner = RAID.replace("at: [18, 30], within: 3", "at: [0, 0], within: 0.6")
    e = _one(_refused(tmp_path, capsys, corner), "events[0].do[0].reinforcements.within")
    assert "wholly on the table cannot also be wholly within 0.6″ of (0, 0)" in e["message"]


def test_an_arrival_edge_where_no_base_can_stand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = RAID.replace("at: [18, 30], within: 3", "edge: own, within: 0.5")
    e = _one(_refused(tmp_path, capsys, text), "events[0].do[0].reinforcements.within")
    assert "narrower than a standard 25 mm base" in e["message"]
    walled = RAID.replace("at: [18, 30], within: 3", "edge: left, within: 2").replace(
        "pieces:", "").replace("escape:", "pieces:\n  - {id: cliff, kind: impassable, polygon: [[0, 0], [3, 0], "
                                          "[3, 36], [0, 36]]}\nescape:")
    e = _one(_refused(tmp_path, capsys, walled), "events[0].do[0].reinforcements.edge")
    assert "no base can arrive within 2″ of the left edge" in e["message"]


def test_a_piece_removed_twice(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    twice = ("  - name: Repaired\n    when: {turn_ends: 4}\n    do:\n      - remove_piece: rubble\n"
             "  - name: Repaired again\n    when: {turn_ends: 5}\n    do:\n      - remove_piece: rubble\n")
    text = RAID.replace(LAST, twice + LAST)
    e = _one(_refused(tmp_path, capsys, text), "events[3].do[0].remove_piece")
    assert e["message"] == ("the piece 'rubble' is no longer on the table at the end of turn 5: events[2] "
                            "(Repaired) removed it at the end of turn 4")


def test_a_piece_added_where_one_of_that_id_stands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = RAID.replace("id: rubble", "id: gorge_west")
    e = _one(_refused(tmp_path, capsys, text), "events[1].do[0].add_piece.id")
    assert "a piece 'gorge_west' is already on the table at the start of turn 4 (on the map 'Test Gorge')" \
        in e["message"]


def test_a_scoring_switch_of_an_unknown_entry(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = RAID.replace("scoring_on: the east bridge", "scoring_on: the west bridge")
    e = _one(_refused(tmp_path, capsys, text), "events[1].do[1].scoring_on")
    assert e["line"] == _line(text, "scoring_on: the west bridge")
    assert "no scoring entry is named 'the west bridge'" in e["message"]


@pytest.mark.rule("TURN-8")
def test_a_scoring_switch_that_changes_nothing_warns(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = RAID.replace("    active: false\n", "")
    record = _validate(tmp_path, capsys, text)
    [w] = [w for w in record["warnings"] if w["where"] == "events[1].do[1].scoring_on"]
    assert w["line"] == _line(text, "scoring_on: the east bridge")
    assert w["message"] == ("'the east bridge' is already on at the start of turn 4: it starts on ('active' is true "
                            "unless set false), so this switch changes nothing (start it with 'active: false'?)")
    record = _validate(tmp_path, capsys, RAID.replace("      - scoring_on: the east bridge\n", ""))
    [w] = [w for w in record["warnings"] if w["where"] == "scoring[2].active"]
    assert w["message"] == "'the east bridge' starts off and no event switches it on ('scoring_on'): it never scores"


def test_reserves_no_event_brings_on_warn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = RAID.replace("      - reinforcements: {side: Warden, at: [18, 30], within: 3}\n",
                        "      - scoring_off: the east bridge\n")
    record = _validate(tmp_path, capsys, text)
    [w] = [w for w in record["warnings"] if w["where"] == "reserves[0]"]
    assert w["line"] == _line(text, "{side: Warden, count: 2}")
    assert w["message"] == ("no event brings Warden's reinforcements on ('reinforcements' with side: Warden): the "
                            "models it holds back never play")


def test_an_event_after_the_game_surely_ended(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    night = "  - name: Night\n    when: {turn_ends: 2}\n    do:\n      - end_game: true\n"
    errors = _refused(tmp_path, capsys, RAID.replace(LAST, night + LAST))
    e = _one(errors, "events[1].when.turn_starts")
    assert e["message"] == "this event never fires: events[2] (Night) ends the game at the end of turn 2"


def test_triggers_nothing_can_make_happen(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    e = _one(_refused(tmp_path, capsys, RAID.replace("{model_escaped: Raider}", "{rescued: true}")),
             "events[2].when.rescued")
    assert "no Prisoner" in e["message"]
    e = _one(_refused(tmp_path, capsys, RAID.replace("{model_escaped: Raider}", "{model_escaped: Warden}")),
             "events[2].when.model_escaped")
    assert "only Raider's models may escape" in e["message"]
    no_escape = RAID.replace("escape: {edge: enemy, side: Raider}\n", "").replace("  - {kind: escapes}\n", "") \
        .replace("    - {escaped: 2, side: Raider}\n", "    - {wipe_out: true}\n")
    e = _one(_refused(tmp_path, capsys, no_escape), "events[2].when.model_escaped")
    assert "no model can escape in this scenario" in e["message"]


def test_an_objective_no_route_reaches(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = RAID.replace("map: gorge.yaml", "map: yard.yaml").replace("centre: [25, 18], diameter: 4",
                                                                     "centre: [18, 18], diameter: 4")
    e = _one(_refused(tmp_path, capsys, text), "scoring[2].targets.regions[0]")
    assert e["line"] == _line(text, "centre: [18, 18]")
    assert e["message"] == ("the region 'the east bridge': no route reaches it from any deployment zone on the map "
                            "'Walled Yard': nobody can ever score it")
    inside = RAID.replace("centre: [25, 18], diameter: 4", "centre: [18, 18], diameter: 2").replace(
        "count: {within: 0}", "count: {inside: true}")  # wholly in the gorge
    e = _one(_refused(tmp_path, capsys, inside), "scoring[2].targets.regions[0]")
    assert "no standard base can stand where it counts for this objective" in e["message"]


def test_a_piece_or_fixed_marker_objective_no_route_reaches(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    yard = RAID.replace("map: gorge.yaml", "map: yard.yaml")
    shrine = yard.replace("escape:", "pieces:\n  - {id: shrine, kind: impassable, circle: {centre: [18, 18], "
                                     "diameter: 2}}\nescape:").replace(
        "targets: {regions: [{name: the east bridge, circle: {centre: [25, 18], diameter: 4}}]}",
        "targets: {piece: shrine}").replace("count: {within: 0}", "count: {within: 2}")
    e = _one(_refused(tmp_path, capsys, shrine), "scoring[2].targets.piece")
    assert e["message"].startswith("the piece 'shrine': no route reaches it from any deployment zone")
    cache = yard.replace("escape:", "markers: {name: cache, at: [[18, 18], [30, 8]]}\nescape:").replace(
        "  - kind: control\n    name: the east bridge\n    active: false\n"
        "    targets: {regions: [{name: the east bridge, circle: {centre: [25, 18], diameter: 4}}]}\n"
        "    count: {within: 0}\n    points: 1\n",
        "  - {kind: secure, name: the caches, when: end, targets: {markers: true}}\n").replace(
        "      - scoring_on: the east bridge\n", "").replace("      - scoring_off: the east bridge\n",
                                                          "      - end_game: true\n")
    errors = _refused(tmp_path, capsys, cache)
    assert [e["where"] for e in errors] == ["markers.at[0]"]  # the cache at (30, 8) is open ground
    assert errors[0]["message"].startswith("cache M1: no route reaches it from any deployment zone")


def test_an_objective_an_event_opens_is_reachable(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    gate = "  - name: The gate falls\n    when: {turn_starts: 2}\n    do:\n      - remove_piece: wall_n\n"
    text = RAID.replace("map: gorge.yaml", "map: yard.yaml").replace(
        "centre: [25, 18], diameter: 4", "centre: [18, 18], diameter: 4").replace(LAST, gate + LAST)
    assert _validate(tmp_path, capsys, text)["errors"] == []


@pytest.mark.rule("ENC-BRK-2")
def test_an_escape_edge_no_model_reaches(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = RAID.replace("map: gorge.yaml", "map: nobridge.yaml")
    e = _one(_refused(tmp_path, capsys, text), "escape.edge")
    assert e["line"] == _line(text, "escape:")
    assert e["message"] == ("the Raider (higher) can never reach its escape edge from its deployment zone on the "
                            "map 'No Bridge': no route leads there")
    # an event that opens a way (the gorge filled in at turn 2) makes it reachable
    fill = "  - name: The gorge is filled\n    when: {turn_starts: 2}\n    do:\n      - remove_piece: gorge_west\n"
    assert _validate(tmp_path, capsys, text.replace(LAST, fill + LAST))["errors"] == []


def test_an_escape_edge_some_edge_choices_cut_off_is_a_warning(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "wall.yaml").write_text(YARD.replace("Walled Yard", "The Wall").split("terrain:")[0] + (
        "terrain:\n  - {id: wall, kind: impassable, style: wall, polygon: [[17, 0], [19, 0], [19, 36], [17, 36]]}\n"),
        encoding="utf-8")
    text = RAID.replace("map: gorge.yaml", "map: wall.yaml").replace(
        "  first: lower\n", "  edge_chosen_by: lower\n  first: lower\n").replace(
        "{edge: top, depth: 6}", "{edge: opposite, depth: 6}").replace("{edge: bottom, depth: 6}",
                                                                      "{edge: chosen, depth: 6}").replace(
        "at: [18, 30], within: 3", "edge: own, within: 3")
    record = _validate(tmp_path, capsys, text)
    assert record["errors"] == []
    [w] = [w for w in record["warnings"] if w["where"] == "escape.edge"]
    assert w["message"] == ("the Raider (higher) cannot reach its escape edge from its deployment zone when lower "
                            "chooses the left edge; when lower chooses the right edge on the map 'The Wall'")


def test_an_event_the_sample_never_fired_is_a_warning(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = _validate(tmp_path, capsys, RAID.replace("{model_escaped: Raider}", "{model_escaped: any}"))
    assert record["errors"] == []
    [w] = [w for w in record["warnings"] if w["where"] == "events[2].when"]
    assert "A raider gets away never fired in 2 sample game(s) on the map 'Test Gorge'" in w["message"]


def test_a_scenario_without_a_map_is_checked_on_an_open_table_and_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = RAID.replace("map: gorge.yaml\n", "").replace("at: [18, 30], within: 3", "at: [18, 18], within: 3")
    record = _validate(tmp_path, capsys, text)
    assert record["errors"] == []  # (18, 18) is open ground on an open table
    assert [n["message"] for n in record["notes"]] == [
        "checked on an open table: the scenario names no map (its routes, standing room and sample games; name "
        "its 'map' to check them there)"]


# -- what ships stays sound, and quick ------------------------------------------------------------------------------

@pytest.mark.parametrize("path", expand([str(SCENARIOS_DIR), str(ROOT / "tests" / "data" / "scenarios")]),
                         ids=lambda p: Path(p).name)
def test_every_shipped_and_test_scenario_validates_ok(path: str, capsys: pytest.CaptureFixture[str]) -> None:
    start = time.process_time()  # a hang guard on this process's own CPU: a busy machine's clock says nothing
    code = main(["validate", "--json", path])
    [record] = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 0 and record["errors"] == [], record  # (a warning of the sample games' may follow the AI)
    assert time.process_time() - start < 5.0


def test_turns_inside_trigger_combinations_are_found() -> None:
    """Ready for the combinations of triggers (all/any/not): a turn an 'all' needs is needed, one of an 'any'
    is not, and one under 'not' is left out."""
    from types import SimpleNamespace as Ns

    from game.content.scenario_sense import turns_named

    never = Ns(**{"not": Ns(turn_ends=3)})
    when = Ns(all=[Ns(turn_starts=8), Ns(any=[Ns(turn_ends=9), Ns(model_killed="any")]), never])
    assert list(turns_named(when, ("when",))) == [(("when", "all", 0, "turn_starts"), 8, True),
                                                 (("when", "all", 1, "any", 0, "turn_ends"), 9, False)]
