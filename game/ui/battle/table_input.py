"""The battle's mouse and keyboard: hovering and clicking the table, panning and zooming the camera, and
the shortcuts, each turned into a typed command (commands.py) the scene runs.

Part of BattleScene (game/ui/scenes/battle.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.battle.briefing import OBJECTIVES_KEY
from game.ui.battle.commands import Command, Control, PlanBack, UseDefault
from game.ui.battle.prompts import ChoicePrompt, model_at
from game.ui.sound import MUTE_KEY
from game.ui.table_view import Camera

if TYPE_CHECKING:
    from game.ui.scenes.battle import BattleScene

KEYS: dict[int, Command] = {
    pygame.K_RETURN: UseDefault(), pygame.K_KP_ENTER: UseDefault(), pygame.K_SPACE: UseDefault(),
    pygame.K_BACKSPACE: PlanBack(), pygame.K_f: Control.FIT, pygame.K_r: Control.RINGS, pygame.K_l: Control.LOG,
    pygame.K_s: Control.SKIP, pygame.K_PLUS: Control.FASTER, pygame.K_EQUALS: Control.FASTER,
    pygame.K_KP_PLUS: Control.FASTER, pygame.K_MINUS: Control.SLOWER, pygame.K_KP_MINUS: Control.SLOWER,
    pygame.K_ESCAPE: Control.DESELECT, MUTE_KEY: Control.MUTE, OBJECTIVES_KEY: Control.OBJECTIVES}
CTRL_KEYS: dict[int, Command] = {pygame.K_s: Control.SAVE, pygame.K_z: Control.TAKE_BACK}
PAN_KEYS = {pygame.K_LEFT: (1, 0), pygame.K_RIGHT: (-1, 0), pygame.K_UP: (0, 1), pygame.K_DOWN: (0, -1)}


class TableInput:
    """Owns what the mouse is over (point, pixel, model, how long it rested), the model looked at and a pan
    under way."""

    def __init__(self, scene: BattleScene):
        self.scene = scene
        self.hover_in: tuple[float, float] | None = None
        self.hover_px: tuple[int, int] | None = None
        self.hover_model: str | None = None
        self.hover_still = 0.0  # seconds the mouse has rested on the hovered model
        self.selected: str | None = None
        self.panning: tuple[int, int] | None = None

    def update(self, dt: float) -> None:
        self.hover_still += dt

    def deselect(self) -> None:
        self.selected = None

    def handle(self, event: pygame.event.Event) -> None:
        """Mouse and keys on the battle screen (the widgets' own events are the scene's)."""
        scene = self.scene
        if event.type == pygame.MOUSEMOTION:
            self.hover(event.pos)
            self._pan(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and scene.table_rect.collidepoint(event.pos):
            if event.button == 1:
                self.click(event.pos)
            elif event.button in (2, 3):
                self.panning = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (2, 3):
            self.panning = None
        elif event.type == pygame.MOUSEWHEEL and self.hover_px and scene.table_rect.collidepoint(self.hover_px):
            self.zoom(1.15 ** event.y, self.hover_px)
        elif event.type == pygame.MOUSEWHEEL and self.hover_px \
                and scene.layout.options_rect.collidepoint(self.hover_px):
            scene.panel.scroll(-event.y * 0.15)
        elif event.type == pygame.KEYDOWN:
            self.key(event)

    def _pan(self, pos: tuple[int, int]) -> None:
        """A drag with the middle or right button moves the camera."""
        cam = self.scene.cam
        if self.panning is not None and cam is not None:
            cam.ox += pos[0] - self.panning[0]
            cam.oy += pos[1] - self.panning[1]
            self.panning = pos

    def hover(self, pos: tuple[int, int]) -> None:
        scene = self.scene
        state, cam, prompt = scene.state, scene.cam, scene.prompt
        base = cam is not None and model_at(state, cam.to_inches(pos)) is not None
        if self.hover_model is not None and scene.overlays.odds_card.holds(pos, base,
                                                                           isinstance(prompt, ChoicePrompt | None)):
            scene.overlays.odds_card.mouse = pos  # on the way to the odds card, or on it: it stays put
            return
        scene.overlays.odds_card.mouse = None
        self.hover_px = pos
        if cam is None or not scene.table_rect.collidepoint(pos):
            self.hover_in, self.hover_model = None, None
            if prompt:
                prompt.hover(None)
            return
        self.hover_in = cam.to_inches(pos)
        under = model_at(state, self.hover_in)
        if under != self.hover_model:
            self.hover_still = 0.0
        self.hover_model = under
        if prompt is not None:
            prompt.hover(self.hover_in)

    def click(self, pos: tuple[int, int]) -> None:
        """A left click on the table: the answer it points at, else the refusal, else look at the model."""
        scene = self.scene
        self.hover(pos)
        if self.hover_in is None or scene.overlays.odds_card.mouse is not None:
            return  # (a click beside the odds card answers nothing)
        prompt = scene.prompt
        if prompt is not None:
            answer = prompt.click(self.hover_in)
            if answer is not None:
                scene.give(answer)
                return
            why = prompt.refusal()
            if why:
                scene.flash(why)
                return
        self.selected = self.hover_model  # look at any model: rings, arc and LOS from it

    def key(self, event: pygame.event.Event) -> None:
        scene = self.scene
        k = event.key
        if (pygame.K_1 <= k <= pygame.K_9 or isinstance(KEYS.get(k), UseDefault)) and not scene.panel.takes_keys():
            return  # typed before a sudden question came (or just as it came): it answers nothing
        if pygame.K_1 <= k <= pygame.K_9:
            scene.panel.press(k - pygame.K_1)
        elif k in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            scene.panel.scroll(0.5 if k == pygame.K_PAGEDOWN else -0.5)
        elif event.mod & pygame.KMOD_CTRL and k in CTRL_KEYS:
            scene.do(CTRL_KEYS[k])
        elif k in KEYS:
            scene.do(KEYS[k])
        elif scene.cam is not None and k in PAN_KEYS:
            step = scene.px(40)
            dx, dy = PAN_KEYS[k]
            scene.cam.ox += dx * step
            scene.cam.oy += dy * step

    def zoom(self, factor: float, about: tuple[int, int]) -> None:
        cam = self.scene.cam
        assert cam is not None
        fit = Camera.fit(self.scene.table_rect).scale
        new = min(max(cam.scale * factor, fit * 0.5), fit * 6)
        ix, iy = cam.to_inches(about)
        cam.scale = new
        cam.ox, cam.oy = about[0] - ix * new, about[1] - iy * new
