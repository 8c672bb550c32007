#!/usr/bin/env python3
"""Soak a rule system: seeded AI games checked against its invariants after every decision, saves played back.

    python tools/soak_system.py --system gearfall --games 200 --replays 20
    python tools/soak_system.py --system gearfall --pairing normal:random --games 40

Prints each pairing's wins, draws and losses of its first controller with a Wilson interval, the games with an
invariant broken (and the first break), the replays that were not identical, and the CPU seconds a game took.
Defaults are the system's first two shipped parties (by file name), its first shipped scenario and the scenario's
own map, and the pairing the system names for soaks (random against random otherwise).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.matches import wilson
from game.content.library import resolve
from game.lab.system_soak import first_wins, seeded_games
from game.systems import get


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--system", default="gearfall")
    ap.add_argument("--pairing", default=None, help="two controller names, A:B")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--replays", type=int, default=0, help="how many of the games to save and play back")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    system = get(args.system)
    assert system.find is not None, f"{system.title} names no content of its own"
    shipped = sorted(system.shipped("parties"))
    scenario = sorted(system.shipped("scenarios"))[0]
    parties = (Path(shipped[0]), Path(shipped[1]))
    assert system.parse_scenario is not None
    battle_map = system.parse_scenario(Path(scenario).read_bytes(), str(scenario), None).map
    pairing = args.pairing or system.extra.get("soak_pairing", "random:random")
    first, second = pairing.split(":")
    start = time.process_time()
    played = seeded_games(system.id, parties, resolve("maps", battle_map), Path(scenario), (first, second),
                          args.games, args.seed, args.replays)
    cpu = time.process_time() - start
    w, d, lose = first_wins(played)
    lo, hi = wilson(w, w + lose) if w + lose else (0.0, 0.0)
    print(f"{system.title}: {first} v {second}, {args.games} games from seed {args.seed}")
    print(f"  {first}: {w} won, {d} drawn, {lose} lost; {w / max(1, w + lose):.1%} of decided games "
          f"[Wilson 95 %: {lo:.1%}, {hi:.1%}]")
    broken = [p for p in played if p.broken]
    print(f"  invariants broken in {len(broken)} games" + (f"; first: seed {broken[0].seed}: {broken[0].broken[0]}"
                                                            if broken else ""))
    replays = [p.replay for p in played if p.replay]
    print(f"  replays identical: {replays.count('identical')} of {len(replays)}"
          + "".join(f"\n    {r}" for r in replays if r != "identical"))
    print(f"  decisions a game: {sum(p.decisions for p in played) / len(played):.0f}; "
          f"CPU a game: {cpu / len(played):.3f} s (with the replays)")
    return 1 if broken or any(r != "identical" for r in replays) else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
