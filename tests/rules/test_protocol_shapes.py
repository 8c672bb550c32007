"""The kernel's decision protocol carries the two shapes other rule systems need (issue 38): a subset of the
options, and secret simultaneous decisions answered apart and received together. Played here by a toy rules
program through the one driver (the game, the AI's look-ahead and script mode all step rules through it)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest

from game.ai.random_legal import RandomLegal
from game.rules.decisions import Decision, IllegalAnswer, Option, ScriptedController, Simultaneous
from game.rules.engine import Game
from game.rules.state import GameState
from tests.rules.harness import table

OPTS = [Option(k, k.title()) for k in ("bow", "spear", "club", "axe")]


def _subset(side: int = 0, pick: tuple[int, int] = (1, 2)) -> Decision:
    return Decision("choose_role", side, "Which fighters shoot?", "KERNEL-1", list(OPTS), free="subset", pick=pick)


def _toy(state: GameState, seen: list[Any]) -> Generator[Any, Any, None]:
    """A subset, then a secret pair; logs nothing, so each answer is plainly what the rules received."""
    seen.append((yield _subset()))
    pair = Simultaneous([Decision("choose_role", 0, "Card?", "KERNEL-2", [Option("lunge", "Lunge"),
                                                                          Option("cut", "Cut")]),
                         Decision("choose_role", 1, "Card?", "KERNEL-2", [Option("duck", "Duck"),
                                                                          Option("jump", "Jump Back")])])
    seen.append((yield pair))


def test_a_subset_answer_is_distinct_offered_keys_within_the_bounds_in_the_options_order() -> None:
    d = _subset()
    assert d.validate(["club", "bow"]) == ["bow", "club"]
    assert d.validate(("spear",)) == ["spear"]
    for bad, why in ((["bow", "bow"], "named twice"), (["sword"], "'sword' is not offered"),
                     ([], "choose 1 to 2 of the options, not 0"), (["bow", "club", "axe"], "not 3"),
                     ("bow", "expected a list"), ([1], "expected a list")):
        with pytest.raises(IllegalAnswer, match=why):
            d.validate(bad)
    with pytest.raises(IllegalAnswer, match="choose 2 of the options"):
        _subset(pick=(2, 2)).validate(["bow"])


def test_secret_decisions_are_asked_apart_and_received_together() -> None:
    seen: list[Any] = []
    state = table()
    game = Game(state, [ScriptedController([["axe", "spear"], "cut"]), ScriptedController(["jump"])],
                rules=lambda s: _toy(s, seen))
    assert game.pending is not None and game.pending.free == "subset" and not game.pending.secret
    game.step()
    assert seen == [["spear", "axe"]]
    first = game.pending
    assert first is not None and first.secret and first.side == 0
    game.step()
    assert seen == [["spear", "axe"]], "the rules must not see one secret answer before the other"
    second = game.pending
    assert second is not None and second.secret and second.side == 1
    game.step()
    assert seen == [["spear", "axe"], ("cut", "jump")]
    assert game.over and game.answers == [["spear", "axe"], "cut", "jump"]


def test_a_secret_answer_moves_the_state_version_like_any_other() -> None:
    """One identity rule: the version moves at each decision boundary, a held answer's included."""
    state = table()
    game = Game(state, [ScriptedController([["bow"], "lunge"]), ScriptedController(["duck"])],
                rules=lambda s: _toy(s, []))
    game.step()
    before = state.version
    game.step()
    assert state.version != before


def test_the_random_controller_answers_both_shapes_legally() -> None:
    for seed in range(30):
        seen: list[Any] = []
        game = Game(table(), [RandomLegal(seed), RandomLegal(seed + 100)], rules=lambda s, seen=seen: _toy(s, seen))
        game.run()
        subset, (mine, theirs) = seen
        assert 1 <= len(subset) <= 2 and set(subset) <= {o.key for o in OPTS}
        assert mine in ("lunge", "cut") and theirs in ("duck", "jump")


def test_a_simultaneous_group_needs_two_questions() -> None:
    with pytest.raises(ValueError, match="two or more"):
        Simultaneous([_subset()])


def test_a_secret_question_always_passes_the_hotseat_seat() -> None:
    """Mid-activation a plain question for the other player keeps the seat (its kind says so); a secret one never
    does: the other player must not see it asked."""
    from game.ui.battle.turn_flow import passes_seat

    plain = Decision("reroll", 1, "Re-roll?", "SEQ-1", [Option("pass", "No")])
    assert not passes_seat(plain, active_model="A1")
    assert passes_seat(plain, active_model=None)
    (first, second) = Simultaneous([Decision("reroll", 0, "Card?", "KERNEL-2", [Option("a", "A")]),
                                    Decision("reroll", 1, "Card?", "KERNEL-2", [Option("b", "B")])]).decisions
    assert passes_seat(second, active_model="A1") and passes_seat(first, active_model="A1")
