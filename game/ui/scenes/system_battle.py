"""The battle screen of a rule system other than the first: the kernel's table and prompt, the system's look.

The table is the shared one (terrain drawn by game.ui.table_view); the tokens, the status lines, the set-up zone
and each option's exact odds come from the system's view (``RuleSystem.view``: plain data, no pygame). The
screen computes no rule: it shows the pending decision, and a click, a button or Enter becomes the answer the
rules validate. Point questions (set up, move) are answered by clicking the table (the dots are the suggested
spots; Enter takes the first); a facing by clicking where the character should look (Enter keeps it as it is).
"""

from __future__ import annotations

import html
import math
from typing import Any

import pygame
import pygame_gui

from game.ui import style, theme
from game.ui.app import App, Scene
from game.ui.model_labels import place_labels, unique_labels
from game.ui.scenes import common
from game.ui.system_session import SystemSession
from game.ui.table_view import Camera, draw_terrain, piece_name_boxes, table_text_px

AI_PACE_S = 0.35  # seconds between two AI answers, so a player can follow them
LOG_LINES = 14
SNAP_PX = 8  # a click this close to a suggested spot takes the spot when the click itself is refused


class SystemBattleScene(Scene):
    name = "system_battle"

    def __init__(self, app: App, session: SystemSession):
        super().__init__(app)
        self.session = session
        self.view: Any = session.system.view
        self.table = pygame.Rect(0, 0, 10, 10)
        self.cam = Camera()
        self.wait = 0.0
        self.shown_for: object = None  # the decision the widgets were built for
        self.hover: tuple[float, float] | None = None
        self.hover_option = ""  # the option under the mouse (a charge's lane is drawn)

    # -- layout -----------------------------------------------------------------------
    def build(self) -> None:
        self.widgets = {}
        w, h = self.app.size
        panel_w = max(self.px(320), int(w * 0.36))
        panel_w = min(panel_w, w - 200)
        self.table = pygame.Rect(0, 0, w - panel_w, h)
        self.cam = Camera.fit(self.table)
        x, pad = w - panel_w + self.px(8), self.px(8)
        inner = panel_w - 2 * pad
        st, d = self.session.state, self.session.pending
        y = pad
        rules_w = self.px(70)
        common.label(self, "headline", pygame.Rect(x, y, inner - rules_w - pad, self.px(26)), self.view.headline(st),
                     "@heading")
        common.button(self, "rules", pygame.Rect(x + inner - rules_w, y, rules_w, self.px(26)), "Rules",
                      f"{self.session.system.title}'s rules, every one by its ID (F2)")
        y += self.px(28)
        prompt = self._prompt_html()
        prompt_h = min(self.px(96), h // 4)
        common.text_box(self, "prompt", pygame.Rect(x, y, inner, prompt_h), prompt, "@small")
        y += prompt_h + pad
        least = self.px(44)  # the status and the log keep at least this each; the options scroll in the rest
        room = h - y - 2 * least - 3 * pad - (self.px(32) + pad if self.session.over or self.session.watching else 0)
        if d is not None and d.options and self.session.human_to_answer():
            rows = min(len(d.options), 8)
            box = pygame.Rect(x, y, inner, max(self.px(31) + 2, min(rows * self.px(31) + 2, room)))
            tips = {o.key: self.view.option_tip(st, d, o.key) for o in d.options}
            badges = {o.key: self.view.option_badge(st, d, o.key) for o in d.options}
            labels = [(o.key, o.label + (f" ({badges[o.key]})" if badges[o.key] else "")) for o in d.options]
            self.options = common.choice_list(self, "options", box, labels, None,
                                              {k: v for k, v in tips.items() if v})
            y += box.height + pad
        else:
            self.options = {}
        if self.session.over or self.session.watching:
            common.button(self, "menu", pygame.Rect(x, y, inner, self.px(32)),
                          "Back" if self.session.watching else "Back to the menu")
            y += self.px(32) + pad
        status_h = max(least, (h - y) // 2 - pad)
        common.text_box(self, "status", pygame.Rect(x, y, inner, status_h), self._status_html(), "@small")
        y += status_h + pad
        common.text_box(self, "log", pygame.Rect(x, y, inner, max(least, h - y - pad)), self._log_html(),
                        "@small")
        self.shown_for = (d, len(st.log), self.session.error)

    def _prompt_html(self) -> str:
        s, d = self.session, self.session.pending
        if d is None:
            return f"<b>{html.escape(self.view.outcome(s.state) or 'The battle is over.')}</b>"
        side = s.state.sides[d.side].name
        if s.watching:
            done = len(s.recorder.answers)
            return (f"<b>Watching</b> the saved battle: answer {done} of {s.to_watch}"
                    + (" — the save stops here." if s.watched_all else f". Next: {html.escape(side)}, "
                       f"{html.escape(d.prompt)}"))
        if not s.human_to_answer():
            return f"{html.escape(side)} (the AI) is thinking…"
        out = f"<b>{html.escape(side)}</b>: {html.escape(d.prompt)} [{html.escape(d.rule)}]"
        if d.free == "point":
            out += "<br>Click the table where it goes; the dots are suggested spots, Enter takes the first."
        elif d.free == "angle":
            out += "<br>Click where it should look; Enter keeps its facing."
        elif d.kind.hint:
            out += f"<br>{html.escape(d.kind.hint)}"
        if s.error:
            out += f"<br>{common.colour_span(html.escape(s.error), theme.BAD)}"
        return out

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
            box.set_text(theme.drawable(self._prompt_html() + "<br>" + common.colour_span(html.escape(tip),
                                                                                           theme.ACCENT)))

    def _status_html(self) -> str:
        lines = []
        for side, text in self.view.status(self.session.state):
            colour = style.SIDE_COLOURS[side]
            lines.append(common.colour_span(html.escape(self.session.state.sides[side].letter), colour) + " "
                         + html.escape(text))
        return "<br>".join(lines)

    def _log_html(self) -> str:
        log = self.session.state.log[-LOG_LINES:]
        return "<b>The log, newest first</b><br>" + "<br>".join(html.escape(e.text) for e in reversed(log))

    # -- time and input ---------------------------------------------------------------
    def update(self, dt: float) -> None:
        s = self.session
        if not s.over and not s.human_to_answer():
            self.wait += dt
            if self.wait >= AI_PACE_S:
                self.wait = 0.0
                s.step_ai()
        if self.shown_for != (s.pending, len(s.state.log), s.error):
            self.rebuild()
            self.manager.update(0.0)  # the new page laid out before this frame is drawn

    def still(self) -> object | None:
        """Nothing changes by itself while a human is to answer (an idle screen costs no CPU); the AI's turns do."""
        s = self.session
        if not s.over and not s.human_to_answer() and not s.watched_all:
            return None
        return (id(s.pending), len(s.state.log), s.error, self.hover, self.hover_option)

    def handle(self, event: pygame.event.Event) -> None:
        s, d = self.session, self.session.pending
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
            key = self.options.get(event.ui_element)
            if key is not None:
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
                me = s.state.character(d.context["model"])
                s.answer(round(math.degrees(math.atan2(y - me.y, x - me.x)) % 360.0, 3))
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
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
        pygame.draw.rect(surface, theme.PANEL, pygame.Rect(self.table.right, 0, surface.get_width() - self.table.right,
                                                            surface.get_height()))
        st, d = self.session.state, self.session.pending
        draw_terrain(surface, st.battle_map, self.cam)
        asking = d is not None and self.session.human_to_answer()
        if asking:
            self._draw_zone(surface, d)
            self._draw_candidates(surface, d)
            self._draw_preview(surface, d)
        self._draw_tokens(surface, self.view.tokens(st))
        if asking:
            self._draw_refusal(surface, d)

    def _draw_zone(self, surface: pygame.Surface, d: Any) -> None:
        found = self.view.zone(self.session.state, d)
        if found is None:
            return
        edge, depth = found
        size = self.session.state.battle_map.size
        x0, y0, x1, y1 = {"top": (0, 0, size, depth), "bottom": (0, size - depth, size, size),
                          "left": (0, 0, depth, size), "right": (size - depth, 0, size, size)}[edge]
        a, b = self.cam.to_px((x0, y0)), self.cam.to_px((x1, y1))
        zone = pygame.Surface((b[0] - a[0], b[1] - a[1]), pygame.SRCALPHA)
        zone.fill((*style.SIDE_COLOURS[d.side], 60))
        surface.blit(zone, a)

    def _draw_candidates(self, surface: pygame.Surface, d: Any) -> None:
        if d.free != "point":
            return
        inches = d.context.get("allowance")
        if inches and d.context.get("model"):
            me = self.session.state.character(d.context["model"])
            pygame.draw.circle(surface, theme.ACCENT, self.cam.to_px((me.x, me.y)), round(inches * self.cam.scale),
                               max(1, self.px(2)))
        r = max(2, round(self.cam.scale * 0.12))
        for p in d.context.get("candidates") or []:
            pygame.draw.circle(surface, theme.ACCENT, self.cam.to_px((p["x"], p["y"])), r)

    def _draw_preview(self, surface: pygame.Surface, d: Any) -> None:
        """The route a click here would take (or why not), and a hovered charge's lane."""
        st = self.session.state
        width = max(2, self.px(2))
        if self.hover_option:
            path, reaches = self.view.lane(st, d, self.hover_option)
            if len(path) > 1:
                pygame.draw.line(surface, theme.GOOD if reaches else theme.BAD, self.cam.to_px(path[0]),
                                 self.cam.to_px(path[1]), width)
        if self.hover is None or d.free != "point":
            return
        path, why = self.view.preview(st, d, self.hover)
        if len(path) > 1:
            colour = theme.BAD if why else theme.GOOD
            pygame.draw.lines(surface, colour, False, [self.cam.to_px(p) for p in path], width)

    def _draw_refusal(self, surface: pygame.Surface, d: Any) -> None:
        """Why the rules would refuse a click where the mouse is, beside it (over the tokens' labels)."""
        if self.hover is None or d.free != "point":
            return
        _, why = self.view.preview(self.session.state, d, self.hover)
        if why:
            font = theme.font(self.px(13))
            img = font.render(why, True, theme.INK)
            at = self.cam.to_px(self.hover)
            box = pygame.Rect(at[0] + 12, at[1] + 12, img.get_width() + 8, img.get_height() + 4)
            box.clamp_ip(self.table)
            pygame.draw.rect(surface, (30, 30, 30), box)
            surface.blit(img, (box.x + 4, box.y + 2))

    def _draw_tokens(self, surface: pygame.Surface, tokens: list[Any]) -> None:
        font = theme.font(table_text_px(self.cam.scale), bold=True)
        names = unique_labels((t.id, t.name) for t in tokens)
        texts = {t.id: f"{names[t.id]} {t.boxes[1] - t.boxes[0]}/{t.boxes[1]}"
                 + "".join(f" {m.upper()}" for m in t.marks) for t in tokens}
        images = {i: font.render(text, True, (20, 20, 20)) for i, text in texts.items()}
        bases = [(t.id, *self.cam.to_px((t.x, t.y)), max(4, round(t.radius * self.cam.scale))) for t in tokens]
        spots = place_labels(bases, {i: (img.get_width() + 6, img.get_height() + 2) for i, img in images.items()},
                             bounds=(self.table.x, self.table.y, self.table.w, self.table.h),
                             avoid=piece_name_boxes(self.session.state.battle_map, self.cam))
        for t in tokens:
            self._draw_token(surface, t)
        for i, (x, y, w, h) in spots.items():
            back = pygame.Surface((w, h), pygame.SRCALPHA)
            back.fill(style.LABEL_BACK)
            surface.blit(back, (x, y))
            surface.blit(images[i], (x + 3, y + 1))

    def _draw_token(self, surface: pygame.Surface, t: Any) -> None:
        centre = self.cam.to_px((t.x, t.y))
        r = max(4, round(t.radius * self.cam.scale))
        if t.active:
            pygame.draw.circle(surface, theme.ACCENT, centre, r + max(3, r // 3))
        pygame.draw.circle(surface, style.SIDE_COLOURS[t.side], centre, r)
        pygame.draw.circle(surface, (20, 20, 20), centre, r, max(1, r // 8))
        if "down" in t.marks or "prone" in t.marks:  # lying: a cross over the base
            d = round(r * 0.6)
            for a, b in (((-d, -d), (d, d)), ((-d, d), (d, -d))):
                pygame.draw.line(surface, (245, 245, 245), (centre[0] + a[0], centre[1] + a[1]),
                                 (centre[0] + b[0], centre[1] + b[1]), max(2, r // 5))
        fx, fy = math.cos(math.radians(t.facing)), math.sin(math.radians(t.facing))
        tip = (centre[0] + round(fx * r * 1.4), centre[1] + round(fy * r * 1.4))
        pygame.draw.line(surface, (250, 250, 250), centre, tip, max(2, r // 5))
