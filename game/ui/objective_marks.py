"""The encounter's objectives that are edges, points and places, drawn on the table beside its scoring regions: the
edges a side may escape off (arrows pointing off the table, in the side's colour), where a side's reinforcements
will arrive (a hatched strip along the edge, or a dashed ring round the point) until they have all come, and the
named places (top-level ``regions``) the scenario's events watch, dashed in pale ink with their names.

Every place is the rules' own answer (encounter.escape_edges, scenario_events.arrival_edge, encounter.edge_strip),
asked for a model of the side, so the table never works out a zone itself. Before the edge choice of a scenario
that has one, edges that depend on it are not drawn (they are not known yet). The battle's hover card (the
objectives tooltip) and the legend (F1) read the same marks.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.content.scenario_checks import effects_of
from game.content.scenario_schema import Arrival, Place
from game.content.scoring_text import side_name
from game.geometry.shapes import point_in_polygon
from game.rules import encounter, scenario_effects, scenario_events
from game.rules.state import GameState, ModelState

Colour = tuple[int, int, int]
REGION_INK = (225, 228, 240)  # a named place: pale, apart from the scoring regions' gold
EXIT_DEPTH = 0.9  # inches: the band of arrows along an exit edge
ARROW_STEP = 3.0  # inches between two arrows along an edge


@dataclass(frozen=True)
class Mark:
    """A drawn objective: ``kind`` "exit" or "arrival", the side it is for, where (an edge's strip (x0, y0, x1, y1)
    or a circle (x, y, r) in inches), its label and the lines of its hover card."""

    kind: str  # "exit", "arrival" or "region" (a named place: no side, its polygon in ``outline``)
    side: int
    edge: str | None
    box: tuple[float, float, float, float] | None
    circle: tuple[float, float, float] | None
    label: str
    card: tuple[str, ...]
    outline: tuple[tuple[float, float], ...] = ()

    def contains(self, x: float, y: float) -> bool:
        if self.outline:
            return point_in_polygon((x, y), list(self.outline))
        if self.circle is not None:
            cx, cy, r = self.circle
            return math.hypot(x - cx, y - cy) <= r
        assert self.box is not None
        x0, y0, x1, y1 = self.box
        return x0 <= x <= x1 and y0 <= y <= y1


def who(state: GameState, side: int) -> str:
    """A side as the players know it: its role where the scenario has roles, else its party's name."""
    enc = state.encounter
    roles = enc.scenario.roles
    return side_name(enc.scenario, enc.ref(side)) if roles is not None else state.sides[side].name


def _edges_known(state: GameState) -> bool:
    enc = state.encounter
    return enc.scenario.deployment.edge_chosen_by is None or enc.chosen_edge is not None


def marks(state: GameState) -> list[Mark]:
    """The exits and arrivals the encounter has now (none before an edge choice they depend on)."""
    enc = state.encounter
    if enc is None:
        return []
    return _regions(state) + (_exits(state) + _arrivals(state) if _edges_known(state) else [])


def _regions(state: GameState) -> list[Mark]:
    """The scenario's named places (top-level ``regions``: none shares a scoring region's name, which is drawn with
    its scoring)."""
    out = []
    for region in state.encounter.scenario.regions:
        card = (region.name, "A place the scenario's events watch: see the objectives (O)")
        if region.circle is not None:
            cx, cy = float(region.circle.centre[0]), float(region.circle.centre[1])
            out.append(Mark("region", -1, None, None, (cx, cy, region.circle.diameter / 2), region.name, card))
        elif region.polygon:
            pts = tuple((float(p[0]), float(p[1])) for p in region.polygon)
            out.append(Mark("region", -1, None, None, None, region.name, card, pts))
    return out


def _exits(state: GameState) -> list[Mark]:
    enc = state.encounter
    escape = enc.scenario.escape
    if escape is None:
        return []
    out = []
    size = state.battle_map.size
    for side in (0, 1):
        models = state.side_models(side)
        for edge in encounter.escape_edges(state, models[0]) if models else []:
            name = who(state, side)
            out.append(Mark("exit", side, edge, encounter.edge_strip(size, edge, EXIT_DEPTH), None,
                            f"Exit: {name}",
                            (f"Exit: the {edge} edge", f"{name}'s models escape off this edge: a model at it (within "
                             f"{escape.within:g}″) and not engaged may take the Escape action [ENC-BRK-2]")))
    return out


