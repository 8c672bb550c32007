"""The turn sequence ([TURN-1]-[TURN-10]), activation Fate and plans ([ACT-*], [DIG-ACT-*])."""

from __future__ import annotations

import pytest

from game.ai.random_legal import RandomLegal
from game.content.maps import BattleMap
from game.content.party_building import load_party
from game.rules import turn
from game.rules.decisions import IllegalAnswer
from game.rules.engine import Game
from game.rules.plans import legal_plans
from game.rules.setup import new_game, simple_deployment
from game.rules.state import KILLED, RESERVE
from tests.conftest import PARTIES
from tests.rules.harness import Script, events, figure, table


def book_game(seed: int = 3) -> Game:
    parties = (load_party(PARTIES / "lantern_adventuring_co.yaml"), load_party(PARTIES / "northmen_raiding_party.yaml"))
    state = new_game(parties, BattleMap("open", ()), seed)
    simple_deployment(state)
    return Game(state, [RandomLegal(seed), RandomLegal(seed + 1)])


@pytest.mark.rule("TURN-1", "T-AMBUSH-1")
def test_the_bag_holds_one_die_per_model_on_the_table() -> None:
    game = book_game()
    state = game.state
    assert state.model("B3").status == RESERVE  # Alfgrim waits in ambush
    assert events(state, "GameStarted")[0].data["bag"] == [0] * 5 + [1] * 6
    assert state.phase == "main"


@pytest.mark.rule("TURN-2", "TURN-3", "DIG-ACT-3")
def test_the_drawn_die_names_the_side_that_nominates() -> None:
    game = book_game(5)
    while game.pending.kind != "nominate":
        game.step()
    drawn = [e for e in game.state.log if e.kind == "DieDrawn"][-1].data["side"]
    kismet = [e for e in game.state.log if e.kind == "WindsOfKismet"]
    side = kismet[-1].data["side"] if kismet else drawn
    assert game.pending.side == side
    assert all(game.state.model(k).side == side for k in game.pending.choices())


@pytest.mark.rule("TURN-3", "TURN-6", "TURN-7")
def test_no_model_activates_twice_and_the_bag_empties() -> None:
    game = book_game(11)
    activated: list[str] = []
    while game.state.turn == 1 and not game.over:
        d = game.pending
        if d.kind == "nominate":
            assert not set(d.choices()) & set(activated)
            activated.append(d.choices()[0])
            game.answer(d.choices()[0])
        else:
            game.step()
    assert len(activated) == len(set(activated)) <= 11
    assert any(e.kind == "Maintenance" for e in game.state.log)


@pytest.mark.rule("TURN-4")
@pytest.mark.parametrize(("total", "ap"), [(-2, 0), (0, 0), (1, 1), (2, 1), (3, 2), (5, 2), (6, 3), (9, 3)])
def test_action_point_table(total: int, ap: int) -> None:
    assert turn.ap_for(total) == ap


@pytest.mark.rule("TURN-5", "T-INDECISIVE-1", "T-INSPIRING-1", "COND-5", "T-PET-1", "T-PET-3", "HERO-2")
def test_activation_modifiers() -> None:
    hero = figure("Hero", "hero", traits=["inspiring"])
    dog = figure("Dog", traits=["pet", "indecisive"], pet_of="Hero")
    monster = figure("Monster", traits=["monstrous"])
    state = table((0, hero, 10, 10, 0), (0, dog, 14, 10, 0), (1, monster, 18, 10, 180))
    mods = {(m.value, m.rule) for m in turn.activation_modifiers(state, state.model("A2"))}
    assert mods == {(1, "T-INSPIRING-1"), (-1, "T-INDECISIVE-1"), (-1, "COND-5")}
    assert {(m.value, m.rule) for m in turn.activation_modifiers(state, state.model("A1"))} == {(1, "PARTY-5")}
    state.model("A2").x = 17.5 - 0.0  # still near the hero? 7.5″ apart: the Pet is away and out of Inspiring's 6″
    state.model("A2").x, state.model("A2").y = 10, 17.5
    mods = {(m.value, m.rule) for m in turn.activation_modifiers(state, state.model("A2"))}
    assert (-2, "T-PET-1") in mods and (1, "T-INSPIRING-1") not in mods
    state.model("A1").status = KILLED
    state.sides[0].hero_fate, state.sides[0].hero_fate_turn = "despair", state.turn
    state.model("A2").conditions = {**state.model("A2").conditions, "confused": True}
    mods = {(m.value, m.rule) for m in turn.activation_modifiers(state, state.model("A2"))}
    assert {(-2, "T-PET-3"), (-1, "HERO-2"), (-1, "SPELL-1")} <= mods and (-2, "T-PET-1") not in mods


