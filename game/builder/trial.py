"""*Try it*: N AI-against-AI games of the party being built against a chosen party, encounter and map,
played by the ``simulate`` machinery in a background process, so the game window never waits on them.

The party is written to a temporary file (it need not be saved yet); the worker process plays the games
one by one and sends each game's record back as it ends. The window polls for them each frame; Cancel
ends the process. The result is the built party's win rate with its 95 % Wilson interval and the mean
scores of both sides.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import queue
import shutil
import statistics
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.ai.simulate import Setup, run_games, wilson
from game.builder.files import party_text

OURS = 0  # the built party plays side A; the opponent side B


@dataclass
class TrialResult:
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    errors: int = 0
    our_scores: list[int] = field(default_factory=list)
    their_scores: list[int] = field(default_factory=list)
    first_error: str | None = None

    def add(self, record: dict[str, Any]) -> None:
        self.games += 1
        if record.get("error"):
            self.errors += 1
            self.first_error = self.first_error or str(record["error"])
            return
        self.our_scores.append(record["scores"][OURS])
        self.their_scores.append(record["scores"][1 - OURS])
        if record["winner_side"] is None:
            self.draws += 1
        elif record["winner_side"] == OURS:
            self.wins += 1
        else:
            self.losses += 1

    @property
    def played(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def win_rate(self) -> float:
        return self.wins / self.played if self.played else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """95 % Wilson score interval of the win rate (draws count as not won)."""
        return wilson(self.wins, self.played)

    @property
    def mean_score(self) -> float:
        return statistics.fmean(self.our_scores) if self.our_scores else 0.0

    @property
    def their_mean_score(self) -> float:
        return statistics.fmean(self.their_scores) if self.their_scores else 0.0


def _worker(setup: Setup, games: int, seed: int, out: Any) -> None:
    """In the background process: play the games, send each record (plain data) as its game ends."""
    def send(record: dict[str, Any]) -> None:
        out.put({k: v for k, v in record.items() if not k.startswith("_")})

    try:
        run_games(setup, games, seed, jobs=1, on_record=send)
    except Exception as exc:  # a setup that cannot be played: said, never a silent stop
        out.put({"fatal": f"{type(exc).__name__}: {exc}"})
    out.put({"done": True})


class Trial:
    """One run of games in a background process; ``poll`` (each frame) collects what has finished."""

    def __init__(self, party_data: Any, opponent: str, scenario: str | None, battle_map: str | None, games: int,
                 seed: int = 1, ai: str = "easy", thread: bool = False):
        self.total = games
        self.result = TrialResult()
        self.fatal: str | None = None
        self.done = False
        self.cancelled = False
        self._dir = Path(tempfile.mkdtemp(prefix="iron_honor_try_"))
        path = self._dir / "party.yaml"
        path.write_text(party_text(party_data), encoding="utf-8")
        setup = Setup((str(path), opponent), (ai, ai), battle_map, scenario)
        if thread:  # the tests' way: no new interpreter to start
            import threading

            self._queue: Any = queue.Queue()
            self._proc: Any = threading.Thread(target=_worker, args=(setup, games, seed, self._queue), daemon=True)
        else:
            ctx = multiprocessing.get_context("spawn")
            self._queue = ctx.Queue()
            self._proc = ctx.Process(target=_worker, args=(setup, games, seed, self._queue), daemon=True)
        self._proc.start()

    @property
    def progress(self) -> float:
        return self.result.games / self.total if self.total else 1.0

    def poll(self) -> bool:
        """Collect finished games without waiting; True when something changed."""
        changed = False
        while not self.done:
            try:
                msg = self._queue.get_nowait()
            except queue.Empty:
                break
            except (OSError, ValueError, EOFError):  # the queue closed under us (cancelled)
                self._finish()
                return True
            changed = True
            self._take(msg)
        return changed

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the next message (a game's record, a fatal error, the end) is collected, or ``timeout``
        seconds pass; True when one was. For scripts and tests that have nothing else to do: the window polls."""
        if self.done:
            return False
        try:
            msg = self._queue.get(timeout=timeout)
        except queue.Empty:
            return False
        except (OSError, ValueError, EOFError):
            self._finish()
            return True
        self._take(msg)
        return True

    def _take(self, msg: dict[str, Any]) -> None:
        if msg.get("done"):
            self._finish()
        elif "fatal" in msg:
            self.fatal = msg["fatal"]
        else:
            self.result.add(msg)

    def cancel(self) -> None:
        if self.done:
            return
        self.cancelled = True
        terminate = getattr(self._proc, "terminate", None)
        if terminate is not None:
            terminate()
            self._proc.join(timeout=2)
        self._finish()

    def _finish(self) -> None:
        self.done = True
        if hasattr(self._queue, "close"):
            with contextlib.suppress(OSError, ValueError):
                self._queue.close()
        shutil.rmtree(self._dir, ignore_errors=True)
