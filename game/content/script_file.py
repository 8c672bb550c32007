"""Script files (``python -m game run SCRIPT.yaml``): a position, forced dice and answers.

The engine's black-box interface for tests, bug reports and outside tools. The
format is documented in docs/script-mode.md; parties, maps and the scenario are
given as file paths (relative to the script, or to the game's folder), as names of
the game's content (``village_ruins``, ``rescue``), or inline in their own file
formats, and are checked exactly like files of their own. A script with a scenario
either plays the encounter's set-up as decisions (``phase: setup``) or starts from a
position where the ``encounter`` block says what the set-up decided.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Discriminator, Field, Tag

from game.content.maps import BattleMap, build_map
from game.content.party_building import BuiltParty, build_party
from game.content.scenario_file import build_scenario
from game.content.scenario_schema import ScenarioEvent, ScenarioFile
from game.content.schema import OR_TAG, StrictModel, validate
from game.content.yaml_loader import Document, KeyPath, load_yaml, parse_yaml
from game.core.errors import ContentError, Problem
from game.core.ids import name_key

SCRIPT_FORMAT = "iron-honor/script@1"
# an event by its index or its name; a variable's value, a number or a flag: a bad one is told as the one shape
EventRef = Annotated[Annotated[int, Tag(OR_TAG + "an event's name")] | Annotated[str, Tag("~name")],
                     Discriminator(lambda v: "~name" if isinstance(v, str) else OR_TAG + "an event's name")]
VariableValue = Annotated[Annotated[int, Tag(OR_TAG + "true or false")] | Annotated[bool, Tag("~flag")],
                          Discriminator(lambda v: "~flag" if isinstance(v, bool) else OR_TAG + "true or false")]
Side = Literal["A", "B"]
Edge = Literal["top", "bottom", "left", "right"]


class ModelSetup(StrictModel):
    x: float | None = None
    y: float | None = None
    facing: float | None = None
    wounds: int = Field(default=0, ge=0)
    status: Literal["table", "reserve", "killed", "removed", "escaped"] = "table"
    activated: bool = False
    conditions: list[str] = []  # condition ids, checked against the rules' conditions when the script is set up
    jammed: list[int] = []


class Settings(StrictModel):
    declare_plan_upfront: bool = True
    turns: int = Field(default=6, ge=1, le=50)


class PrisonerSetup(StrictModel):
    """The Rescue Prisoner ([ENC-RES-1]): a follower of the Rescuer, held (a neutral base) or rescued."""

    model: str
    rescued: bool = False


class MarkerSetup(StrictModel):
    """An objective marker where the set-up placed it ([ENC-SAL-1]); ids M1, M2 ... in list order."""

    x: float
    y: float
    placed_by: Side | None = None


class EncounterSetup(StrictModel):
    """What an encounter's set-up decided, for a position in phase main or maintenance."""

    higher: Side = "A"  # the winner of the set-up roll ([ENC-1]); roles follow from it
    edge: Edge | None = None  # the edge chosen at set-up ([ENC-2])
    prisoner: str | PrisonerSetup | None = None
    markers: list[MarkerSetup] | None = None
    scored: dict[Side, int] | None = None  # ExP awarded so far by control and secure entries
    extra_turns: int = Field(default=0, ge=0)  # extra turns already won ([ENC-ENG-3])
    # the scenario's events that have fired, by index or name, in the order they fired; None: those the
    # position shows (turn starts and ends passed, the kills, escapes and rescue it has) -- fired_by_default
    fired: list[EventRef] | None = None
    switched: dict[str, bool] = {}  # scoring entries on (true) or off (false) now, by name: over the events'
    variables: dict[str, VariableValue] = {}  # the scenario's variables now (those not given: as the events left them)


