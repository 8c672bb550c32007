"""How often the AI declares an action the engine then skips ([SEQ-2]): headless AI-vs-AI games, per level.

For every activation in which the model took at least one action, counts whether any of its actions was
skipped (its AP lost), per controller and per skipped action kind. Prints figures; asserts nothing.

    PYTHONPATH=. python tools/plan_skips.py --games 40 [--one-at-a-time] [--levels hard normal easy]
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
from collections import Counter
from typing import Any

from game.ai import ai_soak, registry


def play(args: tuple[ai_soak.Task, bool]) -> dict[str, Any]:
    from game.rules.engine import Game
    from game.rules.setup import new_game

    task, upfront = args
    names = (task.ai[1], task.ai[0]) if task.swapped else task.ai
    parties, battle_map, scenario = ai_soak._content(task.parties, task.map, task.scenario)
    state = new_game((parties[0], parties[1]), battle_map, task.seed, scenario=scenario)
    state.settings.declare_plan_upfront = upfront
    Game(state, [registry.make(names[s], task.seed * 2 + 1 + s) for s in (0, 1)]).run()
    acted: Counter[str] = Counter()
    skipped: Counter[str] = Counter()
    kinds: Counter[tuple[str, str]] = Counter()
    escapes: Counter[str] = Counter()  # (level) escapes, and those after a move of the same activation
    side, took, lost, moved = None, False, [], set()

    def close() -> None:
        if side is not None and took:
            acted[names[side]] += 1
            skipped[names[side]] += bool(lost)
            for k in lost:
                kinds[(names[side], k)] += 1

    for e in state.log:
        if e.kind == "Activation":
            close()
            side, took, lost, moved = e.data["side"], False, [], set()
        elif e.kind == "ActionStarted":
            took = True
        elif e.kind == "ModelMoved" and e.data.get("length", 0) > 0.1:
            moved.add(e.data["model"])
        elif e.kind == "Escaped" and side is not None:
            escapes[names[side]] += 1
            escapes[names[side] + " after a move"] += e.data["model"] in moved
        elif e.kind == "ActionSkipped":
            lost.append(e.data["action"])
    close()
    return {"acted": acted, "skipped": skipped, "kinds": kinds, "escapes": escapes, "scenario": task.scenario}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40, help="games per level")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--levels", nargs="*", default=["hard", "normal", "easy"])
    parser.add_argument("--encounters", nargs="*", default=list(ai_soak.ENCOUNTERS))
    parser.add_argument("--one-at-a-time", action="store_true", help="declare_plan_upfront off ([DIG-ACT-2])")
    args = parser.parse_args(argv)
    tasks = []
    for level in args.levels:
        tasks += ai_soak.plan(args.games, args.seed, pairings=[(level, level)], encounters=args.encounters)
    work = [(t, not args.one_at_a_time) for t in tasks]
    if args.jobs > 1:
        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            records = pool.map(play, work, chunksize=1)
    else:
        records = [play(w) for w in work]
    acted: Counter[str] = Counter()
    skipped: Counter[str] = Counter()
    kinds: Counter[tuple[str, str]] = Counter()
    escapes: Counter[str] = Counter()
    for r in records:
        acted.update(r["acted"])
        skipped.update(r["skipped"])
        kinds.update(r["kinds"])
        escapes.update(r["escapes"])
    mode = "one action at a time" if args.one_at_a_time else "plans declared up front"
    print(f"{len(records)} games ({args.games} per level, {mode}, seed {args.seed})")
    for level in args.levels:
        n, k = acted[level], skipped[level]
        by_kind = ", ".join(f"{kind} {c}" for (lv, kind), c in kinds.most_common() if lv == level)
        print(f"  {level:>6}: {k}/{n} activations with a skipped action ({k / n if n else 0:.1%})  [{by_kind}]")
        if escapes[level]:
            moved = escapes[level + " after a move"]
            print(f"  {'':>6}  {escapes[level]} escapes, {moved} of them after a move in the same activation")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
