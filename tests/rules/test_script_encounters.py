"""Script mode with a scenario: an encounter's set-up answered as decisions, positions in an encounter, and
every example in docs/examples run and checked (docs/script-mode.md, encounters.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.content.script_file import load_script
from game.core.errors import ContentError
from game.rules.script_mode import build_state, run_script
from tests.conftest import ROOT

EXAMPLES = ROOT / "docs" / "examples"
Report = dict[str, Any]


def kinds(report: Report, kind: str) -> list[Report]:
    return [e for e in report["events"] if e["kind"] == kind]


def models(report: Report) -> dict[str, Report]:
    return report["state"]["models"]


# -- every example in docs/examples ------------------------------------------------------------------------

def check_furious_attack(r: Report) -> None:
    assert models(r)["B1"]["wounds"] == 2 and models(r)["B1"]["conditions"] == ["stunned"]


def check_sweeping_attack(r: Report) -> None:
    assert r["pending"]["kind"] == "nominate" and r["pending"]["options"][0] == {"key": "A1", "label": "Gnarlroot"}


def check_engagement_setup(r: Report) -> None:
    assert [e["data"]["totals"] for e in kinds(r, "SetupRoll")] == [[5, 5], [2, 6]]  # a tie re-rolled ([ENC-1])
    enc = r["state"]["encounter"]
    assert enc["higher"] == "B" and enc["edge"] == "top"  # the lower side (A) chose ([ENC-ENG-1])
    assert enc["zones"] == {"A": "within 9″ of the top edge", "B": "within 9″ of the bottom edge"}
    assert [e["data"]["model"] for e in kinds(r, "HeldInAmbush")] == ["B3"]
    deployed = [e["data"]["side"] for e in kinds(r, "Deployed")]
    assert deployed == [0] * 5 + [1] * 6  # one whole party, then the other ([ENC-3])
    for m in models(r).values():
        if m["status"] == "table":
            assert (m["y"] <= 9 - 0.49) if m["side"] == "A" else (m["y"] >= 27 + 0.49)
    assert r["answers_used"] == 23 and r["state"]["phase"] == "main" and len(r["state"]["bag"]) == 10


def check_rescue_setup(r: Report) -> None:
    enc = r["state"]["encounter"]
    assert enc["roles"] == {"A": "Rescuer", "B": "Kidnapper"} and enc["edge"] == "bottom"
    assert enc["zones"]["A"] == "within 6″ of the top edge"
    assert enc["prisoner"] == {"model": "A5", "name": "Delia of the Green", "rescued": False}
    delia = models(r)["A5"]
    assert (delia["status"], delia["x"], delia["y"]) == ("prisoner", 16, 19)
    assert kinds(r, "PrisonerPlaced")[0]["data"]["rule"] == "ENC-RES-2"
    assert r["state"]["bag"].count("A") == 4  # the Prisoner's die is set aside ([ENC-RES-1])


def check_salvage_setup(r: Report) -> None:
    enc = r["state"]["encounter"]
    assert [(m["id"], m["placed_by"]) for m in enc["markers"]] == [("M1", "B"), ("M2", "A"), ("M3", "B"), ("M4", "A")]
    assert enc["edge"] == "left" and kinds(r, "EdgeChosen")[0]["data"]["side"] == 0  # lower chooses ([ENC-SAL-2])
    assert r["answers_used"] == 27 and r["state"]["phase"] == "main"


def check_rescue(r: Report) -> None:
    assert kinds(r, "Rescued")[0]["data"]["model"] == "B5"
    assert models(r)["B5"]["status"] == "table" and r["state"]["encounter"]["prisoner"]["rescued"]
    assert r["state"]["bag"].count("B") == 4  # its die joined the bag (one B die already drawn in turn 3)


def check_landmark(r: Report) -> None:
    control = kinds(r, "Control")
    assert [(e["data"]["counts"], e["data"]["side"]) for e in control] == [([2, 1], 0)]
    assert r["state"]["scores"] == {"A": 3, "B": 1}
    assert kinds(r, "PieceRemoved")[0]["data"]["piece"] == "well"  # [ENC-LMK-1]


def check_scouting_run(r: Report) -> None:
    counts = [e["data"]["counts"] for e in kinds(r, "Control")]
    assert counts == [[2, 1], [2, 0], [0, 1], [0, 2]] and r["state"]["scores"] == {"A": 4, "B": 3}


def check_salvage_end(r: Report) -> None:
    rolls = [(e["data"]["side"], e["data"]["target"], e["data"]["points"]) for e in kinds(r, "ScoreRoll")]
    assert rolls == [(1, "M1", 3)]  # M4: an enemy within 3″
    assert r["state"]["phase"] == "over" and r["state"]["result"] == "Ghrim Company wins" and r["pending"] is None


def check_breakthrough(r: Report) -> None:
    assert models(r)["A2"]["status"] == "escaped" and kinds(r, "Escaped")[0]["data"]["rule"] == "ENC-BRK-2"
    assert r["state"]["scores"] == {"A": 2, "B": 0}  # a companion's kill value ([ENC-BRK-3])


def check_blast_victims(r: Report) -> None:
    # the Blast has hit its target; the nearer victim's player is asked Inner Reserve before its roll
    assert kinds(r, "BlastAttack") and r["pending"]["kind"] == "inner_reserve" and r["pending"]["side"] == "B"
    assert "Bothvatr" in r["pending"]["prompt"]


def check_turn_to_shoot(r: Report) -> None:
    # Hollowshot faces away from its only enemy; it is offered to activate (its shot may turn to him)
    assert r["pending"]["kind"] == "nominate" and r["pending"]["options"] == [{"key": "A5", "label": "Hollowshot"}]
    assert models(r)["A5"]["facing"] == 270


def check_relief_arrives(r: Report) -> None:
    # held back at set-up, the Defender's last two arrive where the answers place them when turn 3 begins
    arrived = kinds(r, "ReinforcementArrives")
    assert [(e["data"]["model"], e["data"]["at"]) for e in arrived] == [("B8", [14, 34]), ("B9", [22, 34])]
    assert r["state"]["encounter"]["fired"] == [{"event": 0, "name": "The relief column arrives"}]
    assert models(r)["B9"]["status"] == "table" and models(r)["B9"]["facing"] == 270


CHECKS: dict[str, tuple[Callable[[Report], None], tuple[str, ...]]] = {
    "relief_arrives": (check_relief_arrives, ("ENC-3", "ENC-4")),
    "blast_victims": (check_blast_victims, ("AOE-1", "FATE-5")),
    "turn_to_shoot": (check_turn_to_shoot, ("SEQ-5",)),
    "furious_attack": (check_furious_attack, ("EX-8",)),
    "sweeping_attack": (check_sweeping_attack, ("T-SWEEP-1",)),
    "engagement_setup": (check_engagement_setup, ("ENC-1", "ENC-2", "ENC-3", "ENC-ENG-1", "T-AMBUSH-1")),
    "rescue_setup": (check_rescue_setup, ("ENC-RES-1", "ENC-RES-2")),
    "salvage_setup": (check_salvage_setup, ("ENC-SAL-1", "ENC-SAL-2")),
    "rescue": (check_rescue, ("ENC-RES-4",)),
    "landmark": (check_landmark, ("ENC-LMK-1", "ENC-LMK-2", "ENC-LMK-3")),
    "scouting_run": (check_scouting_run, ("ENC-SCT-1", "ENC-SCT-2", "ENC-SCT-3")),
    "salvage_end": (check_salvage_end, ("ENC-SAL-3", "ENC-SAL-4")),
    "breakthrough": (check_breakthrough, ("ENC-BRK-1", "ENC-BRK-2", "ENC-BRK-3")),
}


def test_every_example_has_a_check() -> None:
    assert sorted(p.stem for p in EXAMPLES.glob("*.yaml")) == sorted(CHECKS)


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.rule("DIG-ACT-4", *rules))
                                  for n, (_check, rules) in CHECKS.items()])
def test_every_example_runs_and_reports(name: str) -> None:
    report = run_script(load_script(EXAMPLES / f"{name}.yaml"))
    assert report["error"] is None, report["error"]
    assert report["answers_used"] == len(load_script(EXAMPLES / f"{name}.yaml").raw.answers)
    CHECKS[name][0](report)


@pytest.mark.rule("ENC-ENG-1", "DIG-ACT-4")
def test_an_example_runs_from_the_command_line() -> None:
    out = subprocess.run([sys.executable, "-m", "game", "run", "docs/examples/engagement_setup.yaml"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    check_engagement_setup(json.loads(out.stdout))


# -- scripts written here ----------------------------------------------------------------------------------

HEAD = """format: iron-honor/script@1
seed: 7
scenario: {scenario}
parties:
  A: assets/parties/lantern_adventuring_co.yaml
  B: assets/parties/northmen_raiding_party.yaml
