"""The one engine that plays seeded headless games for the balance lab, ``simulate`` and the builder's *Try it*.

A :class:`Match` is everything a game is made of but the decisions: the two parties, the controller on each
side, the map, the scenario and the seed (a game = set-up + seed + decisions, and the controllers' decisions
follow from their seeds). :func:`play_match` plays one and returns its row: plain data, the same whichever
process or machine played it, with what a designer asks of a game (winner, scores, kills, escapes,
objectives held, who moved first, where models died, the score turn by turn), all read from the game's
own event log, never worked out again here. :func:`run_matches` plays many, on this process or a pool of
processes; the lab adds other executors (a Ray cluster) around the same :func:`play_match`. :class:`Tally`
is the one summary of results: W/D/L with a Wilson interval and mean scores, from one side's view.
"""

from __future__ import annotations

import contextlib
import math
import multiprocessing
import os
import socket
import statistics
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from game.ai import registry
from game.rules.decisions import Answer, Controller, Decision

DETAIL = ("deaths", "score_turns", "awards")  # a row's lists, one item per event: the lab keeps them in tables
TIMING = ("seconds", "cpu_seconds", "decision_ms", "played_by")  # what differs between two plays of the same match


@dataclass(frozen=True)
class Match:
    """One game's set-up and seed (plain data, so it crosses to worker processes and cluster nodes)."""

    parties: tuple[str, str]  # side A's party, side B's (names or files)
    ai: tuple[str, str]  # the controller of side A, of side B
    map: str | None = None  # None: the scenario's own map, else an open table
    scenario: str | None = None  # None: a plain fight scoring kills
    seed: int = 1
    events: bool = False  # the row carries every event (``_events``)
    options: tuple[str, ...] = ()  # the rule system's optional rules played ("heroic-duel")


class ScenarioUnavailable(RuntimeError):
    """A scenario was asked for but this build has no scenario loader."""


def _clock() -> Callable[[], float]:
    """Wall time by default; with IRON_HONOR_CLOCK=cpu the process's CPU time, for a machine shared with
    other work, where wall time counts the waits for a core as well."""
    return time.process_time if os.environ.get("IRON_HONOR_CLOCK") == "cpu" else time.perf_counter


class Timed:
    """Wraps a controller and records how long each of its decisions took."""

    def __init__(self, inner: Controller):
        self.inner = inner
        self.times: list[float] = []
        self.clock = _clock()

    def decide(self, state: Any, decision: Decision) -> Answer:
        t0 = self.clock()
        answer = self.inner.decide(state, decision)
        self.times.append(self.clock() - t0)
        return answer


@cache
def content(parties: tuple[str, str], map_name: str | None, scenario_name: str | None) -> tuple[Any, Any, Any]:
    """Parties, map and scenario, loaded once per process (the scenario's own map when no map is named)."""
    from game.content.library import resolve
    from game.content.maps import BattleMap, load_map
    from game.content.party_building import load_party

    loaded = tuple(load_party(resolve("parties", p)) for p in parties)
    battle_map = load_map(resolve("maps", map_name)) if map_name else BattleMap("open table", ())
    scenario = None
    if scenario_name:
        try:
            from game.content.scenario_file import load_scenario
        except ImportError as exc:  # pragma: no cover (the encounters are built elsewhere, issue 6)
            raise ScenarioUnavailable("a scenario needs the scenario loader (game.content.scenario_file), "
                                      "which this build does not have yet") from exc
        path = resolve("scenarios", scenario_name)
        scenario = load_scenario(path)
        if not map_name and scenario.map is not None:  # the scenario's own map, as fight plays it
            from game.content.library import scenario_map

            battle_map = scenario_map(path, scenario.map)
    return loaded, battle_map, scenario


def play_match(match: Match, keep_times: bool = False) -> dict[str, Any]:
    """One game, played to its end; its row. A broken game is a row with ``error`` set, never an exception
    (one broken game must not lose a sweep), except a build with no scenario loader."""
    from game.rules.engine import Game
    from game.rules.setup import new_game, simple_deployment
    from game.rules.state import Settings

    seed = match.seed
    row: dict[str, Any] = {"parties": list(match.parties), "ai": list(match.ai), "map": match.map,
                           "scenario": match.scenario, "seed": seed}
    if match.options:
        row["options"] = list(match.options)
    t0, c0 = time.perf_counter(), time.process_time()
    timed = [Timed(registry.make(match.ai[s], seed * 2 + 1 + s)) for s in (0, 1)]
    try:
        parties, battle_map, scenario = content(match.parties, match.map, match.scenario)
        row["sides"] = [p.name for p in parties]
        state = new_game((parties[0], parties[1]), battle_map, seed, scenario=scenario,
                         settings=Settings(options=match.options) if match.options else None)
        if scenario is None:
            simple_deployment(state)
        row["map_name"] = state.battle_map.name
        row["scenario_name"] = scenario.name if scenario is not None else None
        try:
            Game(state, timed).run()
        finally:
            if match.events:  # what happened up to the fault too
                row["_events"] = [e.to_dict() for e in state.log]
        row.update(winner_side=state.winner, scores=[s.score for s in state.sides], turns=state.turn,
                   result=state.result, error=None, faults=[e.text for e in state.log if e.data.get("fault")],
                   roles=roles_of(state), **from_the_log(state))
    except ScenarioUnavailable:
        raise
    except Exception as exc:  # the row says what broke
        row.update(winner_side=None, scores=None, turns=None, result="error", error=repr(exc))
    row["seconds"] = round(time.perf_counter() - t0, 4)
    row["cpu_seconds"] = round(time.process_time() - c0, 4)  # this process's CPU: one core, whatever the load
    row["decisions"] = [len(t.times) for t in timed]
    row["decision_ms"] = [time_stats(t.times) for t in timed]
    row["played_by"] = f"{socket.gethostname()}:{os.getpid()}"  # which machine and process: not the result
    if keep_times:
        row["_times"] = [t.times for t in timed]
    return row


