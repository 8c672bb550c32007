"""The application: one window, a frame loop with a cap, and a stack of scenes.

Only the top scene gets input; the widgets of the scenes below are hidden, and so is their drawing
unless the top one is an overlay, which is drawn over them. A scene keeps its state outside its widgets, so
a resize or a new UI scale rebuilds the widgets and loses nothing.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame
import pygame_gui

from game.ui import layout_probe, theme
from game.ui.settings import SettingsNotSaved, UISettings, save_settings
from game.ui.sound import quiet_stderr


class Scene:
    """One screen. Subclasses create their widgets in ``build`` inside ``self.root``."""

    overlay = False  # drawn over the scene below instead of replacing it
    name = "scene"

    def __init__(self, app: App):
        self.app = app
        self.root: pygame_gui.core.UIContainer | None = None
        self.widgets: dict[str, pygame_gui.core.UIElement] = {}  # the page's named widgets (``build`` fills it)
        self._replaced: dict[pygame_gui.core.UIElement, str] = {}  # the last page's, by widget

    @property
    def manager(self) -> pygame_gui.UIManager:
        return self.app.manager

    def px(self, n: float) -> int:
        """A length in pixels at the player's UI scale."""
        return round(n * self.app.settings.ui_scale)

    # -- life cycle -------------------------------------------------------------------
    def build(self) -> None:
        """Create the widgets; called on entering and after every resize or UI scale change."""

    def rebuild(self) -> None:
        self._replaced = {el: key for key, el in self.widgets.items()}
        if self.root is not None:
            self.root.kill()
        w, h = self.app.size
        self.root = pygame_gui.core.UIContainer(pygame.Rect(0, 0, w, h), self.manager, starting_height=1)
        self.build()

    def key_of(self, el: object) -> str | None:
        """The name of a widget of this page or of the page the last rebuild replaced: a click queued just
        before a page rebuilt itself (a scan finishing, a resize) still means the button the player saw."""
        for key, mine in self.widgets.items():
            if mine is el:
                return key
        return self._replaced.get(el) if isinstance(el, pygame_gui.core.UIElement) else None

    def enter(self) -> None:
        self.rebuild()

    def leave(self) -> None:
        if self.root is not None:
            self.root.kill()
            self.root = None

    def cover(self) -> None:
        if self.root is not None:
            self.root.hide()

    def uncover(self) -> None:
        if self.root is not None:
            self.root.show()

    # -- per frame --------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        """One input or pygame_gui event (already offered to the widgets)."""

    def update(self, dt: float) -> None:
        """Time passes (seconds); AI pacing and animations."""

    def hold_quit(self) -> bool:
        """The window is being closed: True if the scene takes over (e.g. asks to save first)."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Everything that is not a widget."""
        surface.fill(theme.BG)

    def still(self) -> object | None:
        """None while anything on the screen may change by itself (an animation, an AI thinking, a timer);
        otherwise a key of what is shown: the app draws nothing while the key stays the same and no input
        comes (an idle screen costs no CPU). The default: never still, always drawn."""
        return None


SETTLE_S = 1.0  # after input, frames are drawn this long (hover cards, widget highlights fading)
IDLE_WAIT_MS = 100  # an idle app wakes this often to let the scene's time pass


