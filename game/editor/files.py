"""Reading and writing maps: the ``iron-honor/map@1`` format, atomically, in a stable and diff-friendly layout.

Where files go: a playable map to the mod folder's ``maps/`` (the battle set-up lists it at once), a
map with problems to ``editor/drafts/`` (kept, never offered for a battle), the editor's autosave to
``editor/autosave.yaml``. Shipped maps are never written: saving one writes a copy to the mod folder.
Every write goes to a temporary file in the same folder and is then renamed over the target, so a
crash leaves the old file or the new one, never half of one.
"""

from __future__ import annotations

import errno
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

from game.content.files import is_within, real_path, yaml_files
from game.content.library import user_mod_dir
from game.core.atomic import move_noreplace, write_text_atomic
from game.editor.document import MapState, piece_data, slug
from game.paths import MAPS_DIR

WIDTH = 110  # wrap flow mappings to stay readable in a diff
_PLAIN = re.compile(r"^[A-Za-z][A-Za-z0-9_ .,'()/-]*$")
_RESERVED = {"true", "false", "yes", "no", "on", "off", "null", "y", "n", "~"}


def scalar(value: object) -> str:
    """One YAML scalar: plain where that is unambiguous, else a JSON (double-quoted) string."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    text = str(value)
    if _PLAIN.match(text) and text.lower() not in _RESERVED and not text.endswith((" ", ":")) and ": " not in text:
        return text
    return json.dumps(text, ensure_ascii=False)


def _point(p: list) -> str:
    return f"[{scalar(p[0])}, {scalar(p[1])}]"


def piece_lines(d: dict) -> list[str]:
    """One terrain entry as a flow mapping (as the shipped maps are written), wrapped before the polygon."""
    head = ", ".join(f"{k}: {scalar(v)}" for k, v in d.items() if k != "polygon")
    points = [_point(p) for p in d["polygon"]]
    line = f"  - {{{head}, polygon: [{', '.join(points)}]}}"
    if len(line) <= WIDTH:
        return [line]
    out = [f"  - {{{head},"]
    cur = "     polygon: ["
    for i, p in enumerate(points):
        piece = p + ("]}" if i == len(points) - 1 else ", ")
        if len(cur) + len(piece) > WIDTH and cur.strip() != "polygon: [":
            out.append(cur.rstrip())
            cur = "       "
        cur += piece
    out.append(cur)
    return out


def map_text(state: MapState, comment: str = "") -> str:
    """The whole file: an optional comment, then format, name, description and one line (or a few) per piece."""
    lines = [f"# {c}".rstrip() for c in comment.splitlines()] if comment else []
    lines += ["format: iron-honor/map@1", f"name: {scalar(state.name or 'New map')}"]
    if state.description:
        lines.append(f"description: {scalar(state.description)}")
    if not state.pieces:
        lines.append("terrain: []")
    else:
        lines.append("terrain:")
        for p in state.pieces:
            lines += piece_lines(piece_data(p))
    return "\n".join(lines) + "\n"


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves either the old file or the new one."""
    write_text_atomic(path, text)


# -- where maps live -----------------------------------------------------------------------------------------

def user_maps_dir(mods: Path | None = None) -> Path:
    return (mods or user_mod_dir()) / "maps"


def drafts_dir(mods: Path | None = None) -> Path:
    return (mods or user_mod_dir()) / "editor" / "drafts"


def autosave_path(mods: Path | None = None) -> Path:
    return (mods or user_mod_dir()) / "editor" / "autosave.yaml"


def history_path(mods: Path | None = None) -> Path:
    """The autosave's undo history (beside the autosave; read with the same size and file-type checks)."""
    return autosave_path(mods).with_name("autosave_history.json")


def is_shipped(path: Path | None) -> bool:
    return path is not None and is_within(path, MAPS_DIR)


def stem_for(name: str) -> str:
    return slug(name) or "map"


def free_path(folder: Path, stem: str, keep: Path | None = None) -> Path:
    """``folder/stem.yaml``, or ``stem_2.yaml`` … when that name is taken by another file."""
    path = folder / f"{stem}.yaml"
    n = 2
    while os.path.lexists(path) and (keep is None or real_path(path) != real_path(keep)):
        path = folder / f"{stem}_{n}.yaml"
        n += 1
    return path


def inside(path: Path | None, folder: Path) -> bool:
    """Whether ``path`` is a file of ``folder`` itself: by name (no ``..``) and for real (not a link to a file
    elsewhere). Whatever the path, this never raises."""
    if path is None:
        return False
    try:
        if os.path.abspath(path.parent) != os.path.abspath(folder) or path.is_symlink():
            return False
        return path.resolve().parent == folder.resolve()
    except (OSError, RuntimeError, ValueError):  # RuntimeError: a symlink loop (Python 3.11)
        return False


