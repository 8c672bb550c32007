"""Terrain presets: one click sets kind, style and flags; and what each property means in the rules.

The presets follow the shipped maps (a river is impassable water that does not block sight, a ford
rough water, a hedge an obstacle). ``tool`` is the drawing tool a preset suggests: walls, hedges,
fences and streams are drawn as thick lines, the rest as polygons.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Preset:
    key: str
    label: str
    kind: str
    style: str
    blocks_los: bool | None = None
    cross_cost: float | None = None
    water: bool = False
    tool: str = "polygon"  # polygon | rect | ellipse | wall
    width: float = 0.5  # the wall tool's thickness in inches

    def values(self) -> dict[str, Any]:
        return {"kind": self.kind, "style": self.style, "blocks_los": self.blocks_los,
                "cross_cost": self.cross_cost, "water": self.water}

    def tip(self) -> str:
        flags = [KIND_RULES[self.kind]]
        if self.kind == "impassable":
            flags.append("blocks line of sight [TERR-4]" if self.blocks_los else "does not block line of sight "
                         "[TERR-4]")
        if self.cross_cost is not None:
            flags.append(f"crossing costs {self.cross_cost:g}″ [TERR-3]")
        if self.water:
            flags.append("water: Amphibious models ignore its rough penalty [TERR-6]")
        return f"{self.label}: " + "; ".join(flags)


PRESETS: tuple[Preset, ...] = (
    Preset("forest", "Forest", "area", "forest", tool="polygon"),
    Preset("ruins", "Ruins", "area", "ruins", tool="rect"),
    Preset("building", "Building", "impassable", "building", blocks_los=True, tool="rect"),
    Preset("wall", "Wall", "obstacle", "wall", tool="wall", width=0.5),
    Preset("hedge", "Hedge", "obstacle", "hedge", tool="wall", width=0.75),
    Preset("fence", "Fence", "obstacle", "fence", cross_cost=0.5, tool="wall", width=0.4),
    Preset("river", "River", "impassable", "river", blocks_los=False, water=True, tool="wall", width=2.5),
    Preset("stream", "Stream", "rough", "stream", water=True, tool="wall", width=1.0),
    Preset("ford", "Ford", "rough", "ford", water=True, tool="rect"),
    Preset("pond", "Pond", "impassable", "pond", blocks_los=False, water=True, tool="ellipse"),
    Preset("marsh", "Marsh", "rough", "marsh", water=True, tool="polygon"),
    Preset("rocks", "Rocks", "impassable", "rocks", blocks_los=True, tool="polygon"),
    Preset("rubble", "Rubble", "rough", "rubble", tool="polygon"),
    Preset("well", "Well", "impassable", "well", blocks_los=False, tool="ellipse"),
    Preset("chasm", "Chasm", "impassable", "chasm", blocks_los=False, tool="polygon"),
    Preset("field", "Field", "rough", "field", tool="rect"),
    Preset("logs", "Logs", "obstacle", "logs", tool="rect"),
    Preset("brush", "Brush", "rough", "brush", tool="ellipse"),
)
BY_KEY = {p.key: p for p in PRESETS}

KIND_RULES = {
    "rough": "rough: a model whose base passes through it suffers −2 to its later rolls this turn [TERR-2]",
    "obstacle": "obstacle: crossing costs 1″ (or the piece's cost) and gives cover; it does not block "
                "line of sight [TERR-3]",
    "impassable": "impassable: no model may enter it; it blocks line of sight or not, as the map says [TERR-4]",
    "area": "area: counts as rough, a model inside is in cover, line of sight never passes through [TERR-5]",
}

# the properties panel: each field, the kinds it applies to, and the rule it triggers (its tooltip)
FIELDS: dict[str, tuple[tuple[str, ...], str]] = {
    "geo_pos": (("rough", "obstacle", "impassable", "area"), "The selection's top-left corner in inches from the "
                                                                "table's top-left (type and press Enter or Tab)"),
    "geo_size": (("rough", "obstacle", "impassable", "area"), "The selection's width and height in inches, and a "
                                                                 "turn in degrees (clockwise) about its centre"),
    "id": (("rough", "obstacle", "impassable", "area"), "The piece's name in the map file and the battle log; "
                                                           "unique on the map"),
    "kind": (("rough", "obstacle", "impassable", "area"), "What the piece does in the rules [TERR-1]"),
    "style": (("rough", "obstacle", "impassable", "area"), "How the piece is drawn; no rule reads it"),
    "blocks_los": (("impassable",), "Blocks line of sight (a building, a cliff) or not (a chasm, a river) "
                                    "[TERR-4], [DIG-LOS-2]"),
    "cross_cost": (("obstacle",), "Inches of movement it costs to cross (1″ unless set) [TERR-3], [DIG-MOVE-7]"),
    "water": (("rough", "obstacle", "impassable", "area"), "Water: Amphibious models ignore its rough "
                                                           "penalty [TERR-6]"),
}


def applies(field: str, kind: str) -> bool:
    return kind in FIELDS[field][0]
