"""The order of a Gearfall round ([GF-INIT-1]): 2d6 + INIT each, highest first; ties rolled again among the tied.

Each roll is kept (who, the dice, the total, which roll-off it was), so the log shows how the order came about.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.core.dice import Dice

MAX_ROLL_OFFS = 100  # a tie re-rolled this often is a forced-dice test that ran out of dice, not a game


@dataclass(frozen=True)
class InitiativeRoll:
    who: str
    dice: tuple[int, int]
    init: int
    roll_off: int  # 0: the first roll; n: the n-th roll among those tied

    @property
    def total(self) -> int:
        return sum(self.dice) + self.init


def initiative(dice: Dice, contenders: Sequence[tuple[str, int]]) -> tuple[list[str], list[InitiativeRoll]]:
    """The order (highest total first) of ``contenders`` (id, INIT) and every roll made: those who tie roll
    again, among themselves only, until each place is settled; a roll-off settles the tied group's places alone."""
    rolls: list[InitiativeRoll] = []

    def settle(group: Sequence[tuple[str, int]], roll_off: int) -> list[str]:
        if len(group) == 1:
            return [group[0][0]]
        if roll_off > MAX_ROLL_OFFS:
            raise RuntimeError(f"initiative still tied after {MAX_ROLL_OFFS} roll-offs")
        mine = []
        for who, init in group:
            d = dice.roll(2, f"{who}: initiative" + (f" roll-off {roll_off}" if roll_off else ""))
            r = InitiativeRoll(who, (d[0], d[1]), init, roll_off)
            rolls.append(r)
            mine.append((r, init))
        totals = sorted({r.total for r, _ in mine}, reverse=True)
        order: list[str] = []
        for total in totals:
            tied = [(r.who, init) for r, init in mine if r.total == total]
            order += settle(tied, roll_off + 1) if len(tied) > 1 else [tied[0][0]]
        return order

    return settle(list(contenders), 0), rolls
