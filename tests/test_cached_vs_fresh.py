"""Every cache that lives across decisions gives the answer a fresh computation gives, at every decision of seeded
games: the AI's appraiser (danger, charge lanes, the odds memo) and the battle screen's (targets, sight, odds).
A cache keyed on something that did not move when the table did would fail here."""

from __future__ import annotations

import pytest

from game.ai import memo, registry
from game.ai.candidates import Appraiser
from game.ai.tactical import Tactical
from game.lab import ai_soak
from game.rules import combat
from game.rules.engine import Game
from game.rules.setup import new_game
from game.ui.battle import hover, previews

GAMES = [
    ai_soak.Task(0, 4, ("hard", "normal"), False, "engagement", "village_ruins",
                 ("lantern_adventuring_co", "northmen_raiding_party")),
    ai_soak.Task(1, 6, ("normal", "hard"), False, "rescue", "forest_crossing",
                 ("order_of_the_grey_lance", "hollow_court")),
]


def _game(task: ai_soak.Task) -> Game:
    parties, battle_map, scenario = ai_soak._content(task.parties, task.map, task.scenario)
    state = new_game((parties[0], parties[1]), battle_map, task.seed, scenario=scenario)
    return Game(state, [registry.make(task.ai[s], task.seed * 2 + 1 + s) for s in (0, 1)])


def _pairs(state):
    on = state.on_table()
    return [(a, e) for a in on for e in on if a.side != e.side]


@pytest.mark.parametrize("task", GAMES, ids=[t.scenario for t in GAMES])
def test_the_appraisers_caches_answer_as_a_fresh_appraiser_would(task: ai_soak.Task) -> None:
    game = _game(task)
    state = game.state
    asked = 0
    while not game.over and asked < 2500:
        d = game.step()
        if d is None or state.phase != "main":
            continue
        for ai in (getattr(c, "inner", c) for c in game.controllers):  # the AI under its deployment helper
            assert isinstance(ai, Tactical)
            fresh = Appraiser(ai.difficulty)
            for m in state.on_table():
                assert ai.appraiser.danger(state, m) == fresh.danger(state, m), (d.kind, m.id)
                assert ai.appraiser.chargeable(state, m) == fresh.chargeable(state, m), (d.kind, m.id)
                asked += 1
        for a, e in _pairs(state)[:6]:
            weapons = combat.melee_weapons(a)
            attack = combat.Attack(a, e, "close", "standard_attack", weapons[0] if weapons else None)
            kept = memo.odds(state, attack)
            state.__dict__.pop("_ai_memo", None)
            assert memo.odds(state, attack) == kept, (d.kind, a.id, e.id)
    assert asked > 500


def _clear_screen_caches() -> None:
    for cache in (hover._TARGETS, previews._RANGED, previews._LOS_CACHE, previews._ODDS_CACHE):
        cache.clear()


@pytest.mark.parametrize("task", GAMES[:1], ids=[t.scenario for t in GAMES[:1]])
def test_the_battle_screens_caches_answer_as_fresh_ones(task: ai_soak.Task) -> None:
    game = _game(task)
    state = game.state
    compared = 0
    while not game.over and compared < 1500:
        d = game.step()
        if d is None or state.phase != "main":
            continue
        pairs = _pairs(state)[:4]
        kept = [(hover.eligible(state, a.id), previews.los_result(state, a.id, e.id),
                 previews.odds_summary(state, a.id, e.id, "standard_attack"),
                 [(t.id, band, cover) for w in combat.ranged_weapons(a)
                  for t, band, cover in previews.ranged_targets(state, a, w)]) for a, e in pairs]
        _clear_screen_caches()
        fresh = [(hover.eligible(state, a.id), previews.los_result(state, a.id, e.id),
                  previews.odds_summary(state, a.id, e.id, "standard_attack"),
                  [(t.id, band, cover) for w in combat.ranged_weapons(a)
                   for t, band, cover in previews.ranged_targets(state, a, w)]) for a, e in pairs]
        assert kept == fresh, d.kind
        compared += len(pairs)
    assert compared > 200
