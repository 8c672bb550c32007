"""Issue 37's blunders (point 3): a sorcerer casting into a melee at long odds while it could move, and AP left
unspent where another action would have bought something. ``easy`` keeps its old answers (its floors are 0)."""

from __future__ import annotations

import pytest

from game.ai import memo
from game.ai.difficulty import EASY, LEVELS
from game.ai.registry import make
from game.rules.plans import action_kind
from tests.ai.test_plan_futility import activate
from tests.rules.harness import figure, table

MOVES = ("walk", "run", "sneak")


def melee_beside_a_sorcerer(engaged: bool = True, wp: int = 3):
    """A sorcerer (WP 3) 10″ from an enemy hero (WP ``wp``) that our guard holds in base contact (or stands 5″
    off)."""
    guard_x = 20 if engaged else 15
    return table((0, figure("Witch", kind="companion", WP=3, traits=("sorcery",)), 10, 10, 0),
                 (0, figure("Guard"), guard_x, 10, 0),
                 (1, figure("Brute", kind="hero", MA=5, PD=4, WP=wp), 20.99, 10, 180), fate=(3, 3))


@pytest.mark.rule("SORC-7", "SORC-4")
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_sorcerer_casts_no_spell_into_a_melee_at_long_odds_and_moves_instead(level: str) -> None:
    """Engaged, the hero resists at -3 to the casting roll ([SORC-7]): a Stun takes effect 17 % of the time,
    under the level's ``cast_floor``; the sorcerer moves with its 2 AP instead of standing still to cast."""
    for seed in range(3):
        state = melee_beside_a_sorcerer()
        state.dice.force(4)  # 2 AP
        done = activate(state, state.model("A1"), make(level, seed))
        assert not [a for a in done if a.startswith("cast")], (seed, done)
        assert any(a in MOVES for a in done), (seed, done)
    state = melee_beside_a_sorcerer()
    witch, brute = state.model("A1"), state.model("B1")
    floor = LEVELS[level].cast_floor
    assert all(memo.spell_odds(state, witch, brute, s).p_success < floor for s in ("stun", "ravage"))


@pytest.mark.rule("SORC-7", "SORC-4")
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_sorcerer_still_casts_at_the_same_enemy_out_of_the_melee(level: str) -> None:
    state = melee_beside_a_sorcerer(engaged=False)
    witch, brute = state.model("A1"), state.model("B1")
    assert memo.spell_odds(state, witch, brute, "stun").p_success >= LEVELS[level].cast_floor
    state.dice.force(4)
    done = activate(state, witch, make(level, 0))
    assert any(a.startswith("cast") for a in done), done


def spent(done: list[str], state) -> int:
    return sum(action_kind(a, state.model("A1")).ap for a in done)


@pytest.mark.rule("TURN-6", "MOVE-1", "MOVE-5")
@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize("upfront", [True, False])
def test_an_advance_with_2_ap_spends_both(level: str, upfront: bool) -> None:
    """Nothing to strike or shoot: a Walk (1 AP, 6″) would leave an AP to be lost ([TURN-6]); a Sneak (2 AP)
    goes as far and hides it ([MOVE-5])."""
    for seed in range(3):
        state = table((0, figure("Walker"), 5, 5, 0), (1, figure("Far"), 30, 30, 180))
        state.settings.declare_plan_upfront = upfront
        state.dice.force(4)  # 2 AP
        done = activate(state, state.model("A1"), make(level, seed))
        assert any(a in MOVES for a in done) and spent(done, state) == 2, (seed, done)


@pytest.mark.rule("TURN-6", "MOVE-1", "RNG-3")
@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize("upfront", [True, False])
def test_an_archer_walking_into_range_shoots_with_its_second_ap(level: str, upfront: bool) -> None:
    for seed in range(3):
        state = table((0, figure("Archer", weapons=(("Bow", "2h_ranged"),)), 5, 5, 0), (1, figure("Far"), 25, 5, 180))
        state.settings.declare_plan_upfront = upfront
        state.dice.force(4)  # 2 AP
        done = activate(state, state.model("A1"), make(level, seed))
        assert done[0] in MOVES and "ranged_attack" in done, (seed, done)


def test_easy_keeps_its_floors_off() -> None:
    assert EASY.cast_floor == EASY.fate_floor == 0.0
    assert EASY.plan.spare_ap == EASY.plan.idle_cast == EASY.plan.idle_shove == 0.0



@pytest.mark.rule("TURN-6", "RNG-3")
def test_hard_at_its_objective_shoots_from_where_it_stands_rather_than_idle() -> None:
    """An archer standing on the objective it was heading for (its intent an advance that has arrived: it stays),
    an enemy 8″ off in range, 2 AP: hard's plan is a shot from where it stands, which keeps the objective as well as
    standing idle does ([TURN-6]: unspent AP are lost); without ``hold_shot`` it stood idle."""
    from dataclasses import replace

    from game.ai.candidates import Intent
    from game.ai.difficulty import HARD
    from game.ai.tactical import Tactical
    from game.rules import turn

    for level, plan in ((HARD, "aimed_shot"), (replace(HARD, plan=replace(HARD.plan, hold_shot=0.0)), "nothing")):
        state = table((0, figure("Archer", weapons=(("Bow", "2h_ranged"),)), 10, 10, 0),
                      (1, figure("Raider"), 18, 10, 180))
        m = state.model("A1")
        state.dice.force(4)  # 2 AP
        d = next(turn.activate(state, m))
        assert d.kind == "plan"
        ai = Tactical(0, level, strict=True)
        ai.intent = Intent("advance", goal=(m.x, m.y))
        assert ai.plans.best_plan(state, m, d.choices(), ai.plans.futility(state, m)) == plan
