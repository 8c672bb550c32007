"""Odds read from the engine's objects: modifiers exactly as combat/sorcery compute them, and frequencies of the
engine's own resolve_attack (seeded dice, nothing forced) within a few standard errors of the exact values."""

from __future__ import annotations

import dataclasses
import math
from fractions import Fraction

import pytest

from game.ai.dice_odds import CRITICAL, Roller, opposed
from game.ai.odds import attack_odds, spell_odds
from game.core.dice import effective_modifiers
from game.rules import combat
from game.rules.combat import Attack, resolve_attack
from tests.rules.harness import figure, table


def _close(attacker, defender, action: str = "standard_attack", extra: int = 0, fate=(0, 0), seed: int = 1,
           behind: bool = False):
    state = table((0, attacker, 10, 10, 90), (1, defender, 10, 11, 90 if behind else 270), fate=fate, seed=seed)
    return state, Attack(state.model("A1"), state.model("B1"), "close", action, 0, extra_dice=extra)


class _Answers:
    """Answers the engine's decisions: no Fate; a trait re-roll only for a losing roll (the when_losing policy)."""

    def __call__(self, state, decision):
        if decision.kind == "reroll":
            totals = {}
            for e in state.log:
                if e.kind == "DiceRolled":
                    totals[e.data["roll"]] = e.data["total"]
            me = "attack" if decision.side == 0 else "defence"
            losing = totals["attack"] <= totals["defence"] if me == "attack" else totals["attack"] > totals["defence"]
            keys = [k for k in decision.choices() if k not in ("pass", "hand_of_fortune")]
            return keys[0] if losing and keys else "pass"
        return "pass"


def _run(gen, state):
    answer = _Answers()
    try:
        decision = next(gen)
        while True:
            decision = gen.send(decision.validate(answer(state, decision)))
    except StopIteration as stop:
        return stop.value


def _within(p: Fraction, hits: int, n: int) -> None:
    sigma = math.sqrt(float(p) * (1 - float(p)) / n) or 1 / n
    assert abs(hits / n - float(p)) <= 4.5 * sigma + 1e-9, (hits / n, float(p))


def test_totals_are_the_engines_modifiers() -> None:
    state, attack = _close(figure("A", MA=4), figure("D", PD=3, weapons=(("Sword", "1h_edged"), ("Shield", "shield"))),
                           "charge_attack", behind=True)
    odds = attack_odds(state, attack)
    a_mods = effective_modifiers(combat.attack_modifiers(state, attack))
    d_mods = effective_modifiers(combat.defence_modifiers(state, attack))
    assert odds.attack_total == 4 + sum(m.value for m in a_mods) == 4 + 2 + 2  # back arc, charge
    assert odds.defence_total == 3 + sum(m.value for m in d_mods) == 3  # no shield from behind
    assert odds.p_win == opposed(Roller(2, 8), Roller(2, 3)).win


@pytest.mark.rule("SPELL-6")
def test_weakness_counts_as_the_engine_rolls_it() -> None:
    state, attack = _close(figure("A", MA=4), figure("D", PD=3))
    state.model("B1").conditions = {**state.model("B1").conditions, "weakness": "PD"}
    assert attack_odds(state, attack).defence_total == 1


@pytest.mark.rule("CC-5", "CC-6", "SKILL-4", "SKILL-5")
def test_doubles_stun_and_critical_doubles_are_brutal() -> None:
    state, attack = _close(figure("A", MA=3), figure("D", PD=3, kind="hero"))
    odds = attack_odds(state, attack)
    assert odds.p_stun == Fraction(1, 6)  # doubles on the attack dice, whether or not it wounds
    assert odds.p_brutal == opposed(Roller(2, odds.attack_total), Roller(2, odds.defence_total)).p(
        win=True, has=CRITICAL)
    assert odds.expected_wounds == odds.p_win + odds.p_brutal
    state, attack = _close(figure("A", weapons=(("Maul", "2h_blunt"),)), figure("D", kind="hero"), "furious_attack", 1)
    assert attack_odds(state, attack).p_stun == 1
    state, attack = _close(figure("A", weapons=(("Axe", "2h_edged"),)), figure("D", kind="hero"), "furious_attack", 1)
    odds = attack_odds(state, attack)
    assert odds.p_brutal == odds.p_win and odds.expected_wounds == 2 * odds.p_win


@pytest.mark.rule("COND-2")
def test_stun_immunity() -> None:
    state, attack = _close(figure("A"), figure("D", traits=("large",)))
    assert attack_odds(state, attack).p_stun == 0


