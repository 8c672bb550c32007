"""The Load screen, Continue and Rematch with real input events (issues #34 and #32).

Odd and huge save names, saves and replays listed together, summaries checked against the game, several
unfinished battles kept, rematch from a loaded save, and reasons written for a player.
"""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.saves import store
from game.saves.record import read_save
from game.ui.app import App
from game.ui.scenes.load import LoadScene
from game.ui.scenes.save_as import SaveAsScene
from game.ui.session import HOTSEAT, BattleSession, BattleSetup
from tests.saves.test_saves import Players, a_save
from tests.ui.driver import click, frames, menu_app, play_headless, type_text

HEAVY_MARKS = "Z\u0301\u0302\u0303" * 60  # raised "Row longer than layout" in the text box


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    return menu_app(tmp_path, monkeypatch, ("CONFIG", "MODS", "SAVES", "REPLAYS"))


@pytest.fixture(scope="module")
def finished_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A whole hotseat battle, saved as a replay (once for the module)."""
    s = BattleSession(BattleSetup(seed=6, mode=HOTSEAT))
    Players(6).play(s)
    assert s.over
    path = tmp_path_factory.mktemp("finished") / "whole.json"
    s.save_replay(path)
    return path


def open_load(app: App) -> LoadScene:
    click(app, app.top.widgets["load"])
    frames(app, 4)  # the list is checked against the game a few saves a frame
    assert isinstance(app.top, LoadScene)
    return app.top


def rows(load: LoadScene) -> dict[str, str]:
    return {k.removeprefix("saves:"): w.text for k, w in load.widgets.items() if k.startswith("saves:")}


def drawn(app: App) -> list[str]:
    """Every text the UI holds: button and label texts, text boxes' markup, tooltips."""
    out = []
    for el in app.manager.get_sprite_group().sprites():
        for attr in ("text", "html_text", "tool_tip_text"):
            value = getattr(el, attr, None)
            if isinstance(value, str):
                out.append(value)
    return out


# -- #34.2 ------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["\u2066\u2069", "\u200b", "\x00", "\ud800", HEAVY_MARKS, "\u200b\u0301" * 5],
                         ids=["bidi-isolates", "zero-width-space", "nul", "lone-surrogate", "heavy-marks",
                              "marks-on-nothing"])
def test_the_load_screen_lists_and_shows_a_save_of_any_name(app: App, name: str) -> None:
    saves = store.saves_dir()
    a_save(saves / "odd.json", **{"name": name})
    load = open_load(app)
    (key,) = rows(load)
    for _ in range(3):  # every click shows it again: it never raises
        click(app, load.widgets[f"saves:{key}"])
    details = load.widgets["details"].html_text
    if name in ("\x00", "\ud800"):  # refused where it is read, as the YAML reader refuses it
        assert (rows(load)[key].startswith("Broken") and "NUL" in details) or "surrogate" in details
    else:
        assert rows(load)[key].startswith("Save: ")
    if name.strip("\u2066\u2069\u200b\u0301") == "":
        assert "(unnamed)" in rows(load)[key] and "(unnamed)" in details


def test_save_as_refuses_a_name_with_nothing_that_shows(app: App) -> None:
    app.top.quick_battle(seed=4)
    from game.ai.registry import make
    from game.ui.autopilot import Autopilot

    pilot = Autopilot(app, lambda side: make("easy", 40 + side))
    while app.top.name != "battle" or len(app.top.session.recorder.answers) < 3:
        pilot.step()
    battle = app.top
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=pygame.KMOD_LCTRL, unicode="",
                                         scancode=0))
    frames(app, 2)
    ask = app.top
    assert isinstance(ask, SaveAsScene)
    click(app, ask.widgets["name"])
    ask.widgets["name"].set_text("")
    frames(app, 1)
    type_text(app, "\u2066\u200b\u2069")  # typed: refused by the box (they draw nothing)
    assert ask.widgets["name"].get_text() == ""
    ask.text = "\u2066\u200b\u2069"  # pasted or otherwise put in: refused when saved
    click(app, ask.widgets["save"])
    assert app.top is ask and "letter" in ask.widgets["note"].html_text
    assert [p.name for p in store.saves_dir().iterdir() if not store.is_autosave(p)] == []
    ask.widgets["name"].set_text("")
    type_text(app, "Dawn")
    click(app, ask.widgets["save"])
    assert app.top is battle and (store.saves_dir() / "Dawn.json").is_file()


# -- #34.4 ------------------------------------------------------------------------------------------------------

