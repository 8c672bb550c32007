#!/usr/bin/env python3
"""Benchmark the registered AI controllers: decision-time percentiles and full-game time (median).

    python tools/bench_ai.py           # a few games per controller, Engagement if present, then the 9-model game
    python tools/bench_ai.py --short   # one quick game per controller, for CI
    python tools/bench_ai.py --record  # also append the figures to benchmarks/ai_history.jsonl
    python tools/bench_ai.py --throughput-only --record   # only games/s (issue 21), recorded

Every run prints the change of each figure against the last recorded run, so a regression shows;
the history file is kept in the repository, one JSON line per recorded run.

Targets (issue 7): decision p95 <= 50 ms for normal, <= 200 ms for hard; a normal-vs-normal
Engagement game <= 2 s median on one core. Also prints the exact-odds computation time.
Throughput (issue 21): normal v normal Engagement on Village Ruins, one process (as `simulate --jobs 1`),
games per second of one core's CPU time from the median over 50 seeded games: >= 10 for Lantern
Adventuring Co. v Northmen Raiding Party, >= 4 for the 9-model Order of the Grey Lance v Hollow Court.
Run it alone: the machine's load is printed and recorded with the figures.
AI share (issue 37): of each throughput pair, the median CPU of the AI's decisions over the median CPU of a
game, <= 50 % in both pairs (the AI costing no more than the rules).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import registry
from game.ai.simulate import Setup, percentile, play_game

HISTORY = Path(__file__).resolve().parent.parent / "benchmarks" / "ai_history.jsonl"
PARTIES = ("lantern_adventuring_co", "northmen_raiding_party")
NINE = ("order_of_the_grey_lance", "hollow_court")  # two legal large shipped parties of 9 models each


def _scenario() -> str | None:
    try:
        from game.content.library import resolve

        resolve("scenarios", "engagement")
        return "engagement"
    except Exception:
        return None


def bench_odds() -> None:
    from game.ai.dice_odds import Roller, _opposed, opposed

    for label, a, d in [("2 v 2 dice, no re-rolls", Roller(2, 4), Roller(2, 3)),
                        ("3 v 2 dice, Hand of Fortune both", Roller(3, 4, False, True), Roller(2, 3, False, True)),
                        ("5 v 5 dice, every re-roll", Roller(5, 4, True, True), Roller(5, 3, True, True))]:
        _opposed.cache_clear()
        t0 = time.perf_counter()
        opposed(a, d)
        cold = time.perf_counter() - t0
        t0 = time.perf_counter()
        opposed(a, d)
        warm = time.perf_counter() - t0
        print(f"odds {label:<34} first {cold * 1000:8.2f} ms   cached {warm * 1e6:6.1f} µs")


def last_recorded(path: Path, figures: dict[str, float] | None = None) -> dict | None:
    """The newest run in the history file (lines that do not parse are passed over); given ``figures``, the
    newest that measured any of them (a --throughput-only run has none of the decision times)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return None
    for line in reversed(lines):
        try:
            run = json.loads(line)
        except ValueError:
            continue
        if isinstance(run, dict) and isinstance(run.get("figures"), dict) and \
                (figures is None or any(k in run["figures"] for k in figures)):
            return run
    return None


def compare(figures: dict[str, float], last: dict | None) -> list[str]:
    """Each figure beside the last recorded one, with the change in per cent."""
    if last is None:
        return ["no recorded run to compare with yet (--record keeps this one)"]
    out = [f"against the run of {last.get('date', '?')} (commit {last.get('commit', '?')}):"]
    for key, value in figures.items():
        old = last["figures"].get(key)
        if isinstance(old, int | float) and old:
            out.append(f"  {key:<40} {old:10.3f} -> {value:10.3f}  ({(value - old) / old:+.1%})")
        else:
            out.append(f"  {key:<40} {'-':>10} -> {value:10.3f}  (new)")
    return out


def record(figures: dict[str, float], path: Path, note: str = "") -> None:
    """Append the run to the history: date, the commit of the code measured, machine, load, figures."""
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                                cwd=Path(__file__).resolve().parent, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        commit = ""
    run = {"date": time.strftime("%Y-%m-%d %H:%M:%S"), "commit": commit, "python": platform.python_version(),
           "cpus": os.cpu_count(), "load": _load(), "figures": figures}
    if note:
        run["note"] = note
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as f:
        f.write(json.dumps(run, sort_keys=True) + "\n")
    print(f"recorded in {path}")


FIGURES: dict[str, float] = {}


def _load() -> float | None:
    """The machine's 1-minute load average (other processes on the shared cores skew every figure)."""
    return round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None


def bench_throughput(games: int, scenario: str | None) -> None:
    """Issue 21's figures: normal v normal on Village Ruins, ``games`` seeded games in this one process (sides
    swapped every other game, as ``simulate --jobs 1``), games/s from the median CPU time of a game."""
    clock = os.environ.get("IRON_HONOR_CLOCK")
    os.environ["IRON_HONOR_CLOCK"] = "cpu"  # the decisions timed on the same clock as the games
    try:
        for label, parties in (("engagement", PARTIES), ("9-model", NINE)):
            if not _throughput(label, parties, games, scenario):
                return
    finally:
        if clock is None:
            os.environ.pop("IRON_HONOR_CLOCK", None)
        else:
            os.environ["IRON_HONOR_CLOCK"] = clock


