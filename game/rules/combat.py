"""Opposed attacks, step by step as [CC-5] and [RNG-5] number them.

(1) declare, Fate (attacker first); (2) attack roll; (3) defence roll; re-roll
window ([SEQ-1]); (4) wound if the attack is higher; (5) effects in the order of
[SEQ-6]. Every roll is an event with each die and each modifier's rule and source.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from game.content.catalog import catalog
from game.core.dice import Modifier, ResolutionRoll, active_wins, ones, reroll
from game.rules import board, conditions, fate
from game.rules.attack_profile import (
    HEROIC_DUEL,
    Aftermath,
    AttackProfile,
    DiceRules,
    Duel,
    RollSide,
    TraitRoll,
    WoundSave,
    chart_of,
    effects,
    wounds,
)
from game.rules.decision_kinds import DecisionKind
from game.rules.decisions import Decision, Option
from game.rules.events import EventKind
from game.rules.payloads import DecisionContext, Unavailable
from game.rules.state import KILLED, Conditions, GameState, ModelState
from game.rules.traits.base import (
    any_hook,
    collect,
    condition_hooks_answering,
    hooks_answering,
    hooks_of,
    trait_hooks,
    trait_hooks_answering,
)

Gen = Generator[Decision, Any, Any]

CLOSE_ACTIONS = ("standard_attack", "furious_attack", "charge_attack", "shove", "free_strike")


@dataclass
class Attack:
    attacker: ModelState
    defender: ModelState
    kind: str  # "close" | "ranged"
    action: str  # standard_attack, furious_attack, charge_attack, shove, free_strike, ranged_attack, aimed_shot
    weapon: int | None = None  # index of the weapon entry used ([SEQ-3]); None: unarmed / no weapon
    extra_dice: int = 0
    range_band: str | None = None  # "short" | "long" for ranged attacks
    cover: bool = False
    area: bool = False  # area of effect ([AOE-1])
    no_fate: bool = False  # Disengage free strikes ([FATE-8])

    @property
    def furious(self) -> bool:
        return self.action == "furious_attack"

    @property
    def is_shove(self) -> bool:
        return self.action == "shove"

    @property
    def pushes(self) -> bool:
        """Shove and Shield Slam push instead of wounding ([CC-3], [T-SLAM-1])."""
        return self.action in ("shove", "shield_slam")

    def weapon_skill(self) -> str | None:
        return None if self.weapon is None else self.attacker.weapon(self.weapon).skill


@dataclass
class AttackResult:
    attack: Attack
    attack_roll: ResolutionRoll | None = None
    defence_roll: ResolutionRoll | None = None
    hit: bool = False
    misfire: bool = False
    wounds_dealt: int = 0
    brutal: bool = False
    stunned: bool = False
    killed: bool = False
    notes: list[str] = field(default_factory=list)


# -- modifiers ------------------------------------------------------------------------

def model_roll_modifiers(state: GameState, model: ModelState) -> list[Modifier]:
    """Modifiers on every resolution roll of a model: its conditions' (Ran [MOD-12], Rough [MOD-13]), Terror
    ([MOD-14]), Vengeance ([HERO-2]), its traits' (Pet, [T-PET-3])."""
    mods = [m for c in condition_hooks_answering(model, "roll_modifiers") for m in c.roll_modifiers(state, model)]
    mods += conditions.terror_modifier(state, model, activation=False)
    side = state.sides[model.side]
    if side.hero_fate == "vengeance" and side.hero_fate_turn == state.turn:
        mods.append(Modifier(1, "HERO-2", "Vengeance for the fallen hero"))
    mods += [m for h in trait_hooks_answering(model, "roll_modifiers") for m in h.roll_modifiers(state, model)]
    return mods


