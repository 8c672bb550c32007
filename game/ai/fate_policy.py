"""The Fate and reactions policy: when a side spends Fate (Greater Purpose, Cursed Hand, Winds of Kismet, Inner
Reserve, Hand of Fortune, a trait's roll) and how it reacts out of turn (Full Defense, Heroic Impetus). Levels
with ``fate_by_odds`` weigh it by the exact odds (game.ai.odds); the others by rules of thumb."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from game.ai import memo, prisoner
from game.ai.candidates import model_value
from game.ai.random_legal import RandomLegal
from game.ai.threat import loss
from game.rules import board, combat, conditions
from game.rules.attack_profile import AttackProfile
from game.rules.decision_kinds import DecisionKind
from game.rules.decisions import Answer, Decision
from game.rules.state import GameState, ModelState

if TYPE_CHECKING:
    from game.ai.tactical import Handler, Tactical

RESERVE = 1  # Fate kept back for defence


class FatePolicy:
    """Answers one controller's Fate questions and out-of-turn reactions."""

    TRANSIENT = frozenset({"ai"})

    def __init__(self, ai: Tactical):
        self.ai = ai

    def handlers(self) -> dict[DecisionKind, Handler]:
        return {DecisionKind.greater_purpose: self.on_greater_purpose,
                DecisionKind.cursed_hand: self.on_cursed_hand,
                DecisionKind.winds_of_kismet: self.on_winds_of_kismet,
                DecisionKind.inner_reserve: self.on_inner_reserve,
                DecisionKind.reroll: self.on_reroll,
                DecisionKind.trait_fate: on_trait_fate,
                DecisionKind.full_defense: self.on_full_defense,
                DecisionKind.heroic_impetus: on_heroic_impetus,
                DecisionKind.impetus_action: on_impetus_action}

    def freeing(self, state: GameState, side: int) -> bool:
        """Levels that spend the Rescuer's Fate on its blows: ``side`` is the Rescuer, the Prisoner still held.
        Its guards fall only to blows ([ENC-RES-4]) and the Kidnapper seldom strikes back, so an Inner Reserve
        (+1d6 on a blow) is worth more than Greater Purpose's third of an AP or Winds of Kismet's earlier turn."""
        return self.ai.difficulty.rescue_fate and prisoner.rescuing(state, side)

    # -- the Fate of the activation ----------------------------------------------------------
    def on_greater_purpose(self, state: GameState, d: Decision) -> Answer:
        ai = self.ai
        fate_left = state.sides[d.side].fate
        m = state.model(state.active_model) if state.active_model else None
        if self.freeing(state, d.side) and m is not None:  # only the Fate beyond one a blow
            wanted = spare_fate(state, d.side) > 0 and ai.opportunity(state, m)[0] > 0.3
            return "spend" if wanted and ap_shift(state, m, +1) > 0 else "pass"
        if ai.difficulty.fate_by_odds and m is not None:  # only if +1 can change the AP; spare Fate on lesser ones
            value = ai.opportunity(state, m)[0]
            wanted = (value > 0.8 and fate_left > RESERVE) or (value > 0.3 and spare_fate(state, d.side) > 0)
            return "spend" if wanted and ap_shift(state, m, +1) > 0 else "pass"
        worth = m is not None and fate_left > RESERVE and ai.opportunity(state, m)[0] > 0.8
        return "spend" if worth else "pass"

    def on_cursed_hand(self, state: GameState, d: Decision) -> Answer:
        m = state.model(state.active_model) if state.active_model else None
        if not self.ai.difficulty.fate_by_odds or m is None:
            return "pass"
        appraiser = self.ai.appraiser
        key = max(appraiser.danger(state, m), 0.5 * appraiser.objective_pull(state, m)) > 0.3  # the enemy's key model
        worth = key and ap_shift(state, m, -1) > 0 and spare_fate(state, d.side) > 0
        return "spend" if worth else "pass"

    def on_winds_of_kismet(self, state: GameState, d: Decision) -> Answer:
        if not self.ai.difficulty.fate_by_odds or state.sides[d.side].fate < 4 or self.freeing(state, d.side):
            return "pass"
        mine = [m for m in state.side_models(d.side) if m.on_table and not m.activated]
        best = max((self.ai.opportunity(state, m)[0] for m in mine), default=0.0)
        return "spend" if best > 2.5 else "pass"

    # -- Fate on a roll ----------------------------------------------------------------------
    def hopeless(self, chance: float | None) -> bool:
        """Fate that leaves its roll's exact chance below the level's ``fate_floor`` buys too little to spend."""
        return chance is not None and chance < self.ai.difficulty.fate_floor

    def on_inner_reserve(self, state: GameState, d: Decision) -> Answer:
        """Spend where the level's reasons say so and the roll's chance with the die reaches ``fate_floor``: the
        exact chance asked last, only where it can still turn a "spend" into a "pass"."""
        answer = self.inner_reserve_wanted(state, d)
        if answer == "spend" and self.ai.difficulty.fate_floor and self.ai.difficulty.reserve_floor and \
                RollChance(self.ai).inner_reserve_hopeless(state, d, self.hopeless):
            return "pass"
        return answer

    def inner_reserve_wanted(self, state: GameState, d: Decision) -> Answer:
        fate_left = state.sides[d.side].fate
        if "against" in d.context:  # an area of effect's victim ([AOE-1], [SEQ-8])
            return self.victim_inner_reserve(state, d)
        attack = d.context.get("attack")
        if self.ai.difficulty.fate_by_odds and attack is not None:
            if attack.attacker.side == d.side and self.freeing(state, d.side):  # no Fate kept back from a blow
                return "spend" if inner_reserve_gain(state, d.side, attack, d.context.get("profile")) > 0.05 \
                    else "pass"
            if fate_left <= RESERVE and attack.defender.side != d.side:
                return "pass"
            return "spend" if inner_reserve_gain(state, d.side, attack, d.context.get("profile")) > 0.12 else "pass"
        active = state.model(state.active_model) if state.active_model else None
        mine = active is not None and active.side == d.side
        important = (mine and self.ai.intent.kind in ("fight", "charge", "cast")) or not mine
        return "spend" if important and fate_left > RESERVE else "pass"

    def victim_inner_reserve(self, state: GameState, d: Decision) -> Answer:
        """Inner Reserve on a victim's roll when its extra die lowers the chance of being beaten by enough
        over keeping Hand of Fortune for after the roll; a model a wound would kill, or a hero, is worth more."""
        from game.ai.odds import victim_beaten

        m = state.model(d.context["model"])
        precious = m.wounds_taken + 1 >= m.max_wounds or m.is_hero
        kept = state.sides[d.side].fate <= RESERVE
        if not precious and kept and not self.ai.difficulty.fate_by_odds:
            return "pass"
        gain = float(victim_beaten(state, d.context) - victim_beaten(state, d.context, inner_reserve=True))
        return "spend" if gain > (0.08 if precious else 0.15) else "pass"

    def on_reroll(self, state: GameState, d: Decision) -> Answer:
        keys = d.choices()
        if "against" in d.context:
            return self.victim_reroll(state, d)
        free = [k for k in keys if k not in ("pass", "hand_of_fortune")]
        if free:
            return free[0]  # a trait's re-roll costs nothing
        if self.ai.difficulty.fate_floor and self.hopeless(rerolled_chance(d)):
            return "pass"
        if "hand_of_fortune" in keys and state.sides[d.side].fate > self.ai.difficulty.fate_kept:
            return "hand_of_fortune"
        return "pass"

    def victim_reroll(self, state: GameState, d: Decision) -> Answer:
        """A beaten victim re-rolls: a trait's free re-roll of 1s first, else Hand of Fortune if fresh dice can
        still hold against the total; a roll that holds is never re-rolled."""
        from game.ai.odds import rerolled_beaten

        keys = d.choices()
        if not d.context.get("losing"):
            return "pass"
        free = [k for k in keys if k not in ("pass", "hand_of_fortune")]
        if free:
            return free[0]
        if "hand_of_fortune" not in keys:
            return "pass"
        after = rerolled_beaten(d.context["dice"], d.context["total"], d.context["against"])
        if self.ai.difficulty.fate_floor and self.hopeless(1.0 - float(after)):
            return "pass"
        m = state.model(d.context["model"])
        precious = m.wounds_taken + 1 >= m.max_wounds or m.is_hero
        spare = state.sides[d.side].fate > (0 if precious else self.ai.difficulty.fate_kept)
        return "hand_of_fortune" if after < 1 and spare else "pass"

    # -- reactions ---------------------------------------------------------------------------
    def on_full_defense(self, state: GameState, d: Decision) -> Answer:
        m = state.model(d.context["model"])
        if self.ai.difficulty.last_stand and prisoner.last_chance(state, m):
            return "pass"  # [ENC-RES-4]: its activation, given up for Full Defense, is the rescue's last chance
        if self.ai.difficulty.fate_by_odds and d.context.get("mover") in state.models:
            return "declare" if self.full_defense_gain(state, m, state.model(d.context["mover"])) > 0 else "pass"
        enemies = board.engaged_enemies(state, m)
        fragile = m.max_wounds - m.wounds_taken <= 1 or len(enemies) >= 2
        return "declare" if fragile and self.ai.difficulty.full_defense else "pass"

    def full_defense_gain(self, state: GameState, m: ModelState, mover: ModelState) -> float:
        """Hard: the harm Full Defense's extra die saves over this turn's close attacks on ``m`` (exact odds,
        Stun included), less what ``m``'s own activation, given up for it, was worth."""
        value = model_value(m)

        def harm(attacker: ModelState, action: str, defender: ModelState) -> float:
            weapons = combat.melee_weapons(attacker)
            odds = memo.odds(state, combat.Attack(attacker, defender, "close", action, weapons[0] if weapons else None))
            return loss(m, float(odds.expected_wounds), float(odds.p_kill), value) + 0.5 * float(odds.p_stun) * value

        others = [e for e in state.enemies_of(m) if e.id != mover.id and not e.activated and e.on_table
                  and board.distance(m, e) <= 8.5]
        attacks = [(mover, "charge_attack", 1.0), (mover, "standard_attack", 0.5)]
        attacks += [(e, "charge_attack", 0.5) for e in others]
        guarding = replace(m)  # a copy (its conditions are a value: Full Defense is put on the copy's alone)
        conditions.FULL_DEFENSE.put(guarding)
        plain = sum(w * harm(a, act, m) for a, act, w in attacks)
        guarded = sum(w * harm(a, act, guarding) for a, act, w in attacks)
        return plain - guarded - self.given_up(state, m)

    def given_up(self, state: GameState, m: ModelState) -> float:
        """What ``m``'s activation, given up for Full Defense, was worth: its opportunity now; to levels that weigh
        the Stun kept ([COND-1]: shaken off only by an activation), a Stunned model's is what it could do once
        free, which Full Defense puts off a turn more."""
        worth = self.ai.opportunity(state, m)[0]
        if self.ai.difficulty.shake_stun and conditions.STUNNED.on(m):
            from game.ai import candidates

            freed = replace(m)  # a copy (its conditions are a value: the Stun is lifted from the copy's alone)
            conditions.STUNNED.lift(freed)
            worth = max(worth, candidates.best(self.ai.appraiser, state, freed)[0])
        return worth


