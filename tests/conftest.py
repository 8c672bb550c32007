"""Shared test setup: never open a real window, and find the repository's folders."""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

# no wall-clock deadline on a property's example: a busy machine's clock is no bug (a property that sets its own
# deadline keeps it; a hang is still caught by its own guard or the run's)
settings.register_profile("iron-honor", deadline=None)
settings.load_profile("iron-honor")

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# a battle autosaves after every decision: never into the player's own saves folder
os.environ.setdefault("IRON_HONOR_SAVES", tempfile.mkdtemp(prefix="iron-honor-test-saves-"))
# nor list the player's replays, nor read or write the player's settings
os.environ.setdefault("IRON_HONOR_REPLAYS", tempfile.mkdtemp(prefix="iron-honor-test-replays-"))
# nor the player's campaigns
os.environ.setdefault("IRON_HONOR_CAMPAIGNS", tempfile.mkdtemp(prefix="iron-honor-test-campaigns-"))
os.environ.setdefault("IRON_HONOR_CONFIG", tempfile.mkdtemp(prefix="iron-honor-test-config-"))
# nor read the player's own mod folder: its traits would join the rules data every test sees
os.environ.setdefault("IRON_HONOR_MODS", tempfile.mkdtemp(prefix="iron-honor-test-mods-"))
# an AI answer the decision does not allow is a bug: it raises (game.ai.tactical.AIBug), in worker processes too
os.environ.setdefault("IRON_HONOR_AI_STRICT", "1")

# compiled modules: where the environment asks that none be written beside the sources (PYTHONDONTWRITEBYTECODE),
# every process of the run (pytest's workers, and the games, tools and type check the tests start) would compile
# the same sources again, and each worker rewrite the same test modules (most of a worker's start); they share
# one folder of them in the checkout instead (`.test-bytecode`, ignored by git; not beside the sources), kept for
# the next run as __pycache__ would be: each file is checked against its source's time and size before it is
# used, and a deleted checkout takes its folder with it. Where that folder cannot be made (a read-only checkout),
# a temporary one serves the run and is removed when it ends.
def _bytecode_folder() -> str:
    kept = Path(__file__).resolve().parent.parent / ".test-bytecode"
    try:
        kept.mkdir(exist_ok=True, mode=0o700)
        if os.access(kept, os.W_OK):
            return str(kept)
    except OSError:
        pass
    folder = tempfile.mkdtemp(prefix="iron-honor-test-bytecode-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


if os.environ.get("PYTHONDONTWRITEBYTECODE") and not os.environ.get("PYTHONPYCACHEPREFIX"):
    os.environ["PYTHONPYCACHEPREFIX"] = sys.pycache_prefix = _bytecode_folder()
    del os.environ["PYTHONDONTWRITEBYTECODE"]
    sys.dont_write_bytecode = False

ROOT = Path(__file__).resolve().parent.parent
PARTIES = ROOT / "assets" / "parties"


def pytest_configure(config: pytest.Config) -> None:
    """A run that takes the slow tests is a soak: the sampled matrices and properties are whole (tests.sampling)."""
    if "not slow" not in (config.option.markexpr or ""):
        os.environ["IRON_HONOR_SOAK"] = "1"


@pytest.fixture
def tmp_file(tmp_path: Path):
    """Write text (or bytes) to a file in a temporary folder and return its path."""

    def write(content: str | bytes, name: str = "party.yaml") -> Path:
        path = tmp_path / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        return path

    return write
