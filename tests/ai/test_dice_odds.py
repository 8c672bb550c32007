"""Exact opposed-roll odds against the literal reference (tests/ai/brute.py) and against closed forms."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.dice_odds import CRITICAL, DOUBLE, POLICIES, TWO_ONES, Roller, category, opposed, win_chance
from tests.ai.brute import brute
from tests.ai.brute_grouped import brute_grouped
from tests.sampling import examples, sampled


def _same(active: Roller, reactive: Roller, misfire: bool = False) -> None:
    fast = opposed(active, reactive, misfire)
    win, joint, mis = brute(active, reactive, misfire)
    assert fast.win == win
    assert fast.joint == joint
    assert fast.misfire == mis


@pytest.mark.rule("DICE-1", "DICE-2")
def test_no_rerolls_every_dice_count_and_modifier_matches_enumeration() -> None:
    """2-5 dice a side, modifiers' difference -12..+12: the sums of every face against each other."""
    for n, m in itertools.product(range(2, 6), repeat=2):
        a_sums = [sum(d) for d in itertools.product(range(1, 7), repeat=n)]
        d_sums = [sum(d) for d in itertools.product(range(1, 7), repeat=m)]
        ca, cd = Counter(a_sums), Counter(d_sums)
        for a_mod, d_mod in ((x, y) for x in range(-6, 7, 3) for y in range(-6, 7, 2)):
            wins = sum(wa * wd for sa, wa in ca.items() for sd, wd in cd.items() if sa + a_mod > sd + d_mod)
            assert opposed(Roller(n, a_mod), Roller(m, d_mod)).win == Fraction(wins, 6 ** (n + m))


@pytest.mark.rule("DICE-2")
def test_a_tie_goes_to_the_reactive_roll() -> None:
    # 2d6 v 2d6 level: P(active higher) = (1 - P(tie)) / 2 = (1 - 146/1296) / 2
    assert opposed(Roller(2, 3), Roller(2, 3)).win == Fraction(575, 1296)
    # +12 against 2 dice can only tie at worst: 1+1+12 v 6+6 ties, so not certain
    assert opposed(Roller(2, 10), Roller(2, 0)).win == 1 - Fraction(1, 36 ** 2)


@pytest.mark.rule("SEQ-1", "DICE-4", "DICE-5", "FATE-6")
@pytest.mark.parametrize("policy", ["optimal", "when_losing"])
def test_window_with_reroll_options_matches_the_literal_window(policy: str) -> None:
    for (at, ah, dt, dh), t in [((True, True, True, True), 0), ((False, True, True, False), -2),
                                ((True, False, False, True), 1)]:
        _same(Roller(2, 0, at, ah, policy), Roller(2, t, dt, dh, policy))


@pytest.mark.slow
@pytest.mark.rule("SEQ-1", "DICE-4", "DICE-5", "FATE-6")
@pytest.mark.parametrize("policy", ["optimal", "when_losing", "never"])
def test_window_with_every_reroll_option_matches_the_literal_window(policy: str) -> None:
    flags = list(itertools.product((False, True), repeat=4))
    for (at, ah, dt, dh), t in itertools.product(flags, (-3, 0, 2)):
        _same(Roller(2, 0, at, ah, policy), Roller(2, t, dt, dh, policy))


@pytest.mark.slow
@pytest.mark.rule("SEQ-1", "DICE-5")
@pytest.mark.parametrize(("n", "m"), [(3, 2), (2, 3)])
def test_window_with_more_dice_matches_the_literal_window(n: int, m: int) -> None:
    cases = [(True, True, True, True), (False, True, True, False), (True, False, False, True)]
    for flags, t in itertools.product(cases, (-2, 1)):
        _same(Roller(n, 0, flags[0], flags[1]), Roller(m, t, flags[2], flags[3]))


@pytest.mark.slow
@pytest.mark.rule("SEQ-1", "DICE-4", "DICE-5", "FATE-6")
@pytest.mark.parametrize(("n", "m"), [(3, 3), (4, 2), (2, 4), (4, 3), (3, 4)])
def test_window_with_four_dice_and_every_option_matches_the_literal_window(n: int, m: int) -> None:
    """As far as the literal window can be enumerated in minutes (it grows 36 times per die a side)."""
    _same(Roller(n, 0, True, True), Roller(m, 1, True, True))


