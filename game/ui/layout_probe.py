"""What was drawn where in the last frame, and what is wrong with the layout: for the layout test and the tour.

Text the scenes draw themselves (banners, the dice tray, labels on the table) is noted here with the
box it must stay inside, and every base with its disc, while a probe is on; the widgets pygame_gui
draws are read from the manager. ``problems`` then names each widget outside the window or its
panel, each text wider than its box (measured with the widget's own font) or cut with "…", each label
over a base, and each of the top scene's main actions (MAIN_ACTIONS, the big buttons, a battle's
question and first answer) that is not whole in sight without scrolling (a battle's hint below its
question may scroll).
Off (the default) ``note`` costs one test of a global.
"""

from __future__ import annotations

from dataclasses import dataclass
from fnmatch import fnmatch

import pygame
import pygame_gui


@dataclass(frozen=True)
class Drawn:
    """One thing drawn: text (``box`` is where it must fit), a label on the table, or a base (``rect`` its
    disc's box; ``radius`` its radius)."""

    kind: str  # "text" | "label" | "base"
    rect: pygame.Rect
    box: pygame.Rect | None = None
    text: str = ""
    owner: str = ""
    radius: float = 0.0


_frame: list[Drawn] | None = None


def start() -> None:
    """Record from now on (the app clears the record at the start of each frame's drawing)."""
    global _frame
    _frame = []


def stop() -> None:
    global _frame
    _frame = None


def begin_frame() -> None:
    if _frame is not None:
        _frame.clear()


def note(kind: str, rect: pygame.Rect | tuple, box: pygame.Rect | None = None, text: str = "", owner: str = "",
         radius: float = 0.0) -> None:
    if _frame is not None:
        _frame.append(Drawn(kind, pygame.Rect(rect), None if box is None else pygame.Rect(box), text, owner,
                            radius))


def drawn() -> list[Drawn]:
    return list(_frame or ())


# -- the checks -----------------------------------------------------------------------------------------

SLACK = 1  # pixels of rounding allowed
# each scene's main actions (keys of its ``widgets``, shell patterns) besides its "@big_button" buttons: in
# sight without scrolling at every size and scale. Keys a scene does not have at the moment are skipped.
MAIN_ACTIONS = {
    "SetupScene": ("start", "back"),
    "SettingsScene": ("back",),
    "ResultsScene": ("menu", "rematch", "rematch_new", "save"),
    "CampaignScene": ("play", "menu", "edit:0", "edit:1"),
    "CampaignMenuScene": ("start", "resume", "back"),
    "LoadScene": ("open", "watch", "back"),
    "RulesScene": ("close", "back"),
    "HelpOverlay": ("close",),
    "LogView": ("close",),
    "MaintenanceSummary": ("continue",),
    "HandoffScene": ("ready",),
    "SaveAsScene": ("save", "cancel"),
    "ReplayScene": ("turn_back", "act_back", "act_fwd", "turn_fwd", "step_back", "play", "step_fwd"),
    "RosterScene": ("close",),
    "TraitPicker": ("take", "close"),
    "TrialScene": ("close",),
    "OpenDialog": ("open", "cancel"),
    "NameDialog": ("ok", "cancel"),
    "ConfirmDialog": ("answer:*",),
}
# captions that end in "…" by design (it opens a dialog, the list below goes on), not a text cut short
DESIGNED_ENDINGS = ("Save…", "Save as…", "Open…", "Add trait…", "Filter traits…", " against…")


def _inside(inner: pygame.Rect, outer: pygame.Rect) -> bool:
    return outer.inflate(2 * SLACK, 2 * SLACK).contains(inner)


def _disc_hits(rect: pygame.Rect, centre: tuple[int, int], radius: float) -> bool:
    """Does the rectangle cover part of the disc (more than a pixel's rounding)?"""
    nx = min(max(centre[0], rect.left), rect.right)
    ny = min(max(centre[1], rect.top), rect.bottom)
    return (nx - centre[0]) ** 2 + (ny - centre[1]) ** 2 < (radius - SLACK) ** 2


def widget_problems(manager: pygame_gui.UIManager, window: pygame.Rect) -> list[str]:
    """Each visible widget inside the window and its container; a button's or label's text inside it."""
    out: list[str] = []
    elements = [e for e in manager.get_sprite_group().sprites() if isinstance(e, pygame_gui.core.UIElement)]
    # a scrolled page's content may lie beyond the window (a scroll away): it is checked against the page
    pages = {id(e.scrollable_container): e for e in elements if isinstance(e, pygame_gui.elements.UIScrollingContainer)}
    parts = set()  # pygame_gui's own parts of scroll bars (arrows drawn as shapes)
    for e in elements:
        if isinstance(e, pygame_gui.elements.UIVerticalScrollBar | pygame_gui.elements.UIHorizontalScrollBar):
            parts |= {id(getattr(e, k, None)) for k in ("top_button", "bottom_button", "left_button", "right_button",
                                                       "sliding_button", "button_container")}
    root = manager.get_root_container()
    for el in elements:
        if not el.alive() or not el.visible or isinstance(el, pygame_gui.elements.UITooltip) or id(el) in parts:
            continue
        name = f"{type(el).__name__} {getattr(el, 'text', '')!r}".strip()
        scrolled = _on_page(el, pages)
        if id(el) in pages:
            page = pages[id(el)]
            if not page.allow_scroll_x and el.rect.width > page.rect.width + SLACK:
                out.append(f"a page {el.rect.width} px wide scrolls only up and down in {page.rect.width}")
            continue
        if not scrolled and not _inside(el.rect, window):
            out.append(f"{name} at {tuple(el.rect)} is outside the window {tuple(window)}")
        box = el.ui_container
        if box is not None and box is not root and not _inside(el.rect, box.get_rect()):
            out.append(f"{name} at {tuple(el.rect)} is outside its panel {tuple(box.get_rect())}")
        out += _text_problems(el, name)
    return out


