"""What the shared maps' terrain means in Thornwood: a shot's target type ([TW-TGT-1]), how hard a figure is to
spot ([TW-SPOT-3]), rough ground ([TW-MOVE-5]) and woods ([TW-MOVE-6]).

The kernel's sight lines say which pieces lie between a shooter and its target close enough to cover it (within
1″) and which area the target stands in; Thornwood says what each style of piece is. The seed's targets: in
concealment behind "trees, bushes, or other features that won't stop a bullet", in cover behind "rocks, fallen
trees or similar solid objects", fortified "inside a solidly built longhouse, palisade or similar" (RULED: the
shared maps' buildings cannot be entered, so a ruin's broken walls are the fortified place), in the open, and easy
when "bunched up in a tight group" (RULED: two friends or more within 1″). The best class any piece gives counts.
Figures give no cover. A sight line over rough ground passes (the kernel's): a target gets the cover of rough
ground only by standing in it.

The seed's warriors "move well in the natural terrain": ordinary woods cost nothing extra; rough ground
(brush, marsh, streams, fords, fields, rubble, ruins) costs 2″ of movement an inch. Woods or rough ground slows a
figure in full wooden armour ([TW-MOVE-6]).

=========  ======================  ====================  =====  =====  ===============================
style      standing in it          between, within 1″    rough  woods  note
=========  ======================  ====================  =====  =====  ===============================
forest     concealment             concealment           no     yes    trees: sight stops in it
brush      concealment             concealment           yes*   yes**  scrub and bushes
ruins      fortified               cover                 yes    no     broken walls of a house
rubble     cover                   —                     yes    no     heaps of stone
marsh      concealment             —                     yes    no     reeds and bog grass
field      open                    —                     yes    no     crops or ploughed land: low
stream     open                    —                     yes    no     shallow running water
ford       open                    —                     yes    no     a shallow crossing
pond       open                    —                     yes*   no     impassable when deep
wall       cover                   cover                 no     no     crossed at the obstacle's cost
fence      cover                   cover                 no     no     rails and posts of wood
logs       cover                   cover                 no     no     fallen trees
hedge      concealment             concealment           no     no     bushes that stop no arrow
rocks      —                       cover                 no     no     impassable
building   —                       cover                 no     no     impassable: a longhouse's wall
well       —                       cover                 no     no     impassable, low stone
river      —                       —                     no     no     deep water: impassable
chasm      —                       —                     no     no     impassable, no cover across it
=========  ======================  ====================  =====  =====  ===============================

\\* rough when the piece is of the rough kind (crossable); a piece of the impassable kind is never rough.
\\** woods when the piece is an area (a thicket), not a rough patch of scrub.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise

from game.content.maps import TerrainPiece
from game.geometry import shapes as geo
from game.geometry.battlefield import Battlefield
from game.geometry.los import line_of_sight_turned
from game.systems.thornwood.tables import Column, SpotClass
from game.systems.thornwood.tables import spot_class as spot_class_of

AREA_PREFIX = "area:"  # the kernel's name for the area a target stands in
BUNCHED_WITHIN = 1.0  # inches: a friend this close is in the tight group ([TW-TGT-1], ruled)
BUNCHED_FRIENDS = 2  # this many of them make an easy target
ROUGH_COST = 2.0  # [TW-MOVE-5]: inches of movement an inch of rough ground takes


TargetType = Column  # the to-hit grid's columns are the target types ([TW-TGT-1]): one enum, the tables'


_E, _O, _CN, _CV, _F = TargetType
# style -> (standing in it, between within 1″); None: it gives nothing that way
STYLE_COVER: dict[str, tuple[TargetType | None, TargetType | None]] = {
    "forest": (_CN, _CN), "brush": (_CN, _CN), "ruins": (_F, _CV), "rubble": (_CV, None), "marsh": (_CN, None),
    "field": (_O, None), "stream": (_O, None), "ford": (_O, None), "pond": (_O, None),
    "wall": (_CV, _CV), "fence": (_CV, _CV), "logs": (_CV, _CV), "hedge": (_CN, _CN),
    "rocks": (None, _CV), "building": (None, _CV), "well": (None, _CV), "river": (None, None), "chasm": (None, None),
}
ROUGH_STYLES = frozenset({"brush", "ruins", "rubble", "marsh", "field", "stream", "ford", "pond"})
WOODS_STYLES = frozenset({"forest", "brush"})


def rough(piece: TerrainPiece) -> bool:
    """[TW-MOVE-5]: ground that costs 2″ an inch. Every crossable rough piece, and a ruin's area (broken walls
    underfoot); woods are not rough, nor is what cannot be entered."""
    if piece.kind == "impassable" or piece.kind == "obstacle":
        return False
    if piece.kind == "rough":
        return True
    return piece.style in ROUGH_STYLES and piece.style not in WOODS_STYLES


def woods(piece: TerrainPiece) -> bool:
    """[TW-MOVE-6]: woods, where full wooden armour slows a figure: a forest, or a thicket of brush (an area)."""
    return piece.style == "forest" or (piece.kind == "area" and piece.style in WOODS_STYLES)


def impassable(piece: TerrainPiece) -> bool:
    """[TW-MOVE-7]: a piece no figure enters."""
    return piece.kind == "impassable"


def standing_in(piece: TerrainPiece) -> TargetType | None:
    """What a figure standing in the piece counts as, from it alone."""
    return STYLE_COVER.get(piece.style, (None, None))[0] if not impassable(piece) else None


def between(piece: TerrainPiece) -> TargetType | None:
    """What the piece gives a target it lies in front of (within 1″ on a sight line)."""
    return STYLE_COVER.get(piece.style, (None, None))[1]


def concealing_at(bf: Battlefield, point: tuple[float, float]) -> TargetType:
    """What a figure standing at the point counts as from the ground it stands in (no sight line asked)."""
    best = TargetType.open
    for piece in bf.pieces_at(point):
        found = standing_in(piece)
        if found is not None and found > best:
            best = found
    return best


def bunched(bf: Battlefield, target_id: str) -> bool:
    """[TW-TGT-1] (ruled): the target stands in a tight group, two friends or more within 1″ of its base."""
    me = bf.base(target_id)
    return len(bf.bases_within(target_id, BUNCHED_WITHIN, me.side)) >= BUNCHED_FRIENDS


def target_type(bf: Battlefield, shooter_id: str, target_id: str) -> TargetType | None:
    """[TW-TGT-1]: the target's column against this shooter as the figures stand, or None when it cannot be
    seen. Thornwood's figures turn freely, so the shooter is taken facing its target."""
    seen = line_of_sight_turned(bf, shooter_id, target_id)
    if not seen.has_los:
        return None
    best = concealing_at(bf, (bf.base(target_id).centre.x, bf.base(target_id).centre.y))
    for source in seen.cover_sources:
        piece_id = source.removeprefix(AREA_PREFIX)
        try:
            piece = bf.battle_map_piece(piece_id)
        except KeyError:  # a base: figures give no cover
            continue
        found = standing_in(piece) if source.startswith(AREA_PREFIX) else between(piece)
        if found is not None and found > best:
            best = found
    if best == TargetType.open and bunched(bf, target_id):
        return TargetType.easy
    return best


