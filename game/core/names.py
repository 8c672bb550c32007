"""Names a player gives or a file holds (saves, parties, models): what is refused, and any text made showable.

A name is checked where it is typed and where it is read (``name_problem``). Whatever reaches the
screen anyway (an old save, a file edited by hand) goes through ``clean``: no lone surrogate, NUL or
control character, no invisible formatting (bidi isolates, zero-width spaces), at most two combining
marks on a letter, an invisible-only text shown as a placeholder, and a length cap with an ellipsis.
The work is linear in what is kept, never in the whole text: a name of a megabyte costs what 80
characters cost. Standard library only.
"""

from __future__ import annotations

import unicodedata
from functools import cache

MAX_NAME = 80  # characters a name may have, and a shown name is cut to
PLACEHOLDER = "(unnamed)"
MARKS_PER_LETTER = 2  # combining marks kept on one letter (a stack of hundreds hangs text layout)
ELLIPSIS = "…"


def _kind(ch: str) -> str:
    return unicodedata.category(ch)


def visible(text: str) -> bool:
    """Whether the text has a character that shows: a letter, digit, punctuation or symbol."""
    return any(_kind(ch)[0] in "LNPS" for ch in text)


def name_problem(text: str, what: str = "a name") -> str | None:
    """Why ``text`` cannot be a name (for the player), or None when it can."""
    if not isinstance(text, str):
        return f"{what} must be text"
    for ch in text:
        kind = _kind(ch)
        if kind == "Cs" or ch == "\x00":
            return f"{what} cannot hold a lone surrogate or a NUL character"
        if kind == "Cc":
            return f"{what} cannot hold a control character (U+{ord(ch):04X}), such as a line break or a tab"
    if not visible(text):
        return f"{what} needs at least one letter, digit or sign that shows (it has none)"
    if len(text) > MAX_NAME:
        return f"{what} may have at most {MAX_NAME} characters (it has {len(text)})"
    return None


def clean(text: object, limit: int | None = None, placeholder: str | None = PLACEHOLDER,
          lines: bool = False) -> str:
    """Any text made safe to draw.

    Lone surrogates, NUL, other control characters, private-use and unassigned code points become
    "?"; invisible formatting characters are dropped; spaces of every kind become a plain space (line
    breaks too, unless ``lines``); a letter keeps at most MARKS_PER_LETTER combining marks. With
    ``limit``, at most that many characters are kept and an ellipsis marks the cut. A text with nothing
    that shows becomes ``placeholder`` (or stays as cleaned when it is None)."""
    text = text if isinstance(text, str) else str(text)
    if text.isascii() and text.isprintable() and (limit is None or len(text) <= limit) and \
            (placeholder is None or (not text.isspace() and text)):
        return text  # the usual case, at C speed
    out: list[str] = []
    shown = marks = 0
    seen = False
    cut = False
    budget = None if limit is None else 8 * limit + 64  # characters looked at: bounded, whatever is dropped
    for i, ch in enumerate(text):
        if budget is not None and i >= budget:
            cut = True
            break
        kind = _kind(ch)
        group = kind[0]
        if group == "M":
            if shown and marks < MARKS_PER_LETTER and out and out[-1] != " ":
                out.append(ch)
                marks += 1
            continue
        if kind == "Cf":
            continue
        if limit is not None and shown >= limit:
            cut = True
            break
        marks = 0
        if ch == "\n" and lines:
            out.append("\n")
        elif group == "Z" or ch in "\t\n\r\x0b\x0c\x85":
            out.append(" ")
        elif group == "C":  # Cc, Cs, Co, Cn
            out.append("?")
            seen = True
        else:
            out.append(ch)
            seen = seen or group in "LNPS"
        shown += 1
    result = "".join(out)
    if cut:
        result = result.rstrip() + ELLIPSIS
    if not seen and placeholder is not None:
        return placeholder
    return result


@cache
def unseen_characters() -> frozenset[str]:
    """Every character that draws nothing or breaks a line: controls, formatting (bidi, zero-width),
    surrogates, line and paragraph separators. A name box refuses them as they are typed."""
    out = set()
    for lo, hi in ((0, 0x20000), (0xE0000, 0xE0100)):  # every Cf, Cc, Cs, Zl, Zp lies in these ranges
        for o in range(lo, hi):
            if unicodedata.category(chr(o)) in ("Cc", "Cf", "Cs", "Zl", "Zp"):
                out.add(chr(o))
    return frozenset(out)


def shown_name(text: object) -> str:
    """A name as a list or a heading shows it: cleaned, at most MAX_NAME characters, never invisible."""
    return clean(text, MAX_NAME)
