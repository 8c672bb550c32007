#!/usr/bin/env python3
"""Benchmark the battlefield geometry on a dense 25-piece map with 18 bases; prints medians.

    python tools/bench_geometry.py           # full run (a few thousand samples each)
    python tools/bench_geometry.py --short   # a few seconds, for CI

Targets (issue 3): LOS <= 100 µs, route search <= 5 ms median.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.content.maps import BattleMap, TerrainPiece
from game.core.vec import Vec2
from game.geometry import BaseRecord, Battlefield, line_of_sight, push, shortest_route
from game.geometry.battlefield import ALL_TERRAIN, CAT_IMPASSABLE, CAT_OBSTACLE
from game.geometry.routes import nav_graph


def dense_map(seed: int = 7) -> BattleMap:
    """25 pieces of every kind (some L-shaped) scattered over the table without overlaps."""
    rng = random.Random(seed)
    kinds = ["impassable"] * 8 + ["obstacle"] * 6 + ["rough"] * 5 + ["area"] * 6
    pieces: list[TerrainPiece] = []
    boxes: list[tuple[float, float, float, float]] = []
    while len(pieces) < 25:
        kind = kinds[len(pieces)]
        w, h = (rng.uniform(0.4, 0.7), rng.uniform(3, 6)) if kind == "obstacle" else \
            (rng.uniform(1.5, 4.5), rng.uniform(1.5, 4.5))
        if rng.random() < 0.5:
            w, h = h, w
        x, y = rng.uniform(1, 35 - w), rng.uniform(1, 35 - h)
        if any(x < bx1 + 1.2 and bx0 < x + w + 1.2 and y < by1 + 1.2 and by0 < y + h + 1.2
               for bx0, by0, bx1, by1 in boxes):
            continue
        boxes.append((x, y, x + w, y + h))
        if kind == "impassable" and len(pieces) % 3 == 0 and w > 2 and h > 2:  # an L-shaped building
            pts = [(x, y), (x + w, y), (x + w, y + h / 2), (x + w / 2, y + h / 2), (x + w / 2, y + h), (x, y + h)]
        elif kind == "area":
            cx, cy = x + w / 2, y + h / 2
            pts = [(cx + w / 2 * math.cos(a), cy + h / 2 * math.sin(a)) for a in
                   (2 * math.pi * k / 7 for k in range(7))]
        else:
            pts = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        pieces.append(TerrainPiece(id=f"{kind}{len(pieces)}", kind=kind, polygon=tuple(Vec2(*p) for p in pts),
                                   style="building", blocks_los=kind == "impassable" and len(pieces) % 2 == 0))
    return BattleMap("bench", tuple(pieces))


def place_bases(bm: BattleMap, rng: random.Random) -> list[BaseRecord]:
    probe = Battlefield(bm)
    bases: list[BaseRecord] = []
    while len(bases) < 18:
        side = "A" if len(bases) < 9 else "B"
        r = 0.492 if len(bases) % 6 else 0.787
        x, y = rng.uniform(1, 35), rng.uniform(1, 12) if side == "A" else rng.uniform(24, 35)
        if probe.pieces_overlapping((x, y), r, CAT_IMPASSABLE | CAT_OBSTACLE):
            continue
        if any(math.dist((x, y), b.centre) < r + b.radius + 0.1 for b in bases):
            continue
        bases.append(BaseRecord(f"m{len(bases)}", side, Vec2(x, y), r, 90.0 if side == "A" else 270.0))
    return bases


def median_us(fn, samples: list) -> float:
    times = []
    for s in samples:
        t0 = time.perf_counter()
        fn(s)
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e6


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--short", action="store_true", help="few samples, runs in a few seconds")
    args = ap.parse_args(argv)
    n = 200 if args.short else 3000
    n_routes = 60 if args.short else 600
    rng = random.Random(1)
    bm = dense_map()
    bases = place_bases(bm, rng)
    bf = Battlefield(bm, bases)
    ids = [b.id for b in bases]
    print(f"map: {len(bm.pieces)} pieces ({sum(len(bf.piece_parts(p.id)) for p in bm.pieces)} convex parts), "
          f"{len(bases)} bases")

    t0 = time.perf_counter()
    graph = nav_graph(bf, 0.492)
    build = (time.perf_counter() - t0) * 1e3
    edges = sum(len(e) for e in graph.edges.values()) // 2
    print(f"route graph build (once per map and base radius, cached): {build:.1f} ms, "
          f"{len(graph.nodes)} nodes, {edges} edges")
    nav_graph(bf, 0.787)

    pairs = [(rng.choice(ids[:9]), rng.choice(ids[9:])) for _ in range(n)]
    los = median_us(lambda p: line_of_sight(bf, *p), pairs)
    results = [line_of_sight(bf, *p) for p in pairs[:200]]
    print(f"LOS check:       median {los:8.1f} µs   ({sum(r.has_los for r in results)}/200 with LOS, "
          f"{sum(r.cover for r in results)} in cover)")

    points = [(rng.uniform(1, 35), rng.uniform(1, 35)) for _ in range(n)]
    overlap = median_us(lambda p: (bf.pieces_overlapping(p, 0.492, ALL_TERRAIN),
                                   bf.overlapping_bases(p, 0.492)), points)
    print(f"overlap check:   median {overlap:8.1f} µs   (terrain pieces + bases under a 25 mm base)")

    goals = []
    while len(goals) < n_routes:
        g = (rng.uniform(1, 35), rng.uniform(1, 35))
        if not bf.pieces_overlapping(g, 0.492, CAT_IMPASSABLE | CAT_OBSTACLE) and not bf.overlapping_bases(g, 0.492):
            goals.append((rng.choice([i for i in ids if bf.base(i).radius < 0.5]), g))
    found = [shortest_route(bf, m, g).found for m, g in goals[:50]]
    route = median_us(lambda s: shortest_route(bf, s[0], s[1]), goals)
    print(f"route search:    median {route:8.1f} µs   ({sum(found)}/50 found; includes the full move check)")

    shoves = [(rng.choice(ids), rng.uniform(0, 360), rng.choice([1.0, 2.0])) for _ in range(n)]

    def one_push(s):
        b = bf.base(s[0])
        pusher = b.centre - Vec2.from_angle(s[1])
        return push(bf, s[0], pusher, s[2])

    p = median_us(one_push, shoves)
    print(f"push:            median {p:8.1f} µs")
    ok = los <= 100 and route <= 5000
    print("targets (LOS <= 100 µs, route <= 5 ms):", "met" if ok else "NOT met")
    return 0


if __name__ == "__main__":
    sys.exit(main())