def _arrivals(state: GameState) -> list[Mark]:
    """Each event still to fire that brings reinforcements: where the models it brings (still held back) may
    arrive, each at its reserve's own place or the event's (scenario_effects.arrival_for), one mark a place."""
    enc = state.encounter
    out: list[Mark] = []
    for path, effect in effects_of(enc.scenario):
        i = int(path[1])
        event = enc.scenario.events[i]
        arrival = effect.reinforcements
        side = enc.named_side(arrival.side) if arrival is not None else None
        if arrival is None or side is None or (event.once and i in enc.fired):
            continue
        when = event.when
        at = f" (turn {when.turn_starts})" if when.turn_starts else \
            f" (after turn {when.turn_ends})" if when.turn_ends else ""
        maybe = " on a roll" if "roll" in path else ""
        places: dict[str, tuple[Arrival | Place, list[ModelState]]] = {}
        joining = 0  # a party file's models: not models of the side until the event fires
        if arrival.party is not None and state.side_models(side):
            joining = len(enc.scenario.joining_party(arrival.party).models)
            places[repr(arrival)] = (arrival, state.side_models(side)[:1])  # the side's model: for its edge
        for m in (state.model(mid) for mid in enc.reserved):
            if arrival.party is None and m.side == side and scenario_effects.brought(m, arrival):
                place = scenario_effects.arrival_for(state, m, arrival)
                places.setdefault(repr(place), (place, []))[1].append(m)
        name = who(state, side)
        for place, waiting in places.values():
            count = joining or len(waiting)
            card = (f"{name}: reinforcements{at}", f"{count} model{'s' if count != 1 else ''} "
                    f"to arrive when '{event.name or f'event {i + 1}'}' fires{maybe} [ENC-4]")
            if place.at is not None:
                x, y = place.at[0], place.at[1]
                out.append(Mark("arrival", side, None, None, (x, y, place.within), f"Reinforcements: {name}{at}",
                                (*card, f"Each arrives wholly within {place.within:g}″ of ({x:g}, {y:g})")))
            else:
                edge = scenario_events.arrival_edge(state, waiting[0], place)
                box = encounter.edge_strip(state.battle_map.size, edge, place.within)
                out.append(Mark("arrival", side, edge, box, None, f"Reinforcements: {name}{at}",
                                (*card, f"Each arrives wholly within {place.within:g}″ of the {edge} edge")))
    return out


# -- drawing ---------------------------------------------------------------------------------------------------

def free_spot(box: pygame.Rect, taken: list[pygame.Rect], clip: pygame.Rect) -> pygame.Rect:
    """``box`` on the table and clear of the labels already there (``taken``, which it joins): where it is, else
    the nearest free place a label's height or more above or below it (else where it is)."""
    box = box.clamp(clip)
    step = box.h + 2
    for k in (0, -1, 1, -2, 2, -3, 3, -4, 4):
        spot = box.move(0, k * step).clamp(clip)
        if spot.collidelist(taken) < 0:
            taken.append(spot)
            return spot
    taken.append(box)
    return box


def draw_marks(surf: pygame.Surface, state: GameState, to_px, scale: float, font: pygame.font.Font,
               palette: Sequence[Colour], taken: list[pygame.Rect] | None = None) -> None:
    """Every exit and arrival of ``marks``; ``to_px`` turns inches into pixels, ``scale`` is pixels an inch;
    labels keep clear of ``taken`` (the table's other labels)."""
    taken = [] if taken is None else taken
    drawn = marks(state)
    for mark in drawn:
        colour = palette[mark.side] if mark.side >= 0 else REGION_INK
        if mark.kind == "region":
            where = draw_region(surf, mark, to_px, scale)
        elif mark.kind == "exit" and mark.box is not None and mark.edge is not None:
            shared = sum(1 for m in drawn if m.kind == "exit" and m.edge == mark.edge) > 1
            draw_exit(surf, to_px, scale, mark.box, mark.edge, colour, offset=0.5 * mark.side if shared else 0.0)
            where = _label_point(mark, to_px, scale)
        elif mark.box is not None:
            draw_arrival_strip(surf, [to_px(p) for p in encounter.corners(mark.box)], colour)
            where = _label_point(mark, to_px, scale)
        else:
            assert mark.circle is not None
            x, y, r = mark.circle
            draw_arrival_ring(surf, to_px((x, y)), max(3, round(r * scale)), colour)
            where = to_px((x, y))
        image = font.render(mark.label, True, colour_text(colour))
        box = free_spot(image.get_rect(center=where), taken, surf.get_clip())
        pygame.draw.rect(surf, (0, 0, 0), box.inflate(6, 2))
        surf.blit(image, box)


def draw_region(surf: pygame.Surface, mark: Mark, to_px, scale: float) -> tuple[int, int]:
    """A named place dashed in pale ink; returns where its name goes (above it)."""
    if mark.circle is not None:
        x, y, r = mark.circle
        c, radius = to_px((x, y)), max(3, round(r * scale))
        for k in range(0, 40, 2):
            a0, a1 = 2 * math.pi * k / 40, 2 * math.pi * (k + 1) / 40
            pygame.draw.arc(surf, REGION_INK, (c[0] - radius, c[1] - radius, 2 * radius, 2 * radius), a0, a1, 2)
        return c[0], c[1] - radius - 8
    pts = [to_px(p) for p in mark.outline]
    for i in range(len(pts)):
        _dash(surf, REGION_INK, pts[i], pts[(i + 1) % len(pts)], 6)
    return sum(p[0] for p in pts) // len(pts), min(p[1] for p in pts) - 8  # above it, in the middle


