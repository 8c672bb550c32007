"""Headless controller-vs-controller games at scale: seeded, sides swapped every other game, in parallel.

Game ``i`` uses seed ``seed + i``; in odd games the two controllers change sides (each party keeps its
side), so neither controller keeps the first side's advantage. Each game is a record (one JSON line);
the summary gives win/draw/loss per controller with Wilson 95% intervals, mean scores, game length and
decision-time percentiles.
"""

from __future__ import annotations

import contextlib
import errno
import json
import math
import multiprocessing
import os
import statistics
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from game.ai import registry
from game.rules.decisions import Answer, Controller, Decision


@dataclass(frozen=True)
class Setup:
    """What every game of a run shares (plain data, so it crosses to worker processes)."""

    parties: tuple[str, str]
    ai: tuple[str, str]
    map: str | None = None
    scenario: str | None = None
    events: bool = False  # each game's record carries its events (``--events FILE.jsonl``)


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


class ScenarioUnavailable(RuntimeError):
    """--scenario was given but this build has no scenario loader."""


@cache
def _content(setup: Setup) -> tuple[Any, Any, Any]:
    """Parties, map and scenario, loaded once per process."""
    from game.content.library import resolve
    from game.content.maps import BattleMap, load_map
    from game.content.party_building import load_party

    parties = tuple(load_party(resolve("parties", p)) for p in setup.parties)
    battle_map = load_map(resolve("maps", setup.map)) if setup.map else BattleMap("open table", ())
    scenario = None
    if setup.scenario:
        try:
            from game.content.scenario_file import load_scenario
        except ImportError as exc:  # the encounters are built elsewhere (issue 6)
            raise ScenarioUnavailable("--scenario needs the scenario loader (game.content.scenario_file), "
                                      "which this build does not have yet") from exc
        path = resolve("scenarios", setup.scenario)
        scenario = load_scenario(path)
        if not setup.map and scenario.map is not None:  # the scenario's own map, as fight plays it
            from game.content.library import scenario_map

            battle_map = scenario_map(path, scenario.map)
    return parties, battle_map, scenario


def play_game(setup: Setup, index: int, seed: int, keep_times: bool = True) -> dict[str, Any]:
    """One game; the record names the controller on each side. Errors are recorded, not raised."""
    from game.rules.engine import Game
    from game.rules.setup import new_game, simple_deployment

    swapped = index % 2 == 1
    names = (setup.ai[1], setup.ai[0]) if swapped else setup.ai
    record: dict[str, Any] = {"game": index, "seed": seed, "controllers": list(names), "swapped": swapped}
    t0, c0 = time.perf_counter(), time.process_time()
    timed = [Timed(registry.make(names[s], seed * 2 + 1 + s)) for s in (0, 1)]
    try:
        parties, battle_map, scenario = _content(setup)
        record["sides"] = [p.name for p in parties]
        state = new_game((parties[0], parties[1]), battle_map, seed, scenario=scenario)
        if scenario is None:
            simple_deployment(state)
        record["map"] = state.battle_map.name
        try:
            Game(state, timed).run()
        finally:
            if setup.events:  # what happened up to the fault too
                record["_events"] = [e.to_dict() for e in state.log]
        record.update(winner_side=state.winner, winner=None if state.winner is None else names[state.winner],
                      scores=[s.score for s in state.sides], turns=state.turn, result=state.result, error=None,
                      faults=[e.text for e in state.log if e.data.get("fault")], roles=roles_of(state))
    except ScenarioUnavailable:
        raise
    except Exception as exc:  # one broken game must not lose the run; the record says what broke
        record.update(winner_side=None, winner=None, scores=None, turns=None, result="error", error=repr(exc))
    record["seconds"] = round(time.perf_counter() - t0, 4)
    record["cpu_seconds"] = round(time.process_time() - c0, 4)  # this process's CPU: one core, whatever the load
    record["decisions"] = [len(t.times) for t in timed]
    record["decision_ms"] = [time_stats(t.times) for t in timed]
    if keep_times:
        record["_times"] = [t.times for t in timed]
    return record


def roles_of(state: Any) -> list[str] | None:
    """Each side's role in the scenario (``roles:``, as the set-up gave them), or None for a scenario without."""
    enc = state.encounter
    if enc is None or enc.scenario.roles is None:
        return None
    return [str(getattr(enc.scenario.roles, enc.ref(side))) for side in (0, 1)]


def _play_star(args: tuple[Setup, int, int]) -> dict[str, Any]:
    return play_game(*args)