def attack_modifiers(state: GameState, attack: Attack) -> list[Modifier]:
    a, d = attack.attacker, attack.defender
    mods = model_roll_modifiers(state, a)
    friends = state.friends_of(a)
    if attack.kind == "close":
        if board.attacker_behind(d, a):
            mods.append(Modifier(2, "MOD-1", "attacking from the back arc"))
        if attack.action == "charge_attack":
            mods.append(Modifier(2, "MOD-2", "charging"))
        gang = [f for f in friends if board.in_contact(f, d)]
        if gang:
            mods.append(Modifier(len(gang), "MOD-3", f"gang up ({', '.join(f.name for f in gang)})"))
        if unskilled(attack):
            mods.append(Modifier(-3, "MOD-6", "unskilled: no melee skill"))
    else:
        if attack.range_band == "long":
            mods.append(Modifier(-2, "MOD-7", "long range"))
        skill_id = attack.weapon_skill()
        skill = catalog().skill(skill_id) if skill_id is not None else None
        if skill is not None and skill.black_powder and attack.range_band == "short":
            mods.append(Modifier(1, "SKILL-7", "black powder at short range"))
        if attack.action == "aimed_shot":
            mods.append(Modifier(2, "RNG-4", "aimed shot"))
        mods += collect(d, "target_modifiers", state, attack)  # a Large or Gargantuan target ([MOD-8])
        if board.is_engaged(state, d):
            mods.append(Modifier(-3, "MOD-9", "target engaged in close combat"))
    mods += collect(a, "attack_modifiers", state, attack)
    for friend in friends:
        for h in hooks_answering(friend, "ally_attack_modifiers"):
            mods += h.ally_attack_modifiers(state, friend, attack)
    return mods


def unskilled(attack: Attack) -> bool:
    """[SKILL-3] / [MOD-6]: a close attack made with no melee weapon is unskilled. Of the two that push and use no
    weapon by their nature, the penalty belongs to Shove alone, when the model has no melee skill; a Shield Slam
    is never unskilled ([SEQ-10], [T-SLAM-1])."""
    if attack.pushes:
        return attack.is_shove and not melee_weapons(attack.attacker)
    return attack.weapon is None


def defence_modifiers(state: GameState, attack: Attack) -> list[Modifier]:
    """The defender's roll modifiers, shield, cover (the line of sight gives none to a Gargantuan, [T-GARG-5]),
    then its conditions' (Stunned [MOD-5], Stealth [MOD-11]) and its traits', then friends' auras."""
    a, d = attack.attacker, attack.defender
    mods = model_roll_modifiers(state, d)
    if attack.kind == "close":
        if has_shield(d) and not board.attacker_behind(d, a):
            mods.append(Modifier(1, "MOD-4", "shield against a front-arc attack"))
    elif attack.cover:
        mods.append(Modifier(2, "MOD-10", "in cover"))
    mods += [m for c in condition_hooks_answering(d, "defence_modifiers") for m in c.defence_modifiers(state, attack)]
    mods += [m for h in trait_hooks_answering(d, "defence_modifiers") for m in h.defence_modifiers(state, attack)]
    for friend in state.friends_of(d):
        for h in hooks_answering(friend, "ally_defence_modifiers"):
            mods += h.ally_defence_modifiers(state, friend, attack)
    return mods


def melee_weapons(model: ModelState) -> list[int]:
    return [i for i, kind in enumerate(_weapon_kinds(model)) if kind == "melee"]


def ranged_weapons(model: ModelState) -> list[int]:
    return [i for i, kind in enumerate(_weapon_kinds(model)) if kind == "ranged"]


# id of a profile's weapons -> (those weapons, the catalog asked, each weapon's skill kind): asked thousands of
# times a game (the weapons are kept, so that their id stays theirs)
_WEAPON_KINDS: dict[int, tuple[object, object, tuple[str, ...]]] = {}


def _weapon_kinds(model: ModelState) -> tuple[str, ...]:
    """Each weapon's skill kind ("melee", "ranged" ...), as the loaded catalog says (remembered per catalog)."""
    cat = catalog()
    weapons = model.profile.weapons
    found = _WEAPON_KINDS.get(id(weapons))
    if found is None or found[0] is not weapons or found[1] is not cat:
        if len(_WEAPON_KINDS) > 4096:
            _WEAPON_KINDS.clear()
        found = _WEAPON_KINDS[id(weapons)] = (weapons, cat, tuple(cat.skill(w.skill).kind for w in weapons))
    return found[2]


