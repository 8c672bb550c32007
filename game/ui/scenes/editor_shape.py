"""What the map editor scene's mixins (EditorInput, EditorPanels) may use of it: declared once, for the type
checker (no class attributes, no methods at run time)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.editor.snapping import Snap
from game.ui.table_view import Camera

if TYPE_CHECKING:
    from game.editor.commands import Mirror
    from game.editor.overlays import SightJob
    from game.editor.presets import Preset
    from game.editor.session import EditorSession
    from game.ui.app import App


class EditorShape:
    """The EditorScene attributes and methods its mixins use."""

    # set by EditorScene (declared for the type checker; no class attributes)
    session: EditorSession
    tool: str
    side_tab: str
    preset: Preset
    wall_width: float
    table_rect: pygame.Rect
    zoomed: bool
    drag: dict | None
    points: list[tuple[float, float]]
    cue: Snap | None
    active_corner: tuple[int, int] | None
    keys_held: dict[str, bool]
    pending: Mirror | None
    axis: str
    base_mm: float
    show: dict[str, bool]
    encounter: str | None
    sight_at: tuple[float, float] | None
    sight: SightJob | None
    route_ends: tuple[tuple[float, float], tuple[float, float]] | None
    tape: tuple[tuple[float, float], tuple[float, float]] | None
    widgets: dict[str, pygame_gui.core.UIElement]
    cam: Camera
    root: pygame_gui.core.UIContainer | None
    app: App
    clock: float
    _last_click: tuple[float, tuple[int, int]]
    _focused: dict[str, tuple[pygame_gui.elements.UITextEntryLine, list[int]]]

    if TYPE_CHECKING:  # EditorScene's and Scene's methods, named for the type checker only (not at run time)
        def px(self, n: float) -> int: ...
        def set_tool(self, tool: str) -> None: ...
        def save(self, as_new: bool = False) -> bool: ...
        def save_as(self) -> None: ...
        def ask_then(self, then: Any) -> None: ...
        def new_map(self) -> None: ...
        def open_dialog(self) -> None: ...
        def leave_editor(self) -> None: ...
        def apply_mirror(self) -> None: ...
        def warnings(self) -> list: ...
        def rebuild(self) -> None: ...
        def _status(self) -> None: ...
        @property
        def manager(self) -> pygame_gui.UIManager: ...
        def _pressed(self, el: pygame_gui.core.UIElement) -> None: ...
        def _entry_done(self, el: pygame_gui.core.UIElement, text: str, key: str | None = None,
                        sel: list[int] | None = None) -> None: ...
        def _tab(self, back: bool) -> None: ...
        def _watch_focus(self) -> None: ...
        def _start_sight(self, at: tuple[float, float]) -> None: ...
        def _compute_route(self, a: tuple[float, float], b: tuple[float, float]) -> None: ...

