"""A charge and the close combat it brings, as the book's steps ([TW-CC-1]–[TW-CC-13], [TW-NERVE-1]–[TW-NERVE-4]).

1. The charge is declared at a group; a group not led by a chief or companion tests its leader's CV (failing,
   it stands; failing on a 6, it runs away) ([TW-CC-1]).
2. The defenders respond: a group not led by a chief or companion tests (failing, it fumbles and cannot meet
   the attack; failing on a 5 or 6, it runs away) ([TW-CC-2]).
3. The chargers run (one roll for them all) into contact, each choosing whom it fights; a second or third
   charger on one enemy supports the first, up to 3 to 1 (4 to 1 when the enemy is surrounded); then defenders
   within 1″ of a fight may join it, breaking up a two-on-one ([TW-CC-3], [TW-CC-4]).
4. Each fight: the cards (a Key Character chooses in secret, others draw), the dice, the secret split, the roll,
   the wounds ([TW-CC-5]–[TW-CC-13]) — the pure rules are game.systems.thornwood.melee's.
5. The Nerve Points decide the melee; the loser tests and falls back, retires or flees, or a tie fights on or
   withdraws ([TW-NERVE-1]–[TW-NERVE-4]).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

from game.rules.decisions import Decision, Option, Simultaneous
from game.systems.thornwood import melee, movement
from game.systems.thornwood.abilities import figure_abilities
from game.systems.thornwood.ambush import walk_past_ambushes
from game.systems.thornwood.casualties import wound
from game.systems.thornwood.combat_table import card, cell
from game.systems.thornwood.dice_rolls import cv_test, movement_roll
from game.systems.thornwood.groups import chains, groups_of, leader, led, name_of
from game.systems.thornwood.kinds import TwDecision, TwEvent
from game.systems.thornwood.melee import FighterFacts, FightResult, Side
from game.systems.thornwood.nerve_tests import nerve_test, surprised
from game.systems.thornwood.retreat import fall_back
from game.systems.thornwood.spotting import reveal, sees, target_column
from game.systems.thornwood.state import FigureState, TwState
from game.systems.thornwood.table import battlefield
from game.systems.thornwood.tables import Column

Gen = Generator[Any, Any, Any]
ATTACKS = ("swing", "cut", "lunge", "bash", "taunt", "huh")  # the deck a basic character draws from ([TW-CC-5])
DEFENCES = ("counter_blow", "leap_aside", "jump_back", "duck", "parry", "huh")
CHARGE_REACH = 12.0  # the most a Run rolls: nobody farther may be charged ([TW-MOVE-1])
JOIN_REACH = 1.0  # [TW-CC-4]
FRIGHT_RANGE = 3.0  # [TW-NERVE-5]: a seer frightens attackers this close
SURROUND_GAP = 180.0  # degrees: attackers leaving no half circle free surround a defender ([TW-CC-4], RULING)


@dataclass
class Fight:
    """One fight of a melee: its main attacker and defender and each one's supporters ([TW-CC-4])."""

    attacker: str
    defender: str
    a_support: list[str] = field(default_factory=list)
    d_support: list[str] = field(default_factory=list)
    out: bool = False  # a fighter jumped back out of it: it is fought no more, yet counts for the Nerve ([TW-CC-13])


# -- who may be charged
def charge_targets(state: TwState, f: FigureState) -> list[FigureState]:
    """One figure for each enemy group ``f`` may charge: spotted, in its sight, within a Run's reach ([TW-CC-1]);
    the group's nearest such figure stands for it."""
    if not f.standing:
        return []
    bf = battlefield(state)
    near = [e for e in state.known_enemies(f.side) if bf.distance(f.id, e.id) <= CHARGE_REACH and sees(state, f, e)]
    return [min(g, key=lambda e: bf.distance(f.id, e.id)) for g in chains(near)]


def enemy_group(state: TwState, target: FigureState) -> list[FigureState]:
    for g in groups_of(state, target.side):
        if any(m.id == target.id for m in g):
            return g
    return [target]


