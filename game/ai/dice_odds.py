"""Exact distribution of one opposed roll through the re-roll window ([DICE-1]-[DICE-5], [SEQ-1], [FATE-6]).

Pure arithmetic on dice, no game objects (game/ai/odds.py reads those). Every
probability is an exact :class:`~fractions.Fraction`: the work is done on integer
weights over 6^k outcomes, grouped so that 5 dice a side with every re-roll on
offer stays well under a second, and results are cached per configuration.

How it works: a roll is grouped by (dice sum, dice showing 1) — all a re-roll
decision can depend on — and each group keeps the joint weight of the dice
*categories* the effects need (doubles, critical double, two 1s). The window of
[SEQ-1] is then solved backwards (active again -> reactive -> active) and the
final categories are pushed forward through the chosen options.

Re-roll policies (one per side):

* ``"optimal"``: each choice maximises the chooser's own chance of winning the roll,
  knowing the other side plays its own policy (minimax; on equal chances it
  prefers to pass, then the trait's free re-roll over Hand of Fortune's Fate).
* ``"when_losing"``: re-roll only a losing roll; the trait's re-roll of 1s if the
  roll shows a 1, else Hand of Fortune.
* ``"never"``: never re-roll.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache, lru_cache
from itertools import product
from operator import add
from typing import Any

from game.core import dice as _dice
from game.core.dice import has_critical_double, has_double

DOUBLE, CRITICAL, TWO_ONES = 1, 2, 4  # category bits of a roll's final dice
Classify = Callable[[Sequence[int]], Hashable]  # the final dice -> what the effects read of them
Misfire = Callable[[Sequence[int]], bool] | None  # the active's first dice -> the roll ends at once, lost
POLICIES = ("optimal", "when_losing", "never")
PASS, TRAIT, HOF = "pass", "trait", "hand_of_fortune"


@dataclass(frozen=True)
class Roller:
    """One side of an opposed roll: how many dice, its fixed total (attribute + modifiers), its re-rolls."""

    dice: int = 2
    modifier: int = 0
    reroll_ones: bool = False  # a trait's re-roll of the dice showing 1 is on offer ([DICE-4])
    hand_of_fortune: bool = False  # Hand of Fortune is on offer: Fate left and unused this activation
    policy: str = "optimal"

    def __post_init__(self) -> None:
        if self.dice < 1:
            raise ValueError("a roll needs at least one die")
        if self.policy not in POLICIES:
            raise ValueError(f"unknown re-roll policy {self.policy!r}; one of {POLICIES}")


@dataclass(frozen=True)
class RollOdds:
    """The window's outcome: P(active wins), and P by (active wins?, category bits of the active's final dice)."""

    win: Fraction
    joint: dict[tuple[bool, Hashable], Fraction]  # the category: bits by default, else the caller's classifier
    misfire: Fraction = Fraction(0)  # the attack ended before the defence roll ([SKILL-7])
    # P(the active wins with its final dice summing to s, the active took Hand of Fortune, the reactive did):
    # what an area of effect's victims face ([AOE-1]) and whose Fate use is gone ([FATE-7])
    wins_by: dict[tuple[int, bool, bool], Fraction] = field(default_factory=dict, compare=False)

    def p(self, win: bool | None = None, has: int = 0, lacks: int = 0) -> Fraction:
        """P(outcome) summed over the categories that have all bits ``has`` and none of ``lacks``."""
        return sum((v for (w, c), v in self.joint.items()
                    if (win is None or w == win) and c & has == has and not c & lacks), Fraction(0))  # type: ignore[operator]


def category(dice: Sequence[int]) -> int:
    """The category bits of a roll's dice ([DICE-3] doubles and critical double; two 1s for misfire/burn-out)."""
    bits = DOUBLE if has_double(dice) else 0
    if has_critical_double(dice):
        bits |= CRITICAL
    if _dice.misfire(dice):
        bits |= TWO_ONES
    return bits


# -- tables per number of dice (weights are counts of ordered outcomes) -------------------------

@cache
def _fresh(n: int, classify: Classify = category) -> dict[tuple[int, Hashable], int]:
    """n fresh dice: (sum, category) -> count out of 6^n."""
    out: Counter[tuple[int, Hashable]] = Counter()
    for dice in product(range(1, 7), repeat=n):
        out[(sum(dice), classify(dice))] += 1
    return dict(out)