def _label_point(mark: Mark, to_px, scale: float) -> tuple[int, int]:
    """Just inside the strip's inner side, at the edge's middle (one side's label a little along when two share
    the edge)."""
    assert mark.box is not None
    x0, y0, x1, y1 = mark.box
    along = 0.3 if mark.side == 0 else 0.7
    inner = (EXIT_DEPTH + 0.8) if mark.kind == "exit" else 0.5
    mid = {"top": (x0 + (x1 - x0) * along, y1 + (inner if mark.kind == "exit" else -inner)),
           "bottom": (x0 + (x1 - x0) * along, y0 - (inner if mark.kind == "exit" else -inner)),
           "left": (x1 + (inner if mark.kind == "exit" else -inner), y0 + (y1 - y0) * along),
           "right": (x0 - (inner if mark.kind == "exit" else -inner), y0 + (y1 - y0) * along)}[mark.edge or "top"]
    return to_px(mid)


def colour_text(colour: Colour) -> Colour:
    """The side's colour lightened to read on the labels' black backing."""
    r, g, b = colour
    return round(r + (255 - r) * 0.35), round(g + (255 - g) * 0.35), round(b + (255 - b) * 0.35)


def draw_exit(surf: pygame.Surface, to_px, scale: float, box: tuple[float, float, float, float], edge: str,
              colour: Colour, offset: float = 0.0) -> None:
    """Arrows along the edge pointing off the table (``offset`` of a step along: two sides sharing an edge)."""
    x0, y0, x1, y1 = box
    out = {"top": (0, -1), "bottom": (0, 1), "left": (-1, 0), "right": (1, 0)}[edge]
    length = (x1 - x0) if edge in ("top", "bottom") else (y1 - y0)
    depth = min(x1 - x0, y1 - y0)
    k = ARROW_STEP * (0.5 + offset)
    while k < length:
        centre = (x0 + k, (y0 + y1) / 2) if edge in ("top", "bottom") else ((x0 + x1) / 2, y0 + k)
        draw_arrow(surf, to_px(centre), out, max(4, round(depth * scale * 0.5)), colour)
        k += ARROW_STEP


def draw_arrow(surf: pygame.Surface, c: tuple[int, int], out: tuple[int, int], r: int, colour: Colour) -> None:
    """A chevron pointing ``out`` (a unit step), with a dark edge so it reads over any terrain."""
    dx, dy = out
    tip = (c[0] + dx * r, c[1] + dy * r)
    wing = r
    left = (c[0] - dx * r // 2 + dy * wing, c[1] - dy * r // 2 - dx * wing)
    right = (c[0] - dx * r // 2 - dy * wing, c[1] - dy * r // 2 + dx * wing)
    pts = [tip, left, c, right]
    pygame.draw.polygon(surf, colour, pts)
    pygame.draw.polygon(surf, (15, 15, 15), pts, 1)


def draw_arrival_strip(surf: pygame.Surface, pts: list[tuple[int, int]], colour: Colour) -> None:
    """A strip of the table hatched in the side's colour, its outline dashed."""
    rect = pygame.Rect(min(p[0] for p in pts), min(p[1] for p in pts), 1, 1)
    rect.width = max(1, max(p[0] for p in pts) - rect.x)
    rect.height = max(1, max(p[1] for p in pts) - rect.y)
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    layer.fill((*colour, 45))
    step = 10
    for k in range(-rect.height, rect.width, step):  # hatching at 45°
        pygame.draw.line(layer, (*colour, 150), (k, rect.height), (k + rect.height, 0), 2)
    surf.blit(layer, rect)
    corners = [rect.topleft, rect.topright, rect.bottomright, rect.bottomleft]
    for i in range(4):
        _dash(surf, colour, corners[i], corners[(i + 1) % 4])


def draw_arrival_ring(surf: pygame.Surface, c: tuple[int, int], r: int, colour: Colour) -> None:
    """A dashed ring in the side's colour round an arrival point, the point a dot."""
    layer = pygame.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
    pygame.draw.circle(layer, (*colour, 45), (r + 2, r + 2), r)
    surf.blit(layer, (c[0] - r - 2, c[1] - r - 2))
    for k in range(0, 40, 2):
        a0, a1 = 2 * math.pi * k / 40, 2 * math.pi * (k + 1) / 40
        pygame.draw.arc(surf, colour, (c[0] - r, c[1] - r, 2 * r, 2 * r), a0, a1, 3)
    pygame.draw.circle(surf, (15, 15, 15), c, 5)
    pygame.draw.circle(surf, colour, c, 4)


def _dash(surf: pygame.Surface, colour: Colour, a: Sequence[int], b: Sequence[int], dash: int = 8) -> None:
    n = max(1, int(math.dist(a, b) // dash))
    for k in range(0, n, 2):
        t0, t1 = k / n, min(1.0, (k + 1) / n)
        pygame.draw.line(surf, colour, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                         (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), 2)
