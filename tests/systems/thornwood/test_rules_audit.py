"""Rules faults found in an audit of Thornwood against Flint and Feather (seed 003) and its rulings (FF-R-n): each
test pins the rule as the book and the rules reference say it, on a hand-made position with forced dice."""

from __future__ import annotations

import pytest

from game.systems.thornwood import movement
from game.systems.thornwood.ambush import first_sighting
from game.systems.thornwood.turn import can_react
from tests.systems.thornwood.position import position


@pytest.mark.rule("TW-REACT-1")
def test_a_group_may_react_to_an_enemy_whose_base_is_within_24_inches_of_its_own():
    """Distances run base edge to base edge: centres 24.5″ apart are 23.5″ apart on the table, within 24″."""
    state = position({"A3": (5, 30), "B3": (5, 5.5)}, known=["A3"])
    assert can_react(state, [state.figure("B3")], ["A3"])
    far = position({"A3": (5, 30), "B3": (5, 4.9)}, known=["A3"])  # 24.1″ base to base: too far
    assert not can_react(far, [far.figure("B3")], ["A3"])


@pytest.mark.rule("TW-AMB-2")
def test_an_ambush_sees_a_mover_whose_base_comes_within_24_inches_of_its_own():
    """The mover walks straight at the watcher from 26″ away (centres): its base is 24″ from the watcher's when
    the centres are 25″ apart, 1″ along the path — not 2″ along, as centre to centre would have it."""
    state = position({"A3": (5, 31), "B3": (5, 5)}, known=["A3"])
    f = state.figure("A3")
    path = movement.route(state, f, (5.0, 27.0), 4.0)
    assert not isinstance(path, str)
    along = first_sighting(state, f, path, [state.figure("B3")])
    assert along == pytest.approx(1.0)


@pytest.mark.rule("TW-NERVE-3")
def test_a_passed_loser_s_test_drags_a_fallen_fighter_back_with_its_standing_comrade():
    """Pass: both sides move back 2″ from the melee, and a fallen warrior goes with them when a standing comrade
    drags it clear ([TW-NERVE-3]; ¶33 "Fallen warriors each need a standing comrade to drag them clear")."""
    from game.systems.thornwood.charge import Fight
    from game.systems.thornwood.combat_table import cell
    from game.systems.thornwood.melee import FighterFacts, FightRoll, SideRoll, fight_dice, outcome
    from game.systems.thornwood.melee_nerve import settle
    from tests.systems.thornwood.position import Script

    state = position({"A1": (18, 24), "B3": (18, 23), "B4": (19.1, 23)})
    fight = Fight("A1", "B3", d_support=["B4"])
    fd = fight_dice(cell("lunge", "duck"), FighterFacts("Grey Heron", 5, 5, True, "spear"),
                    FighterFacts("Mud One", 3, 3, False, "axe", supporters=1))
    result = outcome(fd, FightRoll(SideRoll((2,), ()), SideRoll((), (6,))))  # a light wound on Mud One: 1 to 0
    b3, b4 = state.figure("B3"), state.figure("B4")
    b3.fallen = True  # Mud One is down; Mud Two stands beside him and tests: 1 against CV 3 − 2, a pass
    state.dice.force(1)
    run = Script(state, settle(state, [fight], [(fight, result)], 0))
    assert run.done
    assert any("passes" in e.text for e in state.log)
    assert (b4.x, b4.y) != (19.1, 23)
    assert (b3.x, b3.y) != (18, 23), "the fallen Mud One is dragged clear by Mud Two"
    assert b3.fallen and b3.on_table


@pytest.mark.rule("TW-SPOT-2", "TW-CC-3")
def test_a_group_that_charges_runs_and_may_not_look_for_the_enemy():
    """A charge is a Run move toward the enemy (¶17), and no spotting is allowed to a group that will run or
    ran (¶23): the charging group is not asked when it looks."""
    from game.systems.thornwood.kinds import TwDecision
    from game.systems.thornwood.orders import group_action
    from tests.systems.thornwood.position import Script

    state = position({"A1": (18, 24), "B3": (18, 18), "B4": (30, 4)}, known=["B3", "A1"])
    state.activated = ["A1"]
    state.dice.force(2, 4, 4, 1)  # Mud One's group meets the charge (2 against CV 3); the charge runs 4 + 4
    run = Script(state, group_action(state, [state.figure("A1")]))
    run.answer("tw_order", "charge:B3").answer("tw_respond", "stand")
    d = run.pending
    assert d is not None and d.kind == TwDecision.tw_card, f"no spotting question first, got {d and d.kind}"


