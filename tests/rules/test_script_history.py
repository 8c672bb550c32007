"""Script mode and a scenario's events: a position says which events fired, which scoring is switched and the
variables; what the fired events did is on the table, and reserves arrive when their event fires in the script
(docs/script-mode.md, "What has happened")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.content.scenario_schema import ScenarioFile
from game.content.script_file import load_script
from game.core.errors import ContentError
from game.rules.script_mode import build_state, run_script
from tests.conftest import ROOT

GORGE = """\
format: iron-honor/scenario@1
name: The Gorge
roles: {higher: Raider, lower: Warden}
deployment:
  first: lower
  zones:
    lower: {edge: bottom, depth: 6}
    higher: {edge: top, depth: 6}
reserves:
  - {side: Warden, count: 1}
scoring:
  - {kind: kills}
  - {kind: control, name: the ford, targets: {regions: [{name: the ford, circle: {centre: [18, 18], diameter: 6}}]},
     count: {inside: true}, points: 2, active: false}
events:
  - name: The wardens arrive
    when: {turn_starts: 3}
    do:
      - reinforcements: {side: Warden, edge: own, within: 3}
  - name: The ford is flooded
    when: {turn_starts: 4}
    do:
      - remove_piece: ford_centre
      - add_piece: {id: flood, kind: impassable, style: river,
                    polygon: [[16.5, 16.6], [19.5, 16.6], [19.5, 19.4], [16.5, 19.4]]}
      - scoring_on: the ford
  - name: First blood
    when: {model_killed: Raider}
    do:
      - scoring_off: the ford
duration: {turns: 6}
victory: {by: score, ties: draw}
"""

HEAD = f"""\
format: iron-honor/script@1
seed: 3
scenario: gorge.yaml
map: river_ford
parties:
  A: {ROOT}/assets/parties/ghrim_company.yaml
  B: {ROOT}/assets/parties/hollow_court.yaml
