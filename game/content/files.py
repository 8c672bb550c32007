"""Finding content files in a folder, and naming what was passed over.

A folder named ``x.yaml``, a FIFO, a device, a broken link or a symlink loop is not a content
file: it is reported as skipped with the reason, never read (a FIFO would block) and never
silently left out.
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
        except OSError as exc:
            if current != folder:
                skipped.append(Skipped(Path(current), f"folder cannot be read "
                                                      f"({safe_text(exc.strerror or str(exc))})"))
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
