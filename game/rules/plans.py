"""Action kinds and the plans a model may declare ([ACT-1]-[ACT-4], [DIG-ACT-1]).

A plan is an ordered list of actions within the AP, at most one of each kind
(move, combat, special) unless a trait says otherwise; Shake Off and Clear weapon
use no slot ([ACT-4]); a Stunned model's first AP goes on Shake Off ([ACT-3]);
Disengage ends the activation, so it comes last ([MOVE-9]).
"""

from __future__ import annotations

from game.rules import board, encounter, movement
from game.rules.action_kinds import ActionKind
from game.rules.combat import ranged_weapons
from game.rules.state import GameState, ModelState
from game.rules.traits.base import hooks_of

ACTIONS: dict[str, ActionKind] = {a.id: a for a in [
    ActionKind("walk", "Walk", 1, "move", "MOVE-1"),
    ActionKind("run", "Run", 1, "move", "MOVE-2"),
    ActionKind("charge", "Charge", 2, "move", "MOVE-3"),
    ActionKind("sneak", "Sneak", 2, "move", "MOVE-5"),
    ActionKind("disengage", "Disengage", 2, "move", "MOVE-9"),
    ActionKind("standard_attack", "Standard attack", 1, "combat", "CC-1"),
    ActionKind("furious_attack", "Furious attack", 2, "combat", "CC-2"),
    ActionKind("shove", "Shove", 1, "combat", "CC-3"),
    ActionKind("ranged_attack", "Standard ranged attack", 1, "combat", "RNG-3"),
    ActionKind("aimed_shot", "Aimed shot", 2, "combat", "RNG-4"),
    ActionKind("shake_off", "Shake Off", 1, "free", "SPEC-3"),
    ActionKind("clear_weapon", "Clear weapon", 1, "free", "SPEC-4"),
    ActionKind("escape", "Escape", 1, "special", "ENC-BRK-2"),
]}

MOVES_WHILE_FREE = ("walk", "run", "charge", "sneak")


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
    if not plan:
        return "Do nothing"
    return " → ".join(f"{action_kind(a, model).name} ({action_kind(a, model).ap} AP)" for a in plan)


def kinds_available(state: GameState, model: ModelState) -> list[str]:
    """Action kinds this model may ever declare now, before slots and AP."""
    engaged = board.is_engaged(state, model)
    kinds = ["walk", "charge", "standard_attack", "furious_attack", "shove"]
    if all(h.can_run for h in hooks_of(model)):
        kinds.append("run")
    if all(h.can_sneak for h in hooks_of(model)):
        kinds.append("sneak")
    if engaged and movement.can_disengage(state, model):
        kinds.append("disengage")
    if ranged_weapons(model):
        kinds += ["ranged_attack", "aimed_shot"]
    if model.conditions.get("stunned"):
        kinds.append("shake_off")
    if model.jammed:
        kinds.append("clear_weapon")
    kinds += [a.id for h in hooks_of(model) for a in h.available_actions(state, model)]
    if state.encounter is not None and encounter.can_escape(state, model):
        kinds.append("escape")  # [ENC-BRK-2]: offered by the encounter
    return kinds


def legal_plans(state: GameState, model: ModelState, ap: int) -> list[tuple[str, ...]]:
    """Every plan legal in kind and cost ([DIG-ACT-1]); targets are checked when each action resolves."""
    kinds = kinds_available(state, model)
    engaged = board.is_engaged(state, model)
    stunned = bool(model.conditions.get("stunned"))
    move_slots = 1 + sum(h.extra_move_actions for h in hooks_of(model))
    combat_slots = 1 + sum(h.extra_combat_actions for h in hooks_of(model))
    plans: list[tuple[str, ...]] = []

    def extend(plan: tuple[str, ...], left: int) -> None:
        plans.append(plan)
        if plan and plan[-1] == "disengage":
            return  # [MOVE-9]: its activation then ends
        for kind in kinds:
            action = action_kind(kind, model)
            if action.ap > left:
                continue
            if stunned and not plan and kind != "shake_off":
                continue  # [ACT-3]
            if kind == "shake_off" and plan:
                continue
            if kind == "clear_weapon" and plan.count(kind) >= len(model.jammed):
                continue
            if action.slot == "move":
                used = [a for a in plan if action_kind(a, model).slot == "move"]
                if len(used) >= move_slots or (kind == "charge" and "charge" in used):  # [T-FAST-1]
                    continue
                if kind == "disengage" and used:
                    continue
                # [MOVE-10]: an engaged model cannot Walk, Run, Sneak or Charge, unless an earlier
                # action of the plan may free it (a fight or a shove); checked again at resolution
                if engaged and kind in MOVES_WHILE_FREE and \
                        not any(action_kind(a, model).slot == "combat" for a in plan):
                    continue
            elif action.slot == "combat" and \
                    sum(action_kind(a, model).slot == "combat" for a in plan) >= combat_slots:
                continue  # [ACT-2]; [T-DUAL-1]
            elif action.slot == "special" and any(action_kind(a, model).slot == "special" for a in plan):
                continue
            extend((*plan, kind), left - action.ap)

    extend((), ap)
    if stunned and ap >= 1:
        plans = [p for p in plans if p and p[0] == "shake_off"] or plans
    return plans


def declares_run(plan: tuple[str, ...]) -> bool:
    return "run" in plan

