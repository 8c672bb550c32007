"""What the battle draws over the table: deployment zones and edges, the answerable bases, the arc and rings of
the model in question, LOS and the odds card under the mouse, the model card, banners and the answer's tip.

Part of BattleScene (game/ui/scenes/battle.py).
"""

from __future__ import annotations

import html
import math
import re
from typing import TYPE_CHECKING

import pygame

from game.geometry.battlefield import EDGES
from game.rules.decision_kinds import DecisionKind
from game.rules.encounter import edge_strip
from game.ui import layout_probe, theme, tokens
from game.ui.battle import hover, previews, tooltips
from game.ui.battle.cards import render_card, wrap
from game.ui.battle.odds_card import OddsCard
from game.ui.battle.prompts import ChoicePrompt

if TYPE_CHECKING:
    from game.ui.scenes.battle import BattleScene

HOVER_CARD_DELAY = 0.35  # seconds the mouse rests on a model before its card covers the table


class Overlays:
    """Owns the message banner (text, seconds left, refusal or news), the odds card and the odds cache."""

    def __init__(self, scene: BattleScene):
        self.scene = scene
        self.message = ""
        self.message_time = 0.0
        self.message_bad = True
        self.odds_card = OddsCard()  # where the odds card is drawn; its modifiers are rule links
        self._odds_cache: dict[tuple, object] = {}

    def flash(self, text: str, bad: bool = True, seconds: float = 4.0) -> None:
        """A message across the top of the table: a refusal (red) or news (``bad`` False: slate)."""
        self.message, self.message_time, self.message_bad = text, seconds, bad

    def update(self, dt: float) -> None:
        self.message_time = max(0.0, self.message_time - dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Everything over the table, in order (the scene clips to the table)."""
        self._zones(surface)
        self._highlights(surface)
        self._selection(surface)
        prompt, cam = self.scene.prompt, self.scene.cam
        if prompt is not None and cam is not None:
            prompt.draw(surface, cam)
        self._hover(surface)
        self._message(surface)
        self._other_player_banner(surface)
        self._option_tip(surface)

    # -- the set-up -----------------------------------------------------------------------------
    def _edges(self, surface: pygame.Surface) -> None:
        """choose_edge: each edge the option names, labelled where it lies, so the choice is seen."""
        scene = self.scene
        cam = scene.cam
        assert cam is not None
        f = theme.font(scene.px(16), bold=True)
        d = scene.session.pending
        for n, key in enumerate(d.choices() if d is not None else []):
            if key not in EDGES:
                continue
            x0, y0, x1, y1 = edge_strip(scene.state.battle_map.size, key, 1.5)
            a, b = cam.to_px((x0, y0)), cam.to_px((x1, y1))
            rect = pygame.Rect(a, (b[0] - a[0], b[1] - a[1]))
            pygame.draw.rect(surface, theme.ACCENT, rect, 3)
            label = f.render(f"{n + 1}. {key}", True, (0, 0, 0), theme.ACCENT)
            at = label.get_rect(center=rect.center).clamp(scene.table_rect)
            surface.blit(label, at)
            layout_probe.note("text", at, scene.table_rect, key, "edge label")

    def _zones(self, surface: pygame.Surface) -> None:
        scene = self.scene
        d = scene.session.pending
        if d is not None and d.kind is DecisionKind.choose_edge and scene.prompt is not None:
            self._edges(surface)
            return
        if d is None or not d.kind.zones or scene.state.encounter is None:
            return
        from game.rules.encounter import zone_of

        cam = scene.cam
        assert cam is not None
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        for side in (0, 1):
            zone = zone_of(scene.state, side)
            colour = (*theme.side_colour(side, scene.app.settings.colour_blind), 60 if side == d.side else 30)
            pts = [cam.to_px(p) for p in zone.outline()]
            pygame.draw.polygon(layer, colour, pts)
            pygame.draw.polygon(layer, (*colour[:3], 200), pts, 2)
        surface.blit(layer, (0, 0))

    # -- the models in question -------------------------------------------------------------------
    def _highlights(self, surface: pygame.Surface) -> None:
        scene = self.scene
        cam = scene.cam
        assert cam is not None
        prompt = scene.prompt
        if isinstance(prompt, ChoicePrompt):
            t = pygame.time.get_ticks() / 1000.0
            pulse = 2 + round(2 * (1 + math.sin(t * 5)))
            for mid in prompt.model_options():
                m = scene.state.model(mid)
                c = cam.to_px((m.x, m.y))
                tokens.draw_choice_halo(surface, c, round(m.radius * cam.scale) + 3 + pulse, theme.ACCENT)

    def _selection(self, surface: pygame.Surface) -> None:
        scene = self.scene
        cam, state = scene.cam, scene.state
        assert cam is not None
        mid = scene.focus_model()
        if mid is None or mid not in state.models or not state.model(mid).on_table or mid in scene.feed.moving:
            return  # (a base still sliding along its route gets its arc and rings when it arrives)
        m = state.model(mid)
        previews.draw_front_arc(surface, cam, m)
        if scene.show_rings:
            d = scene.session.pending
            allowance = d.context.get("allowance") if d is not None else None
            previews.draw_range_rings(surface, cam, state, mid, allowance)

    def _hover(self, surface: pygame.Surface) -> None:
        """LOS and the exact odds of the attack in question under the mouse; else, after a moment, the card."""
        scene = self.scene
        cam, state, mouse = scene.cam, scene.state, scene.input
        assert cam is not None
        hovered = mouse.hover_model
        if hovered is None or mouse.hover_px is None:
            self.odds_card.gone()
            if mouse.hover_px is not None and mouse.hover_in is not None and mouse.hover_still >= HOVER_CARD_DELAY:
                self._objective_card(surface)
            return
        at = (mouse.hover_px[0] + 18, mouse.hover_px[1] + 18)
        focus = scene.focus_model()
        if focus and focus != hovered and focus in state.models and state.model(focus).on_table \
                and state.model(hovered).on_table:
            previews.draw_los(surface, cam, state, focus, hovered)
        pair = self._odds_pair(focus, hovered)
        if pair is not None:
            odds = self.odds(*pair)
            if odds is not None:
                self.odds_card.drawn(previews.draw_odds_box(surface, at, odds), odds, mouse.hover_px)
                self.odds_card.draw_hover(surface)
                return
        self.odds_card.gone()
        if mouse.hover_still >= HOVER_CARD_DELAY:
            tooltips.draw_hover_card(surface, at, hover.model_lines(state, hovered))

    def _objective_card(self, surface: pygame.Surface) -> None:
        """What the marker, region or scored piece under the mouse scores (game/ui/battle/objectives.py)."""
        from game.ui.battle import objectives

        mouse, cam = self.scene.input, self.scene.cam
        assert cam is not None and mouse.hover_in is not None and mouse.hover_px is not None
        lines = objectives.card_at(self.scene.state, *mouse.hover_in, slack=4 / cam.scale)
        if lines:
            tooltips.draw_hover_card(surface, (mouse.hover_px[0] + 18, mouse.hover_px[1] + 18),
                                     objectives.card_rows(lines))

    def _odds_pair(self, focus: str | None, hovered: str) -> tuple[str, str, str | None] | None:
        """(attacker, target, action) of the attack the question is about, when the hovered model is in it.

        A free strike is made by the model offered against the one disengaging; questions about Fate,
        Full Defense or a spell's effect are not about a new attack, so they get no odds card."""
        state = self.scene.state
        d = self.scene.session.pending
        if d is not None and d.kind is DecisionKind.free_strike:
            victim = d.context.get("model")
            return (hovered, victim, "free_strike") if hovered in d.choices() and victim else None
        if (d is not None and not d.kind.attack_odds) or focus is None or focus == hovered:
            return None
        if not (state.model(focus).on_table and state.model(hovered).on_table):
            return None
        return focus, hovered, d.context.get("action") if d is not None else None

    def odds(self, attacker: str, target: str, action: str | None):
        """The exact odds of that attack (cached per state version)."""
        state = self.scene.state
        a, t = state.model(attacker), state.model(target)
        if a.side == t.side:
            return None
        kind = hover.attack_kind_for(state, attacker, target, action)
        if kind is None:
            return None
        key = (attacker, target, kind, state.version)
        if key not in self._odds_cache:
            if len(self._odds_cache) > 64:
                self._odds_cache.clear()
            self._odds_cache[key] = previews.odds_summary(state, attacker, target, kind)
        return self._odds_cache[key]

    # -- banners and tips -------------------------------------------------------------------------
    def _other_player_banner(self, surface: pygame.Surface) -> None:
        """Hotseat: a question for the player whose model is not activating (Fate, Full Defense) says so."""
        scene = self.scene
        state = scene.state
        d = scene.session.pending
        if d is None or scene.prompt is None or scene.is_active_side(d.side) or len(scene.session.humans) < 2:
            return
        what = d.kind.heading
        about = state.models.get(d.context.get("model") or "")
        if about is not None and about.side == d.side:  # whose roll or model it is (an area of effect's victim)
            what += f" for {about.name}"
        text = f"{state.sides[d.side].name}: this decision is yours — {what}"
        self._banner(surface, text, theme.side_colour(d.side, scene.app.settings.colour_blind), (255, 255, 255),
                     bottom=scene.table_rect.bottom - scene.px(12), owner="turn banner")

    def _message(self, surface: pygame.Surface) -> None:
        text = ""
        back = (120, 30, 30)
        prompt = self.scene.prompt
        if self.message_time > 0:
            text = self.message
            back = back if self.message_bad else (40, 60, 95)
        elif prompt is not None and prompt.refusal():
            text = prompt.refusal() or ""
        if text:  # (the rules' reasons are clauses: "the move costs 7″, more than the 6″ allowed")
            self._banner(surface, text[:1].upper() + text[1:], back, (255, 235, 235), top=self.scene.px(8),
                         owner="refusal banner")

    def _banner(self, surface: pygame.Surface, text: str, back: tuple[int, int, int], ink: tuple[int, int, int],
                top: int | None = None, bottom: int | None = None, owner: str = "banner") -> None:
        """A message across the table: wrapped to the table's width (never cut), centred, on a coloured box."""
        scene = self.scene
        table = scene.table_rect
        size, pad = scene.px(15), scene.px(8)
        room = table.width - 4 * pad
        lines = wrap(theme.displayable(text), size, True, room)
        f = theme.font(size, bold=True)
        images = [f.render(line, True, ink) for line in lines]
        w = max(i.get_width() for i in images) + 2 * pad
        h = sum(i.get_height() for i in images) + pad
        box = pygame.Rect(0, 0, w, h)
        box.centerx = table.centerx
        if top is not None:
            box.top = top
        else:
            box.bottom = bottom if bottom is not None else table.bottom
        pygame.draw.rect(surface, back, box, border_radius=scene.px(6))
        pygame.draw.rect(surface, (255, 255, 255), box, 1, border_radius=scene.px(6))
        y = box.y + pad // 2
        for line, img in zip(lines, images, strict=True):
            at = img.get_rect(midtop=(box.centerx, y))
            surface.blit(img, at)
            layout_probe.note("text", at, table, line, owner)
            y += img.get_height()

    def _option_tip(self, surface: pygame.Surface) -> None:
        """What the answer under the mouse does, on a card beside the list (a tooltip under it would cover
        the next answers)."""
        scene = self.scene
        panel = scene.panel
        at = scene.input.hover_px
        if at is None or panel.options_rect is None or not panel.options_rect.collidepoint(at):
            return
        for button, _ in panel.option_buttons:
            tip = panel.option_tips.get(id(button))
            if tip and button.visible and button.rect.collidepoint(at):
                size = scene.px(13)
                room = min(scene.px(380), scene.table_rect.width - 2 * scene.px(8))
                card = render_card(_plain_lines(tip), size=size, max_width=round(room * 14 / size) - 2 * size)
                rect = card.get_rect(right=scene.table_rect.right - scene.px(8), centery=button.rect.centery)
                rect.clamp_ip(scene.table_rect)
                surface.blit(card, rect)
                layout_probe.note("text", rect, scene.table_rect, tip[:40], "answer tip")
                return


def _plain_lines(tip: str) -> list[str]:
    """A pygame_gui tooltip's simple HTML as plain lines."""
    return [html.unescape(re.sub(r"<[^>]+>", "", part)) for part in re.split(r"<br\s*/?>", tip) if part.strip()]
