"""Exact odds of an area of effect's victims, each rolling with Fate of its own ([AOE-1] RULING 2026-12-01,
[FATE-7], [SEQ-8]): against literal enumeration, against the engine over every die it can roll, and
against the engine's frequencies for a whole Blast with several victims."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction
from functools import cache

import pytest

from game.ai.dice_odds import HOF, PASS, TRAIT, Roller, against_total, opposed
from game.ai.odds import area_odds, victim_odds
from game.rules import combat
from game.rules.combat import Attack, resolve_attack
from tests.rules.harness import figure, table
from tests.sampling import sampled

# -- a roll against a fixed total, literally ----------------------------------------------------------


def literal_against(roller: Roller, total: int) -> tuple[Fraction, Fraction]:
    """Every ordered face of every die; each option's chance of being beaten computed by re-rolling literally."""
    need = total - roller.modifier

    def beaten_after(dice: tuple[int, ...], which: str) -> Fraction:
        idx = [i for i, d in enumerate(dice) if d == 1] if which == TRAIT else range(len(dice))
        idx = list(idx)
        outs = [sum(dice) - sum(dice[i] for i in idx) + sum(f) for f in itertools.product(range(1, 7), repeat=len(idx))]
        return Fraction(sum(s < need for s in outs), len(outs))

    beaten = hof = Fraction(0)
    unit = Fraction(1, 6 ** roller.dice)
    for dice in itertools.product(range(1, 7), repeat=roller.dice):
        losing = sum(dice) < need
        opts = [(PASS, Fraction(losing))]
        if roller.reroll_ones and 1 in dice:
            opts.append((TRAIT, beaten_after(dice, TRAIT)))
        if roller.hand_of_fortune and losing:
            opts.append((HOF, beaten_after(dice, HOF)))
        if roller.policy == "never":
            pick = opts[0]
        elif roller.policy == "when_losing":
            named = dict(opts)
            pick = next(((n, named[n]) for n in (TRAIT, HOF) if n in named and losing), opts[0])
        else:
            pick = opts[0]
            for o in opts[1:]:
                if o[1] < pick[1]:
                    pick = o
        beaten += unit * pick[1]
        hof += unit * (pick[0] == HOF)
    return beaten, hof


@pytest.mark.rule("AOE-1", "FATE-6", "SEQ-1", "DICE-4", "DICE-5")
def test_a_roll_against_a_total_matches_literal_enumeration() -> None:
    for n, ones, hof, policy in itertools.product((2, 3), (False, True), (False, True),
                                                  ("optimal", "when_losing", "never")):
        for mod, total in itertools.product((-2, 3), range(4, 24, 3)):
            roller = Roller(n, mod, ones, hof, policy)
            odds = against_total(roller, total)
            assert (odds.beaten, odds.hand_of_fortune) == literal_against(roller, total), (roller, total)


# -- the window's winning totals and Fate uses, literally ----------------------------------------------

