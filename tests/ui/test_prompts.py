"""Prompts turn the mouse into answers; every verdict is the engine's own check."""

from __future__ import annotations

import math

import pytest

from game.ai.registry import make
from game.rules.decisions import Decision
from game.ui.battle import plan_menu
from game.ui.battle.commands import Choose, PlanBack, PlanDeclare, PlanStep
from game.ui.battle.prompts import AnglePrompt, ChoicePrompt, PointPrompt, prompt_for
from game.ui.session import HOTSEAT, BattleSession, BattleSetup


def play_until(kind: str, seed: int = 3, limit: int = 4000) -> tuple[BattleSession, Decision]:
    s = BattleSession(BattleSetup(mode=HOTSEAT, seed=seed))
    ai = [make("normal", 10), make("normal", 11)]
    for _ in range(limit):
        d = s.pending
        assert d is not None, f"no {kind} decision in this game"
        if d.kind == kind:
            return s, d
        assert s.answer(ai[d.side].decide(s.state, d)) is None
    raise AssertionError(f"no {kind} decision within {limit} answers")


def test_a_charge_end_snaps_to_base_contact_and_the_engine_takes_it():
    s, d = play_until("charge_end")
    prompt = prompt_for(s.state, d)
    assert isinstance(prompt, PointPrompt)
    target = s.state.model(d.context["target"])
    charger = s.state.model(d.context["model"])
    default = d.context["default"]
    # a hand lands a little off the contact ring, on the charger's side of the target
    off = (default["x"] + 0.3 * (default["x"] - target.x), default["y"] + 0.3 * (default["y"] - target.y))
    answer = prompt.click(off)
    assert answer is not None, prompt.refusal()
    gap = math.hypot(answer["x"] - target.x, answer["y"] - target.y)
    assert math.isclose(gap, target.radius + charger.radius, abs_tol=1e-9)
    assert s.answer(answer) is None


def test_a_move_point_shows_the_engines_refusal_and_route():
    s, d = play_until("move_to")
    prompt = prompt_for(s.state, d)
    m = s.state.model(d.context["model"])
    prompt.hover((m.x, m.y + 30.0))  # far beyond any allowance
    prompt.settle()
    assert prompt.refusal() == d.check({"x": round(m.x * 20) / 20, "y": round((m.y + 30.0) * 20) / 20})
    assert prompt.click((m.x, m.y + 30.0)) is None
    cx, cy = d.context["candidates"][0]["x"], d.context["candidates"][0]["y"]
    assert prompt.click((cx, cy)) is not None
    assert prompt.verdict is not None and prompt.verdict.route is not None and prompt.verdict.route.found


def test_facing_points_from_the_model_to_the_mouse():
    s, d = play_until("facing")
    prompt = prompt_for(s.state, d)
    assert isinstance(prompt, AnglePrompt)
    m = s.state.model(d.context["model"])
    assert prompt.click((m.x + 3.0, m.y)) == 0.0
    assert prompt.click((m.x, m.y + 3.0)) == 90.0
    assert prompt.default() == d.context["current"]


def test_model_options_are_clicked_on_their_bases():
    s, d = play_until("nominate")
    prompt = prompt_for(s.state, d)
    assert isinstance(prompt, ChoicePrompt)
    assert set(prompt.model_options()) == set(d.choices())
    m = s.state.model(d.choices()[0])
    assert prompt.click((m.x + m.radius * 0.5, m.y)) == m.id


def test_the_plan_menu_reaches_every_legal_plan_and_only_those():
    s, d = play_until("plan")
    model = s.state.model(d.context["model"])
    seen = set()

    def walk(prefix: tuple[str, ...]) -> None:
        for item in plan_menu.menu(d, prefix, model):
            match item.command:
                case PlanStep(kind):  # a step leads on: an action that can only end the plan declares it
                    assert any(not isinstance(i.command, PlanDeclare | PlanBack)
                               for i in plan_menu.menu(d, prefix + (kind,), model))
                    walk(prefix + (kind,))
                case PlanDeclare():
                    seen.add(plan_menu.declared(d, prefix))
                case Choose(key):
                    seen.add(key)

    walk(())
    assert seen == set(d.choices())
    for key in d.choices():
        steps = plan_menu.steps_to(d, key)
        assert steps[-1] in (PlanDeclare(), Choose(key))


