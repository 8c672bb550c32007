"""The AI as candidate actions: levels are data (game.ai.difficulty), candidates read the table and never
change it, an illegal answer is a bug that raises, and hard's look-ahead plays on copies of the game."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from game.ai import candidates
from game.ai.difficulty import EASY, HARD, LEVELS, NORMAL, level
from game.ai.lookahead import Lookahead, evaluate, fork, rest_of_activation
from game.ai.tactical import AIBug, Tactical
from game.lab import ai_soak
from game.rules.decisions import Decision, Option
from game.rules.deployment import AutoDeploy
from game.rules.engine import Game
from game.rules.setup import new_game
from tests.rules.harness import figure, table

ROOT = Path(__file__).resolve().parents[2]


def picture(state) -> str:
    return json.dumps([state.snapshot(), len(state.log)], sort_keys=True, default=str)


def test_levels_are_data_and_the_controller_never_branches_on_a_name() -> None:
    assert set(LEVELS) == {"easy", "normal", "hard"} and level("hard") is HARD
    assert EASY.blunder > 0 == NORMAL.blunder and HARD.lookahead > 0 == NORMAL.lookahead
    with pytest.raises(KeyError, match="known: easy, normal, hard"):
        level("brutal")
    for name in ("tactical.py", "nomination.py", "plan_choice.py", "steering.py", "targeting.py", "fate_policy.py",
                 "candidates.py", "lookahead.py"):
        tree = ast.parse((ROOT / "game" / "ai" / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare) and isinstance(node.left, ast.Attribute) and node.left.attr == "level":
                raise AssertionError(f"{name}:{node.lineno} compares the level by name")


def test_candidates_score_the_table_without_changing_it() -> None:
    state = table((0, figure("Raider"), 10, 10, 0), (1, figure("Guard"), 16, 10, 180),
                  (1, figure("Far"), 30, 30, 180))
    before = picture(state)
    ai = candidates.Appraiser(HARD)
    offers = candidates.all_offers(ai, state, state.model("A1"))
    assert [o[0] for o in offers] == sorted((o[0] for o in offers), reverse=True)
    kinds = {o[1].kind for o in offers}
    assert {"advance", "charge"} <= kinds
    assert candidates.best(ai, state, state.model("A1")) == offers[0]
    assert picture(state) == before


def test_full_defense_is_weighed_on_a_copy_of_the_defender() -> None:
    state = table((0, figure("Raider"), 10, 10, 0), (1, figure("Guard"), 14, 10, 180))
    ours, theirs = state.model("B1"), state.model("A1")
    conditions = dict(ours.conditions)
    Tactical(1, "hard").fate.full_defense_gain(state, ours, theirs)
    assert ours.conditions == conditions


def test_an_illegal_answer_raises_when_strict_and_is_counted_when_not() -> None:
    state = table((0, figure("Raider"), 10, 10, 0), (1, figure("Guard"), 14, 10, 180))
    d = Decision("weakness", 0, "which weakness?", "TEST-1", [Option("MD", "MD"), Option("RD", "RD")])
    with pytest.raises(AIBug, match="weakness"):  # on_weakness answers "PD", which this decision does not offer
        Tactical(1, "normal", strict=True).decide(state, d)
    lenient = Tactical(1, "normal", strict=False)
    assert lenient.decide(state, d) in ("MD", "RD") and len(lenient.faults) == 1


@pytest.mark.rule("DIG-ACT-1", "DIG-ACT-4")
def test_a_fork_plays_on_without_touching_the_game_it_was_copied_from() -> None:
    task = ai_soak.plan(3, 4, [("normal", "normal")], encounters=("rescue", "landmark", "salvage"))[0]
    parties, battle_map, scenario = ai_soak._content(task.parties, task.map, task.scenario)
    state = new_game((parties[0], parties[1]), battle_map, task.seed, scenario=scenario)
    game = Game(state, [AutoDeploy(Tactical(1, "normal")), AutoDeploy(Tactical(2, "normal"))])
    while game.pending is not None and game.pending.kind != "plan":
        game.step()
    d = game.pending
    assert d is not None and d.kind == "plan"
    before = picture(state)
    clone = fork(state, 99)
    assert clone.snapshot()["models"] == state.snapshot()["models"] and clone.log is not state.log
    gen = rest_of_activation(clone, clone.model(d.context["model"]), d.context["ap"])
    decision, answer = next(gen), d.choices()[-1]
    ais = [Tactical(5, "normal"), Tactical(6, "normal")]
    try:
        while True:
            decision = gen.send(decision.validate(answer))
            answer = ais[decision.side].decide(clone, decision)
    except StopIteration:
        pass
    assert clone.active_model is None and len(clone.log) > len(state.log)
    assert picture(state) == before  # the game itself is as it was
    value = evaluate(clone, d.side, d.context["model"], candidates.Appraiser(HARD))
    assert isinstance(value, float)
    owner = Tactical(7, "hard")
    chosen = Lookahead(owner, 7).plan(state, d)
    assert chosen is None or chosen in d.choices()
    assert picture(state) == before
