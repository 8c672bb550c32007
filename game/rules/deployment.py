"""Setting up an encounter as decisions ([ENC-1]-[ENC-3], [ENC-RES-1], [ENC-RES-2], [ENC-SAL-1], [ENC-SAL-2]).

The set-up roll, the Prisoner's choice and every die come from the game's dice; every
player choice (the table edge, each base's place and facing, each marker, the
Prisoner's place) is a Decision with legal options or a checked point with
candidates, so an illegal placement is refused with its reason. ``AutoDeploy``
answers those same decisions for quick games and the AI.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Generator
from typing import Any

from game.content.party_building import DEFAULT_BASE_MM
from game.geometry.battlefield import CAT_IMPASSABLE, CAT_OBSTACLE, EDGES, OVERLAP_EPS, Battlefield, base_radius
from game.rules import board
from game.rules.decision_kinds import DecisionKind
from game.rules.decisions import Answer, Controller, Decision, Option
from game.rules.encounter import Marker, ZoneShape, zone_of
from game.rules.events import EventKind
from game.rules.state import ON_TABLE, PRISONER, RESERVE, UNDEPLOYED, GameState, ModelState
from game.rules.traits.base import any_hook

Gen = Generator[Decision, Any, Any]
DEPLOYMENT_KINDS = tuple(k for k in DecisionKind if k.setup)  # choose_edge, deploy, deploy_facing, place_*


def encounter_setup(state: GameState) -> Gen:
    """Everything before turn 1, in the order the encounter states ([ENC-3])."""
    enc = state.encounter
    sc = enc.scenario
    for m in state.models.values():
        m.status = UNDEPLOYED
    setup_roll(state)
    if sc.roles is not None and sc.roles.chosen_by != "roll":  # a role chosen by the winner, or given to a party
        from game.rules.scenario_effects import assign_roles

        yield from assign_roles(state)
    if sc.roles is not None:
        for side in (0, 1):
            state.emit(EventKind.Role, f"{enc.role(state, side)}", side=side, role=enc.ref(side), rule="ENC-RES-1")
    if sc.prisoner is not None:
        choose_prisoner(state)
    if sc.reserves:
        from game.rules.scenario_events import hold_reserves

        hold_reserves(state)
    if sc.markers is not None and sc.markers.when == "before_deployment":
        yield from place_markers(state)
    if sc.deployment.edge_chosen_by is not None:
        chooser = enc.side(sc.deployment.edge_chosen_by)
        answer = yield Decision(DecisionKind.choose_edge, chooser,
                                f"{enc.role(state, chooser)}: choose a table edge to deploy "
                                "along", edge_rule(state), [Option(e, f"the {e} edge") for e in EDGES])
        enc.chosen_edge = answer
        state.emit(EventKind.EdgeChosen, f"{enc.role(state, chooser)} chooses the {answer} edge", side=chooser,
                   edge=answer, rule="ENC-2")
    first = enc.side(sc.deployment.first)
    for side in (first, 1 - first):
        yield from deploy_side(state, side)
    if sc.markers is not None and sc.markers.when == "after_deployment":
        yield from place_markers(state)
    if sc.prisoner is not None and enc.prisoner is not None:
        yield from place_prisoner(state)
    enc.deployed = True
    state.emit(EventKind.DeploymentDone, "Deployment is over", rule="ENC-3")


def edge_rule(state: GameState) -> str:
    """The rule by which a side chooses the table edge: the encounter's own (its file names it, e.g.
    [ENC-RES-2]: the Kidnapper chooses), else the common [ENC-3]."""
    enc = state.encounter
    return (enc.scenario.deployment.rule if enc is not None else None) or "ENC-3"


def setup_roll(state: GameState) -> None:
    """[ENC-1]: 1d6 each, +1 for the hero with the higher WP; ties are re-rolled."""
    enc = state.encounter
    wp = [(h.profile.attributes["WP"] if (h := state.hero_of(s)) else 0) for s in (0, 1)]
    bonus = [int(wp[0] > wp[1]), int(wp[1] > wp[0])]
    while True:
        dice = [state.dice.d6(f"{state.sides[s].name}: set-up roll") for s in (0, 1)]
        totals = [dice[s] + bonus[s] for s in (0, 1)]
        text = " vs ".join(f"{state.sides[s].name} {dice[s]}" + (" +1 (hero's WP)" if bonus[s] else "")
                           for s in (0, 1))
        if totals[0] != totals[1]:
            enc.higher = 0 if totals[0] > totals[1] else 1
            state.emit(EventKind.SetupRoll, f"Set-up roll: {text}: {state.sides[enc.higher].name} is higher", dice=dice,
                       totals=totals, higher=enc.higher, rule="ENC-1")
            return
        state.emit(EventKind.SetupRoll,
                   f"Set-up roll: {text}: a tie, roll again", dice=dice, totals=totals, higher=None,
                   rule="ENC-1")


def choose_prisoner(state: GameState) -> None:
    """[ENC-RES-1]: one of the Rescuer's followers, chosen at random, becomes the Prisoner; its die is set aside."""
    enc = state.encounter
    side = enc.side(enc.scenario.prisoner.taken_from)
    followers = [m for m in state.side_models(side) if m.profile.type == "follower"]
    if not followers:
        state.emit(EventKind.NoPrisoner, f"{state.sides[side].name} has no follower to be taken prisoner", side=side,
                   rule="ENC-RES-1")
        return
    pick = followers[state.dice.choice_index(len(followers), "the Prisoner")]
    pick.status = PRISONER
    enc.prisoner = pick.id
    state.emit(EventKind.PrisonerTaken,
               f"{pick.name} of {state.sides[side].name} is taken prisoner; its die is set aside",
               model=pick.id, side=side, rule="ENC-RES-1")


