"""The screenshot tour's party builder leg: the Parties list, the builder (new, a shipped party, a broken rule),
the trait picker, the roster card and *Try it*, at every size.

Called by ``tools/screenshot_tour.py`` (``--builder-only`` runs just this leg). Everything is done by posted
mouse and keyboard events, as a player would; the builder's drawn controls are clicked where they are drawn.
"""

from __future__ import annotations

import time
from typing import Any

import pygame

from game.paths import PARTIES_DIR
from game.ui.autopilot import click, click_widget, frames, press

BUILDER_SCENES = ("parties", "builder_new", "builder_model", "builder_problem", "trait_picker",
                  "trait_forbidden", "roster", "trial")


def builder_tour(tour: Any) -> None:
    app = tour.app
    menu = app.top
    click_widget(app, menu.widgets["parties"])
    parties = app.top
    assert parties.name == "parties", parties.name
    tour.shoot("builder_parties", "parties", "", "Parties: shipped and yours, size, cost/budget, Fate, models")

    click_widget(app, parties.widgets["new"])
    b = app.top
    click_widget(app, b.widgets["add:hero"])
    click_widget(app, b.widgets["add:follower"])
    tour.shoot("builder_new", "builder", "", "A new party: a hero and a follower at their starting ratings; "
                                               "the problems say what is still to do, with their rule IDs")
    press(app, pygame.K_ESCAPE)  # unsaved: the question
    tour.shoot("builder_leave", "unsaved_changes", "", "Leaving with unsaved changes asks first (the map "
                                                        "editor's question: Save / Discard changes / Keep editing)")
    click_widget(app, app.top.widgets["answer:save"])

    shipped = PARTIES_DIR / "northmen_raiding_party.yaml"
    click_widget(app, parties.widgets[f"party:{shipped}"])
    click_widget(app, parties.widgets["edit"])
    b = app.top
    click(app, b.point_of("model:3"))
    tour.shoot("builder_model", "builder", "", "The Northmen opened (a shipped party: saved as your copy); "
                                                "Sigrun the Pet with her master")
    click(app, b.point_of("step:MA:-"))
    click(app, b.point_of("model:0"))
    tour.shoot("builder_problem", "builder", "", "A rule broken: a point unspent [PARTY-3], listed and clickable",
               lambda: b.point_of("problem:0"))
    click(app, b.point_of("problem:0"))
    click(app, b.point_of("step:MA:+"))

    click(app, b.point_of("add_trait"))
    picker = app.top
    assert picker.name == "trait_picker", picker.name
    tour.shoot("builder_traits", "trait_picker", "", "The trait picker: by category, cost, rules text, what it needs")
    click(app, picker.point_of("trait:slayer"))
    tour.shoot("builder_trait_forbidden", "trait_picker", "", "A trait the hero may not take, greyed, with the "
                                                             "rule that forbids it [PARTY-8]")
    press(app, pygame.K_ESCAPE)

    click_widget(app, b.widgets["roster"])
    tour.shoot("builder_roster", "roster", "", "The roster card as it prints (Export: PNG and text)")
    press(app, pygame.K_ESCAPE)

    click_widget(app, b.widgets["try"])
    trial = app.top
    assert trial.name == "trial", trial.name
    tour.shoot("builder_trial", "trial", "", "Try it: the opponent, encounter and map, games and AI")
    click_widget(app, trial.widgets["games:10"])
    click_widget(app, trial.widgets["start"])
    end = time.monotonic() + 120
    while time.monotonic() < end and (trial.trial is None or trial.trial.result.games < 2):
        frames(app, 2)
        time.sleep(0.05)
    tour.shoot("builder_trial_running", "trial", "", "Games played in the background: progress, win rate with its "
                                                    "95 % interval, mean score")
    click_widget(app, trial.widgets["cancel"])
    frames(app, 2)
    press(app, pygame.K_ESCAPE)
    click_widget(app, b.widgets["back"])
    if app.top.name == "unsaved_changes":
        click_widget(app, app.top.widgets["answer:save"])
    press(app, pygame.K_ESCAPE)
    assert app.top is menu, app.top and app.top.name
