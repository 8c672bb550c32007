#!/usr/bin/env python3
"""Save a PNG of every scene and every decision prompt as a player sees it, to look at them.

    python tools/screenshot_tour.py                          # 1000x650, 1280x800, 1920x1080, 3840x2160 at 100 %
    python tools/screenshot_tour.py --scales 1,1.5,2         # the whole matrix: 4 sizes x 3 UI scales
    python tools/screenshot_tour.py --sizes 1280x800 --scales 1.5 -o /tmp/t --max-steps 3000

Hotseat games (every decision is a human's) are played through the UI by the autopilot, the normal
AI choosing, nudged towards kinds not seen yet. Before a new kind is answered the mouse hovers what
the answer points at (the spot of a move, the target, the direction of a facing) so the previews show,
and the window is shot at each UI scale and size (a real resize; files ``<name>_<W>x<H>[@<percent>].png``).
Encounters are picked so that Salvage markers, the Rescue Prisoner, Ambush, sorcery and the step-by-step
action choice all come up. Writes index.md
listing each file with its scene, decision kind and the prompt text, and prints the kinds never reached.
Headless (SDL dummy); the settings go to a temporary folder.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("IRON_HONOR_CONFIG", tempfile.mkdtemp(prefix="iron_honor_tour_"))
os.environ.setdefault("IRON_HONOR_MODS", tempfile.mkdtemp(prefix="iron_honor_tour_mods_"))  # the editor saves
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.ai.registry import make
from game.ui.app import App
from game.ui.autopilot import Autopilot, click, click_widget, frames, move, press
from game.ui.scenes import common
from game.ui.scenes.menu import MainMenu
from game.ui.session import HOTSEAT, BattleSetup
from game.ui.settings import UISettings
from tools.tour_chooser import CuriousChooser

KINDS = ("nominate", "winds_of_kismet", "greater_purpose", "cursed_hand", "plan", "next_action", "facing",
         "heroic_impetus", "impetus_action", "target", "weapon", "full_defense", "choose_edge", "deploy",
         "deploy_facing", "place_marker", "place_prisoner", "inner_reserve", "reroll", "trait_fate", "move_to",
         "end_point", "charge_end", "free_strike", "strike_order", "ambush_place", "spell", "enhancement", "weakness")
SCENES = ("menu", "setup", "settings", "help", "help_legend", "battle_deployment", "battle_main", "handoff",
          "story", "maintenance", "results", "log_links", "rules_from_log", "rules_search", "log_view")
TESTS = Path(__file__).resolve().parent.parent / "tests" / "data" / "parties"
# (scenario, map, parties, seed, declare_plan_upfront): together these reach every kind but strike_order,
# which needs a Sweeping Attack with two models in contact: the tour then opens POSITIONS (script files)
GAMES = (
    ("salvage", "river_ford", ("northmen_raiding_party", "thornwood_wildkin"), 1, True),
    ("rescue", "village_ruins", ("lantern_adventuring_co", "thornwood_wildkin"), 1, False),
    ("engagement", "forest_crossing", ("ghrim_company", str(TESTS / "iron_legion.yaml")), 1, True),
    ("landmark", "open_field", ("thornwood_wildkin", str(TESTS / "iron_legion.yaml")), 2, True),
)

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = (ROOT / "docs" / "examples" / "sweeping_attack.yaml",)


@dataclass
class Shot:
    file: str
    size: str
    scene: str
    kind: str
    text: str


class Tour:
    """Plays the games and shoots each new scene and prompt kind at every size."""

    def __init__(self, out: Path, sizes: list[tuple[int, int]], colour_blind: bool = False,
                 scales: list[float] | None = None):
        self.out = out
        self.sizes = sizes
        self.scales = scales or [1.0]
        out.mkdir(parents=True, exist_ok=True)
        self.app = App(UISettings(width=sizes[0][0], height=sizes[0][1], animation="instant",
                                  colour_blind=colour_blind, ui_scale=self.scales[0]), save=False)
        pygame.event.clear()
        self.shots: list[Shot] = []
        self.missing_kinds = set(KINDS)
        self.missing_scenes = set(SCENES)

    # -- shooting -------------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        if self.app.size != size:
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
            frames(self.app, 2)

    def set_scale(self, scale: float) -> None:
        if self.app.settings.ui_scale != scale:
            self.app.set_ui_scale(scale)
            frames(self.app, 2)

    def shoot(self, name: str, scene: str, kind: str, text: str,
              hover: Callable[[], tuple[int, int] | None] | None = None) -> None:
        """One PNG per UI scale and size; ``hover`` gives where the mouse rests (asked again after each)."""
        marked = len(self.scales) > 1 or self.scales[0] != 1.0
        for scale in self.scales:
            self.set_scale(scale)
            for size in self.sizes:
                self.resize(size)
                pos = hover() if hover else None
                if pos is not None:
                    move(self.app, pos, settle=3)
                else:
                    frames(self.app, 2)
                shown = f"{size[0]}x{size[1]}" + (f"@{round(scale * 100)}" if marked else "")
                file = f"{name}_{shown}.png"
                pygame.image.save(self.app.window, str(self.out / file))
                self.shots.append(Shot(file, shown, scene, kind, " ".join(text.split())))
        self.set_scale(self.scales[0])
        self.resize(self.sizes[0])

    def scene_shot(self, scene: str, text: str, hover: Callable[[], tuple[int, int] | None] | None = None) -> None:
        if scene in self.missing_scenes:
            self.missing_scenes.discard(scene)
            self.shoot(f"scene_{scene}", scene, "", text, hover)

    # -- menus --------------------------------------------------------------------------------------------
    def menus(self) -> None:
        app = self.app
        menu = app.push(MainMenu(app))
        frames(app, 5)
        self.scene_shot("menu", "Main menu", lambda: menu.widgets["new"].get_abs_rect().center)
        for key, scene in (("new", "setup"), ("settings", "settings")):
            click_widget(app, menu.widgets[key])
            assert app.top is not None and app.top.name == scene, app.top and app.top.name
            self.scene_shot(scene, f"{scene.title()} screen")
            press(app, pygame.K_ESCAPE)
            assert app.top is menu, f"Esc did not leave {scene}"

    # -- battles --------------------------------------------------------------------------------------------
    def battle(self, game: tuple, limit: int) -> int:
        scenario, map_name, parties, seed, upfront = game
        app = self.app
        setup = BattleSetup(scenario=scenario, map=map_name, parties=parties, mode=HOTSEAT, seed=seed,
                            declare_plan_upfront=upfront)
        error = common.start_battle(app, setup)
        if error:
            raise SystemExit(f"cannot start {game}: {error}")
        pilot = Autopilot(app, lambda side: CuriousChooser(make("normal", seed * 10 + side), self.missing_kinds))
        steps = 0
        while steps < limit and app.running and app.top is not None:
            top = app.top
            if top.name == "results":
                self.scene_shot("results", "Results")
                break
            if top.name in ("handoff", "maintenance", "story"):
                self.scene_shot(top.name, _text_of(top))
            elif top.name == "battle":
                self._battle(top, pilot)
            pilot.step()
            steps += 1
        print(f"  {scenario} on {map_name}, seed {seed}: {steps} steps, top '{app.top and app.top.name}', "
              f"fallbacks {len(pilot.fallbacks)}", flush=True)
        app.reset(MainMenu(app))
        frames(app, 2)
        return steps

    def position(self, path: Path, limit: int = 200) -> int:
        """A script's position opened from the menu as a player would (``play --position``), played on."""
        from game.ui.main import open_position

        app = self.app
        menu = app.reset(MainMenu(app))
        frames(app, 2)
        error = open_position(app, str(path))
        if error:
            raise SystemExit(f"cannot open {path}: {error}")
        pilot = Autopilot(app, lambda side: CuriousChooser(make("normal", 90 + side), self.missing_kinds))
        steps = 0
        while steps < limit and app.top is not None and app.top.name == "battle" and self.missing_kinds:
            self._battle(app.top, pilot)
            pilot.step()
            steps += 1
        print(f"  position {path.name}: {steps} steps", flush=True)
        app.reset(menu)
        return steps

    def _battle(self, scene, pilot: Autopilot) -> None:
        session = scene.session
        d = session.pending
        if d is None or not session.human_turn() or scene.panel.decision is not d:
            return
        if d.kind not in self.missing_kinds and not (d.kind == "nominate"
                                                     and {"help", "log_links"} & self.missing_scenes):
            return
        answer = pilot.chooser(d.side).decide(session.state, d)

        def hover() -> tuple[int, int] | None:
            return _hover_point(scene, d, answer)

        if d.kind in self.missing_kinds:
            self.missing_kinds.discard(d.kind)
            self.shoot(f"prompt_{d.kind}", "battle", d.kind, d.prompt, hover)
            if d.kind in ("deploy", "choose_edge"):
                self.scene_shot("battle_deployment", d.prompt, hover)
            if d.kind == "nominate":
                self.scene_shot("battle_main", d.prompt, hover)
        if d.kind == "nominate" and "help" in self.missing_scenes:
            press(self.app, pygame.K_F1)
            self.scene_shot("help", "Controls (F1) over the battle")
            press(self.app, pygame.K_TAB)
            self.scene_shot("help_legend", "Tokens and terrain: the legend's second page (Tab in F1)")
            press(self.app, pygame.K_ESCAPE)
        if d.kind == "nominate" and "log_links" in self.missing_scenes and len(session.state.log) > 80:
            self._rules_and_log(scene)

    def _rules_and_log(self, scene) -> None:
        """The log's rule links, the rules reference opened from one, its search, and the large log view."""
        app = self.app

        def link() -> tuple[int, int] | None:
            found = scene.log_panel.link_pos() if scene.log_panel is not None else None
            return found[0] if found else None

        self.scene_shot("log_links", "The battle log: every rule ID is a link", link)
        pos = link()
        if pos is None:
            return
        rule = scene.log_panel.link_pos()[1]
        click(app, pos)
        assert app.top is not None and app.top.name == "rules", "a log link did not open the rules reference"
        self.scene_shot("rules_from_log", f"The rules reference opened from the log's [{rule}]")
        rules = app.top
        click(app, rules.widgets["search"].get_abs_rect().center)
        for ch in "charge":
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        frames(app, 3)
        self.scene_shot("rules_search", "The rules reference searched for 'charge'")
        press(app, pygame.K_ESCAPE)
        assert app.top is scene, "Esc did not return from the rules reference to the battle"
        press(app, pygame.K_l)

        def big_link() -> tuple[int, int] | None:
            found = app.top.log_panel.link_pos() if app.top is not None and app.top.name == "log_view" else None
            return found[0] if found else None

        self.scene_shot("log_view", "The battle log in a large view (L)", big_link)
        press(app, pygame.K_ESCAPE)


