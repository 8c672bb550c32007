"""Gearfall's turn with forced dice on hand-made positions: the free strike as an interrupt of the move, charges,
running, getting up, disabling and the battle's end ([GF-FS-*], [GF-CHG-*], [GF-TURN-*], [GF-KD-*], [GF-WIN-*])."""

from __future__ import annotations

from typing import Any

import pytest

from game.content.maps import BattleMap
from game.core.interrupts import Stop, cut, walk
from game.core.vec import Vec2
from game.rules.decisions import Decision
from game.rules.driver import Driver
from game.systems.gearfall.characters import load_squad, shipped_squads
from game.systems.gearfall.kinds import GfDecision, GfEvent
from game.systems.gearfall.setup import new_state
from game.systems.gearfall.state import GearfallState, Phase, Status
from game.systems.gearfall.turn import end_of_battle, play, turn

CINDERWATCH, REAVERS = (load_squad(p) for p in shipped_squads())  # A1 Crane (bell-hammer, reach, knockdown) ...
R = 30 / 25.4 / 2  # a 30 mm base's radius in inches


def battle(**where: tuple[float, float, float]) -> GearfallState:
    """The two shipped squads in the battle, only the characters named on the table, as given (x, y, facing)."""
    st = new_state((CINDERWATCH, REAVERS), BattleMap("open table", ()), 1)
    for cid, (x, y, facing) in where.items():
        c = st.character(cid)
        c.x, c.y, c.facing, c.status = x, y, facing, Status.TABLE
    st.phase, st.round, st.order = Phase.BATTLE, 1, list(where)
    return st


class Run:
    """One character's turn driven by given answers; what it asked is kept."""

    def __init__(self, st: GearfallState, cid: str, *answers: Any):
        self.asked: list[Decision] = []
        self.driver = Driver(st, turn(st, st.character(cid)))
        self.pending = self.driver.first()
        self.more(*answers)

    def more(self, *answers: Any) -> Run:
        for a in answers:
            assert self.pending is not None, f"the turn ended before the answer {a!r}"
            self.asked.append(self.pending)
            self.pending = self.driver.send(self.pending.validate(a))
        return self


def events(st: GearfallState, kind: GfEvent) -> list[Any]:
    return [e for e in st.log if e.kind == kind]


@pytest.mark.rule("GF-FS-1", "GF-FS-2")
def test_a_free_strike_lands_where_the_mover_leaves_reach_and_the_move_goes_on() -> None:
    # Dredge (B5, 0.5″ reach) faces Crane (A1) 0.3″ away: Crane is engaged; it advances straight away from him
    st = battle(B5=(10, 10, 0), A1=(10 + 2 * R + 0.3, 10, 180))
    st.dice.force(6, 5, 2, 2, 2)  # Dredge: 11 + MAT 5 + 2 = 18 hits DEF 12; three damage dice (boosted)
    run = Run(st, "A1", "advance", {"x": 16.0, "y": 10.0}, "strike:0", 0.0)
    strike = run.asked[2]
    assert strike.kind == GfDecision.gf_free_strike and strike.side == 1
    (fs,) = events(st, GfEvent.GfFreeStrike)
    assert fs.data["attacker"] == "B5" and "+2 free strike [GF-FS-1]" in fs.data["modifiers"]
    assert fs.data["damage_dice"] == [2, 2, 2], "boosted: one more die [GF-FS-1]"
    assert fs.data["points"] == 6 + 5 + 6 - 16  # 2+2+2 + P+S 11 against ARM 16
    assert (st.character("A1").x, st.character("A1").y) == (16.0, 10.0), "struck, it went on"


@pytest.mark.rule("GF-FS-2", "GF-KD-1", "GF-KD-3")
def test_a_free_strike_that_knocks_the_mover_down_stops_it_there() -> None:
    # Crane's bell-hammer reaches 2″: Dredge, 1″ off and in front of him, walks away; a critical knocks it down
    st = battle(A1=(10, 10, 0), B5=(10 + 2 * R + 1.0, 10, 0))
    st.dice.force(4, 4, 1, 1, 1)  # 8 + MAT 6 + 2 = 16 hits DEF 11, a double: critical, knockdown
    run = Run(st, "B5", "advance", {"x": 15.0, "y": 10.0}, "strike:0")
    dredge = st.character("B5")
    assert dredge.knocked_down and run.pending is None, "down: the move and the turn end"
    assert dredge.x == pytest.approx(10 + 2 * R + 2.0), "at the point where it left the 2″ reach"
    assert events(st, GfEvent.GfKnockedDown)


