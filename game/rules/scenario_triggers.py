"""A scenario's triggers and conditions: what happened at a check, what holds now, and the variables.

A check comes at the start and at the end of each turn, after each activation and in the Maintenance Phase
(game/rules/scenario_events.py runs it). At a check the triggers see **moments**, each true at the check where it
happens ([ENC-TRG-1]): a turn starts or ends, a model is killed, escapes, is wounded or Stunned, a model enters or
leaves a named region, a side comes to secure a marker or stops, a control entry's controller changes, the
Prisoner is rescued. What needs comparing with the last check is kept in the encounter's ``watch`` (plain data,
copied and saved with the rest), and only for what some trigger asks about. **States** (a score reached, models
left, a variable, models in a region, markers held) hold or not at a check; an event waiting for one fires when it
becomes true ([ENC-TRG-2]). ``all``, ``any`` and ``not`` combine them ([ENC-TRG-3]). Variables are the
scenario's counters and flags ([ENC-VAR-1]).
"""

from __future__ import annotations

import math
from typing import Any

from game.content.scenario_checks import effects_within, has_moment, region_names
from game.content.scenario_schema import Effect, Region, ScenarioFile, Trigger, Who
from game.rules import conditions
from game.rules.encounter import EncounterState, distance_to_marker, inside_polygon
from game.rules.events import EventKind
from game.rules.state import KILLED, ON_TABLE, REMOVED, RESERVE, GameState, ModelState

Happening = tuple[str, Any]  # (kind, what): ("killed", model id), ("enters", (region, model id)), ...
MARKER_NEAR = 3.0  # [ENC-TRG-3]: a marker is secured with no enemy within 3″ (as [ENC-SAL-3])
# a moment as a trigger names it -> the kind of happening it waits for
MOMENT_KIND = {"model_killed": "killed", "killed": "killed", "model_escaped": "escaped", "escapes": "escaped",
               "wounded": "wounded", "stunned": "stunned", "enters": "enters", "leaves": "leaves",
               "marker_taken": "marker_taken", "marker_lost": "marker_lost", "control_changes": "control_changes",
               "turn_starts": "turn_starts", "turn_ends": "turn_ends", "rescued": "rescued"}
OBSERVED = ("wounded", "stunned", "enters", "leaves", "marker_taken", "marker_lost", "control_changes")


# -- what the scenario asks about -------------------------------------------------------------------------

def _keys(when: Trigger) -> list[tuple[str, Any]]:
    """Every key written in ``when`` with its value, the combinations opened."""
    out: list[tuple[str, Any]] = []
    for key in when.given():
        part = when.part(key)
        if key in ("all", "any"):
            for member in part:
                out += _keys(member)
        elif key == "not":
            out += _keys(part)
        else:
            out.append((key, part))
    return out


def asked(scenario: ScenarioFile) -> list[tuple[str, Any]]:
    """Every trigger key the scenario's events and conditions use, with its value."""
    out: list[tuple[str, Any]] = []
    for event in scenario.events:
        out += _keys(event.when)
    return out


def momentary(when: Trigger) -> bool:
    """A ``when`` with a moment in it fires at the happening; one of states only, when it becomes true."""
    return has_moment(when)


# -- what happened since the last check --------------------------------------------------------------------

def in_region(region: Region, model: ModelState) -> bool:
    """[ENC-TRG-3]: a model on the table is in a region while the centre of its base is inside it (edge too)."""
    if model.status != ON_TABLE:
        return False
    if region.circle is not None:
        (cx, cy), r = region.circle.centre, region.circle.diameter / 2
        return math.hypot(model.x - cx, model.y - cy) <= r + 1e-9
    polygon = [(float(x), float(y)) for x, y in region.polygon or []]
    return inside_polygon(polygon, model.x, model.y, 0.0) or _on_boundary(polygon, model.x, model.y)


def _on_boundary(polygon: list[tuple[float, float]], x: float, y: float) -> bool:
    from game.geometry import shapes as geo

    n = len(polygon)
    return any(geo.segment_point_distance(polygon[i], polygon[(i + 1) % n], (x, y)) <= 1e-9 for i in range(n))


