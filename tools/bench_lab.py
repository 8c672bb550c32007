#!/usr/bin/env python3
"""The balance lab's throughput: games per second with 1 and 2 local worker processes and on a local Ray cluster
of 2 workers, side by side in one run, and whether the three give the same rows (timing columns aside).

    python tools/bench_lab.py                 # 40 normal v normal games, 2 rounds
    python tools/bench_lab.py --games 80 --rounds 3
    python tools/bench_lab.py --no-ray        # without Ray installed

Each executor is started and warmed (every worker has imported the engine and loaded the parties, maps and
scenarios of the games) before its clock starts, so the figures count games, not start-up. The rounds
interleave the executors and each keeps its best round, so a burst of other work on a shared machine counts
against none of them alone. The figures are ratios of one run, never compared with another machine's; the
machine's load is printed with them. Because this machine's speed drifts by a third within minutes, the
ratio of each round (1 worker and 2 workers a few seconds apart) is printed too, with its median over the
rounds. The local pools are started anew each round; the Ray workers live on, so from the second round
their games meet the odds caches of the first (the same games): Ray's figure flatters it.

Beside games per second of wall time it prints the cores the run obtained (the workers' CPU seconds over
the wall seconds) and games per second of the busiest worker's CPU time: what the executor would do if each
worker had a core to itself. On a machine shared with other people's work, Linux shares the CPU between
sessions (autogroups), not processes, so a second worker in the same session can get no more CPU than the
first alone; the second figure then still shows whether the engine itself scales (no work lost to waiting,
handing rows back or an unequal share of the games).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.matches import TIMING, Match, Pool, run_matches
from game.lab.sweep import Sweep

MATCHUPS = [("ghrim_company", "northmen_raiding_party"), ("hollow_court", "order_of_the_grey_lance")]


def matches(games: int) -> list[Match]:
    """The first ``games`` games of a sweep like the lab's own (maps, scenarios and sides varied)."""
    sweep = Sweep("bench", MATCHUPS, ["village_ruins", "open_field", "forest_crossing", "river_ford"],
                  ["engagement", "landmark"], True, [("normal", "normal")], list(range(1, games + 1)))
    return [p.match for p in sweep.plan()[:games]]


def result_of(row: dict) -> dict:
    return {k: v for k, v in row.items() if k not in TIMING and k != "played_by" and not k.startswith("_")}


def _busiest(rows: dict[int, dict]) -> float:
    """The CPU seconds of the worker that played for longest."""
    per: dict[str, float] = {}
    for r in rows.values():
        per[r["played_by"]] = per.get(r["played_by"], 0.0) + r["cpu_seconds"]
    return max(per.values())


def timed_pool(todo: list[Match], jobs: int) -> tuple[float, list[dict], float, float]:
    pool = Pool(jobs, warm=True, matches=todo)
    try:
        t0 = time.perf_counter()
        rows = dict(run_matches(todo, pool=pool))
        wall = time.perf_counter() - t0
    finally:
        pool.close()
    return wall, [rows[i] for i in range(len(todo))], sum(r["cpu_seconds"] for r in rows.values()), _busiest(rows)


def timed_ray(todo: list[Match], cluster: object) -> tuple[float, list[dict], float, float]:
    cluster.warm(todo)  # type: ignore[attr-defined]
    t0 = time.perf_counter()
    rows = dict(cluster.run(todo))  # type: ignore[attr-defined]
    wall = time.perf_counter() - t0
    return wall, [rows[i] for i in range(len(todo))], sum(r["cpu_seconds"] for r in rows.values()), _busiest(rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--no-ray", action="store_true")
    args = parser.parse_args()
    todo = matches(args.games)
    cluster = None
    if not args.no_ray:
        from game.lab.cluster import RayCluster

        cluster = RayCluster("local:2")
    names = ["1 worker", "2 workers"] + (["Ray, 2 workers"] if cluster is not None else [])
    best: dict[str, float] = {}
    cpu: dict[str, float] = {}
    busiest: dict[str, float] = {}
    results: dict[str, list[dict]] = {}
    walls: dict[str, list[float]] = {}
    print(f"{len(todo)} games a round, {args.rounds} rounds; load average before: {os.getloadavg()[0]:.2f} "
          f"on {os.cpu_count()} cores", flush=True)
    try:
        for r in range(args.rounds):
            for name in names:
                if name == "1 worker":
                    wall, rows, c, b = timed_pool(todo, 1)
                elif name == "2 workers":
                    wall, rows, c, b = timed_pool(todo, 2)
                else:
                    wall, rows, c, b = timed_ray(todo, cluster)
                print(f"  round {r + 1} {name:>15}: {wall:6.2f} s, {len(todo) / wall:5.2f} games/s, "
                      f"{c / wall:.2f} cores obtained, {len(todo) / b:5.2f} games/s of the busiest worker's CPU "
                      f"(CPU {c / len(todo):.3f} s a game)", flush=True)
                if name not in best or wall < best[name]:
                    best[name], cpu[name] = wall, c
                busiest[name] = min(busiest.get(name, b), b)
                walls.setdefault(name, []).append(wall)
                results.setdefault(name, [result_of(x) for x in rows])
    finally:
        if cluster is not None:
            cluster.close()  # type: ignore[attr-defined]
    base = len(todo) / best["1 worker"]
    base_cpu = len(todo) / busiest["1 worker"]
    print(f"best round of each (load average after: {os.getloadavg()[0]:.2f}):")
    for name in names:
        rate, own = len(todo) / best[name], len(todo) / busiest[name]
        print(f"  {name:>15}: wall {rate:5.2f} games/s  x{rate / base:.2f} of 1 worker ({cpu[name] / best[name]:.2f} "
              f"cores obtained);  a core per worker {own:5.2f} games/s  x{own / base_cpu:.2f} of 1 worker")
    print("within each round (the same minutes of the machine), x of 1 worker; the median of the rounds:")
    for name in names[1:]:
        ratios = [one / own for one, own in zip(walls["1 worker"], walls[name], strict=True)]
        print(f"  {name:>15}: {'  '.join(f'x{x:.2f}' for x in ratios)}   median x{statistics.median(ratios):.2f}")
    same = all(results[n] == results["1 worker"] for n in names)
    print(f"rows identical across {', '.join(names)} (timing aside): {same}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
