"""Thornwood's scenario file (``thornwood/scenario@1``): the map, the turns each side takes, the two home edges and
how deep each side deploys ([TW-SET-1]), and the Furs Markers: how many a side sets out, how far apart and how far
from every edge ([TW-FURS-1]). A bad file is refused whole, every problem with its key path, line and rule.

On the 36″ table the seed's "12″ from a table edge" cannot stand with "12″ from another marker" for six markers:
12″ from every edge leaves a 12″ square, room for four markers 12″ apart. The seed's tables are larger, so the
shipped scenario asks 10″ between markers and 9″ from the edges (ruled, [TW-FURS-1]): the markers lie out of
both 6″ set-up zones, so nobody picks one up where it sets up. The checker refuses spacings no placement can meet
(:func:`marker_places` finds one when there is one on a grid, square or staggered).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import Field

from game.content.maps import TABLE_SIZE, shipped_maps
from game.content.schema import StrictModel, Text, validated_whole
from game.content.yaml_loader import Document, load_yaml, parse_yaml
from game.core.errors import Problem
from game.core.ids import suggest
from game.paths import SYSTEMS_DIR

SCENARIO_FORMAT = "thornwood/scenario@1"
SCENARIOS_DIR = SYSTEMS_DIR / "thornwood" / "data" / "scenarios"
Edge = Literal["top", "bottom", "left", "right"]
DEFAULT_EDGES: tuple[Edge, Edge] = ("bottom", "top")
OPPOSITE = {"top": "bottom", "bottom": "top", "left": "right", "right": "left"}
DEPTH = 6.0  # [TW-SET-1]: within 6″ of its own edge
MARKERS_PER_SIDE = 3  # [TW-FURS-1]
MARKER_SPACING = 10.0  # [TW-FURS-1], ruled for the 36″ table (the module's docstring)
EDGE_SPACING = 9.0  # [TW-FURS-1], ruled: out of the 6″ set-up zones


class ScenarioFile(StrictModel):
    format: Literal["thornwood/scenario@1"]
    name: Text
    briefing: Text = ""
    map: str | None = None  # a shared map's name (assets/maps), or a map file
    turns: int = Field(default=8, ge=1, le=30)  # each side's
    edges: list[Edge] = Field(default_factory=lambda: list(DEFAULT_EDGES), min_length=2, max_length=2)  # 0's, 1's
    depth: float = Field(default=DEPTH, ge=1.0, le=12.0)
    markers_per_side: int = Field(default=MARKERS_PER_SIDE, ge=0, le=6)
    marker_spacing: float = Field(default=MARKER_SPACING, ge=0.0, le=36.0)
    edge_spacing: float = Field(default=EDGE_SPACING, ge=0.0, le=18.0)


@dataclass(frozen=True)
class TwScenario:
    file: str
    name: str
    briefing: str
    map: str | None
    turns: int
    edges: tuple[str, str]
    depth: float = DEPTH
    markers_per_side: int = MARKERS_PER_SIDE
    marker_spacing: float = MARKER_SPACING
    edge_spacing: float = EDGE_SPACING

    __provenance__ = ("file",)

    def zone_text(self, side: int) -> str:
        return f"within {self.depth:g}″ of the {self.edges[side]} edge"


def marker_places(count: int, spacing: float, edge_spacing: float,
                  size: float = TABLE_SIZE) -> list[tuple[float, float]]:
    """``count`` points at least ``spacing`` apart and ``edge_spacing`` from every edge of the table, on a square
    or a staggered grid, or [] when neither holds them: a proof that a scenario's markers can be set out."""
    side = size - 2 * edge_spacing
    if count <= 0 or side < 0:
        return []
    if spacing <= 0:
        return [(size / 2, size / 2)] * count
    for row_gap, stagger in ((spacing, 0.0), (spacing * math.sqrt(3) / 2, spacing / 2)):
        places: list[tuple[float, float]] = []
        y, row = 0.0, 0
        while y <= side + 1e-9 and len(places) < count:  # a tiny spacing would otherwise fill the memory
            x = stagger if row % 2 else 0.0
            while x <= side + 1e-9 and len(places) < count:
                places.append((edge_spacing + x, edge_spacing + y))
                x += spacing
            y += row_gap
            row += 1
        if len(places) >= count:
            return places[:count]
    return []


def _checks(doc: Document, s: ScenarioFile) -> list[Problem]:
    problems = []
    a, b = s.edges
    if OPPOSITE[a] != b:
        problems.append(doc.problem(("edges",), f"the two sides start across the table from each other: '{a}' and "
                                                f"'{OPPOSITE[a]}', not '{b}' [TW-SET-1]"))
    count = 2 * s.markers_per_side
    if count and not marker_places(count, s.marker_spacing, s.edge_spacing):
        problems.append(doc.problem(("markers_per_side",), f"{count} Furs Markers {s.marker_spacing:g}″ apart and "
                                                           f"{s.edge_spacing:g}″ from every edge do not fit on the "
                                                           f"{TABLE_SIZE:g}″ table [TW-FURS-1]"))
    if s.map is not None and not s.map.endswith((".yaml", ".yml")):
        names = [p.stem for p in shipped_maps()]
        if s.map not in names:
            problems.append(doc.problem(("map",), f"no shared map is called '{s.map}'{suggest(s.map, names)} "
                                                  f"(the maps: {', '.join(names)}) [TW-SET-1]"))
    return problems


def build_scenario(doc: Document) -> TwScenario:
    s = validated_whole(doc, ScenarioFile, _checks, SCENARIO_FORMAT)
    return TwScenario(doc.file, s.name.strip(), s.briefing.strip(), s.map, s.turns, (s.edges[0], s.edges[1]),
                      s.depth, s.markers_per_side, s.marker_spacing, s.edge_spacing)


def parse_scenario(text: str | bytes, file: str = "<scenario>") -> TwScenario:
    return build_scenario(parse_yaml(text, file))


def load_scenario(path: str | Path) -> TwScenario:
    return build_scenario(load_yaml(path))


def shipped_scenarios() -> list[Path]:
    return sorted(SCENARIOS_DIR.glob("*.yaml"))


FURS_MARKERS = TwScenario(
    "<built in>", "Furs Markers",
    "Each side has hidden three caches in the forest before either knew where the other would come from. Bring "
    "home more of the six than they do: a figure beside a marker spends an action to pick it up, and what is "
    "carried off cannot be taken back.",
    "forest_crossing", 8, ("bottom", "top"))
