"""A scenario's triggers, conditions and variables ([ENC-TRG-1]-[ENC-TRG-3], [ENC-VAR-1]): each moment fires its
event at the check where it happens, states fire when they become true, all/any/not combine them, variables are
set, added to and tested in triggers, scoring and victory; a file that asks the impossible is refused with its
line and key."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.content.maps import BattleMap
from game.content.scenario_file import load_scenario
from game.core.errors import ContentError
from game.rules import combat, conditions, scenario_events, scenario_triggers, scoring
from game.rules.engine import Game
from game.rules.setup import new_game
from game.rules.state import ESCAPED, GameState
from tests.rules.encounter_harness import Policy, parties

HEAD = """format: iron-honor/scenario@1
name: The Ford
roles: {higher: Raider, lower: Warden}
deployment:
  first: lower
  zones:
    lower: {edge: bottom, depth: 6}
    higher: {edge: top, depth: 6}
regions:
  - {name: the gate, polygon: [[0, 24], [6, 24], [6, 30], [0, 30]]}
markers: {at: [[30, 18]]}
duration: {turns: 6}
"""
PLACES = {"A1": (18, 3), "A2": (10, 2), "A3": (26, 2), "B1": (6, 34), "B2": (10, 34), "B3": (30, 34)}


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "ford.yaml"
    path.write_text(text)
    return path


def begun(tmp_path: Path, body: str) -> GameState:
    """The scenario set up (Red higher: the Raider) and turn 1 begun; the game waits at its first decision."""
    state = new_game(parties(), BattleMap("open", ()), 7, scenario=load_scenario(write(tmp_path, HEAD + body)))
    state.dice.force(6, 1)
    policy = Policy(PLACES)
    game = Game(state, [policy, policy])
    while state.phase == "setup":
        game.step()
    return state


def check(state: GameState) -> None:
    """A check after an activation (no event here asks a decision)."""
    for asked in scenario_events.notice_fates(state):
        raise AssertionError(f"unexpected decision {asked}")


def value(state: GameState, name: str) -> Any:
    return scenario_triggers.variable(state, name)


def put(state: GameState, model: str, x: float, y: float) -> None:
    m = state.model(model)
    m.x, m.y = x, y


COUNTERS = """variables: {entered: 0, left: 0, chief: 0, wounded: 0, escaped: 0, stunned: 0, taken: 0, lost: 0,
            control: 0, legacy: 0}
scoring:
  - {kind: kills}
  - {kind: control, name: the ford, targets: {regions: [{name: the ford, circle: {centre: [18, 18], diameter: 6}}]},
     count: {inside: true}, points: 1}
events:
  - {when: {enters: {region: the ford, side: Raider}}, once: false, do: [{add_variable: {name: entered, value: 1}}]}
  - {when: {leaves: {region: the ford}}, once: false, do: [{add_variable: {name: left, value: 1}}]}
  - {when: {killed: {model: blue hero}}, do: [{add_variable: {name: chief, value: 1}}]}
  - {when: {wounded: {side: lower, type: follower}}, once: false, do: [{add_variable: {name: wounded, value: 1}}]}
  - {when: {escapes: {side: Warden}}, do: [{add_variable: {name: escaped, value: 1}}]}
  - {when: {stunned: {}}, once: false, do: [{add_variable: {name: stunned, value: 1}}]}
  - {when: {marker_taken: {side: Raider}}, do: [{add_variable: {name: taken, value: 1}}]}
  - {when: {marker_lost: {}}, do: [{add_variable: {name: lost, value: 1}}]}
  - {when: {control_changes: {entry: the ford}}, once: false, do: [{add_variable: {name: control, value: 1}}]}
  - {when: {model_killed: Warden}, once: false, do: [{add_variable: {name: legacy, value: 1}}]}
