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
of the work per frame (``App.frame_times``), of the wall time and of the process's CPU time per frame
(the honest figure on a busy machine, where the wall time includes waiting for a core); never asserts a
timing.

Each size is measured still and then with animations running (``--animations``: still, running or
both): at the normal animation speed, every half second the effects of a busy moment start again on
the table (an activation pulse, a lunge, a shot, hit flashes, floating results, a kill's fade, a push,
a base sliding along its route) and the dice tray rolls, so several effects always overlap.

Idle CPU (``--idle SECONDS``, 0 to skip): the real loop (``App.frame()`` waiting on the clock or on events)
runs that long with no input on the main menu, on a battle waiting for a human's move and on the results,
at each size; prints the process's CPU seconds per second and the frames drawn per second.
``--always-draw`` turns the idle skip off (every frame drawn, as before it), for a comparison.
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
from game.rules.events import Event
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


def busy_moment(scene: BattleScene) -> list[Event]:
    """The events of a busy moment around the moving model: it activates, strikes its nearest enemy (a wound,
    a Stun, a Tough save), shoots the next (a misfire), kills a third and pushes a fourth; dice roll."""
    state, d = scene.state, scene.session.pending
    mover = state.model(d.context["model"])
    enemies = sorted((e for e in state.on_table() if e.side != mover.side),
                     key=lambda e: math.hypot(e.x - mover.x, e.y - mover.y))[:4]
    a, (b, c, k, p) = mover.id, [e.id for e in (enemies * 4)[:4]]
    pushed = state.model(p)
    return [Event("Activation", "", {"model": a}), Event("ActivationRoll", "", {"model": a, "dice": [5], "ap": 3}),
            Event("AttackDeclared", "", {"attacker": a, "defender": b, "attack_kind": "close"}),
            Event("DiceRolled", "", {"model": a, "dice": [4, 6], "total": 12, "roll": "attack"}),
            Event("AttackResolved", "", {"attacker": a, "defender": b, "hit": True}),
            Event("Wounded", "", {"model": b, "wounds_taken": 1}), Event("Stunned", "", {"model": b}),
            Event("TraitRoll", "", {"model": b, "trait": "Tough", "dice": [6], "success": True, "saves_wound": True}),
            Event("AttackDeclared", "", {"attacker": a, "defender": c, "attack_kind": "ranged"}),
            Event("Misfire", "", {"model": a}), Event("Killed", "", {"model": k}),
            Event("Pushed", "", {"model": p, "start": [pushed.x - 1.0, pushed.y], "end": [pushed.x, pushed.y],
                                 "distance": 1.0})]


def keep_animating(scene: BattleScene, moment: list[Event], frame: int) -> None:
    """Every half second (at 60 frames a second) the busy moment starts again, and the mover slides."""
    if frame % 30:
        return
    scene.motion.feed(moment, scene.state)
    for event in moment:
        scene.dice_tray.show(event, scene.state)
    m = scene.state.model(moment[0].data["model"])
    scene.feed.moving[m.id] = ([(m.x - 2.0, m.y - 1.0), (m.x - 1.0, m.y), (m.x, m.y)], 0.0)


def measure(session: BattleSession, size: tuple[int, int], n: int, warmup: int = 30,
            animate: bool = False) -> dict[str, list[float]]:
    app = App(UISettings(width=size[0], height=size[1], animation="normal" if animate else "instant",
                         muted=True), save=False)
    pygame.event.clear()
    scene = app.push(BattleScene(app, session))
    frames(app, 3)
    while app.top is not None and app.top.name != "battle":  # the Maintenance summary of the last turn
        press(app, pygame.K_RETURN)
    assert isinstance(scene, BattleScene) and scene.prompt is not None, "not at a human's move"
    scene.input.selected = scene.session.pending.context["model"]
    points = hover_points(scene)
    moment = busy_moment(scene) if animate else []
    work_start = len(app.frame_times)
    wall: list[float] = []
    cpu: list[float] = []
    for i in range(warmup + n):
        start, start_cpu = time.perf_counter(), time.process_time()
        if animate:
            keep_animating(scene, moment, i)
        pos = points[i % len(points)]
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))
        app.frame(1 / 60)
        if i >= warmup:
            wall.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
    work = app.frame_times[work_start + warmup:]
    if animate:
        assert scene.motion.busy, "the animations stopped"
    return {"work": work, "wall": wall, "cpu": cpu}


