"""What the players read and see of a scenario's objectives (issue 36): the briefing card before deployment, each
side's objectives on its first hand-off in hotseat and on request (O, the Objectives button), a story told by an
event on a card, and the exits and arrivals drawn on the table where the rules say they are."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ai.registry import make
from game.rules import encounter, scenario_events
from game.rules.events import EventKind
from game.rules.state import ON_TABLE, RESERVE
from game.ui import layout_probe, objective_marks
from game.ui.app import App
from game.ui.battle import objectives
from game.ui.battle.briefing import objectives_of
from game.ui.battle.commands import Control
from game.ui.battle.table_input import KEYS
from game.ui.scenes.battle import BattleScene
from game.ui.scenes.help import SHORTCUTS
from game.ui.scenes.story_card import StoryCard
from game.ui.session import HOTSEAT, VS_AI, BattleSession, BattleSetup, try_load
from game.ui.settings import UISettings
from tests.ui.driver import click, frames, press


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


def session(mode: str = VS_AI, scenario: str = "the_relief", seed: int = 3) -> BattleSession:
    loaded, error = try_load(BattleSetup(mode=mode, scenario=scenario, seed=seed))
    assert error is None, error
    return BattleSession(BattleSetup(mode=mode, scenario=scenario, seed=seed), loaded)


def play_until(s: BattleSession, stop, limit: int = 3000) -> None:
    ais = [make("easy", 5 + side) for side in (0, 1)]
    for _ in range(limit):
        if stop(s):
            return
        assert s.answer(ais[s.pending.side].decide(s.state, s.pending)) is None
    raise AssertionError("never reached")


def card_text(card: StoryCard) -> str:
    return card.widgets["text"].html_text


def test_the_briefing_comes_on_a_card_before_the_first_model_is_deployed(app: App) -> None:
    s = session()
    scene = app.reset(BattleScene(app, s))
    for _ in range(200):
        frames(app, 1)
        if app.top is not scene:
            break
    card = app.top
    assert isinstance(card, StoryCard) and card.title == "The Relief: the briefing"
    assert s.pending.kind.setup and not any(m.status == ON_TABLE for m in s.state.models.values())
    text = card_text(card)
    assert "The Attacker storms a crossing" in text
    mine = objectives_of(s.state, 0)
    assert mine.startswith("Hold the crossing") or mine.startswith("Take the crossing")
    assert f"{s.state.sides[0].name} — " in text and "(you)" in text and mine[:30] in text
    assert text.index("(you)") < text.index(objectives_of(s.state, 1)[:30])  # the player's own side first
    press(app, pygame.K_RETURN)
    assert app.top is scene
    for _ in range(30):  # shown once
        frames(app, 1)
        assert app.top is scene or app.top.name != "story"


def test_o_and_the_objectives_button_show_the_objectives_and_the_scoring_as_it_stands(app: App) -> None:
    s = session()
    play_until(s, lambda s: not s.deploying() and s.human_turn())
    scene = app.reset(BattleScene(app, s))
    frames(app, 2)
    assert KEYS[pygame.K_o] is Control.OBJECTIVES and any(k == "O" for k, _ in SHORTCUTS)
    press(app, pygame.K_o)
    card = app.top
    assert isinstance(card, StoryCard) and card.title == "The Relief: objectives"
    assert "How it scores" in card_text(card) and "The crossing: Control" in card_text(card)
    press(app, pygame.K_o)  # O closes what O opened
    assert app.top is scene
    click(app, scene.widgets[Control.OBJECTIVES.value])
    assert isinstance(app.top, StoryCard)
    click(app, app.top.widgets["continue"])
    assert app.top is scene


def test_a_story_told_by_an_event_is_a_card_the_players_dismiss_and_a_line_in_the_log(app: App) -> None:
    s = session()
    play_until(s, lambda s: not s.deploying() and s.human_turn())
    scene = app.reset(BattleScene(app, s))
    frames(app, 2)
    s.state.emit(EventKind.StoryTold, "The bridge groans: Timbers crack. (the_relief.yaml:30)",
                 title="The bridge groans", text="Timbers crack.", cite="the_relief.yaml:30")
    frames(app, 2)
    card = app.top
    assert isinstance(card, StoryCard) and card.title == "The bridge groans" and card.note == "the_relief.yaml:30"
    assert "Timbers crack." in card_text(card)
    assert scene.log_panel is not None and any("Timbers crack." in e.text for e in s.state.log)
    # a click outside the card closes it, on release (the click does not reach the table)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(3, 3), button=1))
    frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(3, 3), button=1))
    frames(app, 2)
    assert app.top is scene


def test_in_hotseat_each_side_reads_its_own_objectives_on_its_first_hand_off_while_deploying(app: App) -> None:
    s = session(HOTSEAT, "breakthrough", seed=4)
    scene = app.reset(BattleScene(app, s))
    covers = []
    for _ in range(600):
        frames(app, 1)
        top = app.top
        if top is not scene:
            covers.append((top.name, getattr(top, "side", None), getattr(top, "objectives", None)))
            press(app, pygame.K_RETURN)
        elif s.pending is not None and s.human_turn() and scene.panel.takes_keys():
            if not s.deploying():
                break
            s.last_human = s.pending.side
            assert s.answer(make("easy", 1).decide(s.state, s.pending)) is None
    assert covers[0][0] == "story"  # the briefing, then the hand-offs
    told = [(side, text) for name, side, text in covers if name == "handoff" and text]
    assert told and all(text == objectives_of(s.state, side) for side, text in told)
    assert len({side for side, _ in told}) == len(told)  # once a side


def test_the_table_draws_each_sides_exit_edges_where_the_rules_put_them() -> None:
    s = session(HOTSEAT, "breakthrough", seed=4)
    assert objective_marks.marks(s.state) == []  # the edges are not known before the edge choice
    play_until(s, lambda s: s.state.encounter.chosen_edge is not None)
    exits = [m for m in objective_marks.marks(s.state) if m.kind == "exit"]
    for side in (0, 1):
        model = s.state.side_models(side)[0]
        assert [m.edge for m in exits if m.side == side] == encounter.escape_edges(s.state, model)
    mark = exits[0]
    x0, y0, x1, y1 = mark.box
    card = objectives.card_at(s.state, (x0 + x1) / 2, (y0 + y1) / 2)
    assert card is not None and card[0] == f"Exit: the {mark.edge} edge" and "[ENC-BRK-2]" in card[1]


def test_the_table_draws_where_reinforcements_arrive_until_they_have_come() -> None:
    s = session()
    play_until(s, lambda s: not s.deploying())
    enc = s.state.encounter
    [mark] = objective_marks.marks(s.state)
    waiting = [s.state.model(m) for m in enc.reserved]
    arrival = enc.scenario.events[0].do[0].reinforcements
    assert mark.kind == "arrival" and mark.side == enc.named_side("Defender")
    assert mark.edge == scenario_events.arrival_edge(s.state, waiting[0], arrival) == "bottom"
    assert mark.box == encounter.edge_strip(s.state.battle_map.size, "bottom", 3.0)
    assert mark.label == "Reinforcements: Defender (turn 3)"
    for m in waiting:
        assert m.status == RESERVE
        m.status = ON_TABLE
    assert objective_marks.marks(s.state) == []


@pytest.mark.parametrize("size", [(1000, 650), (1280, 800), (1920, 1080)])
def test_the_cards_fit_the_window(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    for name in ("CONFIG", "MODS", "REPLAYS"):
        (tmp_path / name.lower()).mkdir()
        monkeypatch.setenv(f"IRON_HONOR_{name}", str(tmp_path / name.lower()))
    app = App(UISettings(width=size[0], height=size[1], animation="instant"), save=False)
    s = session()
    play_until(s, lambda s: not s.deploying() and s.human_turn())
    scene = app.reset(BattleScene(app, s))
    frames(app, 2)
    scene.briefing.show_objectives()
    frames(app, 2)
    card = app.top
    screen = pygame.Rect(0, 0, *size)
    assert screen.contains(card.panel)
    assert all(card.panel.contains(w.rect) for w in card.widgets.values())


def test_a_reserve_with_a_place_of_its_own_is_drawn_there(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.scenes import common

    text = (Path(__file__).resolve().parents[2] / "scenarios" / "the_relief.yaml").read_text(encoding="utf-8")
    text = text.replace("{side: Defender, count: 2, types: [companion, follower]}",
                        "{side: Defender, count: 2, types: [companion, follower], arrival: {at: [18, 30], within: 4}}")
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "scenarios" / "relief_at_the_ford.yaml").write_text(text.replace("The Relief", "Relief at the Ford"))
    monkeypatch.setenv("IRON_HONOR_MODS", str(tmp_path))
    common.rescan()
    try:
        s = session(scenario="relief_at_the_ford")
    finally:
        monkeypatch.undo()
        common.rescan()  # (the mod seen by this test only)
    play_until(s, lambda s: not s.deploying())
    [mark] = objective_marks.marks(s.state)
    assert mark.circle == (18, 30, 4) and mark.box is None and mark.label == "Reinforcements: Defender (turn 3)"
    assert objectives.card_at(s.state, 18, 31)[-1] == "Each arrives wholly within 4″ of (18, 30)"


def test_a_named_place_that_scores_nothing_is_drawn_with_its_name(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Top-level ``regions`` (the places triggers watch): dashed, named, with a card; a scoring region is left to
    the scoring's own drawing."""
    from game.ui.scenes import common
    from game.ui.table_view import Camera, draw_state

    text = (Path(__file__).resolve().parents[2] / "scenarios" / "the_relief.yaml").read_text(encoding="utf-8")
    text = text.replace("name: The Relief", "name: Relief at the Ford") + (
        "regions:\n  - {name: the ford, polygon: [[2, 14], [8, 14], [8, 20], [2, 20]]}\n"
        "  - {name: the watchtower, circle: {centre: [30, 8], diameter: 5}}\n")
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "scenarios" / "ford.yaml").write_text(text)
    monkeypatch.setenv("IRON_HONOR_MODS", str(tmp_path))
    common.rescan()
    try:
        s = session(scenario="ford")
    finally:
        monkeypatch.undo()
        common.rescan()  # (the mod seen by this test only)
    play_until(s, lambda s: not s.deploying())
    places = [m for m in objective_marks.marks(s.state) if m.kind == "region"]
    assert [m.label for m in places] == ["the ford", "the watchtower"]
    assert objectives.card_at(s.state, 5, 17)[0] == "the ford"
    assert objectives.card_at(s.state, 31, 9)[0] == "the watchtower"
    surface = pygame.Surface((400, 400))
    draw_state(surface, s.state, Camera.fit(surface.get_rect()))


