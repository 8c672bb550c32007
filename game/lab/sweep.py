"""A balance sweep: parties × maps × scenarios × sides × AI levels × seeds, from a small YAML file or the
command line, planned as the engine's matches, each with a deterministic key.

The key is a digest of the game's set-up, its seed and the bytes of the content files it is played with, so
a game already stored is never played again (a stopped sweep goes on where it stopped), a changed party,
map or scenario file makes new games rather than mixing old results in, and the same sweep gives the same
keys on any machine or cluster. Every problem in a sweep file is reported at once, located by key path and
line, like any content file's.
"""

from __future__ import annotations

import hashlib
import itertools
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.ai.matches import Match
from game.core.errors import ContentError, Problem, safe_text

FORMAT = "iron-honor/sweep@1"
KEYS = ("format", "name", "parties", "matchups", "maps", "scenarios", "sides", "ai", "seeds")
MAX_GAMES = 1_000_000  # far beyond a day of any machine's games: a typo (seeds: 1000000) is caught, not started
OWN = "own"  # in ``maps``: the scenario's own map (else an open table)
FIGHT = "fight"  # in ``scenarios``: a plain fight for six turns scoring kills, no scenario


@dataclass(frozen=True)
class Planned:
    """One game of a sweep: its key, its match and the content it names (as the sweep names it)."""

    key: str
    match: Match


@dataclass
class Sweep:
    """A sweep's dimensions; ``plan`` gives its games in a stable order."""

    name: str
    matchups: list[tuple[str, str]]
    maps: list[str | None] = field(default_factory=lambda: [None])
    scenarios: list[str | None] = field(default_factory=lambda: [None])
    both_sides: bool = True
    ai: list[tuple[str, str]] = field(default_factory=lambda: [("normal", "normal")])
    seeds: list[int] = field(default_factory=lambda: [1])

    def size(self) -> int:
        return (len(self.matchups) * len(self.maps) * len(self.scenarios) * (2 if self.both_sides else 1)
                * len(self.ai) * len(self.seeds))

    def plan(self) -> list[Planned]:
        """Every game, seeds outermost: a sweep stopped at any point has played every set-up about as often."""
        digests: dict[tuple[str, str], str] = {}
        out = []
        for seed in self.seeds:
            for (first, second), levels, scenario, battle_map in itertools.product(
                    self.matchups, self.ai, self.scenarios, self.maps):
                ways = [((first, second), levels)]
                if self.both_sides:  # each party keeps its controller and takes the other side of the table
                    ways.append(((second, first), (levels[1], levels[0])))
                for parties, ai in ways:
                    match = Match(parties, ai, battle_map, scenario, seed)
                    out.append(Planned(game_key(match, digests), match))
        return out


def content_digest(kind: str, name: str | None, memo: dict[tuple[str, str], str]) -> str:
    """The bytes of the file a name stands for, as a digest (a file that cannot be read: its name only)."""
    if name is None:
        return ""
    if (kind, name) not in memo:
        from game.content.library import resolve

        try:
            memo[kind, name] = hashlib.sha256(Path(resolve(kind, name)).read_bytes()).hexdigest()[:16]
        except (ContentError, OSError):
            memo[kind, name] = "?"
    return memo[kind, name]


def game_key(match: Match, memo: dict[tuple[str, str], str] | None = None) -> str:
    """The game's identity: its set-up and seed and its content files' bytes (20 hex digits)."""
    memo = {} if memo is None else memo
    ident = {"parties": list(match.parties), "ai": list(match.ai), "map": match.map, "scenario": match.scenario,
             "seed": match.seed,
             "content": [content_digest("parties", match.parties[0], memo),
                         content_digest("parties", match.parties[1], memo),
                         content_digest("maps", match.map, memo), content_digest("scenarios", match.scenario, memo)]}
    return hashlib.sha256(json.dumps(ident, sort_keys=True).encode()).hexdigest()[:20]


# -- reading a sweep file -----------------------------------------------------------------------------

def load_sweep(path: str | Path) -> Sweep:
    """A sweep file, checked: every problem located by key path and line (ContentError)."""
    from game.content.yaml_loader import load_yaml

    doc = load_yaml(path)
    return build_sweep(doc.data, doc, Path(path).stem)


