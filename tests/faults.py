"""Helpers for file-system fault tests: a call that must answer in time (a FIFO must never hang the suite)."""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

TIMEOUT = 5.0


def bounded(fn: Callable[[], object], fifo: Path | None = None, seconds: float = TIMEOUT) -> object:
    """``fn()`` in a thread; a test failure (not a hung suite) if it has not returned in time. A reader blocked
    on ``fifo`` is released afterwards by opening the FIFO's other end."""
    out: dict[str, object] = {}

    def run() -> None:
        try:
            out["value"] = fn()
        except BaseException as exc:
            out["error"] = exc

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(seconds)
    if t.is_alive():
        if fifo is not None:
            with contextlib.suppress(OSError):
                os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
            t.join(seconds)
        pytest.fail(f"hung: no answer within {seconds:g} s")
    if "error" in out:
        raise out["error"]  # type: ignore[misc]
    return out.get("value")
