"""Counts in words: "1 companion", "3 companions", "2 heroes" (never "1 companions")."""

from __future__ import annotations

IRREGULAR = {"hero": "heroes", "copy": "copies"}


def counted(n: int, word: str) -> str:
    """``n`` and ``word``, the word in the plural unless ``n`` is exactly one."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {IRREGULAR.get(word, word + 's')}"
