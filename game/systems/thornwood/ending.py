"""How a Thornwood battle ends and who wins ([TW-WIN-1], [TW-WIN-2], [TW-FURS-3], [TW-END-1]).

A band is defeated when three of the four conditions hold (at two, its senior leader tests once: a pass holds
it on the field until a third comes true). The battle ends when a band is defeated or has nobody left on the
table, when every Furs Marker is picked up, or when the scenario's last turn is over; then the band with more
markers wins, and if they have as many, the one with more victory points.
"""

from __future__ import annotations

from game.systems.thornwood.band import FigureType
from game.systems.thornwood.dice_rolls import cv_test
from game.systems.thornwood.kinds import TwEvent
from game.systems.thornwood.state import FigureState, Phase, Status, TwState
from game.systems.thornwood.tables import Inspiration
from game.systems.thornwood.victory import Mission, VictoryPoints, victory_points


def fallen_badly(f: FigureState) -> bool:
    """Mortally wounded (3 CV or more lost) or out ([TW-WIN-1]; captives are stage 2)."""
    return f.status is Status.OUT or f.cv_lost >= 3


def conditions(state: TwState, side: int) -> list[str]:
    """The conditions of defeat that hold for the side ([TW-WIN-1])."""
    band = state.side_figures(side)
    out = []
    if state.sides[side].inspiration is Inspiration.demoralized:
        out.append("it is demoralized")
    chiefs = [f for f in band if f.profile.type is FigureType.chief]
    if chiefs and all(fallen_badly(f) for f in chiefs):
        out.append("its chief is mortally wounded or dead")
    keys = [f for f in band if f.profile.type.key]
    if keys and 2 * sum(fallen_badly(f) for f in keys) >= len(keys):
        out.append("half its Key Characters are mortally wounded or dead")
    if 4 * sum(fallen_badly(f) or f.status is Status.FLED for f in band) >= len(band):
        out.append("a quarter of the band is mortally wounded, dead or gone from the table")
    return out


def senior_leader(state: TwState, side: int) -> FigureState | None:
    standing = [f for f in state.on_table(side)]
    return min(standing, key=lambda f: (f.profile.type.row.seniority, -f.cv, f.id), default=None)


def check_defeat(state: TwState) -> None:
    """[TW-WIN-1], after every action phase and turn."""
    if state.phase is not Phase.BATTLE:
        return
    for side in (0, 1):
        s = state.sides[side]
        if s.defeated:
            continue
        held = conditions(state, side)
        lead = senior_leader(state, side)
        if lead is None:
            defeat(state, side, "it has nobody left on the table")
        elif len(held) >= 3:
            defeat(state, side, "; ".join(held))
        elif len(held) == 2 and not s.held_on:
            roll = cv_test(state.dice, lead.cv, (), what=f"{lead.name} holds the band together "
                           f"({'; '.join(held)})", rule="TW-WIN-1")
            state.emit(TwEvent.TwDefeat, roll.explain(), side=side, passed=roll.passed)
            if roll.passed:
                s.held_on = True
            else:
                defeat(state, side, "; ".join(held) + f"; {lead.name} failed to hold it")


def defeat(state: TwState, side: int, why: str) -> None:
    state.sides[side].defeated = True
    state.emit(TwEvent.TwDefeat, f"{state.sides[side].name} is defeated and leaves the field: {why} [TW-WIN-1]",
               side=side)


def turn_limit(state: TwState) -> None:
    """[TW-END-1]: the battle ends after each side's last turn."""
    if state.phase is Phase.BATTLE and state.side_turns >= 2 * state.scenario.turns:
        state.emit(TwEvent.TwEnd, f"Turn {state.scenario.turns} is over [TW-END-1]")
        finish(state, "after the last turn")


def decided(state: TwState) -> bool:
    """True once the battle is over, ending it first if it has just been decided ([TW-END-1])."""
    if state.phase is Phase.OVER:
        return True
    defeated = [s.index for s in state.sides if s.defeated]
    if defeated:
        finish(state, f"{state.sides[defeated[0]].name} is defeated", loser=defeated[0] if len(defeated) == 1
               else None)
        return True
    if state.markers and not any(m.on_table for m in state.markers):
        finish(state, "every Furs Marker is picked up")
        return True
    return False


def mission(state: TwState, side: int) -> Mission:
    """[TW-FURS-3]: more markers than the enemy is the mission done; some, partly done."""
    mine, theirs = state.collected(side), state.collected(1 - side)
    if mine > theirs:
        return "complete"
    return "partial" if mine else "none"


def outcome_of(f: FigureState) -> str | None:
    if f.gory:
        return "gory"
    if f.status is Status.OUT:
        return "killed"
    return f.worst if f.worst in ("wound", "mortal") else None


def points(state: TwState, side: int) -> VictoryPoints:
    """[TW-WIN-2]: the side's victory points as the battle stands."""
    def losses(of: int) -> list[tuple[str, str]]:
        return [(str(f.profile.type), o) for f in state.side_figures(of) if (o := outcome_of(f)) is not None]

    renown = [(str(f.profile.type), f.renown_lost) for f in state.side_figures(side)
              if f.key and f.renown_lost]
    return victory_points(mission(state, side), losses(1 - side), losses(side), renown)


def finish(state: TwState, why: str, loser: int | None = None) -> None:
    vp = [points(state, s) for s in (0, 1)]
    for s in (0, 1):
        state.sides[s].victory_points = vp[s].total
        state.emit(TwEvent.TwEnd, f"{state.sides[s].name}: {vp[s].explain()}", side=s, points=vp[s].total)
    markers = [state.collected(s) for s in (0, 1)]
    if loser is not None:
        state.winner = 1 - loser
        rule = "TW-WIN-1"
    elif markers[0] != markers[1]:
        state.winner = 0 if markers[0] > markers[1] else 1
        rule = "TW-FURS-3"
    elif vp[0].total != vp[1].total:
        state.winner = 0 if vp[0].total > vp[1].total else 1
        rule = "TW-WIN-2"
    else:
        state.winner, rule = None, "TW-FURS-3"
    state.result = (f"{why}; Furs Markers {state.sides[0].name} {markers[0]}, {state.sides[1].name} {markers[1]}; "
                    f"victory points {vp[0].total} to {vp[1].total}")
    state.phase = Phase.OVER
    state.active_side, state.activated, state.acting = None, [], []
    who = "a draw" if state.winner is None else f"{state.sides[state.winner].name} wins"
    state.emit(TwEvent.TwEnd, f"The battle is over, {who}: {state.result} [{rule}]", winner=state.winner)