def has_shield(model: ModelState) -> bool:
    return any(w.skill == "shield" for w in model.profile.weapons)


def attribute(model: ModelState, name: str) -> int:
    """An attribute as it stands in play (Weakness and trait bonuses come as modifiers)."""
    return model.profile.attributes[name]


# -- the attack profile ---------------------------------------------------------------------

def offers_reroll_ones(state: GameState, model: ModelState, attr: str, dice: int, role: str,
                       attack: Attack | None) -> bool:
    """Whether one of the model's traits would offer to re-roll the 1s of this roll ([DICE-4]), asked of its
    ``reroll_options`` hooks with a roll of all 1s."""
    hooks = hooks_answering(model, "reroll_options")
    if not hooks:  # most models: no roll to make up
        return False
    probe = ResolutionRoll((1,) * dice, attr, attribute(model, attr))
    return any(h.reroll_options(state, model, probe, role, attack) for h in hooks)


def roll_side(state: GameState, model: ModelState, attr: str, mods: list[Modifier], dice: int, role: str,
              attack: Attack | None, inner_reserve: bool, no_fate: bool) -> RollSide:
    """One side of a resolution roll as it will be rolled: its traits' extra dice ([DICE-1]), Weakness added
    ([SPELL-6]); Hand of Fortune on offer unless this roll took Inner Reserve ([FATE-7])."""
    more = tuple(collect(model, "extra_dice", state, attack, role)) if attack is not None else ()
    dice += sum(m.value for m in more)
    return RollSide(model.id, attr, attribute(model, attr), (*mods, *weakness_modifiers(model, attr)), dice,
                    offers_reroll_ones(state, model, attr, dice, role, attack),
                    not inner_reserve and fate.reroll_fate_allowed(state, model.side, no_fate), more)


def attack_profile(state: GameState, attack: Attack, a_extra: int = 0, d_extra: int = 0) -> AttackProfile:
    """The attack as data after the Fate declarations of step (1) (``*_extra``: Inner Reserve dice): what
    :func:`resolve_attack` rolls and what the exact odds enumerate."""
    a, d = attack.attacker, attack.defender
    a_dice = 2 + attack.extra_dice + a_extra
    d_dice = 2 + d_extra + sum(x.value for x in extra_defence_dice(state, attack))  # Full Defense ([SPEC-2])
    skill = attack.weapon_skill()
    return AttackProfile(
        attack=roll_side(state, a, "MA" if attack.kind == "close" else "RA", attack_modifiers(state, attack), a_dice,
                         "attack", attack, a_extra > 0, attack.no_fate),
        defence=roll_side(state, d, "PD", defence_modifiers(state, attack), d_dice, "defence", attack, d_extra > 0,
                          attack.no_fate),
        dice=DiceRules(brutal_by_weapon=attack.furious and skill == "2h_edged",
                       stun_by_weapon=attack.furious and skill == "2h_blunt",
                       black_powder=attack.kind == "ranged" and skill is not None
                       and catalog().skill(skill).black_powder),
        pushes=attack.pushes,
        after=Aftermath(saves=wound_saves(state, d, a, attack),
                        extra_wounds=tuple(x for h in hooks_answering(a, "extra_wounds")
                                           for x in h.extra_wounds(state, attack)),
                        no_fate=attack.no_fate),
        duel=duel_of(state, attack))


