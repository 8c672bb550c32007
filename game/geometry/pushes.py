"""Pushes ([DIG-MOVE-5], [CC-3], [CC-4], [SPELL-3], Quake): straight away from the pusher until something stops it."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from game.content.maps import TABLE_SIZE
from game.core.vec import Vec2
from game.geometry import shapes as geo
from game.geometry.battlefield import CAT_BASE, CAT_IMPASSABLE, CAT_OBSTACLE, OVERLAP_EPS, Battlefield

SHOVE, SPELL = "shove", "spell"  # Shove, Shield Slam and Quake push like SHOVE; the Push spell like SPELL


@dataclass(frozen=True)
class PushResult:
    base: str
    start: Vec2
    end: Vec2
    direction: Vec2
    distance: float  # asked for
    travelled: float
    stopped_by: str  # "" (went the full distance), "base:<id>", "terrain:<id>" or "edge"
    removed: bool  # would have ended wholly off the table ([CC-4])
    mode: str

    @property
    def blocked(self) -> bool:
        """Stopped short by a model, terrain or (for Shove-like pushes) the table edge."""
        return bool(self.stopped_by) and not self.removed

    @property
    def stuns(self) -> bool:
        """[CC-4]: a blocked Shove, Slam or Quake Stuns; the Push spell never does ([DIG-MOVE-5])."""
        return self.blocked and self.mode == SHOVE


def push_direction(bf: Battlefield, base_id: str, pusher_centre: tuple[float, float], pusher_facing: float) -> Vec2:
    d = bf.base(base_id).centre - pusher_centre
    return Vec2.from_angle(pusher_facing) if d.length() == 0 else d.normalized()


def push(bf: Battlefield, base_id: str, pusher_centre: tuple[float, float], distance: float, mode: str = SHOVE,
         pusher_facing: float = 0.0) -> PushResult:
    """Where a push of ``distance``″ leaves the base; the index is not changed."""
    me = bf.base(base_id)
    r = me.radius
    d = push_direction(bf, base_id, pusher_centre, pusher_facing)
    start = me.centre
    far = start + d * distance
    a, b = (start.x, start.y), (far.x, far.y)
    t_stop, stopped_by = 1.0, ""
    if distance > 0:
        for shape in bf.swept_candidates(a, b, r, CAT_BASE | CAT_IMPASSABLE | CAT_OBSTACLE, bf.group_of(base_id)):
            part = bf.part_of_shape(shape)
            if part is not None:
                iv = geo.swept_convex(a, b, r, part[1])
                label = f"terrain:{part[0].id}"
            else:
                rec = bf.base_of_shape(shape)
                if rec is None or rec.id == base_id:
                    continue
                iv = geo.clip_disc(a, b, (rec.centre.x, rec.centre.y), r + rec.radius)
                label = f"base:{rec.id}"
            if iv is None or (iv[1] - iv[0]) * distance <= OVERLAP_EPS:
                continue  # grazing, or touching and moving away
            if iv[0] < t_stop or (iv[0] == t_stop and stopped_by and label < stopped_by):
                t_stop, stopped_by = iv[0], label
    removed = False
    t_edge = _edge_limit(start, d, r, distance)
    if mode == SPELL:
        if t_edge < t_stop:
            t_stop, stopped_by = t_edge, "edge"
    elif not stopped_by:
        if bf.wholly_off_table(far, r):
            removed = True
            stopped_by = "edge"
        elif not bf.on_table(far, r):
            t_stop, stopped_by = t_edge, "edge"
    end = far if removed else start + d * (distance * t_stop)
    travelled = distance if removed else distance * t_stop
    return PushResult(base_id, start, end, d, distance, travelled, stopped_by, removed, mode)


def _edge_limit(start: Vec2, d: Vec2, r: float, distance: float) -> float:
    """Largest fraction of the push that keeps the whole base on the table."""
    t = 1.0
    for pos, step in ((start.x, d.x), (start.y, d.y)):
        if step > 0:
            t = min(t, (TABLE_SIZE - r - pos) / (step * distance) if distance else 1.0)
        elif step < 0:
            t = min(t, (r - pos) / (step * distance) if distance else 1.0)
    return max(0.0, t)


def quake_order(bf: Battlefield, source_id: str, movable: Collection[str] | None = None) -> list[str]:
    """Models in base contact with a Quaking model, nearest first (ties by id) ([DIG-MOVE-5]).

    ``movable``: the bases the rules let the Quake move (a neutral base is not one, [ENC-RES-3]);
    the others stay put and block the pushes like any base."""
    src = bf.base(source_id)
    touching = [i for i in bf.bases_within(source_id, 0.02) if movable is None or i in movable]
    return sorted(touching, key=lambda i: (bf.base(i).centre.distance_to(src.centre) - bf.base(i).radius, i))


def quake(bf: Battlefield, source_id: str, distance: float = 2.0,
          movable: Collection[str] | None = None) -> list[PushResult]:
    """Push every (movable) model in contact 2″ away, nearest first, moving each in the index before the next."""
    src = bf.base(source_id)
    results = []
    for bid in quake_order(bf, source_id, movable):
        res = push(bf, bid, src.centre, distance, SHOVE, src.facing)
        results.append(res)
        if res.removed:
            bf.remove_base(bid)
        else:
            bf.update_base(bid, res.end)
    return results
