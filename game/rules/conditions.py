"""Conditions: Stunned, Stealth, Terror and Fearless, and the per-turn marks ([COND-1]-[COND-7]).

Conditions live in ``ModelState.conditions`` as plain data:

    stunned        until shaken off ([COND-1])
    stealth        until the model's next activation or its next attack ([COND-3], [TURN-9])
    full_defense   until Maintenance ([SPEC-2])
    ran            declared a Run this turn: -3 to resolution rolls ([MOVE-2])
    rough          crossed rough terrain this turn: -2 to later rolls ([TERR-2])
    confused, entangled, weakness (an attribute)   spells, until Maintenance
    flight_moved   Flight PD bonus until its next activation
    quake_blocked  -1 to its next activation roll
"""

from __future__ import annotations

from game.core.dice import Modifier
from game.rules import board
from game.rules.state import GameState, ModelState
from game.rules.traits.base import any_hook, hooks_of

UNTIL_MAINTENANCE = ("ran", "rough", "full_defense", "confused", "entangled", "weakness")  # [TURN-8] (f)
UNTIL_NEXT_ACTIVATION = ("stealth", "flight_moved")  # [TURN-9]


def causes_terror(model: ModelState) -> bool:
    return any_hook(model, "causes_terror")


def terror_immunity_aura(state: GameState, model: ModelState) -> tuple[str, str] | None:
    """(rule, source) of a friend's aura that makes the model immune to Terror (Leader of Men), or None."""
    for friend in state.friends_of(model):
        for h in hooks_of(friend):
            if h.grants_terror_immunity(state, friend, model):
                return h.rule, f"{h.describe()} of {friend.name}"
    return None


def terror_immune(state: GameState, model: ModelState) -> bool:
    """[COND-5]: Lionheart, companions, Terror-causers, models under Leader of Men."""
    return any_hook(model, "terror_immune") or terror_immunity_aura(state, model) is not None


def fearless_source(state: GameState, model: ModelState) -> str | None:
    """[COND-7]: what makes the model Fearless (Veteran, Undead, Non-Living, a companion, or within 3″ of
    its own hero by Inspiring Presence), or None."""
    own = next((h for h in hooks_of(model) if h.fearless), None)
    if own is not None:
        return own.describe()
    for friend in state.friends_of(model):
        for h in hooks_of(friend):
            if h.grants_fearless(state, friend, model):
                return f"{h.describe()} of {friend.name}"
    return None


def fearless(state: GameState, model: ModelState) -> bool:
    return fearless_source(state, model) is not None


def terror_source(state: GameState, model: ModelState) -> ModelState | None:
    """The nearest enemy Terror-causer within 6″, if any (several sources do not stack)."""
    sources = [e for e in state.enemies_of(model) if causes_terror(e) and board.within(model, e, 6)]
    return min(sources, key=lambda e: board.distance(model, e), default=None)


def terror_modifier(state: GameState, model: ModelState, activation: bool) -> list[Modifier]:
    """[COND-5] / [MOD-14]: -3 to resolution and -1 to activation; Fearless only -1 to resolution."""
    source = terror_source(state, model)
    if source is None or any_hook(model, "terror_immune"):
        return []
    cause = next(h.describe() for h in hooks_of(source) if h.causes_terror)
    label = f"Terror of {source.name} ({cause})"
    aura = terror_immunity_aura(state, model)
    if aura is not None:  # shown, so the log says why the Terror did nothing
        return [Modifier(0, aura[0], f"{label} ignored ({aura[1]})")]
    why = fearless_source(state, model)
    if why:
        return [] if activation else [Modifier(-1, "MOD-14", f"{label}, Fearless: {why}")]
    return [Modifier(-1 if activation else -3, "COND-5", label)]


def stun_immune(state: GameState, model: ModelState, source: ModelState | None) -> bool:
    """[COND-2] / [SEQ-14]: Full Defense, Large (unless the source is Large or Gargantuan), Gargantuan."""
    if model.conditions.get("full_defense"):
        return True
    return any(h.stun_immune(state, model, source) for h in hooks_of(model))


def stun(state: GameState, model: ModelState, source: ModelState | None, why: str, rule: str) -> bool:
    """Stun a model unless it is immune; stunning a Stunned model has no further effect ([COND-1])."""
    if not model.on_table:
        return False
    if stun_immune(state, model, source):
        state.emit("StunIgnored", f"{model.name} is immune to Stun ({why})", model=model.id, rule="COND-2")
        return False
    if model.conditions.get("stunned"):
        return False
    model.conditions["stunned"] = True
    state.emit("Stunned", f"{model.name} is Stunned ({why})", model=model.id, rule=rule)
    return True


def lose_stealth(state: GameState, model: ModelState) -> None:
    """[COND-3] / [SEQ-11]: Stealth is lost as soon as the model attacks."""
    if model.conditions.pop("stealth", None):
        state.emit("StealthLost", f"{model.name} loses Stealth by attacking", model=model.id, rule="COND-3")
