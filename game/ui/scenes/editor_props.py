"""The map editor's right-hand panel: the selected pieces' properties (id, kind, style, flags, geometry typed,
their problems, the piece buttons), then the map's problems and warnings, each a button that selects its piece.
Laid out by EditorPanels through the widget pool, so a new selection only sets what differs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.editor import transform as tf
from game.editor.presets import FIELDS, KIND_RULES, applies
from game.ui import theme
from game.ui.scenes import common
from game.ui.scenes.editor_commands import Command, EditAct, Field, FixField, Reorder, SelectProblem, SetKind
from game.ui.scenes.editor_pool import WidgetPool, chosen

if TYPE_CHECKING:
    from game.ui.scenes.editor import EditorScene

_PIECE_BUTTONS: tuple[tuple[str, str, str, Command], ...] = (
    ("front", "Front", "Bring to front (Page Up)", Reorder(True)),
    ("back", "Back", "Send to back (Page Down)", Reorder(False)),
    ("duplicate", "Copy", "Duplicate (Ctrl+D)", EditAct.DUPLICATE),
    ("delete", "Delete", "Delete the pieces (Delete)", EditAct.DELETE_PIECES))
_FLAGS: tuple[tuple[str, str, Command], ...] = (("blocks_los", "Blocks LOS", EditAct.TOGGLE_BLOCKS_LOS),
                                                ("water", "Water", EditAct.TOGGLE_WATER))
_GEOMETRY = ((Field.X, Field.Y), (Field.W, Field.H, Field.ANGLE))


class PropertiesPanel:
    """The properties and problems panel's layout."""

    def __init__(self, scene: EditorScene, pool: WidgetPool) -> None:
        self.scene = scene
        self.pool = pool
        self.problem_buttons: dict[pygame_gui.core.UIElement, str] = {}

    def build(self, r: pygame.Rect, row: int, gap: int) -> None:
        px = self.scene.px
        sel = self.scene.session.selected()
        y = r.y
        head = "Properties" if sel else "Nothing selected"
        if len(sel) > 1:
            head = f"Properties of {len(sel)} pieces"
        self.pool.head("props_head", pygame.Rect(r.x, y, r.w, px(22)), head)
        y += px(22)
        label_w = px(78)
        narrow = (r.w - label_w - gap) // 2 < px(76)
        step = row + gap
        # every place below is fixed, whatever the selection's kind: id, kind (2 rows, 3 when narrow),
        # style, two flag rows, the selection's problems, Restyle, the piece buttons, then the problems list
        flags_y = y + step * (4 if narrow else 3) + step
        geo_y = flags_y + 2 * step  # position, size and a turn, typed
        box_y = geo_y + 2 * step
        box_h = px(62)
        restyle_y = box_y + box_h + gap
        problems_y = restyle_y + 2 * step
        if not sel:
            preset = self.scene.preset
            note = ((("Preset ", None, False), (preset.label, None, True), (": " + preset.tip(), None, False)),
                    (("Pick a tool and draw on the table, or click a piece to edit it. F1 lists every control.",
                      theme.MUTED, False),))
            self.pool.note("props_text", pygame.Rect(r.x, y, r.w, min(px(150), problems_y - y - gap)), note)
        else:
            y = self._props(r, y, row, gap, (label_w, narrow, geo_y, box_h, restyle_y))
        self._problems(r, max(y, problems_y))

    def _props(self, r: pygame.Rect, y: int, row: int, gap: int, lay: tuple[int, bool, int, int, int]) -> int:
        """The selected pieces' properties: id, kind, style, flags, geometry typed, their problems, the buttons."""
        scene, pool = self.scene, self.pool
        px = scene.px
        label_w, narrow, geo_y, box_h, restyle_y = lay
        sel = scene.session.selected()
        step = row + gap
        p = sel[0]

        def lab(key: str, text: str, y: int) -> None:
            pool.label(f"{key}_label", pygame.Rect(r.x, y, label_w, row), text, align="left", tip=FIELDS[key][1])
        lab("id", "Id", y)
        pool.entry("prop:id", pygame.Rect(r.x + label_w, y, r.w - label_w, row), p.id, 40, Field.ID)
        if len(sel) > 1:
            pool.disable("prop:id")
        y += row + gap
        lab("kind", "Kind", y)
        kx = r.x + label_w
        if narrow:  # a narrow panel: the kinds on rows of their own, full width
            kx, y = r.x, y + row + gap
        kw = (r.right - kx - gap) // 2
        for i, kind in enumerate(("rough", "obstacle", "impassable", "area")):
            b = pool.button(f"kind:{kind}", pygame.Rect(kx + (i % 2) * (kw + gap), y + (i // 2) * (row + gap),
                                                        kw, row), kind, KIND_RULES[kind],
                            short="impass." if kind == "impassable" else None, command=SetKind(kind))
            chosen(b, p.kind == kind)
        y += 2 * (row + gap)
        lab("style", "Style", y)
        sw = px(28)
        pool.button("style_prev", pygame.Rect(r.x + label_w, y, sw, row), "<", "Previous style",
                    command=EditAct.STYLE_PREV)
        pool.entry("prop:style", pygame.Rect(r.x + label_w + sw + gap, y, r.w - label_w - 2 * (sw + gap), row),
                   p.style or "", 30, Field.STYLE)
        pool.button("style_next", pygame.Rect(r.right - sw, y, sw, row), ">", "Next style",
                    command=EditAct.STYLE_NEXT)
        y += row + gap
        y = self._flags(r, y, row, gap, p, lab)
        y = max(y, geo_y)  # (a rare third flag row, a flag to remove, pushes the rest down)
        y = self._geometry(r, y, row, gap, label_w, lab)
        mine = [pr.message for pr in scene.session.problems() if pr.uid in scene.session.selection]
        if mine:  # the selected pieces' problems in full (the list below has one line each)
            pool.note("piece_problems", pygame.Rect(r.x, y, r.w, box_h),
                      tuple((("• ", theme.BAD, False), (m, None, False)) for m in mine))
        y = max(y + box_h + gap, restyle_y)
        label = scene.preset.label
        pool.button("restyle", pygame.Rect(r.x, y, r.w, row), f"Restyle selection: {label}",
                    f"Give the selected pieces the {label} preset's kind, look and flags (one undo step)",
                    short=f"Restyle: {label}", command=EditAct.RESTYLE)
        y += step
        bw = (r.w - 3 * gap) // 4
        for i, (key, text, tip, command) in enumerate(_PIECE_BUTTONS):
            pool.button(key, pygame.Rect(r.x + i * (bw + gap), y, bw, row), text, tip, command=command)
        return y + step

    def _geometry(self, r: pygame.Rect, y: int, row: int, gap: int, label_w: int,
                  lab: Callable[[str, str, int], None]) -> int:
        """The selection's position, size and a turn, typed (two rows of fields)."""
        x0, y0, x1, y1 = tf.bounds([p.polygon for p in self.scene.session.selected()])
        values = {Field.X: x0, Field.Y: y0, Field.W: x1 - x0, Field.H: y1 - y0, Field.ANGLE: 0.0}
        fw = (r.w - label_w - 2 * gap) // 3
        for key, text, fields in (("geo_pos", "X, Y ″", _GEOMETRY[0]), ("geo_size", "W, H, turn", _GEOMETRY[1])):
            lab(key, text, y)
            for i, field in enumerate(fields):
                self.pool.entry(f"geo:{field.name.lower()}", pygame.Rect(r.x + label_w + i * (fw + gap), y, fw, row),
                                f"{values[field]:g}", 8, field, "0123456789.-")
            y += row + gap
        return y

    def _flags(self, r: pygame.Rect, y: int, row: int, gap: int, p: Any,
               lab: Callable[[str, str, int], None]) -> int:
        """The flag rows the kind takes (a button to remove one it does not take), and the crossing cost."""
        pool = self.pool
        label_w = self.scene.px(78)
        for key, text, command in _FLAGS:
            on = bool(getattr(p, key))
            if applies(key, p.kind):
                lab(key, text, y)
                b = pool.button(f"prop:{key}", pygame.Rect(r.x + label_w, y, r.w - label_w, row),
                                "yes" if on else "no", FIELDS[key][1], command=command)
                chosen(b, on)
                y += row + gap
            elif getattr(p, key) is not None and key == "blocks_los":
                pool.button(f"fix:{key}", pygame.Rect(r.x, y, r.w, row), f"Remove blocks_los (not for {p.kind})",
                            FIELDS[key][1], command=FixField(key))
                y += row + gap
        if applies("cross_cost", p.kind):
            lab("cross_cost", "Cost ″", y)
            pool.entry("prop:cross_cost", pygame.Rect(r.x + label_w, y, r.w - label_w, row),
                       "" if p.cross_cost is None else f"{p.cross_cost:g}", 5, Field.CROSS_COST, "0123456789.")
            y += row + gap
        elif p.cross_cost is not None:
            pool.button("fix:cross_cost", pygame.Rect(r.x, y, r.w, row), f"Remove cross_cost (not for {p.kind})",
                        FIELDS["cross_cost"][1], command=FixField("cross_cost"))
            y += row + gap
        return y

    def _problems(self, r: pygame.Rect, y: int) -> None:
        """The map's problems and warnings, one button each: a click selects the piece."""
        scene = self.scene
        px = scene.px
        problems = scene.session.problems()
        warned = scene.warnings()  # validate's warnings: playable, but likely a mistake
        head = f"Problems: {len(problems)}" if problems else "No problems: the map is playable"
        if warned:
            head = f"No problems (playable) · warnings: {len(warned)}"
        self.pool.head("problems_head", pygame.Rect(r.x, y, r.w, px(22)), head)
        y += px(22)
        shown = len(problems) + len(warned)
        # in a scrolled page the whole list is laid out (the page scrolls; no scroll area inside a scroll area)
        list_h = r.bottom - y if scene.page is None else max(r.bottom - y, shown * (px(28) + px(3)) + px(4))
        if shown and list_h > px(30):
            ids = {p.uid: p.id for p in scene.session.state.pieces}
            items = [(str(i), pr.text(ids.get(pr.uid)) if pr.uid is not None else pr.text(), SelectProblem(i, False))
                     for i, pr in enumerate(problems)]
            items += [(f"w{i}", "Warning — " + pr.message, SelectProblem(i, True)) for i, pr in enumerate(warned)]
            self.problem_buttons = self._problem_list(pygame.Rect(r.x, y, r.w, list_h), items)
        else:
            self.problem_buttons = {}

    def _problem_list(self, rect: pygame.Rect,
                      items: list[tuple[str, str, SelectProblem]]) -> dict[pygame_gui.core.UIElement, str]:
        """The problems and warnings, one button each in a column that scrolls (``common.choice_list``'s look);
        the column and its buttons are kept, only their texts set when the problems change."""
        from game.ui.battle.cards import fit

        scene, pool = self.scene, self.pool
        row, gap = scene.px(28), scene.px(3)
        need = len(items) * (row + gap)
        scroll = pool.reuse("problem", pygame_gui.elements.UIScrollingContainer, rect)
        if scroll is None:
            scroll = pygame_gui.elements.UIScrollingContainer(rect, scene.manager, container=common.parent(scene),
                                                              allow_scroll_x=False)
            scene.widgets["problem"] = scroll
            pool.made("problem", scroll)
        width = rect.width - (scene.px(20) if need > rect.height else 0) - 2
        area = (width, max(need, rect.height - 2))
        pool.set_area(scroll, area)
        outer, scene.page = scene.page, scroll
        out: dict[pygame_gui.core.UIElement, str] = {}
        try:
            for i, (item, text, command) in enumerate(items):
                key = f"problem:{item}"
                new = key not in pool.pool
                text = theme.drawable(text, common.TIP_CAP, lines=False)
                shown = fit(text, scene.px(14), width - 24)  # a long text shortened to its button, whole in the tip
                b = pool.button(key, pygame.Rect(0, i * (row + gap), width, row), shown, text, command=command)
                if new:  # problems in red, warnings in amber
                    b.colours["normal_text"] = pygame.Color(theme.ACCENT if command.warning else theme.BAD)
                    b.rebuild()
                out[b] = item
        finally:
            scene.page = outer
        return out