def securers(state: GameState, marker: Any) -> list[int]:
    """[ENC-TRG-3]: the sides with a model in base contact with the marker and no enemy model within 3″ of it."""
    from game.rules import board

    out = []
    for side in (0, 1):
        if not any(distance_to_marker(m, marker) <= board.CONTACT_TOLERANCE for m in state.on_table(side)):
            continue
        if any(distance_to_marker(e, marker) <= MARKER_NEAR + 1e-9 for e in state.on_table(1 - side)):
            continue
        out.append(side)
    return out


def observe(state: GameState) -> list[Happening]:
    """What changed since the last check among what the triggers ask about (wounds, stuns, regions, markers,
    control), the watch brought up to date. The first check takes the table as it stands: deploying into a
    region is not entering it."""
    enc: EncounterState = state.encounter
    keys = asked(enc.scenario)
    kinds = {k for k, _ in keys}
    if not kinds & set(OBSERVED):
        return []
    first = not enc.watch.started
    enc.watch.started = True
    models = sorted(state.models.values(), key=lambda m: m.id)
    out: list[Happening] = []
    for watched, look in _LOOKS:
        if kinds & watched:
            seen = look(state, keys, models)
            out += [] if first else seen  # the first look only remembers
    return out


def _wounds(state: GameState, keys: list[tuple[str, Any]], models: list[ModelState]) -> list[Happening]:
    """A model that lost a wound and lives."""
    watch, out = state.encounter.watch, []
    for m in models:
        if m.wounds_taken > watch.wounds.get(m.id, 0) and m.status not in (KILLED, REMOVED):
            out.append(("wounded", m.id))
        watch.wounds[m.id] = m.wounds_taken
    return out


def _stuns(state: GameState, keys: list[tuple[str, Any]], models: list[ModelState]) -> list[Happening]:
    """A model on the table that became Stunned."""
    watch = state.encounter.watch
    stunned = [m.id for m in models if m.status == ON_TABLE and conditions.STUNNED.on(m)]
    out: list[Happening] = [("stunned", mid) for mid in stunned if mid not in watch.stunned]
    watch.stunned = stunned
    return out


def _regions(state: GameState, keys: list[tuple[str, Any]], models: list[ModelState]) -> list[Happening]:
    """Models that came into or went out of a region a trigger names (killed or escaped in it is not leaving)."""
    enc: EncounterState = state.encounter
    regions = region_names(enc.scenario)
    out: list[Happening] = []
    for name in sorted({part.region for key, part in keys if key in ("enters", "leaves")}):
        region = regions.get(name)
        now = [m.id for m in models if region is not None and in_region(region, m)]
        before = enc.watch.inside.get(name, [])
        out += [("enters", (name, mid)) for mid in now if mid not in before]
        out += [("leaves", (name, mid)) for mid in before if mid not in now and state.model(mid).status == ON_TABLE]
        enc.watch.inside[name] = now
    return out


def _markers(state: GameState, keys: list[tuple[str, Any]], models: list[ModelState]) -> list[Happening]:
    """A side that came to secure a marker, or stopped."""
    enc: EncounterState = state.encounter
    out: list[Happening] = []
    for marker in enc.markers:
        now_sides = securers(state, marker)
        before_sides = enc.watch.securing.get(marker.id, [])
        out += [("marker_taken", (marker.id, s)) for s in now_sides if s not in before_sides]
        out += [("marker_lost", (marker.id, s)) for s in before_sides if s not in now_sides]
        enc.watch.securing[marker.id] = now_sides
    return out


def _control(state: GameState, keys: list[tuple[str, Any]], models: list[ModelState]) -> list[Happening]:
    """A target of a control entry a trigger names whose controller changed."""
    from game.rules import scoring

    enc: EncounterState = state.encounter
    names = {part.entry for key, part in keys if key == "control_changes"}
    out: list[Happening] = []
    for entry in enc.scenario.scoring:
        if entry.kind != "control" or entry.name not in names:
            continue
        for target in scoring.targets(state, entry):
            side = scoring.controller(state, entry, target)[0]
            key = f"{entry.name}/{target.key}"
            if enc.watch.control.get(key) != side:
                out.append(("control_changes", (entry.name, target.key, enc.watch.control.get(key), side)))
            enc.watch.control[key] = side
    return out


