"""The party builder driven by posted events, as a player would: from the main menu, build the book's Northmen
Raiding Party from nothing to the costs of errata.md, break a rule and see it with its rule ID, fix it, save,
export the roster card, pick the party in the battle set-up and play it against the AI to the results."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.ai.registry import make
from game.cli import party_check
from game.ui.app import App
from game.ui.scenes import common
from tests.builder.test_model import ERRATA_COSTS, NORTHMEN
from tests.ui.driver import click, frames, menu_app, play_out, press, type_text


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    return menu_app(tmp_path, monkeypatch)


def shown(app: App, el: pygame_gui.core.UIElement) -> None:
    """Scroll the scrolling panel that holds ``el`` until ``el`` is in view (by its scroll bar, as a drag
    would: the dummy video driver keeps no mouse position for the wheel's hover test)."""
    scroll = next((s for s in app.top.widgets.values() if isinstance(s, pygame_gui.elements.UIScrollingContainer)
                   and s.get_container() is el.ui_container), None)
    if scroll is None or scroll.vert_scroll_bar is None:
        return
    bar = scroll.vert_scroll_bar
    for _ in range(60):
        view = scroll.get_abs_rect()
        if view.contains(el.get_abs_rect()):
            return
        down = el.get_abs_rect().bottom > view.bottom
        bar.set_scroll_from_start_percentage(max(0.0, min(1.0, bar.start_percentage + (0.05 if down else -0.05))))
        frames(app, 2)
    raise AssertionError(f"could not scroll {el} into view")


def press_widget(app: App, key: str) -> None:
    """Click a widget, or a control the builder draws (its steppers, types, skills, models, problems)."""
    top = app.top
    if key not in top.widgets and hasattr(top, "point_of"):
        pos = top.point_of(key)
        assert pos is not None, f"{key} is not shown"
        view = next(v for v in top.drawn() if v.rect.collidepoint(pos))
        assert view.key_at(pos) == key, f"{key} is disabled or hidden"
        click(app, pos)
        return
    el = top.widgets[key]
    shown(app, el)
    assert el.is_enabled, f"{key} is disabled"
    click(app, el.get_abs_rect().center)


def retype(app: App, key: str, text: str) -> None:
    """Click a text entry, clear it, type the text."""
    el = app.top.widgets[key]
    shown(app, el)
    click(app, el.get_abs_rect().center)
    press(app, pygame.K_END)
    for _ in range(len(el.get_text())):
        press(app, pygame.K_BACKSPACE)
    type_text(app, text)


def build_northmen_by_clicks(app: App) -> None:
    b = app.top
    retype(app, "name", "Northmen Raiding Party")
    press_widget(app, "size:medium")
    for name, kind, ratings, weapons, traits in NORTHMEN:
        press_widget(app, f"add:{kind}")
        retype(app, "model_name", name)
        for key, value in zip(("MA", "RA", "PD", "WP"), ratings, strict=True):
            while b.doc.model(b.selected)["attributes"][key] < value:
                press_widget(app, f"step:{key}:+")
        for w, skill in weapons:
            retype(app, "weapon_name", w)
            press_widget(app, f"skill:{skill}")
            press_widget(app, "add_weapon")
        for t in traits:
            press_widget(app, "add_trait")
            assert app.top.name == "trait_picker"
            press_widget(app, f"trait:{t}")
            if app.top.name == "trait_picker":  # (a click on the trait already chosen takes it at once)
                press_widget(app, "take")
            assert app.top is b


def check_json(path: Path) -> dict:
    out = io.StringIO()
    party_check([str(path)], out=out)
    return json.loads(out.getvalue())


@pytest.mark.rule("PARTY-2", "PARTY-3", "PARTY-9", "SKILL-1", "T-BUILD-1")
def test_build_northmen_break_fix_save_roster_and_play_it(app: App, tmp_path: Path) -> None:
    click(app, app.top.widgets["parties"])
    assert app.top.name == "parties"
    click(app, app.top.widgets["new"])
    b = app.top
    assert b.name == "builder"
    build_northmen_by_clicks(app)
    v = b.judge()
    assert v.playable, v.problems
    assert {m.name: m.cost for m in v.models} == ERRATA_COSTS
    assert (v.cost, v.budget, v.fate) == (200, 200, 8)

    # break a rule: a point unspent on the hero; the problem is listed with its rule ID
    click(app, b.point_of("model:0"))
    press_widget(app, "step:MA:-")
    problems = b.judge().problems
    assert [p.rules for p in problems] == [("PARTY-3",)]
    click(app, b.point_of("model:3"))  # another model chosen; the problem leads back to the hero
    assert b.selected == 3
    click(app, b.point_of("problem:0"))
    assert b.selected == 0 and "PARTY-3" in b.status
    press_widget(app, "step:MA:+")
    assert b.judge().playable

    press_widget(app, "save")
    saved = tmp_path / "mods" / "parties" / "northmen_raiding_party_2.yaml"
    assert saved.exists(), b.status
    record = check_json(saved)
    assert record["cost"] == 200 and record["fate"] == 8

    press_widget(app, "roster")
    assert app.top.name == "roster"
    press_widget(app, "export")
    png, txt = tmp_path / "mods" / "rosters" / "northmen_raiding_party.png", \
        tmp_path / "mods" / "rosters" / "northmen_raiding_party.txt"
    assert png.exists() and txt.exists()
    assert pygame.image.load(str(png)).get_width() == 1240
    text = txt.read_text(encoding="utf-8")
    assert "Fate Pool 8" in text and "Aurat (companion) — 46 ExP" in text and "[T-SLAYER-1]" in text
    press_widget(app, "close")

    press_widget(app, "back")
    assert app.top.name == "parties"
    assert any(e.path == saved for e in app.top.entries)
    press_widget(app, "back")
    assert app.top.name == "menu"

    click(app, app.top.widgets["new"])
    common.content()
    frames(app, 2)
    setup = app.top
    assert setup.name == "setup"
    press_widget(app, "party0:northmen_raiding_party_2")
    press_widget(app, "party1:ghrim_company")
    press_widget(app, "mode:ai")
    press_widget(app, "level:easy")
    press_widget(app, "start")
    assert app.top.name == "battle", getattr(app.top, "error", "")
    assert app.top.session.state.sides[0].party.name == "Northmen Raiding Party"
    play_out(app, lambda side: make("easy", 90 + side), limit=30_000)  # (the battle itself without drawing it)
    assert app.top.name == "results"


def test_a_draft_is_listed_and_never_offered_for_a_battle(app: App, tmp_path: Path) -> None:
    click(app, app.top.widgets["parties"])
    click(app, app.top.widgets["new"])
    b = app.top
    retype(app, "name", "Lonely Hero")
    press_widget(app, "add:hero")
    press_widget(app, "save")
    draft = tmp_path / "mods" / "parties" / "drafts" / "lonely_hero.yaml"
    assert draft.exists()
    assert "draft" in b.status.lower()
    press_widget(app, "back")
    parties = app.top
    entry = next(e for e in parties.entries if e.path == draft)
    assert entry.origin == "draft"
    common.content()
    assert "lonely_hero" not in common.content()["parties"].items
    # delete it, after the question
    parties.chosen = str(draft)
    parties.rebuild()
    frames(app, 1)
    press_widget(app, "delete")
    assert app.top.name == "confirm"
    press_widget(app, "yes")
    assert not draft.exists()


def test_editing_a_shipped_party_edits_a_copy(app: App, tmp_path: Path) -> None:
    from game.paths import PARTIES_DIR

    click(app, app.top.widgets["parties"])
    parties = app.top
    shipped = PARTIES_DIR / "lantern_adventuring_co.yaml"
    press_widget(app, f"party:{shipped}")
    before = shipped.read_bytes()
    assert not parties.widgets["delete"].is_enabled
    press_widget(app, "edit")
    b = app.top
    assert b.name == "builder" and b.shipped
    click(app, b.point_of("model:1"))
    assert b.selected == 1
    press_widget(app, "save")
    assert shipped.read_bytes() == before
    assert (tmp_path / "mods" / "parties" / "lantern_adventuring_co_copy.yaml").exists()


def test_try_it_plays_in_the_background_while_the_window_stays_quick(app: App) -> None:
    from game.paths import PARTIES_DIR

    click(app, app.top.widgets["parties"])
    press_widget(app, f"party:{PARTIES_DIR / 'northmen_raiding_party.yaml'}")
    press_widget(app, "edit")
    press_widget(app, "try")
    trial = app.top
    assert trial.name == "trial"
    press_widget(app, "opponent:ghrim_company")
    press_widget(app, "games:10")
    press_widget(app, "start")
    assert trial.trial is not None and not trial.trial.done
    drawn, waits = 0, 0
    while trial.trial.result.games < 1 and not trial.trial.done and waits < 12_000:  # 12000 x 20 ms: a hang guard
        frames(app, 1)
        drawn += 1
        waits += 1
        trial.trial.wait(0.02)  # woken by the game's record as soon as it comes, else the next frame
    assert trial.trial.result.games >= 1, "no game finished"
    # the games run in other processes: the window went on drawing while the first was played (its frame
    # times are tools/bench_builder.py's to measure, not a test's: a loaded machine slows any frame)
    assert drawn >= 3, f"only {drawn} frames were drawn while a game was played"
    assert "win rate" in trial.result_text() and "95%" in trial.result_text()
    press_widget(app, "cancel")
    assert trial.trial.done and trial.trial.cancelled and not trial.trial.running
    press_widget(app, "close")
    assert app.top.name == "builder"


def test_duplicate_and_rename_in_the_parties_list(app: App, tmp_path: Path) -> None:
    from game.content.yaml_loader import load_yaml
    from game.paths import PARTIES_DIR

    click(app, app.top.widgets["parties"])
    parties = app.top
    shipped = PARTIES_DIR / "ghrim_company.yaml"
    press_widget(app, f"party:{shipped}")
    assert not parties.widgets["rename"].is_enabled  # shipped parties keep their names
    press_widget(app, "duplicate")
    copy = tmp_path / "mods" / "parties" / "ghrim_company_copy.yaml"
    assert copy.exists() and parties.chosen == str(copy)
    data = load_yaml(copy).data
    assert data["name"] == "Ghrim Company (copy)"
    assert data["models"] == load_yaml(shipped).data["models"]
    retype(app, "rename_text", "Ghrim Outlaws")
    press_widget(app, "rename")
    renamed = tmp_path / "mods" / "parties" / "ghrim_outlaws.yaml"
    assert renamed.exists() and not copy.exists()
    assert load_yaml(renamed).data["name"] == "Ghrim Outlaws"
    assert check_json(renamed)["cost"] == 192
    entry = next(e for e in parties.entries if e.path == renamed)
    assert entry.origin == "mod" and "Ghrim Outlaws" in parties.item_text(entry)


def test_broken_files_open_with_their_problems_and_lose_nothing(app: App, tmp_path: Path) -> None:
    from game.content.yaml_loader import load_yaml, parse_yaml
    from tests.builder.test_model import BROKEN

    folder = tmp_path / "mods" / "parties"
    folder.mkdir(parents=True)
    (folder / "broken.yaml").write_text(BROKEN, encoding="utf-8")
    (folder / "unreadable.yaml").write_text("name: [unclosed\n", encoding="utf-8")
    click(app, app.top.widgets["parties"])
    parties = app.top
    press_widget(app, f"party:{folder / 'unreadable.yaml'}")
    assert not parties.widgets["edit"].is_enabled
    assert "cannot be read" in parties.item_text(parties.entry())
    press_widget(app, f"party:{folder / 'broken.yaml'}")
    press_widget(app, "edit")
    b = app.top
    assert b.name == "builder"
    problems = b.judge().problems
    assert {p.where for p in problems} >= {"size", "cost", "models[0].traits[1]", "models[1]"}
    click(app, b.point_of("problem:0"))  # every problem listed and clickable
    click(app, b.point_of("model:1"))  # "just text": shown as what it is, not editable
    assert b.editor_view.controls[0].text.startswith("This entry is not a model")
    press_widget(app, "save")
    draft = folder / "drafts" / "broken.yaml"
    assert draft.exists() and not (folder / "broken.yaml").exists()
    assert load_yaml(draft).data == parse_yaml(BROKEN).data  # unknown keys, odd values and all


def new_builder(app: App):
    click(app, app.top.widgets["parties"])
    click(app, app.top.widgets["new"])
    assert app.top.name == "builder"
    return app.top


def test_copies_are_numbered_on_and_grouped_on_the_roster_card(app: App) -> None:
    from game.builder.roster import grouped, roster_from_data, roster_text

    b = new_builder(app)
    press_widget(app, "add:follower")
    retype(app, "model_name", "Wolfcub")
    for step in ("MA", "MA", "RA", "PD"):  # a sound follower: 4 points spent
        press_widget(app, f"step:{step}:+")
    for _ in range(3):
        press_widget(app, "dup")  # the copy is chosen: a copy of the copy
    assert b.doc.names() == ["Wolfcub", "Wolfcub 2", "Wolfcub 3", "Wolfcub 4"]
    roster = roster_from_data({"format": "iron-honor/party@1", "name": "P", "size": "small",
                               "models": [{"name": "Ulf", "type": "hero",
                                           "attributes": {"MA": 6, "RA": 3, "PD": 5, "WP": 4}, "weapons": [],
                                           "traits": []}, *b.doc.models()[:3]]})
    assert [(m.name, n) for m, n in grouped(roster)][1] == ("Wolfcub", ("Wolfcub", "Wolfcub 2", "Wolfcub 3"))
    assert "Wolfcub ×3 (follower)" in roster_text(roster)


def test_type_there_and_back_keeps_the_ratings_and_names_the_problem(app: App) -> None:
    b = new_builder(app)
    press_widget(app, "add:hero")
    for _ in range(3):
        press_widget(app, "step:MA:+")
    assert b.doc.model(0)["attributes"]["MA"] == 6
    press_widget(app, "type:follower")
    assert b.doc.model(0)["attributes"]["MA"] == 6
    assert any("MA 6 is above the follower maximum" in p.message for p in b.judge().problems)
    press_widget(app, "type:hero")
    assert b.doc.model(0)["attributes"]["MA"] == 6


def test_weapon_field_empties_after_add_and_rule_ids_open_the_reference(app: App) -> None:
    b = new_builder(app)
    press_widget(app, "add:hero")
    retype(app, "weapon_name", "Skullsplitter")
    press_widget(app, "add_weapon")
    assert b.doc.model(0)["weapons"][0]["name"] == "Skullsplitter"
    assert b.widgets["weapon_name"].get_text() == ""
    # the "[PARTY-3]" of the attributes heading: clicked where it is drawn
    view = b.editor_view
    head = next(c for c in view.controls if "[PARTY-3]" in c.text)
    from game.ui.scenes.builder_views import rule_spans
    x0, x1, rid = rule_spans(head.text, head.size, head.bold)[0]
    r = head.rect.move(view.rect.x, view.rect.y - view.scroll)
    click(app, (r.x + (x0 + x1) // 2, r.centery))
    assert app.top.name == "rules" and rid == "PARTY-3"


def test_trait_picker_filters_as_typed(app: App) -> None:
    new_builder(app)
    press_widget(app, "add:hero")
    press_widget(app, "add_trait")
    picker = app.top
    assert picker.name == "trait_picker"
    every = [c.key for c in picker.list_view.controls if c.key]
    click(app, picker.widgets["filter"].get_abs_rect().center)
    type_text(app, "pet")
    shown = [c.key for c in picker.list_view.controls if c.key]
    assert "trait:pet" in shown and len(shown) < len(every)
    assert picker.chosen == "pet" or f"trait:{picker.chosen}" in shown


def test_unsaved_changes_ask_the_editors_question_in_its_words_and_order(app: App) -> None:
    from game.ui import unsaved_dialog

    b = new_builder(app)
    press_widget(app, "add:hero")
    press_widget(app, "back")
    ask = app.top
    assert isinstance(ask, unsaved_dialog.UnsavedChangesDialog) and ask.title == "Unsaved changes"
    buttons = sorted((ask.widgets[f"answer:{k}"] for k, _ in unsaved_dialog.ANSWERS),
                     key=lambda el: el.get_abs_rect().x)
    assert [el.text for el in buttons] == ["Save", "Discard changes", "Keep editing"]  # the map editor's
    click(app, ask.widgets["answer:cancel"])  # Keep editing: back to the builder, nothing lost
    assert app.top is b and b.doc.dirty
    press_widget(app, "back")
    press(app, pygame.K_ESCAPE)  # Esc keeps editing too
    assert app.top is b and b.doc.dirty
    press_widget(app, "back")
    click(app, app.top.widgets["answer:save"])  # Save: saved, then leaves
    assert app.top.name == "parties" and not b.doc.dirty


def test_unsaved_changes_discard_leaves_without_saving(app: App) -> None:
    b = new_builder(app)
    press_widget(app, "add:hero")
    press_widget(app, "back")
    click(app, app.top.widgets["answer:discard"])
    assert app.top.name == "parties" and b.doc.dirty and b.path is None


@pytest.mark.parametrize("size", [(1280, 800), (1000, 650)])
def test_at_150_percent_menu_and_parties_fit_and_keep_their_place(tmp_path: Path, monkeypatch, size) -> None:
    app = menu_app(tmp_path, monkeypatch)
    app.settings.ui_scale = 1.5
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    frames(app, 3)
    menu = app.top
    assert "page" not in menu.widgets or menu.page is None  # no scrolling: every button in the window
    window = pygame.Rect((0, 0), app.size)
    assert all(window.contains(menu.widgets[k].get_abs_rect()) for k in ("quick", "parties", "quit"))
    click(app, menu.widgets["parties"])
    parties = app.top
    assert window.contains(parties.widgets["edit"].get_abs_rect())
    assert window.contains(parties.widgets["delete"].get_abs_rect())
    keys = [k for k in parties.widgets if k.startswith("party:")]
    bar = parties.widgets["party"].vert_scroll_bar
    if bar is not None:
        bar.set_scroll_from_start_percentage(0.4)
        frames(app, 2)
    before = bar.start_percentage if bar is not None else None
    shown_key = next(k for k in keys if parties.widgets["party"].get_abs_rect().collidepoint(
        parties.widgets[k].get_abs_rect().center) and k.split(":", 1)[1] != parties.chosen)
    click(app, parties.widgets[shown_key])
    assert parties.chosen == shown_key.split(":", 1)[1]
    if bar is not None:
        assert abs(parties.widgets["party"].vert_scroll_bar.start_percentage - before) < 0.02
    assert window.contains(parties.widgets["edit"].get_abs_rect())


def test_totals_and_problems_stay_in_view_while_editing_at_1000x650_150(tmp_path: Path, monkeypatch) -> None:
    app = menu_app(tmp_path, monkeypatch)
    app.settings.ui_scale = 1.5
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=650, size=(1000, 650)))
    frames(app, 3)
    b = new_builder(app)
    press_widget(app, "add:follower")
    press_widget(app, "step:MA:+")
    window = pygame.Rect((0, 0), app.size)
    r = b.totals_view.rect
    assert r.w > 0 and r.h > b.px(100) and window.contains(r)
    assert not r.colliderect(b.editor_view.rect) and not r.colliderect(b.model_view.rect)
    assert any(line.key.startswith("problem:") for line in b.totals_view.lines)


def test_a_buttons_tip_shows_in_the_status_line_not_over_its_neighbours(app: App) -> None:
    b = new_builder(app)
    press_widget(app, "add:hero")
    dup = b.widgets["dup"]
    assert dup.tool_tip_text is None  # no floating tooltip over the buttons below
    # (the dummy video driver keeps no pointer position: the hover pygame_gui reports is posted)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_ON_HOVERED, ui_element=dup, ui_object_id="dup"))
    frames(app, 2)
    assert b.status_text() == "Copy the model"
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_ON_UNHOVERED, ui_element=dup, ui_object_id="dup"))
    frames(app, 2)
    assert b.status_text() == "a new party · unsaved changes"


