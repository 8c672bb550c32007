#!/usr/bin/env python3
"""Saves and replays, measured: autosave writes, reading a save, resuming against the AI, the replay viewer.

    python tools/bench_saves.py            # 18 models (Order of the Grey Lance v The Hollow Court), normal AIs

Prints figures; asserts nothing (timings depend on the machine and its load). A resume is timed as
``BattleSession.from_save`` alone, after ``read_save``, in a fresh interpreter: what it imports on the way
(the AI, for the controllers) counts, the interpreter and the modules ``read_save`` needs do not.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("IRON_HONOR_SAVES", tempfile.mkdtemp(prefix="bench-saves-"))

from game.ai.registry import make
from game.saves import record as save_record
from game.saves.controllers import digest
from game.saves.record import read_save
from game.saves.store import autosave_path
from game.saves.timeline import Timeline
from game.ui import session as ui_session
from game.ui.session import BattleSession, BattleSetup


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] * 1000


_RESUME = """
import sys, time
from game.saves.record import read_save
from game.ui.session import BattleSession
record = read_save(sys.argv[1])
t, c = time.perf_counter(), time.process_time()
BattleSession.from_save(record)
print((time.perf_counter() - t) * 1000, (time.process_time() - c) * 1000)
"""


def _resume_in_a_new_process(path: Path) -> tuple[float, float]:
    """(wall ms, CPU ms) of BattleSession.from_save in a fresh interpreter: no cache warmed by an earlier resume."""
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run([sys.executable, "-c", _RESUME, str(path)], cwd=root, capture_output=True, text=True,
                         check=True, env=dict(os.environ, PYTHONPATH=str(root)))
    wall, cpu = out.stdout.split()
    return float(wall), float(cpu)


def main() -> int:
    writes: list[float] = []
    original = save_record.write_save

    def timed(path, rec, durable=True):
        t = time.perf_counter()
        original(path, rec, durable)
        writes.append(time.perf_counter() - t)

    ui_session.write_save = timed
    setup = BattleSetup(parties=("order_of_the_grey_lance", "hollow_court"), seed=3, mode="ai", ai_level="normal")
    s = BattleSession(setup, autosave=True)
    s.humans = set()
    s.controllers = [make("normal", 11), make("normal", 12)]
    t = time.perf_counter()
    while not s.over:
        s.step_ai()
    play_s = time.perf_counter() - t
    size = autosave_path().stat().st_size
    print(f"game: {len(s.recorder.answers)} decisions, {s.state.turn} turns, played in {play_s:.2f} s")
    playing = writes[:-1]  # the last write is the finished game's, the only one with the state by value
    print(f"autosave after every decision: write ms p50 {pct(playing, .5):.2f} p95 {pct(playing, .95):.2f} "
          f"max {max(playing) * 1000:.2f}; the finished game's (with its state): {writes[-1] * 1000:.2f} ms")
    t = time.perf_counter()
    rec = read_save(autosave_path())
    print(f"read the save: {(time.perf_counter() - t) * 1000:.1f} ms")
    kept_state = len(json.dumps(rec.state, separators=(",", ":"))) if rec.state else 0
    print(f"the finished game's save: {size} bytes, of which the state by value {kept_state}; "
          f"the AI's memory kept in it: {len(json.dumps(rec.controllers)) if rec.controllers else 0} bytes")
    folder = Path(os.environ["IRON_HONOR_SAVES"])
    replayed = folder / "finished-without-state.json"
    save_record.write_save(replayed, save_record.SaveRecord(setup=rec.setup, summary=rec.summary, answers=rec.answers,
                                                            checks=rec.checks, controllers=rec.controllers))
    at_once, old = (min((_resume_in_a_new_process(path) for _ in range(3)), key=lambda r: r[1])
                    for path in (autosave_path(), replayed))
    print(f"resume the finished game (decision {len(rec.answers)}), from its kept state: {at_once[0]:.0f} ms "
          f"({at_once[1]:.0f} ms CPU); played back (a save without it): {old[0]:.0f} ms ({old[1]:.0f} ms CPU): "
          f"{old[1] / at_once[1]:.1f} times the CPU")
    loaded = BattleSession.from_save(rec)
    c = time.process_time()
    problem = loaded.check_kept()
    print(f"  then checked against its answers (the results screen, in slices between frames): "
          f"{(time.process_time() - c) * 1000:.0f} ms CPU, {problem or 'the same game'}")
    for label, at in (("mid-game", len(rec.answers) // 2), ("late", len(rec.answers) - 20)):
        live = BattleSession(setup)  # the same game again, stopped at the cut: its autosave is the save there
        live.humans = set()
        live.controllers = [make("normal", 11), make("normal", 12)]
        while len(live.recorder.answers) < at:
            live.step_ai()
        here = live.record()
        here.setup = dict(here.setup, mode="ai", human_side=0)  # as the player's save: side 1 is the AI
        sides = [None, here.controllers["sides"][1]]
        side1 = {"decisions": at, "sides": sides, "digest": digest(sides)}
        for how, memory in (("the AI's memory restored", side1), ("the AI re-asked (a save without it)", None)):
            cut = save_record.SaveRecord(setup=here.setup, summary=here.summary, answers=here.answers,
                                         checks=here.checks, controllers=memory)
            path = Path(os.environ["IRON_HONOR_SAVES"]) / f"cut-{at}-{memory is not None}.json"
            save_record.write_save(path, cut)
            runs = [_resume_in_a_new_process(path) for _ in range(2)]  # as Continue after a restart: cold caches
            wall, cpu = min(r[0] for r in runs), min(r[1] for r in runs)
            print(f"resume {label} (decision {at}), {how}: {wall:.0f} ms ({cpu:.0f} ms CPU)")
    t = time.perf_counter()
    tl = Timeline(rec.setup, rec.answers, rec.checks)
    print(f"replay viewer: timeline built in {(time.perf_counter() - t) * 1000:.0f} ms")
    seeks = []
    for k in random.Random(1).sample(range(-1, len(tl)), min(500, len(tl))):
        t = time.perf_counter()
        tl.state_at(k)
        seeks.append(time.perf_counter() - t)
    print(f"seek to a random decision ({len(seeks)} seeks): ms p50 {pct(seeks, .5):.3f} p99 {pct(seeks, .99):.3f} "
          f"max {max(seeks) * 1000:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
