"""The battle's short sound effects, played through pygame's mixer when the machine has one.

The sounds are made by ``tools/make_sounds.py`` into ``assets/sounds``. Nothing here may fail or wait:
the mixer is opened on the first sound that is actually heard (never while muted or at volume 0), a
mixer that will not open, a missing or broken file is noted once and the game plays on in silence.
The volume and the mute are the player's settings (``UISettings.volume`` and ``muted``); M mutes.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame

from game.paths import SOUNDS_DIR
from game.ui.settings import UISettings

SOUND_DIR = SOUNDS_DIR
NAMES = ("dice", "swing", "shot", "hit", "wound", "saved", "stun", "death", "misfire", "push", "activate")
MUTE_KEY = pygame.K_m
VOLUMES = (0.25, 0.5, 0.75, 1.0)  # the settings screen's steps (and Muted)


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """The C libraries' own chatter on stderr silenced for the block: ALSA writes ten lines of "cannot find
    card" straight to file descriptor 2 when SDL opens audio on a machine with no sound device."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):  # no real stderr (a frozen app, a captured stream): nothing to silence
        yield
        return
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


SILENT = "no sound device: playing silently"


class Player:
    """Plays the named sounds at the settings' volume; silent, and quiet about it, without audio."""

    def __init__(self, folder: Path = SOUND_DIR):
        self.folder = folder
        self.sounds: dict[str, pygame.mixer.Sound] | None = None  # None: not opened yet
        self.problem = ""  # why there is no sound (for a test or a curious player), "" when all is well
        self.played: list[str] = []  # the sounds started, latest last (the tests read it); kept short

    def available(self) -> bool:
        """Open the mixer and load the sounds, once; False (and ``problem`` says why) when that fails."""
        if self.sounds is not None:
            return bool(self.sounds)
        self.sounds = {}
        try:
            if not pygame.mixer.get_init():
                with quiet_stderr():
                    pygame.mixer.init()
        except Exception as exc:  # no audio device, no driver, a pygame built without a mixer: play on silently
            self.problem = f"no sound: the mixer did not open ({exc})"
            print(SILENT, file=sys.stderr)  # one line, once: the player is one per process
            return False
        for name in NAMES:
            try:
                self.sounds[name] = pygame.mixer.Sound(str(self.folder / f"{name}.wav"))
            except Exception as exc:  # a missing or broken file loses that sound only
                self.problem = f"no sound '{name}': {exc}"
        return bool(self.sounds)

    def play(self, name: str, settings: UISettings) -> bool:
        """Start one sound at the settings' volume; False when muted, silent or unknown."""
        if settings.muted or settings.volume <= 0 or not self.available():
            return False
        assert self.sounds is not None
        sound = self.sounds.get(name)
        if sound is None:
            return False
        try:
            sound.set_volume(min(1.0, settings.volume))
            sound.play()
        except Exception as exc:  # a mixer lost mid-game (device unplugged): silence, never a crash
            self.problem = f"sound '{name}' not played: {exc}"
            return False
        self.played = [*self.played[-15:], name]
        return True


_player: Player | None = None


def player() -> Player:
    """The one player of the process (the mixer is one per process too)."""
    global _player
    if _player is None:
        _player = Player()
    return _player


def toggle_mute(settings: UISettings) -> str:
    """M: sound off or back on; returns what to tell the player."""
    settings.muted = not settings.muted
    return "Sound muted (M)" if settings.muted else f"Sound on at {round(settings.volume * 100)} % (M mutes)"
