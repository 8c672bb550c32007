"""One attack as data: what :func:`game.rules.combat.resolve_attack` executes and the exact odds enumerate.

:func:`game.rules.combat.attack_profile` builds an :class:`AttackProfile` from the models' trait and
condition hooks: each side's dice, attribute and modifiers (each with its rule), the re-rolls on offer,
what the attack's final dice do ([CC-5], [CC-6], [SKILL-4], [SKILL-5], [SKILL-7]), the defender's
wound saves (Tough) and the attacker's after-wound rolls (Slayer). After the opposed roll, [SEQ-6]'s
effects are the one program :func:`effects`, run against a :class:`Table`: the engine's table deals
real wounds and asks real dice; the odds' table branches on every trait d6. So the odds hold no rule
of their own, and a rule the profile does not carry shows up as a difference between the two.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from game.core.dice import Modifier, effective_modifiers, has_critical_double, has_double, misfire
from game.rules.events import EventKind

Gen = Generator[Any, Any, Any]


@dataclass(frozen=True)
class RollSide:
    """One side's resolution roll ([DICE-1]): dice, attribute, modifiers and the re-rolls on offer ([SEQ-1])."""

    model: str
    attribute: str
    value: int
    modifiers: tuple[Modifier, ...]
    dice: int
    reroll_ones: bool = False  # one of its traits offers to re-roll the dice showing 1 ([DICE-4])
    hand_of_fortune: bool = False  # [FATE-6] on offer for a losing roll ([FATE-7], [FATE-8])
    trait_dice: tuple[Modifier, ...] = ()  # the dice its traits add (counted in ``dice``), each with its rule

    @property
    def total(self) -> int:
        """Attribute plus modifiers: the roll's total without its dice."""
        return self.value + sum(m.value for m in effective_modifiers(self.modifiers))


@dataclass(frozen=True)
class TraitRoll:
    """A trait's d6, no modifiers ([SEQ-13]): ``need``+, or ``need_with_fate``+ for 1 Fate ([FATE-7])."""

    trait: str
    rule: str
    need: int
    need_with_fate: int
    what: str  # what success does, for the Fate question


@dataclass(frozen=True)
class WoundSave:
    """Offered before each wound the holder would take: on success the wound is ignored and, with
    ``stun_instead``, the holder is Stunned ([T-TOUGH-1]). ``lost`` (text, rule) says why it is not
    offered against this attack ([T-HOLY-1])."""

    roll: TraitRoll | None
    stun_instead: bool = False
    lost: tuple[str, str] | None = None


@dataclass(frozen=True)
class ExtraWound:
    """After an attack that wounded, one more wound on a d6 while the target stands ([T-SLAYER-1], [SEQ-7])."""

    roll: TraitRoll
    note: str  # the log line on success


@dataclass(frozen=True)
class DiceEffects:
    """What the attack's final dice do when it resolves: Brutal if it wins, Stun whether or not it wounds;
    each (why, rule) or None."""

    brutal: tuple[str, str] | None = None
    stun: tuple[str, str] | None = None


@dataclass(frozen=True)
class DiceRules:
    """The rules that read the attack's dice, as a hashable function of the dice (the odds group by it)."""

    brutal_by_weapon: bool = False  # [SKILL-4]: a 2-handed edged Furious Attack
    stun_by_weapon: bool = False  # [SKILL-5]: a 2-handed blunt Furious Attack
    black_powder: bool = False  # [SKILL-7]

    def __call__(self, dice: Sequence[int]) -> DiceEffects:
        critical = has_critical_double(dice)
        brutal = None
        if critical:
            brutal = ("critical double", "CC-6")  # [CC-6]
        elif self.brutal_by_weapon:
            brutal = ("2-handed edged Furious Attack", "SKILL-4")
        stun = None
        if self.stun_by_weapon:
            stun = ("2-handed blunt Furious Attack", "SKILL-5")
        elif has_double(dice):  # [CC-5]: doubles Stun whether or not the attack wounds
            stun = ("critical double" if critical else "doubles", "CC-5")
        return DiceEffects(brutal, stun)

    @property
    def misfire(self) -> Callable[[Sequence[int]], bool] | None:
        """The rule that ends the attack on its first dice, if any (one function, so callers may key on it)."""
        return misfire if self.black_powder else None  # [SKILL-7]

    def misfires(self, dice: Sequence[int]) -> bool:
        return self.misfire is not None and self.misfire(dice)


