"""What ``hard`` no longer gives away: a Stunned model's activation, not spent on Full Defense turn after turn while
it could shake the Stun off and act (Difficulty.shake_stun), and escapes: the enemy's denied by taking out the model
about to make one (deny_escapes), its own not lost to the clock (escape_urgency)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.ai import candidates
from game.ai.difficulty import HARD
from game.ai.tactical import Tactical
from game.rules import conditions
from game.rules.state import GameState
from tests.rules.harness import figure, table


def test_a_stunned_model_weighs_the_activation_that_would_free_it_against_full_defense() -> None:
    """A Stunned guard charged: its activation is more than its Shake Off (0.1 before); it is what it could do
    once free, so Full Defense, which keeps it Stunned a turn more, gains less."""
    state = table((0, figure("Raider"), 10, 10, 0), (1, figure("Guard"), 12.2, 10, 180),
                  (1, figure("Archer"), 20, 10, 180), (0, figure("Raider"), 28, 10, 180))
    guard, raider = state.model("B1"), state.model("A1")
    conditions.STUNNED.put(guard)
    state.touch()
    hard = Tactical(1, "hard")
    plain = Tactical(1, replace(HARD, shake_stun=False))
    assert plain.fate.given_up(state, guard) == 0.1 * 1  # its Shake Off alone
    assert hard.fate.given_up(state, guard) > 0.1
    assert hard.fate.full_defense_gain(state, guard, raider) < plain.fate.full_defense_gain(state, guard, raider)
    assert conditions.STUNNED.on(guard)  # weighed on a copy



def test_hard_goes_for_the_raider_about_to_escape() -> None:
    """Two raiders as near the Defender's guard, one a step from the edge it escapes off: taking it out denies its
    escape too, so hard charges it; without deny_escapes, the two are worth the same."""
    from tests.ai.test_objective_routes import gorge

    state = gorge((0, figure("Raider"), 20, 27, 90), (0, figure("Raider"), 20, 33, 90),
                  (1, figure("Guard"), 20, 30, 270), turn=4)
    guard, far, near = state.model("B1"), state.model("A1"), state.model("A2")
    plain = candidates.Appraiser(replace(HARD, deny_escapes=False))
    assert plain.worth(state, near) == plain.worth(state, far)
    hard = candidates.Appraiser(HARD)
    assert hard.worth(state, near) > hard.worth(state, far) > plain.worth(state, far)
    charges = {i.target: s for s, i in candidates.all_offers(hard, state, guard) if i.kind in ("charge", "fight")}
    assert max(charges, key=charges.__getitem__) == "A2"


def test_the_look_ahead_counts_an_escape_lost_to_the_clock() -> None:
    """A raider 30″ from its edge: on turn 1 it has the turns to get there, on turn 5 it has not, and the
    look-ahead (game.ai.lookahead.late) counts the escape's worth as lost; levels without escape_urgency do not."""
    from game.ai import lookahead
    from tests.ai.test_objective_routes import gorge

    for turn, lost in ((1, 0.0), (5, 1.0)):  # a follower: its kill value
        state = gorge((0, figure("Raider"), 28, 5, 90), (1, figure("Guard"), 5, 30, 270), turn=turn)
        raider = state.model("A1")
        hard = candidates.Appraiser(HARD)
        goal = hard.escape_goal(state, raider)
        assert goal is not None
        assert lookahead.late(state, raider, goal, hard) == lost
        plain = candidates.Appraiser(replace(HARD, escape_urgency=False))
        gap = lookahead.evaluate(state, 0, "A1", plain) - lookahead.evaluate(state, 0, "A1", hard)
        assert abs(gap - lost) < 1e-9


@pytest.mark.rule("ACT-2", "T-FAST-1")
def test_the_escape_clock_counts_one_run_a_turn_two_for_a_fast_model() -> None:
    """Turn 4 of 6 leaves two turns after this one: a raider three Runs (27″) from its goal is a whole turn's pace
    short, since [ACT-2] allows one move an activation (a pace of 1.4 Runs once counted a Walk after the Run), so
    its escape's worth (a follower's kill value) is all lost; a Fast raider there covers two Runs a turn and stands
    to lose a quarter of its own."""
    from game.ai import lookahead
    from tests.ai.test_objective_routes import gorge

    for traits, share in (((), 1.0), (("fast",), 0.25)):
        state = gorge((0, figure("Raider", traits=traits), 28, 5, 90), (1, figure("Guard"), 5, 30, 270), turn=4)
        raider = state.model("A1")
        goal = (raider.x, raider.y + 27.0)
        lost = share * candidates.model_value(raider)
        assert lookahead.late(state, raider, goal, candidates.Appraiser(HARD)) == pytest.approx(lost)