def literal_wins_by(active: Roller, reactive: Roller) -> dict[tuple[int, bool, bool], Fraction]:
    """tests/ai/brute.py's literal window, carrying the active's final dice sum and who took Hand of Fortune."""
    t = reactive.modifier - active.modifier

    def wins(a, d):
        return sum(a) > sum(d) + t

    def offered(side, dice, losing):
        names = [PASS]
        if side.reroll_ones and 1 in dice:
            names.append(TRAIT)
        if side.hand_of_fortune and losing:
            names.append(HOF)
        return names

    def rerolled(dice, which):
        idx = [i for i, d in enumerate(dice) if d == 1] if which == TRAIT else list(range(len(dice)))
        outs = []
        for fresh in itertools.product(range(1, 7), repeat=len(idx)):
            new = list(dice)
            for i, v in zip(idx, fresh, strict=True):
                new[i] = v
            outs.append(tuple(sorted(new)))
        return outs

    def mix(parts):
        out: Counter = Counter()
        for p, dist in parts:
            for k, v in dist:
                out[k] += p * v
        return tuple(sorted(out.items()))

    def win_p(dist):
        return sum((v for (w, *_), v in dist if w), Fraction(0))

    def after(name, dice, then):
        if name == PASS:
            return then(dice, False, False)
        outs = rerolled(dice, name)
        return mix([(Fraction(1, len(outs)), then(o, True, name == HOF)) for o in outs])

    def pick(side, losing, options, maximise):
        if side.policy == "never" or len(options) == 1:
            return options[0][1]
        if side.policy == "when_losing":
            named = dict(options)
            return next((named[n] for n in (TRAIT, HOF) if n in named and losing), options[0][1])
        best = options[0]
        for o in options[1:]:
            if (win_p(o[1]) > win_p(best[1])) if maximise else (win_p(o[1]) < win_p(best[1])):
                best = o
        return best[1]

    @cache
    def step3(a, d, passed, a_hof, d_hof):
        if passed and not wins(a, d):
            opts = [(n, after(n, a, lambda x, _r, h: (((wins(x, d), sum(x), h, d_hof), Fraction(1)),)))
                    for n in offered(active, a, True)]
            return pick(active, True, opts, True)
        return (((wins(a, d), sum(a), a_hof, d_hof), Fraction(1)),)

    @cache
    def step2(a, d, passed, a_hof):
        losing = wins(a, d)
        opts = [(n, after(n, d, lambda x, _r, h: step3(a, x, passed, a_hof, h))) for n in offered(reactive, d, losing)]
        return pick(reactive, losing, opts, False)

    total: Counter = Counter()
    unit = Fraction(1, 6 ** (active.dice + reactive.dice))
    for a in itertools.product(range(1, 7), repeat=active.dice):
        for d in itertools.product(range(1, 7), repeat=reactive.dice):
            a_s, d_s = tuple(sorted(a)), tuple(sorted(d))
            losing = not wins(a_s, d_s)
            opts = [(n, after(n, a_s, lambda x, r, h, d_s=d_s: step2(x, d_s, not r, h)))
                    for n in offered(active, a_s, losing)]
            for k, v in pick(active, losing, opts, True):
                total[k] += unit * v
    return {(s, ah, dh): v for (w, s, ah, dh), v in total.items() if w and v}


# each a literal enumeration: three of the eight by default (every policy and modifier met), all with -m slow
@pytest.mark.rule("AOE-1", "FATE-7", "SEQ-1")
@pytest.mark.parametrize(("policy", "a_mod", "d_mod"),
                         sampled(list(itertools.product(("optimal", "when_losing"), (0, 3), (1, 4))), 3))
def test_the_windows_winning_totals_and_fate_uses_match_literal_enumeration(policy: str, a_mod: int,
                                                                            d_mod: int) -> None:
    active, reactive = Roller(2, a_mod, True, True, policy), Roller(2, d_mod, True, True, policy)
    fast = opposed(active, reactive)
    assert fast.wins_by == literal_wins_by(active, reactive), (policy, a_mod, d_mod)
    assert sum(fast.wins_by.values()) == fast.win
    assert sum(opposed(Roller(3, 2), Roller(2, 5, False, True), misfire=True).wins_by.values()) == \
        opposed(Roller(3, 2), Roller(2, 5, False, True), misfire=True).win


# -- one victim against the engine, over every die it can roll -----------------------------------------

