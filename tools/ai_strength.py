#!/usr/bin/env python3
"""The AI strength table: seeded encounters between two controllers across the six encounters, the four
maps, both sides and the shipped party pairs (game.lab.ai_soak.plan), one JSON line per game as it ends
(decision times kept), then W/D/L with Wilson 95 % intervals per pairing, encounter and party pair and
the decision-time percentiles.

    python tools/ai_strength.py run --pairing hard:normal --games 600 --out hn.jsonl   # resumable: games
                                                                                       # already in the file are kept
    python tools/ai_strength.py run --pairing hard:normal --start 96 --out hn2.jsonl   # the third party pair on
    python tools/ai_strength.py table hn.jsonl hn2.jsonl hr.jsonl nr.jsonl

Per scenario and role (game.lab.strength): every shipped scenario (or those named, files too), its own map where
it has one, ``--games`` a scenario (every 8 play the four party pairs each way round; 32 also every map); the table
by role with what each side did (attacks, kills, escapes, points):

    python tools/ai_strength.py scenarios --pairing hard:normal --games 32 --jobs 2 --out hn_s.jsonl
    python tools/ai_strength.py scenarios --pairing normal:random --only the_ford_raid,tests/data/x.yaml --out nr.jsonl
    python tools/ai_strength.py roles hn_s.jsonl nr.jsonl

Set IRON_HONOR_CLOCK=cpu to time decisions in CPU time (a machine shared with other work).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.lab import ai_soak


def run(args: argparse.Namespace) -> int:
    out = Path(args.out)
    done = set()
    if out.exists():
        done = {json.loads(line)["game"] for line in out.read_text(encoding="utf-8").splitlines() if line.strip()}
    pair = tuple(args.pairing.split(":", 1))
    tasks = [t for t in ai_soak.plan(args.games, args.seed, [pair])  # type: ignore[list-item]
             if t.index not in done and t.index >= args.start]
    return _run_tasks(tasks, out, args)


def _run_tasks(tasks: list[ai_soak.Task], out: Path, args: argparse.Namespace) -> int:
    with out.open("a", encoding="utf-8") as sink:
        def write(r: dict) -> None:
            r = {k: v for k, v in r.items() if k != "traceback"}
            r["times"] = {k: [round(t * 1000, 3) for t in v] for k, v in r["times"].items()}  # ms
            sink.write(json.dumps(r) + "\n")
            sink.flush()
            if args.progress:
                print(f"game {r['game']} {r['scenario']} {r['map']} {r['outcome']} {r.get('scores')} "
                      f"{r['seconds']:.1f} s", flush=True)

        ai_soak.run(tasks, args.jobs, on_record=write, player=_play)
    return 0


def _play(task: ai_soak.Task) -> dict:
    return ai_soak.play(task, check=False)


def scenarios(args: argparse.Namespace) -> int:
    from game.content.library import SCENARIOS_DIR
    from game.lab import strength

    names = args.only.split(",") if args.only else sorted(p.stem for p in SCENARIOS_DIR.glob("*.yaml"))
    names += args.extra or []
    out = Path(args.out)
    done = set()
    if out.exists():
        done = {json.loads(line)["game"] for line in out.read_text(encoding="utf-8").splitlines() if line.strip()}
    pair = tuple(args.pairing.split(":", 1))
    tasks = [t for t in strength.plan(names, pair, args.games, args.seed)  # type: ignore[arg-type]
             if t.index not in done]
    args.progress = True
    return _run_tasks(tasks, out, args)


def roles(paths: list[str]) -> int:
    from game.lab import strength

    print(strength.format_table(strength.table(_records(paths))))
    return 0


def _records(paths: list[str]) -> list[dict]:
    records, seen = [], set()
    for p in paths:
        for line in Path(p).read_text(encoding="utf-8").splitlines():
            if line.strip():
                r = json.loads(line)
                key = (tuple(r["ai"]), r["game"], r["seed"])
                if key in seen:  # two runs that overlap played the same game: count it once
                    continue
                seen.add(key)
                r["times"] = {k: [t / 1000 for t in v] for k, v in r["times"].items()}
                records.append(r)
    return records


def table(paths: list[str]) -> int:
    print(ai_soak.format_summary(ai_soak.summarise(_records(paths))))
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run")
    r.add_argument("--pairing", required=True, help="FIRST:SECOND, e.g. hard:normal")
    r.add_argument("--games", type=int, default=600)
    r.add_argument("--seed", type=int, default=1)
    r.add_argument("--jobs", type=int, default=1)
    r.add_argument("--start", type=int, default=0, help="begin at this game of the plan (48 a party pair)")
    r.add_argument("--out", required=True)
    r.add_argument("--progress", action="store_true")
    t = sub.add_parser("table")
    t.add_argument("files", nargs="+")
    s = sub.add_parser("scenarios", help="games on every shipped scenario (or --only), for the table by role")
    s.add_argument("--pairing", required=True, help="FIRST:SECOND, e.g. hard:normal")
    s.add_argument("--games", type=int, default=16, help="games a scenario")
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--jobs", type=int, default=1)
    s.add_argument("--only", help="comma-separated scenario names or files instead of every shipped one")
    s.add_argument("--extra", action="append", help="a scenario file to add to the shipped ones (repeatable)")
    s.add_argument("--out", required=True)
    o = sub.add_parser("roles", help="the table by scenario and role of `scenarios` records")
    o.add_argument("files", nargs="+")
    args = parser.parse_args(argv)
    if args.command == "scenarios":
        return scenarios(args)
    if args.command == "roles":
        return roles(args.files)
    return run(args) if args.command == "run" else table(args.files)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
