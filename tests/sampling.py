"""A matrix of costly cases, sampled by default and whole under ``-m slow``.

Cases that each replay the engine thousands of times (the odds checked against the engine's frequencies, for
every trait, condition and spell) are a soak taken together: the default run checks every ``every``-th case,
so each kind of case is still met, and ``-m slow`` checks the rest (issue 41: the suite stays quick). The
costliest properties likewise try a third of their examples by default and all of them under ``-m slow``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any

import pytest


def sampled(cases: Sequence[Any], every: int, ids: Callable[[Any], str] | None = None) -> list[Any]:
    """``cases`` as parameters: the first of each ``every`` in the default run, the others marked slow."""
    return [pytest.param(*(c if isinstance(c, tuple) else (c,)), id=ids(c) if ids else None,
                         marks=() if i % every == 0 else pytest.mark.slow)
            for i, c in enumerate(cases)]


def soak() -> bool:
    """Whether this run takes the slow tests too (``-m slow``, ``-m ""``): then the samples are whole."""
    return os.environ.get("IRON_HONOR_SOAK") == "1"


def examples(n: int) -> int:
    """A property's examples: ``n`` in a soak, a third of them (at least 10) in the default run."""
    return n if soak() else max(10, n // 3)
