#!/usr/bin/env python3
"""Render the plan menu with actions that cannot succeed now marked, yet offered ([SEQ-2]).

A hotseat Breakthrough is played by the AI through the UI until a model with a black powder weapon
declares its plan; the menu is shot at its first step, after "Walk" (Escape offered, marked "not
possible yet") and after "Standard ranged attack" (Clear weapon likewise), the mouse on the marked item.

    python tools/screenshot_plan_menu.py -o /tmp/plan_menu [--sizes 1280x800 1000x650 1920x1080]
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.ai.registry import make
from game.content.catalog import catalog
from game.rules.combat import ranged_weapons
from game.ui.app import App
from game.ui.autopilot import Autopilot, frames, move
from game.ui.battle.commands import PlanStep
from game.ui.scenes import common
from game.ui.session import HOTSEAT, BattleSetup
from game.ui.settings import UISettings


def gunner_plan(scene) -> bool:
    d = scene.session.pending
    if d is None or d.kind != "plan" or scene.panel.decision is not d:
        return False
    m = scene.session.state.model(d.context["model"])
    return any(catalog().skill(m.weapon(i).skill).black_powder for i in ranged_weapons(m))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-o", "--out", default="plan_menu")
    parser.add_argument("--sizes", nargs="*", default=["1280x800", "1000x650", "1920x1080"])
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args(argv)
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.sizes]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    app = App(UISettings(width=sizes[0][0], height=sizes[0][1], animation="instant"), save=False)
    setup = BattleSetup(scenario="breakthrough", map="open_field", parties=("ghrim_company", "northmen_raiding_party"),
                        mode=HOTSEAT, seed=args.seed)
    error = common.start_battle(app, setup)
    if error:
        raise SystemExit(error)
    pilot = Autopilot(app, lambda side: make("normal", args.seed * 10 + side))
    for _ in range(5000):
        top = app.top
        if top is not None and top.name == "battle" and gunner_plan(top):
            break
        pilot.step()
    else:
        raise SystemExit("no plan decision for a black powder model")
    scene = app.top
    for size in sizes:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        frames(app, 3)
        for step, prefix in (("first", ()), ("after_walk", ("walk",)), ("after_shot", ("ranged_attack",))):
            scene.panel.plan_prefix = prefix
            scene.panel.build_options()
            frames(app, 2)
            marked = [b for b, c in scene.panel.option_buttons if c in (PlanStep("clear_weapon"), PlanStep("escape"))]
            if marked:
                pygame.mouse.set_pos(marked[0].get_abs_rect().center)
                move(app, marked[0].get_abs_rect().center, settle=60)
            path = out / f"plan_menu_{step}_{size[0]}x{size[1]}.png"
            pygame.image.save(app.window, str(path))
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
