"""The turn sequence ([TURN-1]-[TURN-10]) and one model's activation.

Each procedure is a generator: it yields a Decision and receives the answer, so
the code reads in the book's order while the UI, the AI or a script answers.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from game.core.dice import Modifier, effective_modifiers
from game.rules import actions, board, conditions, fate, readiness, scenario_effects, scenario_events, scoring
from game.rules.decision_kinds import DecisionKind
from game.rules.decisions import Decision, Option
from game.rules.events import EventKind
from game.rules.plans import action_kind, legal_plans, next_actions, plan_key, plan_label, plan_labels
from game.rules.state import ON_TABLE, RESERVE, GameState, ModelState, Phase
from game.rules.traits.base import hooks_of, trait_hooks

Gen = Generator[Decision, Any, Any]


def ap_for(result: int) -> int:
    """[TURN-4]: <= 0 -> 0 AP; 1-2 -> 1; 3-5 -> 2; 6 or more -> 3."""
    if result <= 0:
        return 0
    if result <= 2:
        return 1
    if result <= 5:
        return 2
    return 3


def can_activate(model: ModelState) -> bool:
    return model.on_table and not model.activated


def fill_bag(state: GameState) -> None:
    """[TURN-1] / [TURN-8] (d): one die per model that can activate next turn."""
    state.bag = sorted(m.side for m in state.models.values() if m.status == ON_TABLE)
    state.set_aside = []


def play(state: GameState) -> Gen:
    """A whole game: turns until the end-of-game check says stop."""
    if state.phase == Phase.SETUP:
        if state.encounter is not None and not state.encounter.deployed:
            from game.rules.deployment import encounter_setup

            yield from encounter_setup(state)  # [ENC-1]-[ENC-3]
        fill_bag(state)
        for side in state.sides:
            side.fate = side.party.fate
        state.phase = Phase.MAIN
        state.emit(EventKind.GameStarted,
                   f"Turn {state.turn} begins: {len(state.bag)} dice in the bag", bag=list(state.bag),
                   rule="TURN-1")
        yield from scenario_events.fire(state, "turn_starts", state.turn)
    while state.phase != Phase.OVER:
        if state.phase == Phase.MAIN:
            yield from main_phase(state)
            if scenario_effects.is_decided(state):  # an event won or lost the game: it ends at once
                end_game(state)
                break
            state.phase = Phase.MAINTENANCE
        if state.phase == Phase.MAINTENANCE:
            yield from maintenance(state)


# -- Main Phase ----------------------------------------------------------------------------

def main_phase(state: GameState) -> Gen:
    """[TURN-2]-[TURN-7]: draw until the bag is empty."""
    while state.bag:
        yield from draw(state)
    if scenario_effects.is_decided(state):
        return
    state.emit(EventKind.BagEmpty, f"The bag is empty: the Main Phase of turn {state.turn} ends", rule="TURN-7")


def draw(state: GameState) -> Gen:
    index = state.dice.choice_index(len(state.bag), "draw from the bag")
    side = state.bag.pop(index)
    state.emit(EventKind.DieDrawn, f"A {state.sides[side].name} die is drawn ({len(state.bag)} left in the bag)",
               side=side, rule="TURN-2")
    if not any(can_activate(m) for m in state.side_models(side)):  # [TURN-10]
        state.set_aside.append(side)
        state.emit(EventKind.DieSetAside,
                   f"{state.sides[side].name} has no model left to activate; the die is set aside",
                   side=side, rule="TURN-10")
        return
    side = yield from winds_of_kismet(state, side)
    candidates = [m for m in state.side_models(side) if can_activate(m)]
    answer = yield Decision(DecisionKind.nominate, side,
                            f"{state.sides[side].name}: choose a model to activate", "TURN-3",
                            [Option(m.id, m.name) for m in candidates])
    yield from activate(state, state.model(answer))
    yield from scenario_events.notice_fates(state)


def winds_of_kismet(state: GameState, drawn: int) -> Gen:
    """[FATE-2]: the opponent may pay 2 Fate to return the die and draw one of its own."""
    other = 1 - drawn
    own_dice = state.bag.count(other)
    if state.sides[other].fate < 2 or own_dice == 0 or not any(can_activate(m) for m in state.side_models(other)):
        return drawn
    answer = yield Decision(DecisionKind.winds_of_kismet, other,
                            f"{state.sides[drawn].name}'s die was drawn: spend 2 Fate "
                            "on Winds of Kismet to activate one of yours instead?", "FATE-2",
                            [Option("pass", "Let it stand"), Option("spend", "Winds of Kismet (2 Fate)")])
    if answer != "spend":
        return drawn
    fate.spend(state, other, 2, "Winds of Kismet", "FATE-2")
    state.bag.append(drawn)
    state.bag.sort()
    state.bag.remove(other)
    state.emit(EventKind.WindsOfKismet,
               f"{state.sides[other].name} returns the die and draws one of its own", side=other,
               rule="FATE-2")
    return other


def activation_modifiers(state: GameState, model: ModelState) -> list[Modifier]:
    """[TURN-5]: every modifier of an activation roll, each with its rule and source."""
    mods: list[Modifier] = []
    for h in trait_hooks(model):
        mods += h.activation_modifiers(state, model)
    for friend in state.friends_of(model):
        for h in hooks_of(friend):
            mods += h.ally_activation_modifiers(state, friend, model)
    mods += conditions.terror_modifier(state, model, activation=True)
    for c in conditions.condition_hooks(model):  # Confusion ([SPELL-1]), a Quake ([T-GARG-6])
        mods += c.activation_modifiers(state, model)
    side = state.sides[model.side]
    if side.hero_fate == "despair" and side.hero_fate_turn == state.turn:
        mods.append(Modifier(-1, "HERO-2", "Despair at the hero's death"))
    return mods


def activate(state: GameState, model: ModelState) -> Gen:
    """Steps 3 and 4 of the Main Phase for one model."""
    state.active_model = model.id
    state.fate_used = []
    state.weapons_used = []
    model.activated = True
    conditions.end_at_activation(model)  # [TURN-9]
    state.emit(EventKind.Activation, f"{state.sides[model.side].name} activates {model.name}", model=model.id,
               side=model.side, rule="TURN-3")
    mods = activation_modifiers(state, model)
    conditions.end(model, conditions.UNTIL_ACTIVATION_ROLL)  # counted once (a Quake's -1)
    mods += yield from _activation_fate(state, model, mods)
    value = state.dice.d6(f"{model.name}: activation")
    applied = effective_modifiers(mods)
    total = value + sum(m.value for m in applied)
    ap = ap_for(total)
    state.emit(EventKind.ActivationRoll, f"{model.name} rolls {value}"
               + "".join(f" {m.value:+d} {m.source}" for m in applied) + f" = {total}: {ap} AP",
               model=model.id, dice=[value], modifiers=[{"value": m.value, "rule": m.rule, "source": m.source}
                                                        for m in applied], total=total, ap=ap, rule="TURN-4")
    state.ap_left = ap
    if model.is_hero:
        yield from heroic_impetus(state, model)
    yield from play_out(state, model, ap)


def play_out(state: GameState, model: ModelState, ap: int) -> Gen:
    """The activation from its plan on: the plan, the final facing ([SEQ-5]), the activation over (the AI's
    look-ahead plays the same steps on a copy)."""
    if model.on_table:
        yield from run_plan(state, model, ap)
    if model.on_table:
        yield from final_facing(state, model)
    state.active_model = None
    state.ap_left = 0


def _activation_fate(state: GameState, model: ModelState, base: list[Modifier]) -> Gen:
    """[FATE-3] Greater Purpose (asked first), then [FATE-4] Cursed Hand (``base``: the roll's other modifiers)."""
    mods: list[Modifier] = []
    own, other = model.side, 1 - model.side
    if state.sides[own].fate >= 1:
        answer = yield Decision(DecisionKind.greater_purpose, own,
                                f"Greater Purpose for {model.name}'s activation roll "
                                "(+1 for 1 Fate)?", "FATE-3", [Option("pass", "No"), Option("spend", "Spend 1 Fate")])
        if answer == "spend":
            fate.spend(state, own, 1, f"Greater Purpose for {model.name}", "FATE-3")
            mods.append(Modifier(1, "FATE-3", "Greater Purpose"))
    if state.sides[other].fate >= 1:
        modifier = sum(m.value for m in effective_modifiers([*base, *mods]))
        answer = yield Decision(DecisionKind.cursed_hand, other, f"Cursed Hand on {model.name}'s activation roll "
                                "(-1 for 1 Fate)?", "FATE-4", [Option("pass", "No"), Option("spend", "Spend 1 Fate")],
                                context={"model": model.id, "modifier": modifier})
        if answer == "spend":
            fate.spend(state, other, 1, f"Cursed Hand on {model.name}", "FATE-4")
            mods.append(Modifier(-1, "FATE-4", "Cursed Hand"))
    return mods


def could_fight(state: GameState, model: ModelState) -> bool:
    """Whether ``model`` could attack an enemy if it activated now: a combat action or a Charge with a target
    and nothing stopping it (game.rules.readiness)."""
    kinds = [p[0] for p in legal_plans(state, model, 1) if len(p) == 1]
    return any(readiness.why_not_now(state, model, k) is None for k in kinds
               if k == "charge" or action_kind(k, model).slot == "combat")


def fate_can_matter(state: GameState, decision: Decision) -> bool:
    """Whether a Fate question put in the other side's turn can change something worth asking about (the
    question is put only when the side can afford it): Cursed Hand when its -1 can lower the AP of a model that
    could attack ([TURN-4], [FATE-4]); Winds of Kismet when some model that may still activate could attack, so
    which side moves first can matter ([FATE-2]). Always True for any other question."""
    if decision.kind == "cursed_hand":
        model = state.models.get(decision.context.get("model", ""))
        if model is None:
            return True
        m = int(decision.context.get("modifier", 0))
        lowers = any(ap_for(v + m - 1) != ap_for(v + m) for v in range(1, 7))
        return lowers and could_fight(state, model)
    if decision.kind == "winds_of_kismet":
        return any(could_fight(state, m) for m in state.models.values() if can_activate(m))
    return True


def run_plan(state: GameState, model: ModelState, ap: int) -> Gen:
    """[TURN-6] / [DIG-ACT-1]: declare the plan, then resolve it in order, each action completely."""
    if ap == 0:
        state.emit(EventKind.PlanDeclared, f"{model.name} has no AP and does nothing", model=model.id, plan=[], ap=0,
                   rule="TURN-4")
        return
    if state.settings.declare_plan_upfront:
        plans = legal_plans(state, model, ap)
        labels = plan_labels(plans, model)
        options = [Option(plan_key(p), label, list(p)) for p, label in zip(plans, labels, strict=True)]
        answer = yield Decision(DecisionKind.plan, model.side,
                                f"{model.name} has {ap} AP: declare the actions", "DIG-ACT-1",
                                options, context={"ap": ap, "model": model.id})
        plan = tuple(a for a in answer.split(",") if a and a != "nothing")
        limits = [h.rule for h in hooks_of(model) if not h.can_run or h.extra_move_actions or h.extra_combat_actions]
        state.emit(EventKind.PlanDeclared, f"{model.name} declares: {plan_label(plan, model)}", model=model.id,
                   plan=list(plan), limits=limits,
                   ap=ap, rule="TURN-6")
        if "run" in plan:
            _declare_run(state, model)
        for kind in plan:
            if not model.on_table:
                break
            state.ap_left -= action_kind(kind, model).ap
            ended = yield from actions.resolve(state, model, kind)
            if ended:
                break
        return
    # [DIG-ACT-2]: one action at a time, still only what a legal plan allows
    done: tuple[str, ...] = ()
    left = ap
    while model.on_table:
        nexts = next_actions(state, model, done, left)  # [SEQ-2]: by the same rule as a declared plan
        if not nexts:
            break
        options = [Option("end", "End the activation")] if not (conditions.STUNNED.on(model) and not done) else []
        options += [Option(k, f"{action_kind(k, model).name} ({action_kind(k, model).ap} AP)") for k in nexts]
        answer = yield Decision(DecisionKind.next_action, model.side, f"{model.name} has {left} AP left: next action?",
                                "DIG-ACT-2", options, context={"ap": left})
        if answer == "end":
            break
        if answer == "run":
            _declare_run(state, model)
        done += (answer,)
        left -= action_kind(answer, model).ap
        state.ap_left = left
        ended = yield from actions.resolve(state, model, answer)
        if ended:
            break


def _declare_run(state: GameState, model: ModelState) -> None:
    """[MOVE-2]: -3 from the declaration until Maintenance, even on rolls made before the run."""
    conditions.RAN.put(model)
    state.emit(EventKind.RunDeclared, f"{model.name} will run: -3 to its resolution rolls this turn", model=model.id,
               rule="MOVE-2")


def final_facing(state: GameState, model: ModelState) -> Gen:
    """[SEQ-5]: after its last action the controller sets the model's final facing."""
    answer = yield Decision(DecisionKind.facing, model.side,
                            f"{model.name}: final facing (degrees)", "SEQ-5", free="angle",
                            context={"model": model.id, "current": model.facing})
    model.facing = answer
    state.touch()


def heroic_impetus(state: GameState, hero: ModelState) -> Gen:
    """[HERO-1]: once per game a free AP for a friend within 12″, if the hero is not engaged."""
    side = state.sides[hero.side]
    if side.heroic_impetus_used or board.is_engaged(state, hero):
        return
    ready = {f.id: kinds for f in state.friends_of(hero) if board.within(hero, f, 12)
             if (kinds := impetus_actions(state, f))}
    if not ready:  # no friend near could use the free AP: nothing to ask
        return
    answer = yield Decision(DecisionKind.heroic_impetus, hero.side,
                            f"Heroic Impetus: give one free AP to a friend within 12″ "
                            f"of {hero.name}?", "HERO-1", [Option("pass", "Not now")]
                            + [Option(k, state.model(k).name) for k in ready])
    if answer == "pass":
        return
    side.heroic_impetus_used = True
    friend = state.model(answer)
    state.emit(EventKind.HeroicImpetus,
               f"{hero.name} spurs {friend.name} on: one free AP", model=friend.id, hero=hero.id,
               rule="HERO-1")
    options = [Option(k, action_kind(k, friend).name) for k in ready[friend.id]]
    choice = yield Decision(DecisionKind.impetus_action, hero.side,
                            f"{friend.name}: which 1-AP action?", "HERO-1", options)
    if choice == "run":
        _declare_run(state, friend)
    yield from actions.resolve(state, friend, choice, impetus=True)
    if friend.on_table:
        yield from final_facing(state, friend)


def impetus_actions(state: GameState, friend: ModelState) -> list[str]:
    """[HERO-1]: the 1-AP actions ``friend`` could spend a free AP on now, by the readiness rules the plan menu
    marks with ([SEQ-2]): nothing comes before it, so an action that cannot succeed now would only waste the AP
    (a Standard attack or a Shove with no enemy in contact). A Stunned model must Shake Off."""
    if conditions.STUNNED.on(friend):
        return ["shake_off"]
    kinds = [p[0] for p in legal_plans(state, friend, 1) if len(p) == 1]
    return [k for k in kinds if readiness.why_not_now(state, friend, k) is None]


# -- Maintenance Phase -----------------------------------------------------------------------

def maintenance(state: GameState) -> Gen:
    """[TURN-8] in its stated order."""
    state.emit(EventKind.Maintenance, f"Maintenance Phase of turn {state.turn}", rule="TURN-8")
    yield from score(state)  # (a)
    yield from scenario_events.notice_fates(state)  # a scenario's events: deaths, escapes, a rescue ...
    yield from scenario_events.fire(state, "turn_ends", state.turn)  # ... and the end of this turn
    won = scoring.sudden_winner(state) if not scenario_effects.is_decided(state) else state.encounter.decided
    if won is not None:  # a scenario's sudden win (or an event's win or loss) ends the game at once
        state.encounter.decided = list(won)
        end_game(state)
        return
    yield from death_of_a_hero(state)  # (b)
    # (c) dice of killed, removed or escaped models are set aside for good: the bag is rebuilt below
    # (d) refill the bag
    for m in state.models.values():
        m.activated = False
    fill_bag(state)
    for s in state.sides:  # (e) [FATE-1]
        s.fate = s.party.fate
    ended = {m.id: [c.id for c in conditions.end_at_maintenance(m)] for m in state.models.values()}  # (f)
    ended = {mid: ids for mid, ids in ended.items() if ids}
    if ended:
        names = "; ".join(f"{state.model(mid).name} ({', '.join(conditions.CONDITIONS[c].name for c in ids)})"
                          for mid, ids in ended.items())
        state.emit(EventKind.ConditionsEnded, f"Conditions that last the turn end: {names}", ended=ended,
                   rule="TURN-8")
    # (g) the game ends? ([SEQ-16]: also when a side has nobody on the table and nobody to arrive)
    alive = [any(m.status in (ON_TABLE, RESERVE) for m in state.side_models(s.index)) for s in state.sides]
    if not all(alive):
        state.emit(EventKind.SideWipedOut, "A side has no model left on the table or to arrive: the game ends",
                   rule="SEQ-16")
        end_game(state)
        return
    if state.encounter is not None and state.encounter.ending:  # an event ended the game
        end_game(state)
        return
    ends = yield from scoring.game_ends(state)
    if ends:
        end_game(state)
        return
    for m in sorted(state.models.values(), key=lambda m: m.id):  # end of the phase: Ambush arrivals
        for h in hooks_of(m):
            yield from h.at_maintenance(state, m)
    state.turn += 1
    state.phase = Phase.MAIN
    state.emit(EventKind.TurnStarted, f"Turn {state.turn} begins: {len(state.bag)} dice in the bag", rule="TURN-1")
    yield from scenario_events.fire(state, "turn_starts", state.turn)


def score(state: GameState) -> Gen:
    """(a) The encounter scores and checks its conditions; without one, kill values ([ENC-5], [SEQ-15])."""
    yield from scoring.maintenance_scoring(state)


def death_of_a_hero(state: GameState) -> Gen:
    """(b) [HERO-2]: the side whose hero died this turn rolls 1d6: 1-4 Despair, 5-6 Vengeance."""
    for s in state.sides:
        if s.hero_died_turn != state.turn:
            continue
        value = state.dice.d6(f"{s.name}: Death of a Hero")
        s.hero_fate = "despair" if value <= 4 else "vengeance"
        s.hero_fate_turn = state.turn + 1
        effect = "Despair: -1 to activation rolls" if value <= 4 else "Vengeance: +1 to resolution rolls"
        state.emit(EventKind.DeathOfAHero, f"{s.name} rolls {value} for the Death of a Hero: {effect} next turn",
                   side=s.index, dice=[value], result=s.hero_fate, rule="HERO-2")
    return
    yield  # pragma: no cover


def end_game(state: GameState) -> None:
    """The end: the encounter's end scoring and victory ([ENC-4])."""
    state.phase = Phase.OVER
    scoring.final_scoring(state)
    for s in state.sides:
        items = scoring.breakdown(state, s.index)
        listed = "; ".join(f"{label} {points:+d}" for label, points in items) or "nothing scored"
        state.emit(EventKind.ScoreBreakdown, f"{s.name} {s.score} ExP: {listed}", side=s.index, score=s.score,
                   items=[[label, points] for label, points in items], rule="ENC-4")
    a, b = (s.score for s in state.sides)
    state.result = "draw" if state.winner is None else f"{state.sides[state.winner].name} wins"
    message = scenario_effects.victory_message(state)  # the scenario's text for this result, if it has one
    state.emit(EventKind.GameOver, f"Game over after turn {state.turn}: {a} to {b}, {state.result}", scores=[a, b],
               winner=state.winner, **({"message": message} if message else {}))
