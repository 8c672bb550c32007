"""Declaring a plan one action at a time: a short menu per step instead of every legal plan at once.

A model with 3 AP can have a hundred legal plans; the engine offers them all ([DIG-ACT-1]). The
menu walks that same list: at each step only the actions that begin some legal plan from here
are offered, and "Declare" appears once the actions chosen so far are themselves a legal plan.
The answer is still the engine's own option key; the menu's items carry typed commands (commands.py).
An action that could not succeed if it resolved now is marked (the rules say why, game.rules.readiness)
but offered ([SEQ-2]): "cannot succeed" when nothing chosen before it can make it possible, "may fail" when an
earlier action may (a blow after a walk that may not reach); declaring a plan with an action that cannot
succeed asks the player to confirm the AP it wastes (:func:`doomed`).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.decisions import Decision
from game.rules.plans import action_kind
from game.rules.readiness import Obstacle, why_not_now
from game.rules.state import GameState, ModelState
from game.ui.battle.commands import AnswerCommand, Choose, PlanBack, PlanDeclare, PlanStep


@dataclass(frozen=True)
class MenuItem:
    command: AnswerCommand  # a plan to answer with (Choose), the next action, Back or Declare
    label: str
    kinds: tuple[str, ...] = ()  # the actions this item stands for (for its tooltip)
    not_now: str | None = None  # why the action could not succeed if it resolved now (it is still offered)


def plans(decision: Decision) -> list[tuple[str, tuple[str, ...]]]:
    return [(o.key, tuple(o.data or ())) for o in decision.options]


def declared(decision: Decision, prefix: tuple[str, ...]) -> str | None:
    """The option key of the plan made of exactly these actions, if it is legal."""
    return next((key for key, plan in plans(decision) if plan == prefix), None)


def menu(decision: Decision, prefix: tuple[str, ...], model: ModelState | None,
         state: GameState | None = None) -> list[MenuItem]:
    """The items of one step; with ``state``, actions that cannot succeed now are marked."""
    items: list[MenuItem] = []
    key = declared(decision, prefix)
    if key is not None:
        label = decision.option(key).label
        items.append(MenuItem(PlanDeclare() if prefix else Choose(key), f"Declare: {label}" if prefix else label,
                              prefix))
    nexts: list[str] = []
    longer: set[str] = set()
    for _, plan in plans(decision):
        if plan[:len(prefix)] == prefix and len(plan) > len(prefix):
            kind = plan[len(prefix)]
            if kind not in nexts:
                nexts.append(kind)
            if len(plan) > len(prefix) + 1:
                longer.add(kind)
    earlier = [action_kind(k, model) for k in prefix]
    for kind in nexts:
        action = action_kind(kind, model)
        more = " …" if kind in longer else ""
        why = why_not_now(state, model, kind) if state is not None and model is not None else None
        label = f"{action.name} ({action.ap} AP){more}"
        tip = None
        if why is not None and why.lifted(earlier):
            label += " — may fail"
            tip = f"Not possible now, possible after what comes before it: {why.describe()}"
        elif why is not None:
            label += " — cannot succeed here"
            tip = f"Nothing before it in this plan makes it possible: {why.describe()} (its AP would be lost)"
        whole = ends_plan(decision, (*prefix, kind))
        # an action that can only end the plan declares it at once (no "Declare: Walk" step after "Walk")
        items.append(MenuItem(Choose(whole) if whole is not None else PlanStep(kind), label, (kind,), tip))
    if prefix:
        items.append(MenuItem(PlanBack(), "« Back (Backspace)"))
    return items


def doomed(plan: tuple[str, ...], model: ModelState | None, state: GameState | None) -> list[tuple[str, Obstacle]]:
    """The actions of ``plan`` that cannot succeed: the rules' readiness says why not now, and no earlier action
    of the plan can change it ([SEQ-2]: skipped when it resolves, its AP lost)."""
    if model is None or state is None:
        return []
    out = []
    for i, kind in enumerate(plan):
        why = why_not_now(state, model, kind)
        if why is not None and not why.lifted([action_kind(k, model) for k in plan[:i]]):
            out.append((kind, why))
    return out


def steps_to(decision: Decision, key: str) -> list[AnswerCommand]:
    """The menu items a player presses to declare the plan ``key``."""
    plan = tuple(decision.option(key).data or ())
    if not plan:
        return [Choose(key)]
    steps: list[AnswerCommand] = []
    for i, kind in enumerate(plan):
        whole = ends_plan(decision, plan[:i + 1])
        if whole is not None:
            return [*steps, Choose(whole)]
        steps.append(PlanStep(kind))
    return [*steps, PlanDeclare()]


def ends_plan(decision: Decision, actions: tuple[str, ...]) -> str | None:
    """The plan these actions make when no legal plan goes on from them: the item of their last action
    declares it at once."""
    if any(plan[:len(actions)] == actions and len(plan) > len(actions) for _, plan in plans(decision)):
        return None
    return declared(decision, actions)