@cache
def _groups(n: int, track_ones: bool, misfire: Misfire, classify: Classify = category) -> tuple[dict, dict, int]:
    """The first roll grouped by (sum, 1s shown or 0): per group its category counts, and the re-roll-the-1s
    outcome counts (sum, category) scaled to 6^n per original outcome. Rolls that ``misfire`` are dropped;
    their count is returned."""
    keep: dict[tuple[int, int], Counter[Hashable]] = defaultdict(Counter)
    kept_by_group: dict[tuple[int, int], Counter[tuple[int, ...]]] = defaultdict(Counter)
    dropped = 0
    for dice in product(range(1, 7), repeat=n):
        ones = dice.count(1)
        if misfire is not None and misfire(dice):
            dropped += 1
            continue
        key = (sum(dice), ones if track_ones else 0)
        keep[key][classify(dice)] += 1
        if track_ones:
            kept_by_group[key][tuple(sorted(d for d in dice if d != 1))] += 1
    trait: dict[tuple[int, int], dict[tuple[int, Hashable], int]] = {}
    for key, kepts in kept_by_group.items():
        k = key[1]
        if k == 0:
            continue
        out: Counter[tuple[int, Hashable]] = Counter()
        scale = 6 ** (n - k)
        for kept, count in kepts.items():
            base = sum(kept)
            for fresh in product(range(1, 7), repeat=k):
                out[(base + sum(fresh), classify(kept + fresh))] += count * scale
        trait[key] = dict(out)
    return {k: dict(v) for k, v in keep.items()}, trait, dropped


def _sums(dist: dict[tuple[int, Hashable], int], size: int) -> list[int]:
    out = [0] * size
    for (s, _), w in dist.items():
        out[s] += w
    return out


def _suffix(arr: list[int]) -> list[int]:
    """suf[x] = sum(arr[x:]); one extra 0 at the end."""
    suf = [0] * (len(arr) + 1)
    for i in range(len(arr) - 1, -1, -1):
        suf[i] = suf[i + 1] + arr[i]
    return suf


def _above(suf: list[int], x: int) -> int:
    """Mass with sum > x."""
    i = x + 1
    if i <= 0:
        return suf[0]
    return suf[i] if i < len(suf) else 0


def _choose(options: list[tuple[str, int]], maximise: bool) -> tuple[str, int]:
    """The best option; the first listed wins ties (pass, then the trait, then Hand of Fortune)."""
    best = options[0]
    for opt in options[1:]:
        if (opt[1] > best[1]) if maximise else (opt[1] < best[1]):
            best = opt
    return best


def _pick(policy: str, losing: bool, options: list[tuple[str, int]], maximise: bool) -> tuple[str, int]:
    if policy == "never" or len(options) == 1:
        return options[0]
    if policy == "when_losing":
        if not losing:
            return options[0]
        named = dict(options)
        for name in (TRAIT, HOF):
            if name in named:
                return name, named[name]
        return options[0]
    return _choose(options, maximise)


# -- the window -------------------------------------------------------------------------------

def opposed(active: Roller, reactive: Roller, misfire: bool | Misfire = False,
            classify: Classify = category) -> RollOdds:
    """The exact outcome of an opposed roll: a tie goes to the reactive roll ([DICE-2]).

    ``misfire``: the active's first dice for which the roll ends at once, lost (an attack profile's
    [SKILL-7] rule; ``True``: two or more 1s). ``classify``: what the joint distribution keeps of the
    active's final dice (hashable; default the category bits).
    """
    rule: Misfire = _dice.misfire if misfire is True else (misfire or None)
    # only the difference of the two totals matters (the sums kept are the dice's own), so one pattern of
    # dice and re-rolls serves every pair of totals with that difference
    if active.modifier:
        active, reactive = replace(active, modifier=0), replace(reactive, modifier=reactive.modifier - active.modifier)
    return _opposed(active, reactive, rule, classify)


@dataclass(frozen=True)
class _Window:
    """Every choice of the window for one pattern of dice and re-rolls, as the weights it leaves: what the
    categories of the active's dice are pushed forward through (they decide nothing, so one window serves
    every classifier)."""

    t: int
    a_weight: dict[tuple[int, int], int]
    passed_ds: dict[tuple[tuple[int, int], bool], list[int]]  # (ga, reactive took HoF) -> per final reactive sum
    step3: dict[tuple[int, int], list[str]]  # ga -> the active's step-3 choice at each reactive final sum
    reroll_hit: dict[tuple[tuple[int, int], str], list[int]]
    reroll_hit_hof: dict[tuple[tuple[int, int], str], list[int]]
    reroll_total: Counter[tuple[tuple[int, int], str]]