def raider_beside_a_guard(stunned: bool) -> GameState:
    """Breakthrough, turn 1: our raider 26″ from its goal edge (the top), an enemy guard 4.5″ off to its side (a
    walk reaches it), everyone else far off; 3 AP."""
    from tests.rules.test_plans import breakthrough

    state = breakthrough()
    for e in state.side_models(1):
        e.x, e.y = 3 + 3 * int(e.id[1]), 33
    for f in state.side_models(0):
        f.x, f.y = 3 + 3 * int(f.id[1]), 35
    raider, guard = state.model("A1"), state.model("B1")
    raider.x, raider.y = 18, 26
    guard.x, guard.y, guard.facing = 22, 24, 180
    if stunned:
        conditions.STUNNED.put(raider)
    state.touch()
    state.dice.force(6)  # 3 AP
    return state


@pytest.mark.rule("ENC-BRK-2", "CC-1", "TURN-6")
def test_hard_heading_for_its_edge_spends_no_move_on_reaching_a_blow_its_intent_never_asked_for() -> None:
    """A blow after the move would spend the AP a lone Run leaves ([TURN-6]), but the blow needs base contact
    ([CC-1]), so the move would go to the guard, not toward the edge: it used to (Run, then a Furious Attack at
    -3 for the run). The move's ground toward the goal is not counted for such a plan (PlanWeights.diverted).
    (The escape weighed as it was when the test was written, above the charge at the guard: the intent is to go.)"""
    from tests.ai.test_plan_futility import activate

    for seed in range(3):
        state = raider_beside_a_guard(stunned=False)
        raider = state.model("A1")
        done = activate(state, raider, Tactical(seed, replace(HARD, escape=1.5)))
        assert done == ["run"] and raider.y < 18, (seed, done, raider.y)


@pytest.mark.rule("ACT-3", "SPEC-3", "ENC-BRK-2")
def test_a_stunned_model_on_its_way_out_shakes_it_off_and_moves_on_toward_its_edge() -> None:
    """Stunned, its only intent is to hold ([ACT-3]: its first AP shakes the Stun off, [SPEC-3]); the AP after it
    went on a Walk into contact and a blow nothing asked for, away from its edge. On its way out the walk that
    serves a later blow earns nothing (PlanWeights.diverted), so it moves on toward the edge."""
    from tests.ai.test_plan_futility import activate

    for seed in range(3):
        state = raider_beside_a_guard(stunned=True)
        raider = state.model("A1")
        done = activate(state, raider, Tactical(seed, "hard"))
        assert done[0] == "shake_off" and len(done) == 2 and done[1] in ("walk", "run", "sneak"), (seed, done)
        assert raider.y <= 26 - 5.9 and not conditions.STUNNED.on(raider), (seed, raider.y)


@pytest.mark.rule("ENC-BRK-3", "MOVE-3")
def test_hard_charges_the_guard_in_its_way_to_the_edge_rather_than_run_past_it() -> None:
    """Breakthrough, turn 1: a guard with 2 wounds left stands 5″ ahead of our raider, 26″ from its goal edge.
    An escape pays the raider's kill value once, at the edge, turns off ([ENC-BRK-3]); weighed at 1.5 times that
    now, it outranked the charge and the raider ran past (the guard left free to block, kill or escape itself).
    Hard weighs it at half: it charges."""
    from game.rules.turn import run_plan

    def plan(escape: float) -> tuple[str, str]:
        state = raider_beside_a_guard(stunned=False)
        raider, guard = state.model("A1"), state.model("B1")
        guard.x, guard.y, guard.facing = 18, 21, 90
        guard.wounds_taken = guard.max_wounds - 2
        state.ap_left = 2
        state.touch()
        level = replace(HARD, escape=escape)
        offers = candidates.all_offers(candidates.Appraiser(level), state, raider)
        return offers[0][1].kind, Tactical(1, level).plans.on_plan(state, next(run_plan(state, raider, 2)))

    assert plan(1.5) == ("escape", "run")
    assert plan(HARD.escape) == ("charge", "charge")