# -- the charge
def charge(state: TwState, chargers: list[FigureState], target: FigureState, reacting: bool = False) -> Gen:
    side = chargers[0].side
    group = [state.figure(i) for i in state.acting if state.figure(i).on_table] or chargers
    state.emit(TwEvent.TwCharge, f"{', '.join(c.name for c in chargers)} charge{'s' if len(chargers) == 1 else ''} "
               f"{name_of(enemy_group(state, target))}"
               " [TW-CC-1]", models=[c.id for c in chargers], target=target.id)
    from_ambush = all(c.ambush for c in chargers)  # [TW-AMB-2]: a charge from Ambush needs no test
    if not led(group) and not from_ambush:  # [TW-CC-1]
        lead = leader(group)
        roll = cv_test(state.dice, lead.cv, (), what=f"{lead.name} leads the charge", rule="TW-CC-1")
        state.emit(TwEvent.TwCharge, roll.explain(), passed=roll.passed)
        if not roll.passed:
            if roll.die == 6:
                run = movement_roll(state.dice, "run", reason="the chargers run away")
                for c in chargers:
                    fall_back(state, c, run.inches, why="the charge failed on a 6")
                state.emit(TwEvent.TwCharge, f"The chargers run away: {run.explain()} [TW-CC-1]")
            else:
                state.emit(TwEvent.TwCharge, "The chargers stand there nervously [TW-CC-1]")
            for c in chargers:
                c.last_move = ""
            return
    unseen = [c for c in chargers if c.id not in state.sides[1 - side].known]
    for c in chargers:
        reveal(state, 1 - side, c, "charging")
    defenders = enemy_group(state, target)
    fumbled = yield from respond(state, defenders)
    standing = [d for d in defenders if d.on_table]  # a group that ran may have left the table
    if any(battlefield(state).distance(c.id, d.id) <= 6.0 for c in unseen for d in standing):
        yield from surprised(state, standing, unseen[0])
    fights = yield from charge_move(state, chargers, [d for d in defenders if d.on_table])
    fights = yield from frightened(state, fights, chargers, defenders)
    if not fights:
        state.emit(TwEvent.TwCharge, "Nobody reaches the enemy: no close combat [TW-CC-3]")
        return
    if not fumbled:
        yield from join(state, fights)
    yield from melee_round(state, fights, side)


def frightened(state: TwState, fights: list[Fight], chargers: list[FigureState], defenders: list[FigureState]
               ) -> Generator[Any, Any, list[Fight]]:
    """[TW-NERVE-5]: a seer is Frightening to attackers coming within 3″: the chargers test their Nerve at once,
    and a charger driven back no longer fights."""
    seers = [d for d in defenders if d.standing and d.profile.type.row.frightening]
    near = [c for c in chargers if c.on_table and any(
        battlefield(state).distance(c.id, s.id) <= FRIGHT_RANGE + 1e-9 for s in seers)]
    if not near:
        return fights
    yield from nerve_test(state, [c for c in chargers if c.on_table], seers[0].side, "frightening",
                          f"{seers[0].name} is Frightening")
    return [f for f in fights if state.figure(f.attacker).standing
            and battlefield(state).in_contact(f.attacker, f.defender)]


