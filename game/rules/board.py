"""What the rules ask of the table, in the rules' words (within, engaged, arcs, LOS ...).

Distances and arcs are the plain formulas of [DIG-3] and [DIG-4]; line of sight,
routes and pushes are delegated to the geometry layer's Battlefield.
"""

from __future__ import annotations

import math

from game.core.vec import Vec2
from game.geometry.battlefield import BASE_FLAGS, NEUTRAL, BaseRecord, Battlefield
from game.geometry.los import LosResult, line_of_sight_turned
from game.rules.state import (
    MM_PER_RADIUS_INCH,
    MODEL_CHANGES,
    ON_TABLE,
    PRISONER,
    SIDE_LETTERS,
    GameState,
    ModelState,
)
from game.rules.traits.base import trait_hooks

CONTACT_TOLERANCE = 0.02  # [DIG-3]


def centre_distance(a: ModelState, b: ModelState) -> float:
    return math.hypot(a.x - b.x, a.y - b.y)


def distance(a: ModelState, b: ModelState) -> float:
    """[DIG-3] / [BASE-2]: edge to edge, never below 0."""
    # centre_distance and each radius (base_mm / (2 · 25.4), as ModelState.radius), inlined: asked very often
    return max(0.0, math.hypot(a.x - b.x, a.y - b.y) - a.profile.base_mm / MM_PER_RADIUS_INCH
               - b.profile.base_mm / MM_PER_RADIUS_INCH)


def within(a: ModelState, b: ModelState, inches: float) -> bool:
    """"Within N″" is the shortest base-to-base distance at most N ([BASE-2])."""
    return distance(a, b) <= inches + 1e-9


def in_contact(a: ModelState, b: ModelState) -> bool:
    """[BASE-6] / [DIG-3]: bases touch, within the contact tolerance."""
    return a.id != b.id and distance(a, b) <= CONTACT_TOLERANCE


def are_enemies(a: ModelState, b: ModelState) -> bool:
    """Whether ``b`` is an enemy of ``a``: a model of the other side. A trait that acts on "an enemy" acts on
    no friend caught by the same blow (Drain [T-DRAIN-1], Arcane Resistance [T-ARCRES-1]; RULING 2026-12-05)."""
    return a.side != b.side


def affectable(state: GameState) -> list[ModelState]:
    """The models an effect that names "models" may reach: every model on the table, friend or foe.

    The one gate for [ENC-RES-3]: an unrescued Prisoner is not among them, so no attack, target, push,
    area of effect, aura or spell ever touches it (``state.friends_of`` and ``enemies_of`` are drawn from
    the same models). Its base still stands in the geometry: it blocks movement, pushes and sight lines.
    """
    return state.on_table()


def affected_within(state: GameState, centre: ModelState, inches: float) -> list[ModelState]:
    """The models an effect reaching ``inches`` from ``centre``'s base may affect, nearest first (ties by id);
    never ``centre`` itself, never a neutral base ([ENC-RES-3])."""
    near = [m for m in affectable(state) if m.id != centre.id and within(m, centre, inches)]
    return sorted(near, key=lambda m: (distance(m, centre), m.id))


def affected_in_contact(state: GameState, model: ModelState) -> list[ModelState]:
    """The models in base contact an effect may affect, friend or foe (Sweeping Attack, Quake): [ENC-RES-3]."""
    return [m for m in affected_within(state, model, CONTACT_TOLERANCE) if in_contact(model, m)]


def engaged_enemies(state: GameState, model: ModelState) -> list[ModelState]:
    """[BASE-6]: enemies in base contact (``in_contact`` with each of ``state.enemies_of``, in one pass: it is
    asked tens of thousands of times a game)."""
    if state.models.get(model.id) is not model:  # a model of the caller's own making: asked afresh
        return _engaged_enemies(state, model)
    memo = state.table_memo()  # remembered while no model anywhere changes
    found = memo.get(("engaged", model.id))
    if found is None:
        found = memo[("engaged", model.id)] = tuple(_engaged_enemies(state, model))
    return list(found)


def _engaged_enemies(state: GameState, model: ModelState) -> list[ModelState]:
    x, y, r, side, me = model.x, model.y, model.radius, model.side, model.id
    return [e for e in state.models.values()
            if e.status == ON_TABLE and e.side != side and e.id != me
            and math.hypot(x - e.x, y - e.y) - r - e.radius <= CONTACT_TOLERANCE]


def is_engaged(state: GameState, model: ModelState) -> bool:
    return bool(engaged_enemies(state, model))


