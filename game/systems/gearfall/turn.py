"""A Gearfall battle from set-up to its end, as one generator of decisions ([GF-SET-1], [GF-INIT-1],
[GF-TURN-1]-[GF-TURN-4], [GF-WIN-1], [GF-WIN-2]).

It reads like the rules: the set-up roll-off and the alternating set-up; initiative once; then rounds in which
each character still in the fight takes its turn — standing up if down, then its movement and its action in the
order its player chooses — until a squad is wholly disabled or the last round ends. A move is walked through the
kernel's interrupt (game.core.interrupts), so an enemy's free strike lands where the mover leaves its reach.
"""

from __future__ import annotations

import math
from collections.abc import Generator
from typing import Any

from game.core.interrupts import Stop, walk
from game.core.vec import Vec2
from game.rules.decisions import Decision, Option
from game.systems.gearfall import actions
from game.systems.gearfall.initiative import initiative
from game.systems.gearfall.kinds import GfDecision, GfEvent
from game.systems.gearfall.movement import Leaving, Movement, charge_lane, leaving_points, melee_range
from game.systems.gearfall.state import CharacterState, GearfallState, Phase, Status, TurnState
from game.systems.gearfall.table import battlefield

Gen = Generator[Decision, Any, Any]
EDGE_FACING = {"bottom": 270.0, "top": 90.0, "left": 0.0, "right": 180.0}  # facing away from one's own edge
DEPLOY_STEP = 1.5  # inches between suggested set-up points


def play(state: GearfallState) -> Gen:
    """The whole battle."""
    if state.phase is Phase.SETUP:
        yield from set_up(state)
        order, rolls = initiative(state.dice, [(c.id, c.profile.INIT) for c in state.characters.values()])
        state.order = order
        state.emit(GfEvent.GfInitiative, "Initiative [GF-INIT-1]: " + "; ".join(
            f"{state.character(r.who).name} {r.dice[0]}+{r.dice[1]}+{r.init} = {r.total}"
            + (f" (roll-off {r.roll_off})" if r.roll_off else "") for r in rolls)
            + ". Order: " + ", ".join(state.character(w).name for w in order), order=order)
        state.phase = Phase.BATTLE
    while state.phase is Phase.BATTLE:
        state.round += 1
        state.emit(GfEvent.GfRound, f"Round {state.round} of {state.scenario.rounds} [GF-TURN-1]")
        for cid in state.order:
            c = state.character(cid)
            if not c.on_table:
                continue
            yield from turn(state, c)
            state.active, state.turn_state = None, None
            if decided(state):
                return
        if state.round >= state.scenario.rounds:
            end_of_battle(state)


# -- set-up ([GF-SET-1])
def set_up(state: GearfallState) -> Gen:
    rolls = roll_off(state)
    state.first = 0 if rolls[0] > rolls[1] else 1
    waiting = [[c for c in state.side_characters(s)] for s in (0, 1)]
    side = state.first
    while waiting[0] or waiting[1]:
        if not waiting[side]:
            side = 1 - side
        c = waiting[side].pop(0)
        yield from place(state, c)
        side = 1 - side


def roll_off(state: GearfallState) -> tuple[int, int]:
    """Each side rolls a die; ties roll again ([GF-SET-1])."""
    while True:
        a, b = state.dice.d6("set-up roll-off: " + state.sides[0].name), state.dice.d6(
            "set-up roll-off: " + state.sides[1].name)
        won = None if a == b else (0 if a > b else 1)
        state.emit(GfEvent.GfRollOff, f"Set-up roll-off: {state.sides[0].name} {a}, {state.sides[1].name} {b}"
                   + (f": {state.sides[won].name} sets up first [GF-SET-1]" if won is not None else ", roll again"),
                   dice=[a, b])
        if won is not None:
            return a, b


def deploy_points(state: GearfallState, c: CharacterState) -> list[dict[str, float]]:
    out = []
    n = int(36 / DEPLOY_STEP)
    for i in range(n + 1):
        for j in range(n + 1):
            p = (round(i * DEPLOY_STEP, 3), round(j * DEPLOY_STEP, 3))
            if actions.placeable(state, c, p) is None:
                out.append({"x": p[0], "y": p[1]})
    return out


