"""A finished game's save keeps its state by value: it opens at once, the state round-trips whole, and a kept
state that is not the game its moves play is caught and reported, never trusted ([DIG-ACT-4])."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai.registry import make
from game.cli import main
from game.content.scenario_file import kept_parties, load_scenario
from game.core.errors import ContentError
from game.paths import ASSETS
from game.saves import kept_state
from game.saves.playback import Recorder, play_back, start_game
from game.saves.record import SaveRecord, read_save, write_save
from game.saves.state_value import _class_of, decode, digest, encode, hints_known, picture
from game.saves.store import listed, verify
from game.ui.session import HOTSEAT, VS_AI, BattleSession, BattleSetup
from tests.rules.test_party_reinforcements import mods, scenario_file  # noqa: F401  (the fixture)
from tests.sampling import examples

ROOT = Path(__file__).resolve().parents[2]


def finished_game(scenario: str, seed: int, parties: tuple[str, str] = ("ghrim_company", "northmen_raiding_party"),
                  battle_map: str = "forest_crossing") -> BattleSession:
    """A hotseat battle played to its end by two easy AIs standing in for the players."""
    s = BattleSession(BattleSetup(scenario=scenario, map=battle_map, parties=parties, mode=HOTSEAT, seed=seed))
    ais = [make("easy", seed), make("easy", seed + 1)]
    while not s.over:
        d = s.pending
        assert s.answer(ais[d.side].decide(s.state, d)) is None
    return s


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, BattleSession]:
    """A finished rescue (a Prisoner, markers of its own) saved with its state."""
    s = finished_game("rescue", 8, ("lantern_adventuring_co", "thornwood_wildkin"))
    path = tmp_path_factory.mktemp("kept") / "finished.json"
    s.save_to(path)
    return path, s


def round_trip(state: Any, setup: dict[str, Any], decisions: int) -> tuple[dict[str, Any], Any]:
    block = encode(state, kept_state.kept_roots(state), decisions)
    assert block is not None, "some part of the state cannot be kept"
    as_read = json.loads(json.dumps(block, ensure_ascii=False))  # as written to the file and read back
    return block, decode(as_read, kept_state.roots_of(setup))


@pytest.mark.rule("DIG-ACT-4")
@pytest.mark.parametrize(("scenario", "seed"), [("engagement", 3), ("rescue", 5), ("salvage", 7),
                                                ("signal_fires", 2), ("the_relief", 4), ("landmark", 9),
                                                ("breakthrough", 6), ("the_granary", 1)])
def test_a_finished_games_state_comes_back_whole_and_identical(scenario: str, seed: int) -> None:
    s = finished_game(scenario, seed)
    block, back = round_trip(s.state, s.setup_block, len(s.recorder.answers))
    assert picture(back) == picture(s.state)  # every field, the log and the dice
    assert encode(back, kept_state.kept_roots(back), len(s.recorder.answers)) == block  # the same digest
    for name, model in back.models.items():  # content by reference: the profiles the setup's texts build
        assert model.profile == s.state.models[name].profile
    classes = block["classes"]
    assert all(hints_known(_class_of(entry, ())[0]) for entry in classes.values())  # every field's type is checked
    if scenario in ("salvage", "signal_fires"):
        assert back.encounter.markers and "Marker" in classes
    if scenario == "rescue":
        assert back.encounter.prisoner in back.models


def test_a_dice_source_of_64_bits_unsigned_is_kept_in_a_saves_signed_numbers(saved: tuple[Path, BattleSession],
                                                                             tmp_path: Path) -> None:
    path, s = saved
    state = s.state.copy()
    state.dice._state = 2 ** 64 - 1  # beyond what a save's number holds
    block, back = round_trip(state, s.setup_block, len(s.recorder.answers))
    dice = block["value"]["GameState"][2]["Dice"]
    assert back.dice._state == 2 ** 64 - 1 and {"i": str(2 ** 64 - 1)} in dice.values()
    data = json.loads(path.read_text(encoding="utf-8"))
    data["state"] = block
    (tmp_path / "big.json").write_text(json.dumps(data), encoding="utf-8")
    assert read_save(tmp_path / "big.json").state == block  # read as a save's JSON


def test_reinforcements_from_a_party_file_are_kept_by_reference_to_the_saves_own_copy(tmp_path: Path,
                                                                                     mods: Path) -> None:  # noqa: F811
    path = scenario_file(tmp_path)
    text = (ASSETS / "parties" / "ghrim_company.yaml").read_text()
    setup = {"seed": 7, "mode": "hotseat", "ai_level": "normal", "human_side": 0, "declare_plan_upfront": True,
             "parties": [{"file": "ghrim_company.yaml", "text": text}] * 2,
             "map": {"file": "open_field.yaml", "text": (ASSETS / "maps" / "open_field.yaml").read_text()},
             "scenario": {"file": path.name, "text": path.read_text()},
             "scenario_parties": kept_parties(load_scenario(path))}
    game = start_game(setup)
    ais = [make("easy", 3), make("easy", 4)]
    while not game.over:
        d = game.pending
        game.answer(ais[d.side].decide(game.state, d))
    assert len(game.state.models) == 18  # six joined
    (mods / "parties" / "relief_column.yaml").unlink()  # the save holds the party: its file is not needed
    block, back = round_trip(game.state, setup, len(game.answers))
    assert '"joining.relief_column.models.' in json.dumps(block)
    assert picture(back) == picture(game.state)


def test_a_finished_game_opens_from_its_state_at_once_and_checks_out(saved: tuple[Path, BattleSession]) -> None:
    path, s = saved
    record = read_save(path)
    assert record.state is not None and record.state["decisions"] == len(record.answers)
    opened = BattleSession.from_save(record)
    assert opened.over and opened.unchecked is not None  # built from the state: nothing played back yet
    assert picture(opened.state) == picture(s.state)
    assert opened.summary() == s.summary() and opened.score_history() == s.score_history()
    assert opened.check_kept(budget=0.0) is None and opened.unchecked is not None  # a slice at a time
    assert opened.check_kept() is None and opened.unchecked is None and opened.kept_problem is None
    again = opened.record()  # saved again (a replay from the results screen): the same state
    assert again is not None and again.state == record.state and again.controllers == record.controllers
    without = SaveRecord(setup=record.setup, summary=record.summary, answers=record.answers, checks=record.checks)
    played = BattleSession.from_save(without)  # a save without it (an older one) is played back, as before
    assert played.unchecked is None and picture(played.state) == picture(opened.state)


def test_an_ai_games_kept_memory_is_saved_again_as_it_was(tmp_path: Path) -> None:
    s = BattleSession(BattleSetup(seed=5, mode=VS_AI, ai_level="easy"))
    player = make("easy", 9)
    while not s.over:
        if s.human_turn():
            assert s.answer(player.decide(s.state, s.pending)) is None
        else:
            s.step_ai()
    s.save_to(tmp_path / "ai.json")
    record = read_save(tmp_path / "ai.json")
    opened = BattleSession.from_save(record)
    assert opened.controllers == [None, None]  # over: no AI is asked again, nor made
    again = opened.record()
    assert again is not None and record.controllers is not None and again.controllers == record.controllers


def tampered(path: Path, out: Path, change, keep_digest: bool = False) -> Path:
    """The save at ``path`` with its kept state changed by ``change`` (its digest made to fit unless told)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data["state"]["value"])
    if not keep_digest:
        data["state"]["digest"] = digest(data["state"]["value"])
    out.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return out