# -- placing bases -----------------------------------------------------------------------------------

def standing_problem(bf: Battlefield, model: ModelState, x: float, y: float) -> str | None:
    r = model.radius
    pieces = bf.pieces_overlapping((x, y), r, CAT_IMPASSABLE | CAT_OBSTACLE)
    if pieces:
        return f"the base would stand on {pieces[0].kind} terrain ({pieces[0].name})"
    others = bf.overlapping_bases((x, y), r, ignore=model.id)
    if others:
        return f"the base would overlap {others[0]}"
    return None


def placement_problem(state: GameState, model: ModelState, zone: ZoneShape, x: float, y: float,
                      bf: Battlefield | None = None) -> str | None:
    """[ENC-3]: why the base cannot be deployed at (x, y), or None (``bf``: the battlefield, when the
    caller asks of many points while nothing moves)."""
    if not Battlefield.on_table((x, y), model.radius):
        return "the whole base must be on the table [ENC-3]"
    if not zone.contains(x, y, model.radius):
        return f"the whole base must lie in its zone, {zone.describe()} [ENC-2]"
    why = standing_problem(bf or board.battlefield(state), model, x, y)
    return f"{why} [ENC-3]" if why else None


def grid(x0: float, y0: float, x1: float, y1: float, step: float) -> list[tuple[float, float]]:
    xs = [x0 + step / 2 + k * step for k in range(max(0, int((x1 - x0) / step)))]
    ys = [y0 + step / 2 + k * step for k in range(max(0, int((y1 - y0) / step)))]
    return [(x, y) for y in ys for x in xs]