def duel_of(state: GameState, attack: Attack) -> Duel | None:
    """[HD-1]: with the heroic duel on, a close combat attack that can wound (no push) between a hero and an enemy
    hero is a duel; what its Combat Score needs, or None. The defender fights with its first usable melee weapon."""
    a, d = attack.attacker, attack.defender
    if (not state.settings.options or not state.settings.has(HEROIC_DUEL) or attack.kind != "close"
            or attack.pushes or not (a.is_hero and d.is_hero) or a.side == d.side):
        return None
    d_weapon = next((i for i in melee_weapons(d) if i not in d.jammed), None)
    return Duel(attribute(a, "MA"), attribute(d, "MA"), chart_of(attack.weapon_skill()),
                chart_of(None if d_weapon is None else d.weapon(d_weapon).skill),
                wound_saves(state, a, d, attack))


def with_inner_reserve(state: GameState, attack: Attack, plain: AttackProfile, a_extra: int = 0,
                       d_extra: int = 0) -> AttackProfile:
    """:func:`attack_profile` with ``*_extra`` Inner Reserve dice, derived from ``plain`` (the profile with none,
    made before the Fate declarations): those declarations change only each roll's dice, the re-rolls of 1s
    offered on them and whether Hand of Fortune is still on offer ([FATE-7]), so only these are asked again."""
    return replace(plain, attack=_declared(state, attack.attacker, plain.attack, a_extra, "attack", attack),
                   defence=_declared(state, attack.defender, plain.defence, d_extra, "defence", attack))


def _declared(state: GameState, model: ModelState, side: RollSide, extra: int, role: str, attack: Attack) -> RollSide:
    """One side of a plain profile after its Fate declaration: ``extra`` Inner Reserve dice ([FATE-5])."""
    dice = side.dice + extra
    return replace(side, dice=dice,
                   reroll_ones=offers_reroll_ones(state, model, side.attribute, dice, role, attack) if extra
                   else side.reroll_ones,
                   hand_of_fortune=not extra and fate.reroll_fate_allowed(state, model.side, attack.no_fate))


def extra_defence_dice(state: GameState, attack: Attack) -> list[Modifier]:
    """Dice the defender's conditions add to its defence roll, each with its rule (Full Defense, [SPEC-2])."""
    return [x for c in conditions.condition_hooks(attack.defender) for x in c.defence_dice(state, attack)]


def wound_saves(state: GameState, target: ModelState, source: ModelState | None,
                attack: Attack | None) -> tuple[WoundSave, ...]:
    """The saves the target's hooks offer before each wound from ``source`` (Tough; lost to Holy)."""
    return tuple(s for h in hooks_answering(target, "wound_saves")
                 for s in h.wound_saves(state, target, source, attack))


class OnTheTable:
    """The effects of [SEQ-6] dealt to the live game: wounds, kills, Stun, trait rolls with Fate, the log."""

    def __init__(self, state: GameState, target: ModelState, source: ModelState | None):
        self.state, self.target, self.source = state, target, source

    def on_table(self) -> bool:
        return self.target.on_table

    def wound(self) -> None:
        t = self.target
        t.wounds_taken += 1
        self.state.emit(EventKind.Wounded, f"{t.name} takes a wound ({t.wounds_taken}/{t.max_wounds})",
                        model=t.id, wounds_taken=t.wounds_taken, rule="CC-5")
        if t.wounds_taken >= t.max_wounds:
            kill(self.state, t, "killed", "CAS-1")

    def stun(self, why: str, rule: str) -> bool:
        return conditions.stun(self.state, self.target, self.source, why, rule)

    def trait_roll(self, roll: TraitRoll, attacker: bool, no_fate: bool) -> Gen:
        who = self.source if attacker else self.target
        assert who is not None
        return (yield from fate.trait_d6(self.state, who.side, who.name, roll.trait, roll.rule, roll.need,
                                         roll.need_with_fate, roll.what, no_fate, who.id,
                                         saves_wound=not attacker))  # the target's rolls are its wound saves

    def note(self, kind: EventKind, text: str, rule: str, data: dict[str, Any] | None = None, **who: str) -> None:
        ids = {"attacker": self.source.id if self.source else None, "target": self.target.id}
        self.state.emit(kind, text, rule=rule, **{k: ids[role] for k, role in who.items()}, **(data or {}))


# -- the roll ------------------------------------------------------------------------------

