"""Scenario (encounter) files: the building blocks of encounters.md as YAML (formats.md "Scenario files").

A scenario is plain data: deployment zones, who chooses and who deploys first, roles
and the Prisoner, extra pieces, markers, an escape edge, scoring entries with their
triggers, duration and victory. The engine (game/rules/encounter.py, deployment.py,
scoring.py) plays any combination, so a modder writes a new encounter without Python.
Sides are named by the set-up roll ([ENC-1]): ``higher`` and ``lower``. The guide with
one example per block is docs/modding-scenarios.md.

A file is accepted whole or not at all; every problem is located by key path and line.
"""

from __future__ import annotations

from pathlib import Path

from game.content.scenario_checks import cross_checks
from game.content.scenario_schema import SCENARIO_FORMAT, ScenarioFile
from game.content.schema import validated_whole
from game.content.yaml_loader import Document, load_yaml, parse_yaml


def build_scenario(doc: Document) -> ScenarioFile:
    """Validate a parsed scenario whole, or raise ContentError with every problem."""
    data = validated_whole(doc, ScenarioFile, cross_checks, SCENARIO_FORMAT)
    data._lines = {f"events[{i}]": doc.line_of(("events", i)) or 0 for i in range(len(data.events))}
    data._lines.update({f"reserves[{i}]": doc.line_of(("reserves", i)) or 0 for i in range(len(data.reserves))})
    data._lines.update({f"scoring[{i}]": doc.line_of(("scoring", i)) or 0 for i in range(len(data.scoring))})
    data._lines.update({f"victory.sudden[{i}]": doc.line_of(("victory", "sudden", i)) or 0
                        for i in range(len(data.victory.sudden))})
    data._file = str(doc.file)
    return data


def parse_scenario(text: str | bytes, file: str = "<scenario>") -> ScenarioFile:
    return build_scenario(parse_yaml(text, file))


def load_scenario(path: str | Path, display: str | None = None) -> ScenarioFile:
    """Read and validate one scenario file; any problem is a ContentError."""
    return build_scenario(load_yaml(path, display))
