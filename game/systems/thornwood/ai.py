"""Thornwood's controllers: random-legal (the kernel's) and a normal level.

The normal level knows only what its side has spotted ([TW-SPOT-1]): every enemy it weighs comes from
``state.known_enemies``, the markers are public. It goes for the Furs Markers (the nearest not yet claimed by a
friend), picks them up when beside one, shoots where the exact odds (game.systems.thornwood.odds) give a fair
chance, charges a near group with a fighter, reacts and springs its Ambushes, and fights with the card that
suits its weapon.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from game.ai.random_legal import RandomLegal
from game.rules.decisions import Answer, Decision
from game.systems.thornwood import shooting
from game.systems.thornwood.combat_table import cell
from game.systems.thornwood.kinds import TwDecision, facts
from game.systems.thornwood.odds import expected_cv, hit_chance
from game.systems.thornwood.state import FigureState, TwState

ATTACKS = ("swing", "cut", "lunge", "bash", "taunt")
DEFENCES = ("counter_blow", "leap_aside", "jump_back", "duck", "parry")
BEST_CARD = {"spear": "lunge", "axe": "swing", "club": "bash", "huge_club": "bash", "knife": "cut"}
FAIR_SHOT = Fraction(1, 4)  # shoot standing when the chance to hit is at least this
CHARGE_WITHIN = 6.0  # charge a group this close (a Run rolls 8.5 on average)


def _dist(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.dist(a, b)


class ThornwoodNormal:
    """The normal level."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)  # ties only
        self.handlers: dict[Any, Callable[[TwState, Decision], Answer]] = {
            TwDecision.tw_marker: self.default, TwDecision.tw_deploy: self.default, TwDecision.tw_edge: self.edge,
            TwDecision.tw_group: self.first, TwDecision.tw_order: self.order, TwDecision.tw_spot: self.spot,
            TwDecision.tw_move_to: self.move_to, TwDecision.tw_target: self.target,
            TwDecision.tw_react: self.first,
            TwDecision.tw_ambush: self.first, TwDecision.tw_respond: self.first,
            TwDecision.tw_charge_match: self.match, TwDecision.tw_join: self.first,
            TwDecision.tw_card: self.card, TwDecision.tw_split: self.split,
            TwDecision.tw_nerve_choice: self.nerve_choice, TwDecision.tw_pursue: self.first,
            TwDecision.tw_adjust: self.first}

    def decide(self, state: TwState, decision: Decision) -> Answer:
        return self.handlers[decision.kind](state, decision)

    # -- generic
    @staticmethod
    def default(state: TwState, d: Decision) -> Answer:
        return d.context.get("default") or d.context["candidates"][0]

    @staticmethod
    def first(state: TwState, d: Decision) -> Answer:
        return d.choices()[0]

    # -- set-up
    @staticmethod
    def edge(state: TwState, d: Decision) -> Answer:
        """The edge nearer more of the markers."""
        size = state.battle_map.size
        far = {"top": lambda m: m.y, "bottom": lambda m: size - m.y, "left": lambda m: m.x,
               "right": lambda m: size - m.x}
        return min(d.choices(), key=lambda e: sum(far[e](m) for m in state.markers))

    # -- orders
    def goal(self, state: TwState, f: FigureState) -> tuple[float, float] | None:
        """The nearest marker still lying out, else the nearest spotted enemy."""
        lying = [m for m in state.markers if m.on_table]
        if lying:
            m = min(lying, key=lambda m: (_dist((f.x, f.y), (m.x, m.y)), m.id))
            return (m.x, m.y)
        foes = state.known_enemies(f.side)
        if foes:
            e = min(foes, key=lambda e: (_dist((f.x, f.y), (e.x, e.y)), e.id))
            return (e.x, e.y)
        return None

    def order(self, state: TwState, d: Decision) -> Answer:
        f = state.figure(d.context["model"])
        keys = [k for k in d.choices() if not k.startswith("all:")]
        reacting = bool(facts(d).get("reacting"))
        collect = [k for k in keys if k.startswith("collect:")]
        if collect:
            return collect[0]
        treat = [k for k in keys if k.startswith("treat:")]
        if treat and f.profile.type.row.tends:
            return treat[0]
        if "pick_up" in keys:
            return "pick_up"
        fighter = f.profile.melee_weapon != "knife" and f.cv >= 3
        charges = [k for k in keys if k.startswith("charge:")]
        for k in charges:
            t = state.figure(k.split(":", 1)[1])
            if fighter and _dist((f.x, f.y), (t.x, t.y)) <= CHARGE_WITHIN + f.radius + t.radius and t.cv <= f.cv:
                return k
        if "shoot" in keys:
            best = max((hit_chance(s.need.need) for t in shooting.targets(state, f, "", reacting)
                        if (s := shooting.shot_for(state, f, t, "", reacting)) is not None), default=Fraction(0))
            if best >= FAIR_SHOT:
                return "shoot"
        if self.goal(state, f) is not None:
            for k in ("move_shoot", "move", "cautious_shoot", "cautious", "run"):
                if k in keys:
                    far = _dist((f.x, f.y), self.goal(state, f) or (f.x, f.y)) > 8.0
                    if far and "run" in keys and not state.known_enemies(f.side):
                        return "run"
                    return k
        return "ambush" if "ambush" in keys else "hold"

    @staticmethod
    def spot(state: TwState, d: Decision) -> Answer:
        return "after"

    def move_to(self, state: TwState, d: Decision) -> Answer:
        f = state.figure(d.context["model"])
        goal = self.goal(state, f)
        candidates = d.context["candidates"]
        if goal is None:
            return candidates[0]
        return min(candidates, key=lambda p: (_dist((p["x"], p["y"]), goal), p["x"], p["y"]))

    @staticmethod
    def target(state: TwState, d: Decision) -> Answer:
        keys = d.choices()
        if "back" in keys:
            return "back"
        f = state.figure(d.context["model"])
        moving, reacting = facts(d).get("moving", ""), bool(facts(d).get("reacting"))
        scored = []
        for k in keys:
            t = state.figures.get(k)
            shot = None if t is None else shooting.shot_for(state, f, t, moving, reacting)
            if shot is not None and t is not None:
                scored.append((expected_cv(shot, t), k))
        return max(scored)[1] if scored else keys[-1]

    @staticmethod
    def match(state: TwState, d: Decision) -> Answer:
        return min(d.choices(), key=lambda k: (state.figure(k).cv, k))

    # -- close combat
    @staticmethod
    def card(state: TwState, d: Decision) -> Answer:
        f = state.figure(d.context["model"])
        if facts(d).get("role") == "attack":
            weapon = "knife" if f.weapon_lost else f.profile.melee_weapon
            return BEST_CARD.get(weapon, "cut")
        def worth(defence: str) -> float:
            return sum(cell(a, defence).defender_dice - cell(a, defence).attacker_dice for a in ATTACKS[:4]) \
                + (4 if defence == "parry" and f.profile.shield else 0)
        return max(DEFENCES, key=worth)

    @staticmethod
    def split(state: TwState, d: Decision) -> Answer:
        counts = [int(k) for k in d.choices()]
        total = max(counts)
        return str(min(counts, key=lambda n: (abs(n - 0.6 * total), -n)))

    @staticmethod
    def nerve_choice(state: TwState, d: Decision) -> Answer:
        keys = d.choices()
        return "rout" if "rout" in keys else "pinned"


def controllers() -> Mapping[str, Callable[[int], Any]]:
    return {"random": lambda seed: RandomLegal(seed), "normal": ThornwoodNormal}