class ScriptFile(StrictModel):
    format: Literal["iron-honor/script@1"]
    seed: int = 0
    map: str | dict[str, Any] | None = None
    scenario: str | dict[str, Any] | None = None
    encounter: EncounterSetup | None = None
    parties: dict[Side, str | dict[str, Any]]
    turn: int = Field(default=1, ge=1)
    phase: Literal["setup", "main", "maintenance"] = "main"
    fate: dict[Side, int] | None = None
    bag: list[Side] | None = None
    models: dict[str, ModelSetup] = {}
    dice: list[int] = []
    answers: list[Any] = []
    settings: Settings = Settings()


@dataclass
class Script:
    file: str
    seed: int
    battle_map: BattleMap
    parties: tuple[BuiltParty, BuiltParty]
    raw: ScriptFile
    doc: Document
    problems: list[Problem] = field(default_factory=list)
    scenario: ScenarioFile | None = None
    included: dict[KeyPath, Document] = field(default_factory=dict)  # the files it names, as read

    def by_value(self) -> dict[str, Any]:
        """The script with every file it names put inline (their parsed content): the same position
        from one text, as a save keeps it ([DIG-ACT-4]), after the files changed or on another machine."""
        data = copy.deepcopy(self.doc.data)
        for key, doc in self.included.items():
            parent = data
            for k in key[:-1]:
                parent = parent[k]
            parent[key[-1]] = copy.deepcopy(doc.data)
        return data

    @property
    def scenario_ref(self) -> str:
        """How the script named its scenario (a name or path), or '' for none or an inline one."""
        return self.raw.scenario if isinstance(self.raw.scenario, str) else ""


def _find(base: Path, name: str, doc: Document | None = None, key: tuple[str, ...] = ()) -> Path:
    """A file the script names, confined to its folder, the game's folders and the mod folder."""
    from game.content.library import find_reference

    try:
        return find_reference(base, name)
    except ValueError as exc:
        problem = doc.problem(key, str(exc)) if doc is not None else Problem("", None, str(exc))
        raise ContentError(doc.file if doc is not None else name, [problem]) from None


def _is_path(name: str) -> bool:
    return name.endswith((".yaml", ".yml")) or "/" in name or "\\" in name


def _named(doc: Document, key: str, kind: str, base: Path, name: str) -> Path:
    """A content file named by path (beside the script, then the game's folder) or by name (``rescue``)."""
    from game.content.library import resolve

    if _is_path(name):
        return _find(base, name, doc, (key,))
    try:
        return resolve(kind, name)
    except ContentError as exc:
        raise ContentError(doc.file, [doc.problem((key,), p.message) for p in exc.problems]) from None


def load_script(path: str | Path) -> Script:
    """Read a script and everything it names; every problem, in any file, is a ContentError."""
    return _script(load_yaml(path), Path(path).resolve().parent)


def parse_script(text: str | bytes, file: str = "<script>") -> Script:
    """A script from its text alone (a save's, :meth:`Script.by_value`): it must name no other file."""
    return _script(parse_yaml(text, file), None)


