"""What a Gearfall character may do and what it does: melee range and engagement, targets, the facts of an
attack, the attack itself and its aftermath, and the legal moves ([GF-ENG-1], [GF-TGT-1], [GF-MOVE-3]).

The turn (game.systems.gearfall.turn) asks these; so do the odds, the AI and the screens: :func:`strike_for` is
the one place an attack's facts are read off the table, and :func:`attack` the one place its result is applied.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.core.vec import Vec2
from game.geometry.battlefield import CAT_IMPASSABLE, CAT_OBSTACLE, Battlefield
from game.geometry.los import line_of_sight
from game.geometry.routes import shortest_route
from game.systems.gearfall import attacks
from game.systems.gearfall.attacks import AttackResult, Kind, Strike
from game.systems.gearfall.characters import Weapon
from game.systems.gearfall.cover import cover_against
from game.systems.gearfall.kinds import GfEvent
from game.systems.gearfall.movement import EPS, Movement, allowance, melee_range
from game.systems.gearfall.state import CharacterState, GearfallState, Status, TurnState
from game.systems.gearfall.table import battlefield

RING_RADII = (0.25, 0.5, 0.75, 1.0)  # a move's candidate points: these fractions of the allowance ...
RING_DIRECTIONS = 16  # ... in this many directions, besides the points next to each enemy


# -- melee range and engagement ([GF-MEL-1], [GF-ENG-1])
def melee_weapons(c: CharacterState) -> list[tuple[int, Weapon]]:
    return [(i, w) for i, w in enumerate(c.profile.weapons) if w.kind is Kind.melee]


def reach_of(c: CharacterState) -> float | None:
    """The character's melee range: its longest melee weapon's; None for one with none or knocked down."""
    if c.knocked_down or not c.on_table:
        return None
    ranges = [melee_range(w.reach) for _, w in melee_weapons(c)]
    return max(ranges) if ranges else None


def sees(bf: Battlefield, viewer: str, target: str) -> bool:
    """[GF-TGT-1]: the target in the viewer's front arc with a clear sight line (the kernel's sight lines)."""
    return bf.in_front_arc(viewer, target) and line_of_sight(bf, viewer, target).has_los


def engages(state: GearfallState, c: CharacterState, e: CharacterState) -> bool:
    """[GF-ENG-1]: ``e`` in ``c``'s melee range and sight; nobody engages or is engaged by one knocked down."""
    reach = reach_of(c)
    if reach is None or e.knocked_down or not e.on_table or e.side == c.side:
        return False
    bf = battlefield(state)
    return bf.distance(c.id, e.id) <= reach + EPS and sees(bf, c.id, e.id)


def in_melee(state: GearfallState, c: CharacterState) -> bool:
    """Engaging or engaged ([GF-ENG-1])."""
    return any(engages(state, c, e) or engages(state, e, c) for e in state.enemies_of(c))


# -- targets ([GF-TGT-1])
def weapon_reaches(state: GearfallState, c: CharacterState, weapon: Weapon, t: CharacterState,
                   engaged: bool | None = None) -> bool:
    """Whether ``c`` may attack ``t`` with ``weapon`` now; ``engaged``: whether ``c`` is in melee, when known."""
    bf = battlefield(state)
    if not sees(bf, c.id, t.id):
        return False
    if weapon.kind is Kind.melee:
        return not c.knocked_down and bf.distance(c.id, t.id) <= melee_range(weapon.reach) + EPS
    assert weapon.range is not None
    if bf.distance(c.id, t.id) > weapon.range + EPS:
        return False
    if engaged is None:
        engaged = in_melee(state, c)
    return not engaged or engages(state, c, t)  # in melee, only what it engages


def targets(state: GearfallState, c: CharacterState, weapon: Weapon, only: str | None = None
            ) -> list[CharacterState]:
    """The enemies ``c`` may attack with ``weapon`` now (only ``only``: a charge's first attack, [GF-CHG-2])."""
    engaged = in_melee(state, c)  # asked once, not once a target
    return [t for t in state.enemies_of(c)
            if (only is None or t.id == only) and weapon_reaches(state, c, weapon, t, engaged)]


# -- an attack's facts, the one reading of the table for the engine, the odds, the AI and the screens
def strike_for(state: GearfallState, c: CharacterState, weapon: Weapon, t: CharacterState, *,
               free: bool = False) -> Strike:
    """The :class:`Strike` of ``c`` attacking ``t`` with ``weapon`` as the table stands."""
    bf = battlefield(state)
    stat, value = c.profile.attack_score(weapon)
    ts = state.turn_state if state.turn_state is not None and state.turn_state.who == c.id else None
    cover = cover_against(bf, c.id, t.id)
    melee = weapon.kind is Kind.melee
    return Strike(
        kind=weapon.kind, attack_stat=stat, attack_value=value, defence=t.profile.DEF, armour=t.profile.ARM,
        power=weapon.power, strength=c.profile.strength if melee else 0,
        back_strike=not free and ts is not None and t.id in ts.behind,
        free_strike=free,
        target_in_melee=not melee and in_melee(state, t),
        engaging_target=engages(state, c, t),
        cover=cover, cover_between=melee and cover is attacks.Cover.solid,
        target_prone=t.prone, attacker_prone=c.prone, target_knocked_down=t.knocked_down,
        critical_knockdown=weapon.critical == "knockdown",
        charge=ts.charged if ts is not None and not free else None)


@dataclass(frozen=True)
class Outcome:
    result: AttackResult
    disabled: bool


