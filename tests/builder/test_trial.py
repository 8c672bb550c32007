"""*Try it*: games of the built party played by the simulate machinery away from the window, counted right."""

from __future__ import annotations

import time

from game.ai.simulate import wilson
from game.builder.files import open_party
from game.builder.trial import Trial, TrialResult
from game.paths import PARTIES_DIR, SCENARIOS_DIR


def test_results_count_wins_draws_losses_and_the_wilson_interval() -> None:
    r = TrialResult()
    for winner, scores in ((0, [3, 1]), (1, [0, 2]), (None, [1, 1]), (0, [4, 0])):
        r.add({"winner_side": winner, "scores": scores, "error": None})
    r.add({"error": "RuntimeError('x')"})
    assert (r.games, r.wins, r.draws, r.losses, r.errors) == (5, 2, 1, 1, 1)
    assert r.win_rate == 0.5 and r.interval == wilson(2, 4)
    assert r.mean_score == 2.0 and r.their_mean_score == 1.0


def test_games_of_the_unsaved_party_are_played_and_summed() -> None:
    data = open_party(PARTIES_DIR / "northmen_raiding_party.yaml").data
    trial = Trial(data, str(PARTIES_DIR / "ghrim_company.yaml"), None, None, games=2, ai="random", thread=True)
    end = time.monotonic() + 300
    while not trial.done and time.monotonic() < end:
        trial.poll()
        time.sleep(0.05)
    assert trial.done and trial.fatal is None
    assert trial.result.games == 2 and trial.result.errors == 0, trial.result.first_error
    assert trial.result.played == 2


def test_the_background_process_never_makes_the_caller_wait_and_stops_on_cancel() -> None:
    data = open_party(PARTIES_DIR / "northmen_raiding_party.yaml").data
    trial = Trial(data, str(PARTIES_DIR / "ghrim_company.yaml"), str(SCENARIOS_DIR / "engagement.yaml"), None,
                  games=100)
    slowest = 0.0
    for _ in range(40):
        t0 = time.perf_counter()
        trial.poll()
        slowest = max(slowest, time.perf_counter() - t0)
        time.sleep(0.05)
    assert slowest < 0.05  # polling only collects what is ready
    trial.cancel()
    assert trial.done and trial.cancelled
    assert not trial._proc.is_alive()
    assert trial.result.games < 100
