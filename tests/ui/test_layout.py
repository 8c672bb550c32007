"""The layout over every scene and every kind of decision, at 1000×650, 1280×800, 1920×1080 and 3840×2160 and
UI scales 100, 150 and 200 %: no widget outside the window or its panel, no text wider than its box (measured
with its font) or cut with "…", no label drawn over a base, and each scene's main actions (its big buttons,
layout_probe.MAIN_ACTIONS, a battle's question and first answer) whole in sight without scrolling
(game/ui/layout_probe.py).

Nothing here is a hand list that can drift: the scenes are every Scene subclass in game/ui/scenes, the
decision kinds every ``Decision("kind", ...)`` the engine's code asks. A scene whose constructor needs
more than the app gets an opener below; a new one without fails the test, naming it. The decision kinds
are met in hotseat games played through the battle scene (the tour's curious chooser steers to the rare
ones) and a script position (the Sweeping Attack's strike order); each kind is checked the first time
it comes up, at every size and scale.

By default the scenes and the decision kinds are checked at the extremes (QUICK: the tightest window at each
scale and 4K at 200 %); ``-m slow`` checks them at all twelve sizes and scales.
"""

from __future__ import annotations

import ast
import functools
import importlib
import inspect
import pkgutil
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

import game
import game.ui.scenes
from game.ai.registry import make
from game.ui import layout_probe
from game.ui.app import App, Scene
from game.ui.session import HOTSEAT, BattleSession, BattleSetup, try_load
from game.ui.settings import UISettings
from tests.ui.driver import frames, resize

SIZES = ((1000, 650), (1280, 800), (1920, 1080), (3840, 2160))
SCALES = (1.0, 1.5, 2.0)
EVERY = tuple((scale, size) for scale in SCALES for size in SIZES)
# the default run: the tightest window at the smallest and the largest scale (all twelve, 150 %, 1280x800,
# 1920x1080 and 4K among them: -m slow), in an order that changes the scale once (each change rebuilds every
# scene)
QUICK = ((1.0, SIZES[0]), (2.0, SIZES[0]))
# scenes other work owns that do not fit yet at a large scale: (scene, scale) -> what is wrong. The test
# fails when one of them starts to fit, so the list only shrinks.
KNOWN = {
}
ROOT = Path(__file__).resolve().parents[2]
PARTIES = ROOT / "tests" / "data" / "parties"
# (scenario, map, parties, seed, declare_plan_upfront): the screenshot tour's games, which reach every kind
GAMES = (
    ("salvage", "river_ford", ("northmen_raiding_party", "thornwood_wildkin"), 1, True),
    ("rescue", "village_ruins", ("lantern_adventuring_co", "thornwood_wildkin"), 1, False),
    ("engagement", "forest_crossing", ("ghrim_company", str(PARTIES / "iron_legion.yaml")), 1, True),
    ("landmark", "open_field", ("thornwood_wildkin", str(PARTIES / "iron_legion.yaml")), 2, True),
    ("the_relief", "open_field", ("ghrim_company", "northmen_raiding_party"), 1, True),  # reinforcements
    (str(ROOT / "tests" / "data" / "scenarios" / "the_gorge_roles.yaml"), "open_field",  # a role to choose
     ("ghrim_company", "hollow_court"), 1, True),
)
POSITIONS = (ROOT / "docs" / "examples" / "sweeping_attack.yaml",
             ROOT / "tests" / "data" / "positions" / "weapon_choice.yaml")  # two different blades: a weapon question


@functools.cache  # (the engine's code does not change during a run; parsing it all takes seconds)
def decision_kinds() -> frozenset[str]:
    """Every kind of decision the engine asks: the first argument of each ``Decision(...)`` in its code."""
    kinds = set()
    for path in Path(game.__file__).parent.rglob("*.py"):
        if "ui" in path.relative_to(Path(game.__file__).parent).parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) == "Decision" \
                    and node.args and isinstance(node.args[0], ast.Attribute) \
                    and getattr(node.args[0].value, "id", "") == "DecisionKind":
                kinds.add(node.args[0].attr)
    return frozenset(kinds)


def scene_classes() -> list[type[Scene]]:
    """Every scene a player can meet: the Scene subclasses of game/ui/scenes with no subclass of their own."""
    for info in pkgutil.iter_modules(game.ui.scenes.__path__):
        importlib.import_module(f"game.ui.scenes.{info.name}")
    found, todo = [], list(Scene.__subclasses__())
    while todo:
        cls = todo.pop()
        todo += cls.__subclasses__()
        if cls.__module__.startswith("game.ui.scenes.") and not cls.__subclasses__():
            found.append(cls)
    return sorted(found, key=lambda c: c.__name__)


