"""Levels that do not reappraise rank their nomination by remembered scores (nomination.Remembered): a model keeps
its last score as its estimate, only those that may still lead are appraised afresh, and the one nominated
always is (its intent exact)."""

from __future__ import annotations

import pytest

from game.ai import candidates
from game.ai.candidates import Appraiser, Intent
from game.ai.difficulty import NORMAL
from game.ai.nomination import Remembered
from game.ai.simulate import Setup, _content
from game.rules.setup import new_game


@pytest.fixture
def table():
    setup = Setup(("lantern_adventuring_co", "northmen_raiding_party"), ("normal", "normal"), "village_ruins",
                  "engagement")
    parties, field, scenario = _content(setup)
    state = new_game((parties[0], parties[1]), field, 1, scenario=scenario)
    return state, [m.id for m in state.side_models(0)][:4]


def fake_scores(monkeypatch, scores: dict[str, float]) -> list[str]:
    """candidates.best answering ``scores`` (exact whatever the floor); the models asked, in order."""
    asked: list[str] = []

    def best(ai, state, m, floor=float("-inf")):
        asked.append(m.id)
        return scores[m.id], Intent("advance", notes=[m.id])

    monkeypatch.setattr(candidates, "best", best)
    return asked


def test_first_nomination_of_a_turn_appraises_all_and_takes_the_best(table, monkeypatch) -> None:
    state, ids = table
    scores = dict(zip(ids, (0.5, 2.0, 1.0, 0.1), strict=True))
    asked = fake_scores(monkeypatch, scores)
    key, (score, intent) = Remembered().leader(Appraiser(NORMAL), state, ids)
    assert (key, score, intent.notes) == (ids[1], 2.0, [ids[1]])
    assert sorted(asked) == sorted(ids)


def test_unchanged_models_keep_their_estimates_and_the_leader_is_appraised_afresh(table, monkeypatch) -> None:
    state, ids = table
    scores = dict(zip(ids, (0.5, 2.0, 1.0, 0.1), strict=True))
    asked = fake_scores(monkeypatch, scores)
    ranking = Remembered()
    ranking.leader(Appraiser(NORMAL), state, ids)
    asked.clear()
    scores[ids[3]] = 5.0  # risen unseen: its estimate (0.1) stands, it waits its turn
    scores[ids[1]] = 0.8  # the last leader has fallen below the next estimate (1.0): that one is asked too
    key, (score, _) = ranking.leader(Appraiser(NORMAL), state, ids)
    assert (key, score) == (ids[2], 1.0)
    assert asked == [ids[1], ids[2]]


def test_a_model_without_a_score_is_appraised(table, monkeypatch) -> None:
    state, ids = table
    scores = dict(zip(ids, (0.5, 2.0, 1.0, 0.1), strict=True))
    asked = fake_scores(monkeypatch, scores)
    ranking = Remembered()
    ranking.leader(Appraiser(NORMAL), state, ids[:3])
    asked.clear()
    scores[ids[3]] = 0.1  # new to the ranking (a reinforcement): no estimate, so it is asked first
    key, (score, _) = ranking.leader(Appraiser(NORMAL), state, ids)
    assert (key, score) == (ids[1], 2.0)
    assert asked == [ids[3], ids[1]]