def test_a_trait_line_too_long_is_cut_after_a_word_with_an_ellipsis(app: App) -> None:
    from game.ui import theme
    from game.ui.scenes.builder_views import fitted

    text = "Agile — common, +4 ExP: No free strikes when it Disengages and more words besides"
    cut = fitted(text, 14, False, 220)
    assert cut.endswith("…") and text.startswith(cut[:-1]) and text[len(cut) - 1] == " "
    assert theme.font(14, False).size(theme.displayable(cut))[0] <= 220
    b = new_builder(app)
    press_widget(app, "add:hero")
    for t in ("agile",):
        press_widget(app, "add_trait")
        press_widget(app, f"trait:{t}")
        if app.top.name == "trait_picker":
            press_widget(app, "take")
    row = next(c for c in b.editor_view.controls if c.text.startswith("Agile"))
    shown = fitted(row.text, row.size, row.bold, row.rect.w)
    assert shown == row.text or (shown.endswith("…") and row.text[len(shown) - 1] == " ")


def test_the_try_it_bar_is_empty_at_no_games_played(app: App) -> None:
    from types import SimpleNamespace

    from game.paths import PARTIES_DIR
    from game.ui import theme

    click(app, app.top.widgets["parties"])
    press_widget(app, f"party:{PARTIES_DIR / 'northmen_raiding_party.yaml'}")
    press_widget(app, "edit")
    press_widget(app, "try")
    trial = app.top
    assert trial.name == "trial"
    for progress, filled in ((0.0, False), (0.5, True)):
        trial.trial = SimpleNamespace(progress=progress, cancelled=False)  # 0/20, then 10/20 games
        surface = pygame.Surface(app.size)
        trial.draw(surface)
        edge = (trial.bar.x + 2, trial.bar.centery)  # the rounded corner where a sliver showed
        assert (tuple(surface.get_at(edge))[:3] == theme.GOOD) is filled
    trial.trial = None


def test_counts_are_worded_in_the_singular_for_one() -> None:
    from game.ui.plural import counted

    assert counted(1, "companion") == "1 companion" and counted(2, "companion") == "2 companions"
    assert counted(1, "hero") == "1 hero" and counted(0, "hero") == "0 heroes"
