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
from typing import Any

from game.content.scenario_checks import cross_checks, effects_of
from game.content.scenario_schema import SCENARIO_FORMAT, ScenarioFile, party_key
from game.content.schema import validated_whole
from game.content.yaml_loader import Document, load_yaml, parse_yaml
from game.core.errors import ContentError, Problem, safe_text


def build_scenario(doc: Document, kept: list[dict[str, str]] | None = None) -> ScenarioFile:
    """Validate a parsed scenario whole, or raise ContentError with every problem.

    The party files its reinforcements name are read now, by value (``kept``: those a save holds, used first),
    so a game never reads them again: an unknown or broken one is a problem of this file, at its key."""
    data = validated_whole(doc, ScenarioFile, cross_checks, SCENARIO_FORMAT)
    _read_parties(doc, data, kept or [])
    data._lines = {f"events[{i}]": doc.line_of(("events", i)) or 0 for i in range(len(data.events))}
    data._lines.update({f"reserves[{i}]": doc.line_of(("reserves", i)) or 0 for i in range(len(data.reserves))})
    data._lines.update({f"scoring[{i}]": doc.line_of(("scoring", i)) or 0 for i in range(len(data.scoring))})
    data._lines.update({f"victory.sudden[{i}]": doc.line_of(("victory", "sudden", i)) or 0
                        for i in range(len(data.victory.sudden))})
    data._file = str(doc.file)
    return data


def parse_scenario(text: str | bytes, file: str = "<scenario>",
                   kept: list[dict[str, str]] | None = None) -> ScenarioFile:
    return build_scenario(parse_yaml(text, file), kept)


def load_scenario(path: str | Path, display: str | None = None) -> ScenarioFile:
    """Read and validate one scenario file; any problem is a ContentError."""
    return build_scenario(load_yaml(path, display))


def _read_parties(doc: Document, data: ScenarioFile, kept: list[dict[str, str]]) -> None:
    """Each ``reinforcements: {party: NAME}``: the party file by value and built (a save's copy, else the game's
    or the mod folder's file of that name, as the set-up screen lists parties)."""
    from game.content.library import lookup
    from game.content.party_building import parse_party

    problems: list[Problem] = []
    by_stem = {Path(k["file"]).stem.lower(): k for k in kept}
    for path, effect in effects_of(data):
        arrival = effect.reinforcements
        if arrival is None or arrival.party is None or party_key(arrival.party) in data._parties:
            continue
        key = party_key(arrival.party)
        at = path + ("reinforcements", "party")
        try:
            content = by_stem.get(key)
            if content is None:
                found = lookup("parties", arrival.party, paths=False).path
                content = {"file": found.name, "text": found.read_bytes().decode("utf-8-sig")}
            party = parse_party(content["text"], content["file"])
        except ContentError as exc:
            first = exc.problems[0] if exc.problems else Problem("", None, "it does not load")
            why = first.message if exc.file == arrival.party else f"{Path(str(exc.file)).name}: {first.message}"
            problems.append(doc.problem(at, f"the party '{safe_text(arrival.party)}' cannot join the side: {why}"))
            continue
        except (OSError, UnicodeDecodeError) as exc:
            problems.append(doc.problem(at, f"the party '{safe_text(arrival.party)}' cannot be read: {exc}"))
            continue
        data._party_texts[key] = {"file": content["file"], "text": content["text"]}
        data._parties[key] = party
    if problems:
        raise ContentError(doc.file, problems)


def kept_parties(scenario: ScenarioFile) -> list[dict[str, Any]]:
    """The party files the scenario's reinforcements bring, by value, as a save keeps them (``scenario_parties``)."""
    return [dict(v) for v in scenario._party_texts.values()]