@lru_cache(maxsize=4096)
def _opposed(active: Roller, reactive: Roller, misfire: Misfire, classify: Classify) -> RollOdds:
    """The window's outcome: its choices (:func:`_window`), with the categories of the active's dice pushed
    forward through them (integer weights: any order of summing is exact)."""
    n, m = active.dice, reactive.dice
    window = _window(active, reactive, misfire)
    t, a_weight, passed_ds = window.t, window.a_weight, window.passed_ds
    a_keep, a_trait, dropped = _groups(n, active.reroll_ones, misfire, classify)
    if not active.reroll_ones:
        a_trait = {}
    a_groups = list(a_keep)
    fresh_a = _fresh(n, classify)
    six_n, six_m = 6 ** n, 6 ** m
    hits: Counter[Hashable] = Counter()  # category -> weight (denominator 6^2n 6^2m)
    misses: Counter[Hashable] = Counter()
    # push the categories forward: passes (maybe re-rolled at step 3); a re-roll's finals (sum, category,
    # weight) per first group, Hand of Fortune's scaled by the group's weight
    trait_rows = {ga: [(s, cat, w) for (s, cat), w in dist.items()] for ga, dist in a_trait.items()}
    hof_rows = {ga: [(s, cat, w * a_weight[ga]) for (s, cat), w in fresh_a.items()] for ga in a_groups} \
        if active.hand_of_fortune else {}
    wins_by: Counter[tuple[int, bool, bool]] = Counter()
    d_size = 6 * m + 1
    for (ga, d_hof), row in passed_ds.items():
        choices = window.step3[ga]
        won = lost = 0  # the weight of the reactive's finals against which the active kept its roll
        again: dict[str, list[int]] = {}  # a re-roll at step 3 -> the weight of each reactive final sum
        for ds, wdist in enumerate(row):
            if not wdist:
                continue
            choice = choices[ds]
            if choice == PASS:
                if ga[0] > ds + t:
                    won += wdist
                else:
                    lost += wdist
            else:
                again.setdefault(choice, [0] * d_size)[ds] += wdist
        for cat, w in a_keep[ga].items():
            hits[cat] += w * six_n * won
            misses[cat] += w * six_n * lost
        wins_by[(ga[0], False, d_hof)] += a_weight[ga] * six_n * won
        for name, weights in again.items():
            below = [0]  # below[i]: the weight of the reactive's final sums under i (the active's s beats them
            for x in weights:  # when s > ds + t, i.e. ds < s - t)
                below.append(below[-1] + x)
            total = below[-1]
            for s, cat, w in (trait_rows[ga] if name == TRAIT else hof_rows[ga]):
                beaten = below[min(max(s - t, 0), d_size)]
                hits[cat] += w * beaten
                misses[cat] += w * (total - beaten)
                wins_by[(s, name == HOF, d_hof)] += w * beaten
    _push_rerolls(window, a_groups, trait_rows, hof_rows, hits, misses, wins_by)
    denominator = six_n * six_n * six_m * six_m
    joint = {(True, c): Fraction(w, denominator) for c, w in hits.items() if w}
    joint.update({(False, c): Fraction(w, denominator) for c, w in misses.items() if w})
    win = sum((v for (w, _), v in joint.items() if w), Fraction(0))
    by = {k: Fraction(w, denominator) for k, w in sorted(wins_by.items()) if w}
    return RollOdds(win, joint, Fraction(dropped, six_n), by)


def _push_rerolls(window: _Window, a_groups: list[tuple[int, int]], trait_rows: dict, hof_rows: dict,
                  hits: Counter[Hashable], misses: Counter[Hashable],
                  wins_by: Counter[tuple[int, bool, bool]]) -> None:
    """The active's re-rolls at its first choice, their finals' categories pushed forward."""
    reroll_hit, reroll_hit_hof, reroll_total = window.reroll_hit, window.reroll_hit_hof, window.reroll_total
    for ga in a_groups:
        for name in (TRAIT, HOF):
            acc = reroll_hit.get((ga, name))
            if acc is None:
                continue
            acc_hof = reroll_hit_hof[(ga, name)]
            total = reroll_total[(ga, name)]
            for s, cat, w in (trait_rows[ga] if name == TRAIT else hof_rows[ga]):
                hits[cat] += w * acc[s]
                misses[cat] += w * (total - acc[s])
                wins_by[(s, name == HOF, True)] += w * acc_hof[s]
                wins_by[(s, name == HOF, False)] += w * (acc[s] - acc_hof[s])


