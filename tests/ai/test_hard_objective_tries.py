"""Hard's look-ahead also tries the way to the objective (Difficulty.try_objective): the candidates score an
advance by its pull alone, so two attacks at the nearest enemies could outrank it and the look-ahead, which tries
the best two intents, never saw the position the advance leaves (in the Relief: a Defender beside the crossing
charging at long odds while the crossing it should stand on went to the Attacker). Normal has no look-ahead."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.ai import candidates
from game.ai.difficulty import EASY, HARD, NORMAL
from game.ai.futile import Futility
from game.ai.lookahead import Lookahead
from game.ai.tactical import Tactical
from game.lab import ai_soak
from game.rules.decisions import Decision
from game.rules.deployment import AutoDeploy
from game.rules.engine import Game
from game.rules.setup import new_game
from game.rules.state import GameState


def test_trying_the_objective_is_hards_alone() -> None:
    assert HARD.try_objective and not NORMAL.try_objective and not EASY.try_objective


def relief_plan_outranked():
    """A seeded Relief game played to the first plan decision of hard's where the two best offers, near each other,
    are not an advance, are carried out by two plans (the look-ahead plays both) and an advance is offered: the
    state, the decision and the model's offers."""
    def two_plans(state: GameState, d: Decision, offers: list[candidates.Scored]) -> bool:
        owner, m = Tactical(7, HARD), state.model(d.context["model"])
        keys = set()
        for _, intent in offers[:2]:
            owner.intent = intent
            keys.add(owner.plans.best_plan(state, m, d.choices(), Futility(state, m, HARD.contact_round)))
        return len(keys) == 2

    parties, battle_map, scenario = ai_soak._content(("northmen_raiding_party", "ghrim_company"), "open_field",
                                                     "the_relief")
    state = new_game((parties[0], parties[1]), battle_map, 6, scenario=scenario)
    game = Game(state, [AutoDeploy(Tactical(11, "normal")), AutoDeploy(Tactical(12, "hard"))])
    appraiser = candidates.Appraiser(HARD)
    for _ in range(2000):
        d = game.pending
        assert d is not None, "no such decision in the game"
        if d.kind == "plan" and d.side == 1:
            offers = candidates.all_offers(appraiser, state, state.model(d.context["model"]))
            if len(offers) > 2 and offers[1][0] >= offers[0][0] - 1.5 \
                    and all(i.kind != "advance" for _, i in offers[:2]) \
                    and any(i.kind == "advance" for _, i in offers[2:]) and two_plans(state, d, offers):
                return state, d, offers
        game.step()
    raise AssertionError("no such decision in 2000")


@pytest.mark.rule("DIG-ACT-1")
def test_the_look_ahead_tries_the_advance_that_two_attacks_outrank() -> None:
    state, d, offers = relief_plan_outranked()
    assert all(i.kind != "advance" for _, i in offers[:2])
    before = state.snapshot()
    tried = {}
    for name, level in (("hard", HARD), ("plain", replace(HARD, try_objective=False))):
        owner = Tactical(7, level)
        look = Lookahead(owner, 7)
        chosen = look.plan(state, d)
        assert chosen is None or chosen in d.choices()
        tried[name] = look.tries
    assert state.snapshot() == before  # played on copies only
    assert tried["hard"] > tried["plain"]  # the advance is played out too