def played(seed: int = 3) -> BattleSession:
    """A hotseat battle the easy AI plays to the end for both sides."""
    setup = BattleSetup(mode=HOTSEAT, seed=seed)
    loaded, error = try_load(setup)
    assert error is None, error
    s = BattleSession(setup, loaded)
    ais = [make("easy", seed + side) for side in (0, 1)]
    while not s.over:
        assert s.answer(ais[s.pending.side].decide(s.state, s.pending)) is None
    return s


LONG = ("A long sentence that a small window at a large scale must wrap rather than cut: the battle is in turn "
        "3 and is not finished; it is saved as it stands.")


def openers(session: BattleSession) -> dict[str, Callable[[App], Scene]]:
    """How to open the scenes whose constructor needs more than the app."""
    from game.ui.scenes.builder_roster import RosterScene
    from game.ui.scenes.builder_traits import TraitPicker
    from game.ui.scenes.builder_trial import TrialScene
    from game.ui.scenes.campaign import CampaignScene
    from game.ui.scenes.confirm import ConfirmScene
    from game.ui.scenes.editor_dialogs import ConfirmDialog, NameDialog, OpenDialog
    from game.ui.scenes.editor_fairness import FairnessScene
    from game.ui.scenes.editor_generate import GenerateDialog
    from game.ui.scenes.handoff import HandoffScene
    from game.ui.scenes.log_view import LogView
    from game.ui.scenes.maintenance import MaintenanceSummary
    from game.ui.scenes.replay import ReplayScene
    from game.ui.scenes.results import ResultsScene
    from game.ui.scenes.save_as import SaveAsScene
    from game.ui.scenes.story_card import Section, StoryCard

    name = session.state.sides[1].name
    return {
        "ConfirmScene": lambda a: ConfirmScene(a, "Leave the battle?", LONG, "Leave", "Keep playing", lambda: None,
                                               other=("Save…", lambda: None)),
        "ConfirmDialog": lambda a: ConfirmDialog(a, "Unsaved changes", LONG, [("save", "Save"), ("discard", "Discard"),
                                                                              ("cancel", "Cancel")], lambda _: None),
        "OpenDialog": lambda a: OpenDialog(a, None, lambda _: None),
        "NameDialog": lambda a: NameDialog(a, "Skirmish at the long hall by the river", lambda n: f"{n}.yaml",
                                           lambda _: None, lambda _: None),
        "HandoffScene": lambda a: HandoffScene(a, f"Pass the seat to {name}", side=1, why=LONG, objectives=LONG),
        "StoryCard": lambda a: StoryCard(a, "Skirmish at the long hall by the river: the briefing",
                                         [Section("", LONG), Section(f"{name} — Attacker (you)", LONG, (200, 60, 60)),
                                          Section("How it scores", f"{LONG}\n{LONG}")], note="the_relief.yaml:30"),
        "LogView": lambda a: LogView(a, session.state),
        "MaintenanceSummary": lambda a: MaintenanceSummary(a, session, 1),
        "ReplayScene": lambda a: ReplayScene(a, session.record("a game")),
        "ResultsScene": lambda a: ResultsScene(a, session),
        "SaveAsScene": lambda a: SaveAsScene(a, session, "Engagement turn 6 01 Dec 12-00"),
        "BattleScene": None,  # every kind of decision in it: test_every_decision_kind_fits
        "RosterScene": lambda a: RosterScene(a, _builder(a)),
        "TraitPicker": lambda a: TraitPicker(a, _builder(a)),
        "TrialScene": lambda a: TrialScene(a, _builder(a)),
        "CampaignScene": lambda a: CampaignScene(a, _campaign()),
        "GenerateDialog": lambda a: GenerateDialog(a, None, lambda recipe, judged: None),
        "FairnessScene": lambda a: FairnessScene(a, _editor(a)),
        "SystemBattleScene": _gearfall,
    }


def _gearfall(app: App) -> Scene:
    """Gearfall's battle screen in round 2, the player's character choosing among its attacks and moves."""
    from game.paths import MAPS_DIR
    from game.systems.gearfall.ai import GearfallNormal
    from game.systems.gearfall.system import find
    from game.ui.scenes.system_battle import SystemBattleScene
    from game.ui.system_session import SystemSession, SystemSetup

    session = SystemSession.start(SystemSetup("gearfall", (find("parties", "cinderwatch"),
                                                           find("parties", "rustmoor_reavers")),
                                              MAPS_DIR / "village_ruins.yaml", find("scenarios", "ash_road_toll"),
                                              seed=5), autosave=False)
    player = GearfallNormal(1)
    while session.pending is not None and (session.state.round < 2 or session.pending.kind != "gf_step"
                                           or not session.human_to_answer()):
        if session.human_to_answer():
            session.answer(player.decide(session.state, session.pending))
        else:
            session.step_ai()
    return SystemBattleScene(app, session)