def _reactive_finals(g: tuple[int, int], weight: int, d_trait: dict, hand_of_fortune: bool, hof_d_sum: list[int],
                     d_size: int, six_m: int) -> dict[str, list[int]]:
    """The reactive's finals for first group ``g``, per option: sum -> weight, scaled to W_d * 6^m."""
    opts: dict[str, list[int]] = {}
    keep = [0] * d_size
    keep[g[0]] = weight * six_m
    opts[PASS] = keep
    if g in d_trait:
        opts[TRAIT] = _sums(d_trait[g], d_size)
    if hand_of_fortune:
        opts[HOF] = [w * weight for w in hof_d_sum]
    return opts


def _nonzero(weights: list[int]) -> list[tuple[int, int]]:
    """Each sum with a weight, with that weight."""
    return [(s, w) for s, w in enumerate(weights) if w]


def _reactive_choices(options: dict[str, list[int]], losing: bool) -> list[str]:
    """The reactive's options at step (2): Hand of Fortune only when losing."""
    names = [PASS]
    if TRAIT in options:
        names.append(TRAIT)
    if HOF in options and losing:
        names.append(HOF)
    return names


def _active_again(active: Roller, g: tuple[int, int], bar: int, full: int, weight: int,
                  trait_suf: list[int] | None, hof_a_suf: list[int]) -> tuple[str, int]:
    """Step (3): the active again, having passed with group ``g``, needing a sum over ``bar``."""
    if g[0] > bar:
        return PASS, full
    opts = [(PASS, 0)]
    if trait_suf is not None:
        opts.append((TRAIT, _above(trait_suf, bar)))
    if active.hand_of_fortune:
        opts.append((HOF, _above(hof_a_suf, bar) * weight))
    return _pick(active.policy, True, opts, maximise=True)


