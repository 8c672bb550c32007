"""``python -m game validate PATH...``: check any content file or folder, every error located.

The kind of a file comes from its ``format`` key (party, map or scenario); a folder
is searched for .yaml/.yml files (an entry so named that is not a regular file is
reported as skipped). Each file is checked on its own, so one broken file never hides
the others.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from game.content.files import yaml_files
from game.content.yaml_loader import load_yaml
from game.core.errors import ContentError, Problem, safe_text

KINDS = {"iron-honor/party@1": "party", "iron-honor/map@1": "map", "iron-honor/scenario@1": "scenario"}


@dataclass
class Checked:
    file: str
    kind: str  # party | map | scenario | unknown | skipped
    name: str
    problems: list[Problem]

    @property
    def ok(self) -> bool:
        """Checked and sound; a skipped entry (not a file) is reported but is not a broken file."""
        return not self.problems or self.kind == "skipped"


def expand(paths: Iterable[str]) -> list[str]:
    """Folders become their .yaml/.yml files (recursively, sorted); files stay as given."""
    return [f for f, _ in _expand(paths) if f is not None]


def _expand(paths: Iterable[str]) -> list[tuple[str | None, Checked | None]]:
    out: list[tuple[str | None, Checked | None]] = []
    for p in paths:
        path = Path(p)
        try:
            is_dir = path.is_dir()
        except (OSError, ValueError):
            is_dir = False
        if not is_dir:
            out.append((p, None))
            continue
        files, skipped = yaml_files(path, recursive=True)
        out += [(str(f), None) for f in files]
        out += [(None, Checked(safe_text(str(s.path)), "skipped", "", [Problem("", None, s.reason)])) for s in skipped]
    return out


def check_file(file: str) -> Checked:
    from game.content.maps import build_map
    from game.content.party_building import build_party
    from game.content.scenario_file import build_scenario
    from game.content.schema import describe_value

    builders = {"party": build_party, "map": build_map, "scenario": build_scenario}
    kind = "unknown"
    shown = safe_text(file)
    try:
        doc = load_yaml(file)
        fmt = doc.data.get("format") if isinstance(doc.data, dict) else None
        kind = KINDS.get(fmt, "unknown") if isinstance(fmt, str) else "unknown"
        if kind == "unknown":
            known = ", ".join(KINDS)
            where = "format" if isinstance(doc.data, dict) and "format" in doc.data else ""
            line = doc.line_of(("format",)) if where else None
            found = describe_value(fmt)
            return Checked(shown, kind, "", [Problem(where, line, f"unknown content format: found {found}; "
                                                                  f"expected one of {known}")])
        built = builders[kind](doc)
        return Checked(shown, kind, str(getattr(built, "name", "")), [])
    except ContentError as exc:
        return Checked(shown, kind, "", exc.problems)


def check_paths(paths: Iterable[str]) -> list[Checked]:
    """Every file under the paths, checked; entries that are not files come last, as skipped."""
    return [check_file(f) if f is not None else skipped for f, skipped in _expand(paths)]  # type: ignore[misc]
