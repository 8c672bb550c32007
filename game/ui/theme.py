"""Look and feel: fonts, palettes and the pygame_gui theme, all scaled by the player's UI scale.

The fonts are the Noto Sans files pygame_gui ships: they have the inch mark (″) and the
other signs the rules text uses, which pygame's built-in font draws as boxes.
"""

from __future__ import annotations

import unicodedata
from collections import deque
from functools import cache, lru_cache
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.core.drawable_shapes.drawable_shape import DrawableShape
from pygame_gui.core.resource_loaders import IResourceLoader

FONT_DIR = Path(pygame_gui.__file__).resolve().parent / "data"
FONT_REGULAR = FONT_DIR / "NotoSans-Regular.ttf"
FONT_BOLD = FONT_DIR / "NotoSans-Bold.ttf"
FONT_MONO = FONT_DIR / "FiraCode-Regular.ttf"

BG = (24, 26, 30)
PANEL = (36, 39, 45)
INK = (225, 228, 235)
MUTED = (150, 155, 165)
ACCENT = (240, 200, 90)
GOOD = (110, 210, 120)
BAD = (230, 95, 85)
RULE_LINK = (130, 185, 255)  # a rule ID that opens the rules reference
RULE_LINK_HOVER = (200, 228, 255)

# side colours: the standard pair, and a pair safe for red-green colour blindness (blue / orange)
SIDE_PALETTES = {False: [(200, 50, 50), (50, 90, 220)], True: [(230, 150, 20), (40, 110, 230)]}


def side_colour(side: int, colour_blind: bool = False) -> tuple[int, int, int]:
    return SIDE_PALETTES[colour_blind][side % 2]


def hex_colour(c: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*c)


FALLBACK_GLYPHS = {"→": "»", "←": "«", "≥": ">=", "≤": "<=", "⚠": "!", "▸": ">", "✔": "", "×": "x"}


@cache
def _has_glyph(ch: str) -> bool:
    import pygame.freetype

    if not pygame.freetype.get_init():
        pygame.freetype.init()
    return pygame.freetype.Font(str(FONT_REGULAR), 14).get_metrics(ch)[0] is not None


MEMO_TEXT = 256  # texts up to this long are remembered once made drawable or measured: a screen asks again and again


def drawable(text: object, limit: int | None = None, placeholder: str | None = None, lines: bool = True) -> str:
    """THE path every text takes to the screen: any string made drawable in the UI font.

    ``game.core.names.clean`` first (no surrogate, NUL or control character, no invisible formatting,
    combining marks bounded, ``limit`` characters at most with an ellipsis, ``placeholder`` for a text
    with nothing that shows), then a near equivalent for each sign the font lacks (arrows, "≥", …)."""
    if type(text) is str and len(text) <= MEMO_TEXT:
        return _drawable_remembered(text, limit, placeholder, lines)
    return _drawable(text, limit, placeholder, lines)


@lru_cache(maxsize=8192)
def _drawable_remembered(text: str, limit: int | None, placeholder: str | None, lines: bool) -> str:
    """``_drawable`` of a short text: the same answer, worked out once (it depends on nothing else)."""
    return _drawable(text, limit, placeholder, lines)


def _drawable(text: object, limit: int | None, placeholder: str | None, lines: bool) -> str:
    from game.core.names import clean

    s = clean(text, limit, placeholder, lines)
    if s.isascii():
        return s
    out = []
    for ch in s:
        if ch.isascii() or unicodedata.category(ch)[0] == "M" or _has_glyph(ch):
            out.append(ch)
        else:
            out.append(FALLBACK_GLYPHS.get(ch, "?"))
    return "".join(out)


def displayable(text: str) -> str:
    """Engine text made drawable in the UI font (``drawable`` without a length cap)."""
    return drawable(text)


RENDER_CAP = 2000  # characters one rendered line may have: no screen is wider


