"""Ids and names: how the game spells and compares them."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

ID_PATTERN = re.compile(r"^[a-z][a-z0-9_]*$")


def name_key(name: str) -> str:
    """The form in which names are compared: trimmed and case-folded (formats.md)."""
    return name.strip().casefold()


def is_id(text: str) -> bool:
    """True for a lowercase-with-underscores id such as ``good_karma``."""
    return bool(ID_PATTERN.match(text))


def suggest(word: str, options: Iterable[str]) -> str:
    """A ``; did you mean 'x'?`` hint for a misspelt id, or ``""``."""
    lowered = {o.lower(): o for o in options}
    key = word.strip().lower().replace(" ", "_").replace("-", "_")
    if key in lowered:
        return f"; did you mean '{lowered[key]}'?"
    # a word of the id ('leader' -> leader_of_men) says more than a near spelling ('slayer')
    parts = sorted(o for o in options if key and key in o.lower().split("_"))
    if len(parts) == 1:
        return f"; did you mean '{parts[0]}'?"
    close = difflib.get_close_matches(key, sorted(options), n=1, cutoff=0.6)
    if close:
        return f"; did you mean '{close[0]}'?"
    if parts:
        return "; did you mean one of " + ", ".join(f"'{p}'" for p in parts[:4]) + "?"
    return ""