def attack(state: GearfallState, c: CharacterState, weapon: Weapon, t: CharacterState, *,
           free: bool = False) -> Outcome:
    """Resolve the attack and apply it: damage boxes marked ([GF-DIS-1]), knocked down ([GF-KD-1]), disabled
    ([GF-DIS-2]); every roll and modifier logged with its rule."""
    s = strike_for(state, c, weapon, t, free=free)
    r = attacks.resolve(state.dice, s)
    what = "free strike" if free else f"{weapon.kind} attack"
    state.emit(GfEvent.GfFreeStrike if free else GfEvent.GfAttack,
               f"{c.label()} {what} with the {weapon.name} at {t.label()}: {r.explain()}",
               attacker=c.id, target=t.id, weapon=weapon.name, dice=list(r.attack.dice), total=r.attack.total,
               against=r.target, hit=r.hit, critical=r.critical, points=r.points,
               modifiers=[m.describe() for m in r.attack.modifiers],
               damage_dice=list(r.damage.dice) if r.damage else [])
    marked = min(r.points, t.boxes_left)
    t.damage += marked
    if t.boxes_left <= 0:
        t.status, t.knocked_down, t.prone = Status.DISABLED, False, False
        state.sides[c.side].score += 1
        state.emit(GfEvent.GfDisabled, f"{t.label()} is disabled: every damage box marked, out of the fight "
                                       "[GF-DIS-1] [GF-DIS-2]", model=t.id)
        return Outcome(r, True)
    if r.knocked_down:
        t.knocked_down = True
        state.emit(GfEvent.GfKnockedDown, f"{t.label()} is knocked down by a critical hit [GF-KD-1]", model=t.id)
    return Outcome(r, False)


# -- back strikes ([GF-ATK-3])
def wholly_behind(enemy: CharacterState, centre: tuple[float, float], radius: float) -> bool:
    """A base of ``radius`` at ``centre`` lies wholly in ``enemy``'s back arc (the half-plane behind it)."""
    fx, fy = math.cos(math.radians(enemy.facing)), math.sin(math.radians(enemy.facing))
    return (centre[0] - enemy.x) * fx + (centre[1] - enemy.y) * fy <= -radius + EPS


def behind_now(state: GearfallState, c: CharacterState) -> tuple[str, ...]:
    return tuple(e.id for e in state.enemies_of(c) if wholly_behind(e, (c.x, c.y), c.radius))


def still_behind(state: GearfallState, ts: TurnState, c: CharacterState, path: tuple[Vec2, ...]) -> tuple[str, ...]:
    """Of the enemies it has been wholly behind all turn, those it stayed behind along ``path`` (a half-plane is
    convex: a path's corners inside it keep the whole path inside)."""
    return tuple(e for e in ts.behind if all(wholly_behind(state.character(e), p, c.radius) for p in path))


# -- moves ([GF-MOVE-1]-[GF-MOVE-5])
def move_allowance(c: CharacterState, movement: Movement) -> float:
    """[GF-MOVE-5]: a prone character's advance is half its SPD."""
    inches = allowance(movement, c.profile.speed)
    return inches / 2 if c.prone and movement is Movement.advance else inches


def route(state: GearfallState, c: CharacterState, point: tuple[float, float], inches: float
          ) -> tuple[Vec2, ...] | str:
    """The path of a move to ``point`` within ``inches``, or why there is none ([GF-MOVE-3]: the table's route;
    the shared table's 1″ rule is Iron & Honor's, not Gearfall's)."""
    bf = battlefield(state)
    if math.dist((c.x, c.y), point) <= EPS:
        return (Vec2(c.x, c.y),)  # turning in place ([GF-MOVE-4])
    found = shortest_route(bf, c.id, point, inches)
    if not found.found or found.move is None:
        return f"{found.reason or 'no route there'} [GF-MOVE-3]"
    refusal = found.move.refusal
    if refusal is not None:
        return f"{refusal.message} [GF-MOVE-3]"
    return found.move.waypoints


def move_points(state: GearfallState, c: CharacterState, inches: float) -> list[dict[str, float]]:
    """Points a move of ``inches`` may end at: where it stands, rings around it, and beside each enemy in reach."""
    pts = [(c.x, c.y)]
    for frac in RING_RADII:
        for k in range(RING_DIRECTIONS):
            a = 2 * math.pi * k / RING_DIRECTIONS
            pts.append((c.x + frac * inches * math.cos(a), c.y + frac * inches * math.sin(a)))
    for e in state.enemies_of(c):
        d = math.dist((c.x, c.y), (e.x, e.y))
        gap = c.radius + e.radius + 0.05
        if d - gap <= inches and d > 0:
            pts.append((e.x + (c.x - e.x) * gap / d, e.y + (c.y - e.y) * gap / d))
    out = [{"x": c.x, "y": c.y}]  # turning in place is always a move ([GF-MOVE-4])
    for p in pts[1:]:
        p = (round(p[0], 3), round(p[1], 3))
        if not isinstance(route(state, c, p, inches), str):
            out.append({"x": p[0], "y": p[1]})
    return out


def placeable(state: GearfallState, c: CharacterState, centre: tuple[float, float]) -> str | None:
    """Why ``c`` cannot be set up at ``centre`` (None: it can): within its zone, on no base, obstacle or
    impassable piece ([GF-SET-1])."""
    sc = state.scenario
    bf = battlefield(state)
    if not bf.in_edge_zone(centre, c.radius, sc.edges[c.side], sc.depth):
        return f"{c.name} must stand wholly {sc.zone_text(c.side)} [GF-SET-1]"
    if bf.overlapping_bases(centre, c.radius, ignore=c.id):
        return "another character stands there [GF-SET-1]"
    if bf.pieces_overlapping(centre, c.radius, CAT_IMPASSABLE | CAT_OBSTACLE):
        return "no character stands on an obstacle or impassable ground [GF-MOVE-3]"
    return None