@pytest.mark.rule("TW-CV-1", "TW-WIN-2")
def test_two_light_wounds_score_as_a_wound_and_a_light_and_a_wound_as_a_mortal_wound():
    """"A Light Wound reduces CV by 1, a Wound or two Light Wounds by 2" (¶24): the losses add up, and the victory
    table reads what the figure has taken in all ([TW-CV-1], FF-R-5)."""
    from game.systems.thornwood import ending
    from game.systems.thornwood.casualties import wound

    state = position({"A1": (18, 30), "B3": (18, 4), "B1": (10, 4)})
    b3, b1 = state.figure("B3"), state.figure("B1")
    wound(state, b3, 1)
    wound(state, b3, 1)
    assert ending.outcome_of(b3) == "wound"
    wound(state, b1, 1)
    wound(state, b1, 2)
    assert ending.outcome_of(b1) == "mortal"
    vp = ending.points(state, 0)
    assert "enemy warrior wound" in [line.source for line in vp.lines]  # +4, a book cell (FF-R-5)
    assert vp.total == 4 + 35


@pytest.mark.rule("TW-NERVE-5")
def test_only_the_group_s_own_leader_falling_to_a_shot_calls_a_nerve_test():
    """"A group must check its morale when its leader (Great Warrior or Companion) suffers a Fall Down wound"
    (¶34): a companion in the chief's group is not its leader, so his fall calls no test; the chief's does."""
    from game.systems.thornwood import shooting
    from game.systems.thornwood.nerve_tests import after_shooting
    from tests.systems.thornwood.position import Script

    # a hit; the companion: damage 5 + 2 (bow, short) = 7, a wound on an odd die: falls; the chief (shield and
    # chest armour, -2): a natural 6, 6 a wound moved a column right, a mortal wound: falls
    for target, damage, tests in (("A2", 5, False), ("A1", 6, True)):
        state = position({"A1": (18, 30), "A2": (19.5, 30), "B2": (18, 20)}, known=["A1", "A2", "B2"])
        state.dice.force(1, damage, 6)  # and a 6 for any nerve test

        def volley(state=state, target=target):  # as a group's shooting is: the volley, then its Nerve tests
            struck = yield from shooting.shoot(state, [(state.figure("B2"), state.figure(target))], {})
            yield from after_shooting(state, struck, 1)

        run = Script(state, volley())
        while run.pending is not None:
            run.answer(run.pending.kind, run.pending.choices()[0])
        assert state.figure(target).fallen
        assert any("[TW-NERVE-5]" in e.text for e in state.log) is tests, target


@pytest.mark.rule("TW-NERVE-5")
def test_a_gory_death_from_a_shot_makes_the_dead_figure_s_group_test():
    """"... or if any member falls with a Gory Death" (¶34): the dead figure has left the table, yet the group
    it belonged to tests."""
    from game.systems.thornwood import shooting
    from game.systems.thornwood.nerve_tests import after_shooting
    from tests.systems.thornwood.position import Script

    state = position({"A3": (18, 30), "A4": (19.5, 30), "A5": (21, 30), "B2": (18, 22)},
                     known=["A3", "A4", "A5", "B2"])
    state.dice.force(1, 6, 6)  # a hit on Reed One; damage 6 + 2 = 8, a mortal wound, a natural 6: gory; the test

    def volley():
        struck = yield from shooting.shoot(state, [(state.figure("B2"), state.figure("A3"))], {})
        yield from after_shooting(state, struck, 1)

    run = Script(state, volley())
    while run.pending is not None:
        run.answer(run.pending.kind, run.pending.choices()[0])
    assert state.figure("A3").gory
    tests = [e.text for e in state.log if "[TW-NERVE-5]" in e.text]
    assert tests, "Reed Two and Reed Three test their nerve"
    assert "Reed Two" in tests[0] or "Reed Three" in tests[0]


@pytest.mark.rule("TW-AMB-2", "TW-REACT-1")
def test_an_ambush_spares_the_reaction_test_only_to_shoot_or_charge():
    """"A group that has taken up an Ambush position may shoot or charge into close combat without a CV roll"
    (¶19): sprung without a test, it may shoot or charge (or hold), not walk or run off; to do anything else it
    tests like any other group."""
    from game.systems.thornwood.turn import reactions
    from tests.systems.thornwood.position import Script

    state = position({"A3": (18, 30), "B3": (18, 16)}, known=["A3"])
    state.figure("B3").ambush = True
    run = Script(state, reactions(state, 1, ["A3"]))
    d = run.pending
    assert d is not None and sorted(d.choices()) == ["B3", "none", "test:B3"]
    run.answer("tw_react", "B3")
    d = run.pending
    assert d is not None and d.kind == "tw_order"
    assert not any("[TW-REACT-1]" in e.text for e in state.log), "no test"
    keys = set(d.choices())
    assert {"hold", "shoot"} <= keys and not keys & {"move", "run", "cautious", "move_shoot", "all:run"}

    state = position({"A3": (18, 30), "B3": (18, 16)}, known=["A3"])
    state.figure("B3").ambush = True
    run = Script(state, reactions(state, 1, ["A3"]))
    state.dice.force(2)  # against Mud One's CV 3: passed
    run.answer("tw_react", "test:B3")
    d = run.pending
    assert d is not None and d.kind == "tw_order" and "run" in d.choices()
    assert any("[TW-REACT-1]" in e.text for e in state.log)


