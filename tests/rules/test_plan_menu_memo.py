"""The plan menu is remembered by everything it follows from (plans._MENUS): at every plan declared in seeded
games, the remembered menu is the menu worked out afresh ([DIG-ACT-1], [SEQ-2])."""

from __future__ import annotations

from typing import Any

import pytest

from game.ai.simulate import Setup, play_game
from game.rules import plans, turn


@pytest.mark.rule("DIG-ACT-1", "SEQ-2")
@pytest.mark.parametrize("game", [0, pytest.param(1, marks=pytest.mark.slow)])  # a second game each: -m slow
@pytest.mark.parametrize("parties", [("lantern_adventuring_co", "northmen_raiding_party"),
                                     ("order_of_the_grey_lance", "hollow_court")])
def test_a_remembered_menu_is_the_menu_worked_out_afresh(monkeypatch: pytest.MonkeyPatch,
                                                        parties: tuple[str, str], game: int) -> None:
    seen: list[int] = []
    remembered = plans.legal_plans

    def both(state: Any, model: Any, ap: int) -> list[tuple[str, ...]]:
        found = remembered(state, model, ap)
        kept = dict(plans._MENUS)
        plans._MENUS.clear()
        fresh = remembered(state, model, ap)
        plans._MENUS.clear()
        plans._MENUS.update(kept)
        assert found == fresh, (model.id, ap)
        seen.append(len(found))
        return found

    monkeypatch.setattr(turn, "legal_plans", both)
    setup = Setup(parties, ("normal", "hard"), "village_ruins", "engagement")
    record = play_game(setup, game, 70 + game, keep_times=False)
    assert record["error"] is None, record["error"]
    assert len(seen) > 40  # plans declared in the one game
