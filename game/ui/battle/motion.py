"""Motion and feedback on the table: what just happened, shown where it happened.

Fed the engine's events (``feed``) as the dice tray is: an activating model pulses, an attack lunges (a
shot flies), a hit flashes on its target, a result floats over the base it befell (worded from the
event's data by ``event_text.floating_result``), a push slides, a model killed or removed fades where it
stood, and each cues its sound. Every effect lasts a few tenths of a second times the animation-speed
setting's factor (the dice tray's), and is drawn over the state as it already stands: nothing waits for
an effect, ``skip`` ends them all, and at "instant" none is made (sounds still play).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import pygame

from game.rules.events import Event, EventKind
from game.rules.state import Conditions, GameState, ModelState
from game.ui import layout_probe, theme
from game.ui.battle.dice_view import SPEED_FACTORS
from game.ui.battle.event_text import floating_result
from game.ui.settings import UISettings
from game.ui.table_view import Camera

# seconds at speed factor 1 ("normal"; slow is 1.5 times, fast half, instant none)
PULSE_TIME = 0.6  # the activation pulse
LUNGE_TIME = 0.28  # a close combat lunge out and back (the blow lands half way)
SHOT_TIME = 0.22  # a shot's flight to its target
FLASH_TIME = 0.3  # the hit flash on the target
PUSH_TIME = 0.35  # a pushed base slides to where it stopped
FADE_TIME = 0.55  # a model killed, removed or escaped fades out
FLOAT_TIME = 1.1  # a result floats up over the base and fades
FLOAT_GAP = 0.3  # results on the same base follow one another by this much
BACKLOG = 1.2  # effects never queue further ahead than this: a fast player is never shown old news late
LUNGE_REACH = 0.6  # the lunge, as a share of the attacker's base radius (inches)
FLOAT_RISE = 34  # pixels (at UI scale 1) a result rises over its life

MOVING = ("push", "lunge")  # the effects that draw a base away from where the state has it
TONES = {"harm": (255, 104, 88), "bad": (255, 205, 80), "good": (130, 230, 140), "info": (235, 238, 245)}
FLASH_INK = (255, 90, 70)
SHOT_INK = (255, 236, 160)


def sound_of(event: Event) -> str | None:
    """The sound an event cues (tools/make_sounds.py makes them), from its kind and data."""
    data, kind = event.data, event.kind
    if kind == EventKind.AttackDeclared:
        return "shot" if data.get("attack_kind") == "ranged" else "swing"
    if kind == EventKind.AttackResolved:
        return "hit" if data.get("hit") else None
    if kind == EventKind.TraitRoll and data.get("success") and data.get("saves_wound"):
        return "saved"
    named = {EventKind.Activation: "activate", EventKind.Wounded: "wound", EventKind.Killed: "death",
             EventKind.Removed: "death", EventKind.Stunned: "stun", EventKind.Misfire: "misfire",
             EventKind.Pushed: "push"}
    if kind in named:
        return named[kind]
    return "dice" if "dice" in data else None


@dataclass
class Effect:
    """One effect: what, on which model, when it starts (on the motion's clock) and for how long."""

    kind: str  # pulse | lunge | shot | flash | push | fade | float
    model: str
    start: float
    length: float
    target: str | None = None  # lunge, shot: the model attacked
    path: tuple[tuple[float, float], tuple[float, float]] | None = None  # push: from, to (inches)
    words: str = ""  # float
    tone: str = "info"  # float
    ghost: ModelState | None = None  # fade: the model as it stood

    def progress(self, clock: float) -> float:
        return min(1.0, max(0.0, (clock - self.start) / self.length)) if self.length > 0 else 1.0


class Motion:
    """The effects running on the table and the sounds they cue, on their own clock."""

    def __init__(self, settings: UISettings, sounds=None):
        from game.ui import sound

        self.settings = settings  # the app's: animation speed, volume and mute as they are now
        self.sounds = sounds if sounds is not None else sound.player()
        self.clock = 0.0
        self.cursor = 0.0  # when the next step of what is being shown may start
        self.effects: list[Effect] = []
        self.cues: list[tuple[float, str]] = []
        self._float_free: dict[str, float] = {}  # model -> when its next result may float
        self._images: dict[tuple, pygame.Surface] = {}
        self._moved: tuple[float, GameState | None, dict] = (-1.0, None, {})  # positions() of this frame

    @property
    def factor(self) -> float:
        return SPEED_FACTORS.get(self.settings.animation, 1.0)

    @property
    def busy(self) -> bool:
        """An effect is running or waiting to start."""
        return bool(self.effects)

    # -- what happened ----------------------------------------------------------------------------
    def feed(self, events: list[Event], state: GameState) -> None:
        """Effects and sounds for new events, one after another in the order they happened."""
        f = self.factor
        self.cursor = min(max(self.cursor, self.clock), self.clock + BACKLOG * f)
        for event in events:
            name = sound_of(event)
            if name:  # (the tray rolls its dice at once; the rest sound when their effect starts)
                self.cues.append((self.cursor if f > 0 and name != "dice" else self.clock, name))
            if f > 0:
                self._effects_of(event, state, f)

    def _effects_of(self, event: Event, state: GameState, f: float) -> None:
        data, kind = event.data, event.kind
        models = state.models
        mid = data.get("model")
        if kind == EventKind.Activation and mid in models:
            self._add("pulse", mid, PULSE_TIME * f)
        elif kind == EventKind.AttackDeclared and data.get("attacker") in models and data.get("defender") in models:
            ranged = data.get("attack_kind") == "ranged"
            length = (SHOT_TIME if ranged else LUNGE_TIME) * f
            self._add("shot" if ranged else "lunge", data["attacker"], length, target=data["defender"])
            self.cursor += length if ranged else length / 2  # the blow lands: the flash and results follow
        elif kind == EventKind.AttackResolved and data.get("hit") and data.get("defender") in models:
            self._add("flash", data["defender"], FLASH_TIME * f)
            self.cursor += FLASH_TIME * f / 3  # the result shows as the flash fades
        elif kind == EventKind.Pushed and mid in models and data.get("start") and data.get("end"):
            start, end = data["start"], data["end"]
            self._add("push", mid, PUSH_TIME * f, path=((start[0], start[1]), (end[0], end[1])))
            self.cursor += PUSH_TIME * f
        elif kind in (EventKind.Killed, EventKind.Removed, EventKind.Escaped) and mid in models:
            self._add("fade", mid, FADE_TIME * f, ghost=replace(models[mid]))
        result = floating_result(event)
        if result is not None and result[0] in models:
            model, words, tone = result
            at = min(max(self.cursor, self._float_free.get(model, 0.0)), self.clock + BACKLOG * f)
            self.effects.append(Effect("float", model, at, FLOAT_TIME * f, words=words, tone=tone))
            self._float_free[model] = at + FLOAT_GAP * f

    def _add(self, kind: str, model: str, length: float, **more) -> None:
        self.effects.append(Effect(kind, model, self.cursor, length, **more))

    # -- time ---------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Time passes: the sounds now due play (one of each name a frame), finished effects go."""
        self.clock += dt
        due = [name for at, name in self.cues if at <= self.clock]
        if due:
            self.cues = [(at, name) for at, name in self.cues if at > self.clock]
            for name in dict.fromkeys(due):
                self.sounds.play(name, self.settings)
        self.effects = [e for e in self.effects if e.start + e.length > self.clock]

    def skip(self) -> None:
        """Every effect ends now (S, the Skip button); sounds not yet started are dropped."""
        self.effects.clear()
        self.cues.clear()
        self._float_free.clear()
        self.cursor = self.clock

    # -- where bases are drawn --------------------------------------------------------------------------
    def positions(self, state: GameState) -> dict[str, tuple[float, float]]:
        """Bases drawn away from where the state has them this frame: lunging, or sliding along a push."""
        if self._moved[0] == self.clock and self._moved[1] is state:
            return self._moved[2]  # (asked by the table and by ``draw`` each frame)
        out: dict[str, tuple[float, float]] = {}
        for e in self.effects:
            if e.kind not in MOVING:
                continue
            m = state.models.get(e.model)
            if m is None:
                continue
            p = e.progress(self.clock)
            if e.kind == "push" and e.path is not None:
                (x0, y0), (x1, y1) = e.path
                k = 1 - (1 - p) ** 2  # eases to a stop
                out[e.model] = (x0 + (x1 - x0) * k, y0 + (y1 - y0) * k)
            elif e.kind == "lunge" and 0 < p < 1 and e.target in state.models:
                t = state.models[e.target]
                d = math.hypot(t.x - m.x, t.y - m.y)
                if d > 1e-6:
                    reach = LUNGE_REACH * m.radius * math.sin(math.pi * p)
                    x, y = out.get(e.model, (m.x, m.y))
                    out[e.model] = (x + (t.x - m.x) / d * reach, y + (t.y - m.y) / d * reach)
        self._moved = (self.clock, state, out)
        return out

    # -- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, cam: Camera, state: GameState, colour_blind: bool = False,
             scale: float = 1.0) -> None:
        """The effects over the table (drawn after the bases): fading ghosts, pulses, shots, flashes, then
        the floating results on top."""
        if not self.effects:
            return
        floats = []
        moved = self.positions(state)
        for e in self.effects:
            if e.kind == "fade":
                self._draw_fade(surface, cam, e, colour_blind)
                continue
            if self.clock < e.start:
                continue
            m = state.models.get(e.model)
            if m is None:
                continue
            p = e.progress(self.clock)
            centre = cam.to_px(moved.get(e.model, (m.x, m.y)))
            r = max(3, round(m.radius * cam.scale))
            if e.kind == "pulse":
                grow = round(p * max(10, 0.9 * cam.scale))
                _ring(surface, centre, r + 2 + grow, (*theme.ACCENT, round(230 * (1 - p))), max(2, round(3 * scale)))
            elif e.kind == "flash":
                _disc(surface, centre, r + 2, (255, 255, 255, round(200 * (1 - p))))
                _ring(surface, centre, r + 3, (*FLASH_INK, round(255 * (1 - p))), max(2, round(3 * scale)))
            elif e.kind == "shot" and e.target in state.models:
                t = state.models[e.target]
                a, b = (m.x, m.y), (t.x, t.y)
                head = cam.to_px((a[0] + (b[0] - a[0]) * p, a[1] + (b[1] - a[1]) * p))
                q = max(0.0, p - 0.3)
                tail = cam.to_px((a[0] + (b[0] - a[0]) * q, a[1] + (b[1] - a[1]) * q))
                if p < 1:  # a bright streak, edged dark so it reads over any ground or ring
                    w = max(2, round(3 * scale))
                    pygame.draw.line(surface, (40, 28, 12), tail, head, w + 2)
                    pygame.draw.line(surface, SHOT_INK, tail, head, w)
                    pygame.draw.circle(surface, (255, 255, 255), head, w + 1)
            elif e.kind == "float":
                floats.append((e, centre, r, p))
        size = max(round(16 * scale), round(cam.scale * 0.72))  # grows with the table, as its labels do
        placed: list[pygame.Rect] = []  # results already drawn this frame: a later one stands clear above them
        for e, centre, r, p in sorted(floats, key=lambda f: f[0].start):
            placed.append(self._draw_float(surface, e, centre, r, p, scale, size, placed))

    def _draw_fade(self, surface: pygame.Surface, cam: Camera, e: Effect, colour_blind: bool) -> None:
        """The model as it stood, fading out (wholly there until its fade begins)."""
        from game.ui import table_view

        m = e.ghost
        if m is None:
            return
        r = max(3, round(m.radius * cam.scale))
        key = ("ghost", m.id, round(cam.scale, 3), colour_blind)
        image = self._images.get(key)
        if image is None:
            side = 2 * r + 8
            image = pygame.Surface((side, side), pygame.SRCALPHA)
            font = table_view._font(table_view.table_text_px(cam.scale))
            palette = table_view.COLOUR_BLIND_SIDES if colour_blind else table_view.SIDE_COLOURS
            at = Camera(cam.scale, side / 2 - m.x * cam.scale, side / 2 - m.y * cam.scale)
            was = layout_probe._frame
            layout_probe._frame = None  # (drawn off screen: not a base on the table for the layout test)
            try:
                table_view.draw_model(image, replace(m, conditions=Conditions()), at, font, colours=palette)
            finally:
                layout_probe._frame = was
            self._cache(key, image)
        image.set_alpha(round(255 * (1 - e.progress(self.clock))))
        surface.blit(image, image.get_rect(center=cam.to_px((m.x, m.y))))

    def _draw_float(self, surface: pygame.Surface, e: Effect, centre: tuple[int, int], r: int, p: float,
                    scale: float, size: int, placed: Sequence[pygame.Rect] = ()) -> pygame.Rect:
        key = ("float", e.words, e.tone, size)
        image = self._images.get(key)
        if image is None:
            image = _outlined(theme.displayable(e.words), size, TONES.get(e.tone, TONES["info"]))
            self._cache(key, image)
        image.set_alpha(255 if p < 0.6 else round(255 * (1 - p) / 0.4))
        rect = image.get_rect(midbottom=(centre[0], centre[1] - r - round(4 * scale) - round(p * FLOAT_RISE * scale)))
        clip = surface.get_clip()
        for _ in range(len(placed)):  # on another result (the same base's last, a neighbour's): just above it
            hit = rect.collidelist(list(placed))
            if hit < 0:
                break
            rect.bottom = placed[hit].top - 1
        if rect.top < clip.top:  # no room above: beside what it would cover, below the base
            rect.top = centre[1] + r + round(4 * scale)
            for _ in range(len(placed)):
                hit = rect.collidelist(list(placed))
                if hit < 0:
                    break
                rect.top = placed[hit].bottom + 1
        rect.clamp_ip(clip)
        surface.blit(image, rect)
        layout_probe.note("text", rect, clip, e.words, "floating result")
        return rect

    def _cache(self, key: tuple, image: pygame.Surface) -> None:
        if len(self._images) > 96:
            self._images.clear()
        self._images[key] = image