def _script(doc: Document, base: Path | None) -> Script:
    raw = validate(doc, ScriptFile)
    problems: list[Problem] = []
    if set(raw.parties) != {"A", "B"}:
        problems.append(doc.problem(("parties",), "expected both sides, A and B"))
    for i, v in enumerate(raw.dice):
        if not 1 <= v <= 6:
            problems.append(doc.problem(("dice", i), f"a forced die is 1-6, found {v}"))
    if base is None:  # by value: nothing may be read from elsewhere
        named: list[KeyPath] = [("parties", side) for side, entry in raw.parties.items() if isinstance(entry, str)]
        named += [(key,) for key in ("map", "scenario") if isinstance(getattr(raw, key), str)]
        problems += [doc.problem(key, "a script kept by value holds this inline, not a file's name") for key in named]
    if problems:
        raise ContentError(doc.file, problems)
    folder = base or Path()  # (only for names, so never used by value)
    included: dict[KeyPath, Document] = {}

    def read(key: KeyPath, path: Path, display: str) -> Document:
        included[key] = load_yaml(path, display)
        return included[key]

    parties: list[BuiltParty] = []
    for side in ("A", "B"):
        entry = raw.parties[side]
        if isinstance(entry, str):
            parties.append(build_party(read(("parties", side), _find(folder, entry, doc, ("parties", side)), entry)))
        else:
            parties.append(build_party(doc.sub(("parties", side), entry)))
    if raw.map is None:
        battle_map = BattleMap("open table", ())
    elif isinstance(raw.map, str):
        battle_map = build_map(read(("map",), _named(doc, "map", "maps", folder, raw.map), raw.map))
    else:
        battle_map = build_map(doc.sub(("map",), raw.map))
    scenario = None
    if isinstance(raw.scenario, str):
        scenario = build_scenario(read(("scenario",), _named(doc, "scenario", "scenarios", folder, raw.scenario),
                                       raw.scenario))
    elif raw.scenario is not None:
        scenario = build_scenario(doc.sub(("scenario",), raw.scenario))
    problems = encounter_problems(doc, raw, scenario)
    if problems:
        raise ContentError(doc.file, problems)
    return Script(doc.file, raw.seed, battle_map, (parties[0], parties[1]), raw, doc, scenario=scenario,
                  included=included)


def encounter_problems(doc: Document, raw: ScriptFile, scenario: ScenarioFile | None) -> list[Problem]:
    """The checks of the encounter keys that need the scenario but not the game (docs/script-mode.md)."""
    given = doc.data if isinstance(doc.data, dict) else {}
    enc = raw.encounter
    if scenario is None:
        return [doc.problem(("encounter",), "'encounter' needs a 'scenario'")] if enc is not None else []
    out: list[Problem] = []
    if isinstance(given.get("settings"), dict) and "turns" in given["settings"]:
        out.append(doc.problem(("settings", "turns"), f"{scenario.name} sets the game's length "
                                                      f"({scenario.duration.turns} turns) [ENC-4]; leave out 'turns'"))
    if raw.phase == "setup":
        why = "with phase: setup the encounter's set-up decides it: answer its decisions in 'answers'"
        if enc is not None:
            out.append(doc.problem(("encounter",), why))
        for key in raw.models:
            out.append(doc.problem(("models", key), f"{why} (points for placements, angles for facings)"))
        for key in ("fate", "bag"):
            if key in given:
                out.append(doc.problem((key,), "with phase: setup the bag and Fate are filled when the set-up "
                                              "ends [TURN-1]"))
        return out
    enc = enc or EncounterSetup()
    path: KeyPath = ("encounter",)
    if enc.edge is not None and scenario.deployment.edge_chosen_by is None:
        out.append(doc.problem(path + ("edge",), f"nobody chooses an edge in {scenario.name}: its zones are fixed"))
    if scenario.prisoner is None and enc.prisoner is not None:
        out.append(doc.problem(path + ("prisoner",), f"{scenario.name} has no Prisoner (only an encounter with a "
                                                     "'prisoner' block has one, such as Rescue)"))
    if scenario.markers is None and enc.markers is not None:
        out.append(doc.problem(path + ("markers",), f"{scenario.name} has no objective markers"))
    if scenario.markers is not None and enc.markers is not None and len(enc.markers) > scenario.markers.total:
        out.append(doc.problem(path + ("markers",), f"{scenario.name} has {scenario.markers.total} "
                                                    f"markers, found {len(enc.markers)} [ENC-SAL-1]"))
    for side, value in (enc.scored or {}).items():
        if value < 0:
            out.append(doc.problem(path + ("scored", side), f"a score cannot be negative, found {value}"))
    extra = scenario.duration.extra_turn
    most = extra.max if extra is not None else 0
    if enc.extra_turns > most:
        out.append(doc.problem(path + ("extra_turns",), f"{scenario.name} plays at most {most} extra turn(s)"))
    last = scenario.duration.turns + min(enc.extra_turns, most)
    if raw.turn > last:
        out.append(doc.problem(("turn",), f"{scenario.name} ends after turn {last}"
                                          + (" (more with encounter.extra_turns)" if enc.extra_turns < most else "")))
    return out + history_problems(doc, raw, scenario, enc)