@pytest.mark.rule("SEQ-2", "SPEC-4", "DIG-ACT-1")
def test_the_plan_menu_marks_but_offers_an_action_that_cannot_succeed_now():
    from game.rules import turn
    from game.rules.readiness import why_not_now
    from tests.rules.harness import figure, table

    state = table((0, figure("Gunner", weapons=[("Pistol", "1h_ranged_bp"), ("Knife", "1h_edged")]), 10, 10, 0),
                  (1, figure("Target"), 14, 10, 180))
    m = state.model("A1")
    state.dice.force(6)
    gen = turn.activate(state, m)
    d = next(gen)
    assert d.kind == "plan"
    items = {i.command: i for i in plan_menu.menu(d, ("ranged_attack",), m, state)}
    clear = items[PlanStep("clear_weapon")]  # offered after the shot ...
    assert clear.label.endswith("may fail")  # ... and marked, with the rules' own reason: the shot may jam
    why = why_not_now(state, m, 'clear_weapon').describe()
    assert clear.not_now == f"Not possible now, possible after what comes before it: {why}"
    assert "possible after a shot" in clear.not_now
    first = {i.command: i for i in plan_menu.menu(d, (), m, state)}
    assert first[PlanStep("standard_attack")].label.endswith("cannot succeed here")  # nobody in contact, no move
    assert items[PlanStep("walk")].not_now is None
    assert all(i.not_now is None for i in plan_menu.menu(d, ("ranged_attack",), m))  # no state: no marks


def test_enter_on_a_move_suggests_the_offered_end_nearest_the_nearest_enemy():
    """The suggested spot of a walk heads for the fight (it took the first offered end, due east, and walked a
    model away from the enemy while playing); every offered end is the engine's own legal point."""
    from game.rules import board

    s, d = play_until("move_to")
    prompt = prompt_for(s.state, d)
    m = s.state.model(d.context["model"])
    foe = board.nearest_enemy(s.state, m)
    answer = prompt.default()
    ends = [(c["x"], c["y"]) for c in d.context["candidates"]]
    best = min(math.hypot(x - foe.x, y - foe.y) for x, y in ends)
    assert math.isclose(math.hypot(answer["x"] - foe.x, answer["y"] - foe.y), best)
    assert s.answer(answer) is None


def test_the_plan_menu_marks_by_place_and_a_plan_that_wastes_ap_is_confirmed(tmp_path, monkeypatch):
    """[SEQ-2]: a blow with nobody in reach is "cannot succeed here" as the first action, "may fail" after a walk
    (the walk may reach); declaring a plan with an action that cannot succeed asks before its AP are lost."""
    import pygame

    from game.rules import board
    from game.rules.events import EventKind
    from game.ui.scenes.battle import BattleScene
    from tests.ui.driver import click, frames, menu_app

    app = menu_app(tmp_path, monkeypatch)
    s, d = play_until("plan")
    m = s.state.model(d.context["model"])
    assert not board.is_engaged(s.state, m)  # the seed's first plan: a free model, its enemies out of reach
    first = {i.kinds: i.label for i in plan_menu.menu(d, (), m, s.state)}
    assert "cannot succeed here" in first[("standard_attack",)]
    if ("walk", "standard_attack") in {p for _, p in plan_menu.plans(d)}:
        after = {i.kinds: i.label for i in plan_menu.menu(d, ("walk",), m, s.state)}
        assert "may fail" in after[("standard_attack",)]
    wasteful = next(k for k, p in plan_menu.plans(d) if p == ("standard_attack",))
    assert [k for k, _ in plan_menu.doomed(("standard_attack",), m, s.state)] == ["standard_attack"]
    scene = app.push(BattleScene(app, s))
    frames(app, 2)
    scene.panel.run(Choose(wasteful))
    assert app.top.name == "confirm" and "wastes 1 AP" in app.top.title and s.pending is d  # not declared yet
    click(app, app.top.widgets["no"].rect.center)
    assert app.top is scene and s.pending is d
    scene.panel.run(Choose(wasteful))
    click(app, app.top.widgets["yes"].rect.center)
    assert any(e.kind == EventKind.PlanDeclared for e in s.state.log[-8:])
    pygame.event.clear()


