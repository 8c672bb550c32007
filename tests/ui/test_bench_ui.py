"""The frame-time benchmark script runs (a few frames); timings are printed, never asserted."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT


def test_bench_ui_runs(tmp_path: Path) -> None:
    env = {**os.environ, "IRON_HONOR_CONFIG": str(tmp_path), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    out = subprocess.run([sys.executable, "tools/bench_ui.py", "--frames", "3", "--warmup", "1", "--sizes",
                          "1280x800", "--idle", "0.2"], cwd=ROOT, capture_output=True, text=True, timeout=300, env=env)
    assert out.returncode == 0, out.stderr
    assert "18 models on the table" in out.stdout and "work: p50" in out.stdout and "wall: p50" in out.stdout
    assert "animations running" in out.stdout and "cpu:  p50" in out.stdout
    assert all(f"idle {which}" in out.stdout for which in ("menu", "battle", "results")), out.stdout
