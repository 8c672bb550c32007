"""Every objective the encounter draws shows its scoring on hover, in the battle and in the map editor's
encounter overlay: what it is, who scores what and when — the scenario's own entries, not restated (#19)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.content.library import lookup
from game.editor.overlays import encounter_shapes, shape_at
from game.rules.encounter import Marker
from game.rules.setup import new_game
from game.ui import layout_probe
from game.ui.app import App
from game.ui.battle import objectives, tooltips
from game.ui.scenes.battle import BattleScene
from game.ui.session import HOTSEAT, BattleSession, BattleSetup, try_load
from game.ui.settings import UISettings
from tests.ui.driver import frames, resize

SHOTS = Path("/tmp/objective_tooltips")


def _state(scenario: str, map_name: str = "open_field"):
    parties = (lookup("parties", "ghrim_company").value, lookup("parties", "northmen_raiding_party").value)
    return new_game(parties, lookup("maps", map_name).value, 3, scenario=lookup("scenarios", scenario).value)


def test_a_region_says_what_it_scores_and_follows_the_events() -> None:
    state = _state("signal_fires")
    card = objectives.card_at(state, 18.5, 17.0)
    assert card == ["the beacon hill",
                    "Control: at each Maintenance Phase, 2 ExP to the side with more models touching it; "
                    "equal: nobody", "Scored by either side", "Off until an event switches it on"]
    state.encounter.switched["the beacon"] = True  # what the turn-3 event does
    assert "Off until an event switches it on" not in objectives.card_at(state, 18.5, 17.0)
    assert objectives.card_at(state, 2.0, 2.0) is None


def test_a_one_sided_region_names_its_side_and_a_scored_piece_its_rule() -> None:
    relief = _state("the_relief")
    card = objectives.card_at(relief, 18.0, 18.0)
    assert card[0] == "the crossing" and any(line.startswith("Control:") for line in card)
    landmark = _state("landmark")
    piece = next(p for p in landmark.battle_map.pieces if p.id == "landmark")
    x = sum(v.x for v in piece.polygon) / len(piece.polygon)
    y = sum(v.y for v in piece.polygon) / len(piece.polygon)
    card = objectives.card_at(landmark, x, y)
    assert card[0] == "the landmark" and card[-1].endswith("[ENC-LMK-3]")
    assert "within 6″" in card[1]


def test_markers_say_what_they_score() -> None:
    state = _state("signal_fires")
    state.encounter.markers.append(Marker("M1", 9.0, 9.0, 0.5, 0))  # as the players place them in set-up
    card = objectives.card_at(state, 9.2, 9.0)
    assert card[0] == "cairn M1" and "models not engaged within 3″" in card[1], card


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    for name in ("CONFIG", "MODS", "REPLAYS"):
        (tmp_path / name.lower()).mkdir()
        monkeypatch.setenv(f"IRON_HONOR_{name}", str(tmp_path / name.lower()))
    app = App(UISettings(width=1000, height=650, animation="instant"), save=False)
    pygame.event.clear()
    layout_probe.start()
    yield app
    layout_probe.stop()


@pytest.mark.parametrize("size", [(1000, 650), (1280, 800), (1920, 1080)])
def test_hovering_a_drawn_region_in_the_battle_shows_its_card(app: App, monkeypatch, size) -> None:
    shown: list = []
    real = tooltips.draw_hover_card
    monkeypatch.setattr(tooltips, "draw_hover_card", lambda s, at, lines, *a: shown.append(lines) or real(s, at, lines))
    setup = BattleSetup(mode=HOTSEAT, scenario="signal_fires", seed=1)
    loaded, error = try_load(setup)
    assert error is None
    scene = app.reset(BattleScene(app, BattleSession(setup, loaded)))
    resize(app, *size)
    frames(app, 3)
    pos = scene.cam.to_px((18.5, 17.0))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 30)  # past the hover delay
    assert shown and shown[-1][0].text == "the beacon hill"
    SHOTS.mkdir(exist_ok=True)
    pygame.image.save(pygame.display.get_surface(), SHOTS / f"battle_{size[0]}x{size[1]}.png")


def test_the_editor_overlay_shapes_carry_the_scoring_of_what_they_draw() -> None:
    scenario = lookup("scenarios", "signal_fires").value
    shapes = encounter_shapes(scenario, lookup("maps", "open_field").value)
    beacon = shape_at(shapes, (18.5, 17.0))
    assert beacon is not None and beacon.tip[0] == "the beacon hill"
    assert "Off until an event switches it on" in beacon.tip
    relief = encounter_shapes(lookup("scenarios", "the_relief").value, lookup("maps", "open_field").value)
    crossing = shape_at(relief, (18.0, 21.0))  # the crossing lies over the Defender's zone: the objective wins
    assert crossing is not None and crossing.role == "objective" and crossing.tip[0] == "the crossing"
    zone = shape_at(relief, (12.0, 26.0))
    assert zone is not None and zone.tip == ("Defender deploys", "Deployment zone: each model wholly inside it")


@pytest.mark.parametrize("size", [(1000, 650), (1280, 800), (1920, 1080)])
def test_hovering_an_objective_of_the_editors_encounter_overlay_shows_its_card(tmp_path, monkeypatch, size) -> None:
    from tests.ui.driver import click, menu_app

    app = menu_app(tmp_path, monkeypatch)
    resize(app, *size)
    shown: list = []
    real = tooltips.draw_hover_card
    monkeypatch.setattr(tooltips, "draw_hover_card",
                        lambda s, at, lines, *a: shown.append(lines) or real(s, at, lines, *a))
    click(app, app.top.widgets["editor"])
    ed = app.top
    for _ in range(12):  # the overlay's button steps through the encounters
        if ed.encounter == "signal_fires":
            break
        click(app, ed.widgets["encounter"])
    assert ed.encounter == "signal_fires"
    pos = ed.cam.to_px((18.5, 17.0))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 3)
    assert shown and [r.text for r in shown[-1]][:2] == [
        "the beacon hill", "Control: at each Maintenance Phase, 2 ExP to the side with more models touching it; "
                           "equal: nobody"]
    SHOTS.mkdir(exist_ok=True)
    pygame.image.save(pygame.display.get_surface(), SHOTS / f"editor_{size[0]}x{size[1]}.png")
    pos = ed.cam.to_px((9.0, 18.0))  # a cairn standing where the scenario says
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 3)
    assert shown[-1][0].text == "cairn M1" and "not engaged within 3″" in shown[-1][1].text
