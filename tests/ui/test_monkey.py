"""Monkey test: random mouse, wheel, key, text, widget-click and resize events across every scene.

A seeded random stream of real pygame events goes through ``App.frame`` as a player's would; any
exception fails the test with the seed, the event number and the last events posted. The run is
split into legs that put the app in each place first (main menu, setup, settings, help, the map editor, a battle
against the AI, a hotseat battle after the autopilot has deployed, a later turn with its Maintenance
summary, a finished battle and its results), then lets the monkey loose there; wherever its clicks
lead (Quit, Menu, Start, Rematch) it carries on. The default run posts about 1,000 events (every scene still
reached: the check asserts it); the full 20,000-event run is marked slow:

    pytest -m slow tests/ui/test_monkey.py -s     # -s prints the event count and the scenes visited

The event stream is fixed by the seed; the AI's pace depends on the clock, so the battle it meets can
differ slightly from run to run.
"""

from __future__ import annotations

import random
import string
import time
from collections import Counter, deque
from collections.abc import Callable
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.ai.registry import make
from game.ui.app import App
from game.ui.autopilot import Autopilot, click, click_widget
from game.ui.scenes import common
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.menu import MainMenu
from game.ui.scenes.settings_menu import SettingsScene
from game.ui.scenes.setup import SetupScene
from game.ui.session import HOTSEAT, BattleSession, BattleSetup, try_load
from game.ui.settings import UISettings

DT = 1 / 30
KEYS = ([getattr(pygame, f"K_{c}") for c in string.digits + string.ascii_lowercase]
        + [pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_F1, pygame.K_SPACE, pygame.K_TAB,
           pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN,
           pygame.K_PLUS, pygame.K_MINUS, pygame.K_EQUALS, pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_HOME])
# the keys a player presses most in a battle get more weight
FAVOURITES = [pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_F1] + [getattr(pygame, f"K_{d}") for d in "123456789"]
REQUIRED = {"menu", "setup", "settings", "help", "battle:ai", "battle:hotseat", "maintenance", "results", "editor",
            "load", "replay", "parties", "builder"}


def played(seed: int, scores: int | None, before_scoring: bool = False) -> BattleSession:
    """A hotseat session the easy AI plays for both sides: to the end, or until ``scores`` turns are scored
    (``before_scoring``: one answer short of it, so an answer of the monkey's brings the Maintenance summary;
    a battle opened after a Maintenance does not show it again)."""
    setup = BattleSetup(mode=HOTSEAT, seed=seed)
    loaded, error = try_load(setup)
    assert error is None, error
    session = BattleSession(setup, loaded)
    ais = [make("easy", seed + side) for side in (0, 1)]
    while not session.over:
        if scores is not None and sum(e.kind == "Scores" for e in session.state.log) >= scores:
            break
        d = session.pending
        assert session.answer(ais[d.side].decide(session.state, d)) is None
    if before_scoring:
        short = BattleSession(setup, loaded)
        for answer in session.game.answers[:-1]:
            assert short.answer(answer) is None
        return short
    return session


