"""Scenario (encounter) files, the checks the schema cannot make: zones that hold a base, pieces on the table,
markers that fit, scoring, sides, events and victory that agree. Each problem names its key path and line."""

from __future__ import annotations

import math
from typing import Any

from shapely.geometry import MultiPoint, Polygon

from game.content.maps import MAX_CORNERS, TABLE_SIZE, corners_problem, polygon_defect
from game.content.party_building import DEFAULT_BASE_MM
from game.content.scenario_schema import (
    COMBINATIONS,
    EDGE_NAMES,
    MARKER_STEP,
    MOMENTS,
    STANDARD_BASE_IN,
    STATES,
    Arrival,
    Effect,
    Markers,
    PieceEntry,
    RollTable,
    ScenarioFile,
    ScoringEntry,
    Trigger,
    VariablePoints,
    Who,
    Zone,
    faces,
)
from game.content.yaml_loader import Document, KeyPath
from game.core.errors import Problem


def _polygon_problems(doc: Document, path: KeyPath, polygon: list[list[float]]) -> list[Problem]:
    pts = [(float(p[0]), float(p[1])) for p in polygon]
    if len(pts) < 3:
        return [doc.problem(path, f"a polygon needs at least 3 points, found {len(pts)}")]
    if len(pts) > MAX_CORNERS:
        return [doc.problem(path, corners_problem(len(pts)))]
    out = [doc.problem(path + (k,), f"point [{x:g}, {y:g}] is off the table (x and y must be within 0..36)")
           for k, (x, y) in enumerate(pts) if not (0 <= x <= TABLE_SIZE and 0 <= y <= TABLE_SIZE)]
    defect = polygon_defect(pts)
    if defect:
        out.append(doc.problem(path, defect))
    return out


def _zone_problems(doc: Document, data: ScenarioFile) -> list[Problem]:
    out: list[Problem] = []
    dep = data.deployment
    chosen = dep.edge_chosen_by is not None
    depths: dict[str, float] = {}
    for side in ("higher", "lower"):
        zone: Zone = getattr(dep.zones, side)
        path: KeyPath = ("deployment", "zones", side)
        if (zone.edge is None) == (zone.polygon is None):
            out.append(doc.problem(path, "a zone needs either 'edge' with 'depth' or 'polygon' [ENC-2]"))
            continue
        if zone.polygon is not None:
            if zone.depth is not None:
                out.append(doc.problem(path + ("depth",), "'depth' goes with 'edge', not with 'polygon'"))
            shape = _polygon_problems(doc, path + ("polygon",), zone.polygon)
            out += shape or _room_problems(doc, path + ("polygon",), zone.polygon)
            continue
        if zone.depth is None:
            out.append(doc.problem(path, "an edge zone needs 'depth' (inches from the edge inwards) [ENC-2]"))
            continue
        if zone.depth < STANDARD_BASE_IN:
            out.append(doc.problem(path + ("depth",), f"a zone {zone.depth:g}″ deep cannot hold a single base: a "
                                                      f"standard base is {DEFAULT_BASE_MM:g} mm "
                                                      f"({STANDARD_BASE_IN:.2f}″) across [ENC-2] [DIG-2]"))
        if zone.depth > TABLE_SIZE / 2:
            out.append(doc.problem(path + ("depth",), f"a zone of {zone.depth:g}″ reaches past the table's middle; "
                                                      f"at most {TABLE_SIZE / 2:g}″"))
        if zone.edge in ("chosen", "opposite") and not chosen:
            out.append(doc.problem(path + ("edge",), f"edge '{zone.edge}' needs deployment.edge_chosen_by"))
        depths[zone.edge or ""] = zone.depth
    if chosen and not any(getattr(dep.zones, s).edge == "chosen" for s in ("higher", "lower")):
        out.append(doc.problem(("deployment", "edge_chosen_by"), "no zone uses the chosen edge ('edge: chosen')"))
    same = [e for e in ("chosen", "opposite", *EDGE_NAMES)
            if dep.zones.higher.edge == e and dep.zones.lower.edge == e and dep.zones.higher.polygon is None]
    if same:
        out.append(doc.problem(("deployment", "zones"), f"both sides deploy along the same edge '{same[0]}'"))
    pairs = (("chosen", "opposite"), ("top", "bottom"), ("left", "right"))
    for a, b in pairs:
        if a in depths and b in depths and depths[a] + depths[b] > TABLE_SIZE:
            out.append(doc.problem(("deployment", "zones"), f"the zones overlap: {depths[a]:g}″ + {depths[b]:g}″ "
                                                            f"is more than the table's {TABLE_SIZE:g}″"))
    return out


def _room_problems(doc: Document, path: KeyPath, polygon: list[list[float]]) -> list[Problem]:
    """[ENC-2]: a polygon zone must hold at least one standard base wholly inside it.

    The zone shrunk by a base's radius (GEOS's inward buffer, O(n log n)) is where a base's centre
    may stand; if nothing is left, every model would wait in reserve and the game be played by nobody.
    """
    import shapely

    inner = shapely.Polygon([(float(x), float(y)) for x, y in polygon]).buffer(-STANDARD_BASE_IN / 2)
    if inner.is_empty:
        return [doc.problem(path, f"this zone cannot hold a single base: no spot in it fits a standard "
                                  f"{DEFAULT_BASE_MM:g} mm ({STANDARD_BASE_IN:.2f}″) base wholly inside "
                                  "[ENC-2] [DIG-2]")]
    return []


