"""The heroic duel, an optional rule ([HD-1]-[HD-6], docs/heroic-duel.md): Brimstone and Iron's Combat Score for
close combat between enemy heroes, with forced dice from the seed's own rules, and its exact odds held to the
engine's frequencies over every die (tests/rules/attack_differential.py)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from game.ai.odds import attack_odds
from game.rules.attack_profile import CRITICAL_CHARTS, HEROIC_DUEL, combat_score, score_part
from game.rules.combat import Attack, attack_profile, resolve_attack
from game.rules.state import KILLED, GameState
from game.systems import get
from tests.rules.attack_differential import Situation, differences, engine_distribution
from tests.rules.harness import Script, events, figure, table
from tests.sampling import sampled

D = 25 / 25.4
SWORD = (("Sword", "1h_edged"),)
MAUL = (("Maul", "2h_blunt"),)


def duel_table(a: dict[str, Any] | None = None, d: dict[str, Any] | None = None, fate: tuple[int, int] = (0, 0),
               on: bool = True, d_kind: str = "hero", behind: bool = False) -> GameState:
    """Two heroes in base contact facing each other (the defender turned away with ``behind``)."""
    state = table((0, figure("Arjen", "hero", **(a or {})), 10, 10, 0.0),
                  (1, figure("Caterine", d_kind, **(d or {})), 10 + D, 10, 0.0 if behind else 180.0), fate=fate)
    if on:
        state.settings.options = (HEROIC_DUEL,)
    return state


def fight(state: GameState, *dice: Any, action: str = "standard_attack", answers: tuple[Any, ...] = (),
          extra: int = 0) -> Any:
    """Resolve A1's attack on B1 with the dice forced (each value one d6, in the order the engine rolls them)."""
    flat = [v for x in dice for v in (x if isinstance(x, tuple) else (x,))]
    state.dice.force(*flat)
    a, d = state.model("A1"), state.model("B1")
    weapon = 0 if a.profile.weapons else None
    result = Script(list(answers)).run(resolve_attack(state, Attack(a, d, "close", action, weapon, extra)))
    assert state.dice.forced_pending == 0, "a forced die was left over"
    return result


def scores(state: GameState) -> list[int]:
    return [e.data["score"] for e in events(state, "DuelScore") if "score" in e.data]


def texts(state: GameState) -> str:
    return "\n".join(e.text for e in state.log)


# -- [HD-1] ---------------------------------------------------------------------------------------------------

@pytest.mark.rule("HD-1")
def test_the_option_is_declared_on_the_system_and_off_by_default() -> None:
    system = get("iron-honor")
    assert system.option(HEROIC_DUEL).rule == "HD-1"
    state = duel_table(on=False)
    assert attack_profile(state, Attack(state.model("A1"), state.model("B1"), "close", "standard_attack", 0)).duel \
        is None


@pytest.mark.rule("HD-1", "CC-5", "CC-3")
def test_only_a_wounding_close_attack_between_enemy_heroes_is_a_duel() -> None:
    state = duel_table()
    a, d = state.model("A1"), state.model("B1")
    assert attack_profile(state, Attack(a, d, "close", "standard_attack", 0)).duel is not None
    assert attack_profile(state, Attack(a, d, "close", "shove", None)).duel is None  # a Shove never wounds
    assert attack_profile(state, Attack(a, d, "ranged", "ranged_attack", 0, range_band="short")).duel is None
    follower = duel_table(d_kind="follower")
    assert attack_profile(follower, Attack(follower.model("A1"), follower.model("B1"), "close", "standard_attack",
                                           0)).duel is None
    off = duel_table(on=False)
    fight(off, (5, 5), (1, 2))  # [CC-5]: 2d6 + MA against 2d6 + PD, a wound on the higher
    assert not events(off, "DuelScore") and off.model("B1").wounds_taken == 1


# -- [HD-2] ---------------------------------------------------------------------------------------------------

@pytest.mark.rule("HD-2")
def test_the_combat_score_is_the_highest_die_plus_the_attribute_and_the_other_s_ones() -> None:
    assert score_part((3, 5)) == 5 and score_part((6, 6, 6)) == 8 and score_part((1, 1)) == 1
    assert combat_score((6, 6, 2), 4, (1, 1, 3)) == 6 + 1 + 4 + 2
    # Arjen MA 3 rolls 5,5 (sum 10, but only the highest counts): 5 + 3 + 1 for Caterine's 1 = 9;
    # Caterine PD 4 rolls 1,4: 4 + 4 = 8. One hit ([HD-4]).
    state = duel_table(a={"MA": 3}, d={"PD": 4})
    fight(state, (5, 5), (1, 4))
    assert scores(state) == [9, 8]
    assert state.model("B1").wounds_taken == 1 and state.model("A1").wounds_taken == 0
    log = texts(state)
    assert "highest die 5 MA 3 +1 for Caterine's 1 = 9" in log and "highest die 4 PD 4 = 8" in log