class SafeFont(pygame.font.Font):
    """A font whose ``render`` and ``size`` take any string (through ``drawable``): a NUL, a lone surrogate
    or a text that draws nothing (zero-width characters only) never raises."""

    def render(self, text, antialias, color, bg=None, wraplength=0):
        s = drawable(text if text is not None else "", RENDER_CAP, lines=bool(wraplength))
        try:
            return super().render(s, antialias, color, bg, wraplength)
        except pygame.error:  # a text of zero width
            return super().render("", antialias, color, bg, wraplength)

    def size(self, text):
        if type(text) is str and len(text) <= MEMO_TEXT:  # a font's measure of a text never changes: remembered
            memo = self.__dict__.setdefault("_sizes", {})
            found = memo.get(text)
            if found is None:
                if len(memo) >= 8192:
                    memo.clear()
                found = memo[text] = super().size(drawable(text, RENDER_CAP, lines=False))
            return found
        return super().size(drawable(text if text is not None else "", RENDER_CAP, lines=False))


@cache
def font(size: int, bold: bool = False, mono: bool = False) -> pygame.font.Font:
    path = FONT_MONO if mono else FONT_BOLD if bold else FONT_REGULAR
    return SafeFont(str(path), max(6, size))


_ui_scale = 1.0  # the player's UI scale, for text drawn on the table (the app sets it: set_ui_scale)


def set_ui_scale(scale: float) -> None:
    global _ui_scale
    _ui_scale = float(scale)


def ui_scale() -> float:
    return _ui_scale


def table_text_px(inch_px: float, least: int = 11, share: float = 0.55, most: int = 40) -> int:
    """The font size of a text on the table (a model's or a piece's name, a range ring's caption) where an inch
    is ``inch_px`` pixels: ``share`` of an inch, and at least ``least`` px times the UI scale (the text grows
    with the setting), but never taller than an inch (a label stays near the size of a base) nor than
    ``most`` px times the scale."""
    s = _ui_scale
    size = max(round(least * s), round(inch_px * share))
    return max(least, min(size, round(most * s), max(least, round(inch_px))))


def gui_theme(scale: float) -> dict:
    """The pygame_gui theme at a UI scale: one font family, sizes and paddings multiplied by the scale."""
    size = str(round(14 * scale))

    def font_block(px: int, bold: bool = False) -> dict:
        return {"name": "noto_sans", "size": str(round(px * scale)), "bold": "1" if bold else "0",
                "regular_path": str(FONT_REGULAR), "bold_path": str(FONT_BOLD)}

    return {
        "defaults": {
            "colours": {
                "normal_bg": "#3a3f47", "hovered_bg": "#4d545f", "disabled_bg": "#26292e", "selected_bg": "#6b5a2a",
                "active_bg": "#6b5a2a", "dark_bg": "#1f2226", "normal_text": "#e1e4eb", "hovered_text": "#ffffff",
                "selected_text": "#ffffff", "disabled_text": "#80848c", "normal_border": "#555b66",
                "hovered_border": "#f0c85a", "selected_border": "#f0c85a", "link_text": "#82b9ff",
                "link_hover": "#c8e4ff", "link_selected": "#c8e4ff",
            },
            "font": {"name": "noto_sans", "size": size, "regular_path": str(FONT_REGULAR),
                     "bold_path": str(FONT_BOLD)},
        },
        # pygame_gui takes only colours from "defaults": each kind of widget names its font to follow the scale
        "button": {"font": font_block(14), "misc": {"shape": "rounded_rectangle",
                                                    "shape_corner_radius": str(round(4 * scale)),
                                                    "tool_tip_delay": "0.4"}},
        "label": {"font": font_block(14)},
        "text_entry_line": {"font": font_block(14)},
        "@title": {"font": font_block(34, bold=True), "colours": {"normal_text": "#f0c85a"}},
        "@heading": {"font": font_block(18, bold=True), "colours": {"normal_text": "#f0c85a"}},
        "@small": {"font": font_block(12)},
        "@big_button": {"font": font_block(18, bold=True)},
        "@prompt": {"font": font_block(15, bold=True)},
        "@not_yet": {"font": font_block(14), "colours": {"normal_text": "#8a8f98", "hovered_text": "#c3c7cf",
                                                        "normal_bg": "#2c3036"}},  # offered, cannot succeed now
        # a line of a long answer laid over its button (battle/option_list.py): no background of its own
        "@option_line": {"font": font_block(14), "colours": {"dark_bg": "#00000000", "normal_bg": "#00000000"},
                         "misc": {"text_horiz_alignment": "left"}},
        "@option_line_muted": {"font": font_block(14), "misc": {"text_horiz_alignment": "left"},
                               "colours": {"dark_bg": "#00000000", "normal_bg": "#00000000",
                                           "normal_text": "#8a8f98"}},
        "text_box": {"font": font_block(13), "colours": {"dark_bg": "#1f2226"}},
        "tool_tip": {"font": font_block(13), "misc": {"rect_width": str(round(360 * scale))}},
    }