def build_sweep(data: Any, doc: Any, default_name: str) -> Sweep:
    """The sweep a parsed file (or the command line's equivalent dict) describes; all its problems at once."""
    problems: list[Problem] = []

    def bad(where: tuple[str | int, ...], message: str) -> None:
        problems.append(doc.problem(where, message))

    if not isinstance(data, dict):
        raise ContentError(doc.file, [doc.problem((), f"a sweep file is a mapping of {', '.join(KEYS)}")])
    for key in data:
        if key not in KEYS:
            bad((key,), f"unknown key '{safe_text(str(key))}' (a sweep has {', '.join(KEYS)})")
    if "format" in data and data["format"] != FORMAT:
        bad(("format",), f"expected '{FORMAT}'")
    name = data.get("name", default_name)
    if not isinstance(name, str) or not name.strip():
        bad(("name",), "expected the sweep's name (text)")
        name = default_name

    parties = _names(data, "parties", "parties", bad, required=False)
    matchups: list[tuple[str, str]] = []
    raw = data.get("matchups", "round_robin")
    if raw == "round_robin":
        if len(parties) < 2:
            bad(("parties",) if "parties" in data else (), "list at least two parties (every pair of them plays), "
                "or give 'matchups' as pairs")
        matchups = list(itertools.combinations(parties, 2))
    elif isinstance(raw, list) and raw:
        for i, pair in enumerate(raw):
            if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(p, str) for p in pair)):
                bad(("matchups", i), "expected a pair of parties: [A, B]")
                continue
            for j, p in enumerate(pair):
                _known("parties", p, ("matchups", i, j), bad)
            matchups.append((pair[0], pair[1]))
    else:
        bad(("matchups",), "expected 'round_robin' (every pair of 'parties') or a list of pairs [[A, B], ...]")

    maps: list[str | None] = [None if m == OWN else m for m in _names(data, "maps", "maps", bad, allow=OWN)] or [None]
    scenarios: list[str | None] = [None if s == FIGHT else s
                                   for s in _names(data, "scenarios", "scenarios", bad, allow=FIGHT)] or [None]

    sides = data.get("sides", "both")
    if sides not in ("both", "as_listed"):
        bad(("sides",), "expected 'both' (each matchup played with each party on side A) or 'as_listed'")

    ai = _levels(data.get("ai", ["normal"]), bad)
    seeds = _seeds(data.get("seeds", 1), bad)
    sweep = Sweep(name.strip() if isinstance(name, str) else default_name, matchups, maps, scenarios,
                  sides != "as_listed", ai, seeds)
    if not problems and sweep.size() > MAX_GAMES:
        bad((), f"this sweep is {sweep.size():,} games; at most {MAX_GAMES:,} (fewer seeds or set-ups)")
    if problems:
        raise ContentError(doc.file, problems)
    return sweep


def _names(data: dict[str, Any], key: str, kind: str, bad: Any, required: bool = False,
           allow: str | None = None) -> list[str]:
    value = data.get(key)
    if value is None:
        return []
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not value:
        bad((key,), f"expected a list of {kind} (names or files)")
        return []
    out = []
    for i, item in enumerate(value):
        if not isinstance(item, str) or not item.strip():
            bad((key, i), f"expected a name or a file, found {safe_text(repr(item))}")
        elif item != allow:
            if _known(kind, item, (key, i), bad):
                out.append(item)
        else:
            out.append(item)
    if len(set(out)) != len(out):
        bad((key,), f"a {kind[:-1] if kind != 'parties' else 'party'} is listed twice")
    return out


def _known(kind: str, name: str, where: tuple[str | int, ...], bad: Any) -> bool:
    """Whether the content loads; if not, the problem said where the sweep names it."""
    from game.content.library import UnknownName, lookup

    try:
        lookup(kind, name)
    except UnknownName as exc:
        bad(where, exc.problems[0].message if exc.problems else str(exc))
        return False
    except ContentError as exc:
        first = exc.problems[0].describe(exc.file) if exc.problems else exc.file
        bad(where, f"'{safe_text(name)}' cannot be loaded: {first}")
        return False
    return True


def _levels(value: Any, bad: Any) -> list[tuple[str, str]]:
    from game.ai.registry import names

    known = names()
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not value:
        bad(("ai",), "expected a list of AI levels: a name (both sides) or a pair [A, B]")
        return []
    out: list[tuple[str, str]] = []
    for i, item in enumerate(value):
        pair = [item, item] if isinstance(item, str) else item
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(p, str) for p in pair)):
            bad(("ai", i), "expected an AI level or a pair of them [A, B]")
            continue
        wrong = [p for p in pair if p not in known]
        if wrong:
            bad(("ai", i), f"no AI level named '{safe_text(wrong[0])}' (known: {', '.join(known)})")
            continue
        out.append((pair[0], pair[1]))
    return out


def _seeds(value: Any, bad: Any) -> list[int]:
    """``10`` (seeds 1 to 10), ``{from: K, count: N}`` or a list of seeds."""
    def seed_ok(v: Any) -> bool:
        return isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 2**63

    if isinstance(value, int) and not isinstance(value, bool):
        if not 1 <= value <= MAX_GAMES:
            bad(("seeds",), f"expected a count of seeds from 1 to {MAX_GAMES:,}, found {value}")
            return []
        return list(range(1, value + 1))
    if isinstance(value, dict):
        unknown = [k for k in value if k not in ("from", "count")]
        for k in unknown:
            bad(("seeds", k), "unknown key (seeds take 'from' and 'count')")
        first, n = value.get("from", 1), value.get("count")
        if not seed_ok(first):
            bad(("seeds", "from"), "expected a seed from 0 to 2**63 - 1")
        if not (isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= MAX_GAMES):
            bad(("seeds", "count"), f"expected a count from 1 to {MAX_GAMES:,}")
        if unknown or not seed_ok(first) or not (isinstance(n, int) and not isinstance(n, bool)
                                                 and 1 <= n <= MAX_GAMES) or first + n > 2**63:
            return []
        return list(range(first, first + n))
    if isinstance(value, list) and value:
        out = []
        for i, v in enumerate(value):
            if seed_ok(v):
                out.append(v)
            else:
                bad(("seeds", i), "expected a seed from 0 to 2**63 - 1")
        if len(set(out)) != len(out):
            bad(("seeds",), "a seed is listed twice")
        return out
    bad(("seeds",), "expected a count (10), {from: K, count: N} or a list of seeds")
    return []
