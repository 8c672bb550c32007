"""What Gearfall's screen shows is asked of its rules: an attack button's odds are the exact odds of the strike the
rules would make, a move's preview is the rules' own route or refusal, a charge's lane is the rules' lane."""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.content.maps import BattleMap
from game.rules.driver import Driver
from game.systems.gearfall import actions, view
from game.systems.gearfall.odds import attack_odds
from game.systems.gearfall.turn import turn
from tests.rules.harness import square
from tests.systems.gearfall.test_turn import R, battle


@pytest.mark.rule("GF-ATK-2", "GF-TGT-1")
def test_an_attack_button_shows_the_rules_own_odds() -> None:
    st = battle(A2=(10, 10, 0), B5=(20, 10, 180))
    d = Driver(st, turn(st, st.character("A2"))).first()
    assert d is not None and "attack:0:B5" in d.choices()
    s = actions.strike_for(st, st.character("A2"), st.character("A2").profile.weapons[0], st.character("B5"))
    o = attack_odds(s)
    assert view.option_badge(st, d, "attack:0:B5") == f"{float(o.p_hit):.0%} · {float(o.expected_damage):.1f} dmg"
    tip = view.option_tip(st, d, "attack:0:B5")
    assert tip.startswith(f"hit {float(o.p_hit):.0%} (against DEF 11)") and o.p_hit > Fraction(1, 2)
    assert view.option_tip(st, d, "advance") == ""


@pytest.mark.rule("GF-MOVE-3", "GF-CHG-1", "GF-CHG-2")
def test_a_move_s_preview_is_the_rules_route_and_a_charge_s_lane_says_if_it_reaches() -> None:
    st = battle(A4=(5, 10, 0), B5=(20, 10, 180))
    st.battle_map = BattleMap("post", (square("post", "impassable", 7.5, 9.5, 8, 10.5),))
    driver = Driver(st, turn(st, st.character("A4")))
    step = driver.first()
    assert step is not None
    path, reaches = view.lane(st, step, "charge:B5")
    assert not reaches and path[1][0] == pytest.approx(7.5 - R, abs=1e-6), "stopped by the post"
    move = driver.send("advance")
    assert move is not None
    route, why = view.preview(st, move, (10.0, 10.0))
    assert why == "" and len(route) > 2, "round the post"
    _, inside = view.preview(st, move, (7.75, 10.0))
    assert inside.endswith("[GF-MOVE-3]")
