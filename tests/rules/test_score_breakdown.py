"""The battle report itemises each side's score: every kill, escape, award and victory ([ENC-4], [ENC-5])."""

from __future__ import annotations

import pytest

from game.content.library import lookup
from game.lab.encounter_soak import encounter_game
from game.rules import scoring

ENCOUNTERS = ("engagement", "landmark", "rescue", "scouting_run", "salvage", "breakthrough", "the_relief",
              "signal_fires")


@pytest.mark.rule("ENC-4", "ENC-5")
@pytest.mark.parametrize("encounter", ENCOUNTERS)
def test_the_items_of_each_side_add_up_to_its_score_and_are_reported_before_the_end(encounter: str) -> None:
    parties = (lookup("parties", "ghrim_company").value, lookup("parties", "northmen_raiding_party").value)
    game = encounter_game(parties, lookup("maps", "village_ruins").value, lookup("scenarios", encounter).value, 5)
    game.run()
    state = game.state
    report = [e for e in state.log if e.kind == "ScoreBreakdown"]
    assert [e.data["side"] for e in report] == [0, 1]
    assert state.log[-1].kind == "GameOver" and state.log[-3:-1] == report
    for side in (0, 1):
        items = scoring.breakdown(state, side)
        assert sum(points for _label, points in items) == state.sides[side].score
        assert report[side].data["items"] == [[label, points] for label, points in items]
    assert any(scoring.breakdown(state, side) for side in (0, 1)) or state.result == "draw"