def trusted_origin(text: str, mods: Path | None = None) -> Path | None:
    """The file an autosave says it was editing, if it is one the editor may write: a map or draft of the mod
    folder (or a shipped map, which is saved as a copy). Anything else, None: a path read from a file is
    never trusted to say where to write."""
    if not text or text == "a new map" or "\x00" in text or len(text) > 4096:
        return None
    path = Path(text)
    if path.suffix not in (".yaml", ".yml") or not path.is_absolute():
        return None
    if inside(path, user_maps_dir(mods)) or inside(path, drafts_dir(mods)):
        return path
    try:
        shipped = os.path.abspath(path.parent) == os.path.abspath(MAPS_DIR) and path.is_file()
    except (OSError, ValueError):
        shipped = False
    return path if shipped and is_shipped(path) else None


@dataclass(frozen=True)
class Saved:
    path: Path
    draft: bool  # written to the drafts folder because the map has problems


def save(state: MapState, path: Path | None, problems: int, mods: Path | None = None) -> Saved:
    """Save the map where it belongs: a playable map to ``maps/`` (a shipped map as a copy), a map with
    problems as a draft. Saving a playable map removes its draft; a draft never replaces a playable file.

    Only the mod folder is ever written: a map from anywhere else (a file given on the command line) is
    saved as a new file of the mod folder, under the map's name."""
    mods = mods or user_mod_dir()
    own_draft = path if inside(path, drafts_dir(mods)) else None
    own_map = path if inside(path, user_maps_dir(mods)) else None
    shipped = is_shipped(path)
    stem = path.stem if (own_draft or own_map or shipped) and path is not None else stem_for(state.name)
    if problems:
        target = own_draft or free_path(drafts_dir(mods), stem)
        write_atomic(target, map_text(state, f"DRAFT: {problems} problem(s); the battle set-up does not list "
                                             f"drafts until they are fixed and saved again"))
        return Saved(target, True)
    if own_map is not None:
        target = own_map
    else:
        if shipped:
            stem = f"{stem}_copy"
        keep = None
        if own_draft is not None and inside(user_maps_dir(mods) / f"{stem}.yaml", user_maps_dir(mods)) \
                and (user_maps_dir(mods) / f"{stem}.yaml").exists():
            keep = user_maps_dir(mods) / f"{stem}.yaml"  # a draft of a saved map: the fixed map replaces it
        target = keep or free_path(user_maps_dir(mods), stem)
    text = map_text(state)
    if own_draft is not None and own_draft != target and os.path.isfile(own_draft):
        # the fixed draft becomes the map in one step (a kill leaves one file, never a map and its draft):
        # its text written over the draft, then the draft renamed to the map; it replaces only the map it
        # is a draft of, and never another file that took the new name meanwhile
        write_atomic(own_draft, text)
        target.parent.mkdir(parents=True, exist_ok=True)
        if keep is not None:
            os.replace(own_draft, target)
        else:
            target = _move_to_free(own_draft, target, stem)
    else:
        write_atomic(target, text)
    stale = drafts_dir(mods) / target.name
    if inside(stale, drafts_dir(mods)) and stale.exists():
        stale.unlink()
    return Saved(target, False)


def _move_to_free(src: Path, target: Path, stem: str) -> Path:
    """Move ``src`` to ``target`` without replacing a file, or to the next free name; where it went."""
    for _ in range(100):
        try:
            move_noreplace(src, target)
            return target
        except FileExistsError:
            target = free_path(target.parent, stem)
    raise FileExistsError(errno.EEXIST, "no free name", str(target))


def listing(mods: Path | None = None) -> list[tuple[str, Path]]:
    """Every map the editor can open: ("game" | "mod" | "draft", path), shipped first.

    The folders are scanned as the content loader scans them (a symlink loop or an unreadable folder passes
    over); an entry named like a map that is not a regular file (a FIFO, a device, a broken link) is listed
    too, so the Open dialog says why it cannot be opened, and is never read."""
    out: list[tuple[str, Path]] = []
    for origin, folder in (("game", MAPS_DIR), ("mod", user_maps_dir(mods)), ("draft", drafts_dir(mods))):
        found, skipped = yaml_files(folder)
        out += [(origin, p) for p in sorted([*found, *(s.path for s in skipped if s.path.parent == folder)])]
    return out
