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
from game.rules import combat, conditions
from game.rules.decisions import Decision
from game.rules.setup import new_game, simple_deployment
from tests.conftest import PARTIES

NAMES = sorted(p.stem for p in PARTIES.glob("*.yaml"))


@pytest.mark.parametrize("pair", list(zip(NAMES, NAMES[1:] + NAMES[:1], strict=True)), ids="-v-".join)
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
