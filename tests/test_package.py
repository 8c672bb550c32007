"""The packaged app (issue 41): ``tools/run.py package`` builds it, and it plays a battle to the end with no screen
and no Python of its own to lean on (slow: about two minutes; run with ``-m slow``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_the_app_builds_and_plays_a_battle_headless_to_the_end(tmp_path: Path) -> None:
    built = subprocess.run([sys.executable, str(ROOT / "tools" / "run.py"), "package"], cwd=ROOT, capture_output=True,
                           text=True, timeout=1200)
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    exe = ROOT / "dist" / "iron-honor" / ("iron-honor.exe" if os.name == "nt" else "iron-honor")
    assert exe.exists()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", IRON_HONOR_SAVES=str(tmp_path / "saves"),
               IRON_HONOR_CONFIG=str(tmp_path / "config"), IRON_HONOR_MODS=str(tmp_path / "mods"))
    played = subprocess.run([str(exe), "play", "--quick", "--autopilot", "--seed", "3"], cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=600)
    assert played.returncode == 0, played.stdout[-2000:] + played.stderr[-2000:]
    assert "played to its results" in played.stdout
    checked = subprocess.run([str(exe), "validate", str(ROOT / "assets" / "maps" / "village_ruins.yaml")], cwd=tmp_path,
                             env=env, capture_output=True, text=True, timeout=120)
    assert checked.returncode == 0, checked.stdout + checked.stderr  # the command-line tools are inside too


def test_the_autopilot_plays_the_quick_battle_only(capsys: pytest.CaptureFixture[str]) -> None:
    from game.cli import main

    assert main(["play", "--autopilot"]) == 2
    assert "add --quick" in capsys.readouterr().err
