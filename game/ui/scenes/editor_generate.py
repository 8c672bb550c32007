"""*Generate*: the map generator's few choices (how much terrain, which kinds, the axis, the seed) in a dialog
over the editor; the editor draws the map (game.editor.generate) and opens it as a new, unsaved map.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from dataclasses import dataclass

import pygame
import pygame_gui

from game.editor.document import MapState
from game.editor.fairness import Fairness, judge
from game.editor.generate import DENSITIES, Recipe, fair_map
from game.editor.presets import PRESETS
from game.paths import DEFAULT_MATCHUP, DEFAULT_SCENARIO
from game.ui import theme
from game.ui.app import App
from game.ui.scenes import common
from game.ui.scenes.confirm import Dialog
from game.ui.scenes.editor_panels import AXIS_NAMES

TIPS = {"sparse": "A few pieces: long sight lines, shooting pays",
        "medium": "About an eighth of the table under terrain",
        "dense": "Crowded: cover everywhere, short sight lines, melee pays"}
AXIS_TIPS = {"rotate180": "A half turn about the centre: the same ground for any two opposite edges (the fairest)",
             "vertical": "Left and right halves mirrored: fair for sides on the left and right edges",
             "horizontal": "Top and bottom halves mirrored: fair for sides on the top and bottom edges",
             "diagonal": "Mirrored across the diagonal from the top-left corner",
             "antidiagonal": "Mirrored across the diagonal from the top-right corner"}


@dataclass(frozen=True)
class Pick:
    """A choice in one of the dialog's groups: ``group`` is density, axis or kind."""

    group: str
    value: str


FAIR_GAMES = 20
REDRAWS = 10


class FairDrawing:
    """Draws and judges maps in a thread until one is fair (game.editor.generate.fair_map); the dialog reads
    ``said`` and, once ``finished``, the recipe of the map taken and what the judging found."""

    def __init__(self, recipe: Recipe):
        self.draw, self.cancelled = 0, False
        self.finished: tuple[Recipe, str] | None = None
        threading.Thread(target=self._run, args=(recipe,), daemon=True).start()

    def said(self) -> str:
        return f"Draw {self.draw}: {FAIR_GAMES} games…" if self.draw else "Drawing…"

    def _run(self, recipe: Recipe) -> None:
        judged: list[Fairness] = []

        def judge_by_play(state: MapState) -> bool:
            if self.cancelled:
                return True
            judged.append(judge(state, DEFAULT_SCENARIO, DEFAULT_MATCHUP, FAIR_GAMES))
            return not judged[-1].one_sided()

        def progress(n: int, state: MapState) -> None:
            self.draw = n

        try:
            _state, draws = fair_map(recipe, judge_by_play, REDRAWS, progress)
        except Exception as exc:  # the games could not be played: the map is still drawn, and that is said
            self.finished = (recipe, f"not judged by play ({type(exc).__name__}: {exc})")
            return
        taken = Recipe(recipe.density, recipe.kinds, recipe.axis, recipe.seed + draws - 1)
        verdict = judged[-1].verdict() if judged else ""
        fair = bool(judged) and not judged[-1].one_sided()
        self.finished = (taken, (f"fair by play after {draws} draw(s): " if fair else
                                 f"still one-sided after {draws} draws: ") + verdict)


