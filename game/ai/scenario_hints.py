"""What a side's scenario asks of its AI: the ``ai:`` block of a scenario file (game.content.scenario_schema
SideHints), read here and nowhere else, so the candidates and the steering ask questions ("how much more is
this enemy worth?", "where should this model hold?") and never walk the YAML's structure themselves.

Every answer is neutral without hints (a factor of 1.0, no goal, the point unchanged), so a scenario without an
``ai:`` block plays exactly as before.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from game.content.scenario_checks import region_names
from game.content.scenario_schema import HintModel, HintRegion, Region, SideHints
from game.rules import board
from game.rules.scenario_triggers import in_region, region_centre, who_matches
from game.rules.state import GameState, ModelState

NEAR_PROTECTED = 8.0  # inches: an enemy this near a protected model (a charge's reach) threatens it
AVOID_INCHES = 6.0  # inches nearer the goal an end point in an avoided region must be, per unit of its value
HOLD_FALLOFF = 6.0  # inches over which a hold region's pull halves (as an objective's: Appraiser.objective_pull)

Point = tuple[float, float]


def asked(state: GameState, side: int) -> SideHints | None:
    """The hints the scenario gives ``side`` (under its role's name or its set-up ref), None when it gives none."""
    enc = state.encounter
    if enc is None or not enc.scenario.ai:
        return None
    for key, hints in enc.scenario.ai.items():
        if enc.named_side(key) == side:
            return hints
    return None


def _place(state: GameState, hint: HintRegion) -> Region:
    """The region a hint means: drawn in the hint, or the scenario's region of that name."""
    if hint.polygon is not None or hint.circle is not None:
        return hint
    assert state.encounter is not None
    named: Region = region_names(state.encounter.scenario)[hint.name]
    return named


def _factor(state: GameState, marks: Sequence[HintModel], model: ModelState) -> float:
    assert state.encounter is not None
    return max((mark.value for mark in marks if who_matches(state.encounter, mark, model)), default=1.0)


# -- hold ---------------------------------------------------------------------------------------------------

def hold_goal(state: GameState, m: ModelState) -> Point | None:
    """Where ``m`` should be to keep the regions its side is asked to hold: where it stands when already in one,
    else the centre of the one whose value, over the distance, pulls most; None without hold hints."""
    hints = asked(state, m.side)
    if hints is None or not hints.hold:
        return None
    places = [(_place(state, h), h.value) for h in hints.hold]
    if any(in_region(region, m) for region, _ in places):
        return m.x, m.y
    best = max(places, key=lambda p: p[1] / (1 + _gap(m, region_centre(p[0])) / HOLD_FALLOFF))
    return region_centre(best[0])


def hold_pull(state: GameState, m: ModelState) -> float:
    """For a model outside every region its side is asked to hold, and free to walk (not engaged): like an
    objective's pull (near 1 beside it) times the hint's value, the most any of them asks; 0.0 for a model
    already holding one (it stays: :func:`chase_factor`) or without hold hints."""
    hints = asked(state, m.side)
    if hints is None or not hints.hold or board.is_engaged(state, m):
        return 0.0
    places = [(_place(state, h), h.value) for h in hints.hold]
    if any(in_region(region, m) for region, _ in places):
        return 0.0
    return max(value / (1 + _gap(m, region_centre(region)) / HOLD_FALLOFF) for region, value in places)


def chase_factor(state: GameState, m: ModelState, e: ModelState) -> float:
    """What going after enemy ``e`` is worth to ``m``, as a factor: less, by the region's value, for a model in a
    region its side is asked to hold when ``e`` stands outside it (chasing it would give the region up)."""
    hints = asked(state, m.side)
    if hints is None or not hints.hold:
        return 1.0
    given_up = [h.value for h in hints.hold for region in (_place(state, h),)
                if in_region(region, m) and not in_region(region, e)]
    return 1.0 / (1.0 + max(given_up)) if given_up else 1.0


# -- avoid --------------------------------------------------------------------------------------------------

def avoid_cost(state: GameState, m: ModelState, x: float, y: float) -> float:
    """Inches a move of ``m`` ending at (x, y) is charged for ending in regions its side is asked to avoid."""
    hints = asked(state, m.side)
    if hints is None or not hints.avoid:
        return 0.0
    probe = _at(m, x, y)
    return sum(AVOID_INCHES * h.value for h in hints.avoid if in_region(_place(state, h), probe))


def steer_clear(state: GameState, m: ModelState, point: dict[str, float] | None, goal: Point,
                candidates: Sequence[dict[str, float]],
                check: Callable[[dict[str, float]], object] | None) -> dict[str, float] | None:
    """The end point chosen, or, when it lies in a region ``m``'s side is asked to avoid, the offered point
    (accepted by ``check``) nearest the goal once each avoided region's cost is added."""
    hints = asked(state, m.side)
    if point is None or hints is None or not hints.avoid or not avoid_cost(state, m, point["x"], point["y"]):
        return point

    def cost(p: dict[str, float]) -> float:
        return math.hypot(p["x"] - goal[0], p["y"] - goal[1]) + avoid_cost(state, m, p["x"], p["y"])

    ranked = sorted([point, *candidates, {"x": m.x, "y": m.y}], key=cost)
    return next((p for p in ranked if check is None or check(p) is None), point)


# -- protect, hunt, caution ---------------------------------------------------------------------------------

def hunt_factor(state: GameState, e: ModelState) -> float:
    """How many times its kill value enemy ``e`` is worth to the side hunting it (1.0: not hunted)."""
    hints = asked(state, 1 - e.side)
    return 1.0 if hints is None or not hints.hunt else _factor(state, hints.hunt, e)


def guard_factor(state: GameState, m: ModelState, e: ModelState) -> float:
    """How many times more enemy ``e`` is worth to ``m`` for standing within reach of a model ``m``'s side is
    asked to protect (1.0: none near)."""
    hints = asked(state, m.side)
    if hints is None or not hints.protect:
        return 1.0
    near = [f for f in state.friends_of(m) if f.on_table and _gap(e, (f.x, f.y)) - e.radius - f.radius
            <= NEAR_PROTECTED]
    return max((_factor(state, hints.protect, f) for f in near), default=1.0)


def caution(state: GameState, side: int) -> float:
    """How much ``side`` weighs its own losses against the enemy's (1.0: as the AI does without hints)."""
    hints = asked(state, side)
    return 1.0 if hints is None else hints.caution


def _gap(m: ModelState, p: Point) -> float:
    return math.hypot(m.x - p[0], m.y - p[1])


def _at(m: ModelState, x: float, y: float) -> ModelState:
    """``m`` as if it stood at (x, y) (what a region asks of a model: where its base's centre is)."""
    from dataclasses import replace

    return replace(m, x=x, y=y)