def respond(state: TwState, defenders: list[FigureState]) -> Generator[Any, Any, bool]:
    """[TW-CC-2]: True when the defenders fumble (and cannot meet the attack). A group that may do as its side
    wishes — led by a chief or companion, or its leader passed — stands to receive the charge or gives way one
    Move (RULING)."""
    if not led(defenders):
        lead = leader(defenders)
        roll = cv_test(state.dice, lead.cv, (), what=f"{lead.name}'s group meets the charge", rule="TW-CC-2")
        state.emit(TwEvent.TwCharge, roll.explain(), passed=roll.passed)
        if not roll.passed:
            if roll.die >= 5:
                run = movement_roll(state.dice, "run", reason="the defenders run away")
                for d in defenders:
                    if d.standing:
                        fall_back(state, d, run.inches, may_leave=True, why="they ran from a charge")
                state.emit(TwEvent.TwCharge, f"{name_of(defenders)} runs away from the charge: {run.explain()} "
                           "[TW-CC-2]")
            else:
                state.emit(TwEvent.TwCharge, f"{name_of(defenders)} fumbles with its weapons and cannot meet the "
                           "attack [TW-CC-2]")
            return True
    standing = [d for d in defenders if d.standing]
    if not standing:
        return False
    key = yield Decision(TwDecision.tw_respond, standing[0].side, f"{name_of(defenders)} is charged: stand or "
                         "give way?", "TW-CC-2", [Option("stand", "Stand and receive the charge"),
                                                  Option("give_way", "Give way: fall back one Move")],
                         context={"system": {"group": [d.id for d in defenders]}})
    if key == "give_way":
        move = movement_roll(state.dice, "move", reason="the defenders give way")
        for d in standing:
            fall_back(state, d, move.inches, why="giving way before a charge")
        state.emit(TwEvent.TwCharge, f"{name_of(defenders)} gives way before the charge: {move.explain()} [TW-CC-2]")
    return False


def charge_move(state: TwState, chargers: list[FigureState], defenders: list[FigureState]
                ) -> Generator[Any, Any, list[Fight]]:
    """[TW-CC-3], [TW-CC-4]: one Run roll; each charger into contact with the enemy it chooses."""
    run = movement_roll(state.dice, "run", reason="the charge")
    state.emit(TwEvent.TwMoveRoll, f"The charge: {run.explain()}", kind="run", inches=run.inches)
    fights: dict[str, Fight] = {}
    for c in chargers:
        if not c.standing:
            continue
        inches = movement.own_roll(state, c, "run", run.inches)
        reach = {d.id: p for d in defenders if d.on_table
                 for p in [movement.contact_point(state, c, d, inches)] if p is not None}
        c.last_move, c.ambush = "run", False
        if not reach:
            yield from _close_in(state, c, defenders, inches)
            continue
        if len(reach) == 1:
            eid = next(iter(reach))
        else:
            options = [Option(eid, _match_words(state, eid, fights)) for eid in reach]
            eid = yield Decision(TwDecision.tw_charge_match, c.side, f"{c.name} charges: whom does it fight?",
                                 "TW-CC-4", options, context={"model": c.id})
        path = movement.route(state, c, reach[eid], inches)
        if isinstance(path, str):
            continue
        start = (c.x, c.y)
        if len(path) > 1:
            yield from walk_past_ambushes(state, c, path)
        state.emit(TwEvent.TwMoved, f"{c.label()} charges {math.dist(start, (c.x, c.y)):.1f}″ [TW-CC-3]",
                   model=c.id, x=c.x, y=c.y)
        if not c.standing or math.dist((c.x, c.y), reach[eid]) > 1e-6:
            continue
        fight = fights.get(eid)
        if fight is None:
            fights[eid] = Fight(c.id, eid)
        else:
            fight.a_support.append(c.id)
    for fight in fights.values():
        limit = 3 if surrounded(state, fight) else 2
        if len(fight.a_support) > limit:
            state.emit(TwEvent.TwCharge, f"{state.figure(fight.defender).name} can be fought {limit + 1} to 1 at "
                       f"most: {', '.join(state.figure(s).name for s in fight.a_support[limit:])} stand by [TW-CC-4]")
            del fight.a_support[limit:]
    return list(fights.values())


def _match_words(state: TwState, eid: str, fights: dict[str, Fight]) -> str:
    e = state.figure(eid)
    fight = fights.get(eid)
    if fight is None:
        return f"Fight {e.name} (CV {e.cv})"
    return f"Support {state.figure(fight.attacker).name} against {e.name}"


