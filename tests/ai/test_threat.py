"""Hard's look-ahead: the enemy's expected reply at a point, Full Defense by the odds, pre-empting threats."""

from __future__ import annotations

from game.ai import fate_policy, plan_choice, steering
from game.ai.tactical import Tactical
from game.ai.threat import Threats, reply_weight
from game.content.maps import BattleMap
from game.content.party_building import load_party
from game.rules import board, combat
from game.rules.setup import new_game, simple_deployment
from game.rules.state import GameState, ModelState
from tests.conftest import PARTIES


def table() -> GameState:
    party = load_party(PARTIES / "northmen_raiding_party.yaml")
    parties = (party, party)
    state = new_game(parties, BattleMap("open table", ()), 4)
    simple_deployment(state)
    return state


def melee_pair(state: GameState) -> tuple[ModelState, ModelState]:
    """A follower of ours and an enemy follower that fights only in close combat."""
    ours = next(m for m in state.side_models(0) if m.on_table and m.profile.type == "follower")
    theirs = next(m for m in state.side_models(1) if m.on_table and m.profile.type == "follower"
                  and not combat.ranged_weapons(m) and combat.melee_weapons(m))
    return ours, theirs


def test_no_reply_far_away_and_a_certain_one_in_charge_reach() -> None:
    state = table()
    ours, theirs = melee_pair(state)
    for e in state.side_models(1):
        if e.id != theirs.id:
            e.status = "dead"  # only one enemy left on the table
    theirs.x, theirs.y = 18.0, 30.0
    state.bag = [0, 1]  # both sides still have dice to draw
    threats = Threats(state, ours, 1.0)
    assert threats.at(18.0, 5.0) == 0.0  # 25″ away: no charge, no shot
    near = threats.at(18.0, 26.0)  # 4″ away: inside its charge
    assert near > 0.0
    theirs.activated = True  # it has acted this turn: it may or may not act first next turn
    assert Threats(state, ours, 1.0).at(18.0, 26.0) == 0.5 * near


def test_reply_weight_reads_the_bag_and_conditions() -> None:
    state = table()
    ours, theirs = melee_pair(state)
    state.bag = [0, 1]
    assert reply_weight(state, theirs, ours) == 1.0
    theirs.conditions = {**theirs.conditions, "stunned": True}
    assert reply_weight(state, theirs, ours) < 1.0


def test_looking_ahead_leaves_the_geometry_index_as_it_was() -> None:
    state = table()
    ours, _ = melee_pair(state)
    bf = board.battlefield(state)
    before = {b.id: (b.centre, b.facing) for b in bf.bases()}
    Threats(state, ours, 1.0).at(18.0, 18.0)
    assert {b.id: (b.centre, b.facing) for b in bf.bases()} == before


def test_full_defense_weighs_the_odds_and_restores_the_model() -> None:
    state = table()
    ours, theirs = melee_pair(state)
    theirs.x, theirs.y = ours.x, ours.y + ours.radius + theirs.radius  # in base contact
    gain = Tactical(1, "hard").fate.full_defense_gain(state, ours, theirs)
    assert isinstance(gain, float)
    assert "full_defense" not in ours.conditions


def test_hard_values_striking_first_at_a_dangerous_enemy() -> None:
    state = table()
    ours, theirs = melee_pair(state)
    theirs.x, theirs.y = ours.x, ours.y + ours.radius + theirs.radius
    hard, normal = Tactical(1, "hard"), Tactical(1, "normal")
    assert hard.appraiser.danger(state, theirs) > 0.0
    assert hard.appraiser.melee_value(state, ours, theirs, "standard_attack") > \
        normal.appraiser.melee_value(state, ours, theirs, "standard_attack")


def test_spare_fate_keeps_one_per_activation_to_come_and_one_for_defence() -> None:
    state = table()
    state.bag = [0, 0, 1, 0]
    state.sides[0].fate = 6
    assert fate_policy.spare_fate(state, 0) == 6 - 3 - 1
    state.bag = []
    assert fate_policy.spare_fate(state, 0) == 5  # the bag is empty: Fate left now is lost at the turn's end


def test_end_scored_objectives_are_not_urgent_until_the_last_turns() -> None:
    from game.content.scenario_file import load_scenario
    from tests.conftest import ROOT

    party = load_party(PARTIES / "northmen_raiding_party.yaml")
    state = new_game((party, party), BattleMap("open table", ()), 4,
                     scenario=load_scenario(ROOT / "scenarios/salvage.yaml"))
    state.turn = 1
    assert not steering.urgent(state)
    state.turn = 5
    assert steering.urgent(state)
    state = new_game((party, party), BattleMap("open table", ()), 4,
                     scenario=load_scenario(ROOT / "scenarios/landmark.yaml"))
    state.turn = 1
    assert steering.urgent(state)


def test_the_odds_memo_answers_as_the_odds_and_forgets_when_the_table_changes() -> None:
    from game.ai import memo
    from game.ai.odds import attack_odds

    state = table()
    ours, theirs = melee_pair(state)
    theirs.x, theirs.y = ours.x, ours.y + ours.radius + theirs.radius
    attack = combat.Attack(ours, theirs, "close", "standard_attack", combat.melee_weapons(ours)[0])
    assert memo.odds(state, attack) == attack_odds(state, attack)
    assert memo.odds(state, attack) is memo.odds(state, attack)
    theirs.facing = (theirs.facing + 180) % 360  # now attacked from its back arc: +2 ([MOD-1])
    assert memo.odds(state, attack) == attack_odds(state, attack)
    assert memo.odds(state, attack).p_win > 0


def test_hard_sees_blows_and_heals_the_engine_would_skip() -> None:
    state = table()
    ours, _ = melee_pair(state)
    assert not board.engaged_enemies(state, ours)
    assert plan_choice.wasted(state, ours, ["shove", "walk"]) == 1
    assert plan_choice.wasted(state, ours, ["walk", "shove"]) == 0  # after a move: no opinion
    assert plan_choice.wasted(state, ours, ["heal"]) == 1
