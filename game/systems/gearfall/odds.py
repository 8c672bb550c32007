"""The exact odds of a Gearfall attack: every face the dice could show, judged by the rules' own functions.

Nothing is restated here: whether a face hits, is critical and how many damage points a damage roll deals are
asked of game.systems.gearfall.attacks, so a rule changed there changes the odds with it (the differential
test in tests/systems/gearfall holds the two together).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from itertools import product

from game.systems.gearfall import attacks
from game.systems.gearfall.attacks import Strike
from game.systems.gearfall.rolls import BASE_DICE


@dataclass(frozen=True)
class AttackOdds:
    p_hit: Fraction
    p_critical: Fraction
    p_knockdown: Fraction  # [GF-KD-1]
    damage: tuple[tuple[int, Fraction], ...]  # damage points -> chance (a miss deals 0)

    @property
    def expected_damage(self) -> Fraction:
        return sum((Fraction(k) * p for k, p in self.damage), Fraction(0))

    def chance_of_at_least(self, points: int) -> Fraction:
        return sum((p for k, p in self.damage if k >= points), Fraction(0))


@cache
def _faces(n: int) -> tuple[tuple[int, ...], ...]:
    return tuple(product(range(1, 7), repeat=n))


@cache
def _sums(n: int) -> tuple[tuple[int, int], ...]:
    """(sum, ways) of n d6."""
    return tuple(sorted(Counter(sum(f) for f in _faces(n)).items()))


@lru_cache(maxsize=4096)
def attack_odds(s: Strike) -> AttackOdds:
    """P(hit), P(critical hit) and the damage points' distribution of ``s`` resolved now."""
    faces = _faces(BASE_DICE + len(attacks.attack_dice(s)))
    hit_ways = sum(1 for f in faces if attacks.hits(s, f))
    crit_ways = sum(1 for f in faces if attacks.critical(s, f))
    down_ways = sum(1 for f in faces if attacks.knocks_down(s, f))
    p_hit = Fraction(hit_ways, len(faces))
    _, value = attacks.damage_stat(s)
    n = BASE_DICE + len(attacks.damage_dice(s))
    damage: Counter[int] = Counter()
    for total, ways in _sums(n):
        damage[attacks.damage_points(total + value, s.armour)] += ways
    out: dict[int, Fraction] = {0: 1 - p_hit}
    for points, ways in damage.items():
        out[points] = out.get(points, Fraction(0)) + p_hit * Fraction(ways, 6 ** n)
    return AttackOdds(p_hit, Fraction(crit_ways, len(faces)), Fraction(down_ways, len(faces)),
                      tuple(sorted((k, p) for k, p in out.items() if p)))
