"""Shooting and throwing ([TW-SHOOT-1]–[TW-SHOOT-5], [TW-DMG-1]–[TW-DMG-4], [TW-TGT-1]).

:func:`shot_for` is the one place a shot's facts are read off the table — the weapon and its range band, the
target's column, every shift and modifier with its rule and source — so the rules, the odds, the AI and the
screen all ask it. :func:`shoot` rolls a group's shots, shares out the hits on a group at random, rolls the
damage and applies it.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import Any, Literal

from game.core.dice import Modifier
from game.rules.decisions import Decision, Option
from game.systems.thornwood.abilities import figure_abilities
from game.systems.thornwood.band import MISSILE_WEAPON
from game.systems.thornwood.casualties import wound
from game.systems.thornwood.dice_rolls import damage, roll_to_hit
from game.systems.thornwood.groups import chains
from game.systems.thornwood.kinds import TwDecision, TwEvent
from game.systems.thornwood.nerve_tests import surprised
from game.systems.thornwood.spotting import reveal, sees, target_column
from game.systems.thornwood.state import FigureState, TwState
from game.systems.thornwood.table import battlefield
from game.systems.thornwood.tables import (
    WEAPONS,
    ShotNeed,
    Weapon,
    damage_modifier,
    shift,
    shot_need,
)

Gen = Generator[Any, Any, Any]
Moving = Literal["", "move", "cautious", "run"]  # how the shooter moved this action ("" stood still)
SURPRISE_RANGE = 6.0  # [TW-NERVE-5]


@dataclass(frozen=True)
class Shot:
    """Everything one figure's shot at one figure is: who, with what, at which range band, the to-hit cell with
    its reasons, and the damage it adds."""

    shooter: str
    target: str
    item: str  # bow, spear, axe, club, knife
    weapon: Weapon
    band: Literal["short", "long"]
    need: ShotNeed
    damage_mods: tuple[Modifier, ...]  # the shooter's abilities' on the damage roll ([TW-ABIL-2])
    damage_shifts: tuple[Modifier, ...]  # Thrower's column ([TW-ABIL-1])

    def explain(self) -> str:
        return f"{self.item} at {self.band} range: {self.need.explain()}"


def distance(state: TwState, a: FigureState, b: FigureState) -> float:
    return battlefield(state).distance(a.id, b.id)


def in_melee(state: TwState, f: FigureState) -> bool:
    return any(battlefield(state).in_contact(f.id, e.id) for e in state.enemies_of(f))


def usable(f: FigureState, moving: Moving) -> list[tuple[str, Weapon]]:
    """The missiles the figure may loose after this movement ([TW-MOVE-1]: a running figure throws only)."""
    out = []
    for item in f.profile.missiles:
        w = WEAPONS[MISSILE_WEAPON[item]]
        if (moving == "run" and not w.can_run) or (moving == "move" and not w.can_move):
            continue
        if item != "bow" and f.weapon_lost and item == f.profile.melee_weapon:
            continue
        out.append((item, w))
    return out


def shot_for(state: TwState, f: FigureState, t: FigureState, moving: Moving = "", reacting: bool = False
             ) -> Shot | None:
    """The shot ``f`` would make at ``t`` with its best usable missile in range; None when it has none."""
    d = distance(state, f, t)
    best: Shot | None = None
    for item, w in usable(f, moving):
        band = w.band(d)
        if band is None:
            continue
        shot = _shot(state, f, t, item, w, band, moving, reacting)
        if best is None or _better(shot, best):
            best = shot
    return best


def _better(a: Shot, b: Shot) -> bool:
    return (a.need.number, a.weapon.damage_at(a.band)) > (b.need.number, b.weapon.damage_at(b.band))


def _shot(state: TwState, f: FigureState, t: FigureState, item: str, w: Weapon, band: Literal["short", "long"],
          moving: Moving, reacting: bool) -> Shot:
    mine, theirs = figure_abilities(f.profile), figure_abilities(t.profile)
    shifts: list[Modifier] = []
    if moving == "move":
        shifts.append(shift("shooter_moved"))
    if moving == "run":
        shifts.append(shift("shooter_ran"))
    if reacting and not f.ambush:
        shifts.append(shift("reacting"))
    if t.last_move == "cautious":
        shifts.append(shift("target_cautious"))
    if band == "long":
        shifts.append(shift("long_range"))
    if in_melee(state, t):
        shifts.append(shift("into_melee"))
    for a in mine:
        if a.to_hit_columns_as_shooter(item):
            shifts.append(Modifier(a.to_hit_columns_as_shooter(item), a.rule, f"{f.name}'s {a.name}"))
    for a in theirs:
        if a.to_hit_columns_as_target():
            shifts.append(Modifier(a.to_hit_columns_as_target(), a.rule, f"{t.name}'s {a.name}"))
    numbers: list[Modifier] = []
    if w.to_hit_at(band):
        numbers.append(Modifier(w.to_hit_at(band), "TW-SHOOT-5", f"{w.name} at {band} range"))
    for a in mine:
        if a.to_hit_number_mod(item):
            numbers.append(Modifier(a.to_hit_number_mod(item), a.rule, f"{f.name}'s {a.name}"))
    mods = tuple(Modifier(a.damage_mod_as_shooter(item), a.rule, f"{f.name}'s {a.name}") for a in mine
                 if a.damage_mod_as_shooter(item))
    shifts_dmg = tuple(Modifier(a.damage_shift_as_shooter(item), a.rule, f"{f.name}'s {a.name}") for a in mine
                       if a.damage_shift_as_shooter(item))
    return Shot(f.id, t.id, item, w, band, shot_need(f.cv, target_column(state, f, t), shifts, numbers),
                mods, shifts_dmg)


def group_at(state: TwState, t: FigureState) -> list[FigureState]:
    for chain in chains(state.on_table(t.side)):
        if any(o.id == t.id for o in chain):
            return chain
    return [t]


def target_modifiers(t: FigureState) -> list[Modifier]:
    """[TW-DMG-1]: what the target's kit and abilities add to a damage roll against it."""
    out = []
    if t.profile.shield and not t.used_bow:
        out.append(damage_modifier("shield"))
    if t.profile.armour == "chest":
        out.append(damage_modifier("chest_armour"))
    elif t.profile.armour == "full":
        out.append(damage_modifier("full_armour"))
    for a in figure_abilities(t.profile):
        if a.damage_mod_as_target():
            out.append(Modifier(a.damage_mod_as_target(), a.rule, f"{t.name}'s {a.name}"))
    return out