def spot_class(bf: Battlefield, spotter_id: str, target_id: str) -> SpotClass | None:
    """[TW-SPOT-3]: how hard the target is for this spotter to see (the shot's target type: easy and open are
    both open, fortified is the hardest), or None when no sight line reaches it."""
    found = target_type(bf, spotter_id, target_id)
    return None if found is None else spot_class_of(found)


def rough_length(bf: Battlefield, points: Sequence[tuple[float, float]]) -> float:
    """[TW-MOVE-5]: how many inches of a path (the figure's centre, through the points in turn) lie on rough
    ground. Pieces that overlap are counted once."""
    total = 0.0
    pieces = [p for p in bf.battle_map.pieces if rough(p)]
    for (ax, ay), (bx, by) in pairwise(points):
        length = math.hypot(bx - ax, by - ay)
        if length == 0:
            continue
        spans = [iv for p in pieces for part in bf.piece_parts(p.id)
                 if (iv := geo.clip_convex((ax, ay), (bx, by), geo.positive(part))) is not None]
        total += sum(e - s for s, e in geo.merge(spans)) * length
    return total


def move_cost(bf: Battlefield, points: Sequence[tuple[float, float]], ignores_rough: bool = False) -> float:
    """[TW-MOVE-5]: the inches of movement a path takes: its length, each inch of rough ground counting 2
    (none extra for a figure that ignores rough ground: Nimble)."""
    length = sum(math.dist(a, b) for a, b in pairwise(points))
    return length if ignores_rough else length + (ROUGH_COST - 1) * rough_length(bf, points)


def slows_armour(bf: Battlefield, point: tuple[float, float]) -> bool:
    """[TW-MOVE-6]: whether ground at the point is woods or rough, where full wooden armour loses 1″ an action."""
    return any(woods(p) or rough(p) for p in bf.pieces_at(point))
