"""Atomic file writes and moves: a save or settings file is either the old one or the new one, never half of
each, and a move never replaces a file that is already there.

The temporary file of a write is ``.<name>.<8 random characters>.tmp`` beside the target. A process killed
mid-write leaves one behind; the first write into a folder removes such leftovers (older than a few minutes,
so another game writing the same file at that moment is not disturbed).
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import os
import re
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

STALE_AFTER = 600.0  # seconds: a temporary file this old belongs to a write that will never finish
_TEMP = re.compile(r"^\..+\.[a-z0-9_]{8}\.tmp$")  # tempfile.mkstemp(prefix=".<name>.", suffix=".tmp")
_cleaned: set[str] = set()


def is_our_temp(name: str) -> bool:
    """Whether a file name is one of our atomic writes' temporary files."""
    return bool(_TEMP.match(name))


def clean_stale_temps(folder: Path, older_than: float = STALE_AFTER) -> list[Path]:
    """Remove the temporary files of killed atomic writes in ``folder`` (only regular files of our naming
    pattern, older than ``older_than`` seconds); the paths removed. Never raises."""
    removed: list[Path] = []
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if not is_our_temp(entry.name):
            continue
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            if now - entry.stat(follow_symlinks=False).st_mtime < older_than:
                continue
            os.unlink(entry.path)
            removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


def _clean_once(folder: Path) -> None:
    key = os.path.abspath(folder)
    if key not in _cleaned:
        _cleaned.add(key)
        clean_stale_temps(folder)


def write_problem(folder: Path) -> OSError | None:
    """Why a file could not be written in ``folder`` (None: it can be). Nothing is created: a folder not yet
    there is judged by the nearest one that is (a probe file is made there and removed at once)."""
    probe = Path(os.path.abspath(folder))
    while not os.path.lexists(probe) and probe.parent != probe:
        probe = probe.parent
    try:
        if not probe.is_dir():
            return NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(probe))
        fd, tmp = tempfile.mkstemp(prefix=".iron-honor-probe.", dir=probe)
        os.close(fd)
        os.unlink(tmp)
    except OSError as exc:
        return exc
    return None


def write_text_atomic(path: Path, text: str, durable: bool = True) -> None:
    """Write to a temporary file beside ``path``, flush it to disk, then rename it over ``path``.

    ``durable=False`` skips the flush to disk: the rename still makes the file whole or absent
    after a crash of the program (what the autosave after every decision needs, at a
    tenth of the cost); only a power cut can lose the newest version. Lines end in ``\\n`` everywhere."""
    write_bytes_atomic(path, text.encode("utf-8"), durable)


def write_bytes_atomic(path: Path, data: bytes, durable: bool = True) -> None:
    """:func:`write_text_atomic` for bytes (an image, say)."""
    with open_atomic(path, durable) as f:
        f.write(data)


@contextlib.contextmanager
def open_atomic(path: Path, durable: bool = True) -> Iterator[BinaryIO]:
    """A file to write bit by bit (a long run's records) that appears at ``path`` whole when the block ends, and
    not at all if the block raises (``path`` keeps its old content): the temporary file is removed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    _clean_once(path.parent)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            yield f
            f.flush()
            if durable:
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


# -- moving a file without ever replacing another ----------------------------------------------------------------

_RENAME_NOREPLACE = 1
_AT_FDCWD = -100


def _renameat2(src: str, dst: str) -> bool:
    """Linux's one-step rename that fails if ``dst`` exists; False when the system or file system lacks it."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        fn = libc.renameat2
    except (OSError, AttributeError):
        return False
    fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    if fn(_AT_FDCWD, os.fsencode(src), _AT_FDCWD, os.fsencode(dst), _RENAME_NOREPLACE) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(err, os.strerror(err), dst)


def _renamex_np(src: str, dst: str) -> bool:
    """macOS's one-step rename that fails if ``dst`` exists (RENAME_EXCL)."""
    try:
        fn = ctypes.CDLL(None, use_errno=True).renamex_np
    except (OSError, AttributeError):
        return False
    fn.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_uint]
    if fn(os.fsencode(src), os.fsencode(dst), 4) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP):
        return False
    raise OSError(err, os.strerror(err), dst)


def move_noreplace(src: Path, dst: Path) -> None:
    """Move ``src`` to ``dst`` in one step, raising FileExistsError if ``dst`` exists (it is never replaced).

    Linux: renameat2(RENAME_NOREPLACE); macOS: renamex_np(RENAME_EXCL); Windows: a rename, which never
    replaces. Elsewhere (or a file system without it): a hard link then the unlink of the old name, so ``dst``
    is still never replaced (but a kill between the two steps leaves both names)."""
    if sys.platform.startswith("linux") and _renameat2(str(src), str(dst)):
        return
    if sys.platform == "darwin" and _renamex_np(str(src), str(dst)):
        return
    if os.name == "nt":
        os.rename(src, dst)
        return
    os.link(src, dst)
    try:
        os.unlink(src)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(dst)
        raise
