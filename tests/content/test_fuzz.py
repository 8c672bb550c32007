"""The seeded mutation fuzz of every file kind (tests/content/fuzz.py), short in CI and long with -m slow.

Every mutant gives a clean error or is accepted and played to the end: no traceback, no internal error,
no hang. The long run's figures (thousands of mutants a kind) are printed by
``python -m tests.content.fuzz --mutants 2000``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.content.fuzz import KINDS, fuzz, mutate, peak_memory_mb, seed_files


def test_mutations_are_seeded() -> None:
    import random

    for kind in KINDS:
        _name, text = seed_files(kind)[0]
        assert [mutate(text, random.Random(5)) for _ in range(3)] == [mutate(text, random.Random(5))
                                                                      for _ in range(3)]


@pytest.mark.parametrize("kind", KINDS)
def test_short_fuzz(kind: str, tmp_path: Path) -> None:
    # CI's share: 12 mutants a kind (one through a real subprocess), the first accepted one played to the end
    tally = fuzz(kind, 12, seed=15, work=tmp_path, limit=60, play_cap=1, subprocess_every=12)
    print(f"{kind}: {tally}")
    assert tally.mutants == 12 and tally.clean_errors + tally.accepted == 12, tally.failures
    assert tally.ok, "\n".join(tally.failures)


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS)
def test_long_fuzz(kind: str, tmp_path: Path) -> None:
    tally = fuzz(kind, 400, seed=3, work=tmp_path, limit=120, subprocess_every=100)
    print(f"{kind}: {tally.mutants} mutants, {tally.clean_errors} clean errors, {tally.accepted} accepted, "
          f"{tally.played} played; peak memory {peak_memory_mb():.0f} MB")
    assert tally.ok, "\n".join(tally.failures)
