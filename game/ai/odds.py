"""Exact odds of an attack or a spell as the engine would resolve it, read from the engine's own objects.

An attack's odds read its :class:`~game.rules.attack_profile.AttackProfile`, which
:func:`game.rules.combat.attack_profile` builds for :func:`~game.rules.combat.resolve_attack` too: the
totals, dice and re-rolls on offer feed the [SEQ-1] window (the dice arithmetic is in
:mod:`game.ai.dice_odds`, see there for the re-roll policies); the profile's dice rules classify the final
dice (Brutal, Stun, misfire); and [SEQ-6]'s effects are the profile's own program
(:func:`game.rules.attack_profile.effects`), run here once per outcome of its trait d6s. No rule is
restated here; tests/rules/test_attack_profile.py holds the odds to the engine's frequencies over every
registered trait and condition.

Fate assumptions, stated because the window cannot know a player's future mind:
Inner Reserve is whatever the caller says (``*_inner_reserve``); Hand of Fortune is on offer when
[FATE-7] allows it and Inner Reserve was not taken; trait rolls (Tough, Slayer) spend Fate on every roll
while the side has Fate left (``tough_fate`` / ``slayer_fate`` override), not counting Fate the window
itself may spend.

An area of effect's victims ([AOE-1], [SEQ-8]) each roll with their own Fate: Inner Reserve as the
caller says for one victim (:func:`victim_odds`), none in :func:`area_odds`; Hand of Fortune on offer
while their side still has its one use of the activation ([FATE-7]) — the first window's uses and
earlier victims' are followed exactly, by the re-roll policy.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any, cast

from game.ai.dice_odds import (
    TWO_ONES,
    DuelLeaf,
    HoldOdds,
    Misfire,
    Roller,
    RollOdds,
    against_total,
    duel_window,
    opposed,
    win_chance,
    win_chance_decides,
)
from game.core.dice import Modifier, effective_modifiers
from game.rules import combat, conditions, fate, sorcery
from game.rules.attack_profile import (
    Aftermath,
    AttackProfile,
    DiceEffects,
    DiceRules,
    ExtraWound,
    TraitRoll,
    WoundSave,
    duel_effects,
    effects,
)
from game.rules.attack_profile import wounds as deal
from game.rules.events import EventKind
from game.rules.payloads import DecisionContext
from game.rules.state import GameState, ModelState
from game.rules.traits.base import hooks_answering


@dataclass(frozen=True)
class Odds:
    """An attack's exact outcome. ``wounds`` maps wounds actually taken (after Tough) to their chance."""

    p_win: Fraction
    p_misfire: Fraction
    p_brutal: Fraction  # the attack wins and is brutal ([CC-6], [SKILL-4])
    p_stun: Fraction  # the target ends the attack newly Stunned by it (doubles, 2h blunt, Tough), immunity honoured
    p_kill: Fraction
    wounds: dict[int, Fraction] = field(default_factory=dict)
    roll: RollOdds | None = None
    attack_total: int = 0  # attribute + modifiers
    defence_total: int = 0
    profile: AttackProfile | None = field(default=None, compare=False)
    # a heroic duel's ([HD-4]): the wounds the defender's hits deal the attacker, and its chance to be killed
    counter_wounds: dict[int, Fraction] = field(default_factory=lambda: {0: Fraction(1)})
    p_counter_kill: Fraction = Fraction(0)

    @property
    def expected_wounds(self) -> Fraction:
        return _expected(self.wounds)


@dataclass(frozen=True)
class SpellEffectOdds:
    """What a spell that took effect does to its target: its own :meth:`~game.rules.sorcery.Spell.effect`
    program run over every outcome of the target's saves. ``wounds`` maps wounds taken (after Tough) to their
    chance; ``puts`` the conditions it puts; ``p_stun`` newly Stunned; ``p_pushed`` pushed."""

    wounds: dict[int, Fraction]
    p_kill: Fraction
    p_stun: Fraction
    puts: dict[str, Fraction]
    p_pushed: Fraction

    @property
    def expected_wounds(self) -> Fraction:
        return _expected(self.wounds)

    def scaled(self, p: Fraction) -> SpellEffectOdds:
        """The same effect, had with chance ``p`` (nothing otherwise)."""
        return SpellEffectOdds(_scale(self.wounds, p), self.p_kill * p, self.p_stun * p,
                               {k: q * p for k, q in self.puts.items()}, self.p_pushed * p)


@dataclass(frozen=True)
class SpellOdds:
    p_success: Fraction
    p_burn_out: Fraction  # two natural 1s on the final casting dice ([SORC-6])
    expected_wounds: Fraction  # the spell's wounds, after Tough
    roll: RollOdds | None = None
    effect: SpellEffectOdds | None = field(default=None, compare=False)  # over the cast: resisted is nothing


