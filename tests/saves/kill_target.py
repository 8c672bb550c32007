"""A game process for the kill test: a quick battle played by the autopilot, printing each decision's check.

Run as ``python -m tests.saves.kill_target SEED``; the test kills it at a random moment.
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.ai.registry import make
from game.ui.app import App
from game.ui.autopilot import Autopilot, frames
from game.ui.scenes.menu import MainMenu
from game.ui.settings import UISettings


def main(seed: int) -> None:
    app = App(UISettings(width=1000, height=650, animation="instant"), save=False)
    app.push(MainMenu(app))
    frames(app, 2)
    if len(sys.argv) > 2 and sys.argv[2] == "continue":
        app.top.continue_battle()
    else:
        app.top.quick_battle(seed)
    pilot = Autopilot(app, lambda side: make("easy", seed + side))
    shown, idle = -1, 0
    while app.top is not None and app.top.name != "results":
        pilot.step()
        session = getattr(app.top, "session", None)
        if session is not None and len(session.recorder.answers) != shown:
            shown, idle = len(session.recorder.answers), 0
            print(shown, session.recorder.checks[-1] if shown else "-", flush=True)
        idle += 1
        if idle > 3000:  # nothing answered for a long while: say where, rather than spin
            pending = getattr(getattr(session, "pending", None), "kind", None)
            print(f"stuck on {app.top.name}, pending {pending}", file=sys.stderr, flush=True)
            sys.exit(3)


if __name__ == "__main__":
    main(int(sys.argv[1]))
