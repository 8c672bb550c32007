"""The battle screen's issue #14 points 4, 5 and 8, by posted events where a player would see them.

The dice tray is docked in the side panel; long answers wrap and their tips stand beside the list; the
banners wrap to the table; the tray's and the log's lines stay in their boxes; ring labels keep off
bases; wounds read the same in the log and the card; the AP are not shown before they are rolled; the
AI's controls only when an AI plays, Auto-deploy only while deploying; the tray never freezes behind a
cover; the edge chooser's reason is told; a question outside an activation to the other hotseat player
comes after a hand-off.
"""

from __future__ import annotations

import dataclasses
import math
import types
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.ai.registry import make
from game.rules.events import Event
from game.ui import layout_probe
from game.ui.app import App, Scene
from game.ui.battle import tooltips
from game.ui.battle.dice_view import DiceTray
from game.ui.battle.event_text import wounds_left
from game.ui.battle.log_panel import line_text
from game.ui.battle.option_list import LineLabel, add_option
from game.ui.battle.previews import _covers, _ring_label_spot
from game.ui.battle.status_panel import _facts, _rolled
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.handoff import HandoffScene
from game.ui.session import HOTSEAT, VS_AI, BattleSession, BattleSetup, try_load
from game.ui.settings import UISettings
from tests.ui.driver import click, frames, resize

SIZES = ((1000, 650), (1280, 800), (1920, 1080))


@pytest.fixture(autouse=True)
def fonts() -> None:
    """The tray tests draw text without an app: the font module is started whatever ran before them."""
    pygame.font.init()


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    for name in ("CONFIG", "MODS", "REPLAYS"):
        (tmp_path / name.lower()).mkdir()
        monkeypatch.setenv(f"IRON_HONOR_{name}", str(tmp_path / name.lower()))
    app = App(UISettings(width=1000, height=650, animation="instant"), save=False)
    pygame.event.clear()
    layout_probe.start()
    yield app
    layout_probe.stop()


def session(mode: str = HOTSEAT, scenario: str = "engagement", seed: int = 1) -> BattleSession:
    setup = BattleSetup(mode=mode, scenario=scenario, seed=seed)
    loaded, error = try_load(setup)
    assert error is None, error
    return BattleSession(setup, loaded)


def battle(app: App, s: BattleSession) -> BattleScene:
    scene = app.reset(BattleScene(app, s))
    frames(app, 2)
    while app.top is not scene:  # a hand-off cover
        app.pop()
        frames(app, 2)
    return scene


def play_until(s: BattleSession, stop, limit: int = 3000) -> None:
    ais = [make("easy", 5 + side) for side in (0, 1)]
    for _ in range(limit):
        if s.over or stop(s):
            return
        assert s.answer(ais[s.pending.side].decide(s.state, s.pending)) is None
    raise AssertionError("never reached")


# -- point 4: the dice tray -------------------------------------------------------------------------------

def test_the_dice_tray_is_docked_in_the_panel_and_covers_no_table_at_any_size(app: App) -> None:
    s = session()
    scene = battle(app, s)
    for size in SIZES:
        resize(app, *size)
        frames(app, 1)
        panel = scene.layout
        assert scene.panel_rect.contains(panel.tray_rect) and not panel.tray_rect.colliderect(scene.table_rect)
        assert panel.tray_rect.bottom < panel.log_rect.top and panel.tray_rect.top > panel.options_rect.bottom
        assert scene.table_rect.right <= scene.panel_rect.left  # the table is fitted to what the panel leaves
        assert scene.cam is not None and scene.cam.to_px((36, 36))[0] <= scene.table_rect.right


def test_the_tray_keeps_rolling_to_its_result_behind_a_cover(app: App) -> None:
    """No frozen, stale die face behind the Maintenance summary or a hand-off."""
    s = session()
    scene = battle(app, s)
    play_until(s, lambda s: any(e.kind == "ActivationRoll" for e in s.state.log))
    frames(app, 2)
    scene.dice_tray.set_speed("slow")
    scene.dice_tray.t = 0.0  # a roll just shown, tumbling
    assert scene.dice_tray.rolling
    app.push(HandoffScene(app, "Pass the seat"))
    assert not scene.dice_tray.rolling  # its result, not a frozen face
    frames(app, 2)
    layout_probe.begin_frame()
    scene.draw(app.window)  # what shows under a see-through cover: the dice as rolled, with the result
    assert not scene.dice_tray.rolling