@pytest.mark.rule("GF-FS-1")
def test_the_struck_side_may_let_the_mover_go() -> None:
    st = battle(B5=(10, 10, 0), A1=(10 + 2 * R + 0.3, 10, 180))
    Run(st, "A1", "advance", {"x": 16.0, "y": 10.0}, "pass", 0.0)
    assert not events(st, GfEvent.GfFreeStrike) and st.character("A1").x == 16.0


@pytest.mark.rule("GF-CHG-2", "GF-TURN-4")
def test_a_failed_charge_ends_the_turn_at_once() -> None:
    st = battle(A4=(5, 10, 0), B5=(20, 10, 180))  # Jory: SPD 6, 9″ of charge, 13.8″ of gap
    run = Run(st, "A4", "charge:B5")
    assert run.pending is None
    (charge,) = events(st, GfEvent.GfCharge)
    assert not charge.data["success"] and charge.data["travelled"] == pytest.approx(9.0)


@pytest.mark.rule("GF-CHG-2", "GF-CHG-3", "GF-TURN-4")
def test_a_charge_s_first_attack_is_at_its_target_and_boosted_after_3_inches() -> None:
    st = battle(A4=(5, 10, 0), B5=(12, 10, 180), B3=(12, 12, 180))
    run = Run(st, "A4", "charge:B5")
    offered = [k for k in run.pending.choices() if k.startswith("attack")]  # type: ignore[union-attr]
    assert offered == ["attack:0:B5", "attack:1:B5"], "the sabre or the pistol, only at the charge's target"
    (charge,) = events(st, GfEvent.GfCharge)
    assert charge.data["success"] and charge.data["travelled"] >= 3.0
    st.dice.force(6, 5, 1, 1, 1)
    run.more("attack:0:B5")
    (blow,) = events(st, GfEvent.GfAttack)
    assert blow.data["damage_dice"] == [1, 1, 1], "boosted by the charge's momentum [GF-CHG-3]"


@pytest.mark.rule("GF-MOVE-2", "GF-TURN-4")
def test_after_a_run_no_attack_is_offered() -> None:
    st = battle(A2=(10, 10, 0), B5=(30, 10, 180))  # Ottilie's rifle reaches 14″
    run = Run(st, "A2", "run", {"x": 16.0, "y": 10.0}, 0.0)
    assert run.pending is not None
    assert not [k for k in run.pending.choices() if k.startswith("attack")]
    fresh = battle(A2=(10, 10, 0), B5=(20, 10, 180))
    assert "attack:0:B5" in Run(fresh, "A2").pending.choices()  # type: ignore[union-attr]


@pytest.mark.rule("GF-KD-3", "GF-KD-4")
def test_getting_up_forfeits_the_movement_or_the_action() -> None:
    st = battle(A4=(10, 10, 0), B5=(10 + 2 * R + 0.2, 10, 180))
    st.character("A4").knocked_down = True
    run = Run(st, "A4")
    assert run.pending is not None and run.pending.choices() == ["stand_move", "stand_action", "prone", "stay"]
    moved = Run(st, "A4", "stand_move")
    assert moved.pending is not None and "advance" not in moved.pending.choices()
    assert "attack:0:B5" in moved.pending.choices(), "forfeiting the movement, it may still attack"
    st2 = battle(A4=(10, 10, 0), B5=(10 + 2 * R + 0.2, 10, 180))
    st2.character("A4").knocked_down = True
    acted = Run(st2, "A4", "stand_action")
    assert acted.pending is not None and acted.pending.choices() == ["advance", "end"], "a full advance only"


@pytest.mark.rule("GF-KD-3")
def test_a_character_that_stays_down_does_nothing() -> None:
    st = battle(A4=(10, 10, 0), B5=(20, 10, 180))
    st.character("A4").knocked_down = True
    assert Run(st, "A4", "stay").pending is None and st.character("A4").knocked_down