def suggested_spot(state: GearfallState, c: CharacterState, candidates: list[dict[str, float]]
                   ) -> dict[str, float] | None:
    """The spot Enter takes: the one nearest the zone's middle with room round it (2″ from any friend)."""
    friends = [(f.x, f.y) for f in state.on_table(c.side)]
    roomy = [p for p in candidates if all(math.dist((p["x"], p["y"]), f) >= 2 * c.radius + 2.0 for f in friends)]
    mid = state.battle_map.size / 2
    return min(roomy or candidates, key=lambda p: (abs(p["x"] - mid) + abs(p["y"] - mid), p["x"], p["y"]),
               default=None)


def place(state: GearfallState, c: CharacterState) -> Gen:
    candidates = deploy_points(state, c)

    def check(point: dict[str, float]) -> str | None:
        return actions.placeable(state, c, (point["x"], point["y"]))

    middle = suggested_spot(state, c, candidates)
    point = yield Decision(GfDecision.gf_deploy, c.side, f"Set up {c.name} {state.scenario.zone_text(c.side)}",
                           "GF-SET-1", free="point", check=check,
                           context={"model": c.id, "candidates": candidates, "default": middle,
                                    "zone": state.scenario.zone_text(c.side), "cite": "GF-SET-1"})
    c.x, c.y, c.status = point["x"], point["y"], Status.TABLE
    c.facing = EDGE_FACING[state.scenario.edges[c.side]]
    yield from face(state, c, "GF-SET-1")
    state.emit(GfEvent.GfDeployed, f"{c.label()} set up at ({c.x:.1f}, {c.y:.1f}) facing {c.facing:.0f}°",
               model=c.id, x=c.x, y=c.y, facing=c.facing)


def face(state: GearfallState, c: CharacterState, rule: str) -> Gen:
    angle = yield Decision(GfDecision.gf_facing, c.side, f"Which way does {c.name} face?", rule, free="angle",
                           context={"model": c.id, "current": c.facing})
    c.facing = float(angle) % 360.0
    state.touch()


# -- one character's turn ([GF-TURN-2])
def turn(state: GearfallState, c: CharacterState) -> Gen:
    state.active = c.id
    ts = state.turn_state = TurnState(c.id, behind=actions.behind_now(state, c))
    state.emit(GfEvent.GfTurn, f"{c.label()}'s turn", model=c.id)
    if c.knocked_down or c.prone:
        yield from get_up(state, c, ts)
        if c.knocked_down:
            return  # [GF-KD-3]: it stays down, and does nothing
    while c.on_table and not c.knocked_down:
        options = step_options(state, c, ts)
        if len(options) == 1:
            return
        key = yield Decision(GfDecision.gf_step, c.side, f"{c.name}: what next?", "GF-TURN-2", options,
                             context={"model": c.id})
        if key == "end":
            return
        kind, _, rest = key.partition(":")
        if kind in ("advance", "run"):
            yield from advance(state, c, ts, Movement(kind))
        elif kind == "charge":
            if not (yield from charge(state, c, ts, state.character(rest))):
                return  # [GF-CHG-2]: a failed charge ends the turn
        elif kind == "attack":
            weapon_index, target = rest.split(":")
            yield from make_attack(state, c, ts, int(weapon_index), state.character(target))
        elif kind == "prone":
            ts.quick_used, c.prone = True, True
            state.emit(GfEvent.GfProne, f"{c.label()} throws itself down: prone [GF-PRONE-3]", model=c.id)
        if decided(state):
            return


def get_up(state: GearfallState, c: CharacterState, ts: TurnState) -> Gen:
    """[GF-KD-3], [GF-KD-4], [GF-PRONE-3]: stand by forfeiting the movement or the action, go prone, or stay."""
    down = "knocked down" if c.knocked_down else "prone"
    options = [Option("stand_move", "Stand up, forfeiting the movement (may still attack)"),
               Option("stand_action", "Stand up, forfeiting the action (may still advance)")]
    if c.knocked_down:
        options.append(Option("prone", "Go prone instead (costs nothing; no longer knocked down)"))
    options.append(Option("stay", "Stay " + ("down, doing nothing" if c.knocked_down else "prone")))
    key = yield Decision(GfDecision.gf_stand, c.side, f"{c.name} is {down}", "GF-KD-3", options,
                         context={"model": c.id})
    if key == "stay":
        return
    c.knocked_down = False
    if key == "prone":
        c.prone = True
        state.emit(GfEvent.GfProne, f"{c.label()} goes prone: no longer knocked down [GF-KD-3]", model=c.id)
        return
    c.prone = False
    ts.forfeit_movement, ts.forfeit_action = key == "stand_move", key == "stand_action"
    state.emit(GfEvent.GfStood, f"{c.label()} stands up, forfeiting its "
               f"{'movement' if ts.forfeit_movement else 'action'} [GF-KD-4]", model=c.id)