def circle_polygon(centre: list[float], diameter: float, sides: int = 12) -> list[tuple[float, float]]:
    """A circle as a regular polygon whose corners lie on the circle (so it is at most ``diameter`` across)."""
    r = diameter / 2
    return [(round(centre[0] + r * math.cos(2 * math.pi * k / sides), 6),
             round(centre[1] + r * math.sin(2 * math.pi * k / sides), 6)) for k in range(sides)]


def piece_polygon(piece: PieceEntry) -> list[tuple[float, float]]:
    if piece.circle is not None:
        return circle_polygon(piece.circle.centre, piece.circle.diameter)
    return [(float(x), float(y)) for x, y in piece.polygon or []]


def diameter(points: list[tuple[float, float]]) -> float:
    """The greatest distance between two of the points: between two corners of their convex hull (shapely's).
    Every pair of corners for a hull of any piece the format allows; rotating calipers for a longer one (a
    polygon of 20,000 corners is measured in linear time before it is refused)."""
    if not points:
        return 0.0
    hull = MultiPoint(points).convex_hull
    if isinstance(hull, Polygon) and len(hull.exterior.coords) > 4 * MAX_CORNERS:
        return hull_diameter(list(hull.exterior.coords)[:-1])
    corners = list(hull.exterior.coords) if isinstance(hull, Polygon) else list(hull.coords)
    return max(math.dist(a, b) for a in corners for b in corners)


def hull_diameter(corners: list[tuple[float, float]]) -> float:
    """The greatest distance between two corners of a convex polygon (its corners in order, none repeated):
    rotating calipers, each edge with the corner farthest from its line, in linear time."""

    def height(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> float:
        return abs((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]))

    n = len(corners)
    if n < 3:
        return max((math.dist(a, b) for a in corners for b in corners), default=0.0)
    best, j = 0.0, 1
    for i in range(n):
        a, b = corners[i], corners[(i + 1) % n]
        while height(a, b, corners[(j + 1) % n]) > height(a, b, corners[j]):  # strictly: it cannot cycle
            j = (j + 1) % n
        best = max(best, math.dist(a, corners[j]), math.dist(b, corners[j]))
    return best


def _piece_problems(doc: Document, data: ScenarioFile) -> list[Problem]:
    out: list[Problem] = []
    seen: set[str] = set()
    for i, piece in enumerate(data.pieces):
        path: KeyPath = ("pieces", i)
        if piece.id in seen:
            out.append(doc.problem(path + ("id",), f"duplicate piece id '{piece.id}'"))
        seen.add(piece.id)
        out += one_piece_problems(doc, path, piece)
    return out


def one_piece_problems(doc: Document, path: KeyPath, piece: PieceEntry) -> list[Problem]:
    """One piece's shape and keys (a scenario's own, or one an event adds or puts in another's place)."""
    out: list[Problem] = []
    if (piece.polygon is None) == (piece.circle is None):
        out.append(doc.problem(path, "a piece needs either 'polygon' or 'circle'"))
        return out
    if piece.blocks_los is not None and piece.kind != "impassable":
        out.append(doc.problem(path + ("blocks_los",), "blocks_los applies to impassable pieces only"))
    if piece.cross_cost is not None and piece.kind != "obstacle":
        out.append(doc.problem(path + ("cross_cost",), "cross_cost applies to obstacles only"))
    if piece.polygon is not None:
        out += _polygon_problems(doc, path + ("polygon",), piece.polygon)
    else:
        pts = piece_polygon(piece)
        if any(not (0 <= x <= TABLE_SIZE and 0 <= y <= TABLE_SIZE) for x, y in pts):
            out.append(doc.problem(path + ("circle",), f"the circle reaches off the {TABLE_SIZE:g}″ table"))
    pts = piece_polygon(piece)
    across = diameter(pts)
    if piece.max_across is not None and across > piece.max_across + 1e-9:
        out.append(doc.problem(path, f"the piece is {across:.2f}″ across, more than its max_across "
                                     f"{piece.max_across:g}″ [ENC-LMK-1]"))
    return out


def side_ref(data: ScenarioFile, name: str) -> str | None:
    """``higher``/``lower`` for a side named as such or by its role (case and spacing ignored), else None."""
    key = name.strip().casefold()
    if key in ("higher", "lower"):
        return key
    roles = data.roles
    for ref in ("higher", "lower"):
        role = getattr(roles, ref) if roles is not None else None
        if role is not None and role.strip().casefold() == key:
            return ref
    return None


def _event_problems(doc: Document, data: ScenarioFile) -> list[Problem]:
    """Each trigger and effect says one thing; names point at what exists."""
    out: list[Problem] = []
    entry_names = {e.name for e in data.scoring if e.name}
    reserved = {side_ref(data, r.side) for r in data.reserves}
    for i, event in enumerate(data.events):
        out += when_problems(doc, data, ("events", i, "when"), event.when, moments=True)
        if not event.do:
            out.append(doc.problem(("events", i, "do"), "an event needs at least one effect"))
        for j, effect in enumerate(event.do):
            out += _effect_problems(doc, data, ("events", i, "do", j), effect, entry_names, reserved)
    return out


def effects_within(path: KeyPath, effects: list[Effect]) -> list[tuple[KeyPath, Effect]]:
    """Effects with their key paths under ``path``, those in a d6 table's rows too (any row may come up)."""
    out: list[tuple[KeyPath, Effect]] = []
    for j, effect in enumerate(effects):
        out.append((path + (j,), effect))
        if effect.roll is not None:
            for key, row in effect.roll.d6.items():
                out += effects_within(path + (j, "roll", "d6", key), row)
    return out