class RollChance:
    """The exact chance (game.ai.odds) that the asking side's own roll wins with Inner Reserve's extra die: its
    attack or defence, its casting or resisting roll, its victim's roll against an area's total; None where the
    roll is not known yet (a cast whose target the intent does not name)."""

    def __init__(self, ai: Tactical):
        self.ai = ai

    def inner_reserve(self, state: GameState, d: Decision) -> float | None:
        if "against" in d.context:
            from game.ai.odds import victim_beaten

            return 1.0 - float(victim_beaten(state, d.context, inner_reserve=True))
        attack = d.context.get("attack")
        if attack is not None:
            if attack.attacker.side == d.side:
                return float(memo.win(state, attack, attacker_inner_reserve=True))
            return 1.0 - float(memo.win(state, attack, defender_inner_reserve=True))
        cast = d.context.get("cast")
        return self.casting(state, d.side, cast) if cast is not None else None

    def inner_reserve_hopeless(self, state: GameState, d: Decision, hopeless: Callable[[float | None], bool]) -> bool:
        """``hopeless(self.inner_reserve(state, d))`` for a ``hopeless`` monotone in the chance (a floor): an attack's
        roll is settled by bounds on its chance where they agree (:func:`game.ai.memo.win_decides`)."""
        attack = d.context.get("attack")
        if attack is None or "against" in d.context:
            return hopeless(self.inner_reserve(state, d))
        plain = d.context.get("profile")
        if attack.attacker.side == d.side:
            return memo.win_decides(state, attack, lambda p: hopeless(float(p)), plain, attacker_inner_reserve=True)
        return memo.win_decides(state, attack, lambda p: hopeless(1.0 - float(p)), plain, defender_inner_reserve=True)

    def casting(self, state: GameState, side: int, cast: dict[str, Any]) -> float | None:
        from game.ai.odds import spell_win

        caster = state.model(cast["caster"])
        if caster.side == side:  # the caster, before the target is named: the one its intent means
            target = self.ai.intent.target
            if target is None or target not in cast.get("targets", ()):
                return None
            return float(spell_win(state, caster, state.model(target), cast["spell"], cast["enhancement"],
                                   caster_inner_reserve=True))
        won = spell_win(state, caster, state.model(cast["target"]), cast["spell"], cast["enhancement"],
                        caster_inner_reserve=bool(cast.get("caster_extra")), target_inner_reserve=True)
        return 1.0 - float(won)


