#!/usr/bin/env python3
"""Frame time of the busiest battle view, through the real App and BattleScene.

    python tools/bench_ui.py                         # 600 frames at 1280x800 and 1920x1080
    python tools/bench_ui.py --frames 1000 --sizes 1920x1080

Eighteen models (two nine-model parties), the shipped map with the most terrain pieces, a game
played some turns by two AIs (so the log panel is long and the dice tray holds the last roll),
stopped at a human's move_to decision: the moving model's range rings and front arc, the route
preview to the point under the mouse, and LOS with the odds card when the mouse is over an enemy.
Each frame a MOUSEMOTION is posted, alternating between enemy bases and points within the move's
allowance, so the previews are recomputed as when a player moves the mouse. Prints p50/p95/p99/max
of the work per frame (``App.frame_times``) and of the wall time per frame; never asserts a timing.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("IRON_HONOR_CONFIG", tempfile.mkdtemp(prefix="iron_honor_bench_"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.ai.registry import make
from game.content.library import content_files, resolve
from game.content.maps import load_map
from game.content.party_building import load_party
from game.ui.app import App
from game.ui.autopilot import frames, press
from game.ui.scenes.battle import BattleScene
from game.ui.session import HOTSEAT, BattleSession, BattleSetup
from game.ui.settings import UISettings


def busiest_parties() -> tuple[str, str]:
    """The two shipped parties with the most models (nine each, 18 on the table)."""
    sizes = sorted(((len(load_party(f).models), f.stem) for f, origin in content_files("parties")
                    if origin == "game"), reverse=True)
    return sizes[0][1], sizes[1][1]


def densest_map() -> str:
    """The shipped map with the most terrain pieces."""
    return max((len(load_map(f).pieces), f.stem) for f, origin in content_files("maps") if origin == "game")[1]


def busy_session(seed: int, turns: int, parties: tuple[str, str], map_name: str) -> BattleSession:
    """A hotseat game the normal AI plays, back at its last move by turn ``turns`` with everyone on the table."""
    setup = BattleSetup(scenario="engagement", map=map_name, parties=parties, mode=HOTSEAT, seed=seed)
    session = BattleSession(setup)
    ais = [make("normal", seed * 2 + side) for side in (0, 1)]
    everyone = len(session.state.models)
    last = None  # answers given before the latest move with everyone still on the table
    while (d := session.pending) is not None and session.state.turn <= turns:
        if d.kind == "move_to" and d.context.get("allowance") and len(session.state.on_table()) == everyone:
            last = len(session.game.answers)
        session.answer(ais[d.side].decide(session.state, d))
    if last is None:
        raise SystemExit(f"no move_to with all {everyone} models on the table by turn {turns} (seed {seed})")
    replay = BattleSession(setup)  # the same seed and answers give the same game
    for answer in session.game.answers[:last]:
        replay.answer(answer)
    return replay


def hover_points(scene: BattleScene) -> list[tuple[int, int]]:
    """Enemy bases and points within the move's allowance, in pixels: where the mouse goes."""
    state, cam, d = scene.state, scene.cam, scene.session.pending
    assert cam is not None and d is not None
    mover = state.model(d.context["model"])
    reach = float(d.context["allowance"])
    enemies = [cam.to_px((e.x, e.y)) for e in state.on_table() if e.side != mover.side]
    ring = [cam.to_px((mover.x + math.cos(a) * reach * r, mover.y + math.sin(a) * reach * r))
            for r in (0.4, 0.8) for a in (i * math.pi / 6 for i in range(12))]
    points = []
    for i in range(max(len(enemies), len(ring))):
        if i < len(ring):
            points.append(ring[i])
        if i < len(enemies):
            points.append(enemies[i])
    return [p for p in points if scene.table_rect.collidepoint(p)]


def measure(session: BattleSession, size: tuple[int, int], n: int, warmup: int = 30) -> dict[str, list[float]]:
    app = App(UISettings(width=size[0], height=size[1], animation="instant"), save=False)
    pygame.event.clear()
    scene = app.push(BattleScene(app, session))
    frames(app, 3)
    while app.top is not None and app.top.name != "battle":  # the Maintenance summary of the last turn
        press(app, pygame.K_RETURN)
    assert isinstance(scene, BattleScene) and scene.prompt is not None, "not at a human's move"
    scene.input.selected = scene.session.pending.context["model"]
    points = hover_points(scene)
    work_start = len(app.frame_times)
    wall: list[float] = []
    for i in range(warmup + n):
        start = time.perf_counter()
        pos = points[i % len(points)]
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))
        app.frame(1 / 60)
        if i >= warmup:
            wall.append(time.perf_counter() - start)
    work = app.frame_times[work_start + warmup:]
    return {"work": work, "wall": wall}


def percentiles(values: list[float]) -> str:
    ms = sorted(v * 1000 for v in values)
    q = statistics.quantiles(ms, n=100, method="inclusive") if len(ms) > 1 else ms * 99

    return f"p50 {q[49]:6.2f}  p95 {q[94]:6.2f}  p99 {q[98]:6.2f}  max {ms[-1]:6.2f} ms"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--sizes", default="1280x800,1920x1080")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--turns", type=int, default=1, help="turns the AIs play first (the log fills)")
    parser.add_argument("--warmup", type=int, default=30)
    args = parser.parse_args(argv)
    parties, map_name = busiest_parties(), densest_map()
    start = time.perf_counter()
    session = busy_session(args.seed, args.turns, parties, map_name)
    state = session.state
    print(f"{parties[0]} v {parties[1]} on {map_name} ({len(load_map(resolve('maps', map_name)).pieces)} pieces), "
          f"seed {args.seed}: turn {state.turn}, {len(state.on_table())} models on the table, "
          f"{len(state.log)} log events; set up in {time.perf_counter() - start:.1f} s")
    for part in args.sizes.split(","):
        w, h = (int(v) for v in part.lower().split("x"))
        result = measure(session, (w, h), args.frames, args.warmup)
        print(f"{w}x{h}, {args.frames} frames")
        print(f"  work: {percentiles(result['work'])}")
        print(f"  wall: {percentiles(result['wall'])}")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