def effects_of(data: ScenarioFile) -> list[tuple[KeyPath, Effect]]:
    """Every effect of the file's events with its key path, those in a d6 table's rows too, in file order."""
    return [found for i, event in enumerate(data.events) for found in effects_within(("events", i, "do"), event.do)]


def _effect_problems(doc: Document, data: ScenarioFile, path: KeyPath, effect: Effect, entry_names: set[str],
                     reserved: set[str | None]) -> list[Problem]:
    """One effect says one thing, and what it names exists; a d6 table's rows are checked as effects too."""
    out: list[Problem] = []
    given = [k for k in Effect.model_fields if getattr(effect, k) is not None]
    if len(given) != 1:
        return [doc.problem(path, f"an effect needs exactly one of {', '.join(Effect.model_fields)} "
                                  f"(found {', '.join(given) or 'none'})")]
    out += _variable_effect_problems(doc, data, path, effect)
    for key in ("scoring_on", "scoring_off"):
        name = getattr(effect, key)
        if name is not None and name not in entry_names:
            out.append(doc.problem(path + (key,), f"no scoring entry is named '{name}' (named: "
                                                  f"{', '.join(sorted(entry_names)) or 'none'})"))
    arrival = effect.reinforcements
    if arrival is not None:
        out += _reinforcement_problems(doc, data, path + ("reinforcements",), arrival, reserved)
    if effect.add_piece is not None:
        out += one_piece_problems(doc, path + ("add_piece",), effect.add_piece)
    if effect.replace_piece is not None:
        out += one_piece_problems(doc, path + ("replace_piece", "with"), effect.replace_piece.with_)
    if effect.roll is not None:
        out += _roll_problems(doc, data, path + ("roll", "d6"), effect.roll.d6, entry_names, reserved)
    return out


def _reinforcement_problems(doc: Document, data: ScenarioFile, path: KeyPath, arrival: Arrival,
                            reserved: set[str | None]) -> list[Problem]:
    """Where they arrive (the event's place, or every reserve of the side has its own), and which models."""
    out: list[Problem] = []
    ref = side_ref(data, arrival.side)
    if arrival.party is not None:  # a party file joins the side: no reserve is needed, the event says where
        if arrival.models is not None:
            out.append(doc.problem(path + ("models",), "reinforcements bring the side's held-back 'models' or a "
                                                       "'party' file's models, not both"))
        if (arrival.edge is None) == (arrival.at is None):
            out.append(doc.problem(path, "a party's reinforcements arrive at an 'edge' or 'at' a point "
                                         "(exactly one)"))
        return out
    own = [r for r in data.reserves if side_ref(data, r.side) == ref]
    placed = bool(own) and all(r.arrival is not None for r in own)
    if (arrival.edge is not None and arrival.at is not None) or (arrival.edge is None and arrival.at is None
                                                                 and not placed):
        out.append(doc.problem(path, "reinforcements arrive at an 'edge' or 'at' a point (exactly one)"
                                     + ("" if arrival.edge is not None else
                                        ", unless each reserve of the side says its own 'arrival'")))
    if ref is not None and ref not in reserved:
        out.append(doc.problem(path + ("side",), f"'{arrival.side}' holds no models back: add a 'reserves' entry"))
    if arrival.models is not None:
        if not arrival.models:
            out.append(doc.problem(path + ("models",), "name at least one model (or leave 'models' out: all of them)"))
        names = {n.strip().casefold() for r in own for n in (r.models or [])}
        held = ", ".join(n for r in own for n in r.models or [])
        if own and all(r.models is not None for r in own):  # the reserves name theirs: these must be among them
            out += [doc.problem(path + ("models", k), f"no reserve of '{arrival.side}' holds back a model named "
                                                      f"'{name}' (held back: {held})")
                    for k, name in enumerate(arrival.models) if name.strip().casefold() not in names]
    return out


def _roll_problems(doc: Document, data: ScenarioFile, path: KeyPath, table: dict[int | str, list[Effect]],
                   entry_names: set[str], reserved: set[str | None]) -> list[Problem]:
    """A d6 table: each row names faces (3, "3", "2-4"), each face 1..6 in exactly one row; each row's effects."""
    out: list[Problem] = []
    seen: dict[int, int | str] = {}
    for key, row in table.items():
        found = faces(key)
        if found is None:
            out.append(doc.problem(path + (key,), f"'{key}' is not a face or range of faces of a d6 (write 3, "
                                                  "\"3\" or \"2-4\", faces 1 to 6, the lower first)"))
            continue
        for face in found:
            if face in seen:
                out.append(doc.problem(path + (key,), f"face {face} is in two rows: '{seen[face]}' and '{key}'"))
            seen.setdefault(face, key)
        for k, then in enumerate(row):
            out += _effect_problems(doc, data, path + (key, k), then, entry_names, reserved)
    missing = [str(f) for f in range(1, 7) if f not in seen]
    if missing:
        out.append(doc.problem(path, f"faces {', '.join(missing)} are in no row: each face 1 to 6 needs one"))
    return out