def _editor(app: App) -> Scene:
    """The map editor on a shipped map (its name in the Fairness dialog's title)."""
    from game.paths import MAPS_DIR
    from game.ui.scenes.editor import EditorScene

    return EditorScene(app, MAPS_DIR / "village_ruins.yaml")


def _campaign():
    """The shipped campaign after its first game (casualties and banked ExP to show)."""
    from game.saves.campaigns import play_next
    from game.ui.campaign_run import start

    run = start("border_feud", ("ghrim_company", "northmen_raiding_party"), ["human", "normal"], 3)
    play_next(run.progress, run.campaign, ("aggressive", "aggressive"))
    return run


def _builder(app: App) -> Scene:
    """The party builder on the book's Northmen (nine models' worth of lists to lay out)."""
    from game.builder.files import open_party
    from game.paths import PARTIES_DIR
    from game.ui.scenes.builder import BuilderScene

    path = PARTIES_DIR / "northmen_raiding_party.yaml"
    return BuilderScene(app, path, open_party(path))


def check(app: App, where: str) -> list[str]:
    """The layout problems of the frame just drawn, each named by where it was seen."""
    return [f"{where}: {p}" for p in layout_probe.problems(app)]


def go_to(app: App, scale: float, size: tuple[int, int]) -> None:
    """Set the UI scale and the window size, each only if it changes (each change rebuilds every scene)."""
    if app.settings.ui_scale != scale:
        app.set_ui_scale(scale)
    if app.size != size:
        resize(app, *size)


def at_every_size_and_scale(app: App, where: str, configs=EVERY) -> dict[tuple[float, tuple[int, int]], list[str]]:
    """Draw the app at each (scale, size) in turn (the scenes rebuilt for each) and collect each one's
    problems. The app stays at the last one."""
    out = {}
    for scale, size in configs:
        go_to(app, scale, size)
        frames(app, 2)
        out[(scale, size)] = check(app, f"{where} at {size[0]}x{size[1]}, {round(scale * 100)} %")
    return out


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    for name in ("CONFIG", "MODS", "REPLAYS", "CAMPAIGNS"):
        (tmp_path / name.lower()).mkdir()
        monkeypatch.setenv(f"IRON_HONOR_{name}", str(tmp_path / name.lower()))
    app = App(UISettings(width=SIZES[0][0], height=SIZES[0][1], animation="instant"), save=False)
    pygame.event.clear()
    layout_probe.start()
    yield app
    layout_probe.stop()


def test_the_lists_come_from_the_code() -> None:
    kinds = decision_kinds()
    assert {"nominate", "plan", "deploy", "choose_edge", "strike_order", "spell"} <= kinds and len(kinds) >= 25
    names = {c.__name__ for c in scene_classes()}
    assert {"MainMenu", "BattleScene", "HandoffScene", "MaintenanceSummary", "ResultsScene"} <= names
    assert "Dialog" not in names  # a base of other scenes, never opened itself


def test_the_probe_finds_text_wider_than_its_button_and_a_label_over_a_base(app: App) -> None:
    """The checks themselves: a button too narrow for its text, a widget out of the window, a label on a base."""
    import pygame_gui

    from game.ui.scenes.menu import MainMenu

    menu = app.push(MainMenu(app))
    frames(app, 1)
    assert check(app, "menu") == []
    pygame_gui.elements.UIButton(pygame.Rect(10, 10, 40, 30), "A label far too long", app.manager,
                                 container=menu.root)
    pygame_gui.elements.UIButton(pygame.Rect(990, 10, 40, 30), "x", app.manager, container=menu.root)
    frames(app, 1)
    found = "\n".join(check(app, "menu"))
    assert "'A label far too long': text" in found and "outside the window" in found
    items = [layout_probe.Drawn("base", pygame.Rect(100, 100, 20, 20), owner="A1", radius=10),
             layout_probe.Drawn("label", pygame.Rect(105, 105, 30, 12), text="Fang", owner="label:B2"),
             layout_probe.Drawn("label", pygame.Rect(100, 121, 30, 12), text="Grub", owner="label:A1")]
    found = layout_probe.drawn_problems(pygame.Rect(0, 0, 1000, 650), items)
    assert len(found) == 1 and "Fang" in found[0] and "covers the base of A1" in found[0]


