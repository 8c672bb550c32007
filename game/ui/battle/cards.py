"""Drawing helpers shared by the battle components: cached text, outlined labels, dark cards.

Text is rendered once per (text, size, colour, weight) and reused, because rendering glyphs every
frame is what costs most when a busy table is drawn at 60 frames a second. Labels over the green
table get a dark backing so they stay readable whatever lies underneath.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.ui import theme

Colour = tuple[int, int, int]
CARD_BG = (22, 24, 28, 235)
CARD_BORDER = (90, 96, 108)
_TEXT_CACHE: dict[tuple, pygame.Surface] = {}
_TEXT_CACHE_MAX = 2048


def text(s: str, size: int, colour: Colour = theme.INK, bold: bool = False, mono: bool = False) -> pygame.Surface:
    """A rendered line, from a bounded cache (cleared wholesale when full: cheap and simple)."""
    key = (s, size, colour, bold, mono)
    surf = _TEXT_CACHE.get(key)
    if surf is None:
        if len(_TEXT_CACHE) >= _TEXT_CACHE_MAX:
            _TEXT_CACHE.clear()
        surf = theme.font(size, bold=bold, mono=mono).render(s, True, colour)
        _TEXT_CACHE[key] = surf
    return surf


def label_size(s: str, size: int = 13, bold: bool = False) -> tuple[int, int]:
    """The size ``label`` draws ``s`` at: the text and its backing."""
    w, h = text(s, size, theme.INK, bold).get_size()
    return w + 8, h + 2


def label(surface: pygame.Surface, s: str, pos: Sequence[float], size: int = 13, colour: Colour = theme.INK,
          anchor: str = "center", bold: bool = False, bg: tuple[int, ...] = (15, 17, 20, 200)) -> pygame.Rect:
    """A line of text on a small dark rounded backing (readable over any terrain); returns its rect."""
    img = text(s, size, colour, bold)
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    box = rect.inflate(8, 2)
    key = ("@box", box.size, bg)
    back = _TEXT_CACHE.get(key)
    if back is None:
        back = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(back, bg, back.get_rect(), border_radius=4)
        _TEXT_CACHE[key] = back
    surface.blit(back, box)
    surface.blit(img, rect)
    return box


@dataclass(frozen=True)
class Row:
    """One line of a card: text, colour, size step (0 = body, 1 = heading, -1 = small), weight, and the
    rule ID it links to (shown in its text as "[ID]"; a click on the row opens the rules reference)."""

    text: str
    colour: Colour = theme.INK
    step: int = 0
    bold: bool = False
    link: str = ""


def as_row(line: str | Row | tuple) -> Row:
    if isinstance(line, Row):
        return line
    if isinstance(line, tuple):
        return Row(*line)
    return Row(line)


def render_card(lines: Sequence[str | Row | tuple], size: int = 14, max_width: int = 420,
                accent: Colour | None = None) -> pygame.Surface:
    """A dark card with one row per line; long lines wrap at word boundaries to ``max_width`` pixels
    (continuation lines are indented)."""
    return render_card_links(lines, size, max_width, accent)[0]


def render_card_links(lines: Sequence[str | Row | tuple], size: int = 14, max_width: int = 420,
                      accent: Colour | None = None) -> tuple[pygame.Surface, list[tuple[pygame.Rect, str]]]:
    """``render_card``, and where each linked row lies on the card (its rect, its rule ID); a row's
    "[ID]" is drawn in the link colour."""
    rows = [as_row(x) for x in lines]
    pad = max(6, size // 2)
    max_width = max(120, round(max_width * size / 14))
    imgs: list[tuple[pygame.Surface, int, str]] = []
    for r in rows:
        s = max(10, size + (3 * r.step if r.step > 0 else 2 * r.step))
        bold = r.bold or r.step > 0
        for k, part in enumerate(wrap(r.text, s, bold, max_width)):
            imgs.append((_linked(part, s, r.colour, bold, r.link), pad * 2 if k else 0, r.link))
    w = max((i.get_width() + indent for i, indent, _ in imgs), default=40) + 2 * pad
    h = sum(i.get_height() for i, _, _ in imgs) + 2 * pad
    card = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(card, CARD_BG, card.get_rect(), border_radius=6)
    pygame.draw.rect(card, accent or CARD_BORDER, card.get_rect(), 2 if accent else 1, border_radius=6)
    y = pad
    links: list[tuple[pygame.Rect, str]] = []
    for img, indent, link in imgs:
        card.blit(img, (pad + indent, y))
        if link:
            links.append((pygame.Rect(pad // 2, y, w - pad, img.get_height()), link))
        y += img.get_height()
    return card, links


def _linked(part: str, size: int, colour: Colour, bold: bool, link: str) -> pygame.Surface:
    """A row's text, its "[link]" in the link colour and underlined."""
    token = f"[{link}]"
    if not link or token not in part:
        return text(part, size, colour, bold)
    before, _, after = part.partition(token)
    imgs = [text(before, size, colour, bold), text(token, size, theme.RULE_LINK, bold), text(after, size, colour, bold)]
    out = pygame.Surface((sum(i.get_width() for i in imgs), max(i.get_height() for i in imgs)), pygame.SRCALPHA)
    x = 0
    for n, img in enumerate(imgs):
        out.blit(img, (x, 0))
        if n == 1:
            pygame.draw.line(out, theme.RULE_LINK, (x, img.get_height() - 3), (x + img.get_width() - 1,
                                                                                 img.get_height() - 3))
        x += img.get_width()
    return out


