"""Hard's Rescuer gets at the ring round the Prisoner sooner and keeps at it (game.ai.difficulty: storm_rush,
contact_round, last_stand, rescue_forward, ring_focus): a storming model out of a walk's reach runs, a walk
into contact counts on a spot all round a crowded guard, the guard its friends already fight is stormed first,
no model gives up its last-turn activation for Full Defense, and the party deploys at the front of its zone.
Normal and easy play as before (the fields are off for them)."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from game.ai import candidates
from game.ai import prisoner as rescue
from game.ai.deployment import Deployment
from game.ai.difficulty import EASY, HARD, NORMAL
from game.ai.futile import Futility
from game.ai.tactical import Tactical
from game.rules import board, conditions
from game.rules.decision_kinds import DecisionKind
from game.rules.decisions import Decision, Option
from tests.ai.test_hard import rescue_table


def test_the_new_refinements_are_hards_alone() -> None:
    for level in (EASY, NORMAL):
        assert not (level.plan.storm_rush or level.contact_round or level.last_stand or level.rescue_forward
                    or level.ring_focus)
    assert HARD.plan.storm_rush and HARD.contact_round and HARD.last_stand and HARD.rescue_forward and HARD.ring_focus


@pytest.mark.rule("ENC-RES-4", "MOVE-2")
def test_a_storming_rescuer_out_of_a_walks_reach_runs_at_its_guard() -> None:
    """Walking 6″ of the 12″ to the guard when a run covers 9″ of them leaves the ring a turn longer unbroken."""
    state = rescue_table()
    p = state.model(state.encounter.prisoner)
    rescuer, friend = [m for m in state.on_table(1) if m.id != p.id][:2]
    rescuer.x, rescuer.y = p.x, p.y + 12.0
    friend.x, friend.y = 5.0, 33.0
    guard = state.model("A2")
    guard.x, guard.y = p.x + p.radius + guard.radius, p.y  # touching the Prisoner
    state.touch()
    ai = Tactical(1, "hard")
    (_, intent), = candidates.Storm().offers(ai.appraiser, state, rescuer)
    assert (intent.kind, intent.target, intent.storm, intent.rush) == ("fight", "A2", True, True)
    ai.intent = intent
    futility = Futility(state, rescuer, True)
    assert ai.plans.plan_score(state, rescuer, ["run"], futility) > ai.plans.plan_score(state, rescuer, ["walk"],
                                                                                       futility)
    rescuer.y = p.y + 5.0  # within a walk: the walk and the blow after it, as before
    state.touch()
    (_, intent), = candidates.Storm().offers(ai.appraiser, state, rescuer)
    assert not intent.rush


@pytest.mark.rule("ENC-RES-4", "DIG-MOVE-3", "CC-1")
def test_a_walk_into_contact_with_a_crowded_guard_counts_on_a_spot_round_its_far_side() -> None:
    """Friends fill the guard's side facing the walker and the Prisoner its other: a walk still reaches a free
    spot round it, so the blow after the walk is not judged sure to be skipped (hard only; normal as before)."""
    state = rescue_table()
    p = state.model(state.encounter.prisoner)
    walker, friend = [m for m in state.on_table(1) if m.id != p.id][:2]
    guard = state.model("A2")
    reach = guard.radius + walker.radius + 0.01
    guard.x, guard.y = p.x + reach, p.y  # touching the Prisoner, on its right

    def at(m, degrees: float, gap: float) -> None:
        a = math.radians(degrees)
        m.x, m.y = guard.x + gap * math.cos(a), guard.y + gap * math.sin(a)

    at(walker, 150.0, reach + 2.0)  # beside the Prisoner, 2″ from the guard
    at(friend, 100.0, reach)  # the friend and the Prisoner (at 180°) fill the guard's side facing the walker
    for m in state.on_table(0):
        if m.id != guard.id:
            m.x, m.y = 33.0, 3.0 + 2 * int(m.id[1:])
    state.touch()
    assert board.in_contact(friend, guard) and rescue.blockers_of(state, walker)
    acts = ["walk", "standard_attack"]
    assert Futility(state, walker).count(acts) == 1  # the spots facing it only: none free
    assert Futility(state, walker, HARD.contact_round).count(acts) == 0
    assert Futility(state, walker, NORMAL.contact_round).count(acts) == 1


@pytest.mark.rule("ENC-RES-5", "SPEC-2")
def test_no_full_defense_for_a_rescuer_in_the_last_turn_while_the_prisoner_is_held() -> None:
    """In the last turn a Rescuer model's survival is worth nothing unless the Prisoner is freed at its
    Maintenance Phase: its activation, not Full Defense. The one touching the Prisoner may still keep itself."""
    state = rescue_table()
    enc = state.encounter
    p = state.model(enc.prisoner)
    ours = next(m for m in state.on_table(1) if m.id != p.id)
    ours.x, ours.y = p.x + 8.0, p.y
    foes = [state.model(i) for i in ("A1", "A2", "A3")]
    for k, e in enumerate(foes):  # three Kidnappers round it: hard would rather keep it alive
        a = 2 * math.pi * k / 3
        e.x, e.y = ours.x + (ours.radius + e.radius) * math.cos(a), ours.y + (ours.radius + e.radius) * math.sin(a)
    ours.wounds_taken = ours.max_wounds - 1
    conditions.STUNNED.put(ours)  # its own activation is worth little, the blows on it much ...
    state.touch()
    d = Decision(DecisionKind.full_defense, 1, "", "SPEC-2", [Option("pass", "No"), Option("declare", "Yes")],
                 context={"model": ours.id, "mover": "A1"})
    # ... unless shaking the Stun off is weighed at what the model could do once free (shake_stun): off here, so
    # that only the last turn's rule is seen
    level = replace(HARD, shake_stun=False, name="hard-no-shake")
    ai = Tactical(1, level)
    assert ai.fate.on_full_defense(state, d) == "declare"  # before the last turn: as before
    state.turn = enc.scenario.duration.turns
    assert rescue.last_chance(state, ours)
    assert ai.fate.on_full_defense(state, d) == "pass"
    relaxed = Tactical(1, replace(level, last_stand=False, name="hard-no-last-stand"))
    assert relaxed.fate.on_full_defense(state, d) == "declare"


@pytest.mark.rule("ENC-RES-2")
def test_the_hard_rescuer_deploys_at_the_front_of_its_zone() -> None:
    """Hidden spots at the back of the zone no longer outweigh a whole walk nearer the Prisoner's ring."""
    state = rescue_table()
    p = state.model(state.encounter.prisoner)
    m = next(x for x in state.on_table(1) if x.id != p.id)
    front, back = (18.0, 30.5), (18.0, 35.0)  # the Rescuer's zone: the bottom 6″, the Kidnapper above
    hard = Deployment(Tactical(1, "hard"))
    flat = Deployment(Tactical(1, replace(HARD, rescue_forward=0.0, name="hard-flat")))
    placed, _ = hard.scorer(state, m, 1)
    placed_flat, _ = flat.scorer(state, m, 1)
    gain = (placed(*front) - placed(*back)) - (placed_flat(*front) - placed_flat(*back))
    assert gain > 0
    assert not rescue.rescuing(state, 0)  # the Kidnapper's deployment: as before


