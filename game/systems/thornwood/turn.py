"""A Thornwood battle from the roll-off to its end, as one generator of decisions ([TW-TURN-1], [TW-TURN-2]).

It reads like the rules: the sides take turns; in its turn a side rolls to activate against its Inspiration,
every activated group takes its first action, the enemy's groups may React, then every activated group takes
its second; a Medicine Roll instead tends the wounded and lets one group act once ([TW-ACT-3]). After each
action phase the sides lose sight of what they can no longer see, and a band may be defeated.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from game.rules.decisions import Decision, Option
from game.systems.thornwood import ending
from game.systems.thornwood.casualties import heal
from game.systems.thornwood.dice_rolls import roll_activation
from game.systems.thornwood.groups import groups_of, has_chief, leader, led, name_of
from game.systems.thornwood.kinds import TwDecision, TwEvent
from game.systems.thornwood.orders import SIGHT_RANGE, group_action, react_test
from game.systems.thornwood.setup_phase import set_up
from game.systems.thornwood.spotting import lose_sight, sees
from game.systems.thornwood.state import FigureState, Phase, TwState
from game.systems.thornwood.table import battlefield
from game.systems.thornwood.tables import Activation

Gen = Generator[Any, Any, Any]


def play(state: TwState) -> Gen:
    """The whole battle."""
    if state.phase is Phase.SETUP:
        yield from set_up(state)
        state.phase = Phase.BATTLE
    while state.phase is Phase.BATTLE:
        side = state.first if state.side_turns % 2 == 0 else 1 - state.first
        yield from side_turn(state, side)
        if ending.decided(state):
            return


# -- a side's turn ([TW-TURN-2])
def side_turn(state: TwState, side: int) -> Gen:
    state.side_turns += 1
    state.active_side = side
    for f in state.figures.values():
        if f.side == side:
            f.acted, f.used_bow = 0, False
        else:
            f.reacted = False
    state.emit(TwEvent.TwTurn, f"Turn {state.turn}: {state.sides[side].name} [TW-TURN-1]", side=side)
    roll = roll_activation(state.dice, state.sides[side].inspiration, reason=f"activation: {state.sides[side].name}")
    state.emit(TwEvent.TwActivation, roll.explain(), side=side, result=str(roll.result))
    medicine = roll.result is Activation.medicine
    if medicine:
        medicine_roll(state, side)
    chosen = yield from activate(state, side, roll.result)
    state.activated = [f.id for g in chosen for f in g]
    if state.activated:
        state.emit(TwEvent.TwActivation, f"{state.sides[side].name} activates "
                   + "; ".join(name_of(g) for g in chosen) + " [TW-ACT-2]", hidden_from=1 - side,
                   side=side, figures=list(state.activated))
    for phase in (1, 2):
        if phase == 2 and medicine:
            break  # [TW-ACT-3]: the Medicine Roll's group makes one action
        stirred = yield from action_phase(state, side, phase)
        if ending.decided(state):
            return
        if phase == 1:
            yield from reactions(state, 1 - side, stirred)
            if ending.decided(state):
                return
    end_of_side_turn(state, side)


def activate(state: TwState, side: int, result: Activation) -> Generator[Any, Any, list[list[FigureState]]]:
    """[TW-ACT-2]: which groups the roll lets act; the player picks the one group where the roll allows one."""
    groups = [g for g in groups_of(state, side) if any(f.on_table for f in g)]
    if result is Activation.all_groups:
        return groups
    if result is Activation.led_groups:
        return [g for g in groups if led(g)]
    if result is Activation.chief_group:
        return [g for g in groups if has_chief(g)]
    if not groups:
        return []
    if len(groups) == 1:
        return groups
    key = yield Decision(TwDecision.tw_group, side, "Which group acts?", "TW-ACT-2",
                         [Option(leader(g).id, name_of(g)) for g in groups],
                         context={"system": {"groups": [[f.id for f in g] for g in groups]}})
    return [g for g in groups if leader(g).id == key]


def action_phase(state: TwState, side: int, phase: int) -> Generator[Any, Any, list[str]]:
    """[TW-ACTN-1]: every activated group takes this action, in the order the player chooses; returns the
    figures that acted where the enemy may react to them."""
    state.action_phase = phase
    done: set[str] = set()
    stirred: list[str] = []
    while True:
        waiting = [fid for fid in state.activated if fid not in done and state.figure(fid).on_table]
        groups = groups_of(state, side, among=waiting)
        if not groups:
            break
        if len(groups) == 1:
            group = groups[0]
        else:
            key = yield Decision(TwDecision.tw_group, side, f"Which group takes its {_nth(phase)} action?",
                                 "TW-ACTN-1", [Option(leader(g).id, name_of(g)) for g in groups],
                                 context={"system": {"groups": [[f.id for f in g] for g in groups], "phase": phase}})
            group = next(g for g in groups if leader(g).id == key)
        done.update(f.id for f in group)
        stirred += yield from group_action(state, group)
        if ending.decided(state):
            break
    lose_sight(state)
    ending.check_defeat(state)
    state.action_phase = 0
    return stirred


def _nth(phase: int) -> str:
    return "first" if phase == 1 else "second"


# -- reactions ([TW-REACT-1])
def can_react(state: TwState, group: list[FigureState], stirred: list[str]) -> bool:
    """A group that has not reacted this turn, with a standing figure that sees a spotted enemy within 24″ (base
    edge to base edge) that acted in the first action phase."""
    if any(f.reacted for f in group):
        return False
    known = state.sides[group[0].side].known
    seen = [state.figure(fid) for fid in stirred if fid in known and state.figure(fid).on_table]
    bf = battlefield(state)  # base edge to base edge, as every distance is measured
    return any(f.standing and bf.distance(f.id, e.id) <= SIGHT_RANGE + 1e-9 and sees(state, f, e)
               for f in group for e in seen)


def in_ambush(group: list[FigureState]) -> bool:
    return all(f.ambush for f in group if f.standing)


def reactions(state: TwState, side: int, stirred: list[str]) -> Gen:
    """The reacting side's groups try to react one at a time; the first that fails its test ends the reacting
    ([TW-REACT-1]). A group in Ambush may spring it without a test, to shoot or charge ([TW-AMB-2]), or test
    to react as any group does."""
    while True:
        able = [g for g in groups_of(state, side) if can_react(state, g, stirred)]
        if not able:
            return
        options = []
        for g in able:
            if in_ambush(g):
                options.append(Option(leader(g).id, f"{name_of(g)} springs its Ambush: shoots or charges, no test"))
                options.append(Option(f"test:{leader(g).id}", f"{name_of(g)} tries to react (a test)"))
            else:
                options.append(Option(leader(g).id, f"{name_of(g)} tries to react"))
        options.append(Option("none", "No more reactions"))
        key = yield Decision(TwDecision.tw_react, side, f"{state.sides[1 - side].name} is acting: react?",
                             "TW-REACT-1", options, context={"system": {"groups": [[f.id for f in g] for g in able]}})
        if key == "none":
            return
        sprung = not key.startswith("test:")
        group = next(g for g in able if leader(g).id == key.removeprefix("test:"))
        sprung = sprung and in_ambush(group)
        for f in group:
            f.reacted = True
        if not react_test(state, group, leader(group), sprung):
            return
        yield from group_action(state, group, reacting=True, stirred=stirred, sprung=sprung)
        lose_sight(state)
        ending.check_defeat(state)
        if ending.decided(state):
            return


# -- the Medicine Roll ([TW-ACT-3], [TW-MED-1])
def medicine_roll(state: TwState, side: int) -> None:
    """Each wounded figure of the side rolls: tended, it improves on 1–2 (1–3 tended by a healer or seer) and
    worsens on a 6; untended, it improves on a 1 and worsens on 4–6."""
    state.emit(TwEvent.TwMedicine, f"{state.sides[side].name} rolls a 6: the Medicine Roll [TW-ACT-3]", side=side)
    for f in state.on_table(side):
        if f.cv_lost <= 0:
            continue
        die = state.dice.d6(f"Medicine Roll: {f.name}")
        if f.checked:
            best = 3 if f.checked == "healer" else 2
            change = 1 if die <= best else (-1 if die == 6 else 0)
            how = f"tended: improves on 1–{best}, worse on a 6"
        else:
            change = 1 if die == 1 else (-1 if die >= 4 else 0)
            how = "untended: improves on a 1, worse on 4–6"
        heal(state, f, change)
        state.emit(TwEvent.TwMedicine, f"{f.label()}: rolled {die} ({how}): "
                   + {1: "improves a grade", 0: "no change", -1: "a grade worse"}[change] + " [TW-MED-1]",
                   hidden_from=1 - side, model=f.id, die=die)


def end_of_side_turn(state: TwState, side: int) -> None:
    for f in state.side_figures(side):
        if f.pinned and f.pinned_until <= state.side_turns:
            f.pinned, f.pinned_until = 0, 0
    state.active_side = None
    state.activated = []
    ending.check_defeat(state)
    ending.turn_limit(state)
    state.touch()

