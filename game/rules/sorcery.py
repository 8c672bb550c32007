"""Sorcery: casting as an opposed roll, enhancements, the six spells and burn-out ([SORC-1]-[SORC-8],
[SPELL-1]-[SPELL-6], [SEQ-8], [SEQ-12])."""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Protocol

from game.core.dice import Modifier, ResolutionRoll, active_wins, misfire
from game.rules import board, combat, conditions, fate
from game.rules.attack_profile import Table, WoundSave, wounds
from game.rules.combat import OnTheTable
from game.rules.decision_kinds import DecisionKind
from game.rules.decisions import Decision, Option
from game.rules.events import EventKind
from game.rules.payloads import Unavailable
from game.rules.state import GameState, ModelState
from game.rules.traits.base import any_hook, hooks_of, trait_hooks

Gen = Generator[Decision, Any, Any]

RANGE = 18.0  # [SORC-3]
AREA = 3.0  # [SEQ-8]: More than One reaches every other model within 3″ of the first target


class SpellTable(Table, Protocol):
    """Where a spell's effect lands ([SPELL-1]-[SPELL-6]): the live game (:class:`OnTheGame`) or the odds'
    sketch of the target. Besides an attack's table (wounds, Stun, trait rolls, the log), it knows the caster
    and the target (read only) and the target's wound saves against the caster; it puts conditions, pushes,
    and asks the caster's player."""

    caster: ModelState
    target: ModelState

    @property
    def saves(self) -> tuple[WoundSave, ...]: ...

    def note(self, kind: EventKind, text: str, rule: str, data: dict[str, Any] | None = None, **who: str) -> None: ...

    def put(self, condition: str, value: Any = True) -> None: ...

    def push(self, inches: float, why: str) -> None: ...

    def ask(self, decision: Decision) -> Gen: ...


class Spell:
    """One spell, registered once ([SPELL-1]-[SPELL-6]): what it is resisted by, and its effect as one program
    (:meth:`effect`) that :func:`take_effect` runs on the game and :func:`game.ai.odds.spell_odds` runs over
    every outcome of the target's saves. Nothing else in the game says what a spell does."""

    id: str = ""
    name: str = ""
    resist: str = "WP"  # "WP" | "PD"
    rule: str = ""
    text: str = ""
    wounds: int = 0  # the wounds it deals, each offered to the target's saves

    def effect(self, table: SpellTable) -> Gen:
        """What the spell does to a target it beat; returns the wounds the target took."""
        if not self.wounds:
            return 0
        return (yield from wounds(table, table.saves, self.wounds, False))

    def __repr__(self) -> str:
        return f"<spell {self.id}>"


SPELLS: dict[str, Spell] = {}


def spell(cls: type[Spell]) -> type[Spell]:
    """Register a spell class (one instance) under its ``id``; the menu lists them in registration order."""
    SPELLS[cls.id] = cls()
    return cls


@spell
class Confusion(Spell):
    id, name, resist, rule, text = "confusion", "Confusion", "WP", "SPELL-1", "-1 to its activation roll this turn"

    def effect(self, table: SpellTable) -> Gen:
        t = table.target
        if t.activated:
            table.note(EventKind.SpellNoEffect, f"{t.name} has already activated: Confusion has no effect", self.rule,
                       model="target")
        else:
            table.put("confused")
            table.note(EventKind.Confused, f"{t.name} is Confused: -1 to its activation roll", self.rule,
                       model="target")
        return 0
        yield  # pragma: no cover


@spell
class Entangle(Spell):
    id, name, resist, rule, text = ("entangle", "Entangle", "WP", "SPELL-2",
                                    "movement halved and no charging until Maintenance")

    def effect(self, table: SpellTable) -> Gen:
        table.put("entangled")
        table.note(EventKind.Entangled, f"{table.target.name} is Entangled: movement halved, no charging", self.rule,
                   model="target")
        return 0
        yield  # pragma: no cover


@spell
class Push(Spell):
    id, name, resist, rule, text = "push", "Push", "PD", "SPELL-3", "pushed 2″ straight away from the caster"
    inches = 2.0

    def effect(self, table: SpellTable) -> Gen:
        table.push(self.inches, "Push spell")
        return 0
        yield  # pragma: no cover


@spell
class Ravage(Spell):
    id, name, resist, rule, text = "ravage", "Ravage", "PD", "SPELL-4", "1 wound"
    wounds = 1