def _reserve_problems(doc: Document, data: ScenarioFile) -> list[Problem]:
    """A reserve holds back ``count`` models of its types or the models it names (exactly one); its own place."""
    out: list[Problem] = []
    for i, reserve in enumerate(data.reserves):
        path: KeyPath = ("reserves", i)
        if (reserve.count is None) == (reserve.models is None):
            out.append(doc.problem(path, "a reserve holds back 'count' models (of its 'types') or the 'models' it "
                                         "names (exactly one)"))
        if reserve.models is not None and not reserve.models:
            out.append(doc.problem(path + ("models",), "name at least one model"))
        place = reserve.arrival
        if place is not None:
            if (place.edge is None) == (place.at is None):
                out.append(doc.problem(path + ("arrival",), "a reserve arrives at an 'edge' or 'at' a point "
                                                            "(exactly one)"))
            if place.at is not None and not all(0 <= v <= TABLE_SIZE for v in place.at):
                out.append(doc.problem(path + ("arrival", "at"), f"the point [{place.at[0]:g}, {place.at[1]:g}] is "
                                                                 f"off the {TABLE_SIZE:g}″ table"))
    return out


def _role_problems(doc: Document, data: ScenarioFile) -> list[Problem]:
    """Roles chosen by the roll's winner or given to parties name both roles; ``party`` names roles."""
    roles = data.roles
    if roles is None:
        return []
    out: list[Problem] = []
    if roles.chosen_by != "roll" and not (roles.higher and roles.lower):
        out.append(doc.problem(("roles", "chosen_by"), f"roles chosen by '{roles.chosen_by}' need both roles "
                                                       "named ('higher' and 'lower')"))
    if roles.chosen_by == "party" and not roles.party:
        out.append(doc.problem(("roles",), "roles chosen by party need 'party': {ROLE: party file name}"))
    if roles.party and roles.chosen_by != "party":
        out.append(doc.problem(("roles", "party"), "'party' applies to 'chosen_by: party' only"))
    known = ", ".join(r for r in (roles.higher, roles.lower) if r)
    out += [doc.problem(("roles", "party", role), f"'{role}' is not one of this scenario's roles (roles: {known})")
            for role in roles.party or {} if side_ref(data, role) is None
            or role.strip().casefold() in ("higher", "lower")]
    refs = [side_ref(data, role) for role in roles.party or {}]
    if len(refs) != len(set(refs)):
        out.append(doc.problem(("roles", "party"), "each role is given to one party"))
    return out


def _victory_problems(doc: Document, data: ScenarioFile) -> list[Problem]:
    out: list[Problem] = []
    controls = {e.name for e in data.scoring if e.name and e.kind == "control"}
    for i, win in enumerate(data.victory.sudden):
        path = ("victory", "sudden", i)
        given = [k for k in ("wipe_out", "escaped", "first_to", "hold", "if_") if getattr(win, k) is not None]
        if len(given) != 1:
            found = ", ".join(k.rstrip("_") for k in given) or "none"
            out.append(doc.problem(path, f"a sudden win needs exactly one of wipe_out, escaped, first_to, hold, if "
                                         f"(found {found})"))
        if win.if_ is not None:
            out += when_problems(doc, data, path + ("if",), win.if_, moments=False)
            if win.side is None:
                out.append(doc.problem(path, "a sudden win by 'if' needs 'side': the side that wins when it holds"))
        if win.hold is not None and win.hold.entry not in controls:
            out.append(doc.problem(path + ("hold", "entry"), f"no control scoring entry is named '{win.hold.entry}' "
                                                             f"(named: {', '.join(sorted(controls)) or 'none'})"))
        if win.escaped is not None and data.escape is None:
            out.append(doc.problem(path + ("escaped",), "a win by escapes needs an 'escape' block"))
    roles = [r for r in ((data.roles.higher, data.roles.lower) if data.roles else ()) if r]
    for key in data.victory.messages:
        if key.strip().casefold() != "draw" and side_ref(data, key) is None:
            out.append(doc.problem(("victory", "messages", key), f"'{key}' is neither a side nor 'draw' (known: "
                                                                 f"{', '.join(['higher', 'lower', *roles, 'draw'])})"))
    return out


def map_problems(doc: Document, data: ScenarioFile, battle_map: Any) -> list[Problem]:
    """What a scenario made for a map names of it: the pieces its scoring targets and its events remove."""
    ids = {p.id for p in battle_map.pieces} | {p.id for p in data.pieces}
    ids |= {e.add_piece.id for event in data.events for e in event.do if e.add_piece is not None}  # order: sense
    out = [doc.problem(("scoring", i, "targets", "piece"), f"no piece '{e.targets.piece}' on the map "
                                                           f"'{battle_map.name}' or in this scenario's pieces")
           for i, e in enumerate(data.scoring) if e.targets is not None and e.targets.piece is not None
           and e.targets.piece not in ids]
    ids |= {e.add_piece.id for _, e in effects_of(data) if e.add_piece is not None}  # pieces events add
    ids |= {e.replace_piece.with_.id for _, e in effects_of(data) if e.replace_piece is not None}
    for path, e in effects_of(data):
        if e.remove_piece is not None and e.remove_piece not in ids:
            out.append(doc.problem(path + ("remove_piece",), f"no piece '{e.remove_piece}' on the map "
                                                             f"'{battle_map.name}'"))
        if e.replace_piece is not None and e.replace_piece.id not in ids:
            out.append(doc.problem(path + ("replace_piece", "id"), f"no piece '{e.replace_piece.id}' on the map "
                                                                   f"'{battle_map.name}'"))
    return out


