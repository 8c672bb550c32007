"""Conditions: Stunned, Stealth, Terror and Fearless, and the per-turn marks ([COND-1]-[COND-7]).

Each condition a model may be under is a hook object (``kinds.py``, one class each, registered like a
trait), so ``hooks_of()`` yields the active ones and the engine asks them at its named points; Terror
and Fearless are judged from the models' traits and auras here. Code elsewhere names a condition by its
object (``STUNNED.on(model)``), never by its string.
"""

from __future__ import annotations

from game.core.dice import Modifier
from game.rules import board
from game.rules.conditions.base import (
    CONDITIONS,
    UNTIL_ACTIVATION_ROLL,
    UNTIL_LIFTED,
    Condition,
    condition_hooks,
    lasting,
    present,
)
from game.rules.conditions.base import UNTIL_MAINTENANCE as _MAINTENANCE
from game.rules.conditions.base import UNTIL_NEXT_ACTIVATION as _NEXT_ACTIVATION
from game.rules.conditions.kinds import (
    BURNT_OUT,
    CONFUSED,
    ENTANGLED,
    FLIGHT_MOVED,
    FULL_DEFENSE,
    QUAKE_BLOCKED,
    RAN,
    ROUGH,
    STEALTH,
    STUNNED,
    WEAKNESS,
)
from game.rules.events import EventKind
from game.rules.state import GameState, ModelState
from game.rules.traits.base import any_hook, hooks_answering, hooks_of

UNTIL_MAINTENANCE = tuple(c.id for c in lasting(_MAINTENANCE))  # [TURN-8] (f)
UNTIL_NEXT_ACTIVATION = tuple(c.id for c in lasting(_NEXT_ACTIVATION))  # [TURN-9]

__all__ = ["BURNT_OUT", "CONDITIONS", "CONFUSED", "ENTANGLED", "FLIGHT_MOVED", "FULL_DEFENSE", "QUAKE_BLOCKED", "RAN",
           "ROUGH", "STEALTH", "STUNNED", "UNTIL_ACTIVATION_ROLL", "UNTIL_LIFTED", "UNTIL_MAINTENANCE",
           "UNTIL_NEXT_ACTIVATION", "WEAKNESS", "Condition", "condition_hooks", "present"]


def end(model: ModelState, how_long: str) -> list[Condition]:
    """Lift every condition of the model that lasts ``how_long`` ([TURN-8] (f), [TURN-9]); returns those the
    model was under."""
    return [c for c in lasting(how_long) if c.lift(model)]


def end_at_maintenance(model: ModelState) -> list[Condition]:
    return end(model, _MAINTENANCE)


def end_at_activation(model: ModelState) -> None:
    end(model, _NEXT_ACTIVATION)


def forbidden(state: GameState, model: ModelState, kind: str) -> tuple[str, str] | None:
    """(reason, rule) when a condition of the model stops it declaring ``kind`` at all (Entangled: no Charge,
    [SPELL-2]), or None: the one place that rule is asked."""
    for c in condition_hooks(model):
        assert isinstance(c, Condition)
        why = c.forbids(state, model, kind)
        if why is not None:
            return why
    return None


def causes_terror(model: ModelState) -> bool:
    return any_hook(model, "causes_terror")


def terror_immunity_aura(state: GameState, model: ModelState) -> tuple[str, str] | None:
    """(rule, source) of a friend's aura that makes the model immune to Terror (Leader of Men), or None."""
    for friend in state.friends_of(model):
        for h in hooks_answering(friend, "grants_terror_immunity"):
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
        for h in hooks_answering(friend, "grants_fearless"):
            if h.grants_fearless(state, friend, model):
                return f"{h.describe()} of {friend.name}"
    return None


def fearless(state: GameState, model: ModelState) -> bool:
    return fearless_source(state, model) is not None


def terror_source(state: GameState, model: ModelState) -> ModelState | None:
    """The nearest enemy Terror-causer within 6″, if any (several sources do not stack). It follows from the
    models' own fields alone (places, sides, profiles, conditions): remembered while no model changes."""
    if state.models.get(model.id) is not model:  # a model of the caller's own making: asked afresh
        return _terror_source(state, model)
    memo = state.table_memo()
    key = ("terror_source", model.id)
    if key not in memo:
        memo[key] = _terror_source(state, model)
    found: ModelState | None = memo[key]
    return found


def _terror_source(state: GameState, model: ModelState) -> ModelState | None:
    sources = []  # (distance, enemy): each distance worked out once, of the Terror-causers alone
    for e in _terror_causers(state, model):
        gap = board.distance(model, e)
        if gap <= 6 + 1e-9:  # board.within(model, e, 6)
            sources.append((gap, e))
    return min(sources, key=lambda s: s[0], default=(0.0, None))[1]


def _terror_causers(state: GameState, model: ModelState) -> list[ModelState]:
    """The enemies of ``model`` that cause Terror, in their order: remembered with the table, per side, where
    ``model`` is the state's own (most tables hold none at all)."""
    if state.models.get(model.id) is not model:
        return [e for e in state.enemies_of(model) if causes_terror(e)]
    memo = state.table_memo()
    key = ("terror causers", model.side)
    if key not in memo:
        memo[key] = [e for e in state.enemies_of(model) if causes_terror(e)]
    found: list[ModelState] = memo[key]
    return found


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
    return any(h.stun_immune(state, model, source) for h in hooks_answering(model, "stun_immune"))


def stun(state: GameState, model: ModelState, source: ModelState | None, why: str, rule: str) -> bool:
    """Stun a model unless it is immune; stunning a Stunned model has no further effect ([COND-1])."""
    if not model.on_table:
        return False
    if stun_immune(state, model, source):
        state.emit(EventKind.StunIgnored, f"{model.name} is immune to Stun ({why})", model=model.id, rule="COND-2")
        return False
    if STUNNED.on(model):
        return False
    STUNNED.put(model)
    state.emit(EventKind.Stunned, f"{model.name} is Stunned ({why})", model=model.id, rule=rule)
    return True


def lose_stealth(state: GameState, model: ModelState) -> None:
    """[COND-3] / [SEQ-11]: Stealth is lost as soon as the model attacks."""
    if STEALTH.lift(model):
        state.emit(EventKind.StealthLost, f"{model.name} loses Stealth by attacking", model=model.id, rule="COND-3")
