"""One group's action: its orders, then the action carried out in the rules' order ([TW-ACTN-1], [TW-ACTN-2]).

The player says what each figure does before anything moves (the whole group may take one order at once), and
when the group looks for the enemy; then the group looks (if before), charges, moves on the rolls made once
for each kind of movement ([TW-MOVE-4]) — each move walked past the enemy's Ambushes ([TW-AMB-2]) — shoots,
collects, tends, stands, lies in Ambush, and looks (if after).
"""

from __future__ import annotations

import math
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any, cast

from game.rules.decisions import Decision, Option
from game.systems.thornwood import movement, shooting
from game.systems.thornwood.ambush import walk_past_ambushes
from game.systems.thornwood.casualties import heal
from game.systems.thornwood.charge import charge, charge_targets
from game.systems.thornwood.dice_rolls import MoveKind, cv_test, movement_roll
from game.systems.thornwood.groups import groups_of, name_of
from game.systems.thornwood.kinds import TwDecision, TwEvent
from game.systems.thornwood.nerve_tests import after_shooting
from game.systems.thornwood.spotting import spot
from game.systems.thornwood.state import MARKER_RADIUS, FigureState, TwState

Gen = Generator[Any, Any, Any]
REACH = 1.0  # beside a friend: within 1″, base edge to base edge ([TW-HEAL-1])
CONTACT = 0.05  # in base contact with a marker ([TW-FURS-2]), or standing over it
SIGHT_RANGE = 24.0  # [TW-REACT-1], [TW-AMB-2]
MOVES: dict[str, MoveKind] = {"move": "move", "move_shoot": "move", "cautious": "cautious",
                              "cautious_shoot": "cautious", "run": "run", "run_throw": "run"}
SHOOTS = {"shoot": "", "move_shoot": "move", "cautious_shoot": "cautious", "run_throw": "run"}
WORDS = {"hold": "Hold", "move": "Move", "cautious": "Move cautiously", "run": "Run", "move_shoot": "Move and shoot",
         "cautious_shoot": "Move cautiously and shoot", "run_throw": "Run and throw", "shoot": "Shoot",
         "ambush": "Lie in Ambush", "pick_up": "Pick up its dropped weapon", "stand": "Get up"}
GROUP_ORDERS = ("move", "cautious", "run", "move_shoot", "shoot", "ambush", "hold")


@dataclass
class Action:
    """A group's action as ordered: each figure's order, and when the group looks."""

    orders: dict[str, str] = field(default_factory=dict)
    look: str = "after"  # "before", "after" or "" (it runs: [TW-SPOT-2])
    reacting: bool = False


# -- what a figure may be ordered to do
def beside_marker(state: TwState, f: FigureState) -> list[str]:
    return [m.id for m in state.markers if m.on_table
            and math.dist((f.x, f.y), (m.x, m.y)) - f.radius - MARKER_RADIUS <= CONTACT]


def beside_wounded(state: TwState, f: FigureState) -> list[FigureState]:
    return [o for o in state.on_table(f.side) if o.id != f.id and o.cv_lost > 0
            and math.dist((f.x, f.y), (o.x, o.y)) - f.radius - o.radius <= REACH + 1e-9]


def forced(f: FigureState) -> str | None:
    """An order the rules give the figure: a fallen figure gets up ([TW-FALL-1]); one that ducked back misses the
    action ([TW-DMG-3])."""
    if f.duck_back:
        return "duck"
    if f.fallen:
        return "stand"
    return None


SPRUNG = ("hold", "shoot")  # a sprung Ambush shoots where it lies or charges ([TW-AMB-2])