def step_options(state: GearfallState, c: CharacterState, ts: TurnState) -> list[Option]:
    """What the rules still allow this turn; "end" always."""
    out = []
    if not ts.moved:
        out.append(Option("advance", f"Full advance (up to {actions.move_allowance(c, Movement.advance):g}″)"))
        if not ts.attacked and not ts.forfeit_action and not c.prone:
            out.append(Option("run", f"Run (up to {actions.move_allowance(c, Movement.run):g}″; no attack after)"))
            if actions.melee_weapons(c):
                bf = battlefield(state)
                out += [Option(f"charge:{e.id}", f"Charge {e.name} ({actions.move_allowance(c, Movement.charge):g}″ "
                                                 "straight at it)")
                        for e in state.enemies_of(c) if actions.sees(bf, c.id, e.id)]
    if not ts.attacked and not ts.forfeit_action and ts.movement is not Movement.run:
        for i, w in enumerate(c.profile.weapons):
            for t in actions.targets(state, c, w, ts.charge_target):
                out.append(Option(f"attack:{i}:{t.id}", f"{w.name} at {t.name}"))
    if not ts.quick_used and not c.prone and not ts.forfeit_action:
        out.append(Option("prone", "Go prone (quick action: +2 DEF against shots)"))
    out.append(Option("end", "End the turn"))
    return out


def make_attack(state: GearfallState, c: CharacterState, ts: TurnState, weapon_index: int, t: CharacterState) -> Gen:
    actions.attack(state, c, c.profile.weapons[weapon_index], t)
    ts.attacked, ts.charged, ts.charge_target = True, None, None
    return
    yield  # a generator: an attack asks nothing in stage 1


# -- movement, with the free strikes on the way ([GF-FS-1], [GF-FS-2])
def advance(state: GearfallState, c: CharacterState, ts: TurnState, movement: Movement) -> Gen:
    inches = actions.move_allowance(c, movement)
    ts.movement = movement

    def check(point: dict[str, float]) -> str | None:
        found = actions.route(state, c, (point["x"], point["y"]), inches)
        return found if isinstance(found, str) else None

    candidates = actions.move_points(state, c, inches)
    point = yield Decision(GfDecision.gf_move_to, c.side, f"Move {c.name} up to {inches:g}″", "GF-MOVE-3",
                           free="point", check=check,
                           context={"model": c.id, "candidates": candidates, "allowance": inches,
                                    "action": str(movement), "default": candidates[0] if candidates else None})
    path = actions.route(state, c, (point["x"], point["y"]), inches)
    assert not isinstance(path, str)
    start = (c.x, c.y)
    end = yield from walk_with_strikes(state, c, path)
    ts.behind = actions.still_behind(state, ts, c, path)
    state.emit(GfEvent.GfMoved, f"{c.label()} {'runs' if movement is Movement.run else 'advances'} "
               f"{math.dist(start, end):.1f}″ [GF-MOVE-{2 if movement is Movement.run else 1}]",
               model=c.id, x=c.x, y=c.y)
    if c.on_table and not c.knocked_down:
        yield from face(state, c, "GF-MOVE-4")


