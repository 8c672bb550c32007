"""The benchmark scripts run (short mode) and print their figures; timings are never asserted here."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.conftest import ROOT


def test_geometry_benchmark_short_mode_runs() -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "tools/bench_geometry.py", "--short"], cwd=ROOT, capture_output=True,
                         text=True, timeout=300, env=env)
    assert out.returncode == 0, out.stderr
    assert "LOS check" in out.stdout and "route search" in out.stdout
    print(out.stdout)


def test_ai_benchmark_short_mode_runs() -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "tools/bench_ai.py", "--short"], cwd=ROOT, capture_output=True,
                         text=True, timeout=300, env=env)
    assert out.returncode == 0, out.stderr
    assert "decision ms" in out.stdout and "full game median" in out.stdout and "odds" in out.stdout
    print(out.stdout)
