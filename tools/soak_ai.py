#!/usr/bin/env python3
"""AI-vs-AI soak: seeded encounters between the registered controllers across every encounter and map,
the invariants checked after every decision; prints W/D/L per pairing and encounter, decision times,
and every game that broke. Exit status 1 if any game broke.

    python tools/soak_ai.py --games 1000 --jobs 2                 # the issue-7 soak (hard/normal/easy/random)
    python tools/soak_ai.py --games 240 --pairings hard:normal    # one pairing only
    python tools/soak_ai.py --games 24 --out soak.jsonl            # one JSON line per game
    python tools/soak_ai.py --games 1000 --replay                  # and replay each from its save
    python tools/soak_ai.py --games 1000 --resume 1                # and save/load/continue at a random decision
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.lab import ai_soak


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--pairings", nargs="*", default=[f"{a}:{b}" for a, b in ai_soak.PAIRINGS],
                        help="controller pairs as FIRST:SECOND (default: every pairing in ai_soak.PAIRINGS)")
    parser.add_argument("--encounters", nargs="*", default=list(ai_soak.ENCOUNTERS))
    parser.add_argument("--maps", nargs="*", default=list(ai_soak.MAPS))
    parser.add_argument("--parties", nargs="*", default=[f"{a}:{b}" for a, b in ai_soak.PARTIES],
                        help="party pairs as A:B, rotated every two rounds")
    parser.add_argument("--out", help="write one JSON line per game (decision times left out)")
    parser.add_argument("--replay", action="store_true",
                        help="also play every game back from its save (setup by value + answers) and compare")
    parser.add_argument("--resume", type=int, default=0, metavar="N",
                        help="also (with --replay's check) take the save at N seeded random decisions of every game, "
                             "write it, read it back and continue it with the same controllers to the end: it must "
                             "end in the same final state and log as the game never saved")
    parser.add_argument("--progress", type=int, default=50, help="print a line every N games (0: never)")
    args = parser.parse_args(argv)
    pairings = [tuple(p.split(":", 1)) for p in args.pairings]
    duos = [tuple(p.split(":", 1)) for p in args.parties]
    tasks = ai_soak.plan(args.games, args.seed, pairings, args.encounters, args.maps, duos)  # type: ignore[arg-type]
    out = open(args.out, "w", encoding="utf-8") if args.out else None  # noqa: SIM115 (closed below)
    done = [0]
    t0 = time.time()

    def on_record(r: dict) -> None:
        done[0] += 1
        if out:
            out.write(json.dumps({k: v for k, v in r.items() if k != "times"}) + "\n")
            out.flush()
        for cut in r.get("resumes", []):
            if cut["result"] != "identical":
                print(f"RESUME game {r['game']} ({r['scenario']}, {r['map']}, seed {r['seed']}) at decision "
                      f"{cut['at']}: {cut['result']}", flush=True)
        if r["outcome"] == "error":
            print(f"BROKEN game {r['game']} ({r['scenario']}, {r['map']}, seed {r['seed']}): {r['error']}",
                  flush=True)
        if args.progress and done[0] % args.progress == 0:
            print(f"... {done[0]}/{len(tasks)} games, {time.time() - t0:.0f} s", flush=True)

    try:
        if args.resume:
            from game.lab.soak_replay import with_cuts

            records = ai_soak.run(tasks, args.jobs, on_record, player=with_cuts(args.resume))
        elif args.replay:
            from game.lab.soak_replay import play_and_replay

            records = ai_soak.run(tasks, args.jobs, on_record, player=play_and_replay)
        else:
            records = ai_soak.run(tasks, args.jobs, on_record)
    finally:
        if out:
            out.close()
    summary = ai_soak.summarise(records)
    print(ai_soak.format_summary(summary))
    print(f"wall time {time.time() - t0:.0f} s with {args.jobs} job(s)")
    same, replayed = summary["replays"]
    cuts = [c for r in records for c in r.get("resumes", [])]
    resumed_ok = sum(c["result"] == "identical" for c in cuts)
    if cuts:
        print(f"save -> load -> continue at a random decision: {resumed_ok} of {len(cuts)} identical to the game "
              f"never saved ({sum(c['memory_used'] for c in cuts)} resumed from the AI's kept memory, "
              f"{len({r['game'] for r in records if r.get('resumes')})} games)")
    return 1 if summary["errors"] or same != replayed or resumed_ok != len(cuts) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
