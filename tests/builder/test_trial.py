"""*Try it*: games of the built party played by the lab's engine away from the window, counted right."""

from __future__ import annotations

import queue
from typing import Any

from game.ai.matches import wilson
from game.builder.files import open_party
from game.builder.trial import Trial, TrialResult
from game.paths import PARTIES_DIR, SCENARIOS_DIR


def test_results_count_wins_draws_losses_and_the_wilson_interval() -> None:
    r = TrialResult()
    for winner, scores in ((0, [3, 1]), (1, [0, 2]), (None, [1, 1]), (0, [4, 0])):
        r.add_game({"winner_side": winner, "scores": scores, "error": None})
    r.add_game({"error": "RuntimeError('x')"})
    assert (r.games, r.wins, r.draws, r.losses, r.errors) == (5, 2, 1, 1, 1)
    assert r.win_rate == 0.5 and r.interval == wilson(2, 4)
    assert r.mean_score == 2.0 and r.their_mean_score == 1.0


def test_games_of_the_unsaved_party_are_played_and_summed() -> None:
    data = open_party(PARTIES_DIR / "northmen_raiding_party.yaml").data
    trial = Trial(data, str(PARTIES_DIR / "ghrim_company.yaml"), None, None, games=2, ai="random", thread=True)
    while not trial.done:  # woken by each message; the timeout only guards against a hang
        assert trial.wait(timeout=300), "the trial sent nothing for 300 s"
    assert trial.fatal is None
    assert trial.result.games == 2 and trial.result.errors == 0, trial.result.first_error
    assert trial.result.played == 2


class _NoWaiting:
    """The trial's queue, refusing to block: a poll that waited for a game would fail here, on any machine."""

    def __init__(self, inner: Any):
        self.inner, self.asked = inner, 0

    def get_nowait(self) -> Any:
        self.asked += 1
        return self.inner.get_nowait()

    def get(self, block: bool = True, timeout: float | None = None) -> Any:
        assert not block, "poll waited on the background games"
        return self.get_nowait()

    def close(self) -> None:
        if hasattr(self.inner, "close"):  # a process's queue (a thread's has none)
            self.inner.close()


def test_the_background_process_never_makes_the_caller_wait_and_stops_on_cancel() -> None:
    data = open_party(PARTIES_DIR / "northmen_raiding_party.yaml").data
    trial = Trial(data, str(PARTIES_DIR / "ghrim_company.yaml"), str(SCENARIOS_DIR / "engagement.yaml"), None,
                  games=100)
    trial._queue = spy = _NoWaiting(trial._queue)
    for _ in range(40):
        trial.poll()  # polling only collects what is ready
    assert spy.asked >= 40
    trial.cancel()
    assert trial.done and trial.cancelled
    assert not trial.running
    assert trial.result.games < 100


def test_a_poll_collects_every_message_ready_and_the_end() -> None:
    data = open_party(PARTIES_DIR / "northmen_raiding_party.yaml").data
    trial = Trial(data, str(PARTIES_DIR / "ghrim_company.yaml"), None, None, games=0, thread=True)
    trial._thread.join()
    fake: queue.Queue = queue.Queue()
    for msg in ({"winner_side": 0, "scores": [2, 1], "error": None}, {"winner_side": None, "scores": [1, 1],
                                                                       "error": None}, {"done": True}):
        fake.put(msg)
    trial._queue = _NoWaiting(fake)
    assert trial.poll() and trial.done
    assert (trial.result.games, trial.result.wins, trial.result.draws) == (2, 1, 1)
