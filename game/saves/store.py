"""Where saves and replays live and how they are listed: the user data folder, newest first, broken files named.

``IRON_HONOR_SAVES`` and ``IRON_HONOR_REPLAYS`` point elsewhere (tests, portable installs). Every battle
has its own autosave slot (``autosave-<date>-<time>.json``), written when the battle starts and rewritten
atomically after every decision, so starting a new battle never replaces an unfinished one: Continue
resumes the latest, the others are listed on the Load screen as unfinished. Only finished autosaves
beyond the newest few are cleared away. Named saves sit beside them; replays in their own folder.

A save's summary (turn, score, finished) is what the file *says*; ``verify`` plays the save back and
puts the game's own summary in its place (cached per file version), so a list never shows a score the
game never had, and Continue is offered exactly for an unfinished battle.
"""

from __future__ import annotations

import contextlib
import os
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.errors import ContentError
from game.saves.record import EDITED, SaveRecord, headline_of, read_save, rules_hash

SAVES_ENV = "IRON_HONOR_SAVES"
REPLAYS_ENV = "IRON_HONOR_REPLAYS"
AUTOSAVE = "autosave.json"  # the single slot of older versions: still listed and continued
AUTOSAVE_NAME = re.compile(r"autosave(-\d{8}-\d{6}(-\d+)?)?\.json", re.IGNORECASE)
KEEP_FINISHED = 3  # finished autosaves kept (newest first); unfinished ones are never cleared away
SUMMARY_KEYS = ("parties", "map", "turn", "scores", "finished", "winner", "decisions", "mode", "ai_level")


def _data_dir(env: str, leaf: str) -> Path:
    override = os.environ.get(env)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("iron-honor", appauthor=False)) / leaf


def saves_dir() -> Path:
    return _data_dir(SAVES_ENV, "saves")


def replays_dir() -> Path:
    """Where the results screen saves replays (listed on the Load screen with the saves)."""
    return _data_dir(REPLAYS_ENV, "replays")


def is_autosave(path: Path) -> bool:
    return AUTOSAVE_NAME.fullmatch(path.name) is not None


def new_autosave_path() -> Path:
    """A fresh autosave slot for a battle that starts now (never an existing file)."""
    folder = saves_dir()
    stem = f"autosave-{time.strftime('%Y%m%d-%H%M%S')}"
    path, n = folder / f"{stem}.json", 2
    while path.exists():
        path, n = folder / f"{stem}-{n}.json", n + 1
    return path


def autosave_path() -> Path | None:
    """The latest autosave (the battle played last), or None."""
    slots = autosaves()
    return slots[0] if slots else None


def autosaves(folder: Path | None = None) -> list[Path]:
    """Every autosave slot of the folder, newest first."""
    folder = folder or saves_dir()
    try:
        found = [p for p in folder.iterdir() if is_autosave(p) and p.is_file()]
    except OSError:
        return []
    return sorted(found, key=_mtime, reverse=True)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def slot_path(name: str) -> Path:
    """A named save's file: the name made safe for any file system, never an autosave's."""
    stem = re.sub(r"[^A-Za-z0-9._ -]+", "_", name).strip(" .")[:60] or "save"
    if is_autosave(Path(f"{stem}.json")):
        stem += "_"
    return saves_dir() / f"{stem}.json"


@dataclass
class Listed:
    """One file of the saves or replays folder: its record, or why it cannot be read (``problem`` where,
    ``headline`` in a player's words)."""

    path: Path
    record: SaveRecord | None
    problem: str | None
    mtime: float
    replay_folder: bool = False
    headline: str | None = None
    checked: dict[str, Any] | None = None  # the summary of the game as played back (verify)
    differs: list[str] = field(default_factory=list)  # what the file's own summary claimed wrongly

    @property
    def is_autosave(self) -> bool:
        return not self.replay_folder and is_autosave(self.path)

    @property
    def verified(self) -> bool:
        return self.checked is not None

    @property
    def summary(self) -> dict[str, Any]:
        """The game's own summary once verified, else what the file says."""
        assert self.record is not None
        return self.checked if self.checked is not None else self.record.summary

    @property
    def kind(self) -> str:
        """'broken', 'unfinished' (an autosave of a battle not over), 'replay' (a finished game) or 'save'."""
        if self.record is None:
            return "broken"
        if self.summary.get("finished"):
            return "replay"
        return "unfinished" if self.is_autosave else "save"