def _side_problems(doc: Document, data: ScenarioFile) -> list[Problem]:
    """Every ``side:`` names a side: higher, lower, or one of the scenario's roles."""
    named: list[tuple[KeyPath, str]] = [(("scoring", i, "side"), e.side) for i, e in enumerate(data.scoring)
                                        if e.side is not None]
    if data.escape is not None and data.escape.side is not None:
        named.append((("escape", "side"), data.escape.side))
    named += [(("reserves", i, "side"), r.side) for i, r in enumerate(data.reserves)]
    named += [(("victory", "sudden", i, "side"), w.side) for i, w in enumerate(data.victory.sudden) if w.side]
    for path, effect in effects_of(data):
        named += [(path + ("reinforcements", "side"), effect.reinforcements.side)] if effect.reinforcements else []
        named += [(path + (key, "side"), getattr(effect, key).side) for key in ("win", "lose")
                  if getattr(effect, key) is not None]
    named += [(("objectives", name), name) for name in data.objectives]
    roles = [r for r in ((data.roles.higher, data.roles.lower) if data.roles else ()) if r]
    known = ", ".join(["higher", "lower", *roles])
    return [doc.problem(path, f"unknown side '{name}' (known: {known})") for path, name in named
            if side_ref(data, name) is None] + _objective_problems(doc, data)


def _objective_problems(doc: Document, data: ScenarioFile) -> list[Problem]:
    """``objectives:`` gives each side one text: a side named twice (as ``higher`` and by its role) is refused."""
    seen: dict[str, str] = {}
    out = []
    for name in data.objectives:
        ref = side_ref(data, name)
        if ref is None:
            continue
        if ref in seen:
            out.append(doc.problem(("objectives", name), f"'{name}' is the same side as '{seen[ref]}' ({ref}): "
                                                         "give each side its objectives once"))
        seen.setdefault(ref, name)
    return out


def marker_layout(markers: Markers) -> list[tuple[float, float]]:
    """A greedy placement of every marker on a grid, or fewer points when the constraints leave no room."""
    total = (markers.per_side or 0) * 2
    lo, hi = markers.min_from_edges, TABLE_SIZE - markers.min_from_edges
    placed: list[tuple[float, float]] = []
    if lo > hi + 1e-9:
        return placed
    steps = int((hi - lo) / MARKER_STEP + 1e-9)
    grid = [lo + k * MARKER_STEP for k in range(steps + 1)]
    if grid[-1] < hi - 1e-9:
        grid.append(hi)
    for y in grid:
        for x in grid:
            if all(math.dist((x, y), p) >= markers.min_apart - 1e-9 for p in placed):
                placed.append((x, y))
                if len(placed) == total:
                    return placed
    return placed


def _marker_problems(doc: Document, data: ScenarioFile) -> list[Problem]:
    m = data.markers
    if m is None:
        return []
    if (m.per_side is None) == (m.at is None):
        return [doc.problem(("markers",), "markers need exactly one of 'per_side' (the players place them) or "
                                          "'at' (fixed points) [ENC-SAL-1]")]
    if m.at is not None:
        return [doc.problem(("markers", "at", i), f"a marker at ({x:g}, {y:g}) is off the {TABLE_SIZE:g}″ table")
                for i, (x, y) in enumerate(m.at) if not (0 <= x <= TABLE_SIZE and 0 <= y <= TABLE_SIZE)]
    if m.first is None:
        return [doc.problem(("markers",), "markers placed by the players need 'first': the side that places "
                                          "the first (higher or lower) [ENC-SAL-1]")]
    placed, wanted = marker_layout(m), (m.per_side or 0) * 2
    if len(placed) < wanted:
        return [doc.problem(("markers",), f"impossible marker constraints: {wanted} markers at least "
                                          f"{m.min_apart:g}″ apart and {m.min_from_edges:g}″ from every edge do not "
                                          f"fit on the 36″ table (room for {len(placed)}) [ENC-SAL-1]")]
    return []


def _scoring_problems(doc: Document, data: ScenarioFile) -> list[Problem]:
    out: list[Problem] = []
    for i, entry in enumerate(data.scoring):
        out += _entry_problems(doc, data, ("scoring", i), entry)
        if entry.targets is not None:
            out += _target_problems(doc, data, ("scoring", i), entry)
    for i, entry in enumerate(data.scoring):
        if entry.if_ is not None:
            out += when_problems(doc, data, ("scoring", i, "if"), entry.if_, moments=False)
        if isinstance(entry.points, VariablePoints):
            out += _variable_name_problems(doc, data, ("scoring", i, "points", "variable"), entry.points.variable)
            if entry.kind in ("kills", "escapes"):
                out.append(doc.problem(("scoring", i, "points"), f"'{entry.kind}' scoring pays its 'values', not "
                                                                 "'points': a variable's points go with control or "
                                                                 "secure"))
    if data.victory.by == "prisoner" and data.prisoner is None:
        out.append(doc.problem(("victory", "by"), "victory by prisoner needs a 'prisoner' block"))
    return out


