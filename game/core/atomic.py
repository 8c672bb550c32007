"""Atomic file writes: a save or settings file is either the old one or the new one, never half of each."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_text_atomic(path: Path, text: str, durable: bool = True) -> None:
    """Write to a temporary file beside ``path``, flush it to disk, then rename it over ``path``.

    ``durable=False`` skips the flush to disk: the rename still makes the file whole or absent
    after a crash of the program (what the autosave after every decision needs, at a
    tenth of the cost); only a power cut can lose the newest version."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            if durable:
                os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
