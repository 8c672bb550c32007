"""The quick-start script and the command line say what they mean (#14: `run.py play --quick`, help texts)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from game.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent


def _run_py():
    spec = importlib.util.spec_from_file_location("quickstart_run", ROOT / "tools" / "run.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("given", "game_args"), [
    ([], ["play"]),
    (["--quick"], ["play", "--quick"]),
    (["--quick", "--seed", "4"], ["play", "--quick", "--seed", "4"]),
    (["--help"], ["play", "--help"]),
    (["validate", "scenarios"], ["validate", "scenarios"]),
])
def test_run_py_play_hands_options_to_the_play_command(monkeypatch, given, game_args) -> None:
    run = _run_py()
    calls = []
    monkeypatch.setattr(run, "ensure_environment", lambda with_tests: Path(sys.executable))
    monkeypatch.setattr(run, "ensure_on_path", lambda py: None)
    monkeypatch.setattr(run.subprocess, "call", lambda args, **kw: calls.append(args) or 0)
    assert run.main(["play", *given]) == 0
    assert calls[0][1:3] == ["-m", "game"] and calls[0][3:] == game_args


def test_every_play_option_parses() -> None:
    args = build_parser().parse_args(["play", "--quick", "--seed", "5"])
    assert (args.command, args.quick, args.seed) == ("play", True, 5)


def test_help_texts_print_percent_signs_once(capsys) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["simulate", "--help"])
    out = capsys.readouterr().out
    assert "95% Wilson" in out and "%%" not in out


def test_run_py_plays_from_the_players_folder_and_puts_the_game_on_the_path(monkeypatch, tmp_path) -> None:
    """A modder runs the game's commands from their own folder: relative file names mean that folder."""
    run_py = _run_py()
    calls: list[dict] = []
    monkeypatch.setattr(run_py, "ensure_environment", lambda with_tests: Path(sys.executable))
    monkeypatch.setattr(run_py, "ensure_on_path", lambda py: calls.append({"on_path": py}))
    monkeypatch.setattr(run_py.subprocess, "call", lambda args, **kw: calls.append({"args": args, **kw}) or 0)
    monkeypatch.chdir(tmp_path)
    assert run_py.main(["play", "validate", "my_map.yaml"]) == 0
    assert calls[0] == {"on_path": Path(sys.executable)}
    assert calls[1]["args"][-3:] == ["game", "validate", "my_map.yaml"]
    assert "cwd" not in calls[1]  # the player's folder, not the game's


def test_the_environment_path_file_names_the_game_folder(monkeypatch, tmp_path) -> None:
    run_py = _run_py()
    site = tmp_path / "site"
    site.mkdir()

    class Done:
        stdout = str(site) + "\n"

    monkeypatch.setattr(run_py.subprocess, "run", lambda *a, **kw: Done())
    run_py.ensure_on_path(Path(sys.executable))
    assert (site / "iron_honor.pth").read_text().strip() == str(run_py.ROOT)
