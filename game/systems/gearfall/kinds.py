"""Gearfall's questions and log lines, registered with the kernel's kinds (its names begin ``gf_``/``Gf`` so no
name means two things across the systems: game.core.kinds refuses a clash)."""

from __future__ import annotations

from enum import StrEnum

from game.core.kinds import DECISION_KINDS, EVENT_KINDS, Shown, ShownKind


class GfDecision(ShownKind):
    """Every question Gearfall's rules put."""

    gf_deploy = "gf_deploy", Shown("Set up", "Click inside your zone to place the character; Enter takes a "
                                   "suggested spot.", setup=True, hand_off=True, attack_odds=False, zones=True)
    gf_facing = "gf_facing", Shown("Facing", attack_odds=False)
    gf_stand = "gf_stand", Shown("Get up", attack_odds=False)
    gf_step = "gf_step", Shown("Turn", "Choose the character's movement or action; each is offered while the rules "
                               "still allow it.", hand_off=True, actions=True)
    gf_move_to = "gf_move_to", Shown("Move to", "Click where to move (the route is found for you); Enter takes the "
                                     "suggested spot.")
    gf_free_strike = "gf_free_strike", Shown("Free strike", hand_off=True)


class GfEvent(StrEnum):
    """Every line Gearfall's rules log."""

    GfRollOff = "GfRollOff"
    GfDeployed = "GfDeployed"
    GfInitiative = "GfInitiative"
    GfRound = "GfRound"
    GfTurn = "GfTurn"
    GfStood = "GfStood"
    GfProne = "GfProne"
    GfMoved = "GfMoved"
    GfCharge = "GfCharge"
    GfAttack = "GfAttack"
    GfFreeStrike = "GfFreeStrike"
    GfKnockedDown = "GfKnockedDown"
    GfDisabled = "GfDisabled"
    GfEnd = "GfEnd"


DECISION_KINDS.add("gearfall", GfDecision, "game/systems/gearfall/kinds.py")
EVENT_KINDS.add("gearfall", GfEvent, "game/systems/gearfall/kinds.py")