@spell
class Stun(Spell):
    id, name, resist, rule, text = "stun", "Stun", "WP", "SPELL-5", "Stunned"

    def effect(self, table: SpellTable) -> Gen:
        table.stun("Stun spell", self.rule)
        return 0
        yield  # pragma: no cover


@spell
class Weakness(Spell):
    id, name, resist, rule, text = ("weakness", "Weakness", "WP", "SPELL-6",
                                    "-2 to one attribute until Maintenance")
    attributes = ("MA", "RA", "PD", "WP")

    def effect(self, table: SpellTable) -> Gen:
        t = table.target
        attr = yield from table.ask(Decision(DecisionKind.weakness, table.caster.side,
                                             f"Weakness on {t.name}: which attribute loses 2?", self.rule,
                                             [Option(a, f"{a} {t.profile.attributes[a]}") for a in self.attributes],
                                             context={"model": t.id}))
        table.put("weakness", attr)
        table.note(EventKind.Weakened, f"{t.name} is Weakened: -2 {attr} until Maintenance", self.rule,
                   data={"attribute": attr}, model="target")
        return 0


class OnTheGame(OnTheTable):
    """A spell's effect dealt to the live game: the attack's table, plus conditions, the push and the question."""

    def __init__(self, state: GameState, target: ModelState, caster: ModelState):
        super().__init__(state, target, caster)
        self.caster = caster

    @cached_property
    def saves(self) -> tuple[WoundSave, ...]:
        return combat.wound_saves(self.state, self.target, self.caster, None)

    def note(self, kind: EventKind, text: str, rule: str, data: dict[str, Any] | None = None, **who: str) -> None:
        ids = {"attacker": self.caster.id, "target": self.target.id}
        self.state.emit(kind, text, **{k: ids[role] for k, role in who.items()}, **(data or {}), rule=rule)

    def put(self, condition: str, value: Any = True) -> None:
        conditions.CONDITIONS[condition].put(self.target, value)

    def push(self, inches: float, why: str) -> None:
        from game.rules.movement import push

        push(self.state, self.target, self.caster, inches, why, stun_if_blocked=False, remove_if_off=False)

    def ask(self, decision: Decision) -> Gen:
        return (yield decision)


@dataclass(frozen=True)
class Enhancement:
    """One enhancement ([SORC-5]) as data the engine and the odds both read."""

    id: str
    name: str
    ap: int
    text: str
    reach: float = 0.0  # added to the spell's range
    focus: int = 0  # added to the casting roll
    dice: int = 0  # extra casting dice
    area: bool = False  # More than One ([SEQ-8])


ENHANCEMENTS: dict[str, Enhancement] = {e.id: e for e in [  # [SORC-5]
    Enhancement("none", "No enhancement", 0, ""),
    Enhancement("greater_reach", "Greater Reach", 1, "+6″ range", reach=6.0),
    Enhancement("greater_focus", "Greater Focus", 1, "+2 to the casting roll", focus=2),
    Enhancement("sorcerers_gambit", "Sorcerer's Gambit", 2, "+1d6 to the casting roll", dice=1),
    Enhancement("more_than_one", "More than One", 2, "the spell gets an area of effect", area=True),
]}
NONE = ENHANCEMENTS["none"]


def has_spells(model: ModelState) -> bool:
    """The model casts ([T-SORC-1]) and has not burnt out ([SORC-6]), engaged or not (range rings, AI plans)."""
    return any_hook(model, "casts_spells") and not conditions.BURNT_OUT.on(model)


def can_cast(state: GameState, model: ModelState) -> str | None:
    """Why the model cannot cast now ([SORC-1], [SORC-2], [SORC-6]), or None."""
    if not any_hook(model, "casts_spells"):
        return "only Sorcery models cast"
    if conditions.BURNT_OUT.on(model):
        return "it has burnt out and can cast no more this game"
    if board.is_engaged(state, model):
        return "a sorcerer in base contact with an enemy cannot cast"
    return None


def spell_targets(state: GameState, caster: ModelState, reach: float) -> list[ModelState]:
    """[SORC-3]: an enemy model in LOS within the range; the caster may turn to face it first ([SEQ-5])."""
    return [e for e in sorted(state.enemies_of(caster), key=lambda m: m.id) if in_spell_reach(state, caster, e, reach)]


def has_spell_target(state: GameState, caster: ModelState, reach: float) -> bool:
    """Whether :func:`spell_targets` holds any: the enemies asked nearest first, up to the first in sight."""
    return any(in_spell_reach(state, caster, e, reach)
               for e in sorted(state.enemies_of(caster), key=lambda e: board.distance(caster, e)))