def orders_for(state: TwState, f: FigureState, reacting: bool = False, sprung: bool = False) -> list[Option]:
    """The orders the rules allow this figure now ([TW-ACTN-2]); ``sprung``: reacting from its Ambush without a
    test, it may only shoot or charge ([TW-AMB-2])."""
    if sprung:
        return [o for o in orders_for(state, f, reacting) if o.key in SPRUNG or o.key.startswith("charge:")]
    out = [Option("hold", "Hold")]
    pinned = f.pinned > 0
    if not pinned:
        out += [Option(k, WORDS[k]) for k in ("move", "cautious", "run")]
    has_known = bool(state.known_enemies(f.side))
    for order, moving in SHOOTS.items():
        if order != "shoot" and pinned:
            continue
        if moving:
            able = has_known and bool(shooting.usable(f, cast(shooting.Moving, moving)))
        else:
            able = bool(shooting.targets(state, f, "", reacting))
        if able:
            out.append(Option(order, WORDS[order]))
    if not pinned:
        for t in charge_targets(state, f):
            out.append(Option(f"charge:{t.id}", f"Charge {name_of(_group_at(state, t))}"))
    if not f.ambush and not reacting:
        out.append(Option("ambush", WORDS["ambush"]))
    for mid in beside_marker(state, f):
        out.append(Option(f"collect:{mid}", f"Pick up Furs Marker {mid}"))
    for o in beside_wounded(state, f):
        out.append(Option(f"treat:{o.id}", f"Tend {o.name}'s wounds"))
    if f.weapon_lost:
        out.append(Option("pick_up", WORDS["pick_up"]))
    return out


def _group_at(state: TwState, t: FigureState) -> list[FigureState]:
    for g in groups_of(state, t.side):
        if any(m.id == t.id for m in g):
            return g
    return [t]


def runs(order: str) -> bool:
    """A Run, or a charge, which is a Run toward the enemy: the group may not spot ([TW-SPOT-2])."""
    return MOVES.get(order) == "run" or order.startswith("charge:")


# -- giving the orders
def give_orders(state: TwState, group: list[FigureState], reacting: bool, sprung: bool = False) -> Gen:
    action = Action(reacting=reacting)
    free = []
    for f in group:
        rule = forced(f)
        if rule is not None:
            action.orders[f.id] = rule
        else:
            free.append(f)
    charge_at: str | None = None
    for i, f in enumerate(free):
        options = orders_for(state, f, reacting, sprung)
        if charge_at is not None:  # one charge a group, at one group ([TW-CC-1])
            options = [o for o in options if not o.key.startswith("charge:") or o.key == f"charge:{charge_at}"]
        if i == 0 and len(free) > 1:
            keys = {o.key for o in options}
            options += [Option(f"all:{k}", f"Whole group: {WORDS[k]}") for k in GROUP_ORDERS
                        if k in keys or (not sprung and k in ("hold", "move", "cautious", "run"))]
        key = yield Decision(TwDecision.tw_order, f.side, f"{f.name}: what does it do this action?", "TW-ACTN-2",
                             options, context={"model": f.id, "system": {"group": [g.id for g in group],
                                                                         "reacting": reacting}})
        if key.startswith("all:"):
            order = key[4:]
            for g in free[i:]:
                legal = {o.key for o in orders_for(state, g, reacting, sprung)}
                action.orders[g.id] = order if order in legal else "hold"
            break
        action.orders[f.id] = key
        if key.startswith("charge:"):
            charge_at = key.split(":", 1)[1]
    if not any(runs(o) for o in action.orders.values()):
        key = yield Decision(TwDecision.tw_spot, group[0].side, f"{name_of(group)}: look for the enemy before or "
                             "after the action?", "TW-SPOT-2",
                             [Option("after", "Look after the action"), Option("before", "Look before the action")],
                             context={"system": {"group": [g.id for g in group]}})
        action.look = key
    else:
        action.look = ""
    return action