def _text_of(scene) -> str:
    w = getattr(scene, "widgets", {})
    for key in ("text", "title", "summary"):
        el = w.get(key)
        if el is not None and hasattr(el, "text"):
            return str(el.text)
    return scene.name


def _hover_point(scene, d, answer) -> tuple[int, int] | None:
    """Where a player would rest the mouse before answering: the answer's spot, model or direction."""
    state, cam = scene.state, scene.cam
    if cam is None:
        return None
    if d.free == "point" and isinstance(answer, dict):
        return cam.to_px((answer["x"], answer["y"]))
    model = state.models.get(d.context.get("model", ""))
    if d.free == "angle" and model is not None:
        reach = model.radius + 2.0
        a = math.radians(float(answer))
        return cam.to_px((model.x + math.cos(a) * reach, model.y + math.sin(a) * reach))
    if isinstance(answer, str) and answer in state.models and state.model(answer).on_table:
        m = state.model(answer)
        return cam.to_px((m.x, m.y))
    # no model in the answer: rest on an enemy of the model the question is about (LOS and odds show)
    if model is not None and model.on_table:
        enemies = [e for e in state.on_table() if e.side != model.side]
        if enemies:
            e = min(enemies, key=lambda e: math.hypot(e.x - model.x, e.y - model.y))
            return cam.to_px((e.x, e.y))
        return cam.to_px((model.x, model.y))
    return None


