"""Past one machine: the engine's matches on a Ray cluster (``pip install iron-honor[cluster]``).

Ray is imported only here, and only when a cluster is asked for, so the game and the lab without
``--cluster`` need nothing of it. Each Ray task plays one match with the same
:func:`~game.ai.matches.play_match` a local worker runs, so a sweep's rows are the same wherever it runs
(only the CPU time and the ``played_by`` column say where). Every node needs the game (the extra) and the
content the sweep names: shipped names resolve on every node; a file given by path must exist there too
(a local cluster shares this machine's files).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from typing import Any

from game.ai.matches import Match, content_keys, play_match, warm_worker

INSTALL = "pip install iron-honor[cluster]"


class ClusterUnavailable(RuntimeError):
    """Ray is not installed, or the cluster cannot be reached: the message says which and what to do."""


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ClusterUnavailable(f"--cluster needs Ray, which is not installed: {INSTALL} (or pip install "
                                 "'ray>=2.9'), then start a cluster (ray start --head) or use --cluster local"
                                 ) from None
    return ray


def _played_here(index: int, match: Match) -> tuple[int, dict[str, Any]]:
    row = play_match(match)
    row["played_by"] = "ray:" + row["played_by"]
    return index, row


class RayCluster:
    """A connection to a Ray cluster: ``local`` (or ``local:N``) starts one on this machine with N workers
    (every core by default); any other address (``auto``, ``HOST:6379``, ``ray://HOST:10001``) joins a
    running one."""

    def __init__(self, address: str, workers: int | None = None):
        self.ray = ray = _ray()
        self.address = address
        try:
            if address == "local" or address.startswith("local:"):
                cpus = int(address.split(":", 1)[1]) if ":" in address else workers or os.cpu_count() or 1
                ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False,
                         runtime_env={"env_vars": {"PYTHONPATH": os.pathsep.join(
                             p for p in (_root(), os.environ.get("PYTHONPATH", "")) if p)}})
            else:
                ray.init(address=address, log_to_driver=False, runtime_env={"working_dir": _root(),
                         "excludes": [".git", ".venv", "lab-results", "build", "dist", "*.sqlite"]})
        except ValueError as exc:
            raise ClusterUnavailable(f"--cluster {address}: {exc}") from None
        except ConnectionError as exc:
            raise ClusterUnavailable(f"cannot reach the Ray cluster at {address}: {exc}") from None
        self.workers = int(ray.cluster_resources().get("CPU", 1))
        self._play = ray.remote(num_cpus=1, max_retries=2)(_played_here)

    def warm(self, matches: Sequence[Match] = ()) -> None:
        """Every worker started, the engine imported and the matches' content loaded: a measurement then counts
        games only."""
        warm = self.ray.remote(num_cpus=1)(warm_worker)
        keys = content_keys(matches)
        self.ray.get([warm.remote((i, keys)) for i in range(self.workers)])

    def run(self, matches: Sequence[Match]) -> Iterator[tuple[int, dict[str, Any]]]:
        """(index, row) as each game ends; a few tasks per worker in flight, so a huge sweep is not all queued
        at once and a stop (Ctrl-C) cancels little."""
        ray = self.ray
        todo = iter(enumerate(matches))
        pending: list[Any] = []
        window = max(2, self.workers * 4)
        try:
            while True:
                while len(pending) < window:
                    nxt = next(todo, None)
                    if nxt is None:
                        break
                    pending.append(self._play.remote(*nxt))
                if not pending:
                    return
                done, pending = ray.wait(pending, num_returns=1)
                yield ray.get(done[0])
        finally:
            for ref in pending:
                ray.cancel(ref, force=True)

    def close(self) -> None:
        self.ray.shutdown()


def _root() -> str:
    """The folder the game's package is in: the cluster's workers import ``game`` from there."""
    from game.paths import ROOT

    return str(ROOT)