# -- carrying the action out
def group_action(state: TwState, group: list[FigureState], reacting: bool = False,
                 stirred: list[str] | None = None, sprung: bool = False) -> Gen:
    """One action of a group ([TW-ACTN-1]); returns the figures that acted where the enemy could see. A reacting
    group looks only for the enemies that acted (``stirred``, [TW-SPOT-2]); one ``sprung`` from its Ambush
    without a test only shoots or charges ([TW-AMB-2])."""
    state.acting = [f.id for f in group]
    action: Action = yield from give_orders(state, group, reacting, sprung)
    state.emit(TwEvent.TwOrders, f"{name_of(group)}: " + "; ".join(
        f"{state.figure(fid).name} {_order_words(state, o)}" for fid, o in action.orders.items()),
        hidden_from=1 - group[0].side, orders=dict(action.orders))
    among = set(stirred) if reacting and stirred is not None else None
    if action.look == "before":
        spot(state, [f for f in group if f.on_table], "before its action", among)
    for fid, order in action.orders.items():
        f = state.figure(fid)
        f.acted += 1
        if order == "duck":
            f.duck_back = False
            state.emit(TwEvent.TwStood, f"{f.label()} ducks back and misses this action [TW-DMG-3]", model=f.id)
        elif order == "stand" and f.on_table:
            f.fallen = False
            state.emit(TwEvent.TwStood, f"{f.label()} gets to its feet [TW-FALL-1]", model=f.id)
        if not MOVES.get(order) and not order.startswith("charge:"):
            f.last_move = ""
    chargers = [state.figure(fid) for fid, o in action.orders.items() if o.startswith("charge:")]
    if chargers:
        target = state.figure(action.orders[chargers[0].id].split(":", 1)[1])
        yield from charge(state, chargers, target, reacting)
    yield from move_group(state, action)
    yield from shoot_group(state, action)
    for fid, order in action.orders.items():
        f = state.figure(fid)
        if not f.standing:
            continue
        if order.startswith("collect:"):
            collect(state, f, order.split(":", 1)[1])
        elif order.startswith("treat:"):
            treat(state, f, state.figure(order.split(":", 1)[1]))
        elif order == "ambush":
            f.ambush = True
            state.emit(TwEvent.TwAmbush, f"{f.label()} lies in Ambush [TW-AMB-1]", hidden_from=1 - f.side,
                       model=f.id)
        elif order == "pick_up":
            f.weapon_lost = False
            state.emit(TwEvent.TwStood, f"{f.label()} picks up its {f.profile.melee_weapon} [TW-CC-10]", model=f.id)
    if action.look == "after":
        spot(state, [f for f in group if f.on_table], "after its action", among)
    state.acting = []
    state.touch()
    return [fid for fid, o in action.orders.items() if o not in ("hold", "duck", "ambush")]


def _order_words(state: TwState, order: str) -> str:
    kind, _, rest = order.partition(":")
    if kind == "charge":
        return f"charges {state.figure(rest).name}"
    if kind == "collect":
        return f"picks up Furs Marker {rest}"
    if kind == "treat":
        return f"tends {state.figure(rest).name}"
    if kind == "duck":
        return "ducks back"
    return WORDS.get(order, order).lower()


# -- movement ([TW-MOVE-1]-[TW-MOVE-7])
def move_group(state: TwState, action: Action) -> Gen:
    movers = [(state.figure(fid), MOVES[o]) for fid, o in action.orders.items() if o in MOVES]
    rolls: dict[MoveKind, float] = {}
    kinds: tuple[MoveKind, ...] = ("run", "move", "cautious")
    for kind in kinds:
        if any(k == kind for f, k in movers if f.standing):
            roll = movement_roll(state.dice, kind, reason=f"{kind} roll")
            rolls[kind] = roll.inches
            state.emit(TwEvent.TwMoveRoll, f"{kind.capitalize()} roll for the group: {roll.explain()}",
                       hidden_from=1 - movers[0][0].side, kind=kind, inches=roll.inches)
    for f, kind in movers:
        if not f.standing:
            continue
        inches = movement.own_roll(state, f, kind, rolls[kind])
        yield from move_one(state, f, kind, inches)


def move_one(state: TwState, f: FigureState, kind: MoveKind, inches: float) -> Gen:
    towards = [(m.x, m.y) for m in state.markers if m.on_table] + [(e.x, e.y) for e in state.known_enemies(f.side)]
    # the suggested points: rings round it, and toward the nearest markers and spotted enemies
    candidates = movement.move_points(state, f, inches, towards)

    def check(point: dict[str, float]) -> str | None:
        found = movement.route(state, f, (point["x"], point["y"]), inches)
        return found if isinstance(found, str) else None

    point = yield Decision(TwDecision.tw_move_to, f.side, f"{WORDS[kind]}: {f.name} up to {inches:g}″",
                           "TW-MOVE-5", free="point", check=check,
                           context={"model": f.id, "candidates": candidates, "allowance": inches, "action": kind,
                                    "default": candidates[0] if candidates else None})
    path = movement.route(state, f, (point["x"], point["y"]), inches)
    assert not isinstance(path, str)
    start = (f.x, f.y)
    f.last_move = kind
    f.ambush = False  # [TW-AMB-2]: it has left its Ambush spot
    if len(path) > 1:
        end = yield from walk_past_ambushes(state, f, path)
        if f.on_table:
            f.facing = math.degrees(math.atan2(end.y - start[1], end.x - start[0])) % 360.0
    state.emit(TwEvent.TwMoved, f"{f.label()} {'runs' if kind == 'run' else 'moves'} "
               f"{math.dist(start, (f.x, f.y)):.1f}″{' cautiously' if kind == 'cautious' else ''} "
               f"[{ {'run': 'TW-MOVE-1', 'move': 'TW-MOVE-2', 'cautious': 'TW-MOVE-3'}[kind]}]",
               hidden_from=1 - f.side if f.id not in state.sides[1 - f.side].known else None,
               model=f.id, x=f.x, y=f.y)