def finished_session(seed: int) -> BattleSession:
    setup = BattleSetup(scenario="engagement", mode=HOTSEAT, seed=seed)
    session = BattleSession(setup)
    ais = [make("easy", seed * 2 + side) for side in (0, 1)]
    while (d := session.pending) is not None and not session.over:
        session.answer(ais[d.side].decide(session.state, d))
    return session


def idle_scene(app: App, which: str, session: BattleSession, seed: int) -> None:
    from game.ui.scenes import common
    from game.ui.scenes.menu import MainMenu
    from game.ui.scenes.results import ResultsScene

    if which == "menu":
        common.warm_up().join()
        app.push(MainMenu(app))
    elif which == "battle":
        scene = app.push(BattleScene(app, session))
        frames(app, 3)
        while app.top is not None and app.top is not scene:  # a hand-off or Maintenance summary
            press(app, pygame.K_RETURN)
    else:
        app.push(ResultsScene(app, finished_session(seed)))
    frames(app, 3)


def measure_idle(session: BattleSession, size: tuple[int, int], scale: float, which: str, seconds: float,
                 seed: int) -> tuple[float, float]:
    """CPU seconds per second and frames drawn per second of the real loop with no input."""
    app = App(UISettings(width=size[0], height=size[1], ui_scale=scale, animation="normal", muted=True),
              save=False)
    pygame.event.clear()
    idle_scene(app, which, session, seed)
    from game.ui.app import SETTLE_S

    t0 = time.perf_counter()
    while time.perf_counter() - t0 < min(SETTLE_S, 5.0) + 0.2:  # after the last input, a moment drawn
        app.frame()
    t0, c0, d0 = time.perf_counter(), time.process_time(), app.draws
    while time.perf_counter() - t0 < seconds:
        app.frame()
    wall = time.perf_counter() - t0
    cpu = time.process_time() - c0
    app.scenes.clear()
    return cpu / wall, (app.draws - d0) / wall


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
    parser.add_argument("--animations", choices=("still", "running", "both"), default="both")
    parser.add_argument("--idle", type=float, default=3.0, help="seconds of idle loop per scene (0: none)")
    parser.add_argument("--idle-scale", type=float, default=2.0, help="UI scale of the idle measurement")
    parser.add_argument("--idle-only", action="store_true", help="only the idle CPU")
    parser.add_argument("--always-draw", action="store_true", help="no idle skip: every frame drawn")
    args = parser.parse_args(argv)
    if args.always_draw:
        import game.ui.app

        game.ui.app.SETTLE_S = math.inf
    parties, map_name = busiest_parties(), densest_map()
    start = time.perf_counter()
    session = busy_session(args.seed, args.turns, parties, map_name)
    state = session.state
    print(f"{parties[0]} v {parties[1]} on {map_name} ({len(load_map(resolve('maps', map_name)).pieces)} pieces), "
          f"seed {args.seed}: turn {state.turn}, {len(state.on_table())} models on the table, "
          f"{len(state.log)} log events; set up in {time.perf_counter() - start:.1f} s")
    for part in args.sizes.split(",") if args.idle > 0 else ():
        w, h = (int(v) for v in part.lower().split("x"))
        for which in ("menu", "battle", "results"):
            cpu, fps = measure_idle(session, (w, h), args.idle_scale, which, args.idle, args.seed)
            print(f"idle {which:8s} {w}x{h} @{args.idle_scale:.0%}: cpu {cpu:6.1%} of a core, "
                  f"{fps:5.1f} frames drawn/s" + (" (always drawing)" if args.always_draw else ""))
    for part in args.sizes.split(",") if not args.idle_only else ():
        w, h = (int(v) for v in part.lower().split("x"))
        for animate in {"still": (False,), "running": (True,), "both": (False, True)}[args.animations]:
            result = measure(session, (w, h), args.frames, args.warmup, animate)
            print(f"{w}x{h}, {args.frames} frames" + (", animations running" if animate else ""))
            print(f"  work: {percentiles(result['work'])}")
            print(f"  wall: {percentiles(result['wall'])}")
            print(f"  cpu:  {percentiles(result['cpu'])}")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
