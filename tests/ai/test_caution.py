"""A valuable model's caution (game.ai.caution, hard's gang_caution and withdraw): it does not charge alone into
several enemies when another target is there, and it disengages from a melee it is losing ([MOVE-9])."""

from __future__ import annotations

import pytest

from game.ai import candidates
from game.ai.difficulty import HARD
from game.ai.futile import Futility
from game.ai.tactical import Tactical
from game.rules import board
from game.rules.decision_kinds import DecisionKind
from game.rules.decisions import Decision, Option
from game.rules.plans import legal_plans, plan_key
from tests.rules.harness import figure, table


def hero() -> object:
    return figure("Hero", "hero", MA=4, PD=4)


@pytest.mark.rule("MOVE-3")
def test_hard_hero_does_not_charge_alone_into_three_enemies_when_a_lone_one_is_there() -> None:
    """Three weak guards together 5″ off, a sturdier one alone 6″ the other way, the friends far: the hero takes
    the lone one (or anything but the three)."""
    state = table((0, hero(), 7.5, 18, 0), (0, figure("Friend"), 2, 34, 0),
                  (1, figure("Guard", PD=2), 13, 18, 180), (1, figure("Guard", PD=2), 14, 16.5, 180),
                  (1, figure("Guard", PD=2), 14, 19.5, 180), (1, figure("Loner", PD=3), 4, 12, 90))
    h = state.model("A1")
    assert {"B1", "B2", "B3", "B4"} <= candidates.Appraiser(HARD).chargeable(state, h)
    _, intent = candidates.best(candidates.Appraiser(HARD), state, h)
    assert intent.target not in ("B1", "B2", "B3"), intent
    ai = Tactical(1, "hard")  # the whole plan decision, look-ahead included
    keys = [plan_key(p) for p in legal_plans(state, h, 2)]
    ai.decide(state, Decision(DecisionKind.plan, 0, "Hero: plan", "ACT-1", [Option(k, k) for k in keys],
                              context={"model": "A1", "ap": 2}))
    assert ai.intent.target not in ("B1", "B2", "B3"), ai.intent


@pytest.mark.rule("MOVE-9")
def test_hard_hero_engaged_by_three_enemies_with_no_friend_near_disengages() -> None:
    state = table((0, hero(), 10, 18, 0), (0, figure("Friend"), 32, 34, 0),
                  (1, figure("Guard", MA=4), 10.99, 18, 180), (1, figure("Guard", MA=4), 10, 18.99, 270),
                  (1, figure("Guard", MA=4), 10, 17.01, 90))
    h = state.model("A1")
    assert len(board.engaged_enemies(state, h)) == 3
    ai = Tactical(1, "hard")
    _, ai.intent = candidates.best(ai.appraiser, state, h)
    assert ai.intent.kind == "withdraw", ai.intent
    keys = [plan_key(p) for p in legal_plans(state, h, 2)]
    chosen = ai.plans.best_plan(state, h, keys, Futility(state, h))
    assert "disengage" in chosen.split(","), chosen
    d = Decision(DecisionKind.plan, 0, "Hero: plan", "ACT-1", [Option(k, k) for k in keys],
                 context={"model": "A1", "ap": 2})
    assert "disengage" in Tactical(1, "hard").decide(state, d).split(",")  # the look-ahead leaves it so
