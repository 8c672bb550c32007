"""Dice: one seeded source for every die in a game ([DICE-7]).

The generator is PCG32 rather than :mod:`random` so its whole state is two
integers: it copies, serialises and restores exactly, on any Python version.
Tests force exact outcomes by queueing values, which are consumed before the
random source is touched.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game.core.errors import IllegalAction

_MASK64 = (1 << 64) - 1
_MULT = 6364136223846793005


@dataclass(frozen=True)
class DieRecord:
    """One die as it fell: its value, why it was rolled, whether a test forced it."""

    value: int
    reason: str
    forced: bool = False


class Dice:
    """Seeded d6 source that records every die it gives out."""

    def __init__(self, seed: int = 0):
        self.seed = int(seed)
        self._inc = ((self.seed * 2 + 1) | 1) & _MASK64
        self._state = 0
        self._step()
        self._state = (self._state + (self.seed & _MASK64)) & _MASK64
        self._step()
        self._forced: deque[int] = deque()
        self.history: list[DieRecord] = []

    # -- the generator -------------------------------------------------------
    def _step(self) -> int:
        old = self._state
        self._state = (old * _MULT + self._inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def _uniform(self, n: int) -> int:
        """Unbiased integer in [0, n) by rejection sampling."""
        limit = (1 << 32) - ((1 << 32) % n)
        while True:
            r = self._step()
            if r < limit:
                return r % n

    # -- forcing (tests, replays of table rolls) ------------------------------
    def force(self, *values: int) -> None:
        """Queue exact die values, used before any random die."""
        for v in values:
            if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 6:
                raise ValueError(f"a forced d6 must be an integer 1-6, got {v!r}")
        self._forced.extend(values)

    @property
    def forced_pending(self) -> int:
        return len(self._forced)

    # -- rolling -------------------------------------------------------------
    def d6(self, reason: str = "") -> int:
        if self._forced:
            value, forced = self._forced.popleft(), True
        else:
            value, forced = self._uniform(6) + 1, False
        self.history.append(DieRecord(value, reason, forced))
        return value

    def roll(self, n: int, reason: str = "") -> tuple[int, ...]:
        """Roll n d6 ([DICE-1]: 2d6 plus any extra dice)."""
        return tuple(self.d6(reason) for _ in range(n))

    def choice_index(self, n: int, reason: str = "") -> int:
        """A uniform pick among n things (a blind draw from the bag), from the same source.

        Forced d6 values are never consumed here: they stand for dice, not draws.
        """
        if n <= 0:
            raise ValueError("nothing to choose from")
        return self._uniform(n)

    # -- state ---------------------------------------------------------------
    def to_dict(self) -> dict[str, object]:
        """Plain data for the game state and save files."""
        return {
            "seed": self.seed,
            "state": self._state,
            "inc": self._inc,
            "forced": list(self._forced),
            "history": [[d.value, d.reason, d.forced] for d in self.history],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Dice:
        dice = cls.__new__(cls)
        dice.seed = int(data["seed"])
        dice._state = int(data["state"]) & _MASK64
        dice._inc = int(data["inc"]) & _MASK64 | 1
        dice._forced = deque(int(v) for v in data.get("forced", []))
        dice.history = [DieRecord(int(v), str(r), bool(f)) for v, r, f in data.get("history", [])]
        return dice

    def copy(self) -> Dice:
        clone = Dice.__new__(Dice)
        clone.seed, clone._state, clone._inc = self.seed, self._state, self._inc
        clone._forced, clone.history = deque(self._forced), list(self.history)  # the records never change
        return clone

    def __deepcopy__(self, memo: dict[int, object]) -> Dice:
        return self.copy()


def has_double(dice: Sequence[int]) -> bool:
    """[DICE-3]: at least two dice show the same number, however many were rolled."""
    return len(set(dice)) < len(dice)


def has_critical_double(dice: Sequence[int]) -> bool:
    """[DICE-3]: at least two dice show 6."""
    return sum(1 for d in dice if d == 6) >= 2


def misfire(dice: Sequence[int]) -> bool:
    """Two or more dice show a natural 1: a black powder weapon's misfire ([SKILL-7]) and a caster's
    burn-out ([SORC-6]) read this one predicate, and so do the odds."""
    return sum(1 for d in dice if d == 1) >= 2


@dataclass(frozen=True)
class Modifier:
    """One modifier on a roll, with the rule that grants it and where it comes from ([MOD-15]).

    ``replaces`` names the rule of a bonus this one stands in for ("+4 rather than
    +2"): when both apply, the replaced one is dropped ([DICE-6]).
    """

    value: int
    rule: str
    source: str
    replaces: str | None = None

    def describe(self) -> str:
        return f"{self.value:+d} {self.source} [{self.rule}]"


def effective_modifiers(mods: list[Modifier] | tuple[Modifier, ...]) -> tuple[Modifier, ...]:
    """[DICE-6]: modifiers are cumulative, except those another one replaces."""
    replaced = {m.replaces for m in mods if m.replaces}
    if not replaced:  # (the common case: nothing replaced, every modifier applies)
        return mods if isinstance(mods, tuple) else tuple(mods)
    return tuple(m for m in mods if m.rule not in replaced)


def _applied_sum(mods: tuple[Modifier, ...]) -> int:
    """The sum of the modifiers that apply ([DICE-6]), without building their tuple."""
    replaced = {m.replaces for m in mods if m.replaces}
    if not replaced:
        return sum(m.value for m in mods)
    return sum(m.value for m in mods if m.rule not in replaced)


@dataclass(frozen=True)
class ResolutionRoll:
    """A resolution roll ([DICE-1]): dice + attribute + modifiers, fully explained."""

    dice: tuple[int, ...]
    attribute: str
    attribute_value: int
    modifiers: tuple[Modifier, ...] = ()
    rerolled: bool = False
    history: tuple[tuple[int, ...], ...] = field(default=())  # dice before each re-roll

    @property
    def applied(self) -> tuple[Modifier, ...]:
        return effective_modifiers(self.modifiers)

    @property
    def total(self) -> int:
        return sum(self.dice) + self.attribute_value + _applied_sum(self.modifiers)

    @property
    def double(self) -> bool:
        return has_double(self.dice)

    @property
    def critical(self) -> bool:
        return has_critical_double(self.dice)

    def explain(self) -> str:
        parts = [f"dice {'+'.join(str(d) for d in self.dice)}", f"{self.attribute} {self.attribute_value}"]
        parts += [m.describe() for m in self.applied]
        return " ".join(parts) + f" = {self.total}"


def roll_resolution(
    dice: Dice,
    attribute: str,
    value: int,
    modifiers: list[Modifier] | tuple[Modifier, ...] = (),
    extra_dice: int = 0,
    reason: str = "",
) -> ResolutionRoll:
    """Roll 2d6 plus extra dice for a resolution roll ([DICE-1])."""
    rolled = dice.roll(2 + extra_dice, reason or f"{attribute} roll")
    return ResolutionRoll(rolled, attribute, value, tuple(modifiers))


def active_wins(active: ResolutionRoll | int, reactive: ResolutionRoll | int) -> bool:
    """[DICE-2]: the higher total wins; a tie goes to the reactive roll."""
    a = active.total if isinstance(active, ResolutionRoll) else active
    r = reactive.total if isinstance(reactive, ResolutionRoll) else reactive
    return a > r


def reroll(roll: ResolutionRoll, dice: Dice, indices: list[int] | tuple[int, ...] | None = None) -> ResolutionRoll:
    """[DICE-4] pick up the allowed dice and roll them again; the new result stands.

    [DICE-5]: a roll already re-rolled may not be re-rolled again.
    """
    if roll.rerolled:
        raise IllegalAction("DICE-5", "no roll is re-rolled more than once")
    chosen = range(len(roll.dice)) if indices is None else indices
    new = list(roll.dice)
    for i, value in zip(chosen, dice.roll(len(chosen), f"re-roll of {roll.attribute} roll"), strict=True):
        new[i] = value
    return ResolutionRoll(tuple(new), roll.attribute, roll.attribute_value, roll.modifiers, True,
                          roll.history + (roll.dice,))


def ones(roll: ResolutionRoll) -> tuple[int, ...]:
    """Indices of the dice showing 1 (for re-roll-the-1s traits)."""
    return tuple(i for i, d in enumerate(roll.dice) if d == 1)
