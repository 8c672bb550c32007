"""Scenario files, the checks of sense: what is spelt right but cannot work as written (issue #36).

``scenario_checks.py`` checks the shape of a file and that its names point somewhere; this module checks it
against time and the table: every turn within the game's length, every region and point on the table, every
reference to a piece that exists at that moment of the event order (pieces added or removed by earlier events
count), and events that can never fire for a reason the file alone shows. What needs the table's geometry
(standing room, routes) is ``game/rules/scenario_reach.py``; the sample games ``game/ai/scenario_sample.py``;
``validate`` (game/cli.py) runs all three on a scenario that loads.

Every check is one function of a :class:`Sense` in :data:`CHECKS`; a new trigger or effect key adds its own
function (or teaches :func:`moment_of`, :func:`effects_of` and :func:`piece_changes` its shape).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from game.content.maps import TABLE_SIZE, BattleMap
from game.content.party_building import DEFAULT_BASE_MM, MM_PER_INCH
from game.content.scenario_checks import _polygon_problems, piece_polygon, side_ref
from game.content.scenario_schema import Arrival, Effect, PieceEntry, Region, ScenarioEvent, ScenarioFile
from game.content.yaml_loader import Document, KeyPath
from game.core.errors import Problem

START, DURING, END = 0, 1, 2  # the phases of a turn an event may fire in, in order
BASE_RADIUS = DEFAULT_BASE_MM / MM_PER_INCH / 2  # [DIG-2]: the smallest (standard) base


@dataclass(frozen=True, order=True)
class Moment:
    """A point in a game's time: a turn and its start, its Main Phase or its end (the Maintenance Phase)."""

    turn: int
    phase: int

    def describe(self) -> str:
        return {START: f"the start of turn {self.turn}", DURING: f"turn {self.turn}",
                END: f"the end of turn {self.turn}"}[self.phase]


FIRST_PLAY = Moment(1, DURING)  # the soonest a kill, an escape or a rescue can happen


@dataclass(frozen=True)
class Step:
    """One event in the order a game reaches it: its moment when a turn trigger fixes it, else None."""

    index: int
    event: ScenarioEvent
    moment: Moment | None

    @property
    def earliest(self) -> Moment:
        return self.moment or FIRST_PLAY

    @property
    def called(self) -> str:
        name = f" ({self.event.name})" if self.event.name else ""
        return f"events[{self.index}]{name}"

    def when(self) -> str:
        return self.moment.describe() if self.moment else "whenever it fires"


@dataclass(frozen=True)
class EffectAt:
    """An effect with its key path; ``certain`` is False for one that may not happen (a row of a d6 table)."""

    path: KeyPath
    effect: Effect
    certain: bool = True


@dataclass(frozen=True)
class PieceChange:
    kind: str  # add | remove
    id: str
    path: KeyPath
    entry: PieceEntry | None = None


@dataclass
class Sense:
    """What the checks read: the file, its data, the map it is checked on (None: an open table of any map),
    the events in order; and what they found."""

    doc: Document
    data: ScenarioFile
    battle_map: BattleMap | None
    steps: list[Step]
    errors: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)

    def error(self, path: KeyPath, message: str) -> None:
        self.errors.append(self.doc.problem(path, message))

    def warn(self, path: KeyPath, message: str) -> None:
        self.warnings.append(self.doc.problem(path, message))


# -- time ---------------------------------------------------------------------------------------------

def last_turn(data: ScenarioFile) -> int:
    """The last turn a game can reach: its turns plus every extra turn the extra-turn roll allows."""
    extra = data.duration.extra_turn
    return data.duration.turns + (extra.max if extra is not None else 0)


def _length(data: ScenarioFile) -> str:
    extra = data.duration.extra_turn
    more = f" and at most {extra.max} extra turn(s)" if extra is not None else ""
    return f"the game lasts {data.duration.turns} turns{more}"


def turn_triggers(event: ScenarioEvent) -> list[tuple[str, int]]:
    """The turn triggers of an event's ``when`` (a key, its turn)."""
    return [(key, n) for key in ("turn_starts", "turn_ends") if (n := getattr(event.when, key, None)) is not None]


