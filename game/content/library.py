"""Where content is found: the repository's folders and the player's mod folder.

Mods live in a platform-appropriate user data folder (platformdirs), with the
same sub-folders as the repository: ``parties/``, ``maps/``, ``scenarios/``, ``campaigns/`` (and ``traits/``,
read by game.content.catalog). The
environment variable ``IRON_HONOR_MODS`` points elsewhere (tests, portable
installs). A broken file is reported and skipped: it never stops the game or
hides the good files. So is an entry named like a content file that is not one (a
folder, a FIFO, a broken link). A bug of ours met while reading a mod file is the one
case caught whole: its traceback goes to ``errors.log`` in the user data folder, and
the player is told which file and where the log is.
"""

from __future__ import annotations

import datetime
import os
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.content.files import yaml_files
from game.core.errors import ContentError, Problem, safe_text
from game.paths import ASSETS, CAMPAIGNS_DIR, MAPS_DIR, PARTIES_DIR, ROOT, SCENARIOS_DIR

MODS_ENV = "IRON_HONOR_MODS"
DATA_ENV = "IRON_HONOR_DATA"
FOLDERS = {"parties": PARTIES_DIR, "maps": MAPS_DIR, "scenarios": SCENARIOS_DIR, "campaigns": CAMPAIGNS_DIR}
SINGULAR = {"parties": "party", "maps": "map", "scenarios": "scenario", "campaigns": "campaign"}


def user_mod_dir() -> Path:
    """The player's mod folder (it need not exist)."""
    override = os.environ.get(MODS_ENV)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("iron-honor", appauthor=False)) / "mods"


@dataclass
class Library:
    """The loadable files of one kind, by lowercase file stem, and the files that were skipped."""

    items: dict[str, tuple[Path, Any]] = field(default_factory=dict)
    skipped: list[ContentError] = field(default_factory=list)

    def names(self) -> list[str]:
        return sorted(self.items)


def user_data_dir() -> Path:
    """The user data folder (IRON_HONOR_DATA overrides it): the error log lives here."""
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("iron-honor", appauthor=False))


def content_files(kind: str, mods: Path | None = None, skipped: list[ContentError] | None = None
                  ) -> list[tuple[Path, str]]:
    """(path, origin) of every .yaml file of a kind: the repository's first, then the mod folder's.

    Entries named like content files that are not regular files are added to ``skipped`` (if given).
    """
    out: list[tuple[Path, str]] = []
    for folder, origin in ((FOLDERS[kind], "game"), ((mods or user_mod_dir()) / kind, "mod")):
        files, passed_over = yaml_files(folder)
        out += [(f, origin) for f in files]
        if skipped is not None:
            skipped += [s.error() for s in passed_over]
    return out


def log_internal_error(file: Path | str, exc: BaseException) -> Path | None:
    """Append the traceback of a bug met while reading ``file`` to errors.log; its path (None if unwritable)."""
    log = user_data_dir() / "errors.log"
    text = "".join(traceback.format_exception(exc))
    try:
        log.parent.mkdir(parents=True, exist_ok=True)
        with log.open("a", encoding="utf-8", errors="backslashreplace") as f:
            f.write(f"--- {datetime.datetime.now().isoformat(timespec='seconds')} reading "
                    f"{safe_text(str(file))}\n{text}\n")
    except OSError:
        return None
    return log


def load_all(kind: str, loader: Callable[[Path], Any], mods: Path | None = None,
             only: list[Path] | None = None) -> Library:
    """Load every file of a kind (or ``only`` those); a mod file of the same stem replaces the shipped one."""
    lib = Library()
    files = [(p, "") for p in only] if only is not None else content_files(kind, mods, lib.skipped)
    for path, _origin in files:
        try:
            lib.items[path.stem.lower()] = (path, loader(path))
        except ContentError as exc:
            lib.skipped.append(exc)
        except Exception as exc:  # a bug of ours must not stop the game: logged, the file named
            log = log_internal_error(path, exc)
            where = f"; the details are in {safe_text(str(log))}" if log else ""
            lib.skipped.append(ContentError(str(path), [Problem("", None, f"the game failed reading this file "
                                                                          f"({type(exc).__name__}){where}")]))
    return lib


def scenarios(mods: Path | None = None) -> Library:
    return load_all("scenarios", _load_scenario, mods)


def maps(mods: Path | None = None) -> Library:
    return load_all("maps", _load_map, mods)


def parties(mods: Path | None = None) -> Library:
    return load_all("parties", _load_party, mods)


def _as_path(name_or_path: str) -> Path | None:
    """The name as a file path when it is one (a .yaml name or an existing file), else None."""
    path = Path(name_or_path)
    try:
        if path.suffix in (".yaml", ".yml") or path.exists():
            return path
    except (OSError, ValueError):  # a name no file can have (NUL, too long): not a path, so a name
        pass
    return None


def _stem(name: str) -> str:
    return name.strip().lower().replace(" ", "_").replace("-", "_")


def resolve(kind: str, name_or_path: str, mods: Path | None = None) -> Path:
    """A file path as given, or the named content file that loads (``engagement`` -> scenarios/engagement.yaml).

    A broken mod file of the same name is passed over for the shipped one, as the game's lists do; a
    name whose only files are broken raises the first file's problems.
    """
    path = _as_path(name_or_path)
    return path if path is not None else lookup(kind, name_or_path, mods).path


class UnknownName(ContentError):
    """No file of the kind has that name (as against: the name's file is broken)."""


