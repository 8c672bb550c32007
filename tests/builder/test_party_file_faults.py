"""Party files against faults: a rename is one move (a kill leaves one copy), never replaces another party,
and a file name given to the library is made safe (no folder, no '..', no control characters)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.builder import files
from game.builder.document import PartyDocument
from game.core.errors import os_problem
from game.paths import PARTIES_DIR


class Killed(BaseException):
    """The process dies here (a BaseException: nothing catches it)."""


@pytest.fixture
def mods(tmp_path: Path) -> Path:
    return tmp_path / "mods"


def a_party(mods: Path, name: str) -> Path:
    doc = files.open_party(PARTIES_DIR / "ghrim_company.yaml")
    doc.data["name"] = name  # type: ignore[index]
    return files.save_party(doc, None, mods).path


def renamed(path: Path, name: str) -> PartyDocument:
    doc = files.open_party(path)
    doc.data["name"] = name  # type: ignore[index]
    return doc


def party_files(mods: Path) -> list[Path]:
    return sorted(p for p in (mods / "parties").rglob("*.yaml"))


def test_a_kill_during_a_rename_leaves_one_copy(mods: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = a_party(mods, "Old Guard")
    doc = renamed(old, "New Guard")

    def killed(*_args: object, **_kw: object) -> None:
        raise Killed

    monkeypatch.setattr(os, "unlink", killed)  # whatever removes the old name: the process dies there
    monkeypatch.setattr(Path, "unlink", killed)
    with pytest.raises(Killed):
        files.save_party(doc, old, mods, stem="new_guard")
        raise Killed  # (an implementation with no second step: the kill comes after it)
    monkeypatch.undo()
    assert len(party_files(mods)) == 1, party_files(mods)


def test_a_rename_moves_the_file_and_keeps_its_content(mods: Path) -> None:
    old = a_party(mods, "Old Guard")
    saved = files.save_party(renamed(old, "New Guard"), old, mods, stem="new_guard")
    assert saved.path == mods / "parties" / "new_guard.yaml" and not old.exists()
    assert files.open_party(saved.path).data["name"] == "New Guard"  # type: ignore[index]
    assert party_files(mods) == [saved.path]


def test_a_rename_never_replaces_a_party_that_appears_meanwhile(mods: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = a_party(mods, "Old Guard")
    other = a_party(mods, "Other")
    before = other.read_bytes()
    real_free = files.free_path
    calls = []

    def racing(folder: Path, stem: str, keep: Path | None = None, also: tuple[Path, ...] = ()) -> Path:
        calls.append(stem)
        return other if len(calls) == 1 else real_free(folder, stem, keep, also)  # taken between check and move

    monkeypatch.setattr(files, "free_path", racing)
    saved = files.save_party(renamed(old, "Other"), old, mods, stem="other")
    assert other.read_bytes() == before
    assert saved.path != other and saved.path.exists() and not old.exists()
    assert len(party_files(mods)) == 2


@pytest.mark.parametrize("stem", ["../../escaped", "<absolute>", "a/b", "a\\b", "..", ".", "bell\x07", "nul\x00x",
                                  "line\nbreak", "", "   ", ".hidden"])
def test_a_stem_given_to_the_library_cannot_leave_the_parties_folder(mods: Path, stem: str) -> None:
    if stem == "<absolute>":
        stem = str(mods.parent / "absolute")
    doc = files.open_party(PARTIES_DIR / "ghrim_company.yaml")
    saved = files.save_party(doc, None, mods, stem=stem)
    assert saved.path.parent in (mods / "parties", mods / "parties" / "drafts")
    name = saved.path.name
    assert "/" not in name and "\\" not in name and not name.startswith(".")
    assert all(ch.isprintable() for ch in name)
    assert [p.name for p in party_files(mods)] == [name]
    assert sorted(p.name for p in mods.parent.iterdir()) == ["mods"]  # nothing written beside the mod folder


def test_a_save_into_a_blocked_folder_is_worded_for_the_player(mods: Path) -> None:
    mods.mkdir()
    (mods / "parties").write_text("a file where the folder should be", encoding="utf-8")
    with pytest.raises(OSError) as info:
        files.save_party(files.open_party(PARTIES_DIR / "ghrim_company.yaml"), None, mods)
    text = os_problem(info.value, "Not saved:")
    assert "File exists" not in text and "Errno" not in text and "parties" in text