@lru_cache(maxsize=4096)
def _window(active: Roller, reactive: Roller, misfire: Misfire) -> _Window:
    """The window's choices, solved backwards (active again -> reactive -> active) on sums and weights alone."""
    n, m = active.dice, reactive.dice
    t = reactive.modifier - active.modifier  # the active wins when a_sum > d_sum + t
    a_keep, a_trait, _ = _groups(n, active.reroll_ones, misfire)
    d_keep, d_trait, _ = _groups(m, reactive.reroll_ones, None)
    if not active.reroll_ones:
        a_trait = {}
    if not reactive.reroll_ones:
        d_trait = {}
    a_size, d_size = 6 * n + 1, 6 * m + 1
    fresh_a, fresh_d = _fresh(n), _fresh(m)  # their sums: the same under any classifier
    hof_a_sum = _sums(fresh_a, a_size)  # per unit of first-roll weight
    hof_a_suf = _suffix(hof_a_sum)
    hof_d_sum = _sums(fresh_d, d_size)
    six_n, six_m = 6 ** n, 6 ** m

    # the reactive's finals per group: sum -> weight, scaled to W_d * 6^m
    d_groups = list(d_keep)
    d_weight = {g: sum(d_keep[g].values()) for g in d_groups}
    d_options = {g: _reactive_finals(g, d_weight[g], d_trait, reactive.hand_of_fortune, hof_d_sum, d_size, six_m)
                 for g in d_groups}
    d_suffix = {g: {k: _suffix(v) for k, v in opts.items()} for g, opts in d_options.items()}

    a_groups = list(a_keep)
    a_weight = {g: sum(a_keep[g].values()) for g in a_groups}
    a_trait_sum = {g: _sums(a_trait[g], a_size) for g in a_trait}
    a_trait_suf = {g: _suffix(v) for g, v in a_trait_sum.items()}

    # the reactive's options per group, as it is losing or not (asked once per pair of groups and sums)
    d_choices = {g: (_reactive_choices(d_options[g], False), _reactive_choices(d_options[g], True)) for g in d_keep}

    # (3) the active again, having passed with group g, against each final sum ds of the reactive: its choice and
    # the value out of W_a * 6^n (every group's row at every sum: the window reads them all)
    def step3_row(g: tuple[int, int]) -> list[tuple[str, int]]:
        full, weight, suf = a_weight[g] * six_n, a_weight[g], a_trait_suf.get(g)
        return [(PASS, full) if g[0] > ds + t else _active_again(active, g, ds + t, full, weight, suf, hof_a_suf)
                for ds in range(d_size)]

    step3 = {g: step3_row(g) for g in a_groups}

    # (2) the reactive, the active having passed with group ga: value out of W_a 6^n * W_d 6^m
    # each option's final sums with their weights
    d_nonzero = {g: {k: _nonzero(v) for k, v in opts.items()} for g, opts in d_options.items()}
    hof_d_nonzero = _nonzero(hof_d_sum)

    # (1) the active's first choice
    # (ga, the reactive took Hand of Fortune) -> per final reactive sum, weight W_d 6^m
    passed_ds: dict[tuple[tuple[int, int], bool], list[int]] = {}
    reroll_hit: dict[tuple[tuple[int, int], str], list[int]] = {}  # (ga, option) -> per a_sum, hit weight
    reroll_hit_hof: dict[tuple[tuple[int, int], str], list[int]] = {}  # the part where the reactive took HoF
    reroll_total: Counter[tuple[tuple[int, int], str]] = Counter()
    finals: dict[tuple[int, int], tuple[list[int], list[int]]] = {}  # gd -> per a_sum: value, its HoF part

    def final_row(gd: tuple[int, int]) -> tuple[list[int], list[int]]:
        """Step (2) after the active's final roll, at every active sum (value out of W_d 6^m): the value, and the
        value where the reactive took Hand of Fortune (the same for every first group of the active)."""
        if gd not in finals:
            suffix, values, hof_part = d_suffix[gd], [], []
            kept, choices = suffix[PASS], d_choices[gd]
            for a_sum in range(a_size):
                losing = a_sum > gd[0] + t
                names = choices[losing]
                if len(names) == 1:  # nothing to choose: its roll stands
                    values.append(_above_inverse(kept, a_sum - t))
                    hof_part.append(0)
                    continue
                opts = [(name, _above_inverse(suffix[name], a_sum - t)) for name in names]
                name, value = _pick(reactive.policy, losing, opts, maximise=False)
                values.append(value)
                hof_part.append(value if name == HOF else 0)
            finals[gd] = values, hof_part
        return finals[gd]

    a_trait_nonzero = {g: _nonzero(v) for g, v in a_trait_sum.items()}
    hof_a_nonzero = _nonzero(hof_a_sum)
    hof_final: dict[tuple[int, int], int] = {}  # gd -> step (2)'s value against the active's fresh dice
    for ga in a_groups:
        row = [value for _, value in step3[ga]]  # step 3's value at each reactive final sum
        # step 3's value against the reactive's fresh dice, per unit of its first group's weight: every group's
        # Hand of Fortune is those dice scaled by its weight, so one sum serves them all (integers: exact)
        row_hof = sum(w * row[ds] for ds, w in hof_d_nonzero)
        for gd in d_groups:
            wd = d_weight[gd] * six_m
            losing = ga[0] <= gd[0] + t
            # (2) the reactive, the active having passed: its first roll kept is one sum
            names = d_choices[gd][not losing]
            passed = (PASS, row[gd[0]] * wd)
            if len(names) > 1:
                reactive_opts = [passed]
                for name in names[1:]:  # Hand of Fortune: the fresh dice's sum, scaled by the group's weight
                    reactive_opts.append((name, d_weight[gd] * row_hof if name == HOF
                                          else sum(w * row[ds] for ds, w in d_nonzero[gd][name])))
                passed = _pick(reactive.policy, not losing, reactive_opts, maximise=False)
            opts = [(PASS, passed[1])]
            if ga in a_trait_sum:
                trait_vals = final_row(gd)[0]
                opts.append((TRAIT, sum(w * trait_vals[s] for s, w in a_trait_nonzero[ga])))
            if active.hand_of_fortune and losing:
                if gd not in hof_final:  # the same fresh dice for every first group: one sum per gd
                    hof_vals = final_row(gd)[0]
                    hof_final[gd] = sum(w * hof_vals[s] for s, w in hof_a_nonzero)
                opts.append((HOF, a_weight[ga] * hof_final[gd]))
            choice = _pick(active.policy, losing, opts, maximise=True)[0] if len(opts) > 1 else PASS
            if choice == PASS:
                r = passed[0]
                acc_row = passed_ds.setdefault((ga, r == HOF), [0] * d_size)
                for ds, w in d_nonzero[gd][r]:
                    acc_row[ds] += w
            else:
                values, hof_part = final_row(gd)
                k = (ga, choice)
                acc = reroll_hit.get(k)
                if acc is None:
                    reroll_hit[k], reroll_hit_hof[k] = list(values), list(hof_part)
                else:
                    reroll_hit[k] = list(map(add, acc, values))
                    reroll_hit_hof[k] = list(map(add, reroll_hit_hof[k], hof_part))
                reroll_total[k] += wd
    again = {ga: [name for name, _ in step3[ga]] for ga in a_groups}
    return _Window(t, a_weight, passed_ds, again, reroll_hit, reroll_hit_hof, reroll_total)




