"""How a melee ends: its Nerve Points, the loser's test and what it does, a tie fought on or broken off
([TW-NERVE-1]–[TW-NERVE-4]); the arithmetic is game.systems.thornwood.nerve's.

RULINGS where the book is silent: a tie fights on (roles switched) once — a second tie breaks the melee off as
an odd one does; a loser with nobody standing fails by three; the fallen are carried off by a standing comrade
of the melee within 1″ of them, else they stay where they lie; a pursuit fights one more round, no more.
"""

from __future__ import annotations

import math
from collections.abc import Generator
from typing import Any

from game.rules.decisions import Decision, Option
from game.systems.thornwood import movement
from game.systems.thornwood.charge import Fight, melee_round
from game.systems.thornwood.dice_rolls import movement_roll
from game.systems.thornwood.kinds import TwDecision, TwEvent
from game.systems.thornwood.melee import FightResult
from game.systems.thornwood.nerve import NerveResult, best_standing_cv, loser_test, melee_points, result_of, tie_of
from game.systems.thornwood.nerve_tests import shift_inspiration
from game.systems.thornwood.retreat import fall_back
from game.systems.thornwood.state import FigureState, TwState

Gen = Generator[Any, Any, Any]
CARRY_REACH = 1.0


def sides_of(state: TwState, fights: list[Fight]) -> tuple[list[FigureState], list[FigureState]]:
    """The figures of the melee on the attacking side and on the defending side."""
    a = [state.figure(i) for f in fights for i in (f.attacker, *f.a_support)]
    d = [state.figure(i) for f in fights for i in (f.defender, *f.d_support)]
    return list({f.id: f for f in a}.values()), list({f.id: f for f in d}.values())


def spot_of(figures: list[FigureState]) -> tuple[float, float]:
    xs = [f.x for f in figures] or [18.0]
    ys = [f.y for f in figures] or [18.0]
    return sum(xs) / len(xs), sum(ys) / len(ys)


def settle(state: TwState, fights: list[Fight], results: list[tuple[Fight, FightResult]], attacking_side: int,
           round_no: int = 1, pursuit: bool = False) -> Gen:
    attackers, defenders = sides_of(state, fights)
    pts = melee_points([r for _, r in results])
    a, d = pts["attacker"].total, pts["defender"].total
    names = (state.sides[attacking_side].name, state.sides[1 - attacking_side].name)
    state.emit(TwEvent.TwNerve, f"Nerve Points: {names[0]} {pts['attacker'].explain()}; {names[1]} "
               f"{pts['defender'].explain()} [TW-NERVE-1]", attacker=a, defender=d)
    spot = spot_of(attackers + defenders)
    if a == d:
        tie = tie_of(a)
        if tie.continues and round_no == 1 and not pursuit:
            state.emit(TwEvent.TwNerve, f"The melee is {tie.text} [TW-NERVE-4]")
            jumped = {f.defender for f, r in results if r.defender.leaves}  # out of the fight ([TW-CC-13])
            switched = [Fight(f.defender, f.attacker, list(f.d_support), list(f.a_support),
                              out=f.out or f.defender in jumped) for f in fights]
            yield from melee_round(state, switched, 1 - attacking_side, round_no=2)
            return
        state.emit(TwEvent.TwNerve, f"The melee is tied {a} to {d}: both sides withdraw at Move [TW-NERVE-4]")
        for group in (attackers, defenders):
            withdraw(state, group, "move", carry=True)
        return
    winner_is_attacker = a > d
    winners, losers = (attackers, defenders) if winner_is_attacker else (defenders, attackers)
    w_side = attacking_side if winner_is_attacker else 1 - attacking_side
    best = best_standing_cv((f.cv, not f.standing) for f in losers)
    test = loser_test(state.dice, max(a, d), min(a, d), best, reason=f"{state.sides[1 - w_side].name}'s nerve")
    result = test.result if best > 0 else result_of(3)
    assert isinstance(result, NerveResult)
    state.emit(TwEvent.TwNerve, f"{state.sides[1 - w_side].name} lost the melee {max(a, d)} to {min(a, d)}: "
               + (test.explain() if best > 0 else "nobody is left standing to test: it fails by three")
               + " [TW-NERVE-3]", loser=1 - w_side, result=result.name)
    if result.both_step_back:
        for group in (attackers, defenders):
            step_back(state, group, result.both_step_back, spot)
    if result.losers_move:
        withdraw(state, losers, result.losers_move, carry=not result.fallen_left_behind)
    if result.winners_inspired:
        shift_inspiration(state, w_side, 1, "it won a melee")
    if result.losers_demoralized:
        shift_inspiration(state, 1 - w_side, -1, "it fled a melee")
    if result.winners_may_pursue and not pursuit:
        yield from pursue(state, winners, losers, w_side)