def _angle_to(model: ModelState, x: float, y: float) -> float:
    """Angle in degrees between the model's facing and the direction to (x, y), 0..180."""
    dx, dy = x - model.x, y - model.y
    if dx == 0 and dy == 0:
        return 0.0
    facing = math.radians(model.facing)
    cos = (dx * math.cos(facing) + dy * math.sin(facing)) / math.hypot(dx, dy)
    return math.degrees(math.acos(max(-1.0, min(1.0, cos))))


def point_in_front(model: ModelState, x: float, y: float) -> bool:
    """[DIG-4]: a point is in front when the angle to it is < 90°."""
    return _angle_to(model, x, y) < 90.0 - 1e-9


def in_front_arc(viewer: ModelState, target: ModelState) -> bool:
    """[DIG-4] / [BASE-4]: any part of the target's base is in front of the viewer."""
    facing = math.radians(viewer.facing)
    # the target base's point furthest along the facing direction
    fx = target.x + math.cos(facing) * target.radius
    fy = target.y + math.sin(facing) * target.radius
    along = (fx - viewer.x) * math.cos(facing) + (fy - viewer.y) * math.sin(facing)
    return along > 1e-9


def sight(state: GameState, viewer: ModelState, target: ModelState) -> LosResult:
    """LOS and cover for the viewer's own attack, charge or spell ([SEQ-5], [BASE-5]): it may turn freely in
    its activation, so its current front arc never limits it; it sees the target as once turned to face it."""
    return line_of_sight_turned(battlefield(state), viewer.id, target.id)


def point_behind(model: ModelState, x: float, y: float) -> bool:
    """[DIG-4]: a point strictly in the model's back arc (angle > 90°)."""
    return _angle_to(model, x, y) > 90.0 + 1e-9


def attacker_behind(defender: ModelState, attacker: ModelState) -> bool:
    """[DIG-4] / [MOD-1]: the attacker's centre strictly in the defender's back arc."""
    return point_behind(defender, attacker.x, attacker.y)


def nearest_enemy(state: GameState, model: ModelState) -> ModelState | None:
    """The enemy on the table nearest the model by the rules' distance, base edge to base edge ([BASE-2])."""
    return min(state.enemies_of(model), key=lambda e: distance(model, e), default=None)


def facing_towards(model: ModelState, x: float, y: float) -> float:
    if x == model.x and y == model.y:
        return model.facing
    return math.degrees(math.atan2(y - model.y, x - model.x)) % 360.0


# -- the geometry index -------------------------------------------------------------------------

def _side(model: ModelState) -> str:
    return NEUTRAL if model.status == PRISONER else SIDE_LETTERS[model.side]  # [ENC-RES-3]


def base_record(model: ModelState) -> BaseRecord:
    hooks = trait_hooks(model)  # the flags its traits declare (Flight, Agile, Gargantuan)
    return BaseRecord(model.id, _side(model), Vec2(model.x, model.y), model.radius, model.facing,
                      frozenset(f for f in BASE_FLAGS if any(getattr(h, f) for h in hooks)), model.name)


def indexed(model: ModelState) -> bool:
    """Bases the geometry holds: models on the table, and a placed Prisoner ([ENC-RES-3])."""
    return model.on_table or (model.status == PRISONER and model.x >= 0)


def battlefield(state: GameState) -> Battlefield:
    """The pymunk index of the state's map and bases, kept in step with the models' positions.

    It hangs off the state as a cache (``_field``), never copied or saved: any copy rebuilds it.
    Each call compares every model with its base (cheap) and moves, adds or removes only what changed.
    """
    bf: Battlefield | None = state.__dict__.get("_field")
    if bf is None or bf.battle_map is not state.battle_map:
        bf = Battlefield(state.battle_map)
        state.__dict__["_field"] = bf
    seen = (MODEL_CHANGES[0], id(state.models), len(state.models), bf.revision)
    if state.__dict__.get("_field_seen") == seen:
        return bf  # no model anywhere changed since the last look, nor the index
    held = 0
    for m in state.models.values():
        record = bf.find_base(m.id)
        if not indexed(m):
            if record is not None:
                bf.remove_base(m.id)
            continue
        held += 1
        if record is not None and record.side != _side(m):  # a rescued Prisoner joins its side
            bf.remove_base(m.id)
            record = None
        if record is None:
            bf.add_base(base_record(m))
        elif record.centre.x != m.x or record.centre.y != m.y or record.facing != m.facing:
            bf.update_base(m.id, centre=(m.x, m.y), facing=m.facing)
    if held != bf.base_count():  # a base whose model is gone
        for stale in [b.id for b in bf.bases() if b.id not in state.models]:
            bf.remove_base(stale)
    state.__dict__["_field_seen"] = (MODEL_CHANGES[0], id(state.models), len(state.models), bf.revision)
    return bf
