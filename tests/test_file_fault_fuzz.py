"""File-system faults thrown at every reader and writer of the player's files, counted.

Each case puts one fault (a FIFO, a link to /dev/zero, a huge sparse file, a symlink loop, a folder named like
a file, garbage or truncated bytes, a crafted autosave, a kill in the middle of a rename ...) where a reader or
a writer looks, runs it with a time limit, and sorts the outcome: clean (an answer, or a located ContentError),
crash (any other exception), hang (no answer in time) or data lost (a file the player had is gone or changed).
The figures are printed; every case must be clean. ``IRON_HONOR_FAULT_ROUNDS`` adds seeded random rounds.
"""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import stat
import threading
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from game.builder import files as party_files
from game.content import library
from game.content.validate import check_paths
from game.core.errors import ContentError
from game.editor import files as map_files
from game.editor.document import load_state
from game.editor.session import EditorSession
from game.paths import MAPS_DIR, PARTIES_DIR
from game.ui import settings as st

SECONDS = 5.0
MAP_TEXT = (MAPS_DIR / "village_ruins.yaml").read_bytes()
PARTY_TEXT = (PARTIES_DIR / "ghrim_company.yaml").read_bytes()
SETTINGS_TEXT = b"# mine\ncolour_blind: true\nvolume: 0.2\nui_scale: 1.5\n"


# -- the faults: each makes the entry ``path`` (its folder exists) --------------------------------------------

def _fifo(path: Path, rng: random.Random) -> None:
    os.mkfifo(path)


def _dev_zero(path: Path, rng: random.Random) -> None:
    path.symlink_to("/dev/zero")


def _huge(path: Path, rng: random.Random) -> None:
    with path.open("wb") as f:
        f.truncate(rng.choice([2 * 1024 * 1024 + 1, 64 * 1024 * 1024, 8 * 1024 * 1024 * 1024]))


def _dangling(path: Path, rng: random.Random) -> None:
    path.symlink_to(path.parent / "nowhere" / "at_all.yaml")


def _loop(path: Path, rng: random.Random) -> None:
    path.symlink_to(path.name)


def _folder(path: Path, rng: random.Random) -> None:
    path.mkdir()
    (path / "inner.yaml").write_bytes(MAP_TEXT)


def _garbage(path: Path, rng: random.Random) -> None:
    path.write_bytes(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 4096))))


def _nul(path: Path, rng: random.Random) -> None:
    path.write_bytes(MAP_TEXT[:200] + b"\x00" + MAP_TEXT[200:])


def _not_utf8(path: Path, rng: random.Random) -> None:
    path.write_bytes(b"name: \xff\xfe\xfa\n" + MAP_TEXT)


def _empty(path: Path, rng: random.Random) -> None:
    path.write_bytes(b"")


def _truncated(path: Path, rng: random.Random) -> None:
    text = rng.choice([MAP_TEXT, PARTY_TEXT, SETTINGS_TEXT])
    path.write_bytes(text[:rng.randrange(1, len(text))])


def _flipped(path: Path, rng: random.Random) -> None:
    text = bytearray(rng.choice([MAP_TEXT, PARTY_TEXT, SETTINGS_TEXT]))
    for _ in range(rng.randrange(1, 8)):
        text[rng.randrange(len(text))] = rng.randrange(256)
    path.write_bytes(bytes(text))


def _deep(path: Path, rng: random.Random) -> None:
    path.write_bytes(b"a: " + b"[" * 100_000)