class Monkey:
    """Posts random events and runs frames; remembers the scenes it saw and the last events for a report."""

    def __init__(self, seed: int):
        self.seed = seed
        self.rng = random.Random(seed)
        self.app = App(UISettings(animation="fast"), save=False)
        self.app.push(MainMenu(self.app))
        self.posted = 0
        self.restarts = 0
        self.reentries = 0
        self.visited: Counter[str] = Counter()
        self.last: deque[str] = deque(maxlen=12)
        self.timings: list[tuple[int, float, float]] = []  # per leg: seconds to get there, seconds of monkey

    # -- running ---------------------------------------------------------------------------------
    def frame(self) -> None:
        app = self.app
        try:
            app.frame(DT)
        except Exception as exc:
            raise AssertionError(f"monkey seed {self.seed}, after event #{self.posted}, top scene "
                                 f"{app.top and app.top.name}, window {app.size}, UI scale {app.settings.ui_scale}; "
                                 "last events:\n  " + "\n  ".join(self.last)) from exc
        if not app.running or app.top is None:  # Quit, or the last scene popped: start again at the menu
            self.restarts += 1
            app.running = True
            app.reset(MainMenu(app))
        for scene in app.scenes:
            self.visited[self.label(scene)] += 1

    @staticmethod
    def label(scene) -> str:
        session = getattr(scene, "session", None)
        if scene.name == "battle" and session is not None:
            return f"battle:{session.setup.mode}"
        return scene.name

    def post(self, event: pygame.event.Event, what: str) -> None:
        pygame.event.post(event)
        self.posted += 1
        self.last.append(f"#{self.posted} {what} on {self.app.top and self.app.top.name}")

    # -- the events ---------------------------------------------------------------------------------
    def random_event(self) -> None:
        r = self.rng.random()
        w, h = self.app.size
        pos = (self.rng.randrange(w), self.rng.randrange(h))
        if r < 0.25:
            buttons = self.rng.choice([(0, 0, 0)] * 6 + [(1, 0, 0), (0, 0, 1)])
            self.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons), f"motion {pos}")
        elif r < 0.40:
            button = self.rng.choice([1, 1, 1, 2, 3])
            self.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)), f"to {pos}")
            self.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button), f"down {button} {pos}")
            self.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button), f"up {button} {pos}")
        elif r < 0.47:
            y = self.rng.choice([-3, -1, 1, 3])
            self.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)), f"to {pos}")
            self.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0,
                                         precise_y=float(y), touch=False), f"wheel {y}")
        elif r < 0.72:
            key = self.rng.choice(FAVOURITES if self.rng.random() < 0.4 else KEYS)
            self.key(key)
        elif r < 0.75:
            ch = self.rng.choice(string.digits + string.ascii_letters + " -")
            self.post(pygame.event.Event(pygame.TEXTINPUT, text=ch), f"text {ch!r}")
        elif r < 0.995:
            self.click_widget()
        else:
            size = (self.rng.randrange(640, 2000), self.rng.randrange(480, 1300))
            self.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size), f"resize {size}")

    def key(self, key: int) -> None:
        name = pygame.key.name(key)
        uni = name if len(name) == 1 else ""
        self.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=uni, scancode=0), f"key {name}")
        self.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=uni, scancode=0), f"key up {name}")

    def click_widget(self) -> None:
        """A click on a random visible widget, buttons far more often than the rest."""
        w, h = self.app.size
        elements = [el for el in self.app.manager.get_sprite_group().sprites()
                    if getattr(el, "visible", 0) and el.get_abs_rect().collidepoint(el.get_abs_rect().center)
                    and 0 <= el.get_abs_rect().centerx < w and 0 <= el.get_abs_rect().centery < h]
        buttons = [el for el in elements if isinstance(el, pygame_gui.elements.UIButton)]
        pool = buttons if buttons and self.rng.random() < 0.85 else elements
        if not pool:
            return
        el = self.rng.choice(pool)
        pos = el.get_abs_rect().center
        text = getattr(el, "text", "") or type(el).__name__
        self.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)), f"to {pos}")
        self.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1), f"click widget {text!r}")
        self.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1), f"release widget {text!r}")

    # -- putting the app somewhere first -----------------------------------------------------------------
    def menu(self) -> MainMenu:
        self.app.running = True
        menu = self.app.reset(MainMenu(self.app))
        self.frame()
        assert isinstance(menu, MainMenu)
        return menu

    def to_setup(self) -> None:
        self.menu()
        self.app.push(SetupScene(self.app))
        self.frame()

    def to_settings(self) -> None:
        self.menu()
        self.app.push(SettingsScene(self.app))
        self.frame()

    def to_replay(self, session: BattleSession) -> None:
        """The Load screen with a finished battle saved, then the replay viewer on it."""
        from game.saves.record import read_save
        from game.saves.store import saves_dir
        from game.ui.scenes.replay import ReplayScene

        path = saves_dir() / "monkey.json"
        session.save_to(path, name="monkey")
        menu = self.menu()
        click_widget(self.app, menu.widgets["load"])
        if self.app.top is not None and self.app.top.name == "load":
            self.app.push(ReplayScene(self.app, read_save(path)))

    def to_editor(self) -> None:
        """The map editor on a shipped map with an unsaved change (leaving asks first, so the monkey stays)."""
        from game.editor.commands import SetMeta
        from game.paths import MAPS_DIR

        menu = self.menu()
        click_widget(self.app, menu.widgets["editor"])
        editor = self.app.top
        if editor is not None and editor.name == "editor":
            editor.open_path(MAPS_DIR / "village_ruins.yaml")
            editor.session.do(SetMeta(name="Monkey map"))
        self.frame()

    def to_builder(self) -> None:
        """The party builder on a shipped party with an unsaved change (leaving asks first, so the monkey stays)."""
        from game.builder.files import open_party
        from game.paths import PARTIES_DIR
        from game.ui.scenes.builder import BuilderScene
        from game.ui.scenes.builder_commands import Step

        menu = self.menu()
        click_widget(self.app, menu.widgets["parties"])
        if self.app.top is not None and self.app.top.name == "parties":
            path = PARTIES_DIR / "northmen_raiding_party.yaml"
            builder = self.app.push(BuilderScene(self.app, path, open_party(path)))
            builder.run(Step("MA", -1))  # a problem to click, and a reason to ask before leaving
        self.frame()

    def to_help(self) -> None:
        self.key(pygame.K_F1)
        self.frame()

    def to_quick_battle(self) -> None:
        menu = self.menu()
        click_widget(self.app, menu.widgets["quick"])  # a battle against the AI, by the menu's own button
        self.frame()

    def to_hotseat(self) -> None:
        """A hotseat battle, deployed by the autopilot (the AI choosing) so the monkey meets the main phase."""
        self.menu()
        error = common.start_battle(self.app, BattleSetup(mode=HOTSEAT, seed=self.seed))
        assert error is None, error
        pilot = Autopilot(self.app, lambda side: make("easy", self.seed + side))
        for _ in range(400):
            top = self.app.top
            if top is None or top.name not in ("battle", "handoff", "story") or not top_session_deploying(self.app):
                break
            pilot.step()
        self.frame()

    def to_session(self, session: BattleSession, answer: bool = False) -> None:
        """A battle already played some turns, or finished (results). With ``answer``, a click on the table answers
        its pending question (the last facing of a turn: the Maintenance summary follows once it plays out)."""
        self.menu()
        battle = BattleScene(self.app, session)
        self.app.push(battle)
        for _ in range(30):
            self.frame()
        if answer and battle.table_rect is not None:
            click(self.app, battle.table_rect.center)
            for _ in range(120):
                self.frame()

    def run(self, n: int, stay: set[str] | None = None, back: Callable[[], None] | None = None) -> None:
        """About ``n`` random events, one to six per frame (a busy player; fewer frames keep the test quick).

        With ``stay``, a monkey that has left those scenes for the menu (its Menu or Quit button) is
        put back by ``back``, so most of a battle leg is spent in the battle.
        """
        end = self.posted + n
        away = 0
        while self.posted < end:
            for _ in range(self.rng.randint(1, 6)):
                self.random_event()
            self.frame()
            away = 0 if stay is None or stay & {self.label(s) for s in self.app.scenes} else away + 1
            if back is not None and away > 20:
                self.reentries += 1
                back()
                away = 0