def event_ref(scenario: ScenarioFile, ref: int | str) -> int | str:
    """The index of the event a script names (by its index in ``events`` or by its name), or why there is none."""
    events = scenario.events
    if not events:
        return f"{scenario.name} has no events"
    if isinstance(ref, int):
        if 0 <= ref < len(events):
            return ref
        return f"{scenario.name} has {len(events)} event(s): an index is 0 to {len(events) - 1}"
    found = [i for i, e in enumerate(events) if e.name is not None and name_key(e.name) == name_key(ref)]
    if len(found) == 1:
        return found[0]
    if found:
        return f"{len(found)} events are named '{ref}' ({', '.join(f'events[{i}]' for i in found)}): give its index"
    names = ", ".join(f"'{e.name}'" for e in events if e.name) or "none has a name"
    return f"no event named '{ref}' in {scenario.name} (its events: {names}; an index works too)"


def not_yet(event: ScenarioEvent, turn: int) -> str | None:
    """Why an event at a turn's start or end cannot have fired in a position in ``turn``, or None."""
    when = event.when
    if when.turn_starts is not None and when.turn_starts > turn:
        return f"it fires at the start of turn {when.turn_starts}: the position is in turn {turn}"
    if when.turn_ends is not None and when.turn_ends >= turn:
        return (f"it fires at the end of turn {when.turn_ends}, in its Maintenance Phase: the position is in turn "
                f"{turn}, before that")
    return None


def history_problems(doc: Document, raw: ScriptFile, scenario: ScenarioFile, enc: EncounterSetup) -> list[Problem]:
    """The events that fired, the scoring switched and the variables, checked against the scenario."""
    out: list[Problem] = []
    seen: set[int] = set()
    for i, ref in enumerate(enc.fired or []):
        path: KeyPath = ("encounter", "fired", i)
        index = event_ref(scenario, ref)
        if isinstance(index, str):
            out.append(doc.problem(path, index))
            continue
        event = scenario.events[index]
        why = not_yet(event, raw.turn)
        if why:
            out.append(doc.problem(path, f"events[{index}] ({event.name or 'unnamed'}) cannot have fired yet: {why}"))
        elif index in seen and event.once:
            out.append(doc.problem(path, f"events[{index}] ({event.name or 'unnamed'}) fires once: it is listed twice"))
        seen.add(index)
    for index, event in enumerate(scenario.events):  # one that ended the game at an earlier turn's end
        ended = event.when.turn_ends is not None and event.when.turn_ends < raw.turn
        if ended and any(effect.end_game for effect in event.do):
            out.append(doc.problem(("turn",), f"{scenario.name} ended after turn {event.when.turn_ends}: "
                                              f"events[{index}] ({event.name or 'unnamed'}) ends it [ENC-4]"))
    named = [e.name for e in scenario.scoring if e.name is not None]
    for name in enc.switched:
        if name not in named:
            known = ", ".join(f"'{n}'" for n in named) or "none"
            out.append(doc.problem(("encounter", "switched", name), f"no scoring entry is named '{name}' in "
                                                                     f"{scenario.name} (named entries: {known})"))
    declared: dict[str, bool | int] = getattr(scenario, "variables", None) or {}  # (the scenario's 'variables:')
    for name, value in enc.variables.items():
        path = ("encounter", "variables", name)
        if name not in declared:
            known = ", ".join(f"'{n}'" for n in declared)
            out.append(doc.problem(path, f"{scenario.name} declares no variable '{name}'"
                                         + (f" (its variables: {known})" if known else " (it has no 'variables:')")))
        elif isinstance(declared[name], bool) != isinstance(value, bool):
            kind = "a flag: true or false" if isinstance(declared[name], bool) else "a number"
            out.append(doc.problem(path, f"'{name}' is {kind}, found {value!r}"))
    return out
