"""Traits written only in YAML, from a test mod folder (tests/data/mods/traits/frost.yaml): they change rolls
through the same hooks as the traits written in Python, the log names their rule, and the exact odds of an
attack still equal the engine's own outcome frequencies with them on any fighter ([DICE-1], [DICE-4], [SEQ-1])."""

from __future__ import annotations

import random

import pytest

from game.content import library
from game.content.catalog import catalog
from game.rules import combat, conditions, turn
from game.rules.traits.base import hooks_of
from game.rules.traits.data_traits import mod_rule
from tests.conftest import ROOT
from tests.rules.attack_differential import differences, engine_distribution, situation
from tests.rules.harness import Script, figure, rolls, table
from tests.sampling import sampled

MODS = ROOT / "tests" / "data" / "mods"
D = 25 / 25.4


@pytest.fixture(autouse=True)
def mod_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(library.MODS_ENV, str(MODS))


def duel(a_traits: tuple[str, ...] = (), d_traits: tuple[str, ...] = (), ranged: bool = False):
    weapons = (("Bow", "2h_ranged"),) if ranged else (("Sword", "1h_edged"),)
    a = figure("Att", MA=3, RA=3, weapons=weapons, traits=a_traits)
    d = figure("Def", PD=3, traits=d_traits)
    gap = 8.0 if ranged else D
    return table((0, a, 10, 10, 90), (1, d, 10, 10 + gap, 270))


def test_the_mod_folder_adds_the_traits_and_the_game_keeps_its_own() -> None:
    traits = catalog().traits
    assert traits["frostborn"].origin.endswith("frost.yaml") and traits["veteran"].origin == "game"
    assert not catalog().skipped
    assert [h.id for h in hooks_of(duel(("frostborn",)).model("A1"))] == ["frostborn"]


@pytest.mark.rule("DICE-1", "CC-5")
def test_extra_dice_from_yaml_change_the_attack_roll_and_the_log_says_why() -> None:
    state = duel(("frostborn",))
    state.dice.force(6, 6, 5, 1, 1)  # three attack dice (Frostborn's extra die), then two defence dice
    Script([]).run(combat.resolve_attack(state, combat.Attack(state.model("A1"), state.model("B1"), "close",
                                                              "standard_attack", 0)))
    attack = rolls(state)[0]
    assert attack["dice"] == [6, 6, 5] and attack["total"] == 3 + 17
    assert attack["trait_dice"] == [{"value": 1, "rule": "X-FROST-1", "source": "Frostborn"}]
    line = next(e.text for e in state.log if e.kind == "DiceRolled")
    assert "+1 die Frostborn [X-FROST-1]" in line
    profile = combat.attack_profile(state, combat.Attack(state.model("A1"), state.model("B1"), "close",
                                                         "standard_attack", 0))
    assert profile.attack.dice == 3 and profile.defence.dice == 2


@pytest.mark.rule("DICE-1", "RNG-5")
def test_a_yaml_modifier_applies_in_its_situation_only() -> None:
    ranged = duel(d_traits=("frostborn",), ranged=True)
    shot = combat.Attack(ranged.model("A1"), ranged.model("B1"), "ranged", "ranged_attack", 0, range_band="short")
    assert {"value": 2, "rule": "X-FROST-2", "source": "Frostborn hide"} in \
        [{"value": m.value, "rule": m.rule, "source": m.source} for m in combat.defence_modifiers(ranged, shot)]
    close = duel(d_traits=("frostborn",))
    blow = combat.Attack(close.model("A1"), close.model("B1"), "close", "standard_attack", 0)
    assert not [m for m in combat.defence_modifiers(close, blow) if m.rule.startswith("X-")]


@pytest.mark.rule("DICE-4", "SEQ-1")
def test_a_yaml_reroll_is_offered_on_its_roll() -> None:
    state = duel(d_traits=("frostborn",))
    state.dice.force(4, 3, 1, 2, 6)  # attack 7+3 beats defence 1+2+3: Frostborn offers its 1; re-rolled to 6
    script = Script(["frostborn"])
    result = script.run(combat.resolve_attack(state, combat.Attack(state.model("A1"), state.model("B1"), "close",
                                                                   "standard_attack", 0)))
    offered = [d for d in script.asked if d.kind == "reroll"]
    assert offered and "frostborn" in offered[0].choices()
    assert "Frostborn: re-roll the 1 dice showing 1" in [o.label for o in offered[0].options]
    assert result.defence_roll.dice == (6, 2) and not result.hit


@pytest.mark.rule("COND-5", "COND-7", "TURN-5")
def test_a_yaml_aura_and_flag_act_on_friends_and_foes() -> None:
    warden = figure("Warden", traits=("rimeward",))  # a follower: no Inspiring Presence of its own
    state = table((0, warden, 10, 10, 90), (0, figure("Friend"), 10 + 2 * D, 10, 90), (1, figure("Foe"), 10, 14, 270))
    friend, foe = state.model("A2"), state.model("B1")
    assert conditions.causes_terror(state.model("A1"))
    assert conditions.fearless_source(state, friend) == "Rimeward of Warden"
    assert conditions.fearless_source(state, foe) is None
    blow = combat.Attack(foe, friend, "close", "standard_attack", 0)
    assert {"value": 1, "rule": "X-RIME-1", "source": "Rimeward (Warden within 3″)"} in \
        [{"value": m.value, "rule": m.rule, "source": m.source} for m in combat.defence_modifiers(state, blow)]
    assert not [m for m in turn.activation_modifiers(state, friend) if m.rule == "X-RIME-1"]


ROLES = {"frostborn": ("attacker", "defender"), "rimeward": ("attacker", "defender", "defender_friend")}


@pytest.mark.rule("SEQ-1", "SEQ-6", "CC-5", "DICE-1", "DICE-4", "FATE-5", "FATE-6", "FATE-7")
@pytest.mark.parametrize(("trait", "role"), [(t, r) for t, roles in ROLES.items() for r in roles])
@pytest.mark.parametrize("seed", sampled(range(3), 3))  # every trait and role on one seed; all three: -m slow
def test_the_odds_are_the_engines_frequencies_for_a_yaml_trait(trait: str, role: str, seed: int) -> None:
    assert mod_rule(trait) is not None
    sit = situation(random.Random(f"yaml:{trait}:{role}:{seed}"), [(trait, role)])
    engine = engine_distribution(sit, 1300, 1000)
    wrong = differences(sit, engine)
    assert not wrong, f"{sit.label}\n" + "\n".join(wrong)


@pytest.mark.rule("DICE-1")
def test_the_ai_weighs_a_yaml_traits_die_through_the_odds_it_reads() -> None:
    from game.ai import memo

    def p_win(traits: tuple[str, ...]) -> float:
        state = duel(traits)
        return float(memo.odds(state, combat.Attack(state.model("A1"), state.model("B1"), "close",
                                                     "standard_attack", 0)).p_win)

    assert p_win(("frostborn",)) > p_win(()) + 0.1
