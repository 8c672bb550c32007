"""Thornwood's sequences on hand-made positions with forced dice: groups and leaders, the order of actions,
shooting at a figure or at a group and sharing out the hits, a charge from its declaration to the melee's end."""

from __future__ import annotations

import pytest

from game.rules.decisions import Simultaneous
from game.systems.thornwood import shooting
from game.systems.thornwood.charge import Fight, charge, choose_cards
from game.systems.thornwood.groups import groups_of, leader, led
from game.systems.thornwood.kinds import TwDecision
from game.systems.thornwood.melee_nerve import settle
from game.systems.thornwood.state import Status
from game.systems.thornwood.tables import Inspiration
from game.systems.thornwood.turn import action_phase
from tests.systems.thornwood.position import Script, position


@pytest.mark.rule("TW-GRP-1", "TW-GRP-2")
def test_groups_are_chains_of_two_inch_gaps_and_a_chief_or_companion_leads():
    # A1 .. A3 in a chain (gaps of 1.5″), A4 2.5″ from A3: apart; A5 alone
    state = position({"A1": (5, 30), "A3": (7.5, 30), "A2": (10, 30), "A4": (13.5, 30), "A5": (30, 30)})
    groups = [[f.id for f in g] for g in groups_of(state, 0)]
    assert groups == [["A1", "A2", "A3"], ["A4"], ["A5"]]
    g = groups_of(state, 0)[0]
    assert leader(g).id == "A1" and led(g)
    state.figure("A1").fallen = True  # a fallen chief leads nobody: the companion does
    assert leader(g).id == "A2" and led(g)
    lone = groups_of(state, 0)[1]
    assert leader(lone).id == "A4" and not led(lone)


@pytest.mark.rule("TW-ACTN-1")
def test_every_activated_group_takes_its_first_action_before_any_takes_its_second():
    state = position({"A3": (5, 30), "A5": (30, 30), "B1": (18, 2)})
    state.activated = ["A3", "A5"]
    run = Script(state, action_phase(state, 0, 1))
    assert run.pending is not None and run.pending.kind == TwDecision.tw_group
    run.answer("tw_group", "A5").answer("tw_order", "hold").answer("tw_spot", "after")
    d = run.pending
    assert d is not None and d.kind == TwDecision.tw_order and d.context["model"] == "A3"  # no choice left
    run.answer("tw_order", "hold").answer("tw_spot", "after")
    assert run.done
    assert state.figure("A3").acted == 1 and state.figure("A5").acted == 1


@pytest.mark.rule("TW-SHOOT-1", "TW-SHOOT-4", "TW-SPOT-5")
def test_a_basic_character_shoots_at_the_group_and_the_hits_fall_at_random():
    """Two archers hit a group of three: the first hit falls on the most exposed figure, the second at random on
    another (none may take a second before every one has a first): the owner numbers them and rolls, he does not
    pick ([TW-SHOOT-4]); the shooters show themselves."""
    hit_second = set()
    for seed in range(1, 9):
        state = position({"A3": (18, 30), "A5": (19.5, 30), "B3": (17, 22), "B4": (18.5, 22), "B5": (20, 22)},
                         known=["B3", "B4", "B5"], seed=seed)
        a3, a5 = state.figure("A3"), state.figure("A5")
        assert {t.id for t in shooting.targets(state, a3)} == {"B3", "B4", "B5"}
        state.dice.force(1, 1, 1, 1)  # both hit; both damage rolls 1: no damage
        run = Script(state, shooting.shoot(state, [(a3, state.figure("B4")), (a5, state.figure("B4"))], {}))
        while run.pending is not None:  # no question of who takes a hit; only the offers to shoot back
            assert run.pending.kind == TwDecision.tw_target
            run.answer("tw_target", "no")
        hits = [e.data["model"] for e in state.log if "is hit by" in e.text]
        assert len(hits) == 2 and hits[0] == "B4"  # the nearest of the open group: the most exposed
        assert hits[1] in {"B3", "B5"}
        hit_second.add(hits[1])
        assert {"A3", "A5"} <= state.sides[1].known  # they shot at side B: B sees them ([TW-SPOT-5])
    assert hit_second == {"B3", "B5"}, "either may take the second hit"