def _expected(wounds: dict[int, Fraction]) -> Fraction:
    """The expected wounds, sum(k * P(k)): summed on integer numerators over one common denominator (the same
    Fraction, reduced once)."""
    d = math.lcm(*(p.denominator for p in wounds.values())) if wounds else 1
    return Fraction(sum(k * p.numerator * (d // p.denominator) for k, p in wounds.items()), d)


def _total(model: ModelState, attr: str, mods: list[Modifier]) -> int:
    applied = effective_modifiers([*mods, *combat.weakness_modifiers(model, attr)])
    return combat.attribute(model, attr) + sum(m.value for m in applied)


def has_tough(attacker: ModelState | None, defender: ModelState, state: GameState | None = None,
              attack: combat.Attack | None = None) -> bool:
    """Whether the defender's hooks offer a save against ``attacker``'s wounds (Tough, Undead, Non-Living; not
    lost, as to a Holy attack on Undead, [T-HOLY-1]). Without ``attack``, asked as of a close attack."""
    if attack is None and attacker is not None:
        attack = combat.Attack(attacker, defender, "close", "standard_attack")
    saves = [s for h in hooks_answering(defender, "wound_saves")
             for s in h.wound_saves(state, defender, attacker, attack)]  # type: ignore[arg-type]
    return any(s.roll is not None for s in saves)


# -- [SEQ-6]'s effects, run over every outcome of the trait d6s ------------------------------------

class _Branch(Exception):
    """The program asks a trait d6 not yet decided: branch on it, success with ``p``."""

    def __init__(self, p: Fraction):
        super().__init__()
        self.p = p


def _split(stack: list[Any], outcomes: tuple[Any, ...], weight: Fraction, p: Fraction) -> None:
    """A chance met on the way: both outcomes pushed, each with its weight (none that cannot happen)."""
    if p:
        stack.append(((*outcomes, True), weight * p))
    if p != 1:
        stack.append(((*outcomes, False), weight * (1 - p)))


class _Sketch:
    """The target as the odds follow it through :func:`game.rules.attack_profile.effects`: its wounds left,
    Stun, and each side's Fate budget for trait rolls (spent on every roll while it lasts), with the trait
    d6s decided by ``outcomes`` in order."""

    def __init__(self, left: int, stunned: bool, immune: bool, fate: tuple[int, int], outcomes: tuple[bool, ...]):
        self.left, self.stunned, self.immune = left, stunned, immune
        self.fate = list(fate)  # attacker, target
        self.outcomes, self.asked = outcomes, 0
        self.taken, self.newly_stunned = 0, False

    def on_table(self) -> bool:
        return self.left > 0

    def wound(self) -> None:
        self.taken += 1
        self.left -= 1
        if self.left <= 0:  # killed: off the table with its conditions ([CAS-1])
            self.stunned = self.newly_stunned = False

    def stun(self, why: str, rule: str) -> bool:
        if self.left <= 0 or self.immune or self.stunned:
            return False
        self.stunned = self.newly_stunned = True
        return True

    def trait_roll(self, roll: TraitRoll, attacker: bool, no_fate: bool) -> Generator[Any, Any, bool]:
        side = 0 if attacker else 1
        need = roll.need
        if not no_fate and self.fate[side] > 0:
            self.fate[side] -= 1
            need = roll.need_with_fate
        i, self.asked = self.asked, self.asked + 1
        if i < len(self.outcomes):
            return self.outcomes[i]
        raise _Branch(Fraction(max(0, min(6, 7 - need)), 6))
        yield  # pragma: no cover

    def note(self, kind: EventKind, text: str, rule: str, data: dict[str, Any] | None = None, **who: str) -> None:
        pass


Leaf = tuple[int, int, bool, bool]  # wounds taken, wounds left, newly Stunned, brutal


def _enumerate(program: Callable[[_Sketch], Generator[Any, Any, Any]], left: int, stunned: bool, immune: bool,
               fate: tuple[int, int], sketch_of: Callable[[tuple[bool, ...]], _Sketch] | None = None,
               leaf: Callable[[_Sketch, Any], Any] | None = None) -> tuple[tuple[Any, Fraction], ...]:
    """Run ``program`` once per outcome of its trait d6s (it is replayed down each branch: a few d6s at most).
    ``sketch_of`` makes the sketch for one branch's outcomes and ``leaf`` reads its end (an attack's by default)."""
    out: dict[Any, Fraction] = {}
    stack: list[tuple[tuple[bool, ...], Fraction]] = [((), Fraction(1))]
    while stack:
        outcomes, weight = stack.pop()
        sketch = sketch_of(outcomes) if sketch_of else _Sketch(left, stunned, immune, fate, outcomes)
        gen = program(sketch)
        try:
            next(gen)
        except _Branch as branch:
            _split(stack, outcomes, weight, branch.p)
            continue
        except StopIteration as stop:
            if leaf is not None:
                key = leaf(sketch, stop.value)
                out[key] = out.get(key, Fraction(0)) + weight
                continue
            brutal = bool(getattr(stop.value, "brutal", False))
            key = (sketch.taken, sketch.left, sketch.newly_stunned, brutal)
            out[key] = out.get(key, Fraction(0)) + weight
            continue
        raise AssertionError("the effects asked a decision the odds cannot answer")
    return tuple(sorted(out.items()))


@lru_cache(maxsize=8192)
def _attack_effects(after: Aftermath, hit: bool, dice: DiceEffects, left: int, stunned: bool, immune: bool,
                    fate: tuple[int, int]) -> tuple[tuple[Leaf, Fraction], ...]:
    return _enumerate(lambda t: effects(t, after, hit, dice), left, stunned, immune, fate)


@lru_cache(maxsize=4096)
def _wound_effects(saves: tuple[WoundSave, ...], count: int, no_fate: bool, left: int, stunned: bool, immune: bool,
                   fate: int) -> tuple[tuple[Leaf, Fraction], ...]:
    return _enumerate(lambda t: deal(t, saves, count, no_fate), left, stunned, immune, (0, fate))


def _profile(state: GameState, attack: combat.Attack, attacker_inner_reserve: bool, defender_inner_reserve: bool,
             plain: AttackProfile | None) -> AttackProfile:
    """The attack's profile with the Inner Reserve asked about: derived from ``plain`` (the profile with none, as
    an Inner Reserve question carries it) where given, else made afresh."""
    extra = int(attacker_inner_reserve), int(defender_inner_reserve)
    if plain is None:
        return combat.attack_profile(state, attack, *extra)
    return combat.with_inner_reserve(state, attack, plain, *extra)


def attack_odds(state: GameState, attack: combat.Attack, *, attacker_inner_reserve: bool = False,
                defender_inner_reserve: bool = False, hand_of_fortune: tuple[bool, bool] | None = None,
                policies: tuple[str, str] = ("optimal", "optimal"), tough_fate: int | None = None,
                slayer_fate: bool | None = None, plain: AttackProfile | None = None, rerolls: bool = True) -> Odds:
    """The exact odds of ``attack`` resolved now by :func:`game.rules.combat.resolve_attack`.

    Read from the attack's :class:`~game.rules.attack_profile.AttackProfile`: its totals, dice and re-rolls
    feed the window, its dice rules classify the final dice, and its effects program is run over every
    trait d6. ``hand_of_fortune`` (attacker, defender) overrides whether each side may use it (default: the
    profile's: [FATE-7]/[FATE-8] allow it and that side took no Inner Reserve). ``tough_fate`` / ``slayer_fate``
    override the defender's / attacker's Fate budget for trait rolls. ``attack`` should already be prepared
    by the traits (Blast, Spray), as the action does before resolving it. ``plain``: its profile with no Inner
    Reserve as the table stands (an Inner Reserve question carries it), so it is not made again. ``rerolls``
    False: no trait's re-roll of 1s either (with no Hand of Fortune, the dice alone: far cheaper to enumerate).
    """
    a, d = attack.attacker, attack.defender
    profile = _profile(state, attack, attacker_inner_reserve, defender_inner_reserve, plain)
    pa, pd = profile.attack, profile.defence
    if hand_of_fortune is None:
        hand_of_fortune = (pa.hand_of_fortune, pd.hand_of_fortune)
    if profile.duel is not None:  # [HD-1]: the Combat Score's odds, from the same profile
        return _duel_odds(state, attack, profile, hand_of_fortune, policies, rerolls,
                          (attacker_inner_reserve, defender_inner_reserve), tough_fate, slayer_fate)
    # only the difference of the totals matters to the roll (dice_odds.opposed): one outcome serves them all
    active = Roller(pa.dice, 0, rerolls and pa.reroll_ones, hand_of_fortune[0], policies[0])
    reactive = Roller(pd.dice, pd.total - pa.total, rerolls and pd.reroll_ones, hand_of_fortune[1], policies[1])
    if profile.pushes:  # the caller pushes: no effects ([CC-3], [T-SLAM-1])
        roll = opposed(active, reactive, misfire=profile.dice.misfire, classify=profile.dice)
        return Odds(roll.win, roll.misfire, Fraction(0), Fraction(0), Fraction(0), {0: Fraction(1)}, roll,
                    pa.total, pd.total, profile)
    budget = [max(0, s.fate) for s in state.sides]  # the trait rolls themselves take no Fate under [FATE-8]
    a_fate = budget[a.side] - attacker_inner_reserve if slayer_fate is None else int(slayer_fate)
    d_fate = budget[d.side] - defender_inner_reserve if tough_fate is None else tough_fate
    left, stunned = d.max_wounds - d.wounds_taken, conditions.STUNNED.on(d)
    immune = conditions.stun_immune(state, d, a)
    roll, p_brutal, p_stun, p_kill, wounds = _outcome(active, reactive, profile.dice, profile.after, left, stunned,
                                                      immune, _fate_used(profile.after, a_fate, d_fate))
    return Odds(roll.win, roll.misfire, p_brutal, p_stun, p_kill, dict(wounds), roll, pa.total, pd.total, profile)


def attack_win(state: GameState, attack: combat.Attack, *, attacker_inner_reserve: bool = False,
               defender_inner_reserve: bool = False) -> Fraction:
    """P(the attack wins its roll): :func:`attack_odds`' ``p_win``, from the profile's roll alone (no effects),
    for a question that needs no more (Fate's floor on a roll)."""
    profile = _profile(state, attack, attacker_inner_reserve, defender_inner_reserve, None)
    if profile.duel is not None:  # [HD-4]: the attack lands hits
        return _duel_roll(profile, (profile.attack.hand_of_fortune, profile.defence.hand_of_fortune),
                          ("optimal", "optimal"), True).win
    return win_chance(*_win_rollers(profile))


def attack_win_decides(state: GameState, attack: combat.Attack, decide: Callable[[Fraction], bool], *,
                       attacker_inner_reserve: bool = False, defender_inner_reserve: bool = False,
                       plain: AttackProfile | None = None) -> bool:
    """``decide(attack_win(...))`` for a ``decide`` monotone in the chance (Fate's floor on a roll), settled by
    bounds where they agree (:func:`game.ai.dice_odds.win_chance_decides`). ``plain``: the attack's profile with
    no Inner Reserve as the table stands (an Inner Reserve question carries it), so it is not made again."""
    profile = _profile(state, attack, attacker_inner_reserve, defender_inner_reserve, plain)
    if profile.duel is not None:  # [HD-4]: the attack lands hits
        return decide(_duel_roll(profile, (profile.attack.hand_of_fortune, profile.defence.hand_of_fortune),
                                 ("optimal", "optimal"), True).win)
    active, reactive, misfire = _win_rollers(profile)
    return win_chance_decides(active, reactive, decide, misfire)


def _win_rollers(profile: AttackProfile) -> tuple[Roller, Roller, bool | Misfire]:
    """The attack's two rolls as :func:`attack_win` weighs them (by the totals' difference), and its misfire rule."""
    pa, pd = profile.attack, profile.defence
    active = Roller(pa.dice, 0, pa.reroll_ones, pa.hand_of_fortune)
    reactive = Roller(pd.dice, pd.total - pa.total, pd.reroll_ones, pd.hand_of_fortune)
    return active, reactive, profile.dice.misfire or False


def _savers(saves: tuple[WoundSave, ...]) -> int:
    return sum(1 for s in saves if s.lost is None and s.roll is not None)


def _fate_used(after: Aftermath, a_fate: int, d_fate: int) -> tuple[int, int]:
    """Each side's Fate for trait rolls, as far as it can matter: a side spends one on each of its rolls while it
    has any, so Fate beyond its most rolls (the attacker's after-wound rolls; the target's saves, one per save per
    wound offered: two and one per after-wound roll at most) changes nothing — the outcome is remembered for all."""
    extra = len(after.extra_wounds)
    return min(max(0, a_fate), extra), min(max(0, d_fate), _savers(after.saves) * (2 + extra))


@lru_cache(maxsize=16384)
def _outcome(active: Roller, reactive: Roller, dice: DiceRules, after: Aftermath, left: int, stunned: bool,
             immune: bool, fate: tuple[int, int]) -> tuple[RollOdds, Fraction, Fraction, Fraction,
                                                          tuple[tuple[int, Fraction], ...]]:
    """The roll through the window, then [SEQ-6]'s effects over each of its outcomes: a pure function of the
    attack as data, so one answer serves every attack with the same profile (the game asks the same ones
    again and again as the models move)."""
    roll = opposed(active, reactive, misfire=dice.misfire, classify=dice)
    branches = [(p, _attack_effects(after, hit, effects_of_dice, left, stunned, immune, fate))
                for (hit, effects_of_dice), p in roll.joint.items()]
    # exact sums on integer numerators over one common denominator (the same Fractions, one reduction each)
    dp = _common([roll.misfire, *(p for p, _ in branches)])
    dq = _common([q for _, leaves in branches for _, q in leaves])
    wounds: dict[int, int] = {}
    if roll.misfire:
        wounds[0] = _over(roll.misfire, dp) * dq
    p_stun = p_kill = p_brutal = 0
    for p, leaves in branches:
        pn = _over(p, dp)
        for (taken, after_left, newly, brutal), q in leaves:
            w = pn * _over(q, dq)
            wounds[taken] = wounds.get(taken, 0) + w
            if newly:
                p_stun += w
            if after_left <= 0:
                p_kill += w
            if brutal:
                p_brutal += w
    d = dp * dq
    return (roll, Fraction(p_brutal, d), Fraction(p_stun, d), Fraction(p_kill, d),
            tuple((k, Fraction(w, d)) for k, w in wounds.items()))


# -- the heroic duel ([HD-1]-[HD-6]): the profile's duel, its window and its effects program -----------------------

class _Face(Exception):
    """The duel's program asks a chart's d6 not yet decided: branch once per class of its faces."""

    def __init__(self, classes: tuple[Any, ...]):
        super().__init__()
        self.classes = classes


class _DuelSketch(_Sketch):
    """The fighter who lost as the odds follow it through :func:`game.rules.attack_profile.duel_effects`: a
    :class:`_Sketch` that also rolls the charts' d6s (decided by ``outcomes`` in order, with the trait d6s) and
    can be killed outright."""

    def wounds_left(self) -> int:
        return self.left

    def d6(self, why: str, rule: str, classes: tuple[Any, ...]) -> Generator[Any, Any, int]:
        i, self.asked = self.asked, self.asked + 1
        if i < len(self.outcomes):
            return int(self.outcomes[i])
        raise _Face(classes)
        yield  # pragma: no cover

    def kill(self, why: str, rule: str) -> None:
        self.taken += self.left
        self.left = 0
        self.stunned = self.newly_stunned = False


@lru_cache(maxsize=8192)
def _duel_effects(saves: tuple[WoundSave, ...], hits: int, chart: str | None, extra: tuple[ExtraWound, ...],
                  no_fate: bool, left: int, stunned: bool, immune: bool, fate: tuple[int, int]
                  ) -> tuple[tuple[Leaf, Fraction], ...]:
    """[HD-4]-[HD-6] on the fighter who lost, once per outcome of its saves and the charts' d6s."""
    out: dict[Leaf, Fraction] = {}
    stack: list[tuple[tuple[Any, ...], Fraction]] = [((), Fraction(1))]
    while stack:
        outcomes, weight = stack.pop()
        sketch = _DuelSketch(left, stunned, immune, fate, outcomes)
        gen = duel_effects(sketch, saves, hits, chart, extra, no_fate)
        try:
            next(gen)
        except _Face as face:
            first: dict[Any, int] = {}  # each class by its first face, weighted by its faces
            for f, c in enumerate(face.classes, start=1):
                first.setdefault(c, f)
            stack += [((*outcomes, f), weight * Fraction(face.classes.count(c), 6)) for c, f in first.items()]
            continue
        except _Branch as branch:
            _split(stack, outcomes, weight, branch.p)
            continue
        except StopIteration:
            key = (sketch.taken, sketch.left, sketch.newly_stunned, False)
            out[key] = out.get(key, Fraction(0)) + weight
            continue
        raise AssertionError("the duel's effects asked a decision the odds cannot answer")
    return tuple(sorted(out.items()))


def _duel_roll(profile: AttackProfile, hand_of_fortune: tuple[bool, bool], policies: tuple[str, str],
               rerolls: bool) -> RollOdds:
    """The duel's window as a :class:`RollOdds` (``win``: the attacker lands hits), its leaves in ``joint``:
    (who lands hits, (hits, a 6 among the winner's dice))."""
    duel, pa, pd = profile.duel, profile.attack, profile.defence
    assert duel is not None
    active = Roller(pa.dice, 0, rerolls and pa.reroll_ones, hand_of_fortune[0], policies[0])
    reactive = Roller(pd.dice, 0, rerolls and pd.reroll_ones, hand_of_fortune[1], policies[1])
    tie = duel.outcome(0, 0)[0]
    leaves = duel_window(active, reactive, pa.total - pd.total, tie)
    win = sum((p for (who, _, _), p in leaves if who > 0), Fraction(0))
    return RollOdds(win, {(who > 0, (who, hits, crit)): p for (who, hits, crit), p in leaves})


def _duel_odds(state: GameState, attack: combat.Attack, profile: AttackProfile, hand_of_fortune: tuple[bool, bool],
               policies: tuple[str, str], rerolls: bool, inner_reserve: tuple[bool, bool], tough_fate: int | None,
               slayer_fate: bool | None) -> Odds:
    """[HD-1]-[HD-6]: the duel's exact odds: the window of Combat Scores, then the effects program on whoever
    lost, for each outcome. ``wounds`` are the defender's, ``counter_wounds`` the attacker's."""
    a, d = attack.attacker, attack.defender
    duel = profile.duel
    assert duel is not None
    roll = _duel_roll(profile, hand_of_fortune, policies, rerolls)
    budget = [max(0, s.fate) for s in state.sides]
    a_fate = budget[a.side] - inner_reserve[0]
    d_fate = budget[d.side] - inner_reserve[1]
    a_trait = a_fate if slayer_fate is None else int(slayer_fate)
    d_trait = d_fate if tough_fate is None else tough_fate
    no_fate = profile.after.no_fate
    wounds: dict[int, Fraction] = {}
    counter: dict[int, Fraction] = {}
    p_stun = p_kill = p_counter_kill = Fraction(0)
    for (_, leaf), p in roll.joint.items():
        who, hits, crit = cast(DuelLeaf, leaf)
        if who == 0:
            wounds[0] = wounds.get(0, Fraction(0)) + p
            counter[0] = counter.get(0, Fraction(0)) + p
            continue
        loser, winner = (d, a) if who > 0 else (a, d)
        chart = (duel.attacker_chart if who > 0 else duel.defender_chart) if crit else None
        saves = profile.after.saves if who > 0 else duel.counter_saves
        extra = profile.after.extra_wounds if who > 0 else ()
        fate = (a_trait, d_trait) if who > 0 else (max(0, d_fate), max(0, a_fate))
        leaves = _duel_effects(saves, hits, chart, extra, no_fate, loser.max_wounds - loser.wounds_taken,
                               conditions.STUNNED.on(loser), conditions.stun_immune(state, loser, winner), fate)
        mine, other = (wounds, counter) if who > 0 else (counter, wounds)
        other[0] = other.get(0, Fraction(0)) + p
        for (taken, left, newly, _), q in leaves:
            mine[taken] = mine.get(taken, Fraction(0)) + p * q
            if who > 0:
                p_stun += p * q * newly
                p_kill += p * q * (left <= 0)
            else:
                p_counter_kill += p * q * (left <= 0)
    return Odds(roll.win, Fraction(0), Fraction(0), p_stun, p_kill, {k: v for k, v in wounds.items() if v}, roll,
                profile.attack.total, profile.defence.total, profile,
                {k: v for k, v in counter.items() if v}, p_counter_kill)


def _common(fractions: list[Fraction]) -> int:
    """A common denominator of ``fractions`` (their least common multiple)."""
    return math.lcm(*(f.denominator for f in fractions)) if fractions else 1


def _over(f: Fraction, denominator: int) -> int:
    """The numerator of ``f`` over ``denominator`` (a multiple of its own)."""
    return f.numerator * (denominator // f.denominator)


@dataclass(frozen=True)
class WoundOdds:
    """Wounds taken, P(killed), P(newly Stunned by a save) of wounds dealt through the target's saves."""

    wounds: dict[int, Fraction]
    p_kill: Fraction
    p_stun: Fraction

    @property
    def expected(self) -> Fraction:
        return _expected(self.wounds)


def wound_odds(state: GameState, target: ModelState, source: ModelState | None, attack: combat.Attack | None,
               count: int = 1, fate: int | None = None) -> WoundOdds:
    """``count`` wounds dealt as :func:`game.rules.combat.deal_wounds` deals them, over every save's d6 (the
    target's side spends Fate on each while it has any, or ``fate``)."""
    no_fate = attack is not None and attack.no_fate
    if fate is None:
        fate = state.sides[target.side].fate
    saves = combat.wound_saves(state, target, source, attack)
    leaves = _wound_effects(saves, count, no_fate, target.max_wounds - target.wounds_taken,
                            conditions.STUNNED.on(target), conditions.stun_immune(state, target, source),
                            min(max(0, fate), _savers(saves) * count))  # Fate beyond its saves' rolls: the same
    out: dict[int, Fraction] = {}
    kill = stun = Fraction(0)
    for (taken, left, newly, _), q in leaves:
        out[taken] = out.get(taken, Fraction(0)) + q
        kill += q * (left <= 0)
        stun += q * newly
    return WoundOdds(out, kill, stun)


def spell_odds(state: GameState, caster: ModelState, target: ModelState, spell_id: str, enhancement: str = "none",
               *, caster_inner_reserve: bool = False, target_inner_reserve: bool = False,
               hand_of_fortune: tuple[bool, bool] | None = None,
               policies: tuple[str, str] = ("optimal", "optimal"), tough_fate: int | None = None) -> SpellOdds:
    """The exact odds of casting ``spell_id`` at ``target`` now, as :func:`game.rules.sorcery.cast` resolves it:
    the enhancement's and the spell's own data, and the spell's effect program (:func:`spell_effect_odds`)."""
    active, reactive = _spell_rollers(state, caster, target, spell_id, enhancement, caster_inner_reserve,
                                      target_inner_reserve, hand_of_fortune, policies)
    roll, burn_out = _casting(active, reactive)
    if tough_fate is None:
        tough_fate = max(0, state.sides[target.side].fate - target_inner_reserve)
    effect = spell_effect_odds(state, caster, target, spell_id, tough_fate).scaled(roll.win)
    return SpellOdds(roll.win, burn_out, effect.expected_wounds, roll, effect)


def spell_win(state: GameState, caster: ModelState, target: ModelState, spell_id: str, enhancement: str = "none",
              *, caster_inner_reserve: bool = False, target_inner_reserve: bool = False,
              hand_of_fortune: tuple[bool, bool] | None = None) -> Fraction:
    """P(the spell takes effect): :func:`spell_odds`' ``p_success``, from the rolls alone (no effects), for a
    question that needs no more (Fate's floor on a roll)."""
    active, reactive = _spell_rollers(state, caster, target, spell_id, enhancement, caster_inner_reserve,
                                      target_inner_reserve, hand_of_fortune, ("optimal", "optimal"))
    return win_chance(active, reactive)


def _spell_rollers(state: GameState, caster: ModelState, target: ModelState, spell_id: str, enhancement: str,
                   caster_inner_reserve: bool, target_inner_reserve: bool, hand_of_fortune: tuple[bool, bool] | None,
                   policies: tuple[str, str]) -> tuple[Roller, Roller]:
    """The casting and resisting rolls of :func:`game.rules.sorcery.cast`, by the totals' difference."""
    spell, enh = sorcery.SPELLS[spell_id], sorcery.ENHANCEMENTS[enhancement]
    c_dice = 2 + enh.dice + caster_inner_reserve
    t_dice = 2 + target_inner_reserve
    if hand_of_fortune is None:
        hand_of_fortune = (not caster_inner_reserve and fate.reroll_fate_allowed(state, caster.side, False),
                           not target_inner_reserve and fate.reroll_fate_allowed(state, target.side, False))
    c_total = _total(caster, "WP", sorcery.casting_modifiers(state, caster, target, enh))
    t_total = _total(target, spell.resist, sorcery.resist_modifiers(state, target, spell, caster))
    rerolls = (combat.offers_reroll_ones(state, caster, "WP", c_dice, "cast", None),
               combat.offers_reroll_ones(state, target, spell.resist, t_dice, "resist", None))
    active = Roller(c_dice, 0, rerolls[0], hand_of_fortune[0], policies[0])  # the difference is what counts
    return active, Roller(t_dice, t_total - c_total, rerolls[1], hand_of_fortune[1], policies[1])


def spell_effect_odds(state: GameState, caster: ModelState, target: ModelState, spell_id: str,
                      fate: int | None = None) -> SpellEffectOdds:
    """What ``spell_id`` does to ``target`` once it takes effect, as :func:`game.rules.sorcery.take_effect` does
    it: the spell's effect program run over every save's d6 (the target's side spends Fate on each while it has
    any, or ``fate``)."""
    spell = sorcery.SPELLS[spell_id]
    if fate is None:
        fate = state.sides[target.side].fate
    saves = combat.wound_saves(state, target, caster, None)
    left, stunned = target.max_wounds - target.wounds_taken, conditions.STUNNED.on(target)
    immune = conditions.stun_immune(state, target, caster)

    def sketch(outcomes: tuple[bool, ...]) -> _Sketch:
        return _SpellSketch(caster, target, saves, left, stunned, immune, max(0, fate), outcomes)

    def leaf(s: _Sketch, _: Any) -> tuple:
        assert isinstance(s, _SpellSketch)
        return s.taken, s.left, s.newly_stunned, s.puts, s.pushed

    leaves = _enumerate(spell.effect, left, stunned, immune, (0, fate), sketch, leaf)  # type: ignore[arg-type]
    wounds: dict[int, Fraction] = {}
    puts: dict[str, Fraction] = {}
    kill = stun = pushed = Fraction(0)
    for (taken, after, newly, put, push), q in leaves:
        wounds[taken] = wounds.get(taken, Fraction(0)) + q
        kill += q * (after <= 0)
        stun += q * newly
        pushed += q * push
        for c in put:
            puts[c] = puts.get(c, Fraction(0)) + q
    return SpellEffectOdds(wounds, kill, stun, puts, pushed)


class _SpellSketch(_Sketch):
    """The target as the odds follow it through a spell's effect: the attack's sketch, plus the conditions put,
    the push, and the first option of any question (which attribute Weakness takes changes none of the figures)."""

    def __init__(self, caster: ModelState, target: ModelState, saves: tuple[WoundSave, ...], left: int,
                 stunned: bool, immune: bool, fate: int, outcomes: tuple[bool, ...]):
        super().__init__(left, stunned, immune, (0, fate), outcomes)
        self.caster, self.target, self.saves = caster, target, saves
        self.puts: frozenset[str] = frozenset()
        self.pushed = False

    def put(self, condition: str, value: Any = True) -> None:
        self.puts |= {condition}

    def push(self, inches: float, why: str) -> None:
        self.pushed = True

    def ask(self, decision: Any) -> Generator[Any, Any, Any]:
        return decision.options[0].key
        yield  # pragma: no cover


@lru_cache(maxsize=4096)
def _casting(active: Roller, reactive: Roller) -> tuple[RollOdds, Fraction]:
    """The casting roll against the resisting roll, and P(two natural 1s on the casting dice: [SORC-6])."""
    roll = opposed(active, reactive)
    return roll, roll.p(has=TWO_ONES)


# -- area of effect ------------------------------------------------------------------------------

@dataclass(frozen=True)
class VictimOdds:
    """One victim of an area of effect: P(the spread beats its roll), wounds after Tough, kill, Stun (Tough)."""

    model: str
    p_hit: Fraction
    wounds: dict[int, Fraction]
    p_kill: Fraction
    p_stun: Fraction
    p_hand_of_fortune: Fraction = Fraction(0)  # P(its side spends Hand of Fortune on this roll)

    @property
    def expected_wounds(self) -> Fraction:
        return _expected(self.wounds)


def _victim_roller(state: GameState, spread: combat.Attack, inner_reserve: bool, hand_of_fortune: bool,
                   policy: str) -> Roller:
    return _victim_rollers(state, spread, inner_reserve, (hand_of_fortune,), policy)[0]


def _victim_rollers(state: GameState, spread: combat.Attack, inner_reserve: bool, hand_of_fortune: tuple[bool, ...],
                    policy: str) -> list[Roller]:
    """The victim's roll with each of the ``hand_of_fortune`` offers (the table is read once for all)."""
    v = spread.defender
    dice = 2 + inner_reserve
    total = _total(v, "PD", combat.area_defence_modifiers(state, spread))
    ones = combat.offers_reroll_ones(state, v, "PD", dice, "defence", spread)
    return [Roller(dice, total, ones, hof, policy) for hof in hand_of_fortune]


def _one_wound(state: GameState, spread: combat.Attack) -> WoundOdds:
    """One wound of the spread through the victim's saves, as :func:`game.rules.combat.area_of_effect` deals it."""
    return wound_odds(state, spread.defender, spread.attacker, spread)


def victim_odds(state: GameState, spread: combat.Attack, total: int, *, inner_reserve: bool = False,
                hand_of_fortune: bool | None = None, policy: str = "optimal",
                tough_fate: int | None = None) -> VictimOdds:
    """One victim's roll against the attack's ``total`` ([AOE-1]), as :func:`game.rules.combat.hold_against`
    resolves it: ``hand_of_fortune`` defaults to [FATE-7]/[FATE-9] allowing it and no Inner Reserve taken."""
    v = spread.defender
    if hand_of_fortune is None:
        hand_of_fortune = not inner_reserve and fate.reroll_fate_allowed(state, v.side, spread.no_fate)
    hold = against_total(_victim_roller(state, spread, inner_reserve, hand_of_fortune, policy), total)
    one = wound_odds(state, v, spread.attacker, spread, 1, tough_fate)
    hit = hold.beaten
    return VictimOdds(v.id, hit, _scale(one.wounds, hit), one.p_kill * hit, one.p_stun * hit, hold.hand_of_fortune)


def _scale(wounds: dict[int, Fraction], hit: Fraction) -> dict[int, Fraction]:
    out = {k: p * hit for k, p in wounds.items() if k}
    out[0] = 1 - sum(out.values(), Fraction(0))
    return out


def area_odds(state: GameState, attack: combat.Attack, *, attacker_inner_reserve: bool = False,
              defender_inner_reserve: bool = False, policies: tuple[str, str] = ("optimal", "optimal"),
              victim_policy: str = "optimal", first_odds: Odds | None = None) -> list[VictimOdds]:
    """Every victim of an area attack ([AOE-1], [T-BLAST-1]) resolved now, nearest first as the engine takes
    them: the spread follows a first-target hit with the attack's final total; each victim's Hand of Fortune
    is on offer while its side has not used its one Inner Reserve or Hand of Fortune of the activation
    ([FATE-7]) — in the first window or on an earlier victim. ``first_odds``: the first target's odds with these
    options (:func:`attack_odds`), when the caller already has them."""
    first = attack.defender
    victims = combat.area_victims(state, attack)
    if not attack.area or not victims:
        return []
    a, d = attack.attacker, first
    odds = first_odds or attack_odds(state, attack, attacker_inner_reserve=attacker_inner_reserve,
                                     defender_inner_reserve=defender_inner_reserve, policies=policies)
    assert odds.roll is not None
    open_a = not attacker_inner_reserve and fate.reroll_fate_allowed(state, a.side, attack.no_fate)
    open_d = not defender_inner_reserve and fate.reroll_fate_allowed(state, d.side, attack.no_fate)
    effects = [_one_wound(state, s) for s in victims]
    rollers = [_victim_rollers(state, s, False, (False, True), victim_policy)
               for s in victims]  # the victims' rolls read the table once, not once per outcome of the first
    sides = tuple(s.defender.side for s in victims)
    hit, hof = _spread(tuple(odds.roll.wins_by.items()), odds.attack_total, (open_a, open_d), (a.side, d.side), sides,
                       tuple((r[0], r[1]) for r in rollers))
    out = []
    for i, spread in enumerate(victims):
        one = effects[i]
        out.append(VictimOdds(spread.defender.id, hit[i], _scale(one.wounds, hit[i]), one.p_kill * hit[i],
                              one.p_stun * hit[i], hof[i]))
    return out


@lru_cache(maxsize=2048)
def _spread(wins_by: tuple[tuple[tuple[int, bool, bool], Fraction], ...], attack_total: int, open_: tuple[bool, bool],
            sides: tuple[int, int], victim_sides: tuple[int, ...],
            rollers: tuple[tuple[Roller, Roller], ...]) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...]]:
    """P(each victim is beaten) and P(it spends Hand of Fortune), over the first roll's winning totals and which
    sides (attacker's, first target's) still have their use of the activation: a pure function of the dice, so the
    game's repeated spreads are worked out once."""
    (a_side, d_side), (open_a, open_d) = sides, open_
    # exact sums on integer numerators: the first roll's chances over ``dp``; each victim's roll multiplies the
    # denominator by its own (a multiple of its dice's 6^2n), so victim i's chances are over dp * d_0 * ... * d_i
    dp = _common([p for _, p in wins_by])
    # (victim, hand of fortune open, total) -> (beaten, spent Hand of Fortune) over the victim's own
    holds: dict[tuple[int, bool, int], tuple[int, int]] = {}
    dens = [math.lcm(*(6 ** (2 * r.dice) for r in pair)) for pair in rollers]
    hit = [0] * len(victim_sides)
    hof = [0] * len(victim_sides)
    for (dice_sum, a_hof, d_hof), p in wins_by:
        total = attack_total + dice_sum
        unused = {a_side: open_a and not a_hof, d_side: open_d and not d_hof}
        states = {(unused.get(0, False), unused.get(1, False)): _over(p, dp)}  # which sides still have their use
        for i, side in enumerate(victim_sides):
            di = dens[i]
            after: dict[tuple[bool, bool], int] = {}
            for key, q in states.items():
                found = holds.get((i, key[side], total))
                if found is None:
                    hold = against_total(rollers[i][key[side]], total)
                    found = holds[(i, key[side], total)] = (_over(hold.beaten, di), _over(hold.hand_of_fortune, di))
                beaten, spends = found
                hit[i] += q * beaten
                hof[i] += q * spends
                spent = (False if side == 0 else key[0], False if side == 1 else key[1])
                after[key] = after.get(key, 0) + q * (di - spends)
                if spends:
                    after[spent] = after.get(spent, 0) + q * spends
            states = after
    out_hit, out_hof, d = [], [], dp
    for i, di in enumerate(dens):
        d *= di
        out_hit.append(Fraction(hit[i], d))
        out_hof.append(Fraction(hof[i], d))
    return tuple(out_hit), tuple(out_hof)


def area_spell_hold(state: GameState, caster: ModelState, victim: ModelState, spell_id: str, total: int, *,
                    inner_reserve: bool = False, hand_of_fortune: bool | None = None,
                    policy: str = "optimal") -> HoldOdds:
    """A More than One victim's resisting roll against the casting ``total`` ([SEQ-8]), as
    :func:`game.rules.sorcery.more_than_one` resolves it: P(the spell takes it) and P(Hand of Fortune spent)."""
    if hand_of_fortune is None:
        hand_of_fortune = not inner_reserve and fate.reroll_fate_allowed(state, victim.side, False)
    return against_total(_area_spell_rollers(state, caster, victim, spell_id, inner_reserve, (hand_of_fortune,),
                                             policy)[0], total)


def _area_spell_rollers(state: GameState, caster: ModelState, victim: ModelState, spell_id: str, inner_reserve: bool,
                        hand_of_fortune: tuple[bool, ...], policy: str) -> list[Roller]:
    spell = sorcery.SPELLS[spell_id]
    dice = 2 + inner_reserve
    total = _total(victim, spell.resist, sorcery.resist_modifiers(state, victim, spell, caster, area=True))
    rerolls = combat.offers_reroll_ones(state, victim, spell.resist, dice, "resist", None)
    return [Roller(dice, total, rerolls, hof, policy) for hof in hand_of_fortune]


@dataclass(frozen=True)
class SpellVictimOdds:
    """One More than One victim ([SEQ-8]): P(the spell takes it), what the spell then does (over the cast),
    and P(its side spends Hand of Fortune on its roll)."""

    model: str
    p_hit: Fraction
    effect: SpellEffectOdds
    p_hand_of_fortune: Fraction = Fraction(0)


def area_spell_odds(state: GameState, caster: ModelState, first: ModelState, spell_id: str,
                    enhancement: str = "more_than_one", *, caster_inner_reserve: bool = False,
                    target_inner_reserve: bool = False, policies: tuple[str, str] = ("optimal", "optimal"),
                    victim_policy: str = "optimal", first_odds: SpellOdds | None = None) -> list[SpellVictimOdds]:
    """Every other victim of an area spell ([SEQ-8]) cast at ``first`` now, in the engine's order: the spell
    takes each whose own roll the casting total beats, after the first target was taken; each victim's Hand of
    Fortune is on offer while its side has not used its one of the activation ([FATE-7]), as for an area attack
    (:func:`area_odds`). The victims are those standing within 3″ of ``first`` now (the engine looks after the
    first target's effect: a Push that carries it away from one is not followed). A victim's saves spend its
    side's Fate while it has any (Fate the earlier rolls spent is not followed)."""
    enh = sorcery.ENHANCEMENTS[enhancement]
    victims = sorcery.area_victims(state, caster, first)
    if not enh.area or not victims:
        return []
    odds = first_odds or spell_odds(state, caster, first, spell_id, enhancement,
                                    caster_inner_reserve=caster_inner_reserve,
                                    target_inner_reserve=target_inner_reserve, policies=policies)
    assert odds.roll is not None
    c_total = _total(caster, "WP", sorcery.casting_modifiers(state, caster, first, enh))
    open_a = not caster_inner_reserve and fate.reroll_fate_allowed(state, caster.side, False)
    open_d = not target_inner_reserve and fate.reroll_fate_allowed(state, first.side, False)
    rollers = [_area_spell_rollers(state, caster, v, spell_id, False, (False, True), victim_policy) for v in victims]
    hit, hof = _spread(tuple(odds.roll.wins_by.items()), c_total, (open_a, open_d), (caster.side, first.side),
                       tuple(v.side for v in victims), tuple((r[0], r[1]) for r in rollers))
    return [SpellVictimOdds(v.id, hit[i], spell_effect_odds(state, caster, v, spell_id).scaled(hit[i]), hof[i])
            for i, v in enumerate(victims)]


def victim_beaten(state: GameState, context: DecisionContext, inner_reserve: bool = False) -> Fraction:
    """P(an area of effect's victim is beaten), read from its Fate decision's context (Blast or More than One):
    with or without Inner Reserve, Hand of Fortune kept for after the roll when [FATE-7] allows it."""
    victim, total = state.model(context["model"]), context["against"]
    if "area_attack" in context:
        return victim_odds(state, context["area_attack"], total, inner_reserve=inner_reserve).p_hit
    if "area_spell" not in context:
        raise ValueError(f"a victim's roll of neither an area attack nor an area spell: {sorted(context)}")
    return area_spell_hold(state, state.model(context["caster"]), victim, context["area_spell"], total,
                           inner_reserve=inner_reserve).beaten


def rerolled_beaten(dice: list[int], total: int, against: int) -> Fraction:
    """P(``against`` still beats a roll of ``total`` after all its ``dice`` are rolled again ([FATE-6], [DICE-4]))."""
    return against_total(Roller(len(dice), total - sum(dice)), against).beaten