def _entry_problems(doc: Document, data: ScenarioFile, path: KeyPath, entry: ScoringEntry) -> list[Problem]:
    """The keys one scoring entry of its kind needs, and the keys it does not take."""
    out: list[Problem] = []
    uses_targets = entry.kind in ("control", "secure")
    if uses_targets and entry.targets is None:
        out.append(doc.problem(path, f"a '{entry.kind}' entry needs 'targets'"))
    if not uses_targets:
        for key in ("targets", "count", "no_enemy_within"):
            if getattr(entry, key) is not None:
                out.append(doc.problem(path + (key,), f"'{key}' does not apply to '{entry.kind}' scoring"))
    if entry.kind == "control" and entry.count is None:
        out.append(doc.problem(path, "a 'control' entry needs 'count' (within: N, or inside: true)"))
    if entry.kind != "control" and entry.count is not None:
        out.append(doc.problem(path + ("count",), f"'count' does not apply to '{entry.kind}' scoring"))
    if entry.values is not None and entry.kind not in ("kills", "escapes"):
        out.append(doc.problem(path + ("values",), "'values' applies to kills and escapes only"))
    if entry.count is not None and (entry.count.within is None) == (not entry.count.inside):
        out.append(doc.problem(path + ("count",), "a count needs exactly one of 'within: N' or 'inside: true'"))
    if isinstance(entry.points, RollTable) and set(entry.points.table) != {1, 2, 3, 4, 5, 6}:
        out.append(doc.problem(path + ("points", "table"), "a d6 table needs exactly the faces 1, 2, 3, 4, 5, 6"))
    if entry.kind == "escapes" and data.escape is None:
        out.append(doc.problem(path, "'escapes' scoring needs an 'escape' block"))
    return out


def _target_problems(doc: Document, data: ScenarioFile, path: KeyPath, entry: ScoringEntry) -> list[Problem]:
    """One kind of target, and what it names exists in this scenario."""
    t = entry.targets
    if t is None:
        return []
    given = [k for k in ("piece", "markers", "quarters", "regions", "prisoner") if getattr(t, k) not in (None, False)]
    if len(given) != 1:
        return [doc.problem(path + ("targets",), "targets need exactly one of piece, markers, quarters, "
                                                 f"regions, prisoner (found {', '.join(given) or 'none'})")]
    out: list[Problem] = []
    if t.piece is not None and t.piece not in {p.id for p in data.pieces} and data.map is None:
        out.append(doc.problem(path + ("targets", "piece"), f"no piece '{t.piece}' in this scenario's pieces "
                                                            "(name its 'map' to target one of the map's)"))
    if t.markers and data.markers is None:
        out.append(doc.problem(path + ("targets", "markers"), "this scenario has no 'markers' block"))
    if t.prisoner and data.prisoner is None:
        out.append(doc.problem(path + ("targets", "prisoner"), "this scenario has no 'prisoner' block"))
    for k, region in enumerate(t.regions or []):
        if (region.polygon is None) == (region.circle is None):
            out.append(doc.problem(path + ("targets", "regions", k), "a region needs exactly one of 'polygon' "
                                                                     "or 'circle'"))
        elif region.polygon is not None:
            out += _polygon_problems(doc, path + ("targets", "regions", k, "polygon"), region.polygon)
    if entry.count is not None and entry.count.inside and not (t.quarters or t.regions):
        out.append(doc.problem(path + ("count", "inside"), "'inside' needs quarters or regions as targets"))
    return out


# -- triggers, conditions, regions and variables ------------------------------------------------------------

def region_names(data: ScenarioFile) -> dict[str, Any]:
    """Every named region a trigger or condition may speak of: the top-level ``regions`` and the regions of the
    scoring entries' targets (the first of a name), by name."""
    out: dict[str, Any] = {}
    for region in data.regions:
        out.setdefault(region.name, region)
    for entry in data.scoring:
        for region in (entry.targets.regions or []) if entry.targets is not None else []:
            out.setdefault(region.name, region)
    return out


def named_models(data: ScenarioFile) -> list[tuple[str, str]]:
    """Every model a trigger, a condition or an AI hint names (``model: NAME``), with where:
    ``[("events[2]", "Ghrim")]``."""
    found: list[tuple[str, str]] = []

    def walk(where: str, when: Trigger | None) -> None:
        if when is None:
            return
        for key in when.given():
            part = when.part(key)
            if key in ("all", "any"):
                for member in part:
                    walk(where, member)
            elif key == "not":
                walk(where, part)
            elif isinstance(part, Who) and part.model is not None:
                found.append((where, part.model))

    for i, event in enumerate(data.events):
        walk(f"events[{i}]", event.when)
    for i, entry in enumerate(data.scoring):
        walk(f"scoring[{i}]", entry.if_)
    for i, win in enumerate(data.victory.sudden):
        walk(f"victory.sudden[{i}]", win.if_)
    for side, hints in data.ai.items():  # the AI hints' protect and hunt
        found += [(f"ai.{side}.{part}[{k}]", mark.model) for part in ("protect", "hunt")
                  for k, mark in enumerate(getattr(hints, part)) if mark.model is not None]
    return found


def has_moment(when: Trigger) -> bool:
    """Whether a moment is written anywhere in ``when`` (it is then true only at the check where it happens)."""
    key = when.given()[0] if len(when.given()) == 1 else None
    if key in MOMENTS:
        return True
    if key in ("all", "any"):
        return any(has_moment(w) for w in when.part(key))
    if key == "not" and when.not_ is not None:
        return has_moment(when.not_)
    return False


