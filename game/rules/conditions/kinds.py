"""The conditions a model may be under, one class each, in the order their modifiers are listed.

    stunned        until shaken off ([COND-1])
    stealth        until the model's next activation or its next attack ([COND-3], [TURN-9])
    ran            declared a Run this turn: -3 to resolution rolls ([MOVE-2])
    rough          crossed rough terrain this turn: -2 to later rolls ([TERR-2])
    full_defense   until Maintenance ([SPEC-2])
    confused, entangled, weakness (an attribute)   spells, until Maintenance
    burnt_out      a sorcerer that can cast no more this game ([SORC-6])
    flight_moved   Flight PD bonus until its next activation
    quake_blocked  -1 to its next activation roll
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.core.dice import Modifier
from game.rules.conditions.base import (
    CONDITIONS,
    UNTIL_ACTIVATION_ROLL,
    UNTIL_MAINTENANCE,
    UNTIL_NEXT_ACTIVATION,
    Condition,
    condition,
)

if TYPE_CHECKING:
    from game.rules.combat import Attack
    from game.rules.state import GameState, ModelState


@condition("stunned")
class Stunned(Condition):
    name = "Stunned"
    rule = "COND-1"
    summary = "−3 PD against close combat; must Shake Off before anything else"
    mark = "S"
    icon, tint = "knocked-out-stars", (235, 190, 40)
    strikes_freely = False  # [MOVE-9]

    def defence_modifiers(self, state: GameState, attack: Attack) -> list[Modifier]:
        return [Modifier(-3, "MOD-5", "Stunned")] if attack.kind == "close" else []


@condition("stealth")
class Stealth(Condition):
    name = "Stealth"
    rule = "COND-3"
    summary = "+4 PD against shots and PD-resisted spells; lost when it attacks"
    mark = "H"
    icon, tint = "hood", (70, 70, 90)
    lasts = UNTIL_NEXT_ACTIVATION

    def defence_modifiers(self, state: GameState, attack: Attack) -> list[Modifier]:
        return [Modifier(4, "MOD-11", "Stealth")] if attack.kind == "ranged" else []

    def resist_modifiers(self, state: GameState, model: ModelState, attribute: str,
                         caster: ModelState) -> list[Modifier]:
        return [Modifier(4, "SORC-7", "Stealth against a PD-resisted spell")] if attribute == "PD" else []


@condition("ran")
class Ran(Condition):
    name = "Ran"
    rule = "MOD-12"
    summary = "−3 to its resolution rolls this turn"
    mark = "R"
    icon, tint = "sprint", (220, 120, 50)
    lasts = UNTIL_MAINTENANCE

    def roll_modifiers(self, state: GameState, model: ModelState) -> list[Modifier]:
        return [Modifier(-3, "MOD-12", "ran this turn")]

    def cast_modifiers(self, state: GameState, caster: ModelState) -> list[Modifier]:
        return [Modifier(-4, "SORC-7", "cast after running", replaces="MOD-12")]


@condition("rough")
class Rough(Condition):
    name = "Rough ground"
    rule = "TERR-2"
    summary = "crossed rough terrain: −2 to its later rolls this turn"
    mark = "~"
    icon, tint = "boot-prints", (150, 120, 70)
    lasts = UNTIL_MAINTENANCE

    def roll_modifiers(self, state: GameState, model: ModelState) -> list[Modifier]:
        return [Modifier(-2, "MOD-13", "crossed rough terrain this turn")]


@condition("full_defense")
class FullDefense(Condition):
    name = "Full Defense"
    rule = "SPEC-2"
    summary = "+1d6 PD against close combat; cannot be Stunned; until Maintenance"
    mark = "D"
    icon, tint = "bordered-shield", (70, 140, 210)
    lasts = UNTIL_MAINTENANCE

    def defence_dice(self, state: GameState, attack: Attack) -> list[Modifier]:
        return [Modifier(1, "SPEC-2", "Full Defense")] if attack.kind == "close" else []

    def stun_immune(self, state: GameState, model: ModelState, source: ModelState | None) -> bool:
        return True  # [COND-2]


@condition("confused")
class Confused(Condition):
    name = "Confused"
    rule = "SPELL-1"
    summary = "−1 to its activation roll this turn"
    mark = "C"
    icon, tint = "uncertainty", (170, 90, 200)
    lasts = UNTIL_MAINTENANCE

    def activation_modifiers(self, state: GameState, model: ModelState) -> list[Modifier]:
        return [Modifier(-1, "SPELL-1", "Confusion")]


@condition("entangled")
class Entangled(Condition):
    name = "Entangled"
    rule = "SPELL-2"
    summary = "movement halved and no charging until Maintenance"
    mark = "E"
    icon, tint = "vines", (60, 140, 60)
    lasts = UNTIL_MAINTENANCE

    def allowance_factor(self, state: GameState, model: ModelState, kind: str) -> tuple[float, Modifier] | None:
        return 0.5, Modifier(0, "SPELL-2", "Entangle halves the allowance")

    def forbids(self, state: GameState, model: ModelState, kind: str) -> tuple[str, str] | None:
        return ("Entangled models cannot charge", "SPELL-2") if kind == "charge" else None


@condition("weakness")
class Weakness(Condition):
    """The value is the attribute that loses 2 ([SPELL-6])."""

    name = "Weakened"
    rule = "SPELL-6"
    summary = "−2 to the named attribute's rolls until Maintenance"
    mark = "W"
    icon, tint = "broken-bone", (140, 60, 60)
    lasts = UNTIL_MAINTENANCE
    scripted = False

    def label(self, value: Any = True) -> str:
        return f"Weakened ({value})" if isinstance(value, str) else self.name

    def attribute_modifiers(self, model: ModelState, attribute: str) -> list[Modifier]:
        return [Modifier(-2, "SPELL-6", f"Weakness ({attribute})")] if self.value(model) == attribute else []


@condition("burnt_out")
class BurntOut(Condition):
    name = "Burnt out"
    rule = "SORC-6"
    summary = "can cast no more spells this game"
    mark = "B"
    icon, tint = "burning-embers", (90, 60, 40)
    scripted = False


@condition("flight_moved")
class FlightMoved(Condition):
    """Read by Flight's PD bonus ([T-FLIGHT-2])."""

    name = "Flew"
    rule = "T-FLIGHT-2"
    summary = "+1 PD until its next activation"
    lasts = UNTIL_NEXT_ACTIVATION


@condition("quake_blocked")
class QuakeBlocked(Condition):
    name = "Quake"
    rule = "T-GARG-6"
    summary = "−1 to its next activation roll"
    lasts = UNTIL_ACTIVATION_ROLL

    def activation_modifiers(self, state: GameState, model: ModelState) -> list[Modifier]:
        return [Modifier(-1, "T-GARG-6", "pushed short by a Quake")]


# the registered objects, so callers name a condition by a Python name, never by its string
STUNNED = CONDITIONS["stunned"]
STEALTH = CONDITIONS["stealth"]
RAN = CONDITIONS["ran"]
ROUGH = CONDITIONS["rough"]
FULL_DEFENSE = CONDITIONS["full_defense"]
CONFUSED = CONDITIONS["confused"]
ENTANGLED = CONDITIONS["entangled"]
WEAKNESS = CONDITIONS["weakness"]
BURNT_OUT = CONDITIONS["burnt_out"]
FLIGHT_MOVED = CONDITIONS["flight_moved"]
QUAKE_BLOCKED = CONDITIONS["quake_blocked"]
