"""The exact odds against the engine's own resolve_attack, over every outcome of the dice.

A *situation* is a hand-set table (tests/rules/harness.py) with one attack and the answers both sides give
to its decisions. :func:`engine_distribution` plays ``resolve_attack`` once per outcome of every die it asks
for (a roll's dice as a multiset with its multinomial weight, each single d6 on its own), so its result is
the engine's exact outcome distribution; past a budget of plays it falls back to a seeded Monte Carlo.
:func:`odds_of` asks :func:`game.ai.odds.attack_odds` with the same Fate and re-roll policy.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations_with_replacement
from pathlib import Path
from typing import Any

from game.ai.odds import Odds, attack_odds
from game.core.dice import Dice, DieRecord
from game.rules import conditions
from game.rules.combat import Attack, resolve_attack
from game.rules.state import KILLED, GameState
from game.rules.traits.base import TRAITS, hooks_of, load_all
from tests.rules.harness import figure, table

ROOT = Path(__file__).resolve().parents[2]

# -- what there is to cover ---------------------------------------------------------------------------

WEAKENED = ("MA", "RA", "PD", "WP")


def trait_ids() -> list[str]:
    load_all()
    return sorted(TRAITS)


def condition_ids() -> list[str]:
    """Every condition a model may carry: the registered condition classes."""
    load_all()
    return sorted(conditions.CONDITIONS)


def condition_value(name: str, rng: random.Random) -> Any:
    return rng.choice(WEAKENED) if name == "weakness" else True


# -- situations --------------------------------------------------------------------------------------

MELEE = ((("Sword", "1h_edged"),), (("Maul", "2h_blunt"),), (("Axe", "2h_edged"),),
         (("Mace", "1h_blunt"), ("Shield", "shield")), ())
RANGED = ((("Bow", "2h_ranged"),), (("Pistol", "1h_ranged_bp"),), (("Musket", "2h_ranged_bp"),),
          (("Javelins", "thrown"),))
CLOSE_ACTIONS = ("standard_attack", "furious_attack", "charge_attack", "free_strike", "sweep_strike", "shove")
RANGED_ACTIONS = ("ranged_attack", "aimed_shot")
ROLES = ("attacker", "defender", "attacker_friend", "defender_friend")


@dataclass
class Situation:
    state: GameState
    attack: Attack
    inner_reserve: tuple[bool, bool] = (False, False)  # attacker, defender
    policies: tuple[str, str] = ("never", "never")
    label: str = ""

    def odds_options(self) -> dict[str, Any]:
        return {"attacker_inner_reserve": self.inner_reserve[0], "defender_inner_reserve": self.inner_reserve[1],
                "policies": self.policies}


def situation(rng: random.Random, traits: Sequence[tuple[str, str]] = (),
              conds: Sequence[tuple[str, str]] = ()) -> Situation:
    """A random attack with ``traits`` and ``conds`` on the given roles (attacker, defender and a friend of
    each): random attributes, kinds, weapons, action, facing, wounds, Fate and re-roll policy."""
    ranged = rng.random() < 0.35
    on = {role: list(dict.fromkeys(t for t, r in traits if r == role)) for role in ROLES}

    def build(name: str, role: str, weapons: tuple) -> Any:
        kind = rng.choice(("follower", "follower", "companion", "hero"))
        p = figure(name, kind, MA=rng.randint(1, 5), RA=rng.randint(1, 5), PD=rng.randint(1, 5), WP=rng.randint(1, 4),
                   weapons=weapons, traits=tuple(on[role]))
        if "blessed_weapon" in on[role] and weapons:
            p = dataclasses.replace(p, blessed_weapon=weapons[0][0])
        return p

    a_weapons = rng.choice(RANGED) if ranged else rng.choice(MELEE)
    attacker, defender = build("Att", "attacker", a_weapons), build("Def", "defender", rng.choice(MELEE))
    ra, rd = attacker.base_diameter / 2, defender.base_diameter / 2
    behind = rng.random() < 0.3  # the attacker in the target's back arc ([MOD-1])
    dy = rng.choice((6.0, 9.0, 14.0)) if ranged else ra + rd
    placed: list[tuple[int, Any, float, float, float]] = [(0, attacker, 10.0, 10.0, 90.0),
                                                          (1, defender, 10.0, 10.0 + dy, 90.0 if behind else 270.0)]
    for side, role in ((0, "attacker_friend"), (1, "defender_friend")):
        if on[role] or rng.random() < 0.3:  # beside the target: in contact in close combat (gang up, [MOD-3])
            f = build(f"{'AD'[side]}Friend", role, rng.choice(MELEE))
            gap = 0.0 if not ranged and rng.random() < 0.7 else rng.choice((1.5, 4.0))
            sign = 1 if side == 0 else -1
            placed.append((side, f, 10.0 + sign * (rd + f.base_diameter / 2 + gap), 10.0 + dy,
                           180.0 if side == 0 else 0.0))
    fate = rng.choice([(0, 0), (6, 6), (1, 0), (0, 1), (2, 2)])
    state = table(*placed, fate=fate, seed=rng.randrange(1 << 30))
    a, d = state.model("A1"), state.model("B1")
    holders = {"attacker": a, "defender": d, "attacker_friend": state.models.get("A2"),
               "defender_friend": state.models.get("B2")}
    for cond, role in conds:
        model = holders[role]
        if model is not None:
            model.conditions = {**model.conditions, cond: condition_value(cond, rng)}
    for m in (a, d):
        m.wounds_taken = rng.choice((0, 0, m.max_wounds - 1))
    if ranged:
        action = rng.choice(RANGED_ACTIONS)
        attack = Attack(a, d, "ranged", action, 0, rng.choice((0, 0, 1)), rng.choice(("short", "long")),
                        cover=rng.random() < 0.4)
    else:
        action = rng.choice(CLOSE_ACTIONS)
        weapon = None if action == "shove" or not any(w[1] != "shield" for w in a_weapons) else 0
        attack = Attack(a, d, "close", action, weapon, rng.choice((0, 0, 1)), no_fate=action == "free_strike")
    for h in hooks_of(a):  # as the action does before resolving ([T-BLAST-1], [T-SPRAY-2])
        h.prepare_attack(state, attack)
    policies = rng.choice((("never", "never"), ("when_losing", "when_losing"), ("when_losing", "never"),
                           ("never", "when_losing")))
    if fate not in ((0, 0), (6, 6)):
        policies = ("never", "never")  # Hand of Fortune would spend Fate the trait rolls count on (odds.py says so)
    allowed = not attack.no_fate  # [FATE-8]
    reserve = (allowed and fate[0] > 0 and rng.random() < 0.3, allowed and fate[1] > 0 and rng.random() < 0.3)
    label = f"{attack.kind} {action} traits={list(traits)} conds={list(conds)} fate={fate} policies={policies} " \
            f"IR={reserve} behind={behind}"
    return Situation(state, attack, reserve, policies, label)


# -- the engine, played over every die -------------------------------------------------------------------

class _Need(Exception):
    def __init__(self, dice: int | None):
        super().__init__()
        self.dice = dice  # a roll of that many dice, or None: one d6


class _Scripted(Dice):
    """Dice that give the values of ``script`` in order (a tuple for a whole roll), then ask for more."""

    def __init__(self, script: tuple[Any, ...]):
        super().__init__(0)
        self.script, self.at = script, 0

    def _next(self, want: int | None) -> Any:
        if self.at >= len(self.script):
            raise _Need(want)
        value = self.script[self.at]
        self.at += 1
        return value

    def roll(self, n: int, reason: str = "") -> tuple[int, ...]:
        dice = self._next(n)
        self.history += [DieRecord(v, reason, True) for v in dice]
        return dice

    def d6(self, reason: str = "") -> int:
        value = self._next(None)
        self.history.append(DieRecord(value, reason, True))
        return value


def _multisets(n: int) -> Iterator[tuple[tuple[int, ...], Fraction]]:
    for dice in combinations_with_replacement(range(1, 7), n):
        ways = math.factorial(n)
        for c in Counter(dice).values():
            ways //= math.factorial(c)
        yield dice, Fraction(ways, 6 ** n)


@dataclass(frozen=True)
class Outcome:
    misfire: bool
    hit: bool
    brutal: bool
    wounds: int
    killed: bool
    stunned: bool  # newly Stunned by the attack


def _answer(sit: Situation, state: GameState, decision: Any) -> Any:
    role = 0 if decision.side == sit.attack.attacker.side else 1
    keys = decision.choices()
    if decision.kind == "inner_reserve":
        first = "area_attack" not in decision.context
        return "spend" if first and sit.inner_reserve[role] else "pass"
    if decision.kind == "trait_fate":
        return "spend"  # the odds' assumption: trait rolls spend Fate while the side has any
    if decision.kind == "reroll":
        if sit.policies[role] == "never" or not decision.context.get("losing"):
            return "pass"
        traits = [k for k in keys if k not in ("pass", "hand_of_fortune")]
        return traits[0] if traits else ("hand_of_fortune" if "hand_of_fortune" in keys else "pass")
    return keys[0]  # what follows the attack (a Spray shot's weapon ...) does not change its target


def play(sit: Situation, dice: Dice) -> Outcome:
    """Resolve the situation's attack with ``dice``, then put the table back as it was."""
    return _play(sit, dice)[0]


