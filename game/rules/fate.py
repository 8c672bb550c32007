"""Fate during resolution: Inner Reserve and Hand of Fortune ([FATE-5]-[FATE-9]).

Activation Fate (Winds of Kismet, Greater Purpose, Cursed Hand) lives in turn.py.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from game.rules.decision_kinds import DecisionKind
from game.rules.decisions import Decision, Option
from game.rules.events import EventKind
from game.rules.payloads import DecisionContext
from game.rules.state import GameState

Gen = Generator[Decision, Any, Any]

YES_NO = [Option("pass", "Keep your Fate"), Option("spend", "Spend 1 Fate")]


def spend(state: GameState, side: int, amount: int, what: str, rule: str) -> None:
    s = state.sides[side]
    if s.fate < amount:
        raise ValueError(f"{s.name} has {s.fate} Fate, cannot spend {amount}")
    s.fate -= amount
    state.emit(EventKind.FateSpent, f"{s.name} spends {amount} Fate: {what} ({s.fate} left)", side=side,
               amount=amount, what=what, rule=rule, left=s.fate)


def reroll_fate_allowed(state: GameState, side: int, no_fate: bool) -> bool:
    """[FATE-7]: one Inner Reserve or Hand of Fortune per player per activation; [FATE-8]; [FATE-9]."""
    return not no_fate and state.sides[side].fate >= 1 and side not in state.fate_used


def inner_reserve(state: GameState, side: int, roll_name: str, no_fate: bool = False,
                  context: DecisionContext | None = None) -> Gen:
    """[FATE-5]: before the dice, +1d6 to one of your own resolution rolls. Returns 1 or 0 extra dice."""
    if not reroll_fate_allowed(state, side, no_fate):
        return 0
    about: DecisionContext = {"roll": roll_name, "fate": state.sides[side].fate, **(context or {})}
    answer = yield Decision(DecisionKind.inner_reserve, side,
                            f"Inner Reserve on {roll_name}? (+1d6 for 1 Fate)", "FATE-5",
                            list(YES_NO), context=about)
    if answer != "spend":
        return 0
    spend(state, side, 1, f"Inner Reserve on {roll_name}", "FATE-5")
    state.fate_used.append(side)
    return 1


def reroll_choice(state: GameState, side: int, roll_name: str, options: list[Option], losing: bool,
                  no_fate: bool = False, context: DecisionContext | None = None) -> Gen:
    """[SEQ-1]: one re-roll choice for one's own roll: a trait's re-roll, or [FATE-6] Hand of Fortune
    (1 Fate, only for a losing roll). Not asked when nothing is on offer ([FATE-9])."""
    offered = list(options)
    if losing and reroll_fate_allowed(state, side, no_fate):
        offered.append(Option("hand_of_fortune", "Hand of Fortune: re-roll all the dice for 1 Fate"))
    if not offered:
        return None
    answer = yield Decision(DecisionKind.reroll, side, f"Re-roll {roll_name}?", "SEQ-1",
                            [Option("pass", "No re-roll"), *offered],
                            context={"roll": roll_name, "losing": losing, **(context or DecisionContext())})
    if answer == "pass":
        return None
    if answer == "hand_of_fortune":
        spend(state, side, 1, f"Hand of Fortune on {roll_name}", "FATE-6")
        state.fate_used.append(side)
    return answer


def trait_d6(state: GameState, model_side: int, who: str, trait_name: str, rule: str, need: int, need_with_fate: int,
             what: str, no_fate: bool = False, model_id: str = "", saves_wound: bool = False) -> Gen:
    """A trait's d6 (Tough, Slayer, Drain, Healer): Fate is offered before the roll ([FATE-7]: outside the
    once-per-activation limit; [FATE-8]: never during Disengage free strikes). Trait rolls take no
    modifiers ([SEQ-13]). Returns True on success. ``saves_wound``: success ignores a wound (a trait's
    wound save, Tough: the question and the event say so, for a controller, the log and the battle screen)."""
    if not no_fate and state.sides[model_side].fate >= 1:
        answer = yield Decision(DecisionKind.trait_fate, model_side, f"{who}'s {trait_name}: spend 1 Fate to {what} on "
                                f"{need_with_fate}+ instead of {need}+?", rule,
                                [Option("pass", f"Roll for {need}+"),
                                 Option("spend", f"Spend 1 Fate: {need_with_fate}+")],
                                context={"trait": trait_name, "model": model_id, "saves_wound": saves_wound})
        if answer == "spend":
            spend(state, model_side, 1, f"{trait_name} for {who}", rule)
            need = need_with_fate
    value = state.dice.d6(f"{who}: {trait_name}")
    success = value >= need
    state.emit(EventKind.TraitRoll, f"{who} rolls {value} for {trait_name} (needs {need}+): "
               f"{'success' if success else 'no effect'}", model=model_id, trait=trait_name, dice=[value],
               need=need, success=success, saves_wound=saves_wound, rule=rule)
    return success