def test_the_probe_finds_a_main_action_out_of_sight_and_a_text_cut_short(app: App) -> None:
    """A layout broken on purpose: Start a scroll away on a page, a main action off the window, a text cut."""
    import pygame_gui

    from game.ui.app import Scene
    from game.ui.scenes import common

    class Broken(Scene):
        name = "broken"

        def build(self) -> None:
            self.widgets = {}
            _, h = common.page(self, self.app.size[0], self.app.size[1] * 3)  # taller than the window: scrolls
            common.button(self, "start", pygame.Rect(20, h - 60, 200, 40), "Start", None, "@big_button")
            common.button(self, "back", pygame.Rect(20, 20, 200, 40), "Back", None, "@big_button")
            self.page = pygame_gui.elements.UIScrollingContainer(pygame.Rect(300, 20, 300, 200), self.manager,
                                                                 container=self.root, allow_scroll_x=False)
            self.page.set_scrollable_area_dimensions((280, 600))
            common.button(self, "rematch", pygame.Rect(10, 300, 200, 40), "Rematch", None, "@big_button")
            self.page = None
            common.button(self, "quit", pygame.Rect(self.app.size[0] - 100, 20, 200, 40), "Quit", None,
                          "@big_button")
            common.label(self, "cut", pygame.Rect(20, 80, 300, 30), "A name cut sho…")

    app.push(Broken(app))
    frames(app, 1)
    found = "\n".join(check(app, "broken"))
    assert "main action 'start' ('Start') is not in sight: at (20, 1890, 200, 40), outside the window" in found
    assert "main action 'rematch' ('Rematch') is not in sight: at (310, 320, 200, 40), outside the part of its " \
           "container in sight" in found
    assert "main action 'quit' ('Quit') is not in sight: at (900, 20, 200, 40), outside the window" in found
    assert "main action 'back'" not in found
    assert "'A name cut sho…': text cut with '…'" in found
    assert "cut with '…'" in "\n".join(layout_probe.drawn_problems(pygame.Rect(0, 0, 1000, 650), [
        layout_probe.Drawn("text", pygame.Rect(10, 10, 90, 12), pygame.Rect(0, 0, 100, 20), "Ghrim the Bo…",
                           "dice tray")]))


def scene_problems(app: App, configs) -> tuple[list[str], list[str]]:
    """Each scene at each (scale, size): its problems (but for the KNOWN ones, which must still be there), and
    the scenes with no way to open them."""
    from game.ui.scenes import common
    from game.ui.scenes.menu import MainMenu

    common.content()  # the mod scan done (the setup page waits for it otherwise)
    how = openers(played())
    problems, missing = [], []
    order = list(configs)
    for cls in scene_classes():
        name = cls.__name__
        opener = how.get(name, cls)
        if opener is None:
            continue
        if name not in how and any(p.default is inspect.Parameter.empty
                                   for p in list(inspect.signature(cls.__init__).parameters.values())[2:]):
            missing.append(name)
            continue
        app.reset(MainMenu(app))
        go_to(app, *order[0])  # (only the menu rebuilt; no change after the scene before)
        app.push(opener(app))
        frames(app, 2)
        for (scale, size), found in at_every_size_and_scale(app, name, order).items():
            if (name, scale) not in KNOWN:
                problems += found
            elif not found and size == SIZES[0]:
                problems.append(f"{name} at {round(scale * 100)} % fits now: take it off KNOWN")
        order.reverse()  # the next scene opens where this one ends and goes back the other way: every scene
        # is drawn at each (scale, size), opened at one end and rebuilt by the changes to the others
    return problems, missing


def test_every_scene_fits(app: App) -> None:
    problems, missing = scene_problems(app, QUICK)
    assert not missing, f"scenes without an opener in tests/ui/test_layout.py: {missing}"
    assert not problems, "\n".join(problems[:60]) + f"\n({len(problems)} problems)"


@pytest.mark.slow
def test_every_scene_fits_at_every_size_and_scale(app: App) -> None:
    problems, missing = scene_problems(app, EVERY)
    assert not missing and not problems, "\n".join(missing + problems[:60]) + f"\n({len(problems)} problems)"


