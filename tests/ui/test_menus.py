"""The menu scenes, driven by real posted mouse and keyboard events (headless).

The battle scene is replaced by a stand-in that records the session it was given: these tests
check what the menus start, not the battle itself.
"""

from __future__ import annotations

import sys
import types
from pathlib import Path

import pygame
import pytest

from game.ai.registry import make
from game.ui import main
from game.ui.app import App, Scene
from game.ui.scenes import common
from game.ui.scenes.handoff import HandoffScene
from game.ui.scenes.help import SHORTCUTS, HelpOverlay
from game.ui.scenes.maintenance import MaintenanceSummary, maintenance_events
from game.ui.scenes.menu import MainMenu
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.settings_menu import SettingsScene
from game.ui.scenes.setup import SetupScene
from game.ui.session import HOTSEAT, VS_AI, BattleSession, BattleSetup, try_load
from game.ui.settings import UISettings, load_settings
from tests.conftest import PARTIES
from tests.ui.driver import click, frames, press, resize, type_text


class FakeBattle(Scene):
    name = "battle"

    def __init__(self, app: App, session: BattleSession):
        super().__init__(app)
        self.session = session


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Config, mod and replay folders in tmp; the battle scene replaced by a stand-in."""
    for var, name in (("IRON_HONOR_CONFIG", "cfg"), ("IRON_HONOR_MODS", "mods"), ("IRON_HONOR_REPLAYS", "replays")):
        (tmp_path / name).mkdir()
        monkeypatch.setenv(var, str(tmp_path / name))
    fake = types.ModuleType("game.ui.scenes.battle")
    fake.BattleScene = FakeBattle
    monkeypatch.setitem(sys.modules, "game.ui.scenes.battle", fake)
    pygame.init()
    pygame.event.clear()
    return tmp_path


def new_app(size: tuple[int, int] = (1280, 800), problems: list[str] | None = None) -> App:
    app = App(UISettings(width=size[0], height=size[1]), problems)
    pygame.event.clear()
    return app


def played(turns_of_maintenance: int | None = None, seed: int = 3) -> BattleSession:
    """A hotseat session the easy AI plays for both sides: to the end, or to a turn's Maintenance."""
    setup = BattleSetup(mode=HOTSEAT, seed=seed)
    loaded, error = try_load(setup)
    assert error is None
    s = BattleSession(setup, loaded)
    controllers = [make("easy", seed + i) for i in (0, 1)]
    while not s.over:
        if turns_of_maintenance is not None and \
                sum(e.kind == "Scores" for e in s.state.log) >= turns_of_maintenance:
            break
        d = s.pending
        assert s.answer(controllers[d.side].decide(s.state, d)) is None
    return s


@pytest.fixture(scope="module")
def finished() -> BattleSession:
    return played()


# -- main menu ------------------------------------------------------------------------------------------

def test_main_menu_buttons_open_their_scenes_and_quick_battle_starts_the_default(env: Path) -> None:
    app = main.start([])
    frames(app, 2)
    menu = app.top
    assert isinstance(menu, MainMenu)
    click(app, menu.widgets["new"])
    setup = app.top
    assert isinstance(setup, SetupScene)
    for _ in range(2000):  # the content scan ends on its own thread (the race is the next test's)
        if setup.ready:
            break
        frames(app, 1)
    click(app, setup.widgets["back"])
    assert app.top is menu
    click(app, menu.widgets["settings"])
    assert isinstance(app.top, SettingsScene)
    press(app, pygame.K_ESCAPE)
    assert app.top is menu
    click(app, menu.widgets["quick"])
    battle = app.top
    assert isinstance(battle, FakeBattle)
    s = battle.session.setup
    assert (s.scenario, s.map, s.mode, s.ai_level) == ("engagement", "village_ruins", VS_AI, "normal")
    assert s.parties == ("ghrim_company", "northmen_raiding_party")  # an even matchup (#14)
    app.pop()
    click(app, menu.widgets["quit"])
    assert not app.running


