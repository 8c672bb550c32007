"""The computer opponent answers an area of effect victim's Fate decisions ([AOE-1] RULING 2026-12-01,
[FATE-5], [FATE-6], [SEQ-8]) from the exact odds, through the engine."""

from __future__ import annotations

import pytest

from game.ai.tactical import Tactical
from game.core.dice import ResolutionRoll
from game.rules import combat, sorcery
from game.rules.combat import Attack
from tests.rules.harness import events, figure, table


def blast(victim, fate: int = 2, total: int = 12):
    state = table((0, figure("Bomber", weapons=[("Mortar", "2h_ranged")], traits=["blast"]), 10, 10, 0),
                  (1, figure("Target"), 15, 10, 180), (1, victim, 15, 12, 180), fate=(0, fate))
    attack = Attack(state.model("A1"), state.model("B1"), "ranged", "ranged_attack", 0, range_band="short", area=True)
    return state, combat.area_of_effect(state, attack, total)


def answered(state, gen, level: str = "normal") -> list[tuple[str, str]]:
    """Run the generator with the AI answering for both sides; every (decision kind, answer)."""
    ai, out = Tactical(3, level), []
    try:
        decision = next(gen)
        while True:
            answer = ai.decide(state, decision)
            out.append((decision.kind, answer))
            decision = gen.send(answer)
    except StopIteration:
        return out


@pytest.mark.rule("AOE-1", "FATE-5")
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_inner_reserve_when_the_extra_die_matters(level: str) -> None:
    state, gen = blast(figure("Near", "hero", PD=3), total=12)  # PD 3 + 2 against 12: the extra die is worth it
    state.dice.force(3, 4, 2)
    assert answered(state, gen, level)[0] == ("inner_reserve", "spend")
    assert events(state, "FateSpent")[0].data["rule"] == "FATE-5" and state.model("B2").wounds_taken == 0
    state, gen = blast(figure("Near", "hero", PD=3), total=4)  # it holds on any dice: keep the Fate
    state.dice.force(3, 4)
    assert answered(state, gen, level) == [("inner_reserve", "pass")]


@pytest.mark.rule("AOE-1", "FATE-6", "FATE-9")
def test_hand_of_fortune_only_when_fresh_dice_can_hold() -> None:
    state, gen = blast(figure("Near", PD=3), total=11)
    state.dice.force(1, 2, 6, 5)  # 3 +3 +2 = 8 beaten; the re-roll 11 +5 = 16 holds
    asked = answered(state, gen)
    assert asked[-1] == ("reroll", "hand_of_fortune") and state.model("B2").wounds_taken == 0
    state, gen = blast(figure("Near", PD=1), total=20)  # even 6+6 +1 +2 = 15 cannot hold: no Fate wasted
    state.dice.force(1, 2)
    assert answered(state, gen) == [("inner_reserve", "pass"), ("reroll", "pass")] and state.sides[1].fate == 2


@pytest.mark.rule("AOE-1", "T-ARCARMOR-1", "DICE-4")
def test_a_victim_that_holds_does_not_take_its_free_reroll() -> None:
    state, gen = blast(figure("Warden", "hero", PD=3, traits=["arcane_armor"]), fate=0, total=6)
    state.dice.force(1, 6)  # 7 +3 +2 = 12 holds: re-rolling the 1 could only hurt
    assert answered(state, gen) == [("reroll", "pass")]
    state, gen = blast(figure("Warden", "hero", PD=3, traits=["arcane_armor"]), fate=0, total=12)
    state.dice.force(1, 2, 6)  # 3 +5 = 8 beaten: the free re-roll of the 1
    assert answered(state, gen) == [("reroll", "arcane_armor")] and state.model("B2").wounds_taken == 0


@pytest.mark.rule("SEQ-8", "FATE-5")
def test_a_more_than_one_victim_is_answered_too() -> None:
    state = table((0, figure("Witch", "companion", WP=5, traits=["sorcery"]), 10, 10, 0),
                  (1, figure("Foe", WP=1), 16, 10, 180), (1, figure("Near", "hero", WP=3), 16, 12, 0), fate=(0, 2))
    cast = ResolutionRoll((6, 5), "WP", 5, ())  # 16
    state.dice.force(4, 4, 4)
    gen = sorcery.more_than_one(state, state.model("A1"), state.model("B1"), sorcery.SPELLS["stun"], cast)
    assert answered(state, gen)[0] == ("inner_reserve", "spend")
    assert not state.model("B2").conditions.get("stunned")  # 4+4+4 +3 +2 = 17 > 16


@pytest.mark.rule("AOE-1", "T-BLAST-1")
def test_a_blast_is_aimed_where_its_spread_catches_enemies_not_friends() -> None:
    state = table((0, figure("Bomber", RA=4, weapons=[("Mortar", "2h_ranged")], traits=["blast"]), 18, 30, 270),
                  (1, figure("Left"), 12, 22, 90), (1, figure("Beside left"), 13.5, 21, 90),
                  (1, figure("Right"), 24, 22, 90), (0, figure("Scout"), 25.5, 21, 270), fate=(1, 1))
    ai, me = Tactical(3, "normal"), state.model("A1")
    left, right = (ai.appraiser.shot_value(state, me, state.model(k)) for k in ("B1", "B3"))
    assert left > right  # the same shot; on the left it may wound Beside left, on the right our own Scout
    plain = table((0, figure("Archer", RA=4, weapons=[("Bow", "2h_ranged")]), 18, 30, 270),
                  (1, figure("Left"), 12, 22, 90), (1, figure("Beside left"), 13.5, 21, 90),
                  (1, figure("Right"), 24, 22, 90), (0, figure("Scout"), 25.5, 21, 270), fate=(1, 1))
    archer = plain.model("A1")
    shot = ai.appraiser.shot_value
    assert shot(plain, archer, plain.model("B1")) == pytest.approx(shot(plain, archer, plain.model("B3")))