def _timed_games(setup: Setup, games: int, first_seed: int, label: str,
                 keep_times: bool = False) -> list[tuple[float, dict]] | None:
    """``games`` seeded games in this process, each with its CPU seconds; None (said) when one breaks."""
    out = []
    for i in range(games):
        c0 = time.process_time()
        result = play_game(setup, i, first_seed + i, keep_times=keep_times)
        out.append((time.process_time() - c0, result))
        if result["error"]:
            print(f"{label} game {i} failed: {result['error']}")
            return None
    return out


def _throughput(label: str, parties: tuple[str, str], games: int, scenario: str | None) -> bool:
    """One pair's figure, with the CPU split between the AI's decisions and the rest (the engine): what the
    engine alone costs bounds the games/s that any speed of the AI could reach."""
    load0 = _load()
    played = _timed_games(Setup(parties, ("normal", "normal"), "village_ruins", scenario), games, 1, label,
                          keep_times=True)
    if played is None:
        return False
    cpu = [c for c, _ in played]
    ai = [sum(map(sum, r["_times"])) for _, r in played]  # every decision of both sides, unrounded
    median = statistics.median(cpu)
    engine = statistics.median(c - a for c, a in zip(cpu, ai, strict=True))
    FIGURES[f"{label} normal games/s (CPU median)"] = round(1 / median, 3)
    FIGURES[f"{label} engine alone games/s (CPU median)"] = round(1 / engine, 3)
    share = statistics.median(ai) / median  # issue 37: the AI should cost no more than the rules (<= 50 %)
    FIGURES[f"{label} AI share of game CPU %"] = round(100 * share, 1)
    print(f"throughput {label:<10} ({' v '.join(parties)}, village_ruins, {scenario or 'plain fight'}): "
          f"{games} games, CPU median {median:.3f} s = {1 / median:.2f} games/s (mean {statistics.fmean(cpu):.3f} "
          f"s, max {max(cpu):.3f} s); load {load0} -> {_load()}")
    print(f"  of a game's CPU: the AI's decisions {statistics.median(ai):.3f} s (median), the rest (engine, set-up) "
          f"{engine:.3f} s: with no time at all for the AI, {1 / engine:.2f} games/s")
    print(f"  AI share of a game's CPU ({label}): {statistics.median(ai):.3f} of {median:.3f} s = {share:.0%} "
          f"(issue 37 target: <= 50 %)")
    return True


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--short", action="store_true", help="one game per controller")
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--record", action="store_true", help=f"append the figures to {HISTORY.name}")
    parser.add_argument("--history", type=Path, default=HISTORY, help="the history file to compare with")
    parser.add_argument("--throughput", type=int, default=50, metavar="N",
                        help="seeded games per throughput figure (0: none)")
    parser.add_argument("--throughput-only", action="store_true", help="only the games/s figures")
    parser.add_argument("--note", default="", help="a note kept with the recorded run")
    args = parser.parse_args(argv)
    games = 1 if args.short else args.games
    scenario = None if args.short else _scenario()
    print(f"load average {_load()} on {os.cpu_count()} cpus")
    if args.throughput_only:
        bench_throughput(args.throughput, scenario)
        print("\n".join(compare(FIGURES, last_recorded(args.history, FIGURES))))
        if args.record:
            record(FIGURES, args.history, args.note)
        return 0
    bench_odds()
    print(f"games: {' v '.join(PARTIES)}, {scenario or 'plain fight'}, {games} per controller (self-play)")
    for name in registry.names():
        setup = Setup(PARTIES, (name, name), None, scenario)
        times: list[float] = []
        seconds: list[float] = []
        for i in range(games):
            result = play_game(setup, i, 100 + i)
            if result["error"]:
                print(f"{name}: game {i} failed: {result['error']}")
                return 1
            seconds.append(result["seconds"])
            for t in result["_times"]:
                times += t
        ms = [t * 1000 for t in times]
        FIGURES[f"{name} decision p95 ms"] = round(percentile(ms, 95), 3)
        FIGURES[f"{name} full game median s"] = round(statistics.median(seconds), 4)
        print(f"{name:>12}: decision ms p50 {percentile(ms, 50):7.3f}  p95 {percentile(ms, 95):7.3f}  "
              f"p99 {percentile(ms, 99):7.3f}  ({len(ms)} decisions)   full game median "
              f"{statistics.median(seconds):.3f} s")
    if not args.short:
        bench_nine(args.games, scenario)
        if args.throughput:
            bench_throughput(args.throughput, scenario)
    print("\n".join(compare(FIGURES, last_recorded(args.history, FIGURES))))
    if args.record and not args.short:
        record(FIGURES, args.history, args.note)
    return 0


def bench_nine(games: int, scenario: str | None) -> None:
    """The issue's full-game figure: normal v normal, 9-model parties, Engagement, one process (one core)."""
    played = _timed_games(Setup(NINE, ("normal", "normal"), "village_ruins", scenario), games, 300, "9-model")
    if played is None:
        return
    cpu = [c for c, _ in played]
    seconds = [r["seconds"] for _, r in played]
    FIGURES["9-model normal game CPU median s"] = round(statistics.median(cpu), 4)
    print(f"9-model {scenario or 'plain fight'} ({' v '.join(NINE)}, village_ruins), normal v normal, {games} games: "
          f"CPU (one core) median {statistics.median(cpu):.3f} s, max {max(cpu):.3f} s; wall median "
          f"{statistics.median(seconds):.3f} s (wall exceeds CPU only when other processes share the cores)")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