class GenerateDialog(Dialog):
    name = "editor_generate"
    size = (640, 520)

    def __init__(self, app: App, recipe: Recipe | None, done: Callable[[Recipe, str], None]):
        super().__init__(app)
        self.recipe = recipe or Recipe(seed=random.randrange(1, 100_000))
        self.done = done
        self.fair = False  # each draw judged by play and redrawn while one-sided
        self.drawing: FairDrawing | None = None
        self.commands: dict[pygame_gui.core.UIElement, Pick | str] = {}

    def build(self) -> None:
        self.widgets, self.commands = {}, {}
        box = self.place_box()
        px = self.px
        m, row, gap = px(12), px(30), px(4)
        r = self.recipe
        common.label(self, "title", pygame.Rect(box.x + m, box.y + m // 2, box.w - 2 * m, px(34)), "Generate a map",
                     "@heading")
        y = box.y + px(44)
        label_w = px(70)
        for group, heading, values, names, tips, chosen in (
                ("density", "Terrain", list(DENSITIES), {k: k.capitalize() for k in DENSITIES}, TIPS, r.density),
                ("axis", "Axis", ["rotate180", "vertical", "horizontal", "diagonal", "antidiagonal"], AXIS_NAMES,
                 AXIS_TIPS, r.axis)):
            common.label(self, f"{group}_label", pygame.Rect(box.x + m, y, label_w, row), heading)
            x = box.x + m + label_w
            for value in values:
                bw = max(px(72), theme.font(px(14)).size(names[value])[0] + px(20))
                if x + bw > box.right - m:
                    x, y = box.x + m + label_w, y + row + gap
                b = common.button(self, f"{group}:{value}", pygame.Rect(x, y, bw, row), names[value], tips[value])
                common.select(b, value == chosen)
                self.commands[b] = Pick(group, value)
                x += bw + gap
            y += row + m
        common.label(self, "kinds_label", pygame.Rect(box.x + m, y, box.w - 2 * m, px(24)),
                     "Kinds of terrain (at least one)", "@prompt")
        y += px(26)
        bottom = box.bottom - m - row - m - row - gap  # the seed row and the buttons below the kinds
        self._kinds(pygame.Rect(box.x + m, y, box.w - 2 * m, max(row + 2, bottom - y)))
        y = max(bottom, y + row + 2) + gap
        common.label(self, "seed", pygame.Rect(box.x + m, y, px(130), row), f"Seed {r.seed}")
        b = common.button(self, "new_seed", pygame.Rect(box.x + m + px(134), y, px(110), row), "New seed",
                          "Another map from the same choices")
        self.commands[b] = "new_seed"
        fair = common.button(self, "fair", pygame.Rect(box.x + m + px(250), y, px(130), row), "Fair by play",
                             f"Judge each draw by {FAIR_GAMES} AI games of Engagement (two medium parties, each on "
                             f"each side) and draw again, up to {REDRAWS} times, while an edge wins beyond chance")
        common.select(fair, self.fair)
        self.commands[fair] = "fair"
        if self.drawing is not None:
            common.label(self, "drawing", pygame.Rect(box.x + m + px(386), y, box.right - m - (box.x + m + px(386)),
                                                      row), self.drawing.said(), "@small")
        y += row + m
        bw = min(px(150), (box.w - 2 * m - gap) // 2)
        go = common.button(self, "generate", pygame.Rect(box.right - m - 2 * bw - gap, y, bw, row), "Generate",
                           "Draw the map: it opens as a new, unsaved map (Enter)", "@big_button")
        cancel = common.button(self, "cancel", pygame.Rect(box.right - m - bw, y, bw, row), "Cancel", None,
                               "@big_button")
        self.commands.update({go: "generate", cancel: "cancel"})
        if r.problems() or self.drawing is not None:
            go.disable()

    def _kinds(self, rect: pygame.Rect) -> None:
        """The presets as toggles in a scrolling grid of three columns."""
        px = self.px
        row, gap, cols = px(28), px(3), 3
        lines = -(-len(PRESETS) // cols)
        need = lines * (row + gap)
        scroll = pygame_gui.elements.UIScrollingContainer(rect, self.manager, container=common.parent(self),
                                                          allow_scroll_x=False)
        self.widgets["kinds"] = scroll
        width = rect.width - (px(20) if need > rect.height else 0) - 2
        scroll.set_scrollable_area_dimensions((width, max(need, rect.height - 2)))
        each = (width - (cols - 1) * gap) // cols
        for i, preset in enumerate(PRESETS):
            b = pygame_gui.elements.UIButton(pygame.Rect((i % cols) * (each + gap), (i // cols) * (row + gap), each,
                                                         row), preset.label, self.manager, container=scroll,
                                             tool_tip_text=common.tip_text(preset.tip()))
            common.select(b, preset.key in self.recipe.kinds)
            self.widgets[f"kind:{preset.key}"] = b
            self.commands[b] = Pick("kind", preset.key)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.commands:
            self.run(self.commands[event.ui_element])
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.run("cancel")
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.run("generate")

    def run(self, command: Pick | str) -> None:
        r = self.recipe
        if isinstance(command, Pick):
            if command.group == "density":
                r = Recipe(command.value, r.kinds, r.axis, r.seed)
            elif command.group == "axis":
                r = Recipe(r.density, r.kinds, command.value, r.seed)
            else:  # a kind toggled, the presets' order kept
                chosen = set(r.kinds) ^ {command.value}
                r = Recipe(r.density, tuple(p.key for p in PRESETS if p.key in chosen), r.axis, r.seed)
            self.recipe = r
            kept = getattr(self.widgets["kinds"], "vert_scroll_bar", None)
            at = kept.start_percentage if kept is not None else None
            self.rebuild()
            bar = getattr(self.widgets["kinds"], "vert_scroll_bar", None)
            if at is not None and bar is not None:
                bar.set_scroll_from_start_percentage(at)
        elif command == "new_seed":
            self.recipe = Recipe(r.density, r.kinds, r.axis, random.randrange(1, 100_000))
            self.rebuild()
        elif command == "fair":
            self.fair = not self.fair
            self.rebuild()
        elif command == "generate":
            if r.problems() or self.drawing is not None:
                return
            if not self.fair:
                self.close()
                self.done(r, "")
                return
            self.drawing = FairDrawing(r)
            self.rebuild()
        elif command == "cancel":
            if self.drawing is not None:
                self.drawing.cancelled = True
            self.close()

    def update(self, dt: float) -> None:
        super().update(dt)
        d = self.drawing
        if d is None:
            return
        label = self.widgets.get("drawing")
        if isinstance(label, pygame_gui.elements.UILabel) and label.text != d.said():
            label.set_text(d.said())
        if d.finished is not None:
            self.drawing = None
            self.close()
            self.done(*d.finished)

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()

