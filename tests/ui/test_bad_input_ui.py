"""Bad input in the game itself (issue #15): broken settings and mod folders never stop it.

The game starts with the defaults and a note; a mod folder's bad files are listed (escaped when they
cannot be shown) and the battle set-up waits for a slow scan on its own page.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pygame
import pytest

from game.content import library
from game.ui import main
from game.ui.scenes import common
from game.ui.scenes.menu import MainMenu
from game.ui.scenes.setup import SetupScene
from game.ui.settings import UISettings
from tests.conftest import PARTIES, ROOT
from tests.ui.driver import click, frames

GHRIM = (PARTIES / "ghrim_company.yaml").read_text(encoding="utf-8")


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for var, name in (("IRON_HONOR_CONFIG", "cfg"), ("IRON_HONOR_MODS", "mods"), ("IRON_HONOR_REPLAYS", "replays"),
                      ("IRON_HONOR_DATA", "data")):
        (tmp_path / name).mkdir()
        monkeypatch.setenv(var, str(tmp_path / name))
    pygame.init()
    pygame.event.clear()
    return tmp_path


def started(env: Path):
    app = main.start([], save=False)
    frames(app, 3)
    common.content()  # the background scan, done
    frames(app, 3)
    assert isinstance(app.top, MainMenu)
    return app


def note(app) -> str:
    return app.top.widgets["problems"].html_text


@pytest.mark.parametrize(("content", "says"), [
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "not valid YAML"),
    (b"height: " + b"8" * 6000 + b"\n", "numbers may have at most"),
    (b"width: " + b"{a: " * 4000 + b"\n", "nested too deeply"),
    (b'"\\udc00width": 1024\nfullscreen: true\n', "surrogate"),
    (b"ui_scale: .nan\n", "finite"),
    (b"fps_cap: 12345678901234567890123\n", "too large"),
])
def test_a_broken_settings_file_starts_the_game_with_the_defaults_and_a_note(env: Path, content: bytes,
                                                                             says: str) -> None:
    (env / "cfg" / "settings.yaml").write_bytes(content)
    app = started(env)
    assert app.settings == UISettings()
    assert "settings.yaml" in note(app) and says in note(app)
    assert (env / "cfg" / "settings.yaml").read_bytes() == content  # the player's file is left alone


def test_a_settings_file_that_is_a_folder_or_a_pipe_does_not_stop_the_game(env: Path) -> None:
    os.mkfifo(env / "cfg" / "settings.yaml")
    app = started(env)
    assert "cannot be read" in note(app) and app.settings == UISettings()


def test_a_mod_file_name_that_is_not_utf8_is_listed_escaped(env: Path) -> None:
    folder = os.fsencode(env / "mods" / "parties")
    os.makedirs(folder)
    with open(os.path.join(folder, b"band_\xfe.yaml"), "w", encoding="utf-8") as f:
        f.write("format: iron-honor/party@1\nname: [\n")
    os.mkfifo(env / "mods" / "parties" / "stuck.yaml")
    (env / "mods" / "parties" / "loop.yaml").symlink_to(env / "mods" / "parties" / "loop.yaml")
    app = started(env)
    text = note(app)
    assert "band_\\xfe.yaml" in text and "stuck.yaml" in text and "pipe" in text and "symlink loop" in text


def test_a_mod_party_with_an_unprintable_name_is_skipped_and_new_battle_opens(env: Path) -> None:
    (env / "mods" / "parties").mkdir()
    (env / "mods" / "parties" / "ghost.yaml").write_text(
        GHRIM.replace("name: Ghrim Company", 'name: "Gh\\ud83dost"', 1), encoding="utf-8")
    (env / "mods" / "parties" / "fine.yaml").write_text(GHRIM.replace("name: Ghrim Company", "name: Fine Band"),
                                                        encoding="utf-8")
    app = started(env)
    click(app, app.top.widgets["new"])
    frames(app, 3)
    setup = app.top
    assert isinstance(setup, SetupScene) and setup.ready
    assert "ghost.yaml" in setup.widgets["messages"].html_text and "surrogate" in setup.widgets["messages"].html_text
    assert "Fine Band" in setup.widgets["party0:fine"].text
    click(app, setup.widgets["party0:fine"])
    frames(app, 2)


def test_new_battle_waits_on_its_own_page_while_a_slow_mod_folder_is_scanned(env: Path, monkeypatch) -> None:
    release = threading.Event()
    real_maps = library.maps

    def slow_maps(mods=None):
        release.wait(30)  # a mod folder of huge maps
        return real_maps(mods)

    monkeypatch.setattr(library, "maps", slow_maps)
    app = main.start([], save=False)
    frames(app, 3)  # the menu starts the scan in the background
    click(app, app.top.widgets["new"])
    frames(app, 5)  # frames go on while the scan waits
    setup = app.top
    assert isinstance(setup, SetupScene) and not setup.ready and "waiting" in setup.widgets
    release.set()
    common.content()
    frames(app, 2)
    assert setup.ready and "party0:ghrim_company" in setup.widgets and "start" in setup.widgets


def test_play_position_on_a_script_naming_a_device_opens_nothing_and_says_why(env: Path) -> None:
    script = env / "s.yaml"
    script.write_text("format: iron-honor/script@1\nparties: {A: /dev/zero, B: ../../etc/hostname}\n",
                      encoding="utf-8")
    app = main.start(["--position", str(script)], save=False)
    frames(app, 2)
    assert isinstance(app.top, MainMenu)
    assert "outside the folders" in note(app) and "parties.A" in note(app)
    big = env / "big.yaml"
    with big.open("wb") as f:
        f.truncate(3 * 1024 * 1024)
    assert "at most" in (main.open_position(app, str(big)) or "")
    assert (ROOT / "docs" / "examples" / "furious_attack.yaml").exists()
