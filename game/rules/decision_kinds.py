"""The kinds of Decision the rules put to a player, each with what a client needs to present it.

A member's name is its value (the string scripts and errors name), so a search for the kind finds every
use. The UI and the AI compare a decision's kind with these members and read these facts; they keep no
lists of kinds of their own.
"""

from __future__ import annotations

from game.core.kinds import DECISION_KINDS, Shown, ShownKind

__all__ = ["DecisionKind", "Shown"]


def _placing(what: str) -> str:
    return f"Click to place {what}; Enter takes a suggested spot."


class DecisionKind(ShownKind):
    """Every kind of decision Iron & Honor puts, with the facts of its :class:`Shown` as attributes
    (``kind.heading``, ``kind.setup``...)."""

    # -- the set-up ([ENC-*], [DEP-*])
    choose_edge = "choose_edge", Shown("Choose edge", setup=True, hand_off=True, attack_odds=False)
    choose_role = "choose_role", Shown("Choose role", setup=True, hand_off=True, attack_odds=False)
    deploy = "deploy", Shown("Deploy", "Click inside your deployment zone to place the model; Enter places it at "
                             "a suggested spot.", setup=True, hand_off=True, attack_odds=False, zones=True)
    deploy_facing = "deploy_facing", Shown("Deploy facing", setup=True, attack_odds=False, zones=True)
    place_marker = "place_marker", Shown("Place marker", _placing("the marker"), setup=True, hand_off=True,
                                         attack_odds=False)
    place_prisoner = "place_prisoner", Shown("Place prisoner", _placing("the Prisoner"), setup=True, hand_off=True,
                                             attack_odds=False)
    ambush_place = "ambush_place", Shown("Ambush place", "Click where the model arrives from ambush; Enter takes a "
                                         "suggested spot.", attack_odds=False)
    arrive_place = "arrive_place", Shown("Arrive place", "Click where the reinforcement arrives; Enter takes a "
                                         "suggested spot.", attack_odds=False)
    # -- the turn
    nominate = "nominate", Shown("Nominate", hand_off=True)
    heroic_impetus = "heroic_impetus", Shown("Heroic impetus", attack_odds=False)
    impetus_action = "impetus_action", Shown("Impetus action", attack_odds=False, actions=True)
    plan = "plan", Shown("Plan", "Declare the whole activation: only legal plans are offered.")
    next_action = "next_action", Shown("Next action", actions=True)
    # -- an action
    target = "target", Shown("Target")
    weapon = "weapon", Shown("Weapon")
    spell = "spell", Shown("Spell")
    enhancement = "enhancement", Shown("Enhancement", attack_odds=False)
    facing = "facing", Shown("Facing")
    move_to = "move_to", Shown("Move to", "Click where to move (the route is found for you); Enter takes the "
                               "suggested spot.")
    end_point = "end_point", Shown("End point")
    charge_end = "charge_end", Shown("Charge end", "Click where around its target the charge ends (the cursor "
                                     "keeps to base contact; the dots mark clear lanes); Enter takes the suggested "
                                     "spot, on the line between the centres when that lane is clear.")
    free_strike = "free_strike", Shown("Free strike")  # (its odds: the striker offered against the one leaving)
    strike_order = "strike_order", Shown("Strike order", attack_odds=False)
    # -- Fate and traits in the middle of a roll
    full_defense = "full_defense", Shown("Full defense", attack_odds=False)
    inner_reserve = "inner_reserve", Shown("Inner reserve", attack_odds=False, fate_odds=True)
    reroll = "reroll", Shown("Reroll", attack_odds=False, fate_odds=True)
    trait_fate = "trait_fate", Shown("Trait fate", attack_odds=False)
    weakness = "weakness", Shown("Weakness", attack_odds=False)
    greater_purpose = "greater_purpose", Shown("Greater purpose", attack_odds=False)
    cursed_hand = "cursed_hand", Shown("Cursed hand", attack_odds=False, declined_by="pass")
    winds_of_kismet = "winds_of_kismet", Shown("Winds of kismet", attack_odds=False, declined_by="pass")

    @classmethod
    def of(cls, kind: str) -> DecisionKind:
        """The member named ``kind`` (ValueError naming it when there is none)."""
        return DECISION_KINDS.of(kind)  # type: ignore[return-value]


DECISION_KINDS.add("iron-honor", DecisionKind, "game/rules/decision_kinds.py")
