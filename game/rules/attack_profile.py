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