@pytest.mark.rule("ENC-RES-4", "MOD-3")
def test_the_rescuers_storm_the_guard_their_friends_already_fight() -> None:
    """A guard with a wound more but a friend already on it falls sooner (that friend's blows, its gang up) than a
    fresh one: the storm goes there (ring_focus); without it, at the fewest wounds left, as before."""
    state = rescue_table()
    p = state.model(state.encounter.prisoner)
    rescuer, friend = [m for m in state.on_table(1) if m.id != p.id][:2]
    rescuer.x, rescuer.y = p.x, p.y + 5.0
    a2, a3 = state.model("A2"), state.model("A3")
    a2.x, a2.y = p.x + 2.0, p.y  # both within 3″ of the Prisoner, as near the rescuer
    a3.x, a3.y = p.x - 2.0, p.y
    a3.wounds_taken = a3.max_wounds - 1  # one wound left, nobody on it
    a2.wounds_taken = a2.max_wounds - 2  # two left, a friend fighting it
    friend.x, friend.y = a2.x + a2.radius + friend.radius, a2.y
    state.touch()
    assert rescue.storm_target(state, rescuer).id == "A3"
    assert rescue.storm_target(state, rescuer, HARD.ring_focus).id == "A2"
    hard = Tactical(1, "hard")
    (_, intent), = candidates.Storm().offers(hard.appraiser, state, rescuer)
    assert intent.target == "A2"