def _play(sit: Situation, dice: Dice) -> tuple[Outcome, int]:
    """``play``'s outcome, and the wounds the attacker took (a Heroic Duel's defender strikes back)."""
    state, d, a = sit.state, sit.attack.defender, sit.attack.attacker
    saved = _save(state)
    state.dice = dice
    wounds, stunned, counter = d.wounds_taken, bool(d.conditions.get("stunned")), a.wounds_taken
    gen = resolve_attack(state, dataclasses.replace(sit.attack))
    try:
        try:
            decision = next(gen)
            while True:
                decision = gen.send(decision.validate(_answer(sit, state, decision)))
        except StopIteration as stop:
            result = stop.value
        return Outcome(result.misfire, result.hit, result.brutal, d.wounds_taken - wounds, d.status == KILLED,
                       bool(d.conditions.get("stunned")) and not stunned), a.wounds_taken - counter
    finally:
        _restore(state, saved)


def _save(state: GameState) -> tuple:
    return (state.dice, len(state.log), list(state.fate_used), list(state.weapons_used), dict(state.arcane_armor_turn),
            [(s.fate, s.hero_died_turn) for s in state.sides],
            [(m.x, m.y, m.facing, m.wounds_taken, m.status, dict(m.conditions), list(m.jammed))
             for m in state.models.values()])


