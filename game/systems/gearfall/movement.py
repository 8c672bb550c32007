"""Gearfall's movement on the shared table: advance and run allowances, melee range, and the charge's straight
lane ([GF-MOVE-1], [GF-MOVE-2], [GF-MEL-1], [GF-CHG-1], [GF-CHG-2]).

The table's geometry is the kernel's (game.geometry.battlefield: bases, terrain, arcs); what a charge is — a
straight rush that stops at the first thing in the way — is Gearfall's, worked out here.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from enum import StrEnum

from game.core.vec import Vec2
from game.geometry.battlefield import CAT_IMPASSABLE, BaseRecord, Battlefield

MELEE_RANGE = 0.5  # [GF-MEL-1]
REACH_RANGE = 2.0  # [GF-MEL-1]
CHARGE_EXTRA = 3.0  # [GF-CHG-1]: a charge covers SPD + 3″
STEP = 0.05  # inches a lane is walked in before the first contact is found exactly between two steps
EPS = 1e-6


class Movement(StrEnum):
    stand = "stand"
    advance = "advance"  # [GF-MOVE-1]: up to SPD
    run = "run"  # [GF-MOVE-2]: up to twice SPD, then no attack
    charge = "charge"  # [GF-CHG-1]: SPD + 3″ straight at the target


def allowance(movement: Movement, speed: int) -> float:
    """How far a movement may carry a character of SPD ``speed``."""
    return {Movement.stand: 0.0, Movement.advance: float(speed), Movement.run: 2.0 * speed,
            Movement.charge: speed + CHARGE_EXTRA}[movement]


def melee_range(reach: bool) -> float:
    """[GF-MEL-1]: 0.5″ beyond the front arc, 2″ with a reach weapon."""
    return REACH_RANGE if reach else MELEE_RANGE


def in_melee_range(bf: Battlefield, attacker_id: str, target_id: str, reach: bool) -> bool:
    """[GF-MEL-1]: the target's base within the attacker's melee range and in its front arc."""
    return bf.distance(attacker_id, target_id) <= melee_range(reach) + EPS and bf.in_front_arc(attacker_id, target_id)


@dataclass(frozen=True)
class ChargeLane:
    """Where a charge ends and why ([GF-CHG-1], [GF-CHG-2])."""

    charger: str
    target: str
    start: Vec2
    end: Vec2
    facing: float  # the charger turns to face its target at the end
    travelled: float
    stopped_by: str | None  # a base's id, "terrain", "table edge", or None: it ran its full length
    success: bool  # the target in its melee range at the end

    @property
    def momentum(self) -> bool:
        """[GF-CHG-3]: it covered at least 3″."""
        return self.travelled >= CHARGE_EXTRA - EPS


def _blocked(bf: Battlefield, mover: BaseRecord, at: tuple[float, float]) -> str | None:
    """What of the table stops a base standing at ``at``: impassable terrain or the table's edge (bases are met
    exactly: :func:`_first_base_contact`)."""
    if bf.pieces_overlapping(at, mover.radius, CAT_IMPASSABLE):
        return "terrain"
    if not bf.on_table(at, mover.radius):
        return "table edge"
    return None


def _first_base_contact(bf: Battlefield, mover: BaseRecord, u: tuple[float, float], length: float
                        ) -> tuple[float, str | None]:
    """The distance along the lane at which the moving base first touches another base, exactly."""
    best, who = length, None
    sx, sy = mover.centre
    for other in bf.bases():
        if other.id == mover.id:
            continue
        cx, cy = other.centre[0] - sx, other.centre[1] - sy
        reach = other.radius + mover.radius
        along = cx * u[0] + cy * u[1]
        off2 = cx * cx + cy * cy - along * along
        if along < 0 or off2 >= reach * reach:
            continue
        t = along - math.sqrt(reach * reach - off2)
        if -EPS <= t < best:
            best, who = max(0.0, t), other.id
    return best, who


def charge_lane(bf: Battlefield, charger_id: str, target_id: str, speed: int, reach: bool) -> ChargeLane:
    """[GF-CHG-1]: SPD + 3″ in a straight line toward the target, stopping at the first base it touches (the
    target's included), at impassable terrain or at the table's edge; [GF-CHG-2]: a success if the target is then
    in the charger's melee range, the charger turned to face it."""
    mover, target = bf.base(charger_id), bf.base(target_id)
    start = mover.centre
    dx, dy = target.centre[0] - start[0], target.centre[1] - start[1]
    norm = math.hypot(dx, dy)
    u = (dx / norm, dy / norm) if norm > EPS else (math.cos(math.radians(mover.facing)),
                                                   math.sin(math.radians(mover.facing)))
    length = allowance(Movement.charge, speed)
    length, stopped = _first_base_contact(bf, mover, u, length)
    # terrain and the edge: walk the lane in short steps, then find the first blocked point between two of them
    free = 0.0
    steps = [k * STEP for k in range(1, int(length / STEP) + 1)]
    for t in [*steps, length] if not steps or steps[-1] < length else steps:  # the lane's end is walked too
        at = (start[0] + u[0] * t, start[1] + u[1] * t)
        what = _blocked(bf, mover, at)
        if what is not None:
            lo, hi = free, t
            for _ in range(30):
                mid = (lo + hi) / 2
                if _blocked(bf, mover, (start[0] + u[0] * mid, start[1] + u[1] * mid)) is not None:
                    hi = mid
                else:
                    lo = mid
            length, stopped = lo, what
            break
        free = t
    end = Vec2(start[0] + u[0] * length, start[1] + u[1] * length)
    facing = math.degrees(math.atan2(target.centre[1] - end[1], target.centre[0] - end[0])) % 360.0
    gap = math.dist(end, target.centre) - mover.radius - target.radius
    return ChargeLane(charger_id, target_id, start, end, facing, length, stopped,
                      gap <= melee_range(reach) + EPS)


@dataclass(frozen=True)
class Leaving:
    """Where along a move the mover leaves an enemy's melee range or front arc ([GF-FS-1])."""

    enemy: str
    along: float  # inches along the move
    at: Vec2  # the mover's centre there: the free strike is made just before it goes on


def _exit_of_range(a: Vec2, b: Vec2, c: Vec2, reach: float) -> float | None:
    """The fraction of segment a-b at which a point leaves the disc of radius ``reach`` about c (None: it never
    does, or starts outside)."""
    dx, dy = b.x - a.x, b.y - a.y
    fx, fy = a.x - c.x, a.y - c.y
    qa, qb, qc = dx * dx + dy * dy, 2 * (fx * dx + fy * dy), fx * fx + fy * fy - reach * reach
    if qc > EPS or qa <= EPS:  # starts outside, or does not move
        return None
    root = math.sqrt(max(0.0, qb * qb - 4 * qa * qc))
    t = (-qb + root) / (2 * qa)
    return t if 0.0 <= t <= 1.0 else None


def _exit_of_arc(a: Vec2, b: Vec2, enemy: BaseRecord, radius: float) -> float | None:
    """The fraction of a-b at which a base of ``radius`` leaves the enemy's front arc wholly ([GF-MEL-1]: the arc is
    the half-plane ahead of the enemy's centre; a base leaves it when every part of it is behind)."""
    fx, fy = math.cos(math.radians(enemy.facing)), math.sin(math.radians(enemy.facing))
    sa = (a.x - enemy.centre.x) * fx + (a.y - enemy.centre.y) * fy
    sb = (b.x - enemy.centre.x) * fx + (b.y - enemy.centre.y) * fy
    if sa <= -radius + EPS or sb > -radius:  # already behind, or never wholly behind on this segment
        return None
    return (sa + radius) / (sa - sb)


def leaving_points(bf: Battlefield, mover_id: str, waypoints: tuple[Vec2, ...], reaches: dict[str, bool]
                   ) -> list[Leaving]:
    """Each enemy in ``reaches`` (id -> its reach) whose melee range and front arc the mover starts in, with the
    first point of the move at which it leaves them, in the order the move meets them ([GF-FS-1]). A mover that
    leaves and comes back is struck once: the first time it goes. Range and arc only: leaving the enemy's line of
    sight behind terrain while still in range is the turn's to add, with the kernel's sight lines."""
    mover = bf.base(mover_id)
    out = []
    for enemy_id, reach in reaches.items():
        enemy = bf.base(enemy_id)
        ring = enemy.radius + mover.radius + melee_range(reach)
        if not in_melee_range(bf, enemy_id, mover_id, reach):
            continue
        walked = 0.0
        for a, b in itertools.pairwise(waypoints):
            exits = [t for t in (_exit_of_range(a, b, enemy.centre, ring), _exit_of_arc(a, b, enemy, mover.radius))
                     if t is not None]
            seg = math.dist(a, b)
            if exits:
                t = min(exits)
                out.append(Leaving(enemy_id, walked + t * seg, Vec2(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)))
                break
            walked += seg
    return sorted(out, key=lambda lv: (lv.along, lv.enemy))
