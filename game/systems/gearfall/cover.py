"""What the shared table's terrain means to Gearfall ([GF-COVER-4]): the kernel's sight lines say which pieces
lie between a shooter and its target close enough to cover it; Gearfall says what each kind of piece is.

The map format's kinds are the table's; their meaning is the system's: a wall, a rock or an impassable mass
stops an attack (solid cover), woods only hide (concealment); rough ground is too low to hide anyone (the
table's sight lines pass over it), and another character's base gives none.
"""

from __future__ import annotations

from game.geometry.battlefield import Battlefield
from game.geometry.los import line_of_sight
from game.systems.gearfall.attacks import Cover

SOLID = frozenset({"obstacle", "impassable"})
CONCEALING = frozenset({"area"})
AREA_PREFIX = "area:"  # the kernel's name for the area piece a target stands in


def cover_class(bf: Battlefield, sources: tuple[str, ...]) -> Cover:
    """The best cover the sources give ([GF-COVER-3]: one, never two)."""
    best = Cover.none
    for source in sources:
        piece_id = source.removeprefix(AREA_PREFIX)
        try:
            kind = bf.battle_map_piece(piece_id).kind
        except KeyError:  # a base: characters give no cover
            continue
        if kind in SOLID:
            return Cover.solid
        if kind in CONCEALING:
            best = Cover.concealment
    return best


def cover_against(bf: Battlefield, attacker_id: str, target_id: str) -> Cover:
    """The cover the target has against the attacker's shot as the sight lines run now."""
    seen = line_of_sight(bf, attacker_id, target_id)
    return cover_class(bf, seen.cover_sources) if seen.has_los else Cover.none