@dataclass(frozen=True)
class AttackProfile:
    """Everything that decides an attack's outcome, built by :func:`game.rules.combat.attack_profile`."""

    attack: RollSide
    defence: RollSide
    dice: DiceRules
    pushes: bool  # Shove, Shield Slam: the caller pushes, no wound and no Stun by doubles ([CC-3], [T-SLAM-1])
    after: Aftermath
    duel: Duel | None = None  # [HD-1]: fought as a heroic duel (an optional rule): the Combat Score decides


@dataclass(frozen=True)
class Aftermath:
    """What happens to the target once the roll is decided, besides the dice's own effects."""

    saves: tuple[WoundSave, ...] = ()  # the defender's, against this attacker
    extra_wounds: tuple[ExtraWound, ...] = ()  # the attacker's
    no_fate: bool = False  # [FATE-8]: no Fate for the trait rolls either


# -- [SEQ-6]: the effects, one program for the engine and the odds ------------------------------

class Table(Protocol):
    """Where the effects land: the live game state, or the odds' branching sketch of the target."""

    def on_table(self) -> bool: ...

    def wound(self) -> None: ...

    def stun(self, why: str, rule: str) -> bool: ...

    def trait_roll(self, roll: TraitRoll, attacker: bool, no_fate: bool) -> Gen: ...

    def note(self, kind: EventKind, text: str, rule: str, data: dict[str, Any] | None = None, **who: str) -> None:
        """Log a step; ``who`` maps event keys to roles, "attacker" or "target" (the table knows their ids);
        ``data``: more to log with it."""


@dataclass
class Outcome:
    wounds: int = 0
    brutal: bool = False
    stunned: bool = False  # by the dice or the weapon (Tough's Stun is the save's)


def wounds(table: Table, saves: Sequence[WoundSave], count: int, no_fate: bool) -> Gen:
    """Inflict wounds one at a time, each first offered to the target's saves; returns the wounds taken."""
    taken = 0
    for _ in range(count):
        if not table.on_table():
            break
        saved = False
        for save in saves:
            if save.lost is not None:
                table.note(EventKind.ToughLost, save.lost[0], save.lost[1], model="target")
                continue
            assert save.roll is not None
            saved = yield from table.trait_roll(save.roll, False, no_fate)
            if saved:
                if save.stun_instead:
                    table.stun(f"{save.roll.trait}: Stunned instead of wounded", save.roll.rule)
                break
        if not saved:
            table.wound()
            taken += 1
    return taken


def effects(table: Table, after: Aftermath, hit: bool, dice: DiceEffects) -> Gen:
    """[SEQ-6]: wounds (2 if brutal) -> Tough -> Stun -> after-wound rolls (Slayer). Returns an :class:`Outcome`."""
    out = Outcome()
    if hit:
        out.brutal = dice.brutal is not None
        if dice.brutal is not None:
            table.note(EventKind.Brutal, f"Brutal attack ({dice.brutal[0]}): 2 wounds", dice.brutal[1],
                       attacker="attacker", defender="target")
        out.wounds = yield from wounds(table, after.saves, 2 if out.brutal else 1, after.no_fate)  # [CC-6]
    if dice.stun is not None and table.on_table():
        out.stunned = table.stun(*dice.stun)
    for extra in after.extra_wounds:
        if out.wounds < 1 or not table.on_table():
            continue
        if (yield from table.trait_roll(extra.roll, True, after.no_fate)):
            table.note(EventKind.of(extra.roll.trait), extra.note, extra.roll.rule, model="attacker", target="target")
            out.wounds += yield from wounds(table, after.saves, 1, after.no_fate)
    return out