class App:
    """The window, the widget manager, the scene stack and the frame loop."""

    def __init__(self, settings: UISettings, problems: list[str] | None = None, save: bool = True):
        with quiet_stderr():  # the audio library's "cannot find card" lines: the mixer says it once (sound.py)
            pygame.init()
        pygame.display.set_caption("Iron & Honor")
        self.settings = settings
        self.save_enabled = save
        self.startup_problems = list(problems or [])
        self.window = self._open_window()
        theme.set_ui_scale(settings.ui_scale)  # (text drawn on the table follows it)
        self.manager = theme.gui_manager(self.size, settings.ui_scale)
        self.scenes: list[Scene] = []
        self.clock = pygame.time.Clock()
        self.running = True
        self.frame_times: list[float] = []  # seconds of work per frame (for the benchmark)
        self.on_frame: list[Callable[[App], None]] = []
        self.draws = 0  # frames drawn and flipped (an idle scene draws none)
        self.quiet = 0.0  # seconds without input or a change of scene
        self._idle = False
        self._shown: object = None  # (top scene, its still() key) when last drawn

    # -- window -------------------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.window.get_size()

    def _open_window(self) -> pygame.Surface:
        s = self.settings
        if s.fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                s.fullscreen = False
        return pygame.display.set_mode((s.width, s.height), pygame.RESIZABLE)

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        self.window = self._open_window()
        self.save_settings()  # first: a note for the player is then in the rebuilt scenes
        self._relayout()

    def set_ui_scale(self, scale: float) -> None:
        self.settings.ui_scale = scale
        theme.set_ui_scale(scale)
        self.manager = theme.gui_manager(self.size, scale)
        for scene in self.scenes:
            scene.root = None  # its widgets belonged to the old manager
        self._relayout()

    def _relayout(self) -> None:
        self.manager.set_window_resolution(self.size)
        for scene in self.scenes:
            scene.rebuild()
        for scene in self.scenes[:-1]:
            scene.cover()

    def save_settings(self) -> str | None:
        """Save the settings; what the player must be told (a broken file kept aside, or why nothing was
        saved), else None. The message is also shown by the scene on top (when it can show one) and on the
        main menu."""
        if not self.save_enabled:
            return None
        notes: list[str] = []
        try:
            save_settings(self.settings, notes=notes)
        except SettingsNotSaved as exc:
            notes.append(str(exc))
        if not notes:
            return None
        for note in notes:
            if note not in self.startup_problems:
                self.startup_problems.append(note)
        top = self.top
        flash = getattr(top, "flash", None)
        if callable(flash):
            flash(" ".join(notes), seconds=8.0)
        return " ".join(notes)

    # -- scene stack ----------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> Scene:
        if self.top is not None:
            self.top.cover()  # an overlay still shows the scene below, but not its widgets
        self.scenes.append(scene)
        scene.enter()
        return scene

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.leave()
        if self.top is not None:
            self.top.uncover()
        else:
            self.running = False
        return scene

    def replace(self, scene: Scene) -> Scene:
        if self.scenes:
            self.scenes.pop().leave()
        self.scenes.append(scene)
        scene.enter()
        return scene

    def reset(self, scene: Scene) -> Scene:
        """Clear the stack and start again from ``scene`` (back to the main menu)."""
        while self.scenes:
            self.scenes.pop().leave()
        return self.push(scene)

    # -- the loop -------------------------------------------------------------------------
    def frame(self, dt: float | None = None) -> None:
        """One frame: input to the widgets and the top scene, time passes, everything is drawn.

        When the top scene is still (``Scene.still``), nothing came in for ``SETTLE_S`` and its key is
        the one last drawn, nothing is drawn or flipped, and the next frame waits for an event (at most
        ``IDLE_WAIT_MS``) instead of running at the frame cap."""
        start = time.perf_counter()
        events: list[pygame.event.Event] = []
        if dt is None:
            if self._idle:
                first = pygame.event.wait(IDLE_WAIT_MS)
                if first.type != pygame.NOEVENT:
                    events.append(first)
                dt = self.clock.tick() / 1000.0
            else:
                dt = self.clock.tick(self.settings.fps_cap) / 1000.0
        events += pygame.event.get()
        for event in events:
            self.dispatch(event)
            if not self.running:
                return
        self.quiet = 0.0 if events else self.quiet + dt
        self.manager.update(dt)
        top = self.top
        if top is not None:
            top.update(dt)
            if self.top is not top:  # a scene pushed during update: lay out its widgets before drawing
                self.manager.update(0.0)
        top = self.top
        key = top.still() if top is not None else None
        shown = (id(top), len(self.scenes), key)
        self._idle = key is not None and self.quiet >= SETTLE_S and shown == self._shown
        if not self._idle:
            self._shown = shown if key is not None else None
            self.draw()
            pygame.display.flip()
            self.draws += 1
            self.frame_times.append(time.perf_counter() - start)
        for hook in self.on_frame:
            hook(self)

    def invalidate(self) -> None:
        """Draw the next frame even if the scene is still (something changed outside the loop)."""
        self._shown = None
        self.quiet = 0.0

    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            if self.top is None or not self.top.hold_quit():
                self.running = False
            return
        if event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
            self.settings.width, self.settings.height = max(800, event.w), max(600, event.h)
            self.window = pygame.display.set_mode((self.settings.width, self.settings.height), pygame.RESIZABLE)
            self._relayout()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1 and self.top is not None \
                and self.top.name != "help":
            from game.ui.scenes.help import HelpOverlay

            self.push(HelpOverlay(self))
            return
        consumed = self.manager.process_events(event)  # a click on a widget is not also a click on the table
        if self.top is not None and not consumed:
            self.top.handle(event)

    def draw(self) -> None:
        layout_probe.begin_frame()
        first = len(self.scenes) - 1
        while first > 0 and self.scenes[first].overlay:
            first -= 1
        for scene in self.scenes[max(first, 0):]:
            scene.draw(self.window)
        self.manager.draw_ui(self.window)

    def run(self) -> None:
        while self.running and self.scenes:
            self.frame()
        pygame.quit()