def _close_in(state: TwState, c: FigureState, defenders: list[FigureState], inches: float) -> Gen:
    """A charger that reaches nobody runs as far as it can toward the nearest defender."""
    near = min(defenders, key=lambda d: math.dist((c.x, c.y), (d.x, d.y)), default=None)
    if near is None:
        return
    points = movement.move_points(state, c, inches, [(near.x, near.y)])
    best = min(points, key=lambda p: math.dist((p["x"], p["y"]), (near.x, near.y)))
    path = movement.route(state, c, (best["x"], best["y"]), inches)
    if isinstance(path, str) or len(path) < 2:
        return
    start = (c.x, c.y)
    yield from walk_past_ambushes(state, c, path)
    state.emit(TwEvent.TwMoved, f"{c.label()} charges {math.dist(start, (c.x, c.y)):.1f}″ but reaches nobody "
               "[TW-CC-3]", model=c.id, x=c.x, y=c.y)


def surrounded(state: TwState, fight: Fight) -> bool:
    """[TW-CC-4] (RULING): the attackers round the defender leave no half circle free of them."""
    d = state.figure(fight.defender)
    angles = sorted(math.degrees(math.atan2(a.y - d.y, a.x - d.x)) % 360.0
                    for a in (state.figure(i) for i in [fight.attacker, *fight.a_support]))
    if len(angles) < 3:
        return False
    gaps = [b - a for a, b in itertools.pairwise(angles)] + [angles[0] + 360.0 - angles[-1]]
    return max(gaps) < SURROUND_GAP


def join(state: TwState, fights: list[Fight]) -> Gen:
    """[TW-CC-4]: defenders within 1″ of a friend fighting in it may join a fight; one breaks up a two-on-one
    into two fights."""
    engaged = {i for f in fights for i in (f.attacker, f.defender, *f.a_support, *f.d_support)}
    side = state.figure(fights[0].defender).side
    bf = battlefield(state)
    for m in state.on_table(side):
        if m.id in engaged or not m.standing:
            continue
        near = [f for f in fights if any(bf.distance(m.id, d) <= JOIN_REACH + 1e-9 for d in (f.defender, *f.d_support)
                                         if state.figure(d).on_table)]
        if not near:
            continue
        options = [Option(f.defender, f"Join {state.figure(f.defender).name}'s fight"
                          + (" (taking on a supporter)" if f.a_support else " (as a supporter)")) for f in near]
        options.append(Option("stay", "Stay out of it"))
        key = yield Decision(TwDecision.tw_join, side, f"{m.name} is within 1″ of the melee: join it?", "TW-CC-4",
                             options, context={"model": m.id})
        if key == "stay":
            continue
        fight = next(f for f in fights if f.defender == key)
        if fight.a_support:
            fights.append(Fight(fight.a_support.pop(), m.id))
        else:
            fight.d_support.append(m.id)
        engaged.add(m.id)
        state.emit(TwEvent.TwCharge, f"{m.label()} joins the fight [TW-CC-4]", model=m.id)


# -- one round of the melee
def facts(state: TwState, f: FigureState, supporters: int, terrain_dice: int) -> FighterFacts:
    p = f.profile
    return FighterFacts(f.name, f.cv, p.cv, f.key, "knife" if f.weapon_lost else p.melee_weapon, p.shield,
                        p.armour, f.armour_left, f.fallen, False, p.abilities, supporters, terrain_dice,  # type: ignore[arg-type]
                        str(p.type))


def terrain_advantage(state: TwState, attacker: FigureState, defender: FigureState) -> int:
    """[TW-CC-7] (RULING on the shared maps): a defender behind a wall, log or hedge, or in ruins, has +1."""
    return 1 if target_column(state, attacker, defender) >= Column.cover else 0


