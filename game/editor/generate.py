"""A symmetric map drawn from a few choices: how much terrain, which kinds, the axis of symmetry.

Every piece is placed with its mirror twin (or lies across the axis as its own image), so the two halves of
the table are the same ground; pieces keep a base's width apart and clear of the table's edges, so every
model can get round every piece and every deployment zone has room. The result is an ordinary editor
document: symmetric editing is on for its axis and the twins are linked, so it is edited like a map the
player drew. Whether the two sides are equal *in play* is the balance lab's question
(:func:`fair_map` asks it of each draw).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import shapely

from game.editor import transform as tf
from game.editor.document import CENTRE, MapState, Piece, Pt, ellipse, pt, rectangle, thick_polyline, unique_id
from game.editor.presets import BY_KEY, Preset
from game.editor.problems import check

TABLE = 2 * CENTRE
# the share of the table's area the terrain covers, by density
DENSITIES: dict[str, float] = {"sparse": 0.08, "medium": 0.13, "dense": 0.18}
DEFAULT_KINDS = ("forest", "ruins", "building", "wall", "hedge", "rubble", "rocks")
GAP = 2.2  # inches between any two pieces: the widest base (2″) passes between them
EDGE = 1.0  # inches between a piece and the table's edge
IMPASSABLE_EDGE = 5.0  # impassable pieces keep out of the edges' deployment strips (6″ zones keep room)
TRIES = 1500  # placements tried per map before it is taken as it stands ...
STUCK = 200  # ... or after this many in a row found no room (the table is full at these gaps)
# pieces grow with the density: a dense table is more, and larger, woods and ruins
GROWTH: dict[str, float] = {"sparse": 1.0, "medium": 1.1, "dense": 1.2}


@dataclass(frozen=True)
class Recipe:
    """What the player chooses: density (``DENSITIES``), preset keys (editor presets), axis (``tf.AXES``), seed."""

    density: str = "medium"
    kinds: tuple[str, ...] = DEFAULT_KINDS
    axis: str = "rotate180"  # the half turn: fair between any two opposite edges
    seed: int = 1

    def problems(self) -> list[str]:
        """What is wrong with the choices, in a player's words (empty when they can be drawn)."""
        out = []
        if self.density not in DENSITIES:
            out.append(f"density '{self.density}' is none of {', '.join(DENSITIES)}")
        unknown = [k for k in self.kinds if k not in BY_KEY]
        if unknown:
            out.append(f"no terrain preset named {', '.join(unknown)}")
        if not self.kinds:
            out.append("choose at least one kind of terrain")
        if self.axis not in tf.AXES:
            out.append(f"axis '{self.axis}' is none of {', '.join(tf.AXES)}")
        return out


def generate(recipe: Recipe) -> MapState:
    """The map the recipe draws (the same recipe, the same map); a ValueError names bad choices."""
    wrong = recipe.problems()
    if wrong:
        raise ValueError("; ".join(wrong))
    rng = random.Random(recipe.seed)
    presets = [BY_KEY[k] for k in recipe.kinds]
    target = DENSITIES[recipe.density] * TABLE * TABLE
    placed: list[tuple[Piece, shapely.Polygon]] = []
    links: list[tuple[int, int]] = []
    taken: set[str] = set()
    covered = 0.0
    missed = 0
    for attempt in range(TRIES):
        if covered >= target or missed >= STUCK:
            break
        missed += 1
        preset = presets[rng.randrange(len(presets))]
        # now and then a centrepiece across the axis (its own mirror image), else a piece and its twin
        centred = attempt % 7 == 3 and preset.tool in ("rect", "ellipse")
        grow = GROWTH[recipe.density]
        outline = _centrepiece(rng, preset, recipe.axis) if centred else _outline(rng, preset, grow)
        if outline is None:
            continue
        found = _shrunk_to_fit(outline, preset, recipe.axis, centred, placed)
        if found is None:
            continue
        outline, image, shapes = found
        missed = 0
        piece = Piece(unique_id(f"{preset.key}_1", taken), preset.kind, outline, preset.style, preset.blocks_los,
                      preset.cross_cost, preset.water)
        taken.add(piece.id)
        placed.append((piece, shapes[0]))
        covered += shapes[0].area
        if not centred:
            twin = Piece(unique_id(f"{piece.id}_twin", taken), preset.kind, image, preset.style, preset.blocks_los,
                         preset.cross_cost, preset.water)
            taken.add(twin.id)
            placed.append((twin, shapes[1]))
            links.append((piece.uid, twin.uid))
            covered += shapes[1].area
    kinds = ", ".join(BY_KEY[k].label.lower() for k in recipe.kinds)
    state = MapState(f"Generated map {recipe.seed}",
                     f"Drawn by the map generator: {recipe.density} terrain ({kinds}), symmetric "
                     f"{tf.AXES[recipe.axis]}.", tuple(p for p, _ in placed), tuple(links), recipe.axis)
    faults = check(state)
    assert not faults, faults  # every outline is a simple polygon on the table, every id unique
    return state


def fair_map(recipe: Recipe, judge: Callable[[MapState], bool], redraws: int = 10,
             progress: Callable[[int, MapState], None] | None = None) -> tuple[MapState, int]:
    """The first map the recipe draws (its seed, then the next ones) that ``judge`` finds fair, and how many
    draws it took; after ``redraws`` unfair draws, the last one (the caller says so)."""
    state = generate(recipe)
    for n in range(1, redraws + 1):
        if progress is not None:
            progress(n, state)
        if judge(state):
            return state, n
        if n < redraws:
            recipe = Recipe(recipe.density, recipe.kinds, recipe.axis, recipe.seed + 1)
            state = generate(recipe)
    return state, redraws


