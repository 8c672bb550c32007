"""What was drawn where in the last frame, and what is wrong with the layout: for the layout test and the tour.

Text the scenes draw themselves (banners, the dice tray, labels on the table) is noted here with the
box it must stay inside, and every base with its disc, while a probe is on; the widgets pygame_gui
draws are read from the manager. ``problems`` then names each widget outside the window or its
panel, each text wider than its box (measured with the widget's own font) and each label over a base.
Off (the default) ``note`` costs one test of a global.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame
import pygame_gui


@dataclass(frozen=True)
class Drawn:
    """One thing drawn: text (``box`` is where it must fit), a label on the table, or a base (``rect`` its
    disc's box; ``radius`` its radius)."""

    kind: str  # "text" | "label" | "base"
    rect: pygame.Rect
    box: pygame.Rect | None = None
    text: str = ""
    owner: str = ""
    radius: float = 0.0


_frame: list[Drawn] | None = None


def start() -> None:
    """Record from now on (the app clears the record at the start of each frame's drawing)."""
    global _frame
    _frame = []


def stop() -> None:
    global _frame
    _frame = None


def begin_frame() -> None:
    if _frame is not None:
        _frame.clear()


def note(kind: str, rect: pygame.Rect | tuple, box: pygame.Rect | None = None, text: str = "", owner: str = "",
         radius: float = 0.0) -> None:
    if _frame is not None:
        _frame.append(Drawn(kind, pygame.Rect(rect), None if box is None else pygame.Rect(box), text, owner,
                            radius))


def drawn() -> list[Drawn]:
    return list(_frame or ())


# -- the checks -----------------------------------------------------------------------------------------

SLACK = 1  # pixels of rounding allowed


def _inside(inner: pygame.Rect, outer: pygame.Rect) -> bool:
    return outer.inflate(2 * SLACK, 2 * SLACK).contains(inner)


def _disc_hits(rect: pygame.Rect, centre: tuple[int, int], radius: float) -> bool:
    """Does the rectangle cover part of the disc (more than a pixel's rounding)?"""
    nx = min(max(centre[0], rect.left), rect.right)
    ny = min(max(centre[1], rect.top), rect.bottom)
    return (nx - centre[0]) ** 2 + (ny - centre[1]) ** 2 < (radius - SLACK) ** 2


def widget_problems(manager: pygame_gui.UIManager, window: pygame.Rect) -> list[str]:
    """Each visible widget inside the window and its container; a button's or label's text inside it."""
    out: list[str] = []
    elements = [e for e in manager.get_sprite_group().sprites() if isinstance(e, pygame_gui.core.UIElement)]
    # a scrolled page's content may lie beyond the window (a scroll away): it is checked against the page
    pages = {id(e.scrollable_container): e for e in elements if isinstance(e, pygame_gui.elements.UIScrollingContainer)}
    parts = set()  # pygame_gui's own parts of scroll bars (arrows drawn as shapes)
    for e in elements:
        if isinstance(e, pygame_gui.elements.UIVerticalScrollBar | pygame_gui.elements.UIHorizontalScrollBar):
            parts |= {id(getattr(e, k, None)) for k in ("top_button", "bottom_button", "left_button", "right_button",
                                                       "sliding_button", "button_container")}
    root = manager.get_root_container()
    for el in elements:
        if not el.alive() or not el.visible or isinstance(el, pygame_gui.elements.UITooltip) or id(el) in parts:
            continue
        name = f"{type(el).__name__} {getattr(el, 'text', '')!r}".strip()
        scrolled = _on_page(el, pages)
        if id(el) in pages:
            page = pages[id(el)]
            if not page.allow_scroll_x and el.rect.width > page.rect.width + SLACK:
                out.append(f"a page {el.rect.width} px wide scrolls only up and down in {page.rect.width}")
            continue
        if not scrolled and not _inside(el.rect, window):
            out.append(f"{name} at {tuple(el.rect)} is outside the window {tuple(window)}")
        box = el.ui_container
        if box is not None and box is not root and not _inside(el.rect, box.get_rect()):
            out.append(f"{name} at {tuple(el.rect)} is outside its panel {tuple(box.get_rect())}")
        text = getattr(el, "text", None)
        font = getattr(el, "font", None)
        if isinstance(el, pygame_gui.elements.UIButton | pygame_gui.elements.UILabel) and text and font is not None:
            w, h = font.size(text)
            if w > el.rect.width - 6:  # (a border and a shadow each side)
                out.append(f"{name}: text {w} px wide in a box of {el.rect.width - 6}")
            if h > el.rect.height:
                out.append(f"{name}: text {h} px tall in a box of {el.rect.height}")
    return out


def _on_page(el, pages: dict) -> bool:
    box = el.ui_container
    while box is not None:
        if id(box) in pages:
            return True
        box = box.ui_container if box.ui_container is not box else None
    return False


def drawn_problems(window: pygame.Rect, items: list[Drawn] | None = None) -> list[str]:
    """Noted text inside its box and the window; no label on the table over a base."""
    items = drawn() if items is None else items
    out: list[str] = []
    bases = [d for d in items if d.kind == "base"]
    for d in items:
        if d.kind == "base":
            continue
        if not _inside(d.rect, window):
            out.append(f"{d.owner} {d.text!r} at {tuple(d.rect)} is outside the window")
        if d.box is not None and not _inside(d.rect, d.box):
            out.append(f"{d.owner} {d.text!r} at {tuple(d.rect)} is outside its box {tuple(d.box)}")
        if d.kind == "label":
            for b in bases:
                if b.owner != d.owner.split(":", 1)[-1] and _disc_hits(d.rect, b.rect.center, b.radius):
                    out.append(f"{d.owner} {d.text!r} at {tuple(d.rect)} covers the base of {b.owner}")
    return out


def problems(app) -> list[str]:
    """Everything wrong with the frame the app last drew (the probe must have been on)."""
    window = pygame.Rect((0, 0), app.size)
    return widget_problems(app.manager, window) + drawn_problems(window)