@pytest.mark.rule("HD-2", "CC-2")
def test_each_six_after_the_first_adds_one_and_each_one_adds_one_to_the_other() -> None:
    # a Furious Attack's three dice: 6,6,1 -> 6 + 1 extra 6 + MA 2 = 9; the 1 gives Caterine +1
    # Caterine PD 5 rolls 3,2 -> 3 + 5 + 1 = 9: a tie, Caterine's MA 4 beats Arjen's 2: she lands one hit
    state = duel_table(a={"MA": 2}, d={"PD": 5, "MA": 4})
    fight(state, (6, 6, 1), (3, 2), action="furious_attack", extra=1)
    assert scores(state) == [9, 9]
    assert state.model("A1").wounds_taken == 1 and state.model("B1").wounds_taken == 0
    assert "+1 extra 6" in texts(state) and "+1 for Arjen's 1" in texts(state)


@pytest.mark.rule("HD-2", "SEQ-1", "FATE-6")
def test_the_re_roll_window_judges_each_roll_by_the_combat_scores() -> None:
    # Arjen's sum (5+5+3 = 13) beats Caterine's (6+1+4 = 11), but his Combat Score (5+3+1 = 9) is below hers
    # (6+4 = 10): his roll is losing, so Hand of Fortune is offered; he takes it and rolls 6,2: 6 + 3 = 9 against
    # her 6 + 4 = 10 (no 1 of his now; her 1 still gives him +1: 10). A tie at 10: equal MA, a stand-off.
    state = duel_table(a={"MA": 3}, d={"PD": 4, "MA": 3}, fate=(1, 0))
    script = Script(["pass", "hand_of_fortune"])
    state.dice.force(5, 5, 6, 1, 6, 2)
    a, d = state.model("A1"), state.model("B1")
    script.run(resolve_attack(state, Attack(a, d, "close", "standard_attack", 0)))
    reroll = next(x for x in script.asked if x.kind == "reroll")
    assert reroll.context["losing"] and reroll.context["total"] == 9 and reroll.context["opposed"] == 10
    assert scores(state) == [10, 10] and "a stand-off" in texts(state)
    assert a.wounds_taken == d.wounds_taken == 0


# -- [HD-3] ---------------------------------------------------------------------------------------------------

@pytest.mark.rule("HD-3", "MOD-1", "MOD-2")
def test_charge_and_back_arc_are_this_game_s_modifiers_at_this_game_s_values() -> None:
    state = duel_table(a={"MA": 3}, d={"PD": 8}, behind=True)
    fight(state, (4, 2), (3, 3), action="charge_attack")
    # 4 + MA 3 + 2 back arc + 2 charging = 11 against 3 + 8 = 11: a tie, equal MA (3 and 3): a stand-off
    log = texts(state)
    assert "+2 attacking from the back arc [MOD-1]" in log and "+2 charging [MOD-2]" in log
    assert scores(state) == [11, 11] and "a stand-off" in log


# -- [HD-4] ---------------------------------------------------------------------------------------------------

@pytest.mark.rule("HD-4")
def test_the_higher_score_lands_the_difference_and_the_defender_can_wound() -> None:
    state = duel_table(a={"MA": 1}, d={"PD": 2})
    fight(state, (3, 2), (5, 4))  # 3 + 1 = 4 against 5 + 2 = 7: Caterine lands 3 hits on Arjen
    assert scores(state) == [4, 7] and "Caterine lands 3 hits" in texts(state)
    assert state.model("A1").wounds_taken == 3 and state.model("B1").wounds_taken == 0


@pytest.mark.rule("HD-4")
def test_a_tie_goes_to_the_higher_ma_for_one_hit_else_a_stand_off() -> None:
    state = duel_table(a={"MA": 4}, d={"PD": 4, "MA": 2})
    fight(state, (3, 2), (3, 2))  # 3 + 4 = 7 each: Arjen's MA 4 beats 2
    assert state.model("B1").wounds_taken == 1 and "(a tie: the higher MA, 4)" in texts(state)
    state = duel_table(a={"MA": 4}, d={"PD": 4, "MA": 4})
    fight(state, (3, 2), (3, 2))
    assert "a stand-off" in texts(state) and state.model("A1").wounds_taken == state.model("B1").wounds_taken == 0


