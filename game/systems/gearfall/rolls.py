"""Gearfall's rolls: 2d6 + a stat against a target number, additional dice and boosts, d3 ([GF-ROLL-1]-[GF-ROLL-5]).

Every roll is kept whole (its dice, the stat, each modifier with its rule, each additional die with the rule
that gave it) so the log can say why it came out as it did. The judgement of a roll is a pure function of its
dice and numbers: the engine asks it of the dice that fell, the odds of every outcome the dice could show.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.core.dice import Dice, Modifier

BASE_DICE = 2  # [GF-ROLL-1]


@dataclass(frozen=True)
class ExtraDie:
    """One additional die and the rule (or ability) that grants it ([GF-ROLL-4])."""

    rule: str
    source: str


BOOSTED = ExtraDie("GF-ROLL-5", "an ability")  # a boost by an ability of the roller's


def counted_dice(extra: Sequence[ExtraDie], boosts: Sequence[ExtraDie] = ()) -> tuple[ExtraDie, ...]:
    """The additional dice a roll takes: one a rule, however many dice that rule offers ([GF-ROLL-4]); and one
    die for being boosted, however many effects boost it ([GF-ROLL-5]), cited with every rule that did."""
    out: list[ExtraDie] = []
    for die in extra:
        if die.rule not in {d.rule for d in out}:
            out.append(die)
    if boosts:
        rules = list(dict.fromkeys(b.rule for b in boosts))
        out.append(ExtraDie(", ".join(rules), "boosted: " + ", ".join(dict.fromkeys(b.source for b in boosts))))
    return tuple(out)


def automatic(dice: Sequence[int]) -> bool | None:
    """[GF-ROLL-2]: all 1s fail whatever the total; all 6s succeed, unless only one die was rolled (a lone 6 is
    judged by its total like any roll). None: the total decides."""
    if all(d == 1 for d in dice):
        return False
    if len(dice) > 1 and all(d == 6 for d in dice):
        return True
    return None


def succeeds(dice: Sequence[int], total: int, target: int) -> bool:
    """[GF-ROLL-1]: a total equal to or higher than the target number succeeds; [GF-ROLL-2] first."""
    auto = automatic(dice)
    return total >= target if auto is None else auto


def d3(die: int) -> int:
    """[GF-ROLL-3]: a d6 read 1-2 as 1, 3-4 as 2, 5-6 as 3."""
    if not 1 <= die <= 6:
        raise ValueError(f"a d6 shows 1 to 6, not {die}")
    return (die + 1) // 2


@dataclass(frozen=True)
class Roll:
    """One roll: dice + stat + modifiers, against a target number when it has one."""

    what: str  # "melee attack", "damage", "initiative" ...
    dice: tuple[int, ...]
    stat: str  # what is added to the dice: "MAT", "P+S", "INIT" ...
    stat_value: int
    modifiers: tuple[Modifier, ...] = ()
    extra: tuple[ExtraDie, ...] = ()  # the additional dice among ``dice``, each with its rule

    @property
    def total(self) -> int:
        return sum(self.dice) + self.stat_value + sum(m.value for m in self.modifiers)

    def explain(self) -> str:
        parts = [f"dice {'+'.join(map(str, self.dice))}"]
        parts += [f"(+1 die {d.source} [{d.rule}])" for d in self.extra]
        parts.append(f"{self.stat} {self.stat_value}")
        parts += [m.describe() for m in self.modifiers]
        return " ".join(parts) + f" = {self.total}"


def roll(dice: Dice, what: str, stat: str, value: int, modifiers: Sequence[Modifier] = (),
         extra: Sequence[ExtraDie] = (), boosts: Sequence[ExtraDie] = ()) -> Roll:
    """Roll 2d6 and the additional dice that count ([GF-ROLL-4], [GF-ROLL-5])."""
    counted = counted_dice(extra, boosts)
    rolled = dice.roll(BASE_DICE + len(counted), what)
    return Roll(what, rolled, stat, value, tuple(modifiers), counted)
