"""The AI plays by [SEQ-5]: its active model may turn to shoot, charge or cast at an enemy behind it."""

from __future__ import annotations

import pytest

from game.ai.tactical import Tactical
from game.ai.threat import Threats
from game.rules import turn
from game.rules.state import GameState
from tests.rules.harness import events, figure, table


def activate(state: GameState, model_id: str, ai: Tactical) -> None:
    """One whole activation, every decision (either side's) answered by ``ai``."""
    gen = turn.activate(state, state.model(model_id))
    try:
        decision = next(gen)
        while True:
            decision = gen.send(decision.validate(ai.decide(state, decision)))
    except StopIteration:
        pass


@pytest.mark.rule("SEQ-5", "BASE-5", "RNG-2")
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_an_ai_archer_facing_away_from_its_only_target_shoots_it(level: str) -> None:
    archer = figure("Archer", RA=5, weapons=[("Bow", "2h_ranged")])
    state = table((0, archer, 10, 10, 180), (1, figure("Target"), 22, 10, 180))
    state.bag = [0, 1]
    state.dice.force(6)  # the activation roll: 3 AP
    activate(state, "A1", Tactical(3, level))
    shots = [e.data for e in events(state, "AttackDeclared")]
    assert shots and all(s["attacker"] == "A1" and s["defender"] == "B1" for s in shots)
    assert any(e.data["model"] == "A1" and e.data["target"] == "B1" for e in events(state, "Turned"))
    assert not events(state, "ActionSkipped")


@pytest.mark.rule("SEQ-5", "MOVE-3")
def test_hard_charges_an_enemy_behind_it() -> None:
    state = table((0, figure("Brute", MA=5), 10, 10, 0), (1, figure("Victim", PD=1), 5, 10, 180))
    state.bag = [0, 1]
    state.dice.force(6)
    ai = Tactical(3, "hard")
    assert "B1" in ai.appraiser.chargeable(state, state.model("A1"))
    activate(state, "A1", ai)
    attacks = [e.data for e in events(state, "AttackDeclared")]
    assert attacks and attacks[0]["action"] == "charge_attack" and attacks[0]["defender"] == "B1"


@pytest.mark.rule("SEQ-5")
def test_the_look_ahead_expects_an_enemy_to_turn_and_shoot() -> None:
    """Hard's threat estimate: an enemy archer facing away still shoots our model when its turn comes."""
    state = table((0, figure("Ours"), 10, 10, 0), (1, figure("Archer", weapons=[("Bow", "2h_ranged")]), 20, 10, 0))
    state.bag = [0, 1]
    archer = state.model("B1")
    facing_us = Threats(state, state.model("A1"), 1.0).at(10, 10)
    archer.facing = 180.0
    assert Threats(state, state.model("A1"), 1.0).at(10, 10) == facing_us > 0
