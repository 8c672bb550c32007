"""The odds' sums on integer numerators (game.ai.odds._outcome, _spread) are the very Fractions the plain Fraction
sums give: on the attacks of seeded games ([SEQ-1], [SEQ-6]) and their spreads ([AOE-1]), then over many other
patterns of dice, totals, re-rolls and Fate with the same effects."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai import odds
from game.ai.dice_odds import Roller, against_total, opposed
from game.ai.simulate import Setup, play_game
from tests.sampling import examples


def fraction_outcome(active, reactive, dice, after, left, stunned, immune, fate):
    """The sums as plain Fractions (the arithmetic the integer sums replace)."""
    roll = opposed(active, reactive, misfire=dice.misfire, classify=dice)
    wounds: dict[int, Fraction] = {}
    if roll.misfire:
        wounds[0] = roll.misfire
    p_stun = p_kill = p_brutal = Fraction(0)
    for (hit, effects_of_dice), p in roll.joint.items():
        for (taken, after_left, newly, brutal), q in odds._attack_effects(after, hit, effects_of_dice, left, stunned,
                                                                         immune, fate):
            wounds[taken] = wounds.get(taken, Fraction(0)) + p * q
            p_stun += p * q * newly
            p_kill += p * q * (after_left <= 0)
            p_brutal += p * q * brutal
    return roll, p_brutal, p_stun, p_kill, tuple(wounds.items())


def fraction_spread(wins_by, attack_total, open_, sides, victim_sides, rollers):
    (a_side, d_side), (open_a, open_d) = sides, open_
    hit = [Fraction(0)] * len(victim_sides)
    hof = [Fraction(0)] * len(victim_sides)
    for (dice_sum, a_hof, d_hof), p in wins_by:
        total = attack_total + dice_sum
        unused = {a_side: open_a and not a_hof, d_side: open_d and not d_hof}
        states = {(unused.get(0, False), unused.get(1, False)): p}
        for i, side in enumerate(victim_sides):
            after: dict[tuple[bool, bool], Fraction] = {}
            for key, q in states.items():
                hold = against_total(rollers[i][key[side]], total)
                hit[i] += q * hold.beaten
                hof[i] += q * hold.hand_of_fortune
                spent = tuple(False if s == side else key[s] for s in (0, 1))
                after[key] = after.get(key, Fraction(0)) + q * (1 - hold.hand_of_fortune)
                if hold.hand_of_fortune:
                    after[spent] = after.get(spent, Fraction(0)) + q * hold.hand_of_fortune
            states = after
    return tuple(hit), tuple(hof)


def same(a, b) -> bool:
    """Equal, and every Fraction of the same type (no float or int slipped in)."""
    if isinstance(a, tuple | list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return a == b and type(a) is type(b)


def asked(monkeypatch, pairs: list[tuple[str, str]], games: int) -> tuple[list, list]:
    """The arguments of every _outcome and _spread worked out in seeded games."""
    outcomes, spreads = [], []
    real_outcome, real_spread = odds._outcome.__wrapped__, odds._spread.__wrapped__

    def outcome(*args):
        outcomes.append(args)
        return real_outcome(*args)

    def spread(*args):
        spreads.append(args)
        return real_spread(*args)

    monkeypatch.setattr(odds, "_outcome", outcome)
    monkeypatch.setattr(odds, "_spread", spread)
    for i, parties in enumerate(pairs):
        for g in range(games):
            play_game(Setup(parties, ("normal", "normal"), "village_ruins", "engagement"), 50 + g, 7 + i + g,
                      keep_times=False)
    monkeypatch.undo()
    return outcomes, spreads


PAIRS = [("order_of_the_grey_lance", "hollow_court"), ("lantern_adventuring_co", "northmen_raiding_party")]


@pytest.mark.rule("SEQ-1", "SEQ-6", "AOE-1")
def test_the_integer_sums_are_the_fraction_sums_on_seeded_games(monkeypatch) -> None:
    outcomes, spreads = asked(monkeypatch, PAIRS, 2)  # two a pair: one game may ask no area attack
    assert outcomes and spreads
    for args in outcomes:
        assert same(odds._outcome.__wrapped__(*args), fraction_outcome(*args))
    for args in spreads:
        assert same(odds._spread.__wrapped__(*args), fraction_spread(*args))


OUTCOMES, SPREADS = [], []


def _seen() -> tuple[list, list]:
    """What two seeded games of the 9-model parties ask, gathered once (one may ask no area attack)."""
    if not OUTCOMES:
        found = asked(pytest.MonkeyPatch(), PAIRS[:1], 2)
        OUTCOMES.extend(found[0])
        SPREADS.extend(found[1])
    return OUTCOMES, SPREADS


rollers = st.builds(Roller, dice=st.integers(1, 3), modifier=st.integers(-6, 6), reroll_ones=st.booleans(),
                    hand_of_fortune=st.booleans(), policy=st.sampled_from(["optimal", "when_losing", "never"]))


@pytest.mark.rule("SEQ-1", "SEQ-6")
@settings(max_examples=examples(60), deadline=None)
@given(data=st.data(), active=rollers, reactive=rollers, left=st.integers(1, 4), stunned=st.booleans(),
       immune=st.booleans(), fate=st.tuples(st.integers(0, 2), st.integers(0, 3)))
def test_the_integer_sums_are_the_fraction_sums_over_dice_patterns(data, active, reactive, left, stunned, immune,
                                                                   fate) -> None:
    outcomes, _ = _seen()
    _, _, dice, after, *_ = data.draw(st.sampled_from(outcomes))  # the effects of an attack of a seeded game
    args = (active, reactive, dice, after, left, stunned, immune, fate)
    assert same(odds._outcome.__wrapped__(*args), fraction_outcome(*args))


@pytest.mark.rule("AOE-1")
@settings(max_examples=examples(60), deadline=None)
@given(data=st.data(), total=st.integers(-4, 12), open_=st.tuples(st.booleans(), st.booleans()),
       sides=st.sampled_from([(0, 1), (1, 0)]), victims=st.lists(st.tuples(st.integers(0, 1), rollers, rollers),
                                                                 min_size=1, max_size=4))
def test_the_integer_spread_is_the_fraction_spread_over_dice_patterns(data, total, open_, sides, victims) -> None:
    _, spreads = _seen()
    wins_by = data.draw(st.sampled_from(spreads))[0] if spreads else ()
    roll = opposed(data.draw(rollers), data.draw(rollers))
    wins_by = data.draw(st.sampled_from([wins_by, tuple(roll.wins_by.items())]))
    args = (wins_by, total, open_, sides, tuple(v[0] for v in victims), tuple((v[1], v[2]) for v in victims))
    assert same(odds._spread.__wrapped__(*args), fraction_spread(*args))


@pytest.mark.rule("AOE-1")
def test_the_remembered_spread_is_the_fresh_one_on_seeded_games(monkeypatch) -> None:
    """memo.area hands area_odds the first target's odds it already has: the victims' odds are the fresh ones."""
    from game.ai import memo

    checked = []
    real = memo.area

    def area(state, attack, rough=False):
        found = real(state, attack, rough)
        first = odds.attack_odds(state, attack, hand_of_fortune=(False, False), rerolls=False) if rough else None
        assert found == odds.area_odds(state, attack, first_odds=first)  # (rough: the first roll's dice alone)
        checked.append(len(found))
        return found

    monkeypatch.setattr(memo, "area", area)
    for seed in (50, 51):
        play_game(Setup(PAIRS[0], ("normal", "normal"), "village_ruins", "engagement"), seed, seed - 43,
                  keep_times=False)
    assert any(checked), checked


@settings(max_examples=examples(200), deadline=None)
@given(st.dictionaries(st.integers(0, 5), st.fractions(0, 1, max_denominator=6 ** 6), max_size=6))
def test_the_expected_wounds_are_the_fraction_sum(wounds) -> None:
    found = odds._expected(wounds)
    assert found == sum((k * p for k, p in wounds.items()), Fraction(0)) and type(found) is Fraction