def fit(s: str, size: int, room: int, bold: bool = False) -> str:
    """``s``, or as much of it as fits ``room`` pixels followed by "…" (measured a logarithmic number of
    times, on at most ``room`` characters: a megabyte of text costs what a line costs)."""
    f = theme.font(size, bold=bold)
    s = theme.drawable(s, max(1, room), lines=False)
    if f.size(s)[0] <= room:
        return s
    s = s.removesuffix("…")
    lo, hi = 0, len(s)  # the longest prefix that fits with its ellipsis: lo fits, hi does not
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if f.size(s[:mid] + "…")[0] <= room:
            lo = mid
        else:
            hi = mid - 1
    s = s[:lo]
    return s.rstrip() + "…" if s else ""


def wrap(s: str, size: int, bold: bool, max_width: int) -> list[str]:
    """Split ``s`` into lines no wider than ``max_width`` pixels, at spaces."""
    f = theme.font(size, bold=bold)
    s = theme.drawable(s, lines=False)
    if f.size(s)[0] <= max_width:
        return [s]
    lines, line = [], ""
    for word in s.split(" "):
        candidate = f"{line} {word}" if line else word
        if line and f.size(candidate)[0] > max_width:
            lines.append(line)
            line = word
        else:
            line = candidate
    return [*lines, line] if line else lines


def blit_clamped(surface: pygame.Surface, img: pygame.Surface, pos: Sequence[float]) -> pygame.Rect:
    """Blit at ``pos`` but keep the image inside the clip area (flipping left of the cursor if needed)."""
    area = surface.get_clip()
    x, y = round(pos[0]), round(pos[1])
    if x + img.get_width() > area.right:
        x = max(area.left, x - img.get_width() - 36)
    if y + img.get_height() > area.bottom:
        y = max(area.top, area.bottom - img.get_height())
    return surface.blit(img, (x, y))


def outlined_line(surface: pygame.Surface, colour: Colour, a: Sequence[float], b: Sequence[float],
                  width: int = 2) -> None:
    """A line with a dark edge on both sides so it reads over light and dark terrain alike."""
    pygame.draw.line(surface, (10, 10, 10), a, b, width + 2)
    pygame.draw.line(surface, colour, a, b, width)


def dashed_circle(surface: pygame.Surface, colour: Colour, centre: Sequence[float], radius: float,
                  width: int = 2, dashes: int = 48) -> None:
    """A dashed ring (pygame draws arcs cheaply); used where a solid ring would read as terrain."""
    if radius < 2:
        return
    import math

    rect = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    rect.center = (round(centre[0]), round(centre[1]))
    step = 2 * math.pi / dashes
    for k in range(0, dashes, 2):
        pygame.draw.arc(surface, colour, rect, k * step, (k + 1) * step, width)