def run_games(setup: Setup, games: int, seed: int, jobs: int = 1,
              on_record: Callable[[dict[str, Any]], None] | None = None) -> list[dict[str, Any]]:
    """Play ``games`` games (in ``jobs`` processes); records come back in game order."""
    tasks = [(setup, i, seed + i) for i in range(games)]
    records: list[dict[str, Any]] = []
    if jobs <= 1:
        results: Iterable[dict[str, Any]] = map(_play_star, tasks)
        for r in results:
            records.append(r)
            if on_record:
                on_record(r)
    else:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            for r in pool.imap(_play_star, tasks):  # in game order, each as soon as it and those before are done
                records.append(r)
                if on_record:
                    on_record(r)
    return sorted(records, key=lambda r: r["game"])


# -- statistics -------------------------------------------------------------------------------

def percentile(values: list[float], q: float) -> float:
    """Linear-interpolated percentile (q in 0..100) of the values; 0 for none."""
    if not values:
        return 0.0
    s = sorted(values)
    k = (len(s) - 1) * q / 100
    lo, hi = math.floor(k), math.ceil(k)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def time_stats(seconds: list[float]) -> dict[str, float]:
    ms = [t * 1000 for t in seconds]
    return {"n": len(ms), "mean": round(statistics.fmean(ms), 3) if ms else 0.0,
            **{f"p{q}": round(percentile(ms, q), 3) for q in (50, 95, 99)}, "max": round(max(ms, default=0.0), 3)}


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class ControllerSummary:
    label: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    scores: list[int] = field(default_factory=list)
    times: list[float] = field(default_factory=list)

    def add(self, score: int, winner_side: int | None, side: int) -> None:
        """One game it played on ``side``: its score and the result."""
        self.games += 1
        self.scores.append(score)
        if winner_side is None:
            self.draws += 1
        elif winner_side == side:
            self.wins += 1
        else:
            self.losses += 1

    def as_dict(self) -> dict[str, Any]:
        decided = self.wins + self.losses
        return {"controller": self.label, "games": self.games, "wins": self.wins, "draws": self.draws,
                "losses": self.losses, "win_rate": self.wins / self.games if self.games else 0.0,
                "win_ci95": wilson(self.wins, self.games),
                "decided_win_rate": self.wins / decided if decided else 0.0,
                "decided_win_ci95": wilson(self.wins, decided),
                "mean_score": statistics.fmean(self.scores) if self.scores else 0.0,
                "decision_ms": time_stats(self.times)}


def summarise(setup: Setup, records: list[dict[str, Any]]) -> dict[str, Any]:
    """Totals per controller (labelled #1/#2 when both sides run the same controller)."""
    labels = list(setup.ai) if setup.ai[0] != setup.ai[1] else [f"{setup.ai[0]}#1", f"{setup.ai[1]}#2"]
    per = [ControllerSummary(label) for label in labels]
    by_party: dict[int, ControllerSummary] = {}  # the parties keep their sides; the controllers swap
    by_role: dict[str, ControllerSummary] = {}  # the set-up gives the roles: a party plays either
    errors = [r for r in records if r.get("error")]
    for r in records:
        if r.get("error"):
            continue
        for side in (0, 1):
            slot = side ^ int(r["swapped"])  # which of setup.ai played this side
            per[slot].times += r.get("_times", [[], []])[side]
            party = by_party.setdefault(side, ControllerSummary(f"{r['sides'][side]} (side {'AB'[side]})"))
            both = [per[slot], party]
            if r.get("roles"):
                role = r["roles"][side]
                both.append(by_role.setdefault(role, ControllerSummary(role)))
            for c in both:
                c.add(r["scores"][side], r["winner_side"], side)
    done = [r for r in records if not r.get("error")]
    faulty = [r for r in done if r.get("faults")]
    return {"games": len(records), "errors": len(errors), "first_error": errors[0]["error"] if errors else None,
            "faults": len(faulty), "first_fault": faulty[0]["faults"][0] if faulty else None,
            "controllers": [c.as_dict() for c in per],
            "parties": [by_party[side].as_dict() for side in sorted(by_party)],
            "roles": [by_role[role].as_dict() for role in sorted(by_role)],
            "maps": sorted({r["map"] for r in records if r.get("map")}), **_lengths(done)}


def _lengths(done: list[dict[str, Any]]) -> dict[str, float]:
    """How long the games that ended went: mean turns and decisions, median wall and CPU seconds (0 for none)."""
    if not done:
        return {"mean_turns": 0.0, "mean_decisions": 0.0, "median_game_seconds": 0.0, "median_game_cpu_seconds": 0.0}
    return {"mean_turns": statistics.fmean(r["turns"] for r in done),
            "mean_decisions": statistics.fmean(sum(r["decisions"]) for r in done),
            "median_game_seconds": statistics.median(r["seconds"] for r in done),
            "median_game_cpu_seconds": statistics.median(r.get("cpu_seconds", 0.0) for r in done)}