@pytest.mark.rule("HD-4", "T-TOUGH-1")
def test_each_hit_is_a_wound_offered_to_tough() -> None:
    state = duel_table(a={"MA": 4}, d={"PD": 2, "traits": ("tough",)})
    fight(state, (5, 2), (3, 2), 6, 1, 1, 1)  # 9 against 5: 4 hits, Tough rolls 6 (Stunned instead), 1, 1, 1
    b = state.model("B1")
    assert b.wounds_taken == 3 and b.conditions.get("stunned")


# -- [HD-5] ---------------------------------------------------------------------------------------------------

@pytest.mark.rule("HD-5")
def test_the_critical_charts_map_the_seed_s_lines() -> None:
    edged, blunt, unarmed = (CRITICAL_CHARTS[k] for k in ("edged", "blunt", "unarmed"))
    assert [c.name for c in edged] == ["Chink in the Armour"] * 2 + ["Bladestorm"] * 2 + ["Sliced!"] * 2
    assert edged[0].no_save and edged[2].wounds == 2 and edged[4].no_save and edged[4].wounds == 2
    assert edged[4].injury == 2
    assert blunt[0].stun and blunt[2].no_save and blunt[4].wounds == 2 and blunt[5].kill_unless_saved
    assert unarmed[0].wounds == 2 and unarmed[2].injury == 1 and unarmed[4].no_save and unarmed[4].stun


@pytest.mark.rule("HD-5", "T-TOUGH-1")
def test_no_six_among_the_winner_s_dice_no_critical() -> None:
    state = duel_table(a={"MA": 1}, d={"PD": 8})
    fight(state, (6, 2), (3, 2))  # 6 + 1 = 7 against 3 + 8 = 11: Caterine lands 4 hits; her dice show no 6
    assert not events(state, "DuelCritical") and state.model("A1").wounds_taken == 4  # (the 6 is the loser's)


@pytest.mark.rule("HD-5", "T-TOUGH-1")
def test_edged_chink_in_the_armour_no_save_and_bladestorm_two_wounds() -> None:
    state = duel_table(a={"MA": 4}, d={"PD": 6, "traits": ("tough",)})
    fight(state, (6, 2), (3, 2), 1)  # 6 + 4 = 10 against 3 + 6 = 9: 1 hit with a 6: edged chart 1, no save
    assert "Arjen's critical damage (edged) 1: Chink in the Armour" in texts(state)
    assert state.model("B1").wounds_taken == 1  # no Tough roll was asked: no die forced for it
    state = duel_table(a={"MA": 4}, d={"PD": 6, "traits": ("tough",)})
    fight(state, (6, 2), (3, 2), 3, 6, 2)  # Bladestorm: 2 wounds, each to Tough: 6 saves (Stunned), 2 does not
    b = state.model("B1")
    assert "Bladestorm" in texts(state) and b.wounds_taken == 1 and b.conditions.get("stunned")


@pytest.mark.rule("HD-5", "T-TOUGH-1")
def test_blunt_bludgeoned_kills_unless_saved_and_hammered_stuns() -> None:
    state = duel_table(a={"MA": 4, "weapons": MAUL}, d={"PD": 6, "traits": ("tough",)})
    fight(state, (6, 2), (3, 2), 6, 1)  # 1 hit with a 6: blunt chart 6, Bludgeoned; Tough rolls 1: killed
    assert state.model("B1").status == KILLED and "Bludgeoned" in texts(state)
    state = duel_table(a={"MA": 3}, d={"PD": 4, "weapons": MAUL})
    fight(state, (4, 2), (6, 2), 2)  # 4 + 3 = 7 against 6 + 4 = 10: her 3 hits, the first with her maul's 6
    a = state.model("A1")
    assert "Caterine's critical damage (blunt) 2: Hammered" in texts(state)
    assert a.wounds_taken == 3 and a.conditions.get("stunned")


# -- [HD-6] ---------------------------------------------------------------------------------------------------

@pytest.mark.rule("HD-6")
def test_injury_one_to_four_keeps_one_wound_five_six_kills() -> None:
    state = duel_table(a={"MA": 4}, d={"PD": 5})
    state.model("B1").wounds_taken = 4
    fight(state, (5, 2), (4, 2), 2)  # 9 against 9: a tie, Arjen's MA 4 beats her 3: one hit; injury 2
    b = state.model("B1")
    assert b.wounds_taken == 4 and b.conditions.get("stunned") and b.status != KILLED
    assert "Caterine's injury roll 2 = 2: stays at 1 wound, Stunned" in texts(state)
    state = duel_table(a={"MA": 4}, d={"PD": 5})
    state.model("B1").wounds_taken = 4
    fight(state, (5, 2), (4, 2), 5)
    assert state.model("B1").status == KILLED and "injury roll 5 = 5: killed" in texts(state)


