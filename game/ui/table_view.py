"""Drawing the table: terrain by style and kind, and the models on it, through a camera in inches.

Shared by the battle scene and the debug tools; it draws what the state and the map say and
computes no rule.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import pygame

from game.content.maps import TABLE_SIZE, BattleMap
from game.rules.state import PRISONER, GameState, ModelState
from game.ui import layout_probe, objective_marks, style, terrain_art, tokens
from game.ui.model_labels import FACING_REACH, place_labels, unique_labels

TABLE_GREEN = style.TABLE_GREEN
STYLE_COLOURS = terrain_art.STYLE_COLOURS
KIND_OUTLINE = style.KIND_OUTLINE
SIDE_COLOURS = list(style.SIDE_COLOURS)
COLOUR_BLIND_SIDES = list(style.COLOUR_BLIND_SIDES)  # orange / blue: apart for red-green colour blindness
# the letters of the condition badges (tokens.BADGES), drawn when a badge is too small for its icon
CONDITION_MARKS = {b.key: b.letter for b in tokens.BADGES if b.key != "jammed"}
JAMMED_MARK = tokens.BADGE_BY_KEY["jammed"].letter  # a black powder weapon of the model is jammed ([SKILL-7])


def _font(size: int) -> pygame.font.Font:
    from game.ui.theme import font

    return font(size)


def table_text_px(inch_px: float, least: int = 11) -> int:
    """A label's font size on the table: grows with the table's zoom and with the UI scale (theme)."""
    from game.ui.theme import table_text_px as px

    return px(inch_px, least)


@dataclass
class Camera:
    """Inches to pixels: a scale and the pixel position of the table's (0, 0) corner."""

    scale: float = 20.0
    ox: float = 30.0
    oy: float = 30.0

    @classmethod
    def fit(cls, rect: pygame.Rect, margin: int = 10) -> Camera:
        size = min(rect.width, rect.height) - 2 * margin
        scale = size / TABLE_SIZE
        return cls(scale, rect.x + (rect.width - size) / 2, rect.y + (rect.height - size) / 2)

    def to_px(self, p: Sequence[float]) -> tuple[int, int]:
        return round(self.ox + p[0] * self.scale), round(self.oy + p[1] * self.scale)

    def to_inches(self, px: Sequence[float]) -> tuple[float, float]:
        return (px[0] - self.ox) / self.scale, (px[1] - self.oy) / self.scale


_TERRAIN_CACHE: dict[tuple, pygame.Surface] = {}


def draw_terrain(surf: pygame.Surface, battle_map: BattleMap, cam: Camera, labels: bool = True) -> None:
    """The table and its pieces, rendered once per map and zoom and then blitted (panning is free)."""
    from game.ui import theme

    key = (id(battle_map), battle_map.name, round(cam.scale, 4), labels, theme.ui_scale())  # (names' size)
    layer = _TERRAIN_CACHE.get(key)
    if layer is None:
        if len(_TERRAIN_CACHE) > 8:
            _TERRAIN_CACHE.clear()
        layer = render_terrain(battle_map, cam.scale, labels)
        if pygame.display.get_surface() is not None:
            layer = layer.convert()  # the display's pixel format: blitting it each frame is then a copy
        _TERRAIN_CACHE[key] = layer
    surf.blit(layer, (round(cam.ox), round(cam.oy)))