def _outlined(text: str, size: int, ink: tuple[int, int, int]) -> pygame.Surface:
    """Bold text in ``ink`` with a dark outline, readable on any terrain."""
    font = theme.font(size, bold=True)
    face = font.render(text, True, ink)
    edge = font.render(text, True, (15, 15, 18))
    out = pygame.Surface((face.get_width() + 4, face.get_height() + 4), pygame.SRCALPHA)
    for dx, dy in ((0, 0), (2, 0), (4, 0), (0, 2), (4, 2), (0, 4), (2, 4), (4, 4)):
        out.blit(edge, (dx, dy))
    out.blit(face, (2, 2))
    return out


def _ring(surface: pygame.Surface, centre: tuple[int, int], radius: int, rgba: tuple[int, int, int, int],
          width: int) -> None:
    layer = pygame.Surface((2 * radius + 2, 2 * radius + 2), pygame.SRCALPHA)
    pygame.draw.circle(layer, rgba, (radius + 1, radius + 1), radius, width)
    surface.blit(layer, (centre[0] - radius - 1, centre[1] - radius - 1))


def _disc(surface: pygame.Surface, centre: tuple[int, int], radius: int, rgba: tuple[int, int, int, int]) -> None:
    layer = pygame.Surface((2 * radius + 2, 2 * radius + 2), pygame.SRCALPHA)
    pygame.draw.circle(layer, rgba, (radius + 1, radius + 1), radius)
    surface.blit(layer, (centre[0] - radius - 1, centre[1] - radius - 1))
