"""Exact odds of a shot, from the rules' own tables (game.systems.thornwood.tables): the chance to hit a cell of
the grid and each damage result's chance against a target. The AI and the screen ask these; the rules roll."""

from __future__ import annotations

from fractions import Fraction

from game.systems.thornwood.shooting import Shot, target_modifiers
from game.systems.thornwood.state import FigureState
from game.systems.thornwood.tables import DAMAGE_COLUMNS, NATURAL_SIX_COLUMNS, HitNeed, damage_column, damage_result


def hit_chance(need: HitNeed) -> Fraction:
    """[TW-SHOOT-2]: a plain cell hits on ``first`` or less; a two-stage one needs a 1, then ``then`` or less."""
    if not need.possible:
        return Fraction(0)
    first = Fraction(min(need.first, 6), 6)
    return first if need.then is None else first * Fraction(min(need.then, 6), 6)


def damage_odds(shot: Shot, target: FigureState) -> dict[str, Fraction]:
    """[TW-DMG-1], [TW-DMG-2]: each result's chance once the shot hits."""
    add = shot.weapon.damage_at(shot.band) + sum(m.value for m in shot.damage_mods) \
        + sum(m.value for m in target_modifiers(target))
    shifts = sum(m.value for m in shot.damage_shifts)
    out: dict[str, Fraction] = {}
    for die in range(1, 7):
        column = damage_column(die + add) + shifts + (NATURAL_SIX_COLUMNS if die == 6 else 0)
        name = damage_result(column, die).name
        out[name] = out.get(name, Fraction(0)) + Fraction(1, 6)
    return out


def expected_cv(shot: Shot, target: FigureState) -> Fraction:
    """The CV the shot takes on average (a hit's damage weighed by the chance to hit)."""
    loss: dict[str, int] = {name: damage_result(DAMAGE_COLUMNS.index(name), 2).cv_loss for name in DAMAGE_COLUMNS}
    return hit_chance(shot.need.need) * sum((p * loss[n] for n, p in damage_odds(shot, target).items()),
                                            Fraction(0))
