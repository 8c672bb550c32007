"""The AI strength table per scenario and role: seeded games between two controllers on every scenario
named (its own map where it has one, else the four shipped maps in turn), sides swapped every other game,
then W/D/L of the first-named controller with Wilson 95 % intervals per scenario and per role it played, and
what each side did toward its objectives (attacks, kills, escapes, points per game), so a table shows both
that the stronger level wins and that both sides pursue what the scenario asks.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from game.lab.ai_soak import MAPS, PARTIES, Outcomes, Task

ACTS = ("attacks", "kills", "escapes", "points")


@cache
def own_map(scenario: str) -> bool:
    """Whether the scenario names its own map (then every game is played on it)."""
    from game.content.library import resolve
    from game.content.scenario_file import load_scenario

    return load_scenario(resolve("scenarios", scenario)).map is not None


def plan(scenarios: Iterable[str], pairing: tuple[str, str], games: int, seed: int = 1,
         parties: Iterable[tuple[str, str]] = PARTIES) -> list[Task]:
    """``games`` games a scenario: sides swap every other game, then the party pairs cycle, then the maps (unless
    its own): a scenario's every 2 × pairs games play each pair both ways round, so a short table weighs no pair
    more than another (their match-ups decide more games than the maps do)."""
    duos = list(parties)
    tasks: list[Task] = []
    for k, scenario in enumerate(scenarios):
        for i in range(games):
            index = k * games + i
            duo = duos[(i // 2) % len(duos)]
            mp = "" if own_map(scenario) else MAPS[(i // (2 * len(duos))) % len(MAPS)]
            tasks.append(Task(index, seed + index, pairing, i % 2 == 1, scenario, mp, duo))
    return tasks


@dataclass
class Row(Outcomes):
    """One pairing's games on one scenario in one role of the first-named controller."""

    acts: list[dict[str, int]] = field(default_factory=lambda: [dict.fromkeys(ACTS, 0), dict.fromkeys(ACTS, 0)])

    def add(self, r: dict[str, Any]) -> None:
        if self.count(r) == "error":
            return
        first = r["first_side"]
        for who, side in ((0, first), (1, 1 - first)):
            for k in ACTS:
                self.acts[who][k] += r["pursuit"][side][k]

    def line(self) -> str:
        n = max(1, self.games)
        did = "  ".join("/".join(f"{self.acts[w][k] / n:.1f}" for k in ACTS) for w in (0, 1))
        return self.wdl() + f"  a/k/e/p per game {did}" + (f"  errors {self.errors}" if self.errors else "")


def role_of_first(r: dict[str, Any]) -> str:
    roles = r.get("roles")
    return roles[r["first_side"]] if roles and r.get("first_side") is not None else "-"


def table(records: list[dict[str, Any]]) -> dict[tuple[tuple[str, str], str, str], Row]:
    """Rows by (pairing, scenario, role of the first-named: '*' for all its roles together)."""
    rows: dict[tuple[tuple[str, str], str, str], Row] = {}
    for r in records:
        pair = (r["ai"][0], r["ai"][1])
        rows.setdefault((pair, r["scenario"], "*"), Row()).add(r)
        if r["outcome"] != "error" and role_of_first(r) != "-":
            rows.setdefault((pair, r["scenario"], role_of_first(r)), Row()).add(r)
    return rows


def format_table(rows: dict[tuple[tuple[str, str], str, str], Row]) -> str:
    lines = []
    for pair in sorted({k[0] for k in rows}):
        total = Row()
        for (p, _, role), row in rows.items():
            if p == pair and role == "*":
                for k in ("wins", "draws", "losses", "errors"):
                    setattr(total, k, getattr(total, k) + getattr(row, k))
        lines.append(f"{pair[0]} v {pair[1]} (first-named's results; a/k/e/p = attacks/kills/escapes/points per "
                     f"game, first-named then second-named)")
        lines.append(f"  {'all':<28} {total.line().split('  a/k/e/p')[0]}")
        for (p, scenario, role), row in sorted(rows.items()):
            if p == pair:
                label = scenario if role == "*" else f"  as {role}"
                lines.append(f"  {label:<28} {row.line()}")
    return "\n".join(lines)
