"""Script mode: set a position, force dice, feed answers, report events and the final state.

``python -m game run SCRIPT.yaml`` prints :func:`run_script`'s result as JSON.
"""

from __future__ import annotations

import math
from typing import Any

from game.content.script_file import Script
from game.core.errors import ContentError, Problem
from game.geometry.battlefield import CAT_IMPASSABLE, CAT_OBSTACLE
from game.rules import board, scenario_triggers
from game.rules.conditions import CONDITIONS
from game.rules.decisions import Decision, IllegalAnswer
from game.rules.encounter import zone_of
from game.rules.encounter_position import find_model, set_up_encounter
from game.rules.engine import Game
from game.rules.invariants import violations
from game.rules.scoring import update_scores
from game.rules.setup import new_game, simple_deployment
from game.rules.state import PRISONER, SIDE_LETTERS, Conditions, GameState, Phase, Settings, Status

SIDE_OF = {"A": 0, "B": 1}


def build_state(script: Script) -> GameState:
    """The script's position: default deployment, then every model the script places or changes.

    With a scenario in phase setup nothing is placed: the encounter's set-up is the game's first
    decisions ([ENC-1]-[ENC-3]). In a later phase the ``encounter`` block says what the set-up decided.
    """
    raw = script.raw
    settings = Settings(declare_plan_upfront=raw.settings.declare_plan_upfront, turns=raw.settings.turns)
    state = new_game(script.parties, script.battle_map, script.seed, settings, scenario=script.scenario)
    doc = script.doc
    problems = []
    if script.scenario is None:
        simple_deployment(state)
    elif raw.phase == "setup":
        state.turn = raw.turn
        state.dice.force(*raw.dice)
        return state
    else:
        problems += set_up_encounter(state, script)
    for key, setup in raw.models.items():
        model = find_model(state, key)
        if model is None:
            problems.append(doc.problem(("models", key), f"no model '{key}' (ids are A1.., B1..; names work too)"))
            continue
        if setup.x is not None:
            model.x = setup.x
        if setup.y is not None:
            model.y = setup.y
        if setup.facing is not None:
            model.facing = setup.facing % 360.0
        if setup.wounds >= model.max_wounds:
            problems.append(doc.problem(("models", key, "wounds"), f"{model.name} has {model.max_wounds} wounds; "
                                        f"{setup.wounds} would have killed it (use status: killed)"))
        model.wounds_taken = setup.wounds
        model.status = Status(setup.status)
        model.activated = setup.activated
        model.conditions = Conditions()
        for i, c in enumerate(setup.conditions):
            known = CONDITIONS.get(c)
            if known is None or not known.scripted:
                names = ", ".join(k for k, v in CONDITIONS.items() if v.scripted)
                problems.append(doc.problem(("models", key, "conditions", i), f"unknown condition '{c}' "
                                            f"(one of {names})"))
            else:
                known.put(model)
        model.jammed = tuple(setup.jammed)
        bad = [j for j in model.jammed if not 0 <= j < len(model.profile.weapons)]
        if bad:
            problems.append(doc.problem(("models", key, "jammed"), f"{model.name} has no weapon entry {bad[0]}"))
    enc = state.encounter
    if enc is not None and enc.prisoner is not None and not enc.rescued:
        state.model(enc.prisoner).status = PRISONER  # held: a neutral base ([ENC-RES-3])
    state.turn = raw.turn
    state.phase = Phase(raw.phase)
    for s in state.sides:
        s.fate = s.party.fate
    if raw.fate is not None:
        for side, value in raw.fate.items():
            if value < 0:
                problems.append(doc.problem(("fate", side), f"Fate cannot be negative, found {value}"))
            state.sides[SIDE_OF[side]].fate = value
    if raw.phase != "setup":
        if raw.bag is not None:
            state.bag = sorted(SIDE_OF[s] for s in raw.bag)
        elif enc is not None and enc.ending:  # an event fired ended the game: the Main Phase is over ([ENC-4])
            state.bag = []
        else:
            state.bag = sorted(m.side for m in state.models.values() if m.on_table and not m.activated)
    if enc is not None:  # the fates in the position: their events fired (encounter.fired), they do not fire again
        gone = (Status.KILLED, Status.REMOVED, Status.ESCAPED)
        enc.noticed = sorted(m.id for m in state.models.values() if m.status in gone)
        enc.noticed += ["rescued"] if enc.rescued else []
    for broken in violations(state):
        problems.append(doc.problem(("models",), f"impossible position: {broken}"))
    problems += terrain_problems(state, script)
    if problems:
        raise ContentError(doc.file, problems)
    if enc is not None:
        update_scores(state)
        scenario_triggers.settle(state)
    state.dice.force(*raw.dice)
    return state


def terrain_problems(state: GameState, script: Script) -> list[Problem]:
    """No base stands on impassable terrain or ends a move on an obstacle ([DIG-MOVE-1], [DIG-MOVE-7])."""
    bf = board.battlefield(state)
    keys = {m.id: key for key in script.raw.models if (m := find_model(state, key)) is not None}
    out = []
    for m in state.on_table() + state.prisoners:
        pieces = bf.pieces_overlapping((m.x, m.y), m.radius, CAT_IMPASSABLE | CAT_OBSTACLE)
        if pieces:
            path = ("models", keys[m.id]) if m.id in keys else ("models",)
            out.append(script.doc.problem(path, f"impossible position: {m.label()} stands on {pieces[0].kind} "
                                                f"terrain '{pieces[0].id}' [DIG-MOVE-1] [DIG-MOVE-7]"))
    return out