@pytest.mark.rule("TURN-5", "COND-5", "COND-7", "PARTY-6", "T-LEADER-1")
def test_terror_on_activation_spares_the_fearless_and_the_immune() -> None:
    vet = figure("Vet", traits=["veteran"])
    comp = figure("Companion", "companion")
    plain = figure("Plain")
    undead = figure("Ghoul", traits=["undead"])
    state = table((0, vet, 10, 10, 0), (0, comp, 10, 12, 0), (0, plain, 10, 14, 0), (1, undead, 14, 12, 180))
    terror = {m: [x.rule for x in turn.activation_modifiers(state, state.model(m))] for m in ("A1", "A2", "A3")}
    assert terror == {"A1": [], "A2": [], "A3": ["COND-5"]}
    state.models["A4"] = state.model("A3").__class__("A4", 0, figure("Lord", "hero", traits=["leader_of_men"]),
                                                     10, 16.5, 0)
    # within 3″ of Leader of Men: the Terror is shown as ignored, worth 0
    assert [(x.value, x.rule) for x in turn.activation_modifiers(state, state.model("A3"))] == [(0, "T-LEADER-1")]


@pytest.mark.rule("TURN-6", "DIG-ACT-1", "SEQ-2")
def test_skipped_actions_lose_their_ap_and_a_declared_run_still_counts() -> None:
    state = table((0, figure("Runner", traits=["lumbering"]), 10, 10, 0), (1, figure("Far"), 30, 30, 180))
    plans = legal_plans(state, state.model("A1"), 3)
    assert ("run",) not in plans and ("walk", "standard_attack") in plans  # Lumbering cannot run
    state = table((0, figure("Runner"), 10, 10, 0), (1, figure("Far"), 30, 30, 180))
    state.dice.force(3)
    Script(["standard_attack,run", {"x": 10, "y": 15}, 45]).run(turn.activate(state, state.model("A1")))
    assert events(state, "ActionSkipped")[0].data["action"] == "standard_attack"
    assert state.model("A1").conditions["ran"] and state.model("A1").activated
    assert state.model("A1").facing == 45  # [SEQ-5]: the final facing is the controller's


@pytest.mark.rule("ACT-1", "ACT-2", "ACT-4", "T-FAST-1")
def test_plans_respect_ap_and_one_action_of_each_kind() -> None:
    state = table((0, figure("Shooter", weapons=[("Bow", "2h_ranged"), ("Knife", "1h_edged")]), 10, 10, 0),
                  (1, figure("Far"), 30, 30, 180))
    m = state.model("A1")
    for ap in (1, 2, 3):
        plans = legal_plans(state, m, ap)
        assert () in plans
        for p in plans:
            assert sum({"walk": 1, "run": 1, "charge": 2, "sneak": 2, "standard_attack": 1, "furious_attack": 2,
                        "shove": 1, "ranged_attack": 1, "aimed_shot": 2}[a] for a in p) <= ap
            assert sum(a in ("walk", "run", "charge", "sneak") for a in p) <= 1
            assert sum(a in ("standard_attack", "furious_attack", "shove", "ranged_attack", "aimed_shot")
                       for a in p) <= 1
    assert ("walk", "aimed_shot") in legal_plans(state, m, 3) and ("walk", "walk") not in legal_plans(state, m, 3)
    m.jammed = (*m.jammed, 0)
    assert ("clear_weapon", "ranged_attack", "walk") in legal_plans(state, m, 3)  # Clear weapon takes no slot
    fast = table((0, figure("Hound", traits=["fast"]), 10, 10, 0), (1, figure("Far"), 30, 30, 180))
    fplans = legal_plans(fast, fast.model("A1"), 3)
    assert ("walk", "run") in fplans and ("charge", "walk") in fplans and ("charge", "charge") not in fplans


@pytest.mark.rule("ACT-3", "COND-1", "SPEC-3")
def test_a_stunned_model_shakes_off_first() -> None:
    state = table((0, figure("Dazed"), 10, 10, 0), (1, figure("Far"), 30, 30, 180))
    m = state.model("A1")
    m.conditions = {**m.conditions, "stunned": True}
    plans = legal_plans(state, m, 2)
    assert plans and all(p[0] == "shake_off" for p in plans) and ("shake_off", "walk") in plans
    state.dice.force(3)
    Script(["shake_off,walk", {"x": 10, "y": 14}, 90]).run(turn.activate(state, m))
    assert "stunned" not in m.conditions and (m.x, m.y) == (10, 14)


@pytest.mark.rule("TURN-9", "COND-3", "MOVE-5")
def test_stealth_lasts_until_the_next_activation_stun_until_shaken_off() -> None:
    state = table((0, figure("Sneaky"), 10, 10, 0), (1, figure("Far"), 30, 30, 180))
    m = state.model("A1")
    state.dice.force(4)
    Script(["sneak", {"x": 10, "y": 15}, 90]).run(turn.activate(state, m))
    assert m.conditions.get("stealth")
    m.conditions = {**m.conditions, "stunned": True}
    Script([]).run(turn.maintenance(state))
    assert m.conditions.get("stealth") and m.conditions.get("stunned")  # Maintenance ends neither
    state.dice.force(1)
    Script(["shake_off", 0]).run(turn.activate(state, m))
    assert "stealth" not in m.conditions


