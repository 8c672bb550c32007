"""The computer opponent plays whole encounters by the rules and reads objectives from scenario data."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.ai.registry import make
from game.ai.tactical import Tactical
from game.content.maps import load_map
from game.content.party_building import load_party
from game.content.scenario_file import load_scenario
from game.rules.engine import Game
from game.rules.invariants import violations
from game.rules.setup import new_game
from tests.conftest import PARTIES, ROOT
from tests.sampling import sampled

SCENARIOS = ROOT / "scenarios"
SEVENTH = Path(__file__).resolve().parent.parent / "data" / "scenarios" / "shrine_of_the_crossroads.yaml"


def play(scenario_path: Path, ai: tuple[str, str], seed: int) -> Game:
    parties = (load_party(PARTIES / "northmen_raiding_party.yaml"), load_party(PARTIES / "ghrim_company.yaml"))
    state = new_game(parties, load_map(ROOT / "assets/maps/village_ruins.yaml"), seed,
                     scenario=load_scenario(scenario_path))
    game = Game(state, [make(ai[0], seed), make(ai[1], seed + 1)])
    while not game.over:
        game.step()
        assert not violations(state)
    return game


# a whole game each: every other encounter by default, all of them with -m slow (tests.sampling)
@pytest.mark.parametrize("scenario", sampled(sorted(p.name for p in SCENARIOS.glob("*.yaml")), 2))
def test_normal_and_hard_play_every_encounter(scenario: str) -> None:
    game = play(SCENARIOS / scenario, ("normal", "hard"), 11)
    assert game.state.phase == "over" and game.state.result


def test_a_yaml_only_encounter_is_played_without_ai_changes() -> None:
    game = play(SEVENTH, ("hard", "easy"), 5)
    assert game.state.result


def test_objectives_come_from_the_scenario_data() -> None:
    parties = (load_party(PARTIES / "northmen_raiding_party.yaml"), load_party(PARTIES / "ghrim_company.yaml"))
    state = new_game(parties, load_map(ROOT / "assets/maps/open_field.yaml"), 2,
                     scenario=load_scenario(SCENARIOS / "scouting_run.yaml"))
    points = Tactical(1).appraiser.objective_points(state)
    assert sorted(points) == [(9.0, 9.0), (9.0, 27.0), (27.0, 9.0), (27.0, 27.0)]  # the four quarters
    state = new_game(parties, load_map(ROOT / "assets/maps/open_field.yaml"), 2,
                     scenario=load_scenario(SCENARIOS / "engagement.yaml"))
    assert Tactical(1).appraiser.objective_points(state) == []  # kills only: the AI goes for the enemy


@pytest.mark.rule("SEQ-3")
def test_the_weapon_question_is_answered_for_the_model_that_attacks_not_the_active_one() -> None:
    """A free strike or a friend spurred by Heroic Impetus attacks outside its own activation: the weapon
    decision names its attacker (it picked from the active model's weapons and crashed one-at-a-time games)."""
    from game.ai.registry import make
    from game.rules.decisions import Decision, Option
    from tests.rules.harness import figure, table

    state = table((0, figure("Lone", weapons=[("Sword", "1h_edged")]), 10, 10, 0),
                  (1, figure("Brute", weapons=[("Knife", "1h_edged"), ("Maul", "2h_blunt"), ("Axe", "2h_edged")]),
                   11.0, 10, 180))
    state.active_model = "A1"
    brute = state.model("B1")
    d = Decision("weapon", 1, "Brute: which weapon for the free strike?", "SEQ-3",
                 [Option(str(i), w.name) for i, w in enumerate(brute.profile.weapons)], context={"model": "B1"})
    for level in ("easy", "normal", "hard"):
        assert make(level, 3).decide(state, d) in ("1", "2"), level  # a two-handed weapon of its own
