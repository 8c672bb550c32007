"""The plan chosen with the bound on skipped actions (PlanChooser.best_plan) is the plan the full appraisal picks:
every legal plan scored, skipped actions counted for each, the first of equal scores taken, the same noise
drawn. Checked at every plan declared in seeded games of each level."""

from __future__ import annotations

from typing import Any

import pytest

from game.ai.futile import Futility
from game.ai.plan_choice import PlanChooser
from game.ai.simulate import Setup, play_game


@pytest.mark.parametrize("pairing", [("normal", "normal"), ("hard", "easy")])
def test_best_plan_is_the_best_of_every_plan_scored(monkeypatch: pytest.MonkeyPatch, pairing: tuple[str, str]) -> None:
    checked: list[str] = []
    chosen = PlanChooser.best_plan

    def both(self: PlanChooser, state: Any, m: Any, keys: Any, futility: Futility) -> str:
        before = self.ai.rng.getstate()
        full = max(keys, key=lambda k: self.plan_score(state, m, [] if k == "nothing" else k.split(","),
                                                       self.futility(state, m)))  # as the level judges walks
        after = self.ai.rng.getstate()
        self.ai.rng.setstate(before)
        found = chosen(self, state, m, keys, futility)
        assert found == full, (m.id, list(keys))
        assert self.ai.rng.getstate() == after  # the same noise drawn: the games that follow are the same
        checked.append(found)
        return found

    monkeypatch.setattr(PlanChooser, "best_plan", both)
    setup = Setup(("lantern_adventuring_co", "northmen_raiding_party"), pairing, "village_ruins", "engagement")
    for i in range(2):
        record = play_game(setup, i, 40 + i, keep_times=False)
        assert record["error"] is None, record["error"]
    assert len(checked) > 50
