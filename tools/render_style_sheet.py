#!/usr/bin/env python3
"""Render the style guide's sheet (docs/style-sheet.png) from the definitions the game draws with.

    python tools/render_style_sheet.py                     # writes docs/style-sheet.png
    python tools/render_style_sheet.py -o /tmp/sheet.png

Palettes (standard and colour-blind), token anatomy at three sizes, every emblem and badge, every
terrain family and each kind's edge, fonts and the motion timings: all read from game/ui/style.py,
tokens.py, terrain_art.py and icons.py, so the sheet shows what the table draws. Headless.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.ui import style, terrain_art, theme, tokens  # noqa: E402
from game.ui.icons import icon  # noqa: E402

W, H = 1400, 1100
INK, MUTED, HEAD = theme.INK, theme.MUTED, theme.ACCENT


def _text(surf: pygame.Surface, text: str, at: tuple[int, int], size: int = 14, colour=INK, bold=False) -> int:
    image = theme.font(size, bold=bold).render(text, True, colour)
    surf.blit(image, at)
    return at[1] + image.get_height()


def _sample(surf: pygame.Surface, centre: tuple[int, int], r: int, look: tokens.TokenLook, side: int,
            colour_blind: bool = False, wounds: tuple[int, int] = (0, 0), badges: tuple[str, ...] = (),
            active: bool = False, facing: float = -30.0) -> None:
    colour = style.side_palette(colour_blind)[side]
    body = tokens.body_image(look, colour, side, r)
    surf.blit(body, body.get_rect(center=centre))
    if active:
        tokens.draw_active_ring(surf, centre, r)
    tokens.draw_facing(surf, centre, r, facing)
    tokens.draw_wounds(surf, centre, r, wounds[0], wounds[1], tokens.rim_width(look, r))
    tokens.draw_badges(surf, centre, r, [tokens.BADGE_BY_KEY[b] for b in badges])


def render(out: Path) -> Path:
    pygame.init()
    pygame.display.set_mode((1, 1))
    sheet = pygame.Surface((W, H))
    sheet.fill(theme.BG)
    _text(sheet, "Iron & Honor — style sheet", (24, 14), 26, HEAD, True)
    _text(sheet, "rendered by tools/render_style_sheet.py from game/ui/style.py, tokens.py, terrain_art.py, icons.py",
          (24, 50), 13, MUTED)

    # -- palettes
    y = 84
    _text(sheet, "Sides", (24, y), 17, HEAD, True)
    for row, (name, cb) in enumerate((("standard", False), ("colour-blind", True))):
        yy = y + 30 + row * 62
        _text(sheet, name, (24, yy + 14), 14)
        for side in (0, 1):
            c = style.side_palette(cb)[side]
            pygame.draw.rect(sheet, c, (140 + side * 190, yy, 44, 44), border_radius=4)
            _text(sheet, f"side {'AB'[side]} {theme.hex_colour(c)}", (190 + side * 190, yy + 14), 13)
            _sample(sheet, (560 + side * 60, yy + 22), 20, tokens.TokenLook("blade", (), "follower", False), side, cb)
    _text(sheet, "side A: round plate behind the emblem; side B: diamond — a cue besides colour", (140, y + 156), 13,
          MUTED)

    # -- token anatomy
    x0, y = 720, 84
    _text(sheet, "Token anatomy", (x0, y), 17, HEAD, True)
    samples = (
        ("hero", tokens.TokenLook("mount", ("shield",), "hero", False), (3, 2), ("stunned",), True),
        ("companion", tokens.TokenLook("staff", (), "companion", False), (2, 2), ("stealth", "ran"), False),
        ("follower", tokens.TokenLook("spear", ("skull",), "follower", False), (1, 1), (), False),
        ("Large", tokens.TokenLook("hammer", (), "follower", True), (3, 1), ("full_defense",), False),
    )
    for n, (name, look, wounds, badges, active) in enumerate(samples):
        cx = x0 + 60 + n * 160
        r = 44 if look.big else 34
        _sample(sheet, (cx, y + 100), r, look, n % 2, wounds=wounds, badges=badges, active=active)
        _text(sheet, name, (cx - 30, y + 160), 13)
        _text(sheet, style.RIMS[look.rim].text.split(":")[0] if not look.big else "toothed ring", (cx - 50, y + 178),
              12, MUTED)
    _text(sheet, "rim by type · emblem: what it is · wedge: facing · pips on the rim: wounds left / taken",
          (x0, y + 200), 12, MUTED)
    _text(sheet, "badges: conditions · yellow ring: activating", (x0, y + 216), 12, MUTED)
    for n, r in enumerate((9, 14, 22)):  # the same token at three zooms
        _sample(sheet, (x0 + 40 + n * 70, y + 262), r, samples[2][1], 0, wounds=(1, 1), badges=("ran",))
    _text(sheet, "the same token at 100 %, 150 %, 250 %", (x0 + 250, y + 256), 12, MUTED)

    # -- emblems and badges
    y = 360
    _text(sheet, "Emblems (Game Icons, CC BY 3.0)", (24, y), 17, HEAD, True)
    for n, (key, text) in enumerate(tokens.EMBLEM_TEXT.items()):
        cx, cy = 24 + (n % 4) * 170, y + 32 + (n // 4) * 38
        sheet.blit(icon(key, 28, style.EMBLEM_INK), (cx, cy))
        _text(sheet, text[:22], (cx + 34, cy + 6), 12)
    x0 = 720
    _text(sheet, "Condition badges", (x0, y), 17, HEAD, True)
    for n, b in enumerate(tokens.BADGES):
        cx, cy = x0 + (n % 2) * 330, y + 32 + (n // 2) * 38
        big = tokens.badge_image(b, 13)
        sheet.blit(big, (cx, cy))
        small = tokens.badge_image(b, 6)
        sheet.blit(small, (cx + 34, cy + 7))
        _text(sheet, f"{b.letter}  {b.key.replace('_', ' ')}", (cx + 56, cy + 5), 13)

    # -- terrain
    y = 620
    _text(sheet, "Terrain families (with their shadow height)", (24, y), 17, HEAD, True)
    for n, f in enumerate(terrain_art.FAMILIES):
        cx, cy = 24 + (n % 6) * 226, y + 32 + (n // 6) * 130
        patch = pygame.Surface((130, 84))
        terrain_art.paint_cloth(patch, 24)
        pts = [(14, 10), (116, 8), (112, 66), (18, 70)]
        terrain_art.cast_shadow(patch, pts, f.styles[0], 24)
        terrain_art.paint_piece(patch, pts, f.styles[0], 24, terrain_art.seed_of(pts, f.key))
        sheet.blit(patch, (cx, cy))
        _text(sheet, f.name, (cx, cy + 88), 13, INK, True)
        _text(sheet, f"{', '.join(f.styles)[:30]} · {f.height:g}″", (cx, cy + 106), 11, MUTED)
    y = 915
    _text(sheet, "Edges by kind ([TERR-1])", (24, y), 17, HEAD, True)
    for n, (kind, text) in enumerate(style.KIND_TEXT.items()):
        cx, cy = 24, y + 30 + n * 42
        box = pygame.Rect(cx, cy, 60, 36)
        pygame.draw.rect(sheet, style.TABLE_GREEN, box)
        terrain_art.draw_edge(sheet, [box.topleft, box.topright, box.bottomright, box.bottomleft], kind,
                              kind == "impassable", 24)
        _text(sheet, text, (cx + 70, cy + 9), 13)

    # -- fonts and motion
    x0 = 860
    _text(sheet, "Fonts", (x0, y), 17, HEAD, True)
    _text(sheet, "Noto Sans — text, labels", (x0, y + 28), 14)
    _text(sheet, "Noto Sans Bold — headings", (x0, y + 48), 14, INK, True)
    _text(sheet, "Motion (ms at speed 1)", (x0 + 240, y), 17, HEAD, True)
    timings = [(k, v) for k, v in vars(style).items() if k.endswith("_MS") or k.endswith("_MS_PER_INCH")]
    for n, (k, v) in enumerate(timings):
        _text(sheet, f"{k.lower().replace('_ms', '').replace('_', ' ')}: {v}", (x0 + 240, y + 26 + n * 14), 11)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(out))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-o", "--out", type=Path, default=ROOT / "docs" / "style-sheet.png")
    print(render(ap.parse_args(argv).out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