def roles_of(state: Any) -> list[str] | None:
    """Each side's role in the scenario (``roles:``, as the set-up gave them), or None for a scenario without."""
    enc = state.encounter
    if enc is None or enc.scenario.roles is None:
        return None
    return [str(getattr(enc.scenario.roles, enc.ref(side))) for side in (0, 1)]


def from_the_log(state: Any) -> dict[str, Any]:
    """What a designer asks of a finished game, read from its events: kills made and escapes by each side,
    the Maintenance Phases each side held an objective and the points objectives paid it, the side of the
    first activation and the set-up roll's winner, where each model died (the killed model's place: a dead
    model is never moved again), each side's score after every turn and each objective's award."""
    from game.rules.events import EventKind

    kills, escapes, held, paid = [0, 0], [0, 0], [0, 0], [0, 0]
    first_side = higher_side = None
    deaths: list[list[Any]] = []
    score_turns: list[list[int]] = []
    awards: list[list[Any]] = []
    for e in state.log:
        d = e.data
        if e.kind in (EventKind.Killed, EventKind.Removed):
            model = state.model(d["model"])
            kills[1 - d["side"]] += 1
            deaths.append([e.turn, d["side"], model.name, model.profile.type, round(model.x, 2), round(model.y, 2)])
        elif e.kind == EventKind.Escaped:
            escapes[d["side"]] += 1
        elif e.kind == EventKind.Control and d.get("side") is not None:
            held[d["side"]] += 1
        elif e.kind == EventKind.Scored:
            paid[d["side"]] += d["points"]
            awards.append([e.turn, d["side"], str(d.get("target", "")), str(d.get("label", "")), d["points"]])
        elif e.kind == EventKind.Activation and first_side is None:
            first_side = d["side"]
        elif e.kind == EventKind.SetupRoll and d.get("higher") is not None:
            higher_side = d["higher"]
        elif e.kind == EventKind.Scores:
            score_turns.append([e.turn, *d["scores"]])
    return {"kills": kills, "escapes": escapes, "objectives_held": held, "objective_points": paid,
            "first_side": first_side, "higher_side": higher_side, "deaths": deaths, "score_turns": score_turns,
            "awards": awards, "edges": edges_of(state)}


def edges_of(state: Any) -> list[str | None]:
    """The table edge each side deployed at (its zone's edge, as the encounter's set-up gave it; None for a zone
    drawn as a polygon or a game with no encounter): what a map's side advantage is measured by."""
    from game.rules.encounter import edge_of

    enc = state.encounter
    if enc is None:
        return [None, None]
    return [edge_of(enc, enc.ref(side)) for side in (0, 1)]


# -- many games --------------------------------------------------------------------------------

def _play_indexed(task: tuple[int, Match, bool]) -> tuple[int, dict[str, Any]]:
    index, match, keep_times = task
    return index, play_match(match, keep_times)


def content_keys(matches: Iterable[Match]) -> tuple[tuple[tuple[str, str], str | None, str | None], ...]:
    """The distinct parties, map and scenario the matches load (what a worker may load before its clock)."""
    return tuple(dict.fromkeys((m.parties, m.map, m.scenario) for m in matches))


def warm_worker(task: int | tuple[int, tuple[Any, ...]]) -> int:
    """A worker's first task: the engine imported and the sweep's content loaded, so each worker's first games
    count the games, not reading files (and a moment's wait, so each worker gets one)."""
    import game.rules.engine  # noqa: F401

    for key in task[1] if isinstance(task, tuple) else ():
        with contextlib.suppress(Exception):  # a broken file is the game's row to report, not the warm-up's
            content(*key)
    time.sleep(0.3)
    return os.getpid()