@dataclass
class Found:
    """A named content file that loads, its loaded value, and the broken files of its kind passed over."""

    path: Path
    value: Any
    skipped: list[ContentError]


def lookup(kind: str, name_or_path: str, mods: Path | None = None, survey: bool = False,
           paths: bool = True) -> Found:
    """The content a command names, loaded; a path is loaded as it is (its errors raised).

    A name is looked up as the game's lists see it: a mod file replaces the shipped one of the same
    name, unless the mod file is broken: then it is skipped (reported in ``skipped``) and the shipped
    one is used. With ``survey`` every file of the kind is loaded, so ``skipped`` lists all the broken
    ones (what a command tells the modder); without it only the files of that name are read. With ``paths``
    False the text is only ever a name (what a content file names is never read as a path).
    """
    loader = _LOADERS[kind]
    path = _as_path(name_or_path) if paths else None
    if path is not None:
        return Found(path, loader(path), [])
    wanted = _stem(name_or_path)
    if survey:
        lib = load_all(kind, loader, mods)
    else:
        lib = Library()
        candidates = [(f, o) for f, o in content_files(kind, mods) if f.stem.lower() == wanted]
        for f, _origin in reversed(candidates):  # the mod folder's first
            one = load_all(kind, loader, mods, only=[f])
            lib.skipped += one.skipped
            if one.items:
                lib.items.update(one.items)
                break
    if wanted in lib.items:
        found, value = lib.items[wanted]
        return Found(found, value, lib.skipped)
    broken = [e for e in lib.skipped if Path(str(e.file)).stem.lower() == wanted]
    if broken:
        raise broken[-1]
    if not survey:
        lib = load_all(kind, loader, mods)
    known = ", ".join(lib.names()) or "none"
    also = ""
    if lib.skipped:
        also = f"; skipped as broken: {', '.join(sorted({Path(str(e.file)).name for e in lib.skipped}))}"
    raise UnknownName(name_or_path, [Problem("", None, f"no {SINGULAR[kind]} named '{safe_text(name_or_path)}' "
                                                        f"(known: {known}{also})")])


def skipped_warnings(found: list[Found]) -> list[str]:
    """One line per broken content file passed over while finding ``found`` (each file once)."""
    from game.content.catalog import catalog

    seen: dict[str, ContentError] = {}
    for exc in [*(e for f in found for e in f.skipped), *catalog().skipped]:  # and the broken trait files
        seen.setdefault(str(exc.file), exc)
    return [f"skipped (broken): {line}" for exc in seen.values() for line in exc.describe().splitlines()[:3]]


def campaigns(mods: Path | None = None) -> Library:
    return load_all("campaigns", _load_campaign, mods)


def _load_campaign(path: Path) -> Any:
    from game.content.campaign_file import load_campaign

    return load_campaign(path)


def _load_party(path: Path) -> Any:
    from game.content.party_building import load_party

    return load_party(path)


def _load_map(path: Path) -> Any:
    from game.content.maps import load_map

    return load_map(path)


def _load_scenario(path: Path) -> Any:
    from game.content.scenario_file import load_scenario

    return load_scenario(path)


_LOADERS: dict[str, Callable[[Path], Any]] = {"parties": _load_party, "maps": _load_map,
                                              "scenarios": _load_scenario, "campaigns": _load_campaign}


def reference_roots(base: Path) -> list[Path]:
    """The folders a file named inside another file may come from: its own folder, the game's, the mod folder."""
    return [base, ASSETS, SCENARIOS_DIR, user_mod_dir()]


def find_reference(base: Path, name: str) -> Path:
    """The file a content file names (a script's ``map: maps/x.yaml``), confined to :func:`reference_roots`.

    The name is tried relative to the naming file's folder, then to the game's folder (so
    ``assets/maps/open_field.yaml`` works from anywhere). Links are resolved before the check, so
    neither ``../..``, an absolute path nor a symlink leads out. Raises ValueError saying why not.
    """
    if "\x00" in name:
        raise ValueError("a file name cannot contain a NUL character")
    roots = []
    for root in reference_roots(base):
        try:
            roots.append(root.resolve())
        except (OSError, RuntimeError):
            continue
    found: Path | None = None
    for start in (base, ROOT):
        try:
            candidate = (start / name).resolve()
        except (OSError, RuntimeError):  # RuntimeError: a symlink loop (Python 3.11)
            continue
        if any(candidate.is_relative_to(r) for r in roots):
            try:
                exists = candidate.exists()
            except (OSError, ValueError):  # a name too long for the system: no file has it
                exists = False
            if exists:
                return candidate
            if found is None:
                found = candidate
    if found is None:
        shown = safe_text(name if len(name) <= 80 else name[:77] + "...")
        raise ValueError(f"'{shown}' is outside the folders content may come from (this file's folder, "
                         f"the game's assets and scenarios, the mod folder)")
    return found


def scenario_map(scenario_file: Path, name: str) -> Any:
    """The map a scenario names (its ``map:``), as the game can use it: a map's name, or a file of the scenario's
    folder, the game's folders or the mod folder (never an absolute path or a ``..`` leading elsewhere)."""
    from game.content.maps import load_map

    if not name.endswith((".yaml", ".yml")) and "/" not in name and "\\" not in name:  # a name
        return lookup("maps", name, paths=False).value
    try:
        path = find_reference(scenario_file.parent, name)
    except ValueError as exc:
        raise ContentError(str(scenario_file), [Problem("map", None, str(exc))]) from None
    return load_map(path)
