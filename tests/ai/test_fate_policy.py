"""The Fate policy (game.ai.fate_policy) asks the rules: it weighs Inner Reserve and Full Defense by the exact
odds with no fallback for an attack the odds cannot model (every party's models, attacking and attacked in contact,
Stunned or not, and at range, are answered by the odds: an error there is a bug that raises, not a silent "no
opinion"), and knows a trait's wound save by what the question says, never by the trait's name."""

from __future__ import annotations

import pytest

from game.ai import fate_policy
from game.ai.tactical import Tactical
from game.content.maps import BattleMap
from game.content.party_building import load_party
from game.rules import combat, conditions, fate
from game.rules.decisions import Decision
from game.rules.setup import new_game, simple_deployment
from tests.conftest import PARTIES
from tests.sampling import sampled

NAMES = sorted(p.stem for p in PARTIES.glob("*.yaml"))


# every other pairing by default (each party still met), all of them with -m slow (tests.sampling)
@pytest.mark.parametrize("pair", sampled([(pair,) for pair in zip(NAMES, NAMES[1:] + NAMES[:1], strict=True)], 2,
                                         lambda c: "-v-".join(c[0])))
def test_the_odds_answer_every_attack_the_fate_policy_weighs(pair: tuple[str, str]) -> None:
    state = new_game(tuple(load_party(PARTIES / f"{p}.yaml") for p in pair), BattleMap("open table", ()), 4)
    simple_deployment(state)
    policy = Tactical(1, "hard").fate
    asked = 0
    for a in state.side_models(0):
        for d in state.side_models(1):
            d.x, d.y = a.x, a.y + a.radius + d.radius  # in base contact
            for stunned in (False, True):
                if stunned:
                    conditions.STUNNED.put(d)
                state.touch()
                assert isinstance(policy.full_defense_gain(state, d, a), float)
                for w in combat.melee_weapons(a) or [None]:
                    for side in (0, 1):
                        charge = combat.Attack(a, d, "close", "charge_attack", w)
                        gain = fate_policy.inner_reserve_gain(state, side, charge)
                        assert -1.0 <= gain <= 1.0
                        asked += 1
                for w in combat.ranged_weapons(a):
                    gain = fate_policy.inner_reserve_gain(state, 0, combat.Attack(a, d, "ranged", "ranged_attack", w))
                    assert -1.0 <= gain <= 1.0
            conditions.STUNNED.lift(d)
    assert asked


@pytest.mark.rule("T-TOUGH-1", "FATE-7")
def test_a_wound_save_is_known_by_what_its_question_says_not_by_the_traits_name() -> None:
    from game.rules.traits.tough import SAVE

    state = new_game(tuple(load_party(PARTIES / f"{p}.yaml") for p in NAMES[:2]), BattleMap("open table", ()), 4)
    simple_deployment(state)
    attacker, m = state.side_models(1)[0], state.side_models(0)[0]
    state.sides[0].fate = 1  # no Fate beyond the reserve: only a wound save for a dying model gets it
    m.wounds_taken = m.max_wounds - 1
    question = next(combat.OnTheTable(state, m, attacker).trait_roll(SAVE.roll, attacker=False, no_fate=False))
    assert question.kind == "trait_fate" and question.context["saves_wound"]
    ai = Tactical(1, "normal", strict=True)
    assert ai.decide(state, question) == "spend"
    renamed = Decision("trait_fate", 0, "?", "T-TOUGH-1", options=list(question.options),
                       context={**question.context, "trait": "Hardy", "saves_wound": True})
    assert ai.decide(state, renamed) == "spend"  # the name is not read
    slayer = Decision("trait_fate", 0, "?", "T-SLAYER-1", options=list(question.options),
                      context={**question.context, "saves_wound": False})
    assert ai.decide(state, slayer) == "pass"


def _inner_reserve_question(ma: int, pd: int):
    """A blow of MA ``ma`` against PD ``pd`` in contact, both sides with Fate to spare: the attacker's Inner
    Reserve question, asked by the rules."""
    from game.rules import fate
    from tests.rules.harness import figure, table

    state = table((0, figure("Striker", MA=ma), 10, 10, 0), (1, figure("Wall", PD=pd), 10.99, 10, 180), fate=(4, 4))
    state.active_model = "A1"
    attack = combat.Attack(state.model("A1"), state.model("B1"), "close", "standard_attack", 0)
    return state, next(fate.inner_reserve(state, 0, "Striker's attack", False, {"attack": attack}))


