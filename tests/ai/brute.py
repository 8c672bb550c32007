"""A literal reference for the odds: the [SEQ-1] window played step by step over every face of every die.

Slow and obvious on purpose: ordered dice tuples, every re-roll outcome enumerated, each choice made by
comparing the exact outcome of every option (the same policies and tie order as game/ai/dice_odds.py).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import product

from game.ai.dice_odds import HOF, PASS, TRAIT, Roller, category

Dist = tuple[tuple[tuple[bool, int], Fraction], ...]


def _mix(parts: list[tuple[Fraction, Dist]]) -> Dist:
    out: Counter = Counter()
    for p, dist in parts:
        for k, v in dist:
            out[k] += p * v
    return tuple(sorted(out.items()))


def _win(dist: Dist) -> Fraction:
    return sum((v for (w, _), v in dist if w), Fraction(0))


def offered(side: Roller, dice, losing: bool) -> list[str]:
    """The re-roll options a side has for its roll: a trait's re-roll of 1s, Hand of Fortune when losing."""
    names = [PASS]
    if side.reroll_ones and 1 in dice:
        names.append(TRAIT)
    if side.hand_of_fortune and losing:
        names.append(HOF)
    return names


def pick(side: Roller, losing: bool, options: list[tuple[str, Dist]], maximise: bool) -> Dist:
    """A side's choice among its re-roll options, by its policy (the order of options breaks ties)."""
    if side.policy == "never" or len(options) == 1:
        return options[0][1]
    if side.policy == "when_losing":
        if not losing:
            return options[0][1]
        named = dict(options)
        for n in (TRAIT, HOF):
            if n in named:
                return named[n]
        return options[0][1]
    best = options[0]
    for o in options[1:]:
        if (_win(o[1]) > _win(best[1])) if maximise else (_win(o[1]) < _win(best[1])):
            best = o
    return best[1]


def _rerolled(dice: tuple[int, ...], which: str) -> list[tuple[int, ...]]:
    idx = [i for i, d in enumerate(dice) if d == 1] if which == TRAIT else list(range(len(dice)))
    outs = []
    for fresh in product(range(1, 7), repeat=len(idx)):
        new = list(dice)
        for i, v in zip(idx, fresh, strict=True):
            new[i] = v
        outs.append(tuple(sorted(new)))
    return outs


def brute(active: Roller, reactive: Roller, misfire: bool = False) -> tuple[Fraction, dict, Fraction]:
    t = reactive.modifier - active.modifier

    def wins(a, d):
        return sum(a) > sum(d) + t

    def after(name: str, dice, then) -> Dist:
        if name == PASS:
            return then(dice, False)
        outs = _rerolled(dice, name)
        return _mix([(Fraction(1, len(outs)), then(o, True)) for o in outs])

    @cache
    def step3(a, d, passed) -> Dist:
        if passed and not wins(a, d):
            opts = [(n, after(n, a, lambda x, _r: ((((wins(x, d), category(x)), Fraction(1)),)))) for n in
                    offered(active, a, True)]
            return pick(active, True, opts, True)
        return (((wins(a, d), category(a)), Fraction(1)),)

    @cache
    def step2(a, d, passed, a_rr) -> Dist:
        losing = wins(a, d)
        opts = [(n, after(n, d, lambda x, _r: step3(a, x, passed))) for n in offered(reactive, d, losing)]
        return pick(reactive, losing, opts, False)

    @cache
    def step1(a, d) -> Dist:
        losing = not wins(a, d)
        opts = [(n, after(n, a, lambda x, r: step2(x, d, not r, r))) for n in offered(active, a, losing)]
        return pick(active, losing, opts, True)

    total: Counter = Counter()
    mis = Fraction(0)
    unit = Fraction(1, 6 ** (active.dice + reactive.dice))
    for a in product(range(1, 7), repeat=active.dice):
        if misfire and a.count(1) >= 2:
            mis += unit * 6 ** reactive.dice
            continue
        for d in product(range(1, 7), repeat=reactive.dice):
            for k, v in step1(tuple(sorted(a)), tuple(sorted(d))):
                total[k] += unit * v
    joint = {k: v for k, v in total.items() if v}
    return sum((v for (w, _), v in joint.items() if w), Fraction(0)), joint, mis
