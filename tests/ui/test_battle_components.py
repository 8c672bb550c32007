"""The battle components on real games: they draw without error, show the engine's numbers, change nothing."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pygame_gui
import pytest

from game.ai.odds import attack_odds, spell_odds
from game.ai.registry import make
from game.content.catalog import catalog
from game.content.library import resolve
from game.content.maps import load_map
from game.content.party_building import load_party
from game.content.scenario_file import load_scenario
from game.core.dice import effective_modifiers
from game.rules import board, combat, movement
from game.rules.engine import Game
from game.rules.events import Event
from game.rules.setup import new_game
from game.ui import theme
from game.ui.battle import hover, previews, tooltips
from game.ui.battle.dice_view import DiceTray
from game.ui.battle.event_text import wounds_left
from game.ui.battle.log_panel import LogPanel, is_roll, line_text
from game.ui.battle.status_panel import draw_status
from game.ui.table_view import Camera, draw_state


def play(parties: tuple[str, str], seed: int, decisions: int, scenario: str = "engagement") -> Game:
    """A real game: new_game stepped by two normal AIs, as tools/screenshot_battle.py does."""
    built = tuple(load_party(resolve("parties", p)) for p in parties)
    state = new_game(built, load_map(resolve("maps", "village_ruins")), seed,
                     scenario=load_scenario(resolve("scenarios", scenario)))
    game = Game(state, [make("normal", seed), make("normal", seed + 1)])
    for _ in range(decisions):
        if game.over:
            break
        game.step()
    return game


@pytest.fixture(scope="module")
def games() -> list[Game]:
    pygame.init()
    return [play(("hollow_court", "order_of_the_grey_lance"), 5, 150),
            play(("northmen_raiding_party", "ghrim_company"), 3, 250),
            play(("thornwood_wildkin", "lantern_adventuring_co"), 11, 400)]


@pytest.fixture
def surface() -> pygame.Surface:
    pygame.init()
    return pygame.Surface((1280, 800))


def test_overlays_draw_on_real_games_and_change_nothing(games: list[Game], surface: pygame.Surface) -> None:
    for game in games:
        state = game.state
        before = state.snapshot()
        log_len = len(state.log)
        cam = Camera.fit(pygame.Rect(0, 0, 800, 800))
        draw_state(surface, state, cam)
        models = state.on_table()
        for m in models:
            previews.draw_front_arc(surface, cam, m)
            previews.draw_range_rings(surface, cam, state, m.id, 6.0)
            for e in state.enemies_of(m):
                verdict = previews.draw_los(surface, cam, state, m.id, e.id)
                assert f"{board.distance(m, e):.1f}″" in verdict
                kind = hover.attack_kind_for(state, m.id, e.id)
                if kind is not None:
                    summary = previews.odds_summary(state, m.id, e.id, kind)
                    assert summary.available, summary.reason
                    previews.draw_odds_box(surface, (10, 10), summary)
            tooltips.draw_hover_card(surface, (700, 700), hover.model_lines(state, m.id))
            previews.draw_ghost_base(surface, cam, m.x, m.y, m.radius, m.facing, True)
        previews.draw_route(surface, cam, [(1, 1), (4, 2), (6, 6)], 6.3, 6.0, False, "rough ground")
        draw_status(surface, pygame.Rect(880, 0, 400, 150), state, colour_blind=True)
        assert state.snapshot() == before and len(state.log) == log_len


def test_los_verdict_is_the_geometry_layers(games: list[Game], surface: pygame.Surface) -> None:
    """The hover's LOS is the one the model's own attack would have: turned to face the target ([SEQ-5])."""
    from game.geometry.los import line_of_sight_turned

    state = games[0].state
    cam = Camera.fit(pygame.Rect(0, 0, 800, 800))
    seen = set()
    for m in state.on_table():
        for e in state.enemies_of(m):
            los = line_of_sight_turned(board.battlefield(state), m.id, e.id)
            text = previews.draw_los(surface, cam, state, m.id, e.id)
            verdict = "blocked" if not los.has_los else "cover" if los.cover else "clear"
            assert previews.los_verdict(previews.los_result(state, m.id, e.id)) == verdict
            assert ("blocked" in text) == (verdict == "blocked")
            behind = not board.in_front_arc(m, e)
            assert ("turns to face" in text) == (behind and verdict != "blocked")
            seen.add(verdict)
    assert len(seen) >= 2


def test_close_odds_equal_the_odds_module(games: list[Game]) -> None:
    checked = 0
    for game in games:
        state = game.state
        for m in state.on_table():
            for e in state.enemies_of(m):
                melee = combat.melee_weapons(m)
                attack = combat.Attack(m, e, "close", "furious_attack", melee[0] if melee else None, extra_dice=1)
                odds = attack_odds(state, attack)
                s = previews.odds_summary(state, m.id, e.id, "furious_attack")
                assert (s.p_win, s.p_stun, s.p_brutal, s.p_kill, s.expected_wounds) == \
                       (odds.p_win, odds.p_stun, odds.p_brutal, odds.p_kill, odds.expected_wounds)
                assert s.p_wound == 1 - odds.wounds.get(0, 0)
                assert (s.attack_total, s.defence_total) == (odds.attack_total, odds.defence_total)
                applied = effective_modifiers([*combat.attack_modifiers(state, attack),
                                               *combat.weakness_modifiers(m, "MA")])
                assert s.attack_mods == [{"value": x.value, "rule": x.rule, "source": x.source} for x in applied]
                checked += 1
    assert checked > 20


def test_shot_and_spell_odds_equal_the_odds_module(games: list[Game]) -> None:
    shots = spells = 0
    for game in games:
        state = game.state
        for m in state.on_table():
            for w in combat.ranged_weapons(m):
                if w in m.jammed or board.is_engaged(state, m):
                    continue
                for t, band, cover in movement.ranged_targets(state, m, w):
                    copy = state.copy()
                    attack = combat.Attack(copy.model(m.id), copy.model(t.id), "ranged", "aimed_shot", w,
                                           range_band=band, cover=cover)
                    for h in combat.hooks_of(attack.attacker):
                        h.prepare_attack(copy, attack)
                    odds = attack_odds(copy, attack)
                    s = previews.odds_summary(state, m.id, t.id, "aimed_shot", weapon=w)
                    assert (s.p_win, s.expected_wounds, s.p_stun, s.p_misfire) == \
                           (odds.p_win, odds.expected_wounds, odds.p_stun, odds.p_misfire)
                    shots += 1
            if m.has("sorcery"):
                for e in state.enemies_of(m):
                    s = previews.odds_summary(state, m.id, e.id, "spell")
                    if s.available:
                        assert s.p_win == spell_odds(state, m, e, "stun").p_success
                        assert s.expected_wounds == spell_odds(state, m, e, "ravage").expected_wounds
                        spells += 1
    assert shots > 0 and spells > 0


def test_charge_odds_read_the_engine_after_its_own_charge_move(games: list[Game]) -> None:
    found = 0
    for game in games:
        state = game.state
        before = state.snapshot()
        for m in state.on_table():
            inches, _ = movement.allowance(state, m, "charge")
            targets = {e.id for e, _ in movement.charge_targets(state, m, inches)}
            for e in state.enemies_of(m):
                s = previews.odds_summary(state, m.id, e.id, "charge")
                assert s.available == (e.id in targets)
                if s.available:
                    assert any("charg" in x["source"].lower() for x in s.attack_mods)  # +2, or Hard Charger's +4
                    found += 1
        assert state.snapshot() == before
    assert found > 0


def test_tooltips_carry_trait_rule_text_and_conditions(games: list[Game]) -> None:
    state = games[0].state
    for m in state.models.values():
        tip = tooltips.model_tooltip(state, m.id)
        for t in m.profile.traits:
            trait = catalog().trait(t)
            assert trait.rules[0] in tip
            assert tooltips._esc(trait.summary) in tip
        assert wounds_left(m.wounds_taken, m.max_wounds) in tip  # worded as in the log (event_text)
    stunned = next(m for g in games for m in g.state.models.values() if m.conditions.get("stunned"))
    state = next(g.state for g in games if stunned.id in g.state.models and g.state.models[stunned.id] is stunned)
    assert "COND-1" in tooltips.model_tooltip(state, stunned.id)
    assert "MOD-2" in tooltips.modifier_tooltip({"value": 2, "rule": "MOD-2", "source": "charging"})
    guard = tooltips.modifier_tooltip({"value": 2, "rule": "T-GUARD-1", "source": "Guard"})
    assert catalog().trait("guard").summary.split(" ")[0] in guard
    tip = tooltips.action_tooltip("charge", state.model("B1"))
    assert "2 AP" in tip and "MOVE-3" in tip


def test_log_panel_expands_a_roll_to_its_modifiers_rule_ids(games: list[Game]) -> None:
    pygame.init()
    pygame.display.set_mode((1280, 800))
    manager = pygame_gui.UIManager((1280, 800), theme.gui_theme(1.0))
    panel = LogPanel(manager, pygame.Rect(0, 0, 400, 600))
    state = games[1].state
    panel.refresh(state)
    rolls = [i for i, e in enumerate(state.log) if is_roll(e) and e.data.get("modifiers")]
    assert rolls
    i = rolls[-1]

    def details() -> list[str]:
        return [ln.text for ln in panel.lines if ln.target == f"roll:{i}" and ln.indent == 24]

    assert f"roll:{i}|[+] " in panel.text and not details()
    j = next(k for k, ln in enumerate(panel.lines) if ln.target == f"roll:{i}")
    panel._scroll_to(j)
    pos = panel.line_pos(j)
    assert pos is not None
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    assert panel.handle(click)
    opened = " ".join(details())
    for m in state.log[i].data["modifiers"]:
        assert f"[{m['rule']}]" in opened and m["source"] in opened
    assert f"dice {' '.join(f'[{v}]' for v in state.log[i].data['dice'])}" in opened
    assert panel.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=panel.line_pos(j), button=1))
    assert not details()  # and closes again
    header = next(k for k, ln in enumerate(panel.lines) if ln.target == "turn:1")
    before = len(panel.lines)
    panel.toggle(panel.lines[header].target)  # a turn folds to its header
    assert len(panel.lines) < before
    manager.update(0.01)
    manager.draw_ui(pygame.display.get_surface())
    panel.kill()


def test_log_panel_appends_without_relayout(games: list[Game]) -> None:
    pygame.init()
    pygame.display.set_mode((1280, 800))
    manager = pygame_gui.UIManager((1280, 800), theme.gui_theme(1.0))
    panel = LogPanel(manager, pygame.Rect(0, 0, 400, 600))
    game = play(("northmen_raiding_party", "ghrim_company"), 7, 60)
    panel.refresh(game.state)
    lines = list(panel.lines)
    for _ in range(5):
        panel.refresh(game.state)  # nothing new: nothing done
    assert panel.lines == lines
    for _ in range(80):
        if game.over:
            break
        game.step()
        panel.refresh(game.state)
        assert panel.lines[:len(lines)] == lines  # appended, never laid out again
        lines = list(panel.lines)
        assert panel.shown == len(game.state.log)
    assert panel.rebuilds == 0
    last = line_text(game.state.log[-1]).replace("→", "»")  # the text and its rule ID
    assert panel.lines[-1].text in last or last.startswith(panel.lines[-1].text.removeprefix("[+] "))
    panel.kill()


def test_dice_tray_shows_opposed_rolls_and_animates(games: list[Game], surface: pygame.Surface) -> None:
    state = games[1].state
    tray = DiceTray(speed=1.0)
    for e in state.log:
        tray.show(e, state)
    assert tray.rows
    attack = next(i for i, e in enumerate(state.log) if e.kind == "DiceRolled" and e.data["roll"] == "attack")
    tray.show(state.log[attack], state)
    assert len(tray.rows) == 1 and tray.rolling
    tray.draw(surface, pygame.Rect(10, 700, 520, 76))
    nxt = next(e for e in state.log[attack + 1:] if e.kind == "DiceRolled")
    tray.show(nxt, state)
    if nxt.data["roll"] == "defence":
        assert len(tray.rows) == 2 and tray.rows[0].side != tray.rows[1].side
    tray.update(0.5)
    assert not tray.rolling
    tray.draw(surface, pygame.Rect(10, 700, 520, 76))
    instant = DiceTray(speed="instant")
    instant.show(Event("ActivationRoll", "X rolls 5 = 5: 2 AP", {"model": "A1", "dice": [5], "modifiers": [],
                                                                  "total": 5, "ap": 2}))
    assert not instant.rolling and instant.outcome == "2 AP" and instant.rows[0].side == 0
    instant.draw(surface, pygame.Rect(10, 700, 520, 76))


def test_no_glyph_the_font_lacks_in_component_text(games: list[Game]) -> None:
    """The shipped Noto Sans has no arrows; any text we render must avoid them."""
    lines = [*tooltips.ACTION_TEXT.values(), *(" ".join(v) for v in tooltips.CONDITION_TEXT.values())]
    lines += [t.summary for t in catalog().traits.values()]
    for game in games:
        state = game.state
        for m in state.on_table():
            lines += [r.text for r in hover.model_lines(state, m.id)]
            lines += [text for _, text, _ in previews.ring_specs(state, m.id, 6.0)]
            for e in state.enemies_of(m):
                for kind in ("charge", "shoot", "spell", "standard_attack"):
                    lines += [r.text for r in previews.odds_rows(previews.odds_summary(state, m.id, e.id, kind))]
    font = pygame.freetype.Font(str(theme.FONT_REGULAR), 14) if pygame.freetype.get_init() else None
    if font is None:
        pygame.freetype.init()
        font = pygame.freetype.Font(str(theme.FONT_REGULAR), 14)
    missing = {ch for s in lines for ch in set(s) if font.get_metrics(ch)[0] is None}
    assert not missing


def test_hover_previews_the_decisions_action_and_warm_odds_fills_the_cache(games: list[Game]) -> None:
    state = games[0].state
    a = next(m for m in state.on_table() if combat.ranged_weapons(m))
    e = state.enemies_of(a)[0]
    assert hover.attack_kind_for(state, a.id, e.id, "aimed_shot") == "aimed_shot"
    assert hover.attack_kind_for(state, a.id, e.id, "charge") == "charge_attack"
    assert hover.attack_kind_for(state, a.id, a.id) is None
    previews._ODDS_CACHE.clear()
    while not previews.warm_odds(state, a.id, budget_s=0.001):
        pass
    for e in state.enemies_of(a):
        kind = hover.attack_kind_for(state, a.id, e.id)
        if kind is not None:
            key = next(k for k in previews._ODDS_CACHE if k[:3] == (a.id, e.id, kind))
            assert previews.odds_summary(state, a.id, e.id, kind) is previews._ODDS_CACHE[key]


def test_inner_reserve_lines_are_the_odds_modules(games: list[Game]) -> None:
    state = games[1].state
    m = next(m for m in state.on_table() if combat.melee_weapons(m) and state.enemies_of(m))
    e = state.enemies_of(m)[0]
    attack = combat.Attack(m, e, "close", "standard_attack", combat.melee_weapons(m)[0])
    without, with_ir = previews.inner_reserve_lines(state, attack, m.side)
    assert previews.pct(attack_odds(state, attack).p_win) in without
    assert previews.pct(attack_odds(state, attack, attacker_inner_reserve=True).p_win) in with_ir
    _, defending = previews.inner_reserve_lines(state, attack, e.side)
    assert previews.pct(attack_odds(state, attack, defender_inner_reserve=True).p_win) in defending


def test_models_off_the_table_get_no_line_and_no_odds(games: list[Game], surface: pygame.Surface) -> None:
    state = next(g.state for g in games if any(not m.on_table for m in g.state.models.values()))
    gone = next(m for m in state.models.values() if not m.on_table)
    other = next(m for m in state.on_table() if m.side != gone.side)
    cam = Camera.fit(pygame.Rect(0, 0, 800, 800))
    assert previews.draw_los(surface, cam, state, other.id, gone.id) == ""
    assert not previews.odds_summary(state, other.id, gone.id, "close").available


def test_spell_inner_reserve_lines_are_the_odds_modules() -> None:
    """Inner Reserve on a casting roll (asked before the target is chosen: the odds against each target in
    reach) and on the resisting roll (the chosen target's), as game.ai.odds gives them."""
    game = play(("lantern_adventuring_co", "northmen_raiding_party"), 1, 0)
    seen = set()
    while not game.over and len(seen) < 2:
        d = game.pending
        cast = d.context.get("cast") if d is not None and d.kind == "inner_reserve" else None
        if cast is not None:
            state = game.state
            caster, spell = state.model(cast["caster"]), cast["spell"]
            lines = previews.spell_reserve_lines(state, cast, d.side)
            if "target" in cast:
                t = state.model(cast["target"])
                extra = bool(cast["caster_extra"])
                assert previews.pct(spell_odds(state, caster, t, spell, cast["enhancement"],
                                               caster_inner_reserve=extra).p_success) in lines[0]
                assert previews.pct(spell_odds(state, caster, t, spell, cast["enhancement"], caster_inner_reserve=extra,
                                               target_inner_reserve=True).p_success) in lines[1]
                seen.add("resist")
            else:
                assert cast["targets"] and "target not chosen yet" in lines[0]
                for t in (state.model(i) for i in cast["targets"][:3]):
                    line = next((x for x in lines if f"vs {t.name}:" in x), None)
                    if line is not None:
                        assert previews.pct(spell_odds(state, caster, t, spell, cast["enhancement"]).p_success) in line
                        assert previews.pct(spell_odds(state, caster, t, spell, cast["enhancement"],
                                                       caster_inner_reserve=True).p_success) in line
                seen.add("cast")
        game.step()
    assert seen == {"cast", "resist"}
