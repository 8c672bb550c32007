"""The saves folder (issues #34 and #32): names checked where read, one autosave slot per battle, summaries
checked against the game, rematch by value, and reasons a player can read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.content.party_building import parse_party
from game.core.errors import ContentError
from game.saves import store
from game.saves.record import read_save
from game.ui.session import HOTSEAT, BattleSession, BattleSetup
from tests.conftest import PARTIES
from tests.saves.test_saves import Players, a_save

GHRIM = (PARTIES / "ghrim_company.yaml").read_text(encoding="utf-8")


@pytest.fixture
def saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in ("saves", "replays"):
        (tmp_path / name).mkdir()
    monkeypatch.setenv("IRON_HONOR_SAVES", str(tmp_path / "saves"))
    monkeypatch.setenv("IRON_HONOR_REPLAYS", str(tmp_path / "replays"))
    return tmp_path / "saves"


# -- #34.2: names checked where they are read ---------------------------------------------------------------

@pytest.mark.parametrize("bad", ["\x00", "\ud800", "Gh\x00rim"])
@pytest.mark.parametrize("where", ["name", "summary.encounter"])
def test_the_json_reader_refuses_a_nul_or_a_lone_surrogate_as_the_yaml_reader_does(saves: Path, bad: str,
                                                                                   where: str) -> None:
    a_save(saves / "odd.json", **{where: bad})
    with pytest.raises(ContentError, match=r"NUL|surrogate"):
        read_save(saves / "odd.json")


@pytest.mark.parametrize("name", ["\u200b", "\u2066\u2069", " ", "x" * 81, "A\tB"])
def test_a_party_whose_name_cannot_be_shown_is_refused_where_it_is_read(name: str) -> None:
    text = GHRIM.replace("name: Ghrim Company", f"name: {json.dumps(name)}", 1)
    with pytest.raises(ContentError) as exc:
        parse_party(text, "odd.yaml")
    assert "name" in exc.value.describe()


def test_any_text_is_made_showable_and_a_name_is_never_invisible_or_long() -> None:
    from game.core.names import MAX_NAME, PLACEHOLDER, clean, name_problem, shown_name

    assert clean("\u2066\u2069\u200b") == PLACEHOLDER and shown_name("") == PLACEHOLDER
    assert clean("a\x00b\ud800") == "a?b?" and clean("x" + "\u0301" * 500) == "x\u0301\u0301"
    assert shown_name("y" * 10**6) == "y" * MAX_NAME + "…"
    assert name_problem("Ghrim Company") is None and name_problem("\u200b") is not None


# -- #34.9, #32.10: one autosave slot per battle, never silently replaced -----------------------------------

def test_a_new_battle_keeps_the_unfinished_one_and_continue_resumes_the_latest(saves: Path) -> None:
    first = BattleSession(BattleSetup(seed=3, mode=HOTSEAT), autosave=True)
    Players(3).play(first, upto=30)
    kept = first.autosave_file
    second = BattleSession(BattleSetup(seed=4, mode=HOTSEAT), autosave=True)
    Players(4).play(second, upto=1)  # the new battle's first answer
    assert kept is not None and kept.is_file() and kept != second.autosave_file
    assert len(read_save(kept).answers) == 30  # the first battle is all there
    assert store.last_unfinished().path == second.autosave_file
    kinds = {i.path: i.kind for i in store.list_saves()}
    assert kinds == {kept: "unfinished", second.autosave_file: "unfinished"}


def test_a_battle_left_before_its_first_decision_can_be_continued(saves: Path) -> None:
    a_save(saves / "named.json", upto=40)
    record = read_save(saves / "named.json")
    branch = BattleSession.from_save(record, autosave=True)  # "play on" from a replay, then left at once
    assert store.last_unfinished() is not None and store.last_unfinished().path == branch.autosave_file
    fresh = BattleSession(BattleSetup(seed=8, mode=HOTSEAT), autosave=True)  # a new battle, no answer yet
    assert store.last_unfinished().path == fresh.autosave_file


def test_a_named_save_never_takes_an_autosave_s_file_name(saves: Path) -> None:
    for name in ("autosave", "AutoSave-20261205-101010", "autosave-20261205-101010-2"):
        assert not store.is_autosave(store.slot_path(name))


# -- #34.10: a summary is checked against the game ------------------------------------------------------------

def test_a_summary_that_lies_is_replaced_by_the_game_s_own(saves: Path) -> None:
    real = a_save(saves / "autosave.json", upto=12)["summary"]
    a_save(saves / "autosave.json", upto=12, **{"summary.turn": 99, "summary.scores": [42, 0],
                                                "summary.finished": True, "summary.winner": 0})
    item = store.verify(next(i for i in store.list_saves() if i.path.name == "autosave.json"))
    assert item.summary["turn"] == real["turn"] and item.summary["scores"] == real["scores"]
    assert {"turn", "scores", "finished", "winner"} <= set(item.differs)
    resume = store.last_unfinished()  # the file says finished; the game is not: Continue is offered
    assert resume is not None and resume.path.name == "autosave.json"


def test_a_save_whose_answers_were_edited_is_broken_in_a_player_s_words(saves: Path) -> None:
    data = a_save(saves / "edited.json", upto=20)
    data["answers"][5] = data["answers"][6]
    (saves / "edited.json").write_text(json.dumps(data), encoding="utf-8")
    item = store.verify(next(i for i in store.list_saves() if i.path.name == "edited.json"))
    assert item.record is None and "changed by hand" in item.headline
    assert "version of the game" not in item.headline
    with pytest.raises(Exception, match="changed by hand") as exc:
        BattleSession.from_save(read_save(saves / "edited.json"))
    assert "under this version" not in str(exc.value)


# -- #32.9: a broken JSON save is damaged, not a YAML syntax error --------------------------------------------

def test_a_cut_short_json_save_is_called_damaged_with_where_it_breaks(saves: Path) -> None:
    text = json.dumps(a_save(saves / "whole.json"))
    (saves / "cut.json").write_text(text[: len(text) // 2], encoding="utf-8")
    from game.saves.record import DAMAGED, headline_of

    with pytest.raises(ContentError) as exc:
        read_save(saves / "cut.json", "cut.json")
    assert headline_of(exc.value) == DAMAGED and "YAML" not in exc.value.describe()
    assert "line 1" in exc.value.describe()


# -- #34.6: rematch from the save's own content -----------------------------------------------------------------

def test_rematch_after_load_plays_the_save_s_own_texts_and_reads_no_file_it_names(saves: Path,
                                                                                  tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere.yaml"
    elsewhere.write_text(GHRIM.replace("name: Ghrim Company", "name: Read From Outside", 1), encoding="utf-8")
    a_save(saves / "s.json", upto=10)
    data = json.loads((saves / "s.json").read_text(encoding="utf-8"))
    data["setup"]["parties"][0]["file"] = str(elsewhere)  # a path, where the game wrote a name
    (saves / "s.json").write_text(json.dumps(data), encoding="utf-8")
    loaded = BattleSession.from_save(read_save(saves / "s.json"))
    for seed in (None, 77):
        again = loaded.rematch(seed, autosave=False)
        assert [s.name for s in again.state.sides] == ["Ghrim Company", "Northmen Raiding Party"]
        assert again.setup_block["parties"] == data["setup"]["parties"] and len(again.recorder.answers) == 0
        assert again.setup.seed == (2 if seed is None else 77) == again.setup_block["seed"]


def test_opening_a_finished_game_makes_no_autosave(saves: Path, tmp_path: Path) -> None:
    s = BattleSession(BattleSetup(seed=6, mode=HOTSEAT))
    Players(6).play(s)
    s.save_replay(store.replays_dir() / "whole.json")
    opened = BattleSession.from_save(read_save(store.replays_dir() / "whole.json"), autosave=True)
    assert opened.over and store.autosaves() == [] and opened.autosave_file is None
