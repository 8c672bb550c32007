#!/usr/bin/env python3
"""Watch seeded Rescue games of the AI soak's plan and say what stops the rescue ([ENC-RES-4]).

For each game: which role the first-named controller played, who won, and at every Maintenance Phase the ring
round the Prisoner (the Kidnappers within the rescue distance, the Rescuer's models touching it, how far each
side's models stand). Then, over all games: the first-named controller's results by role, what each Kidnapper
guard did with its activations (stayed, left the ring and how, was killed), the Kidnappers that came into the
ring by turn, the models killed by side and turn, and the Rescuer's attacks and commonest plans (by how far from
the Prisoner its model began the activation, and whether engaged). Read only: the games are the soak's own (same
seeds, same answers).

    python tools/rescue_watch.py --games 48 --seed 9000 --pairing hard:normal            # the summary
    python tools/rescue_watch.py --games 12 --seed 9000 --role Rescuer --rings           # and every ring
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.lab import ai_soak
from game.rules import board, scoring
from game.rules.events import EventKind


class Watcher:
    """Follows one game's log as it grows (called before every decision and once at the end)."""

    def __init__(self, first_side: int, tally: collections.Counter):
        self.first_side, self.tally = first_side, tally
        self.seen = 0
        self.role: str | None = None
        self.rings: list[dict[str, Any]] = []
        self.active: dict[str, Any] = {}
        self.freed = False

    def __call__(self, game: Any, controllers: Any = None) -> None:
        state = game.state
        enc = state.encounter
        for event in state.log[self.seen:]:
            if enc is None or enc.prisoner is None or enc.higher is None or enc.scenario.prisoner is None:
                continue
            rescuer = enc.side(enc.scenario.prisoner.taken_from)
            self.role = enc.scenario.roles.lower if self.first_side == rescuer else enc.scenario.roles.higher
            prisoner = state.model(enc.prisoner)
            if prisoner.x < 0 or self.freed:
                continue
            if enc.rescued:  # freed at this Maintenance Phase (its rescue check comes first): its ring, then none
                self.freed = event.kind == EventKind.Maintenance
                if self.freed:
                    self.ring(state, enc, prisoner, rescuer)
                continue
            near = enc.scenario.prisoner.rescue_no_enemy_within
            if event.kind in (EventKind.Activation, EventKind.Maintenance) and self.active:
                self.activation_ends(state, prisoner, rescuer, near)
            if event.kind == EventKind.Maintenance:
                self.ring(state, enc, prisoner, rescuer)
            elif event.kind == EventKind.Activation:
                m = state.model(event.data["model"])
                self.active = {"id": m.id, "side": m.side, "before": board.distance(m, prisoner), "plan": "?",
                               "engaged": board.is_engaged(state, m)}
            elif event.kind == EventKind.PlanDeclared and event.data.get("model") == self.active.get("id"):
                self.active["plan"] = ",".join(event.data.get("plan") or []) or "nothing"
                if self.active["side"] == rescuer:
                    gap = self.active["before"]
                    band = f"within {near:g}″" if gap <= near else "within 9″" if gap <= 9 else "further"
                    self.tally[("plan", band, "engaged" if self.active["engaged"] else "free",
                                self.active["plan"])] += 1
            elif event.kind == EventKind.AttackResolved and event.data.get("attacker") in state.models:
                attacker, target = state.model(event.data["attacker"]), state.model(event.data["defender"])
                if attacker.side == rescuer:
                    at = "a guard" if board.within(target, prisoner, near) else "another"
                    self.tally[("attack", at)] += 1
                    self.tally[("hit", at)] += bool(event.data.get("hit"))
            elif event.kind == EventKind.Killed and event.data.get("model") in state.models:
                side = state.model(event.data["model"]).side
                self.tally[("killed", "Rescuer" if side == rescuer else "Kidnapper", state.turn)] += 1
        self.seen = len(state.log)

    def activation_ends(self, state: Any, prisoner: Any, rescuer: int, near: float) -> None:
        m = state.model(self.active["id"])
        after = board.distance(m, prisoner) if m.on_table else None
        if self.active["side"] != rescuer:
            if self.active["before"] <= near:
                what = "killed" if after is None else f"left by {self.active['plan']}" if after > near else "stayed"
                self.tally[("guard", what)] += 1
            elif after is not None and after <= near:
                self.tally[("came into the ring", state.turn)] += 1
        self.active = {}

    def ring(self, state: Any, enc: Any, prisoner: Any, rescuer: int) -> None:
        def gaps(side: int) -> list[float]:
            return sorted(round(board.distance(m, prisoner), 1) for m in state.on_table(side) if m.id != prisoner.id)

        self.rings.append({"maintenance": len(self.rings) + 1, "rescued": enc.rescued,
                           "blockers": len(scoring.rescue_blockers(state, enc)),
                           "guards": [f"{m.profile.type}:{m.max_wounds - m.wounds_taken}"
                                      for m in scoring.rescue_blockers(state, enc)],
                           "touching": sum(board.in_contact(m, prisoner) for m in state.on_table(rescuer)),
                           "rescuer": gaps(rescuer), "kidnapper": gaps(1 - rescuer)})


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=48)
    parser.add_argument("--seed", type=int, default=9000)
    parser.add_argument("--pairing", default="hard:normal", help="FIRST:SECOND, as the soak names them")
    parser.add_argument("--role", choices=("Rescuer", "Kidnapper"), help="list only the games the first plays so")
    parser.add_argument("--rings", action="store_true", help="print the ring at every Maintenance Phase")
    parser.add_argument("--plans", type=int, default=12, help="list the Rescuer's this many commonest plans")
    args = parser.parse_args(argv)
    first, second = args.pairing.split(":")
    tally: collections.Counter = collections.Counter()
    results: collections.Counter = collections.Counter()
    for task in ai_soak.plan(args.games, args.seed, pairings=[(first, second)], encounters=["rescue"]):
        watcher = Watcher(1 if task.swapped else 0, collections.Counter())
        last: list[Any] = []

        def watch(game: Any, controllers: Any, watcher: Watcher = watcher, last: list[Any] = last) -> None:
            last[:] = [game]
            watcher(game, controllers)

        record = ai_soak.play(task, check=False, watch=watch)
        if last:
            watcher(last[0])  # the last Maintenance Phase: no decision follows it
        results[(watcher.role, record["outcome"])] += 1
        if args.role and watcher.role != args.role:
            continue
        tally.update(watcher.tally)
        final = watcher.rings[-1] if watcher.rings else {}
        if record["outcome"] == "loss" and watcher.role == "Rescuer" and final:
            tally.update(("last guard", g) for g in final["guards"])
        print(f"game {task.index} seed {task.seed} {task.map} {'/'.join(task.parties)}: {first} the "
              f"{watcher.role}, {record['outcome']} ({record.get('result') or record.get('error')}); last ring: "
              f"{final.get('blockers')} Kidnappers within reach, {final.get('touching')} touching")
        for ring in watcher.rings if args.rings else []:
            print(f"    {ring}")
    print(f"\n{first} v {second}, {args.games} Rescue games from seed {args.seed}:")
    print(f"  (the counts below: the games {first} played as {args.role or 'either role'})")
    for role in ("Rescuer", "Kidnapper"):
        won, played = results[(role, "win")], sum(n for (r, _), n in results.items() if r == role)
        print(f"  {first} as {role}: {won}/{played} won")
    print("  Kidnapper guards' activations (within reach of the Prisoner when they began):")
    for key, n in sorted(((k, n) for k, n in tally.items() if k[0] == "guard"), key=lambda kn: -kn[1]):
        print(f"    {n:4d} {key[1]}")
    last = sorted(((k[1], n) for k, n in tally.items() if k[0] == "last guard"), key=lambda kn: -kn[1])
    print("  guards left at the last Maintenance Phase of a lost rescue (type:wounds left): "
          + ", ".join(f"{g} x{n}" for g, n in last))
    entered = sorted((k[1], n) for k, n in tally.items() if k[0] == "came into the ring")
    print("  Kidnappers that came into reach, by turn: " + ", ".join(f"turn {t}: {n}" for t, n in entered))
    for side in ("Kidnapper", "Rescuer"):
        kills = sorted((k[2], n) for k, n in tally.items() if k[:2] == ("killed", side))
        print(f"  {side} models killed by turn: " + ", ".join(f"turn {t}: {n}" for t, n in kills))
    plans = sorted(((k[1:], n) for k, n in tally.items() if k[0] == "plan"), key=lambda kn: -kn[1])
    print(f"  the Rescuer's attacks: {tally[('attack', 'a guard')]} on guards ({tally[('hit', 'a guard')]} won), "
          f"{tally[('attack', 'another')]} on others ({tally[('hit', 'another')]} won), in "
          f"{sum(n for _, n in plans)} activations; its plans by where they began (the Prisoner not yet freed):")
    for (band, engaged, plan), n in plans[:args.plans]:
        print(f"    {n:4d} {band}, {engaged}: {plan}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