def deploy_candidates(state: GameState, model: ModelState, zone: ZoneShape) -> list[dict[str, float]]:
    """The grid spots (1″ apart) where ``placement_problem`` finds nothing wrong, in grid order.

    The table, zone and terrain tests depend on the map, the zone and the base's size alone, so the spots that
    pass them are worked out once per map (``open_spots``); only the bases placed since are tested here, with
    ``overlapping_bases``' own test."""
    bf = board.battlefield(state)
    r, me = model.radius, model.id
    spots = open_spots(bf, zone, r)
    xs, order = _columns(bf, zone, r)
    taken: set[int] = set()
    for dx, dy, dr, bid in bf.discs():
        if bid == me:
            continue
        reach = r + dr - OVERLAP_EPS
        for i in order[bisect_left(xs, dx - reach):bisect_right(xs, dx + reach)]:  # only the spots beside it
            x, y = spots[i]
            if math.hypot(x - dx, y - dy) < reach:
                taken.add(i)
    return [{"x": x, "y": y} for i, (x, y) in enumerate(spots) if i not in taken]


def _columns(bf: Battlefield, zone: ZoneShape, radius: float) -> tuple[list[float], list[int]]:
    """``open_spots`` sorted by x (the xs, and each one's place in the list): a base tests only its neighbours."""
    key = ("deploy columns", zone, radius)
    found = bf.terrain_memo.get(key)
    if found is None:
        spots = open_spots(bf, zone, radius)
        order = sorted(range(len(spots)), key=lambda i: spots[i][0])
        found = bf.terrain_memo[key] = ([spots[i][0] for i in order], order)
    return found


def open_spots(bf: Battlefield, zone: ZoneShape, radius: float) -> list[tuple[float, float]]:
    """The grid spots in ``zone`` where a base of ``radius`` is wholly on the table and in the zone and stands on
    no impassable or obstacle terrain ([ENC-2], [ENC-3]): a pure function of the map, remembered with its
    terrain answers."""
    key = ("deploy spots", zone, radius)
    found = bf.terrain_memo.get(key)
    if found is None:
        x0, y0, x1, y1 = zone.bounds()
        found = []
        for x, y in grid(x0, y0, x1, y1, 1.0):
            # pull spots at the zone's rim inwards so a base of any size fits
            x = min(max(x, x0 + radius), x1 - radius)
            y = min(max(y, y0 + radius), y1 - radius)
            if Battlefield.on_table((x, y), radius) and zone.contains(x, y, radius) and \
                    not bf.pieces_overlapping((x, y), radius, CAT_IMPASSABLE | CAT_OBSTACLE):
                found.append((x, y))
        bf.terrain_memo[key] = found
    return found


def deploy_side(state: GameState, side: int) -> Gen:
    """[ENC-3]: the whole party, base by base, each wholly in the zone, facing chosen when placed."""
    enc = state.encounter
    zone = zone_of(state, side)
    for model in [m for m in state.side_models(side) if m.status == UNDEPLOYED]:
        if any_hook(model, "deploys_in_reserve"):
            model.status = RESERVE
            state.emit(EventKind.HeldInAmbush,
                       f"{model.name} is held back in ambush", model=model.id, rule="T-AMBUSH-1")
            continue
        spots = deploy_candidates(state, model, zone)
        if not spots:  # RULING: no room at all (a crowded map): the model cannot take part
            model.status = RESERVE
            state.emit(EventKind.NoRoom,
                       f"No room left in the zone for {model.name}: it waits in reserve", model=model.id,
                       rule="ENC-3")
            continue

        def check(point: dict[str, float], model: ModelState = model) -> str | None:
            return placement_problem(state, model, zone, point["x"], point["y"])

        point = yield Decision(DecisionKind.deploy, side,
                               f"{enc.role(state, side)}: place {model.name} {zone.describe()}",
                               "ENC-3", free="point", check=check,
                               context={"model": model.id, "candidates": spots, "zone": zone.describe()})
        model.x, model.y = point["x"], point["y"]
        model.status = ON_TABLE
        state.touch()  # placed: the facing is asked of the table with the model on it
        facing = yield Decision(DecisionKind.deploy_facing, side,
                                f"{model.name}: facing (degrees)", "ENC-3", free="angle",
                                context={"model": model.id, "current": model.facing})
        model.facing = facing
        state.emit(EventKind.Deployed, f"{model.name} deploys at ({model.x:.1f}, {model.y:.1f}) facing {facing:.0f}°",
                   model=model.id, side=side, at=[model.x, model.y], facing=facing, rule="ENC-3")
        board.battlefield(state)


