"""Resolving one declared action ([ACT-*], [CC-1]-[CC-4], [RNG-1]-[RNG-4], [SPEC-2]-[SPEC-4]).

Each action is checked again when its turn comes; one that has become impossible
is skipped and its AP are lost ([SEQ-2]).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from game.rules import board, combat, conditions, encounter, movement
from game.rules.decision_kinds import DecisionKind
from game.rules.decisions import Decision, Option
from game.rules.events import EventKind
from game.rules.payloads import Unavailable
from game.rules.plans import action_kind
from game.rules.state import GameState, ModelState
from game.rules.traits.base import any_hook, hooks_of

Gen = Generator[Decision, Any, Any]


def skip(state: GameState, model: ModelState, kind: str, why: str) -> None:
    state.emit(EventKind.ActionSkipped, f"{model.name}'s {action_kind(kind, model).name} is skipped: {why} "
               "(its AP are lost)",
               model=model.id, action=kind, rule="SEQ-2")


def resolve(state: GameState, model: ModelState, kind: str, impetus: bool = False) -> Gen:
    """Resolve one action; returns True when the activation ends (Disengage)."""
    action = action_kind(kind, model)
    state.emit(EventKind.ActionStarted, f"{model.name}: {action.name}", model=model.id, action=kind, rule=action.rule)
    if conditions.STUNNED.on(model) and kind != "shake_off":
        skip(state, model, kind, "it is Stunned and must Shake Off first")  # [ACT-3], [COND-1]
        return False
    if kind in HANDLERS:
        result = yield from HANDLERS[kind](state, model, kind)
    else:  # a trait's own action ([SPEC-5])
        owner = next(h for h in hooks_of(model) if any(a.id == kind for a in h.actions))
        result = yield from owner.perform(state, model, kind)
    return bool(result) and kind == "disengage"


# -- close combat ---------------------------------------------------------------------------

def melee_targets(state: GameState, model: ModelState) -> list[ModelState]:
    """[CC-1] with [SEQ-5]: enemies in base contact; the attacker turns to face the one it picks, so its
    current front arc never limits the choice."""
    return board.engaged_enemies(state, model)


def face(state: GameState, model: ModelState, target: ModelState) -> None:
    """[SEQ-5] / [BASE-5]: the acting model turns to face the target of its attack or spell (free, logged)."""
    facing = board.facing_towards(model, target.x, target.y)
    turn = abs((facing - model.facing + 180.0) % 360.0 - 180.0)
    if turn <= 1e-6:
        return
    state.emit(EventKind.Turned, f"{model.name} turns to face {target.name}", model=model.id, target=target.id,
               start=model.facing, facing=facing, rule="SEQ-5")
    model.facing = facing


def choose_target(state: GameState, model: ModelState, targets: list[ModelState], what: str, rule: str,
                  kind: str | None = None) -> Gen:
    """The target of the action ``kind`` (its id, in the context for clients), ``what`` it is called in the prompt."""
    answer = yield Decision(DecisionKind.target, model.side, f"{model.name}: target for the {what}?", rule,
                            [Option(t.id, t.name) for t in targets],
                            context={"model": model.id, "action": kind or what})
    target = state.model(answer)
    face(state, model, target)
    return target


def melee_target(state: GameState, model: ModelState, kind: str) -> Gen:
    """The target of a close combat action, or None (the action is skipped) when there is none."""
    targets = melee_targets(state, model)
    if not targets:
        skip(state, model, kind, "no enemy in base contact")
        return None
    action = action_kind(kind, model)
    return (yield from choose_target(state, model, targets, action.name.lower(), action.rule, kind))


def close_attack(state: GameState, model: ModelState, kind: str) -> Gen:
    melee = combat.melee_weapons(model)
    if any_hook(model, "distinct_weapons") and melee and all(f"{model.id}:{i}" in state.weapons_used for i in melee):
        skip(state, model, kind, "both hands' weapons must differ and its melee weapon is used")  # [SEQ-3]
        return False
    target = yield from melee_target(state, model, kind)
    if target is None:
        return False
    weapon = yield from combat.choose_weapon(state, model, melee, "attack")
    attack = combat.Attack(model, target, "close", kind, weapon, extra_dice=1 if kind == "furious_attack" else 0)
    yield from combat.resolve_attack(state, attack)
    return True


def shove(state: GameState, model: ModelState, kind: str) -> Gen:
    """[CC-3]: MA against PD; if it wins, push 1″ straight away, no wound, no Stun by doubles."""
    target = yield from melee_target(state, model, kind)
    if target is None:
        return False
    attack = combat.Attack(model, target, "close", "shove", None)
    result = yield from combat.resolve_attack(state, attack)
    if result.hit:
        movement.push(state, target, model, 1.0, "Shove", stun_if_blocked=True, remove_if_off=True)
    return True


# -- ranged combat ----------------------------------------------------------------------------

def ranged_attack(state: GameState, model: ModelState, kind: str) -> Gen:
    """[RNG-1]-[RNG-4]: not while engaged; a target in LOS and within the weapon's long range."""
    if board.is_engaged(state, model):
        skip(state, model, kind, "it is engaged in melee")  # [RNG-1]
        return False
    weapons = [i for i in combat.ranged_weapons(model) if i not in model.jammed]
    if not weapons:
        skip(state, model, kind, "no ranged weapon that is not jammed")
        return False
    weapons, unavailable = weapons_with_targets(state, model, weapons)
    if not weapons:
        skip(state, model, kind, "no enemy in line of sight and range")
        return False
    weapon = yield from combat.choose_weapon(state, model, weapons, "shot", unavailable)
    if weapon is None:
        skip(state, model, kind, "its other hand's weapon is the only ranged one left")  # [SEQ-3]
        return False
    targets = movement.ranged_targets(state, model, weapon)
    target = yield from choose_target(state, model, [t for t, _, _ in targets], action_kind(kind, model).name.lower(),
                                      "RNG-2", kind)
    yield from shoot(state, model, kind, weapon, target)
    return True