@pytest.mark.rule("SEQ-1", "DICE-4", "DICE-5", "FATE-6")
def test_the_grouped_enumeration_is_the_literal_window() -> None:
    """brute_grouped walks multisets instead of ordered dice: the same window, the same exact answer (three dice
    against two with every option: test_window_with_three_dice_against_two_matches_the_literal_window, which
    enumerates that literal window once for both)."""
    for n, m, flags in ((2, 3, (True, False, True, True)), (2, 2, (False, True, True, False))):
        a, d = Roller(n, 0, flags[0], flags[1]), Roller(m, 1, flags[2], flags[3])
        assert brute_grouped(a, d) == brute(a, d)
    assert brute_grouped(Roller(3, 1), Roller(2, 0), True) == brute(Roller(3, 1), Roller(2, 0), True)


@pytest.mark.slow
@pytest.mark.rule("SEQ-1", "DICE-4", "DICE-5", "FATE-6")
@pytest.mark.parametrize("policy", ["optimal", "when_losing", "never"])
def test_the_grouped_enumeration_is_the_literal_window_for_every_option(policy: str) -> None:
    for (at, ah, dt, dh), t in itertools.product(itertools.product((False, True), repeat=4), (-3, 0, 2)):
        a, d = Roller(2, 0, at, ah, policy), Roller(2, t, dt, dh, policy)
        assert brute_grouped(a, d) == brute(a, d)


@pytest.mark.slow
@pytest.mark.rule("SEQ-1", "DICE-4", "DICE-5", "FATE-6")
@pytest.mark.parametrize(("n", "m"), list(itertools.product(range(2, 6), repeat=2)))
def test_every_dice_count_and_modifier_with_every_reroll_matches_enumeration(n: int, m: int) -> None:
    """2-5 dice a side, modifiers -6..+6, a trait re-roll of 1s and Hand of Fortune on offer to both sides
    (the richest window), against the window enumerated over every outcome (about 30 minutes in all)."""
    for a_mod, d_mod in itertools.product(range(-6, 7), (0,)):
        a, d = Roller(n, a_mod, True, True), Roller(m, d_mod, True, True)
        fast = opposed(a, d)
        assert (fast.win, fast.joint, fast.misfire) == brute_grouped(a, d), (n, m, a_mod, d_mod)
    # and the other side's modifier moving, with one re-roll each
    for d_mod in range(-6, 7, 4):
        a, d = Roller(n, 2, True, False), Roller(m, d_mod, False, True)
        fast = opposed(a, d)
        assert (fast.win, fast.joint, fast.misfire) == brute_grouped(a, d), (n, m, 2, d_mod)


@pytest.mark.rule("SEQ-1", "DICE-4", "DICE-5", "FATE-6")
def test_window_with_three_dice_against_two_matches_the_literal_window() -> None:
    """The window, and the grouped enumeration of it, against the literal one (enumerated once: seconds)."""
    a, d = Roller(3, 0, True, True), Roller(2, 1, True, True)
    fast, literal = opposed(a, d), brute(a, d)
    assert (fast.win, fast.joint, fast.misfire) == literal
    assert brute_grouped(a, d) == literal


def test_mixed_policies_match_the_literal_window() -> None:
    _same(Roller(2, 0, True, True, "optimal"), Roller(2, 1, True, True, "when_losing"))
    _same(Roller(2, 0, True, True, "when_losing"), Roller(2, -1, True, True, "optimal"))


@pytest.mark.rule("SKILL-7")
def test_misfire_ends_the_roll_before_the_defence() -> None:
    _same(Roller(2, 0, True, True), Roller(2, 0, False, True), misfire=True)
    _same(Roller(3, 1), Roller(2, 0), misfire=True)
    odds = opposed(Roller(2, 0), Roller(2, 0), misfire=True)
    assert odds.misfire == Fraction(1, 36)
    odds3 = opposed(Roller(3, 0), Roller(2, 0), misfire=True)
    assert odds3.misfire == Fraction(16, 216)  # three 1s, or two 1s and one of five others in 3 places


@pytest.mark.rule("DICE-3")
def test_categories_of_the_final_dice() -> None:
    odds = opposed(Roller(2, 0), Roller(2, 0))
    assert odds.p(has=DOUBLE) == Fraction(1, 6)
    assert odds.p(has=CRITICAL) == Fraction(1, 36)
    assert odds.p(has=TWO_ONES) == Fraction(1, 36)
    assert sum(odds.joint.values()) == 1
    three = opposed(Roller(3, 0), Roller(2, 0))
    assert three.p(has=DOUBLE) == 1 - Fraction(6 * 5 * 4, 216)


@pytest.mark.rule("FATE-6")
def test_rerolls_help_their_owner() -> None:
    base = opposed(Roller(2, 3), Roller(2, 3)).win
    assert opposed(Roller(2, 3, hand_of_fortune=True), Roller(2, 3)).win > base
    assert opposed(Roller(2, 3), Roller(2, 3, hand_of_fortune=True)).win < base
    assert opposed(Roller(2, 3, reroll_ones=True), Roller(2, 3)).win > base