def carried(group: list[FigureState], standing: list[FigureState]) -> list[FigureState]:
    """The fallen of the melee a standing comrade within 1″ can drag clear ([TW-NERVE-3], [TW-NERVE-4])."""
    return [f for f in group if f.on_table and f.fallen
            and any(math.dist((f.x, f.y), (s.x, s.y)) - f.radius - s.radius <= CARRY_REACH for s in standing)]


def step_back(state: TwState, group: list[FigureState], inches: float, spot: tuple[float, float]) -> None:
    """A passed loser's test: the side's standing figures move back from the spot of the melee, dragging clear
    the fallen a standing comrade reaches; the others stay where they lie ([TW-NERVE-3])."""
    standing = [f for f in group if f.standing]
    for f in standing + carried(group, standing):
        fall_back(state, f, inches, away_from=spot, why="stepping back from the melee")


def withdraw(state: TwState, group: list[FigureState], how: str, carry: bool) -> None:
    """Retire or flee one action: the standing figures fall back a Move (or Run) roll; a fallen one goes with
    them when a standing comrade of the melee is within 1″ and ``carry`` allows."""
    standing = [f for f in group if f.standing]
    if not standing:
        return
    roll = movement_roll(state.dice, "run" if how == "run" else "move", reason=f"{standing[0].name}'s side falls back")
    carried_off = carried(group, standing) if carry else []
    for f in standing + carried_off:
        fall_back(state, f, roll.inches, may_leave=how == "run", why="fleeing a melee" if how == "run" else "")
    state.emit(TwEvent.TwNerve, f"{', '.join(f.name for f in standing + carried_off)} "
               f"{'flee' if how == 'run' else 'fall back'}: {roll.explain()} [TW-NERVE-3]",
               models=[f.id for f in standing + carried_off])


def pursue(state: TwState, winners: list[FigureState], losers: list[FigureState], side: int) -> Gen:
    """[TW-NERVE-3]: the winners may stay or pursue at a run; those that catch a fleeing enemy fight again."""
    fleeing = [f for f in losers if f.standing]
    chasers = [f for f in winners if f.standing]
    if not fleeing or not chasers:
        return
    key = yield Decision(TwDecision.tw_pursue, side, "The enemy flees: pursue?", "TW-NERVE-3",
                         [Option("stay", "Stay where you are"), Option("pursue", "Pursue at a run")],
                         context={"system": {"group": [f.id for f in chasers]}})
    if key == "stay":
        return
    run = movement_roll(state.dice, "run", reason="the pursuit")
    state.emit(TwEvent.TwMoveRoll, f"The pursuit: {run.explain()}", kind="run", inches=run.inches)
    fights: dict[str, Fight] = {}
    for c in chasers:
        near = sorted((f for f in fleeing if f.on_table), key=lambda f: math.dist((c.x, c.y), (f.x, f.y)))
        for f in near:
            p = movement.contact_point(state, c, f, run.inches)
            if p is None:
                continue
            path = movement.route(state, c, p, run.inches)
            if isinstance(path, str):
                continue
            c.x, c.y = p
            state.touch()
            if f.id in fights:
                fights[f.id].a_support.append(c.id)
            else:
                fights[f.id] = Fight(c.id, f.id)
            break
    if fights:
        state.emit(TwEvent.TwCharge, "The pursuers catch the fleeing: another round of close combat [TW-NERVE-3]")
        yield from melee_round(state, list(fights.values()), side, pursuit=True)
    else:
        state.emit(TwEvent.TwCharge, "The pursuers do not catch the fleeing [TW-NERVE-3]")