def weapons_with_targets(state: GameState, model: ModelState,
                         weapons: list[int]) -> tuple[list[int], list[Unavailable]]:
    """The ranged weapons with an enemy in LOS and range ([RNG-2]), and the others, each with why it is not
    offered: choosing one would only skip the shot ([SEQ-2])."""
    from game.content.catalog import catalog

    ok: list[int] = []
    missing: list[Unavailable] = []
    for i in weapons:
        if movement.has_ranged_target(state, model, i):
            ok.append(i)
        else:
            reach = catalog().skill(model.weapon(i).skill).long or 0
            missing.append({"key": str(i), "label": model.weapon(i).name,
                            "why": f"no enemy in line of sight within its {reach:g}″ [RNG-2]"})
    return ok, missing


def shoot(state: GameState, model: ModelState, kind: str, weapon: int, target: ModelState) -> Gen:
    """One ranged attack at a chosen target, with the range band and cover as they stand now."""
    found = [x for x in movement.ranged_targets(state, model, weapon) if x[0].id == target.id]
    if not found:
        skip(state, model, kind, f"{target.name} is no longer in line of sight and range")
        return None
    _, band, cover = found[0]
    face(state, model, target)
    action = kind if kind in ("aimed_shot", "spray_attack") else "ranged_attack"
    attack = combat.Attack(model, target, "ranged", action, weapon, range_band=band, cover=cover)
    for h in hooks_of(model):
        h.prepare_attack(state, attack)
    return (yield from combat.resolve_attack(state, attack))


# -- special actions ----------------------------------------------------------------------------

def shake_off(state: GameState, model: ModelState, kind: str) -> Gen:
    """[SPEC-3]: removes Stunned; the model may then face any way. That turn is asked once, as the final facing
    ([SEQ-5]) after its last action: until then the active model turns freely ([SEQ-5]), so a facing asked here
    too would be the same question twice."""
    if not conditions.STUNNED.lift(model):
        skip(state, model, kind, "it is not Stunned")
        return False
    state.emit(EventKind.ShookOff, f"{model.name} shakes off the Stun", model=model.id, rule="SPEC-3")
    return True
    yield  # (a generator, as every action is)


def clear_weapon(state: GameState, model: ModelState, kind: str) -> Gen:
    """[SPEC-4]: un-jam one misfired black powder weapon."""
    if not model.jammed:
        skip(state, model, kind, "no weapon is jammed")
        return False
    index = model.jammed[0]
    jammed: list[int] = []  # identical weapons (same name, same skill) are one choice
    for i in sorted(set(model.jammed)):
        if all(model.weapon(j) != model.weapon(i) for j in jammed):
            jammed.append(i)
    if len(jammed) > 1:
        answer = yield Decision(DecisionKind.weapon, model.side, f"{model.name}: clear which weapon?", "SPEC-4",
                                [Option(str(i), combat.weapon_label(model, i, jammed)) for i in jammed])
        index = int(answer)
    left = list(model.jammed)
    left.remove(index)  # one jam of it
    model.jammed = tuple(left)
    state.emit(EventKind.WeaponCleared, f"{model.name} clears the {model.weapon(index).name}", model=model.id,
               weapon=index, rule="SPEC-4")
    return True


def full_defense(state: GameState, mover: ModelState) -> Gen:
    """[SPEC-2] / [SEQ-4]: every unactivated enemy the mover ends in contact with may go into Full Defense."""
    for target in sorted(board.engaged_enemies(state, mover), key=lambda m: m.id):
        side = target.side
        if target.activated or conditions.FULL_DEFENSE.on(target) or side not in state.bag:
            continue
        answer = yield Decision(DecisionKind.full_defense, side,
                                f"{mover.name} engages {target.name}: declare Full Defense? "
                                "(a die leaves the bag; +1d6 PD against close combat; cannot be Stunned)",
                                "SPEC-2", [Option("pass", "No"), Option("declare", "Full Defense")],
                                context={"model": target.id, "mover": mover.id})
        if answer == "declare":
            state.bag.remove(side)
            state.set_aside.append(side)
            target.activated = True
            conditions.FULL_DEFENSE.put(target)
            state.emit(EventKind.FullDefense, f"{target.name} goes into Full Defense", model=target.id, rule="SPEC-2")


HANDLERS = {
    "walk": movement.walk,
    "run": movement.walk,
    "sneak": movement.walk,
    "charge": movement.charge,
    "disengage": movement.disengage,
    "standard_attack": close_attack,
    "furious_attack": close_attack,
    "shove": shove,
    "ranged_attack": ranged_attack,
    "aimed_shot": ranged_attack,
    "shake_off": shake_off,
    "clear_weapon": clear_weapon,
    "escape": encounter.escape,
}

__all__ = ["HANDLERS", "conditions", "full_defense", "resolve"]