"""


@pytest.mark.rule("ENC-TRG-1", "ENC-VAR-1")
def test_each_moment_fires_its_event_at_the_check_where_it_happens(tmp_path: Path) -> None:
    state = begun(tmp_path, COUNTERS)
    check(state)
    assert all(value(state, n) == 0 for n in ("entered", "left", "control"))  # deploying is not entering
    put(state, "A1", 18, 18)  # the Raider's hero walks into the ford: it enters, and its side controls it
    check(state)
    assert (value(state, "entered"), value(state, "control")) == (1, 1)
    put(state, "B2", 16, 18)  # a Warden enters too (not a Raider: no count) and control is lost (1 to 1)
    check(state)
    assert (value(state, "entered"), value(state, "control")) == (1, 2)
    put(state, "A1", 18, 10)
    check(state)
    assert (value(state, "left"), value(state, "control")) == (1, 3)
    state.model("B2").wounds_taken += 1  # a Warden follower loses a wound and lives
    check(state)
    assert value(state, "wounded") == 1
    conditions.STUNNED.put(state.model("A3"))
    check(state)
    check(state)  # still Stunned: no new moment
    assert value(state, "stunned") == 1
    put(state, "A2", 30 + 0.984, 18)  # in base contact with the marker, no enemy near: the Raider takes it
    check(state)
    assert value(state, "taken") == 1
    put(state, "B3", 30, 20.5)  # an enemy within 3″: the Raider loses it (and the Warden cannot take it)
    check(state)
    assert value(state, "lost") == 1
    combat.kill(state, state.model("B1"), "killed", "CAS-1")  # the Warden's hero, by its name (case ignored)
    state.model("B3").status = ESCAPED
    check(state)
    assert (value(state, "chief"), value(state, "escaped"), value(state, "legacy")) == (1, 1, 1)
    changes = [e for e in state.log if e.kind == "VariableChanged"]
    assert changes[0].data["name"] == "entered" and changes[0].data["value"] == 1
    assert changes[0].text == "entered is now 1 (ford.yaml:20 (events[0]), effect 1)"


STATES = """variables: {alarm: false, dead: 0}
scoring:
  - {kind: kills}
events:
  - {name: Few left, when: {models_left: {side: Warden, at_most: 2}}, do: [{set_variable: {name: alarm, value: true}}]}
  - {name: At the gate, when: {in_region: {region: the gate, side: Raider, at_least: 1}}, once: false,
     do: [{add_variable: {name: dead, value: 10}}]}
  - {name: Alarm, when: {variable: {name: alarm, equals: true}}, do: [{add_variable: {name: dead, value: 1}}]}
  - {name: Ahead, when: {score: {side: Raider, at_least: 2}}, do: [{add_variable: {name: dead, value: 100}}]}
  - {name: The cache, when: {markers_held: {side: Warden}}, once: false,
     do: [{add_variable: {name: dead, value: 1000}}]}
"""


@pytest.mark.rule("ENC-TRG-2", "ENC-VAR-1")
def test_a_state_fires_when_it_becomes_true_and_again_only_after_being_false(tmp_path: Path) -> None:
    state = begun(tmp_path, STATES)
    check(state)
    assert value(state, "dead") == 0 and value(state, "alarm") is False
    combat.kill(state, state.model("B2"), "killed", "CAS-1")
    check(state)  # three Wardens on the table, two left now: the alarm, seen by the event after it at once
    assert value(state, "alarm") is True and value(state, "dead") == 1
    put(state, "A1", 3, 27)  # at the gate: fires; still there at the next check: does not fire again
    check(state)
    check(state)
    assert value(state, "dead") == 11
    put(state, "A1", 18, 18)  # away and back: it became true again
    check(state)
    put(state, "A1", 3, 27)
    check(state)
    assert value(state, "dead") == 21
    scoring.update_scores(state)  # the score as tallied: a follower killed is 1 ExP; a hero 3 more
    check(state)
    assert value(state, "dead") == 21
    combat.kill(state, state.model("B1"), "killed", "CAS-1")
    scoring.update_scores(state)
    check(state)
    assert value(state, "dead") == 121
    put(state, "B3", 30 - 0.984, 18)  # the Warden holds the marker: no Raider within 3″
    check(state)
    check(state)
    assert value(state, "dead") == 1121
    fired = [e.text for e in state.log if e.kind == "ScenarioEvent"]
    assert fired[:2] == ["Few left (ford.yaml:17 (events[0]))", "Alarm (ford.yaml:20 (events[2]))"]


COMBINED = """variables: {hits: 0, empty: false}
scoring:
  - {kind: kills}
events:
  - name: Into the gate while the alarm is up
    when: {all: [{enters: {region: the gate}}, {variable: {name: hits, at_least: 1}}]}
    once: false
    do: [{add_variable: {name: hits, value: 10}}]
  - name: A follower falls
    when: {any: [{killed: {model: Red Spear}}, {killed: {model: Blue Axe}}]}
    once: false
    do: [{add_variable: {name: hits, value: 1}}]
  - name: Nobody at the gate
    when: {not: {in_region: {region: the gate}}}
    do: [{set_variable: {name: empty, value: true}}]
