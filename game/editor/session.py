"""One editing session: the history (the document and its undo stack), the file it belongs to, the selection,
the snapping settings and the clipboard. Pygame-free: the scene turns input into calls on this.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

from game.core.errors import ContentError, safe_text
from game.editor import commands as cmd
from game.editor import files
from game.editor.document import Clipboard, MapState, Piece, load_state, state_from_bytes, state_from_data
from game.editor.problems import MapProblem, loader_problems, plain
from game.editor.problems import warnings as map_check_warnings
from game.editor.snapping import SnapSettings

CLIPBOARD = Clipboard()  # one per application, so pieces copied from one map paste into another
PASTE_OFFSET = 1.0


@dataclass
class EditorSession:
    history: cmd.History = field(default_factory=cmd.History)
    path: Path | None = None  # the file it was opened from or saved to (None: never saved)
    selection: set[int] = field(default_factory=set)
    snap: SnapSettings = field(default_factory=SnapSettings)
    mods: Path | None = None
    last_saved: files.Saved | None = None
    untrusted_origin: str | None = None  # a recovered autosave's "editing:" file, not trusted (see recover)
    _found: tuple[MapState, list[MapProblem]] | None = None
    _checked: tuple[MapState, list[MapProblem], frozenset[int]] | None = None
    _warned: tuple[MapState, list[MapProblem]] | None = None
    _steps: dict = field(default_factory=dict)  # the undo steps' autosave text, by step

    # -- the document -------------------------------------------------------------------------------------
    @property
    def state(self) -> MapState:
        return self.history.state

    @property
    def dirty(self) -> bool:
        return self.history.dirty

    @property
    def shipped(self) -> bool:
        return files.is_shipped(self.path)

    @property
    def draft(self) -> bool:
        return files.inside(self.path, files.drafts_dir(self.mods))

    def problems(self) -> list[MapProblem]:
        """The loader's verdict on the map as it stands (the loader asked once per state; worded again for a
        new selection, which names the piece of a repeated id)."""
        sel = frozenset(self.selection)
        if self._found is None or self._found[0] is not self.state:
            self._found = (self.state, loader_problems(self.state))
        if self._checked is None or self._checked[0] is not self.state or self._checked[2] != sel:
            found = self._found[1]
            self._checked = (self.state, plain(self.state, found, sel) if found else [], sel)
        return self._checked[1]

    def warnings(self, wait: bool = False) -> list[MapProblem]:
        """What ``validate`` would warn of (a map without problems only; computed once per state). ``wait``: the
        map has only just changed, the last answer will do for now (the editor's next frame asks again without
        it, so the frame of an edit does not pay for both checks)."""
        if self._warned is None or self._warned[0] is not self.state:
            if wait and self._warned is not None:
                return self._warned[1]
            self._warned = (self.state, [] if self.problems() else map_check_warnings(self.state, checked=True))
        return self._warned[1]

    def do(self, command: cmd.Command) -> bool:
        done = self.history.do(command)
        self._prune()
        return done

    def undo(self) -> cmd.Command | None:
        c = self.history.undo()
        self._prune()
        return c

    def redo(self) -> cmd.Command | None:
        c = self.history.redo()
        self._prune()
        return c

    def _prune(self) -> None:
        self.selection &= set(self.state.uids())

    def selected(self) -> list[Piece]:
        return [p for p in self.state.pieces if p.uid in self.selection]

    def select(self, uids: Iterable[int], add: bool = False) -> None:
        self.selection = (self.selection | set(uids)) if add else set(uids)

    # -- files --------------------------------------------------------------------------------------------
    @classmethod
    def new(cls, mods: Path | None = None) -> EditorSession:
        s = cls(mods=mods)
        s.history.mark_saved()
        return s

    @classmethod
    def open(cls, path: str | Path, mods: Path | None = None) -> EditorSession:
        """A map file opened for editing (a broken one too, as long as YAML can read it)."""
        path = Path(path)
        state = load_state(path)
        s = cls(history=cmd.History(state), path=path, mods=mods)
        s.history.mark_saved()
        return s

    def save(self, as_new: bool = False) -> files.Saved:
        """Save (or save as a new file); a map with problems is saved as a draft."""
        target = None if as_new else self.path
        saved = files.save(self.state, target, len(self.problems()), self.mods)
        self.path = saved.path
        self.last_saved = saved
        self.history.mark_saved()
        self.clear_autosave()
        return saved

    def autosave(self) -> Path:
        """The document as it stands, to the autosave file (a crash loses nothing)."""
        path = files.autosave_path(self.mods)
        where = f"editing: {self.path}" if self.path is not None else "editing: a new map"
        files.write_atomic(path, files.map_text(self.state, f"Iron & Honor map editor autosave\n{where}"))
        kept = [c for c in self.history.done[-HISTORY_KEPT:] if c.before is not None]
        steps = []
        for c in kept:  # each step encoded once (a step never changes): an autosave costs its new steps only
            known = self._steps.get(id(c))
            if known is None or known[0] is not c:
                before = c.before
                assert before is not None  # only steps with a map before them are kept
                known = (c, json.dumps({"label": str(c.label), "before": before.file_data()}))
            steps.append(known)
        self._steps = {id(c): known for c, known in zip(kept, steps, strict=True)}
        with contextlib.suppress(OSError):  # the map itself is safe; the history is a convenience
            files.write_atomic(files.history_path(self.mods),
                               '{"steps": [' + ", ".join(text for _c, text in steps) + "]}")
        return path

    def clear_autosave(self) -> None:
        for path in (files.autosave_path(self.mods), files.history_path(self.mods)):
            with contextlib.suppress(OSError):
                path.unlink()

    @classmethod
    def recover(cls, mods: Path | None = None) -> EditorSession | None:
        """The autosaved document, if the last session did not end cleanly; unsaved.

        The autosave is read as any content file is (a regular file, its size checked first: a FIFO or a
        device never hangs the editor). Its ``# editing:`` line is not trusted: the document is tied to that
        file only when it is a map or draft of the mod folder (or a shipped map, saved as a copy); otherwise
        Save writes a new file of the mod folder, named after the map (see :attr:`untrusted_origin`)."""
        from game.content.yaml_loader import MAX_BYTES, read_limited

        path = files.autosave_path(mods)
        shown = safe_text(str(path))
        try:
            raw = read_limited(path, shown, MAX_BYTES)
            state = state_from_bytes(raw, shown)
        except ContentError:
            return None
        lines = raw[:8192].decode("utf-8", "replace").splitlines()[:3]
        origin = next((ln.split("editing: ", 1)[1] for ln in lines if ln.startswith("# editing: ")), "")
        s = cls(history=cmd.History(state, done=_recovered_steps(mods, state)), mods=mods)
        s.path = files.trusted_origin(origin, mods)
        if s.path is None and origin and origin != "a new map":
            s.untrusted_origin = safe_text(origin[:200])
        return s

    def save_hint(self) -> str:
        """Where Save will write, in words (what the player is told about a recovered map)."""
        if self.path is not None and not self.shipped:
            return str(self.path)
        stem = self.path.stem + "_copy" if self.path is not None else files.stem_for(self.state.name)
        return str(files.free_path(files.user_maps_dir(self.mods), stem))

    # -- clipboard ----------------------------------------------------------------------------------------
    def copy(self) -> int:
        CLIPBOARD.pieces = tuple(self.selected())
        CLIPBOARD.pastes = 0
        return len(CLIPBOARD.pieces)

    def paste(self) -> bool:
        if not CLIPBOARD.pieces:
            return False
        CLIPBOARD.pastes += 1
        d = PASTE_OFFSET * CLIPBOARD.pastes
        return self._add_copies(CLIPBOARD.pieces, d)

    def duplicate(self) -> bool:
        return self._add_copies(self.selected(), PASTE_OFFSET)

    def _add_copies(self, pieces: Iterable[Piece], d: float) -> bool:
        from game.editor.transform import translate

        copies = [replace(p.copy(), polygon=translate(p.polygon, d, d)) for p in pieces]
        if not copies or not self.do(cmd.AddPieces(copies)):
            return False
        self.selection = {c.uid for c in copies} & set(self.state.uids())
        return True


HISTORY_KEPT = 30  # undo steps kept in the autosave


def _recovered_steps(mods: Path | None, state: MapState) -> list[cmd.Command]:
    """The autosave's undo steps, as whole-map restores ending at ``state``; none if the history file is
    missing, not a regular file, too large or not what the editor writes (read as the autosave is)."""
    from game.content.yaml_loader import MAX_BYTES, read_limited

    path = files.history_path(mods)
    try:
        data = json.loads(read_limited(path, safe_text(str(path)), 8 * MAX_BYTES))
        befores = [(str(st["label"])[:200], state_from_data(st["before"])) for st in data["steps"][-HISTORY_KEPT:]]
    except (ContentError, ValueError, KeyError, TypeError, AttributeError):
        return []
    out: list[cmd.Command] = []
    for k, (label, before) in enumerate(befores):
        after = befores[k + 1][1] if k + 1 < len(befores) else state
        out.append(cmd.Restore(before, after, label))
    return out
