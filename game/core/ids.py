"""Ids and names: how the game spells and compares them."""

from __future__ import annotations

import difflib
import re

ID_PATTERN = re.compile(r"^[a-z][a-z0-9_]*$")


def name_key(name: str) -> str:
    """The form in which names are compared: trimmed and case-folded (formats.md)."""
    return name.strip().casefold()


def is_id(text: str) -> bool:
    """True for a lowercase-with-underscores id such as ``good_karma``."""
    return bool(ID_PATTERN.match(text))


def suggest(word: str, options: list[str] | tuple[str, ...] | set[str]) -> str:
    """A ``; did you mean 'x'?`` hint for a misspelt id, or ``""``."""
    lowered = {o.lower(): o for o in options}
    if word.lower() in lowered:
        return f"; did you mean '{lowered[word.lower()]}'?"
    close = difflib.get_close_matches(word, sorted(options), n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else ""