def targets(state: TwState, f: FigureState, moving: Moving = "", reacting: bool = False) -> list[FigureState]:
    """The enemy figures ``f`` may shoot at: spotted by its side, in its sight and in range ([TW-SHOOT-1])."""
    if not f.standing or f.duck_back:
        return []
    reach = max((w.long for _, w in usable(f, moving)), default=0)
    bf = battlefield(state)
    return [t for t in state.known_enemies(f.side) if bf.distance(f.id, t.id) <= reach
            and sees(state, f, t) and shot_for(state, f, t, moving, reacting) is not None]


def target_group(state: TwState, f: FigureState, t: FigureState, moving: Moving, reacting: bool
                 ) -> list[FigureState]:
    """The group a basic character's shot at ``t`` falls on: ``t``'s 2″ chain among the figures ``f`` may
    shoot at ([TW-SHOOT-1])."""
    able = targets(state, f, moving, reacting)
    for chain in chains(able):
        if any(o.id == t.id for o in chain):
            return chain
    return [t]


def shoot(state: TwState, shooters: list[tuple[FigureState, FigureState]], moving: dict[str, Moving],
          reacting: bool = False, returned: bool = False) -> Gen:
    """[TW-SHOOT-1]–[TW-SHOOT-4]: each (shooter, chosen target) rolls; a key character's hit falls on its target,
    a basic character's on the target's group, shared out at random; then the damage of every hit. Returns the
    figures that fell or died gory (for the Nerve tests they call, [TW-NERVE-5]). A shot back for no damage
    ([TW-DMG-4]) is ``returned``: it earns no shot back of its own."""
    hits: list[tuple[FigureState, Shot, list[FigureState]]] = []  # (shooter, shot, who it may fall on)
    surprise: list[tuple[FigureState, FigureState]] = []  # an unseen shooter within 6″ of its target
    for f, t in shooters:
        if not (f.standing and t.on_table):
            continue
        shot = shot_for(state, f, t, moving.get(f.id, ""), reacting)
        if shot is None:
            continue
        if shot.item == "bow":
            f.used_bow = True
        if reveal(state, t.side, f, "shooting") and distance(state, f, t) <= SURPRISE_RANGE:
            surprise.append((f, t))
        roll = roll_to_hit(state.dice, shot.need, reason=f"{f.name} shoots at {t.name}")
        state.emit(TwEvent.TwShot, f"{f.label()} shoots at {t.name} with its {shot.item} at {shot.band} range: "
                   f"{roll.explain()}", model=f.id, target=t.id, hit=roll.hit)
        if roll.hit:
            pool = [t] if f.key else target_group(state, f, t, moving.get(f.id, ""), reacting)
            hits.append((f, shot, pool))
    struck = yield from _allocate_and_wound(state, hits, returned)
    for f, t in surprise[:1]:  # [TW-NERVE-5]: the group that was shot at unawares tests once
        if t.on_table:
            yield from surprised(state, group_at(state, t), f)
    return struck