@pytest.mark.rule("TURN-8", "FATE-1", "CAS-1", "SEQ-15")
def test_maintenance_in_order() -> None:
    state = table((0, figure("Alive"), 10, 10, 0), (0, figure("Dead"), 12, 10, 0),
                  (1, figure("Foe", "hero"), 30, 30, 0), fate=(3, 3))
    state.sides[0].fate, state.sides[1].fate = 0, 1
    state.model("A2").status = KILLED
    state.model("A1").activated = True
    a1 = state.model("A1")
    a1.conditions = {**a1.conditions, "ran": True, "rough": True, "full_defense": True, "stunned": True}
    state.model("B1").status = KILLED
    state.sides[1].hero_died_turn = state.turn
    state.dice.force(5)
    Script([]).run(turn.maintenance(state))
    kinds = [e.kind for e in state.log]
    assert kinds.index("Maintenance") < kinds.index("DeathOfAHero") < kinds.index("GameOver")
    assert state.bag == [0]  # killed models' dice are gone
    assert [s.fate for s in state.sides] == [3, 3]
    assert state.model("A1").conditions == {"stunned": True}
    ended = events(state, "ConditionsEnded")  # what ended, for whom: the summary says it, not the rule's list
    assert [e.data["ended"] for e in ended] == [{"A1": ["ran", "rough", "full_defense"]}]
    assert ended[0].text.startswith("Conditions that last the turn end: Alive (")
    assert not state.model("A1").activated
    assert state.sides[1].hero_fate == "vengeance"


@pytest.mark.rule("TURN-10")
def test_a_die_with_no_model_left_is_set_aside() -> None:
    state = table((0, figure("A"), 10, 10, 0), (1, figure("B"), 30, 30, 180))
    state.model("B1").activated = True
    state.bag = [1]
    Script([]).run(turn.draw(state))
    assert state.bag == [] and state.set_aside == [1] and events(state, "DieSetAside")


@pytest.mark.rule("FATE-2")
def test_no_winds_of_kismet_without_fate_or_dice() -> None:
    state = table((0, figure("A"), 10, 10, 0), (1, figure("B"), 30, 30, 180), fate=(0, 2))
    state.bag = [0]
    state.dice.force(1)
    script = Script(["A1", "pass", "nothing", 0])
    script.run(turn.draw(state))
    assert "winds_of_kismet" not in script.kinds()  # side B has no die left in the bag


@pytest.mark.rule("FATE-9", "FATE-3")
def test_a_player_with_no_fate_is_not_asked() -> None:
    state = table((0, figure("A"), 10, 10, 0), (1, figure("B"), 30, 30, 180), fate=(0, 0))
    state.dice.force(1)
    script = Script(["nothing", 0])
    script.run(turn.activate(state, state.model("A1")))
    assert script.kinds() == ["plan", "facing"]


@pytest.mark.rule("DIG-ACT-2")
def test_one_action_at_a_time() -> None:
    state = table((0, figure("A"), 10, 10, 0), (1, figure("B"), 30, 30, 180))
    state.settings.declare_plan_upfront = False
    state.dice.force(6)
    script = Script(["walk", {"x": 10, "y": 15}, "standard_attack", 0])
    script.run(turn.activate(state, state.model("A1")))
    assert script.kinds() == ["next_action", "move_to", "next_action", "facing"]
    assert "walk" not in script.asked[2].choices()  # one move action already taken


@pytest.mark.rule("DIG-ACT-4", "DICE-7")
def test_replaying_the_answers_reproduces_the_game() -> None:
    game = book_game(21)
    game.run()
    replay = book_game(21)
    for answer in game.answers:
        replay.answer(answer)
    assert replay.over
    assert replay.state.snapshot() == game.state.snapshot()
    assert [e.to_dict() for e in replay.state.log] == [e.to_dict() for e in game.state.log]


@pytest.mark.rule("DIG-ACT-3", "DIG-ACT-1")
def test_an_illegal_answer_names_the_decision_and_changes_nothing() -> None:
    game = book_game(8)
    while game.pending.kind != "plan":
        game.step()
    before = game.state.snapshot()
    log = len(game.state.log)
    for bad in ("fly,walk", 3, None, {"x": 1}):
        with pytest.raises(IllegalAnswer) as err:
            game.answer(bad)
        assert "plan" in str(err.value) and err.value.rule == "DIG-ACT-1"
    assert game.state.snapshot() == before and len(game.state.log) == log
    game.answer(game.pending.choices()[0])