@pytest.mark.rule("HD-5", "HD-6")
def test_sliced_adds_two_to_the_injury_roll() -> None:
    state = duel_table(a={"MA": 4}, d={"PD": 5})
    state.model("B1").wounds_taken = 3
    fight(state, (6, 2), (4, 2), 5, 3)  # 10 against 9: 1 hit with a 6: Sliced! 2 wounds, no save, +2 injury
    b = state.model("B1")
    assert "Sliced!" in texts(state) and "injury roll 3 +2 = 5: killed" in texts(state) and b.status == KILLED


# -- the exact odds against the engine ----------------------------------------------------------------------------

def duel_situation(rng: random.Random) -> Situation:
    """A random duel: attributes, weapons, Tough, wounds left, Fate, Inner Reserve and re-roll policies."""
    def hero(name: str, side: int) -> Any:
        traits = ("tough",) if rng.random() < 0.3 else ()
        return figure(name, "hero", MA=rng.randint(1, 5), PD=rng.randint(1, 5), traits=traits,
                      weapons=rng.choice((SWORD, MAUL, (("Axe", "2h_edged"),))))
    state = table((0, hero("Att", 0), 10, 10, 0.0), (1, hero("Def", 1), 10 + D, 10, 180.0),
                  fate=(fate := rng.choice(((0, 0), (6, 6)))), seed=rng.randrange(1 << 30))
    state.settings.options = (HEROIC_DUEL,)
    a, d = state.model("A1"), state.model("B1")
    for m in (a, d):
        m.wounds_taken = rng.choice((0, 2, 3, 4))
    action = rng.choice(("standard_attack", "standard_attack", "furious_attack", "charge_attack"))
    attack = Attack(a, d, "close", action, 0, int(action == "furious_attack"))
    policies = rng.choice((("never", "never"), ("when_losing", "when_losing"), ("when_losing", "never"),
                           ("never", "when_losing")))
    reserve = (fate[0] > 0 and rng.random() < 0.3, fate[1] > 0 and rng.random() < 0.3)
    return Situation(state, attack, reserve, policies, f"duel {action} fate={fate} policies={policies} IR={reserve}")


def exact_situation(a: dict[str, Any], d: dict[str, Any], d_left: int, policies: tuple[str, str] = ("never", "never"),
                    fate: tuple[int, int] = (0, 0)) -> Situation:
    """Heroes of 20 and 9 wounds, so that the engine's tree over every die stays small enough to play whole."""
    state = table((0, dataclasses.replace(figure("Att", "hero", **a), wounds=20), 10, 10, 0.0),
                  (1, dataclasses.replace(figure("Def", "hero", **d), wounds=9), 10 + D, 10, 180.0), fate=fate)
    state.settings.options = (HEROIC_DUEL,)
    state.model("B1").wounds_taken = 9 - d_left
    attack = Attack(state.model("A1"), state.model("B1"), "close", "standard_attack", 0)
    return Situation(state, attack, (False, False), policies, f"exact {a} v {d}, {d_left} left, {policies}")


EXACT = {
    "even swords": ({"MA": 3}, {"PD": 3}, 9),
    "maul against Tough": ({"MA": 1, "weapons": MAUL}, {"PD": 6, "MA": 2, "traits": ("tough",)}, 9),
    "the last wound's injury": ({"MA": 1}, {"PD": 6, "MA": 5, "weapons": MAUL}, 1),
}


@pytest.mark.rule("HD-2", "HD-4", "HD-5", "HD-6", "T-TOUGH-1")
@pytest.mark.parametrize("case", sorted(EXACT))
def test_the_duel_s_odds_are_exactly_the_engine_s_frequencies(case: str) -> None:
    sit = exact_situation(*EXACT[case])
    engine = engine_distribution(sit, budget=20_000)
    assert engine.exact, f"{case}: {engine.plays} plays"
    assert not differences(sit, engine), (sit.label, differences(sit, engine))
    odds = attack_odds(sit.state, sit.attack, **sit.odds_options())  # the defender's hits on the attacker too
    assert odds.counter_wounds == engine.counter, sit.label  # the attacker's wounds, from the same plays
    assert sum(odds.wounds.values()) == sum(odds.counter_wounds.values()) == 1