def render_terrain(battle_map: BattleMap, scale: float, labels: bool = True,
                   area: pygame.Rect | None = None) -> pygame.Surface:
    """The cloth, every piece's soft shadow, then each piece painted by its family (terrain_art) and edged by
    its kind ([TERR-1]): rough pale yellow, obstacle white, impassable black (hatched when it does not block
    sight), area a dark cord with a pale dash.

    ``area`` (pixels of the whole table's layer): only that part, the same pixels as the whole layer has
    there (the map editor repaints the places a few pieces left or took this way)."""
    side = max(1, round(TABLE_SIZE * scale))
    whole = pygame.Rect(0, 0, side, side)
    area = whole if area is None else area.clip(whole)
    layer = pygame.Surface(area.size)
    cloth = _cloth(side, scale)
    if cloth is not None:
        layer.blit(cloth, (0, 0), area)
    else:  # a huge zoom: not kept
        terrain_art.paint_cloth(layer, scale)
    cam = Camera(scale, -area.x, -area.y)
    font = _font(table_text_px(scale, 10))
    reach = area.inflate(2 * (round(scale) + 8), 2 * (round(scale) + 8))  # a shadow falls less than 1″ away
    drawn = [(piece, pts) for piece in battle_map.pieces
             if (pts := [cam.to_px(p) for p in piece.polygon]) and _box_of(pts).move(area.topleft).colliderect(reach)]
    for piece, pts in drawn:
        terrain_art.cast_shadow(layer, pts, piece.style, scale)
    for piece, pts in drawn:
        terrain_art.paint_piece(layer, pts, piece.style, scale, terrain_art.seed_of(piece.polygon, piece.id))
        terrain_art.draw_edge(layer, pts, piece.kind, piece.blocks_los, scale)
    if labels:
        for text, at in piece_names(battle_map, cam):
            layer.blit(font.render(text, True, (0, 0, 0)), at.move(1, 1))
            layer.blit(font.render(text, True, (245, 245, 235)), at)
    return layer


_CLOTH: dict[tuple[int, float], pygame.Surface] = {}


def _cloth(side: int, scale: float) -> pygame.Surface | None:
    """The bare table at this zoom, painted once (the same tufts under every piece); None when too large to
    keep."""
    if side > 3000:
        return None
    key = (side, round(scale, 4))
    if key not in _CLOTH:
        if len(_CLOTH) > 2:
            _CLOTH.clear()
        cloth = pygame.Surface((side, side))
        terrain_art.paint_cloth(cloth, scale)
        _CLOTH[key] = cloth
    return _CLOTH[key]


def _box_of(pts: Sequence[tuple[int, int]]) -> pygame.Rect:
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def piece_names(battle_map: BattleMap, cam: Camera) -> list[tuple[str, pygame.Rect]]:
    """Each piece's name and where the terrain layer prints it (centred on the piece), in the camera's pixels;
    the models' labels keep clear of these."""
    font = _font(table_text_px(cam.scale, 10))
    out = []
    for piece in battle_map.pieces:
        cx = sum(p[0] for p in piece.polygon) / len(piece.polygon)
        cy = sum(p[1] for p in piece.polygon) / len(piece.polygon)
        text = piece.name
        box = pygame.Rect((0, 0), font.size(text))
        box.center = cam.to_px((cx, cy))
        out.append((text, box))
    return out


_NAMES: dict[tuple, list[tuple[int, int, int, int]]] = {}


def piece_name_boxes(battle_map: BattleMap, cam: Camera) -> list[tuple[int, int, int, int]]:
    """piece_names' boxes, remembered per map and view (they are asked every frame)."""
    key = (id(battle_map), battle_map.name, round(cam.scale, 4), round(cam.ox), round(cam.oy), table_text_px(cam.scale))
    if key not in _NAMES:
        if len(_NAMES) > 16:
            _NAMES.clear()
        _NAMES[key] = [tuple(r) for _, r in piece_names(battle_map, cam)]  # type: ignore[misc]
    return _NAMES[key]


def texture(layer: pygame.Surface, pts: list[tuple[int, int]], style_name: str, scale: float) -> None:
    """One piece painted as the table paints it (the map editor's pieces being drawn)."""
    terrain_art.paint_piece(layer, pts, style_name, scale, terrain_art.seed_of(pts))


def hatch(surf: pygame.Surface, pts: list[tuple[int, int]]) -> None:
    """Diagonal hatching clipped to the polygon: impassable, but it does not block sight."""
    terrain_art.hatch(surf, pts)


def draw_model(surf: pygame.Surface, m: ModelState, cam: Camera, font: pygame.font.Font,
               active: bool = False, colours: Sequence[tuple[int, int, int]] = SIDE_COLOURS) -> None:
    """The model's token (game/ui/tokens.py): base in its side's colour, rim by type, emblem, facing wedge,
    wound pips and condition badges; its label is drawn by draw_labels."""
    tokens.draw_token(surf, m, cam.to_px((m.x, m.y)), max(3, round(m.radius * cam.scale)), colours[m.side % 2],
                      active=active, font=font)


def marks_of(m: ModelState) -> str:
    """The letters of the badges beside a base: one per condition it is under, and J for a jammed weapon."""
    return "".join(b.letter for b in tokens.badges_of(m))