@pytest.mark.rule("GF-TGT-1", "GF-ENG-1")
def test_in_melee_a_character_shoots_only_what_it_engages() -> None:
    # Wren (B3: carbine 10″, hook knife) engaged by Jory in front of her; Crane 6″ away is out of her shots
    st = battle(B3=(10, 10, 0), A4=(10 + 2 * R + 0.2, 10, 180), A1=(16, 10.5, 180))
    options = Run(st, "B3").pending.choices()  # type: ignore[union-attr]
    assert "attack:0:A4" in options and "attack:0:A1" not in options
    assert "attack:1:A4" in options


@pytest.mark.rule("GF-ENG-1", "GF-KD-2")
def test_a_knocked_down_character_engages_nobody_and_every_blow_at_it_hits() -> None:
    st = battle(B3=(10, 10, 0), A4=(10 + 2 * R + 0.2, 10, 180), A1=(16, 10.5, 180))
    st.character("A4").knocked_down = True
    assert "attack:0:A1" in Run(st, "B3").pending.choices()  # type: ignore[union-attr]
    st.dice.force(1, 2, 1, 1)
    Run(st, "B3", "attack:1:A4")
    (blow,) = events(st, GfEvent.GfAttack)
    assert blow.data["hit"] and blow.data["against"] == 5


@pytest.mark.rule("GF-ATK-3")
def test_a_back_strike_needs_the_whole_turn_behind() -> None:
    behind = battle(A4=(10, 10, 0), B5=(10 + 2 * R + 0.2, 10, 0))  # Dredge faces away from Jory
    behind.dice.force(1, 2, 1, 1)
    Run(behind, "A4", "attack:0:B5")
    assert "+2 back strike [GF-ATK-3]" in events(behind, GfEvent.GfAttack)[0].data["modifiers"]
    came = battle(A4=(14, 10, 180), B5=(12, 10, 0))  # in front of Dredge at the start, walks round behind him
    came.dice.force(1, 2, 1, 1)
    run = Run(came, "A4", "advance", {"x": round(12 - 2 * R - 0.2, 3), "y": 10.0}, 0.0)
    assert run.pending is not None and "attack:0:B5" in run.pending.choices()
    run.more("attack:0:B5")
    (blow,) = events(came, GfEvent.GfAttack)
    assert "+2 back strike [GF-ATK-3]" not in blow.data["modifiers"], "it stood in front at the start"


@pytest.mark.rule("GF-DIS-1", "GF-DIS-2", "GF-WIN-1")
def test_disabling_the_last_enemy_ends_the_battle_at_once() -> None:
    st = battle(A1=(10, 10, 0), B5=(10 + 2 * R + 0.2, 10, 180))
    st.character("B5").damage = 7  # one box left
    st.dice.force(6, 5, 6, 6)
    game_events = Driver(st, play(st))
    pending = game_events.first()
    assert pending is not None and pending.kind == GfDecision.gf_step
    assert game_events.send("attack:0:B5") is None
    assert st.character("B5").status is Status.DISABLED and st.phase is Phase.OVER and st.winner == 0
    (end,) = events(st, GfEvent.GfEnd)
    assert end.text.endswith("[GF-WIN-1]"), "told once"


@pytest.mark.rule("GF-WIN-2")
def test_after_the_last_round_more_disabled_wins_then_more_damage() -> None:
    st = battle(A1=(10, 10, 0), A2=(5, 5, 0), B5=(30, 30, 0), B1=(25, 30, 0))
    st.character("B4").status, st.sides[0].score = Status.DISABLED, 1
    end_of_battle(st)
    assert st.winner == 0
    level = battle(A1=(10, 10, 0), B5=(30, 30, 0))
    level.character("B5").damage, level.character("A1").damage = 3, 4
    end_of_battle(level)
    assert level.winner == 1, "none disabled: B marked more boxes"
    even = battle(A1=(10, 10, 0), B5=(30, 30, 0))
    end_of_battle(even)
    assert even.winner is None