"""


@pytest.mark.rule("ENC-TRG-3")
def test_all_any_and_not_combine_moments_and_states(tmp_path: Path) -> None:
    state = begun(tmp_path, COMBINED)
    check(state)
    assert value(state, "empty") is True  # nobody at the gate at the first check
    put(state, "A1", 3, 27)  # enters the gate, but no hit yet: 'all' fails
    check(state)
    assert value(state, "hits") == 0
    combat.kill(state, state.model("B2"), "killed", "CAS-1")  # Blue Axe: one of the 'any'
    put(state, "A1", 18, 18)
    check(state)
    assert value(state, "hits") == 1
    put(state, "A1", 3, 27)  # enters again with a hit counted: 'all' holds
    check(state)
    assert value(state, "hits") == 11
    combat.kill(state, state.model("A3"), "killed", "CAS-1")  # Red Bow: neither named model
    check(state)
    assert value(state, "hits") == 11


SCORED = """variables: {bridge_up: false, toll: 3}
scoring:
  - {kind: kills}
  - {kind: control, name: the ford, targets: {regions: [{name: the ford, circle: {centre: [18, 18], diameter: 6}}]},
     count: {inside: true}, points: {variable: toll}, if: {variable: {name: bridge_up, equals: true}}}
victory:
  sudden:
    - {side: Warden, if: {variable: {name: toll, at_least: 5}}}
events:
  - {when: {turn_starts: 2}, do: [{set_variable: {name: bridge_up, value: true}}]}
  - {when: {enters: {region: the gate}}, do: [{add_variable: {name: toll, value: 2}}]}
"""


@pytest.mark.rule("ENC-VAR-1", "ENC-4")
def test_variables_gate_scoring_pay_its_points_and_win_the_game(tmp_path: Path) -> None:
    state = begun(tmp_path, SCORED)
    entry = state.encounter.scenario.scoring[1]
    put(state, "A1", 18, 18)
    assert not scoring.scores_for(state, entry, 0)  # the bridge is down: the ford scores nothing
    scoring.run_entries(state, ("maintenance",))
    assert state.encounter.awarded == [0, 0]
    for _ in scenario_events.fire(state, "turn_starts", 2):
        pass
    assert value(state, "bridge_up") is True and scoring.scores_for(state, entry, 0)
    scoring.run_entries(state, ("maintenance",))
    assert state.encounter.awarded == [3, 0]  # the toll's value
    assert scoring.sudden_winner(state) is None
    put(state, "B1", 3, 27)  # the toll rises to 5: the Warden (lower: Blue) wins at once
    check(state)
    assert value(state, "toll") == 5
    assert scoring.sudden_winner(state) == (1, "its condition was met")


def test_the_variables_and_what_the_triggers_saw_are_copied_whole(tmp_path: Path) -> None:
    state = begun(tmp_path, COUNTERS)
    check(state)
    put(state, "A1", 18, 18)
    check(state)
    frame = state.frame()
    assert frame.encounter.variables == state.encounter.variables
    assert frame.encounter.watch == state.encounter.watch
    frame.encounter.variables["entered"] = 7
    frame.encounter.watch.inside["the ford"].append("B9")
    assert value(state, "entered") == 1 and "B9" not in state.encounter.watch.inside["the ford"]


BAD = """variables: {flag: false, count: 0}
scoring:
  - {kind: kills, points: {variable: count}}
  - {kind: control, name: the ford, targets: {regions: [{name: the ford, circle: {centre: [18, 18], diameter: 6}}]},
     count: {inside: true}, if: {killed: {side: lower}}}
victory:
  sudden:
    - {if: {variable: {name: flag, equals: true}}}
events:
  - {when: {enters: {region: the bridge}}, do: [{add_variable: {name: flag, value: 1}}]}
  - {when: {all: [{killed: {}}, {escapes: {}}]}, do: [{set_variable: {name: count, value: true}}]}
  - {when: {not: {stunned: {}}}, do: [{set_variable: {name: counter, value: 1}}]}
  - {when: {any: [{killed: {}}, {variable: {name: flag, at_least: 1}}]}, do: [{end_game: true}]}
  - {when: {control_changes: {entry: the forde}}, do: [{end_game: true}]}
  - {when: {in_region: {region: the gate, side: Raiders}}, do: [{end_game: true}]}
  - {when: {turn_starts: 2, score: {side: higher, at_least: 1}}, do: [{end_game: true}]}
