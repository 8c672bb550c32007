"""Issue #33, the map editor's rough edges, each shown by posted input."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui.app import App
from tests.ui.driver import click, menu_app, press, type_text
from tests.ui.test_editor import at, ctrl, drag


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    return menu_app(tmp_path, monkeypatch)


def editor(app: App):
    click(app, app.top.widgets["editor"])
    return app.top


def test_a_preset_picks_the_tool_and_restyling_is_a_labelled_undoable_action(app: App) -> None:
    ed = editor(app)
    s = ed.session
    click(app, ed.widgets["preset:forest"])
    for p in ((4, 4), (10, 4), (10, 10)):
        click(app, at(app, *p))
    press(app, pygame.K_RETURN)
    forest = s.state.pieces[-1]
    click(app, ed.widgets["tool:select"])
    click(app, at(app, 8, 6))
    assert s.selection == {forest.uid}

    click(app, ed.widgets["preset:hedge"])  # picks the hedge to draw; the forest stays a forest
    assert ed.tool == "wall" and s.state.get(forest.uid).style == "forest"
    assert "hedge" in ed.status_text.lower()
    for p in ((20, 20), (26, 20)):  # and table clicks draw
        click(app, at(app, *p))
    press(app, pygame.K_RETURN)
    assert len(s.state.pieces) == 2 and s.state.pieces[-1].style == "hedge"

    click(app, ed.widgets["tool:select"])
    click(app, at(app, 8, 6))
    assert "restyle" in ed.widgets and "Hedge" in ed.widgets["restyle"].text
    click(app, ed.widgets["restyle"])
    assert (s.state.get(forest.uid).style, s.state.get(forest.uid).kind) == ("hedge", "obstacle")
    assert "restyled 1 piece(s) as Hedge" in ed.status_text
    ctrl(app, pygame.K_z)  # one undo step
    assert s.state.get(forest.uid).style == "forest" and len(s.state.pieces) == 2


def test_a_wall_or_river_drawn_over_the_edge_is_cut_at_the_table_edge(app: App) -> None:
    ed = editor(app)
    s = ed.session
    click(app, ed.widgets["preset:river"])
    below = min(38.0, ed.cam.to_inches((0, ed.table_rect.bottom - 3))[1])  # the margin the window shows
    left = max(-3.0, ed.cam.to_inches((ed.table_rect.x + 3, 0))[0])
    assert below > 36.5 and left < -0.5
    for p in ((left, 10), (12, 10), (12, below)):  # starts and ends off the table
        click(app, at(app, *p))
    press(app, pygame.K_RETURN)
    river = s.state.pieces[-1]
    assert river.style == "river"
    assert all(0 <= x <= 36 and 0 <= y <= 36 for x, y in river.polygon)
    xs = [x for x, _ in river.polygon]
    ys = [y for _, y in river.polygon]
    assert min(xs) == 0 and max(ys) == 36  # it ends on the edges
    assert not [p for p in s.problems() if "off the table" in p.message]
    click(app, ed.widgets["preset:wall"])  # a wall that goes out and comes back: two pieces on the table
    right = min(37.0, ed.cam.to_inches((ed.table_rect.right - 3, 0))[0])
    for p in ((30, 30), (right, 30), (right, 33), (30, 33)):
        click(app, at(app, *p))
    press(app, pygame.K_RETURN)
    walls = [p for p in s.state.pieces if p.style == "wall"]
    assert len(walls) == 2 and all(0 <= x <= 36 and 0 <= y <= 36 for w in walls for x, y in w.polygon)


def _typed(app: App, widget, text: str) -> None:
    """Type into a field without pressing Enter."""
    click(app, widget)
    for _ in range(len(widget.get_text()) + 2):
        press(app, pygame.K_BACKSPACE)
    type_text(app, text)


def test_text_fields_commit_on_tab_on_a_click_elsewhere_and_on_save(app: App, tmp_path: Path) -> None:
    ed = editor(app)
    s = ed.session
    _typed(app, ed.widgets["name"], "Tabbed Field")
    press(app, pygame.K_TAB)  # Tab: committed, and the description has the focus
    assert s.state.name == "Tabbed Field"
    assert ed.widgets["description"].is_focused
    type_text(app, "two hills")
    click(app, ed.widgets["tool:rect"])  # a click on a button elsewhere
    assert s.state.description == "two hills" and ed.tool == "rect"
    _typed(app, ed.widgets["name"], "Saved Field")
    ctrl(app, pygame.K_s)  # Ctrl+S while typing: the name goes into the file
    assert s.state.name == "Saved Field" and not s.dirty
    assert (tmp_path / "mods" / "maps" / "saved_field.yaml").exists()
    _typed(app, ed.widgets["name"], "Clicked Field")
    click(app, at(app, 30, 30))  # a click on the table
    assert s.state.name == "Clicked Field"
    press(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)  # nothing focused: Tab is no text field's business


def test_save_as_asks_for_the_name_and_validate_and_open_warn_about_two_maps_with_one_name(
        app: App, tmp_path: Path) -> None:
    from game.content.validate import check_paths

    ed = editor(app)
    s = ed.session
    click(app, ed.widgets["preset:building"])
    drag(app, at(app, 6, 6), at(app, 10, 9))
    _typed(app, ed.widgets["name"], "Hill Fort")
    ctrl(app, pygame.K_s)
    first = s.path
    click(app, ed.widgets["save_as"])
    dialog = app.top
    assert dialog.name == "editor_save_as" and dialog.widgets["name"].get_text() == "Hill Fort"
    assert "another map is already named so" in dialog.note.text  # the one just saved
    for _ in range(12):
        press(app, pygame.K_BACKSPACE)
    type_text(app, "Hill Keep")
    assert "hill_keep.yaml" in dialog.note.text and "already named" not in dialog.note.text
    press(app, pygame.K_RETURN)
    assert app.top is ed and s.state.name == "Hill Keep" and s.path.name == "hill_keep.yaml" and not s.dirty
    assert first.exists() and s.path != first

    click(app, ed.widgets["save_as"])  # the same name again: saved (a new file), but validate and Open warn
    press(app, pygame.K_RETURN)
    twin = s.path
    assert twin.name == "hill_keep_2.yaml"
    results = check_paths([str(tmp_path / "mods" / "maps")])
    warned = {Path(r.file).name for r in results if any("also named 'Hill Keep'" in w.message for w in r.warnings)}
    assert warned == {"hill_keep.yaml", "hill_keep_2.yaml"}
    click(app, ed.widgets["open"])
    opener = app.top
    texts = [t for _k, _p, t in opener.items if t.startswith("Hill Keep")]
    assert len(texts) == 2 and all("ANOTHER MAP HAS THIS NAME" in t for t in texts)
    press(app, pygame.K_ESCAPE)


def test_esc_clears_the_tool_and_the_overlays_first_and_leaving_takes_a_second_esc(app: App) -> None:
    ed = editor(app)
    click(app, ed.widgets["tool:sight"])
    click(app, at(app, 18, 18))
    assert ed.sight_at is not None
    press(app, pygame.K_ESCAPE)  # the overlay goes; the editor stays
    assert app.top is ed and ed.sight_at is None and ed.tool == "sight"
    press(app, pygame.K_ESCAPE)  # the tool goes
    assert app.top is ed and ed.tool == "select"
    click(app, ed.widgets["encounter"])
    press(app, pygame.K_ESCAPE)
    assert app.top is ed and ed.encounter is None
    press(app, pygame.K_ESCAPE)  # nothing left to clear: asked for a second Esc
    assert app.top is ed and "Esc again" in ed.status_text
    press(app, pygame.K_v)  # anything else in between disarms it
    press(app, pygame.K_ESCAPE)
    assert app.top is ed
    press(app, pygame.K_ESCAPE)
    assert app.top is not ed and app.top.name == "menu"


def test_sight_and_route_say_on_the_table_that_pieces_with_problems_were_left_out(app: App) -> None:
    ed = editor(app)
    s = ed.session
    click(app, ed.widgets["preset:building"])
    drag(app, at(app, 16, 10), at(app, 20, 26))
    house = s.state.pieces[-1]
    click(app, ed.widgets["tool:sight"])
    click(app, at(app, 8, 18))
    assert ed.sight_at is not None and not ed.overlay_notes
    click(app, ed.widgets["tool:select"])
    click(app, at(app, 18, 18))
    drag(app, at(app, 20, 26), at(app, 20, 37))  # a corner dragged off the table
    assert any(p.uid == house.uid for p in s.problems())
    click(app, ed.widgets["tool:sight"])
    click(app, at(app, 8, 18))
    assert any(n.startswith("sight ignores 1 piece(s) with problems: building") for n in ed.overlay_notes)
    click(app, ed.widgets["tool:route"])
    drag(app, at(app, 8, 4), at(app, 30, 30))
    assert any(n.startswith("route ignores 1 piece(s)") for n in ed.overlay_notes)


def test_buttons_keep_their_places_through_a_mirror_preview_and_a_change_of_kind(app: App) -> None:
    ed = editor(app)
    s = ed.session
    click(app, ed.widgets["preset:building"])
    drag(app, at(app, 6, 6), at(app, 10, 9))
    click(app, ed.widgets["tool:select"])
    click(app, at(app, 8, 8))

    def places() -> dict[str, tuple]:
        return {k: tuple(w.rect) for k, w in ed.widgets.items() if k in (
            "mirror_sel", "mirror_all", "mirror_copy", "symmetric", "axis",
            "problems_head", "restyle", "delete", "front", "prop:style")}

    before = places()
    assert "apply_mirror" not in ed.widgets
    click(app, ed.widgets["mirror_copy"])  # Apply and Cancel float over the table's edge
    assert ed.pending is not None and ed.table_rect.contains(ed.widgets["apply_mirror"].rect)
    assert places() == before
    click(app, ed.widgets["cancel_mirror"])
    assert ed.pending is None and places() == before
    for kind in ("obstacle", "rough", "area", "impassable"):  # the kind changes which flags are shown
        click(app, ed.widgets[f"kind:{kind}"])
        assert s.selected()[0].kind == kind
        assert places() == before, kind


def test_overlapping_pieces_are_warned_of_live_apart_from_problems(app: App) -> None:
    ed = editor(app)
    s = ed.session
    click(app, ed.widgets["preset:forest"])
    for p in ((4, 4), (12, 4), (12, 12), (4, 12)):
        click(app, at(app, *p))
    press(app, pygame.K_RETURN)
    assert ed.widgets["problems_head"].text == "No problems: the map is playable"
    click(app, ed.widgets["preset:building"])
    drag(app, at(app, 10, 10), at(app, 16, 16))  # overlaps the forest: validate warns
    assert not s.problems() and len(s.warnings()) == 1
    assert ed.widgets["problems_head"].text == "No problems (playable) · warnings: 1"
    assert "1 warning(s)" in ed.status_text
    button = ed.widgets["problem:w0"]
    assert button.text.startswith("Warning — ") and "overlaps" in button.tool_tip_text
    click(app, button)
    assert s.selection == {s.state.pieces[-1].uid}


def test_problems_are_worded_for_map_makers_one_entry_per_fault_with_the_place_ringed(app: App) -> None:
    from game.editor.problems import check

    ed = editor(app)
    s = ed.session
    click(app, ed.widgets["preset:building"])
    drag(app, at(app, 10, 10), at(app, 16, 16))
    house = s.state.pieces[-1]
    click(app, ed.widgets["tool:select"])
    click(app, at(app, 13, 13))
    drag(app, at(app, 16, 16), at(app, 16, 37))  # one corner off the table
    drag(app, at(app, 16, 10), at(app, 37, 10))  # and another: still one entry
    mine = [p for p in s.problems() if p.uid == house.uid]
    assert len(mine) == 1 and mine[0].message.startswith("2 corners lie off the table")
    assert "0." not in mine[0].message and len(mine[0].spots) == 2
    ctrl(app, pygame.K_z)
    ctrl(app, pygame.K_z)
    assert not s.problems()
    # a twist: corner 1 dragged across, the ring on the crossing, not on a corner
    drag(app, at(app, 16, 10), at(app, 13, 20))
    cross = [p for p in s.problems() if "crosses itself" in p.message]
    assert len(cross) == 1 and "edges" not in cross[0].message
    spot = cross[0].spots[0]
    assert spot not in s.state.get(house.uid).polygon and 10 <= spot[0] <= 16 and 10 <= spot[1] <= 18
    ctrl(app, pygame.K_z)
    # a repeated id is told on the piece being renamed (the earlier one here), not on the other
    click(app, ed.widgets["preset:forest"])
    for p in ((24, 24), (30, 24), (30, 30)):
        click(app, at(app, *p))
    press(app, pygame.K_RETURN)
    forest = s.state.pieces[-1]
    click(app, ed.widgets["tool:select"])
    click(app, at(app, 13, 13))
    assert s.selection == {house.uid}
    from tests.ui.test_editor import retype

    retype(app, ed.widgets["prop:id"], forest.id)
    dup = [p for p in s.problems() if "already named" in p.message]
    assert len(dup) == 1 and dup[0].uid == house.uid
    assert [p.uid for p in check(s.state) if "already named" in p.message] == [forest.uid]  # none selected


def test_a_double_click_just_outside_an_edge_adds_a_corner(app: App) -> None:
    ed = editor(app)
    s = ed.session
    click(app, ed.widgets["preset:building"])
    drag(app, at(app, 10, 10), at(app, 16, 16))
    house = s.state.pieces[-1]
    click(app, ed.widgets["tool:select"])
    click(app, at(app, 13, 13))
    x, y = at(app, 13, 10)
    outside = (x, y - 4)  # 4 px above the top edge
    click(app, outside)
    assert s.selection == {house.uid}
    click(app, outside)
    assert len(s.state.get(house.uid).polygon) == 5
    far = (x, y - 40)
    click(app, far)
    assert not s.selection


def test_recovered_work_is_offered_keep_or_discard_with_its_undo_history(app: App, tmp_path: Path) -> None:
    from game.ui.scenes.editor import EditorScene
    from tests.ui.driver import frames

    ed = editor(app)
    click(app, ed.widgets["preset:pond"])
    drag(app, at(app, 10, 10), at(app, 16, 14))
    click(app, ed.widgets["preset:building"])
    drag(app, at(app, 20, 20), at(app, 24, 24))
    frames(app, 200)  # autosaved
    assert (tmp_path / "mods" / "editor" / "autosave.yaml").exists()
    assert (tmp_path / "mods" / "editor" / "autosave_history.json").exists()

    # a crash: a new editor offers the work back, with its undo steps
    again = app.push(EditorScene(app))
    frames(app, 2)
    dialog = app.top
    assert dialog.name == "editor_confirm" and "2 undo step(s)" in dialog.text
    click(app, dialog.widgets["answer:keep"])
    assert app.top is again and len(again.session.state.pieces) == 2 and again.session.dirty
    ctrl(app, pygame.K_z)
    assert len(again.session.state.pieces) == 1
    ctrl(app, pygame.K_z)
    assert len(again.session.state.pieces) == 0
    ctrl(app, pygame.K_y)
    assert len(again.session.state.pieces) == 1

    third = app.push(EditorScene(app))  # and discarding it starts a new map and forgets the autosave
    frames(app, 2)
    click(app, app.top.widgets["answer:discard"])
    assert app.top is third and not third.session.state.pieces
    assert not (tmp_path / "mods" / "editor" / "autosave.yaml").exists()
    assert not (tmp_path / "mods" / "editor" / "autosave_history.json").exists()


def test_mirror_copy_of_the_whole_map_leaves_pieces_that_have_a_twin_and_previews_differ(app: App) -> None:
    from game.editor import commands as cmd

    ed = editor(app)
    s = ed.session
    click(app, ed.widgets["preset:building"])
    drag(app, at(app, 4, 4), at(app, 8, 8))
    click(app, ed.widgets["preset:pond"])
    drag(app, at(app, 16, 20), at(app, 20, 24))  # across the axis: its own mirror image
    click(app, ed.widgets["tool:select"])
    click(app, at(app, 30, 30))  # nothing selected: Mirror copy is of the whole map
    click(app, ed.widgets["mirror_copy"])
    press(app, pygame.K_RETURN)
    assert len(s.state.pieces) == 3  # the house got a twin; the pond did not get a copy on top of itself
    click(app, ed.widgets["mirror_copy"])  # again: every piece has its twin now, nothing is added
    press(app, pygame.K_RETURN)
    assert len(s.state.pieces) == 3 and "left alone" in ed.status_text

    # the two previews differ: a copy's new pieces in green, a mirror's moved pieces in blue
    surf = pygame.Surface((1000, 650))
    from game.ui.scenes import editor_view as view

    def drawn(pending) -> set:
        surf.fill((0, 0, 0))
        view.draw_preview(surf, pending.result(s.state), s.state, ed.cam, pending.copy, pending.axis)
        return {tuple(surf.get_at((x, y)))[:3] for x in range(0, 1000, 3) for y in range(0, 650, 3)}

    house = s.state.pieces[0].uid
    copy_colours = drawn(cmd.Mirror([house], "horizontal", copy=True))
    move_colours = drawn(cmd.Mirror([house], "horizontal"))
    assert view.PREVIEW_NEW in copy_colours and view.PREVIEW_NEW not in move_colours
    assert view.PREVIEW in move_colours and view.PREVIEW not in copy_colours


def test_drags_show_their_numbers_and_position_size_and_turn_can_be_typed(app: App) -> None:
    from tests.ui.driver import frames

    ed = editor(app)
    s = ed.session
    click(app, ed.widgets["preset:building"])
    drag(app, at(app, 10, 10), at(app, 14, 12))
    house = s.state.pieces[-1].uid
    click(app, ed.widgets["tool:select"])
    click(app, at(app, 12, 11))
    seen = []
    a, b = at(app, 12, 11), at(app, 15, 13)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0)))
    frames(app, 1)
    seen.append(ed.readout)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    frames(app, 2)
    assert seen[0].startswith("at 13.00″, 12.00″ (moved +3.00″, +2.00″)")
    assert s.state.get(house).bounds == (13, 12, 17, 14)
    h = ed.table_mouse.handles()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=h["scale_se"], button=1))
    frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(h["scale_se"][0] + 40, h["scale_se"][1]),
                                         rel=(0, 0), buttons=(1, 0, 0)))
    frames(app, 1)
    assert "″ × 2.00″" in ed.readout
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(h["scale_se"][0] + 40, h["scale_se"][1]),
                                         button=1))
    frames(app, 2)
    ctrl(app, pygame.K_z)

    # typed: x, y, width, height, a turn; each one undo step
    from tests.ui.test_editor import retype

    retype(app, ed.widgets["geo:x"], "20")
    retype(app, ed.widgets["geo:y"], "5")
    assert s.state.get(house).bounds == (20, 5, 24, 7)
    retype(app, ed.widgets["geo:w"], "6")
    retype(app, ed.widgets["geo:h"], "3")
    assert s.state.get(house).bounds == (20, 5, 26, 8)
    retype(app, ed.widgets["geo:angle"], "90")
    x0, y0, x1, y1 = s.state.get(house).bounds
    assert (round(x1 - x0, 3), round(y1 - y0, 3)) == (3, 6) and ed.widgets["geo:angle"].get_text() == "0"
    click(app, (ed.status_rect.right - 4, ed.status_rect.centery))  # out of the field
    ctrl(app, pygame.K_z)
    assert s.state.get(house).bounds == (20, 5, 26, 8)


def test_f1_shows_the_editors_own_help_and_unsaved_changes_use_the_shared_dialog(app: App) -> None:
    from game.ui import unsaved_dialog

    ed = editor(app)
    press(app, pygame.K_F1)
    helper = app.top
    assert helper.name == "help" and helper.notes is ed.HELP_NOTES and helper.widgets["title"].text == \
        "Map editor controls"
    drawn = []
    helper._draw_badges = lambda *a: drawn.append("badges") or True  # the battle's badges are not drawn
    from tests.ui.driver import frames

    frames(app, 2)
    assert not drawn
    press(app, pygame.K_ESCAPE)
    click(app, ed.widgets["preset:pond"])
    drag(app, at(app, 10, 10), at(app, 16, 14))
    click(app, ed.widgets["menu"])
    dialog = app.top
    assert isinstance(dialog, unsaved_dialog.UnsavedChangesDialog)
    assert [dialog.widgets[f"answer:{k}"].text for k, _ in unsaved_dialog.ANSWERS] == \
        ["Save", "Discard changes", "Keep editing"]
    press(app, pygame.K_ESCAPE)  # Esc keeps editing
    assert app.top is ed


def test_rulers_stay_in_the_tables_view_when_zoomed_in_and_out_of_the_panels(app: App) -> None:
    from game.ui import theme
    from tests.ui.driver import frames, resize

    resize(app, 1000, 650)
    ed = editor(app)
    frames(app, 2)
    t = ed.table_rect

    def muted(rect) -> int:
        surf = app.window
        return sum(1 for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
                   if tuple(surf.get_at((x, y)))[:3] == theme.MUTED)

    strip = pygame.Rect(t.x, t.y, t.w, 40)
    assert muted(strip) > 20
    left_of_table = pygame.Rect(t.x - 8, t.y, 8, t.h)  # the tool panel's edge: no ruler number runs into it
    assert muted(left_of_table) == 0
    for _ in range(10):  # zoomed in on the middle of the table: the table's edges are out of view
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=t.center, rel=(0, 0), buttons=(0, 0, 0)))
        frames(app, 1)
    assert ed.cam.to_px((0, 0))[1] < t.y
    assert muted(strip) > 20  # the rulers are still there, on the view's edge


def test_at_150_percent_the_problems_list_is_not_a_scroll_area_inside_the_scrolled_panel(app: App) -> None:
    from game.editor import commands as cmd
    from game.editor.document import Piece, rectangle
    from game.ui.scenes.editor import EditorScene
    from tests.ui.driver import frames, resize

    app.set_ui_scale(1.5)
    resize(app, 1000, 650)
    ed = app.push(EditorScene(app))
    frames(app, 2)
    pieces = [Piece(f"p{k}", "rough", rectangle((2 + 5 * k, 30), (6 + 5 * k, 38))) for k in range(6)]  # off the table
    ed.session.do(cmd.AddPieces(pieces))
    click(app, ed.widgets["tab:props"])
    frames(app, 2)
    assert len(ed.session.problems()) == 6 and "page:_build_right" in ed.widgets
    inner = ed.widgets["problem"]
    # every entry laid out inside the list's own rect: only the page scrolls, not the list within it
    assert ed.widgets["problem:5"].rect.bottom <= inner.rect.bottom and inner.rect.h >= 6 * 42
    assert all(f"problem:{k}" in ed.widgets for k in range(6))


def test_the_finished_sight_shading_is_smoothed_not_blocky(app: App) -> None:
    from tests.ui.driver import frames

    ed = editor(app)
    click(app, ed.widgets["preset:building"])
    drag(app, at(app, 14, 10), at(app, 22, 26))
    click(app, ed.widgets["tool:sight"])
    click(app, at(app, 6, 18))
    for _ in range(200):
        if ed.sight.done:
            break
        frames(app, 1)
    frames(app, 2)
    assert ed.sight.done
    image = ed.drawing.sight_view.scaled[1]
    w = image.get_width()
    row = {tuple(image.get_at((x, w // 2))) for x in range(w)}
    cells = {tuple(image.get_at((x, w // 2))) for x in range(0, w, max(1, w // 36))}
    assert len(row) > len(cells) + 3  # blended steps between the cells' own colours


def test_at_1000x650_piece_names_never_overlap_and_the_status_line_fits(app: App) -> None:
    from game.paths import MAPS_DIR
    from game.ui import theme
    from game.ui.scenes import editor_view as view
    from tests.ui.driver import frames, resize

    resize(app, 1000, 650)
    ed = editor(app)
    ed.open_path(MAPS_DIR / "village_ruins.yaml")  # a long path in the status line
    frames(app, 2)
    placed, hidden = view.place_piece_labels(ed.session.state.pieces, ed.cam, view.label_font(ed.cam), ed.table_rect)
    boxes = [box for _uid, _t, box in placed]
    assert {u for u, _t, _b in placed} | hidden == {p.uid for p in ed.session.state.pieces}
    assert all(not a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
    assert all(ed.table_rect.contains(b) for b in boxes)
    assert theme.font(ed.px(12)).size(ed.status_text)[0] <= ed.status_rect.w
    assert "village_ruins.yaml" in ed.status_text or "shipped" in ed.status_text


def test_selecting_pieces_sets_the_panel_widgets_and_makes_none_anew(app: App) -> None:
    ed = editor(app)
    s = ed.session
    click(app, ed.widgets["preset:building"])
    drag(app, at(app, 4, 4), at(app, 10, 10))
    drag(app, at(app, 20, 20), at(app, 26, 24))
    a, b = s.state.pieces[-2], s.state.pieces[-1]
    click(app, ed.widgets["tool:select"])
    click(app, at(app, 7, 7))
    assert s.selection == {a.uid}
    made = dict(ed.widgets)
    click(app, at(app, 23, 22))
    assert s.selection == {b.uid}
    assert all(ed.widgets[k] is el for k, el in made.items() if k in ed.widgets)  # the same widgets, set anew
    assert ed.widgets["prop:id"].get_text() == b.id and ed.widgets["geo:x"].get_text() == "20"
    click(app, at(app, 33, 33))  # nothing selected: the properties hidden, kept for the next selection
    assert "prop:id" not in ed.widgets and not made["prop:id"].visible and made["prop:id"].alive()
    click(app, at(app, 7, 7))
    assert ed.widgets["prop:id"] is made["prop:id"] and made["prop:id"].visible
