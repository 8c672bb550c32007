"""The battle screen of a rule system other than the first: the kernel's table and prompt, the system's look.

The table is the shared one (terrain drawn by game.ui.table_view); the tokens, the objective markers, the status
lines, the set-up zone and each option's exact odds come from the system's view (``RuleSystem.view``: plain data,
no pygame). The screen computes no rule: it shows the pending decision, and a click, a button, a number key (the
first nine options, numbered as on the battle screen) or Enter becomes the answer the rules validate. Point
questions (set up, move) are answered by clicking the table (the dots are the suggested spots; Enter takes the
first); a facing by clicking where the character should look (Enter keeps it as it is); a subset by turning options
on and off (their number keys too), then Done or Enter.

Hidden information: a view that declares ``HIDDEN = True`` is asked for the table as one side knows it —
``tokens(state, viewer)``, ``markers(state, viewer)`` and ``log_lines(state, viewer)`` (and ``status`` when it
takes the viewer too), the viewer a side or None for everything: the human's side against the AI, the side that
has the seat in hotseat, None when watching a save or once the battle is over. In hotseat the seat is passed
behind a curtain before a question for the other side when the view hides, the question is secret (a
Simultaneous group's) or its kind says so (``hand_off``); nothing of the next side's view is drawn under it.
"""

from __future__ import annotations

import html
import math
from typing import Any

import pygame
import pygame_gui

from game.ui import theme
from game.ui.app import App, Scene
from game.ui.scenes import common
from game.ui.system_panel_text import SystemPanelText, pick_size
from game.ui.system_session import SystemSession
from game.ui.system_table import SystemTablePainter
from game.ui.table_view import Camera, draw_terrain

AI_PACE_S = 0.35  # seconds between two AI answers, so a player can follow them
SNAP_PX = 8  # a click this close to a suggested spot takes the spot when the click itself is refused
READY_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)  # lift the hotseat curtain
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
NUMBER_KEYS = {**{pygame.K_1 + n: n for n in range(9)}, **{pygame.K_KP1 + n: n for n in range(9)}}  # options 1-9


