"""Caution for a valuable model (a hero, a companion): it does not close into a spot where several enemies can
gang up on it before its friends come, and it walks out of a melee it is losing ([MOVE-9]) instead of staying.

Both read the enemy's replies from game.ai.threat (the exact odds of their blows, weighted by who acts first) and
the rules' reach (charge allowances) and engagement; nothing here changes the state.
"""

from __future__ import annotations

import math

from game.ai import memo
from game.ai.candidates import VALUE, model_value
from game.ai.threat import Threats, loss, reply_weight
from game.rules import board, combat, conditions
from game.rules.movement import allowance
from game.rules.state import GameState, ModelState

REACH_SLACK = 0.5  # as Threats: a charge reaches a little past its allowance's centre-to-edge gap
STAY_TURNS = 2.0  # a melee it stays in goes on: the replies it takes are counted this many times over


def valuable(m: ModelState) -> bool:
    """A model worth guarding: a hero or a companion (its kill value at least a companion's)."""
    return model_value(m) >= VALUE["companion"]


def reaches(state: GameState, o: ModelState, x: float, y: float, r: float) -> bool:
    """Whether ``o`` could be in contact with a base of radius ``r`` at (x, y) by its next charge (or is now)."""
    gap = math.hypot(o.x - x, o.y - y) - o.radius - r
    return gap <= allowance(state, o, "charge")[0] + REACH_SLACK


def gang_risk(state: GameState, m: ModelState, x: float, y: float) -> float:
    """The enemy's expected reply (kill values) against ``m`` standing at (x, y), counted only when the enemies
    that could reach it there are several and outnumber the friends that could: 0 otherwise."""
    if not valuable(m):
        return 0.0
    foes = [e for e in state.enemies_of(m) if e.on_table and reply_weight(state, e, m) > 0
            and reaches(state, e, x, y, m.radius)]
    if len(foes) < 2:
        return 0.0
    friends = [f for f in state.friends_of(m) if f.on_table and f.id != m.id and reaches(state, f, x, y, m.radius)]
    if len(foes) <= len(friends) + 1:
        return 0.0
    return Threats(state, m, model_value(m), foes).at(x, y)


def contact_spot(m: ModelState, e: ModelState) -> tuple[float, float]:
    """Where ``m`` stands once in base contact with ``e``, coming straight at it."""
    dx, dy = m.x - e.x, m.y - e.y
    d = math.hypot(dx, dy) or 1.0
    reach = e.radius + m.radius
    return e.x + dx / d * reach, e.y + dy / d * reach


def losing_melee(state: GameState, m: ModelState, gain: float) -> float:
    """For a valuable model engaged by several enemies, no friend near enough to join: what leaving saves
    (kill values): the replies of staying (over STAY_TURNS) less the free strikes of a Disengage ([MOVE-9]) and
    ``gain`` (what staying wins: its best blow). 0 when staying is no worse."""
    engaged = board.engaged_enemies(state, m)
    if not valuable(m) or len(engaged) < 2:
        return 0.0
    if any(f.on_table and f.id != m.id and reaches(state, f, m.x, m.y, m.radius) for f in state.friends_of(m)):
        return 0.0  # friends are coming
    value = model_value(m)
    stay = STAY_TURNS * Threats(state, m, value, engaged).at(m.x, m.y)
    strikes = 0.0
    for e in engaged:
        if conditions.STUNNED.on(e) or not board.in_front_arc(e, m):
            continue
        weapons = combat.melee_weapons(e)
        odds = memo.odds(state, combat.Attack(e, m, "close", "free_strike", weapons[0] if weapons else None))
        strikes += loss(m, float(odds.expected_wounds), float(odds.p_kill), value)
    return max(0.0, stay - strikes - gain)
