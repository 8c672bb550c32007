"""Thornwood's questions and log lines, registered with the kernel's kinds (named ``tw_``/``Tw`` so no name means
two things across the systems: game.core.kinds refuses a clash).

Every question hands the seat over in hotseat: a side sees only what it has spotted ([TW-SPOT-1]), so the
table itself is the other side's secret.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from game.core.kinds import DECISION_KINDS, EVENT_KINDS, Shown, ShownKind


class TwDecision(ShownKind):
    """Every question Thornwood's rules put."""

    tw_marker = "tw_marker", Shown("Furs Marker", "Click where to set the marker out (12″ from the others and from "
                                   "every edge); Enter takes a suggested spot.", setup=True, hand_off=True,
                                   attack_odds=False)
    tw_edge = "tw_edge", Shown("Edge", hand_off=True, attack_odds=False)
    tw_deploy = "tw_deploy", Shown("Set up", "Click inside your zone to place the figure; Enter takes a suggested "
                                   "spot.", setup=True, hand_off=True, attack_odds=False, zones=True)
    tw_group = "tw_group", Shown("Which group", "Choose the group that acts next.", hand_off=True,
                                 attack_odds=False)
    tw_order = "tw_order", Shown("Orders", "Choose what the figure does with this action; the whole group may be "
                                 "given one order at once.", hand_off=True, actions=True, attack_odds=False)
    tw_spot = "tw_spot", Shown("Spotting", hand_off=True, attack_odds=False)
    tw_move_to = "tw_move_to", Shown("Move to", "Click where the figure moves (the route is found for you; rough "
                                     "ground costs double); Enter takes the suggested spot.", hand_off=True,
                                     attack_odds=False)
    tw_target = "tw_target", Shown("Target", hand_off=True)
    tw_react = "tw_react", Shown("React", "Choose a group to try to react, or let the enemy's turn go on.",
                                 hand_off=True, attack_odds=False)
    tw_ambush = "tw_ambush", Shown("Ambush", hand_off=True)
    tw_respond = "tw_respond", Shown("Charged", "Stand to receive the charge, or give way one Move.", hand_off=True,
                                     attack_odds=False)
    tw_charge_match = "tw_charge_match", Shown("Matching", "Choose whom each charger fights.", hand_off=True,
                                               attack_odds=False)
    tw_join = "tw_join", Shown("Join the fight", hand_off=True, attack_odds=False)
    tw_card = "tw_card", Shown("Manoeuvre", "Choose the card in secret; the other side cannot see it.",
                               hand_off=True, attack_odds=False)
    tw_split = "tw_split", Shown("Attack or defence", "Split the dice into attack and defence dice, in secret.",
                                 hand_off=True, attack_odds=False)
    tw_adjust = "tw_adjust", Shown("Ability", hand_off=True, attack_odds=False)
    tw_nerve_choice = "tw_nerve_choice", Shown("Nerve", hand_off=True, attack_odds=False)
    tw_pursue = "tw_pursue", Shown("Pursue", hand_off=True, attack_odds=False)


class TwEvent(StrEnum):
    """Every line Thornwood's rules log."""

    TwRollOff = "TwRollOff"
    TwMarker = "TwMarker"
    TwDeployed = "TwDeployed"
    TwTurn = "TwTurn"
    TwActivation = "TwActivation"
    TwMedicine = "TwMedicine"
    TwOrders = "TwOrders"
    TwMoveRoll = "TwMoveRoll"
    TwMoved = "TwMoved"
    TwSpot = "TwSpot"
    TwLost = "TwLost"
    TwShot = "TwShot"
    TwDamage = "TwDamage"
    TwReact = "TwReact"
    TwAmbush = "TwAmbush"
    TwCharge = "TwCharge"
    TwFight = "TwFight"
    TwNerve = "TwNerve"
    TwInspiration = "TwInspiration"
    TwCollected = "TwCollected"
    TwTreated = "TwTreated"
    TwStood = "TwStood"
    TwOut = "TwOut"
    TwDefeat = "TwDefeat"
    TwEnd = "TwEnd"


def facts(decision: Any) -> dict[str, Any]:
    """Thornwood's own facts about a question (the kernel's context keeps them under ``system``)."""
    found: dict[str, Any] = decision.context.get("system") or {}
    return found


DECISION_KINDS.add("thornwood", TwDecision, "game/systems/thornwood/kinds.py")
EVENT_KINDS.add("thornwood", TwEvent, "game/systems/thornwood/kinds.py")