"""


def test_a_file_asking_the_impossible_is_refused_with_line_and_key(tmp_path: Path) -> None:
    with pytest.raises(ContentError) as caught:
        load_scenario(write(tmp_path, HEAD + BAD))
    found = {p.where: (p.line, p.message) for p in caught.value.problems}
    expect = {
        "scoring[0].points": (15, "'kills' scoring pays its 'values', not 'points': a variable's points go with "
                                  "control or secure"),
        "scoring[1].if.killed": (17, "'killed' is a moment, true only at the check where it happens: a condition "
                                     "('if') takes states only (score, models_left, variable, in_region, "
                                     "markers_held, and all/any/not of them)"),
        "victory.sudden[0]": (20, "a sudden win by 'if' needs 'side': the side that wins when it holds"),
        "events[0].when.enters.region": (22, "no region is named 'the bridge' (named: the ford, the gate; add it "
                                             "under 'regions')"),
        "events[0].do[0].add_variable.name": (22, "'flag' is a flag (true or false): set it, do not add to it"),
        "events[1].when.all": (23, "an 'all' may hold at most one moment: moments happen one at a time, so two "
                                   "never hold together (count them with a variable instead)"),
        "events[1].do[0].set_variable.value": (23, "'count' is a counter: set it to a whole number"),
        "events[2].when.not": (24, "'not' takes a state, not a moment (a moment is true only at the check where "
                                   "it happens)"),
        "events[2].do[0].set_variable.name": (24, "no variable is named 'counter' (declared under 'variables': "
                                                  "count, flag)"),
        "events[3].when.any": (25, "an 'any' mixes moments and states: write one event for the moments and one "
                                   "for the states"),
        "events[3].when.any[1].variable": (25, "'flag' is a flag: test it with 'equals: true' or 'equals: "
                                               "false'"),
        "events[4].when.control_changes.entry": (26, "no control scoring entry is named 'the forde' (named: the "
                                                     "ford)"),
        "events[5].when.in_region.side": (27, "unknown side 'Raiders' (known: higher, lower, Raider, Warden)"),
    }
    for where, want in expect.items():
        assert found.get(where) == want, where
    assert found["events[6].when"][1].startswith("an event's 'when' needs exactly one of turn_starts, turn_ends, "
                                                 "model_killed")
    assert found["events[6].when"][1].endswith("(found turn_starts, score)")


def test_an_unknown_key_in_a_when_names_its_path(tmp_path: Path) -> None:
    text = HEAD + "scoring: [{kind: kills}]\nevents:\n  - {when: {enters: {regoin: x}}, do: [{end_game: true}]}\n"
    with pytest.raises(ContentError) as caught:
        load_scenario(write(tmp_path, text))
    [where] = {p.where for p in caught.value.problems if "regoin" in p.message}
    assert where == "events[0].when.enters.regoin"


def test_a_model_no_party_has_is_said_at_the_start(tmp_path: Path) -> None:
    body = ("scoring: [{kind: kills}]\nevents:\n  - {when: {killed: {model: Red Hero}}, do: [{end_game: true}]}\n"
            "  - {when: {killed: {model: Chief Ugg}}, do: [{end_game: true}]}\n")
    state = begun(tmp_path, body)
    [said] = [e for e in state.log if e.kind == "EventFailed"]
    assert said.text == "ford.yaml:16 (events[1]) names the model 'Chief Ugg', which neither party has: it never " \
                        "matches"


def test_a_conditional_entry_says_its_condition_and_its_points_in_words(tmp_path: Path) -> None:
    from game.content.scoring_text import entry_lines

    scenario = load_scenario(write(tmp_path, HEAD + SCORED))
    assert entry_lines(scenario, scenario.scoring[1]) == [
        "Control: at each Maintenance Phase, as many ExP as 'toll' holds to the side with more models wholly "
        "inside; equal: nobody", "Scored by either side", "Only while 'bridge_up' is true"]


@pytest.mark.rule("ENC-TRG-1")
def test_in_play_a_model_walking_into_a_region_fires_its_event_after_its_activation(tmp_path: Path) -> None:
    body = """scoring: [{kind: kills}]
events:
  - name: The hero reaches the ford
    when: {enters: {region: the gate, model: red hero}}
    do: [{end_game: true}]
"""
    state = new_game(parties(), BattleMap("open", ()), 7, scenario=load_scenario(write(tmp_path, HEAD + body)))
    state.dice.force(6, 1)
    policy = Policy(PLACES, goals={"A1": lambda s: (3.0, 27.0)}, run=True)
    game = Game(state, [policy, policy])
    game.run()
    kinds = [e.kind for e in state.log]
    fired = kinds.index("ScenarioEvent")
    moved = max(i for i, e in enumerate(state.log[:fired]) if e.kind == "ModelMoved" and e.data.get("model") == "A1")
    assert "DieDrawn" not in kinds[moved:fired]  # noticed after that activation, before the next die
    assert "GameEnding" in kinds and state.turn < 6 and kinds[-1] == "GameOver"


def test_a_replay_keeps_the_variables_and_what_the_triggers_saw(tmp_path: Path) -> None:
    from game.lab.encounter_soak import play_encounter, replay_encounter

    scenario = load_scenario(write(tmp_path, HEAD + COUNTERS))
    played = play_encounter(parties(), BattleMap("open", ()), scenario, 5)
    game = replay_encounter(parties(), BattleMap("open", ()), scenario, 5, played.answers)
    game.run()
    assert game.state.snapshot() == played.snapshot
    assert played.snapshot["encounter"]["variables"] == game.state.encounter.variables
    assert sum(game.state.encounter.variables.values()) > 0  # the game fired some of its counters