def in_spell_reach(state: GameState, caster: ModelState, e: ModelState, reach: float) -> bool:
    """Whether the enemy ``e`` is one of :func:`spell_targets` (a caller weighing a few targets need not draw the
    sight line to every enemy)."""
    return board.distance(caster, e) <= reach + 1e-9 and board.sight(state, caster, e).has_los


def reach_of(enhancement: Enhancement) -> float:
    """[SORC-3] / [SORC-5]: 18″, or 24″ with Greater Reach."""
    return RANGE + enhancement.reach


def enhancement_options(state: GameState, caster: ModelState,
                        ap: int) -> tuple[list[Enhancement], list[Unavailable]]:
    """The enhancements ``ap`` AP buy ([SORC-1], [SORC-5]) that leave an eligible target, and the others, each
    with why it is not offered: it could only skip the cast, its AP lost ([SEQ-2])."""
    ok: list[Enhancement] = []
    missing: list[Unavailable] = []
    for e in ENHANCEMENTS.values():
        if e.ap != ap - 1:
            continue
        if has_spell_target(state, caster, reach_of(e)):
            ok.append(e)
        else:
            missing.append({"key": e.id, "label": e.name,
                            "why": f"no enemy in line of sight within {reach_of(e):g}″ [SORC-3]"})
    return ok, missing


def casting_modifiers(state: GameState, caster: ModelState, target: ModelState,
                      enhancement: Enhancement = NONE) -> list[Modifier]:
    """[SORC-7]: engaged target -3; ran -4 instead of -3; rough -2; Greater Focus +2; no cover, ever."""
    mods = combat.model_roll_modifiers(state, caster)
    mods += [m for c in conditions.condition_hooks(caster) for m in c.cast_modifiers(state, caster)]
    if board.is_engaged(state, target):
        mods.append(Modifier(-3, "SORC-7", "target engaged in close combat"))
    if enhancement.focus:
        mods.append(Modifier(enhancement.focus, "SORC-5", enhancement.name))
    return mods


def resist_modifiers(state: GameState, target: ModelState, spell: Spell, caster: ModelState,
                     area: bool = False) -> list[Modifier]:
    """The resisting roll's modifiers against ``caster``'s spell: its traits ask whose spell it is, since an area
    also catches the caster's friends ([SEQ-8]; Arcane Resistance only against enemy spells, [T-ARCRES-1])."""
    mods = combat.model_roll_modifiers(state, target)
    if not area:  # its conditions (Stealth against a PD-resisted spell, [SORC-7]); none at an area's edge
        mods += [m for c in conditions.condition_hooks(target)
                 for m in c.resist_modifiers(state, target, spell.resist, caster)]
    else:
        mods.append(Modifier(2, "SEQ-8", "More than One: caught at the edge"))
    mods += [m for h in trait_hooks(target) for m in h.resist_modifiers(state, target, spell.resist, caster)]
    return mods