def weakness_modifiers(model: ModelState, attr: str) -> list[Modifier]:
    """[SPELL-6]: -2 to the Weakened attribute's rolls (a function so the odds preview reads the same rule)."""
    return [m for c in conditions.condition_hooks(model) for m in c.attribute_modifiers(model, attr)]


def roll(state: GameState, model: ModelState, attr: str, mods: list[Modifier], extra: int, why: str,
         weakness: bool = True, trait_dice: Sequence[Modifier] = ()) -> ResolutionRoll:
    """Roll 2d6 + ``extra`` dice; ``trait_dice`` (counted in ``extra``) say which traits added dice, for the log."""
    if weakness:
        mods = [*mods, *weakness_modifiers(model, attr)]
    dice = state.dice.roll(2 + extra, f"{model.name}: {why}")
    result = ResolutionRoll(dice, attr, attribute(model, attr), tuple(mods))
    more = {}
    text = f"{model.name} {why}: {result.explain()}"
    if trait_dice:
        more = {"trait_dice": [{"value": m.value, "rule": m.rule, "source": m.source} for m in trait_dice]}
        text += " (" + ", ".join(f"+{m.value} {'die' if m.value == 1 else 'dice'} {m.source} [{m.rule}]"
                                 for m in trait_dice) + ")"
    state.emit(EventKind.DiceRolled, text, model=model.id, roll=why,
               dice=list(dice), attribute=attr, value=result.attribute_value,
               modifiers=[{"value": m.value, "rule": m.rule, "source": m.source} for m in result.applied],
               total=result.total, **more)
    return result


def roll_dice(state: GameState, model: ModelState, side: RollSide, why: str) -> ResolutionRoll:
    """Roll one side of an attack profile, logged with each die and each modifier's rule and source."""
    return roll(state, model, side.attribute, list(side.modifiers), side.dice - 2, why, weakness=False,
                trait_dice=side.trait_dice)


def reroll_window(state: GameState, active: ModelState, a_roll: ResolutionRoll, reactive: ModelState,
                  d_roll: ResolutionRoll, purpose: tuple[str, str], attack: Attack | None = None,
                  no_fate: bool = False, judge: Judge | None = None) -> Gen:
    """[SEQ-1]: the active side's one re-roll choice, then the reactive side's, then the active side
    once more if it passed and is now losing; no roll is re-rolled twice ([DICE-5]).

    RULING: "now losing" is read as made losing by the reactive side's re-roll: when the reactive roll was not
    re-rolled, nothing has changed since the active side passed, and it is not asked the same question twice.

    ``judge``: (active roll, reactive roll) -> (active score, reactive score, the active wins), for a roll not
    decided by the totals ([HD-2], [HD-4]); by default the totals and [DICE-2]."""
    judge = judge or _by_totals
    active_passed = reactive_rerolled = False
    for step in ("active", "reactive", "active-again"):
        if step == "active-again" and not (active_passed and reactive_rerolled):
            break
        is_active = step != "reactive"
        mine = a_roll if is_active else d_roll
        who = active if is_active else reactive
        a_score, d_score, wins = judge(a_roll, d_roll)
        losing = (not wins) if is_active else wins
        if step == "active-again" and not losing:
            break
        choice, traits = None, []
        if not mine.rerolled:
            role = purpose[0] if is_active else purpose[1]
            traits = [(h, o) for h in hooks_of(who) for o in h.reroll_options(state, who, mine, role, attack)]
            # what the odds of a re-roll are read from
            about: DecisionContext = {"model": who.id, "dice": list(mine.dice),
                                      "total": a_score if is_active else d_score,
                                      "opposed": d_score if is_active else a_score, "active": is_active}
            choice = yield from fate.reroll_choice(state, who.side, f"{who.name}'s {mine.attribute} roll",
                                                   [o for _, o in traits], losing, no_fate, about)
        if choice is None:
            if step == "active":
                active_passed = True
            continue
        new = _apply_reroll(state, who, mine, choice, traits)
        if is_active:
            a_roll = new
        else:
            d_roll, reactive_rerolled = new, True
    return a_roll, d_roll