def charge(state: GearfallState, c: CharacterState, ts: TurnState, t: CharacterState) -> Gen:
    """[GF-CHG-1], [GF-CHG-2]: straight at the target; True if it succeeded."""
    ts.movement = Movement.charge
    weapons = actions.melee_weapons(c)
    reach = any(w.reach for _, w in weapons)
    lane = charge_lane(battlefield(state), c.id, t.id, c.profile.speed, reach)
    path = (lane.start, lane.end)
    yield from walk_with_strikes(state, c, path)
    if not c.on_table or c.knocked_down:
        return False
    ts.behind = actions.still_behind(state, ts, c, path)
    c.facing = lane.facing
    state.touch()
    success = lane.success and c.x == lane.end.x and c.y == lane.end.y
    if lane.stopped_by in (None, "terrain", "table edge"):
        stopped = {None: "", "terrain": ", stopped by terrain", "table edge": ", stopped at the table's edge"}[
            lane.stopped_by]
    else:
        stopped = f", stopped by {state.character(lane.stopped_by).name}"
    state.emit(GfEvent.GfCharge, f"{c.label()} charges {t.name}: {lane.travelled:.1f}″{stopped}; "
               + (f"in melee range [GF-CHG-2]{', with momentum [GF-CHG-3]' if lane.momentum else ''}" if success
                  else "out of melee range: the charge fails and the turn ends [GF-CHG-2]"),
               model=c.id, target=t.id, travelled=lane.travelled, success=success)
    if success:
        ts.charge_target, ts.charged = t.id, lane.travelled
    return success


def walk_with_strikes(state: GearfallState, c: CharacterState, path: tuple[Vec2, ...]) -> Generator[Any, Any, Vec2]:
    """Walk ``path``; each enemy engaging the mover may strike where it leaves that enemy's reach or arc."""
    bf = battlefield(state)
    reaches = {}
    for e in state.enemies_of(c):
        reach = actions.reach_of(e)
        if reach is not None and actions.engages(state, e, c):
            reaches[e.id] = reach > melee_range(False)
    stops = [Stop(lv.along, lv) for lv in leaving_points(bf, c.id, path, reaches)]

    def place_at(p: Vec2) -> None:
        c.x, c.y = p.x, p.y
        state.touch()

    def react(stop: Stop[Leaving]) -> Generator[Any, Any, bool]:
        e = state.character(stop.what.enemy)
        if not e.on_table or e.knocked_down:
            return False
        usable = [(i, w) for i, w in actions.melee_weapons(e)
                  if battlefield(state).distance(e.id, c.id) <= melee_range(w.reach) + 1e-6]
        if not usable:
            return False
        options = [Option(f"strike:{i}", f"Free strike with the {w.name} (+2, damage boosted)") for i, w in usable]
        options.append(Option("pass", "Let it go"))
        key = yield Decision(GfDecision.gf_free_strike, e.side, f"{c.name} leaves {e.name}'s reach: free strike?",
                             "GF-FS-1", options, context={"model": e.id, "target": c.id})
        if key == "pass":
            return False
        outcome = actions.attack(state, e, e.profile.weapons[int(key.split(":")[1])], c, free=True)
        return outcome.disabled or c.knocked_down  # [GF-FS-2]: stopped where it was struck

    return (yield from walk(path, stops, place_at, react))


# -- the end ([GF-WIN-1], [GF-WIN-2])
def decided(state: GearfallState) -> bool:
    """[GF-WIN-1]: a squad wholly disabled loses at once (True once the battle is over, however it ended)."""
    if state.phase is Phase.OVER:
        return True
    standing = [bool(state.on_table(s)) for s in (0, 1)]
    if all(standing):
        return False
    state.winner = None if not any(standing) else standing.index(True)
    state.result = ("both squads are out of the fight" if state.winner is None
                    else f"{state.sides[1 - state.winner].name} is wholly disabled")
    finish(state, "GF-WIN-1")
    return True


def end_of_battle(state: GearfallState) -> None:
    """[GF-WIN-2]: the last round is over: more enemies disabled, then more enemy damage marked, else a draw."""
    def tally(side: int) -> tuple[int, int]:
        return state.sides[side].score, sum(f.damage for f in state.side_characters(1 - side))

    a, b = tally(0), tally(1)
    state.winner = None if a == b else (0 if a > b else 1)
    state.result = (f"after {state.round} rounds: {state.sides[0].name} disabled {a[0]} and marked {a[1]} boxes, "
                    f"{state.sides[1].name} disabled {b[0]} and marked {b[1]}")
    finish(state, "GF-WIN-2")


def finish(state: GearfallState, rule: str) -> None:
    state.phase = Phase.OVER
    state.active, state.turn_state = None, None
    who = "a draw" if state.winner is None else f"{state.sides[state.winner].name} wins"
    state.emit(GfEvent.GfEnd, f"The battle is over, {who}: {state.result} [{rule}]", winner=state.winner)
