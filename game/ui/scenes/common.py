"""Small helpers the menu scenes share: named widgets, a cached content scan, readable party text.

Scenes keep every widget they may need to find again in ``self.widgets`` by name, so tests, the
screenshot tour and the monkey test can click them; these helpers create and register them in one call.
"""

from __future__ import annotations

import html
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.content import library
from game.content.catalog import catalog
from game.core.errors import ContentError, IllegalAction
from game.core.names import MAX_NAME, PLACEHOLDER
from game.ui import theme

if TYPE_CHECKING:
    from game.ui.app import Scene

TEXT_CAP = 400  # characters of a label or button: more never fits
TIP_CAP = 600  # characters of a tooltip


def oid(class_id: str | None = None, object_id: str | None = None) -> ObjectID:
    return ObjectID(object_id=object_id, class_id=class_id)


def parent(scene: Any) -> Any:
    """The container a scene's widgets go in: its root, or a scrolling page inside it (see SetupScene)."""
    return getattr(scene, "page", None) or scene.root


def page(scene: Any, need_w: int, need_h: int, footer: int = 0) -> tuple[int, int]:
    """The size to lay a scene out in: the window, or a larger scrolling page when the window is too small
    for the UI scale (a large scale in a small window), so nothing is squeezed below a readable size.
    ``footer``: pixels kept below the page for buttons that stay in sight (placed with ``in_root``)."""
    w, h = scene.app.size
    h -= footer
    scene.page = None
    wide, tall = need_w > w, need_h > h
    if not (wide or tall):
        return w, h
    bar = scene.px(20)
    scene.page = pygame_gui.elements.UIScrollingContainer(pygame.Rect(0, 0, w, h), scene.manager,
                                                          container=scene.root, allow_scroll_x=wide)
    scene.widgets["page"] = scene.page
    size = max(w - (bar if tall else 0), need_w), max(h - (bar if wide else 0), need_h)
    scene.page.set_scrollable_area_dimensions(size)
    return size


@contextmanager
def in_root(scene: Any):
    """Widgets made in the block go on the scene's root, not its scrolling page: a footer that stays in sight."""
    kept, scene.page = getattr(scene, "page", None), None
    try:
        yield
    finally:
        scene.page = kept


def label(scene: Any, key: str, rect: pygame.Rect, text: str, cls: str | None = None) -> pygame_gui.elements.UILabel:
    el = pygame_gui.elements.UILabel(rect, theme.drawable(text, TEXT_CAP, lines=False), scene.manager,
                                     container=parent(scene), object_id=oid(cls))
    scene.widgets[key] = el
    return el


def button(scene: Any, key: str, rect: pygame.Rect, text: str, tip: str | None = None,
           cls: str | None = None) -> pygame_gui.elements.UIButton:
    el = pygame_gui.elements.UIButton(rect, theme.drawable(text, TEXT_CAP, lines=False), scene.manager,
                                      container=parent(scene), tool_tip_text=tip_text(tip), object_id=oid(cls))
    scene.widgets[key] = el
    return el


def text_box(scene: Any, key: str, rect: pygame.Rect, html_text: str,
             cls: str | None = None) -> pygame_gui.elements.UITextBox:
    size = round((12 if cls == "@small" else 13) * scene.app.settings.ui_scale)  # the theme's text box sizes
    loaded = scene.manager.get_theme().get_font_dictionary().loaded_fonts
    scene.manager.preload_fonts([{"name": "noto_sans", "point_size": size, "style": style, "antialiased": 1}
                                 for style in ("bold", "italic")  # the markup's fonts, loaded before use
                                 if f"noto_sans_{style}_aa_{size}" not in loaded])
    el = pygame_gui.elements.UITextBox(theme.drawable(html_text), rect, scene.manager, container=parent(scene),
                                       object_id=oid(cls))
    scene.widgets[key] = el
    return el


