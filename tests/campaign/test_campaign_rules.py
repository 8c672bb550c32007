"""Campaigns between games ([CMP-1]-[CMP-7]): casualties, injury rolls, the hero, Pets, the bank, the standing."""

from __future__ import annotations

import pytest

from game.content.library import lookup
from game.content.maps import BattleMap
from game.content.party_building import Allowance, parse_party
from game.content.yaml_loader import load_yaml
from game.core.dice import Dice
from game.core.errors import ContentError
from game.rules import campaign as cmp
from game.rules.setup import new_game
from game.rules.state import Status


def party_data(name: str) -> dict:
    return load_yaml(lookup("parties", name).path).data


def two_sides(seed: int = 1, other: str = "northmen_raiding_party") -> cmp.Progress:
    return cmp.start("border_feud", "Border Feud", 2, (party_data("ghrim_company"), party_data(other)), seed)


def state_of(progress: cmp.Progress):
    parties = tuple(s.built() for s in progress.sides)
    return new_game((parties[0], parties[1]), BattleMap("open table", ()), 5)


def model(state, side: int, name: str):
    return next(m for m in state.side_models(side) if m.name == name)


@pytest.mark.rule("CMP-5")
def test_a_party_starts_with_its_unspent_budget_banked():
    progress = two_sides()
    assert [s.banked for s in progress.sides] == [8, 0]  # Ghrim Company 192 of 200, the Northmen 200 of 200
    assert progress.sides[0].allowance().budget == 200


@pytest.mark.rule("CMP-2", "CMP-3")
def test_casualties_roll_for_injury_and_survivors_carry_over():
    progress = two_sides()
    state = state_of(progress)
    model(state, 0, "Simon").status = Status.KILLED
    model(state, 0, "Marius").status = Status.REMOVED
    model(state, 0, "Amelie").status = Status.ESCAPED
    model(state, 0, "Noemi Ghrim").wounds_taken = 1  # wounded, on the table: heals, carries over
    dice = Dice(1)
    dice.force(2, 3)  # Marius comes first in party order: dead on 2; Simon recovers on 3
    fates = {f.name: f for f in cmp.fates_of(state, 0, dice, injuries=True)}
    assert fates["Marius"].outcome == "dead" and fates["Marius"].roll == 2 and fates["Marius"].cite == "CMP-3"
    assert fates["Simon"].outcome == "recovered" and fates["Simon"].roll == 3
    assert fates["Amelie"].outcome == "escaped" and fates["Noemi Ghrim"].outcome == "fought"
    assert [d.reason for d in dice.history] == ["injury roll for Marius [CMP-3]", "injury roll for Simon [CMP-3]"]
    carried = cmp.carried_party(progress.sides[0].party, list(fates.values()))
    names = [m["name"] for m in carried["models"]]
    assert "Marius" not in names and {"Simon", "Amelie", "Noemi Ghrim", "Caterine Ghrim"} <= set(names)
    assert "wounds" not in str(carried)  # a party file has no wounds: they heal between games


@pytest.mark.rule("CMP-3")
def test_without_injury_rolls_every_casualty_is_dead_and_no_die_is_rolled():
    progress = two_sides()
    state = state_of(progress)
    model(state, 0, "Simon").status = Status.KILLED
    dice = Dice(1)
    fates = {f.name: f for f in cmp.fates_of(state, 0, dice, injuries=False)}
    assert fates["Simon"].outcome == "dead" and fates["Simon"].roll is None and not dice.history