def test_a_story_told_as_the_game_ends_is_read_before_the_results(app: App) -> None:
    s = session()
    play_until(s, lambda s: s.over)
    scene = app.reset(BattleScene(app, s))
    s.state.emit(EventKind.StoryTold, "The end (x.yaml:1)", title="", text="The bridge falls.", cite="x.yaml:1")
    frames(app, 2)
    assert isinstance(app.top, StoryCard) and app.top.title == "The Relief"  # untitled: the encounter's name
    press(app, pygame.K_RETURN)
    frames(app, 60)
    assert app.top.name == "results" and scene.briefing.stories == []


def test_a_story_effect_in_a_scenario_file_comes_on_a_card_in_play(app: App, tmp_path: Path) -> None:
    """From YAML alone: an event's ``story`` at the start of turn 1 is read on a card, then the battle goes on."""
    from game.ui.scenes import common

    text = (Path(__file__).resolve().parents[2] / "scenarios" / "engagement.yaml").read_text(encoding="utf-8")
    text = text.replace("name: Engagement", "name: Misty Engagement") + (
        "events:\n  - name: Dawn\n    when: {turn_starts: 1}\n    do:\n"
        "      - story: {title: Dawn, text: \"Mist fills the gorge.\"}\n")
    (tmp_path / "mods" / "scenarios").mkdir(parents=True)
    (tmp_path / "mods" / "scenarios" / "misty.yaml").write_text(text)
    common.rescan()
    try:
        s = session(scenario="misty", seed=2)
    finally:
        (tmp_path / "mods" / "scenarios" / "misty.yaml").unlink()
        common.rescan()  # (the mod seen by this test only)
    scene = app.reset(BattleScene(app, s))
    covers = []
    ais = [make("easy", 5 + side) for side in (0, 1)]
    for _ in range(2000):
        frames(app, 1)
        top = app.top
        if isinstance(top, StoryCard) and top.title == "Dawn":
            break
        if top is not scene:
            covers.append(top.title if isinstance(top, StoryCard) else top.name)
            press(app, pygame.K_RETURN)
        elif s.pending is not None and s.human_turn() and scene.panel.takes_keys():
            assert s.answer(ais[s.pending.side].decide(s.state, s.pending)) is None
    card = app.top
    assert isinstance(card, StoryCard) and card.title == "Dawn" and "Mist fills the gorge." in card_text(card)
    assert "misty.yaml" in card.note and s.state.turn == 1
    assert covers[0] == "Misty Engagement: the briefing"
    press(app, pygame.K_RETURN)
    assert app.top is scene