def test_the_kernel_walks_a_path_to_each_stop_and_stops_where_a_reaction_says() -> None:
    path = (Vec2(0, 0), Vec2(4, 0), Vec2(4, 3))
    assert cut(path, 5.0) == ((Vec2(0, 0), Vec2(4, 0), Vec2(4, 1)), (Vec2(4, 1), Vec2(4, 3)))
    seen: list[Vec2] = []

    def react(stop: Stop[str]):  # type: ignore[no-untyped-def]
        answer = yield stop.what
        return answer == "stop"

    steps = walk(path, [Stop(6.0, "second"), Stop(2.0, "first")], seen.append, react)
    assert next(steps) == "first" and seen == [Vec2(2, 0)]
    assert steps.send("go on") == "second" and seen[-1] == Vec2(4, 2)
    with pytest.raises(StopIteration) as done:
        steps.send("stop")
    assert done.value.value == Vec2(4, 2) and seen[-1] == Vec2(4, 2)


@pytest.mark.rule("GF-MOVE-4", "GF-TURN-2")
def test_turning_in_place_is_the_move_and_an_attack_may_come_before_it() -> None:
    st = battle(A2=(10, 10, 0), B5=(20, 10, 180))
    st.dice.force(1, 2)  # a miss
    run = Run(st, "A2", "attack:0:B5")
    assert "advance" in run.pending.choices(), "the action first, the movement after"  # type: ignore[union-attr]
    assert "run" not in run.pending.choices() and not [k for k in run.pending.choices()  # type: ignore[union-attr]
                                                      if k.startswith("charge")], "no run or charge after attacking"
    run.more("advance", {"x": 10.0, "y": 10.0}, 90.0)
    assert st.character("A2").facing == 90.0 and run.pending is not None
    assert "advance" not in run.pending.choices(), "it turned: that was its movement"


@pytest.mark.rule("GF-MOVE-5", "GF-PRONE-3", "GF-TURN-3")
def test_prone_a_character_advances_half_and_cannot_run_or_charge() -> None:
    st = battle(A4=(10, 10, 0), B5=(16, 10, 180))
    st.character("A4").prone = True
    run = Run(st, "A4")
    assert run.pending is not None and run.pending.choices() == ["stand_move", "stand_action", "stay"]
    run.more("stay")
    choices = run.pending.choices()  # type: ignore[union-attr]
    assert "advance" in choices and "run" not in choices and "prone" not in choices
    assert not [k for k in choices if k.startswith("charge")]
    run.more("advance")
    assert run.pending is not None and run.pending.context["allowance"] == 3.0, "half of SPD 6"


@pytest.mark.rule("GF-TURN-3", "GF-PRONE-1")
def test_going_prone_is_the_one_quick_action() -> None:
    st = battle(A2=(10, 10, 0), B5=(20, 10, 180))
    run = Run(st, "A2", "prone")
    assert st.character("A2").prone and "prone" not in run.pending.choices()  # type: ignore[union-attr]
    assert "take cover" not in " ".join(o.label for o in run.pending.options).lower()  # type: ignore[union-attr]


@pytest.mark.rule("GF-CHG-4")
def test_a_charge_needs_its_target_in_sight() -> None:
    st = battle(A4=(10, 10, 0), B5=(14, 10, 180), B3=(6, 10, 0))  # B3 behind Jory: out of its front arc
    choices = Run(st, "A4").pending.choices()  # type: ignore[union-attr]
    assert "charge:B5" in choices and "charge:B3" not in choices


@pytest.mark.rule("GF-SET-1")
def test_set_up_alternates_from_the_roll_off_s_winner_inside_each_zone() -> None:
    from game.systems.gearfall.setup import new_state

    st = new_state((CINDERWATCH, REAVERS), BattleMap("open table", ()), 1)
    st.dice.force(2, 5)  # B wins the roll-off
    driver = Driver(st, play(st))
    d = driver.first()
    assert d is not None and d.kind == GfDecision.gf_deploy and d.side == 1
    with pytest.raises(Exception, match=r"top edge \[GF-SET-1\]"):
        d.validate({"x": 18.0, "y": 18.0})
    d = driver.send(d.validate(d.context["default"]))
    assert d is not None and d.kind == GfDecision.gf_facing
    d = driver.send(d.context["current"])
    assert d is not None and d.kind == GfDecision.gf_deploy and d.side == 0, "then side A"