@pytest.mark.rule("CMP-4")
def test_the_hero_always_recovers_and_a_pet_leaves_with_its_dead_master():
    progress = two_sides(other="thornwood_wildkin")  # Fang is the Pet of Skarra, a companion
    state = state_of(progress)
    hero = state.hero_of(0)
    assert hero is not None
    hero.status = Status.KILLED
    pet = next(m for m in state.side_models(1) if m.profile.pet_of)
    master = model(state, 1, pet.profile.pet_of)
    master.status = Status.KILLED
    dice = Dice(1)
    dice.force(1)
    ours = {f.name: f for f in cmp.fates_of(state, 0, Dice(2), injuries=True)}
    assert ours[hero.name].outcome == "recovered" and ours[hero.name].cite == "CMP-4" and ours[hero.name].roll is None
    theirs = {f.name: f for f in cmp.fates_of(state, 1, dice, injuries=True)}
    assert theirs[master.name].outcome == "dead"
    assert theirs[pet.name].outcome == "left" and theirs[pet.name].cite == "CMP-4"
    carried = cmp.carried_party(progress.sides[1].party, list(theirs.values()))
    assert {master.name, pet.name}.isdisjoint(m["name"] for m in carried["models"])
    progress.sides[1].party = carried
    progress.sides[1].built()  # still a party the game plays


@pytest.mark.rule("CMP-5", "CMP-2")
def test_a_game_recorded_banks_the_scores_and_drops_the_dead():
    progress = two_sides()
    state = state_of(progress)
    state.sides[0].score, state.sides[1].score, state.winner = 4, 1, 0
    model(state, 0, "Simon").status = Status.KILLED
    result = cmp.record_game(progress, 0, "engagement", "village_ruins", state, injuries=False)
    assert result.banked == [12, 1] and [s.banked for s in progress.sides] == [12, 1]
    assert "Simon" not in [m["name"] for m in progress.sides[0].party["models"]]
    assert progress.next_game == 1 and not progress.finished


@pytest.mark.rule("CMP-6")
def test_banked_exp_is_spent_in_the_builder_and_losses_may_leave_a_party_short():
    progress = two_sides()
    side = progress.sides[0]
    side.banked = 40  # after a good game
    party = dict(side.party)
    party["models"] = [m for m in party["models"] if m["type"] != "follower"]  # every follower lost
    with pytest.raises(ContentError, match=r"PARTY-1"):
        parse_party(str(party).replace("'", '"'))  # a new party so short is refused
    side.party = party
    cost = side.cost()
    side.built()  # a campaign party so short still plays
    bigger = {**party, "models": [*party["models"], {"name": "Hired Blade", "type": "follower",
                                                      "attributes": {"MA": 3, "RA": 3, "PD": 3, "WP": 3},
                                                      "weapons": [{"name": "Sword", "skill": "1h_edged"}],
                                                      "traits": []}]}
    cmp.spend(side, bigger)
    assert side.banked == 40 - (side.cost() - cost) and side.banked < 40
    with pytest.raises(ContentError, match=r"CMP-6"):
        too_much = {**bigger, "models": [*bigger["models"], *[
            {"name": f"Blade {i}", "type": "follower", "attributes": {"MA": 3, "RA": 3, "PD": 3, "WP": 3},
             "weapons": [{"name": "Sword", "skill": "1h_edged"}], "traits": []} for i in range(5)]]}
        cmp.spend(side, too_much)


@pytest.mark.rule("CMP-6")
def test_the_allowance_keeps_one_hero_and_the_most_followers():
    data = party_data("ghrim_company")
    data["models"] = [m for m in data["models"] if m["type"] != "hero"]
    from game.content.party_building import build_party
    from game.content.yaml_loader import Document

    with pytest.raises(ContentError, match="exactly one hero"):
        build_party(Document("<x>", data), allowance=Allowance(500))


@pytest.mark.rule("CMP-7")
def test_the_standing_counts_games_won_then_exp():
    progress = two_sides()
    progress.results = [cmp.GameResult(0, "e", "m", 1, [3, 5], 1, "", 6, [[], []], [0, 0]),
                        cmp.GameResult(1, "e", "m", 2, [6, 1], 0, "", 6, [[], []], [0, 0])]
    assert cmp.standing(progress) == ([1, 1], [9, 6], 0)
    progress.results[1].scores = [3, 5]
    progress.results[1].winner = None
    assert cmp.standing(progress) == ([0, 1], [6, 10], 1)
