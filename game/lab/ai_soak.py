"""AI-vs-AI soak: many seeded encounters between registered controllers, every encounter on every map,
the invariants checked after every decision, each game required to end with a result.

The same run measures strength: a table of W/D/L per pairing and encounter (of the first-named
controller, which changes sides every other round) and decision-time percentiles per controller.
Games are planned as plain tuples so they cross to worker processes; a broken game is recorded
(with the first broken invariant or the exception), never lost.
"""

from __future__ import annotations

import multiprocessing
import time
import traceback
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from game.ai import registry
from game.ai.matches import Timed, roles_of, time_stats, wilson

PAIRINGS = (("hard", "normal"), ("hard", "random"), ("normal", "random"), ("easy", "random"))
ENCOUNTERS = ("engagement", "landmark", "rescue", "scouting_run", "salvage", "breakthrough")
MAPS = ("open_field", "village_ruins", "forest_crossing", "river_ford")
PARTIES = (("northmen_raiding_party", "ghrim_company"), ("order_of_the_grey_lance", "hollow_court"),
           ("sundered_elve_warband", "lantern_adventuring_co"), ("thornwood_wildkin", "northmen_raiding_party"))
MAX_DECISIONS = 50_000  # far beyond any real game: a game still running here is a hang


@dataclass(frozen=True)
class Task:
    index: int
    seed: int
    ai: tuple[str, str]  # the pairing, first-named first
    swapped: bool  # the first-named controller plays side 1
    scenario: str
    map: str
    parties: tuple[str, str]


