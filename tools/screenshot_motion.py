#!/usr/bin/env python3
"""Screenshots of the battle screen mid-animation: a hit, a Tough save, a kill, a push, a misfire, an activation.

    python tools/screenshot_motion.py --out /tmp/motion --sizes 1000x650,1280x800,1920x1080 --at 0.3

Two AIs play a game (the busiest parties on the densest map, as tools/bench_ui.py); for each moment
the first answer whose events show it is found, the game is replayed to just before it and opened in
the battle screen with that side as the player, the answer is given and the frames run ``--at`` seconds
at the normal animation speed; then the window is saved as PNG.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("IRON_HONOR_CONFIG", tempfile.mkdtemp(prefix="iron_honor_motion_"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.ai.registry import make
from game.rules.events import Event
from game.ui.app import App
from game.ui.autopilot import frames, press
from game.ui.scenes.battle import BattleScene
from game.ui.session import HOTSEAT, VS_AI, BattleSession, BattleSetup
from game.ui.settings import UISettings
from tools.bench_ui import busiest_parties, densest_map

MOMENTS = {
    "hit": lambda es: any(e.kind == "Wounded" for e in es) and not any(e.kind == "Killed" for e in es),
    "save": lambda es: any(e.kind == "TraitRoll" and e.data.get("saves_wound") and e.data.get("success") for e in es),
    "kill": lambda es: any(e.kind == "Killed" for e in es),
    "push": lambda es: any(e.kind == "Pushed" and e.data.get("start") for e in es),
    "misfire": lambda es: any(e.kind == "Misfire" for e in es),
    "activation": lambda es: any(e.kind == "Activation" for e in es),
}


def find_moments(setup: BattleSetup, turns: int) -> tuple[list, dict[str, int]]:
    """The AI game's answers, and for each moment the index of the first answer that shows it."""
    session = BattleSession(setup)
    ais = [make("normal", setup.seed * 2 + side) for side in (0, 1)]
    found: dict[str, int] = {}
    while (d := session.pending) is not None and session.state.turn <= turns and len(found) < len(MOMENTS):
        before = len(session.state.log)
        session.answer(ais[d.side].decide(session.state, d))
        new: list[Event] = session.state.log[before:]
        for name, test in MOMENTS.items():
            if name not in found and test(new):
                found[name] = len(session.game.answers) - 1
    return list(session.game.answers), found


def shoot(setup: BattleSetup, answers: list, index: int, size: tuple[int, int], at: float, out: Path) -> Path:
    """The battle screen ``at`` seconds after answer ``index`` is given by the player whose decision it is."""
    probe = BattleSession(setup)
    for answer in answers[:index]:
        probe.answer(answer)
    side = probe.pending.side
    setup = BattleSetup(**{**setup.__dict__, "mode": VS_AI, "human_side": side})
    session = BattleSession(setup)
    for answer in answers[:index]:
        session.answer(answer)
    app = App(UISettings(width=size[0], height=size[1], animation="normal"), save=False)
    pygame.event.clear()
    scene = app.push(BattleScene(app, session))
    frames(app, 3)
    while app.top is not None and app.top.name != "battle":
        press(app, pygame.K_RETURN)
    assert isinstance(scene, BattleScene)
    scene.motion.skip()
    session.answer(answers[index])
    for _ in range(max(1, round(at * 60))):
        app.frame(1 / 60)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.window, str(out))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("motion_shots"))
    parser.add_argument("--sizes", default="1000x650,1280x800,1920x1080")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--turns", type=int, default=4)
    parser.add_argument("--at", type=float, default=0.3, help="seconds after the answer")
    parser.add_argument("--moments", default=",".join(MOMENTS))
    args = parser.parse_args(argv)
    setup = BattleSetup(scenario="engagement", map=densest_map(), parties=busiest_parties(), mode=HOTSEAT,
                        seed=args.seed)
    answers, found = find_moments(setup, args.turns)
    for name in args.moments.split(","):
        if name not in found:
            print(f"{name}: not seen in {args.turns} turns (seed {args.seed})")
            continue
        for part in args.sizes.split(","):
            w, h = (int(v) for v in part.lower().split("x"))
            print(shoot(setup, answers, found[name], (w, h), args.at, args.out / f"{name}_{w}x{h}.png"))
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