def test_the_tray_writes_a_long_result_over_two_lines_inside_it() -> None:
    tray = DiceTray()
    tray.show(Event("DiceRolled", "Fang attack: 4+3", {"dice": [4, 3], "model": "A1", "total": 12,
                                                       "roll": "attack"}))
    outcome = "Fang hits Grub with a furious attack and wins by 5: Grub takes two wounds"
    tray.show(Event("AttackResolved", outcome, {}))
    tray.t = 10.0  # done rolling
    layout_probe.start()
    try:
        rect = pygame.Rect(10, 10, 330, 90)
        tray.draw(pygame.Surface((400, 120)), rect)
        notes = [d for d in layout_probe.drawn() if d.owner == "dice tray"]
        assert notes and all(rect.contains(d.rect) for d in notes)
        bottom = [d.text for d in notes if d.rect.y > rect.centery]
        assert len(bottom) == 2 and " ".join(bottom) == outcome  # the whole result, in two lines
    finally:
        layout_probe.stop()


@pytest.mark.parametrize(("size", "scale"), [((345, 65), 1.0), ((436, 90), 1.5), ((490, 120), 2.0)])
def test_the_tray_never_cuts_a_result_or_a_name(size: tuple[int, int], scale: float) -> None:
    """The docked tray at 1000×650 at 100, 150 and 200 %, a long name and a long result: wrapped or in a
    smaller font, never cut with '…'."""
    loaded, error = try_load(BattleSetup(mode=HOTSEAT, seed=1))
    assert error is None
    state = BattleSession(BattleSetup(mode=HOTSEAT, seed=1), loaded).state
    roller = next(iter(state.models))
    model = state.model(roller)
    model.profile = dataclasses.replace(model.profile, name="Gnarlroot the Thornwood Elder")
    tray = DiceTray()
    tray.scale = scale
    tray.show(Event("DiceRolled", "Gnarlroot the Thornwood Elder attack: 4+3",
                    {"dice": [4, 3], "model": roller, "total": 12, "roll": "attack"}), state)
    outcome = ("Gnarlroot 17 vs Sigrun 10: the attack wins; Sigrun takes a wound: 1 of 2 wounds left; Sigrun is "
               "Stunned and pushed back 1″")
    tray.show(Event("AttackResolved", outcome, {}), state)
    tray.t = 10.0  # done rolling
    layout_probe.start()
    try:
        rect = pygame.Rect(10, 10, *size)
        tray.draw(pygame.Surface((size[0] + 20, size[1] + 20)), rect)
        notes = [d for d in layout_probe.drawn() if d.owner == "dice tray"]
        assert notes and not any("…" in d.text for d in notes), [d.text for d in notes]
        assert all(rect.contains(d.rect) for d in notes)
        assert outcome in " ".join(d.text for d in notes)  # the whole result, its lines in order
        assert "Gnarlroot the Thornwood Elder" in " ".join(d.text for d in notes)  # and the whole name
    finally:
        layout_probe.stop()


def test_the_tray_shows_both_totals_when_a_side_rolls_three_dice() -> None:
    """A defence with Inner Reserve's third die beside a two-dice attack, in the tray's size at 1280×800: the
    dice shrink so that each side's total stays in sight (it was dropped, leaving only "PD 3")."""
    tray = DiceTray()
    tray.show(Event("DiceRolled", "Delia attack: 3+2", {"dice": [3, 2], "model": "A1", "total": 7, "roll": "attack",
                                                        "base": "RA 4"}))
    tray.show(Event("DiceRolled", "Bothvatr defence: 2+4+4", {"dice": [2, 4, 4], "model": "B1", "total": 13,
                                                              "roll": "defence", "base": "PD 3"}))
    tray.t = 10.0  # done rolling
    layout_probe.start()
    try:
        rect = pygame.Rect(868, 535, 404, 74)
        tray.draw(pygame.Surface((1280, 800)), rect)
        texts = [d.text for d in layout_probe.drawn() if d.owner == "dice tray"]
        assert "= 7" in texts and "= 13" in texts, texts
    finally:
        layout_probe.stop()


# -- point 5: clipped and overlapping text ----------------------------------------------------------------------

class Recorder(Scene):
    """A bare scene that keeps the events it is handed."""

    def __init__(self, app: App):
        super().__init__(app)
        self.events: list[pygame.event.Event] = []

    def handle(self, event: pygame.event.Event) -> None:
        self.events.append(event)


def test_a_long_answer_wraps_on_its_button_and_a_click_on_its_text_answers(app: App) -> None:
    text = "3. Weakness (resisted by WP): the target loses 2 from one attribute of the caster's choice until " \
           "Maintenance"
    scene = app.push(Recorder(app))
    button, lines = add_option(app.manager, scene.root, 600, 100, 300, 30, text, 1.0)
    assert len(lines) >= 2 and " ".join(line.text for line in lines) == text
    assert all(button.rect.contains(line.rect) for line in lines)
    assert all(line.font.size(line.text)[0] <= line.rect.width for line in lines)
    click(app, lines[1].rect.center)  # on a line of its text: the button under it takes the click
    assert any(e.type == pygame_gui.UI_BUTTON_PRESSED and e.ui_element is button for e in scene.events)
    assert isinstance(lines[0], LineLabel)