_PLACED: list = [None, {}]  # the last placement of labels and what it was made for


def draw_labels(surf: pygame.Surface, models: Sequence[ModelState], labels: dict[str, str], cam: Camera,
                font: pygame.font.Font, anchors: dict[str, tuple[float, float]] | None = None,
                avoid: Sequence[tuple[int, int, int, int]] = ()) -> None:
    """Each model's short unique label next to its base, placed clear of the other labels and bases.

    ``anchors``: where the bases drawn part way along a move or a lunge really stand; the labels are placed
    for those places (so the placement, the costly part, holds while the animation runs) and carried along
    with the base as drawn. ``avoid``: boxes printed on the table already (the pieces' names)."""
    anchors = anchors or {}
    images = {m.id: font.render(labels[m.id], True, (20, 20, 20)) for m in models}
    drawn_at = {m.id: cam.to_px((m.x, m.y)) for m in models}
    bases = [(m.id, *cam.to_px(anchors.get(m.id, (m.x, m.y))), max(3, round(m.radius * cam.scale)))
             for m in models]
    (x0, y0), (x1, y1) = cam.to_px((0, 0)), cam.to_px((TABLE_SIZE, TABLE_SIZE))
    table = pygame.Rect(x0, y0, x1 - x0, y1 - y0).clip(surf.get_rect())
    sizes = {mid: im.get_size() for mid, im in images.items()}
    key = (tuple(bases), tuple(sorted(sizes.items())), tuple(table), tuple(avoid))
    if _PLACED[0] != key:  # placing is the costly part; bases seldom move between frames
        _PLACED[:] = [key, place_labels(bases, sizes, bounds=(table.x, table.y, table.w, table.h), avoid=avoid)]
    boxes = _PLACED[1]
    home = {mid: (bx, by) for mid, bx, by, _ in bases}
    reach = {mid: r for mid, _, _, r in bases}
    for mid, (x, y, w, h) in boxes.items():
        x += drawn_at[mid][0] - home[mid][0]
        y += drawn_at[mid][1] - home[mid][1]
        _leader(surf, (x, y, w, h), drawn_at[mid], reach[mid], h)
        surf.blit(images[mid], (x, y))
        layout_probe.note("label", (x, y, w, h), text=labels[mid], owner=f"label:{mid}")


def printed_boxes(battle_map: BattleMap, cam: Camera) -> list[pygame.Rect]:
    """Where text stands on the table now (the models' labels as last placed, the pieces' names): what a label
    drawn over the table later (a range ring's) keeps clear of."""
    boxes = [pygame.Rect(b) for b in _PLACED[1].values()]
    return boxes + [pygame.Rect(b) for b in piece_name_boxes(battle_map, cam)]


def _leader(surf: pygame.Surface, box: tuple[int, int, int, int], centre: tuple[int, int], radius: int,
            height: int) -> None:
    """A thin line from a label set further out (a crowded line or melee) to its own base, so it is never read
    as a neighbour's."""
    x, y, w, h = box
    cx, cy = centre
    near = (min(max(cx, x), x + w), min(max(cy, y), y + h))  # the box's point nearest the base's centre
    dx, dy = near[0] - cx, near[1] - cy
    dist = math.hypot(dx, dy)
    edge = radius * FACING_REACH
    if dist <= edge + height * 0.6:
        return  # beside its base: plain to see
    start = (round(cx + dx / dist * radius), round(cy + dy / dist * radius))
    pygame.draw.line(surf, (40, 40, 40), start, near, 1)


OBJECTIVE_INK = (255, 215, 90)
OBJECTIVE_OFF = (170, 160, 130)  # a scoring entry an event has not switched on (yet)


