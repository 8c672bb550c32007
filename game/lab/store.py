"""The lab's results table: one SQLite file, one row a game, keyed by the game's key (game/lab/sweep.py).

SQLite rather than Parquet: it is in Python's standard library (nothing to install, nothing for the
packaged game to carry), each game is written in its own transaction as it ends (a sweep killed at any
moment keeps every game it finished, and a resumed one asks the table which keys it has), and every data
tool reads it (pandas ``read_sql``, DuckDB, R, the ``sqlite3`` shell). Parquet files are written whole, so
a resumable sweep would need a file per batch and a writer library (pyarrow, ~100 MB). The per-event lists
of a game (where models died, the score after each turn, each objective's award) are tables of their own,
keyed by the game's key, so a heat map is one query.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    key TEXT PRIMARY KEY,
    party_a TEXT, party_b TEXT, ai_a TEXT, ai_b TEXT, map TEXT, scenario TEXT, seed INTEGER,
    side_a TEXT, side_b TEXT, map_name TEXT, scenario_name TEXT, role_a TEXT, role_b TEXT,
    winner_side INTEGER, result TEXT, error TEXT, faults TEXT,
    score_a INTEGER, score_b INTEGER, turns INTEGER,
    kills_a INTEGER, kills_b INTEGER, escapes_a INTEGER, escapes_b INTEGER,
    held_a INTEGER, held_b INTEGER, objective_points_a INTEGER, objective_points_b INTEGER,
    first_side INTEGER, higher_side INTEGER, decisions_a INTEGER, decisions_b INTEGER,
    cpu_seconds REAL, seconds REAL, played_by TEXT, version TEXT, edge_a TEXT, edge_b TEXT
);
CREATE TABLE IF NOT EXISTS deaths (key TEXT, turn INTEGER, side INTEGER, model TEXT, type TEXT, x REAL, y REAL);
CREATE TABLE IF NOT EXISTS score_turns (key TEXT, turn INTEGER, score_a INTEGER, score_b INTEGER);
CREATE TABLE IF NOT EXISTS awards (key TEXT, turn INTEGER, side INTEGER, target TEXT, label TEXT, points INTEGER);
CREATE INDEX IF NOT EXISTS deaths_key ON deaths (key);
CREATE INDEX IF NOT EXISTS score_turns_key ON score_turns (key);
CREATE INDEX IF NOT EXISTS awards_key ON awards (key);
"""
COLUMNS = ("key", "party_a", "party_b", "ai_a", "ai_b", "map", "scenario", "seed", "side_a", "side_b", "map_name",
           "scenario_name", "role_a", "role_b", "winner_side", "result", "error", "faults", "score_a", "score_b",
           "turns", "kills_a", "kills_b", "escapes_a", "escapes_b", "held_a", "held_b", "objective_points_a",
           "objective_points_b", "first_side", "higher_side", "decisions_a", "decisions_b", "cpu_seconds",
           "seconds", "played_by", "version", "edge_a", "edge_b")
ADDED = ("edge_a", "edge_b")  # columns newer than the first results files: added to an older file when opened
MACHINE = ("cpu_seconds", "seconds", "played_by", "version")  # where and how fast: not the game's result


def _pair(row: dict[str, Any], key: str) -> list[Any]:
    value = row.get(key)
    return list(value) if isinstance(value, list | tuple) else [None, None]


def columns_of(key: str, row: dict[str, Any]) -> tuple[Any, ...]:
    """An engine row as the games table's columns."""
    from game import __version__

    out = {"key": key, "map": row.get("map"), "scenario": row.get("scenario"), "seed": row.get("seed"),
           "map_name": row.get("map_name"), "scenario_name": row.get("scenario_name"),
           "winner_side": row.get("winner_side"), "result": row.get("result"), "error": row.get("error"),
           "faults": json.dumps(row["faults"], ensure_ascii=False) if row.get("faults") else None,
           "turns": row.get("turns"), "first_side": row.get("first_side"), "higher_side": row.get("higher_side"),
           "cpu_seconds": row.get("cpu_seconds"), "seconds": row.get("seconds"),
           "played_by": row.get("played_by"), "version": __version__}
    for name, source in (("party", "parties"), ("ai", "ai"), ("side", "sides"), ("role", "roles"),
                         ("score", "scores"), ("kills", "kills"), ("escapes", "escapes"), ("held", "objectives_held"),
                         ("objective_points", "objective_points"), ("decisions", "decisions"), ("edge", "edges")):
        a, b = _pair(row, source)
        out[f"{name}_a"], out[f"{name}_b"] = a, b
    return tuple(out[c] for c in COLUMNS)


class Store:
    """The results file, open; ``add`` stores one game whole (its row and its per-event lists) or not at all."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path)
        self.db.executescript(SCHEMA)
        have = {row[1] for row in self.db.execute("PRAGMA table_info(games)")}
        with self.db:  # a results file of an older version: its games keep None there, new ones fill it
            for column in ADDED:
                if column not in have:
                    self.db.execute(f"ALTER TABLE games ADD COLUMN {column} TEXT")

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def keys(self) -> set[str]:
        return {k for (k,) in self.db.execute("SELECT key FROM games")}

    def add(self, key: str, row: dict[str, Any]) -> bool:
        """Store a game's row; False (nothing written) if the key is stored already."""
        with self.db:  # one transaction: the game's row and its lists together
            cur = self.db.execute(f"INSERT OR IGNORE INTO games VALUES ({', '.join('?' * len(COLUMNS))})",
                                  columns_of(key, row))
            if not cur.rowcount:
                return False
            self.db.executemany("INSERT INTO deaths VALUES (?, ?, ?, ?, ?, ?, ?)",
                                [(key, *d) for d in row.get("deaths") or []])
            self.db.executemany("INSERT INTO score_turns VALUES (?, ?, ?, ?)",
                                [(key, *t) for t in row.get("score_turns") or []])
            self.db.executemany("INSERT INTO awards VALUES (?, ?, ?, ?, ?, ?)",
                                [(key, *a) for a in row.get("awards") or []])
        return True

    def games(self, keys: Iterable[str] | None = None) -> list[dict[str, Any]]:
        """The stored games (those of ``keys`` only, if given), as dicts of the columns, in key order."""
        cur = self.db.execute("SELECT * FROM games ORDER BY key")
        names = [d[0] for d in cur.description]
        rows = [dict(zip(names, r, strict=True)) for r in cur]
        if keys is not None:
            wanted = set(keys)
            rows = [r for r in rows if r["key"] in wanted]
        return rows

    def table(self, name: str, keys: Iterable[str] | None = None) -> list[dict[str, Any]]:
        """A per-event table's rows (deaths, score_turns, awards), of ``keys`` only if given."""
        if name not in ("deaths", "score_turns", "awards"):
            raise ValueError(name)
        cur = self.db.execute(f"SELECT * FROM {name} ORDER BY rowid")
        names = [d[0] for d in cur.description]
        rows = [dict(zip(names, r, strict=True)) for r in cur]
        if keys is not None:
            wanted = set(keys)
            rows = [r for r in rows if r["key"] in wanted]
        return rows
