"""Levels that do not reappraise rank their nomination by remembered scores (nomination.Remembered): a model keeps
its last score as its estimate, only those that may still lead are appraised afresh, and the one nominated
always is (its intent exact); levels without ``contenders`` trust the estimates further."""

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


def test_without_contenders_the_greatest_estimate_leads_appraised_alone(table, monkeypatch) -> None:
    """Normal (``contenders`` off): a fallen leader is nominated still, no other estimate asked; a model never
    appraised is (its estimate unknown)."""
    state, ids = table
    scores = dict(zip(ids, (0.5, 2.0, 1.0, 0.1), strict=True))
    asked = fake_scores(monkeypatch, scores)
    ranking = Remembered()
    key, _ = ranking.leader(Appraiser(NORMAL), state, ids[:3], contenders=False)
    assert key == ids[1] and sorted(asked) == sorted(ids[:3])  # none had an estimate: all asked
    asked.clear()
    scores[ids[1]] = 0.8  # fallen below the next estimate (1.0): nominated all the same
    key, (score, _) = ranking.leader(Appraiser(NORMAL), state, ids, contenders=False)
    assert asked == [ids[3], ids[1]] and (key, score) == (ids[1], 0.8)


def test_a_level_weighing_its_nearest_targets_asks_of_those_alone(table) -> None:
    """``targets_weighed``: the per-enemy candidates (charge, shot, spell, close-in) ask of the nearest enemies
    only, in their own order; 0 asks of every enemy."""
    from dataclasses import replace

    from game.rules import board

    state, ids = table
    for i, o in enumerate(state.models.values()):  # spread out, none in contact
        o.x, o.y = 4.0 + 3.0 * i, (6.0 if o.side == 0 else 20.0 + 1.5 * i)
    m = state.model(ids[0])
    foes = state.enemies_of(m)
    nearest = sorted(foes, key=lambda e: board.distance(m, e))[:2]
    for weighed, expected in ((0, [e.id for e in foes]), (2, [e.id for e in foes if e in nearest])):
        steps = candidates._steps(Appraiser(replace(NORMAL, targets_weighed=weighed)), state, m)
        asked = list(dict.fromkeys(more[0].id for _, more in steps if more))
        assert asked == expected


def test_a_level_weighing_its_first_target_shoots_and_casts_at_the_nearest_alone(table) -> None:
    """``first_target``: shots and spells are weighed at the nearest enemy alone (the dearest candidates to
    weigh), charges and close-ins still at every enemy weighed."""
    from dataclasses import replace

    from game.rules import board

    state, ids = table
    for i, o in enumerate(state.models.values()):  # spread out, none in contact
        o.x, o.y = 4.0 + 3.0 * i, (6.0 if o.side == 0 else 20.0 + 1.5 * i)
    ai = Appraiser(NORMAL)
    shooters = [m for m in state.side_models(0) if candidates.Shoot().applies(ai, state, m)]
    casters = [m for m in state.side_models(0) if candidates.Cast().applies(ai, state, m)]
    assert shooters and casters
    for m, kind in ((shooters[0], candidates.Shoot), (casters[0], candidates.Cast)):
        nearest = min(state.enemies_of(m), key=lambda e: board.distance(m, e))
        for first in (False, True):
            level = replace(NORMAL, targets_weighed=0, first_target=first)
            steps = list(candidates._steps(Appraiser(level), state, m))
            asked = {more[0].id for t, more in steps if isinstance(t, kind)}
            assert asked == ({nearest.id} if first else {e.id for e in state.enemies_of(m)})
    m = state.model(ids[0])
    steps = list(candidates._steps(Appraiser(replace(NORMAL, targets_weighed=0, first_target=True)), state, m))
    assert {more[0].id for t, more in steps if isinstance(t, candidates.Charge)} == {e.id for e in state.enemies_of(m)}
