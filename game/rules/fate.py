"""Fate during resolution: Inner Reserve and Hand of Fortune ([FATE-5]-[FATE-9]).

Activation Fate (Winds of Kismet, Greater Purpose, Cursed Hand) lives in turn.py.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from game.rules.decisions import Decision, Option
from game.rules.state import GameState

Gen = Generator[Decision, Any, Any]

YES_NO = [Option("pass", "Keep your Fate"), Option("spend", "Spend 1 Fate")]


def spend(state: GameState, side: int, amount: int, what: str, rule: str) -> None:
    s = state.sides[side]
    if s.fate < amount:
        raise ValueError(f"{s.name} has {s.fate} Fate, cannot spend {amount}")
    s.fate -= amount
    state.emit("FateSpent", f"{s.name} spends {amount} Fate: {what} ({s.fate} left)", side=side,
               amount=amount, what=what, rule=rule, left=s.fate)


def reroll_fate_allowed(state: GameState, side: int, no_fate: bool) -> bool:
    """[FATE-7]: one Inner Reserve or Hand of Fortune per player per activation; [FATE-8]; [FATE-9]."""
    return not no_fate and state.sides[side].fate >= 1 and side not in state.fate_used


def inner_reserve(state: GameState, side: int, roll_name: str, no_fate: bool = False) -> Gen:
    """[FATE-5]: before the dice, +1d6 to one of your own resolution rolls. Returns 1 or 0 extra dice."""
    if not reroll_fate_allowed(state, side, no_fate):
        return 0
    answer = yield Decision("inner_reserve", side, f"Inner Reserve on {roll_name}? (+1d6 for 1 Fate)", "FATE-5",
                            list(YES_NO), context={"roll": roll_name, "fate": state.sides[side].fate})
    if answer != "spend":
        return 0
    spend(state, side, 1, f"Inner Reserve on {roll_name}", "FATE-5")
    state.fate_used.append(side)
    return 1


def hand_of_fortune(state: GameState, side: int, roll_name: str, options: list[Option], no_fate: bool = False) -> Gen:
    """[FATE-6] / [SEQ-1]: one re-roll choice for a losing roll (trait re-rolls come as extra options)."""
    offered = list(options)
    if reroll_fate_allowed(state, side, no_fate):
        offered.append(Option("hand_of_fortune", "Hand of Fortune: re-roll all the dice for 1 Fate"))
    if not offered:
        return None
    answer = yield Decision("reroll", side, f"Re-roll {roll_name}?", "SEQ-1",
                            [Option("pass", "No re-roll"), *offered], context={"roll": roll_name})
    if answer == "pass":
        return None
    if answer == "hand_of_fortune":
        spend(state, side, 1, f"Hand of Fortune on {roll_name}", "FATE-6")
        state.fate_used.append(side)
    return answer
