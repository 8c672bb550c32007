"""The Nerve tests outside a melee ([TW-NERVE-5]) and the band's Inspiration moving ([TW-INSP-1]).

A group tests against its leader's CV when its chief or companion falls to a shot, when one of it dies a gory
death, or when an unseen enemy attacks it from within 6″; an Inspired band adds 1, a Demoralized one takes 1.
Failing by one or two, the enemy chooses: the group falls back a Move, or stays pinned at CV−1; by three or
more, it routs off the table or stays pinned at CV−2.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from game.core.dice import Modifier
from game.rules.decisions import Decision, Option
from game.systems.thornwood.dice_rolls import cv_test, movement_roll
from game.systems.thornwood.groups import groups_of, leader, name_of
from game.systems.thornwood.kinds import TwDecision, TwEvent
from game.systems.thornwood.retreat import fall_back, rout
from game.systems.thornwood.state import FigureState, TwState
from game.systems.thornwood.tables import Inspiration

Gen = Generator[Any, Any, Any]
LEVELS = (Inspiration.demoralized, Inspiration.standard, Inspiration.inspired)
SURPRISE_RANGE = 6.0


def inspiration_modifiers(state: TwState, side: int) -> tuple[Modifier, ...]:
    level = state.sides[side].inspiration
    if level is Inspiration.inspired:
        return (Modifier(1, "TW-NERVE-5", "the band is Inspired"),)
    if level is Inspiration.demoralized:
        return (Modifier(-1, "TW-NERVE-5", "the band is Demoralized"),)
    return ()


def shift_inspiration(state: TwState, side: int, step: int, why: str) -> None:
    """[TW-INSP-1]: the whole band goes up (``step`` 1) or down (−1) one level, within Inspired and
    Demoralized."""
    s = state.sides[side]
    now = LEVELS.index(s.inspiration)
    new = LEVELS[max(0, min(len(LEVELS) - 1, now + step))]
    if new is not s.inspiration:
        s.inspiration = new
        state.emit(TwEvent.TwInspiration, f"{s.name} is now {new.value}: {why} [TW-INSP-1]", side=side,
                   level=new.value)


def groups_hit(state: TwState, figures: list[FigureState]) -> list[list[FigureState]]:
    ids = {f.id for f in figures}
    out = []
    for side in sorted({f.side for f in figures}):
        out += [g for g in groups_of(state, side) if any(m.id in ids for m in g)]
    return out


def after_shooting(state: TwState, struck: list[FigureState], shooter_side: int) -> Gen:
    """[TW-NERVE-5]: each group whose chief or companion fell, or one of whom died a gory death, tests."""
    for group in groups_hit(state, struck):
        cause = [f for f in struck if any(f.id == m.id for m in group)
                 and (f.gory or (f.fallen and str(f.profile.type) in ("chief", "companion")))]
        standing = [m for m in group if m.on_table]
        if cause and standing:
            what = f"{cause[0].name} {'dies a gory death' if cause[0].gory else 'falls'}"
            yield from nerve_test(state, standing, shooter_side, what)


def surprised(state: TwState, group: list[FigureState], by: FigureState) -> Gen:
    """[TW-NERVE-5]: an enemy the group's side had not seen attacks it from within 6″."""
    yield from nerve_test(state, [m for m in group if m.on_table], by.side, f"{by.name} attacks unseen")


def nerve_test(state: TwState, group: list[FigureState], enemy: int, why: str) -> Gen:
    if not group:
        return
    side = group[0].side
    lead = leader(group)
    roll = cv_test(state.dice, lead.cv, inspiration_modifiers(state, side), what=f"{name_of(group)} Nerve ({why})",
                   rule="TW-NERVE-5")
    state.emit(TwEvent.TwNerve, roll.explain(), group=[m.id for m in group], passed=roll.passed)
    if roll.passed:
        return
    bad = roll.margin >= 3
    options = [Option("pin", f"Pin it where it stands at CV−{2 if bad else 1}"),
               Option("rout" if bad else "back", "Rout it off the table" if bad else "Drive it back a Move")]
    key = yield Decision(TwDecision.tw_nerve_choice, enemy, f"{name_of(group)} fails its Nerve by {roll.margin}: "
                         "your choice", "TW-NERVE-5", options, context={"group": [m.id for m in group]})
    if key == "pin":
        until = state.side_turns + (1 if state.active_side != side else 2)
        for m in group:
            m.pinned, m.pinned_until = (2 if bad else 1), until
        state.emit(TwEvent.TwNerve, f"{name_of(group)} is pinned at CV−{2 if bad else 1} until the end of its "
                   "next turn [TW-NERVE-5]", group=[m.id for m in group])
    elif key == "rout":
        rout(state, group, why)
    else:
        move = movement_roll(state.dice, "move", reason=f"{name_of(group)} falls back")
        for m in group:
            fall_back(state, m, move.inches, why=why)
        state.emit(TwEvent.TwNerve, f"{name_of(group)} falls back: {move.explain()} [TW-NERVE-5]",
                   group=[m.id for m in group])
    state.touch()
