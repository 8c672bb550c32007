"""The rules reference and the log, driven by posted events as a player would: rule-ID links in the log,
the prompt and the odds card open the reference at that rule and Esc returns to the battle unchanged;
the reference searches and jumps; the log follows new lines again, jumps to the latest and opens large;
F1 lists the controls and every mark drawn on a base."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.ai.registry import make
from game.rules.events import Event
from game.ui.app import App
from game.ui.autopilot import Autopilot
from game.ui.battle import hover, previews
from game.ui.battle.prompts import model_at
from game.ui.scenes import common
from game.ui.scenes.rules import RulesScene, open_rules
from game.ui.session import HOTSEAT, BattleSetup
from game.ui.settings import UISettings
from tests.ui.driver import click, frames, play_headless, press, resize, type_text


def move(app: App, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    frames(app, 2)


def wheel(app: App, pos, y: int) -> None:
    move(app, pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0,
                                         precise_y=float(y), touch=False))
    frames(app, 1)


@pytest.fixture(scope="module")
def battle(tmp_path_factory):
    """A hotseat battle played through the UI until the log is long, at a nominate decision."""
    for var in ("IRON_HONOR_CONFIG", "IRON_HONOR_MODS", "IRON_HONOR_REPLAYS"):
        os.environ[var] = str(tmp_path_factory.mktemp(var.lower()))
    app = App(UISettings(width=1280, height=800, animation="instant"), save=False)
    pygame.event.clear()
    setup = BattleSetup(scenario="engagement", map="village_ruins",
                        parties=("northmen_raiding_party", "ghrim_company"), mode=HOTSEAT, seed=3)
    assert common.start_battle(app, setup) is None
    scene = app.top
    pilot = Autopilot(app, lambda side: make("normal", 30 + side))
    # the battle played without drawing it until the log is long (what is checked is the log's links)
    play_headless(app, lambda side: make("normal", 30 + side),
                  lambda s: s.pending.kind == "nominate" and len(s.state.log) > 150)
    frames(app, 2)
    while app.top is not scene:  # (the covers between the seats)
        pilot.step()
    assert app.top is scene and scene.session.pending.kind == "nominate"
    yield app, scene  # (no pygame.quit: the cached fonts of later tests would die with it)


def _unchanged(scene):
    return len(scene.state.log), scene.session.pending, len(scene.session.game.answers)


def test_a_log_rule_link_opens_the_reference_at_that_rule_and_esc_returns(battle):
    app, scene = battle
    before = _unchanged(scene)
    found = scene.log_panel.link_pos()
    assert found is not None
    pos, rule = found
    move(app, pos)
    assert scene.log_panel.hover_link == rule  # hover highlights
    click(app, pos)
    top = app.top
    assert isinstance(top, RulesScene) and top.focus == rule
    row = top.layout.rows[top.layout.first_row[rule]]
    assert 0 <= row.y - top.top < top.text_rect.height  # scrolled to it
    press(app, pygame.K_ESCAPE)
    assert app.top is scene and _unchanged(scene) == before


def test_roll_modifier_links_come_from_the_event_data(battle):
    _app, scene = battle
    panel = scene.log_panel
    state = scene.state
    i = max(k for k, e in enumerate(state.log) if e.data.get("modifiers") and "dice" in e.data)
    panel.toggle_roll(i)
    try:
        mods = state.log[i].data["modifiers"]
        shown = [ln for ln in panel.lines if ln.target == f"roll:{i}" and ln.indent == 24 and ln.links]
        assert {r for ln in shown for r in ln.links} >= {m["rule"] for m in mods}
        # an event whose text does not name its rule gets the rule after it, as a link
        e = Event("Wounded", "Frokn takes a wound", {"rule": "CC-5"})
        assert panel._event_lines([e], 0)[0].links == ("CC-5",)
        assert panel._event_lines([e], 0)[0].text.endswith("[CC-5]")
    finally:
        panel.toggle_roll(i)


def _prompt_link(box) -> tuple[int, int]:
    """The centre of the prompt box's rule link (pygame_gui lays the link chunks out)."""
    base_x, base_y = box._calculate_hyperlinks_offsets()
    chunk = box.link_hover_chunks[0]
    return base_x + chunk.x + chunk.size[0] // 2, base_y + chunk.y + chunk.size[1] // 2


def test_the_prompts_rule_is_a_link(battle):
    app, scene = battle
    before = _unchanged(scene)
    box = scene.widgets["prompt"]
    frames(app, 2)
    assert box.link_hover_chunks, "the prompt shows its rule as a link"
    pos = _prompt_link(box)
    move(app, pos)
    click(app, pos)
    frames(app, 2)
    top = app.top
    assert isinstance(top, RulesScene) and top.focus == scene.session.pending.rule
    press(app, pygame.K_ESCAPE)
    assert app.top is scene and _unchanged(scene) == before


