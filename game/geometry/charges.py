"""Charge lanes ([DIG-MOVE-4], [MOVE-3], [MOVE-4]): one straight segment into base contact.

A target is eligible when *some* straight lane reaches base contact ([MOVE-4]), not only the
one along the centre line. ``charge_ends`` finds every legal end point exactly: the end points
lie on the contact ring, and each test of a lane (swept overlap with terrain and bases, the
end's overlaps, the table edge, obstacle crossings) changes its answer only at angles where
the ring meets a curve of ``curves``; between two such angles one check decides the whole
arc, and the cost bound ([MOVE-6]) then cuts it to a closed interval about the centre line.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

from game.content.maps import TABLE_SIZE
from game.core.vec import Vec2
from game.geometry import curves
from game.geometry import shapes as geo
from game.geometry.battlefield import CAT_BASE, CAT_IMPASSABLE, CAT_OBSTACLE, Battlefield
from game.geometry.paths import MoveCheck, Violation, check_move, check_move_unless_refused, surely_illegal

END_TOLERANCE = 1e-6
INSET = 0.05  # radians (about 3°) a suggested end keeps inside a clear arc


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
        violations.append(Violation("DIG-MOVE-4", f"a charge must end in base contact with {t.called} "
                                                  f"(this end is {gap:.3f}″ from it)", stop, target_id))
    facing = (t.centre - stop).angle() if stop != t.centre else c.facing
    return ChargeLane(charger_id, target_id, c.centre, stop, facing, move, tuple(violations))


@dataclass(frozen=True)
class ChargeEnds:
    """The legal end points of a charge: closed arcs of the contact ring ([DIG-MOVE-4]).

    Arcs are offsets in radians from the centre line (``phi`` points from the target's centre
    to the charger's); an arc may be a single point (a gap exactly as wide as the base).
    """

    target: Vec2
    reach: float  # the sum of both radii
    phi: float
    arcs: tuple[tuple[float, float], ...]

    def __bool__(self) -> bool:
        return bool(self.arcs)

    def point(self, delta: float) -> Vec2:
        a = self.phi + delta
        return Vec2(self.target.x + self.reach * math.cos(a), self.target.y + self.reach * math.sin(a))

    def offset_of(self, point: tuple[float, float]) -> float:
        return _wrap(math.atan2(point[1] - self.target.y, point[0] - self.target.x) - self.phi)

    def contains(self, point: tuple[float, float], slack: float = 1e-9) -> bool:
        d = self.offset_of(point)
        return any(lo - slack <= d <= hi + slack for lo, hi in self.arcs)

    def nearest(self, delta: float = 0.0) -> float | None:
        """The legal offset nearest ``delta``; when that is an arc's end, up to ``INSET`` inside it, so that the
        suggested end does not graze what closes the arc (a hand or a rounding moving it a hair stays legal)."""
        best: tuple[float, float] | None = None
        for lo, hi in self.arcs:
            d = min(max(delta, lo), hi)
            if d != delta and hi > lo:
                inset = min((hi - lo) / 2, INSET)
                d = lo + inset if d == lo else hi - inset
            if best is None or abs(d - delta) < best[0]:
                best = (abs(d - delta), d)
        return None if best is None else best[1]

    def samples(self, step: float = math.radians(5)) -> list[float]:
        """Offsets spread over every arc (each arc's middle, then every ``step``), for controllers that cannot click."""
        out = []
        for lo, hi in self.arcs:
            mid = (lo + hi) / 2
            out.append(mid)
            k = 1
            while mid - k * step > lo or mid + k * step < hi:
                out += [d for d in (mid - k * step, mid + k * step) if lo < d < hi]
                k += 1
        return out


def _wrap(a: float) -> float:
    return (a + math.pi) % (2 * math.pi) - math.pi


def _within(dist: float, reach: float, budget: float) -> float:
    """The largest offset whose lane is at most ``budget`` long (−1: none is), by the law of cosines."""
    if budget < 0:
        return -1.0
    budget += 5e-10  # the allowance's own tolerance ([MOVE-6] in check_move)
    cos_b = (dist * dist + reach * reach - budget * budget) / (2 * dist * reach)
    if cos_b > 1.0:
        return -1.0
    return math.acos(max(-1.0, cos_b))


def _event_curves(bf: Battlefield, charger: str, target: str, lo: curves.Pt, hi: curves.Pt) -> list[curves.Curve]:
    """Every curve on which a lane's verdict can change: the table edge, the grown outlines of impassable and
    obstacle parts and of other bases, the rays from the charger touching them, and for obstacles of several
    parts the rays through their outlines' crossings (where two overlaps join into one crossing)."""
    c = bf.base(charger)
    r, start = c.radius, (c.centre.x, c.centre.y)
    out: list[curves.Curve] = list(curves.table_lines(r, TABLE_SIZE))
    parts, bases = bf.near_box(lo, hi, CAT_IMPASSABLE | CAT_OBSTACLE | CAT_BASE)
    outlines: dict[str, list[list[curves.Curve]]] = {}
    for piece, points in parts:
        grown = curves.grown_boundary(points, r)
        out += grown
        for p in points:
            out += curves.tangent_rays(start, curves.Circle(p[0], p[1], r))
        if piece.kind == "obstacle":
            outlines.setdefault(piece.id, []).append(grown)
    for several in outlines.values():
        for i in range(len(several)):
            for j in range(i + 1, len(several)):
                for a in several[i]:
                    for b in several[j]:
                        out += [ray for q in curves.intersect(a, b) if (ray := curves.ray(start, q))]
    for base in bases:
        if base.id in (charger, target):
            continue
        disc = curves.Circle(base.centre.x, base.centre.y, r + base.radius)
        out.append(disc)
        out += curves.tangent_rays(start, disc)
    return out


def charge_ends(bf: Battlefield, charger_id: str, target_id: str, allowance: float = 6.0,
                first: bool = False) -> ChargeEnds:
    """Every legal end point of a charge ([MOVE-4], [DIG-MOVE-4]), found exactly (see the module's docstring);
    with ``first``, only the arc holding the legal end nearest the centre line (enough to decide eligibility)."""
    c, t = bf.base(charger_id), bf.base(target_id)
    reach = c.radius + t.radius
    dist = c.centre.distance_to(t.centre)
    phi = math.atan2(c.centre.y - t.centre.y, c.centre.x - t.centre.x)
    none = ChargeEnds(t.centre, reach, phi, ())
    if dist <= reach or dist - reach > allowance + 1e-9:
        return none
    # a lane to a point further round than ``alpha`` would pass through the target first ([MOVE-7])
    alpha = math.acos(reach / dist)
    ring = curves.Circle(t.centre.x, t.centre.y, reach)
    lo = (min(c.centre.x, t.centre.x - reach) - c.radius, min(c.centre.y, t.centre.y - reach) - c.radius)
    hi = (max(c.centre.x, t.centre.x + reach) + c.radius, max(c.centre.y, t.centre.y + reach) + c.radius)
    # nor can it end further round than the allowance reaches with no obstacle to pay for
    window = max(0.0, min(alpha, _within(dist, reach, allowance)))
    events = {-window, 0.0, window}
    for curve in _event_curves(bf, charger_id, target_id, lo, hi):
        for p in curves.intersect(ring, curve):
            d = _wrap(math.atan2(p[1] - t.centre.y, p[0] - t.centre.x) - phi)
            if abs(d) < window:
                events.add(d)
    ends = ChargeEnds(t.centre, reach, phi, ())
    cuts = sorted(events)
    arcs = []
    pieces = list(itertools.pairwise(cuts))
    # nearest the centre line first: with ``first``, the first legal piece holds the legal end nearest it
    for k in sorted(range(len(pieces)), key=lambda k: min(abs(pieces[k][0]), abs(pieces[k][1]))
                    if pieces[k][0] * pieces[k][1] > 0 else 0.0):
        a, b = pieces[k]
        move = check_move_unless_refused(bf, charger_id, [ends.point((a + b) / 2)])
        if move is None or move.violations:
            continue  # None: its cheap tests refuse it, the full check waits until its violations are asked (below)
        limit = _within(dist, reach, allowance - (move.cost - move.length))
        if max(a, -limit) <= min(b, limit):
            arcs.append((max(a, -limit), min(b, limit)))
            if first:
                break
    if not arcs:
        # a lane may still be legal at one angle alone, where the pieces on either side run into different
        # things that both just touch it there (a gap exactly as wide as the base); a lane its cheap tests refuse
        # is not legal whatever the pieces run into, so those are asked of the others alone
        why: dict[int, frozenset[tuple[str, str]]] = {}

        def runs_into(k: int) -> frozenset[tuple[str, str]]:  # what piece k runs into
            if k not in why:
                a, b = pieces[k]
                why[k] = frozenset((v.rule, v.what) for v in check_move(bf, charger_id, [ends.point((a + b) / 2)])
                                   .violations)
            return why[k]

        lone = [cuts[0]] if len(cuts) == 1 else [
            d for k, d in enumerate(cuts[1:-1])
            if not surely_illegal(bf, charger_id, [ends.point(d)], allowance) and not runs_into(k) & runs_into(k + 1)]
        arcs = [(d, d) for d in lone if charge_lane(bf, charger_id, target_id, allowance, ends.point(d)).legal]
    return ChargeEnds(t.centre, reach, phi, tuple(geo.merge(arcs, 1e-9)))


def out_of_reach(bf: Battlefield, charger_id: str, target_id: str, allowance: float) -> bool:
    """No lane can reach the target: base contact is further than the allowance even in a straight line, by
    more than any rounding (every lane is at least that long, and costs at least its length, [MOVE-6]), so
    :func:`chosen_lane` is None and :func:`charge_ends` empty, without checking a move."""
    c, t = bf.base(charger_id), bf.base(target_id)
    return c.centre.distance_to(t.centre) - c.radius - t.radius > allowance + 1e-6


def chosen_lane(bf: Battlefield, charger_id: str, target_id: str, allowance: float = 6.0,
                ends: ChargeEnds | None = None) -> ChargeLane | None:
    """The engine's default legal lane: the centre line if it is clear, else the legal end nearest to it
    ([DIG-MOVE-4]); None when no straight lane reaches the target ([MOVE-4])."""
    if ends is None and out_of_reach(bf, charger_id, target_id, allowance):
        return None
    if ends is None:
        lane = charge_lane(bf, charger_id, target_id, allowance)
        if lane.legal:
            return lane
        ends = charge_ends(bf, charger_id, target_id, allowance, first=True)
    tries = [ends.nearest(0.0)] + [(lo + hi) / 2 for lo, hi in ends.arcs]
    for d in tries:
        if d is None:
            continue
        lane = charge_lane(bf, charger_id, target_id, allowance, ends.point(d))
        if lane.legal:
            return lane
    return None