def test_back_clicked_as_the_scan_finishes_still_goes_back(env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The page rebuilds itself when the content scan ends; a click on the waiting page's Back that lands in
    the same frame still means Back (CI once lost it to that race)."""
    app = main.start([])
    frames(app, 2)
    menu = app.top
    libs = common.content()
    done: list[dict] = []
    monkeypatch.setattr(common, "scanned", lambda: done[0] if done else None)
    monkeypatch.setattr(common, "warm_up", lambda: None)
    click(app, menu.widgets["new"])
    setup = app.top
    assert isinstance(setup, SetupScene) and not setup.ready
    back = setup.widgets["back"].rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=back, button=1))
    frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=back, button=1))
    done.append(libs)  # the scan ends in the frame that takes the click
    frames(app, 3)
    assert app.top is menu


def test_quick_flag_starts_the_battle_with_the_seed(env: Path) -> None:
    app = main.start(["--quick", "--seed", "42"])
    assert isinstance(app.top, FakeBattle) and app.top.session.setup.seed == 42


def test_play_command_takes_quick_and_seed() -> None:
    from game.cli import build_parser

    args = build_parser().parse_args(["play", "--quick", "--seed", "7"])
    assert args.quick and args.seed == 7


def test_a_bad_settings_file_gives_a_message_not_a_crash(env: Path) -> None:
    (env / "cfg" / "settings.yaml").write_text("width: [\n", encoding="utf-8")
    app = main.start([])
    frames(app, 3)
    box = app.top.widgets["problems"]
    assert "settings.yaml" in box.html_text and "not valid YAML" in box.html_text
    assert app.settings == UISettings()


def test_the_menu_lists_skipped_mod_files_once_the_scan_is_done(env: Path) -> None:
    (env / "mods" / "parties").mkdir()
    (env / "mods" / "parties" / "broken.yaml").write_text("format: iron-honor/party@1\nname: [\n", encoding="utf-8")
    app = new_app()
    app.push(MainMenu(app))
    common.content()  # wait for the background scan
    frames(app, 3)
    assert "broken.yaml" in app.top.widgets["problems"].html_text


# -- setup ---------------------------------------------------------------------------------------------

def test_setup_choices_by_clicks_reach_the_battle(env: Path) -> None:
    app = new_app()
    app.push(MainMenu(app))
    common.content()  # the scan done (the page waits for it otherwise)
    setup = app.push(SetupScene(app))
    frames(app, 2)
    for key in ("scenario:landmark", "map:open_field", "party0:ghrim_company", "party1:hollow_court",
                "mode:hotseat", "declare"):
        click(app, setup.widgets[key])
    assert "Ghrim Company" in setup.widgets["party0_text"].html_text
    warning = setup.widgets["messages"].html_text  # a large party against a medium one: said, with the figures
    assert "Uneven matchup" in warning and "The Hollow Court a large one (275 ExP)" in warning
    assert not setup.widgets["level:hard"].is_enabled  # no AI in hotseat
    click(app, setup.widgets["seed"])
    press(app, pygame.K_END)
    for _ in range(10):
        press(app, pygame.K_BACKSPACE)
    type_text(app, "4321")
    click(app, setup.widgets["start"])
    battle = app.top
    assert isinstance(battle, FakeBattle)
    s = battle.session.setup
    assert s.seed == 4321 and s.mode == HOTSEAT and not s.declare_plan_upfront
    assert Path(s.scenario).stem == "landmark" and Path(s.map).stem == "open_field"
    assert [Path(p).stem for p in s.parties] == ["ghrim_company", "hollow_court"]
    assert battle.session.state.sides[0].name == "Ghrim Company"
    assert len(app.scenes) == 2  # the setup was replaced by the battle


@pytest.mark.rule("HD-1")
def test_setup_lists_the_system_s_optional_rules_and_a_click_chooses_one(env: Path) -> None:
    app = new_app()
    app.push(MainMenu(app))
    common.content()
    setup = app.push(SetupScene(app))
    frames(app, 2)
    assert "Heroic duel: off" in setup.widgets["option:heroic-duel"].text
    click(app, setup.widgets["option:heroic-duel"])
    frames(app, 1)
    assert "Heroic duel: on" in setup.widgets["option:heroic-duel"].text
    click(app, setup.widgets["start"])
    battle = app.top
    assert isinstance(battle, FakeBattle)
    assert battle.session.setup.options == ("heroic-duel",)
    assert battle.session.state.settings.options == ("heroic-duel",)


def test_choosing_an_encounter_made_for_a_map_chooses_that_map(env: Path) -> None:
    text = (common.library.SCENARIOS_DIR / "landmark.yaml").read_text()
    (env / "mods" / "scenarios").mkdir()
    fords = text.replace("name: Landmark", "name: Fords\nmap: river_ford")
    (env / "mods" / "scenarios" / "fords.yaml").write_text(fords)
    app = new_app()
    app.push(MainMenu(app))
    common.rescan()
    setup = app.push(SetupScene(app))
    frames(app, 2)
    click(app, setup.widgets["map:open_field"])
    click(app, setup.widgets["scenario:fords"])
    assert setup.setup.map == "river_ford"
    click(app, setup.widgets["map:open_field"])  # the player may still choose another
    assert setup.setup.map == "open_field"


def test_setup_says_nothing_of_an_even_default_matchup(env: Path) -> None:
    app = new_app()
    common.content()  # the scan done (the page waits for it otherwise)
    setup = app.push(SetupScene(app))
    frames(app, 2)
    assert "Uneven matchup" not in setup.widgets["messages"].html_text


def test_setup_against_the_ai_level_side_and_new_seed(env: Path) -> None:
    app = new_app()
    common.content()  # the scan done (the page waits for it otherwise)
    setup = app.push(SetupScene(app))
    frames(app, 2)
    old = setup.seed_text
    click(app, setup.widgets["new_seed"])
    assert setup.seed_text != old and setup.widgets["seed"].get_text() == setup.seed_text
    click(app, setup.widgets["level:hard"])
    click(app, setup.widgets["human:1"])
    assert "you" in setup.widgets["side1_heading"].text and "hard" in setup.widgets["side0_heading"].text
    click(app, setup.widgets["start"])
    s = app.top.session.setup
    assert (s.mode, s.ai_level, s.human_side, s.seed) == (VS_AI, "hard", 1, int(setup.seed_text))


def test_setup_lists_a_broken_mod_party_and_shows_a_start_error(env: Path) -> None:
    parties = env / "mods" / "parties"
    parties.mkdir()
    (parties / "broken.yaml").write_text("format: iron-honor/party@1\nname: [\n", encoding="utf-8")
    good = parties / "my_band.yaml"
    good.write_text((PARTIES / "ghrim_company.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    app = new_app()
    common.content()  # the scan done (the page waits for it otherwise)
    setup = app.push(SetupScene(app))
    frames(app, 2)
    messages = setup.widgets["messages"].html_text
    assert "broken.yaml:3" in messages and "YAML" in messages
    assert "(mod)" in setup.widgets["party0:my_band"].text
    click(app, setup.widgets["party0:my_band"])
    good.write_text("format: iron-honor/party@1\nname: [\n", encoding="utf-8")  # broken after the scan
    click(app, setup.widgets["start"])
    assert app.top is setup
    assert "Cannot start" in setup.widgets["messages"].html_text
    assert "my_band.yaml" in setup.widgets["messages"].html_text


def test_resize_and_ui_scale_rebuild_the_setup_without_losing_choices(env: Path) -> None:
    app = new_app()
    common.content()  # the scan done (the page waits for it otherwise)
    setup = app.push(SetupScene(app))
    frames(app, 2)
    click(app, setup.widgets["party1:thornwood_wildkin"])
    click(app, setup.widgets["map:river_ford"])
    click(app, setup.widgets["new_seed"])
    seed = setup.seed_text
    resize(app, 1600, 1000)
    assert app.size == (1600, 1000)
    assert setup.widgets["party1:thornwood_wildkin"].is_selected
    assert setup.widgets["map:river_ford"].is_selected and setup.widgets["seed"].get_text() == seed
    app.set_ui_scale(1.25)
    frames(app, 2)
    assert setup.widgets["party1:thornwood_wildkin"].is_selected
    assert setup.widgets["start"].rect.right <= app.size[0]


# -- settings -------------------------------------------------------------------------------------------

def test_settings_are_applied_and_saved(env: Path) -> None:
    app = new_app()
    scene = app.push(SettingsScene(app))
    frames(app, 2)
    click(app, scene.widgets["colour_blind:on"])
    click(app, scene.widgets["animation:fast"])
    click(app, scene.widgets["declare:off"])
    click(app, scene.widgets["size:1600x900"])
    frames(app, 2)  # the window size goes through the same resize event a player's drag makes
    assert app.size == (1600, 900)
    click(app, scene.widgets["scale:1.25"])
    assert app.settings.ui_scale == 1.25 and scene.widgets["scale:1.25"].is_selected
    saved, problems = load_settings(env / "cfg" / "settings.yaml")
    assert problems == []
    assert (saved.colour_blind, saved.animation, saved.declare_plan_upfront) == (True, "fast", False)
    assert (saved.width, saved.height, saved.ui_scale) == (1600, 900, 1.25)
    click(app, scene.widgets["back"])
    assert app.top is None or not app.running  # it was the only scene


# -- results, handoff, maintenance, help ---------------------------------------------------------------

def test_results_show_the_winner_breakdown_and_buttons_work(env: Path, finished: BattleSession) -> None:
    app = new_app()
    app.push(MainMenu(app))
    results = app.push(ResultsScene(app, finished))
    frames(app, 2)
    state = finished.state
    title = results.widgets["title"].text
    assert title == ("A draw" if state.winner is None else f"{state.sides[state.winner].name} wins")
    for side in (0, 1):
        text = results.widgets[f"breakdown{side}"].html_text
        assert state.sides[side].name in text and f"{state.sides[side].score} ExP" in text and "[ENC-5]" in text
    click(app, results.widgets["save"])
    saved = list((env / "replays").iterdir())
    assert len(saved) == 1 and str(saved[0]) in results.widgets["note"].text
    click(app, results.widgets["rematch"])
    assert isinstance(app.top, FakeBattle) and app.top.session.setup.seed == finished.setup.seed
    app.replace(ResultsScene(app, finished))
    click(app, app.top.widgets["rematch_new"])
    assert isinstance(app.top, FakeBattle)
    app.replace(ResultsScene(app, finished))
    click(app, app.top.widgets["menu"])
    assert len(app.scenes) == 1 and isinstance(app.top, MainMenu)


def test_handoff_pops_on_ready_enter_or_a_click(env: Path) -> None:
    app = new_app()
    menu = app.push(MainMenu(app))
    for how in ("button", "enter", "space", "anywhere"):
        cover = app.push(HandoffScene(app, "Pass the seat to Northmen Raiding Party", side=1))
        frames(app, 2)
        assert app.top is cover and "Northmen" in cover.widgets["text"].text
        if how == "button":
            click(app, cover.widgets["ready"])
        elif how == "enter":
            press(app, pygame.K_RETURN)
        elif how == "space":
            press(app, pygame.K_SPACE)
        else:
            click(app, (20, 20))
        assert app.top is menu, how


def test_maintenance_summary_lists_the_turn_with_rules_and_continues(env: Path) -> None:
    session = played(turns_of_maintenance=1)
    events = maintenance_events(session, 1)
    assert any(e.kind == "Scores" for e in events)
    app = new_app()
    menu = app.push(MainMenu(app))
    summary = app.push(MaintenanceSummary(app, session, 1))
    frames(app, 2)
    text = summary.widgets["events"].html_text
    assert "[ENC-4]" in text and "Scores after turn 1" in text and "[FATE-1]" in text
    click(app, summary.widgets["continue"])
    assert app.top is menu
    app.push(MaintenanceSummary(app, session, 1))
    press(app, pygame.K_RETURN)
    assert app.top is menu


def test_f1_opens_help_over_any_scene_and_esc_f1_or_a_click_closes_it(env: Path) -> None:
    app = new_app()
    common.content()  # the scan done (the page waits for it otherwise)
    setup = app.push(SetupScene(app))
    for close in (pygame.K_ESCAPE, pygame.K_F1, None):
        press(app, pygame.K_F1)
        assert isinstance(app.top, HelpOverlay)
        if close is None:
            click(app, (5, 5))
        else:
            press(app, close)
        assert app.top is setup
    assert any(key == "F1" for key, _ in SHORTCUTS)


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080), (1000, 650)])
def test_every_scene_fits_the_window(env: Path, finished: BattleSession, size: tuple[int, int]) -> None:
    app = new_app(size)
    screen = pygame.Rect((0, 0), size)
    for make_scene in (MainMenu, SetupScene, SettingsScene, lambda a: ResultsScene(a, finished),
                       lambda a: HandoffScene(a, "Pass the seat"), lambda a: MaintenanceSummary(a, finished, 1),
                       HelpOverlay):
        scene = app.reset(make_scene(app))
        frames(app, 1)
        for key, el in scene.widgets.items():
            if key.count(":") == 0 or not key.startswith(("party", "scenario", "map")):
                assert screen.contains(el.rect), (type(scene).__name__, key, el.rect, size)


@pytest.mark.parametrize(("scale", "size"), [(2.0, (800, 600)), (1.5, (1280, 800))])
def test_a_large_ui_scale_in_a_small_window_scrolls_instead_of_breaking(env: Path, finished: BattleSession,
                                                                        scale: float, size: tuple[int, int]) -> None:
    app = App(UISettings(width=size[0], height=size[1], ui_scale=scale))
    for make_scene in (MainMenu, SetupScene, SettingsScene, lambda a: ResultsScene(a, finished), HelpOverlay):
        scene = app.reset(make_scene(app))
        frames(app, 2)
        assert scene.widgets
    common.content()  # the scan done (the page waits for it otherwise)
    setup = app.reset(SetupScene(app))
    frames(app, 1)
    assert "page" in setup.widgets  # everything is still there, a scroll away
    assert setup.widgets["party0_text"].rect.width >= 220 * scale


@pytest.mark.parametrize(("scale", "size"), [(1.5, (1000, 650)), (2.0, (800, 600)), (2.0, (1280, 800))])
def test_a_narrow_setup_page_scrolls_down_never_sideways(env: Path, scale: float, size: tuple[int, int]) -> None:
    """Too narrow for three columns: the parties go below the encounter and the map, Start stays on the page's
    width (found by scrolling down with the wheel, not by hunting sideways), and a click on it starts."""
    app = App(UISettings(width=size[0], height=size[1], ui_scale=scale))
    common.content()
    setup = app.reset(SetupScene(app))
    frames(app, 1)
    page = setup.widgets["page"]
    assert page.horiz_scroll_bar is None
    area = page.get_container().get_rect()
    assert area.width <= size[0]
    for key, el in setup.widgets.items():
        if key != "page" and not key.count(":"):
            assert el.rect.right <= area.right + 1, (key, el.rect, area)
    assert setup.widgets["party0"].rect.top >= setup.widgets["scenario"].rect.bottom  # stacked below
    page.vert_scroll_bar.set_scroll_from_start_percentage(1.0)
    frames(app, 2)
    start = setup.widgets["start"].get_abs_rect()
    assert pygame.Rect((0, 0), size).contains(start)
    click(app, start.center)
    frames(app, 3)
    assert app.top is not setup


def test_results_say_the_scenarios_text_for_the_result(env: Path) -> None:
    """victory.messages (#36): the text the scenario gives the result is on the results screen."""
    from game.rules.events import EventKind

    session = played()
    session.state.emit(EventKind.VictoryMessage, "The gorge holds.", side=session.state.winner, rule="ENC-4")
    app = new_app()
    app.push(MainMenu(app))
    results = app.push(ResultsScene(app, session))
    frames(app, 2)
    assert "The gorge holds." in results.widgets["ending"].text