def test_the_odds_cards_modifiers_are_links(battle):
    app, scene = battle
    state = scene.state
    before = _unchanged(scene)
    pair = None
    for m in state.on_table():
        if m.id in scene.prompt.model_options():  # a click on it would answer the question: look at another
            continue
        for e in state.enemies_of(m):
            kind = hover.attack_kind_for(state, m.id, e.id)
            if kind and previews.odds_summary(state, m.id, e.id, kind).attack_mods:
                pair = (m, e)
                break
        if pair:
            break
    assert pair is not None
    mine, enemy = pair
    click(app, scene.cam.to_px((mine.x, mine.y)))  # look at a model ...
    assert scene.input.selected == mine.id
    move(app, scene.cam.to_px((enemy.x, enemy.y)))  # ... its odds against an enemy under the mouse
    assert scene.overlays.odds_card.rect is not None
    rect, odds = scene.overlays.odds_card.rect, scene.overlays.odds_card.odds
    links = previews.odds_links(odds, rect)
    assert links
    spot = next(((r.x + r.w // 3, r.centery), rule) for r, rule in links  # a row with no base under it
                if model_at(state, scene.cam.to_inches((r.x + r.w // 3, r.centery))) is None)
    (x, y), rule = spot
    move(app, (x, y))  # onto the card: it stays put, its row is the link under the mouse
    assert scene.overlays.odds_card.rect == rect and scene.overlays.odds_card.mouse == (x, y)
    assert scene.overlays.odds_card.link_at((x, y)) == rule
    click(app, (x, y))
    assert isinstance(app.top, RulesScene) and app.top.focus == rule
    press(app, pygame.K_ESCAPE)
    assert app.top is scene and _unchanged(scene) == before
    press(app, pygame.K_ESCAPE)  # clear the selection
    move(app, (5, 5))


def test_the_reference_searches_jumps_and_walks_back(battle):
    app, scene = battle
    ref = open_rules(app, "FATE-6")
    frames(app, 2)
    click(app, ref.widgets["search"])
    type_text(app, "kismet")
    frames(app, 2)
    kept = {r.key for r in ref.layout.rows}
    assert "FATE-2" in kept and "FATE-6" not in kept and ref.matches >= 2
    ref.widgets["search"].set_text("")
    type_text(app, "")
    ref.search("")
    assert ref.matches is None
    ref.open("FATE-6", remember=False)
    frames(app, 2)
    pos = ref.link_pos("SEQ-1")  # FATE-6's text refers to [SEQ-1]
    assert pos is not None
    move(app, pos)
    assert ref.hover_link == "SEQ-1"
    click(app, pos)
    assert ref.focus == "SEQ-1" and ref.history == ["FATE-6"]
    click(app, ref.widgets["back"])
    assert ref.focus == "FATE-6"
    toc = ref.toc_pos("encounters")
    assert toc is not None
    click(app, toc)
    first = ref.layout.rows[ref.layout.first_row["encounters"]]
    assert abs(first.y - ref.top) < ref.px(20)
    resize(app, 1000, 650)  # laid out again: still the same rule highlighted
    assert app.top is ref and ref.focus == "FATE-6"
    resize(app, 1280, 800)
    press(app, pygame.K_ESCAPE)
    assert app.top is scene


def test_the_log_follows_again_and_jumps_to_the_latest(battle):
    app, scene = battle
    panel = scene.log_panel
    assert panel.rows >= 10  # at 1280x800 the log has room (it had six lines)
    assert panel.follow and panel.top == max(0, len(panel.lines) - panel.rows)
    centre = panel.image.rect.center
    wheel(app, centre, 4)
    assert not panel.follow
    top = panel.top
    state = scene.state
    n = len(state.log)
    try:
        for k in range(5):  # new lines while the player reads older ones: the view stays put
            state.log.append(Event("Note", f"test line {k}", {"rule": "TURN-2"}, state.turn))
        panel.refresh(state)
        frames(app, 1)
        assert panel.top == top and not panel.follow and panel.unseen >= 5
        assert panel.latest_rect is not None  # "Jump to latest (n new)"
        badge = panel.latest_rect.move(panel.image.rect.topleft)
        click(app, badge.center)
        assert panel.follow and panel.top == len(panel.lines) - panel.rows
        wheel(app, centre, 3)
        assert not panel.follow
        for _ in range(10):  # back down to the bottom by the wheel: it follows again
            wheel(app, centre, -3)
        assert panel.follow
        state.log.append(Event("Note", "one more", {}, state.turn))
        panel.refresh(state)
        assert panel.top == len(panel.lines) - panel.rows
        wheel(app, centre, 5)  # and by dragging the scroll bar's thumb to the bottom
        assert not panel.follow
        panel.bar.set_scroll_from_start_percentage(1.0)
        frames(app, 1)
        assert panel.follow
    finally:
        del state.log[n:]
        panel.refresh(state)
        panel.jump_to_latest()


def test_the_log_opens_large_and_grows_with_the_window(battle):
    app, scene = battle
    small_rows = scene.log_panel.rows
    press(app, pygame.K_l)
    view = app.top
    assert view.name == "log_view" and view.log_panel.rows > 2 * small_rows
    found = view.log_panel.link_pos()
    assert found is not None
    click(app, found[0])
    assert isinstance(app.top, RulesScene) and app.top.focus == found[1]
    press(app, pygame.K_ESCAPE)
    assert app.top is view
    press(app, pygame.K_ESCAPE)
    assert app.top is scene
    click(app, scene.widgets["log"])  # the button too
    assert app.top.name == "log_view"
    click(app, app.top.widgets["close"])
    assert app.top is scene
    resize(app, 1920, 1080)
    assert scene.log_panel.rows > small_rows
    resize(app, 1000, 650)
    assert scene.log_panel.rows >= 8
    resize(app, 1280, 800)


def test_f1_lists_the_controls_and_every_mark_drawn_on_a_base(battle):
    from game.ui.scenes.help import SHORTCUTS, marker_legend
    from game.ui.table_view import CONDITION_MARKS, JAMMED_MARK

    app, scene = battle
    letters = [letter for letter, _ in marker_legend()]
    assert sorted(letters) == sorted([*CONDITION_MARKS.values(), JAMMED_MARK])
    assert all("[" in text for _, text in marker_legend())  # each with its rule
    assert any(k == "L" for k, _ in SHORTCUTS)
    press(app, pygame.K_F1)
    assert app.top.name == "help"
    click(app, app.top.widgets["rules"])
    assert isinstance(app.top, RulesScene)
    press(app, pygame.K_ESCAPE)
    assert app.top is scene
