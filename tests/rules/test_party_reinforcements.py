"""A scenario's reinforcements may be a party file: its models join the side when the event fires ([ENC-4])."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.content.maps import BattleMap
from game.content.scenario_file import kept_parties, load_scenario
from game.core.errors import ContentError
from game.paths import ASSETS
from game.rules import scoring
from game.rules.deployment import AutoDeploy
from game.rules.engine import Game
from game.rules.setup import new_game
from game.rules.state import KILLED, ON_TABLE
from game.saves.playback import Recorder, play_back
from game.saves.record import SaveRecord, read_save, write_save
from game.ui import objective_marks
from tests.rules.encounter_harness import Policy, parties
from tests.rules.test_scenario_effects import HEAD, PLACES

EVENT = """events:
  - name: The relief column
    when: {turn_starts: 2}
    do:
      - reinforcements: {side: Defender, party: Relief Column, edge: own, within: 3}
"""


@pytest.fixture
def mods(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A mod folder with one party file, ``relief_column.yaml`` (a copy of the Ghrim Company)."""
    folder = tmp_path / "mods"
    (folder / "parties").mkdir(parents=True)
    (folder / "parties" / "relief_column.yaml").write_text((ASSETS / "parties" / "ghrim_company.yaml").read_text())
    monkeypatch.setenv("IRON_HONOR_MODS", str(folder))
    return folder


def scenario_file(tmp_path: Path, events: str = EVENT) -> Path:
    path = tmp_path / "relief.yaml"
    path.write_text(HEAD + events)
    return path


@pytest.mark.rule("ENC-4")
def test_a_partys_models_join_the_side_arrive_act_and_are_scored(tmp_path: Path, mods: Path) -> None:
    sc = load_scenario(scenario_file(tmp_path))
    state = new_game(parties(), BattleMap("open", ()), 7, scenario=sc)
    state.dice.force(6, 1)  # Red is higher (the Raider), Blue the Defender
    policy = AutoDeploy(Policy(PLACES))
    game = Game(state, [policy, policy])
    fate, name = state.sides[1].fate, state.sides[1].name
    cards = []
    while state.turn < 2:
        assert set(state.models) == {"A1", "A2", "A3", "B1", "B2", "B3"}  # nobody joins before the event
        if state.phase.value == "main" and not cards:  # the table shows where they will arrive
            cards = [m.card for m in objective_marks.marks(state) if m.kind == "arrival"]
        game.step()
    assert cards and cards[0][1].startswith("6 models to arrive") and "bottom edge" in cards[0][2]
    while sum(e.kind == "ReinforcementArrives" for e in state.log) < 6:
        game.step()
    joined = [m for m in state.side_models(1) if m.profile.name not in ("Blue Hero", "Blue Axe", "Blue Club")]
    assert [m.id for m in joined] == ["B4", "B5", "B6", "B7", "B8", "B9"]  # the side's letter, numbers going on
    assert joined[0].profile.name == "Caterine Ghrim"
    assert all(m.status == ON_TABLE and m.y + m.radius >= 36 - 3 - 1e-9 for m in joined)  # within 3″ of its edge
    assert state.sides[1].fate == fate and state.sides[1].name == name  # the Fate pool and the name stay
    assert state.bag.count(1) >= len(joined)  # their dice joined the bag
    while not any(e.kind == "Activation" and e.data.get("model") in {m.id for m in joined} for e in state.log):
        game.step()  # one of them acts
    before = scoring.standing(state, 0)
    state.model("B4").status = KILLED  # Caterine Ghrim, a hero: the Raider scores her kill value
    assert scoring.standing(state, 0) == before + 3


def test_a_save_keeps_the_party_file_and_replays_without_it(tmp_path: Path, mods: Path) -> None:
    path = scenario_file(tmp_path)
    sc = load_scenario(path)
    text = (ASSETS / "parties" / "ghrim_company.yaml").read_text()
    setup = {"seed": 7, "mode": "hotseat", "ai_level": "normal", "human_side": 0, "declare_plan_upfront": True,
             "parties": [{"file": "ghrim_company.yaml", "text": text}] * 2,
             "map": {"file": "open_field.yaml", "text": (ASSETS / "maps" / "open_field.yaml").read_text()},
             "scenario": {"file": path.name, "text": path.read_text()}, "scenario_parties": kept_parties(sc)}
    assert [p["file"] for p in setup["scenario_parties"]] == ["relief_column.yaml"]
    from game.saves.playback import start_game

    game = start_game(setup)
    state = game.state
    recorder = Recorder(state)
    from game.ai.registry import make

    ais = [make("easy", 3), make("easy", 4)]
    while state.turn < 3 and not game.over and game.pending is not None:
        decision = game.pending
        game.answer(ais[decision.side].decide(state, decision))
        recorder.note(game.answers[-1], decision.side)
    assert len(state.models) == 18 and any(e.kind == "ReinforcementArrives" for e in state.log)
    last = list(state.models)[-1]  # A12 or B12: the Defender's sixth model to join
    (mods / "parties" / "relief_column.yaml").unlink()  # the file is gone: the save holds it
    save = tmp_path / "game.json"
    write_save(save, SaveRecord(setup, {"encounter": "The Gorge", "parties": ["a", "b"], "map": "open_field",
                                        "turn": state.turn, "scores": [0, 0], "finished": False, "mode": "hotseat",
                                        "decisions": len(recorder.answers)}, recorder.answers, recorder.checks),
               durable=False)
    record = read_save(save)
    assert record.setup["scenario_parties"] == setup["scenario_parties"]
    played = play_back(record.setup, record.answers, record.checks)
    assert played.divergence is None
    assert played.game.state.model(last).profile.name == state.model(last).profile.name
    assert last.endswith("12") and played.game.state.snapshot() == state.snapshot()


def test_an_unknown_party_or_models_with_a_party_are_refused_at_load(tmp_path: Path, mods: Path) -> None:
    bad = EVENT.replace("Relief Column", "No Such Party")
    with pytest.raises(ContentError) as caught:
        load_scenario(scenario_file(tmp_path, bad))
    [problem] = caught.value.problems
    assert problem.where == "events[0].do[0].reinforcements.party" and problem.line == 18
    assert "no party named 'No Such Party'" in problem.message
    both = EVENT.replace("edge: own", "models: [Blue Axe], edge: own")
    with pytest.raises(ContentError) as caught:
        load_scenario(scenario_file(tmp_path, both))
    assert [p.where for p in caught.value.problems] == ["events[0].do[0].reinforcements.models"]
