"""``python -m game validate PATH...``: check any content file or folder, every error located.

The kind of a file comes from its ``format`` key (party, map, scenario, script, traits or campaign); a folder
is searched for .yaml/.yml files (an entry so named that is not a regular file is
reported as skipped). Each file is checked on its own, so one broken file never hides
the others.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.content.files import yaml_files
from game.content.yaml_loader import load_yaml
from game.core.errors import ContentError, Problem, safe_text

KINDS = {"iron-honor/party@1": "party", "iron-honor/map@1": "map", "iron-honor/scenario@1": "scenario",
         "iron-honor/script@1": "script", "iron-honor/traits@1": "traits", "iron-honor/campaign@1": "campaign"}


@dataclass
class Checked:
    file: str
    kind: str  # party | map | scenario | script | unknown | skipped (not a file) | passed over (a broken mod file)
    name: str
    problems: list[Problem]
    warnings: list[Problem] = field(default_factory=list)  # loads, but likely a mistake
    notes: list[Problem] = field(default_factory=list)  # how it was checked (a scenario on an open table)

    @property
    def ok(self) -> bool:
        """Checked and sound; a skipped entry (not a file) or a broken file passed over for a name is reported
        but is not what was asked to be checked."""
        return not self.problems or self.kind in ("skipped", "passed over")


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
            out += _named(p) or [(p, None)]
            continue
        files, skipped = yaml_files(path, recursive=True)
        out += [(str(f), None) for f in files]
        out += [(None, Checked(safe_text(str(s.path)), "skipped", "", [Problem("", None, s.reason)])) for s in skipped]
    return out


def _named(name: str) -> list[tuple[str | None, Checked | None]]:
    """A content name (``landmark``) rather than a path: the file the game would use for it, in each kind
    that has one, and every broken file of those kinds the game passes over (the mod folder's mistakes)."""
    from game.content import library

    if library._as_path(name) is not None:
        return []
    out: list[tuple[str | None, Checked | None]] = []
    for kind in library.FOLDERS:
        try:
            found = library.lookup(kind, name, survey=True)
        except library.UnknownName:
            continue
        except ContentError as exc:
            out.append((str(exc.file), None))  # the name's only file is broken: check it, every problem
            continue
        out.append((str(found.path), None))
        out += [(None, Checked(safe_text(str(e.file)), "passed over", "", e.problems)) for e in found.skipped]
    return out


def check_file(file: str) -> Checked:
    from game.content.campaign_file import build_campaign
    from game.content.catalog import build_trait_file
    from game.content.maps import build_map, map_warnings
    from game.content.party_building import build_party
    from game.content.scenario_file import build_scenario
    from game.content.schema import describe_value
    from game.content.script_file import load_script

    builders: dict[str, Callable[[Any], Any]] = {"party": build_party, "map": build_map, "scenario": build_scenario,
                "script": lambda _doc: load_script(file), "traits": build_trait_file, "campaign": build_campaign}
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
        warnings = map_warnings(doc, built) if kind == "map" else []
        return Checked(shown, kind, str(getattr(built, "name", "")), [], warnings)
    except ContentError as exc:
        if str(exc.file) != file:  # a file this one names (a script's party or map) is broken: say which
            return Checked(shown, kind, "", [Problem("", None, p.describe(safe_text(str(exc.file))))
                                             for p in exc.problems])
        return Checked(shown, kind, "", exc.problems)


def check_paths(paths: Iterable[str]) -> list[Checked]:
    """Every file under the paths, checked; entries that are not files come last, as skipped. Two maps
    with one name (the set-up and the Open dialog could not tell them apart) are warned about."""
    out: list[Checked] = []
    for f, skipped in _expand(paths):
        if f is not None:
            out.append(check_file(f))
        elif skipped is not None:
            out.append(skipped)
    same_name_warnings(out)
    return out


def same_name_warnings(results: list[Checked]) -> None:
    """A warning on each map whose name another checked map has too."""
    by_name: dict[str, list[Checked]] = {}
    for r in results:
        if r.kind == "map" and r.name and not r.problems:
            by_name.setdefault(r.name.strip().casefold(), []).append(r)
    for group in by_name.values():
        for r in group if len(group) > 1 else ():
            others = ", ".join(o.file for o in group if o is not r)
            r.warnings.append(Problem("name", None, f"another map is also named '{safe_text(r.name)}' ({others}): "
                                                    "players cannot tell them apart; rename one"))
