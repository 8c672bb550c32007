"""``python -m game validate PATH...``: check any content file or folder, every error located.

The kind of a file comes from its ``format`` key (party, map or scenario); a folder
is searched for .yaml/.yml files. Each file is checked on its own, so one broken
file never hides the others.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from game.content.yaml_loader import load_yaml
from game.core.errors import ContentError, Problem

KINDS = {"iron-honor/party@1": "party", "iron-honor/map@1": "map", "iron-honor/scenario@1": "scenario"}


@dataclass
class Checked:
    file: str
    kind: str  # party | map | scenario | unknown
    name: str
    problems: list[Problem]

    @property
    def ok(self) -> bool:
        return not self.problems


def expand(paths: Iterable[str]) -> list[str]:
    """Folders become their .yaml/.yml files (recursively, sorted); files stay as given."""
    out: list[str] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            out += sorted(str(f) for f in path.rglob("*") if f.suffix in (".yaml", ".yml") and f.is_file())
        else:
            out.append(p)
    return out


def check_file(file: str) -> Checked:
    from game.content.maps import build_map
    from game.content.party_building import build_party
    from game.content.scenario_file import build_scenario

    builders = {"party": build_party, "map": build_map, "scenario": build_scenario}
    kind = "unknown"
    try:
        doc = load_yaml(file)
        fmt = doc.data.get("format") if isinstance(doc.data, dict) else None
        kind = KINDS.get(fmt, "unknown") if isinstance(fmt, str) else "unknown"
        if kind == "unknown":
            known = ", ".join(KINDS)
            where = "format" if isinstance(doc.data, dict) and "format" in doc.data else ""
            line = doc.line_of(("format",)) if where else None
            return Checked(file, kind, "", [Problem(where, line, f"unknown content format {fmt!r}; expected one "
                                                                 f"of {known}")])
        built = builders[kind](doc)
        return Checked(file, kind, str(getattr(built, "name", "")), [])
    except ContentError as exc:
        return Checked(file, kind, "", exc.problems)
    except Exception as exc:  # a bug of ours must still not hide the other files
        return Checked(file, kind, "", [Problem("", None, f"internal error: {exc!r}")])


def check_paths(paths: Iterable[str]) -> list[Checked]:
    return [check_file(f) for f in expand(paths)]
