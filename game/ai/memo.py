"""Per-position memos for the AI's hot questions (exact odds, ranged targets): one decision asks the same
attack many times (every candidate model, every plan, every end point), and a whole game asks again
until something happens. Entries are kept while the table (positions, facings, wounds, conditions,
Fate) stands as it was, and live on the state like the geometry index, so they die with it.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from game.ai.odds import Odds, SpellOdds, VictimOdds, area_odds, attack_odds, attack_win, attack_win_decides
from game.ai.odds import spell_odds as _spell_odds
from game.ai.odds import spell_win as _spell_win
from game.core.copies import value_key
from game.rules import combat
from game.rules.attack_profile import AttackProfile
from game.rules.state import GameState, ModelState

LIMIT = 4096


# what the odds and targets never read: the story so far, the dice, whose turn it is in the activation, the scores
# and the encounter's bookkeeping. Every other field of the state is in the key (a new one at once); a hero's fate
# is in it too: Vengeance adds to the rolls ([HERO-2], combat.model_roll_modifiers).
ODDS_BLIND = frozenset({"log", "version", "dice", "bag", "set_aside", "ap_left", "active_model", "activated", "phase",
                        "winner", "result", "settings", "encounter", "score", "heroic_impetus_used"})


def _memo(state: GameState) -> dict[Any, Any]:
    """The memo for the table as it stands: kept while the state's value less ``ODDS_BLIND`` stands (places,
    facings, wounds, conditions, Fate, the map ...; checked once per state version), so it carries across
    decisions."""
    memo: dict[Any, Any] | None = state.__dict__.get("_ai_memo")
    if memo is not None and memo["_version"] == state.version:
        return memo
    table = value_key(state, ODDS_BLIND)
    if memo is None or memo["_table"] != table or len(memo) > LIMIT:
        memo = {"_table": table}
        state.__dict__["_ai_memo"] = memo
    memo["_version"] = state.version
    return memo


def _asked(state: GameState, key: tuple, make: Callable[[], Any]) -> Any:
    """``make()``'s answer for ``key``, worked out once while the table stands (:func:`_memo`)."""
    memo = _memo(state)
    if key not in memo:
        memo[key] = make()
    return memo[key]


def _model_key(m: ModelState) -> tuple:
    """The model as the odds read it (a copy with a condition tried on it is another model)."""
    return value_key(m, ODDS_BLIND)


def _odds_key(state: GameState, attack: combat.Attack, options: dict[str, Any]) -> tuple:
    return ("odds", _model_key(attack.attacker), _model_key(attack.defender), attack.kind, attack.action,
            attack.weapon, attack.extra_dice, attack.range_band, attack.cover, attack.area, attack.no_fate,
            tuple(sorted(options.items())), tuple(s.fate for s in state.sides))


def odds(state: GameState, attack: combat.Attack, plain: AttackProfile | None = None, **options: Any) -> Odds:
    """:func:`game.ai.odds.attack_odds`, remembered until the table changes (``plain``, the profile an Inner
    Reserve question carries, spares making it again; the answer is the same)."""
    key = _odds_key(state, attack, options)
    return _asked(state, key, lambda: attack_odds(state, attack, plain=plain, **options))


def win(state: GameState, attack: combat.Attack, **options: bool) -> Fraction:
    """:func:`game.ai.odds.attack_win` (the odds' ``p_win`` where they are remembered already), remembered until
    the table changes; asked where the memo was not yet checked for this version of the state, worked out
    afresh."""
    found = _remembered_win(state, attack, options)
    if found is not None:
        return found
    memo: dict[Any, Any] | None = state.__dict__.get("_ai_memo")
    if memo is None or memo["_version"] != state.version:  # no memo for this table yet: a one-off question
        return attack_win(state, attack, **options)  # (the table's key would cost more than the answer)
    won = memo[("win", *_odds_key(state, attack, options)[1:])] = attack_win(state, attack, **options)
    return won


def win_decides(state: GameState, attack: combat.Attack, decide: Callable[[Fraction], bool],
                plain: AttackProfile | None = None, **options: bool) -> bool:
    """``decide(win(...))`` for a ``decide`` monotone in the chance: the chance remembered where it is, else
    :func:`game.ai.odds.attack_win_decides` (bounds first: a floor seldom needs the exact chance; ``plain`` as
    :func:`odds`)."""
    found = _remembered_win(state, attack, options)
    return decide(found) if found is not None else attack_win_decides(state, attack, decide, plain=plain, **options)


def _remembered_win(state: GameState, attack: combat.Attack, options: dict[str, bool]) -> Fraction | None:
    """The attack's win chance as this version of the table remembers it (its odds, or the chance alone), if it
    does."""
    memo: dict[Any, Any] | None = state.__dict__.get("_ai_memo")
    if memo is None or memo["_version"] != state.version:
        return None
    key = _odds_key(state, attack, options)
    if key in memo:
        found: Fraction = memo[key].p_win
        return found
    return memo.get(("win", *key[1:]))