def test_a_long_name_is_cut_where_shown_and_costs_what_a_short_one_does(app: App) -> None:
    """The work is bounded by what is drawn: every text handed to the UI is as long for a name of 10,000
    characters as for one of 100 (before, the whole name went to the list, the box and the tooltip)."""
    saves = store.saves_dir()
    sizes = {}
    for n in (100, 10_000):
        for p in saves.iterdir():
            p.unlink()
        a_save(saves / "long.json", **{"name": "ab " * (n // 3) + "x" * (n % 3)})
        load = open_load(app)
        (key,) = rows(load)
        click(app, load.widgets[f"saves:{key}"])
        assert "…" in rows(load)[key] and len(rows(load)[key]) < 160
        sizes[n] = sum(len(t) for t in drawn(app))
        click(app, load.widgets["back"])
    assert sizes[10_000] <= sizes[100] * 1.1, sizes


# -- #32.1 ------------------------------------------------------------------------------------------------------

def test_a_replay_saved_from_the_results_screen_is_listed_on_load_as_a_replay(app: App, finished_game: Path) -> None:
    from game.ui.scenes.results import ResultsScene

    app.push(ResultsScene(app, BattleSession.from_save(read_save(finished_game))))
    frames(app, 2)
    results = app.top
    assert results.name == "results"
    click(app, results.widgets["save"])
    assert results.saved is not None and results.saved.parent == store.replays_dir()
    click(app, results.widgets["menu"])
    a_save(store.saves_dir() / "mid.json")
    load = open_load(app)
    listed = rows(load)
    assert listed[str(results.saved)].startswith("Replay: ") and listed[str(store.saves_dir() / "mid.json")] \
        .startswith("Save: ")
    click(app, load.widgets[f"saves:{results.saved}"])
    assert "replays folder" in load.widgets["details"].html_text and load.widgets["watch"].is_enabled


# -- #34.6 ------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("button", ["rematch", "rematch_new"])
def test_rematch_after_load_starts_the_same_battle_from_the_save_itself(app: App, finished_game: Path,
                                                                        tmp_path: Path, button: str) -> None:
    data = json.loads(finished_game.read_text(encoding="utf-8"))
    outside = tmp_path / "outside.yaml"
    outside.write_text(data["setup"]["parties"][0]["text"].replace("name: Ghrim Company", "name: Outsider", 1),
                       encoding="utf-8")
    data["setup"]["parties"][0]["file"] = str(outside)  # a save naming a file outside the game's folders
    (store.saves_dir() / "done.json").write_text(json.dumps(data), encoding="utf-8")
    load = open_load(app)
    click(app, load.widgets[f"saves:{store.saves_dir() / 'done.json'}"])
    click(app, load.widgets["open"])
    results = app.top
    assert results.name == "results"
    click(app, results.widgets[button])
    assert app.top.name == "battle", getattr(results, "error", None)
    battle = app.top
    assert [s.name for s in battle.state.sides] == ["Ghrim Company", "Northmen Raiding Party"]
    assert battle.session.setup_block["parties"] == data["setup"]["parties"]
    assert (battle.session.setup.seed == data["setup"]["seed"]) == (button == "rematch")


# -- #34.9, #32.10 ----------------------------------------------------------------------------------------------

def test_a_new_battle_never_replaces_an_unfinished_one(app: App) -> None:
    from game.ai.registry import make
    from game.ui.autopilot import Autopilot

    app.top.quick_battle(seed=21)
    pilot = Autopilot(app, lambda side: make("easy", 40 + side))
    # 60 answers without drawing them (what is checked is where they are kept)
    play_headless(app, lambda side: make("easy", 40 + side), lambda s: len(s.recorder.answers) >= 60)
    frames(app, 2)
    while app.top.name != "battle":  # (a turn's summary)
        pilot.step()
    first = app.top.session
    click(app, app.top.widgets["menu"])
    click(app, app.top.widgets["yes"])
    made = len(first.recorder.answers)
    app.top.quick_battle(seed=22)
    while app.top.name != "battle" or len(app.top.session.recorder.answers) < 1:
        pilot.step()
    second = app.top.session
    click(app, app.top.widgets["menu"])
    click(app, app.top.widgets["yes"])
    load = open_load(app)
    listed = rows(load)
    assert listed[str(first.autosave_file)].startswith("Unfinished:")
    assert listed[str(second.autosave_file)].startswith("Unfinished (Continue):")
    assert len(read_save(first.autosave_file).answers) == made >= 60
    click(app, load.widgets[f"saves:{first.autosave_file}"])
    click(app, load.widgets["open"])
    # the battle goes on from where it was left: if the AI was to answer, its pacer may already have answered
    # in the frames of the click (one at once under load, when its frame budget held a single step)
    assert app.top.name == "battle" and app.top.session.recorder.answers[:made] == first.recorder.answers


# -- #34.10 -----------------------------------------------------------------------------------------------------

def test_lists_and_continue_show_the_game_s_own_turn_and_score_not_the_file_s(app: App) -> None:
    real = a_save(store.saves_dir() / "autosave.json", upto=12)["summary"]
    a_save(store.saves_dir() / "autosave.json", upto=12, **{"summary.turn": 99, "summary.scores": [42, 0],
                                                            "summary.finished": True, "summary.winner": 0})
    from game.ui.scenes.menu import MainMenu

    app.reset(MainMenu(app))
    frames(app, 2)
    assert "continue" in app.top.widgets  # the file says finished; played back, it is not
    assert f"turn {real['turn']}:" in app.top.widgets["continue"].tool_tip_text
    load = open_load(app)
    (line,) = rows(load).values()
    assert "turn 99" not in line and "42–0" not in line and f"turn {real['turn']}" in line
    assert "claimed otherwise" in load.widgets["details"].html_text


# -- #32.9 ------------------------------------------------------------------------------------------------------

def test_every_reason_on_load_is_written_for_a_player(app: App) -> None:
    saves = store.saves_dir()
    text = json.dumps(a_save(saves / "whole.json", upto=20))
    (saves / "cut.json").write_text(text[: len(text) // 3], encoding="utf-8")
    data = json.loads(text)
    data["answers"][4] = data["answers"][5]
    (saves / "edited.json").write_text(json.dumps(data), encoding="utf-8")
    load = open_load(app)
    for file, says in (("cut.json", "damaged or incomplete"), ("edited.json", "changed by hand")):
        click(app, load.widgets[f"saves:{saves / file}"])
        details = load.widgets["details"].html_text
        assert says in details and "YAML" not in details and "under this version" not in details, details
        assert not load.widgets["open"].is_enabled
    events = [e for e in pygame.event.get() if e.type == pygame_gui.UI_BUTTON_PRESSED]
    assert events == []
