"""*Fairness*: is a map the same ground for both sides? AI games of an encounter on it, each party on each side,
judged by the edge each side deployed at: the win rate of the side at each edge with its 95 % Wilson interval,
and where models died (the heat map the editor draws). One-sided when an edge's interval leaves out 50 %.

The games are the balance lab's (game.ai.matches: one engine for the lab, ``simulate`` and *Try it*), played
away from the window by a pool of processes (or a thread, for tests); the map is written to a temporary file
first, so an unsaved map can be judged.
"""

from __future__ import annotations

import os
import queue
import shutil
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.ai.matches import Match, Pool, run_matches, wilson
from game.editor.document import MapState
from game.editor.files import map_text

EDGES = ("top", "bottom", "left", "right")


@dataclass
class EdgeRecord:
    """The games a side played from one edge: won, drawn, lost."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def decided(self) -> int:
        return self.wins + self.losses

    @property
    def win_rate(self) -> float:
        return self.wins / self.decided if self.decided else 0.5

    @property
    def interval(self) -> tuple[float, float]:
        """The 95 % Wilson interval of the win rate over decided games."""
        return wilson(self.wins, self.decided) if self.decided else (0.0, 1.0)


@dataclass
class Fairness:
    """The judgement so far: each edge's record, where models died (x, y, the edge of the side that lost it)."""

    edges: dict[str, EdgeRecord] = field(default_factory=dict)
    deaths: list[tuple[float, float, str]] = field(default_factory=list)
    games: int = 0
    errors: int = 0
    first_error: str | None = None

    def add_row(self, row: dict[str, Any]) -> None:
        """One game's row (game.ai.matches.play_match)."""
        if row.get("error"):
            self.errors += 1
            self.first_error = self.first_error or str(row["error"])
            return
        self.games += 1
        sides = row.get("edges") or [None, None]
        for side, edge in enumerate(sides):
            if edge is None:
                continue
            rec = self.edges.setdefault(edge, EdgeRecord())
            if row["winner_side"] is None:
                rec.draws += 1
            elif row["winner_side"] == side:
                rec.wins += 1
            else:
                rec.losses += 1
        for death in row.get("deaths") or []:  # [turn, side, name, type, x, y]
            edge = sides[death[1]]
            self.deaths.append((float(death[4]), float(death[5]), edge or ""))

    def leader(self) -> tuple[str, EdgeRecord] | None:
        """The edge whose side did best (of those that played), or None before any game was decided."""
        played = [(e, r) for e, r in self.edges.items() if r.decided]
        return max(played, key=lambda er: (er[1].win_rate, -EDGES.index(er[0]) if er[0] in EDGES else 0),
                   default=None)

    def one_sided(self) -> bool:
        """Some edge's win rate is beyond chance: its 95 % interval leaves out 50 %."""
        return any(r.decided and (r.interval[0] > 0.5 or r.interval[1] < 0.5) for r in self.edges.values())

    def verdict(self) -> str:
        """The judgement in a designer's words."""
        lead = self.leader()
        if lead is None:
            return "No game decided yet." if self.games else "No game played yet."
        edge, rec = lead
        lo, hi = rec.interval
        said = (f"The side at the {edge} edge won {rec.wins} of {rec.decided} decided games ({rec.win_rate:.0%}, "
                f"95 % {lo:.0%}–{hi:.0%})")
        if self.one_sided():
            return said + ": ONE-SIDED — the edges are not the same ground."
        return said + ": no side advantage beyond chance."


def matches(map_path: str, scenario: str, parties: tuple[str, str], games: int, level: str = "normal",
            seed: int = 1) -> list[Match]:
    """``games`` games of the encounter on the map, the two parties swapping sides every other game."""
    return [Match(parties if i % 2 == 0 else (parties[1], parties[0]), (level, level), map_path, scenario, seed + i)
            for i in range(games)]


def judge(state: MapState, scenario: str, parties: tuple[str, str], games: int, level: str = "normal",
          jobs: int | None = None, seed: int = 1) -> Fairness:
    """The map judged by ``games`` games now (the caller waits; the editor runs a :class:`FairnessRun`)."""
    folder = Path(tempfile.mkdtemp(prefix="iron_honor_fair_"))
    try:
        path = folder / "map.yaml"
        path.write_text(map_text(state), encoding="utf-8")
        found = Fairness()
        for _i, row in run_matches(matches(str(path), scenario, parties, games, level, seed),
                                   jobs=jobs or os.cpu_count() or 1):
            found.add_row(row)
        return found
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def judge_for(scenario: str, parties: tuple[str, str], games: int, level: str = "normal",
              jobs: int | None = None) -> Callable[[MapState], bool]:
    """A judge for the map generator (game.editor.generate.fair_map): fair unless the games find it one-sided."""
    return lambda state: not judge(state, scenario, parties, games, level, jobs).one_sided()


class FairnessRun:
    """One judgement played away from the window; ``poll`` (each frame) takes in the games that have ended."""

    def __init__(self, state: MapState, scenario: str, parties: tuple[str, str], games: int, level: str = "normal",
                 thread: bool = False, jobs: int | None = None, seed: int = 1):
        self.total = games
        self.result = Fairness()
        self.fatal: str | None = None
        self.done = False
        self.cancelled = False
        self._dir = Path(tempfile.mkdtemp(prefix="iron_honor_fair_"))
        path = self._dir / "map.yaml"
        path.write_text(map_text(state), encoding="utf-8")
        planned = matches(str(path), scenario, parties, games, level, seed)
        self._queue: queue.Queue[dict[str, Any]] = queue.Queue()
        self._pool: Pool | None = None
        if thread or not planned:  # the tests' way: no new interpreter to start
            threading.Thread(target=self._serial, args=(planned,), daemon=True).start()
            return
        self._pool = Pool(min(games, jobs or os.cpu_count() or 1), gentle=True)
        left = [games]

        def arrived(indexed: tuple[int, dict[str, Any]]) -> None:
            self._queue.put(indexed[1])
            left[0] -= 1
            if not left[0]:
                self._queue.put({"done": True})

        def failed(exc: BaseException) -> None:
            self._queue.put({"fatal": f"{type(exc).__name__}: {exc}"})
            self._queue.put({"done": True})

        self._pool.submit(planned, arrived, failed)

    def _serial(self, planned: list[Match]) -> None:
        try:
            for _i, row in run_matches(planned):
                self._queue.put(row)
                if self.cancelled:
                    break
        except Exception as exc:  # a set-up that cannot be played: said, never a silent stop
            self._queue.put({"fatal": f"{type(exc).__name__}: {exc}"})
        self._queue.put({"done": True})

    def poll(self) -> bool:
        """Take in what has ended; whether anything did."""
        changed = False
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                return changed
            changed = True
            if item.get("done"):
                self._finish()
            elif "fatal" in item:
                self.fatal = self.fatal or item["fatal"]
            elif not self.done:
                self.result.add_row(item)

    def cancel(self) -> None:
        self.cancelled = True
        self._finish()

    def _finish(self) -> None:
        self.done = True
        if self._pool is not None:
            self._pool.close()
            self._pool = None
        shutil.rmtree(self._dir, ignore_errors=True)