def models_of(value: dict[str, Any]) -> dict[str, Any]:
    return value["GameState"][1]


def wounds(model: dict[str, Any]) -> list[Any]:
    return model["ModelState"]  # id, side, profile, x, y, facing, wounds_taken, ...


def hurt(value: dict[str, Any]) -> None:
    model = next(m for m in models_of(value).values() if wounds(m)[6] == 0 and wounds(m)[7] == {"Status": "table"})
    wounds(model)[6] = 1


@pytest.mark.rule("DIG-ACT-4")
def test_a_tampered_state_is_caught_against_the_moves(saved: tuple[Path, BattleSession], tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    path, s = saved
    bad = tampered(path, tmp_path / "tampered.json", hurt)  # a model's wounds, and a digest that fits them
    record = read_save(bad)
    opened = BattleSession.from_save(record)  # opened at once: the state is well formed
    problem = opened.check_kept()
    assert problem is not None and str(bad) in problem and "wounds_taken" in problem
    assert "the file has 1, its moves give 0" in problem
    assert opened.kept_problem == problem and picture(opened.state) == picture(s.state)  # the moves' game shown
    # the Load list and the replay command check it at once
    item = verify(listed(bad))
    assert item.record is None and "wounds_taken" in (item.problem or "")
    capsys.readouterr()
    assert main(["replay", str(bad)]) == 1  # the command in-process (its own process: tests/saves/test_saves.py)
    err = capsys.readouterr().err
    assert "wounds_taken" in err and "not the game its moves play" in err
    assert main(["replay", str(path)]) == 0, capsys.readouterr().err


def test_a_state_moved_elsewhere_or_given_another_winner_is_caught(saved: tuple[Path, BattleSession],
                                                                  tmp_path: Path) -> None:
    path, _ = saved

    def moved(value: dict[str, Any]) -> None:
        model = next(m for m in models_of(value).values() if wounds(m)[7] == {"Status": "killed"})
        wounds(model)[3] += 1.5  # where a dead model lies: shown nowhere, still not the game

    def retold(value: dict[str, Any]) -> None:
        value["GameState"][8][-1]["Event"][1] = "Nobody wins"  # the log's last line

    for change, words in ((moved, ".x: the file has"), (retold, "log[")):
        opened = BattleSession.from_save(read_save(tampered(path, tmp_path / "t.json", change)))
        problem = opened.check_kept()
        assert problem is not None and words in problem, problem


@pytest.mark.parametrize(("change", "where", "why"), [
    (hurt, "state.digest", "does not match its digest"),
    (lambda v: wounds(next(iter(models_of(v).values()))).__setitem__(6, "two"), "state.value.GameState[1]",
     "ModelState.wounds_taken is a whole number"),
    (lambda v: v["GameState"].__setitem__(15, 5), "state.value", "its winner is side 5"),
    (lambda v: v["GameState"].__setitem__(15, "A"), "state.value.GameState[15]", "GameState.winner is of type"),
    (lambda v: v["GameState"].pop(), "state.value.GameState", "expected the 18 fields of a GameState"),
    (lambda v: v.__setitem__("Evil", []), "state.value", "expected a game state"),
    (lambda v: wounds(next(iter(models_of(v).values()))).__setitem__(2, {"r": "party7.models.0"}),
     "state.value.GameState[1]", "refers to content this save's setup does not have"),
])
def test_a_damaged_state_is_refused_naming_the_file_and_key_path(saved: tuple[Path, BattleSession], tmp_path: Path,
                                                                change, where: str, why: str) -> None:
    path, _ = saved
    bad = tampered(path, tmp_path / "bad.json", change, keep_digest=where == "state.digest")
    with pytest.raises(ContentError) as caught:
        BattleSession.from_save(read_save(bad))
    [problem] = caught.value.problems
    assert caught.value.file == str(bad) and problem.where.startswith(where) and why in problem.message, problem


@pytest.mark.parametrize(("entry", "why"), [
    ({"class": "os:system"}, "not a class of the game's rules"),
    ({"class": "builtins:eval"}, "not a class of the game's rules"),
    ({"class": "game.core.errors:ContentError"}, "not a class a state is rebuilt from"),
    ({"class": "game.rules.state:SideState", "fields": ["index", "party", "fate", "hero_fate", "hero_fate_turn",
                                                        "heroic_impetus_used", "hero_died_turn", "score"]},
     "expected the 8 fields of a SideState"),
])
def test_only_the_games_own_classes_of_the_kinds_a_state_holds_are_rebuilt(saved: tuple[Path, BattleSession],
                                                                          tmp_path: Path, entry, why: str) -> None:
    path, _ = saved
    data = json.loads(path.read_text(encoding="utf-8"))
    data["state"]["classes"]["ModelState"] = entry
    (tmp_path / "classes.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        BattleSession.from_save(read_save(tmp_path / "classes.json"))
    [problem] = caught.value.problems
    assert problem.where.startswith(("state.classes.ModelState", "state.value")) and why in problem.message, problem


def test_a_finished_saves_problems_are_located_in_the_rest_by_line_and_in_its_state_by_key(
        saved: tuple[Path, BattleSession], tmp_path: Path) -> None:
    path, _ = saved
    text = path.read_text(encoding="utf-8")
    turn, decisions = json.loads(text)["summary"]["turn"], json.loads(text)["state"]["decisions"]
    state_line = text.count("\n", 0, text.index('\n "state": ')) + 2
    bad = text.replace(f'"turn": {turn},', '"turn": "late",', 1).replace(f'"decisions":{decisions},',
                                                                          '"decisions":"all",', 1)
    (tmp_path / "two.json").write_text(bad, encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        read_save(tmp_path / "two.json")
    rest, state = caught.value.problems
    assert (rest.where, state.where) == ("summary.turn", "state.decisions")
    assert rest.line == text[:text.index(f'"turn": {turn},')].count("\n") + 1 and state.line == state_line
    nul = text.replace('{"r":"scenario"}', '{"r":"scen\\u0000ario"}')  # a NUL in a text of the state's
    (tmp_path / "nul.json").write_text(nul, encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        read_save(tmp_path / "nul.json")
    assert [p.where for p in caught.value.problems] == ["state"]


@pytest.mark.parametrize("change", [
    lambda d: d["state"].__setitem__("format", "iron-honor/state@2"),  # a later format of the state
    lambda d: d["state"].__setitem__("decisions", 3),  # taken after other answers
    lambda d: d.__setitem__("game_version", "0.0.1"),  # another version of the game: its classes may differ
    lambda d: d.__setitem__("rules_hash", "0" * 16),  # other rules
    lambda d: d["state"]["classes"].__setitem__("Watch", {"class": "game.rules.encounter:Gone"}),  # a class gone
    lambda d: d["state"]["classes"]["ModelState"]["fields"].append("morale"),  # a class's fields changed
])
def test_a_state_not_of_this_version_is_passed_over_and_the_save_played_back(saved: tuple[Path, BattleSession],
                                                                             tmp_path: Path, change) -> None:
    path, s = saved
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    (tmp_path / "other.json").write_text(json.dumps(data), encoding="utf-8")
    record = read_save(tmp_path / "other.json")
    opened = BattleSession.from_save(record)
    assert opened.unchecked is None and picture(opened.state) == picture(s.state)
    assert verify(listed(tmp_path / "other.json")).record is not None  # and listed as sound


def test_an_unfinished_games_save_keeps_no_state(tmp_path: Path) -> None:
    s = BattleSession(BattleSetup(seed=4, mode=HOTSEAT))
    ais = [make("easy", 1), make("easy", 2)]
    for _ in range(30):
        d = s.pending
        s.answer(ais[d.side].decide(s.state, d))
    record = s.record()
    assert record is not None and record.state is None


def leaves(value: Any, path: tuple = ()) -> list[tuple]:
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in leaves(v, (*path, k))] or [path]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in leaves(v, (*path, i))] or [path]
    return [path]


JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 40) | st.floats(-5, 40) | st.text(max_size=4),
                    lambda inner: st.lists(inner, max_size=2) | st.dictionaries(st.sampled_from(
                        ["t", "m", "r", "f", "Event", "Status", "x"]), inner, max_size=2), max_leaves=4)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_edit_of_the_state_is_refused_or_caught_never_a_crash(saved: tuple[Path, BattleSession], tmp_path: Path,
                                                                  data: st.DataObject) -> None:
    path, s = saved
    original = json.loads(path.read_text(encoding="utf-8"))
    spots = leaves(original["state"]["value"])
    spot = data.draw(st.sampled_from(spots[:40] + spots[-400:]))  # the models and sides, and the log's end
    new = data.draw(JSON)

    def change(value: dict[str, Any]) -> None:
        target = value
        for key in spot[:-1]:
            target = target[key]
        target[spot[-1]] = new

    try:
        opened = BattleSession.from_save(read_save(tampered(path, tmp_path / "fuzz.json", change)))
    except ContentError as exc:
        assert exc.problems and exc.file.endswith("fuzz.json")
        return
    problem = opened.check_kept()
    same = picture(opened.state) == picture(s.state)
    assert same and (problem is None) == (opened.kept_problem is None)  # the moves' game, whatever was kept


def test_a_played_back_record_and_a_kept_one_agree_on_a_scripts_position(tmp_path: Path) -> None:
    s = BattleSession.from_script(str(ROOT / "docs" / "examples" / "relief_arrives.yaml"), mode=HOTSEAT)
    ais = [make("easy", 1), make("easy", 2)]
    while not s.over:
        d = s.pending
        s.answer(ais[d.side].decide(s.state, d))
    s.save_to(tmp_path / "position.json")
    record = read_save(tmp_path / "position.json")
    assert record.state is not None
    opened = BattleSession.from_save(record)
    assert opened.unchecked is not None and opened.check_kept() is None
    played = play_back(record.setup, record.answers, record.checks)
    assert picture(played.game.state) == picture(opened.state)
    assert isinstance(Recorder.kept(opened.state, record.answers, record.checks).sides, list)
    write_save(tmp_path / "again.json", record, durable=False)
    assert read_save(tmp_path / "again.json").state == record.state