def plan(games: int, seed: int = 1, pairings: Iterable[tuple[str, str]] = PAIRINGS,
         encounters: Iterable[str] = ENCOUNTERS, maps: Iterable[str] = MAPS,
         parties: Iterable[tuple[str, str]] = PARTIES) -> list[Task]:
    """Game i cycles the pairings fastest, then encounters and maps; then sides swap; then the parties change."""
    pairings, encounters, maps, parties = list(pairings), list(encounters), list(maps), list(parties)
    tasks = []
    for i in range(games):
        k = i
        pair = pairings[k % len(pairings)]
        k //= len(pairings)
        enc = encounters[k % len(encounters)]
        k //= len(encounters)
        mp = maps[k % len(maps)]
        k //= len(maps)
        swapped = k % 2 == 1  # every round of pairings x encounters x maps is played once each way round
        duo = parties[(k // 2) % len(parties)]
        tasks.append(Task(i, seed + i, tuple(pair), swapped, enc, mp, tuple(duo)))  # type: ignore[arg-type]
    return tasks


@cache
def _content(parties: tuple[str, str], map_name: str, scenario: str) -> tuple[Any, Any, Any]:
    from game.content.library import resolve
    from game.content.maps import load_map
    from game.content.party_building import load_party
    from game.content.scenario_file import load_scenario

    path = resolve("scenarios", scenario)
    loaded = load_scenario(path)
    if not map_name:  # the scenario's own map ([ENC-1]: set-up offers it first)
        from game.content.library import scenario_map
        from game.content.maps import BattleMap

        battle_map = scenario_map(path, loaded.map) if loaded.map else BattleMap("open table", ())
    else:
        battle_map = load_map(resolve("maps", map_name))
    return tuple(load_party(resolve("parties", p)) for p in parties), battle_map, loaded


def pursuit(state: Any) -> list[dict[str, int]]:
    """What each side did toward winning, read from the log: attacks declared, kills made, escapes, and its
    final score, so a table shows whether both sides pursued their objectives."""
    from game.rules.events import EventKind

    out = [{"attacks": 0, "kills": 0, "escapes": 0, "points": 0} for _ in (0, 1)]
    for e in state.log:
        if e.kind == EventKind.AttackDeclared:
            out[state.model(e.data["attacker"]).side]["attacks"] += 1
        elif e.kind == EventKind.Killed or e.kind == EventKind.Removed:
            out[1 - e.data["side"]]["kills"] += 1
        elif e.kind == EventKind.Escaped:
            out[e.data["side"]]["escapes"] += 1
    for side in (0, 1):
        out[side]["points"] = state.sides[side].score
    return out


def state_digest(state: Any) -> str:
    """A fingerprint of a game's whole course: its log and the final state (replays must match it)."""
    return f"{log_digest(state)}:{_sha([state.snapshot()])}"


def log_digest(state: Any) -> str:
    """A fingerprint of the game's log: every event's kind, text and data."""
    return _sha([e.to_dict() for e in state.log])


def _sha(value: Any) -> str:
    import hashlib
    import json

    body = json.dumps(value, sort_keys=True, default=str)
    return hashlib.sha1(body.encode("utf-8", "surrogatepass")).hexdigest()


def play(task: Task, check: bool = True, keep_answers: bool = False,
         watch: Callable[[Any, list[Any]], None] | None = None) -> dict[str, Any]:
    """One soak game; the record says who won, how long it took, and what broke if anything did.

    ``keep_answers`` adds the answers and a digest of the game, for a replay check (game/saves);
    ``watch(game, controllers)`` is called before every decision (game/saves takes its saves there)."""
    from game.lab.soak import run_checked
    from game.rules.engine import Game
    from game.rules.setup import new_game

    names = (task.ai[1], task.ai[0]) if task.swapped else task.ai
    timed = [Timed(registry.make(names[s], task.seed * 2 + 1 + s)) for s in (0, 1)]
    record: dict[str, Any] = {"game": task.index, "seed": task.seed, "ai": list(task.ai), "swapped": task.swapped,
                              "scenario": task.scenario, "map": task.map, "parties": list(task.parties)}
    t0 = time.perf_counter()
    try:
        parties, battle_map, scenario = _content(task.parties, task.map, task.scenario)
        state = new_game((parties[0], parties[1]), battle_map, task.seed, scenario=scenario)
        game = Game(state, timed)
        label = f"{task.scenario} on {task.map}, seed {task.seed}"
        count = run_checked(_Capped(game, watch, [t.inner for t in timed]), label, check)
        if not state.result:
            raise AssertionError(f"the game ended after {count} decisions without a result")
        first = 1 if task.swapped else 0
        outcome = "draw" if state.winner is None else "win" if state.winner == first else "loss"
        record.update(outcome=outcome, result=state.result, turns=state.turn, decisions=count,
                      scores=[s.score for s in state.sides], error=None, first_side=first,
                      roles=roles_of(state), pursuit=pursuit(state), map=state.battle_map.name)
        if keep_answers:
            record.update(answers=list(game.answers), digest=state_digest(state))
    except Exception as exc:
        record.update(outcome="error", error=f"{exc!r}", traceback=traceback.format_exc(limit=6))
    record["seconds"] = time.perf_counter() - t0
    record["times"] = {names[s]: timed[s].times for s in (0, 1)} if names[0] != names[1] else \
        {names[0]: timed[0].times + timed[1].times}
    return record


class _Capped:
    """A game that refuses to run past MAX_DECISIONS, so a hang is a failure instead of a stuck soak."""

    def __init__(self, game: Any, watch: Callable[[Any, list[Any]], None] | None = None,
                 controllers: list[Any] | None = None):
        self.game, self.steps = game, 0
        self.watch, self.controllers = watch, controllers or []

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def state(self) -> Any:
        return self.game.state

    def step(self) -> Any:
        self.steps += 1
        if self.steps > MAX_DECISIONS:
            raise AssertionError(f"no result after {MAX_DECISIONS} decisions")
        if self.watch is not None:
            self.watch(self.game, self.controllers)
        return self.game.step()


def run(tasks: list[Task], jobs: int = 1, on_record: Callable[[dict[str, Any]], None] | None = None,
        player: Callable[[Task], dict[str, Any]] = play) -> list[dict[str, Any]]:
    """Play the tasks (in ``jobs`` processes) with ``player`` (a module-level function); records in game order."""
    records = []
    if jobs <= 1:
        for t in tasks:
            records.append(player(t))
            if on_record:
                on_record(records[-1])
    else:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            for r in pool.imap_unordered(player, tasks, chunksize=1):
                records.append(r)
                if on_record:
                    on_record(r)
    return sorted(records, key=lambda r: r["game"])


@dataclass
class Outcomes:
    """W/D/L (and broken games) of the first-named controller, with its decided rate's Wilson interval."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    errors: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def count(self, r: dict[str, Any]) -> str:
        outcome = r["outcome"]
        self.wins += outcome == "win"
        self.draws += outcome == "draw"
        self.losses += outcome == "loss"
        self.errors += outcome == "error"
        return str(outcome)

    def rate(self) -> tuple[float, float, float]:
        decided = self.wins + self.losses
        lo, hi = wilson(self.wins, decided)
        return (self.wins / decided if decided else float("nan")), lo, hi

    def wdl(self) -> str:
        rate, lo, hi = self.rate()
        return (f"W/D/L {self.wins:>3}/{self.draws:>3}/{self.losses:>3}  decided {rate:6.1%} "
                f"[{lo:5.1%}, {hi:5.1%}]")


@dataclass
class Tally(Outcomes):
    seconds: list[float] = field(default_factory=list)

    def add(self, r: dict[str, Any]) -> None:
        self.count(r)
        self.seconds.append(r["seconds"])

    def line(self) -> str:
        return self.wdl() + (f"  errors {self.errors}" if self.errors else "")


def summarise(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Tallies per pairing and per (pairing, encounter), decision times per controller, the broken games."""
    per_pair: dict[tuple[str, str], Tally] = {}
    per_enc: dict[tuple[tuple[str, str], str], Tally] = {}
    per_duo: dict[tuple[tuple[str, str], str], Tally] = {}
    times: dict[str, list[float]] = {}
    for r in records:
        pair = tuple(r["ai"])
        per_pair.setdefault(pair, Tally()).add(r)
        per_enc.setdefault((pair, r["scenario"]), Tally()).add(r)
        per_duo.setdefault((pair, " v ".join(r["parties"])), Tally()).add(r)
        for name, ts in r["times"].items():
            times.setdefault(name, []).extend(ts)
    replayed = [r for r in records if "replay" in r]
    return {"games": len(records), "errors": [r for r in records if r["outcome"] == "error"],
            "replays": (sum(r["replay"] == "identical" for r in replayed), len(replayed)),
            "per_pair": per_pair, "per_encounter": per_enc, "per_parties": per_duo,
            "times": {name: time_stats(ts) for name, ts in sorted(times.items())}}


def format_summary(summary: dict[str, Any]) -> str:
    errors = summary["errors"]
    lines = [f"{summary['games']} games, {summary['games'] - len(errors)} ended with a result, "
             f"{len(errors)} broke (invariant or exception)"]
    same, replayed = summary.get("replays", (0, 0))
    if replayed:
        lines.append(f"replays from the save format: {same} of {replayed} identical")
    for pair, tally in summary["per_pair"].items():
        lines.append(f"{pair[0]} v {pair[1]}: {tally.line()}  ({sum(tally.seconds):.0f} s of play)")
        for (p, enc), t in sorted(summary["per_encounter"].items()):
            if p == pair:
                lines.append(f"    {enc:<14} {t.line()}")
        for (p, duo), t in sorted(summary.get("per_parties", {}).items()):
            if p == pair:
                lines.append(f"    {duo:<50} {t.line()}")
    for name, t in summary["times"].items():
        lines.append(f"{name:>8} decision ms p50 {t['p50']:.2f}  p95 {t['p95']:.2f}  p99 {t['p99']:.2f}  "
                     f"max {t['max']:.1f}  ({t['n']} decisions)")
    for r in errors[:5]:
        lines.append(f"BROKEN game {r['game']} seed {r['seed']} {r['ai']} {r['scenario']} {r['map']}: {r['error']}")
    return "\n".join(lines)
