#!/usr/bin/env python3
"""How long the party builder takes to answer each click, with a 9-model party: prints figures, asserts nothing.

    python tools/bench_builder.py                # 1280x800, 300 clicks
    python tools/bench_builder.py --clicks 600 --size 1920x1080

Each click is a real mouse press and release posted to the window; its time is the whole frame that handles
the release (the edit, the verdict from the party-building checks, the panels brought up to date, drawing).
Reported per kind of click (p50 / p95 / p99 / max in ms), and for all of them; also the verdict alone
(``judge`` on the party, what ``party check`` runs) and the trait picker's availability check.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("IRON_HONOR_CONFIG", tempfile.mkdtemp(prefix="iron_honor_bench_"))
os.environ.setdefault("IRON_HONOR_MODS", tempfile.mkdtemp(prefix="iron_honor_bench_mods_"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.ai.simulate import percentile
from game.builder.files import open_party
from game.builder.verdict import _options_cache, judge, trait_options
from game.paths import PARTIES_DIR
from game.ui.app import App
from game.ui.scenes.builder import BuilderScene
from game.ui.scenes.menu import MainMenu
from game.ui.settings import UISettings

PARTY = PARTIES_DIR / "order_of_the_grey_lance.yaml"  # 9 models
DT = 1 / 60


CPU: list[float] = []  # CPU seconds of each click's answering frame (a busy machine inflates wall time)


def frame(app: App) -> float:
    start = len(app.frame_times)
    app.frame(DT)
    return app.frame_times[start] if len(app.frame_times) > start else 0.0


def click(app: App, pos: tuple[int, int]) -> float:
    """Press and release at ``pos``; the time of the frame that handles the release (the click's answer)."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frame(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    frame(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    c0 = time.process_time()
    t = frame(app)
    CPU.append(time.process_time() - c0)
    frame(app)
    return t


def stats(ms: list[float]) -> str:
    return (f"n {len(ms):4d}  p50 {percentile(ms, 50):7.2f}  p95 {percentile(ms, 95):7.2f}  "
            f"p99 {percentile(ms, 99):7.2f}  max {max(ms, default=0):7.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=300)
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    w, h = (int(v) for v in args.size.lower().split("x"))
    rng = random.Random(args.seed)

    doc = open_party(PARTY)
    t0 = time.perf_counter()
    for _ in range(200):
        judge(doc.data)
    verdict_ms = (time.perf_counter() - t0) / 200 * 1000
    t0 = time.perf_counter()
    for i in range(9):
        _options_cache.clear()
        trait_options(doc.data, i)
    options_ms = (time.perf_counter() - t0) / 9 * 1000

    app = App(UISettings(width=w, height=h, animation="instant"), save=False)
    app.push(MainMenu(app))
    b = app.push(BuilderScene(app, PARTY, doc))
    for _ in range(3):
        frame(app)
    times: dict[str, list[float]] = defaultdict(list)
    cpu_times: dict[str, list[float]] = {}
    kinds = ["step"] * 6 + ["model"] * 3 + ["size", "problem", "skill", "undo", "weapon", "trait_del", "type"]
    for _ in range(args.clicks):
        kind = rng.choice(kinds)
        pos = None
        if kind == "step":
            pos = b.point_of(f"step:{rng.choice(['MA', 'RA', 'PD', 'WP'])}:{rng.choice('+-')}")
        elif kind == "model":
            pos = b.point_of(f"model:{rng.randrange(9)}")
        elif kind == "problem" and b.judge().problems:
            pos = b.point_of(f"problem:{rng.randrange(len(b.judge().problems))}")
        elif kind in ("skill", "trait_del", "type"):
            pos = b.point_of({"skill": f"skill:{rng.choice(['1h_edged', 'shield', '2h_ranged'])}",
                              "trait_del": "trait_del:0",
                              "type": f"type:{rng.choice(['companion', 'follower'])}"}[kind])
        else:
            key = {"size": f"size:{rng.choice(['small', 'medium', 'large'])}", "undo": "undo",
                   "weapon": "add_weapon"}[kind]
            el = b.widgets.get(key)
            if el is not None and el.is_enabled:
                pos = el.get_abs_rect().center
        if pos is None:
            continue
        times[kind].append(click(app, pos) * 1000)
        cpu_times.setdefault(kind, []).append(CPU[-1] * 1000)
        if app.top is not b:  # a dialog (unsaved changes): back to the builder
            app.pop()
    every = [t for ts in times.values() for t in ts]
    idle = [frame(app) * 1000 for _ in range(100)]
    print(f"party builder, {PARTY.name} (9 models), window {w}x{h}: ms per click (the frame that answers it)")
    for kind in sorted(times):
        print(f"  {kind:>10}: {stats(times[kind])}")
    print(f"  {'all':>10}: {stats(every)}")
    print(f"  {'all, CPU':>10}: {stats([c * 1000 for c in CPU])}   (CPU time of the same frames)")
    print("CPU time per click's frame, by kind:")
    for kind in sorted(cpu_times):
        print(f"  {kind:>10}: {stats(cpu_times[kind])}")
    print(f"  {'no click':>10}: {stats(idle)}   (a frame with nothing to answer: drawing alone)")
    print(f"  {'update':>10}: {stats([t * 1000 for t in b.update_times])}   (inside the click: the verdict and the "
          f"panels brought up to date, without drawing)")
    print(f"verdict alone (judge, as party check): {verdict_ms:.2f} ms; trait availability for one model "
          f"(uncached): {options_ms:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
