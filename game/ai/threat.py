"""What the enemy can do to a model standing at a point before it acts again: the look-ahead of ``hard``.

The reply is estimated, not searched: for each enemy, the better of its charge and its aimed shot
against the model at that point, by expected wounds from the exact odds, priced in kill values, and
weighted by the chance that enemy acts before our model does again, read from what a player sees.
An enemy that has not activated this turn will act before our model's next activation for certain;
one that has may act first next turn (about even); a Stunned or engaged enemy is slower to reply.
Only the table, the bag and the models' states are read, never the dice to come.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from game.ai import memo
from game.content.catalog import catalog
from game.rules import board, combat, conditions
from game.rules.movement import allowance, may_be_charged
from game.rules.state import GameState, ModelState

WALK = 6.0  # [MOVE-1]: an enemy with AP to spare walks before it charges


def loss(m: ModelState, expected_wounds: float, p_kill: float, value: float) -> float:
    """The cost of wounds to ``m`` in kill values: a share per wound and the whole value if it dies."""
    return expected_wounds * value / max(1, m.max_wounds - m.wounds_taken) + p_kill * value


def reply_weight(state: GameState, e: ModelState, m: ModelState) -> float:
    """How likely ``e`` acts against ``m`` before ``m`` acts again (0..1), from the bag and the conditions."""
    if not e.on_table:
        return 0.0
    w = 1.0 if not e.activated and e.side in state.bag else 0.5
    if conditions.STUNNED.on(e):
        w *= 0.4  # it must shake off first
    engaged = board.engaged_enemies(state, e)
    if engaged and all(x.id != m.id for x in engaged):
        w *= 0.3  # tied up elsewhere: it would have to disengage
    return w


class Threats:
    """Replies against one of our models, for many candidate points; the odds are computed once per enemy."""

    def __init__(self, state: GameState, m: ModelState, value: float, enemies: Iterable[ModelState] | None = None):
        self.state, self.m, self.value = state, m, value
        self.enemies = [e for e in (enemies if enemies is not None else state.enemies_of(m)) if e.on_table]
        self.weights = {e.id: reply_weight(state, e, m) for e in self.enemies}
        self._melee: dict[str, float] = {}
        self._shot: dict[tuple[str, int, str, bool], float] = {}

    def melee(self, e: ModelState) -> float:
        if e.id not in self._melee:
            weapons = combat.melee_weapons(e)
            attack = combat.Attack(e, self.m, "close", "charge_attack", weapons[0] if weapons else None)
            odds = memo.odds(self.state, attack)
            self._melee[e.id] = loss(self.m, float(odds.expected_wounds), float(odds.p_kill), self.value)
        return self._melee[e.id]

    def shot(self, e: ModelState, w: int, band: str, cover: bool) -> float:
        key = (e.id, w, band, cover)
        if key not in self._shot:
            attack = combat.Attack(e, self.m, "ranged", "aimed_shot", w, range_band=band, cover=cover)
            odds = memo.odds(self.state, attack)
            self._shot[key] = loss(self.m, float(odds.expected_wounds), float(odds.p_kill), self.value)
        return self._shot[key]

    def at(self, x: float, y: float, los: bool = True) -> float:
        """Expected loss (kill values) if our model stood at (x, y) when the enemy replies."""
        total = 0.0
        m = self.m
        for e in self.enemies:
            weight = self.weights[e.id]
            if weight <= 0:
                continue
            gap = math.hypot(e.x - x, e.y - y) - e.radius - m.radius
            best = 0.0
            if may_be_charged(m, e):
                reach = allowance(self.state, e, "charge")[0]
                if gap <= reach + 0.5:
                    best = self.melee(e)
                elif gap <= reach + WALK:
                    best = 0.4 * self.melee(e)  # it needs a walk and a charge: two AP or more
            for w in combat.ranged_weapons(e):
                if w in e.jammed:
                    continue
                skill = catalog().skill(e.weapon(w).skill)
                if skill.long is None or gap > skill.long:
                    continue
                band = "short" if gap <= (skill.short or 0) else "long"
                seen, cover = self.sight(e, x, y) if los else (True, False)
                if seen:
                    best = max(best, self.shot(e, w, band, cover))
            total += weight * best
        return total

    def sight(self, e: ModelState, x: float, y: float) -> tuple[bool, bool]:
        """LOS and cover from ``e``, free to turn in its own activation ([SEQ-5]), to our model at (x, y),
        moved in the geometry index only and put back after."""
        from game.geometry.los import line_of_sight_turned

        bf = board.battlefield(self.state)
        m = self.m
        if (x, y) != (m.x, m.y):
            bf.update_base(m.id, centre=(x, y))
        try:
            result = line_of_sight_turned(bf, e.id, m.id)
        finally:
            bf.update_base(m.id, centre=(m.x, m.y))
        return result.has_los, result.cover