"""


def script(tmp_path: Path, scenario: str, body: str) -> Path:
    path = tmp_path / "script.yaml"
    path.write_text(HEAD.format(scenario=scenario) + body, encoding="utf-8")
    return path


def run(tmp_path: Path, scenario: str, body: str) -> Report:
    return run_script(load_script(script(tmp_path, scenario, body)))


def problems(tmp_path: Path, scenario: str, body: str) -> list[tuple[str, int | None, str]]:
    with pytest.raises(ContentError) as err:
        build_state(load_script(script(tmp_path, scenario, body)))
    return [(p.where, p.line, p.message) for p in err.value.problems]


@pytest.mark.rule("ENC-1", "ENC-ENG-1", "ENC-2")
def test_setup_answers_in_friendly_form_map_onto_the_options(tmp_path: Path) -> None:
    r = run(tmp_path, "engagement", "phase: setup\ndice: [6, 1]\nanswers: [The Left Edge, {x: 4, y: 18}, 0]\n")
    assert r["error"] is None and r["state"]["encounter"]["edge"] == "left"
    assert r["state"]["encounter"]["higher"] == "A" and r["pending"]["kind"] == "deploy"  # B chose, deploys on
    assert r["pending"]["side"] == "B"
    assert models(r)["B1"]["x"] == 4 and models(r)["B1"]["facing"] == 0


@pytest.mark.rule("ENC-ENG-1", "DIG-ACT-3")
def test_an_edge_that_is_not_offered_names_its_line_and_the_options(tmp_path: Path) -> None:
    r = run(tmp_path, "engagement", "phase: setup\ndice: [6, 1]\nanswers:\n  - north\n")
    err = r["error"]
    assert (err["answer_index"], err["line"], err["decision"]) == (0, 10, "choose_edge")
    assert err["options"] == ["top", "bottom", "left", "right"]
    assert "script.yaml:10: answers[0]" in err["message"] and "'north' is not offered" in err["message"]
    assert r["pending"]["kind"] == "choose_edge"  # the state is as before the answer


@pytest.mark.rule("ENC-2", "ENC-3")
def test_a_point_outside_the_zone_names_the_zone_and_the_nearest_legal_point(tmp_path: Path) -> None:
    r = run(tmp_path, "engagement", "phase: setup\ndice: [6, 1]\nanswers:\n  - top\n  - [18, 12]\n")
    err = r["error"]
    assert (err["answer_index"], err["line"], err["decision"], err["rule"]) == (1, 11, "deploy", "ENC-3")
    assert err["zone"] == "within 9″ of the top edge" and "the whole base must lie in its zone" in err["message"]
    assert err["nearest_legal"]["y"] <= 9 - 0.49


@pytest.mark.rule("ENC-SAL-1")
def test_a_marker_answer_breaking_the_spacing_is_refused(tmp_path: Path) -> None:
    r = run(tmp_path, "salvage", "phase: setup\ndice: [6, 1]\nanswers: [[12, 12], [15, 12]]\n")
    err = r["error"]
    assert err["decision"] == "place_marker" and err["answer_index"] == 1 and "8″ from every other marker" in \
        err["message"]


@pytest.mark.rule("ENC-ENG-3")
def test_engagement_position_rolls_for_the_extra_turn_and_never_a_second(tmp_path: Path) -> None:
    r = run(tmp_path, "engagement", "turn: 6\nphase: maintenance\ndice: [6]\n")
    assert [e["data"]["success"] for e in kinds(r, "ExtraTurnRoll")] == [True] and r["state"]["phase"] != "over"
    r = run(tmp_path, "engagement", "turn: 7\nphase: maintenance\nencounter: {extra_turns: 1}\n")
    assert not kinds(r, "ExtraTurnRoll") and r["state"]["phase"] == "over"


@pytest.mark.rule("ENC-ENG-2", "ENC-5", "ENC-4")
def test_engagement_position_scores_kill_values(tmp_path: Path) -> None:
    r = run(tmp_path, "engagement", "turn: 6\nphase: maintenance\nmodels:\n  B1: {status: killed}\n"
                                    "  B4: {status: removed}\n  A2: {status: killed}\ndice: [1]\n")
    assert r["state"]["scores"] == {"A": 4, "B": 2} and r["state"]["result"] == "Lantern Adventuring Co. wins"


@pytest.mark.rule("ENC-RES-1", "ENC-RES-3", "ENC-RES-4", "ENC-RES-5")
def test_rescue_position_blocked_rescue_and_the_kidnapper_wins(tmp_path: Path) -> None:
    body = """turn: 6