def format_summary(summary: dict[str, Any]) -> str:
    cpu = summary.get("median_game_cpu_seconds") or 0.0
    lines = [f"{summary['games']} games, {summary['errors']} errors; mean {summary['mean_turns']:.2f} turns, "
             f"{summary['mean_decisions']:.0f} decisions, median {summary['median_game_seconds']:.3f} s a game"
             + (f" (CPU {cpu:.3f} s: {1 / cpu:.2f} games/s of one core, with --jobs 1)" if cpu else "")]
    if summary.get("maps"):
        lines.append(f"  map: {', '.join(summary['maps'])}")
    for c in summary["controllers"]:
        lo, hi = c["win_ci95"]
        dlo, dhi = c["decided_win_ci95"]
        t = c["decision_ms"]
        lines.append(f"  {c['controller']:>12}: W/D/L {c['wins']}/{c['draws']}/{c['losses']}  "
                     f"win {c['win_rate']:.1%} [{lo:.1%}, {hi:.1%}]  decided {c['decided_win_rate']:.1%} "
                     f"[{dlo:.1%}, {dhi:.1%}]  mean score {c['mean_score']:.1f}")
        lines.append(f"  {'':>12}  decision ms p50 {t['p50']:.3f}  p95 {t['p95']:.3f}  p99 {t['p99']:.3f}  "
                     f"max {t['max']:.3f}  ({t['n']} decisions)")
    for p in summary.get("parties", []):
        lo, hi = p["win_ci95"]
        lines.append(f"  party {p['controller']}: W/D/L {p['wins']}/{p['draws']}/{p['losses']}  "
                     f"win {p['win_rate']:.1%} [{lo:.1%}, {hi:.1%}]  mean score {p['mean_score']:.1f}")
    for p in summary.get("roles", []):
        lo, hi = p["win_ci95"]
        lines.append(f"  role {p['controller']}: W/D/L {p['wins']}/{p['draws']}/{p['losses']}  "
                     f"win {p['win_rate']:.1%} [{lo:.1%}, {hi:.1%}]  mean score {p['mean_score']:.1f}")
    if summary["first_error"]:
        lines.append(f"  first error: {summary['first_error']}")
    if summary.get("faults"):
        lines.append(f"  SCENARIO FAULT in {summary['faults']} game(s): {summary['first_fault']}")
    return "\n".join(lines)


def simulate(setup: Setup, games: int, seed: int, jobs: int = 1, out: str | None = None,
             events: str | None = None) -> dict[str, Any]:
    """Run the games, write one JSON line per game to ``out`` (if given) and return the summary.

    Everything that can fail is tried before the first game: the controllers, the content and the
    output files (``out`` opened, so a missing folder or a read-only file is known at once; the folder of
    ``events`` tried). Each record is written and flushed as its game ends, so an interrupted run keeps the
    games already played. ``events`` gets every event of every game, one JSON line each
    (``{"game", "seed", "kind", "turn", "text", "data"}``, in game order), written atomically: the whole
    file when the run ends, or none (an old one stays as it was).
    """
    from pathlib import Path

    from game.core.atomic import open_atomic, write_problem

    for name in setup.ai:
        registry.make(name, 0)  # an unknown name fails before any process starts
    if events is not None:
        setup = replace(setup, events=True)
        problem = write_problem(Path(events).parent)
        if problem is None and Path(events).is_dir():
            problem = IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), events)
        if problem is not None:
            raise problem
    _content(setup)  # so do bad content files and a missing scenario loader
    sink = open(out, "w", encoding="utf-8") if out else None  # noqa: SIM115 (closed below, after every game)
    try:
        with open_atomic(Path(events)) if events is not None else contextlib.nullcontext() as trail:
            def write(r: dict[str, Any]) -> None:
                if sink is not None:
                    sink.write(json.dumps({k: v for k, v in r.items() if not k.startswith("_")}, ensure_ascii=False)
                               + "\n")
                    sink.flush()
                if trail is not None:
                    for e in r.get("_events", []):
                        trail.write(event_line(r["game"], r["seed"], e).encode("utf-8"))
                    r.pop("_events", None)  # written: not kept for the whole run

            records = run_games(setup, games, seed, jobs, on_record=write)
    finally:
        if sink is not None:
            sink.close()
    return summarise(setup, records)


_LINE_BREAKS = str.maketrans({"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"})


def event_line(game: int, seed: int, event: dict[str, Any]) -> str:
    """One event of one game as a JSON line (the characters other readers take for line breaks escaped)."""
    record = {"game": game, "seed": seed, **event}
    return json.dumps(record, ensure_ascii=False).translate(_LINE_BREAKS) + "\n"
