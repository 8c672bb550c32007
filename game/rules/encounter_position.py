"""An encounter position from a script (docs/script-mode.md): what the set-up decided, given, not played.

The set-up roll's winner gives the roles ([ENC-1], [ENC-RES-1]); the chosen edge fixes the zones
([ENC-2]); markers and the Prisoner are checked by the rules that place them at set-up ([ENC-SAL-1],
[ENC-RES-1], [ENC-RES-2]). Whatever the script leaves out is set up by the deployment helper, the one
that answers a quick game's set-up: models in their own zones, markers, the held Prisoner.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from game.content.script_file import EncounterSetup, PrisonerSetup, Script
from game.core.errors import Problem
from game.core.ids import name_key
from game.geometry.battlefield import Battlefield
from game.rules.decisions import Decision
from game.rules.deployment import auto_answer, deploy_side, marker_problem, place_markers, place_prisoner
from game.rules.driver import Driver
from game.rules.encounter import Marker
from game.rules.state import ON_TABLE, PRISONER, UNDEPLOYED, GameState, ModelState, Status

SIDE_OF = {"A": 0, "B": 1}


def find_model(state: GameState, key: str) -> ModelState | None:
    """A model by id (``B3``) or by name (``Frokn``)."""
    return state.models.get(key) or next((m for m in state.models.values() if name_key(m.name) == name_key(key)),
                                         None)


def drive(state: GameState, procedure: Generator[Decision, Any, Any]) -> None:
    """Run a set-up procedure, its decisions answered by the deployment helper."""
    rules = Driver(state, procedure)
    decision = rules.first()
    while decision is not None:
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
    placed = False
    for key, setup in script.raw.models.items():
        model = find_model(state, key)
        if model is None:
            continue  # reported with the other model keys
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
    enc.awarded = [(given.scored or {}).get(s, 0) for s in ("A", "B")]
    enc.extra_turns = given.extra_turns
    enc.deployed = True
    del state.log[mark:]  # the helper's deployment is the position, not play
    return problems


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
