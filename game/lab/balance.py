"""The balance lab's run: a sweep's games not yet in the results table, played on this process, a pool of
processes (every core, the default) or a Ray cluster, each stored as it ends, with a progress bar.

Stopping is always safe: every finished game is already stored in its own transaction, so the same command
run again plays only the games that are missing.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, TextIO

from game.ai.matches import Match, run_matches
from game.lab.store import Store
from game.lab.sweep import Planned


@dataclass
class Outcome:
    """What a run did: the sweep's games, those stored before it, those it played, its wall time."""

    planned: int
    stored_before: int
    played: int
    seconds: float
    where: str

    @property
    def rate(self) -> float:
        return self.played / self.seconds if self.seconds > 0 else 0.0


class Progress:
    """A bar on a terminal (redrawn in place), a line every ``every`` seconds elsewhere (a log, CI):
    games done, games left and the time to go at this run's pace."""

    def __init__(self, total: int, done: int, stream: TextIO | None = None, every: float = 10.0):
        self.total, self.done, self.start_done = total, done, done
        self.stream = stream if stream is not None else sys.stderr
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.every = every
        self.t0 = self.last = time.perf_counter()
        self.width = 0  # the longest line drawn in place: a shorter one is padded over it

    def line(self) -> str:
        left = self.total - self.done
        elapsed = time.perf_counter() - self.t0
        rate = (self.done - self.start_done) / elapsed if elapsed > 0 else 0.0
        eta = f"~{_duration(left / rate)} to go" if rate > 0 and left else ("done" if not left else "starting")
        width = 30
        filled = round(width * self.done / self.total) if self.total else width
        return (f"[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} games, {left} left, "
                f"{rate:.2f} games/s, {eta}")

    def step(self, n: int = 1) -> None:
        self.done += n
        now = time.perf_counter()
        if self.tty:
            line = self.line()
            self.width = max(self.width, len(line))
            self.stream.write("\r" + line.ljust(self.width))
            self.stream.flush()
        elif now - self.last >= self.every or self.done == self.total:
            self.stream.write(self.line() + "\n")
            self.stream.flush()
            self.last = now

    def end(self) -> None:
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()


def _duration(seconds: float) -> str:
    seconds = int(seconds)
    if seconds >= 3600:
        return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"
    return f"{seconds // 60}m{seconds % 60:02d}s" if seconds >= 60 else f"{seconds}s"


def executor(jobs: int, cluster: str | None) -> tuple[Any, str]:
    """What plays the games: (an object with ``run(matches)`` and ``close()``, its description)."""
    if cluster is not None:
        from game.lab.cluster import RayCluster

        ray = RayCluster(cluster, jobs)
        return ray, f"Ray cluster {cluster} ({ray.workers} workers)"
    return _Local(jobs), ("this process" if jobs <= 1 else f"{jobs} worker processes")


class _Local:
    """This process, or a pool of worker processes on this machine (ended by ``close``, also mid-sweep)."""

    def __init__(self, jobs: int):
        self.jobs = jobs
        self._running: Any = None

    def run(self, matches: list[Match]) -> Iterator[tuple[int, dict[str, Any]]]:
        self._running = run_matches(matches, self.jobs)
        return self._running

    def close(self) -> None:
        if self._running is not None:
            self._running.close()  # its pool's workers end


def default_jobs() -> int:
    return os.cpu_count() or 1


def run_sweep(planned: list[Planned], store: Store, jobs: int | None = None, cluster: str | None = None,
              progress: Progress | None = None, limit: int | None = None) -> Outcome:
    """Play the planned games the store lacks (at most ``limit`` of them), storing each as it ends."""
    have = store.keys()
    todo = [p for p in planned if p.key not in have]
    before = len(planned) - len(todo)
    if limit is not None:
        todo = todo[:limit]
    t0 = time.perf_counter()
    if not todo:
        return Outcome(len(planned), before, 0, 0.0, "nothing to play")
    runner, where = executor(jobs or default_jobs(), cluster)
    played = 0
    try:
        for index, row in runner.run([p.match for p in todo]):
            store.add(todo[index].key, row)
            played += 1
            if progress is not None:
                progress.step()
    finally:
        runner.close()
        if progress is not None:
            progress.end()
    return Outcome(len(planned), before, played, time.perf_counter() - t0, where)