@pytest.mark.rule("T-TOUGH-1", "T-SLAYER-1", "SEQ-6")
def test_tough_and_slayer_on_one_wound() -> None:
    state, attack = _close(figure("A", traits=("slayer",)), figure("D", kind="hero", traits=("tough",)))
    odds = attack_odds(state, attack)
    win, brutal = odds.p_win, odds.p_brutal
    plain = win - brutal
    keep = Fraction(5, 6)
    # one wound: taken 5/6, then Slayer 1/6 for one more (Tough 5/6 again); brutal: two Tough rolls, then Slayer
    one = plain * keep * (1 + Fraction(1, 6) * keep)
    two = brutal * (2 * keep + (1 - (1 - keep) ** 2) * Fraction(1, 6) * keep)
    assert odds.expected_wounds == one + two


@pytest.mark.rule("SKILL-7")
def test_black_powder_misfire() -> None:
    a = figure("A", RA=3, weapons=(("Pistol", "1h_ranged_bp"),))
    state = table((0, a, 10, 10, 90), (1, figure("D"), 10, 14, 270))
    attack = Attack(state.model("A1"), state.model("B1"), "ranged", "ranged_attack", 0, range_band="short")
    odds = attack_odds(state, attack)
    assert odds.p_misfire == Fraction(1, 36)
    assert odds.attack_total == 4  # +1 black powder at short range


@pytest.mark.rule("SORC-6", "SORC-7")
def test_spell_odds_read_the_casting_and_resist_modifiers() -> None:
    caster = figure("C", WP=4, traits=("sorcery",))
    state = table((0, caster, 10, 10, 90), (1, figure("D", WP=3), 10, 15, 270))
    c, t = state.model("A1"), state.model("B1")
    c.conditions = {**c.conditions, "ran": True}
    odds = spell_odds(state, c, t, "stun", "greater_focus")
    assert odds.p_success == opposed(Roller(2, 4 - 4 + 2), Roller(2, 3)).win  # -4 replaces -3 for running
    assert odds.p_burn_out == Fraction(1, 36)
    gambit = spell_odds(state, c, t, "ravage", "sorcerers_gambit")
    assert gambit.p_burn_out == Fraction(16, 216)
    assert gambit.expected_wounds == gambit.p_success


def _monte_carlo(make, n: int):
    wins = stuns = wounds = kills = misfires = 0
    for seed in range(n):
        state, attack = make(seed)
        result = _run(resolve_attack(state, attack), state)
        wins += result.hit
        stuns += bool(attack.defender.conditions.get("stunned"))
        wounds += attack.defender.wounds_taken
        kills += attack.defender.status == "killed"
        misfires += result.misfire
    return wins, stuns, wounds, kills, misfires


@pytest.mark.parametrize("case", ["tough_slayer", "blessed_against_armor", "misfire"])
def test_engine_frequencies_match_the_exact_odds(case: str) -> None:
    if case == "tough_slayer":
        def make(seed):
            return _close(figure("A", MA=4, traits=("slayer",)), figure("D", PD=3, traits=("tough",)), seed=seed)
    elif case == "blessed_against_armor":
        def make(seed):
            a = figure("A", MA=3, weapons=(("Holy Blade", "1h_edged"),), traits=("blessed_weapon",))
            a = dataclasses.replace(a, blessed_weapon="Holy Blade")
            return _close(a, figure("D", PD=3, kind="hero", traits=("arcane_armor",)), "furious_attack", 1, seed=seed)
    else:
        def make(seed):
            a = figure("A", RA=3, weapons=(("Pistol", "1h_ranged_bp"),))
            state = table((0, a, 10, 10, 90), (1, figure("D"), 10, 14, 270), seed=seed)
            return state, Attack(state.model("A1"), state.model("B1"), "ranged", "ranged_attack", 0,
                                 range_band="short")
    state, attack = make(0)
    odds = attack_odds(state, attack, policies=("when_losing", "when_losing"))
    if case == "blessed_against_armor":  # both traits' re-rolls are on offer and change the odds
        assert odds.p_win != attack_odds(state, attack, policies=("never", "never")).p_win
    n = 3000
    wins, stuns, wounds, kills, misfires = _monte_carlo(make, n)
    _within(odds.p_win, wins, n)
    _within(odds.p_stun, stuns, n)
    _within(odds.p_kill, kills, n)
    _within(odds.p_misfire, misfires, n)
    var = float(sum(k * k * p for k, p in odds.wounds.items()) - odds.expected_wounds ** 2)
    assert abs(wounds / n - float(odds.expected_wounds)) <= 4.5 * math.sqrt(var / n) + 1e-9
