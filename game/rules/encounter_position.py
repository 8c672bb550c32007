"""An encounter position from a script (docs/script-mode.md): what the set-up decided, given, not played.

The set-up roll's winner gives the roles ([ENC-1], [ENC-RES-1]); the chosen edge fixes the zones
([ENC-2]); markers and the Prisoner are checked by the rules that place them at set-up ([ENC-SAL-1],
[ENC-RES-1], [ENC-RES-2]). Whatever the script leaves out is set up by the deployment helper, the one
that answers a quick game's set-up: models in their own zones, markers, the held Prisoner.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Generator
from typing import Any

from game.content.scenario_schema import Arrival
from game.content.script_file import EncounterSetup, PrisonerSetup, Script, event_ref, not_yet
from game.core.errors import Problem
from game.core.ids import name_key
from game.geometry.battlefield import Battlefield
from game.rules.decision_kinds import DecisionKind
from game.rules.decisions import Decision
from game.rules.deployment import auto_answer, deploy_side, marker_problem, place_markers, place_prisoner
from game.rules.driver import Driver
from game.rules.encounter import Marker
from game.rules.events import EventKind
from game.rules.state import ON_TABLE, PRISONER, UNDEPLOYED, GameState, ModelState, Status

SIDE_OF = {"A": 0, "B": 1}


def find_model(state: GameState, key: str) -> ModelState | None:
    """A model by id (``B3``) or by name (``Frokn``)."""
    return state.models.get(key) or next((m for m in state.models.values() if name_key(m.name) == name_key(key)),
                                         None)


def drive(state: GameState, procedure: Generator[Decision, Any, Any]) -> None:
    """Run a set-up procedure (or an event's effects), its decisions answered by the deployment helper."""
    rules = Driver(state, procedure)
    decision = rules.first()
    while decision is not None:
        if decision.kind == DecisionKind.facing:  # a reinforcement's facing: as a deployed base's
            decision = dataclasses.replace(decision, kind=DecisionKind.deploy_facing)
        decision = rules.send(decision.validate(auto_answer(state, decision)))


def default_edge(state: GameState) -> str:
    """The chosen edge when the script names none: side A's zone along the top edge, as without a scenario."""
    enc = state.encounter
    zones = enc.scenario.deployment.zones
    chooser_ref = "higher" if zones.higher.edge == "chosen" else "lower"
    return "top" if enc.side(chooser_ref) == 0 else "bottom"


def set_up_encounter(state: GameState, script: Script) -> list[Problem]:
    """Apply the script's ``encounter`` block and deploy the models it does not place; the problems found."""
    enc = state.encounter
    sc = enc.scenario
    doc = script.doc
    given = script.raw.encounter or EncounterSetup()
    mark = len(state.log)
    enc.higher = SIDE_OF[given.higher]
    if sc.deployment.edge_chosen_by is not None:
        enc.chosen_edge = given.edge or default_edge(state)
    problems = place_given_markers(state, script, given)
    held, more = name_prisoner(state, script, given)
    problems += more
    for m in state.models.values():
        m.status = UNDEPLOYED
    fired, more = fired_events(state, script, given)
    problems += more
    arrivals, more = apply_fired(state, script, given, fired)  # terrain and scoring first: deployment sees them
    problems += more
    if held is not None:
        held.status = PRISONER  # taken at set-up: never held back as well
    if sc.reserves:
        from game.rules.scenario_events import hold_reserves

        hold_reserves(state)  # held back until their event fires, in the script's answers or before
    arrived = {enc.named_side(a.side) for _, a, _ in arrivals}
    placed = False
    for key, setup in script.raw.models.items():
        model = find_model(state, key)
        if model is None:
            continue  # reported with the other model keys
        if model.id in enc.reserved and model.side not in arrived and setup.status != "reserve":
            problems.append(doc.problem(("models", key), f"{model.name} is held back until an event brings "
                                        f"{state.sides[model.side].name}'s reinforcements ([ENC-4]): give it "
                                        "status: reserve, or list that event in encounter.fired"))
            continue
        if model is held and setup.status != "table":
            problems.append(doc.problem(("models", key, "status"), f"{model.name} is the Prisoner and not rescued: "
                                        "it stands on the table (give encounter.prisoner rescued: true otherwise) "
                                        "[ENC-RES-3]"))
        if setup.status != "table":
            model.status = Status(setup.status)
        elif setup.x is not None and setup.y is not None:
            model.x, model.y = setup.x, setup.y
            model.status = ON_TABLE
            placed = placed or model is held
            if model is held and not Battlefield.on_table((model.x, model.y), model.radius):
                problems.append(doc.problem(("models", key), f"impossible position: the Prisoner {model.label()} is "
                                            f"off the table at ({model.x:g}, {model.y:g})"))
    if held is not None:
        held.status = PRISONER
    first = enc.side(sc.deployment.first)
    for side in (first, 1 - first):
        drive(state, deploy_side(state, side))
    if held is not None and not placed:
        drive(state, place_prisoner(state))
    reserved = list(enc.reserved)
    kept = [find_model(state, key) for key, setup in script.raw.models.items() if setup.status == "reserve"]
    stay = {m.id for m in kept if m is not None}
    enc.reserved = [mid for mid in reserved if mid not in stay]  # the script keeps these back: no place found
    for i, arrival, cite in arrivals:  # the reserves an event brought and the script does not place
        problems += _failures(state, script, given, i, lambda a=arrival, c=cite: _reinforce(state, a, c))
    enc.reserved = reserved
    enc.fired = list(fired)
    enc.switched.update(given.switched)
    enc.variables.update(given.variables)
    enc.awarded = [(given.scored or {}).get(s, 0) for s in ("A", "B")]
    enc.extra_turns = given.extra_turns
    enc.deployed = True
    del state.log[mark:]  # the helper's deployment is the position, not play
    return problems


def fired_by_default(state: GameState, script: Script) -> list[int]:
    """The events a position shows have fired when the script does not list them: those at the start of a turn
    up to this one and at the end of the turns before, in turn order; then those on a kill or an escape of a
    side with a model killed or escaped in ``models``, and on the rescue of a Prisoner given as rescued."""
    sc = state.encounter.scenario
    turn = script.raw.turn
    timed = [(w.turn_starts if w.turn_starts is not None else w.turn_ends, w.turn_ends is not None, i)
             for i, e in enumerate(sc.events)
             if ((w := e.when).turn_starts is not None or w.turn_ends is not None) and not_yet(e, turn) is None]
    out = [i for *_, i in sorted(timed)]
    for i, event in enumerate(sc.events):
        if _shown(state, script, event.when) is True:
            out.append(i)
    return out


def _shown(state: GameState, script: Script, when: Any) -> bool | None:
    """Whether a kill, an escape or a rescue the event waits for is in the position (None: another trigger)."""
    enc = state.encounter
    fates = {Status.KILLED: when.model_killed, Status.REMOVED: when.model_killed, Status.ESCAPED: when.model_escaped}
    if when.model_killed is None and when.model_escaped is None:
        if when.rescued:
            given = script.raw.encounter.prisoner if script.raw.encounter is not None else None
            return isinstance(given, PrisonerSetup) and given.rescued
        return None
    for key, setup in script.raw.models.items():
        model = find_model(state, key)
        named = fates.get(Status(setup.status))
        if model is not None and named is not None and (
                named.strip().casefold() == "any" or enc.named_side(named) == model.side):
            return True
    return False


def fired_events(state: GameState, script: Script, given: EncounterSetup) -> tuple[list[int], list[Problem]]:
    """The events that have fired (by index, in order): the script's list, or those the position shows."""
    sc = state.encounter.scenario
    if given.fired is None:
        return fired_by_default(state, script), []
    out, problems = [], []
    for i, ref in enumerate(given.fired):
        index = event_ref(sc, ref)
        if isinstance(index, str):
            continue  # reported with the script's own checks
        if _shown(state, script, sc.events[index].when) is False:
            what = ("the Prisoner rescued (encounter.prisoner: {model: .., rescued: true})"
                    if sc.events[index].when.rescued else "a model of that side killed or escaped in 'models'")
            problems.append(script.doc.problem(("encounter", "fired", i), f"events[{index}] "
                                               f"({sc.events[index].name or 'unnamed'}) waits for what this position "
                                               f"does not show: give {what}"))
        out.append(index)
    return out, problems


def apply_fired(state: GameState, script: Script, given: EncounterSetup,
                fired: list[int]) -> tuple[list[tuple[int, Arrival, str]], list[Problem]]:
    """What the fired events did, in the order they fired: pieces removed and added, scoring switched, variables
    set, the game ending; the reinforcements they brought are returned, to arrive once the rest is deployed."""
    from game.rules.scenario_events import apply

    enc = state.encounter
    arrivals: list[tuple[int, Arrival, str]] = []
    problems: list[Problem] = []
    for n, index in enumerate(fired):
        cite = enc.scenario.cite(f"events[{index}]")
        for j, effect in enumerate(enc.scenario.events[index].do):
            where = f"{cite}, effect {j + 1}"
            if effect.reinforcements is not None:
                arrivals.append((n, effect.reinforcements, where))
            else:
                problems += _failures(state, script, given, n, lambda e=effect, w=where: apply(state, e, w))
    return arrivals, problems


def _reinforce(state: GameState, arrival: Arrival, cite: str) -> Generator[Decision, Any, Any]:
    from game.rules.scenario_events import reinforce

    return reinforce(state, arrival, cite)


def _failures(state: GameState, script: Script, given: EncounterSetup, n: int,
              effect: Any) -> list[Problem]:
    """Play one effect of a fired event on the position; what it could not do, as problems of the event's entry
    in ``encounter.fired`` (or of ``encounter``, for an event fired by default)."""
    mark = len(state.log)
    drive(state, effect())
    path = ("encounter", "fired", n) if given.fired is not None else ("encounter",)
    return [script.doc.problem(path, f"impossible position: {e.text}") for e in state.log[mark:]
            if e.kind == EventKind.EventFailed]


def place_given_markers(state: GameState, script: Script, given: EncounterSetup) -> list[Problem]:
    """[ENC-SAL-1]: the script's markers, each checked as if placed now; none given: the helper places them."""
    enc = state.encounter
    rules = enc.scenario.markers
    if rules is None:
        return []
    if given.markers is None or rules.at is not None:  # none given, or fixed by the scenario
        drive(state, place_markers(state))
        return []
    problems = []
    first = enc.side(rules.first)
    for i, spec in enumerate(given.markers):
        why = marker_problem(state, spec.x, spec.y)
        if why:
            problems.append(script.doc.problem(("encounter", "markers", i), why))
            continue
        owner = SIDE_OF[spec.placed_by] if spec.placed_by else (first if i % 2 == 0 else 1 - first)
        enc.markers.append(Marker(f"M{i + 1}", spec.x, spec.y, rules.diameter_mm / 25.4 / 2, owner))
    return problems


def name_prisoner(state: GameState, script: Script, given: EncounterSetup) -> tuple[ModelState | None, list[Problem]]:
    """[ENC-RES-1]: the Prisoner is one of the Rescuer's followers; returns it while it is held (not rescued)."""
    enc = state.encounter
    rules = enc.scenario.prisoner
    if rules is None:
        return None, []
    doc = script.doc
    rescuer = enc.side(rules.taken_from)
    followers = [m for m in state.side_models(rescuer) if m.profile.type == "follower"]
    role = enc.role(state, rescuer)
    spec = given.prisoner
    if spec is None:
        if not followers:
            return None, []
        return None, [doc.problem(("encounter",), f"{enc.name} needs its Prisoner: name one of the followers of "
                                  f"{role}, side {'AB'[rescuer]} (e.g. prisoner: {followers[0].id}) [ENC-RES-1]")]
    full = spec if isinstance(spec, PrisonerSetup) else PrisonerSetup(model=spec)
    path = ("encounter", "prisoner") + (("model",) if isinstance(spec, PrisonerSetup) else ())
    model = find_model(state, full.model)
    if model is None:
        return None, [doc.problem(path, f"no model '{full.model}' (ids are A1.., B1..; names work too)")]
    if model not in followers:
        names = ", ".join(f"{m.id} {m.name}" for m in followers) or "none"
        return None, [doc.problem(path, f"the Prisoner is one of the Rescuer's followers ({state.sides[rescuer].name}, "
                                  f"side {'AB'[rescuer]}): {model.label()} is not (theirs: {names}) [ENC-RES-1]")]
    enc.prisoner = model.id
    enc.rescued = full.rescued
    return (None if full.rescued else model), []