# what each look watches for, in the order a check takes them ([ENC-TRG-1])
_LOOKS = (({"wounded"}, _wounds), ({"stunned"}, _stuns), ({"enters", "leaves"}, _regions),
          ({"marker_taken", "marker_lost"}, _markers), ({"control_changes"}, _control))


# -- a trigger against a happening, a condition against the state ------------------------------------------

def who_matches(enc: EncounterState, who: Who, model: ModelState) -> bool:
    """Every key of ``who`` given matches the model: its name in its party file (case ignored), side, type."""
    if who.model is not None and who.model.strip().casefold() != model.name.strip().casefold():
        return False
    if who.side is not None and enc.named_side(who.side) != model.side:
        return False
    return who.type is None or model.profile.type == who.type


def moment_matches(state: GameState, key: str, part: Any, happening: Happening) -> bool:
    """Whether a moment (``key: part`` as written) is this happening."""
    kind, what = happening
    if MOMENT_KIND[key] != kind:
        return False
    enc: EncounterState = state.encounter
    if key in ("turn_starts", "turn_ends"):
        return bool(part == what)
    if key == "rescued":
        return bool(part)
    if key in ("model_killed", "model_escaped"):
        return bool(part.strip().casefold() == "any" or enc.named_side(part) == state.model(what).side)
    if key in ("killed", "escapes", "wounded", "stunned"):
        return who_matches(enc, part, state.model(what))
    if key in ("enters", "leaves"):
        region, mid = what
        return bool(region == part.region and who_matches(enc, part, state.model(mid)))
    if key in ("marker_taken", "marker_lost"):
        return part.side is None or enc.named_side(part.side) == what[1]
    return key == "control_changes" and bool(part.entry == what[0])


def true_at(state: GameState, when: Trigger, happening: Happening) -> bool:
    """A ``when`` with a moment, at one happening: its moment is this happening, its states hold."""
    [key] = when.given()
    part = when.part(key)
    if key == "all":
        return all(true_at(state, w, happening) for w in part)
    if key == "any":
        return any(true_at(state, w, happening) for w in part)
    if key == "not":
        return not true_at(state, part, happening)
    if key in MOMENT_KIND:
        return moment_matches(state, key, part, happening)
    return holds(state, when)


def holds(state: GameState, condition: Trigger) -> bool:
    """Whether a condition (states only) holds now ([ENC-TRG-2]); a moment never holds by itself."""
    enc: EncounterState = state.encounter
    given = condition.given()
    if enc is None or len(given) != 1:
        return False
    key = given[0]
    part = condition.part(key)
    if key == "all":
        return all(holds(state, w) for w in part)
    if key == "any":
        return any(holds(state, w) for w in part)
    if key == "not":
        return not holds(state, part)
    if key == "score":  # the score as last tallied (each Maintenance Phase)
        side = enc.named_side(part.side)
        return side is not None and state.sides[side].score >= part.at_least
    if key == "models_left":  # on the table or to arrive
        side = enc.named_side(part.side)
        left = sum(m.status in (ON_TABLE, RESERVE) for m in state.side_models(side)) if side is not None else 0
        return bool(left <= part.at_most)
    if key == "variable":
        value = variable(state, part.name)
        return ((part.at_least is None or value >= part.at_least)
                and (part.at_most is None or value <= part.at_most)
                and (part.equals is None or (value == part.equals and isinstance(value, bool)
                                             == isinstance(part.equals, bool))))
    if key == "markers_held":
        side = enc.named_side(part.side)
        return bool(sum(side in securers(state, marker) for marker in enc.markers) >= part.at_least)
    if key == "in_region":
        region = region_names(enc.scenario).get(part.region)
        if region is None:
            return False
        inside = sum(who_matches(enc, part, m) and in_region(region, m) for m in state.models.values())
        return bool(inside >= part.at_least)
    return False


def becomes_true(state: GameState, index: int, when: Trigger) -> bool:
    """A state event's condition at this check: true now and not at the last check (the watch remembers)."""
    holding = state.encounter.watch.holding
    now = holds(state, when)
    before = index in holding
    if now and not before:
        holding.append(index)
    elif before and not now:
        holding.remove(index)
    return now and not before