"""
RESERVE = "B9"  # Shambler, the Hollow Court's last follower: the Warden's reserve
HAS_VARIABLES = "variables" in ScenarioFile.model_fields  # a scenario's 'variables:' (the triggers of issue 36)


def script(tmp_path: Path, body: str, scenario: str = GORGE) -> Path:
    (tmp_path / "gorge.yaml").write_text(scenario, encoding="utf-8")
    path = tmp_path / "script.yaml"
    path.write_text(HEAD + body, encoding="utf-8")
    return path


def run(tmp_path: Path, body: str, scenario: str = GORGE) -> dict[str, Any]:
    return run_script(load_script(script(tmp_path, body, scenario)))


def problems(tmp_path: Path, body: str, scenario: str = GORGE) -> list[tuple[str, int | None, str]]:
    with pytest.raises(ContentError) as err:
        build_state(load_script(script(tmp_path, body, scenario)))
    return [(p.where, p.line, p.message) for p in err.value.problems]


@pytest.mark.rule("ENC-4")
def test_a_later_position_has_what_the_turn_events_did(tmp_path: Path) -> None:
    r = run(tmp_path, "encounter: {higher: A}\nturn: 5\n")
    enc = r["state"]["encounter"]
    assert [f["name"] for f in enc["fired"]] == ["The wardens arrive", "The ford is flooded"]
    assert "ford_centre" not in enc["pieces"] and "flood" in enc["pieces"]  # the ford is not back
    assert enc["switched"] == {"the ford": True}
    shambler = r["state"]["models"][RESERVE]
    assert shambler["status"] == "table" and shambler["y"] >= 33 - 1e-9  # arrived within 3″ of its own edge
    assert r["state"]["bag"].count("B") == 9  # its die is in the bag
    assert not [e for e in r["events"] if e["kind"] in ("ScenarioEvent", "ReinforcementArrives", "PieceRemoved")]


@pytest.mark.rule("ENC-4", "TURN-8")
def test_a_reserve_arrives_when_its_event_fires_in_the_script(tmp_path: Path) -> None:
    r = run(tmp_path, "encounter: {higher: A}\nturn: 2\nphase: maintenance\nmodels: {A1: {x: 18, y: 3}}\n"
                      "dice: [1, 1]\nanswers: [{x: 30, y: 34}, 270]\n")
    assert r["error"] is None and r["answers_used"] == 2
    texts = [e["text"] for e in r["events"]]
    assert "Turn 3 begins: 14 dice in the bag" in texts
    assert "Shambler arrives at (30.0, 34.0) (gorge.yaml:16 (events[0]), effect 1)" in texts
    shambler = r["state"]["models"][RESERVE]
    assert (shambler["status"], shambler["x"], shambler["y"], shambler["facing"]) == ("table", 30, 34, 270)
    assert r["state"]["encounter"]["fired"] == [{"event": 0, "name": "The wardens arrive"}]
    before = build_state(load_script(script(tmp_path, "encounter: {higher: A}\nturn: 2\n")))  # held back, no die
    assert before.model(RESERVE).status == "reserve" and before.bag.count(1) == 8
    assert before.encounter.reserved == [RESERVE]


@pytest.mark.rule("ENC-4")
def test_the_script_states_the_events_scoring_and_who_arrived(tmp_path: Path) -> None:
    body = ("encounter:\n  higher: A\n  fired: [The ford is flooded]\n  switched: {the ford: false}\nturn: 5\n"
            f"models:\n  {RESERVE}: {{status: reserve}}\n")
    enc = run(tmp_path, body)["state"]["encounter"]
    assert [f["event"] for f in enc["fired"]] == [1] and enc["switched"] == {"the ford": False}
    assert "flood" in enc["pieces"]
    # the arrival fired, but the script keeps the reserve back (it found no place): it stays in reserve
    r = run(tmp_path, f"encounter: {{higher: A, fired: [0]}}\nturn: 3\nmodels:\n  {RESERVE}: {{status: reserve}}\n")
    assert r["state"]["models"][RESERVE]["status"] == "reserve"
    # the arrival given by index, the reserve placed by the script where it came on
    r = run(tmp_path, f"encounter: {{higher: A, fired: [0]}}\nturn: 3\nmodels:\n  {RESERVE}: {{x: 4, y: 34}}\n")
    assert (r["state"]["models"][RESERVE]["x"], r["state"]["models"][RESERVE]["status"]) == (4, "table")
    assert "ford_centre" in r["state"]["encounter"]["pieces"]


@pytest.mark.rule("ENC-4")
def test_a_kill_in_the_position_fires_its_event_once(tmp_path: Path) -> None:
    r = run(tmp_path, "encounter: {higher: A}\nturn: 5\nmodels: {A3: {status: killed}}\n")
    enc = r["state"]["encounter"]
    assert [f["event"] for f in enc["fired"]] == [0, 1, 2]
    assert enc["switched"] == {"the ford": False}  # flooded at turn 4, then first blood (in that order)
    state = build_state(load_script(script(tmp_path, "encounter: {higher: A}\nturn: 5\n"
                                                     "models: {A3: {status: killed}}\n")))
    assert "A3" in state.encounter.noticed  # its death does not fire the event again


@pytest.mark.rule("ENC-4", "CAS-1")
def test_a_kill_played_in_the_script_fires_its_event(tmp_path: Path) -> None:
    body = ("encounter: {higher: A}\nturn: 5\nfate: {A: 0, B: 0}\nbag: [B]\nmodels:\n"
            "  B1: {x: 10, y: 25, facing: 270}\n"
            "  A5: {x: 10, y: 24.01575, facing: 90, wounds: 1}   # Simon, a Raider, in base contact\n"
            "dice: [6, 6, 6, 6, 1]        # activation; attack 6 6 (a Brutal double); defence 6 1\n"
            "answers: [B1, standard_attack, A5, 270]\n")
    r = run(tmp_path, body)
    assert r["error"] is None and r["state"]["forced_dice_left"] == 0
    texts = [e["text"] for e in r["events"]]
    killed = texts.index("Simon is killed")
    assert texts[killed + 1:killed + 3] == ["First blood (gorge.yaml:27 (events[2]))",
                                            "Scoring 'the ford' is off (gorge.yaml:27 (events[2]), effect 1)"]
    enc = r["state"]["encounter"]
    assert [f["event"] for f in enc["fired"]] == [0, 1, 2] and enc["switched"] == {"the ford": False}


def test_variables_are_kept_in_the_encounter_state(tmp_path: Path) -> None:
    state = build_state(load_script(script(tmp_path, "encounter: {higher: A}\nturn: 2\n")))
    assert state.encounter.variables == {}
    state.encounter.variables["bridges"] = 2
    copy = state.copy()
    assert copy.encounter.variables == {"bridges": 2} and copy.encounter.variables is not state.encounter.variables
    if not HAS_VARIABLES:  # the scenario's 'variables:' comes with the triggers (issue 36): none may be given before
        found = problems(tmp_path, "encounter: {higher: A, variables: {bridges: 2}}\n")
        assert found == [("encounter.variables.bridges", 8, "The Gorge declares no variable 'bridges' "
                                                              "(it has no 'variables:')")]


@pytest.mark.skipif(not HAS_VARIABLES, reason="a scenario's 'variables:' comes with the triggers (issue 36)")
def test_the_script_sets_the_scenarios_variables(tmp_path: Path) -> None:
    scenario = GORGE.replace("duration: {turns: 6}", "variables: {bridges: 2, cut: false}\nduration: {turns: 6}")
    r = run(tmp_path, "encounter: {higher: A, variables: {bridges: 1}}\nturn: 2\n", scenario)
    assert r["state"]["encounter"]["variables"] == {"bridges": 1, "cut": False}  # the rest as the file starts them
    found = problems(tmp_path, "encounter: {higher: A, variables: {cut: 3, bridge: 1}}\n", scenario)
    assert ("encounter.variables.cut", 8, "'cut' is a flag: true or false, found 3") in found
    assert ("encounter.variables.bridge", 8, "The Gorge declares no variable 'bridge' (its variables: 'bridges', "
                                             "'cut')") in found


def test_bad_history_keys_are_located(tmp_path: Path) -> None:
    body = ("encounter:\n  higher: A\n  fired: [7, The flood, The ford is flooded, 0, 0]\n"
            "  switched: {the fjord: true}\nturn: 3\n")
    found = problems(tmp_path, body)
    assert ("encounter.fired[0]", 10, "The Gorge has 3 event(s): an index is 0 to 2") in found
    assert ("encounter.fired[1]", 10, "no event named 'The flood' in The Gorge (its events: 'The wardens arrive', "
                                      "'The ford is flooded', 'First blood'; an index works too)") in found
    assert ("encounter.fired[2]", 10, "events[1] (The ford is flooded) cannot have fired yet: it fires at the start "
                                      "of turn 4: the position is in turn 3") in found
    assert ("encounter.fired[4]", 10, "events[0] (The wardens arrive) fires once: it is listed twice") in found
    assert ("encounter.switched.the fjord", 11, "no scoring entry is named 'the fjord' in The Gorge (named "
                                                "entries: 'the ford')") in found
    assert problems(tmp_path, "encounter: {higher: A, fired: [2]}\nturn: 3\n") == [
        ("encounter.fired[0]", 8, "events[2] (First blood) waits for what this position does not show: give a model "
                                  "of that side killed or escaped in 'models'")]


def test_a_position_after_an_event_ended_the_game_is_refused(tmp_path: Path) -> None:
    path = script(tmp_path, "turn: 6\n").read_text(encoding="utf-8").replace("gorge.yaml", "signal_fires")
    (tmp_path / "script.yaml").write_text(path, encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_script(tmp_path / "script.yaml")
    assert [(p.where, p.line, p.message) for p in err.value.problems] == [
        ("turn", 8, "Signal Fires ended after turn 5: events[1] (Night falls) ends it [ENC-4]")]


def test_values_of_the_wrong_shape_are_located(tmp_path: Path) -> None:
    body = "encounter:\n  fired: [2.5]\n  switched: {the ford: maybe}\n  variables: {a: 1.5}\n"
    assert problems(tmp_path, body) == [
        ("encounter.fired[0]", 9, "expected an integer, found the number 2.5 (or an event's name)"),
        ("encounter.switched.the ford", 10, "expected true or false, found the text 'maybe'"),
        ("encounter.variables.a", 11, "expected an integer, found the number 1.5 (or true or false)")]


def test_a_reserve_on_the_table_before_its_event_is_refused(tmp_path: Path) -> None:
    found = problems(tmp_path, f"encounter: {{higher: A}}\nturn: 2\nmodels:\n  {RESERVE}: {{x: 4, y: 34}}\n")
    assert found == [(f"models.{RESERVE}", 11, "Shambler is held back until an event brings The Hollow Court's "
                                               "reinforcements ([ENC-4]): give it status: reserve, or list that "
                                               "event in encounter.fired")]


def test_an_effect_that_cannot_happen_in_the_position_is_located(tmp_path: Path) -> None:
    found = problems(tmp_path, "encounter: {higher: A, fired: [1]}\nturn: 5\nmodels: {A1: {x: 18, y: 18}}\n")
    assert [(w, line) for w, line, _ in found] == [("models.A1", 10)]  # on the flood the event added
    assert "stands on impassable terrain 'flood'" in found[0][2]
    broken = GORGE.replace("remove_piece: ford_centre", "remove_piece: bridge")
    found = problems(tmp_path, "encounter: {higher: A, fired: [1]}\nturn: 5\n", broken)
    assert found == [("encounter.fired[0]", 8, "impossible position: no terrain piece 'bridge' on this map to "
                                               "remove (gorge.yaml:20 (events[1]), effect 1)")]


@pytest.mark.rule("ENC-TRG-1", "ENC-TRG-2")
def test_a_position_is_what_the_triggers_last_saw(tmp_path: Path) -> None:
    """A model standing in a region in the position did not just enter it, and a state event the position says
    fired, still true, waits to become false before it fires again."""
    from game.rules import scenario_events

    scenario = GORGE.replace("events:\n", """\
regions:
  - {name: the bank, circle: {centre: [18, 12], diameter: 4}}
events:
  - name: Onto the bank
    when: {enters: {region: the bank}}
    do: [{scoring_on: the ford}]
  - name: Crowded
    when: {in_region: {region: the bank}}
    once: false
    do: [{scoring_off: the ford}]
""", 1)
    state = build_state(load_script(script(tmp_path, "encounter: {higher: A, fired: [Crowded]}\nturn: 2\n"
                                                     "models: {A1: {x: 18, y: 12}}\n", scenario)))
    fired = list(state.encounter.fired)
    assert list(scenario_events.check(state)) == []  # no decision, and ...
    assert state.encounter.fired == fired  # ... neither event fires at the first check
    state.model("A1").x = 30.0  # off the bank: Crowded stops holding ...
    list(scenario_events.check(state))
    state.model("A1").x = 18.0  # ... and back on: both fire now
    list(scenario_events.check(state))
    assert state.encounter.fired[len(fired):] == [0, 1]
