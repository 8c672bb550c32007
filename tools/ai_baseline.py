#!/usr/bin/env python3
"""Easy and normal are fixed baselines: play seeded normal-v-normal and easy-v-normal encounters and write
each game's outcome and digest (its whole log and final state), so a change to the AI's code can show
that these levels decide exactly as before.

    python tools/ai_baseline.py --games 96 --out before.jsonl          # with the old code
    python tools/ai_baseline.py --games 96 --out after.jsonl           # with the new code
    python tools/ai_baseline.py --compare before.jsonl after.jsonl     # games that differ, and the outcomes

Each shipped party pair plays a quarter of the games: both pairings, every encounter, the maps in turn.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

PAIRINGS = (("normal", "normal"), ("easy", "normal"))


def play(task: object) -> dict:
    from game.lab import ai_soak

    r = ai_soak.play(task, check=False, keep_answers=True)  # type: ignore[arg-type]
    return {k: r.get(k) for k in ("game", "seed", "ai", "swapped", "scenario", "map", "parties", "outcome", "scores",
                                  "turns", "decisions", "digest", "error")}


def compare(before: Path, after: Path) -> int:
    old = {r["game"]: r for r in map(json.loads, before.read_text(encoding="utf-8").splitlines())}
    new = {r["game"]: r for r in map(json.loads, after.read_text(encoding="utf-8").splitlines())}
    common = sorted(set(old) & set(new))
    same = [g for g in common if old[g]["digest"] == new[g]["digest"] and old[g]["digest"]]
    for pair in PAIRINGS:
        games = [g for g in common if tuple(old[g]["ai"]) == pair]
        kept = [g for g in games if g in same]
        outcome = [g for g in games if old[g]["outcome"] == new[g]["outcome"]]
        print(f"{pair[0]} v {pair[1]}: {len(kept)}/{len(games)} games identical (log and final state), "
              f"{len(outcome)}/{len(games)} with the same outcome")
    for g in common:
        if g not in same:
            print(f"  differs: game {g} seed {old[g]['seed']} {old[g]['ai']} {old[g]['scenario']} {old[g]['map']}: "
                  f"{old[g]['outcome']} {old[g]['scores']} -> {new[g]['outcome']} {new[g]['scores']}")
    return 0 if len(same) == len(common) else 1


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=96)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out")
    parser.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"))
    args = parser.parse_args(argv)
    if args.compare:
        return compare(Path(args.compare[0]), Path(args.compare[1]))
    out = open(args.out, "w", encoding="utf-8") if args.out else sys.stdout  # noqa: SIM115 (closed below)
    try:
        def write(r: dict) -> None:
            out.write(json.dumps(r) + "\n")
            out.flush()

        from game.lab import ai_soak

        ai_soak.run(tasks(args.games, args.seed), args.jobs, on_record=write, player=play)
    finally:
        if out is not sys.stdout:
            out.close()
    return 0


def tasks(games: int, seed: int) -> list:
    """A quarter of the games for each shipped party pair: both pairings, every encounter, the maps in turn."""
    from game.lab import ai_soak

    out = []
    duos = ai_soak.PARTIES
    share = -(-games // len(duos))
    for k, duo in enumerate(duos):
        for t in ai_soak.plan(share, seed + 1000 * k, PAIRINGS, parties=[duo]):
            if len(out) < games:
                out.append(replace(t, index=len(out)))
    return out


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
