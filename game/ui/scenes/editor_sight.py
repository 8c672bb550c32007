"""The map editor's sight and route overlays, answered by the game's own geometry on the pieces without
problems (a broken polygon cannot be measured). They are computed when a drop or an edit ends, never on a
mouse move; the sight shading is spread over frames (the whole table coarsely first). A part of EditorScene.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.content.maps import BattleMap
from game.editor.document import MapState
from game.editor.overlays import SightJob, route

if TYPE_CHECKING:
    from game.ui.scenes.editor import EditorScene


class SightAndRoute:
    """The sight shading and the route, kept up to date with the map."""

    def __init__(self, scene: EditorScene) -> None:
        self.scene = scene
        self.state: MapState | None = None  # the state the overlays were computed for
        self._valid_map: tuple[MapState, BattleMap] | None = None
        self._left_out: list[str] = []  # the pieces the overlays leave out (their problems make them unmeasurable)

    def valid_map(self) -> BattleMap:
        """The map for the overlays: the pieces without problems. One BattleMap per state, so the geometry
        layer's route graph is built once per map, not per route."""
        session = self.scene.session
        state = session.state
        if self._valid_map is None or self._valid_map[0] is not state:
            bad = {p.uid for p in session.problems()}
            kept = tuple(p for p in state.pieces if p.uid not in bad)
            self._left_out = [p.id for p in state.pieces if p.uid in bad]
            self._valid_map = (state, MapState(state.name, "", kept).battle_map())
        return self._valid_map[1]

    def left_out_note(self) -> str:
        """What the sight and route overlays say when pieces with problems were not measured."""
        if not self._left_out:
            return ""
        names = ", ".join(self._left_out[:3]) + (" …" if len(self._left_out) > 3 else "")
        return f"ignores {len(self._left_out)} piece(s) with problems: {names}"

    def refresh(self) -> None:
        """Sight and route follow the map: recomputed once when an edit ends."""
        scene = self.scene
        if self.state is scene.session.state:
            return
        self.state = scene.session.state
        if scene.sight_at is not None:
            self.start_sight(scene.sight_at)
        if scene.route_ends is not None:
            self.compute_route(*scene.route_ends)

    def start_sight(self, at: tuple[float, float]) -> None:
        scene = self.scene
        scene.sight_at = at
        scene.sight = sight = SightJob(self.valid_map(), at, scene.base_mm)
        while not sight.coarse_done:  # the whole table, coarsely, before the next frame
            sight.run(0.05)

    def compute_route(self, a: tuple[float, float], b: tuple[float, float]) -> None:
        scene = self.scene
        scene.route_ends = (a, b)
        try:
            scene.route_result = route(self.valid_map(), a, b, scene.base_mm)
        except Exception as exc:  # a start inside terrain and the like: shown, never raised
            scene.route_result = None
            scene.message = f"no route: {exc}"
