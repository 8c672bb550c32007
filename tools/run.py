#!/usr/bin/env python3
"""Quick start: set up a private virtual environment, then play or test.

    python3 tools/run.py play     # install what is needed (first time), start the game
    python3 tools/run.py test     # install what is needed (first time), run every test
    python3 tools/run.py lock     # after changing pyproject.toml's dependencies: pin them anew
    python3 tools/run.py package  # build the app (dist/iron-honor/): runs with no Python installed
    python3 tools/run.py wheel    # build the wheel (dist/iron_honor-*.whl): `pipx install` it, run `iron-honor`

Anything after the command goes to the game or to pytest. Standard library only:
this runs before anything is installed. The environment lives in ``.venv`` and is
filled from the lockfiles (``locks/play.txt``, ``locks/test.txt``: exact versions
with their hashes, for every platform), refreshed when a lockfile changes; a lockfile
made from other dependencies than pyproject.toml's stops it, naming the command that
pins them anew.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
STAMP = VENV / "iron-honor-deps.sha256"
LOCKS = ROOT / "locks"
MADE_FROM = "# made from pyproject.toml's dependencies with sha256 "  # a lockfile's own line: what it pins
UV = "uv==0.13.8"  # the tool that writes the lockfiles (python3 tools/run.py lock)
PYINSTALLER = "pyinstaller==6.22.3"  # the tool that builds the app (python3 tools/run.py package)
APP = "iron-honor"


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


def lockfile(with_tests: bool) -> Path:
    """The lockfile for playing, or for playing and testing."""
    return LOCKS / ("test.txt" if with_tests else "play.txt")


def spec_digest(with_tests: bool) -> str:
    """What a lockfile must have been made from: pyproject.toml's dependencies (and the test extra's)."""
    return hashlib.sha256("\n".join(_requirements(with_tests)).encode()).hexdigest()


def lock_problem(with_tests: bool) -> str | None:
    """Why the lockfile cannot be installed as it is (missing, or made from other dependencies than
    pyproject.toml's now), or None."""
    lock = lockfile(with_tests)
    if not lock.exists():
        return f"{lock.relative_to(ROOT)} is missing: run `python3 tools/run.py lock` to make it."
    made = next((line[len(MADE_FROM):].strip() for line in lock.read_text(encoding="utf-8").splitlines()
                 if line.startswith(MADE_FROM)), None)
    if made != spec_digest(with_tests):
        return (f"{lock.relative_to(ROOT)} pins other dependencies than pyproject.toml lists now: run "
                "`python3 tools/run.py lock` and commit the lockfiles with pyproject.toml.")
    return None


def _venv_python() -> Path:
    py = _python()
    if not py.exists():
        print(f"Creating a virtual environment in {VENV} ...", flush=True)
        venv.EnvBuilder(with_pip=True, clear=VENV.exists()).create(VENV)
    return py


def _pip_install(py: Path, what: str, *args: str) -> None:
    """``pip install`` into .venv, quietly; a failure stops run.py, naming ``what`` failed."""
    if subprocess.call([str(py), "-m", "pip", "install", "--disable-pip-version-check", "-q", *args]) != 0:
        sys.exit(f"Installing {what} failed; see pip's message above.")


def ensure_environment(with_tests: bool) -> Path:
    """Create .venv and install the lockfile's pins unless they are already there."""
    if sys.version_info < (3, 11):
        sys.exit(f"Iron & Honor needs Python 3.11 or newer; this is {sys.version.split()[0]}.")
    problem = lock_problem(with_tests)
    if problem:
        sys.exit(problem)
    lock = lockfile(with_tests)
    digest = hashlib.sha256(lock.read_bytes()).hexdigest()
    py = _python()
    if py.exists() and STAMP.exists() and digest in STAMP.read_text().split():
        return py
    py = _venv_python()
    print("Installing dependencies (first run only) ...", flush=True)
    _pip_install(py, "the dependencies", "--require-hashes", "-r", str(lock))
    known = STAMP.read_text().split() if STAMP.exists() else []
    STAMP.write_text("\n".join([*known, digest]) + "\n")
    return py


def lock() -> int:
    """Pin pyproject.toml's dependencies anew, for every platform, with their hashes (uv's resolver)."""
    py = _venv_python()
    _pip_install(py, UV, UV)
    LOCKS.mkdir(exist_ok=True)
    for with_tests in (False, True):
        out = lockfile(with_tests)
        cmd = [str(py), "-m", "uv", "pip", "compile", "pyproject.toml", *(["--extra", "test"] if with_tests else []),
               "--universal", "--generate-hashes", "--python-version", "3.11", "--no-header", "-q", "-o", str(out)]
        if subprocess.call(cmd, cwd=ROOT) != 0:
            sys.exit("Pinning the dependencies failed; see uv's message above.")
        pins = out.read_text(encoding="utf-8")
        out.write_text(f"# Iron & Honor's pinned dependencies{' with the test tools' if with_tests else ''}: made "
                       f"by `python3 tools/run.py lock` ({UV}), never by hand.\n"
                       f"{MADE_FROM}{spec_digest(with_tests)}\n{pins}", encoding="utf-8")
        print(f"wrote {out.relative_to(ROOT)}")
    return 0


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


def package(rest: list[str]) -> int:
    """The one-folder app (PyInstaller) in ``dist/iron-honor``: the game with its Python, libraries, assets,
    encounters, campaigns and fonts inside; the player's saves, mods and settings stay in their own folders. Built
    for the system it runs on (Linux here; the same command on Windows or macOS builds theirs)."""
    py = ensure_environment(with_tests=False)
    _pip_install(py, PYINSTALLER, PYINSTALLER)
    sep = os.pathsep  # PyInstaller's SOURCE:DEST separator is the system's path separator
    systems = sorted(p.parent.relative_to(ROOT / "game").parts for p in (ROOT / "game" / "systems").glob("*/data"))
    data = [("assets", "assets"), ("scenarios", "scenarios"), ("campaigns", "campaigns"),
            *((str(Path("game", *d)), str(Path("game", *d))) for d in (("content", "data"),
                                                                        *((*s, "data") for s in systems)))]
    windowed = ["--windowed"] if sys.platform in ("win32", "darwin") else []  # no console window beside the game's
    cmd = [str(py), "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN", "--onedir", "--name", APP,
           "--distpath", str(ROOT / "dist"), "--workpath", str(ROOT / "build" / "pyinstaller"),
           "--specpath", str(ROOT / "build" / "pyinstaller"),
           *[a for src, dest in data for a in ("--add-data", f"{ROOT / src}{sep}{dest}")],
           "--collect-data", "pygame_gui",  # its fonts and default theme
           "--collect-submodules", "game",  # the traits and conditions are found by scanning their packages
           *windowed, *rest, str(ROOT / "game" / "__main__.py")]
    if subprocess.call(cmd, cwd=ROOT) != 0:
        sys.exit("Building the app failed; see PyInstaller's message above.")
    exe = ROOT / "dist" / APP / (APP + (".exe" if os.name == "nt" else ""))
    print(f"built {exe.relative_to(ROOT)}: run it to play; `{exe.name} play --quick --autopilot` checks it")
    return 0


def wheel_file() -> Path:
    """Where ``wheel`` puts the wheel: dist/, named by pyproject.toml's version (pure Python: any platform)."""
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    return ROOT / "dist" / f"iron_honor-{version}-py3-none-any.whl"


def wheel(rest: list[str]) -> int:
    """The wheel in ``dist/``: the game with its assets, encounters and campaigns inside (``game/_shipped``, put
    there by tools/wheel_content.py), its dependencies named, not included. ``pipx install`` it, then play with
    ``iron-honor``. pip builds it (``pip wheel``) with the setuptools pyproject.toml asks for."""
    if sys.version_info < (3, 11):
        sys.exit(f"Iron & Honor needs Python 3.11 or newer; this is {sys.version.split()[0]}.")
    py = _venv_python()
    # setuptools reuses build/lib: a file deleted since the last build would still be shipped
    shutil.rmtree(ROOT / "build" / "lib", ignore_errors=True)
    cmd = [str(py), "-m", "pip", "wheel", "--disable-pip-version-check", "-q", "--no-deps", "-w", str(ROOT / "dist"),
           *rest, str(ROOT)]
    if subprocess.call(cmd, cwd=ROOT) != 0:
        sys.exit("Building the wheel failed; see pip's message above.")
    built = wheel_file().relative_to(ROOT)
    print(f"built {built}: `pipx install {built}`, then `iron-honor` plays "
          "(`iron-honor play --quick --autopilot` checks it)")
    return 0


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("play", "test", "lock", "package", "wheel"):
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    if command == "lock":
        return lock()
    if command == "package":
        return package(rest)
    if command == "wheel":
        return wheel(rest)
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