# -- shooting
def shoot_group(state: TwState, action: Action) -> Gen:
    pairs: list[tuple[FigureState, FigureState]] = []
    moving: dict[str, shooting.Moving] = {}
    for fid, order in action.orders.items():
        if order not in SHOOTS:
            continue
        f = state.figure(fid)
        how = cast(shooting.Moving, SHOOTS[order])
        able = shooting.targets(state, f, how, action.reacting)
        if not able:
            continue
        options = [Option(t.id, _target_words(state, f, t, how, action.reacting)) for t in able]
        options.append(Option("none", "Hold its shot"))
        key = yield Decision(TwDecision.tw_target, f.side, f"{f.name} shoots: at whom?", "TW-SHOOT-1", options,
                             context={"model": f.id, "system": {"moving": how, "reacting": action.reacting}})
        if key != "none":
            pairs.append((f, state.figure(key)))
            moving[f.id] = how
    if pairs:
        struck = yield from shooting.shoot(state, pairs, moving, action.reacting)
        yield from after_shooting(state, struck, pairs[0][0].side)


def _target_words(state: TwState, f: FigureState, t: FigureState, moving: shooting.Moving, reacting: bool) -> str:
    shot = shooting.shot_for(state, f, t, moving, reacting)
    assert shot is not None
    who = t.name if f.key else f"{name_of(shooting.target_group(state, f, t, moving, reacting))} (the group)"
    return f"{who}: {shot.item}, needs {shot.need.need.describe()}"


# -- the rest
def collect(state: TwState, f: FigureState, mid: str) -> None:
    """[TW-FURS-2]: the action picks the marker up; it is the side's for good."""
    m = state.marker(mid)
    if not m.on_table:
        return
    m.collected_by = f.side
    state.sides[f.side].score = state.collected(f.side)
    state.emit(TwEvent.TwCollected, f"{f.label()} picks up Furs Marker {m.id}: {state.sides[f.side].name} has "
               f"{state.collected(f.side)} [TW-FURS-2]", model=f.id, marker=m.id, side=f.side)


def treat(state: TwState, f: FigureState, o: FigureState) -> None:
    """[TW-HEAL-1]: a healer or seer improves a wound on 1–3, anyone else on 1–2; a 6 makes it worse."""
    if not o.on_table or o.cv_lost <= 0:
        return
    best = 3 if f.profile.type.row.tends else 2
    die = state.dice.d6(f"{f.name} tends {o.name}")
    change = 1 if die <= best else (-1 if die == 6 else 0)
    o.checked = "healer" if f.profile.type.row.tends else (o.checked or "comrade")
    heal(state, o, change)
    state.emit(TwEvent.TwTreated, f"{f.label()} tends {o.name}: rolled {die} (improves on 1–{best}, worse on a 6): "
               + {1: "the wound improves a grade", 0: "no change", -1: "the wound is worse than it looked"}[change]
               + " [TW-HEAL-1]", model=f.id, target=o.id, die=die)


def react_test(state: TwState, group: list[FigureState], lead: FigureState, sprung: bool = False) -> bool:
    """[TW-REACT-1]: a group springing its Ambush needs no test ([TW-AMB-2]); any other tests against its
    leader's CV."""
    if sprung:
        state.emit(TwEvent.TwReact, f"{name_of(group)} reacts from its Ambush, no test [TW-AMB-2]",
                   group=[m.id for m in group], passed=True)
        return True
    roll = cv_test(state.dice, lead.cv, (), what=f"{name_of(group)} reacts", rule="TW-REACT-1")
    state.emit(TwEvent.TwReact, roll.explain(), group=[m.id for m in group], passed=roll.passed)
    return roll.passed
