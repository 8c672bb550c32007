"""Action kinds and the plans a model may declare ([ACT-1]-[ACT-4], [SEQ-2], [DIG-ACT-1]).

A plan is an ordered list of actions within the AP, at most one of each kind
(move, combat, special) unless a trait says otherwise; Shake Off and Clear weapon
use no slot ([ACT-4]); a Stunned model's first AP goes on Shake Off ([ACT-3]), also when it is Stunned
during its activation with AP left (actions chosen one at a time, [DIG-ACT-2]);
Disengage ends the activation, so it comes last ([MOVE-9]).

Beyond kinds, count and AP a plan is judged only where an action is sure to fail
(game.rules.readiness): an action whose condition an earlier action of the same
plan may meet (Clear weapon after a shot, Escape after a move) is offered and
checked when it resolves ([SEQ-2], RULING 2026-12-01).
"""

from __future__ import annotations

from typing import Any

from game.content.catalog import catalog
from game.rules import board, conditions, encounter
from game.rules.action_kinds import CLEARS, FIRES, FREES, MOVES, ActionKind
from game.rules.combat import ranged_weapons
from game.rules.readiness import Obstacle, may_stun_itself, obstacles
from game.rules.state import GameState, ModelState
from game.rules.traits.base import hooks_of

ACTIONS: dict[str, ActionKind] = {a.id: a for a in [
    ActionKind("walk", "Walk", 1, "move", "MOVE-1", frozenset({MOVES})),
    ActionKind("run", "Run", 1, "move", "MOVE-2", frozenset({MOVES})),
    ActionKind("charge", "Charge", 2, "move", "MOVE-3", frozenset({MOVES, FREES})),  # its free attack may kill
    ActionKind("sneak", "Sneak", 2, "move", "MOVE-5", frozenset({MOVES})),
    ActionKind("disengage", "Disengage", 2, "move", "MOVE-9", frozenset({MOVES, FREES})),
    ActionKind("standard_attack", "Standard attack", 1, "combat", "CC-1", frozenset({FREES})),
    ActionKind("furious_attack", "Furious attack", 2, "combat", "CC-2", frozenset({FREES})),
    ActionKind("shove", "Shove", 1, "combat", "CC-3", frozenset({FREES})),
    ActionKind("ranged_attack", "Standard ranged attack", 1, "combat", "RNG-3", frozenset({FIRES})),
    ActionKind("aimed_shot", "Aimed shot", 2, "combat", "RNG-4", frozenset({FIRES})),
    ActionKind("shake_off", "Shake Off", 1, "free", "SPEC-3"),
    ActionKind("clear_weapon", "Clear weapon", 1, "free", "SPEC-4", frozenset({CLEARS})),
    ActionKind("escape", "Escape", 1, "special", "ENC-BRK-2"),
]}

def action_kind(kind: str, model: ModelState | None = None) -> ActionKind:
    """A core action, or one a trait of the model offers."""
    if kind in ACTIONS:
        return ACTIONS[kind]
    for h in hooks_of(model) if model is not None else ():
        for a in h.actions:
            if a.id == kind:
                return a
    raise KeyError(kind)


def plan_key(plan: tuple[str, ...]) -> str:
    return ",".join(plan) if plan else "nothing"


def plan_label(plan: tuple[str, ...], model: ModelState | None = None) -> str:
    return plan_labels([plan], model)[0]


def plan_labels(plans: list[tuple[str, ...]], model: ModelState | None = None) -> list[str]:
    """The menu's labels ("Walk (1 AP) → Standard attack (1 AP)"), each action's text found once."""
    texts: dict[str, str] = {}

    def text(a: str) -> str:
        found = texts.get(a)
        if found is None:
            k = action_kind(a, model)
            found = texts[a] = f"{k.name} ({k.ap} AP)"
        return found

    return [" → ".join(text(a) for a in plan) if plan else "Do nothing" for plan in plans]


def can_run(model: ModelState) -> bool:
    """[MOVE-2]: whether the model may Run at all (Lumbering models cannot)."""
    return all(h.can_run for h in hooks_of(model))


def kinds_available(state: GameState, model: ModelState) -> list[str]:
    """The action kinds this model has at all: its profile, traits and the encounter decide, not where it
    stands now ([ACT-2], [SEQ-2]); a Stunned model has Shake Off ([ACT-3]), and so does one whose own shot
    may Stun it (a Tough Blast shooter within 3″ of its target), to declare after that shot."""
    kinds = ["walk", "charge", "disengage", "standard_attack", "furious_attack", "shove"]
    if can_run(model):
        kinds.append("run")
    if all(h.can_sneak for h in hooks_of(model)):
        kinds.append("sneak")
    ranged = ranged_weapons(model)
    if ranged:
        kinds += ["ranged_attack", "aimed_shot"]
    if conditions.STUNNED.on(model) or may_stun_itself(state, model):
        kinds.append("shake_off")  # (after a shot of its own that may Stun it, [SEQ-2])
    if model.jammed or any(catalog().skill(model.weapon(i).skill).black_powder for i in ranged):
        kinds.append("clear_weapon")  # [SPEC-4], [SKILL-7]: only a black powder weapon jams
    kinds += [a.id for h in hooks_of(model) for a in h.available_actions(state, model)]
    if state.encounter is not None and encounter.escape_edges(state, model):
        kinds.append("escape")  # [ENC-BRK-2]: offered by the encounter
    return kinds