def _region_problems(doc: Document, data: ScenarioFile) -> list[Problem]:
    out: list[Problem] = []
    seen: set[str] = set()
    scored = {r.name for e in data.scoring if e.targets is not None for r in e.targets.regions or []}
    for k, region in enumerate(data.regions):
        path: KeyPath = ("regions", k)
        if region.name in seen:
            out.append(doc.problem(path + ("name",), f"duplicate region name '{region.name}'"))
        elif region.name in scored:
            out.append(doc.problem(path + ("name",), f"a scoring entry's targets already name a region "
                                                     f"'{region.name}': triggers may use that name as it is"))
        seen.add(region.name)
        if (region.polygon is None) == (region.circle is None):
            out.append(doc.problem(path, "a region needs exactly one of 'polygon' or 'circle'"))
        elif region.polygon is not None:
            out += _polygon_problems(doc, path + ("polygon",), region.polygon)
    return out


def _variable_name_problems(doc: Document, data: ScenarioFile, path: KeyPath, name: str) -> list[Problem]:
    if name in data.variables:
        return []
    return [doc.problem(path, f"no variable is named '{name}' (declared under 'variables': "
                              f"{', '.join(sorted(data.variables)) or 'none'})")]


def _variable_effect_problems(doc: Document, data: ScenarioFile, path: KeyPath, effect: Any) -> list[Problem]:
    out: list[Problem] = []
    for key in ("set_variable", "add_variable"):
        change = getattr(effect, key)
        if change is None:
            continue
        out += _variable_name_problems(doc, data, path + (key, "name"), change.name)
        if change.name not in data.variables:
            continue
        flag = isinstance(data.variables[change.name], bool)
        if key == "add_variable" and flag:
            out.append(doc.problem(path + (key, "name"), f"'{change.name}' is a flag (true or false): set it, do "
                                                         "not add to it"))
        elif key == "set_variable" and flag != isinstance(change.value, bool):
            out.append(doc.problem(path + (key, "value"), f"'{change.name}' is a "
                                                          f"{'flag' if flag else 'counter'}: set it to "
                                                          f"{'true or false' if flag else 'a whole number'}"))
    return out


def _side_name_problems(doc: Document, data: ScenarioFile, path: KeyPath, name: str) -> list[Problem]:
    if side_ref(data, name) is not None:
        return []
    roles = [r for r in ((data.roles.higher, data.roles.lower) if data.roles else ()) if r]
    return [doc.problem(path, f"unknown side '{name}' (known: {', '.join(['higher', 'lower', *roles])})")]


def _who_problems(doc: Document, data: ScenarioFile, path: KeyPath, who: Who) -> list[Problem]:
    out = _side_name_problems(doc, data, path + ("side",), who.side) if who.side is not None else []
    region = getattr(who, "region", None)
    names = region_names(data)
    if region is not None and region not in names:
        out.append(doc.problem(path + ("region",), f"no region is named '{region}' (named: "
                                                   f"{', '.join(sorted(names)) or 'none'}; add it under 'regions')"))
    return out


def when_problems(doc: Document, data: ScenarioFile, path: KeyPath, when: Trigger, moments: bool) -> list[Problem]:
    """One key per ``when`` (or ``if``), the names it uses known, its combinations sound; ``moments``: whether
    moments may be used (an event's ``when``), or only states (a condition, ``if:``)."""
    given = when.given()
    if len(given) != 1:
        allowed = (*MOMENTS, *STATES, *COMBINATIONS) if moments else (*STATES, *COMBINATIONS)
        what = "an event's 'when'" if moments else "a condition"
        return [doc.problem(path, f"{what} needs exactly one of {', '.join(allowed)} "
                                  f"(found {', '.join(given) or 'none'})")]
    key = given[0]
    part = when.part(key)
    here = path + (key,)
    if key in MOMENTS and not moments:
        return [doc.problem(here, f"'{key}' is a moment, true only at the check where it happens: a condition "
                                  "('if') takes states only (score, models_left, variable, in_region, "
                                  "markers_held, and all/any/not of them)")]
    if key in ("all", "any", "not"):
        return _combination_problems(doc, data, here, key, part, moments)
    check = _WHEN_CHECKS.get(key)
    return check(doc, data, here, part) if check is not None else []


def _side_moment(doc: Document, data: ScenarioFile, here: KeyPath, part: Any) -> list[Problem]:
    return [] if part.strip().casefold() == "any" else _side_name_problems(doc, data, here, part)


def _marker_moment(doc: Document, data: ScenarioFile, here: KeyPath, part: Any) -> list[Problem]:
    out = [doc.problem(here, "this scenario has no 'markers' block")] if data.markers is None else []
    return out + (_side_name_problems(doc, data, here + ("side",), part.side) if part.side is not None else [])


def _markers_held(doc: Document, data: ScenarioFile, here: KeyPath, part: Any) -> list[Problem]:
    out = [doc.problem(here, "this scenario has no 'markers' block")] if data.markers is None else []
    return out + _side_name_problems(doc, data, here + ("side",), part.side)


def _control_moment(doc: Document, data: ScenarioFile, here: KeyPath, part: Any) -> list[Problem]:
    controls = {e.name for e in data.scoring if e.name and e.kind == "control"}
    if part.entry in controls:
        return []
    return [doc.problem(here + ("entry",), f"no control scoring entry is named '{part.entry}' "
                                          f"(named: {', '.join(sorted(controls)) or 'none'})")]


def _side_state(doc: Document, data: ScenarioFile, here: KeyPath, part: Any) -> list[Problem]:
    return _side_name_problems(doc, data, here + ("side",), part.side)