def test_a_fate_question_with_odds_shows_them_whole_and_every_answer(tmp_path, monkeypatch):
    """The prompt takes the room the two answers of a Fate question leave: the odds of a spell's Inner Reserve
    (one line per target in reach) show without scrolling at 1280×800, and both answers stay in view."""
    import pygame

    from game.ui.scenes.battle import BattleScene
    from tests.ui.driver import frames, menu_app

    app = menu_app(tmp_path, monkeypatch)
    s = BattleSession(BattleSetup(mode=HOTSEAT, seed=1, parties=("lantern_adventuring_co", "northmen_raiding_party")))
    ai = [make("normal", 1), make("normal", 2)]
    while not (s.pending.kind == "inner_reserve" and "cast" in s.pending.context):
        assert s.answer(ai[s.pending.side].decide(s.state, s.pending)) is None
    scene = app.reset(BattleScene(app, s))
    frames(app, 3)
    box, options = scene.widgets["prompt"], scene.widgets["options"]
    assert "takes effect" in box.html_text and box.scroll_bar is None  # all of it, no scroll bar
    assert box.rect.height > scene.panel.base[0]  # it grew into the answers' unused room
    assert len(scene.panel.option_buttons) == 2
    for button, _ in scene.panel.option_buttons:
        assert options.rect.contains(button.rect)
    assert box.rect.bottom <= options.rect.top  # nothing overlaps
    s.answer("pass")  # the next question gets the layout's sizes back when it needs them
    frames(app, 2)
    pygame.event.clear()


def test_speed_changes_are_news_not_refusals(tmp_path, monkeypatch):
    """+ and -: the AI's speed is news (a slate banner, not a refusal's red), remembered in the settings."""
    import pygame

    from game.ui.scenes.battle import BattleScene
    from game.ui.settings import SPEEDS
    from tests.ui.driver import frames, menu_app, press

    app = menu_app(tmp_path, monkeypatch)
    app.settings.animation = SPEEDS[0]
    scene = app.reset(BattleScene(app, BattleSession(BattleSetup(seed=4))))
    frames(app, 2)
    saved = []
    monkeypatch.setattr(app, "save_settings", lambda: saved.append(app.settings.animation))
    press(app, pygame.K_PLUS)
    assert app.settings.animation == SPEEDS[1] and saved == [SPEEDS[1]]
    assert scene.overlays.message == f"AI speed: {SPEEDS[1]}" and not scene.overlays.message_bad


def test_a_long_list_of_models_to_activate_takes_the_room_a_short_prompt_leaves(tmp_path, monkeypatch):
    """Six models to choose from at 1280×800: the answers take the room the three-line prompt leaves (five in
    view where the layout's own share holds three), the prompt stays whole."""
    import pygame

    from game.ui.scenes.battle import BattleScene
    from tests.ui.driver import frames, menu_app

    app = menu_app(tmp_path, monkeypatch)
    s, d = play_until("nominate")
    assert len(d.choices()) >= 6
    scene = app.reset(BattleScene(app, s))
    frames(app, 3)
    box, options = scene.widgets["prompt"], scene.widgets["options"]
    assert box.scroll_bar is None
    shown = [b for b, _ in scene.panel.option_buttons if options.rect.contains(b.rect)]
    fit_before = scene.panel.base[1] // (shown[0].rect.height + scene.pp(3))
    assert len(shown) >= 5 > fit_before
    assert box.rect.bottom <= options.rect.top
    pygame.event.clear()


@pytest.mark.rule("TERR-2", "TERR-6", "T-RANGER-1")
def test_a_move_over_rough_ground_shows_the_rules_note(monkeypatch):
    """The move preview's rough-ground line is the rules' own ([TERR-2]: no slower, -2 to later rolls), and a
    Ranger, whom [TERR-6] spares, is told of no cost."""
    import pygame

    from game.rules import movement
    from game.ui.battle import previews
    from game.ui.table_view import Camera
    from tests.rules.harness import figure, square, table

    pygame.init()  # (fonts: alone, no other test has started pygame)
    shown: list[str | None] = []
    monkeypatch.setattr(previews, "draw_route", lambda *args: shown.append(args[-1]))
    mud = square("mud", "rough", 12, 5, 14, 15)
    for traits in ((), ("ranger",)):
        state = table((0, figure("Mover", traits=traits), 10, 10, 0), (1, figure("Far"), 34, 34, 180), pieces=[mud])
        decision = next(movement.walk(state, state.model("A1"), "walk"))
        prompt = prompt_for(state, decision)
        prompt.hover((16, 10))
        prompt.settle()
        prompt.draw(pygame.Surface((400, 400)), Camera.fit(pygame.Rect(0, 0, 400, 400)))
    assert shown == ["crosses rough ground: −2 to its later rolls this turn [TERR-2]", ""]
    from game.ui.style import KIND_TEXT  # F1's legend says the same: no slower, −2 to later rolls

    assert "half" not in KIND_TEXT["rough"] and "−2 to later rolls" in KIND_TEXT["rough"]