Judge = Callable[[ResolutionRoll, ResolutionRoll], tuple[int, int, bool]]


def _by_totals(a_roll: ResolutionRoll, d_roll: ResolutionRoll) -> tuple[int, int, bool]:
    """[DICE-2]: the totals, and the active side wins when its total is higher."""
    return a_roll.total, d_roll.total, active_wins(a_roll, d_roll)


def _apply_reroll(state: GameState, who: ModelState, mine: ResolutionRoll, choice: str,
                  traits: list[tuple[Any, Option]]) -> ResolutionRoll:
    """[DICE-4]: a trait's re-roll picks up the dice showing 1, Hand of Fortune all the dice; the new roll stands."""
    owner = next((h for h, o in traits if o.key == choice), None)
    indices = None
    if owner is not None:  # a trait's re-roll of the dice showing 1
        indices = ones(mine)
        owner.rerolled(state, who)
    new = reroll(mine, state.dice, indices)
    what = "the dice showing 1" if indices is not None else "all the dice"
    state.emit(EventKind.DiceRerolled, f"{who.name} re-rolls {what} ({choice.replace('_', ' ')}): {new.explain()}",
               model=who.id, dice=list(new.dice), before=list(mine.dice), total=new.total, reason=choice,
               modifiers=[{"value": m.value, "rule": m.rule, "source": m.source} for m in new.applied],
               rule="DICE-4")
    return new


def hold_against(state: GameState, who: ModelState, attr: str, mods: list[Modifier], total: int, why: str,
                 role: str, attack: Attack | None = None, no_fate: bool = False,
                 context: DecisionContext | None = None) -> Gen:
    """A roll of its own against a total already made, as an area of effect's victims roll ([AOE-1], [SEQ-8]).

    RULING 2026-12-01 ([AOE-1], [FATE-7]): the victim's player may declare Inner Reserve before the dice
    ([FATE-5]) and, the roll being beaten, take its one re-roll choice after ([SEQ-1]: Hand of Fortune, or a
    trait's re-roll of 1s that applies to such a roll); the total it stands against is never rolled again.
    Returns the final roll; the total beats it when ``total > roll.total`` ([DICE-2])."""
    about: DecisionContext = {**(context or DecisionContext()), "model": who.id, "against": total}
    extra = yield from fate.inner_reserve(state, who.side, f"{who.name}'s {why}", no_fate, about)
    mine = roll(state, who, attr, mods, extra, why)
    traits = [(h, o) for h in hooks_of(who) for o in h.reroll_options(state, who, mine, role, attack)]
    choice = yield from fate.reroll_choice(state, who.side, f"{who.name}'s {why}", [o for _, o in traits],
                                           total > mine.total, no_fate,
                                           {**about, "total": mine.total, "dice": list(mine.dice)})
    if choice is not None:
        mine = _apply_reroll(state, who, mine, choice, traits)
    return mine