def moment_of(event: ScenarioEvent) -> Moment | None:
    """The moment a turn trigger fixes; None when the play decides (a kill, an escape, a condition)."""
    for key, n in turn_triggers(event):
        return Moment(n, START if key == "turn_starts" else END)
    return None


def ordered(data: ScenarioFile) -> list[Step]:
    """The events in the order a game reaches them: those at fixed moments by moment then file order (as
    ``scenario_events.fire`` takes them), then the others in file order."""
    steps = [Step(i, e, moment_of(e)) for i, e in enumerate(data.events)]
    fixed = sorted((s for s in steps if s.moment is not None), key=lambda s: (s.moment, s.index))
    return fixed + [s for s in steps if s.moment is None]


def effects_of(step: Step) -> Iterator[EffectAt]:
    """Every effect of an event with its key path, those of a d6 table's rows too (not certain to happen)."""
    yield from _walk(list(step.event.do), ("events", step.index, "do"), True)


def _walk(effects: list[Any], path: KeyPath, certain: bool) -> Iterator[EffectAt]:
    for j, effect in enumerate(effects):
        yield EffectAt(path + (j,), effect, certain)
        table = getattr(getattr(effect, "roll", None), "d6", None)
        if isinstance(table, dict):
            for face, row in table.items():
                yield from _walk(list(row or []), path + (j, "roll", "d6", face), False)


def piece_changes(at: EffectAt) -> list[PieceChange]:
    """What an effect does to the table's pieces: removes one, adds one, or (``replace_piece``) both."""
    e = at.effect
    out: list[PieceChange] = []
    removed: str | None = getattr(e, "remove_piece", None)
    if removed is not None:
        out.append(PieceChange("remove", removed, at.path + ("remove_piece",)))
    added: PieceEntry | None = getattr(e, "add_piece", None)
    if added is not None:
        out.append(PieceChange("add", added.id, at.path + ("add_piece",), added))
    replace = getattr(e, "replace_piece", None)
    if replace is not None:
        new = getattr(replace, "with_", None) or getattr(replace, "piece", None)
        out.append(PieceChange("remove", replace.id, at.path + ("replace_piece", "id")))
        if new is not None and hasattr(new, "id"):
            out.append(PieceChange("add", new.id, at.path + ("replace_piece", "with"), new))
    return out


# -- the checks ----------------------------------------------------------------------------------------

def turns_named(when: Any, path: KeyPath, needed: bool = True) -> Iterator[tuple[KeyPath, int, bool]]:
    """Every turn a trigger names, with its key path and whether the event needs it (False inside an ``any``
    of trigger combinations; a ``not`` is left out: a turn that never comes makes it always hold)."""
    for key in ("turn_starts", "turn_ends"):
        n = getattr(when, key, None)
        if isinstance(n, int):
            yield path + (key,), n, needed
    for combination in ("all", "any"):
        for k, sub in enumerate(getattr(when, combination, None) or []):
            yield from turns_named(sub, path + (combination, k), needed and combination == "all")


def turn_problems(s: Sense) -> None:
    """An event at a turn the game never reaches never fires."""
    last = last_turn(s.data)
    for step in s.steps:
        for path, n, needed in turns_named(step.event.when, ("events", step.index, "when")):
            if n > last and needed:
                s.error(path, f"turn {n} never comes: {_length(s.data)}, so this event never fires")
            elif n > last:
                s.warn(path, f"turn {n} never comes: {_length(s.data)}, so this part of the trigger never holds")


def ended_problems(s: Sense) -> None:
    """An event after a turn whose events surely end the game never fires ([TURN-8]: the Maintenance Phase
    of the turn an 'end_game' fires in is the last)."""
    end: tuple[Moment, Step] | None = None
    for step in s.steps:
        if step.moment is None:
            continue
        if end is not None and step.moment.turn > end[0].turn:
            key = "turn_starts" if step.moment.phase == START else "turn_ends"
            s.error(("events", step.index, "when", key),
                    f"this event never fires: {end[1].called} ends the game at {end[0].describe()}")
            continue
        if end is None and any(at.certain and getattr(at.effect, "end_game", None) for at in effects_of(step)):
            end = (step.moment, step)


