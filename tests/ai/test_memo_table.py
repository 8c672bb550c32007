"""The AI's odds memo lives while the table stands: what the rolls read is in its key, so a change the rules
see (a hero's fate, [HERO-2]) is never answered from the memo of the table before it."""

from __future__ import annotations

import pytest

from game.ai import memo
from game.ai.odds import attack_odds
from game.rules.combat import Attack
from tests.rules.harness import figure, table


@pytest.mark.rule("HERO-2")
def test_vengeance_is_not_answered_from_the_memo_of_the_table_before() -> None:
    state = table((0, figure("Vet"), 10, 10, 90), (1, figure("Foe"), 10, 11, 270))
    attack = Attack(state.model("A1"), state.model("B1"), "close", "standard_attack", 0)
    before = memo.odds(state, attack)
    state.sides[0].hero_fate, state.sides[0].hero_fate_turn = "vengeance", state.turn  # the Death of a Hero roll
    state.touch()  # the next decision
    after = memo.odds(state, attack)
    assert after.p_win == attack_odds(state, attack).p_win > before.p_win