@pytest.mark.rule("DIG-MOVE-3")
def test_pointing_at_an_enemy_in_reach_snaps_a_move_to_base_contact_and_the_engine_takes_it():
    from game.rules import board

    s = BattleSession(BattleSetup(mode=HOTSEAT, seed=3))
    ai = [make("normal", 10), make("normal", 11)]
    for _ in range(4000):
        d = s.pending
        assert d is not None, "no move that could reach an enemy in this game"
        if d.kind == "move_to":
            prompt = prompt_for(s.state, d)
            mover = s.state.model(d.context["model"])
            for e in s.state.enemies_of(mover):
                for at in ((e.x, e.y), (e.x + e.radius + mover.radius + 0.5, e.y)):  # on the base, or just short
                    prompt.hover(at)
                    prompt.settle()
                    if prompt.engaging == e.id and prompt.refusal() is None:
                        answer = prompt.click(at)
                        gap = math.hypot(answer["x"] - e.x, answer["y"] - e.y)
                        assert gap == pytest.approx(mover.radius + e.radius, abs=1e-6)  # the contact ring
                        assert s.answer(answer) is None
                        assert board.in_contact(s.state.model(mover.id), s.state.model(e.id))
                        assert s.pending is None or s.pending.kind != "end_point"  # no contact-or-short question
                        return
        assert s.answer(ai[d.side].decide(s.state, d)) is None
    pytest.fail("no move reached an enemy")


def test_a_snap_that_cannot_be_had_falls_back_to_the_point_itself():
    s, d = play_until("move_to")
    prompt = prompt_for(s.state, d)
    mover = s.state.model(d.context["model"])
    far = max(s.state.enemies_of(mover), key=lambda e: math.hypot(e.x - mover.x, e.y - mover.y))
    prompt.hover((far.x, far.y))
    prompt.settle()
    if prompt.engaging is None:  # out of reach: the point under the mouse, with the engine's refusal
        assert prompt.verdict.point == (round(far.x * 20) / 20, round(far.y * 20) / 20)
        assert prompt.refusal()


@pytest.mark.rule("SEQ-2", "RNG-2")
def test_a_walk_before_a_shot_suggests_an_end_with_the_target_in_sight() -> None:
    """Enter on the walk of "Walk, then a ranged attack" took the end nearest the enemy, behind a wall, and the
    shot was lost ([SEQ-2]); the suggestion is the nearest end from which the rules' readiness finds a target."""
    from game.rules import turn
    from game.rules.readiness import why_not_now
    from tests.rules.harness import figure, square, table

    wall = square("wall", "impassable", 8, 16, 12, 17.5, blocks_los=True)  # between the walk's north end and B1
    state = table((0, figure("Gunner", weapons=[("Pistol", "1h_ranged_bp")]), 10, 24, 270),
                  (1, figure("Target"), 10, 12, 90), pieces=[wall])
    state.dice.force(6)
    gen = turn.activate(state, state.model("A1"))
    d = next(gen)
    d = gen.send(next(o.key for o in d.options if tuple(o.data or ()) == ("walk", "ranged_attack")))
    prompt = prompt_for(state, d)
    foe, nearest = state.model("B1"), min(prompt.candidates, key=lambda c: math.dist(c, (10, 12)))
    assert nearest == (10.0, 18.12)  # straight north: the wall hides the target
    answer = prompt.default()
    what_if = state.copy()
    there = what_if.model("A1")
    there.x, there.y = answer["x"], answer["y"]
    assert why_not_now(what_if, there, "ranged_attack") is None
    there.x, there.y = nearest
    assert why_not_now(what_if, there, "ranged_attack") is not None
    assert math.dist((answer["x"], answer["y"]), (foe.x, foe.y)) <= 9  # in the pistol's long range
