"""Party files for the builder: written in the party format (``iron-honor/party@1``), atomically, where they belong.

A playable party goes to the mod folder's ``parties/`` (the battle set-up lists it at once); a party with
problems to ``parties/drafts/`` (kept, listed by the builder, never offered for a battle: the set-up reads
only ``parties/`` itself). Shipped parties are never written: editing one edits a copy. The layout is the
shipped files' own (flow mappings for attributes and weapons), and whatever the data holds is written so
that reading it back gives the same data, unknown keys and ill-typed values of a broken file included.
"""

from __future__ import annotations

import errno
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.builder.document import MODEL_KEYS, PartyDocument
from game.builder.verdict import Verdict, judge
from game.content.files import real_path, yaml_files
from game.content.library import user_mod_dir
from game.content.yaml_loader import load_yaml, parse_yaml, read_limited
from game.core.atomic import move_noreplace, write_text_atomic
from game.core.errors import ContentError, safe_text
from game.paths import PARTIES_DIR

PARTY_KEYS = ("format", "name", "size", "models")
DRAFT_MARK = "DRAFT:"
_PLAIN = re.compile(r"^[A-Za-z][A-Za-z0-9_ .'()/-]*$")
_RESERVED = {"true", "false", "yes", "no", "on", "off", "null", "y", "n", "~"}
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r"}


# -- writing YAML that reads back as the same data -------------------------------------------------------

def _printable(ch: str) -> bool:
    """Whether YAML takes this character as it is inside a double-quoted scalar (else it is escaped)."""
    o = ord(ch)
    if o in (0x85, 0x2028, 0x2029, 0xFEFF):  # line breaks YAML folds, and the byte-order mark
        return False
    return o == 0x09 or 0x20 <= o <= 0x7E or 0xA0 <= o <= 0xD7FF or 0xE000 <= o <= 0xFFFD or o >= 0x10000


def _quote(text: str) -> str:
    out = []
    for ch in text:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif _printable(ch):
            out.append(ch)
        else:
            out.append(f"\\x{ord(ch):02X}" if ord(ch) < 0x100 else f"\\u{ord(ch):04X}")
    return '"' + "".join(out) + '"'


def scalar(value: Any) -> str:
    """One YAML scalar: plain where that reads back as the same text, else double-quoted."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        text = repr(value)
        if "e" in text and "." not in text.split("e")[0]:
            mantissa, exp = text.split("e")
            text = f"{mantissa}.0e{exp if exp[0] in '+-' else '+' + exp}"
        return text
    text = str(value)
    if _PLAIN.fullmatch(text) and text.lower() not in _RESERVED and not text.endswith(" ") and "  " not in text:
        return text
    return _quote(text)


def flow(value: Any) -> str:
    """A value on one line: ``[a, b]``, ``{k: v}`` or a scalar."""
    if isinstance(value, list):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{scalar(k)}: {flow(v)}" for k, v in value.items()) + "}"
    return scalar(value)


def _ordered(d: dict[Any, Any], keys: tuple[str, ...]) -> list[tuple[Any, Any]]:
    return [(k, d[k]) for k in keys if k in d] + [(k, v) for k, v in d.items() if k not in keys]


def _model_lines(m: Any) -> list[str]:
    if not isinstance(m, dict) or not m:
        return [f"  - {flow(m)}"]
    lines = []
    for n, (k, v) in enumerate(_ordered(m, MODEL_KEYS)):
        lead = "  - " if n == 0 else "    "
        if k == "weapons" and isinstance(v, list) and v:
            lines.append(f"{lead}{scalar(k)}:")
            lines += [f"      - {flow(w)}" for w in v]
        else:
            lines.append(f"{lead}{scalar(k)}: {flow(v)}")
    return lines


def party_text(data: Any, header: str = "") -> str:
    """The whole file: the header comment, then the party in the shipped files' layout."""
    lines = [f"# {c}".rstrip() for c in header.splitlines()] if header else []
    if not isinstance(data, dict):
        return "\n".join([*lines, flow(data)]) + "\n"
    for k, v in _ordered(data, PARTY_KEYS):
        if k == "models" and isinstance(v, list) and v:
            lines.append("models:")
            for m in v:
                lines += _model_lines(m)
        else:
            lines.append(f"{scalar(k)}: {flow(v)}")
    return "\n".join(lines) + "\n"


def read_header(text: str) -> str:
    """The comment lines at the top of a file (the builder's own draft note left out)."""
    out = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        body = line[1:].removeprefix(" ")
        if not body.startswith(DRAFT_MARK):
            out.append(body)
    return "\n".join(out)


# -- where parties live ------------------------------------------------------------------------------------

def user_parties_dir(mods: Path | None = None) -> Path:
    return (mods or user_mod_dir()) / "parties"


def drafts_dir(mods: Path | None = None) -> Path:
    return user_parties_dir(mods) / "drafts"


def _inside(path: Path | None, folder: Path) -> bool:
    if path is None:
        return False
    real, home = real_path(path), real_path(folder)
    return real is not None and home is not None and real.parent == home


def is_shipped(path: Path | None) -> bool:
    return _inside(path, PARTIES_DIR)


def is_draft(path: Path | None, mods: Path | None = None) -> bool:
    return _inside(path, drafts_dir(mods))


def slug(name: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "_", name.strip().lower()).strip("_")
    return s[:60] or "party"


_SAFE_STEM = re.compile(r"[A-Za-z0-9][A-Za-z0-9_ -]{0,79}")


