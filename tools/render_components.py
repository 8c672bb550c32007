#!/usr/bin/env python3
"""Render a mid-game table with every battle component (overlays, odds, dice, log, status) to PNGs.

    python tools/render_components.py                      # 1280x800 and 1920x1080 under /tmp/ui_shots/
    python tools/render_components.py --bench 300          # also time frames of the busiest view

An AI-vs-AI game is stepped to a Walk/Run/Charge decision (so the route preview is real), then the
components in game/ui/battle are drawn the way the battle scene draws them. Headless (SDL dummy).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame
import pygame_gui

from game.ai.registry import make
from game.content.library import resolve
from game.content.maps import load_map
from game.content.party_building import load_party
from game.content.scenario_file import load_scenario
from game.rules import board, movement
from game.rules.engine import Game
from game.rules.state import GameState
from game.ui import theme
from game.ui.battle import hover, previews, tooltips
from game.ui.battle.dice_view import DiceTray
from game.ui.battle.log_panel import LogPanel, is_roll
from game.ui.battle.status_panel import draw_status
from game.ui.table_view import Camera, draw_state

PARTIES = ("hollow_court", "order_of_the_grey_lance")  # nine models each: the busiest table


def build_game(seed: int = 5, decisions: int = 150, parties: tuple[str, str] = PARTIES, map_name: str = "village_ruins",
               scenario: str = "engagement", want: tuple[str, ...] = ("move_to",)) -> Game:
    """A game stepped by two normal AIs for ``decisions`` decisions, then on to a decision of a kind in
    ``want`` (at most 400 more), so the preview has something real to show."""
    from game.rules.setup import new_game

    built = tuple(load_party(resolve("parties", p)) for p in parties)
    state = new_game(built, load_map(resolve("maps", map_name)), seed,
                     scenario=load_scenario(resolve("scenarios", scenario)))
    game = Game(state, [make("normal", seed), make("normal", seed + 1)])
    for _ in range(decisions):
        if game.over:
            break
        game.step()
    for _ in range(400):
        if game.over or (game.pending is not None and game.pending.kind in want):
            break
        game.step()
    return game


class Frame:
    """One battle view laid out like the battle scene: table left, status and log right."""

    def __init__(self, game: Game, size: tuple[int, int], scale: float = 1.0, attack_view: bool = False):
        self.game, self.state = game, game.state
        self.size = size
        self.scale = scale
        w, h = size
        panel_w = min(self.px(420), w // 2)
        self.table_rect = pygame.Rect(0, 0, w - panel_w, h)
        self.panel_rect = pygame.Rect(w - panel_w, 0, panel_w, h)
        self.status_rect = pygame.Rect(self.panel_rect.x, 0, panel_w, self.px(150))
        self.cam = Camera.fit(self.table_rect, margin=self.px(12))
        self.manager = pygame_gui.UIManager(size, theme.gui_theme(scale))
        log_rect = pygame.Rect(self.panel_rect.x + self.px(8), self.status_rect.bottom + self.px(8),
                               panel_w - self.px(16), h - self.status_rect.bottom - self.px(16))
        self.log = LogPanel(self.manager, log_rect)
        self.log.refresh(self.state)
        log = self.state.log
        rolls = [i for i, e in enumerate(log) if is_roll(e) and e.data.get("modifiers")] or \
            [i for i, e in enumerate(log) if is_roll(e)]
        if rolls:
            self.log.toggle_roll(rolls[-1])
        self.tray = DiceTray(speed=0)
        attacks = [i for i, e in enumerate(log) if e.kind == "DiceRolled" and e.data.get("roll") == "attack"]
        start = attacks[-1] if attacks else max(0, len(log) - 40)  # the last opposed roll, to its outcome
        for e in log[start:]:
            self.tray.show(e, self.state)
            if attacks and e.kind == "AttackResolved":
                break
        self.focus, self.allowance, self.route_target = self._focus()
        self.hovered = self._hovered()
        if attack_view:  # a shot, charge or spell with its odds instead of the move preview
            self.allowance = self.route_target = None
            self.focus, self.hovered = self._attack_pair()
        self.route = None  # the prompt finds the route when the mouse moves, not every frame
        if self.route_target is not None and self.allowance:
            self.route = movement.route_to(board.battlefield(self.state), self.focus, self.route_target,
                                           self.allowance)
        self.table_layer: pygame.Surface | None = None  # set to cache the table (see bench)

    def _attack_pair(self) -> tuple[str, str | None]:
        order = {"ranged_attack": 0, "charge_attack": 1, "spell": 2, "standard_attack": 3}
        pairs = [(order.get(k, 9), a.id, e.id) for a in self.state.on_table() for e in self.state.enemies_of(a)
                 if (k := hover.attack_kind_for(self.state, a.id, e.id)) is not None]
        if not pairs:
            return self.focus, self.hovered
        _, a, e = min(pairs)
        return a, e

    def px(self, n: float) -> int:
        return round(n * self.scale)

    def _focus(self) -> tuple[str, float | None, tuple[float, float] | None]:
        d = self.game.pending
        if d is not None and d.context.get("model") in self.state.models:
            mid = d.context["model"]
            cands = d.context.get("candidates") or []
            far = max(cands, key=lambda p: (p["x"] - self.state.model(mid).x) ** 2
                      + (p["y"] - self.state.model(mid).y) ** 2, default=None)
            return mid, d.context.get("allowance"), (far["x"], far["y"]) if far else None
        m = self.state.on_table()[0]
        return m.id, None, None

    def _hovered(self) -> str | None:
        m = self.state.model(self.focus)
        enemies = sorted(self.state.enemies_of(m), key=lambda e: board.distance(m, e))
        for e in enemies:
            if hover.attack_kind_for(self.state, m.id, e.id) is not None:
                return e.id
        return enemies[0].id if enemies else None

    def draw(self, surface: pygame.Surface) -> None:
        state, cam = self.state, self.cam
        surface.fill(theme.BG)
        surface.set_clip(self.table_rect)
        if self.table_layer is not None:
            surface.blit(self.table_layer, (0, 0))
        else:
            draw_state(surface, state, cam)
        m = state.model(self.focus)
        previews.draw_front_arc(surface, cam, m)
        previews.draw_range_rings(surface, cam, state, self.focus, self.allowance)
        route = self.route
        if route is not None and self.allowance and route.move is not None:
            mv = route.move
            pts = [(m.x, m.y)] + [(p.x, p.y) for p in mv.waypoints]
            rough = mv.crosses_rough and movement.rough_spared_by(m, mv) is None  # the rules' answer ([TERR-6])
            warning = "rough ground: −2 to later rolls [TERR-2]" if rough else None
            previews.draw_route(surface, cam, pts, mv.cost, self.allowance, route.legal, warning)
            end = mv.waypoints[-1]
            previews.draw_ghost_base(surface, cam, end.x, end.y, m.radius, m.facing, route.legal)
        if self.hovered is not None:
            h = state.model(self.hovered)
            previews.draw_los(surface, cam, state, self.focus, self.hovered)
            at = cam.to_px((h.x, h.y))
            kind = hover.attack_kind_for(state, self.focus, self.hovered)
            if kind is not None:
                previews.draw_odds_box(surface, (at[0] + 18, at[1] + 18), previews.odds_summary(
                    state, self.focus, self.hovered, kind), size=self.px(14))
            else:
                tooltips.draw_hover_card(surface, (at[0] + 18, at[1] + 18), hover.model_lines(state, self.hovered),
                                         size=self.px(14))
        tray = pygame.Rect(self.table_rect.x + self.px(10), self.table_rect.bottom - self.px(86),
                           min(self.px(520), self.table_rect.width - self.px(20)), self.px(76))
        self.tray.draw(surface, tray)
        surface.set_clip(None)
        pygame.draw.rect(surface, theme.PANEL, self.panel_rect)
        draw_status(surface, self.status_rect, state)
        self.manager.draw_ui(surface)


def render(game: Game, size: tuple[int, int], out: Path, scale: float = 1.0, attack_view: bool = False) -> Path:
    surface = pygame.display.set_mode(size)
    frame = Frame(game, size, scale, attack_view)
    frame.manager.update(0.01)
    frame.draw(surface)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(out))
    return out


def bench(game: Game, frames: int, size: tuple[int, int] = (1920, 1080), cached_table: bool = False
          ) -> dict[str, float]:
    """Frame times (ms) of the busiest view with every overlay, hovering a new enemy every 30 frames.

    ``cached_table``: the table (terrain and models) is drawn once and blitted, which isolates what the
    components cost per frame from table_view's own drawing.
    """
    surface = pygame.display.set_mode(size)
    frame = Frame(game, size)  # the move preview (route, ghost base, allowance ring) ...
    frame.focus, frame.hovered = frame._attack_pair()  # ... and an attack with its odds and LOS
    if cached_table:
        layer = pygame.Surface(size)
        draw_state(layer, game.state, frame.cam)
        frame.table_layer = layer
    enemies = [e.id for e in game.state.enemies_of(game.state.model(frame.focus))]
    times, cpu = [], []
    for k in range(frames + 60):
        if enemies and k % 30 == 0:
            frame.hovered = enemies[(k // 30) % len(enemies)]
        t0, c0 = time.perf_counter(), time.process_time()
        previews.warm_odds(game.state, frame.focus)  # what the scene does on frames with time to spare
        frame.tray.update(1 / 60)
        frame.manager.update(1 / 60)
        frame.draw(surface)
        if k >= 60:  # after the first second: the odds of the selected model are cached by then
            times.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.process_time() - c0) * 1000)
    times.sort()
    cpu.sort()
    p99 = min(len(times) - 1, int(len(times) * 0.99))
    return {"p50": statistics.median(times), "p99": times[p99], "max": times[-1],
            "cpu_p50": statistics.median(cpu), "cpu_p99": cpu[p99], "models": len(game.state.on_table())}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--decisions", type=int, default=150)
    parser.add_argument("--out", default="/tmp/ui_shots")
    parser.add_argument("--bench", type=int, default=0, help="also time this many frames at 1920x1080")
    args = parser.parse_args(argv)
    pygame.init()
    game = build_game(args.seed, args.decisions)
    for w, h in ((1280, 800), (1920, 1080)):
        print(render(game, (w, h), Path(args.out) / f"components_{w}x{h}.png"))
        print(render(game, (w, h), Path(args.out) / f"components_odds_{w}x{h}.png", attack_view=True))
    if args.bench:
        print("frame ms, whole view:", {k: round(v, 2) for k, v in bench(game, args.bench).items()})
        print("frame ms, table blitted from a cache:",
              {k: round(v, 2) for k, v in bench(game, args.bench, cached_table=True).items()})
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["Frame", "GameState", "bench", "build_game", "render"]