# -- the heroic duel ([HD-1]-[HD-6]): an alternative profile, one program for the engine and the odds ------------

HEROIC_DUEL = "heroic-duel"  # the optional rule's id, as saves and the command line write it
CHART_OF_SKILL = {"1h_edged": "edged", "2h_edged": "edged", "1h_blunt": "blunt", "2h_blunt": "blunt"}


@dataclass(frozen=True)
class Critical:
    """One line of a critical chart ([HD-5]) as this game's conditions: what the hit does."""

    name: str  # the seed's name for it
    no_save: bool = False  # the hit's wounds are not offered to the target's saves (Tough)
    wounds: int = 1  # the hit deals this many wounds, each offered to the saves
    stun: bool = False  # the target is Stunned after the hit
    kill_unless_saved: bool = False  # a wound of the hit not saved kills, whatever wounds are left
    injury: int = 0  # added to the injury roll ([HD-6]) for this hit's wounds


# [HD-5]: the seed's critical charts by d6, mapped (docs/heroic-duel.md has the table and what is not mapped)
CRITICAL_CHARTS: dict[str, tuple[Critical, ...]] = {
    "edged": (Critical("Chink in the Armour", no_save=True),) * 2
    + (Critical("Bladestorm", wounds=2),) * 2
    + (Critical("Sliced!", no_save=True, wounds=2, injury=2),) * 2,
    "blunt": (Critical("Hammered", stun=True),) * 2
    + (Critical("Clubbed", no_save=True),) * 2
    + (Critical("Wild Sweep", wounds=2), Critical("Bludgeoned", kill_unless_saved=True)),
    "unarmed": (Critical("Body Blow", wounds=2),) * 2
    + (Critical("Crushing Blow", injury=1),) * 2
    + (Critical("Mighty Blow", no_save=True, stun=True, injury=2),) * 2,
}


def chart_of(skill: str | None) -> str:
    """The critical chart of the weapon a fighter uses ([HD-5]): edged, blunt, or unarmed (no melee weapon)."""
    return CHART_OF_SKILL.get(skill or "", "unarmed")


def score_part(dice: Sequence[int]) -> int:
    """[HD-2]: the highest die, +1 per 6 after the first (what a re-roll can change of a side's own score)."""
    return max(dice) + max(0, dice.count(6) - 1)


def combat_score(dice: Sequence[int], total: int, other: Sequence[int]) -> int:
    """[HD-2]: a fighter's Combat Score: its score part + attribute and modifiers + 1 per 1 the other rolled."""
    return score_part(dice) + total + other.count(1)


@dataclass(frozen=True)
class Duel:
    """A close combat attack fought as a heroic duel ([HD-1]): what the Combat Score needs beyond the two rolls."""

    attacker_ma: int  # [HD-4]: a tie goes to the higher MA
    defender_ma: int
    attacker_chart: str  # [HD-5]: each fighter's weapon's critical chart
    defender_chart: str
    counter_saves: tuple[WoundSave, ...] = ()  # the attacker's saves against the defender's hits

    def outcome(self, a_score: int, d_score: int) -> tuple[int, int]:
        """[HD-4]: (who lands: +1 the attacker, -1 the defender, 0 a stand-off; how many hits)."""
        margin = a_score - d_score
        if margin == 0:
            margin = (self.attacker_ma > self.defender_ma) - (self.attacker_ma < self.defender_ma)
        return (margin > 0) - (margin < 0), abs(margin)


class DuelTable(Table, Protocol):
    """A :class:`Table` that also knows the target's wounds left and rolls the duel's charts' d6s."""

    def wounds_left(self) -> int: ...

    def d6(self, why: str, rule: str, classes: tuple[Any, ...]) -> Gen:
        """A d6 for the charts; ``classes``: what each face 1-6 means to the program (faces of one class do the
        same, so the odds branch once per class)."""

    def kill(self, why: str, rule: str) -> None: ...


@dataclass
class DuelOutcome:
    wounds: int = 0
    critical: str | None = None
    injured: bool = False  # brought to 0 wounds and kept at 1 by the injury roll ([HD-6])