phase: maintenance
encounter: {higher: B, prisoner: Delia of the Green}
models:
  Delia of the Green: {x: 18, y: 18}
  Brother Rupert: {x: 18, y: 18.984252}
  Raensleyar: {x: 18, y: 15.5}
"""
    r = run(tmp_path, "rescue", body)
    assert r["state"]["encounter"]["roles"] == {"A": "Rescuer", "B": "Kidnapper"}
    assert kinds(r, "RescueBlocked") and not r["state"]["encounter"]["prisoner"]["rescued"]
    assert r["state"]["result"] == "Northmen Raiding Party wins" and r["state"]["scores"] == {"A": 0, "B": 3}
    r = run(tmp_path, "rescue", body.replace("{x: 18, y: 15.5}", "{x: 18, y: 14}"))  # 3.02″ away
    assert kinds(r, "Rescued") and r["state"]["result"] == "Lantern Adventuring Co. wins"


@pytest.mark.rule("ENC-RES-5")
def test_a_rescued_prisoner_given_in_the_position_counts_at_the_end(tmp_path: Path) -> None:
    body = """turn: 6
phase: maintenance
encounter:
  higher: B
  prisoner: {model: A5, rescued: true}
models:
  A5: {x: 18, y: 18}
"""
    r = run(tmp_path, "rescue", body)
    assert models(r)["A5"]["status"] == "table" and r["state"]["result"] == "Lantern Adventuring Co. wins"
    r = run(tmp_path, "rescue", body.replace("{x: 18, y: 18}", "{status: killed}"))
    assert r["state"]["result"] == "Northmen Raiding Party wins"  # rescued, but not alive at the end


@pytest.mark.rule("ENC-RES-2", "ENC-RES-3")
def test_a_held_prisoner_not_placed_is_placed_by_the_helper_and_its_die_stays_out(tmp_path: Path) -> None:
    r = run(tmp_path, "rescue", "phase: main\nencounter: {higher: B, prisoner: A4}\n")
    sigil = models(r)["A4"]
    assert sigil["status"] == "prisoner" and 6 <= sigil["x"] <= 30 and 6 <= sigil["y"] <= 30
    assert r["state"]["bag"].count("A") == 4 and not kinds(r, "Deployed")


@pytest.mark.rule("ENC-SAL-3", "ENC-SAL-4")
def test_salvage_markers_left_out_are_placed_by_the_helper(tmp_path: Path) -> None:
    r = run(tmp_path, "salvage", "phase: main\n")
    markers = r["state"]["encounter"]["markers"]
    assert [m["placed_by"] for m in markers] == ["A", "B", "A", "B"]  # alternating from higher (A by default)
    assert all(12 <= m["x"] <= 24 and 12 <= m["y"] <= 24 for m in markers)


@pytest.mark.rule("ENC-BRK-2")
def test_escape_is_refused_away_from_the_goal_edge(tmp_path: Path) -> None:
    body = "encounter: {higher: A, edge: bottom}\nbag: [A]\nfate: {A: 0, B: 0}\nmodels:\n" \
           "  A2: {x: 9, y: 0.5}\ndice: [3]\nanswers: [A2, escape]\n"
    r = run(tmp_path, "breakthrough", body)  # its own edge, the top: not its goal
    assert r["error"]["decision"] == "plan" and "escape" not in r["error"]["options"]


# -- bad scripts ----------------------------------------------------------------------------------------------

def test_an_unknown_scenario_is_located(tmp_path: Path) -> None:
    found = problems(tmp_path, "rescu", "")
    assert found[0][:2] == ("scenario", 3) and "no scenario named 'rescu'" in found[0][2] and "rescue" in found[0][2]
    path = script(tmp_path, "nowhere.yaml", "")
    with pytest.raises(ContentError, match="no such file"):
        load_script(path)


def test_a_bad_edge_name_in_the_position_is_located(tmp_path: Path) -> None:
    found = problems(tmp_path, "engagement", "encounter:\n  edge: north\n")
    assert found[0][:2] == ("encounter.edge", 8) and "'top', 'bottom', 'left' or 'right'" in found[0][2]


def test_a_prisoner_for_an_encounter_without_one_is_located(tmp_path: Path) -> None:
    found = problems(tmp_path, "landmark", "encounter:\n  prisoner: A3\n")
    assert found == [("encounter.prisoner", 8, "Landmark has no Prisoner (only an encounter with a 'prisoner' "
                                                "block has one, such as Rescue)")]


def test_a_prisoner_that_is_not_a_rescuer_follower_is_located(tmp_path: Path) -> None:
    found = problems(tmp_path, "rescue", "encounter:\n  higher: A\n  prisoner: {model: A4}\n")
    assert found[0][:2] == ("encounter.prisoner.model", 9)
    assert "the Rescuer's followers (Northmen Raiding Party, side B): Sigil the Dwarf (A4) is not" in found[0][2]
    found = problems(tmp_path, "rescue", "encounter: {higher: A}\n")
    assert found[0][0] == "encounter" and "needs its Prisoner" in found[0][2]


def test_markers_breaking_the_placement_rules_are_located(tmp_path: Path) -> None:
    found = problems(tmp_path, "salvage", "encounter:\n  markers:\n    - {x: 12, y: 12}\n    - {x: 6, y: 20}\n")
    assert found == [("encounter.markers[1]", 10, "a marker's centre must be at least 12″ from every table edge "
                                                  "[ENC-SAL-1]")]
    found = problems(tmp_path, "salvage", "encounter:\n  markers: [{x: 12, y: 12}, {x: 24, y: 12}, {x: 12, y: 24}, "
                                          "{x: 24, y: 24}, {x: 18, y: 18}]\n")
    assert found[0][0] == "encounter.markers" and "has 4 markers, found 5" in found[0][2]


def test_keys_that_set_up_decides_are_refused_in_phase_setup(tmp_path: Path) -> None:
    found = problems(tmp_path, "engagement", "phase: setup\nfate: {A: 1}\nmodels:\n  A1: {x: 3, y: 3}\n"
                                             "encounter: {higher: A}\n")
    assert [w for w, _line, _m in found] == ["encounter", "models.A1", "fate"]
    assert all(line is not None for _w, line, _m in found)


def test_other_encounter_keys_are_checked(tmp_path: Path) -> None:
    found = problems(tmp_path, "engagement", "turn: 8\nsettings: {turns: 4}\nencounter: {extra_turns: 2}\n")
    assert [w for w, _line, _m in found] == ["settings.turns", "encounter.extra_turns", "turn"]
    assert problems(tmp_path, "landmark", "encounter: {higher: C}\n")[0][0] == "encounter.higher"
    fixed = ("\n  format: iron-honor/scenario@1\n  name: Fixed\n  deployment:\n    first: higher\n    zones:\n"
             "      higher: {edge: top, depth: 6}\n      lower: {edge: bottom, depth: 6}\n  scoring: []\n"
             "  duration: {turns: 3}")
    found = problems(tmp_path, fixed, "encounter: {edge: top}\n")
    assert found == [("encounter.edge", 16, "nobody chooses an edge in Fixed: its zones are fixed")]
    path = tmp_path / "plain.yaml"
    path.write_text(HEAD.replace("scenario: {scenario}\n", "") + "encounter: {higher: A}\n", encoding="utf-8")
    with pytest.raises(ContentError, match="'encounter' needs a 'scenario'"):
        load_script(path)


def test_a_base_on_impassable_terrain_is_refused(tmp_path: Path) -> None:
    found = problems(tmp_path, "landmark", "models:\n  A1: {x: 18, y: 18}\n")  # on the landmark itself
    assert found[0][0] == "models.A1" and "impassable terrain 'landmark'" in found[0][2]