def _text_problems(el, name: str) -> list[str]:
    """A button's or label's text that does not fit its box, or is cut with no tip."""
    out: list[str] = []
    text = getattr(el, "text", None)
    font = getattr(el, "font", None)
    if isinstance(el, pygame_gui.elements.UIButton | pygame_gui.elements.UILabel) and text and font is not None:
        w, h = font.size(text)
        if w > el.rect.width - 6:  # (a border and a shadow each side)
            out.append(f"{name}: text {w} px wide in a box of {el.rect.width - 6}")
        if h > el.rect.height:
            out.append(f"{name}: text {h} px tall in a box of {el.rect.height}")
        if _cut(text) and not getattr(el, "tool_tip_text", None):  # (a name shortened keeps the whole in its tip)
            out.append(f"{name}: text cut with '…' and no tip with the whole of it")
    return out


def _cut(text: str) -> bool:
    text = text.strip()  # (" …" after a space: more follows, as a plan menu's step with further choices)
    return text.endswith("…") and not text.endswith(DESIGNED_ENDINGS) and not text.endswith(" …")


def hidden(el) -> str | None:
    """Why a widget is not whole in sight without scrolling (None when it is): not shown, or reaching out of a
    container it is in (a scrolling page's or list's view, a panel) or out of the window."""
    if not el.alive() or not el.visible:
        return "not shown"
    window = el.ui_manager.get_root_container().get_rect()
    if not _inside(el.rect, window):
        return f"at {tuple(el.rect)}, outside the window {tuple(window)}"
    box = el.ui_container
    while box is not None:
        if not _inside(el.rect, box.get_rect()):
            return f"at {tuple(el.rect)}, outside the part of its container in sight {tuple(box.get_rect())}"
        box = box.ui_container if box.ui_container is not box else None
    return None


def main_actions(scene) -> dict[str, object]:
    """The scene's main actions: its "@big_button" buttons, the keys MAIN_ACTIONS names for it and, in a
    battle, the question and its first answer."""
    widgets = getattr(scene, "widgets", None) or {}
    patterns = MAIN_ACTIONS.get(type(scene).__name__, ())
    out: dict[str, object] = {}
    for key, el in widgets.items():
        if not isinstance(el, pygame_gui.core.UIElement):
            continue
        big = isinstance(el, pygame_gui.elements.UIButton) and "@big_button" in el.get_class_ids()
        if big or any(fnmatch(key, p) for p in patterns):
            out[key] = el
    panel = getattr(scene, "panel", None)
    if panel is not None and getattr(panel, "option_buttons", None):
        out["first answer"] = panel.option_buttons[0][0]
    return out


def main_action_problems(scene) -> list[str]:
    """Each main action of ``scene`` that is not whole in sight without scrolling; in a battle, a question
    that needs scrolling to be read."""
    out = []
    for key, el in main_actions(scene).items():
        why = hidden(el)
        if why is not None:
            out.append(f"main action {key!r} ({getattr(el, 'text', '')!r}) is not in sight: {why}")
    panel = getattr(scene, "panel", None)
    if panel is not None and getattr(panel, "box", None) is not None:
        from game.ui.battle.prompt_panel import question_cut

        if question_cut(panel):
            out.append("the question is not whole in its box (the prompt is cut)")
    return out


def _on_page(el, pages: dict) -> bool:
    box = el.ui_container
    while box is not None:
        if id(box) in pages:
            return True
        box = box.ui_container if box.ui_container is not box else None
    return False


def drawn_problems(window: pygame.Rect, items: list[Drawn] | None = None) -> list[str]:
    """Noted text inside its box and the window; no label on the table over a base."""
    items = drawn() if items is None else items
    out: list[str] = []
    bases = [d for d in items if d.kind == "base"]
    for d in items:
        if d.kind == "base":
            continue
        if not _inside(d.rect, window):
            out.append(f"{d.owner} {d.text!r} at {tuple(d.rect)} is outside the window")
        if d.box is not None and not _inside(d.rect, d.box):
            out.append(f"{d.owner} {d.text!r} at {tuple(d.rect)} is outside its box {tuple(d.box)}")
        if d.kind == "text" and _cut(d.text):
            out.append(f"{d.owner} {d.text!r} is cut with '…'")
        if d.kind == "label":
            for b in bases:
                if b.owner != d.owner.split(":", 1)[-1] and _disc_hits(d.rect, b.rect.center, b.radius):
                    out.append(f"{d.owner} {d.text!r} at {tuple(d.rect)} covers the base of {b.owner}")
    return out


def problems(app) -> list[str]:
    """Everything wrong with the frame the app last drew (the probe must have been on)."""
    window = pygame.Rect((0, 0), app.size)
    top = getattr(app, "top", None)
    return widget_problems(app.manager, window) + drawn_problems(window) \
        + (main_action_problems(top) if top is not None else [])