SMALLEST_BASE_RADIUS = base_radius(DEFAULT_BASE_MM)  # [DIG-2]: an ordinary model's base
CONTACT_BEARINGS = 24  # where a touching base is tried around a marker: every 15°


def marker_problem(state: GameState, x: float, y: float, bf: Battlefield | None = None) -> str | None:
    """[ENC-SAL-1]: the centre far enough from every edge and from every other marker's centre, and
    somewhere a model could stand in base contact with it."""
    m = state.encounter.scenario.markers
    edge = min(x, y, state.battle_map.size - x, state.battle_map.size - y)
    if edge < m.min_from_edges - 1e-9:
        return f"a marker's centre must be at least {m.min_from_edges:g}″ from every table edge [ENC-SAL-1]"
    for other in state.encounter.markers:
        gap = math.hypot(other.x - x, other.y - y)
        if gap < m.min_apart - 1e-9:
            return (f"a marker's centre must be at least {m.min_apart:g}″ from every other marker's centre "
                    f"({other.id} is {gap:.2f}″ away) [ENC-SAL-1]")
    why = unreachable_marker(bf or board.battlefield(state), x, y, base_radius(m.diameter_mm))
    return f"{why} [ENC-SAL-1]" if why else None


def unreachable_marker(bf: Battlefield, x: float, y: float, radius: float) -> str | None:
    """RULING [ENC-SAL-1]: why no model could stand in base contact with a marker here, or None.

    No part of the marker on impassable terrain, and an ordinary (25 mm) base touching it
    wholly on the table and off impassable terrain and obstacles.
    """
    pieces = bf.pieces_overlapping((x, y), radius, CAT_IMPASSABLE)
    if pieces:
        return f"the marker would lie on impassable terrain ({pieces[0].name})"
    reach = radius + SMALLEST_BASE_RADIUS
    for k in range(CONTACT_BEARINGS):
        a = 2 * math.pi * k / CONTACT_BEARINGS
        spot = (x + reach * math.cos(a), y + reach * math.sin(a))
        if Battlefield.on_table(spot, SMALLEST_BASE_RADIUS) and not bf.pieces_overlapping(
                spot, SMALLEST_BASE_RADIUS - 1e-6, CAT_IMPASSABLE | CAT_OBSTACLE):
            return None
    return "no model could stand in base contact with the marker there"


def place_markers(state: GameState) -> Gen:
    """[ENC-SAL-1]: starting with the named side, the players alternate placing markers."""
    enc = state.encounter
    m = enc.scenario.markers
    if m.at is not None:
        place_fixed_markers(state)
        return
    side = enc.side(m.first)
    for n in range(m.per_side * 2):
        bf = board.battlefield(state)
        spots = [{"x": float(x), "y": float(y)} for y in range(37) for x in range(37)
                 if marker_problem(state, x, y, bf) is None]
        if not spots:  # RULING: earlier markers can leave no legal place; this one is not placed
            state.emit(EventKind.MarkerNotPlaced, f"No legal place is left for {m.name} {n + 1}: it is not placed",
                       side=side, rule="ENC-SAL-1", fault="markers")
            side = 1 - side
            continue

        def check(point: dict[str, float]) -> str | None:
            return marker_problem(state, point["x"], point["y"])

        point = yield Decision(DecisionKind.place_marker, side, f"{enc.role(state, side)}: place {m.name} {n + 1} of "
                               f"{m.per_side * 2}", "ENC-SAL-1", free="point", check=check,
                               context={"candidates": spots})
        marker = Marker(f"M{n + 1}", point["x"], point["y"], base_radius(m.diameter_mm), side)
        enc.markers.append(marker)
        state.emit(EventKind.MarkerPlaced, f"{state.sides[side].name} places {m.name} {marker.id} at "
                   f"({marker.x:.1f}, {marker.y:.1f})", side=side, marker=marker.id, at=[marker.x, marker.y],
                   rule="ENC-SAL-1")
        side = 1 - side


