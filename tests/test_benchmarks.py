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


def test_ai_benchmark_history_records_a_run_and_compares_the_next(tmp_path) -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_ai", ROOT / "tools" / "bench_ai.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    history = tmp_path / "history.jsonl"
    assert "no recorded run" in bench.compare({"x": 1.0}, bench.last_recorded(history))[0]
    bench.record({"normal full game median s": 0.5}, history)
    history.write_text(history.read_text() + "not json\n")  # a damaged line is passed over
    lines = bench.compare({"normal full game median s": 0.4, "new figure": 2.0}, bench.last_recorded(history))
    assert "-20.0%" in lines[1] and "(new)" in lines[2]


def test_ai_benchmark_throughput_splits_a_game_between_the_ai_and_the_engine(tmp_path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "tools/bench_ai.py", "--throughput-only", "--throughput", "1",
                          "--history", str(tmp_path / "none.jsonl")], cwd=ROOT, capture_output=True, text=True,
                         timeout=300, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("games/s (mean") == 2 and out.stdout.count("with no time at all for the AI") == 2
    print(out.stdout)
