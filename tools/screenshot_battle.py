#!/usr/bin/env python3
"""Render a battle in progress to a PNG: an encounter played by the AI for a number of decisions.

    python tools/screenshot_battle.py --scenario salvage --decisions 250 -o /tmp/battle.png

Runs headless (SDL_VIDEODRIVER=dummy); the table is drawn by game.ui.table_view, as the battle scene will.
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
from game.content.library import resolve
from game.content.maps import load_map
from game.content.party_building import load_party
from game.content.scenario_file import load_scenario
from game.rules.engine import Game
from game.rules.setup import new_game
from game.ui.table_view import Camera, draw_state


def render(args: argparse.Namespace) -> Path:
    parties = (load_party(resolve("parties", args.parties[0])), load_party(resolve("parties", args.parties[1])))
    state = new_game(parties, load_map(resolve("maps", args.map)), args.seed,
                     scenario=load_scenario(resolve("scenarios", args.scenario)))
    game = Game(state, [make("normal", args.seed), make("normal", args.seed + 1)])
    for _ in range(args.decisions):
        if game.over:
            break
        game.step()
    pygame.init()
    surf = pygame.Surface((args.width, args.height))
    surf.fill((30, 30, 30))
    table = pygame.Rect(0, 0, args.height, args.height)
    draw_state(surf, state, Camera.fit(table))
    font = pygame.font.Font(None, 26)
    lines = [f"{state.encounter.name if state.encounter else 'Fight'} — turn {state.turn}, {state.phase}"]
    lines += [f"{s.name}: score {s.score}, Fate {s.fate}, dice in bag {state.bag.count(s.index)}" for s in state.sides]
    lines += [""] + [e.text for e in state.log[-22:]]
    for i, text in enumerate(lines):
        surf.blit(font.render(text[:70], True, (230, 230, 230)), (args.height + 10, 10 + i * 24))
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(out))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", default="engagement")
    parser.add_argument("--map", default="village_ruins")
    parser.add_argument("--parties", nargs=2, default=["northmen_raiding_party", "ghrim_company"])
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--decisions", type=int, default=250)
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=800)
    parser.add_argument("-o", "--out", default="battle.png")
    print(render(parser.parse_args(argv)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