def place_fixed_markers(state: GameState) -> None:
    """Markers standing where the scenario says (``markers.at``); one no model could touch is a fault
    of the scenario on this map ([ENC-SAL-1] ruling), reported and left out."""
    enc = state.encounter
    m = enc.scenario.markers
    r = base_radius(m.diameter_mm)
    for n, (x, y) in enumerate(m.at or []):
        why = unreachable_marker(board.battlefield(state), x, y, r)
        if why:
            state.emit(EventKind.MarkerNotPlaced, f"{m.name} M{n + 1} cannot stand at ({x:g}, {y:g}): {why}",
                       marker=f"M{n + 1}", rule="ENC-SAL-1", fault="markers")
            continue
        enc.markers.append(Marker(f"M{n + 1}", float(x), float(y), r, None))
        state.emit(EventKind.MarkerPlaced, f"{m.name} M{n + 1} stands at ({x:g}, {y:g})", marker=f"M{n + 1}",
                   at=[float(x), float(y)], rule="ENC-SAL-1")


def prisoner_problem(state: GameState, model: ModelState, x: float, y: float) -> str | None:
    """[ENC-RES-2]: at least 6″ from every table edge and from every other model."""
    rules = state.encounter.scenario.prisoner
    r = model.radius
    if min(x, y, state.battle_map.size - x, state.battle_map.size - y) - r < rules.min_from_edges - 1e-9:
        return f"the Prisoner must be at least {rules.min_from_edges:g}″ from every table edge [ENC-RES-2]"
    for other in state.on_table():
        gap = math.hypot(other.x - x, other.y - y) - r - other.radius
        if gap < rules.min_from_models - 1e-9:
            return (f"the Prisoner must be at least {rules.min_from_models:g}″ from every other model "
                    f"({other.name} is {gap:.2f}″ away) [ENC-RES-2]")
    why = standing_problem(board.battlefield(state), model, x, y)
    return f"{why} [ENC-RES-2]" if why else None


def place_prisoner(state: GameState) -> Gen:
    """[ENC-RES-2]: the Kidnapper places the Prisoner after both sides have deployed."""
    enc = state.encounter
    model = state.model(enc.prisoner)
    placer = enc.side(enc.scenario.prisoner.placed_by)
    size = state.battle_map.size
    spots = [{"x": x, "y": y} for x, y in grid(0, 0, size, size, 1.0) if prisoner_problem(state, model, x, y) is None]
    if not spots:  # RULING: nowhere legal: it stays off the table and cannot be rescued
        state.emit(EventKind.PrisonerNotPlaced, f"No legal place for {model.name}: it cannot be rescued; the scenario "
                   "cannot be set up as written", model=model.id, rule="ENC-RES-2", fault="prisoner")
        return

    def check(point: dict[str, float]) -> str | None:
        return prisoner_problem(state, model, point["x"], point["y"])

    point = yield Decision(DecisionKind.place_prisoner, placer,
                           f"{enc.role(state, placer)}: place the Prisoner {model.name} "
                           "at least 6″ from every edge and every model", "ENC-RES-2", free="point", check=check,
                           context={"model": model.id, "candidates": spots})
    model.x, model.y = point["x"], point["y"]
    state.touch()  # placed: the facing is asked of the table with the Prisoner on it
    facing = yield Decision(DecisionKind.deploy_facing, placer,
                            f"{model.name}: facing (degrees)", "ENC-RES-2", free="angle",
                            context={"model": model.id, "current": model.facing})
    model.facing = facing
    state.emit(EventKind.PrisonerPlaced, f"{state.sides[placer].name} places the Prisoner {model.name} at "
               f"({model.x:.1f}, {model.y:.1f})", model=model.id, at=[model.x, model.y], rule="ENC-RES-2")
    board.battlefield(state)


