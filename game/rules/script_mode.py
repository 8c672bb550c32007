"""Script mode: set a position, force dice, feed answers, report events and the final state.

``python -m game run SCRIPT.yaml`` prints :func:`run_script`'s result as JSON.
"""

from __future__ import annotations

from typing import Any

from game.content.script_file import Script
from game.core.errors import ContentError
from game.core.ids import name_key
from game.rules.decisions import Decision, IllegalAnswer
from game.rules.engine import Game
from game.rules.invariants import violations
from game.rules.setup import new_game, simple_deployment
from game.rules.state import SIDE_LETTERS, GameState, Settings

SIDE_OF = {"A": 0, "B": 1}


def build_state(script: Script) -> GameState:
    """The script's position: default deployment, then every model the script places or changes."""
    raw = script.raw
    settings = Settings(declare_plan_upfront=raw.settings.declare_plan_upfront, turns=raw.settings.turns)
    state = new_game(script.parties, script.battle_map, script.seed, settings)
    simple_deployment(state)
    doc = script.doc
    problems = []
    by_name = {name_key(m.name): m for m in state.models.values()}
    for key, setup in raw.models.items():
        model = state.models.get(key) or by_name.get(name_key(key))
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
        model.status = setup.status
        model.activated = setup.activated
        model.conditions = {c: True for c in setup.conditions}
        model.jammed = list(setup.jammed)
        bad = [j for j in model.jammed if not 0 <= j < len(model.profile.weapons)]
        if bad:
            problems.append(doc.problem(("models", key, "jammed"), f"{model.name} has no weapon entry {bad[0]}"))
    state.turn = raw.turn
    state.phase = raw.phase
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
        else:
            state.bag = sorted(m.side for m in state.models.values() if m.on_table and not m.activated)
    for broken in violations(state):
        problems.append(doc.problem(("models",), f"impossible position: {broken}"))
    if problems:
        raise ContentError(doc.file, problems)
    state.dice.force(*raw.dice)
    return state


def describe_decision(d: Decision) -> dict[str, Any]:
    return {"kind": d.kind, "side": SIDE_LETTERS[d.side], "prompt": d.prompt, "rule": d.rule, "free": d.free,
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
        "models": {
            m.id: {"name": m.name, "side": SIDE_LETTERS[m.side], "x": round(m.x, 4), "y": round(m.y, 4),
                   "facing": round(m.facing, 3), "wounds": m.wounds_taken, "max_wounds": m.max_wounds,
                   "status": m.status, "activated": m.activated, "conditions": sorted(m.conditions),
                   "jammed": list(m.jammed)}
            for m in state.models.values()
        },
    }


def run_script(script: Script) -> dict[str, Any]:
    """Play the script's answers in order until they run out, the game ends, or one is illegal."""
    state = build_state(script)
    game = Game(state, [])
    error = None
    used = 0
    for i, answer in enumerate(script.raw.answers):
        if game.over:
            error = {"answer_index": i, "decision": None, "rule": None,
                     "message": f"answer {i} ({answer!r}) is left over: the game is over"}
            break
        try:
            game.answer(answer)
            used += 1
        except IllegalAnswer as exc:
            error = {"answer_index": i, "decision": game.pending.kind if game.pending else None,
                     "rule": exc.rule, "message": str(exc)}
            break
    return {
        "file": script.file,
        "answers_used": used,
        "error": error,
        "pending": describe_decision(game.pending) if game.pending else None,
        "events": [e.to_dict() for e in state.log],
        "state": final_state(state),
    }
