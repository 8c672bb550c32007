"""Where the shipped content lives (next to the package in a checkout)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
PARTIES_DIR = ASSETS / "parties"
MAPS_DIR = ASSETS / "maps"
SCENARIOS_DIR = ROOT / "scenarios"
