"""Forced dice for Gearfall's tests: the values given, in order, before any random die."""

from __future__ import annotations

from game.core.dice import Dice


def forced(*values: int) -> Dice:
    dice = Dice(1)
    dice.force(*values)
    return dice