@pytest.mark.rule("TW-SHOOT-1")
def test_a_key_character_picks_the_figure_its_hit_falls_on():
    state = position({"A2": (18, 30), "B3": (17, 22), "B4": (18.5, 22), "B5": (20, 22)}, known=["B3", "B4", "B5"])
    state.dice.force(1, 3)  # a hit; damage 3 + 2 (bow, short): a light wound
    run = Script(state, shooting.shoot(state, [(state.figure("A2"), state.figure("B5"))], {}))
    assert run.done
    assert state.figure("B5").cv_lost == 1 and state.figure("B3").cv_lost == 0


@pytest.mark.rule("TW-CC-1")
def test_a_charge_not_led_by_a_chief_or_companion_tests_its_leader():
    state = position({"A3": (18, 24), "A4": (19.5, 24), "B3": (18, 18)}, known=["B3"])
    state.acting = ["A3", "A4"]
    state.dice.force(5)  # against Reed One's CV 3: failed, not on a 6: they stand there
    run = Script(state, charge(state, [state.figure("A4")], state.figure("B3")))
    assert run.done
    assert (state.figure("A4").x, state.figure("A4").y) == (19.5, 24)
    assert any("stand there nervously" in e.text for e in state.log)


@pytest.mark.rule("TW-CC-1", "TW-CC-2", "TW-CC-3", "TW-CC-4")
def test_a_chief_s_charge_needs_no_test_and_runs_into_contact():
    state = position({"A1": (18, 24), "B3": (18, 18), "B4": (30, 4)}, known=["B3", "A1"])  # no surprise
    state.acting = ["A1"]
    # the defenders (Mud One alone, no chief or companion) test: 2 against CV 3 passes; the charge rolls 4, 4, 1
    state.dice.force(2, 4, 4, 1)
    run = Script(state, charge(state, [state.figure("A1")], state.figure("B3")))
    run.answer("tw_respond", "stand")  # passed: they do as their side wishes
    a1, b3 = state.figure("A1"), state.figure("B3")
    assert ((a1.x - b3.x) ** 2 + (a1.y - b3.y) ** 2) ** 0.5 == pytest.approx(1.01, abs=0.02)
    d = run.pending
    assert d is not None and d.kind == TwDecision.tw_card and d.side == 0  # the chief chooses; Mud One draws


@pytest.mark.rule("TW-CC-5")
def test_two_key_characters_choose_their_cards_at_once_in_secret():
    state = position({"A1": (18, 24), "B1": (18, 23)})
    gen = choose_cards(state, state.figure("A1"), state.figure("B1"))
    put = next(gen)
    assert isinstance(put, Simultaneous) and [d.side for d in put.decisions] == [0, 1]
    assert all(d.secret for d in put.decisions)
    assert "huh" not in put.decisions[0].choices()  # Huh! is never chosen, only drawn
    with pytest.raises(StopIteration) as done:
        gen.send(("lunge", "jump_back"))
    assert done.value.value == ("lunge", "jump_back")


@pytest.mark.rule("TW-CC-5")
def test_a_basic_character_draws_its_card():
    state = position({"A3": (18, 24), "B3": (18, 23)})
    state.dice.force(3, 6)  # the attacker draws the third card, the defender the sixth
    gen = choose_cards(state, state.figure("A3"), state.figure("B3"))
    with pytest.raises(StopIteration) as done:
        next(gen)
    assert done.value.value == ("lunge", "huh")


@pytest.mark.rule("TW-INSP-1", "TW-NERVE-3")
def test_a_melee_lost_badly_demoralizes_the_losers_and_inspires_the_winners():
    """Nerve points 4 to 0: the loser tests at CV 3 − 2 and fails by 5: it flees at a run and is demoralized;
    the winners become inspired."""
    from game.systems.thornwood.combat_table import cell
    from game.systems.thornwood.melee import FighterFacts, FightRoll, SideRoll, fight_dice, outcome

    state = position({"A1": (18, 24), "B3": (18, 23)})
    fd = fight_dice(cell("lunge", "duck"), FighterFacts("Grey Heron", 5, 5, True, "spear"),
                    FighterFacts("Mud One", 3, 3, False, "axe"))
    result = outcome(fd, FightRoll(SideRoll((1, 2), ()), SideRoll((), (6,))))
    state.figure("B3").cv_lost, state.figure("B3").fallen = 2, False  # taken before: one standing to test
    state.dice.force(6, 3, 3, 3)  # the test 6 against CV 3 − 2; the flight rolls 3, 3, 3
    run = Script(state, settle(state, [Fight("A1", "B3")], [(Fight("A1", "B3"), result)], 0))
    d = run.pending
    assert d is not None and d.kind == TwDecision.tw_pursue
    run.answer("tw_pursue", "stay")
    assert state.sides[1].inspiration is Inspiration.demoralized
    assert state.sides[0].inspiration is Inspiration.inspired
    assert state.figure("B3").status in (Status.TABLE, Status.FLED)


