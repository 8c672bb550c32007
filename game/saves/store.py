"""Where saves live and how they are listed: the user data folder, newest first, broken files named.

``IRON_HONOR_SAVES`` points elsewhere (tests, portable installs). The autosave is one file,
rewritten atomically after every decision; named saves and replays sit beside it.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from game.core.errors import ContentError
from game.saves.record import SaveRecord, read_save

SAVES_ENV = "IRON_HONOR_SAVES"
AUTOSAVE = "autosave.json"


def saves_dir() -> Path:
    override = os.environ.get(SAVES_ENV)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("iron-honor", appauthor=False)) / "saves"


def autosave_path() -> Path:
    return saves_dir() / AUTOSAVE


def slot_path(name: str) -> Path:
    """A named save's file: the name made safe for any file system, never the autosave's."""
    stem = re.sub(r"[^A-Za-z0-9._ -]+", "_", name).strip(" .")[:60] or "save"
    if stem.lower() == Path(AUTOSAVE).stem:
        stem += "_"
    return saves_dir() / f"{stem}.json"


@dataclass
class Listed:
    """One file of the saves folder: its record, or why it cannot be read."""

    path: Path
    record: SaveRecord | None
    problem: str | None
    mtime: float

    @property
    def is_autosave(self) -> bool:
        return self.path.name == AUTOSAVE


def list_saves(folder: Path | None = None) -> list[Listed]:
    """Every .json file of the folder, newest first; a broken or foreign one is listed with its reason."""
    folder = folder or saves_dir()
    out: list[Listed] = []
    try:
        entries = list(folder.iterdir())
    except OSError:
        return []
    for path in entries:
        if path.suffix != ".json" or path.name.startswith("."):
            continue
        try:
            mtime = path.stat().st_mtime
        except OSError:
            continue
        if not path.is_file():
            out.append(Listed(path, None, "not a regular file", mtime))
            continue
        try:
            out.append(Listed(path, read_save(path, path.name), None, mtime))
        except ContentError as exc:
            out.append(Listed(path, None, exc.describe(), mtime))
    return sorted(out, key=lambda item: -item.mtime)


def last_unfinished() -> Listed | None:
    """The autosave, when it holds a battle that is not over: what Continue resumes."""
    path = autosave_path()
    if not path.is_file():
        return None
    try:
        record = read_save(path, path.name)
    except ContentError as exc:
        return Listed(path, None, exc.describe(), path.stat().st_mtime)
    if record.summary.get("finished"):
        return None
    return Listed(path, record, None, path.stat().st_mtime)