def describe_decision(d: Decision) -> dict[str, Any]:
    return {"kind": str(d.kind), "side": SIDE_LETTERS[d.side], "prompt": d.prompt, "rule": d.rule, "free": d.free,
            "options": [{"key": o.key, "label": o.label} for o in d.options]}


def final_state(state: GameState) -> dict[str, Any]:
    return {
        "turn": state.turn,
        "phase": state.phase,
        "bag": [SIDE_LETTERS[s] for s in state.bag],
        "fate": {SIDE_LETTERS[s.index]: s.fate for s in state.sides},
        "scores": {SIDE_LETTERS[s.index]: s.score for s in state.sides},
        "result": state.result,
        "forced_dice_left": state.dice.forced_pending,
        "encounter": encounter_report(state),
        "models": {
            m.id: {"name": m.name, "side": SIDE_LETTERS[m.side], "x": round(m.x, 4), "y": round(m.y, 4),
                   "facing": round(m.facing, 3), "wounds": m.wounds_taken, "max_wounds": m.max_wounds,
                   "status": m.status, "activated": m.activated, "conditions": sorted(m.conditions),
                   "jammed": list(m.jammed)}
            for m in state.models.values()
        },
    }


def encounter_report(state: GameState) -> dict[str, Any] | None:
    """What the encounter's set-up decided and what it has become: roles, edges, markers, the Prisoner."""
    enc = state.encounter
    if enc is None:
        return None
    roles = enc.scenario.roles
    out: dict[str, Any] = {
        "scenario": enc.name,
        "higher": SIDE_LETTERS[enc.higher] if enc.higher is not None else None,
        "roles": {SIDE_LETTERS[s]: getattr(roles, enc.ref(s)) for s in (0, 1)} if roles is not None else None,
        "edge": enc.chosen_edge,
        "zones": {SIDE_LETTERS[s]: _zone(state, s) for s in (0, 1)} if enc.higher is not None else None,
        "markers": [{"id": m.id, "x": round(m.x, 4), "y": round(m.y, 4),
                     "placed_by": SIDE_LETTERS[m.placed_by] if m.placed_by is not None else None}
                    for m in enc.markers],
        "prisoner": None,
        "scored": {SIDE_LETTERS[s]: enc.awarded[s] for s in (0, 1)},
        "extra_turns": enc.extra_turns,
        "fired": [{"event": i, "name": enc.scenario.events[i].name} for i in enc.fired],
        "switched": dict(enc.switched),
        "variables": {**(getattr(enc.scenario, "variables", None) or {}), **enc.variables},  # the file's, as set
        "pieces": [p.id for p in state.battle_map.pieces],
    }
    if enc.prisoner is not None:
        out["prisoner"] = {"model": enc.prisoner, "name": state.model(enc.prisoner).name, "rescued": enc.rescued}
    return out


def _zone(state: GameState, side: int) -> str | None:
    zone = zone_of(state, side)
    return zone.describe() if zone.edge is not None or zone.polygon else None  # None: the edge is not chosen yet


def friendly(decision: Decision, answer: Any) -> Any:
    """An answer as a tester writes it, mapped exactly onto the decision's options ('the Top edge' -> 'top')."""
    if decision.kind == "choose_edge" and isinstance(answer, str):
        word = answer.strip().lower().removeprefix("the ").removesuffix(" edge").strip()
        if word in decision.choices():
            return word
    if decision.kind == "choose_role" and isinstance(answer, str):  # a role by its name: 'Raider' -> its option
        named = [o.key for o in decision.options if o.label.strip().casefold() == answer.strip().casefold()]
        if named and answer not in decision.choices():
            return named[0]
    return answer


def legal_answers(decision: Decision, answer: Any) -> dict[str, Any]:
    """What the decision would have taken: its options, or for a point its zone and the nearest legal point."""
    if decision.options:
        return {"options": decision.choices()}
    if decision.free == "angle":
        return {"options": "an angle in degrees (0 = +x, 90 = +y, down the screen)"}
    out: dict[str, Any] = {"options": "a point {x: .., y: ..}"}
    if "zone" in decision.context:
        out["zone"] = decision.context["zone"]
    candidates = decision.context.get("candidates") or []
    point = answer if isinstance(answer, dict) else {}
    if isinstance(answer, list):
        point = dict(zip("xy", answer, strict=False))
    if candidates:
        try:
            near = min(candidates, key=lambda c: math.hypot(c["x"] - point["x"], c["y"] - point["y"]))
        except (KeyError, TypeError):  # not a point at all: any legal one
            near = candidates[0]
        out["nearest_legal"] = {"x": round(near["x"], 4), "y": round(near["y"], 4)}
    return out


def run_script(script: Script) -> dict[str, Any]:
    """Play the script's answers in order until they run out, the game ends, or one is illegal."""
    state = build_state(script)
    game = Game(state, [])
    error = None
    used = 0
    for i, answer in enumerate(script.raw.answers):
        line = script.doc.line_of(("answers", i))
        if game.over:
            error = {"answer_index": i, "line": line, "decision": None, "rule": None,
                     "message": f"answer {i} ({answer!r}) is left over: the game is over"}
            break
        decision = game.pending
        assert decision is not None  # (a game not over waits on a decision)
        try:
            game.answer(friendly(decision, answer))
            used += 1
        except IllegalAnswer as exc:
            error = {"answer_index": i, "line": line, "decision": decision.kind, "prompt": decision.prompt,
                     "rule": exc.rule, "message": f"{script.file}:{line}: answers[{i}]: {exc}",
                     **legal_answers(decision, answer)}
            break
    return {
        "file": script.file,
        "answers_used": used,
        "error": error,
        "pending": describe_decision(game.pending) if game.pending else None,
        "events": [e.to_dict() for e in state.log],
        "state": final_state(state),
    }