def _above_inverse(suf: list[int], x: int) -> int:
    """Mass of the reactive's sums strictly below x (the active's sum beats them)."""
    return suf[0] - (suf[x] if 0 <= x < len(suf) else (suf[0] if x < 0 else 0))


# -- a roll against a total already made -------------------------------------------------------

@dataclass(frozen=True)
class HoldOdds:
    """A roll against a fixed total: P(the total beats it) and P(its roller spent Hand of Fortune on it)."""

    beaten: Fraction
    hand_of_fortune: Fraction


@lru_cache(maxsize=4096)
def against_total(roller: Roller, total: int) -> HoldOdds:
    """An area of effect's victim rolls against the attack's total, never rolled again ([AOE-1], [SEQ-8]).

    The total beats the roll when ``total > dice + roller.modifier`` ([DICE-2]); the roller has one
    re-roll choice after its roll ([SEQ-1]): a trait's re-roll of 1s, or Hand of Fortune if beaten,
    chosen by its policy (``optimal`` keeps the lowest chance of being beaten; ties pass, then the trait).
    """
    # beaten when the dice sum is below ``total - modifier``: one answer for every pair with that difference
    return _against_need(roller.dice, roller.reroll_ones, roller.hand_of_fortune, roller.policy,
                         total - roller.modifier)


@lru_cache(maxsize=4096)
def _against_need(n: int, reroll_ones: bool, hand_of_fortune: bool, policy: str, need: int) -> HoldOdds:
    """:func:`against_total` for ``n`` dice beaten when their sum is below ``need``."""
    keep, trait, _ = _groups(n, reroll_ones, None)
    fresh = _fresh(n)
    six_n = 6 ** n
    fresh_beaten = sum(w for (s, _), w in fresh.items() if s < need)
    beaten = hof = 0
    for g, cats in keep.items():
        weight = sum(cats.values())
        losing = g[0] < need
        opts = [(PASS, weight * six_n if losing else 0)]
        if reroll_ones and g in trait:
            opts.append((TRAIT, sum(w for (s, _), w in trait[g].items() if s < need)))
        if hand_of_fortune and losing:
            opts.append((HOF, weight * fresh_beaten))
        name, value = _pick(policy, losing, opts, maximise=False)
        beaten += value
        if name == HOF:
            hof += weight * six_n
    return HoldOdds(Fraction(beaten, six_n * six_n), Fraction(hof, six_n * six_n))


# -- the win chance alone ------------------------------------------------------------------------

def win_chance(active: Roller, reactive: Roller, misfire: bool | Misfire = False) -> Fraction:
    """P(the active wins) of :func:`opposed`, the same Fraction: where one side has no re-roll on offer (as a
    side that took Inner Reserve seldom has), the other's one choice is read off the rolls directly, with no
    window to solve; else the window's."""
    rule: Misfire = _dice.misfire if misfire is True else (misfire or None)
    if active.modifier:
        active, reactive = replace(active, modifier=0), replace(reactive, modifier=reactive.modifier - active.modifier)
    if not (active.reroll_ones or active.hand_of_fortune):
        return _win_reactive_chooses(active.dice, reactive, rule)
    if not (reactive.reroll_ones or reactive.hand_of_fortune):
        return _win_active_chooses(active, reactive.dice, reactive.modifier, rule)
    return _opposed(active, reactive, rule, category).win


def win_chance_decides(active: Roller, reactive: Roller, decide: Callable[[Fraction], bool],
                       misfire: bool | Misfire = False) -> bool:
    """``decide(win_chance(active, reactive, misfire))`` for a ``decide`` monotone in the chance (a floor's "below
    it?"): where both sides have a re-roll on offer and both choose optimally, read off two bounds of the chance
    when ``decide`` gives both the same answer, with no window to solve. Each choice of the window is its
    chooser's best (minimax), so taking a side's choices away never helps it: the active that never re-rolls wins
    at most as often, and against a reactive that never re-rolls at least as often — both rolls one-sided."""
    rule: Misfire = _dice.misfire if misfire is True else (misfire or None)
    if active.modifier:
        active, reactive = replace(active, modifier=0), replace(reactive, modifier=reactive.modifier - active.modifier)
    if (active.reroll_ones or active.hand_of_fortune) and (reactive.reroll_ones or reactive.hand_of_fortune) \
            and active.policy == reactive.policy == "optimal":
        low = decide(_win_reactive_chooses(active.dice, reactive, rule))
        if low == decide(_win_active_chooses(active, reactive.dice, reactive.modifier, rule)):
            return low
    return decide(win_chance(active, reactive, rule))


