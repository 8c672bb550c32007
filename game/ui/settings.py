"""The player's settings, kept in the user config folder (platformdirs) as a small YAML file.

A missing or broken file never stops the game: the defaults are used and the problem is
reported (file, key, line). A file the game could not read whole is never overwritten: the first
save moves it aside (``settings.yaml.broken-<n>``, the player's values and comments kept) and says
where; when it cannot be moved aside, nothing is written and the player is told why.

The window's size and the UI scale are clamped to what the screen can show (:func:`fit_to_screen`).
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

import yaml

from game.content.yaml_loader import parse_yaml, read_limited
from game.core.atomic import move_noreplace, write_text_atomic
from game.core.errors import ContentError, os_problem, safe_text

CONFIG_ENV = "IRON_HONOR_CONFIG"
SPEEDS = ("slow", "normal", "fast", "instant")
# strict: a decision that revealed nothing new (no die rolled or drawn since); casual: any; none: never
TAKEBACKS = ("strict", "casual", "none")
# a Fate question in the other side's turn (Winds of Kismet, Cursed Hand): always asked, asked only when the answer
# can matter (the rules say when: game.rules.turn.fate_can_matter), or never (declined for the player)
FATE_QUESTIONS = ("always", "matters", "never")
SCALES = (1.0, 1.25, 1.5, 2.0)
MIN_SCALE, MAX_SCALE = 1.0, 2.0
MIN_WINDOW = (1000, 650)  # every scene fits this at every scale from 1 to 2 (tests/ui/test_layout.py)
MAX_WINDOW = (7680, 4320)  # when the desktop's size is not known: no screen is larger (8K)
MAX_SETTINGS_BYTES = 64 * 1024
BROKEN_SUFFIX = ".broken-"


@dataclass
class UISettings:
    width: int = 1280
    height: int = 800
    fullscreen: bool = False
    ui_scale: float = 1.0
    colour_blind: bool = False  # a palette safe for red-green colour blindness
    animation: str = "normal"  # how fast the AI's actions play out: one of SPEEDS
    declare_plan_upfront: bool = True  # [DIG-ACT-2]
    fps_cap: int = 60
    takebacks: str = "strict"  # Ctrl+Z in a battle: one of TAKEBACKS
    volume: float = 0.6  # sound effects, 0 (silent) to 1
    muted: bool = False  # M in a battle
    fate_questions: str = "matters"  # one of FATE_QUESTIONS
    # New battle's last choices (encounter, map, parties by key, mode, AI level, side): offered again next time
    new_battle: dict = field(default_factory=dict)


def config_path() -> Path:
    override = os.environ.get(CONFIG_ENV)
    if override:
        return Path(override) / "settings.yaml"
    import platformdirs

    return Path(platformdirs.user_config_dir("iron-honor", appauthor=False)) / "settings.yaml"


def load_settings(path: Path | None = None) -> tuple[UISettings, list[str]]:
    """The settings and the problems found reading them (each names the file, the key and the line).

    The file goes through the content loader (size, nesting, characters and numbers checked), so
    no file, however broken, stops the game: it starts with the defaults and a note.
    """
    path = path or config_path()
    settings = UISettings()
    shown = safe_text(str(path))
    if not path.exists():
        return settings, []
    try:
        raw = read_limited(path, shown, MAX_SETTINGS_BYTES)
    except ContentError as exc:
        return settings, [f"{shown}: cannot be read ({exc.problems[0].message}); using the default settings"]
    try:
        doc = parse_yaml(raw, shown, allow_empty=True)
    except ContentError as exc:
        first = exc.problems[0]
        line = f", line {first.line}" if first.line else ""
        return settings, [f"{shown}{line}: not valid YAML ({first.message}); using the default settings"]
    data = doc.data
    if data is None:
        return settings, []
    if not isinstance(data, dict):
        return settings, [f"{shown}, line 1: expected a mapping of settings; using the defaults"]
    problems: list[str] = []
    known = {f.name: f for f in fields(UISettings)}
    for key, value in data.items():
        name = safe_text(str(key)) if len(str(key)) <= 40 else safe_text(str(key)[:37]) + "..."
        where = f"{shown}, key '{name}', line {doc.line_of((key,)) or '?'}"
        if key not in known:
            problems.append(f"{where}: unknown setting, ignored")
            continue
        default = getattr(settings, key)
        why = _bad_value(key, value, default)
        if why:
            problems.append(f"{where}: {why}; keeping {default!r}")
        else:
            setattr(settings, key, float(value) if isinstance(default, float) else value)
    return settings, problems


def _bad_value(key: str, value: object, default: object) -> str | None:
    if isinstance(default, bool):
        return None if isinstance(value, bool) else "expected true or false"
    if isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            return "expected a whole number"
        low = {"width": 320, "height": 240, "fps_cap": 15}[key]
        return None if low <= value <= 10000 else f"expected a whole number from {low} to 10000"
    if key == "ui_scale":
        ok = isinstance(value, int | float) and not isinstance(value, bool) and 0.5 <= value <= 3
        return None if ok else f"expected a number from {MIN_SCALE:g} to {MAX_SCALE:g}"
    if key == "volume":
        ok = isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 1
        return None if ok else "expected a number from 0 to 1"
    if key == "animation":
        return None if value in SPEEDS else f"expected one of {', '.join(SPEEDS)}"
    if key == "takebacks":
        return None if value in TAKEBACKS else f"expected one of {', '.join(TAKEBACKS)}"
    if key == "new_battle":
        return None if _choices_ok(value) else "expected the last New battle choices (a mapping of names)"
    if key == "fate_questions":
        return None if value in FATE_QUESTIONS else f"expected one of {', '.join(FATE_QUESTIONS)}"
    return None


NEW_BATTLE_KEYS = {"scenario": str, "map": str, "mode": str, "ai_level": str, "human_side": int, "parties": list}


def _choices_ok(value: object) -> bool:
    """Whether a remembered New battle is a mapping of the known keys to values of their kind (the scene then
    offers only what its libraries still hold)."""
    if not isinstance(value, dict):
        return False
    for key, kind in NEW_BATTLE_KEYS.items():
        v = value.get(key)
        if v is None:
            continue
        if not isinstance(v, kind) or isinstance(v, bool):
            return False
        if isinstance(v, list) and (len(v) != 2 or not all(isinstance(p, str) for p in v)):
            return False
        if isinstance(v, str) and len(v) > 200:
            return False
    return set(value) <= set(NEW_BATTLE_KEYS)


def fit_to_screen(settings: UISettings, desktop: tuple[int, int] | None) -> list[str]:
    """Clamp the window to the screen (``desktop``, or the largest screen when it is not known) and to at least
    MIN_WINDOW, and the UI scale to 1-2 (every scene fits MIN_WINDOW at every scale; a window smaller than
    MIN_WINDOW, on a screen smaller than it, keeps scale 1); a note for each change, for the player."""
    notes: list[str] = []
    top_w, top_h = desktop if desktop and desktop[0] > 0 and desktop[1] > 0 else MAX_WINDOW
    low_w, low_h = min(MIN_WINDOW[0], top_w), min(MIN_WINDOW[1], top_h)
    w = min(max(settings.width, low_w), top_w)
    h = min(max(settings.height, low_h), top_h)
    if (w, h) != (settings.width, settings.height):
        where = f"your screen ({top_w}×{top_h})" if desktop else "a screen"
        notes.append(f"The window size {settings.width}×{settings.height} does not suit {where}: using {w}×{h}.")
        settings.width, settings.height = w, h
    fits = list(SCALES) if w >= MIN_WINDOW[0] and h >= MIN_WINDOW[1] else [MIN_SCALE]
    wanted = min(max(float(settings.ui_scale), MIN_SCALE), MAX_SCALE)
    scale = max([v for v in fits if v <= wanted + 1e-9] or [MIN_SCALE])
    if abs(scale - settings.ui_scale) > 1e-9:
        notes.append(f"A UI scale of {settings.ui_scale:g} does not suit a {w}×{h} window: using {scale:g} "
                     f"(the scale is from {MIN_SCALE:g} to {MAX_SCALE:g}; a window of at least "
                     f"{MIN_WINDOW[0]}×{MIN_WINDOW[1]} allows any).")
        settings.ui_scale = scale
    return notes


class SettingsNotSaved(Exception):
    """The settings were not written (the message says why, for the player)."""


def _read_whole(path: Path) -> bool:
    """Whether the file at ``path`` is absent or one the game read without a problem (safe to replace)."""
    if not os.path.lexists(path):
        return True
    return not load_settings(path)[1]


def keep_aside(path: Path) -> Path:
    """Move an unreadable settings file to ``settings.yaml.broken-<n>`` (the first free n): where it went."""
    n = 1
    while True:
        aside = path.with_name(f"{path.name}{BROKEN_SUFFIX}{n}")
        try:
            move_noreplace(path, aside)
            return aside
        except FileExistsError:
            n += 1
            if n > 1000:
                raise


def save_settings(settings: UISettings, path: Path | None = None, notes: list[str] | None = None) -> Path:
    """Write the settings atomically. A file there that the game could not read whole is first moved aside
    (a note added to ``notes`` says where); if it cannot be, nothing is written: SettingsNotSaved says why."""
    path = path or config_path()
    shown = safe_text(str(path))
    if not _read_whole(path):
        try:
            aside = keep_aside(path)
        except OSError as exc:
            raise SettingsNotSaved(f"Settings not saved: {shown} could not be read and could not be kept aside "
                                   f"({os_problem(exc)}); it was left as it is, so nothing in it is lost.") from None
        if notes is not None:
            notes.append(f"{shown} could not be read, so it was kept as {safe_text(str(aside))} (your old settings "
                         f"are in it); your settings are now saved to {shown}.")
    try:
        write_text_atomic(path, "# Iron & Honor settings (written by the game)\n"
                          + yaml.safe_dump(asdict(settings), sort_keys=False))
    except OSError as exc:
        raise SettingsNotSaved(f"Settings not saved: {os_problem(exc)}") from None
    return path
