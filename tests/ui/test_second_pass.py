"""The battle screen's second pass (issue #32): what a new player still tripped on, played by posted input."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


# -- point 14: no audio library chatter on a machine without a sound device ------------------------------

def test_a_machine_without_sound_says_one_line_at_most() -> None:
    """The app opens and the first sound is asked for with the system's own audio driver: whatever the machine,
    no "ALSA lib … cannot find card" lines, and at most the one line that it plays silently."""
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
    env.update(SDL_VIDEODRIVER="dummy", PYTHONPATH=str(ROOT), PYGAME_HIDE_SUPPORT_PROMPT="1")
    code = ("from game.ui.app import App\nfrom game.ui.settings import UISettings\n"
            "from game.ui.sound import player\n"
            "App(UISettings(width=640, height=400), save=False)\n"
            "player().available(); player().available()\n")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    lines = [line for line in out.stderr.splitlines() if line.strip()]
    assert not any("ALSA" in line for line in lines), lines
    assert lines in ([], ["no sound device: playing silently"])