def choose_cards(state: TwState, a: FigureState, d: FigureState) -> Generator[Any, Any, tuple[str, str]]:
    """[TW-CC-5]: a Key Character chooses its card in secret; anyone else draws one at random (Huh! among them)."""
    asks = []
    if a.key:
        asks.append(Decision(TwDecision.tw_card, a.side, f"{a.name} attacks {d.name}: choose the attack card",
                             "TW-CC-5", [Option(c, card(c, "attack").title) for c in ATTACKS[:-1]],
                             context={"model": a.id, "target": d.id, "system": {"role": "attack"}}))
    if d.key:
        asks.append(Decision(TwDecision.tw_card, d.side, f"{d.name} is attacked by {a.name}: choose the defence "
                             "card", "TW-CC-5", [Option(c, card(c, "defence").title) for c in DEFENCES[:-1]],
                             context={"model": d.id, "target": a.id, "system": {"role": "defence"}}))
    answers: tuple[str, ...] = ()
    if len(asks) == 2:
        answers = tuple((yield Simultaneous(asks)))
    elif asks:
        answers = ((yield asks[0]),)
    it = iter(answers)
    attack = next(it) if a.key else draw(state, a, ATTACKS, "attack")
    defence = next(it) if d.key else draw(state, d, DEFENCES, "defence")
    return attack, defence


def draw(state: TwState, f: FigureState, deck: tuple[str, ...], role: str) -> str:
    """[TW-CC-5]: a basic character draws one of the six cards at random: a die, the cards in the table's
    order (Huh! the sixth)."""
    die = state.dice.d6(f"{f.name} draws a card")
    drawn = deck[die - 1]
    state.emit(TwEvent.TwFight, f"{f.label()} draws its {role} card: rolled {die}: {card(drawn, role).title} "  # type: ignore[arg-type]
               "[TW-CC-5]", model=f.id, card=drawn)
    return drawn


def split_options(dice: melee.SideDice) -> list[Option]:
    return [Option(str(n), f"{n} attack, {dice.total - n} defence") for n in dice.splits()]


def choose_splits(state: TwState, fd: melee.FightDice, a: FigureState, d: FigureState
                  ) -> Generator[Any, Any, tuple[int, int]]:
    """[TW-CC-8]: each side splits its dice into attack and defence dice, in secret."""
    asks: list[tuple[Side, Decision]] = []
    for which, f, other in (("attacker", a, d), ("defender", d, a)):
        s = fd.side(which)  # type: ignore[arg-type]
        if len(s.splits()) > 1:
            asks.append((which, Decision(TwDecision.tw_split, f.side, f"{f.name} has {s.total} dice against "
                                         f"{other.name} (CV {f.cv}): how many attack?", "TW-CC-8",
                                         split_options(s), context={"model": f.id, "target": other.id})))  # type: ignore[arg-type]
    got: dict[str, int] = {}
    if len(asks) == 2:
        answers = yield Simultaneous([q for _, q in asks])
        got = {asks[0][0]: int(answers[0]), asks[1][0]: int(answers[1])}
    elif asks:
        got = {asks[0][0]: int((yield asks[0][1]))}
    out = []
    for which in ("attacker", "defender"):
        s = fd.side(which)  # type: ignore[arg-type]
        out.append(got.get(which, s.splits()[0] if s.splits() else 0))
    return out[0], out[1]