def test_answers_wrap_and_their_tip_stands_beside_the_list_at_1000x650(app: App) -> None:
    s = session()
    scene = battle(app, s)
    assert scene.prompt is not None and scene.panel.option_buttons
    button, _ = scene.panel.option_buttons[0]
    assert not button.tool_tip_text  # no tooltip under the button, over the next answers
    pos = button.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 2)
    tips = [d for d in layout_probe.drawn() if d.owner == "answer tip"]
    if id(button) in scene.panel.option_tips:
        answers = scene.layout.options_rect
        assert tips and scene.table_rect.contains(tips[0].rect) and not tips[0].rect.colliderect(answers)


def test_the_refusal_banner_wraps_to_the_table_and_is_never_cut(app: App) -> None:
    s = session()
    scene = battle(app, s)
    scene.flash("Not there: the base would overlap Grub the Goblin, stand within 1″ of an enemy, leave the "
                "deployment zone by 2.5″ and cross impassable terrain; choose a spot inside the zone instead [ENC-3]")
    frames(app, 1)
    lines = [d for d in layout_probe.drawn() if d.owner == "refusal banner"]
    assert len(lines) >= 2 and all(scene.table_rect.contains(d.rect) for d in lines)
    assert " ".join(d.text for d in lines).endswith("[ENC-3]")


def test_the_controls_fit_their_buttons_and_show_only_what_does_something(app: App) -> None:
    hot = battle(app, session(HOTSEAT))
    assert {"fit", "rings", "log", "auto", "menu"} <= set(hot.widgets) and "faster" not in hot.widgets \
        and "skip" not in hot.widgets  # no AI to pace in hotseat
    for key in hot.layout.controls_built:
        el = hot.widgets[key.value]
        assert el.font.size(el.text)[0] <= el.rect.width - 6, el.text
    click(app, hot.widgets["auto"])  # Auto-deploy: the side's models are placed...
    frames(app, 2)
    while app.top is not hot:
        app.pop()
        frames(app, 2)
    click(app, hot.widgets["auto"])  # ...and the other side's
    frames(app, 3)
    while app.top is not hot:
        app.pop()
        frames(app, 2)
    assert not hot.session.deploying()
    assert "auto" not in hot.widgets  # after deployment it is gone
    ai = battle(app, session(VS_AI))
    assert {"slower", "faster", "skip"} <= set(ai.widgets)


def test_log_lines_stay_left_of_the_scroll_bar(app: App) -> None:
    s = session()
    play_until(s, lambda s: len(s.state.log) > 150)
    scene = battle(app, s)
    for size in SIZES:
        resize(app, *size)
        frames(app, 1)
        lines = [d for d in layout_probe.drawn() if d.owner == "log line"]
        assert lines and all(d.box.contains(d.rect) for d in lines)
        assert all(d.rect.right <= scene.log_panel.bar.rect.left for d in lines)


def test_a_ring_label_moves_round_its_ring_off_a_base() -> None:
    centre, rp, angle = (200, 200), 100.0, 0.0
    preferred = (300, 200)
    spot = _ring_label_spot(centre, rp, angle, (60, 16), [(preferred, 12.0)], [])
    box = pygame.Rect(0, 0, 60, 16)
    box.center = (round(spot[0]), round(spot[1]))
    assert spot != preferred and not _covers(box, preferred, 12.0)
    assert math.isclose(math.dist(spot, centre), rp, rel_tol=1e-6)  # still on its ring


# -- point 8: smaller things ------------------------------------------------------------------------------------

def test_a_wound_reads_the_same_in_the_log_and_in_the_card() -> None:
    s = session(seed=3)
    play_until(s, lambda s: any(e.kind == "Wounded" for e in s.state.log))
    event = next(e for e in s.state.log if e.kind == "Wounded")
    m = s.state.model(event.data["model"])
    said = wounds_left(event.data["wounds_taken"], m.max_wounds)
    assert said in line_text(event, s.state) and "(" + str(event.data["wounds_taken"]) not in line_text(event, s.state)
    if m.on_table:
        assert wounds_left(m.wounds_taken, m.max_wounds) in tooltips.model_tooltip(s.state, m.id)


