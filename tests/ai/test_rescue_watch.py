"""tools/rescue_watch.py: the ring round the Prisoner it reports is the rules' own ([ENC-RES-4]), and the script
runs a seeded game to the end and prints the summary."""

from __future__ import annotations

import collections
import importlib.util
import subprocess
import sys
from types import SimpleNamespace

import pytest

from tests.ai.test_hard import rescue_table
from tests.conftest import ROOT


def watcher_module():
    spec = importlib.util.spec_from_file_location("rescue_watch", ROOT / "tools" / "rescue_watch.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.rule("ENC-RES-4")
def test_the_ring_counts_the_kidnappers_within_reach_and_the_rescuers_touching() -> None:
    state = rescue_table()
    enc = state.encounter
    prisoner = state.model(enc.prisoner)
    rescuer = next(m for m in state.on_table(1) if m.id != prisoner.id)
    rescuer.x, rescuer.y = prisoner.x, prisoner.y + prisoner.radius + rescuer.radius  # in base contact
    guard, other = state.model("A2"), state.model("A3")
    guard.x, guard.y = prisoner.x + 2.5, prisoner.y  # within 3″ of it
    other.x, other.y = prisoner.x - 6.0, prisoner.y  # beyond
    state.touch()
    tally: collections.Counter = collections.Counter()
    watcher = watcher_module().Watcher(first_side=1, tally=tally)
    watcher(SimpleNamespace(state=state))
    assert watcher.role == "Rescuer"
    watcher.ring(state, enc, prisoner, 1)
    ring = watcher.rings[-1]
    assert (ring["blockers"], ring["touching"], ring["rescued"]) == (1, 1, False)
    assert ring["kidnapper"][0] == pytest.approx(2.5 - guard.radius - prisoner.radius, abs=0.05)


def test_rescue_watch_runs_a_seeded_game() -> None:
    out = subprocess.run([sys.executable, "tools/rescue_watch.py", "--games", "1", "--seed", "9000", "--rings"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "game 0 seed 9000" in out.stdout and "last ring" in out.stdout and "'maintenance': 1" in out.stdout
    assert "hard as Rescuer" in out.stdout and "hard as Kidnapper" in out.stdout
    assert "the Rescuer's attacks:" in out.stdout and "its plans by where they began" in out.stdout
