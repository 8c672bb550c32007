"""The Nerve tests outside a melee ([TW-NERVE-5]) and the band's Inspiration moving ([TW-INSP-1]).

A group tests against its leader's CV when its chief or companion falls to a shot, when one of it dies a gory
death, or when an unseen enemy attacks it from within 6″; an Inspired band adds 1, a Demoralized one takes 1.
Failing by one or two, the enemy chooses: the group falls back a Move, or stays pinned at CV−1; by three or
more, it routs off the table or stays pinned at CV−2.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from game.rules.decisions import Decision, Option
from game.systems.thornwood.dice_rolls import movement_roll
from game.systems.thornwood.groups import GROUP_GAP, gap, groups_of, leader, name_of
from game.systems.thornwood.kinds import TwDecision, TwEvent
from game.systems.thornwood.nerve import OtherCause, OtherResult, other_test
from game.systems.thornwood.retreat import fall_back, rout
from game.systems.thornwood.state import FigureState, TwState
from game.systems.thornwood.tables import Inspiration

Gen = Generator[Any, Any, Any]
LEVELS = (Inspiration.demoralized, Inspiration.standard, Inspiration.inspired)
SURPRISE_RANGE = 6.0


_WORDS = {"retreat": "Drive it back a Move", "pinned": "Pin it where it stands", "rout": "Rout it off the table"}


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


def belongs(f: FigureState, group: list[FigureState]) -> bool:
    """Whether ``f`` is of the group, or was when it left the table (a gory death): within 2″ of a member where
    it fell ([TW-GRP-1])."""
    if f.on_table:
        return any(m.id == f.id for m in group)
    return any(m.side == f.side and gap(f, m) <= GROUP_GAP + 1e-9 for m in group)


def groups_hit(state: TwState, figures: list[FigureState]) -> list[list[FigureState]]:
    out = []
    for side in sorted({f.side for f in figures}):
        out += [g for g in groups_of(state, side) if any(belongs(f, g) for f in figures)]
    return out


def after_shooting(state: TwState, struck: list[FigureState], shooter_side: int) -> Gen:
    """[TW-NERVE-5]: each group whose leader, a chief or companion, fell, or one of whom died a gory death,
    tests."""
    fell = {f.id for f in struck}
    for group in groups_hit(state, struck):
        was_led_by = leader(group, stood=fell)  # who led it before the shots
        cause = [f for f in struck if belongs(f, group) and (
            f.gory or (f.id == was_led_by.id and f.fallen and f.profile.type.row.lead is not None))]
        standing = [m for m in group if m.on_table]
        if cause and standing:
            what = f"{cause[0].name} {'dies a gory death' if cause[0].gory else 'falls'}"
            yield from nerve_test(state, standing, shooter_side, "gory_death" if cause[0].gory else "leader_fell",
                                  what)


def surprised(state: TwState, group: list[FigureState], by: FigureState) -> Gen:
    """[TW-NERVE-5]: an enemy the group's side had not seen attacks it from within 6″."""
    yield from nerve_test(state, [m for m in group if m.on_table], by.side, "surprise", f"{by.name} attacks unseen")


def nerve_test(state: TwState, group: list[FigureState], enemy: int, cause: OtherCause, why: str) -> Gen:
    """[TW-NERVE-5]: the group tests against its leader's CV; failing, the enemy chooses what it does."""
    if not group:
        return
    side = group[0].side
    lead = leader(group)
    test = other_test(state.dice, lead.cv, state.sides[side].inspiration.value, cause)
    state.emit(TwEvent.TwNerve, f"{name_of(group)} ({why}): {test.explain()} [TW-NERVE-5]",
               group=[m.id for m in group], passed=test.passed)
    if test.passed:
        return
    result = test.result
    assert isinstance(result, OtherResult)
    options = [Option(what, _WORDS[what] + (f" at CV{cv}" if cv else "")) for what, cv in result.options]
    key = yield Decision(TwDecision.tw_nerve_choice, enemy, f"{name_of(group)} fails its Nerve by {test.margin}: "
                         "your choice", "TW-NERVE-5", options, context={"system": {"group": [m.id for m in group]}})
    pin = dict(result.options).get(key, 0)
    if key == "pinned":
        until = state.side_turns + (1 if state.active_side != side else 2)
        for m in group:
            m.pinned, m.pinned_until = -pin, until
        state.emit(TwEvent.TwNerve, f"{name_of(group)} is pinned at CV{pin} until the end of its next turn "
                   "[TW-NERVE-5]", group=[m.id for m in group])
    elif key == "rout":
        rout(state, group, why)
    else:
        move = movement_roll(state.dice, "move", reason=f"{name_of(group)} retreats")
        for m in group:
            fall_back(state, m, move.inches, why=why)
        state.emit(TwEvent.TwNerve, f"{name_of(group)} retreats: {move.explain()} [TW-NERVE-5]",
                   group=[m.id for m in group])
    state.touch()
