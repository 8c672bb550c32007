"""*Try it*: N AI-against-AI games of the party being built against a chosen party, encounter and map,
played by the engine of the balance lab and ``simulate`` (game/ai/matches.py) on every core, away from the
game window, so it never waits on them.

The party is written to a temporary file (it need not be saved yet); a pool of worker processes plays the
games and each game's row comes back as it ends. The window polls for them each frame; Cancel ends the
workers. The result is the engine's :class:`~game.ai.matches.Tally` from the built party's side: its win rate
with its 95 % Wilson interval and the mean scores of both sides.
"""

from __future__ import annotations

import os
import queue
import shutil
import tempfile
from pathlib import Path
from typing import Any

from game.ai.matches import Match, Pool, Tally, run_matches
from game.builder.files import party_text

OURS = 0  # the built party plays side A; the opponent side B


class TrialResult(Tally):
    """The built party's results (side A): the engine's tally, a game's row at a time."""

    def add_game(self, row: dict[str, Any]) -> None:
        self.add_row(row, OURS)


def _serial(matches: list[Match], out: Any) -> None:
    """The tests' way (one thread, no new interpreter): play the games, send each row as its game ends."""
    try:
        for _index, row in run_matches(matches):
            out.put({k: v for k, v in row.items() if not k.startswith("_")})
    except Exception as exc:  # a setup that cannot be played: said, never a silent stop
        out.put({"fatal": f"{type(exc).__name__}: {exc}"})
    out.put({"done": True})


class Trial:
    """One run of games away from the window; ``poll`` (each frame) collects what has finished."""

    def __init__(self, party_data: Any, opponent: str, scenario: str | None, battle_map: str | None, games: int,
                 seed: int = 1, ai: str = "easy", thread: bool = False, jobs: int | None = None):
        self.total = games
        self.result = TrialResult()
        self.fatal: str | None = None
        self.done = False
        self.cancelled = False
        self._dir = Path(tempfile.mkdtemp(prefix="iron_honor_try_"))
        path = self._dir / "party.yaml"
        path.write_text(party_text(party_data), encoding="utf-8")
        matches = [Match((str(path), opponent), (ai, ai), battle_map, scenario, seed + i) for i in range(games)]
        self._queue: Any = queue.Queue()
        self._pool: Pool | None = None
        self._thread: Any = None
        if thread:  # the tests' way: no new interpreter to start
            import threading

            self._thread = threading.Thread(target=_serial, args=(matches, self._queue), daemon=True)
            self._thread.start()
        elif not matches:
            self._queue.put({"done": True})
        else:  # every core; each row handed to the queue by the pool's own thread as its game ends
            self._pool = Pool(min(games, jobs or os.cpu_count() or 1), gentle=True)
            left = [games]

            def arrived(indexed: tuple[int, dict[str, Any]]) -> None:
                self._queue.put({k: v for k, v in indexed[1].items() if not k.startswith("_")})
                left[0] -= 1
                if not left[0]:
                    self._queue.put({"done": True})

            def failed(exc: BaseException) -> None:  # a setup that cannot be played: said, never a silent stop
                self._queue.put({"fatal": f"{type(exc).__name__}: {exc}"})
                self._queue.put({"done": True})

            self._pool.submit(matches, arrived, failed)

    @property
    def running(self) -> bool:
        """Whether anything still plays games for this trial (a worker process or the tests' thread)."""
        if self._thread is not None:
            return bool(self._thread.is_alive())
        return self._pool is not None and self._pool.alive()

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
            self.result.add_game(msg)

    def cancel(self) -> None:
        if self.done:
            return
        self.cancelled = True
        if self._pool is not None:
            self._pool.close()
        self._finish()

    def _finish(self) -> None:
        self.done = True
        if self._pool is not None:
            self._pool.close()  # all played, or cancelled: the workers end
        shutil.rmtree(self._dir, ignore_errors=True)
