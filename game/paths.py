"""Where the shipped content lives: the one module that knows.

The game reads the folders of ``SHIPPED`` (parties, maps, icons and sounds under ``assets``; the encounters; the
campaigns) and its rules data (``game/content/data``, package data). In a checkout, and in the app PyInstaller
builds, the folders sit beside the package, and are read from there. A wheel carries them inside the package, in
``game/_shipped`` (copied there when the wheel is built: ``tools/wheel_content.py``), and an installed game reads
them from there. The player's own folders (saves, mods, settings) are elsewhere: ``game.content.library``.
"""

from __future__ import annotations

from pathlib import Path

SHIPPED = ("assets", "scenarios", "campaigns")  # what a checkout has beside the package and a wheel carries inside
PACKAGE = Path(__file__).resolve().parent
INSTALLED = PACKAGE / "_shipped"  # the folders' place in an installed wheel


def content_root(package: Path = PACKAGE) -> Path:
    """The folder that holds every one of ``SHIPPED``: the one above the package (a checkout, the app) when it
    does, else the package's own copy (an installed wheel). With neither, the one above the package, so a message
    about a missing file names the checkout's place for it."""
    beside, inside = package.parent, package / INSTALLED.name
    for root in (beside, inside):
        if all((root / name).is_dir() for name in SHIPPED):
            return root
    return beside


ROOT = content_root()  # relative names in content files (``assets/maps/open_field.yaml``) start here
ASSETS = ROOT / "assets"
PARTIES_DIR = ASSETS / "parties"
MAPS_DIR = ASSETS / "maps"
SOUNDS_DIR = ASSETS / "sounds"
ICONS_DIR = ASSETS / "icons"
SCENARIOS_DIR = ROOT / "scenarios"
CAMPAIGNS_DIR = ROOT / "campaigns"
DATA_DIR = PACKAGE / "content" / "data"  # the rules data (traits, skills, the rules reference): package data
SYSTEMS_DIR = PACKAGE / "systems"  # each rule system's own data beside its code (``gearfall/data``): package data

# The quick battle's and the headless `play`'s matchup: two medium parties within a few ExP of
# each other (Ghrim Company 192/200, Northmen Raiding Party 200/200), so neither side starts behind.
DEFAULT_MATCHUP = ("ghrim_company", "northmen_raiding_party")
DEFAULT_SCENARIO = "engagement"
DEFAULT_MAP = "village_ruins"