def legal_plans(state: GameState, model: ModelState, ap: int) -> list[tuple[str, ...]]:
    """Every plan legal in kind, count and cost ([DIG-ACT-1], [SEQ-2]); each action is checked again when it
    resolves."""
    return extensions(state, model, (), ap)


def next_actions(state: GameState, model: ModelState, done: tuple[str, ...], left: int) -> list[str]:
    """[DIG-ACT-2]: the actions that may follow those already resolved, by the same rule as a declared plan."""
    return sorted({p[len(done)] for p in extensions(state, model, done, left) if len(p) > len(done)})


def moves_per_activation(model: ModelState) -> int:
    """[ACT-2]: one move action an activation, unless a trait allows more ([T-FAST-1])."""
    return 1 + sum(h.extra_move_actions for h in hooks_of(model))


def extensions(state: GameState, model: ModelState, done: tuple[str, ...], ap: int) -> list[tuple[str, ...]]:
    """The legal plans that begin with ``done`` (already resolved, so it only uses up slots) and spend at most
    ``ap`` more.

    An action is refused when it is sure to fail: a condition of the model fails now and no earlier
    action of the plan still to resolve may change it (game.rules.readiness).
    """
    kinds = kinds_available(state, model)
    engaged = board.is_engaged(state, model)
    blocked = {k: obstacles(state, model, k, engaged) for k in kinds}
    stunned = conditions.STUNNED.on(model)
    self_stun = may_stun_itself(state, model)
    move_slots = moves_per_activation(model)
    combat_slots = 1 + sum(h.extra_combat_actions for h in hooks_of(model))
    known = {k: action_kind(k, model) for k in (*kinds, *done)}  # asked for every plan: looked up once
    # the plans follow from these alone: the same menu comes up again and again, so it is worked out once
    key = (tuple(known[k] for k in kinds), done, ap, stunned, self_stun, move_slots, combat_slots, len(model.jammed),
           tuple(tuple(o.lifted_by for o in blocked[k]) for k in kinds), tuple(known[k] for k in done))
    found = _MENUS.get(key)
    if found is None:
        if len(_MENUS) >= 4096:
            _MENUS.clear()
        found = _MENUS[key] = tuple(_extensions(kinds, blocked, stunned, self_stun, move_slots, combat_slots,
                                                known, len(model.jammed), done, ap))
    return list(found)


_MENUS: dict[tuple[Any, ...], tuple[tuple[str, ...], ...]] = {}  # the menus met so far, by all they follow from


def _extensions(kinds: list[str], blocked: dict[str, list[Obstacle]], stunned: bool, self_stun: bool,
                move_slots: int, combat_slots: int, known: dict[str, ActionKind], jammed: int, done: tuple[str, ...],
                ap: int) -> list[tuple[str, ...]]:
    plans: list[tuple[str, ...]] = []

    def extend(plan: tuple[str, ...], left: int) -> None:
        plans.append(plan)
        if plan and plan[-1] == "disengage":
            return  # [MOVE-9]: its activation then ends
        slots = [known[a].slot for a in plan]
        earlier = [known[a] for a in plan[len(done):]]  # still to resolve: they may change things
        for kind in kinds:
            action = known[kind]
            if action.ap > left:
                continue
            ahead = plan[len(done):]  # the actions still to take: a model Stunned on its way (by its own Blast
            # shot, Tough taking the wound) may spend what AP it has left on Shake Off, then on the rest
            if stunned and not ahead and kind != "shake_off":
                continue  # [ACT-3], [COND-1]: a Stunned model spends AP on nothing else
            if kind == "shake_off" and ahead and not (self_stun and FIRES in known[ahead[-1]].effects):
                continue  # [SPEC-3]: the first thing a Stunned model does (so at once after a shot that Stuns it)
            found = blocked[kind]
            if found and not all(o.lifted(earlier) for o in found):
                continue  # sure to fail when it resolves
            if kind == "clear_weapon" and plan[len(done):].count(kind) >= \
                    jammed + sum(FIRES in a.effects for a in earlier):
                continue  # [SPEC-4]: one clear per jammed weapon, or per earlier shot that may jam
            if action.slot == "move":
                used = [a for a, s in zip(plan, slots, strict=True) if s == "move"]
                if len(used) >= move_slots or (kind == "charge" and "charge" in used):  # [T-FAST-1]
                    continue
                if kind == "disengage" and used:
                    continue
            elif action.slot == "combat" and slots.count("combat") >= combat_slots:
                continue  # [ACT-2]; [T-DUAL-1]
            elif action.slot == "special" and "special" in slots:
                continue
            extend((*plan, kind), left - action.ap)

    extend(done, ap)
    if stunned and ap >= 1 and not done:
        plans = [p for p in plans if p and p[0] == "shake_off"] or plans
    return plans


def declares_run(plan: tuple[str, ...]) -> bool:
    return "run" in plan

