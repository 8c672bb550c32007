"""The party builder: name and game size, the models (add, remove, reorder), each model's type, attributes,
weapons, traits and notes, and the live totals and problems beside them.

The scene only turns clicks into the document's edits (``game.builder.document``) and shows the verdict
(``game.builder.verdict``), which is the party-building code ``party check`` runs. What changes on a click
(the model list, the chosen model's controls, the totals and problems) is drawn directly from the
document and the verdict (``builder_views``, ``builder_editor``); pygame_gui widgets are kept for what
stays put (the top bar, the text fields, the model tools), because making widgets costs milliseconds each.
So every click is answered in the frame it arrives in (``tools/bench_builder.py``).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game.builder import files
from game.builder.document import PartyDocument
from game.builder.verdict import Verdict, judge
from game.ui import theme
from game.ui.app import App, Scene
from game.ui.battle import cards
from game.ui.scenes.builder_commands import BuilderActions, Command
from game.ui.scenes.builder_editor import editor_controls, skill_controls
from game.ui.scenes.builder_files import BuilderFiles, rescan_later
from game.ui.scenes.builder_input import BuilderInput
from game.ui.scenes.builder_layout import BuilderLayout
from game.ui.scenes.builder_views import ControlPanel, DrawnList, Line, model_lines, totals_lines

__all__ = ["BuilderScene", "rescan_later"]  # the parties list rescans after its own file changes


class BuilderScene(Scene):
    """The document, the chosen model and the status line; its parts: the layout and its widgets
    (``layout``), the file (``files``), the input (``input``) and the commands (``actions``)."""

    name = "builder"

    def __init__(self, app: App, path: Path | None = None, document: PartyDocument | None = None,
                 campaign: Any = None):
        super().__init__(app)
        self.campaign = campaign  # a campaign party's edit (game.ui.campaign_run.CampaignEdit): saved into it
        self.hover_tip = ""  # the tip of the button under the pointer, shown in the status line
        self.path = path  # the file it came from (a shipped one is saved as a copy)
        self.doc = document or PartyDocument()
        self.selected = 0 if self.doc.models() else -1
        self.status = ""
        self.status_bad = False
        self.verdict: Verdict = judge(self.doc.data, allowance=self.allowance())
        self._verdict_version = self.doc.version
        self.weapon_name = ""
        self.weapon_skill = "1h_edged"
        self.page: pygame_gui.core.UIContainer | None = None  # no scrolling page: panels in window coordinates
        self.update_times: list[float] = []  # seconds per edit: the verdict and the views (the benchmark reads it)
        self.model_view, self.totals_view, self.status_view = DrawnList(), DrawnList(), DrawnList()
        self.editor_view, self.skills_view = ControlPanel(), ControlPanel()
        self._editor_for = -2
        self._views_key: object = None
        self.layout = BuilderLayout(self)
        self.files = BuilderFiles(self)
        self.input = BuilderInput(self)
        self.actions = BuilderActions(self)

    # -- the verdict --------------------------------------------------------------------------------------------
    def judge(self) -> Verdict:
        if self._verdict_version != self.doc.version:
            self.verdict = judge(self.doc.data, allowance=self.allowance())
            self._verdict_version = self.doc.version
        return self.verdict

    def allowance(self) -> Any:
        """[CMP-6]: a campaign party's own budget and losses; None for a party file."""
        return self.campaign.allowance() if self.campaign is not None else None

    @property
    def shipped(self) -> bool:
        return files.is_shipped(self.path)

    # -- layout ------------------------------------------------------------------------------------------------
    def build(self) -> None:
        self.page = None
        self.layout.build()
        self._views_key = None
        self.views()

    def rebuild(self) -> None:
        self.judge()
        super().rebuild()

    def refresh(self, *parts: str) -> None:
        """After an edit: the verdict again, the text fields and the drawn views brought up to date; ``"top"``
        also remakes the top bar's widgets."""
        t0 = time.perf_counter()
        self.judge()
        if "top" in parts:
            self.layout.panel("top")
        self.layout.sync_fields()
        self.layout.sync_undo()
        self.views()
        self.update_times.append(time.perf_counter() - t0)

    def status_text(self, room: int | None = None) -> str:
        """The status line; with ``room`` (pixels), the file's name rather than its path when the path does not
        fit, and a message cut with "…" (the problems are listed in full in the totals)."""
        size = self.px(13)
        mark = " · unsaved changes" if self.doc.dirty else ""
        text = ""
        for path in ((str(self.path), self.path.name) if self.path is not None else ("a new party",)):
            where = path + (" (shipped: saving writes your own copy to the mod folder)" if self.shipped else "")
            text = theme.displayable(("⚠ " if self.status_bad else "") + (self.status or f"{where}{mark}"))
            if self.hover_tip:  # the button under the pointer says what it does
                text = theme.displayable(self.hover_tip)
            if room is None or cards.label_size(text, size)[0] <= room:
                return text
        return text if room is None else cards.fit(text, size, room)

    def views(self) -> None:
        """The drawn panels brought up to date with the verdict (cheap: cached text, laid out once per edit)."""
        v = self.judge()
        key = (self.doc.version, self.selected, self.app.size, self.status, self.status_bad, self.doc.dirty,
               self.weapon_skill, self.hover_tip)
        if key == self._views_key:
            return
        self._views_key = key
        rects, short = self.layout.rects, self.layout.short
        self.model_view.set(self.layout.list_rect, model_lines(v, self.px), f"model:{self.selected}")
        self.totals_view.set(rects["totals"], totals_lines(v, self.px))
        status = self.status_text(rects["status"].w - self.px(8))
        self.status_view.set(rects["status"], [Line(status, theme.BAD if self.status_bad else theme.MUTED,
                                                    self.px(13))])
        models = self.doc.models()
        m = models[self.selected] if 0 <= self.selected < len(models) else None
        if self._editor_for != self.selected:
            self.editor_view.scroll = 0
            self._editor_for = self.selected
        self.editor_view.set_controls(rects["editor"], editor_controls(
            m, models, rects["editor"].w - 8, self.px, self.weapon_skill if short else None))
        self.skills_view.set_controls(rects["skills"], [] if short else skill_controls(
            self.weapon_skill, rects["skills"].w, self.px))

    # -- input and edits ---------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        self.input.handle(event)

    def run(self, command: Command) -> None:
        """What a button, a drawn control or a row asks for (tests and the tools click them for real)."""
        self.actions.run(command)

    def take_trait(self, trait_id: str) -> None:
        self.doc.add_trait(self.selected, trait_id)
        self.refresh()

    def go_to_problem(self, n: int) -> None:
        """A problem clicked: its model chosen and shown (a party-wide problem names no model)."""
        problems = self.judge().problems
        if not 0 <= n < len(problems):
            return
        p = problems[n]
        if p.model is not None:
            self.selected = p.model
        self.status = f"{p.where or 'the party'}: {p.message}"
        self.status_bad = True
        self.refresh()
        self.model_view.scroll_to(f"model:{self.selected}")

    def undo(self, redo: bool = False) -> None:
        if (self.doc.redo() if redo else self.doc.undo()):
            self.selected = min(max(self.selected, 0), len(self.doc.models()) - 1)
            self.layout.sync_top()
            self.refresh()

    def say(self, text: str, bad: bool = False) -> None:
        self.status, self.status_bad = text, bad
        self.views()

    def hold_quit(self) -> bool:
        return self.files.hold_quit()

    # -- drawing -----------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        for part in ("models", "model", "totals"):
            r = self.layout.rects.get(part)
            if r is not None:
                pygame.draw.rect(surface, theme.PANEL, r.inflate(self.px(8), self.px(8)), border_radius=self.px(4))
        self.views()
        for view in (*self.drawn(), self.status_view):
            view.draw(surface)

    def drawn(self) -> tuple[DrawnList, ...]:
        return self.model_view, self.totals_view, self.editor_view, self.skills_view

    def point_of(self, key: str) -> tuple[int, int] | None:
        """Where to click a drawn row ("model:2", "problem:0"), scrolled into view first (tests use this)."""
        self.views()
        view = self.model_view if key.startswith("model:") else self.totals_view if key.startswith("problem:") \
            else self.skills_view if key.startswith("skill:") and not self.layout.short else self.editor_view
        view.scroll_to(key)
        r = view.row_rect(key)
        return r.center if r is not None else None
