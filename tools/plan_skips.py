"""How often the AI declares an action the engine then skips ([SEQ-2]): headless AI-vs-AI games, per level.

For every activation in which the model took at least one action, counts whether any of its actions was
skipped (its AP lost), per controller and per skipped action kind; and how many of the plans (or next
actions) it chose held an action the rules' readiness check says cannot succeed from the start
(game.lab.plan_audit). Prints figures; asserts nothing. "random" is a test opponent and is not held to it.

    PYTHONPATH=. python tools/plan_skips.py --games 200 [--one-at-a-time] [--levels hard normal easy] [--jobs 2]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.lab import ai_soak, plan_audit


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40, help="games per level")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--levels", nargs="*", default=["hard", "normal", "easy"])
    parser.add_argument("--encounters", nargs="*", default=list(ai_soak.ENCOUNTERS))
    parser.add_argument("--one-at-a-time", action="store_true", help="declare_plan_upfront off ([DIG-ACT-2])")
    args = parser.parse_args(argv)
    t = plan_audit.measure(args.levels, args.games, args.seed, not args.one_at_a_time, args.jobs, args.encounters)
    mode = "one action at a time" if args.one_at_a_time else "plans declared up front"
    print(f"{args.games * len(args.levels)} games ({args.games} per level, {mode}, seed {args.seed})")
    for level in args.levels:
        n, k = t.acted[level], t.skipped[level]
        by_kind = ", ".join(f"{kind} {c}" for (lv, kind), c in t.kinds.most_common() if lv == level)
        print(f"  {level:>6}: {k}/{n} activations with a skipped action ({k / n if n else 0:.1%})  [{by_kind}]")
        print(f"  {'':>6}  {t.unready[level]}/{t.choices[level]} plans or next actions with an action not ready "
              "from the start")
        if t.escapes[level]:
            moved = t.escapes[level + " after a move"]
            print(f"  {'':>6}  {t.escapes[level]} escapes, {moved} of them after a move in the same activation")
    for name, example in t.examples[:5]:
        print(f"  e.g. {name}: {example}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