class WhenLosing:
    """Answers like the when_losing policy: a losing roll takes the trait's re-roll, else Hand of Fortune;
    Inner Reserve as told; Tough's Fate always."""

    def __init__(self, inner_reserve: bool = False, defender: bool = True):
        self.inner_reserve = inner_reserve
        self.defender = defender  # whether the first target (Blue) re-rolls its own defence

    def __call__(self, decision) -> str:
        if decision.kind == "reroll":
            first_defence = "against" not in decision.context and decision.side == 1
            if not decision.context.get("losing") or (first_defence and not self.defender):
                return "pass"
            keys = decision.choices()
            return next((k for k in keys if k not in ("pass", "hand_of_fortune")),
                        "hand_of_fortune" if "hand_of_fortune" in keys else "pass")
        if decision.kind == "inner_reserve":
            return "spend" if self.inner_reserve and "against" in decision.context else "pass"
        if decision.kind == "trait_fate":
            return "spend"
        return "pass"


def run(gen, answer) -> None:
    try:
        decision = next(gen)
        while True:
            decision = gen.send(decision.validate(answer(decision)))
    except StopIteration:
        pass


def every_die(make, play) -> list[tuple[Fraction, object]]:
    """Play the engine once per sequence of dice it can roll (a tree: a die not yet forced branches six ways),
    returning each final state with its exact probability."""
    out = []
    stack: list[tuple[int, ...]] = [()]
    while stack:
        prefix = stack.pop()
        state = make()
        state.dice.force(*prefix)
        play(state)
        if any(not d.forced for d in state.dice.history):
            stack += [(*prefix, v) for v in range(1, 7)]
            continue
        out.append((Fraction(1, 6 ** len(prefix)), state))
    return out


@pytest.mark.rule("AOE-1", "FATE-5", "FATE-6", "T-TOUGH-1", "T-ARCARMOR-1")
@pytest.mark.parametrize("who", ["plain", "inner_reserve", "tough", "arcane_armor"])
def test_one_victims_odds_equal_the_engine_over_every_die(who: str) -> None:
    traits = {"tough": ["tough"], "arcane_armor": ["arcane_armor"]}.get(who, [])
    victim = figure("Near", "hero", PD=2, traits=traits)
    total = 12

    def make():
        return table((0, figure("Bomber", weapons=[("Mortar", "2h_ranged")], traits=["blast"]), 10, 10, 0),
                     (1, figure("Target"), 15, 10, 180), (1, victim, 15, 12, 180), fate=(0, 3))

    def play(state) -> None:
        attack = Attack(state.model("A1"), state.model("B1"), "ranged", "ranged_attack", 0, range_band="short",
                        area=True)
        run(combat.area_of_effect(state, attack, total), WhenLosing(who == "inner_reserve"))

    runs = every_die(make, play)
    assert sum(p for p, _ in runs) == 1
    state = make()
    spread = next(s for s in combat.area_victims(state, Attack(state.model("A1"), state.model("B1"), "ranged",
                                                               "ranged_attack", 0, range_band="short", area=True))
                  if s.defender.id == "B2")
    odds = victim_odds(state, spread, total, inner_reserve=who == "inner_reserve", policy="when_losing")
    hit = sum((p for p, s in runs if any(e.kind == "AreaHit" for e in s.log)), Fraction(0))
    wounds = sum((p * s.model("B2").wounds_taken for p, s in runs), Fraction(0))
    stunned = sum((p for p, s in runs if s.model("B2").conditions.get("stunned")), Fraction(0))
    hof = sum((p for p, s in runs if any(e.data.get("rule") == "FATE-6" for e in s.log)), Fraction(0))
    assert (odds.p_hit, odds.expected_wounds, odds.p_stun, odds.p_hand_of_fortune) == (hit, wounds, stunned, hof)
    if who != "plain":  # the option on offer changes the odds, so the comparison has teeth
        plain = victim_odds(state, spread, total, hand_of_fortune=False, policy="never")
        assert plain.expected_wounds != odds.expected_wounds or who == "tough"


# -- a whole Blast against the engine's frequencies -----------------------------------------------------

