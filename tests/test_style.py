"""ruff keeps the code clean; the test fails with ruff's own report."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_clean() -> None:
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    if not Path(ruff).exists():
        pytest.skip("ruff is not installed in this environment")
    result = subprocess.run([ruff, "check", "game", "tests", "tools"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_clean() -> None:
    """The packages [tool.mypy] names type-check (strict); the test fails with mypy's own report. Incremental:
    a checkout's later runs read what did not change from .mypy_cache (a fresh clone's first run checks all)."""
    pytest.importorskip("mypy")
    result = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary"], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
