"""Targeting: at whom and with what (targets, weapons, spells and their enhancements, a Weakness, the order of
strikes, a free strike), where a charge ends and which way a model faces afterwards."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.ai.candidates import model_value
from game.ai.threat import Threats
from game.rules import board
from game.rules.board import point_behind as behind
from game.rules.decision_kinds import DecisionKind
from game.rules.decisions import Answer, Decision
from game.rules.state import GameState, ModelState

if TYPE_CHECKING:
    from game.ai.tactical import Handler, Tactical

# the weapon skills a model would rather strike with, best first (any other: last)
WEAPON_RANK = {"2h_edged": 3, "2h_blunt": 3, "2h_ranged_bp": 2, "2h_ranged": 2, "1h_edged": 1, "1h_blunt": 1}


class Targeting:
    """Answers one controller's targets, weapons, spells, charge ends and facings, in keeping with its intent."""

    TRANSIENT = frozenset({"ai"})

    def __init__(self, ai: Tactical):
        self.ai = ai

    def handlers(self) -> dict[DecisionKind, Handler]:
        return {DecisionKind.target: self.on_target, DecisionKind.weapon: on_weapon,
                DecisionKind.spell: self.on_spell, DecisionKind.enhancement: on_enhancement,
                DecisionKind.weakness: on_weakness, DecisionKind.charge_end: self.on_charge_end,
                DecisionKind.facing: self.on_facing, DecisionKind.free_strike: on_free_strike,
                DecisionKind.strike_order: on_strike_order}

    def on_target(self, state: GameState, d: Decision) -> Answer:
        m = state.model(d.context["model"]) if "model" in d.context else None
        keys = d.choices()
        if self.ai.intent.target in keys:
            return self.ai.intent.target
        if m is None:
            return keys[0]
        action = d.context.get("action", "")
        if action == "spell" and self.ai.difficulty.cast_floor:  # a spell its intent does not name: by the odds
            best = self.ai.appraiser.best_spell(state, m)[2]
            if best in keys:
                return best
        if action == "heal":
            return max(keys, key=lambda k: state.model(k).wounds_taken * model_value(state.model(k)))

        def value(k: str) -> float:
            e = state.model(k)
            if e.side == m.side:
                return -1.0
            return model_value(e) * (1 + e.wounds_taken) / (1 + board.distance(m, e))

        return max(keys, key=value)

    def on_spell(self, state: GameState, d: Decision) -> Answer:
        spell = self.ai.intent.spell
        if spell is None and "model" in d.context and self.ai.difficulty.cast_floor:  # no cast intent: by the odds
            spell = self.ai.appraiser.best_spell(state, state.model(d.context["model"]))[1]
        return spell if spell in d.choices() else "ravage"

    def on_charge_end(self, state: GameState, d: Decision) -> Answer:
        if self.ai.difficulty.rear_charges:
            return rear_charge_end(state, d) or d.context.get("default")
        return d.context.get("default")

    def on_facing(self, state: GameState, d: Decision) -> Answer:
        m = state.model(d.context["model"])
        foes = state.enemies_of(m)
        if not foes:
            return m.facing
        e = min(foes, key=lambda f: board.distance(m, f))
        if self.ai.difficulty.guard_facing:
            return facing_most(m, foes, board.facing_towards(m, e.x, e.y))
        return round(board.facing_towards(m, e.x, e.y), 3)


def on_weapon(state: GameState, d: Decision) -> Answer:
    from game.content.catalog import catalog

    who = d.context.get("model") or state.active_model  # the attacker: not always the active model
    m = state.model(who) if who else None  # (a free strike, a friend spurred by Heroic Impetus)
    if m is None:
        return d.choices()[0]
    return max(d.choices(), key=lambda k: WEAPON_RANK.get(catalog().skill(m.weapon(int(k)).skill).id, 0))


def on_enhancement(state: GameState, d: Decision) -> Answer:
    keys = d.choices()
    for k in ("greater_focus", "sorcerers_gambit"):
        if k in keys:
            return k
    return keys[0]


def on_weakness(state: GameState, d: Decision) -> Answer:
    return "PD"


def on_free_strike(state: GameState, d: Decision) -> Answer:
    return next(k for k in d.choices() if k != "pass")


def on_strike_order(state: GameState, d: Decision) -> Answer:
    m = state.model(state.active_model) if state.active_model else None
    if m is None:
        return d.choices()[0]
    return max(d.choices(), key=lambda k: (state.model(k).side != m.side, model_value(state.model(k))))


def rear_charge_end(state: GameState, d: Decision) -> dict[str, float] | None:
    """Hard: end the charge in the target's back arc when the lane allows (+2, no shield: [MOD-1], [MOD-4]),
    else where the other enemies' replies hurt least; the default (straight in) breaks ties."""
    m, t = state.model(d.context["model"]), state.model(d.context["target"])
    default = d.context.get("default")
    reach, far = m.radius + t.radius + 0.01, state.battle_map.size - m.radius
    threats = Threats(state, m, model_value(m), [e for e in state.enemies_of(m) if e.id != t.id])
    points = []
    for k in range(24):
        a = 2 * math.pi * k / 24
        x, y = t.x + reach * math.cos(a), t.y + reach * math.sin(a)
        if not (m.radius <= x <= far and m.radius <= y <= far):
            continue
        points.append((2.0 * behind(t, x, y) - threats.at(x, y, los=False), {"x": round(x, 4), "y": round(y, 4)}))
    if default is not None:
        points.append((2.0 * behind(t, default["x"], default["y"])
                       - threats.at(default["x"], default["y"], los=False) + 0.05, default))
    # the engine's legal ends, spread over every clear arc of the ring ([MOVE-4])
    points += [(2.0 * behind(t, p["x"], p["y"]) - threats.at(p["x"], p["y"], los=False), p)
               for p in d.context.get("candidates") or [] if p is not default]
    for _, p in sorted(points, key=lambda sp: sp[0], reverse=True)[:6]:
        if d.check is None or d.check(p) is None:
            return p
    return None


def facing_most(m: ModelState, foes: list[ModelState], default: float) -> float:
    """Hard: the facing that keeps the nearby enemies in the front arc, nearest first: they then gain no
    back-arc +2 against it ([MOD-1]), meet its shield ([MOD-4]) and can be struck if they disengage
    ([SEQ-9]). Its own attacks next activation need no facing: it may turn then ([SEQ-5])."""
    near = [f for f in foes if board.distance(m, f) <= 14.0]
    if not near:
        return round(default, 3)

    def covered(facing: float) -> float:
        fx, fy = math.cos(math.radians(facing)), math.sin(math.radians(facing))
        return sum(((f.x - m.x) * fx + (f.y - m.y) * fy >= 0) / (1 + board.distance(m, f)) for f in near)

    options = [default] + [board.facing_towards(m, f.x, f.y) for f in near]
    best = max(options, key=covered)
    return round(best, 3)  # the nearest enemy's way first on ties