def safe_stem(stem: str) -> str:
    """A file name stem that stays in its folder: a plain stem is kept as it is; one with a path separator,
    '..', a leading dot or a control character is made a slug (``../x`` -> ``x``)."""
    return stem if _SAFE_STEM.fullmatch(stem) and stem == stem.strip() else slug(stem)


def free_path(folder: Path, stem: str, keep: Path | None = None, also: tuple[Path, ...] = ()) -> Path:
    """``folder/stem.yaml``, or ``stem_2.yaml`` … when that name is taken by another file (here or in ``also``)."""
    def there(p: Path) -> bool:
        return os.path.lexists(p)

    def mine(p: Path) -> bool:
        return keep is not None and real_path(p) == real_path(keep)

    def taken(p: Path) -> bool:
        if there(p) and mine(p):
            return False
        return there(p) or any(there(a / p.name) and not mine(a / p.name) for a in also)

    path = folder / f"{stem}.yaml"
    n = 2
    while taken(path):
        path = folder / f"{stem}_{n}.yaml"
        n += 1
    return path


# -- opening and saving --------------------------------------------------------------------------------------

def open_party(path: str | Path) -> PartyDocument:
    """A party file as a document to edit: any file YAML can read, problems and all.

    A file YAML cannot read (a syntax error, duplicate keys, not text) raises ContentError with every
    problem located; the file is left as it is.
    """
    shown = safe_text(str(path))
    raw = read_limited(path, shown)  # once, within the content loader's limits (a FIFO or a device is refused)
    doc = parse_yaml(raw, shown)
    text = raw.decode("utf-8-sig", errors="replace")
    pd = PartyDocument(data=doc.data, header=read_header(text))
    pd.mark_saved()
    return pd


@dataclass(frozen=True)
class Saved:
    path: Path
    draft: bool
    verdict: Verdict


def save_party(document: PartyDocument, path: Path | None, mods: Path | None = None,
               stem: str | None = None) -> Saved:
    """Write the party where it belongs and return where: ``parties/`` when sound, ``parties/drafts/`` when not.

    ``path`` is the file the party came from (None: never saved; a shipped file: saved as a copy).
    A user's party keeps its file name (or ``stem`` when given: a rename); moving between ``parties/``
    and ``drafts/`` removes the old file once the new one is written, so one party is one file.
    """
    mods = mods or user_mod_dir()
    verdict = judge(document.data)
    draft = not verdict.playable
    folder = drafts_dir(mods) if draft else user_parties_dir(mods)
    other = user_parties_dir(mods) if draft else drafts_dir(mods)
    # the player's own file (moved between parties/ and drafts/ as needed); any other file, a shipped one
    # or one opened from elsewhere, is never written or removed: the party is saved as a copy
    own = path if is_draft(path, mods) or _inside(path, user_parties_dir(mods)) else None
    if stem is None:
        if own is not None:
            stem = own.stem
        elif path is not None:  # a shipped party (or a file from elsewhere): a copy beside the player's parties
            stem = f"{path.stem}_copy"
        else:
            stem = slug(verdict.name or "party")
    stem = safe_stem(stem)
    also = (other, PARTIES_DIR)  # never shadow a shipped party
    if own is not None and real_path(own.parent) == real_path(folder) and own.stem == stem:
        target = own
    else:
        target = free_path(folder, stem, keep=own, also=also)
    header = document.header
    if draft:
        note = f"{DRAFT_MARK} {len(verdict.problems)} problem(s); not offered for a battle until they are fixed"
        header = f"{note}\n{header}" if header else note
    text = party_text(document.data, header)
    if own is not None and own.exists() and real_path(own) != real_path(target):
        # a rename (or a move between parties/ and drafts/) in one step: the new text over the old file, then
        # that file moved to its new name, never replacing a file there; a kill between leaves one party
        write_text_atomic(own, text)
        target = _move(own, target, folder, stem, own, also)
    else:
        write_text_atomic(target, text)
    document.mark_saved()
    return Saved(target, draft, verdict)


def _move(src: Path, target: Path, folder: Path, stem: str, keep: Path, also: tuple[Path, ...]) -> Path:
    """Move ``src`` to ``target``, or to the next free name if a file took that one meanwhile; where it went."""
    folder.mkdir(parents=True, exist_ok=True)
    for _ in range(100):
        try:
            move_noreplace(src, target)
            return target
        except FileExistsError:
            target = free_path(folder, stem, keep=keep, also=also)
            if target == src or real_path(target) == real_path(src):
                return src
    raise FileExistsError(errno.EEXIST, "no free name", str(target))


def delete_party(path: Path, mods: Path | None = None) -> None:
    """Remove a user's party file (never a shipped one)."""
    if is_shipped(path):
        raise ValueError("a shipped party cannot be deleted")
    path.unlink()


@dataclass(frozen=True)
class Listed:
    """One party file as the Parties list shows it."""

    path: Path
    origin: str  # game | mod | draft
    verdict: Verdict | None  # None: YAML cannot read the file
    error: ContentError | None = None

    @property
    def title(self) -> str:
        if self.verdict is not None and self.verdict.name.strip():
            return self.verdict.name.strip()
        return self.path.stem


def listing(mods: Path | None = None) -> list[Listed]:
    """Every party file: shipped first, then the player's, then the drafts (each sorted by file name)."""
    out = []
    for origin, folder in (("game", PARTIES_DIR), ("mod", user_parties_dir(mods)), ("draft", drafts_dir(mods))):
        files, _skipped = yaml_files(folder)  # a loop or an unreadable folder passes over (the set-up says why)
        for p in files:
            try:
                out.append(Listed(p, origin, judge(load_yaml(p).data, str(p))))
            except ContentError as exc:
                out.append(Listed(p, origin, None, exc))
    return out