class _Theme(pygame_gui.core.UIAppearanceTheme):
    """pygame_gui's theme, the element IDs a widget's theming is looked up by remembered by those IDs as given.
    pygame_gui's own memo of them is keyed by a text it makes by joining the IDs' texts into one another, which
    is megabytes long for a widget a few containers deep, at every widget made or rebuilt: a widget met before
    now costs a tuple (a new one still goes through pygame_gui, so the IDs are the same)."""

    def __init__(self, resource_loader: IResourceLoader, locale: str) -> None:
        super().__init__(resource_loader, locale)
        self._combined: dict[tuple[tuple[str | None, ...] | None, ...], list[str]] = {}

    def build_all_combined_ids(self, element_base_ids, element_ids, class_ids, object_ids) -> list[str]:
        key = tuple(None if ids is None else tuple(ids) for ids in (element_base_ids, element_ids, class_ids,
                                                                     object_ids))
        found = self._combined.get(key)
        if found is None:
            found = self._combined[key] = super().build_all_combined_ids(element_base_ids, element_ids, class_ids,
                                                                         object_ids)
        return found


class _Manager(pygame_gui.UIManager):
    """The widget manager with the theme above (pygame_gui's create_new_theme, with our class)."""

    def create_new_theme(self, theme_path=None) -> _Theme:
        made = _Theme(self.resource_loader, self._locale)
        if theme_path is not None:
            made.load_theme(theme_path)
        return made


def _draw_states_when_shown(shape: DrawableShape, force_full_redraw: bool = False) -> None:
    """pygame_gui's ``redraw_all_states``, drawing only what is on show: the normal look and the state shown now.
    pygame_gui draws every other look (hovered, selected, pressed) of every widget in the frames after it is
    made, each four times oversized for its rounded corners, though most are never seen; it already draws the
    disabled look only when it is first shown (``set_active_state`` draws a look not drawn yet), and so now
    are the others. Every look is marked not drawn first, so none is shown stale after a new text or size."""
    for state in shape.states.values():
        state.generated = False
    shape.states_to_redraw_queue = deque()
    shape.redraw_state("normal")
    if shape.active_state.state_id != "normal":
        shape.redraw_state(shape.active_state.state_id)


DrawableShape.redraw_all_states = _draw_states_when_shown  # type: ignore[assignment]


def gui_manager(size: tuple[int, int], scale: float) -> pygame_gui.UIManager:
    """The widget manager at a UI scale, its fonts loaded: the app makes one at the start and at each new scale."""
    import i18n  # pygame_gui's translator

    manager = _Manager(size, gui_theme(scale))
    # each manager adds pygame_gui's translations folder to the translator's search path again, which it lists
    # for every text with a full stop: kept once, a long session's scale changes do not slow the texts down
    i18n.load_path[:] = list(dict.fromkeys(i18n.load_path))
    preload_fonts(manager, scale)
    return manager


def preload_fonts(manager: pygame_gui.UIManager, scale: float) -> None:
    """Load the bold and italic faces the text boxes use up front (pygame_gui warns and stalls otherwise)."""
    fonts = manager.get_theme().get_font_dictionary()
    wanted: list[dict[str, str | int | float]] = []
    for size in sorted({round(px * scale) for px in (12, 13, 14, 15, 18)}):
        for style, bold, italic in (("bold", True, False), ("italic", False, True), ("bold_italic", True, True)):
            if not fonts.check_font_preloaded(fonts.create_font_id(size, "noto_sans", bold, italic, True)):
                wanted.append({"name": "noto_sans", "point_size": size, "style": style, "antialiased": "1"})
    manager.preload_fonts(wanted)


def modal_panel(surface: pygame.Surface, rect: pygame.Rect, radius: int, accent: tuple[int, int, int] = ACCENT) -> None:
    """A card over the scene below: the window shaded, the card's panel edged in ``accent``."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 150))
    surface.blit(shade, (0, 0))
    pygame.draw.rect(surface, PANEL, rect, border_radius=radius)
    pygame.draw.rect(surface, accent, rect, 2, border_radius=radius)