def resolve_attack(state: GameState, attack: Attack) -> Gen:
    """One attack through all five steps; returns an AttackResult."""
    a, d = attack.attacker, attack.defender
    result = AttackResult(attack)
    weapon = a.weapon(attack.weapon).name if attack.weapon is not None else "no weapon"
    state.emit(EventKind.AttackDeclared, f"{a.name} attacks {d.name} ({attack.action.replace('_', ' ')}, {weapon})",
               attacker=a.id, defender=d.id, action=attack.action, weapon=attack.weapon, attack_kind=attack.kind,
               rule="CC-5")
    conditions.lose_stealth(state, a)
    # (1) Fate: the attacker declares first, then the defender ([CC-5], [FATE-5])
    # what the roll is for, so a controller can weigh it: the attack, and its profile with no Inner Reserve yet
    plain = attack_profile(state, attack)
    a_extra = yield from fate.inner_reserve(state, a.side, f"{a.name}'s attack", attack.no_fate,
                                            {"attack": attack, "profile": plain})
    if a_extra:  # its Fate spent: Hand of Fortune is no longer the attacker's to offer ([FATE-7])
        plain = with_inner_reserve(state, attack, plain)
    d_extra = yield from fate.inner_reserve(state, d.side, f"{d.name}'s defence", attack.no_fate,
                                            {"attack": attack, "profile": plain})
    profile = with_inner_reserve(state, attack, plain, a_extra, d_extra)
    if profile.duel is not None:  # [HD-1]: steps (2)-(5) are the Combat Score's
        from game.rules.duel import fight_duel

        return (yield from fight_duel(state, attack, profile, result))
    # (2) the attack roll
    a_roll = roll_dice(state, a, profile.attack, "attack")
    result.attack_roll = a_roll
    if profile.dice.misfires(a_roll.dice):
        result.misfire = True
        assert attack.weapon is not None  # (a misfire is a black powder weapon's)
        a.jammed = (*a.jammed, attack.weapon)
        state.emit(EventKind.Misfire, f"{a.name}'s {weapon} misfires and jams; the shot misses", model=a.id,
                   weapon=attack.weapon, rule="SKILL-7")
        return result
    # (3) the defence roll (Full Defense's extra die is in the profile, [SPEC-2])
    d_roll = roll_dice(state, d, profile.defence, "defence")
    a_roll, d_roll = yield from reroll_window(state, a, a_roll, d, d_roll, ("attack", "defence"), attack,
                                              attack.no_fate)
    result.attack_roll, result.defence_roll = a_roll, d_roll
    # (4) the outcome ([DICE-2]: a tie goes to the defender)
    result.hit = active_wins(a_roll, d_roll)
    state.emit(EventKind.AttackResolved, f"{a.name} {a_roll.total} vs {d.name} {d_roll.total}: "
               f"{'the attack wins' if result.hit else 'the defence holds'}",
               attacker=a.id, defender=d.id, attack=a_roll.total, defence=d_roll.total, hit=result.hit,
               rule="DICE-2")
    # (5) effects
    if attack.pushes:
        return result  # the caller pushes; no wound, and no Stun by doubles ([CC-3], [T-SLAM-1])
    yield from _effects(state, attack, profile, result)
    return result


def _effects(state: GameState, attack: Attack, profile: AttackProfile, result: AttackResult) -> Gen:
    """[SEQ-6]: the profile's effects (wounds, Tough, Stun, Slayer), then Drain, then the area of effect."""
    a, d = attack.attacker, attack.defender
    a_roll = result.attack_roll
    assert a_roll is not None
    out = yield from effects(OnTheTable(state, d, a), profile.after, result.hit, profile.dice(a_roll.dice))
    result.brutal, result.wounds_dealt, result.stunned = out.brutal, out.wounds, out.stunned
    result.killed = d.status == KILLED
    for h in sorted(hooks_of(a), key=lambda h: h.after_priority):
        yield from h.after_attack(state, attack, result)
    if attack.area and result.hit:
        yield from area_of_effect(state, attack, a_roll.total)


def deal_wounds(state: GameState, target: ModelState, count: int, source: ModelState | None,
                attack: Attack | None) -> Gen:
    """Inflict wounds one at a time, each first offered to the target's saves (Tough); returns wounds taken."""
    return (yield from wounds(OnTheTable(state, target, source), wound_saves(state, target, source, attack), count,
                              attack is not None and attack.no_fate))


def kill(state: GameState, model: ModelState, how: str, rule: str) -> None:
    """[CAS-1] / [CAS-2]: removed from the table; its die leaves the game in Maintenance."""
    from game.rules.state import REMOVED

    model.status = KILLED if how == "killed" else REMOVED
    model.conditions = Conditions()
    state.emit(EventKind.Killed if how == "killed" else EventKind.Removed,
               f"{model.name} is {'killed' if how == 'killed' else 'removed from play and counts as killed'}",
               model=model.id, side=model.side, rule=rule)
    if model.is_hero:
        state.sides[model.side].hero_died_turn = state.turn