def adjust(state: TwState, fd: melee.FightDice, roll: melee.FightRoll, who: dict[str, FigureState]
           ) -> Generator[Any, Any, melee.FightRoll]:
    """Tough Skin, Lucky and Cursed on the rolled dice ([TW-ABIL-1], [TW-ABIL-2]): the side each names chooses
    the die, or lets the dice stand; Lucky once a turn. A die is offered only where changing it can help."""
    for adj in melee.adjustments(fd):
        owner, other = who[adj.decides], who[adj.dice_of]
        if adj.ability == melee.LUCKY and owner.lucky_used == state.side_turns:
            continue
        cv = fd.facts(adj.dice_of).cv
        options = []
        for kind in adj.pools:
            for i, v in enumerate(getattr(roll.side(adj.dice_of), kind)):
                helps = v > cv if adj.ability == melee.LUCKY else v <= cv  # own failures; the enemy's successes
                if helps:
                    options.append(Option(f"{kind}:{i}", f"{other.name}'s {kind} die {i + 1}: {v}"))
        if not options:
            continue
        options.append(Option("no", "Let the dice stand"))
        what = {melee.TOUGH_SKIN: "make one of its attack dice a level worse",
                melee.LUCKY: "roll one of your own dice again", melee.CURSED: "make it roll one die again"}
        rule = "TW-ABIL-2" if adj.ability == melee.CURSED else "TW-ABIL-1"
        key = yield Decision(TwDecision.tw_adjust, owner.side, f"{owner.name}'s {adj.ability}: "
                             f"{what[adj.ability]}?", rule, options, context={"model": owner.id, "target": other.id})
        if key == "no":
            continue
        pool_name, index = key.split(":")
        pool: melee.Pool = "attack" if pool_name == "attack" else "defence"
        if adj.ability == melee.TOUGH_SKIN:
            roll = melee.tough_skin(roll, adj.decides, int(index))
        else:
            roll = melee.reroll_die(roll, state.dice, adj.dice_of, pool, int(index), adj.ability)
            if adj.ability == melee.LUCKY:
                owner.lucky_used = state.side_turns
    return roll


def fight_one(state: TwState, fight: Fight) -> Generator[Any, Any, FightResult | None]:
    a, d = state.figure(fight.attacker), state.figure(fight.defender)
    if fight.out or not (a.on_table and d.on_table):
        return None
    attack, defence = yield from choose_cards(state, a, d)
    a_supp = sum(1 for i in fight.a_support if state.figure(i).standing)
    d_supp = sum(1 for i in fight.d_support if state.figure(i).standing)
    fd = melee.fight_dice(cell(attack, defence), facts(state, a, a_supp, 0),
                          facts(state, d, d_supp, terrain_advantage(state, a, d)),
                          figure_abilities(a.profile), figure_abilities(d.profile))
    if fd.no_combat:
        result = melee.outcome(fd, None)
    else:
        splits = yield from choose_splits(state, fd, a, d)
        roll = melee.roll_fight(state.dice, fd, (splits[0], fd.attacker.total - splits[0]),
                                (splits[1], fd.defender.total - splits[1]))
        roll = yield from adjust(state, fd, roll, {"attacker": a, "defender": d})
        result = melee.outcome(fd, roll)
    state.emit(TwEvent.TwFight, result.explain().replace("\n", "; ") + " [TW-CC-9]", attacker=a.id, defender=d.id)
    for which, f, other in (("attacker", a, d), ("defender", d, a)):
        r = result.side(which)  # type: ignore[arg-type]
        if f.fallen and not r.falls:  # [TW-FALL-1]: a round survived without a new fall: back on its feet
            f.fallen = False
            state.emit(TwEvent.TwStood, f"{f.label()} is back on its feet [TW-FALL-1]", model=f.id)
        f.armour_left = r.armour_wounds_left
        f.renown_lost += r.renown_lost
        if r.dropped_weapon:
            f.weapon_lost = True
        wound(state, f, r.cv_lost, falls=r.falls, gory=r.gory, why=f"fighting {other.name}")
        if r.leaves and f.on_table:
            fall_back(state, f, 2.0, away_from=(other.x, other.y), why="jumping back")
    return result


def melee_round(state: TwState, fights: list[Fight], attacking_side: int, round_no: int = 1,
                pursuit: bool = False) -> Gen:
    """Every fight of the melee, then its Nerve ([TW-NERVE-1]–[TW-NERVE-4])."""
    from game.systems.thornwood.melee_nerve import settle  # the melee's end needs the round (a tie fights on)

    results: list[tuple[Fight, FightResult]] = []
    for fight in list(fights):
        result = yield from fight_one(state, fight)
        if result is not None:
            results.append((fight, result))
    yield from settle(state, fights, results, attacking_side, round_no, pursuit)