def _worker_start(gentle: bool) -> None:
    """A worker's start: Ctrl-C is the caller's to handle (it stops the pool; no worker's traceback), and with
    ``gentle`` a lower priority where the system has one, so a window beside the workers stays smooth."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if gentle and hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(5)


class Pool:
    """Worker processes that play matches (spawned: nothing of the caller's state is shared); ``close`` ends
    them at once, mid-game if need be (Cancel)."""

    def __init__(self, jobs: int, warm: bool = False, gentle: bool = False, matches: Sequence[Match] = ()):
        self.jobs = jobs
        self._pool = multiprocessing.get_context("spawn").Pool(jobs, initializer=_worker_start, initargs=(gentle,))
        self._closed = False
        if warm:  # every worker started, the engine imported, the matches' content loaded: a measurement
            keys = content_keys(matches)  # counts games only
            self._pool.map(warm_worker, [(i, keys) for i in range(jobs)], chunksize=1)

    def imap(self, tasks: Iterable[tuple[int, Match, bool]], ordered: bool) -> Iterator[tuple[int, dict[str, Any]]]:
        run = self._pool.imap if ordered else self._pool.imap_unordered
        return run(_play_indexed, tasks)

    def submit(self, matches: Sequence[Match], on_row: Callable[[tuple[int, dict[str, Any]]], None],
               on_error: Callable[[BaseException], None]) -> None:
        """Play the matches without waiting: each (index, row) goes to ``on_row`` on the pool's own thread."""
        for i, m in enumerate(matches):
            self._pool.apply_async(_play_indexed, ((i, m, False),), callback=on_row, error_callback=on_error)

    def alive(self) -> bool:
        """Whether a worker process still runs."""
        return any(p.is_alive() for p in getattr(self._pool, "_pool", []))

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self._pool.terminate()
        self._pool.join()


def run_matches(matches: Sequence[Match], jobs: int = 1, ordered: bool = False, keep_times: bool = False,
                pool: Pool | None = None) -> Iterator[tuple[int, dict[str, Any]]]:
    """Play the matches; yields (index in ``matches``, row) as each game ends (in index order if ``ordered``).
    One process plays them when ``jobs`` is 1 and no pool is given, else a pool of processes (``pool``, kept
    by the caller, or one made here for the run)."""
    tasks = [(i, m, keep_times) for i, m in enumerate(matches)]
    if pool is None and jobs <= 1:
        yield from map(_play_indexed, tasks)
        return
    own = pool is None
    workers = pool if pool is not None else Pool(min(jobs, max(1, len(tasks))))
    try:
        yield from workers.imap(tasks, ordered)
    finally:
        if own:
            workers.close()


# -- the summary --------------------------------------------------------------------------------

def percentile(values: list[float], q: float) -> float:
    """Linear-interpolated percentile (q in 0..100) of the values; 0 for none."""
    if not values:
        return 0.0
    s = sorted(values)
    k = (len(s) - 1) * q / 100
    lo, hi = math.floor(k), math.ceil(k)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def time_stats(seconds: list[float]) -> dict[str, float]:
    """Decision times in ms: count, mean, p50/p95/p99 and max."""
    ms = [t * 1000 for t in seconds]
    return {"n": len(ms), "mean": round(statistics.fmean(ms), 3) if ms else 0.0,
            **{f"p{q}": round(percentile(ms, q), 3) for q in (50, 95, 99)}, "max": round(max(ms, default=0.0), 3)}


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default): sound for few games and rates near 0 or 1."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Tally:
    """Results from one side's view (a controller, a party, a role): W/D/L, broken games, both sides' scores."""

    label: str = ""
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    errors: int = 0
    scores: list[int] = field(default_factory=list)
    their_scores: list[int] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    first_error: str | None = None

    def add(self, score: int, winner_side: int | None, side: int, their_score: int | None = None) -> None:
        """One game it played on ``side``: its score and the result."""
        self.games += 1
        self.scores.append(score)
        if their_score is not None:
            self.their_scores.append(their_score)
        if winner_side is None:
            self.draws += 1
        elif winner_side == side:
            self.wins += 1
        else:
            self.losses += 1

    def add_row(self, row: dict[str, Any], side: int) -> None:
        """A game's row, seen from ``side``; a broken game counts among the games, as an error."""
        if row.get("error"):
            self.games += 1
            self.errors += 1
            self.first_error = self.first_error or str(row["error"])
            return
        self.add(row["scores"][side], row["winner_side"], side, row["scores"][1 - side])

    @property
    def played(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def win_rate(self) -> float:
        return self.wins / self.played if self.played else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """95 % Wilson interval of the win rate (draws count as not won)."""
        return wilson(self.wins, self.played)

    @property
    def mean_score(self) -> float:
        return statistics.fmean(self.scores) if self.scores else 0.0

    @property
    def their_mean_score(self) -> float:
        return statistics.fmean(self.their_scores) if self.their_scores else 0.0

    def as_dict(self) -> dict[str, Any]:
        decided = self.wins + self.losses
        return {"controller": self.label, "games": self.games, "wins": self.wins, "draws": self.draws,
                "losses": self.losses, "win_rate": self.wins / self.games if self.games else 0.0,
                "win_ci95": wilson(self.wins, self.games),
                "decided_win_rate": self.wins / decided if decided else 0.0,
                "decided_win_ci95": wilson(self.wins, decided),
                "mean_score": self.mean_score, "decision_ms": time_stats(self.times)}