def trigger_problems(s: Sense) -> None:
    """A trigger that nothing in the scenario can ever make happen."""
    data = s.data
    for step in s.steps:
        when = step.event.when
        path: KeyPath = ("events", step.index, "when")
        escaped = getattr(when, "model_escaped", None)
        if escaped is not None:
            only = side_ref(data, data.escape.side) if data.escape and data.escape.side else None
            named = None if escaped.strip().casefold() == "any" else side_ref(data, escaped)
            if data.escape is None:
                s.error(path + ("model_escaped",), "no model can escape in this scenario (it has no 'escape' "
                                                   "block), so this event never fires")
            elif only is not None and named is not None and named != only:
                s.error(path + ("model_escaped",), f"only {data.escape.side}'s models may escape ('escape.side'), "
                                                   f"so '{escaped}' never has a model escape and this event never "
                                                   "fires")
        if getattr(when, "rescued", None) and data.prisoner is None:
            s.error(path + ("rescued",), "this scenario has no Prisoner ('prisoner' block), so nobody is ever "
                                         "rescued and this event never fires")


def named_regions(data: ScenarioFile) -> Iterator[tuple[KeyPath, Region]]:
    """Every region the file draws, with its key path: the scoring entries' targets and, where the
    scenario names them at the top level, ``regions``."""
    for k, region in enumerate(getattr(data, "regions", None) or []):
        yield ("regions", k), region
    for i, entry in enumerate(data.scoring):
        for k, region in enumerate(entry.targets.regions or [] if entry.targets is not None else []):
            yield ("scoring", i, "targets", "regions", k), region


def region_problems(s: Sense) -> None:
    """A round region off the table or partly off (a polygon's corners are checked with its shape)."""
    for path, region in named_regions(s.data):
        c = region.circle
        if c is None:
            continue
        x, y, r = float(c.centre[0]), float(c.centre[1]), c.diameter / 2
        if x + r <= 0 or y + r <= 0 or x - r >= TABLE_SIZE or y - r >= TABLE_SIZE:
            s.error(path + ("circle",), f"the region '{region.name}' (centre ({x:g}, {y:g}), {c.diameter:g}″ "
                                        f"across) is off the {TABLE_SIZE:g}″ table: no model can ever be in it")
        elif min(x, y) < r or max(x, y) > TABLE_SIZE - r:
            s.error(path + ("circle",), f"the region '{region.name}' (centre ({x:g}, {y:g}), {c.diameter:g}″ "
                                        f"across) is partly off the {TABLE_SIZE:g}″ table (x and y of its "
                                        f"whole circle must be within 0..{TABLE_SIZE:g})")


def arrivals(s: Sense) -> Iterator[tuple[Step, EffectAt, Arrival]]:
    """Every reinforcement effect, with its event."""
    for step in s.steps:
        for at in effects_of(step):
            arrival = getattr(at.effect, "reinforcements", None)
            if arrival is not None:
                yield step, at, arrival


def arrival_problems(s: Sense) -> None:
    """A reinforcement point off the table, or a point or edge no base can stand wholly within reach of."""
    for _step, at, arrival in arrivals(s):
        path = at.path + ("reinforcements",)
        if arrival.at is not None:
            x, y = float(arrival.at[0]), float(arrival.at[1])
            if not (0 <= x <= TABLE_SIZE and 0 <= y <= TABLE_SIZE):
                s.error(path + ("at",), f"the arrival point ({x:g}, {y:g}) is off the {TABLE_SIZE:g}″ table "
                                        "(x and y must be within 0..36)")
                continue
            nx = min(max(x, BASE_RADIUS), TABLE_SIZE - BASE_RADIUS)
            ny = min(max(y, BASE_RADIUS), TABLE_SIZE - BASE_RADIUS)
            if math.hypot(nx - x, ny - y) + BASE_RADIUS > arrival.within + 1e-9:
                s.error(path + ("within",), f"no base can arrive: a base wholly on the table cannot also be "
                                            f"wholly within {arrival.within:g}″ of ({x:g}, {y:g})")
        elif arrival.within < 2 * BASE_RADIUS - 1e-9:
            s.error(path + ("within",), f"no base can arrive: a strip {arrival.within:g}″ deep along the edge is "
                                        f"narrower than a standard {DEFAULT_BASE_MM:g} mm base "
                                        f"({2 * BASE_RADIUS:.2f}″)")