@pytest.mark.rule("HD-2", "HD-4", "HD-5", "HD-6", "SEQ-1", "T-TOUGH-1", "FATE-5", "FATE-6")
@pytest.mark.parametrize("seed", sampled(range(4), 2))  # a soak together: two by default, all four with -m slow
def test_the_duel_s_odds_are_the_engine_s_frequencies_with_fate_and_re_rolls(seed: int) -> None:
    """Random duels (Fate, Inner Reserve, Hand of Fortune, Tough, wounds left): a seeded Monte Carlo of the engine
    within 4.5 standard errors of the exact odds (the whole tree is too large to play)."""
    sit = duel_situation(random.Random(seed))
    assert attack_profile(sit.state, sit.attack).duel is not None
    engine = engine_distribution(sit, budget=0, samples=1500)
    assert not differences(sit, engine), (sit.label, differences(sit, engine))


# -- played whole: the AI, a save, the command line ----------------------------------------------------------------

def _duels(log: list[Any]) -> int:
    return sum(1 for e in log if e.kind == "DuelScore" and e.data.get("rule") == "HD-1")


@pytest.mark.rule("HD-1")
@pytest.mark.parametrize("seed", [2, 4])
def test_the_ai_plays_a_whole_game_with_the_option_on(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """Normal against normal, seeded, strict (an illegal AI answer raises), the invariants checked after every
    decision; the game has duels, and ends with a result."""
    from game.ai import registry
    from game.ai.matches import content
    from game.lab.soak import run_checked
    from game.rules.engine import Game
    from game.rules.setup import new_game
    from game.rules.state import Settings

    monkeypatch.setenv("IRON_HONOR_AI_STRICT", "1")
    parties, battle_map, scenario = content(("lantern_adventuring_co", "northmen_raiding_party"), None, "engagement")
    state = new_game((parties[0], parties[1]), battle_map, seed, Settings(options=(HEROIC_DUEL,)), scenario)
    game = Game(state, [registry.make("normal", seed * 2 + 1), registry.make("normal", seed * 2 + 2)])
    run_checked(game, f"heroic duel, seed {seed}")
    assert state.result and _duels(state.log) >= 1
    assert not [e for e in state.log if e.data.get("fault")]


@pytest.mark.rule("HD-1")
def test_simulate_s_games_play_the_option_and_say_so() -> None:
    from game.ai.matches import Match, play_match

    pair = ("lantern_adventuring_co", "northmen_raiding_party")
    on = play_match(Match(pair, ("normal", "normal"), None, "engagement", 2, True, (HEROIC_DUEL,)))
    assert on["error"] is None and on["options"] == [HEROIC_DUEL]
    assert any(e["kind"] == "DuelScore" for e in on["_events"])
    off = play_match(Match(pair, ("normal", "normal"), None, "engagement", 2, True))
    assert "options" not in off and not any(e["kind"] == "DuelScore" for e in off["_events"])


@pytest.mark.rule("HD-1", "DIG-ACT-4")
def test_a_save_records_the_option_and_plays_back_its_duels(tmp_path: Any) -> None:
    from game.saves.playback import play_back
    from game.saves.record import read_save
    from game.ui.session import HOTSEAT, BattleSession, BattleSetup
    from tests.saves.test_saves import Players

    s = BattleSession(BattleSetup(seed=3, mode=HOTSEAT, options=(HEROIC_DUEL,),
                                  parties=("lantern_adventuring_co", "northmen_raiding_party")), autosave=False)
    Players(3).play(s)
    assert s.state.settings.options == (HEROIC_DUEL,) and _duels(s.state.log) >= 1
    path = tmp_path / "duel.json"
    s.save_to(path, name="duels")
    record = read_save(path)
    assert record.setup["options"] == [HEROIC_DUEL]
    played = play_back(record.setup, record.answers, record.checks)
    assert played.divergence is None and played.game.state.settings.options == (HEROIC_DUEL,)
    assert [e.text for e in played.game.state.log] == [e.text for e in s.state.log]


@pytest.mark.rule("HD-1")
def test_fight_takes_the_option_and_names_the_system_s_options_for_a_wrong_one(capsys: Any) -> None:
    from game.cli import main

    args = ["fight", "--parties", "lantern_adventuring_co", "northmen_raiding_party", "--scenario", "engagement",
            "--seed", "2"]
    assert main([*args, "--option", HEROIC_DUEL]) == 0
    assert "fight a heroic duel" in capsys.readouterr().out
    assert main([*args, "--option", "fog-of-war"]) == 2
    assert "has no optional rule 'fog-of-war'; its optional rules: heroic-duel" in capsys.readouterr().err
