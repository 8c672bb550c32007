"""What the battle scene shows for the model under the mouse: its card lines, and which attack to preview.

The attack previewed is the one the pending decision is about (its context names the action), else
the first the engine would offer against that target now: close combat if it is a melee target,
then a charge, a shot, a spell. Eligibility is the engine's (actions.melee_targets,
movement.charge_targets, movement.ranged_targets, sorcery.spell_targets), cached per state version
because the scene asks every frame.
"""

from __future__ import annotations

from game.rules import actions, combat, movement, sorcery
from game.rules.state import GameState
from game.ui.battle.cards import Row
from game.ui.battle.previews import CLOSE_KINDS, RANGED_KINDS, SPELL, ranged_targets
from game.ui.battle.tooltips import model_card_lines

# the context "action" of a target decision (an action's id) -> the odds kind previewed, when it has odds
ODDS_OF_ACTION = {kind: kind for kind in (*CLOSE_KINDS, *RANGED_KINDS, SPELL)} | {"charge": "charge_attack"}

_TARGETS: dict[tuple, dict[str, set[str]]] = {}


def model_lines(state: GameState, model_id: str) -> list[Row]:
    """The hover card of a model: profile, wounds, weapons, traits with their text, conditions."""
    return model_card_lines(state, model_id)


def eligible(state: GameState, attacker_id: str) -> dict[str, set[str]]:
    """Target ids per attack kind the engine offers the attacker now (cached per state version)."""
    m = state.model(attacker_id)
    key = (attacker_id, state.version)  # the version names the table (game.rules.state)
    found = _TARGETS.get(key)
    if found is None:
        if len(_TARGETS) > 32:
            _TARGETS.clear()
        found = {"standard_attack": {e.id for e in actions.melee_targets(state, m)}}
        if not found["standard_attack"]:
            inches, _ = movement.allowance(state, m, "charge")
            found["charge_attack"] = {e.id for e, _ in movement.charge_targets(state, m, inches)} \
                if movement.can_charge(state, m) else set()
            found["ranged_attack"] = {t.id for w in combat.ranged_weapons(m) if w not in m.jammed
                                      for t, _, _ in ranged_targets(state, m, w)}
            found["spell"] = {t.id for t in sorcery.spell_targets(state, m, sorcery.RANGE)} \
                if sorcery.can_cast(state, m) is None else set()
        _TARGETS[key] = found
    return found


def attack_kind_for(state: GameState, attacker_id: str, target_id: str, action: str | None = None) -> str | None:
    """The odds kind to preview for ``attacker`` against ``target``, or None when none applies."""
    if action in ODDS_OF_ACTION:
        return ODDS_OF_ACTION[action]
    a, t = state.model(attacker_id), state.model(target_id)
    if a.side == t.side or not a.on_table or not t.on_table:
        return None
    for kind, ids in eligible(state, attacker_id).items():
        if target_id in ids:
            return kind
    return None
