"""Tooltip text for models, modifiers and actions, and a tooltip-like card for hovered table models.

pygame_gui's tool_tip_text takes simple HTML (<b>, <i>, <br>, <font color>); the strings here use
only that. Trait texts come from the catalog (game/content/data/traits.yaml), action costs and rule
ids from the engine's ActionKind table; the few plain-language lines about conditions and core
actions are what the rules reference says they do, shown with their rule id.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import pygame

from game.content.catalog import catalog
from game.content.party_building import QUALITY_NAMES
from game.rules import combat
from game.rules.conditions import CONDITIONS
from game.rules.plans import action_kind
from game.rules.state import GameState, ModelState
from game.rules.traits.base import QUALITIES, hooks_of, load_all
from game.ui import theme
from game.ui.battle.cards import Row, blit_clamped, render_card
from game.ui.battle.event_text import wounds_left

GOLD = theme.hex_colour(theme.ACCENT)
GREY = theme.hex_colour(theme.MUTED)

# what each condition does ([COND-*], [MOVE-*], [SPELL-*] in the rules reference), from its class
CONDITION_TEXT: dict[str, tuple[str, str, str]] = {c.id: (c.name, c.rule, c.summary) for c in CONDITIONS.values()}

# what each core action does, in a line ([MOVE-*], [CC-*], [RNG-*], [SPEC-*])
ACTION_TEXT: dict[str, str] = {
    "walk": "Move up to 6″ along any route around obstacles.",
    "run": "Move up to 9″; −3 to its resolution rolls for the rest of the turn.",
    "charge": "Straight into base contact with an enemy 3″ or more away in LOS, then a free attack at +2.",
    "sneak": "Move up to 6″ and gain Stealth (+4 PD against shots) until its next activation.",
    "disengage": "Enemies in contact get free strikes, then move up to 6″ out of contact; the activation ends.",
    "standard_attack": "Close combat: MA + 2d6 against the target's PD + 2d6.",
    "furious_attack": "Close combat with an extra die (MA + 3d6); 2-handed weapons gain their extra effect.",
    "shove": "MA against PD; if it wins, push the enemy 1″ straight away (no wound).",
    "ranged_attack": "Shoot an enemy in LOS and range: RA + 2d6 against PD + 2d6.",
    "aimed_shot": "A shot at +2 to the attack roll.",
    "shake_off": "Remove Stunned, then face any way.",
    "clear_weapon": "Un-jam a misfired black powder weapon.",
    "escape": "Leave the table from the encounter's exit edge.",
}


def _esc(s: str) -> str:
    return html.escape(str(s), quote=False)


def trait_line(trait_id: str) -> str:
    """A trait's name, its rule ids and its rule text, from the catalog."""
    t = catalog().trait(trait_id)
    return f"<b>{_esc(t.name)}</b> <font color='{GREY}'>[{', '.join(t.rules)}]</font>: {_esc(t.summary)}"


def weapon_text(model: ModelState, index: int) -> str:
    """A weapon entry with its skill and, for ranged skills, the short/long ranges ([SKILL-6])."""
    w = model.weapon(index)
    skill = catalog().skill(w.skill)
    ranges = f", {skill.short}″/{skill.long}″" if skill.long else ""
    jammed = " — JAMMED" if index in model.jammed else ""
    return f"{w.name} ({skill.name}{ranges}){jammed}"


def condition_text(key: str, value: object) -> str:
    known = CONDITIONS.get(key)
    if known is None:
        return key.replace("_", " ").capitalize()
    return f"{known.label(value)} [{known.rule}]: {known.summary}"


def model_tooltip(state: GameState, model_id: str) -> str:
    """Profile, wounds left, weapons with ranges, inherent qualities, traits with their rule text and
    the conditions it is under with what they do."""
    m = state.model(model_id)
    p = m.profile
    side = state.sides[m.side].name if m.side < len(state.sides) else ""
    attrs = "  ".join(f"{k} {v}" for k, v in p.attributes.items())
    out = [f"<b>{_esc(m.name)}</b> <font color='{GREY}'>{_esc(p.type)}, {_esc(side)}</font>",
           f"{attrs}  ·  {wounds_left(m.wounds_taken, m.max_wounds)}"]
    if p.weapons:
        out.append("Weapons: " + "; ".join(_esc(weapon_text(m, i)) for i in range(len(p.weapons))))
    else:
        out.append("Weapons: none (unskilled in close combat [MOD-6])")
    load_all()
    qualities = [QUALITY_NAMES.get(q, q) for q in p.qualities]
    if qualities:
        rules = sorted({QUALITIES[q].rule for q in p.qualities if q in QUALITIES})
        out.append(f"Qualities: {_esc(', '.join(qualities))} <font color='{GREY}'>[{', '.join(rules)}]</font>")
    for t in p.traits:
        out.append(trait_line(t))
    conds = [condition_text(k, v) for k, v in m.conditions.items() if v]
    if m.jammed:
        conds.append("Jammed [SKILL-7]: " + ", ".join(m.weapon(i).name for i in sorted(set(m.jammed))))
    if conds:
        out.append(f"<font color='{GOLD}'>" + "<br>".join(_esc(c) for c in conds) + "</font>")
    return "<br>".join(out)


