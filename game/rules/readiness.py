"""Whether an action could resolve now, and which earlier action of a plan could make it possible
([SEQ-2], [DIG-ACT-1], RULING 2026-12-01).

A plan is judged at declaration by kinds, count and AP: an action whose condition only an earlier
action of the same plan can meet (Clear weapon after a shot that may jam, Escape after a move to the
edge) is offered, and checked again when it resolves. A plan is refused only when one of its actions
is sure to fail: a condition of the model itself (engaged, jammed, at its goal edge, Stunned,
Entangled) fails now and no earlier action of the plan can change it. Targets are chosen, and
checked, when the action resolves ([DIG-ACT-1]); :func:`why_not_now` names a missing target too, so
that the UI can mark an action that cannot succeed now without refusing it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.rules import board, conditions, encounter, movement
from game.rules.action_kinds import CLEARS, FIRES, FREES, MOVES, ActionKind
from game.rules.combat import ranged_weapons
from game.rules.state import GameState, ModelState
from game.rules.traits.base import hooks_answering, hooks_of

MOVES_WHILE_FREE = ("walk", "run", "sneak", "charge")
AFTER = {MOVES: "a move", FREES: "an attack that kills or pushes away the enemy in contact", FIRES: "a shot",
         CLEARS: "Clear weapon"}


@dataclass(frozen=True)
class Obstacle:
    """A condition of the model that stops an action now; ``lifted_by`` the earlier-action effects that may
    remove it within the activation (empty: nothing the model does this activation can)."""

    reason: str
    rule: str
    lifted_by: frozenset[str] = frozenset()
    contact: frozenset[str] = frozenset()  # models a move may bring it into base contact with, lifting it


    def lifted(self, earlier: Iterable[ActionKind]) -> bool:
        return any(self.lifted_by & a.effects for a in earlier)

    def describe(self) -> str:
        after = " or ".join(AFTER[e] for e in sorted(self.lifted_by))
        return f"{self.reason} [{self.rule}]" + (f" — possible after {after}" if after else "")


def obstacles(state: GameState, model: ModelState, kind: str, engaged: bool | None = None) -> list[Obstacle]:
    """The model's own conditions that stop ``kind`` now ([MOVE-9], [MOVE-10], [RNG-1], [SKILL-7],
    [SPEC-3], [SPEC-4], [SPELL-2], [ENC-BRK-2]; a trait's own through its hook). ``engaged``: whether the
    model is engaged, when the caller asks of every kind at once."""
    if engaged is None:
        engaged = board.is_engaged(state, model)
    out: list[Obstacle] = []
    if kind in MOVES_WHILE_FREE and engaged:
        out.append(Obstacle("it is engaged: an engaged model can only fight, Shove or Disengage", "MOVE-10",
                            frozenset({FREES})))
    barred = conditions.forbidden(state, model, kind)  # Entangled: no Charge ([SPELL-2])
    if barred is not None:
        out.append(Obstacle(*barred))
    if kind == "disengage":
        if not engaged:
            out.append(Obstacle("it is not engaged", "MOVE-9"))
        elif not movement.can_disengage(state, model):
            out.append(Obstacle("no legal place to disengage to", "SEQ-9"))  # offered only when one exists
    if kind in ("ranged_attack", "aimed_shot"):
        if engaged:
            out.append(Obstacle("it is engaged in melee", "RNG-1", frozenset({FREES})))
        if all(i in model.jammed for i in ranged_weapons(model)):
            out.append(Obstacle("every ranged weapon is jammed", "SKILL-7", frozenset({CLEARS})))
    if kind == "shake_off" and not conditions.STUNNED.on(model):
        out.append(Obstacle("it is not Stunned", "SPEC-3", frozenset({FIRES}) if may_stun_itself(state, model)
                            else frozenset()))
    if kind == "clear_weapon" and not model.jammed:
        out.append(Obstacle("no weapon is jammed", "SPEC-4", frozenset({FIRES})))
    if kind == "escape":
        if not encounter.at_goal_edge(state, model):
            out.append(Obstacle("it is not at its goal edge", "ENC-BRK-2", frozenset({MOVES})))
        if engaged:
            out.append(Obstacle("it is engaged", "ENC-BRK-2", frozenset({FREES})))
    for h in hooks_of(model):
        out += h.action_obstacles(state, model, kind)
    return out


def may_stun_itself(state: GameState, model: ModelState) -> bool:
    """Whether a shot of the model's own may leave it Stunned, so that a plan may hold a Shake Off after it
    ([SEQ-2], RULING 2026-12-01): its shots have an area of effect ([AOE-1], Blast), which reaches every model
    within 3″ of the target, the shooter too; and a save of its own turns the wound into a Stun (Tough,
    [T-TOUGH-1]) that it is not immune to ([SEQ-14])."""
    from game.rules.combat import Attack, wound_saves

    area = hooks_answering(model, "gives_area")
    if not area:  # (asked of every model's every plan menu: most give no area at all)
        return False
    shots = [Attack(model, model, "ranged", "ranged_attack", w) for w in ranged_weapons(model)]
    return any(any(h.gives_area(shot) for h in area)
               and any(s.stun_instead and s.roll is not None for s in wound_saves(state, model, model, shot))
               for shot in shots) and not conditions.stun_immune(state, model, model)


def missing_target(state: GameState, model: ModelState, kind: str) -> Obstacle | None:
    """No target for a core attack or charge now (checked at resolution, never at declaration)."""
    from game.rules.actions import melee_targets

    if kind in ("standard_attack", "furious_attack", "shove") and not melee_targets(state, model):
        return Obstacle("no enemy in base contact in its front arc", "CC-1", frozenset({MOVES}),
                        frozenset(e.id for e in state.enemies_of(model)))
    if kind in ("ranged_attack", "aimed_shot"):
        # every weapon jammed: that is one of the obstacles, not a missing target
        ready = [w for w in ranged_weapons(model) if w not in model.jammed] or ranged_weapons(model)
        if not any(movement.has_ranged_target(state, model, w) for w in ready):
            return Obstacle("no enemy in line of sight and range", "RNG-2", frozenset({MOVES}))
    if kind == "charge" and not movement.has_charge_target(state, model, movement.allowance(state, model, "charge")[0]):
        return Obstacle("no enemy it can charge", "MOVE-4")
    for h in hooks_answering(model, "missing_target"):  # a trait's own action ([SPEC-5])
        found = h.missing_target(state, model, kind)
        if found is not None:
            return found
    return None


def most_uses(state: GameState, model: ModelState, kind: str) -> int | None:
    """The most times ``kind`` can be carried out in this activation from here, when a trait's own action has
    a limit the dice cannot raise (a Heal per wound to heal); None when the rules set none."""
    limits = [n for n in (h.most_uses(state, model, kind) for h in hooks_answering(model, "most_uses"))
              if n is not None]
    return min(limits, default=None)


def why_not_now(state: GameState, model: ModelState, kind: str) -> Obstacle | None:
    """Why ``kind`` could not succeed if it resolved now, or None: the UI marks such an action, never
    refuses it, since an earlier action of the plan may change that ([SEQ-2])."""
    found = obstacles(state, model, kind)
    if found:
        return found[0]
    return missing_target(state, model, kind)