def _variable_test(doc: Document, data: ScenarioFile, here: KeyPath, part: Any) -> list[Problem]:
    """A declared variable, at least one bound, and bounds of its kind (a flag compares with true or false)."""
    out = _variable_name_problems(doc, data, here + ("name",), part.name)
    if not [b for b in ("at_least", "at_most", "equals") if getattr(part, b) is not None]:
        out.append(doc.problem(here, "a variable test needs at_least, at_most or equals"))
    value = data.variables.get(part.name)
    if isinstance(value, bool) and (part.at_least is not None or part.at_most is not None):
        out.append(doc.problem(here, f"'{part.name}' is a flag: test it with 'equals: true' or 'equals: false'"))
    elif value is not None and part.equals is not None and isinstance(value, bool) != isinstance(part.equals, bool):
        kind, like = ("flag", "true or false") if isinstance(value, bool) else ("counter", "a number")
        out.append(doc.problem(here + ("equals",), f"'{part.name}' is a {kind}: compare it with {like}"))
    return out


def _combination_problems(doc: Document, data: ScenarioFile, here: KeyPath, key: str, part: Any,
                          moments: bool) -> list[Problem]:
    """all / any / not ([ENC-TRG-3]): each member sound; at most one moment in an all, none under a not, an any
    of moments or of states."""
    out: list[Problem] = []
    if key == "not":
        out += when_problems(doc, data, here, part, moments)
        if len(part.given()) == 1 and has_moment(part):
            out.append(doc.problem(here, "'not' takes a state, not a moment (a moment is true only at the check "
                                         "where it happens)"))
        return out
    if not part:
        out.append(doc.problem(here, f"'{key}' needs at least one 'when' in its list"))
    for k, member in enumerate(part):
        out += when_problems(doc, data, here + (k,), member, moments)
    momentary = [has_moment(m) for m in part if len(m.given()) == 1]
    if key == "all" and sum(momentary) > 1:
        out.append(doc.problem(here, "an 'all' may hold at most one moment: moments happen one at a time, so "
                                     "two never hold together (count them with a variable instead)"))
    if key == "any" and any(momentary) and not all(momentary):
        out.append(doc.problem(here, "an 'any' mixes moments and states: write one event for the moments and "
                                     "one for the states"))
    return out


# what each kind of 'when' names, and how it is checked
_WHEN_CHECKS = {**dict.fromkeys(("enters", "leaves", "killed", "wounded", "escapes", "stunned", "in_region"),
                                _who_problems),
                **dict.fromkeys(("model_killed", "model_escaped"), _side_moment),
                **dict.fromkeys(("marker_taken", "marker_lost"), _marker_moment),
                "markers_held": _markers_held, "control_changes": _control_moment,
                **dict.fromkeys(("score", "models_left"), _side_state), "variable": _variable_test}


# -- AI hints -----------------------------------------------------------------------------------------------

def _ai_problems(doc: Document, data: ScenarioFile) -> list[Problem]:
    """``ai:``: each key a side (once), each place a named region or one drawn whole, each model hint naming
    someone (a model or a type; its side is the key's own or the enemy's, so it takes none)."""
    out: list[Problem] = []
    seen: dict[str, str] = {}
    names = region_names(data)
    for key, hints in data.ai.items():
        path: KeyPath = ("ai", key)
        out += _side_name_problems(doc, data, path, key)
        ref = side_ref(data, key)
        if ref is not None and ref in seen:
            out.append(doc.problem(path, f"'{key}' and '{seen[ref]}' are the same side: give its hints once"))
        if ref is not None:
            seen.setdefault(ref, key)
        for part in ("hold", "avoid"):
            for k, region in enumerate(getattr(hints, part)):
                here = path + (part, k)
                if region.polygon is not None and region.circle is not None:
                    out.append(doc.problem(here, "a region needs at most one of 'polygon' or 'circle' (neither: "
                                                 "it names one of the scenario's regions)"))
                elif region.polygon is not None:
                    out += _polygon_problems(doc, here + ("polygon",), region.polygon)
                elif region.circle is None and region.name not in names:
                    out.append(doc.problem(here + ("name",), f"no region is named '{region.name}' (named: "
                                                             f"{', '.join(sorted(names)) or 'none'}; add it under "
                                                             "'regions', or draw it here with 'polygon' or "
                                                             "'circle')"))
        for part in ("protect", "hunt"):
            for k, mark in enumerate(getattr(hints, part)):
                here = path + (part, k)
                if mark.side is not None:
                    whose = "the side's own" if part == "protect" else "the enemy's"
                    out.append(doc.problem(here + ("side",), f"'{part}' means {whose} models: leave 'side' out"))
                elif mark.model is None and mark.type is None:
                    out.append(doc.problem(here, f"'{part}' needs 'model' (its name in the party file) or 'type'"))
    return out


def cross_checks(doc: Document, data: ScenarioFile) -> list[Problem]:
    """What the schema cannot say: zones, pieces, markers, scoring, sides, events, victory, the Prisoner."""
    problems = (_zone_problems(doc, data) + _piece_problems(doc, data) + _marker_problems(doc, data)
                + _scoring_problems(doc, data) + _side_problems(doc, data) + _event_problems(doc, data)
                + _victory_problems(doc, data) + _reserve_problems(doc, data) + _role_problems(doc, data)
                + _region_problems(doc, data) + _ai_problems(doc, data))
    if data.prisoner is not None and data.prisoner.min_from_edges * 2 >= TABLE_SIZE:
        problems.append(doc.problem(("prisoner", "min_from_edges"), "no point of the table is that far from "
                                                                   "every edge"))
    return problems