@pytest.mark.rule("TW-ABIL-1", "TW-CC-9")
def test_tough_skin_is_offered_on_the_enemy_s_successful_attack_die_and_makes_it_worse():
    from game.systems.thornwood.charge import adjust
    from game.systems.thornwood.combat_table import cell
    from game.systems.thornwood.melee import FighterFacts, FightRoll, SideRoll, fight_dice

    state = position({"A3": (18, 24), "B3": (18, 23)})
    fd = fight_dice(cell("cut", "duck"), FighterFacts("Reed One", 3, 3, False, "axe"),
                    FighterFacts("Mud One", 3, 3, False, "axe", abilities=("Tough Skin",)))
    rolled = FightRoll(SideRoll((1, 5), ()), SideRoll((), (4,)))
    gen = adjust(state, fd, rolled, {"attacker": state.figure("A3"), "defender": state.figure("B3")})
    d = next(gen)
    assert d.kind == TwDecision.tw_adjust and d.side == 1
    assert d.choices() == ["attack:0", "no"]  # the 1 succeeded; the 5 failed already
    with pytest.raises(StopIteration) as done:
        gen.send("attack:0")
    assert done.value.value.attacker.attack == (2, 5)  # the 1 made a 2: no fall, one CV


@pytest.mark.rule("TW-NERVE-5", "TW-SPOT-5")
def test_an_unseen_shooter_within_six_inches_surprises_the_group_it_shoots_at():
    state = position({"A3": (18, 26), "B3": (18, 21), "B4": (19.5, 21)}, known=["B3", "B4"])
    assert "A3" not in state.sides[1].known
    state.dice.force(6, 6)  # a miss (Reed One needs 4 or less); the group's Nerve: 6 against Mud One's CV 3
    run = Script(state, shooting.shoot(state, [(state.figure("A3"), state.figure("B3"))], {}))
    d = run.pending
    assert d is not None and d.kind == TwDecision.tw_nerve_choice and d.side == 0  # the shooter's side chooses
    assert d.choices() == ["rout", "pinned"]  # failed by 3
    run.answer("tw_nerve_choice", "pinned")
    assert state.figure("B3").pinned == 2 and state.figure("B4").pinned == 2
    assert state.figure("B3").cv == 1


@pytest.mark.rule("TW-NERVE-5", "TW-CC-3")
def test_charging_a_seer_frightens_the_chargers_and_one_driven_back_does_not_fight():
    state = position({"A3": (18, 26), "B7": (18, 20)}, known=["B7", "A3"])
    state.acting = ["A3"]
    # Reed One leads itself: its test 1 passes; Owl Eye (no chief, no companion) meets it: 1 passes;
    # the run 6, 5, 1 reaches it; the Frightening test 6 against CV 3 fails by 3
    state.dice.force(1, 1, 6, 5, 1, 6)
    run = Script(state, charge(state, [state.figure("A3")], state.figure("B7")))
    run.answer("tw_respond", "stand")
    d = run.pending
    assert d is not None and d.kind == TwDecision.tw_nerve_choice and d.side == 1
    assert any("Frightening" in e.text for e in state.log)
    run.answer("tw_nerve_choice", "rout")
    assert run.done and state.figure("A3").status is Status.FLED
    assert not any("[TW-CC-9]" in e.text for e in state.log)  # no fight was fought


@pytest.mark.rule("TW-CC-2", "TW-NERVE-5")
def test_a_group_that_runs_off_the_table_from_an_unseen_charge_is_not_surprised():
    """Mud One, charged from hiding 5″ away, rolls 5 and runs 12″ off its edge: nobody is left to be surprised
    (the soak's seed 197 measured the surprise to a figure already gone)."""
    state = position({"A1": (18, 7), "B3": (18, 2), "B4": (30, 30)}, known=["B3"])
    state.acting = ["A1"]
    state.dice.force(5, 6, 6, 6, 4, 4, 1)  # the defenders' test fails on 5: they run 12″; the charge rolls 8
    run = Script(state, charge(state, [state.figure("A1")], state.figure("B3")))
    assert run.done
    assert not state.figure("B3").on_table
    assert not any("attacks unseen" in e.text for e in state.log)
    assert any("Nobody reaches the enemy" in e.text for e in state.log)