@lru_cache(maxsize=4096)
def _win_reactive_chooses(n: int, reactive: Roller, misfire: Misfire) -> Fraction:
    """The active rolls once (no re-roll: the window's steps (1) and (3) pass); the reactive then makes its
    one choice against the active's sum, as a roll against a total does (:func:`against_total`)."""
    keep, _, _ = _groups(n, False, misfire)
    won = sum(sum(cats.values()) * against_total(reactive, g[0]).beaten for g, cats in keep.items())
    return Fraction(won) / 6 ** n


@lru_cache(maxsize=4096)
def _win_active_chooses(active: Roller, m: int, t: int, misfire: Misfire) -> Fraction:
    """The reactive rolls once (its step (2) passes); the active, seeing both rolls, keeps a winning roll and
    re-rolls a losing one by its policy: the trait's 1s or Hand of Fortune, once (at step (1) or (3): the same)."""
    n = active.dice
    keep, trait, _ = _groups(n, active.reroll_ones, misfire)
    fresh = _sums(_fresh(n), 6 * n + 1)
    fresh_suf = _suffix(fresh)
    six_n = 6 ** n
    trait_suf = {g: _suffix(_sums(dist, 6 * n + 1)) for g, dist in trait.items()} if active.reroll_ones else {}
    d_sums = _sums(_fresh(m), 6 * m + 1)
    won = 0  # out of 6^n 6^n 6^m
    for g, cats in keep.items():
        weight = sum(cats.values())
        for ds, wd in enumerate(d_sums):
            if not wd:
                continue
            bar = ds + t  # the active needs a sum over this
            if g[0] > bar:
                won += weight * six_n * wd
                continue
            opts = [(PASS, 0)]
            if g in trait_suf:
                opts.append((TRAIT, _above(trait_suf[g], bar)))
            if active.hand_of_fortune:
                opts.append((HOF, _above(fresh_suf, bar) * weight))
            won += _pick(active.policy, True, opts, maximise=True)[1] * wd
    return Fraction(won, six_n * six_n * 6 ** m)


# -- the heroic duel's Combat Score ([HD-2], [HD-4]) through the same window --------------------------------------
#
# A duel's roll is not a sum: a side's score is its highest die + 1 per 6 after the first (its *score part*) +
# its fixed total + 1 per 1 the other side rolled. A side's roll is grouped by (score part, dice showing 1): a
# re-roll of the 1s keeps the other dice, whose highest and count of 6s the score part alone gives back (a part
# of 6 or more is a 6 and part - 5 sixes; below, the part is the highest die), so the window stays exact.

ScoreKey = tuple[int, int]  # (score part, dice showing 1)
DuelLeaf = tuple[int, int, bool]  # (who lands: +1 the active, -1 the reactive, 0 a stand-off; hits; a 6 among
#                                    the winner's final dice)


def _part(dice: Sequence[int]) -> int:
    return max(dice) + max(0, dice.count(6) - 1)


@cache
def score_groups(n: int) -> tuple[tuple[ScoreKey, Fraction], ...]:
    """``n`` fresh dice grouped by (score part, dice showing 1), each with its chance."""
    counts: Counter[ScoreKey] = Counter()
    for dice in product(range(1, 7), repeat=n):
        counts[(_part(dice), dice.count(1))] += 1
    return tuple((k, Fraction(c, 6 ** n)) for k, c in sorted(counts.items()))


@cache
def _ones_rerolled(n: int, key: ScoreKey) -> tuple[tuple[ScoreKey, Fraction], ...]:
    """A roll of ``n`` dice grouped as ``key`` after its dice showing 1 are rolled again ([DICE-4])."""
    part, ones = key
    if ones == 0:
        return ((key, Fraction(1)),)
    kept = n - ones
    high, sixes = (6, part - 5) if part >= 6 else (part, 0)  # the kept dice: their highest, their 6s
    out: dict[ScoreKey, Fraction] = defaultdict(Fraction)
    for (p, o), w in score_groups(ones):
        if kept == 0:
            out[(p, o)] += w
            continue
        h, s = (6, p - 5) if p >= 6 else (p, 0)
        top, six = max(high, h), sixes + s
        out[(top + max(0, six - 1), o)] += w
    return tuple(sorted(out.items()))