def listed(path: Path, replay_folder: bool = False) -> Listed | None:
    """One file read for a list (None when it is gone or not a .json file)."""
    if path.suffix.lower() != ".json" or path.name.startswith("."):
        return None
    try:
        mtime = path.stat().st_mtime
    except OSError:
        return None
    if not path.is_file():
        return Listed(path, None, "not a regular file", mtime, replay_folder,
                      "This is not a save: it is a folder or a device.")
    try:
        item = Listed(path, read_save(path, path.name), None, mtime, replay_folder)
    except ContentError as exc:
        return Listed(path, None, exc.describe(), mtime, replay_folder, headline_of(exc))
    known = _verified.get(_version(path))
    if known is not None:
        _apply(item, known)
    return item


def list_saves(folder: Path | None = None) -> list[Listed]:
    """Every .json file of the saves folder and the replays folder (or of ``folder`` alone), newest first;
    a broken or foreign one is listed with its reason."""
    folders = [(folder, False)] if folder is not None else [(saves_dir(), False), (replays_dir(), True)]
    out: list[Listed] = []
    seen: set[Path] = set()
    for where, replays in folders:
        try:
            entries = list(where.iterdir())
        except OSError:
            continue
        for path in entries:
            if path in seen:
                continue
            seen.add(path)
            item = listed(path, replays)
            if item is not None:
                out.append(item)
    return sorted(out, key=lambda item: -item.mtime)


# -- checking a summary against the game -------------------------------------------------------------------

_verified: dict[tuple, tuple[dict[str, Any] | None, str | None, str | None]] = {}


def _version(path: Path) -> tuple:
    try:
        st = path.stat()
    except OSError:
        return (str(path),)
    return (str(path), st.st_mtime_ns, st.st_size)


def vouch(path: Path, summary: dict[str, Any]) -> None:
    """The game wrote this file itself from a game it played: its summary is known true."""
    _verified[_version(path)] = (dict(summary), None, None)


def verify(item: Listed) -> Listed:
    """Play the save back (a few milliseconds per hundred decisions) and show the game's own summary; a
    save that does not play back becomes broken, with the reason in a player's words."""
    if item.record is None or item.checked is not None:
        return item
    key = _version(item.path)
    if key not in _verified:
        _verified[key] = _check(item.record)
    _apply(item, _verified[key])
    return item


def _apply(item: Listed, known: tuple[dict[str, Any] | None, str | None, str | None]) -> None:
    summary, problem, headline = known
    if summary is None:
        item.record, item.problem, item.headline = None, problem, headline
        return
    assert item.record is not None
    item.checked = summary
    item.differs = [k for k in SUMMARY_KEYS if item.record.summary.get(k) != summary.get(k)]


def _check(record: SaveRecord) -> tuple[dict[str, Any] | None, str | None, str | None]:
    from game.saves import kept_state
    from game.saves.playback import play_back, summary_of

    try:
        played = play_back(record.setup, record.answers, record.checks, source=record.source)
    except ContentError as exc:
        return None, exc.describe(), ("A party, map or scenario kept in this save no longer loads in this "
                                      "version of the game.")
    if played.divergence is not None:
        return None, played.divergence.describe(), divergence_headline(record)
    if kept_state.usable(record):  # the finished game's state it keeps: the very game its moves play, or broken
        try:
            kept = kept_state.load(record)
        except ContentError as exc:
            return None, exc.describe(), EDITED
        differs = kept_state.difference(kept, played.game.state) if kept is not None else None
        if differs is not None:
            return None, kept_state.mismatch_message(record, differs), EDITED
    return summary_of(played.game, record.setup, len(record.answers), record.summary.get("encounter")), None, None


def divergence_headline(record: SaveRecord) -> str:
    """Why a save's moves do not play back, for a player: other rules, or a file changed by hand."""
    if record.rules != rules_hash() or record.game_version != _version_now():
        return (f"This save was played under other rules (game version {record.game_version}): "
                "its moves do not play back in this version.")
    return "This save's moves do not play back: the file was changed by hand or damaged."


def _version_now() -> str:
    import game

    return game.__version__


def last_unfinished() -> Listed | None:
    """The latest autosave whose battle, played back, is not over: what Continue resumes. When the latest
    autosave cannot be read, that one (the menu says why)."""
    for n, path in enumerate(autosaves()):
        item = listed(path)
        if item is None:
            continue
        if item.record is None:
            if n == 0:
                return item
            continue
        verify(item)
        if item.record is None:
            if n == 0:
                return item
            continue
        if not item.summary.get("finished"):
            return item
    return None


def prune_autosaves(keep: int = KEEP_FINISHED) -> None:
    """Clear away finished autosaves beyond the newest ``keep``; unfinished and broken ones stay."""
    finished = []
    for path in autosaves():
        item = listed(path)
        if item is not None and item.record is not None and item.record.summary.get("finished") and \
                verify(item).record is not None and item.summary.get("finished"):
            finished.append(path)
    for path in finished[keep:]:
        with contextlib.suppress(OSError):
            path.unlink()