def duel_wound(table: DuelTable, saves: Sequence[WoundSave], no_save: bool, no_fate: bool, injury: int,
               kill_unless_saved: bool, out: DuelOutcome) -> Gen:
    """One wound of a duel: offered to the saves unless the critical says not ([T-TOUGH-1], [HD-4], [HD-5]); the
    last wound rolls the injury chart instead ([HD-6]). Returns whether it was taken."""
    if not table.on_table():
        return False
    if not no_save and (yield from wounds(_Saving(table), saves, 1, no_fate)) == 0:
        return False  # saved (a Tough save's Stun is the save's own)
    if kill_unless_saved:
        out.wounds += 1
        table.kill("Bludgeoned: out of action", "HD-5")
        return True
    if table.wounds_left() > 1:
        table.wound()
        out.wounds += 1
        return True
    face = yield from table.d6("injury roll", "HD-6", tuple(f + injury >= 5 for f in range(1, 7)))
    roll = face + injury
    if roll >= 5:
        table.note(EventKind.DuelInjury, f"injury roll {face}{f' +{injury}' if injury else ''} = {roll}: killed",
                   "HD-6", {"face": face, "injury": injury}, model="target")
        table.wound()
        out.wounds += 1
        return True
    table.note(EventKind.DuelInjury, f"injury roll {face}{f' +{injury}' if injury else ''} = {roll}: stays at 1 "
               "wound, Stunned", "HD-6", {"face": face, "injury": injury}, model="target")
    table.stun("injury roll 1-4", "HD-6")
    out.injured = True
    return False


class _Saving:
    """The table as :func:`wounds` sees it for one save: the wound it would deal is left to the duel's own loop."""

    def __init__(self, table: DuelTable):
        self.table = table

    def on_table(self) -> bool:
        return self.table.on_table()

    def wound(self) -> None:
        pass  # counted by ``wounds``' return: the caller deals it

    def stun(self, why: str, rule: str) -> bool:
        return self.table.stun(why, rule)

    def trait_roll(self, roll: TraitRoll, attacker: bool, no_fate: bool) -> Gen:
        return (yield from self.table.trait_roll(roll, attacker, no_fate))

    def note(self, kind: EventKind, text: str, rule: str, data: dict[str, Any] | None = None, **who: str) -> None:
        self.table.note(kind, text, rule, data, **who)


def duel_effects(table: DuelTable, saves: Sequence[WoundSave], hits: int, chart: str | None,
                 extra_wounds: Sequence[ExtraWound], no_fate: bool) -> Gen:
    """[HD-4]-[HD-6] on the fighter who lost: ``hits`` wounds each offered to its saves; the first hit rolls on
    ``chart`` when the winner's dice show a 6 ([HD-5]); then the winner's after-wound rolls (Slayer, [SEQ-6]),
    the attacker's only. Returns a :class:`DuelOutcome`."""
    out = DuelOutcome()
    crit = Critical("")
    if chart is not None and hits > 0:
        face = yield from table.d6(f"critical damage ({chart})", "HD-5", CRITICAL_CHARTS[chart])
        crit = CRITICAL_CHARTS[chart][face - 1]
        out.critical = crit.name
        table.note(EventKind.DuelCritical, f"critical damage ({chart}) {face}: {crit.name}", "HD-5",
                   {"face": face, "chart": chart}, attacker="attacker", target="target")
    for hit in range(hits):
        c = crit if hit == 0 else Critical("")
        for _ in range(c.wounds):
            yield from duel_wound(table, saves, c.no_save, no_fate, c.injury, c.kill_unless_saved, out)
        if c.stun and table.on_table():
            table.stun(f"critical damage: {c.name}", "HD-5")
    for extra in extra_wounds:
        if out.wounds < 1 or not table.on_table():
            continue
        if (yield from table.trait_roll(extra.roll, True, no_fate)):
            table.note(EventKind.of(extra.roll.trait), extra.note, extra.roll.rule, model="attacker", target="target")
            yield from duel_wound(table, saves, False, no_fate, 0, False, out)
    return out