def duel_leaf(a: ScoreKey, d: ScoreKey, diff: int, tie: int) -> DuelLeaf:
    """[HD-2], [HD-4]: the outcome of final rolls ``a`` (active) and ``d`` (reactive); ``diff``: the active's
    total minus the reactive's; ``tie``: who lands the one hit of a tie (+1, -1, 0 a stand-off)."""
    margin = (a[0] + d[1]) - (d[0] + a[1]) + diff
    if margin == 0:
        margin = tie
    who = (margin > 0) - (margin < 0)
    return who, abs(margin), who != 0 and (a if who > 0 else d)[0] >= 6


def _options(roller: Roller, n: int, key: ScoreKey, losing: bool
             ) -> list[tuple[str, tuple[tuple[ScoreKey, Fraction], ...]]]:
    """The re-roll choices on offer ([SEQ-1], [FATE-6]): pass, the trait's re-roll of 1s, Hand of Fortune."""
    out: list[tuple[str, tuple[tuple[ScoreKey, Fraction], ...]]] = [(PASS, ((key, Fraction(1)),))]
    if roller.reroll_ones and key[1] > 0:
        out.append((TRAIT, _ones_rerolled(n, key)))
    if roller.hand_of_fortune and losing:
        out.append((HOF, score_groups(n)))
    return out


def _duel_pick(policy: str, options: list[tuple[str, Any]], losing: bool, value: Callable[[Any], Fraction]) -> Any:
    """A side's choice by its policy: ``value`` is the chooser's own chance of winning after an option."""
    if policy == "never" or len(options) == 1:
        return options[0][1]
    if policy == "when_losing":
        if not losing:
            return options[0][1]
        names = {name: dist for name, dist in options}
        return names.get(TRAIT) or names.get(HOF) or options[0][1]
    best, best_value = options[0][1], value(options[0][1])
    for _, dist in options[1:]:
        v = value(dist)
        if v > best_value:
            best, best_value = dist, v
    return best


@lru_cache(maxsize=4096)
def duel_window(active: Roller, reactive: Roller, diff: int, tie: int) -> tuple[tuple[DuelLeaf, Fraction], ...]:
    """The duel's outcome through the [SEQ-1] window: P by (who lands, hits, a 6 among the winner's dice). Each
    side's roll is judged by the Combat Scores: the active's is losing unless it lands hits, the reactive's
    when the active does; the policies are :class:`Roller`'s (``optimal``: each choice maximises the chooser's
    chance of that, passing on equal chances)."""
    na, nd = active.dice, reactive.dice

    def wins(a: ScoreKey, d: ScoreKey) -> bool:
        return duel_leaf(a, d, diff, tie)[0] > 0

    def p_active(dist: dict[DuelLeaf, Fraction]) -> Fraction:
        return sum((p for leaf, p in dist.items() if leaf[0] > 0), Fraction(0))

    def mix(parts: Sequence[tuple[dict[DuelLeaf, Fraction], Fraction]]) -> dict[DuelLeaf, Fraction]:
        out: dict[DuelLeaf, Fraction] = defaultdict(Fraction)
        for dist, w in parts:
            for leaf, p in dist.items():
                out[leaf] += p * w
        return out

    @cache
    def last(a: ScoreKey, d: ScoreKey, passed: bool) -> dict[DuelLeaf, Fraction]:
        """The active's second chance: only if it passed, the reactive re-rolled, and it is now losing."""
        if not passed or wins(a, d):
            return {duel_leaf(a, d, diff, tie): Fraction(1)}
        options = [(name, mix([({duel_leaf(k, d, diff, tie): Fraction(1)}, w) for k, w in dist]))
                   for name, dist in _options(active, na, a, True)]
        return _duel_pick(active.policy, options, True, p_active)

    @cache
    def second(a: ScoreKey, d: ScoreKey, passed: bool) -> dict[DuelLeaf, Fraction]:
        losing = wins(a, d)
        options = []
        for name, dist in _options(reactive, nd, d, losing):
            if name == PASS:
                options.append((name, {duel_leaf(a, d, diff, tie): Fraction(1)}))
            else:
                options.append((name, mix([(last(a, k, passed), w) for k, w in dist])))
        return _duel_pick(reactive.policy, options, losing, lambda dist: 1 - p_active(dist))

    total: dict[DuelLeaf, Fraction] = defaultdict(Fraction)
    for a, wa in score_groups(na):
        for d, wd in score_groups(nd):
            losing = not wins(a, d)
            options = [(name, mix([(second(k, d, name == PASS), w) for k, w in dist]))
                       for name, dist in _options(active, na, a, losing)]
            for leaf, p in _duel_pick(active.policy, options, losing, p_active).items():
                total[leaf] += p * wa * wd
    return tuple(sorted((k, v) for k, v in total.items() if v))