def rerolled_chance(d: Decision) -> float | None:
    """The exact chance that Hand of Fortune's fresh dice win the roll ([FATE-6], [DICE-2]: a tie holds for the
    reactive roll), from the re-roll question's context; None for a roll that names no opposing total."""
    from game.ai.odds import rerolled_beaten

    c = d.context
    if "opposed" not in c or "dice" not in c:
        return None
    need = c["opposed"] + 1 if c.get("active") else c["opposed"]  # the new total must reach this
    return 1.0 - float(rerolled_beaten(c["dice"], c["total"], need))


def spare_fate(state: GameState, side: int) -> int:
    """Fate beyond one for each of our activations still in the bag and one for defence. The pool
    refills every turn ([TURN-2]), so what is left when the bag empties is wasted: spend the spare."""
    return state.sides[side].fate - state.bag.count(side) - 1


def ap_shift(state: GameState, m: ModelState, delta: int) -> float:
    """The chance that ``delta`` on the activation roll changes the AP it gives ([TURN-4])."""
    from game.core.dice import effective_modifiers
    from game.rules.turn import activation_modifiers, ap_for

    base = sum(x.value for x in effective_modifiers(activation_modifiers(state, m)))
    return sum(ap_for(v + base) != ap_for(v + base + delta) for v in range(1, 7)) / 6