def top_session_deploying(app: App) -> bool:
    session = next((getattr(s, "session", None) for s in reversed(app.scenes) if s.name == "battle"), None)
    return session is not None and (session.deploying() or session.state.turn == 0)


def replay(session: BattleSession) -> Callable[[], BattleSession]:
    """A maker of fresh copies of ``session`` as it is now: the same setup and answers give the same game."""
    setup, answers = session.setup, list(session.game.answers)

    def make_copy() -> BattleSession:
        copy = BattleSession(setup)
        for answer in answers:
            assert copy.answer(answer) is None
        return copy

    return make_copy


def run_monkey(seed: int, events: int) -> Monkey:
    monkey = Monkey(seed)
    late, finished = replay(played(seed, scores=2, before_scoring=True)), replay(played(seed, scores=None))
    deployed: list[Callable[[], BattleSession]] = []

    def hotseat() -> None:
        if deployed:
            monkey.to_session(deployed[0]())
            return
        monkey.to_hotseat()
        battle = next(s for s in monkey.app.scenes if s.name == "battle")
        deployed.append(replay(battle.session))

    legs: list[tuple[Callable[[], None], float, set[str] | None]] = [
        (lambda: None, 0.06, None),
        (monkey.to_setup, 0.08, None),
        (monkey.to_settings, 0.06, None),
        (monkey.to_help, 0.02, None),
        (monkey.to_editor, 0.12, {"editor"}),
        (monkey.to_builder, 0.10, {"builder", "parties"}),
        (monkey.to_quick_battle, 0.24, {"battle:ai"}),
        (hotseat, 0.26, {"battle:hotseat"}),
        (lambda: monkey.to_session(late(), answer=True), 0.16, {"battle:hotseat"}),
        (lambda: monkey.to_session(finished()), 0.12, {"results", "battle:hotseat"}),
        (lambda: monkey.to_replay(finished()), 0.08, {"replay", "load"}),
    ]
    for n, (enter, share, stay) in enumerate(legs):
        start = time.perf_counter()
        enter()
        ready = time.perf_counter()
        monkey.run(max(1, round(events * share)), stay, enter if stay else None)
        monkey.timings.append((n, ready - start, time.perf_counter() - ready))
    return monkey


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Settings, mods and replays in tmp; 'random' seeds (quick battle, setup) fixed for a reproducible run."""
    for var, name in (("IRON_HONOR_CONFIG", "cfg"), ("IRON_HONOR_MODS", "mods"), ("IRON_HONOR_REPLAYS", "replays"),
                      ("IRON_HONOR_SAVES", "saves")):
        (tmp_path / name).mkdir()
        monkeypatch.setenv(var, str(tmp_path / name))
    fixed = random.Random(7)
    monkeypatch.setattr(random, "SystemRandom", lambda *a: fixed)
    pygame.init()
    pygame.event.clear()


def check(monkey: Monkey) -> None:
    scenes = ", ".join(f"{k} ({v} frames)" for k, v in sorted(monkey.visited.items()))
    print(f"\nmonkey seed {monkey.seed}: {monkey.posted} events, {monkey.restarts} restarts, "
          f"{monkey.reentries} re-entries; scenes: {scenes}")
    print("legs (s to get there / s of monkey): " + ", ".join(f"{n}: {a:.1f}/{b:.1f}" for n, a, b in monkey.timings))
    missing = REQUIRED - set(monkey.visited)
    assert not missing, f"the monkey never reached {sorted(missing)}"


def test_monkey_short(env: None) -> None:
    check(run_monkey(seed=11, events=1_000))


@pytest.mark.slow
def test_monkey_long(env: None) -> None:
    check(run_monkey(seed=20_000, events=20_000))
