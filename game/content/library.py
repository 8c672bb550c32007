"""Where content is found: the repository's folders and the player's mod folder.

Mods live in a platform-appropriate user data folder (platformdirs), with the
same sub-folders as the repository: ``parties/``, ``maps/``, ``scenarios/``. The
environment variable ``IRON_HONOR_MODS`` points elsewhere (tests, portable
installs). A broken file is reported and skipped: it never stops the game or
hides the good files.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.errors import ContentError, Problem
from game.paths import MAPS_DIR, PARTIES_DIR, SCENARIOS_DIR

MODS_ENV = "IRON_HONOR_MODS"
FOLDERS = {"parties": PARTIES_DIR, "maps": MAPS_DIR, "scenarios": SCENARIOS_DIR}


def user_mod_dir() -> Path:
    """The player's mod folder (it need not exist)."""
    override = os.environ.get(MODS_ENV)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("iron-honor", appauthor=False)) / "mods"


@dataclass
class Library:
    """The loadable files of one kind, by lowercase file stem, and the files that were skipped."""

    items: dict[str, tuple[Path, Any]] = field(default_factory=dict)
    skipped: list[ContentError] = field(default_factory=list)

    def names(self) -> list[str]:
        return sorted(self.items)


def content_files(kind: str, mods: Path | None = None) -> list[tuple[Path, str]]:
    """(path, origin) of every .yaml file of a kind: the repository's first, then the mod folder's."""
    out: list[tuple[Path, str]] = []
    for folder, origin in ((FOLDERS[kind], "game"), ((mods or user_mod_dir()) / kind, "mod")):
        try:
            files = sorted(f for f in folder.iterdir() if f.suffix in (".yaml", ".yml") and f.is_file())
        except OSError:
            continue
        out += [(f, origin) for f in files]
    return out


def load_all(kind: str, loader: Callable[[Path], Any], mods: Path | None = None) -> Library:
    """Load every file of a kind; a mod file of the same stem replaces the shipped one."""
    lib = Library()
    for path, _origin in content_files(kind, mods):
        try:
            lib.items[path.stem.lower()] = (path, loader(path))
        except ContentError as exc:
            lib.skipped.append(exc)
        except Exception as exc:  # a bug of ours must not hide the other files
            lib.skipped.append(ContentError(str(path), [Problem("", None, f"internal error: {exc!r}")]))
    return lib


def scenarios(mods: Path | None = None) -> Library:
    from game.content.scenario_file import load_scenario

    return load_all("scenarios", load_scenario, mods)


def maps(mods: Path | None = None) -> Library:
    from game.content.maps import load_map

    return load_all("maps", load_map, mods)


def parties(mods: Path | None = None) -> Library:
    from game.content.party_building import load_party

    return load_all("parties", load_party, mods)


def resolve(kind: str, name_or_path: str, mods: Path | None = None) -> Path:
    """A file path as given, or the named content file (``engagement`` -> scenarios/engagement.yaml)."""
    path = Path(name_or_path)
    if path.suffix in (".yaml", ".yml") or path.exists():
        return path
    wanted = name_or_path.strip().lower().replace(" ", "_").replace("-", "_")
    found = None
    for f, _origin in content_files(kind, mods):
        if f.stem.lower() == wanted:
            found = f
    if found is None:
        known = ", ".join(sorted({f.stem for f, _ in content_files(kind, mods)}))
        raise ContentError(name_or_path, [Problem("", None, f"no {kind[:-1]} named '{name_or_path}' "
                                                            f"(known: {known})")])
    return found
