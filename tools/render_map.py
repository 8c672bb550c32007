#!/usr/bin/env python3
"""Debug render of a map: terrain, deployment zones, bases, LOS lines and routes to a PNG.

    python tools/render_map.py assets/maps/village_ruins.yaml -o /tmp/village.png
    python tools/render_map.py --all -o /tmp/maps      # every shipped map, with a demo scene

LOS lines are green (clear), orange (obscured) and red (blocked); routes are
drawn in blue with their waypoints. Runs headless (SDL_VIDEODRIVER=dummy).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.content.maps import TABLE_SIZE, BattleMap, load_map, shipped_maps
from game.core.vec import Vec2
from game.geometry import BaseRecord, Battlefield, LosResult, Route, line_of_sight, shortest_route
from game.ui.table_view import SIDE_COLOURS, Camera, draw_terrain

SCALE = 20  # pixels per inch
PAD = 30
LOS_COLOURS = {"clear": (40, 200, 60), "obscured": (255, 150, 30), "blocked": (220, 40, 40)}
CAMERA = Camera(SCALE, PAD, PAD)


def to_px(p: Sequence[float]) -> tuple[int, int]:
    return CAMERA.to_px(p)


def render(battle_map: BattleMap, path: str | Path, bases: Sequence[BaseRecord] = (),
           sight: Sequence[LosResult] = (), routes: Sequence[Route] = (), zone_depth: float = 9.0,
           title: str | None = None) -> Path:
    """Draw the map and the given geometry results to a PNG; returns the file written."""
    pygame.init()
    size = round(TABLE_SIZE * SCALE) + 2 * PAD
    surf = pygame.Surface((size, size + 24))
    surf.fill((30, 30, 30))
    draw_terrain(surf, battle_map, CAMERA, labels=False)
    # deployment strips along every edge, and the scouting quarters with their 6″ centre circle
    overlay = pygame.Surface((size, size), pygame.SRCALPHA)
    d = zone_depth * SCALE
    t = TABLE_SIZE * SCALE
    for rect in ((PAD, PAD, t, d), (PAD, PAD + t - d, t, d), (PAD, PAD, d, t), (PAD + t - d, PAD, d, t)):
        pygame.draw.rect(overlay, (255, 255, 255, 28), rect)
    surf.blit(overlay, (0, 0))
    half = TABLE_SIZE / 2
    pygame.draw.line(surf, (120, 140, 90), to_px((half, 0)), to_px((half, TABLE_SIZE)))
    pygame.draw.line(surf, (120, 140, 90), to_px((0, half)), to_px((TABLE_SIZE, half)))
    pygame.draw.circle(surf, (120, 140, 90), to_px((half, half)), round(6 * SCALE), 1)
    pygame.draw.rect(surf, (230, 230, 200), to_px((12, 12)) + (12 * SCALE, 12 * SCALE), 1)  # marker square
    font = pygame.font.Font(None, 16)
    for piece in battle_map.pieces:
        cx = sum(p[0] for p in piece.polygon) / len(piece.polygon)
        cy = sum(p[1] for p in piece.polygon) / len(piece.polygon)
        label = font.render(piece.id + (" ~" if piece.water else ""), True, (255, 255, 255))
        surf.blit(label, label.get_rect(center=to_px((cx, cy))))
    for route in routes:
        pts = [to_px(p) for p in route.waypoints]
        if len(pts) >= 2:
            pygame.draw.lines(surf, (40, 60, 230), False, pts, 2)
        for p in pts:
            pygame.draw.circle(surf, (40, 60, 230), p, 3)
        if route.move is not None:
            cost = font.render(f"{route.cost:.2f}\"", True, (20, 20, 120))
            surf.blit(cost, to_px(route.waypoints[-1]))
    for res in sight:
        for ln in res.lines:
            pygame.draw.line(surf, LOS_COLOURS[ln.status], to_px(ln.start), to_px(ln.end), 1)
            for o in ln.obstructions:
                if o.exit_point is not None:
                    pygame.draw.circle(surf, LOS_COLOURS[o.effect], to_px(o.exit_point), 2)
    sides: dict[str, int] = {}
    for b in bases:
        col = SIDE_COLOURS[sides.setdefault(b.side, len(sides)) % 2]
        c = to_px(b.centre)
        pygame.draw.circle(surf, col, c, round(b.radius * SCALE))
        pygame.draw.circle(surf, (0, 0, 0), c, round(b.radius * SCALE), 1)
        tip = to_px(b.centre + Vec2.from_angle(b.facing, b.radius))
        pygame.draw.line(surf, (255, 255, 255), c, tip, 2)
    text = title or battle_map.name
    surf.blit(pygame.font.Font(None, 22).render(text, True, (240, 240, 240)), (PAD, size - 4))
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(out))
    return out


def demo_scene(battle_map: BattleMap) -> tuple[list[BaseRecord], list[LosResult], list[Route]]:
    """Two small parties in opposite deployment zones, every LOS between them, and a route across."""
    r = 0.492
    bases = [BaseRecord(f"red{i}", "red", (6 + 6 * i, 3), r, 90.0) for i in range(5)]
    bases += [BaseRecord(f"blue{i}", "blue", (6 + 6 * i, 33), r, 270.0) for i in range(5)]
    bf = Battlefield(battle_map, [b for b in bases if not _blocked(battle_map, b)])
    placed = bf.bases()
    sight = [line_of_sight(bf, v.id, t.id) for v in placed[:2] if v.side == "red"
             for t in placed if t.side == "blue"]
    routes = []
    movers = [b for b in placed if b.side == "red"]
    if movers:
        routes.append(shortest_route(bf, movers[-1].id, (movers[-1].centre.x - 12, 26)))
        routes.append(shortest_route(bf, movers[0].id, (30, 18.0)))
    return placed, sight, [rt for rt in routes if rt.found]


def _blocked(battle_map: BattleMap, b: BaseRecord) -> bool:
    bf = Battlefield(battle_map)
    return bool(bf.pieces_overlapping(b.centre, b.radius, 2 | 4))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("maps", nargs="*", help="map files")
    ap.add_argument("--all", action="store_true", help="render every shipped map")
    ap.add_argument("-o", "--out", default="map.png", help="PNG file, or a folder with --all / several maps")
    ap.add_argument("--plain", action="store_true", help="terrain and zones only, no demo bases")
    args = ap.parse_args(argv)
    files = [Path(m) for m in args.maps] + (shipped_maps() if args.all else [])
    if not files:
        ap.error("name a map file or pass --all")
    for f in files:
        m = load_map(f)
        out = Path(args.out)
        if len(files) > 1 or args.all:
            out = out / (f.stem + ".png")
        if args.plain:
            render(m, out)
        else:
            bases, sight, routes = demo_scene(m)
            render(m, out, bases, sight, routes)
        print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