def reserve_problems(s: Sense) -> None:
    """Models held back that no event ever brings on sit the whole game out: a warning."""
    brought = {side_ref(s.data, arrival.side) for _step, _at, arrival in arrivals(s)}
    for i, reserve in enumerate(s.data.reserves):
        if side_ref(s.data, reserve.side) not in brought:
            s.warn(("reserves", i), f"no event brings {reserve.side}'s reinforcements on ('reinforcements' with "
                                    f"side: {reserve.side}): the models it holds back never play")


def added_piece_problems(s: Sense) -> None:
    """A piece an event adds is checked as a scenario's piece is: on the table, a sound shape."""
    for step in s.steps:
        for at in effects_of(step):
            for change in piece_changes(at):
                entry = change.entry
                if entry is None:
                    continue
                if (entry.polygon is None) == (entry.circle is None):
                    s.error(change.path, "a piece needs either 'polygon' or 'circle'")
                elif entry.polygon is not None:
                    s.errors.extend(_polygon_problems(s.doc, change.path + ("polygon",), entry.polygon))
                elif entry.circle is not None and any(not (0 <= px <= TABLE_SIZE and 0 <= py <= TABLE_SIZE)
                                                      for px, py in piece_polygon(entry)):
                    c = entry.circle
                    s.error(change.path + ("circle",), f"the piece '{entry.id}' (centre ({c.centre[0]:g}, "
                                                       f"{c.centre[1]:g}), {c.diameter:g}″ across) reaches off "
                                                       f"the {TABLE_SIZE:g}″ table")


def _initial_pieces(s: Sense) -> dict[str, str]:
    """The pieces on the table when the game starts, each with where it comes from: the map's (less those a
    scenario piece removes by overlapping them) and the scenario's."""
    from shapely.geometry import Polygon

    found: dict[str, str] = {}
    if s.battle_map is not None:
        scenario = [Polygon(piece_polygon(p)) for p in s.data.pieces if p.removes_overlapping]
        for piece in s.battle_map.pieces:
            shape = Polygon([(v.x, v.y) for v in piece.polygon])
            if not any(shape.intersects(p) for p in scenario):
                found[piece.id] = f"on the map '{s.battle_map.name}'"
    for i, entry in enumerate(s.data.pieces):
        found[entry.id] = f"pieces[{i}]"
    return found


def piece_reference_problems(s: Sense) -> None:
    """In event order, each piece removed exists at that moment (on the map, in the scenario's pieces, or
    added by an event that fired before and not removed since), and each piece added is not already there.
    Events whose moment the play decides (a kill, an escape) and the rows of a d6 table may or may not have
    happened: what they add may be there, what they remove may be gone."""
    initial = _initial_pieces(s)
    present = dict(initial)
    gone: dict[str, Step] = {}
    adds: dict[str, list[tuple[Step, bool]]] = {}
    for step in s.steps:
        for at in effects_of(step):
            for change in piece_changes(at):
                if change.kind == "add":
                    adds.setdefault(change.id, []).append((step, at.certain and step.moment is not None))
    for step in s.steps:
        for at in effects_of(step):
            for change in piece_changes(at):
                if step.moment is None:
                    _loose_reference(s, step, change, initial, adds)
                    continue
                if change.kind == "add":
                    if change.id in present and at.certain:
                        s.error(change.path + ("id",), f"a piece '{change.id}' is already on the table at "
                                                       f"{step.when()} ({present[change.id]}): give this one "
                                                       "another id")
                    if at.certain:
                        present[change.id] = f"added by {step.called} at {step.when()}"
                        gone.pop(change.id, None)
                    continue
                if change.id in present:
                    if at.certain:
                        present.pop(change.id)
                        gone[change.id] = step
                    continue
                maybe = any(other.earliest <= step.earliest and not sure and other is not step
                            for other, sure in adds.get(change.id, []))
                if maybe:
                    continue
                later = [other for other, sure in adds.get(change.id, []) if sure and other.moment is not None
                         and (other.moment, other.index) > (step.moment, step.index)]
                if change.id in gone:
                    was = gone[change.id]
                    s.error(change.path, f"the piece '{change.id}' is no longer on the table at {step.when()}: "
                                         f"{was.called} removed it at {was.when()}")
                elif later:
                    s.error(change.path, f"the piece '{change.id}' is not on the table yet at {step.when()}: "
                                         f"{later[0].called} adds it only at {later[0].when()}")
                else:
                    _unknown_piece(s, change)