def cast(state: GameState, caster: ModelState, ap: int) -> Gen:
    """[SORC-4] steps 1-6 for one spell bought with ``ap`` action points."""
    from game.rules.actions import face, skip

    kind = f"cast_{ap}"
    why = can_cast(state, caster)
    if why:
        skip(state, caster, kind, why)
        return False
    # only enhancements that leave an eligible target are offered; with none, no spell is chosen in vain
    choices, unavailable = enhancement_options(state, caster, ap)
    if not choices:
        reach = max(reach_of(e) for e in ENHANCEMENTS.values() if e.ap == ap - 1)
        skip(state, caster, kind, f"no enemy in line of sight within {reach:g}″")
        return False
    # (1) the spell, the enhancement the AP pay for, and the caster's Fate
    spell_id = yield Decision(DecisionKind.spell, caster.side, f"{caster.name}: which spell?", "SORC-4",
                              [Option(s.id, f"{s.name} (resisted by {s.resist}): {s.text}") for s in SPELLS.values()],
                              context={"model": caster.id})
    spell = SPELLS[spell_id]
    enhancement = choices[0]
    if len(choices) + len(unavailable) > 1:  # the AP buy a choice: ask, saying why any is not offered
        pick = yield Decision(DecisionKind.enhancement, caster.side,
                              f"{caster.name}: which enhancement for {ap} AP?", "SORC-5",
                              [Option(e.id, f"{e.name} ({e.ap} AP): {e.text}") for e in choices],
                              context={"model": caster.id, "unavailable": unavailable})
        enhancement = ENHANCEMENTS[pick]
    targets = spell_targets(state, caster, reach_of(enhancement))
    conditions.lose_stealth(state, caster)  # [SEQ-11]
    state.emit(EventKind.SpellCast, f"{caster.name} casts {spell.name}" + (f" with {enhancement.name}"
               if enhancement.id != "none" else ""), model=caster.id, spell=spell.id, enhancement=enhancement.id,
               rule="T-SORC-1")
    about = {"caster": caster.id, "spell": spell.id, "enhancement": enhancement.id}  # what the roll is for
    c_extra = yield from fate.inner_reserve(state, caster.side, f"{caster.name}'s casting roll", False,
                                            {"cast": {**about, "targets": [t.id for t in targets]}})
    # (2) the target, then the opponent's Fate
    answer = yield Decision(DecisionKind.target, caster.side, f"{caster.name}: target for {spell.name}?", "SORC-3",
                            [Option(t.id, t.name) for t in targets], context={"model": caster.id, "action": "spell"})
    target = state.model(answer)
    face(state, caster, target)  # [SEQ-5]
    t_extra = yield from fate.inner_reserve(state, target.side, f"{target.name}'s resisting roll", False,
                                            {"cast": {**about, "target": target.id, "caster_extra": c_extra}})
    # (3) and (4): the opposed rolls
    c_mods = casting_modifiers(state, caster, target, enhancement)
    c_roll = combat.roll(state, caster, "WP", c_mods, c_extra + enhancement.dice, f"casting {spell.name}")
    t_roll = combat.roll(state, target, spell.resist, resist_modifiers(state, target, spell, caster), t_extra,
                         f"resisting {spell.name}")
    c_roll, t_roll = yield from combat.reroll_window(state, caster, c_roll, target, t_roll, ("cast", "resist"))
    # (5) the effect, if the caster is higher ([SORC-8]: no doubles effects)
    success = active_wins(c_roll, t_roll)
    state.emit(EventKind.SpellResolved, f"{caster.name} {c_roll.total} vs {target.name} {t_roll.total}: "
               f"{spell.name} {'takes effect' if success else 'is resisted'}", model=caster.id, target=target.id,
               cast=c_roll.total, resist=t_roll.total, success=success, rule="SORC-4")
    if success:
        yield from take_effect(state, caster, target, spell)
        if enhancement.area:
            yield from more_than_one(state, caster, target, spell, c_roll)
    # (6) burn-out, judged on the dice as they finally stand ([T-ARCATT-1])
    burn_out(state, caster, c_roll)
    return True


def burn_out(state: GameState, caster: ModelState, c_roll: ResolutionRoll) -> None:
    """[SORC-6]: two or more natural 1s on the casting dice: no more casting this game."""
    if misfire(c_roll.dice):
        conditions.BURNT_OUT.put(caster)
        state.emit(EventKind.BurnOut, f"{caster.name} burns out and can cast no more this game", model=caster.id,
                   rule="SORC-6")


def take_effect(state: GameState, caster: ModelState, target: ModelState, spell: Spell) -> Gen:
    """[SPELL-1]-[SPELL-6]: the spell's own effect on the game, then the caster's traits that follow a spell."""
    wounds = yield from spell.effect(OnTheGame(state, target, caster))
    for h in hooks_of(caster):
        yield from h.after_spell(state, caster, target, wounds)


def area_victims(state: GameState, caster: ModelState, first: ModelState) -> list[ModelState]:
    """[SEQ-8]: every other model within 3″ of the first target, nearest first, never the caster nor a Prisoner
    (the engine's order, which the odds follow too)."""
    return [m for m in board.affected_within(state, first, AREA) if m.id != caster.id]


def more_than_one(state: GameState, caster: ModelState, first: ModelState, spell: Spell,
                  c_roll: ResolutionRoll) -> Gen:
    """[SEQ-8]: every other model within 3″ of the first target (never the caster) resists at +2, each roll
    its own with its player's Fate ([AOE-1] RULING 2026-12-01)."""
    for v in area_victims(state, caster, first):
        r = yield from combat.hold_against(state, v, spell.resist, resist_modifiers(state, v, spell, caster, area=True),
                                           c_roll.total, f"resisting {spell.name} (More than One)", "resist",
                                           context={"area_spell": spell.id, "caster": caster.id})
        if active_wins(c_roll.total, r):
            yield from take_effect(state, caster, v, spell)
        else:
            state.emit(EventKind.SpellResisted, f"{v.name} shrugs off {spell.name}", model=v.id, rule="SEQ-8")