def area(state: GameState, attack: combat.Attack, rough: bool = False) -> list[VictimOdds]:
    """:func:`game.ai.odds.area_odds`, remembered until the table changes; ``rough``: spread from the first roll's
    odds of the dice alone (no re-roll on offer: Appraiser.odds's ``rough_odds``)."""
    key = ("area", _model_key(attack.attacker), _model_key(attack.defender), attack.kind, attack.action,
           attack.weapon, attack.range_band, attack.cover, tuple(s.fate for s in state.sides), rough)
    options: dict[str, Any] = {"hand_of_fortune": (False, False), "rerolls": False} if rough else {}
    return _asked(state, key, lambda: area_odds(state, attack, first_odds=odds(state, attack, **options)
                                                if attack.area else None))


def ranged_targets(state: GameState, m: ModelState, weapon: int) -> list[tuple[ModelState, str, bool]]:
    """:func:`game.rules.movement.ranged_targets`, remembered until the table changes."""
    from game.rules.movement import ranged_targets as targets

    key = ("ranged", _model_key(m), weapon)
    return _asked(state, key, lambda: targets(state, m, weapon))


def ranged_target(state: GameState, m: ModelState, weapon: int, e: ModelState) -> tuple[str, bool] | None:
    """:func:`game.rules.movement.ranged_target` for an enemy of ``m`` (from :func:`ranged_targets` where they are
    remembered already), remembered until the table changes."""
    from game.rules.movement import ranged_target as target

    memo = _memo(state)
    every = memo.get(("ranged", _model_key(m), weapon))
    if every is not None:
        return next(((band, cover) for t, band, cover in every if t.id == e.id), None)
    key = ("ranged to", _model_key(m), weapon, e.id)
    if key not in memo:
        memo[key] = target(state, m, weapon, e) if any(o.id == e.id for o in state.enemies_of(m)) else None
    return memo[key]


def spell_target(state: GameState, m: ModelState, e: ModelState, reach: float) -> bool:
    """Whether ``e`` is one of :func:`spell_targets` (from them where they are remembered already), remembered
    until the table changes."""
    from game.rules.sorcery import in_spell_reach

    memo = _memo(state)
    every = memo.get(("spell_targets", _model_key(m), reach))
    if every is not None:
        return any(t.id == e.id for t in every)
    key = ("spell target", _model_key(m), e.id, reach)
    if key not in memo:
        memo[key] = any(o.id == e.id for o in state.enemies_of(m)) and in_spell_reach(state, m, e, reach)
    return bool(memo[key])


def hopeless_casting(state: GameState, m: ModelState, ask: Callable[[], bool], how: tuple = ()) -> bool:
    """``ask()`` (the appraiser's :meth:`~game.ai.candidates.Appraiser.hopeless_casting` of ``m``), remembered until
    the table changes: every plan with a spell in it asks it. ``how``: what of the asking level shapes the answer
    (two levels in one game share the memo)."""
    key = ("hopeless casting", _model_key(m), *how)
    memo = _memo(state)
    if key not in memo:
        memo[key] = ask()
    return bool(memo[key])


def spell_targets(state: GameState, m: ModelState, reach: float) -> list[ModelState]:
    """:func:`game.rules.sorcery.spell_targets`, remembered until the table changes."""
    from game.rules.sorcery import spell_targets as targets

    key = ("spell_targets", _model_key(m), reach)
    return _asked(state, key, lambda: targets(state, m, reach))


def spell_odds(state: GameState, caster: ModelState, target: ModelState, spell: str,
               hand_of_fortune: tuple[bool, bool] | None = None) -> SpellOdds:
    """:func:`game.ai.odds.spell_odds`, remembered until the table changes."""
    key = ("spell", _model_key(caster), _model_key(target), spell, tuple(s.fate for s in state.sides), hand_of_fortune)
    return _asked(state, key, lambda: _spell_odds(state, caster, target, spell, hand_of_fortune=hand_of_fortune))


def spell_win(state: GameState, caster: ModelState, target: ModelState, spell: str,
              hand_of_fortune: tuple[bool, bool] | None = None) -> Fraction:
    """:func:`game.ai.odds.spell_win` (:func:`spell_odds`' ``p_success``), remembered until the table changes."""
    key = ("spell win", _model_key(caster), _model_key(target), spell, tuple(s.fate for s in state.sides),
           hand_of_fortune)
    return _asked(state, key, lambda: _spell_win(state, caster, target, spell, hand_of_fortune=hand_of_fortune))