def rule_text(rule: str) -> str | None:
    """The catalog text of the trait whose rules include ``rule`` (e.g. T-GUARD-1), if any."""
    for t in catalog().traits.values():
        if rule in t.rules:
            return f"{t.name}: {t.summary}"
    return None


def modifier_tooltip(mod: dict) -> str:
    """One modifier {value, rule, source}: its value, where it comes from, its rule id and, for a trait's
    rule, the trait's text."""
    value = mod.get("value", 0)
    out = f"<b>{value:+d}</b> {_esc(mod.get('source', ''))} <font color='{GREY}'>[{_esc(mod.get('rule', ''))}]</font>"
    more = rule_text(str(mod.get("rule", "")))
    return out + (f"<br>{_esc(more)}" if more else "")


def _cast_text(kind: str) -> str | None:
    """Sorcery's cast actions (cast_1..cast_3), described from the engine's spell and enhancement tables."""
    from game.rules import sorcery

    if not kind.startswith("cast_") or not kind[5:].isdigit():
        return None
    spells = ", ".join(f"{s.name} ({s.resist})" for s in sorcery.SPELLS.values())
    out = (f"Cast a spell at an enemy in LOS within {sorcery.RANGE:g}″: WP + 2d6 against its resisting "
           f"attribute + 2d6 [SORC-4]. Spells: {spells}.")
    extra = int(kind[5:]) - 1
    if extra > 0:
        choices = "; ".join(f"{e.name}: {e.text}" for e in sorcery.ENHANCEMENTS.values() if e.ap == extra)
        out += f" Enhancement for {extra} AP [SORC-5]: {choices}."
    return out


def action_tooltip(kind: str, model: ModelState | None = None) -> str:
    """An action's name, AP cost, slot and rule id (the engine's ActionKind) and what it does."""
    a = action_kind(kind, model)
    slot = "no action slot" if a.slot == "free" else f"{a.slot} slot"
    what = ACTION_TEXT.get(kind) or _cast_text(kind)
    if what is None and model is not None:  # a trait's own action: the trait's text says what it does
        owner = next((h for h in hooks_of(model) if any(x.id == kind for x in h.actions)), None)
        if owner is not None and owner.id in catalog().traits:
            what = catalog().trait(owner.id).summary
    if kind in ("ranged_attack", "aimed_shot") and model is not None:
        usable = [weapon_text(model, i) for i in combat.ranged_weapons(model)]
        if usable:
            what = (what or "") + " With: " + "; ".join(usable) + "."
    return (f"<b>{_esc(a.name)}</b> — {a.ap} AP, {slot} <font color='{GREY}'>[{a.rule}]</font>"
            + (f"<br>{_esc(what)}" if what else ""))


# -- hover cards over the table ---------------------------------------------------------------------

_CARDS: dict[tuple, pygame.Surface] = {}


def draw_hover_card(surface: pygame.Surface, pos: Sequence[float], lines: Sequence[str | Row | tuple],
                    size: int = 14) -> pygame.Rect:
    """A tooltip-like card at ``pos`` (kept on screen) for things that are not widgets, such as table
    models; lines are strings or Rows (text, colour, size step, bold). Rendered once per content."""
    key = (tuple(lines), size)
    card = _CARDS.get(key)
    if card is None:
        if len(_CARDS) > 64:
            _CARDS.clear()
        card = render_card(lines, size)
        _CARDS[key] = card
    return blit_clamped(surface, card, pos)


def model_card_lines(state: GameState, model_id: str) -> list[Row]:
    """The hover card's rows for a model: the same facts as model_tooltip, as plain text rows."""
    m = state.model(model_id)
    p = m.profile
    side = state.sides[m.side].name if m.side < len(state.sides) else ""
    rows = [Row(m.name, theme.ACCENT, 1, True), Row(f"{p.type}, {side}", theme.MUTED, -1),
            Row("  ".join(f"{k} {v}" for k, v in p.attributes.items())
                + f"   {wounds_left(m.wounds_taken, m.max_wounds)}", theme.INK, 0, True)]
    rows += [Row(weapon_text(m, i)) for i in range(len(p.weapons))]
    for t in p.traits:
        tr = catalog().trait(t)
        rows.append(Row(f"{tr.name}: {tr.summary}", theme.MUTED, -1))
    for k, v in m.conditions.items():
        if v and k in CONDITION_TEXT:
            rows.append(Row(condition_text(k, v), theme.ACCENT, -1))
    return rows