@pytest.mark.rule("FATE-5")
@pytest.mark.parametrize("level", ["hard"])  # the levels with a ``reserve_floor``
def test_no_inner_reserve_on_a_blow_whose_chance_stays_small(level: str) -> None:
    """MA 2 against PD 6 wins 10 % of the time, 26 % with the extra die: under the level's ``fate_floor``, so the
    Fate is kept; MA 4 against PD 4 (48 %, 67 % with it) is worth the Fate."""
    from game.ai import memo

    state, question = _inner_reserve_question(2, 6)
    attack = question.context["attack"]
    assert float(memo.odds(state, attack, attacker_inner_reserve=True).p_win) < 0.3
    ai = Tactical(1, level, strict=True)
    ai.intent.kind = "fight"
    assert ai.decide(state, question) == "pass"
    state, question = _inner_reserve_question(4, 4)
    assert ai.decide(state, question) == "spend"


@pytest.mark.rule("FATE-6", "DICE-2")
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_no_hand_of_fortune_on_a_roll_fresh_dice_can_hardly_win(level: str) -> None:
    """An attack roll of 5 (a double 1 and +3) against a defence of 16 wins a re-roll only on 13+: never (2d6);
    against a defence of 8 a re-roll wins on 6+ (72 %): Hand of Fortune then."""
    from game.rules import fate
    from tests.rules.harness import figure, table

    state = table((0, figure("Striker"), 10, 10, 0), (1, figure("Wall"), 10.99, 10, 180), fate=(4, 4))
    state.active_model = "A1"
    ai = Tactical(1, level, strict=True)
    for opposed, answer in ((16, "pass"), (8, "hand_of_fortune")):
        about = {"model": "A1", "dice": [1, 1], "total": 5, "opposed": opposed, "active": True}
        question = next(fate.reroll_choice(state, 0, "Striker's MA roll", [], True, False, about))
        assert ai.decide(state, question) == answer


@pytest.mark.rule("FATE-5")
def test_a_level_without_a_reserve_floor_spends_inner_reserve_by_its_reasons_alone() -> None:
    """Normal (no ``reserve_floor``, issue 37: the chance is not asked) spends on its own blow at long odds too."""
    state, question = _inner_reserve_question(2, 6)
    ai = Tactical(1, "normal", strict=True)
    ai.intent.kind = "fight"
    assert not ai.difficulty.reserve_floor and ai.decide(state, question) == "spend"


@pytest.mark.rule("FATE-5", "SORC-7")
@pytest.mark.parametrize("level", ["hard"])  # the levels with a ``reserve_floor``
def test_no_inner_reserve_on_a_spell_cast_into_a_melee_at_long_odds(level: str) -> None:
    """A Stun at an enemy hero (WP 4) our guard holds in base contact: -3 to the casting roll ([SORC-7]), 10 %, 26 %
    with the extra die: under the floor, the Fate is kept; out of the melee (36 %, 57 % with it) it is spent."""
    from game.ai.candidates import Intent
    from tests.ai.test_idle_blunders import melee_beside_a_sorcerer

    for engaged, answer in ((True, "pass"), (False, "spend")):
        state = melee_beside_a_sorcerer(engaged, wp=4)
        state.active_model = "A1"
        ai = Tactical(1, level, strict=True)
        ai.intent = Intent("cast", "B1", spell="stun")
        cast = {"caster": "A1", "spell": "stun", "enhancement": "none", "targets": ["B1"]}
        question = next(fate.inner_reserve(state, 0, "Witch's casting roll", False, {"cast": cast}))
        assert ai.decide(state, question) == answer, engaged


@pytest.mark.rule("FATE-6", "AOE-1")
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_no_hand_of_fortune_on_a_victims_roll_fresh_dice_can_hardly_hold(level: str) -> None:
    """A hero caught by an area (its roll 5: a double 1 and +3) against a total of 15 holds after a re-roll only on
    12 (3 %): the Fate is kept; against 8 it holds on 5+ (83 %): Hand of Fortune."""
    from tests.rules.harness import figure, table

    state = table((0, figure("Blaster"), 10, 10, 0), (1, figure("Hero", kind="hero"), 20, 10, 180), fate=(4, 4))
    ai = Tactical(1, level, strict=True)
    for against, answer in ((15, "pass"), (8, "hand_of_fortune")):
        about = {"model": "B1", "against": against, "dice": [1, 1], "total": 5}
        question = next(fate.reroll_choice(state, 1, "Hero's PD roll", [], True, False, about))
        assert ai.decide(state, question) == answer
