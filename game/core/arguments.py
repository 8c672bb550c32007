"""Argument types of the command lines (``python -m game`` and the UI's own): numbers checked, every refusal in
a player's words."""

from __future__ import annotations

import argparse

from game.core.errors import safe_text


def count(text: str) -> int:
    """An argparse type: a whole number of at least 1 (games, worker processes)."""
    value = _whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, found {text}")
    return value


def seed_number(text: str) -> int:
    """An argparse type: a seed, a whole number from 0 to 2**63 - 1."""
    value = _whole_number(text)
    if not 0 <= value < 2**63:
        raise argparse.ArgumentTypeError(f"expected a seed from 0 to {2**63 - 1}, found {text}")
    return value


def _whole_number(text: str) -> int:
    if len(text) > 30:
        raise argparse.ArgumentTypeError(f"expected a whole number, found {len(text)} characters")
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, found '{safe_text(text)}'") from None