@pytest.mark.rule("TW-CC-2")
def test_charged_defenders_led_by_a_chief_may_give_way_with_a_move():
    """The charged group "will respond as the player wishes" (¶27); the wishes are to stand and receive the
    charge or to give way one move (RULING in [TW-CC-2]): the defending side is asked, and giving way moves its
    figures back a Move before the chargers run."""
    from game.systems.thornwood.charge import charge
    from game.systems.thornwood.kinds import TwDecision
    from tests.systems.thornwood.position import Script

    state = position({"A1": (18, 24), "B1": (18, 18), "B4": (30, 4)}, known=["B1", "A1"])
    state.acting = ["A1"]
    run = Script(state, charge(state, [state.figure("A1")], state.figure("B1")))
    d = run.pending
    assert d is not None and d.kind == TwDecision.tw_respond and d.side == 1
    assert sorted(d.choices()) == ["give_way", "stand"]
    state.dice.force(5, 2, 1, 1, 1)  # giving way: a Move of 5; the charge runs 1 + 1: short
    run.answer("tw_respond", "give_way")
    b1 = state.figure("B1")
    assert b1.y == pytest.approx(13.0), "back toward its own edge (the top), 5″"
    assert run.done and not any(e.text.startswith("Grey Heron attacks") for e in state.log)


@pytest.mark.rule("TW-CC-13", "TW-NERVE-4")
def test_a_fighter_that_jumped_back_fights_no_second_round_after_an_even_tie():
    """Jump Back: the defender "will also move 2 backwards and be removed from the fight" (¶31): when an even
    tie fights on, he is not in it (he still counts for the Nerve)."""
    from game.systems.thornwood.charge import Fight
    from game.systems.thornwood.combat_table import cell
    from game.systems.thornwood.melee import FighterFacts, FightRoll, SideRoll, fight_dice, outcome
    from game.systems.thornwood.melee_nerve import settle
    from tests.systems.thornwood.position import Script

    state = position({"A1": (18, 26), "B3": (18, 23)})
    fight = Fight("A1", "B3")
    fd = fight_dice(cell("lunge", "jump_back"), FighterFacts("Grey Heron", 5, 5, True, "spear"),
                    FighterFacts("Mud One", 3, 3, False, "axe"))
    result = outcome(fd, FightRoll(SideRoll((6, 6, 6, 6), ()), SideRoll((), (5,))))  # nobody scores: 0 to 0
    assert result.defender.leaves
    state.dice.force(3, 3, 3, 3)  # the withdrawals at Move, should it come to them
    run = Script(state, settle(state, [fight], [(fight, result)], 0))
    assert run.pending is None or run.pending.kind != "tw_card", "no second round for Mud One: he jumped back"
    assert run.done


@pytest.mark.rule("TW-DMG-3")
def test_duck_back_does_nothing_to_a_figure_in_close_combat():
    """Duck Back: "No damage, but target misses next action (unless in close combat)" (¶25)."""
    from game.systems.thornwood import shooting
    from tests.systems.thornwood.position import Script

    state = position({"A1": (18, 24), "B3": (18, 23), "A2": (22, 27)}, known=["B3", "A2", "A1"])
    state.dice.force(1, 1)  # Stone Pike hits; damage 1 + 2 (bow, short) = 3: Duck Back
    run = Script(state, shooting.shoot(state, [(state.figure("A2"), state.figure("B3"))], {}))
    assert run.done
    assert any("duck_back" in str(e.data.get("result")) for e in state.log)
    assert not state.figure("B3").duck_back, "in base contact with Grey Heron: it fights on"

    state = position({"B3": (18, 23), "A2": (22, 27)}, known=["B3", "A2"])
    state.dice.force(1, 1)
    Script(state, shooting.shoot(state, [(state.figure("A2"), state.figure("B3"))], {}))
    assert state.figure("B3").duck_back


@pytest.mark.rule("TW-CC-4")
def test_a_defender_within_1_inch_of_any_friend_in_the_fight_may_join_it():
    """"... may add any other figures already within 1 of one of their own figures into the Close Combat"
    (¶27): a friend beside the supporter, not only beside the one fought, may join."""
    from game.systems.thornwood.charge import Fight, join
    from game.systems.thornwood.kinds import TwDecision
    from tests.systems.thornwood.position import Script

    # Mud One fought by Grey Heron; Mud Two supports him 0.5″ off; Mud Three is 0.5″ from Mud Two, 2″ from Mud One
    state = position({"A1": (18, 24), "B3": (18, 23), "B4": (19.5, 23), "B5": (21, 23)})
    fights = [Fight("A1", "B3", d_support=["B4"])]
    run = Script(state, join(state, fights))
    d = run.pending
    assert d is not None and d.kind == TwDecision.tw_join and d.context["model"] == "B5"