def _blast(seed: int):
    state = table((0, figure("Bomber", RA=3, weapons=[("Mortar", "2h_ranged")], traits=["blast"]), 10, 10, 0),
                  (1, figure("Target", PD=2), 15, 10, 180), (1, figure("Near", PD=2), 15, 12, 180),
                  (1, figure("Other", PD=3), 17, 10, 180), (0, figure("Spotter", PD=2), 13.4, 10.6, 0),
                  fate=(1, 2), seed=seed)
    attack = Attack(state.model("A1"), state.model("B1"), "ranged", "ranged_attack", 0, range_band="short",
                    area=True)
    return state, attack


@pytest.mark.rule("AOE-1", "FATE-7", "T-BLAST-1")
def test_a_whole_blasts_victim_odds_match_the_engines_frequencies() -> None:
    state, attack = _blast(0)
    # Blue's first target keeps its Fate (the "never" policy), so Blue's victims share the one use
    odds = {v.model: v for v in area_odds(state, attack, policies=("when_losing", "never"),
                                          victim_policy="when_losing")}
    assert list(odds) == ["A2", "B2", "B3"]  # nearest first, the attacker's own Spotter among them
    n = 4000
    hits: Counter[str] = Counter()
    for seed in range(n):
        s, a = _blast(seed)
        run(resolve_attack(s, a), WhenLosing(defender=False))
        for m in ("A2", "B2", "B3"):
            hits[m] += s.model(m).wounds_taken
    for m, v in odds.items():
        p = float(v.p_hit)
        assert abs(hits[m] / n - p) <= 4.5 * math.sqrt(p * (1 - p) / n) + 1e-9, (m, hits[m] / n, p)
    # Blue's one use is shared ([FATE-7]): its second victim has Hand of Fortune only when the first did not use it
    assert odds["B3"].p_hand_of_fortune > 0 and odds["B2"].p_hand_of_fortune > 0
    lone, lone_attack = _blast(0)
    lone.model("B2").status = "killed"  # without Near, Other always has Blue's use on offer
    alone = {v.model: v for v in area_odds(lone, lone_attack, policies=("when_losing", "never"),
                                           victim_policy="when_losing")}
    assert alone["B3"].p_hand_of_fortune > odds["B3"].p_hand_of_fortune and alone["B3"].p_hit < odds["B3"].p_hit
    no_fate = {v.model: v.p_hit for v in area_odds(state, attack, policies=("when_losing", "never"),
                                                   victim_policy="never")}
    assert all(no_fate[m] > odds[m].p_hit for m in odds)  # each victim's Fate on offer lowers its chance of a hit


@pytest.mark.rule("SEQ-8", "FATE-6")
@pytest.mark.parametrize("inner_reserve", [False, True])
def test_a_more_than_one_victims_odds_equal_the_engine_over_every_die(inner_reserve: bool) -> None:
    from game.ai.odds import area_spell_hold
    from game.core.dice import ResolutionRoll
    from game.rules import sorcery

    cast = ResolutionRoll((6, 4), "WP", 4, ())  # 14

    def make():
        return table((0, figure("Witch", "companion", WP=4, traits=["sorcery"]), 10, 10, 0),
                     (1, figure("Foe", WP=1), 16, 10, 180), (1, figure("Near", WP=3), 16, 12, 0), fate=(0, 1))

    def play(state) -> None:
        gen = sorcery.more_than_one(state, state.model("A1"), state.model("B1"), sorcery.SPELLS["stun"], cast)
        run(gen, WhenLosing(inner_reserve))

    runs = every_die(make, play)
    state = make()
    hold = area_spell_hold(state, state.model("A1"), state.model("B2"), "stun", 14, inner_reserve=inner_reserve,
                           policy="when_losing")
    stunned = sum((p for p, s in runs if s.model("B2").conditions.get("stunned")), Fraction(0))
    hof = sum((p for p, s in runs if any(e.data.get("rule") == "FATE-6" for e in s.log)), Fraction(0))
    assert (hold.beaten, hold.hand_of_fortune) == (stunned, hof) and (hof > 0) is (not inner_reserve)