def test_five_dice_a_side_with_every_option_is_a_distribution() -> None:
    odds = opposed(Roller(5, 0, True, True), Roller(5, 0, True, True))
    assert sum(odds.joint.values()) == 1
    assert 0 < odds.win < 1


def _faces(dice) -> tuple[int, ...]:
    """A classifier that keeps everything: the final dice themselves, sorted."""
    return tuple(sorted(dice))


@pytest.mark.rule("DICE-1", "DICE-3", "FATE-6")
@settings(max_examples=examples(60), deadline=None)
@given(a=st.tuples(st.integers(1, 3), st.integers(-3, 3), st.booleans(), st.booleans(), st.sampled_from(POLICIES)),
       d=st.tuples(st.integers(1, 3), st.integers(-3, 3), st.booleans(), st.booleans(), st.sampled_from(POLICIES)),
       misfire=st.booleans())
def test_one_window_serves_every_classifier(a, d, misfire) -> None:
    """The window's choices read sums alone (dice_odds._window is shared by classifiers): the final dice kept
    whole, then categorised, give the default categories' joint exactly, as do the wins by sum."""
    active, reactive = Roller(*a), Roller(*d)
    plain = opposed(active, reactive, misfire)
    whole = opposed(active, reactive, misfire, classify=_faces)
    folded: Counter = Counter()
    for (won, faces), p in whole.joint.items():
        folded[(won, category(faces))] += p
    assert dict(folded) == plain.joint
    assert whole.win == plain.win and whole.misfire == plain.misfire and whole.wins_by == plain.wins_by


@pytest.mark.rule("DICE-1", "DICE-2", "FATE-6", "SKILL-7")
# three of the six by default (every policy, and misfire on and off), all six with -m slow (tests.sampling)
@pytest.mark.parametrize(("policy", "misfire"), sampled(
    [(p, m) for i, p in enumerate(POLICIES) for m in ((False, True) if i % 2 == 0 else (True, False))], 2,
    lambda c: f"{c[0]}-{c[1]}"))
def test_the_win_chance_alone_is_the_windows(policy: str, misfire: bool) -> None:
    """dice_odds.win_chance reads a one-sided window off the rolls: the same Fraction as the window's, for
    every side without re-rolls against every mix of options on the other, and where both have some."""
    options = list(itertools.product([False, True], repeat=2))
    for n, m, diff in itertools.product((1, 2, 3), (1, 2, 3), range(-4, 5)):
        for ones, hof in options:
            cases = [(Roller(n, 1, False, False, policy), Roller(m, 1 + diff, ones, hof, policy)),
                     (Roller(n, 1, ones, hof, policy), Roller(m, 1 + diff, False, False, policy)),
                     (Roller(n, 1, ones, hof, policy), Roller(m, 1 + diff, True, True, policy))]
            for active, reactive in cases:
                assert win_chance(active, reactive, misfire) == opposed(active, reactive, misfire).win, \
                    (active, reactive, misfire)


@pytest.mark.rule("DICE-1", "DICE-2", "FATE-6", "SKILL-7")
@pytest.mark.parametrize("misfire", [False, True])
def test_a_floor_on_the_win_chance_is_settled_as_the_window_would(misfire: bool) -> None:
    """dice_odds.win_chance_decides: the bounds it reads (neither side or only one re-rolling) hold the window's
    chance between them, so every floor gets the window's own answer."""
    from game.ai.dice_odds import _win_active_chooses, _win_reactive_chooses, win_chance_decides
    from game.core.dice import misfire as dice_misfire

    rule = dice_misfire if misfire else None
    options = [o for o in itertools.product([False, True], repeat=2) if any(o)]
    floors = [Fraction(k, 20) for k in range(21)]
    for n, m, diff in itertools.product((1, 2, 3), (1, 2, 3), range(-5, 6)):
        for (a_ones, a_hof), (d_ones, d_hof) in itertools.product(options, options):
            active, reactive = Roller(n, 0, a_ones, a_hof), Roller(m, diff, d_ones, d_hof)
            exact = opposed(active, reactive, misfire).win
            assert _win_reactive_chooses(n, reactive, rule) <= exact <= _win_active_chooses(active, m, diff, rule)
            for f in floors:
                assert win_chance_decides(active, reactive, lambda p, f=f: p < f, misfire) == (exact < f)
                assert win_chance_decides(active, reactive, lambda p, f=f: 1 - p < f, misfire) == (1 - exact < f)
