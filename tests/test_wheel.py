"""The wheel (issue 41): ``tools/run.py wheel`` builds it with the shipped content inside, it installs with pipx (or
pip into a virtual environment, which is what pipx does) and ``iron-honor`` plays a battle from any folder, reading
nothing of the checkout (slow: about a minute; run with ``-m slow``). The fast tests: the one module that knows where
the content lives finds it both ways, and the wheel, the source distribution and the app carry each folder of it."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import game
from game import paths
from tools import run

ROOT = Path(__file__).resolve().parent.parent


def _wheel_content():
    pytest.importorskip("setuptools.command.build_py")  # the build step's module subclasses setuptools' build_py
    from tools import wheel_content

    return wheel_content


def _layout(root: Path, folders: tuple[str, ...]) -> None:
    (root / "game").mkdir(parents=True, exist_ok=True)
    for name in folders:
        (root / name).mkdir(parents=True)


def test_a_checkout_reads_its_content_beside_the_package() -> None:
    assert paths.ROOT == ROOT == paths.content_root()
    assert paths.ASSETS == ROOT / "assets" and paths.SCENARIOS_DIR == ROOT / "scenarios"
    assert paths.CAMPAIGNS_DIR == ROOT / "campaigns" and paths.SOUNDS_DIR == ROOT / "assets" / "sounds"
    assert paths.DATA_DIR == ROOT / "game" / "content" / "data"
    for name in paths.SHIPPED:
        assert (paths.ROOT / name).is_dir()


def test_an_installed_wheel_reads_its_own_copy_and_a_stray_folder_beside_it_changes_nothing(tmp_path: Path) -> None:
    checkout = tmp_path / "checkout"
    _layout(checkout, paths.SHIPPED)
    assert paths.content_root(checkout / "game") == checkout
    site = tmp_path / "site-packages"
    _layout(site / "game" / "_shipped", paths.SHIPPED)
    (site / "assets").mkdir()  # another distribution's top-level folder of that name
    assert paths.content_root(site / "game") == site / "game" / "_shipped"
    assert paths.INSTALLED == paths.PACKAGE / "_shipped"
    nowhere = tmp_path / "empty"
    (nowhere / "game").mkdir(parents=True)
    assert paths.content_root(nowhere / "game") == nowhere  # the checkout's place, named by messages


def test_only_the_paths_module_builds_paths_from_where_the_code_is() -> None:
    """A module finding its own files next to ``__file__`` would miss them in an installed wheel: game/paths.py
    alone decides, for the checkout, the app and the wheel."""
    own = re.compile(r"(?<![\w.])__file__")
    found = [str(p.relative_to(ROOT)) for p in sorted((ROOT / "game").rglob("*.py"))
             if p != ROOT / "game" / "paths.py" and own.search(p.read_text(encoding="utf-8"))]
    assert found == []


def test_the_wheel_carries_every_shipped_folder_and_every_file_the_game_names() -> None:
    wc = _wheel_content()
    assert wc.shipped_folders() == paths.SHIPPED  # read from game/paths.py without importing the game
    assert wc.TARGET.as_posix() == f"{paths.PACKAGE.name}/{paths.INSTALLED.name}"
    files = {dest.relative_to(wc.TARGET).as_posix() for _src, dest in wc.content_files()}
    for name in paths.SHIPPED:
        on_disk = {p.relative_to(ROOT).as_posix() for p in (ROOT / name).rglob("*") if p.is_file()
                   and "__pycache__" not in p.parts and not p.name.startswith(".")}
        assert on_disk and on_disk <= files, name
    from game.ui.icons import ICON_FILES
    from game.ui.sound import NAMES

    named = {f"assets/icons/{f}.svg" for f in ICON_FILES.values()} | {f"assets/sounds/{n}.wav" for n in NAMES}
    named |= {f"assets/parties/{p}.yaml" for p in paths.DEFAULT_MATCHUP}
    named |= {f"assets/maps/{paths.DEFAULT_MAP}.yaml", f"scenarios/{paths.DEFAULT_SCENARIO}.yaml"}
    assert named <= files
    assert not any(part == "__pycache__" or part.startswith(".") for f in files for part in f.split("/"))
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'build_py = "tools.wheel_content.BuildPy"' in pyproject
    assert '"game.content" = ["data/*.yaml"]' in pyproject  # the rules data, package data beside its module


def test_the_source_distribution_and_the_app_carry_every_shipped_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    manifest = (ROOT / "MANIFEST.in").read_text(encoding="utf-8").splitlines()
    for name in paths.SHIPPED:
        assert f"graft {name}" in manifest
    assert "include tools/wheel_content.py" in manifest
    calls: list[list[str]] = []
    monkeypatch.setattr(run, "ensure_environment", lambda with_tests: Path(sys.executable))
    monkeypatch.setattr(run, "_pip_install", lambda *args: None)
    monkeypatch.setattr(run.subprocess, "call", lambda cmd, **kw: calls.append(cmd) or 0)
    assert run.package([]) == 0
    added = [a for cmd in calls for i, a in enumerate(cmd) if i and cmd[i - 1] == "--add-data"]
    dests = {a.rsplit(os.pathsep, 1)[1] for a in added}
    assert set(paths.SHIPPED) <= dests and str(Path("game") / "content" / "data") in dests


def test_the_readme_names_the_wheel_run_py_builds() -> None:
    assert f"pipx install dist/{run.wheel_file().name}" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert run.wheel_file().name.startswith(f"iron_honor-{game.__version__}-")


def _bin(venv: Path, name: str) -> Path:
    return venv / ("Scripts" if os.name == "nt" else "bin") / (name + (".exe" if os.name == "nt" else ""))


@pytest.mark.slow
def test_the_wheel_installs_and_iron_honor_plays_a_battle_outside_the_checkout(tmp_path: Path) -> None:
    built = subprocess.run([sys.executable, str(ROOT / "tools" / "run.py"), "wheel"], cwd=ROOT, capture_output=True,
                           text=True, timeout=600)
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    wheel = run.wheel_file()
    names = zipfile.ZipFile(wheel).namelist()
    for name in paths.SHIPPED:
        assert any(n.startswith(f"game/_shipped/{name}/") for n in names), name
    assert "game/content/data/rules.yaml" in names and not any(n.startswith(("tests/", "tools/")) for n in names)

    away = tmp_path / "elsewhere"  # the player's folder: neither the checkout nor on its path
    away.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", IRON_HONOR_SAVES=str(tmp_path / "saves"),
               IRON_HONOR_CONFIG=str(tmp_path / "config"), IRON_HONOR_MODS=str(tmp_path / "mods"))
    pipx = shutil.which("pipx")
    if pipx:  # the real thing, kept inside tmp_path
        env.update(PIPX_HOME=str(tmp_path / "pipx"), PIPX_BIN_DIR=str(tmp_path / "bin"),
                   PIPX_MAN_DIR=str(tmp_path / "man"))
        installed = subprocess.run([pipx, "install", str(wheel)], cwd=away, env=env, capture_output=True, text=True,
                                   timeout=900)
        assert installed.returncode == 0, installed.stdout[-2000:] + installed.stderr[-2000:]
        venv = tmp_path / "pipx" / "venvs" / "iron-honor"
    else:  # what pipx does: a virtual environment of its own, the wheel and its dependencies (the lock's) in it
        venv = tmp_path / "venv"
        subprocess.run([sys.executable, "-m", "venv", str(venv)], cwd=away, env=env, check=True, timeout=300)
        for args in (["--require-hashes", "-r", str(run.lockfile(with_tests=False))], ["--no-deps", str(wheel)]):
            installed = subprocess.run([str(_bin(venv, "python")), "-m", "pip", "install", "-q",
                                        "--disable-pip-version-check", *args], cwd=away, env=env, capture_output=True,
                                       text=True, timeout=900)
            assert installed.returncode == 0, installed.stdout[-2000:] + installed.stderr[-2000:]
    exe = _bin(venv, "iron-honor")

    helped = subprocess.run([str(exe), "--help"], cwd=away, env=env, capture_output=True, text=True, timeout=120)
    assert helped.returncode == 0 and helped.stdout.startswith("usage: iron-honor"), helped.stdout + helped.stderr
    where = subprocess.run([str(_bin(venv, "python")), "-c", "import sys, game, game.paths; "
                            "print(game.__file__, game.paths.ROOT, *sys.path, sep='\\n')"],
                           cwd=away, env=env, capture_output=True, text=True, timeout=120)
    assert where.returncode == 0, where.stderr
    module, content, *search = where.stdout.splitlines()
    assert Path(module).resolve().is_relative_to(venv.resolve()), module
    assert Path(content).resolve() == Path(module).resolve().parent / "_shipped"
    assert not any(s and Path(s).resolve().is_relative_to(ROOT) for s in search), search
    played = subprocess.run([str(exe), "play", "--quick", "--autopilot", "--seed", "3"], cwd=away, env=env,
                            capture_output=True, text=True, timeout=600)
    assert played.returncode == 0, played.stdout[-2000:] + played.stderr[-2000:]
    assert "played to its results" in played.stdout
    shipped_map = Path(content) / "assets" / "maps" / "village_ruins.yaml"
    checked = subprocess.run([str(exe), "validate", str(shipped_map)], cwd=away, env=env, capture_output=True,
                             text=True, timeout=120)
    assert checked.returncode == 0, checked.stdout + checked.stderr  # the command-line tools read the installed copy