def write_index(out: Path, shots: list[Shot], missing: set[str]) -> Path:
    lines = ["# Screenshot tour", "", "| file | size | scene | prompt kind | prompt text |", "|---|---|---|---|---|"]
    for s in shots:
        text = s.text.replace("|", "\\|")
        lines.append(f"| [{s.file}]({s.file}) | {s.size} | {s.scene} | {s.kind} | {text} |")
    lines += ["", f"Kinds never reached: {', '.join(sorted(missing)) or 'none'}", ""]
    path = out / "index.md"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def parse_sizes(text: str) -> list[tuple[int, int]]:
    out = []
    for part in text.split(","):
        w, h = part.lower().split("x")
        out.append((int(w), int(h)))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000x650,1280x800,1920x1080,3840x2160",
                        help="comma-separated WxH (default: %(default)s)")
    parser.add_argument("--scales", default=None,
                        help="comma-separated UI scales, e.g. 1,1.5,2 (default: --scale's one)")
    parser.add_argument("-o", "--out", default="/tmp/tour", help="output folder (default: %(default)s)")
    parser.add_argument("--max-steps", type=int, default=12_000, help="autopilot steps over all games")
    parser.add_argument("--games", type=int, default=len(GAMES), help="play at most this many games")
    parser.add_argument("--editor-only", action="store_true", help="only the map editor's leg")
    parser.add_argument("--builder-only", action="store_true", help="only the party builder's leg")
    parser.add_argument("--scale", type=float, default=1.0, help="one UI scale (Settings), 1.5 for 150 %%")
    parser.add_argument("--colour-blind", action="store_true", help="the colour-blind palette (Settings)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    scales = [float(v) for v in args.scales.split(",")] if args.scales else [args.scale]
    tour = Tour(Path(args.out), parse_sizes(args.sizes), colour_blind=args.colour_blind, scales=scales)
    tour.menus()
    from tools.tour_builder import builder_tour

    builder_tour(tour)
    if args.builder_only:
        index = write_index(tour.out, tour.shots, set())
        print(f"{len(tour.shots)} PNGs and {index} in {time.perf_counter() - start:.0f} s")
        return 0
    from tools.tour_editor import editor_tour

    editor_tour(tour)
    if not args.editor_only:
        from tools.tour_saves import saves_tour

        saves_tour(tour)
    if args.editor_only:
        args.games, tour.missing_kinds = 0, set()
    budget = args.max_steps
    for game in GAMES[:args.games]:
        if (not tour.missing_kinds and not tour.missing_scenes) or budget <= 0:
            break
        budget -= tour.battle(game, budget)
    for path in POSITIONS if args.games else ():
        if tour.missing_kinds:
            tour.position(path)
    index = write_index(tour.out, tour.shots, tour.missing_kinds)
    print(f"{len(tour.shots)} PNGs and {index} in {time.perf_counter() - start:.0f} s")
    print(f"kinds never reached: {', '.join(sorted(tour.missing_kinds)) or 'none'}")
    print(f"scenes never reached: {', '.join(sorted(tour.missing_scenes)) or 'none'}")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