# -- what a side is after ------------------------------------------------------------------------------------

def _winning_variables(state: GameState, side: int) -> set[str]:
    """The variables a sudden win of ``side`` tests (what raising them is for)."""
    enc: EncounterState = state.encounter
    names: set[str] = set()
    for win in enc.scenario.victory.sudden:
        if win.if_ is not None and enc.named_side(win.side) == side:
            names |= {part.name for key, part in _keys(win.if_) if key == "variable"}
    return names


def favours(state: GameState, effects: list[Effect], side: int) -> bool:
    """Whether an event's effects help ``side``: it wins or the enemy loses, reinforcements of its own arrive, a
    scoring entry of its own comes on, or a variable its sudden win tests is set or raised."""
    from game.rules import scoring

    enc: EncounterState = state.encounter
    entries = {e.name: e for e in enc.scenario.scoring if e.name}
    wanted = _winning_variables(state, side)
    for _, e in effects_within((), effects):
        if e.win is not None and enc.named_side(e.win.side) == side:
            return True
        if e.lose is not None and enc.named_side(e.lose.side) == 1 - side:
            return True
        if e.reinforcements is not None and enc.named_side(e.reinforcements.side) == side:
            return True
        if e.scoring_on is not None and e.scoring_on in entries and scoring.scores_for(state, entries[e.scoring_on],
                                                                                       side):
            return True
        change = e.set_variable or e.add_variable
        if change is not None and change.name in wanted:
            return True
    return False


def goal_regions(state: GameState) -> list[tuple[int, Region]]:
    """The regions an event still waits for a side's model to enter, where what it does favours that side: the
    places a side goes for and the other holds ([ENC-TRG-1]); read from the scenario, not restated by the AI."""
    enc: EncounterState | None = state.encounter
    if enc is None or not enc.scenario.events:
        return []
    regions = region_names(enc.scenario)
    out: list[tuple[int, Region]] = []
    for i, event in enumerate(enc.scenario.events):
        if event.once and i in enc.fired:
            continue
        for key, part in _keys(event.when):
            if key != "enters" or part.region not in regions:
                continue
            for side in (0, 1):
                if (part.side is None or enc.named_side(part.side) == side) and favours(state, event.do, side):
                    out.append((side, regions[part.region]))
    return out


def region_centre(region: Region) -> tuple[float, float]:
    if region.circle is not None:
        return float(region.circle.centre[0]), float(region.circle.centre[1])
    pts = [(float(x), float(y)) for x, y in region.polygon or []]
    return sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts)


# -- variables ---------------------------------------------------------------------------------------------

def settle(state: GameState) -> None:
    """A position set up in script mode is what the triggers last saw: nothing in it happens again at the first
    check, and a state event that fired and still holds waits to become false first ([ENC-TRG-2])."""
    enc = state.encounter
    if enc is None or not enc.scenario.events:
        return
    observe(state)
    for i, event in enumerate(enc.scenario.events):
        if i in enc.fired and not momentary(event.when) and i not in enc.watch.holding and holds(state, event.when):
            enc.watch.holding.append(i)


def variable(state: GameState, name: str) -> int | bool:
    """A variable's value now: what an event last gave it, else the file's initial value (0 if unknown)."""
    enc: EncounterState = state.encounter
    if name in enc.variables:
        return enc.variables[name]
    return enc.scenario.variables.get(name, 0)


def change_variable(state: GameState, effect: Effect, cite: str) -> None:
    """[ENC-VAR-1]: ``set_variable`` gives a value, ``add_variable`` adds to a counter; the log says each."""
    enc: EncounterState = state.encounter
    if effect.set_variable is not None:
        name, value = effect.set_variable.name, effect.set_variable.value
    else:
        assert effect.add_variable is not None  # (the caller applies one of the two)
        name = effect.add_variable.name
        value = int(variable(state, name)) + effect.add_variable.value
    enc.variables[name] = value
    shown = str(value).lower() if isinstance(value, bool) else str(value)
    state.emit(EventKind.VariableChanged, f"{name} is now {shown} ({cite})", name=name, value=value, cite=cite,
               rule="ENC-VAR-1")