def _allocate_and_wound(state: TwState, hits: list[tuple[FigureState, Shot, list[FigureState]]],
                        returned: bool) -> Gen:
    """[TW-SHOOT-4]: a group's hits are shared out among its standing figures, the first on the most exposed,
    the others at random (the owner numbers them and rolls), nobody twice before everyone once; then [TW-DMG-1]
    the damage of each."""
    taken: dict[str, int] = {}
    struck: list[FigureState] = []
    for f, shot, pool in hits:
        pool = [p for p in pool if p.on_table]
        pool = [p for p in pool if p.standing] or pool
        if not pool:
            continue
        least = min(taken.get(p.id, 0) for p in pool)
        fewest = [p for p in pool if taken.get(p.id, 0) == least]
        if len(fewest) == 1:
            victim = fewest[0]
        elif not any(taken.get(p.id) for p in pool):
            victim = min(fewest, key=lambda p: (int(target_column(state, f, p)), distance(state, f, p)))
        else:
            victim = fewest[state.dice.choice_index(len(fewest), f"{f.name}'s hit: who takes it")]
            state.emit(TwEvent.TwShot, f"{f.name}'s hit falls at random on {victim.label()} of "
                       f"{', '.join(p.name for p in fewest)} [TW-SHOOT-4]", model=victim.id)
        taken[victim.id] = taken.get(victim.id, 0) + 1
        if (yield from apply_hit(state, f, shot, victim, returned)):
            struck.append(victim)
    return struck


def apply_hit(state: TwState, f: FigureState, shot: Shot, t: FigureState, returned: bool = False) -> Gen:
    """[TW-DMG-1]–[TW-DMG-4]: the damage roll and what it does."""
    roll = damage(state.dice, shot.weapon.damage_at(shot.band), list(shot.damage_mods) + target_modifiers(t),
                  list(shot.damage_shifts), reason=f"damage to {t.name}", weapon=f"{shot.item} at {shot.band} range")
    r = roll.result
    state.emit(TwEvent.TwDamage, f"{t.label()} is hit by {f.name}'s {shot.item}: {roll.explain()}",
               model=t.id, by=f.id, result=r.name)
    was_standing = t.standing
    if r.misses_next_action and not in_melee(state, t):  # [TW-DMG-3]: no effect on a figure in close combat
        t.duck_back = True
    wound(state, t, r.cv_loss, falls=r.falls, gory=r.name == "gory", why=f"shot by {f.name}")
    state.touch()
    if r.return_shot and not returned and t.standing and f.on_table:
        back = shot_for(state, t, f, "", reacting=True)
        if back is not None and sees(state, t, f):
            key = yield Decision(TwDecision.tw_target, t.side, f"{t.name} is unhurt: shoot back at {f.name}?",
                                 "TW-DMG-4", [Option("back", f"Shoot back ({back.need.need.describe()})"),
                                              Option("no", "Hold")], context={"model": t.id, "target": f.id})
            if key == "back":
                yield from shoot(state, [(t, f)], {}, reacting=True, returned=True)
    return (was_standing and t.fallen) or t.gory  # what may call a Nerve test ([TW-NERVE-5])
