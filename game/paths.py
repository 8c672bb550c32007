"""Where the shipped content lives (next to the package in a checkout)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
PARTIES_DIR = ASSETS / "parties"
MAPS_DIR = ASSETS / "maps"
SCENARIOS_DIR = ROOT / "scenarios"
CAMPAIGNS_DIR = ROOT / "campaigns"

# The quick battle's and the headless `play`'s matchup: two medium parties within a few ExP of
# each other (Ghrim Company 192/200, Northmen Raiding Party 200/200), so neither side starts behind.
DEFAULT_MATCHUP = ("ghrim_company", "northmen_raiding_party")
DEFAULT_SCENARIO = "engagement"
DEFAULT_MAP = "village_ruins"
