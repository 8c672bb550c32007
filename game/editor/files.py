"""Reading and writing maps: the ``iron-honor/map@1`` format, atomically, in a stable and diff-friendly layout.

Where files go: a playable map to the mod folder's ``maps/`` (the battle set-up lists it at once), a
map with problems to ``editor/drafts/`` (kept, never offered for a battle), the editor's autosave to
``editor/autosave.yaml``. Shipped maps are never written: saving one writes a copy to the mod folder.
Every write goes to a temporary file in the same folder and is then renamed over the target, so a
crash leaves the old file or the new one, never half of one.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

from game.content.library import user_mod_dir
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
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


# -- where maps live -----------------------------------------------------------------------------------------

def user_maps_dir(mods: Path | None = None) -> Path:
    return (mods or user_mod_dir()) / "maps"


def drafts_dir(mods: Path | None = None) -> Path:
    return (mods or user_mod_dir()) / "editor" / "drafts"


def autosave_path(mods: Path | None = None) -> Path:
    return (mods or user_mod_dir()) / "editor" / "autosave.yaml"


def is_shipped(path: Path | None) -> bool:
    if path is None:
        return False
    try:
        path.resolve().relative_to(MAPS_DIR.resolve())
        return True
    except ValueError:
        return False


def stem_for(name: str) -> str:
    return slug(name) or "map"


def free_path(folder: Path, stem: str, keep: Path | None = None) -> Path:
    """``folder/stem.yaml``, or ``stem_2.yaml`` … when that name is taken by another file."""
    path = folder / f"{stem}.yaml"
    n = 2
    while path.exists() and (keep is None or path.resolve() != keep.resolve()):
        path = folder / f"{stem}_{n}.yaml"
        n += 1
    return path


@dataclass(frozen=True)
class Saved:
    path: Path
    draft: bool  # written to the drafts folder because the map has problems


def save(state: MapState, path: Path | None, problems: int, mods: Path | None = None) -> Saved:
    """Save the map where it belongs: a playable map to ``maps/`` (a shipped map as a copy), a map with
    problems as a draft. Saving a playable map removes its draft; a draft never replaces a playable file."""
    mods = mods or user_mod_dir()
    stem = path.stem if path is not None else stem_for(state.name)
    if problems:
        keep = path if path is not None and path.parent == drafts_dir(mods) else None
        target = keep or free_path(drafts_dir(mods), stem)
        write_atomic(target, map_text(state, f"DRAFT: {problems} problem(s); the battle set-up does not list "
                                             f"drafts until they are fixed and saved again"))
        return Saved(target, True)
    if path is None or is_shipped(path) or path.parent == drafts_dir(mods):
        if is_shipped(path):
            stem = f"{stem}_copy"
        keep = None
        if path is not None and path.parent == drafts_dir(mods) and (user_maps_dir(mods) / f"{stem}.yaml").exists():
            keep = user_maps_dir(mods) / f"{stem}.yaml"  # a draft of a saved map: the fixed map replaces it
        target = keep or free_path(user_maps_dir(mods), stem)
    else:
        target = path
    write_atomic(target, map_text(state))
    if path is not None and path.parent == drafts_dir(mods) and path.exists() and path != target:
        path.unlink()
    stale = drafts_dir(mods) / target.name
    if stale.exists():
        stale.unlink()
    return Saved(target, False)


def listing(mods: Path | None = None) -> list[tuple[str, Path]]:
    """Every map the editor can open: ("game" | "mod" | "draft", path), shipped first."""
    out: list[tuple[str, Path]] = [("game", p) for p in sorted(MAPS_DIR.glob("*.yaml"))]
    for origin, folder in (("mod", user_maps_dir(mods)), ("draft", drafts_dir(mods))):
        try:
            out += [(origin, p) for p in sorted(folder.iterdir()) if p.suffix in (".yaml", ".yml") and p.is_file()]
        except OSError:
            continue
    return out