# -- shapes ------------------------------------------------------------------------------------------------
def _outline(rng: random.Random, preset: Preset, grow: float = 1.0) -> tuple[Pt, ...] | None:
    """A piece of the preset's usual shape somewhere on the table, its size times ``grow``."""
    x, y = rng.uniform(EDGE + 2, TABLE - EDGE - 2), rng.uniform(EDGE + 2, TABLE - EDGE - 2)
    if preset.tool == "wall":
        turn = rng.uniform(0, 2 * math.pi)
        points = [(x, y)]
        for _ in range(rng.choice((1, 1, 2))):
            length = rng.uniform(3.0, 6.0) * grow
            points.append((points[-1][0] + length * math.cos(turn), points[-1][1] + length * math.sin(turn)))
            turn += rng.choice((-1, 1)) * rng.uniform(math.pi / 6, math.pi / 2.5)
        out = thick_polyline(points, preset.width)
    elif preset.tool == "rect":
        w, h = rng.uniform(2.5, 6.0) * grow, rng.uniform(2.5, 5.0) * grow
        out = tf.rotate(rectangle((x - w / 2, y - h / 2), (x + w / 2, y + h / 2)), rng.choice((0, 0, 15, 30, 45)),
                        (x, y))
    elif preset.tool == "ellipse":
        out = ellipse((x, y), rng.uniform(1.5, 3.5) * grow, rng.uniform(1.5, 3.0) * grow)
    else:  # a blob: corners round the centre at varied distances (star-shaped, so never self-crossing)
        r = rng.uniform(2.0, 4.0) * grow
        corners = rng.randrange(6, 10)
        out = tuple(pt(x + r * rng.uniform(0.7, 1.15) * math.cos(2 * math.pi * (k + rng.uniform(-0.2, 0.2))
                                                                     / corners),
                       y + r * rng.uniform(0.7, 1.15) * math.sin(2 * math.pi * (k + rng.uniform(-0.2, 0.2))
                                                                 / corners))
                    for k in range(corners))
    return out if len(out) >= 3 and shapely.Polygon(out).is_valid else None


def _centrepiece(rng: random.Random, preset: Preset, axis: str) -> tuple[Pt, ...] | None:
    """A rectangle or an ellipse centred on the axis, square to it: its own mirror image."""
    w, h = rng.uniform(2.5, 5.0), rng.uniform(2.5, 5.0)
    along = rng.uniform(8.0, TABLE - 8.0)
    centre = {"vertical": (CENTRE, along), "horizontal": (along, CENTRE), "diagonal": (along, along),
              "antidiagonal": (along, TABLE - along), "rotate180": (CENTRE, CENTRE)}[axis]
    if preset.tool == "ellipse":
        r = min(w, h) / 2  # a circle: its own image across any axis through its centre
        out = ellipse(centre, r, r, 16)
    else:
        out = rectangle((centre[0] - w / 2, centre[1] - h / 2), (centre[0] + w / 2, centre[1] + h / 2))
        if axis in ("diagonal", "antidiagonal"):
            out = tf.rotate(rectangle((centre[0] - w / 2, centre[1] - w / 2), (centre[0] + w / 2, centre[1] + w / 2)),
                            45, centre)  # a square turned to the diagonal
    return out if sorted(tf.mirror(out, axis)) == sorted(out) else None


def _shrunk_to_fit(outline: tuple[Pt, ...], preset: Preset, axis: str, centred: bool,
                   placed: Sequence[tuple[Piece, shapely.Polygon]]
                   ) -> tuple[tuple[Pt, ...], tuple[Pt, ...], list[shapely.Polygon]] | None:
    """The outline (and its image), shrunk about its centre as far as 60 % until both fit (a wall is not: its
    thickness is its kind's); None if they never do (a piece too near its own twin would close the way across the
    axis)."""
    centre = shapely.Polygon(outline).centroid
    for factor in (1.0,) if preset.tool == "wall" else (1.0, 0.8, 0.6):  # a wall keeps its thickness
        shape = outline if factor == 1.0 else tf.scale(outline, factor, factor, (centre.x, centre.y))
        if centred and sorted(tf.mirror(shape, axis)) != sorted(shape):
            return None  # rounding broke its own symmetry: not a centrepiece any more
        image = tf.mirror(shape, axis)
        shapes = [shapely.Polygon(shape)] if centred else [shapely.Polygon(shape), shapely.Polygon(image)]
        if all(s.is_valid and _fits(s, preset, placed) for s in shapes) and \
                (centred or shapes[0].distance(shapes[1]) >= GAP):
            return shape, image, shapes
    return None


def _fits(shape: shapely.Polygon, preset: Preset, placed: Sequence[tuple[Piece, shapely.Polygon]]) -> bool:
    """On the table clear of its edges (impassable pieces clear of the deployment strips), and a base's width
    from every piece placed."""
    edge = IMPASSABLE_EDGE if preset.kind == "impassable" else EDGE
    x0, y0, x1, y1 = shape.bounds
    if x0 < edge or y0 < edge or x1 > TABLE - edge or y1 > TABLE - edge:
        return False
    return all(shape.distance(other) >= GAP for _, other in placed)
