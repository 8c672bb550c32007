"""Headless controller-vs-controller games at scale: seeded, sides swapped every other game, in parallel.

Game ``i`` uses seed ``seed + i``; in odd games the two controllers change sides (each party keeps its
side), so neither controller keeps the first side's advantage. The games are played by the engine the lab
and *Try it* use too (game/ai/matches.py): each is a :class:`~game.ai.matches.Match`, its row made a record
here (one JSON line); the summary gives win/draw/loss per controller with Wilson 95% intervals, mean scores,
game length and decision-time percentiles.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import statistics
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from game.ai import registry
from game.ai.matches import (
    DETAIL,
    Match,
    ScenarioUnavailable,
    Tally,
    Timed,
    content,
    percentile,
    play_match,
    roles_of,
    run_matches,
    time_stats,
    wilson,
)

__all__ = ["ControllerSummary", "ScenarioUnavailable", "Setup", "Timed", "percentile", "play_game", "roles_of",
           "run_games", "simulate", "summarise", "time_stats", "wilson"]


@dataclass(frozen=True)
class Setup:
    """What every game of a run shares (plain data, so it crosses to worker processes)."""

    parties: tuple[str, str]
    ai: tuple[str, str]
    map: str | None = None
    scenario: str | None = None
    events: bool = False  # each game's record carries its events (``--events FILE.jsonl``)
    options: tuple[str, ...] = ()  # the rule system's optional rules played (``--option heroic-duel``)


def _content(setup: Setup) -> tuple[Any, Any, Any]:
    """Parties, map and scenario, loaded once per process (the engine's cache)."""
    return content(setup.parties, setup.map, setup.scenario)


def match_of(setup: Setup, index: int, seed: int) -> Match:
    """Game ``index`` of a run as the engine plays it: in odd games the controllers change sides."""
    names = (setup.ai[1], setup.ai[0]) if index % 2 == 1 else setup.ai
    return Match(setup.parties, names, setup.map, setup.scenario, seed, setup.events, setup.options)


def record_of(index: int, match: Match, row: dict[str, Any]) -> dict[str, Any]:
    """The engine's row as simulate's record: the game's index, the controller on each side and the winning
    one's name; the per-event lists (deaths, scores by turn, awards) left to the lab."""
    record: dict[str, Any] = {"game": index, "seed": match.seed, "controllers": list(match.ai),
                              "swapped": index % 2 == 1}
    if "sides" in row:
        record["sides"] = row["sides"]
    if "map_name" in row:
        record["map"] = row["map_name"]
    skip = {"parties", "ai", "map", "scenario", "seed", "options", "sides", "map_name", "scenario_name", "played_by",
            *DETAIL}
    for key, value in row.items():
        if key not in skip:
            record[key] = value
        if key == "winner_side":
            record["winner"] = None if value is None else match.ai[value]
    return record


def play_game(setup: Setup, index: int, seed: int, keep_times: bool = True) -> dict[str, Any]:
    """One game; the record names the controller on each side. Errors are recorded, not raised."""
    match = match_of(setup, index, seed)
    return record_of(index, match, play_match(match, keep_times))


def run_games(setup: Setup, games: int, seed: int, jobs: int = 1,
              on_record: Callable[[dict[str, Any]], None] | None = None) -> list[dict[str, Any]]:
    """Play ``games`` games (in ``jobs`` processes); records come back in game order, each handed to
    ``on_record`` as soon as it and those before it are done."""
    records: list[dict[str, Any]] = []
    if jobs <= 1:
        played = (play_game(setup, i, seed + i) for i in range(games))
    else:
        matches = [match_of(setup, i, seed + i) for i in range(games)]
        played = (record_of(i, matches[i], row)
                  for i, row in run_matches(matches, jobs, ordered=True, keep_times=True))
    for r in played:
        records.append(r)
        if on_record:
            on_record(r)
    return sorted(records, key=lambda r: r["game"])


# -- statistics -------------------------------------------------------------------------------

ControllerSummary = Tally  # one controller's (or party's, or role's) results: the engine's summary


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
