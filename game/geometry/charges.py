"""Charge lanes ([DIG-MOVE-4], [MOVE-3], [MOVE-4]): one straight segment into base contact."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.vec import Vec2
from game.geometry.battlefield import Battlefield
from game.geometry.paths import MoveCheck, Violation, check_move

END_TOLERANCE = 1e-6


@dataclass(frozen=True)
class ChargeLane:
    charger: str
    target: str
    start: Vec2
    end: Vec2
    facing: float  # the charger ends facing the target ([DIG-MOVE-4])
    move: MoveCheck
    violations: tuple[Violation, ...]

    @property
    def legal(self) -> bool:
        return not self.violations

    @property
    def cost(self) -> float:
        return self.move.cost


def default_charge_end(bf: Battlefield, charger_id: str, target_id: str) -> Vec2:
    """On the line between the centres, at exactly the sum of both radii from the target."""
    c, t = bf.base(charger_id), bf.base(target_id)
    d = c.centre - t.centre
    if d.length() == 0:
        d = Vec2.from_angle(c.facing + 180.0)
    return t.centre + d.normalized() * (c.radius + t.radius)


def charge_lane(bf: Battlefield, charger_id: str, target_id: str, allowance: float = 6.0,
                end: tuple[float, float] | None = None) -> ChargeLane:
    """The straight charge to ``end`` (default: straight at the target), checked like a Walk."""
    c, t = bf.base(charger_id), bf.base(target_id)
    stop = Vec2(*end) if end is not None else default_charge_end(bf, charger_id, target_id)
    move = check_move(bf, charger_id, [stop], allowance)
    violations = list(move.violations)
    gap = stop.distance_to(t.centre) - c.radius - t.radius
    if abs(gap) > END_TOLERANCE:
        violations.append(Violation("DIG-MOVE-4", f"a charge must end in base contact with '{target_id}' "
                                                  f"(this end is {gap:.3f}″ from it)", stop, target_id))
    facing = (t.centre - stop).angle() if stop != t.centre else c.facing
    return ChargeLane(charger_id, target_id, c.centre, stop, facing, move, tuple(violations))
