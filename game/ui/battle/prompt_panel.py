"""The battle's question in the side panel: the pending decision's text, its answers as buttons, the plan menu.

Part of BattleScene (game/ui/scenes/battle.py), whose PanelLayout lays out the text box and the answers'
scrolling list and hands them here. Each answer button carries a typed command (commands.py); the panel walks
the plan menu itself and hands every real answer to the scene.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.rules.decision_kinds import DecisionKind
from game.ui import theme
from game.ui.battle import plan_menu, previews, tooltips
from game.ui.battle.commands import AnswerCommand, Choose, Face, PlanBack, PlanDeclare, PlanStep, UseDefault
from game.ui.battle.event_text import setup_roll_standing
from game.ui.battle.option_list import add_option
from game.ui.battle.prompts import Prompt, prompt_for, unavailable_lines

if TYPE_CHECKING:
    from game.rules.decisions import Decision
    from game.ui.scenes.battle import BattleScene

CALM_S = 0.25  # a question that appears while the player was not being asked takes no answer key for this long
SCROLL_BAR_ROOM = 24  # pixels the answers leave for the list's scroll bar (pygame_gui's: 20 at any scale)


class PromptPanel:
    """Owns the pending decision as shown: its Prompt (what a click on the table answers), the prompt text,
    the answer buttons with their tips and commands, and the plan declared so far."""

    def __init__(self, scene: BattleScene):
        self.scene = scene
        self.prompt: Prompt | None = None
        self.decision: Decision | None = None  # the decision the panel shows (None: rebuild at the next sync)
        self.plan_prefix: tuple[str, ...] = ()
        self.option_buttons: list[tuple[pygame_gui.elements.UIButton, AnswerCommand]] = []
        self.option_lines: list[pygame_gui.elements.UILabel] = []  # the lines of answers too long for one
        self.option_tips: dict[int, str] = {}  # id(button) -> what the answer does (drawn beside the list)
        self.box: pygame_gui.elements.UITextBox | None = None
        self.options: pygame_gui.elements.UIScrollingContainer | None = None
        self.options_rect: pygame.Rect | None = None
        self.shown_human = True  # whether the last question shown was a human's (one after the AI's is sudden)
        self.calm = 0.0  # seconds of frame time left in which answer keys are ignored (a sudden question)

    def attach(self, box: pygame_gui.elements.UITextBox, options: pygame_gui.elements.UIScrollingContainer,
               options_rect: pygame.Rect) -> None:
        """The widgets of a new layout: the answers are built again in them."""
        self.box, self.options, self.options_rect = box, options, options_rect
        # the prompt and the answers share this column: the layout's sizes are where each starts (fit)
        self.region = pygame.Rect(box.relative_rect.x, box.relative_rect.y, box.relative_rect.width,
                                  options.relative_rect.bottom - box.relative_rect.y)
        self.gap = round(options.relative_rect.y - box.relative_rect.bottom)  # (whole pixels: the rects are Rects)
        self.base = (round(box.relative_rect.height), round(options.relative_rect.height))
        self.options_need = 0
        self.option_buttons, self.option_lines = [], []  # (killed with the old layout's root)
        self.decision = None
        self.sync()

    def update(self, dt: float) -> None:
        """Frame time passes: a sudden question takes keys once it has been on screen for a moment."""
        self.calm = max(0.0, self.calm - dt)
        options = self.options
        if options is not None and options.vert_scroll_bar is not None and options.alive() \
                and self.options_need <= options.rect.height:
            # a list that fits its box keeps no scroll bar: pygame_gui can leave one from a longer list, which
            # scrolls the answers out of the box
            options._remove_vert_scrollbar()
            options.scrollable_container.set_relative_position((0, 0))

    def takes_keys(self) -> bool:
        """Whether an answer key (a number, Enter, Space) answers now: not in the moment after a sudden question."""
        return self.calm <= 0.0

    def fit(self) -> None:
        """Share the column between the prompt and its answers by what each needs, so that neither scrolls
        when both fit: a Fate question's odds take the room its two answers leave, a long list of models to
        activate the room a one-line prompt leaves. When both cannot fit, the question stays whole and four
        answers come before the hint under it (which scrolls in the question's box)."""
        box, options = self.box, self.options
        if box is None or options is None or not hasattr(self, "region"):
            return
        base_prompt, base_options = self.base
        layout = box.text_box_layout
        frame = box.relative_rect.height - box.text_wrap_rect[3] if box.text_wrap_rect else 8
        rows = layout.layout_rows if layout is not None else []  # (the layout's own rect is at least the box)
        want_p = round(rows[-1].bottom + frame + 4) if rows else base_prompt
        want_o = max(self.options_need + 6, self.scene.pp(30) + 6)
        floor_p = min(base_prompt, 2 * self.scene.px(20) + 8)
        room = self.region.height - self.gap
        first = self.option_buttons[0][0].rect.height + 6 if self.option_buttons else 0
        # the log below gives up room so that the question is whole and the first answer in sight (down to its
        # three lines); the other answers keep their share and scroll
        room += self.scene.layout.make_room(max(0, want_p + max(min(want_o, base_options), first) - room))
        # at the least the question itself (the side, the prompt and its rule) and the first answer, whole
        question = question_bottom(layout)
        if question is not None:
            floor_p = max(floor_p, min(round(question + frame + 4), room - first))
        if want_p + want_o <= room:
            prompt_h = min(max(want_p, base_prompt), room - want_o)
        else:
            # four answers in view before the hint under the question (it scrolls into view in the question's
            # box): a player picks from what they see (at 1000x650 at 150 %: four plans, not two)
            least = min(want_o, max(base_options, 4 * first))
            options_h = min(max(least, first, room - want_p), room - floor_p)
            prompt_h = room - options_h
        options_h = room - prompt_h
        if (prompt_h, options_h) == (box.relative_rect.height, options.relative_rect.height):
            return
        box.set_dimensions((self.region.width, prompt_h))
        box.rebuild()  # the text laid out again for the new height (pygame_gui keeps the old view otherwise)
        options.set_relative_position((self.region.x, self.region.y + prompt_h + self.gap))
        options.set_dimensions((self.region.width, options_h))
        if self.options_rect is not None:
            self.options_rect.update(self.options_rect.x, options.rect.y, self.options_rect.width, options_h)

    # -- the pending decision -----------------------------------------------------------------
    def sync(self) -> None:
        """Show the session's pending decision, if it is not the one shown."""
        scene = self.scene
        session, state = scene.session, scene.state
        d = session.pending
        if d is self.decision:
            return
        self.decision = d
        self.plan_prefix = ()
        self.kill_options()
        human = d is not None and session.human_turn()
        # a question that appears while the player watched (the AI's turn, the start): keys typed before it
        # came, or as it came, answer nothing
        self.calm = CALM_S if human and not self.shown_human else 0.0
        if d is not None:
            self.shown_human = human
        self.prompt = prompt_for(state, d) if human and d is not None else None
        box = self.box
        if box is None:
            return
        if d is None:
            box.set_text("<b>The battle is over.</b>")
            self.options_need = 0
            self.fit()
            return
        side = state.sides[d.side]
        colour = theme.hex_colour(theme.side_colour(d.side, scene.app.settings.colour_blind))
        if not human:
            box.set_text(theme.displayable(f"<font color='{colour}'><b>{_esc(side.name)}</b></font> (AI) is "
                                           f"thinking…<br><i>{_esc(d.prompt)}</i>"))
            self.options_need = 0
            self.fit()
            return
        assert self.prompt is not None
        other = "" if scene.is_active_side(d.side) else " — <b>your decision</b>"
        odds = self._odds_lines(d)
        extra = "".join(f"<br><font color='#f0c85a'>{_esc(line)}</font>" for line in odds)
        extra += "".join(f"<br><font color='#f09a8a'>{_esc(line)}</font>" for line in unavailable_lines(d))
        why = f"{_esc(setup_roll_standing(state, d.side))}.<br>" if d.kind is DecisionKind.choose_edge else ""
        # the side's name in its colour above the question, or as the question's first words when it starts
        # with them (a line saved in a small window)
        head, question = f"<font color='{colour}'><b>{_esc(side.name)}</b></font>{other}<br>", _esc(d.prompt)
        if not other and d.prompt.startswith(side.name):
            head, question = f"<font color='{colour}'><b>{_esc(side.name)}</b></font>", \
                _esc(d.prompt[len(side.name):])
        elif not other and len(scene.session.humans) == 1:  # against the AI every question is the player's own:
            head = ""  # the side's line would only take the room of the odds below the question
        box.set_text(theme.displayable(f"{head}"
                     f"<b>{question}</b> <a href='{_esc(d.rule)}'>[{_esc(d.rule)}]</a><br>{why}"
                     # with odds to show, the numbered answers say how to pick: the room goes to the odds
                     + (extra.removeprefix("<br>") if odds else
                        f"<font color='#c8ccd4'>{_esc(self.prompt.hint)}</font>{extra}")))
        self.build_options()

    def _odds_lines(self, d: Decision) -> list[str]:
        """Inner Reserve on an attack or a spell: the exact odds without and with the extra die; an area of effect's
        victim: its chance of being beaten with and without its Fate."""
        state = self.scene.state
        if d.kind.fate_odds and "against" in d.context:
            try:
                return previews.victim_fate_lines(state, d.context, d.kind)
            except Exception:  # odds are advice: a gap in them must not stop the game
                return []
        if d.kind is DecisionKind.reroll and "opposed" in d.context:
            return previews.reroll_lines(state, d.context)
        attack, cast = d.context.get("attack"), d.context.get("cast")
        if d.kind is not DecisionKind.inner_reserve:
            return []
        try:
            if cast is not None:
                return previews.spell_reserve_lines(state, cast, d.side)
            if attack is not None:
                return previews.inner_reserve_lines(state, attack, d.side)
        except Exception:  # odds are advice: a gap in them must not stop the game
            pass
        return []

    def _items(self, d: Decision) -> tuple[list[tuple[AnswerCommand, str, str | None]], set[AnswerCommand]]:
        """The answers to offer as (command, label, tip), and those marked: cannot succeed now, offered all
        the same ([SEQ-2])."""
        state = self.scene.state
        items: list[tuple[AnswerCommand, str, str | None]] = []
        not_now: set[AnswerCommand] = set()
        if d.kind is DecisionKind.plan:
            model = state.models.get(state.active_model or "")
            for item in plan_menu.menu(d, self.plan_prefix, model, state):
                tip = "<br>".join(([item.not_now] if item.not_now else []) + [self._action_tip(k) for k in item.kinds])
                items.append((item.command, item.label, tip or None))
                if item.not_now:
                    not_now.add(item.command)
        else:
            items = [(Choose(o.key), o.label, self._option_tip(d, o)) for o in d.options]
        if d.free == "angle":
            items += [(Face(nearest_enemy=False), "Keep facing", None),
                      (Face(nearest_enemy=True), "Face the nearest enemy", None)]
        if d.free == "point":
            items.append((UseDefault(), "Use the suggested spot (Enter)", None))
        return items, not_now

    def build_options(self) -> None:
        """The option buttons of the pending decision (for a plan: the current step of the plan menu)."""
        d = self.decision
        self.kill_options()
        if d is None or self.prompt is None or self.options is None or self.options_rect is None:
            return
        scene = self.scene
        container = self.options
        width = self.options_rect.width - SCROLL_BAR_ROOM
        items, not_now = self._items(d)
        y = 0
        scale = scene.app.settings.ui_scale
        min_h = max(scene.pp(30), theme.font(round(14 * scale)).get_linesize() + 6)
        self.option_tips = {}
        for n, (command, label, tip) in enumerate(items):
            text = theme.displayable(f"{n + 1}. {label}" if n < 9 else label)
            # the tip is drawn beside the list (Overlays), where it covers no other answer
            button, lines = add_option(scene.manager, container, 0, y, width, min_h, text, scale,
                                       class_id="@not_yet" if command in not_now else None)
            if tip:
                self.option_tips[id(button)] = tip
            self.option_buttons.append((button, command))
            self.option_lines.extend(lines)
            y += button.rect.height + scene.pp(3)
        self.options_need = y
        self.fit()
        container.set_scrollable_area_dimensions((width, max(y, 1)))
        bar = container.vert_scroll_bar
        if bar is not None:
            bar.set_scroll_from_start_percentage(0.0)

    def kill_options(self) -> None:
        for button, _ in self.option_buttons:
            button.kill()
        for line in self.option_lines:
            line.kill()
        self.option_buttons, self.option_lines = [], []

    def _action_tip(self, kind: str) -> str:
        state = self.scene.state
        model = state.models.get(state.active_model or "")
        try:
            return tooltips.action_tooltip(kind, model)
        except Exception:  # a tooltip must never stop the game
            return kind

    def _option_tip(self, d: Decision, option) -> str | None:
        state = self.scene.state
        if option.key in state.models:
            return tooltips.model_tooltip(state, option.key)
        if d.kind.actions and option.key != "end":
            return self._action_tip(option.key)
        return f"[{d.rule}] {option.label}"

    # -- answering ----------------------------------------------------------------------------------
    def command_of(self, element) -> AnswerCommand | None:
        """The command of an answer button (None: not one of the answers)."""
        return next((command for button, command in self.option_buttons if element is button), None)

    def press(self, n: int) -> None:
        """The n-th answer (a number key)."""
        if n < len(self.option_buttons):
            self.run(self.option_buttons[n][1])

    def run(self, command: AnswerCommand) -> None:
        """Walk the plan menu, or hand the scene the answer the command stands for."""
        match command:
            case PlanStep(kind):
                self.plan_prefix += (kind,)
                self.build_options()
            case PlanBack():
                self.back()
            case PlanDeclare():
                pending = self.scene.session.pending
                answer = plan_menu.declared(pending, self.plan_prefix) if pending is not None else None
                if answer is not None:
                    self.declare(answer)
            case UseDefault():
                self.default()
            case Face(nearest_enemy):
                self._face(nearest_enemy)
            case Choose(key):
                d = self.scene.session.pending
                if d is not None and d.kind is DecisionKind.plan:
                    self.declare(key)
                else:
                    self.scene.give(key)

    def declare(self, key: str) -> None:
        """Declare the plan ``key``; one with an action that cannot succeed is declared only once the player
        confirms the AP it wastes ([SEQ-2])."""
        scene = self.scene
        d = scene.session.pending
        model = scene.state.models.get(d.context.get("model", "")) if d is not None else None
        doomed = plan_menu.doomed(tuple(d.option(key).data or ()), model, scene.state) if d is not None else []
        if not doomed:
            scene.give(key)
            return
        from game.rules.plans import action_kind
        from game.ui.scenes.confirm import ConfirmScene

        lines = [f"{action_kind(kind, model).name}: {why.describe()}" for kind, why in doomed]
        ap = sum(action_kind(kind, model).ap for kind, _ in doomed)
        scene.app.push(ConfirmScene(scene.app, f"This plan wastes {ap} AP", "Nothing before these actions in the "
                                    "plan can make them possible, so they will be skipped and their AP lost:\n"
                                    + "\n".join(lines), "Declare anyway", "Choose again", lambda: scene.give(key)))

    def back(self) -> None:
        if self.plan_prefix:
            self.plan_prefix = self.plan_prefix[:-1]
            self.build_options()

    def default(self) -> None:
        if self.prompt is None:
            return
        answer = self.prompt.default()
        if answer is None:
            self.scene.flash("Choose one: there is no default answer to this question.")
            return
        self.scene.give(answer)

    def _face(self, nearest_enemy: bool) -> None:
        scene = self.scene
        d = scene.session.pending
        if d is None or d.free != "angle":
            return
        model = scene.state.models.get(d.context.get("model", ""))
        if nearest_enemy and model is not None:
            from game.rules import board

            e = board.nearest_enemy(scene.state, model)  # by the rules' distance ([BASE-2])
            if e is not None:
                scene.give(round(board.facing_towards(model, e.x, e.y), 1))
                return
        scene.give(float(d.context.get("current", model.facing if model else 0.0)))

    def scroll(self, by: float) -> None:
        """Scroll the option list (mouse wheel over it, Page Up / Page Down)."""
        bar = self.options.vert_scroll_bar if self.options is not None else None
        if bar is None or not bar.is_enabled:
            return
        top = max(0.0, 1.0 - bar.visible_percentage)
        bar.set_scroll_from_start_percentage(min(max(bar.start_percentage + by, 0.0), top))
        bar.has_moved_recently = True


def question_bottom(layout) -> float | None:
    """Where the question ends in a prompt box's text layout: the bottom of the row with its rule link (the
    hint and the odds follow it)."""
    from pygame_gui.core.text import HyperlinkTextChunk

    for row in getattr(layout, "layout_rows", None) or ():
        if any(isinstance(item, HyperlinkTextChunk) for item in row.items):
            return row.bottom
    return None


def question_cut(panel: PromptPanel) -> bool:
    """Whether the question in the panel's box is not whole in sight (scrolled, or taller than the box)."""
    box = panel.box
    if box is None or panel.prompt is None or not box.alive():
        return False
    bottom = question_bottom(box.text_box_layout)
    if bottom is None:
        return False
    bar = getattr(box, "scroll_bar", None)
    scrolled = bar is not None and bar.visible and bar.start_percentage > 0.001
    frame = box.relative_rect.height - box.text_wrap_rect[3] if box.text_wrap_rect else 8
    return scrolled or bottom + frame > box.relative_rect.height + 1


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