def _restore(state: GameState, saved: tuple) -> None:
    state.dice, log, state.fate_used, state.weapons_used, state.arcane_armor_turn, sides, models = saved
    del state.log[log:]
    for s, (fate, died) in zip(state.sides, sides, strict=True):
        s.fate, s.hero_died_turn = fate, died
    for m, (x, y, facing, wounds, status, conds, jammed) in zip(state.models.values(), models, strict=True):
        m.x, m.y, m.facing, m.wounds_taken, m.status, m.conditions, m.jammed = x, y, facing, wounds, status, conds, \
            jammed


@dataclass
class EngineResult:
    dist: dict[Outcome, Fraction] = field(default_factory=dict)
    exact: bool = True
    plays: int = 0
    counter: dict[int, Fraction] = field(default_factory=dict)  # the attacker's wounds taken (exact runs only)


def engine_distribution(sit: Situation, budget: int = 4000, samples: int = 4000) -> EngineResult:
    """The engine's outcome distribution: every dice outcome played, or ``samples`` seeded plays past ``budget``."""
    out = EngineResult()
    stack: list[tuple[tuple[Any, ...], Fraction]] = [((), Fraction(1))]
    while stack:
        if out.plays > budget:
            return monte_carlo(sit, samples)
        script, weight = stack.pop()
        out.plays += 1
        try:
            outcome, counter = _play(sit, _Scripted(script))
        except _Need as need:
            if need.dice is None:
                stack += [((*script, v), weight / 6) for v in range(1, 7)]
            else:
                stack += [((*script, dice), weight * w) for dice, w in _multisets(need.dice)]
            continue
        out.dist[outcome] = out.dist.get(outcome, Fraction(0)) + weight
        out.counter[counter] = out.counter.get(counter, Fraction(0)) + weight
    return out


def monte_carlo(sit: Situation, samples: int) -> EngineResult:
    counts: Counter[Outcome] = Counter()
    for seed in range(samples):
        counts[play(sit, Dice(seed))] += 1
    return EngineResult({k: Fraction(v, samples) for k, v in counts.items()}, False, samples)


# -- the comparison -----------------------------------------------------------------------------------

def marginals(dist: dict[Outcome, Fraction]) -> dict[str, Fraction]:
    """The figures the odds give, from an outcome distribution."""
    out: dict[str, Fraction] = Counter()  # type: ignore[assignment]
    for o, p in dist.items():
        out["p_win"] += p * o.hit
        out["p_misfire"] += p * o.misfire
        out["p_brutal"] += p * o.brutal
        out["p_kill"] += p * o.killed
        out["p_stun"] += p * o.stunned
        out[f"wounds={o.wounds}"] += p
    return {k: v for k, v in out.items() if v}


def odds_of(sit: Situation) -> Odds:
    return attack_odds(sit.state, sit.attack, **sit.odds_options())


def odds_marginals(odds: Odds) -> dict[str, Fraction]:
    out = {"p_win": odds.p_win, "p_misfire": odds.p_misfire, "p_brutal": odds.p_brutal, "p_kill": odds.p_kill,
           "p_stun": odds.p_stun, **{f"wounds={k}": p for k, p in odds.wounds.items()}}
    return {k: v for k, v in out.items() if v}


def differences(sit: Situation, engine: EngineResult) -> list[str]:
    """Where the odds and the engine disagree: exactly, or beyond 4.5 standard errors of a Monte Carlo."""
    want, got = marginals(engine.dist), odds_marginals(odds_of(sit))
    wrong = []
    for key in sorted(set(want) | set(got)):
        e, o = want.get(key, Fraction(0)), got.get(key, Fraction(0))
        if engine.exact:
            if e != o:
                wrong.append(f"{key}: engine {e} ({float(e):.4f}), odds {o} ({float(o):.4f})")
        else:
            sigma = math.sqrt(max(float(o) * (1 - float(o)), 1 / engine.plays) / engine.plays)
            if abs(float(e) - float(o)) > 4.5 * sigma:
                wrong.append(f"{key}: engine ~{float(e):.4f} (Monte Carlo, n={engine.plays}), odds {float(o):.4f}")
    return wrong
