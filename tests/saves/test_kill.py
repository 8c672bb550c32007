"""Kill the game at random moments of a battle; Continue finds it at the decision where it died (#17)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from game.saves.record import read_save
from game.saves.store import autosaves
from game.ui.session import BattleSession

ROOT = Path(__file__).resolve().parents[2]


def run_until_killed(env: dict, seed: int, after: int, *extra: str) -> dict[int, str]:
    """Start the game process, kill -9 it once it has made ``after`` decisions; the checks it printed.

    A game that ends (or a process that stops) before that is fine: what it printed is returned."""
    proc = subprocess.Popen([sys.executable, "-m", "tests.saves.kill_target", str(seed), *extra], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    timer = threading.Timer(300, proc.kill)  # a hang fails the test instead of stopping the suite
    timer.start()
    printed: dict[int, str] = {}
    try:
        for line in proc.stdout:
            words = line.split()
            if len(words) != 2 or not words[0].isdigit():
                continue  # pygame's greeting
            n, check = words
            printed[int(n)] = check
            if int(n) >= after:
                break
    finally:
        timer.cancel()
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    assert printed, f"the game process printed nothing: {proc.stderr.read()[-2000:]}"
    return printed


@pytest.mark.rule("DIG-ACT-4")
def test_a_killed_game_continues_at_the_decision_it_had_reached(tmp_path: Path) -> None:
    env = {**os.environ, "IRON_HONOR_SAVES": str(tmp_path / "saves"), "IRON_HONOR_CONFIG": str(tmp_path / "cfg"),
           "IRON_HONOR_MODS": str(tmp_path / "mods"), "PYTHONPATH": str(ROOT), "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    rng = random.Random(5)
    printed = run_until_killed(env, 8, rng.randrange(20, 60))
    (slot,) = autosaves(tmp_path / "saves")  # the battle's own autosave; Continue goes on in it
    for _ in range(2):  # killed, continued, killed again
        assert autosaves(tmp_path / "saves") == [slot]
        record = read_save(slot)
        assert not record.summary["finished"], "the battle ended before the kill: kill it sooner"
        last = max(printed)
        assert len(record.answers) >= last  # a printed decision was saved before it was printed
        assert record.checks[last - 1] == printed[last]
        resumed = BattleSession.from_save(record)  # plays back exactly, AI included
        assert resumed.recorder.checks == record.checks
        more = run_until_killed(env, 8, len(record.answers) + rng.randrange(10, 40), "continue")
        assert min(more) >= len(record.answers)  # Continue went on from the autosave, nothing lost
        printed = more
