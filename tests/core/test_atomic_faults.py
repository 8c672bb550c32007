"""Atomic writes and moves against faults: leftovers of killed writes are cleaned, a move never replaces a
file, and an OSError reaches the player in words, naming the file."""

from __future__ import annotations

import errno
import os
import time
from pathlib import Path

import pytest

from game.core import atomic
from game.core.atomic import clean_stale_temps, move_noreplace, write_text_atomic
from game.core.errors import os_problem


def _old(path: Path, text: str = "half a file") -> Path:
    path.write_text(text, encoding="utf-8")
    past = time.time() - 2 * atomic.STALE_AFTER
    os.utime(path, (past, past))
    return path


def test_temporary_files_of_killed_writes_are_cleaned_before_the_next_write(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(atomic, "_cleaned", set())
    stale = _old(tmp_path / ".settings.yaml.k3j_9a0z.tmp")
    other = _old(tmp_path / ".autosave.json.abcdefgh.tmp")
    fresh = tmp_path / ".settings.yaml.zzzzzzzz.tmp"
    fresh.write_text("a write in progress", encoding="utf-8")
    theirs = [_old(tmp_path / name) for name in (".hidden.tmp", "notes.tmp", ".x.yaml.ABCDEFGH.tmp", ".x.tmp.txt")]
    (tmp_path / ".linked.yaml.abcdefgh.tmp").symlink_to(theirs[1])
    write_text_atomic(tmp_path / "settings.yaml", "a: 1\n")
    assert not stale.exists() and not other.exists()
    assert fresh.exists() and all(p.exists() for p in theirs)
    assert (tmp_path / ".linked.yaml.abcdefgh.tmp").is_symlink()  # only regular files are removed
    assert (tmp_path / "settings.yaml").read_text(encoding="utf-8") == "a: 1\n"


def test_cleaning_an_unreadable_folder_never_raises(tmp_path: Path) -> None:
    assert clean_stale_temps(tmp_path / "missing") == []
    (tmp_path / "file").write_text("x", encoding="utf-8")
    assert clean_stale_temps(tmp_path / "file") == []
    (tmp_path / "loop").symlink_to("loop")
    assert clean_stale_temps(tmp_path / "loop") == []


def test_a_move_never_replaces_a_file(tmp_path: Path) -> None:
    src, dst = tmp_path / "a.yaml", tmp_path / "b.yaml"
    src.write_text("new", encoding="utf-8")
    dst.write_text("precious", encoding="utf-8")
    with pytest.raises(FileExistsError):
        move_noreplace(src, dst)
    assert src.read_text(encoding="utf-8") == "new" and dst.read_text(encoding="utf-8") == "precious"
    move_noreplace(src, tmp_path / "c.yaml")
    assert not src.exists() and (tmp_path / "c.yaml").read_text(encoding="utf-8") == "new"


def test_a_move_onto_a_dangling_link_does_not_follow_it(tmp_path: Path) -> None:
    src = tmp_path / "a.yaml"
    src.write_text("new", encoding="utf-8")
    (tmp_path / "b.yaml").symlink_to(tmp_path / "elsewhere.yaml")
    with pytest.raises(FileExistsError):
        move_noreplace(src, tmp_path / "b.yaml")
    assert not (tmp_path / "elsewhere.yaml").exists()


@pytest.mark.parametrize(("code", "words"), [(errno.EEXIST, "already there"), (errno.ENOTDIR, "in the way"),
                                             (errno.ENOSPC, "disk is full"), (errno.EROFS, "read-only"),
                                             (errno.EACCES, "not allowed"), (errno.ELOOP, "symlink loop")])
def test_an_os_error_is_worded_for_a_player_and_names_the_file(code: int, words: str) -> None:
    text = os_problem(OSError(code, os.strerror(code), "/some/where/file.yaml"), "NOT saved:")
    assert words in text and "/some/where/file.yaml" in text and text.startswith("NOT saved:")
    assert "Errno" not in text and os.strerror(code) not in text


def test_a_real_file_exists_error_reads_as_words(tmp_path: Path) -> None:
    (tmp_path / "maps").write_text("not a folder", encoding="utf-8")
    with pytest.raises(OSError) as info:
        write_text_atomic(tmp_path / "maps" / "x.yaml", "a: 1\n")
    text = os_problem(info.value)
    assert "Errno" not in text and "File exists" not in text and "maps" in text
