"""Gearfall's scenario file (``gearfall/scenario@1``): the map, the rounds, the two deployment zones and the
briefing ([GF-SET-1], [GF-WIN-2]). A bad file is refused whole, every problem with its key path and line.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import Field

from game.content.schema import StrictModel, Text, validated_whole
from game.content.yaml_loader import Document, load_yaml, parse_yaml
from game.core.errors import Problem
from game.paths import SYSTEMS_DIR

SCENARIO_FORMAT = "gearfall/scenario@1"
SCENARIOS_DIR = SYSTEMS_DIR / "gearfall" / "data" / "scenarios"
Edge = Literal["top", "bottom", "left", "right"]
DEFAULT_EDGES: tuple[Edge, Edge] = ("bottom", "top")
OPPOSITE = {"top": "bottom", "bottom": "top", "left": "right", "right": "left"}


class ScenarioFile(StrictModel):
    format: Literal["gearfall/scenario@1"]
    name: Text
    briefing: Text = ""
    map: str | None = None  # a map's name or file, as Iron & Honor's scenarios name theirs
    rounds: int = Field(default=6, ge=1, le=12)
    edges: list[Edge] = Field(default_factory=lambda: list(DEFAULT_EDGES), min_length=2, max_length=2)  # A's, B's
    depth: float = Field(default=6.0, ge=2.0, le=12.0)  # inches from the edge


@dataclass(frozen=True)
class GfScenario:
    file: str
    name: str
    briefing: str
    map: str | None
    rounds: int
    edges: tuple[str, str]
    depth: float

    __provenance__ = ("file",)

    def zone_text(self, side: int) -> str:
        return f"within {self.depth:g}″ of the {self.edges[side]} edge"


SKIRMISH = GfScenario("<built in>", "Skirmish", "Disable the other squad, or more of it than it does of yours.",
                      None, 6, ("bottom", "top"), 6.0)


def _checks(doc: Document, s: ScenarioFile) -> list[Problem]:
    a, b = s.edges
    if OPPOSITE[a] != b:
        return [doc.problem(("edges",), f"the two zones face each other across the table: '{a}' and "
                                        f"'{OPPOSITE[a]}', not '{b}' [GF-SET-1]")]
    return []


def build_scenario(doc: Document) -> GfScenario:
    s = validated_whole(doc, ScenarioFile, _checks, SCENARIO_FORMAT)
    return GfScenario(doc.file, s.name.strip(), s.briefing.strip(), s.map, s.rounds, (s.edges[0], s.edges[1]),
                      s.depth)


def parse_scenario(text: str | bytes, file: str = "<scenario>") -> GfScenario:
    return build_scenario(parse_yaml(text, file))


def load_scenario(path: str | Path) -> GfScenario:
    return build_scenario(load_yaml(path))


def shipped_scenarios() -> list[Path]:
    return sorted(SCENARIOS_DIR.glob("*.yaml"))
