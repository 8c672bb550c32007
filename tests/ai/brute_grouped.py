"""The literal [SEQ-1] window of tests/ai/brute.py, enumerated over multisets of dice instead of ordered tuples.

Dice are exchangeable, so each multiset stands for all its orderings with its multinomial weight; a
re-roll of the 1s enumerates the multisets of the re-rolled dice the same way. A Hand of Fortune re-rolls
every die, so what follows it depends on the fresh dice alone: that mixture is worked out once per
situation and reused. The steps, policies and tie order are brute.py's, line for line; this only makes
4 and 5 dice a side small enough to enumerate in seconds.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import factorial

from game.ai.dice_odds import PASS, TRAIT, Roller, category
from tests.ai.brute import Dist, _mix, offered, pick


@cache
def outcomes(n: int) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Every multiset of n dice with its probability (orderings / 6^n)."""
    out = []
    for dice in combinations_with_replacement(range(1, 7), n):
        ways = factorial(n)
        for face in set(dice):
            ways //= factorial(dice.count(face))
        out.append((dice, Fraction(ways, 6 ** n)))
    return tuple(out)


def brute_grouped(active: Roller, reactive: Roller, misfire: bool = False) -> tuple[Fraction, dict, Fraction]:
    t = reactive.modifier - active.modifier

    def wins(a, d):
        return sum(a) > sum(d) + t

    def reroll_ones(dice, then) -> Dist:
        rest = tuple(x for x in dice if x != 1)
        k = len(dice) - len(rest)
        return _mix([(p, then(tuple(sorted(rest + fresh)))) for fresh, p in outcomes(k)])

    def fresh(n: int, then) -> Dist:
        return _mix([(p, then(x)) for x, p in outcomes(n)])

    def leaf(x, d) -> Dist:
        return (((wins(x, d), category(x)), Fraction(1)),)

    @cache
    def hof3(d) -> Dist:  # the active's Hand of Fortune in step 3: fresh dice against d
        return fresh(active.dice, lambda x: leaf(x, d))

    @cache
    def step3(a, d, passed) -> Dist:
        if passed and not wins(a, d):
            opts = []
            for n in offered(active, a, True):
                if n == PASS:
                    opts.append((n, leaf(a, d)))
                elif n == TRAIT:
                    opts.append((n, reroll_ones(a, lambda x: leaf(x, d))))
                else:
                    opts.append((n, hof3(d)))
            return pick(active, True, opts, True)
        return leaf(a, d)

    @cache
    def hof2(a, passed) -> Dist:  # the reactive's Hand of Fortune: fresh dice, then step 3
        return fresh(reactive.dice, lambda x: step3(a, x, passed))

    @cache
    def step2(a, d, passed) -> Dist:
        losing = wins(a, d)
        opts = []
        for n in offered(reactive, d, losing):
            if n == PASS:
                opts.append((n, step3(a, d, passed)))
            elif n == TRAIT:
                opts.append((n, reroll_ones(d, lambda x: step3(a, x, passed))))
            else:
                opts.append((n, hof2(a, passed)))
        return pick(reactive, losing, opts, False)

    @cache
    def hof1(d) -> Dist:  # the active's Hand of Fortune in step 1: fresh dice, then step 2 with no second re-roll
        return fresh(active.dice, lambda x: step2(x, d, False))

    @cache
    def step1(a, d) -> Dist:
        losing = not wins(a, d)
        opts = []
        for n in offered(active, a, losing):
            if n == PASS:
                opts.append((n, step2(a, d, True)))
            elif n == TRAIT:
                opts.append((n, reroll_ones(a, lambda x: step2(x, d, False))))
            else:
                opts.append((n, hof1(d)))
        return pick(active, losing, opts, True)

    total: Counter = Counter()
    mis = Fraction(0)
    for a, pa in outcomes(active.dice):
        if misfire and a.count(1) >= 2:
            mis += pa
            continue
        for d, pd in outcomes(reactive.dice):
            for k, v in step1(a, d):
                total[k] += pa * pd * v
    joint = {k: v for k, v in total.items() if v}
    return sum((v for (w, _), v in joint.items() if w), Fraction(0)), joint, mis
