"""The settings file against bad input: sizes and scales that cannot fit the screen are clamped, and a file
the game could not read is never overwritten (it is kept aside and the player told where)."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pygame
import pytest

from game.ui import settings as st
from game.ui.settings import UISettings, fit_to_screen, load_settings, save_settings
from tests.faults import bounded

BROKEN = "# my settings\ncolour_blind: true\nvolume: 0.2\nui_scale: 1.5\nwidth: [\n"


# -- 5: what fits -----------------------------------------------------------------------------------------------

def test_a_huge_window_is_clamped_to_the_desktop() -> None:
    s = UISettings(width=10000, height=10000)
    notes = fit_to_screen(s, (1920, 1080))
    assert (s.width, s.height) == (1920, 1080)
    assert notes and "10000" in notes[0]


def test_a_huge_window_is_refused_from_the_settings_file(tmp_path: Path) -> None:
    path = tmp_path / "settings.yaml"
    path.write_text("width: 10000\nheight: 10000\n", encoding="utf-8")
    s, _ = load_settings(path)
    fit_to_screen(s, None)  # no desktop size known: still a size a screen can have
    assert s.width <= st.MAX_WINDOW[0] and s.height <= st.MAX_WINDOW[1]


def test_a_small_window_is_raised_to_the_minimum() -> None:
    s = UISettings(width=800, height=600)
    fit_to_screen(s, (1920, 1080))
    assert (s.width, s.height) == st.MIN_WINDOW == (1000, 650)


def test_a_scale_of_three_in_a_small_window_is_limited_to_two() -> None:
    s = UISettings(width=800, height=600, ui_scale=3)
    notes = fit_to_screen(s, (1920, 1080))
    assert (s.width, s.height) == st.MIN_WINDOW and s.ui_scale == 2.0  # every scene fits 1000x650 at 200 %
    assert any("scale" in n for n in notes)


@pytest.mark.parametrize(("size", "scale", "expect"), [((1280, 800), 2.0, 2.0), ((1000, 650), 1.5, 1.5),
                                                        ((1920, 1080), 0.5, 1.0), ((1600, 1000), 1.3, 1.25)])
def test_the_scale_is_one_to_two_in_any_window(size: tuple[int, int], scale: float, expect: float) -> None:
    s = UISettings(width=size[0], height=size[1], ui_scale=scale)
    fit_to_screen(s, (2560, 1440))
    assert 1.0 <= s.ui_scale <= 2.0
    assert s.ui_scale == pytest.approx(expect)


def test_a_desktop_smaller_than_the_minimum_still_gives_a_usable_window() -> None:
    s = UISettings(width=1280, height=800, ui_scale=2.0)
    fit_to_screen(s, (800, 600))
    assert (s.width, s.height) == (800, 600) and s.ui_scale == 1.0


def test_the_game_starts_with_a_scale_that_fits_and_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui import main

    monkeypatch.setenv(st.CONFIG_ENV, str(tmp_path))
    (tmp_path / "settings.yaml").write_text("width: 800\nheight: 600\nui_scale: 3\n", encoding="utf-8")
    app = main.start([], save=False)
    assert app.size == st.MIN_WINDOW and app.settings.ui_scale == 2.0
    assert any("UI scale of 3" in p for p in app.startup_problems)


def test_the_settings_menu_offers_only_scales_that_may_be_chosen() -> None:
    assert min(st.SCALES) >= 1.0 and max(st.SCALES) <= 2.0


# -- 7: a file the game could not read is never overwritten --------------------------------------------------

def test_saving_over_a_broken_settings_file_keeps_it_aside(tmp_path: Path) -> None:
    path = tmp_path / "settings.yaml"
    path.write_text(BROKEN, encoding="utf-8")
    s, problems = load_settings(path)
    assert problems
    notes: list[str] = []
    save_settings(s, path, notes)
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("settings.yaml.broken-")]
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == BROKEN
    assert notes and str(kept[0]) in notes[0] and str(path) in notes[0]
    assert load_settings(path) == (s, [])  # the new file is whole and reads back
    save_settings(s, path, notes)  # a file the game wrote is simply replaced: no second copy
    assert len([p for p in tmp_path.iterdir() if p.name.startswith("settings.yaml.broken-")]) == 1


def test_a_second_broken_file_is_kept_beside_the_first(tmp_path: Path) -> None:
    path = tmp_path / "settings.yaml"
    for text in (BROKEN, BROKEN + "again\n"):
        path.write_text(text, encoding="utf-8")
        save_settings(UISettings(), path, [])
    kept = sorted(p.read_text(encoding="utf-8") for p in tmp_path.iterdir() if ".broken-" in p.name)
    assert kept == sorted([BROKEN, BROKEN + "again\n"])


def test_a_settings_file_that_cannot_be_kept_aside_is_not_overwritten(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "settings.yaml"
    path.write_text(BROKEN, encoding="utf-8")

    def read_only(src: Path, dst: Path) -> None:
        raise OSError(errno.EROFS, "Read-only file system", str(dst))

    monkeypatch.setattr(st, "move_noreplace", read_only)
    with pytest.raises(st.SettingsNotSaved) as info:
        save_settings(UISettings(), path, [])
    assert str(path) in str(info.value) and "read-only" in str(info.value)
    assert path.read_text(encoding="utf-8") == BROKEN
    assert [p.name for p in tmp_path.iterdir()] == ["settings.yaml"]


def test_a_folder_where_the_settings_file_should_be_is_kept_aside_not_removed(tmp_path: Path) -> None:
    path = tmp_path / "settings.yaml"
    path.mkdir()
    (path / "mine.txt").write_text("keep", encoding="utf-8")
    save_settings(UISettings(), path, [])
    assert (tmp_path / "settings.yaml.broken-1" / "mine.txt").read_text(encoding="utf-8") == "keep"
    assert load_settings(path) == (UISettings(), [])


def test_a_fifo_as_the_settings_file_neither_hangs_nor_is_lost(tmp_path: Path) -> None:
    path = tmp_path / "settings.yaml"
    os.mkfifo(path)
    s, problems = bounded(lambda: load_settings(path), fifo=path)  # type: ignore[misc]
    assert problems
    bounded(lambda: save_settings(s, path, []), fifo=path)
    assert any(p.name.startswith("settings.yaml.broken-") for p in tmp_path.iterdir())


@pytest.mark.parametrize("key", [pygame.K_F11, "mute", "settings"])
def test_keys_that_save_settings_never_overwrite_a_broken_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               key: object) -> None:
    from game.ui.app import App
    from game.ui.scenes.menu import MainMenu

    monkeypatch.setenv(st.CONFIG_ENV, str(tmp_path))
    path = tmp_path / "settings.yaml"
    path.write_text(BROKEN, encoding="utf-8")
    s, problems = load_settings()
    app = App(s, problems)
    app.push(MainMenu(app))
    if key == pygame.K_F11:
        app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    elif key == "mute":
        from game.ui.sound import toggle_mute

        toggle_mute(app.settings)
        app.save_settings()
    else:
        from game.ui.scenes.settings_menu import SettingsScene

        scene = app.push(SettingsScene(app))
        scene.apply("colour_blind", "off")  # type: ignore[attr-defined]
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("settings.yaml.broken-")]
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == BROKEN
    assert any(str(kept[0]) in p for p in app.startup_problems)
