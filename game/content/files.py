"""Finding content files in a folder, and naming what was passed over.

A folder named ``x.yaml``, a FIFO, a device, a broken link or a symlink loop is not a content
file: it is reported as skipped with the reason, never read (a FIFO would block) and never
silently left out. So is a folder that cannot be scanned (a symlink loop, a file in its place,
no permission): its files are passed over with a message, and the scan goes on.
"""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from game.core.errors import ContentError, Problem, safe_text

SUFFIXES = (".yaml", ".yml")


@dataclass(frozen=True)
class Skipped:
    path: Path
    reason: str

    def error(self) -> ContentError:
        return ContentError(safe_text(str(self.path)), [Problem("", None, f"skipped: {self.reason}")])


def real_path(path: Path) -> Path | None:
    """``path`` with every link resolved, or None when that cannot be known (a symlink loop, which Python 3.11
    raises as RuntimeError, an unreadable folder on the way, a NUL in the name). Never raises."""
    try:
        return Path(path).resolve()
    except (OSError, RuntimeError, ValueError):
        return None


def is_within(path: Path, folder: Path) -> bool:
    """Whether ``path`` is ``folder`` or inside it, links resolved; False when either cannot be resolved."""
    a, b = real_path(path), real_path(folder)
    return a is not None and b is not None and a.is_relative_to(b)


def _folder_problem(exc: OSError) -> str:
    if exc.errno == errno.ELOOP:
        return "this folder is a symlink loop (the link leads back to itself); its files are not read"
    if exc.errno == errno.ENOTDIR:
        return "this is a file where a folder is expected; nothing in it is read"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return "this folder cannot be read (permission denied); its files are not read"
    return f"this folder cannot be read ({safe_text(exc.strerror or str(exc))}); its files are not read"


def _why_not_a_file(path: Path) -> str | None:
    """None for a regular file (or a link to one); else why it is not read."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return "a link to nothing (its target does not exist)"
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "a symlink loop (the link leads back to itself)"
        return f"cannot be read ({safe_text(exc.strerror or str(exc))})"
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder named like a YAML file, not a file"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO), not a file"
    if stat.S_ISSOCK(mode):
        return "a socket, not a file"
    return "a device, not a file"


def yaml_files(folder: Path, recursive: bool = False) -> tuple[list[Path], list[Skipped]]:
    """The .yaml/.yml regular files of a folder (sorted), and the entries so named that are not files.

    Symlinked folders are not followed when recursing, so a link loop cannot make this walk forever.
    """
    files: list[Path] = []
    skipped: list[Skipped] = []
    pending = [folder]
    while pending:
        current = pending.pop()
        try:
            entries = sorted(os.scandir(current), key=lambda e: e.name)
        except FileNotFoundError:
            continue
        except OSError as exc:  # a loop, a file where the folder should be, no permission: said, passed over
            skipped.append(Skipped(Path(current), _folder_problem(exc)))
            continue
        for entry in entries:
            path = Path(entry.path)
            if recursive:
                try:
                    real_dir = entry.is_dir(follow_symlinks=False)
                except OSError:
                    real_dir = False
                if real_dir and not entry.name.endswith(SUFFIXES):
                    pending.append(path)
                    continue
            if not entry.name.endswith(SUFFIXES):
                continue
            why = _why_not_a_file(path)
            if why is None:
                files.append(path)
            else:
                skipped.append(Skipped(path, why))
    files.sort(key=str)
    return files, skipped