# -- automatic deployment ------------------------------------------------------------------------------

def auto_answer(state: GameState, decision: Decision) -> Answer:
    """A sensible legal answer to a set-up decision: spread along the zone's inner half, facing the centre."""
    if decision.kind in ("choose_edge", "choose_role"):
        return decision.choices()[0]
    mid = state.battle_map.size / 2  # the table's centre
    if decision.kind == "deploy_facing":
        model = state.model(decision.context["model"])
        return round(math.degrees(math.atan2(mid - model.y, mid - model.x)) % 360.0, 3)
    candidates = decision.context.get("candidates") or []
    if decision.kind == "place_marker":
        return _marker_spot(state, [p for p in candidates if decision.check is None or decision.check(p) is None])
    if decision.kind == "place_prisoner":
        return min(candidates, key=lambda p: (math.hypot(p["x"] - mid, p["y"] - mid), p["y"], p["x"]))
    # deploy: the row nearest the zone's middle depth, spread out from the table's centre line
    placed = [(m.x, m.y) for m in state.side_models(decision.side) if m.on_table]
    # min(candidates, key=(-crowd, distance to the centre, x, y)), the first of equals, with the key's parts worked
    # out only as far as the comparison needs them: crowd, the distance to the nearest friend placed, counted up
    # to 2.5″ (one further off along an axis is further off than that)
    best: dict[str, float] | None = None
    top = (0.0, 0.0, 0.0, 0.0)
    for p in candidates:
        px, py = p["x"], p["y"]
        crowd = 2.5
        for x, y in placed:
            if -2.5 < px - x < 2.5 and -2.5 < py - y < 2.5:
                crowd = min(crowd, math.hypot(px - x, py - y))
        if best is not None and -crowd > top[0]:
            continue  # more crowded than the best so far: its key is greater
        key = (-crowd, math.hypot(px - mid, py - mid), px, py)
        if best is None or key < top:
            best, top = p, key
    if best is None:
        raise ValueError("min() arg is an empty sequence")
    return best


def _marker_spot(state: GameState, spots: list[dict[str, float]]) -> dict[str, float]:
    """The spot that leaves the most room for the markers still to come (so all of them fit), then the
    farthest from the markers already down, then the nearest the middle of the legal area."""
    rules = state.encounter.scenario.markers
    half = state.battle_map.size / 2
    centre = min(spots, key=lambda p: math.hypot(p["x"] - half, p["y"] - half))

    def room(p: dict[str, float]) -> int:
        return sum(math.hypot(q["x"] - p["x"], q["y"] - p["y"]) >= rules.min_apart - 1e-9 for q in spots)

    def key(p: dict[str, float]) -> tuple[float, ...]:
        apart = min((math.hypot(p["x"] - m.x, p["y"] - m.y) for m in state.encounter.markers), default=0.0)
        return (room(p), apart, -abs(p["x"] - centre["x"]) - abs(p["y"] - centre["y"]))

    return max(spots, key=key)


class AutoDeploy:
    """Wraps a controller: set-up decisions are answered by :func:`auto_answer`, the rest by the controller
    (and the set-up decisions it plans itself: those its ``setup_kinds`` names, e.g. a level that deploys)."""

    def __init__(self, inner: Controller):
        self.inner = inner

    def decide(self, state: Any, decision: Decision) -> Answer:
        if (decision.kind in DEPLOYMENT_KINDS or decision.kind == "arrive_place") \
                and decision.kind not in getattr(self.inner, "setup_kinds", ()):  # reinforcements: as deployed
            return auto_answer(state, decision)
        return self.inner.decide(state, decision)
