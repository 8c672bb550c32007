"""A campaign through the window by posted events: main menu -> Campaign -> a campaign and two parties -> each
game through the battle and its results -> the campaign screen between games (casualties, banked ExP, the
party builder spending it) -> the next game -> the end. Rendered at 1000x650 and 1280x800."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.ai.registry import make
from game.saves import campaigns as store
from game.ui.app import App
from game.ui.scenes import common
from tests.ui.driver import click, frames, menu_app, play_out, resize
from tests.ui.test_builder import press_widget


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    return menu_app(tmp_path, monkeypatch, ("CONFIG", "MODS", "REPLAYS", "CAMPAIGNS"))


def play_to_results(app: App) -> None:
    assert app.top.name in ("battle", "story")  # (a briefing or story card over the battle)
    play_out(app, lambda side: make("aggressive", 100 + side))  # (the battle itself without drawing it)


@pytest.mark.rule("CMP-1", "CMP-2", "CMP-5", "CMP-6", "CMP-7")
def test_a_whole_campaign_through_the_window(app: App, tmp_path: Path):
    click(app, app.top.widgets["campaign"])
    assert app.top.name == "campaign_menu"
    common.content()
    click(app, app.top.widgets["campaign:border_feud"])
    click(app, app.top.widgets["party0:ghrim_company"])
    click(app, app.top.widgets["party1:northmen_raiding_party"])
    click(app, app.top.widgets["who:a"])
    app.top.seed = 3  # (a random one otherwise)
    click(app, app.top.widgets["start"])
    scene = app.top
    assert scene.name == "campaign", getattr(scene, "error", "")
    run = scene.run_
    saved = list((tmp_path / "campaigns").iterdir())
    assert [p.name for p in saved] == [run.path.name]  # the progress is kept from the start
    assert run.progress.sides[0].banked == 8 and run.progress.ai == ["human", "normal"]

    click(app, scene.widgets["play"])  # game 1
    play_to_results(app)
    assert run.progress.next_game == 1  # recorded when the results show, once
    results = app.top
    assert results.widgets["menu"].text == "Campaign" and not results.widgets["rematch"].is_enabled
    click(app, results.widgets["menu"])
    assert app.top is scene and "Game 1" in scene.widgets["story"].html_text
    first = run.progress.results[0]
    assert run.progress.sides[0].banked == 8 + first.scores[0]

    # the builder on side A's campaign party: a follower added with banked ExP, saved into the campaign
    banked, models = run.progress.sides[0].banked, len(run.progress.sides[0].party["models"])
    click(app, scene.widgets["edit:0"])
    builder = app.top
    assert builder.name == "builder" and builder.judge().budget == run.progress.sides[0].cost() + banked
    cost = run.progress.sides[0].cost()
    press_widget(app, "add:follower")
    for attribute in ("MA", "RA", "PD", "WP"):
        press_widget(app, f"step:{attribute}:+")
    verdict = builder.judge()
    assert verdict.budget == cost + banked and verdict.min_followers == 0  # [CMP-6]: its own budget, may be short
    press_widget(app, "save")
    if verdict.playable:  # banked enough for the follower
        assert len(run.progress.sides[0].party["models"]) == models + 1
        assert run.progress.sides[0].banked == banked - (run.progress.sides[0].cost() - cost)
        assert "stay banked" in builder.status
    else:  # too little banked: refused with the rule, the campaign party unchanged
        assert [p.rules for p in verdict.problems] == [("CMP-6",)]
        assert "CMP-6" in builder.status and len(run.progress.sides[0].party["models"]) == models
        builder.doc.mark_saved()
    press_widget(app, "back")
    assert app.top is scene
    assert store.read_progress(run.path).sides[0].party == run.progress.sides[0].party  # saved at once

    click(app, scene.widgets["play"])  # game 2: the parties as they stand
    assert len(app.top.session.state.side_models(0)) == len(run.progress.sides[0].party["models"])
    play_to_results(app)
    click(app, app.top.widgets["menu"])
    assert app.top is scene and run.progress.finished
    assert not scene.widgets["play"].is_enabled and "The campaign is over" in scene.widgets["story"].html_text
    for size in ((1000, 650), (1280, 800)):
        resize(app, *size)
        frames(app, 2)
        for key in ("play", "menu", "edit:0", "edit:1", "story", "side0", "side1"):
            assert app.window.get_rect().contains(scene.widgets[key].rect), (size, key)
        if os.environ.get("IRON_HONOR_SHOTS"):
            pygame.image.save(app.window, f"{os.environ['IRON_HONOR_SHOTS']}/campaign-{size[0]}x{size[1]}.png")
    click(app, scene.widgets["menu"])
    assert app.top.name == "menu"
    # resumed from the menu: the saved campaign, finished
    click(app, app.top.widgets["campaign"])
    click(app, app.top.widgets["resume"])
    assert app.top.name == "campaign" and app.top.run_.progress.finished


def test_a_broken_progress_file_is_listed_and_not_opened(app: App, tmp_path: Path):
    (tmp_path / "campaigns" / "bad.json").write_text("{", encoding="utf-8")
    click(app, app.top.widgets["campaign"])
    menu = app.top
    assert "cannot be read" in menu.widgets[f"saved:{tmp_path / 'campaigns' / 'bad.json'}"].text
    click(app, menu.widgets["resume"])
    assert app.top is menu and "not JSON" in menu.error


@pytest.mark.rule("CMP-6")
def test_a_party_beyond_its_size_budget_plays_its_game_but_offers_no_replay(app: App):
    from game.ui.campaign_run import CampaignRun, start

    run = start("border_feud", ("ghrim_company", "northmen_raiding_party"), ["human", "normal"], 3)
    assert CampaignRun.replayable(run.session())
    side = run.progress.sides[0]
    side.banked += 60  # as after good games
    extra = [{"name": f"Hired Blade {i}", "type": "follower", "attributes": {"MA": 3, "RA": 3, "PD": 3, "WP": 3},
              "weapons": [{"name": "Sword", "skill": "1h_edged"}], "traits": []} for i in (1, 2)]
    assert run.spend(0, {**side.party, "models": [*side.party["models"], *extra]}) is None
    session = run.session()
    assert session.state.sides[0].party.cost > 200 and session.state.sides[0].party.budget == 192 + 8 + 60
    assert not CampaignRun.replayable(session)