def inner_reserve_gain(state: GameState, side: int, attack: Any, plain: AttackProfile | None = None) -> float:
    """How much Inner Reserve raises (attacker) or lowers (defender) the chance that the attack wins (``plain``:
    the profile the question carries, as :func:`game.ai.memo.odds`)."""
    base = float(memo.odds(state, attack, plain).p_win)
    if attack.attacker.side == side:
        return float(memo.odds(state, attack, plain, attacker_inner_reserve=True).p_win) - base
    return base - float(memo.odds(state, attack, plain, defender_inner_reserve=True).p_win)


def on_trait_fate(state: GameState, d: Decision) -> Answer:
    """A trait's roll that saves its model a wound (a wound save its trait declares: Tough; the question says so)
    is worth Fate to a model the wound would kill, or a hero; any other, to a side with Fate beyond its reserve."""
    m = state.model(d.context["model"]) if d.context.get("model") else None
    if d.context.get("saves_wound") and m is not None:
        dying = m.wounds_taken + 1 >= m.max_wounds
        return "spend" if dying or m.is_hero else "pass"
    return "spend" if state.sides[d.side].fate > RESERVE else "pass"


def on_heroic_impetus(state: GameState, d: Decision) -> Answer:
    friends = [k for k in d.choices() if k != "pass"]
    engaged = [k for k in friends if board.is_engaged(state, state.model(k))]
    return engaged[0] if engaged else "pass"


def on_impetus_action(state: GameState, d: Decision) -> Answer:
    keys = RandomLegal.sound(state, d, d.choices())  # none that would be skipped
    for k in ("shake_off", "standard_attack", "ranged_attack", "walk"):
        if k in keys:
            return k
    return keys[0]