def test_the_active_model_shows_no_ap_before_its_activation_roll() -> None:
    s = session()
    play_until(s, lambda s: any(e.kind == "ActivationRoll" for e in s.state.log))
    log = s.state.log
    k = max(i for i, e in enumerate(log) if e.kind == "Activation")
    mid = log[k].data["model"]
    before = types.SimpleNamespace(log=log[:k + 1], active_model=mid)
    after = types.SimpleNamespace(log=log, active_model=mid)
    assert not _rolled(before) and _rolled(after)
    s.state.active_model = mid
    facts = _facts(s.state)
    assert facts[-1] == s.state.ap_left  # rolled: the AP are shown


def test_the_side_that_did_not_choose_the_edge_is_told_why(app: App) -> None:
    """Engagement: the lower set-up roll chooses the edge; against the AI the player reads why and what."""
    for seed in range(1, 12):
        s = session(VS_AI, seed=seed)
        scene = battle(app, s)
        for _ in range(200):
            frames(app, 1)
            if any(e.kind == "EdgeChosen" for e in s.state.log) or s.human_turn():
                break
        chosen = next((e for e in s.state.log if e.kind == "EdgeChosen"), None)
        if chosen is not None and chosen.data["side"] not in s.humans:
            assert "set-up roll" in scene.overlays.message and "chooses the table edge" in scene.overlays.message
            assert f"chose the {chosen.data['edge']} edge" in scene.overlays.message and not scene.overlays.message_bad
            return
    pytest.fail("no seed where the AI chose the edge")


def test_the_edge_chooser_is_handed_the_seat_with_the_reason_in_hotseat(app: App) -> None:
    s = session(HOTSEAT)
    scene = app.reset(BattleScene(app, s))
    for _ in range(50):
        frames(app, 1)
        if isinstance(app.top, HandoffScene) or (s.pending is not None and s.pending.kind == "choose_edge"):
            break
    if s.pending.kind == "choose_edge" and s.last_human is None:  # the first question: no hand-off before it
        assert "set-up roll" in scene.widgets["prompt"].html_text
        return
    assert isinstance(app.top, HandoffScene) and "set-up roll" in app.top.why


def test_a_question_outside_an_activation_to_the_other_player_comes_after_a_hand_off(app: App) -> None:
    """E.g. Winds of Kismet after the other side's deployment or its die was drawn."""
    s = session(HOTSEAT)

    def other_outside(s: BattleSession) -> bool:
        d = s.pending
        return d is not None and s.needs_handoff() and s.state.active_model is None \
            and d.kind not in ("nominate", "choose_edge", "deploy", "place_marker", "place_prisoner")

    play_until(s, other_outside)
    d = s.pending
    app.settings.fate_questions = "always"  # (a Fate question is asked here whether or not it can matter)
    app.reset(BattleScene(app, s))
    s.last_human = 1 - d.side  # the other player answered last (a battle just opened has no last answer)
    frames(app, 2)
    assert isinstance(app.top, HandoffScene) and app.top.why == d.prompt


def test_a_ring_label_stays_on_the_table_in_sight() -> None:
    """A ring larger than the table: its label moves round the ring to a spot inside the table's rectangle on
    the screen, never cut by the window's edge (it was at x=0 for a long firelock ring at 1000x650)."""
    centre, rp, angle = (60, 300), 100.0, math.pi  # the preferred spot at x=-40: off the screen
    bounds = pygame.Rect(20, 20, 500, 500)
    spot = _ring_label_spot(centre, rp, angle, (80, 16), [], [], bounds)
    box = pygame.Rect(0, 0, 80, 16)
    box.center = (round(spot[0]), round(spot[1]))
    assert bounds.contains(box) and math.isclose(math.dist(spot, centre), rp, rel_tol=1e-6)


def test_a_routes_captions_turn_left_at_the_tables_right_edge(monkeypatch: pytest.MonkeyPatch) -> None:
    """"crosses rough ground: −2 to its later rolls this turn" ran under the side panel at 1000x650 @150 %:
    a route ending near the right edge of the table in sight puts its captions left of its end."""
    from game.ui.battle import previews
    from game.ui.table_view import Camera

    drawn: list[pygame.Rect] = []
    real = previews.label
    monkeypatch.setattr(previews, "label", lambda *a, **k: drawn.append(real(*a, **k)) or drawn[-1])
    surface = pygame.Surface((700, 600))
    surface.set_clip(pygame.Rect(0, 0, 550, 600))
    cam = Camera(14.3, 18, 68)
    warning = "crosses rough ground: −2 to its later rolls this turn [TERR-2]"
    previews.draw_route(surface, cam, [(20, 20), (30, 18)], 5.5, 8, True, warning)
    assert len(drawn) == 2 and all(r.left >= 0 and r.right <= 550 for r in drawn)
    drawn.clear()
    previews.draw_route(surface, cam, [(20, 20), (5, 18)], 5.5, 8, True, warning)  # room on the right: there
    end = cam.to_px((5, 18))
    assert all(r.left > end[0] for r in drawn)