class SystemBattleScene(Scene):
    name = "system_battle"

    def __init__(self, app: App, session: SystemSession):
        super().__init__(app)
        self.session = session
        self.view: Any = session.system.view
        self.hidden = bool(getattr(self.view, "HIDDEN", False))  # the view shows the table as one side knows it
        self.table = pygame.Rect(0, 0, 10, 10)
        self.cam = Camera()
        self.painter = SystemTablePainter(self)
        self.text = SystemPanelText(self)
        self.wait = 0.0
        self.shown_for: object = None  # the decision the widgets were built for
        self.hover: tuple[float, float] | None = None
        self.hover_option = ""  # the option under the mouse (a charge's lane is drawn)
        self.options: dict[Any, str] = {}  # option button -> its key
        self.badges: dict[str, str] = {}  # option key -> its odds in a few characters
        self.seated: int | None = None  # hotseat: the side that has the seat (its view is the one shown)
        self.curtain: int | None = None  # hotseat: the side the seat is being passed to, the table covered
        self.settled_for: tuple[int, int] | None = None  # the decision the curtain and the picks are settled for
        self.picked: list[str] = []  # a subset's options turned on

    # -- who sees what ----------------------------------------------------------------
    def hotseat(self) -> bool:
        return not self.session.watching and len(self.session.humans) > 1

    def passes_seat(self, d: Any) -> bool:
        """Hotseat: a question for the side that does not have the seat is put behind a curtain first when the
        view hides the other side, the question is secret (a Simultaneous group's) or its kind says so."""
        return d is not None and self.hotseat() and d.side != self.seated \
            and (self.hidden or bool(d.secret) or bool(d.kind.hand_off))

    def settle(self) -> None:
        """Once for each decision put: whether the seat is passed first; a subset's picks start empty (the
        next side never sees the last one's)."""
        s, d = self.session, self.session.pending
        key = (id(d), len(s.game.answers))
        if key == self.settled_for:
            return
        self.settled_for = key
        self.picked = []
        self.curtain = d.side if d is not None and self.passes_seat(d) else None
        if self.curtain is None and d is not None and self.hotseat():
            self.seated = d.side

    def viewer(self) -> int | None:
        """The side whose knowledge the table shows: the human's against the AI, the seated one in hotseat;
        None (everything) when watching a save or once the battle is over."""
        s = self.session
        if s.watching or s.over or not s.humans:
            return None
        if len(s.humans) == 1:
            return next(iter(s.humans))
        if self.seated is not None:
            return self.seated
        return s.pending.side if s.pending is not None else None

    def _seen(self, name: str, *args: Any) -> Any:
        """A view function's answer, with the viewer when the view hides (None when the view lacks it)."""
        fn = getattr(self.view, name, None)
        if fn is None:
            return None
        return fn(*args, self.viewer()) if self.hidden else fn(*args)

    def token(self, model: str | None) -> Any:
        """The token of a figure the question is about, as the view shows it (None when not shown)."""
        if model is None:
            return None
        return next((t for t in self._seen("tokens", self.session.state) if t.id == model), None)

    def reveal(self) -> None:
        """The curtain lifted: the side it named has the seat."""
        if self.curtain is None:
            return
        self.seated, self.curtain = self.curtain, None
        self.rebuild()

    # -- layout -----------------------------------------------------------------------
    def build(self) -> None:
        self.settle()
        self.widgets = {}
        self.options, self.badges = {}, {}
        w, h = self.app.size
        panel_w = max(self.px(320), int(w * 0.36))
        panel_w = min(panel_w, w - 200)
        self.table = pygame.Rect(0, 0, w - panel_w, h)
        self.cam = Camera.fit(self.table)
        st, d = self.session.state, self.session.pending
        self.shown_for = (d, len(st.log), self.session.error, self.curtain)
        if self.curtain is not None:
            self._build_curtain(self.curtain)
            return
        x, pad = w - panel_w + self.px(8), self.px(8)
        inner = panel_w - 2 * pad
        y = pad
        rules_w = self.px(70)
        headline = self.view.headline(st)
        room = inner - rules_w - pad - 8
        look = next((cls for cls, size, bold in (("@heading", 18, True), ("@prompt", 15, True), ("@small", 12, False))
                     if theme.font(self.px(size), bold=bold).size(headline)[0] <= room), None)
        head_h = self.px(26)
        if look is None:  # longer than the panel's width even small: on as many lines as it takes, small
            from game.ui.battle.cards import wrap

            line_h = theme.font(self.px(12)).get_linesize() + 2
            lines = wrap(headline, self.px(12), False, room)
            for n, line in enumerate(lines):
                common.label(self, f"headline{n}" if n else "headline",
                             pygame.Rect(x, y + n * line_h, inner - rules_w - pad, line_h), line, "@small")
            head_h = max(head_h, len(lines) * line_h)
        else:
            common.label(self, "headline", pygame.Rect(x, y, inner - rules_w - pad, head_h), headline, look)
        common.button(self, "rules", pygame.Rect(x + inner - rules_w, y, rules_w, self.px(26)), "Rules",
                      f"{self.session.system.title}'s rules, every one by its ID (F2)")
        y += head_h + self.px(2)
        prompt = self.text.prompt()
        prompt_h = min(self.px(96), h // 4)
        common.text_box(self, "prompt", pygame.Rect(x, y, inner, prompt_h), prompt, "@small")
        y += prompt_h + pad
        least = self.px(44)  # the status and the log keep at least this each; the options scroll in the rest
        room = h - y - 2 * least - 3 * pad - (self.px(32) + pad if self.session.over or self.session.watching else 0)
        if d is not None and d.options and self.session.human_to_answer():
            subset = d.free == "subset"
            done_h = self.px(32) + pad if subset else 0
            rows = min(len(d.options), 8)
            box = pygame.Rect(x, y, inner, max(self.px(31) + 2, min(rows * self.px(31) + 2, room - done_h)))
            tips = {o.key: self.view.option_tip(st, d, o.key) for o in d.options}
            self.badges = {o.key: self.view.option_badge(st, d, o.key) for o in d.options}
            labels = [(o.key, self.text.option(d, o.key)) for o in d.options]
            self.options = common.choice_list(self, "options", box, labels, None,
                                              {k: v for k, v in tips.items() if v})
            y += box.height + pad
            if subset:
                common.button(self, "done", pygame.Rect(x, y, inner, self.px(32)), "Done",
                              "Answer with the options turned on (Enter)")
                y += done_h
                self._show_picks()
        if self.session.over or self.session.watching:
            common.button(self, "menu", pygame.Rect(x, y, inner, self.px(32)),
                          "Back" if self.session.watching else "Back to the menu")
            y += self.px(32) + pad
        status_h = max(least, (h - y) // 2 - pad)
        common.text_box(self, "status", pygame.Rect(x, y, inner, status_h), self.text.status(), "@small")
        y += status_h + pad
        common.text_box(self, "log", pygame.Rect(x, y, inner, max(least, h - y - pad)), self.text.log(),
                        "@small")

    def _build_curtain(self, side: int) -> None:
        """The whole window covered: who takes the seat, and the one way on (the button, Enter or Space)."""
        w, h = self.app.size
        name = self.session.state.sides[side].name
        margin = self.px(24)
        text = f"Pass the seat to {name}"
        title = "@title" if theme.font(self.px(34), bold=True).size(text)[0] <= w - 2 * margin else "@heading"
        y = max(self.px(8), h // 2 - self.px(110))
        common.label(self, "curtain", pygame.Rect(margin, y, w - 2 * margin, self.px(60)), text, title)
        y += self.px(66)
        why = "The other player looks away: what comes next is for this side's eyes only."
        fits = theme.font(self.px(15), bold=True).size(why)[0] <= w - 2 * margin - 8
        common.label(self, "curtain_why", pygame.Rect(margin, y, w - 2 * margin, self.px(30)),
                     why if fits else "The other player looks away.", "@prompt")
        y += self.px(34)
        hint = "Press Enter or Space, or the button, once the seat is passed"
        common.label(self, "curtain_hint", pygame.Rect(margin, y, w - 2 * margin, self.px(30)),
                     hint if theme.font(self.px(13)).size(hint)[0] <= w - 2 * margin - 8 else "Enter or Space: ready",
                     "@small")
        bw = min(self.px(260), w - 2 * margin)
        common.button(self, "ready", pygame.Rect((w - bw) // 2, y + self.px(50), bw, self.px(54)), "I'm ready",
                      f"Show {name}'s table and question", "@big_button")

    def _show_picks(self) -> None:
        """A subset's buttons on or off as picked, and Done enabled only for as many as the question allows."""
        from game.ui.battle.cards import fit

        d = self.session.pending
        if d is None or d.free != "subset":
            return
        for button, key in self.options.items():
            shown = fit(theme.drawable(self.text.option(d, key), common.TIP_CAP, lines=False), self.px(14),
                        button.rect.width - 24)
            if button.text != shown:
                button.set_text(shown)
            common.select(button, key in self.picked)
        least, most = d.pick
        done = self.widgets.get("done")
        if isinstance(done, pygame_gui.elements.UIButton):
            done.set_text(f"Done: {len(self.picked)} chosen (choose {pick_size(d)})")
            if least <= len(self.picked) <= most:
                done.enable()
            else:
                done.disable()

    def toggle(self, key: str) -> None:
        """A subset's option turned on or off."""
        if key in self.picked:
            self.picked.remove(key)
        else:
            self.picked.append(key)
        self._show_picks()

    def answer_subset(self) -> bool:
        """Done: the options turned on, in the question's order (refused, and told, when too few or too many)."""
        d = self.session.pending
        if d is None or d.free != "subset":
            return False
        least, most = d.pick
        if not least <= len(self.picked) <= most:  # (Done is disabled; Enter is told why)
            self.session.error = f"choose {pick_size(d)} of the options, not {len(self.picked)}"
            return False
        return self.session.answer([o.key for o in d.options if o.key in self.picked])

    def _hovered(self, element: Any) -> None:
        """The exact odds of the option under the mouse, in the prompt (a tooltip waits; this does not)."""
        key = self.options.get(element)
        self.hover_option = key or ""
        d = self.session.pending
        box = self.widgets.get("prompt")
        if key is None or d is None or not isinstance(box, pygame_gui.elements.UITextBox):
            return
        tip = self.view.option_tip(self.session.state, d, key)
        if tip:
            box.set_text(theme.drawable(self.text.prompt() + "<br>" + common.colour_span(html.escape(tip),
                                                                                           theme.ACCENT)))

    def log_lines(self) -> list[str]:
        """The log as the viewer may read it (the view's ``log_lines``), oldest first; else every event's text."""
        lines = self._seen("log_lines", self.session.state)
        return [e.text for e in self.session.state.log] if lines is None else list(lines)

    # -- time and input ---------------------------------------------------------------
    def update(self, dt: float) -> None:
        s = self.session
        if not s.over and not s.human_to_answer():
            self.wait += dt
            if self.wait >= AI_PACE_S:
                self.wait = 0.0
                s.step_ai()
        self.settle()
        if self.shown_for != (s.pending, len(s.state.log), s.error, self.curtain):
            self.rebuild()
            self.manager.update(0.0)  # the new page laid out before this frame is drawn

    def still(self) -> object | None:
        """Nothing changes by itself while a human is to answer (an idle screen costs no CPU); the AI's turns do."""
        s = self.session
        if not s.over and not s.human_to_answer() and not s.watched_all:
            return None
        return (id(s.pending), len(s.state.log), s.error, self.hover, self.hover_option, self.curtain,
                tuple(self.picked))

    def handle(self, event: pygame.event.Event) -> None:
        s, d = self.session, self.session.pending
        if self.curtain is not None:  # nothing but lifting it: the next side's view is not on screen yet
            if (event.type == pygame_gui.UI_BUTTON_PRESSED and self.key_of(event.ui_element) == "ready") \
                    or (event.type == pygame.KEYDOWN and event.key in READY_KEYS):
                self.reveal()
            return
        if event.type == pygame_gui.UI_BUTTON_ON_HOVERED:
            self._hovered(event.ui_element)
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.widgets.get("menu"):
                self.app.pop()
                return
            if event.ui_element is self.widgets.get("rules"):
                self.open_rules()
                return
            if event.ui_element is self.widgets.get("done"):
                self.answer_subset()
                return
            key = self.options.get(event.ui_element)
            if key is not None and d is not None and d.free == "subset":
                self.toggle(key)
            elif key is not None:
                s.answer(key)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F2:
            self.open_rules()
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.cam.to_inches(event.pos) if self.table.collidepoint(event.pos) else None
        if d is None or not s.human_to_answer():
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.table.collidepoint(event.pos):
            x, y = self.cam.to_inches(event.pos)
            if d.free == "point":
                self._place(d, x, y)
            elif d.free == "angle":
                me = self.token(d.context["model"])
                if me is not None:
                    s.answer(round(math.degrees(math.atan2(y - me.y, x - me.x)) % 360.0, 3))
        elif event.type == pygame.KEYDOWN and d.free == "subset":
            if event.key in ENTER_KEYS:
                self.answer_subset()
            elif event.key in NUMBER_KEYS and NUMBER_KEYS[event.key] < len(d.options):
                self.toggle(d.options[NUMBER_KEYS[event.key]].key)
        elif event.type == pygame.KEYDOWN and d.free is None and event.key in NUMBER_KEYS \
                and NUMBER_KEYS[event.key] < len(d.options):
            s.answer(d.options[NUMBER_KEYS[event.key]].key)
        elif event.type == pygame.KEYDOWN and event.key in ENTER_KEYS:
            if d.free == "point":
                offered = list(d.context.get("candidates") or [])
                suggested = d.context.get("default") or (offered[0] if offered else None)
                if suggested is not None:
                    s.answer(suggested)
            elif d.free == "angle":
                s.answer(d.context.get("current", 0.0))

    def open_rules(self) -> None:
        """The system's own rules reference, at the rule of the question asked."""
        from game.ui.scenes.rules import RulesScene

        d = self.session.pending
        self.app.push(RulesScene(self.app, d.rule if d is not None else None, self.session.system.rules_reference()))

    def _place(self, d: Any, x: float, y: float) -> None:
        """A click on the table for a point: the point itself, or the suggested spot it lands on (a pixel is a
        fraction of an inch: a click on a dot at the edge of a move's reach must not fall just beyond it)."""
        s = self.session
        if s.answer({"x": round(x, 3), "y": round(y, 3)}):
            return
        why = s.error
        snap = SNAP_PX / self.cam.scale
        near = [p for p in d.context.get("candidates") or [] if math.dist((p["x"], p["y"]), (x, y)) <= snap]
        if near and s.answer(min(near, key=lambda p: math.dist((p["x"], p["y"]), (x, y)))):
            return
        s.error = why

    # -- drawing ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        self.settle()
        if self.curtain is not None:  # the seat being passed: nothing of the table, the bands in its colour
            w, h = surface.get_size()
            colour = theme.side_colour(self.curtain, self.app.settings.colour_blind)
            band = self.px(14)
            pygame.draw.rect(surface, colour, (0, 0, w, band))
            pygame.draw.rect(surface, colour, (0, h - band, w, band))
            return
        pygame.draw.rect(surface, theme.PANEL, pygame.Rect(self.table.right, 0, surface.get_width() - self.table.right,
                                                            surface.get_height()))
        st, d = self.session.state, self.session.pending
        draw_terrain(surface, st.battle_map, self.cam)
        asking = d is not None and self.session.human_to_answer()
        if asking:
            self.painter.zone(surface, d)
            self.painter.candidates(surface, d)
            self.painter.preview(surface, d)
        self.painter.tokens(surface, self._seen("tokens", st), self._seen("markers", st) or [])
        if asking:
            self.painter.refusal(surface, d)
