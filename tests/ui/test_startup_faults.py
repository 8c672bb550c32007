"""Start-up against file-system faults: a data folder the game cannot write is said once, clearly, and the
leftovers of writes killed in an earlier session are cleaned."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from game.core import atomic
from game.ui import main


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    out = {}
    for name in ("SAVES", "MODS", "CONFIG", "DATA"):
        out[name] = tmp_path / name.lower()
        out[name].mkdir()
        monkeypatch.setenv(f"IRON_HONOR_{name}", str(out[name]))
    monkeypatch.setattr(atomic, "_cleaned", set())
    return out


def started(argv: list[str] | None = None) -> list[str]:
    app = main.start(argv or [], save=False)
    return list(app.startup_problems)


def test_an_unwritable_saves_folder_is_said_once_in_words(folders: dict[str, Path], tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where a folder should be", encoding="utf-8")
    monkeypatch.setenv("IRON_HONOR_SAVES", str(blocker / "saves"))
    monkeypatch.setenv("IRON_HONOR_CONFIG", str(blocker / "config"))
    problems = [p for p in started() if "cannot" in p and "saved" in p]
    assert len(problems) == 1, problems
    assert str(blocker) in problems[0] and "Errno" not in problems[0]
    assert not (blocker / "saves").exists()


def test_writable_folders_give_no_warning_and_are_not_created(folders: dict[str, Path], tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("IRON_HONOR_SAVES", str(tmp_path / "not_yet" / "saves"))
    assert not [p for p in started() if "cannot be saved" in p]
    assert not (tmp_path / "not_yet").exists()


def test_stale_temporary_files_are_cleaned_at_start_up(folders: dict[str, Path]) -> None:
    past = time.time() - 2 * atomic.STALE_AFTER
    stale = [folders["SAVES"] / ".autosave.json.abcd1234.tmp", folders["CONFIG"] / ".settings.yaml.x1y2z3w4.tmp"]
    (folders["MODS"] / "maps").mkdir()
    stale.append(folders["MODS"] / "maps" / ".hill.yaml.qwertyui.tmp")
    keep = folders["SAVES"] / "my save.json"
    for p in [*stale, keep]:
        p.write_text("x", encoding="utf-8")
        os.utime(p, (past, past))
    started()
    assert not any(p.exists() for p in stale) and keep.exists()
