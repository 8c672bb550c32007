"""The help overlay (F1): every keyboard shortcut and mouse control, and the legend of the table.

``SHORTCUTS`` is the one list the controls column is drawn from; the battle scene's author extends it
when a control is added, so the help never falls behind the game. The legend is generated from the
definitions the table is drawn with: the condition badges (tokens.BADGES) beside the controls, and on
the second page (Tab) the token anatomy, every emblem and every terrain family and edge, each drawn by
the table's own token and terrain code, with the condition texts the tooltips show, so the legend
cannot disagree with the table. A button opens the rules reference.
"""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pygame_gui

from game.ui import style, theme, tokens
from game.ui.app import App, Scene
from game.ui.icons import icon
from game.ui.scenes import common
from game.ui.terrain_art import FAMILIES, Family
from game.ui.tokens import BADGES, Badge, TokenLook

SHORTCUTS: list[tuple[str, str]] = [
    ("Left click", "pick a model, a point, a facing; press a button"),
    ("Esc", "clear the selected model"),
    ("Mouse wheel", "zoom the table (over the answers: scroll them)"),
    ("Right or middle drag / arrows", "pan the table"),
    ("F", "fit the whole table in view"),
    ("Space / Enter", "the default answer (keep facing, suggested spot, No)"),
    ("1 – 9", "pick the n-th answer of a prompt"),
    ("Backspace", "one step back while declaring a plan"),
    ("Page Up / Page Down", "scroll a long list of answers"),
    ("L", "the battle log in a large view (Esc or L closes it)"),
    ("O", "the briefing, each side's objectives and the scoring (Esc or O closes it)"),
    ("Click a blue [RULE-ID]", "the rules reference at that rule (log, prompt, odds card)"),
    ("R", "show or hide range rings"),
    ("+ / −", "AI faster / slower"),
    ("S", "skip the animations, and the AI's actions until you are asked"),
    ("M", "sound effects off or on (the volume is in Settings)"),
    ("Ctrl+S", "save the battle under a name"),
    ("Ctrl+Z", "take back your last decision (Settings say which)"),
    ("F11", "fullscreen on or off"),
    ("F1", "this help (Esc, F1 or a click closes it)"),
]
CLOSE_KEYS = (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def badge_legend() -> list[tuple[Badge, str]]:
    """(badge, meaning) for every badge drawn beside a base, from the table's own definitions (tokens.BADGES)."""
    from game.ui.battle.tooltips import CONDITION_TEXT

    out = []
    for badge in BADGES:
        if badge.key == "jammed":
            text = "Jammed: a black powder weapon misfired; Clear weapon before it fires [SKILL-7]"
        else:
            name, rule, what = CONDITION_TEXT.get(badge.key, (badge.key.replace("_", " ").capitalize(), "", ""))
            text = f"{name}: {what} [{rule}]" if rule else name
        out.append((badge, text))
    return out


def marker_legend() -> list[tuple[str, str]]:
    """(letter, meaning) for every badge: the letter a badge shows when it is too small for its icon."""
    return [(badge.letter, text) for badge, text in badge_legend()]


BASE_CUES = (  # what the sample tokens drawn beside them show (drawn by tokens.draw_token itself)
    ("side_a", "round plate behind the emblem: side A (first player)"),
    ("side_b", "diamond plate behind the emblem: side B (second player)"),
    ("active", "yellow halo outside the base: the model activating now; the white wedge is its facing"),
    ("wounds", "pips on the rim: wounds left (green) and taken (red)"),
)
RIM_CUES = tuple((f"rim_{k}", rim.text) for k, rim in style.RIMS.items()) + (
    ("big", "toothed ring: a Large or Gargantuan creature"),)


OBJECTIVE_CUES = (  # what the encounter draws on the table (table_view.draw_objectives, objective_marks)
    ("region", "dashed gold outline: a scoring region, named with what it pays (grey: not scoring yet)"),
    ("marker", "gold disc: an objective marker"),
    ("place", "dashed pale outline: a named place the scenario's events watch"),
    ("exit", "arrows along an edge, in a side's colour: that side's models escape off this edge"),
    ("arrival", "hatched strip (or dashed ring) in a side's colour: where its reinforcements arrive"),
)


def objective_legend(surface: pygame.Surface, key: str, box: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """A sample of an objective cue in ``box``, drawn by the table's own functions."""
    from game.ui import objective_marks, table_view
    from game.ui.battle.cards import dashed_circle

    r = box.h // 2 - 2
    if key == "region":
        dashed_circle(surface, table_view.OBJECTIVE_INK, box.center, r, 2, 24)
    elif key == "marker":
        table_view.draw_marker(surface, box.center, max(4, r * 2 // 3))
    elif key == "place":
        dashed_circle(surface, objective_marks.REGION_INK, box.center, r, 2, 24)
    elif key == "exit":
        for k in (1, 3, 5):
            objective_marks.draw_arrow(surface, (box.x + box.w * k // 6, box.y + box.h // 2), (0, -1), max(4, r // 2),
                                       colour)
    else:
        objective_marks.draw_arrival_strip(surface, [box.topleft, box.topright, box.bottomright, box.bottomleft],
                                           colour)


def terrain_legend() -> list[tuple[Family, str]]:
    """(family, what it shows and the styles drawn so) for every terrain family (terrain_art.FAMILIES)."""
    return [(f, f"{f.name}: {f.text} ({', '.join(f.styles)})") for f in FAMILIES]


class HelpOverlay(Scene):
    name = "help"
    overlay = True

    def __init__(self, app: App):
        super().__init__(app)
        self.panel = pygame.Rect(0, 0, 10, 10)
        self._pressed_here = False
        self._fitted: dict[tuple[int, int, int], int] = {}  # (page, panel size) -> the text size that fits it
        self.sheet = 0  # 0: controls and badges; 1: the legend of tokens and terrain (Tab or the button)
        # a scene with controls of its own (the map editor) lists them in ``SHORTCUTS``
        self.shortcuts: list[tuple[str, str]] = getattr(app.top, "SHORTCUTS", SHORTCUTS)
        # ... and its own notes in place of the battle's badges (``HELP_NOTES``: (heading, text) pairs)
        self.notes: list[tuple[str, str]] | None = getattr(app.top, "HELP_NOTES", None)
        self.title = getattr(app.top, "HELP_TITLE", "Controls and badges")

    def build(self) -> None:
        self.widgets = {}
        w, h = self.app.size
        pw = min(w - self.px(40), self.px(1240))
        ph = min(h - self.px(40), self.px(640))
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        common.label(self, "title", pygame.Rect(self.panel.x, self.panel.y + self.px(8), pw, self.px(36)),
                     (self.title, "Tokens and terrain")[self.sheet], "@heading")
        bw, bh = min(self.px(190), (pw - self.px(48)) // 3), self.px(38)
        y = self.panel.bottom - self.px(50)
        x0 = self.panel.centerx - (3 * bw + 2 * self.px(12)) // 2
        common.button(self, "page", pygame.Rect(x0, y, bw, bh), ("Tokens and terrain", "Controls")[self.sheet],
                      "The other page of this help (Tab)")
        common.button(self, "rules", pygame.Rect(x0 + bw + self.px(12), y, bw, bh),
                      "Rules reference", "Every rule of the game, searchable")
        common.button(self, "close", pygame.Rect(x0 + 2 * (bw + self.px(12)), y, bw, bh), "Close",
                      "Esc or F1")

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.widgets.get("rules"):
            self.open_rules()
        elif (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.widgets.get("page")) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_TAB):
            self.turn_page()
        elif self._closes(event):
            self.close()
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._pressed_here = not self._on_button(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and self._pressed_here:
            self.close()  # on release, so the click does not reach the scene below

    def _closes(self, event: pygame.event.Event) -> bool:
        """The Close button, or a closing key."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return event.ui_element is self.widgets.get("close")
        return event.type == pygame.KEYDOWN and event.key in CLOSE_KEYS

    def _on_button(self, pos: tuple[int, int]) -> bool:
        return any(self.widgets[k].rect.collidepoint(pos) for k in ("page", "rules", "close") if k in self.widgets)

    def turn_page(self) -> None:
        self.sheet = 1 - self.sheet
        self.rebuild()

    def open_rules(self) -> None:
        """The rules reference, in place of this help (Esc there returns to the scene below)."""
        from game.ui.scenes.rules import open_rules

        self.close()
        open_rules(self.app)  # (over the battle; or, from the reference's own F1, back to it)

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 160))
        surface.blit(shade, (0, 0))
        p = self.panel
        pygame.draw.rect(surface, theme.PANEL, p, border_radius=self.px(8))
        pygame.draw.rect(surface, theme.ACCENT, p, 2, border_radius=self.px(8))
        top, bottom = p.y + self.px(52), p.bottom - self.px(60)
        gap = self.px(28)
        left_w = (p.w - 2 * self.px(24) - gap) * 11 // 20
        left = pygame.Rect(p.x + self.px(24), top, left_w, bottom - top)
        right = pygame.Rect(left.right + gap, top, p.right - self.px(24) - left.right - gap, bottom - top)
        key = (self.sheet, *p.size)
        size = self._fitted.get(key, self.px(14))  # the largest size at which both columns fit
        beside = self._draw_notes if self.notes is not None else self._draw_badges
        first, second = ((self._draw_controls, beside), (self._draw_tokens, self._draw_terrain))[self.sheet]
        while key not in self._fitted and size > 9 and not (first(None, left, size) and second(None, right, size)):
            size -= 1
        self._fitted[key] = size
        first(surface, left, size)
        pygame.draw.line(surface, (70, 74, 84), (left.right + gap // 2, top), (left.right + gap // 2, bottom))
        second(surface, right, size)

    def _heading(self, surface: pygame.Surface | None, text: str, x: int, y: int, size: int) -> int:
        if surface is not None:
            surface.blit(theme.font(size + 2, bold=True).render(text, True, theme.ACCENT), (x, y))
        return y + round(size * 2.1)

    def _draw_controls(self, surface: pygame.Surface | None, rect: pygame.Rect, size: int) -> bool:
        """The shortcuts, their texts wrapped beside the keys; False if they do not fit (nothing drawn
        when ``surface`` is None: a measuring pass)."""
        from game.ui.battle.cards import wrap

        key_font, text_font = theme.font(size, bold=True), theme.font(size)
        key_w = min(max(key_font.size(k)[0] for k, _ in self.shortcuts) + size, rect.w * 9 // 20)
        row = text_font.get_linesize()
        y = self._heading(surface, "Controls", rect.x, rect.y, size)
        for key, text in self.shortcuts:
            keys = wrap(theme.displayable(key), size, True, key_w - size)
            parts = wrap(theme.displayable(text), size, False, rect.w - key_w)
            if surface is not None:
                for n, part in enumerate(keys):
                    surface.blit(key_font.render(part, True, theme.ACCENT), (rect.x, y + n * row))
                for n, part in enumerate(parts):
                    surface.blit(text_font.render(part, True, theme.INK), (rect.x + key_w, y + n * row))
            y += row * max(len(keys), len(parts)) + size // 3
        return y <= rect.bottom

    def _draw_notes(self, surface: pygame.Surface | None, rect: pygame.Rect, size: int) -> bool:
        """A scene's own notes (the map editor's), each a heading and its wrapped text; False if they do not fit."""
        from game.ui.battle.cards import wrap

        f = theme.font(size)
        row = f.get_linesize()
        y = rect.y
        for heading, text in self.notes or []:
            y = self._heading(surface, heading, rect.x, y, size)
            for part in wrap(theme.displayable(text), size, False, rect.w):
                if surface is not None:
                    surface.blit(f.render(part, True, theme.INK), (rect.x, y))
                y += row
            y += row // 2
        return y <= rect.bottom

    def _draw_badges(self, surface: pygame.Surface | None, rect: pygame.Rect, size: int) -> bool:
        """The condition badges (drawn as the table draws them, with the letter a small one shows); False if
        they do not fit."""
        from game.ui.battle.cards import wrap

        f = theme.font(size)
        row = f.get_linesize()
        tag_w = size * 4
        y = self._heading(surface, "Badges beside a base", rect.x, rect.y, size)
        br = max(tokens.ICON_BADGE_RADIUS, round(row * 0.5))
        for badge, text in badge_legend():
            parts = wrap(theme.displayable(f"{badge.letter}  {text}"), size, False, rect.w - tag_w)
            tall = max(row * len(parts), 2 * br + 4)
            if surface is not None:
                image = tokens.badge_image(badge, br)
                surface.blit(image, image.get_rect(center=(rect.x + size, y + tall // 2)))
                small = tokens.badge_image(badge, 5)
                surface.blit(small, small.get_rect(center=(rect.x + size + 2 * br + 4, y + tall // 2)))
                for n, part in enumerate(parts):
                    surface.blit(f.render(part, True, theme.INK), (rect.x + tag_w, y + (tall - row * len(parts)) // 2
                                                                   + n * row))
            y += tall + 2
        return y <= rect.bottom

    def _draw_tokens(self, surface: pygame.Surface | None, rect: pygame.Rect, size: int) -> bool:
        """Token anatomy, each cue on a sample drawn by the table's own token code; then every emblem."""
        from game.ui.battle.cards import wrap

        f = theme.font(size)
        row = f.get_linesize()
        tag_w = size * 4
        radius = max(8, round(size * 0.9))
        y = self._heading(surface, "The token", rect.x, rect.y, size)
        for cue, text in BASE_CUES + RIM_CUES:
            parts = wrap(text, size, False, rect.w - tag_w)
            tall = max(row * len(parts), 2 * radius + size // 2 + 6)
            if surface is not None:
                self._sample_base(surface, cue, (rect.x + tag_w // 2, y + tall // 2 + 2), radius, size)
                for n, part in enumerate(parts):
                    surface.blit(f.render(part, True, theme.INK), (rect.x + tag_w, y + (tall - row * len(parts)) // 2
                                                                   + n * row))
            y += tall + size // 4
        y = self._heading(surface, "Emblems: what the model is", rect.x, y + row // 3, size)
        cols = max(1, rect.w // max(1, size * 12))
        cell_w = rect.w // cols
        es = round(row * 1.2)
        for n, (key, text) in enumerate(tokens.EMBLEM_TEXT.items()):
            x, yy = rect.x + (n % cols) * cell_w, y + (n // cols) * (es + 2)
            if surface is not None:
                surface.blit(icon(key, es, style.EMBLEM_INK), (x, yy))
                label = wrap(text, size - 1, False, cell_w - es - 6)[0]
                surface.blit(theme.font(size - 1).render(label, True, theme.INK), (x + es + 4, yy + (es - row) // 2))
        y += (len(tokens.EMBLEM_TEXT) + cols - 1) // cols * (es + 2)
        return self._draw_objectives(surface, rect, size, y + row // 3)

    def _draw_terrain(self, surface: pygame.Surface | None, rect: pygame.Rect, size: int) -> bool:
        """A swatch of every terrain family painted by the table's own painters, then each kind's edge."""
        from game.ui.battle.cards import wrap
        from game.ui.terrain_art import draw_edge, paint_piece, seed_of

        f = theme.font(size)
        row = f.get_linesize()
        sw = round(row * 2.2)
        y = self._heading(surface, "Terrain families", rect.x, rect.y, size)
        for family, text in terrain_legend():
            parts = wrap(text, size, False, rect.w - sw - size)
            tall = max(row * len(parts), round(sw * 0.7))
            if surface is not None:
                box = pygame.Rect(rect.x, y + (tall - round(sw * 0.7)) // 2, sw, round(sw * 0.7))
                pts = [box.topleft, box.topright, box.bottomright, box.bottomleft]
                paint_piece(surface, pts, family.styles[0], sw / 2.2, seed_of(pts, family.key))
                for n, part in enumerate(parts):
                    surface.blit(f.render(part, True, theme.INK), (rect.x + sw + size, y + (tall - row * len(parts))
                                                                   // 2 + n * row))
            y += tall + 3
        y = self._heading(surface, "Edges: the kind of terrain", rect.x, y + row // 3, size)
        for kind, text in style.KIND_TEXT.items():
            parts = wrap(text, size, False, rect.w - sw - size)
            tall = max(row * len(parts), round(sw * 0.6))
            if surface is not None:
                box = pygame.Rect(rect.x, y + (tall - round(sw * 0.6)) // 2, sw, round(sw * 0.6))
                pygame.draw.rect(surface, style.TABLE_GREEN, box)
                pts = [box.topleft, box.topright, box.bottomright, box.bottomleft]
                draw_edge(surface, pts, kind, kind == "impassable", sw / 2.2)
                for n, part in enumerate(parts):
                    surface.blit(f.render(part, True, theme.INK), (rect.x + sw + size, y + (tall - row * len(parts))
                                                                   // 2 + n * row))
            y += tall + 3
        return y <= rect.bottom

    def _draw_objectives(self, surface: pygame.Surface | None, rect: pygame.Rect, size: int, y: int) -> bool:
        """What the encounter draws on the table, each sample drawn by the table's own code (objective_legend)."""
        from game.ui.battle.cards import wrap

        f = theme.font(size)
        row = f.get_linesize()
        sw = round(row * 2.2)
        y = self._heading(surface, "Objectives on the table", rect.x, y, size)
        palette = style.side_palette(self.app.settings.colour_blind)
        for key, text in OBJECTIVE_CUES:
            parts = wrap(text, size, False, rect.w - sw - size)
            tall = max(row * len(parts), round(sw * 0.6))
            if surface is not None:
                box = pygame.Rect(rect.x, y + (tall - round(sw * 0.6)) // 2, sw, round(sw * 0.6))
                pygame.draw.rect(surface, style.TABLE_GREEN, box)
                objective_legend(surface, key, box, palette[0])
                for n, part in enumerate(parts):
                    surface.blit(f.render(part, True, theme.INK), (rect.x + sw + size, y + (tall - row * len(parts))
                                                                   // 2 + n * row))
            y += tall + 3
        return y <= rect.bottom

    def _sample_base(self, surface: pygame.Surface, cue: str, centre: tuple[int, int], radius_px: int,
                     size: int) -> None:
        """A token drawn by the table's own token code, showing one cue."""
        rim = cue[4:] if cue.startswith("rim_") else "companion"
        look = TokenLook("blade", (), rim, cue == "big")
        model = SimpleNamespace(side=1 if cue == "side_b" else 0, facing=0.0, max_wounds=3 if cue == "wounds" else 0,
                                wounds_taken=1, conditions={}, jammed=[], id="")
        colour = style.side_palette(self.app.settings.colour_blind)[model.side]  # the palette the table uses
        body = tokens.body_image(look, colour, model.side, radius_px)
        surface.blit(body, body.get_rect(center=centre))
        if cue == "active":
            tokens.draw_active_ring(surface, centre, radius_px)
        tokens.draw_facing(surface, centre, radius_px, model.facing)
        tokens.draw_wounds(surface, centre, radius_px, model.max_wounds, model.max_wounds - model.wounds_taken,
                           tokens.rim_width(look, radius_px))