def _alias_bomb(path: Path, rng: random.Random) -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [*a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, "
              f"*a{i - 1}, *a{i - 1}]" for i in range(1, 12)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def _link_outside(path: Path, rng: random.Random) -> None:
    outside = path.parent.parent / "outside_target.yaml"
    outside.write_bytes(MAP_TEXT)
    path.symlink_to(outside)


FAULTS: dict[str, Callable[[Path, random.Random], None]] = {
    "fifo": _fifo, "dev_zero": _dev_zero, "huge": _huge, "dangling": _dangling, "loop": _loop, "folder": _folder,
    "garbage": _garbage, "nul": _nul, "not_utf8": _not_utf8, "empty": _empty, "truncated": _truncated,
    "flipped": _flipped, "deep": _deep, "alias_bomb": _alias_bomb, "link_outside": _link_outside,
}
if not Path("/dev/zero").exists():
    del FAULTS["dev_zero"]


# -- the readers and writers: each gets the mod folder, the settings folder and the faulty entry ----------------

class Lost(AssertionError):
    """A file the player had is gone or changed."""


def _load_state(mods: Path, cfg: Path, fault: Callable) -> None:
    path = mods / "maps" / "x.yaml"
    fault(path)
    with contextlib.suppress(ContentError):
        load_state(path)


def _recover_and_save(mods: Path, cfg: Path, fault: Callable) -> None:
    path = map_files.autosave_path(mods)
    fault(path)
    s = EditorSession.recover(mods)
    if s is not None:
        s.save()


def _crafted_autosave(mods: Path, cfg: Path, fault: Callable) -> None:
    canary = mods.parent / "canary.yaml"
    canary.write_bytes(b"precious: true\n")
    path = map_files.autosave_path(mods)
    path.write_bytes(b"# Iron & Honor map editor autosave\n# editing: " + str(canary).encode() + b"\n" + MAP_TEXT)
    fault(mods / "maps" / "x.yaml")  # and a fault among the maps, for good measure
    s = EditorSession.recover(mods)
    assert s is not None
    s.save()
    if canary.read_bytes() != b"precious: true\n":
        raise Lost(f"{canary} was overwritten")


def _open_dialog(mods: Path, cfg: Path, fault: Callable) -> None:
    fault(mods / "maps" / "x.yaml")
    for _origin, path in map_files.listing(mods):
        if path.parent != MAPS_DIR:
            with contextlib.suppress(ContentError):
                load_state(path)


def _content_scan(mods: Path, cfg: Path, fault: Callable) -> None:
    for kind in ("parties", "maps", "scenarios"):
        fault(mods / kind / "x.yaml")
    fault(mods / "parties" / "sub")  # a second fault, as a folder entry
    for kind in ("parties", "maps", "scenarios"):
        lib = library.load_all(kind, library._LOADERS[kind], mods)
        assert lib.items


def _looping_mod_folder(mods: Path, cfg: Path, fault: Callable) -> None:
    shutil.rmtree(mods)
    fault(mods)  # the mod folder itself is the fault
    for kind in ("parties", "maps", "scenarios"):
        assert library.load_all(kind, library._LOADERS[kind], mods).items
    map_files.listing(mods)
    party_files.listing(mods)


def _parties(mods: Path, cfg: Path, fault: Callable) -> None:
    fault(mods / "parties" / "x.yaml")
    for listed in party_files.listing(mods):
        if listed.origin != "game":
            with contextlib.suppress(ContentError):
                party_files.open_party(listed.path)


def _validate(mods: Path, cfg: Path, fault: Callable) -> None:
    fault(mods / "maps" / "x.yaml")
    for checked in check_paths([str(mods)]):
        assert checked.file


def _settings(mods: Path, cfg: Path, fault: Callable) -> None:
    path = cfg / "settings.yaml"
    fault(path)
    before = os.lstat(path) if os.path.lexists(path) else None
    s, problems = st.load_settings(path)
    st.fit_to_screen(s, (1920, 1080))
    with contextlib.suppress(st.SettingsNotSaved):
        st.save_settings(s, path, [])
    if before is not None and problems:  # the file the game could not read is still there, aside or in place
        kept = [p for p in cfg.iterdir() if os.lstat(p).st_ino == before.st_ino]
        if not kept:
            raise Lost(f"{path} was not kept")
    assert st.load_settings(path)[1] == []


def _rename_killed(mods: Path, cfg: Path, fault: Callable) -> None:
    fault(mods / "parties" / "x.yaml")  # a fault beside the parties
    doc = party_files.open_party(PARTIES_DIR / "ghrim_company.yaml")
    old = party_files.save_party(doc, None, mods).path
    doc = party_files.open_party(old)
    doc.data["name"] = "Renamed Company"  # type: ignore[index]
    real_unlink = os.unlink

    class Killed(BaseException):
        pass

    def killed(*_a: object, **_k: object) -> None:
        raise Killed

    os.unlink = killed  # type: ignore[assignment]
    try:
        party_files.save_party(doc, old, mods, stem="renamed_company")
    except Killed:
        pass
    finally:
        os.unlink = real_unlink
    folders = (mods / "parties", mods / "parties" / "drafts")
    copies = [p for f in folders for p in f.glob("*.yaml") if p.name != "x.yaml" and p.is_file() and not p.is_symlink()]
    if len(copies) != 1:
        raise Lost(f"{len(copies)} copies of one party after a killed rename")


def _draft_fix_killed(mods: Path, cfg: Path, fault: Callable) -> None:
    from game.editor import commands as cmd
    from game.editor.document import MapState, Piece, rectangle

    fault(mods / "maps" / "x.yaml")  # a fault beside the maps
    s = EditorSession(cmd.History(MapState("Hill", "", (Piece("fort", "impassable", rectangle((14, 14), (22, 20)),
                                                                 "building", True),))), mods=mods)
    s.do(cmd.MoveCorner(s.state.pieces[0].uid, 0, (40, 14)))  # off the table: saved as a draft
    assert s.save().draft
    s.undo()
    real_unlink = os.unlink

    class Killed(BaseException):
        pass

    def killed(*_a: object, **_k: object) -> None:
        raise Killed

    os.unlink = killed  # type: ignore[assignment]
    try:
        s.save()
    except Killed:
        pass
    finally:
        os.unlink = real_unlink
    copies = [p for f in (mods / "maps", mods / "editor" / "drafts") for p in f.glob("hill*.yaml")]
    if len(copies) != 1:
        raise Lost(f"{len(copies)} copies of one map after a killed save")


ACTORS: dict[str, Callable[[Path, Path, Callable], None]] = {
    "editor open": _load_state, "editor recover+save": _recover_and_save, "crafted autosave": _crafted_autosave,
    "open dialog": _open_dialog, "content scan": _content_scan, "looping mod folder": _looping_mod_folder,
    "party list+open": _parties, "validate": _validate, "settings load+save": _settings,
    "killed rename": _rename_killed, "killed draft fix": _draft_fix_killed,
}


def run_case(tmp: Path, actor: str, fault: str, seed: int) -> str:
    """One case in a fresh folder: 'clean', 'crash', 'hang' or 'lost'."""
    root = tmp / f"{len(list(tmp.iterdir()))}"
    mods, cfg = root / "mods", root / "cfg"
    for sub in ("maps", "parties", "scenarios", "traits", "editor"):
        (mods / sub).mkdir(parents=True)
    cfg.mkdir()
    rng = random.Random(seed)
    out: dict[str, BaseException | None] = {}

    def go() -> None:
        try:
            ACTORS[actor](mods, cfg, lambda p: FAULTS[fault](p, rng))
            out["error"] = None
        except BaseException as exc:
            out["error"] = exc

    t = threading.Thread(target=go, daemon=True)
    t.start()
    t.join(SECONDS)
    if t.is_alive():
        for entry in root.rglob("*"):  # release a reader blocked on a FIFO
            with contextlib.suppress(OSError):
                if stat.S_ISFIFO(os.stat(entry).st_mode):
                    os.close(os.open(entry, os.O_WRONLY | os.O_NONBLOCK))
        t.join(SECONDS)
        return "hang"
    error = out.get("error")
    if error is None:
        return "clean"
    if isinstance(error, Lost):
        return "lost"
    print(f"  {actor} / {fault} / seed {seed}: {type(error).__name__}: {error}")
    return "crash"


def cases() -> list[tuple[str, str, int]]:
    rounds = int(os.environ.get("IRON_HONOR_FAULT_ROUNDS", "1"))
    out = [(a, f, 0) for a in ACTORS for f in FAULTS]
    random_faults = ("garbage", "truncated", "flipped", "huge")
    out += [(a, f, r) for r in range(1, rounds) for a in ACTORS for f in random_faults]
    return out


def test_every_file_fault_is_handled_cleanly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(library.MODS_ENV, str(tmp_path / "unused_mods"))
    tally: Counter[str] = Counter()
    bad: list[str] = []
    for actor, fault, seed in cases():
        outcome = run_case(tmp_path, actor, fault, seed)
        tally[outcome] += 1
        if outcome != "clean":
            bad.append(f"{actor} / {fault} / seed {seed}: {outcome}")
    tried = sum(tally.values())
    with capsys.disabled():
        print(f"\nfile faults: {tried} cases tried, {tally['clean']} clean, {tally['crash']} crashes, "
              f"{tally['hang']} hangs, {tally['lost']} data lost")
    assert not bad, bad