def area_defence_modifiers(state: GameState, spread: Attack) -> list[Modifier]:
    """[AOE-1]: +2, the victim's own roll modifiers and its trait PD bonuses against ranged attacks; no Cover,
    no Stealth (a function so the odds read the same rule)."""
    v = spread.defender
    return [Modifier(2, "AOE-1", "area of effect"), *model_roll_modifiers(state, v),
            *(m for h in trait_hooks(v) for m in h.defence_modifiers(state, spread))]


def area_victims(state: GameState, attack: Attack) -> list[Attack]:
    """[AOE-1]: the attack as it reaches every other model within 3″ of the first target, friend or foe (the
    attacker too, if it stands that close), nearest first; never the neutral Prisoner ([ENC-RES-3])."""
    return [Attack(attack.attacker, v, attack.kind, attack.action, attack.weapon, range_band=attack.range_band)
            for v in board.affected_within(state, attack.defender, 3)]


def area_of_effect(state: GameState, attack: Attack, total: int) -> Gen:
    """[AOE-1]: each victim rolls PD +2 against the attack's total, each roll its own with its player's Fate."""
    for spread in area_victims(state, attack):
        v = spread.defender
        d_roll = yield from hold_against(state, v, "PD", area_defence_modifiers(state, spread), total,
                                         "area of effect defence", "defence", spread, attack.no_fate,
                                         {"area_attack": spread})
        if total > d_roll.total:
            state.emit(EventKind.AreaHit,
                       f"The blast catches {v.name} ({total} vs {d_roll.total})", model=v.id, rule="AOE-1")
            yield from deal_wounds(state, v, 1, attack.attacker, spread)
        else:
            state.emit(EventKind.AreaMiss, f"{v.name} escapes the blast ({total} vs {d_roll.total})", model=v.id,
                       rule="AOE-1")


def weapon_label(model: ModelState, index: int, among: Sequence[int]) -> str:
    """A weapon entry as a player tells it from the others offered: its name, and its skill's name when another
    entry offered has the same name ("Katana (1-handed edged)")."""
    weapon = model.weapon(index)
    if any(model.weapon(j).name == weapon.name for j in among if j != index):
        return f"{weapon.name} ({catalog().skill(weapon.skill).name})"
    return weapon.name


def choose_weapon(state: GameState, model: ModelState, indices: list[int], purpose: str,
                  unavailable: Sequence[Unavailable] = ()) -> Gen:
    """[SEQ-3]: every attack names the weapon entry it uses; asked only when there is a choice.

    A Dual Wield model's second combat action uses another entry than its first ([T-DUAL-1]).
    ``unavailable``: weapons the caller left out, each {key, label, why}; the decision's context lists them
    with the Dual Wield ones, so the player sees why they are not offered.
    """
    usable = [i for i in indices if i not in model.jammed]
    missing = list(unavailable)
    if any_hook(model, "distinct_weapons"):
        used = [i for i in usable if f"{model.id}:{i}" in state.weapons_used]
        missing += [{"key": str(i), "label": model.weapon(i).name, "why": "its other combat action used it "
                     "[T-DUAL-1]"} for i in used]
        usable = [i for i in usable if i not in used]
    distinct: list[int] = []  # identical entries (same name, same skill) are one choice: the first of them
    for i in usable:
        if all(model.weapon(j) != model.weapon(i) for j in distinct):
            distinct.append(i)
    usable = distinct
    if len(usable) <= 1:
        chosen = usable[0] if usable else None
    else:
        options = [Option(str(i), weapon_label(model, i, usable)) for i in usable]
        answer = yield Decision(DecisionKind.weapon, model.side,
                                f"{model.name}: which weapon for the {purpose}?", "SEQ-3",
                                options, context={"model": model.id, **({"unavailable": missing} if missing else {})})
        chosen = int(answer)
    if chosen is not None and model.id == state.active_model:
        state.weapons_used.append(f"{model.id}:{chosen}")
    return chosen
