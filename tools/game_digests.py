#!/usr/bin/env python3
"""Same seeds, same games: a fingerprint of each of N seeded AI games, to show a speed-up changed no answer.

    python tools/game_digests.py --out before.json               # play the games, write their digests
    python tools/game_digests.py --check before.json             # play them again, compare, exit 1 on a change
    python tools/game_digests.py --check benchmarks/game_digests.json --games 4   # the first four only (CI)

The committed baseline is benchmarks/game_digests.json: a change that means to alter the AI's answers or the
rules writes it anew (--out) and says in its note which games changed and why.

The games are the benchmark's two (normal v normal Engagement on Village Ruins: Lantern Adventuring Co. v
Northmen Raiding Party, and the 9-model Order of the Grey Lance v Hollow Court) plus the AI soak's plan
(every pairing, encounter, map and party pair in turn). A game's digest covers its whole log (every event's
kind, text and data), its final state and every answer given, so any changed decision or roll shows. The three
are kept apart (log:state:answers): the same game whose final state is pictured anew (a field added to the
state) shows as "same game, new picture", not as a changed game.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.lab import ai_soak

BENCH_PAIRS = (("lantern_adventuring_co", "northmen_raiding_party"), ("order_of_the_grey_lance", "hollow_court"))


def tasks(bench: int, soak: int, seed: int) -> list[ai_soak.Task]:
    """``bench`` games of each benchmark pair (sides swap every other game), then ``soak`` games of the soak plan."""
    out = []
    for pair in BENCH_PAIRS:
        for i in range(bench):
            out.append(ai_soak.Task(len(out), seed + i, ("normal", "normal"), i % 2 == 1, "engagement",
                                    "village_ruins", pair))
    for t in ai_soak.plan(soak, seed + 1000):
        out.append(ai_soak.Task(len(out), t.seed, t.ai, t.swapped, t.scenario, t.map, t.parties))
    return out


def digest(task: ai_soak.Task) -> dict:
    record = ai_soak.play(task, check=False, keep_answers=True)
    label = f"{task.ai[0]}:{task.ai[1]}{' swapped' if task.swapped else ''} {task.scenario} {task.map} " \
            f"{task.parties[0]}:{task.parties[1]} seed {task.seed}"
    if record.get("error"):
        return {"game": label, "digest": "error " + record["error"], "seconds": record["seconds"]}
    answers = _sha(record["answers"])
    return {"game": label, "digest": f"{record['digest']}:{answers}",
            "result": record["result"], "seconds": round(record["seconds"], 3)}


def _sha(value: object) -> str:
    body = json.dumps(value, sort_keys=True, default=str)
    return hashlib.sha1(body.encode("utf-8", "surrogatepass")).hexdigest()


def same_game(old: str, new: str) -> bool:
    """The same log and answers (the final state's picture may differ in form)."""
    a, b = old.split(":"), new.split(":")
    return a[0] == b[0] and a[-1] == b[-1]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bench", type=int, default=10, help="games of each benchmark pair")
    parser.add_argument("--soak", type=int, default=48, help="games of the AI soak's plan")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, help="write the digests here")
    parser.add_argument("--check", type=Path, help="compare with the digests in this file")
    parser.add_argument("--games", type=int, help="with --check: only the first this many games")
    args = parser.parse_args(argv)
    if args.check:
        old = json.loads(args.check.read_text(encoding="utf-8"))
        args.bench, args.soak, args.seed = old["bench"], old["soak"], old["seed"]
    c0 = time.process_time()
    plan = tasks(args.bench, args.soak, args.seed)
    if args.check and args.games:
        plan = plan[:args.games]
        old["games"] = old["games"][:args.games]
    rows = [digest(t) for t in plan]
    print(f"{len(rows)} games in {time.process_time() - c0:.1f} s of CPU")
    if args.out:
        args.out.write_text(json.dumps({"bench": args.bench, "soak": args.soak, "seed": args.seed, "games": rows},
                                       indent=1) + "\n", encoding="utf-8")
        print(f"digests written to {args.out}")
    if args.check:
        changed = [a for a, b in zip(old["games"], rows, strict=True) if not same_game(a["digest"], b["digest"])]
        pictured = [a for a, b in zip(old["games"], rows, strict=True)
                    if same_game(a["digest"], b["digest"]) and a["digest"] != b["digest"]]
        for a in changed:
            print(f"CHANGED: {a['game']}")
        for a in pictured:
            print(f"same game, final state pictured anew: {a['game']}")
        print(f"{len(rows) - len(changed)} of {len(rows)} games identical to {args.check}")
        return 1 if changed or pictured else 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