def _snapshots(start: Callable[[], BattleSession], seen: set[str], wanted: set[str], limit: int
               ) -> dict[str, BattleSession]:
    """Play a battle headless (the tour's curious chooser steers to rare kinds) and keep, for each kind of
    decision met for the first time, a session stopped at it (the same answers replayed into a new one)."""
    from tools.tour_chooser import CuriousChooser

    session = start()
    missing = wanted - seen
    choosers = [CuriousChooser(make("normal", 20 + side), missing) for side in (0, 1)]
    found: dict[str, BattleSession] = {}
    for _ in range(limit):
        d = session.pending
        if d is None or not missing:
            break
        if d.kind in missing:
            missing.discard(d.kind)
            seen.add(d.kind)
            copy = start()
            for answer in session.game.answers:
                assert copy.answer(answer) is None
            assert copy.pending is not None and copy.pending.kind == d.kind
            found[d.kind] = copy
        assert session.answer(choosers[d.side].decide(session.state, d)) is None
    return found


@pytest.fixture(scope="module")
def decision_points() -> dict[str, BattleSession]:
    """A session stopped at the first decision of each kind, over the tour's games and a script position."""
    wanted, seen = set(decision_kinds()), set()
    found: dict[str, BattleSession] = {}
    for scenario, map_name, parties, seed, upfront in GAMES:
        setup = BattleSetup(scenario=scenario, map=map_name, parties=parties, mode=HOTSEAT, seed=seed,
                            declare_plan_upfront=upfront)
        loaded, error = try_load(setup)
        assert error is None, error
        if wanted - seen:
            found |= _snapshots(lambda setup=setup, loaded=loaded: BattleSession(setup, loaded), seen, wanted, 3000)
    for path in POSITIONS:
        if wanted - seen:
            found |= _snapshots(lambda path=path: BattleSession.from_script(str(path)), seen, wanted, 300)
    assert not (wanted - seen), f"never reached: {sorted(wanted - seen)}"
    return found


def battle_problems(app: App, sessions: dict[str, BattleSession],
                    configs: tuple[tuple[float, tuple[int, int]], ...] | None = None) -> list[str]:
    """The battle scene at each decision, at every (scale, size); a scale and a size are set once for all the
    decisions (the table's terrain is drawn once per map and zoom), the maps in turn."""
    from game.ui.scenes.battle import BattleScene
    from game.ui.scenes.menu import MainMenu

    configs = configs or EVERY
    order = sorted(sessions.items(), key=lambda kv: (kv[1].state.battle_map.name, kv[0]))
    problems = []
    for scale, size in configs:
        if app.settings.ui_scale != scale:
            app.set_ui_scale(scale)
        app.reset(MainMenu(app))
        if app.size != size:
            resize(app, *size)
        for kind, session in order:
            scene = app.reset(BattleScene(app, session))
            frames(app, 1)
            while app.top is not scene:  # a hand-off cover first (checked with the scenes)
                app.pop()
                frames(app, 1)
            frames(app, 1)
            problems += check(app, f"decision '{kind}' ({session.pending.prompt}) at {size[0]}x{size[1]}, "
                                   f"{round(scale * 100)} %")
    return problems


def test_every_decision_kind_fits(app: App, decision_points: dict[str, BattleSession]) -> None:
    assert set(decision_points) == decision_kinds()
    problems = battle_problems(app, decision_points, QUICK)
    assert not problems, "\n".join(problems[:60]) + f"\n({len(problems)} problems)"


@pytest.mark.slow
def test_every_decision_kind_fits_at_every_size_and_scale(app: App, decision_points: dict[str, BattleSession]
                                                          ) -> None:
    problems = battle_problems(app, decision_points, EVERY)
    assert not problems, "\n".join(problems[:60]) + f"\n({len(problems)} problems)"


def test_text_on_the_table_and_in_the_log_grows_with_the_ui_scale(app: App) -> None:
    """Model and piece names, ring captions (theme.table_text_px) and the battle log's font follow the setting;
    a label on a small table stays near an inch tall."""
    from game.ui import theme
    from game.ui.scenes.battle import BattleScene

    sizes = {}
    for scale in SCALES:
        app.set_ui_scale(scale)
        sizes[scale] = theme.table_text_px(20.0), theme.table_text_px(20.0, 11, 0.6, 15)
    assert all(a < b < c for a, b, c in zip(sizes[1.0], sizes[1.5], sizes[2.0], strict=True)), sizes
    assert theme.table_text_px(10.0) <= 11  # (at 200 %: no taller than the inch)
    resize(app, 1920, 1080)
    logs = {}
    for scale in SCALES:
        app.set_ui_scale(scale)
        scene = app.reset(BattleScene(app, played()))
        frames(app, 1)
        logs[scale] = scene.log_panel.size
    assert logs[1.0] < logs[1.5] < logs[2.0]
    app.set_ui_scale(1.0)