def draw_objectives(surf: pygame.Surface, state: GameState, cam: Camera, font: pygame.font.Font,
                    taken: list[pygame.Rect]) -> None:
    """The encounter's scoring regions (polygons and circles) as dashed outlines with their names and points,
    as the rules list them; an entry that does not pay now (switched off, or its condition not met) is drawn
    grey and says so. The labels keep clear of ``taken`` and join it."""
    from game.content.scenario_schema import RollTable, VariablePoints
    from game.rules import scenario_events, scoring

    for entry in state.encounter.scenario.scoring:
        on = scenario_events.pays_now(state, entry)
        ink = OBJECTIVE_INK if on else OBJECTIVE_OFF
        for t in scoring.targets(state, entry):
            if t.kind == "circle":
                cx, cy, r = t.ref
                centre, radius = cam.to_px((cx, cy)), max(2, round(r * cam.scale))
                for k in range(0, 48, 2):  # dashes round the rim
                    a0, a1 = 2 * math.pi * k / 48, 2 * math.pi * (k + 1) / 48
                    pygame.draw.arc(surf, ink, (centre[0] - radius, centre[1] - radius, 2 * radius, 2 * radius),
                                    a0, a1, 2)
                top = (centre[0], centre[1] - radius)
            elif t.kind == "region":
                pts = [cam.to_px(p) for p in t.ref]
                for i in range(len(pts)):
                    _dash(surf, ink, pts[i], pts[(i + 1) % len(pts)])
                top = min(pts, key=lambda p: p[1])
            else:
                continue
            points = "d6" if isinstance(entry.points, RollTable) else \
                entry.points.variable if isinstance(entry.points, VariablePoints) else entry.points
            text = f"{t.name} ({points} ExP)" + ("" if on else " — not now")
            image = font.render(text, True, ink)
            box = objective_marks.free_spot(image.get_rect(midbottom=(top[0], top[1] - 2)), taken, surf.get_clip())
            pygame.draw.rect(surf, (0, 0, 0), box.inflate(6, 2))
            surf.blit(image, box)


def _dash(surf: pygame.Surface, colour, a: Sequence[int], b: Sequence[int], dash: int = 8) -> None:
    n = max(1, int(math.dist(a, b) // dash))
    for k in range(0, n, 2):
        t0, t1 = k / n, min(1.0, (k + 1) / n)
        pygame.draw.line(surf, colour, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                         (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), 2)


MARKER_GOLD = (240, 200, 40)


def draw_marker(surf: pygame.Surface, c: tuple[int, int], r: int) -> None:
    """An encounter's objective marker: a gold disc with a shadow and a chest, its size its rules size."""
    off = max(1, r // 6)
    pygame.draw.circle(surf, (0, 0, 0), (c[0] + off, c[1] + off), r)
    pygame.draw.circle(surf, MARKER_GOLD, c, r)
    pygame.draw.circle(surf, (120, 90, 20), c, r, max(1, r // 6))
    if r >= 6:
        from game.ui.icons import icon

        chest = icon("marker", round(r * 1.3), (70, 50, 15))
        surf.blit(chest, chest.get_rect(center=c))


def draw_state(surf: pygame.Surface, state: GameState, cam: Camera, colour_blind: bool = False,
               positions: dict[str, tuple[float, float]] | None = None) -> None:
    """The whole table as it stands: terrain, markers, the Prisoner and every model on the table."""
    draw_terrain(surf, state.battle_map, cam)
    font = _font(table_text_px(cam.scale))
    palette = COLOUR_BLIND_SIDES if colour_blind else SIDE_COLOURS
    enc = state.encounter
    if enc is not None:
        taken = [pygame.Rect(b) for b in piece_name_boxes(state.battle_map, cam)]  # the pieces' names stay read
        draw_objectives(surf, state, cam, font, taken)
        objective_marks.draw_marks(surf, state, cam.to_px, cam.scale, font, palette, taken)
        for mk in enc.markers:
            draw_marker(surf, cam.to_px((mk.x, mk.y)), max(3, round(mk.radius * cam.scale)))
    shown, anchors = [], {}
    for m in sorted(state.models.values(), key=lambda m: m.id):
        placed = 0 <= m.x <= TABLE_SIZE and 0 <= m.y <= TABLE_SIZE  # (a Prisoner not placed yet waits off it)
        if m.on_table or (m.status == PRISONER and placed):
            if positions and m.id in positions:  # drawn part way along a move (the state is untouched)
                anchors[m.id] = (m.x, m.y)
                m = replace(m, x=positions[m.id][0], y=positions[m.id][1])
            draw_model(surf, m, cam, font, active=m.id == state.active_model, colours=palette)
            shown.append(m)
    # named among every model of the game, so a label never changes when another model falls
    draw_labels(surf, shown, unique_labels((m.id, m.name) for m in state.models.values()), cam, font, anchors,
                piece_name_boxes(state.battle_map, cam))