def choice_list(scene: Any, key: str, rect: pygame.Rect, items: list[tuple[str, str]], chosen: str | None,
                tips: dict[str, str] | None = None) -> dict[pygame_gui.elements.UIButton, str]:
    """A column of toggle buttons (one per item, scrolling when they do not fit); returns button -> item.

    Plain buttons rather than a UISelectionList: their height follows the UI scale, and each one is a
    named widget (``key:item``) a test can click.
    """
    row, gap = scene.px(28), scene.px(3)
    need = len(items) * (row + gap)
    scroll = pygame_gui.elements.UIScrollingContainer(rect, scene.manager, container=parent(scene),
                                                      allow_scroll_x=False)
    scene.widgets[key] = scroll
    width = rect.width - (scene.px(20) if need > rect.height else 0) - 2
    scroll.set_scrollable_area_dimensions((width, max(need, rect.height - 2)))
    out = {}
    from game.ui.battle.cards import fit

    for i, (item, text) in enumerate(items):
        text = theme.drawable(text, TIP_CAP, lines=False)
        shown = fit(text, scene.px(14), width - 24)  # a long name shortened to its button, whole in the tip
        tip = (tips or {}).get(item) or (text if shown != text else None)
        b = pygame_gui.elements.UIButton(pygame.Rect(0, i * (row + gap), width, row), shown, scene.manager,
                                         container=scroll, tool_tip_text=tip_text(tip))
        select(b, item == chosen)
        scene.widgets[f"{key}:{item}"] = b
        out[b] = item
    keys = [item for item, _ in items]
    bar = scroll.vert_scroll_bar
    if chosen in keys and need > rect.height and bar is not None:  # keep the chosen item in view
        top = max(0, keys.index(chosen) * (row + gap) - (rect.height - row) // 2)
        bar.set_scroll_from_start_percentage(min(top / need, 1 - rect.height / need))
    return out


def select(el: pygame_gui.elements.UIButton, on: bool) -> None:
    """Show a button of a choice group as chosen (or not)."""
    if on:
        el.select()
    else:
        el.unselect()


def esc(text: object, limit: int | None = None) -> str:
    """Any text for a pygame_gui text box (its markup is HTML-like), made drawable (theme.drawable), at most
    ``limit`` characters."""
    return html.escape(theme.drawable(text, limit), quote=False)


def name(text: object) -> str:
    """A name (of a save, a party, a map) for a text box: drawable, at most MAX_NAME characters, never
    invisible (shown as "(unnamed)")."""
    return html.escape(theme.drawable(text, MAX_NAME, PLACEHOLDER, lines=False), quote=False)


def tip_text(tip: str | None) -> str | None:
    return None if tip is None else theme.drawable(tip, TIP_CAP)


def colour_span(text: str, colour: tuple[int, int, int]) -> str:
    return f"<font color='{theme.hex_colour(colour)}'>{text}</font>"


def readable(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """A side colour lightened enough to read as text on the dark panels."""
    return tuple(round(c + (255 - c) * 0.35) for c in colour)  # type: ignore[return-value]


def problems_html(problems: list[str]) -> str:
    return "<br>".join(colour_span("• ", theme.BAD) + esc(p) for p in problems)


# -- the content libraries, scanned once per mod folder (in the background from the main menu) ----------

_lock = threading.Lock()
_cache: dict[Path, dict[str, library.Library]] = {}


def content() -> dict[str, library.Library]:
    """Parties, maps and scenarios (shipped and the player's mod folder); loading takes about half a second."""
    mods = library.user_mod_dir()
    with _lock:
        if mods not in _cache:
            _cache[mods] = {"parties": library.parties(), "maps": library.maps(),
                            "scenarios": library.scenarios()}
        return _cache[mods]


def rescan() -> dict[str, library.Library]:
    """Forget the cached scan (the player may have dropped new files into the mod folder)."""
    with _lock:
        _cache.pop(library.user_mod_dir(), None)
    return content()


_scans: dict[Path, threading.Thread] = {}


def warm_up() -> threading.Thread:
    """Scan the content in a background thread (one per mod folder) so no frame is kept waiting."""
    mods = library.user_mod_dir()
    t = _scans.get(mods)
    if t is None or not t.is_alive():
        t = threading.Thread(target=content, name="content-scan", daemon=True)
        _scans[mods] = t
        t.start()
    return t


def scanned() -> dict[str, library.Library] | None:
    """The scan if it is done, without waiting for it."""
    return _cache.get(library.user_mod_dir())


def skipped_lines(libs: dict[str, library.Library]) -> list[str]:
    """One readable line per problem of each skipped file (the file, the key path and the line)."""
    out: list[str] = []
    for kind, lib in libs.items():
        for exc in lib.skipped:
            out += _error_lines(kind, exc)
    for exc in catalog().skipped:  # the mod folder's broken trait files
        out += [f"trait file skipped: {line}" for line in exc.describe().splitlines() or [str(exc.file)]]
    return out


def _error_lines(kind: str, exc: ContentError) -> list[str]:
    lines = exc.describe().splitlines() or [str(exc.file)]
    return [f"{library.SINGULAR.get(kind, kind)} skipped: {line}" for line in lines]


def origin(path: Path) -> str:
    """'mod' for a file from the player's mod folder, else 'game'."""
    from game.content.files import is_within

    return "mod" if is_within(path, library.user_mod_dir()) else "game"


# -- readable text -----------------------------------------------------------------------------------------

def party_html(party: Any, colour: tuple[int, int, int] | None = None) -> str:
    """A party as the player reads it: size, cost and Fate, then each model's profile, weapons and traits."""
    head = f"<b>{esc(party.name)}</b>"
    if colour is not None:
        head = colour_span(head, readable(colour))
    lines = [head, f"{esc(party.size)} · {party.cost}/{party.budget} ExP · Fate {party.fate} · "
                   f"{len(party.models)} models"]
    from game.content.catalog import catalog

    known = catalog()

    def skill(w: Any) -> str:  # the skill's name, with a ranged skill's reach, as the battle's model card says it
        found = known.skills.get(w.skill)
        if found is None:
            return w.skill.replace("_", " ")
        return f"{found.name}, {found.short}″/{found.long}″" if found.long else found.name

    for m in party.models:
        a = m.attributes
        weapons = ", ".join(f"{w.name} ({skill(w)})" for w in m.weapons) or "unarmed"
        traits = ", ".join(known.traits[t].name.lower() if t in known.traits else t.replace("_", " ")
                           for t in m.traits) or "no traits"
        lines.append(f"<br><b>{esc(m.name)}</b> <i>{esc(m.type)}</i> — {m.cost} ExP")
        lines.append(f"MA {a['MA']}  RA {a['RA']}  PD {a['PD']}  WP {a['WP']}  Wounds {m.wounds}")
        lines.append(colour_span(esc(weapons), theme.MUTED) + "; " + esc(traits))
    return "<br>".join(lines)


# -- starting a battle -------------------------------------------------------------------------------------

def start_battle(app: Any, setup: Any, how: str = "push") -> str | None:
    """Load the setup's files and open the battle (push over, or replace, the current scene).

    Returns None when the battle started, else the error text naming the bad file and line: a broken
    file is shown to the player, never raised.
    """
    from game.ui.session import BattleSession, try_load

    loaded, error = try_load(setup)
    if loaded is None:
        return error or "the battle could not be loaded"
    try:
        session = BattleSession(setup, loaded, autosave=True)
    except ContentError as exc:
        return exc.describe()
    _open_battle(app, session, how)
    return None


def resume_battle(app: Any, path: Any, how: str = "push") -> str | None:
    """A saved battle, played back to where it stopped and opened; else the reason it cannot be, for a player.

    An autosave goes on in its own slot; any other save (a named one, a replay) in a new autosave slot."""
    from game.saves.record import headline_of, read_save
    from game.saves.store import is_autosave, saves_dir
    from game.systems import DEFAULT as DEFAULT_SYSTEM
    from game.ui.session import BattleSession, SaveProblem

    path = Path(path)
    slot = path if is_autosave(path) and path.parent == saves_dir() else None
    try:
        record = read_save(path, path.name)
        if record.setup.get("system", DEFAULT_SYSTEM) != DEFAULT_SYSTEM:
            return _resume_system(app, record, slot, how)
        session = BattleSession.from_save(record, autosave=True, slot=slot)
    except ContentError as exc:
        return f"{headline_of(exc)}\n{exc.describe()}"
    except SaveProblem as exc:
        return str(exc)
    _open_battle(app, session, how)
    return None


def _resume_system(app: Any, record: Any, slot: Path | None, how: str) -> str | None:
    """A battle of another rule system, played back to where it stopped, in its own screen."""
    from game.saves.store import new_autosave_path
    from game.ui.scenes.system_battle import SystemBattleScene
    from game.ui.system_session import SystemSession

    try:
        session = SystemSession(record.setup, slot or new_autosave_path(), record.answers)
    except (ContentError, IllegalAction) as exc:
        return exc.describe() if isinstance(exc, ContentError) else str(exc)
    scene = SystemBattleScene(app, session)
    app.push(scene) if how == "push" else app.replace(scene)
    return None


def open_battle(app: Any, session: Any, how: str = "push") -> None:
    """A battle session on screen: its battle, or its results when it is over."""
    _open_battle(app, session, how)


def _open_battle(app: Any, session: Any, how: str) -> None:
    """The battle scene; for a finished battle (a replay), its results."""
    scene: Scene
    if session.over:
        from game.ui.scenes.results import ResultsScene

        scene = ResultsScene(app, session)
    else:
        from game.ui.scenes.battle import BattleScene

        scene = BattleScene(app, session)
    if how == "replace":
        app.replace(scene)
    else:
        app.push(scene)
