#!/usr/bin/env python3
"""Quick start: set up a private virtual environment, then play or test.

    python3 tools/run.py play     # install what is needed (first time), start the game
    python3 tools/run.py test     # install what is needed (first time), run every test

Anything after the command goes to the game or to pytest. Standard library only:
this runs before anything is installed. The environment lives in ``.venv`` and
is refreshed when the dependencies in pyproject.toml change.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
STAMP = VENV / "iron-honor-deps.sha256"


def _python() -> Path:
    if os.name == "nt":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


def _requirements(with_tests: bool) -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    reqs = list(project["dependencies"])
    if with_tests:
        reqs += project["optional-dependencies"]["test"]
    return reqs


def ensure_environment(with_tests: bool) -> Path:
    """Create .venv and install the dependencies unless they are already there."""
    if sys.version_info < (3, 11):
        sys.exit(f"Iron & Honor needs Python 3.11 or newer; this is {sys.version.split()[0]}.")
    reqs = _requirements(with_tests)
    digest = hashlib.sha256("\n".join(reqs).encode()).hexdigest()
    py = _python()
    if py.exists() and STAMP.exists() and digest in STAMP.read_text().split():
        return py
    if not py.exists():
        print(f"Creating a virtual environment in {VENV} ...", flush=True)
        venv.EnvBuilder(with_pip=True, clear=VENV.exists()).create(VENV)
    print("Installing dependencies (first run only) ...", flush=True)
    cmd = [str(py), "-m", "pip", "install", "--disable-pip-version-check", "-q", *reqs]
    if subprocess.call(cmd) != 0:
        sys.exit("Installing the dependencies failed; see pip's message above.")
    known = STAMP.read_text().split() if STAMP.exists() else []
    STAMP.write_text("\n".join([*known, digest]) + "\n")
    return py


def ensure_on_path(py: Path) -> None:
    """Put the game's folder on the environment's path (a .pth file), so ``.venv/bin/python -m game``
    works from any folder — a modder's, with relative file names — not only from the game's."""
    out = subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                         capture_output=True, text=True, check=False).stdout.strip()
    if not out:
        return
    pth = Path(out) / "iron_honor.pth"
    if not pth.exists() or pth.read_text(encoding="utf-8").strip() != str(ROOT):
        pth.write_text(str(ROOT) + "\n", encoding="utf-8")


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("play", "test"):
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    py = ensure_environment(with_tests=command == "test")
    ensure_on_path(py)
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    if command == "play":
        # options (`play --quick`, `play --help`) belong to the game's play command; a word instead
        # names another of the game's commands (`play fight ...`, `play validate ...`)
        game_args = rest if rest and not rest[0].startswith("-") else ["play", *rest]
        args = [str(py), "-m", "game", *game_args]
        return subprocess.call(args, env=env)  # from the player's folder: their relative file names hold
    else:
        env.setdefault("SDL_VIDEODRIVER", "dummy")
        env.setdefault("SDL_AUDIODRIVER", "dummy")
        # one worker per core (pytest-xdist); `-n 0` (or any -n of your own) overrides it
        spread = [] if any(a == "-n" or (a.startswith("-n") and a[2:].isdigit()) for a in rest) else [
            "-n", "auto", "--dist", "worksteal"]
        args = [str(py), "-m", "pytest", *spread, *rest]
    return subprocess.call(args, cwd=ROOT, env=env)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