def _loose_reference(s: Sense, step: Step, change: PieceChange, initial: dict[str, str],
                     adds: dict[str, list[tuple[Step, bool]]]) -> None:
    """An event whose moment the play decides may fire at any time: what it removes must exist at some time."""
    if change.kind == "remove" and change.id not in initial and not any(other is not step for other, _ in
                                                                         adds.get(change.id, [])):
        _unknown_piece(s, change)


def _unknown_piece(s: Sense, change: PieceChange) -> None:
    if s.battle_map is not None:  # scenario_checks.map_problems names what the map lacks
        if change.id in {p.id for p in s.battle_map.pieces}:
            s.error(change.path, f"the piece '{change.id}' is not on the table: a piece of this scenario "
                                 "removed it when the game began (removes_overlapping)")
        return
    s.warn(change.path, f"no piece '{change.id}' in this scenario's pieces or added by its events: it removes a "
                        "piece only on a map that has one (name the scenario's 'map' to check it there)")


def switches(at: EffectAt) -> list[tuple[str, bool, KeyPath]]:
    """The scoring entries an effect switches: (name, on, key path)."""
    return [(name, key == "scoring_on", at.path + (key,)) for key in ("scoring_on", "scoring_off")
            if isinstance(name := getattr(at.effect, key, None), str)]


def scoring_switch_problems(s: Sense) -> None:
    """In event order, a switch that changes nothing (an entry switched on while it is on: was it meant to
    start 'active: false'?) and an entry that starts off and that no event ever switches on: warnings."""
    state = {e.name: e.active for e in s.data.scoring if e.name}
    loose: set[str] = set()  # switched by an event the play times, or by a row of a d6 table: unknown after
    ever_on: set[str] = set()
    by: dict[str, Step] = {}  # the event that last switched it, at a fixed moment
    for step in s.steps:
        for at in effects_of(step):
            for name, on, path in switches(at):
                if on:
                    ever_on.add(name)
                if step.moment is None or not at.certain:
                    loose.add(name)
                    continue
                if name in state and name not in loose and state[name] == on:
                    s.warn(path, _idle_switch(name, on, step, by.get(name)))
                state[name] = on
                by[name] = step
    for i, entry in enumerate(s.data.scoring):
        if not entry.active and entry.name not in ever_on:
            s.warn(("scoring", i, "active"), f"'{entry.name or entry.kind}' starts off and no event switches it on "
                                             "('scoring_on'): it never scores")


def _idle_switch(name: str, on: bool, step: Step, was: Step | None) -> str:
    word = "on" if on else "off"
    if was is not None:
        why = f"{was.called} switched it {word} at {was.when()}"
    else:
        why = f"it starts {word}" + (" ('active' is true unless set false)" if on else "")
    hint = " (start it with 'active: false'?)" if on and was is None else ""
    return f"'{name}' is already {word} at {step.when()}: {why}, so this switch changes nothing{hint}"


Check = Callable[[Sense], None]
CHECKS: list[Check] = [turn_problems, ended_problems, trigger_problems, region_problems, arrival_problems,
                       reserve_problems, added_piece_problems, piece_reference_problems, scoring_switch_problems]


def sense_problems(doc: Document, data: ScenarioFile, battle_map: BattleMap | None = None) -> Sense:
    """Every check of sense on a scenario that loads, on the map it names (None: any map)."""
    sense = Sense(doc, data, battle_map, ordered(data))
    for check in CHECKS:
        check(sense)
    return sense
