"""The player's settings, kept in the user config folder (platformdirs) as a small YAML file.

A missing or broken file never stops the game: the defaults are used and the problem is
reported (file, key, line); the broken file is left untouched until the player saves.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path

import yaml

from game.content.yaml_loader import parse_yaml, read_limited
from game.core.atomic import write_text_atomic
from game.core.errors import ContentError, safe_text

CONFIG_ENV = "IRON_HONOR_CONFIG"
SPEEDS = ("slow", "normal", "fast", "instant")
# strict: a decision that revealed nothing new (no die rolled or drawn since); casual: any; none: never
TAKEBACKS = ("strict", "casual", "none")
# a Fate question in the other side's turn (Winds of Kismet, Cursed Hand): always asked, asked only when the answer
# can matter (the rules say when: game.rules.turn.fate_can_matter), or never (declined for the player)
FATE_QUESTIONS = ("always", "matters", "never")
SCALES = (0.75, 1.0, 1.25, 1.5, 2.0)
MAX_SETTINGS_BYTES = 64 * 1024


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
        low = {"width": 800, "height": 600, "fps_cap": 15}[key]
        return None if low <= value <= 10000 else f"expected a whole number from {low} to 10000"
    if key == "ui_scale":
        ok = isinstance(value, int | float) and not isinstance(value, bool) and 0.5 <= value <= 3
        return None if ok else "expected a number from 0.5 to 3"
    if key == "volume":
        ok = isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 1
        return None if ok else "expected a number from 0 to 1"
    if key == "animation":
        return None if value in SPEEDS else f"expected one of {', '.join(SPEEDS)}"
    if key == "takebacks":
        return None if value in TAKEBACKS else f"expected one of {', '.join(TAKEBACKS)}"
    if key == "fate_questions":
        return None if value in FATE_QUESTIONS else f"expected one of {', '.join(FATE_QUESTIONS)}"
    return None


def save_settings(settings: UISettings, path: Path | None = None) -> Path:
    path = path or config_path()
    write_text_atomic(path, "# Iron & Honor settings (written by the game)\n"
                      + yaml.safe_dump(asdict(settings), sort_keys=False))
    return path
