"""Model tokens: a base in its side's colour, a rim by type, an emblem for what the model is, the facing
wedge, wound pips round the rim and condition badges (docs/style-guide.md, "Token anatomy").

The emblem comes from the model's data: a trait's declared ``emblem`` (Mounted: a mount, Flight:
wings, Sorcery: a staff ...) wins over its main weapon's, which is chosen from the weapon's skill
and the word that names it ("Rusted Pike" → spear, "Arbalest" → crossbow); a trait's
``token_mark`` (Undead: a skull) and a shield add a small mark. The body of a token (everything
that does not change in play) is rendered once per look and size; wedge, pips, badges and the
active rim are drawn on it each frame. The legend (F1) draws its samples with these same functions.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from game.rules.conditions import CONDITIONS
from game.ui import layout_probe, style
from game.ui.icons import icon

# -- the emblem: what the model is ---------------------------------------------------------------
SKILL_EMBLEMS: dict[str, str] = {  # a weapon's skill ([SKILL-1]) when its name says nothing more
    "1h_edged": "blade", "1h_blunt": "mace", "2h_edged": "greatblade", "2h_blunt": "hammer", "thrown": "thrown",
    "1h_ranged": "crossbow", "1h_ranged_bp": "pistol", "2h_ranged": "bow", "2h_ranged_bp": "musket",
    "shield": "shield",
}
# words in a weapon's name that say which weapon it is; the first that matches wins (crossbow before bow). A staff
# is not one: the staff emblem says a sorcerer (Sorcery's), so a fighter's "Double Bladed Staff" shows its skill's
WEAPON_WORDS: tuple[tuple[str, str], ...] = (
    ("crossbow", "crossbow"), ("arbalest", "crossbow"), ("pistol", "pistol"), ("bow", "bow"),
    ("axe", "axe"), ("cleaver", "axe"), ("pike", "spear"), ("spear", "spear"), ("halberd", "spear"),
    ("lance", "spear"), ("dagger", "dagger"), ("knife", "thrown"), ("dart", "thrown"),
    ("maul", "hammer"), ("hammer", "hammer"), ("mace", "mace"), ("club", "club"), ("oak", "club"),
    ("limbs", "club"), ("jaws", "jaws"), ("fang", "jaws"), ("claw", "claws"),
)
EMBLEM_TEXT: dict[str, str] = {
    "blade": "sword or blade", "dagger": "dagger", "greatblade": "two-handed blade", "axe": "axe",
    "spear": "spear, pike or halberd", "mace": "mace", "hammer": "hammer or maul", "club": "club",
    "claws": "claws", "jaws": "jaws (a beast)", "bow": "bow", "crossbow": "crossbow", "pistol": "pistol",
    "musket": "firelock or handgonne", "thrown": "thrown weapons", "shield": "shield",
    "staff": "a sorcerer (Sorcery)", "healer": "a healer (Healer)", "mount": "mounted (Mounted)",
    "wings": "flies (Flight)", "skull": "undead (a mark)",
}


@dataclass(frozen=True)
class TokenLook:
    """What a token shows that does not change in play: the render data the readability test reads."""

    emblem: str
    marks: tuple[str, ...]  # small marks beside the emblem: a trait's token_mark, "shield"
    rim: str  # hero | companion | follower
    big: bool  # a bigger creature (a trait's token_big: Large, Gargantuan)


def weapon_emblem(name: str, skill: str) -> str:
    words = name.lower()
    return next((e for w, e in WEAPON_WORDS if w in words), SKILL_EMBLEMS.get(skill, "blade"))


_LOOKS: dict[tuple, TokenLook] = {}


def token_look(m: Any) -> TokenLook:
    """The look of a model's token, from its profile: trait hooks first, then its main weapon."""
    p = m.profile
    key = (p.type, p.weapons, p.traits, p.qualities, p.base_mm)
    look = _LOOKS.get(key)
    if look is None:
        from game.rules.traits.base import trait_hooks

        hooks = trait_hooks(m)  # what the model is, not the conditions it is under
        ranked = sorted((h for h in hooks if h.emblem), key=lambda h: -h.emblem_rank)
        arms = [w for w in p.weapons if w.skill != "shield"]
        emblem = ranked[0].emblem if ranked else weapon_emblem(arms[0].name, arms[0].skill) if arms else "shield"
        marks = tuple(dict.fromkeys(h.token_mark for h in hooks if h.token_mark))
        if len(arms) < len(p.weapons) and emblem != "shield":
            marks += ("shield",)
        rim = p.type if p.type in style.RIMS else "follower"
        look = TokenLook(emblem, marks, rim, any(h.token_big for h in hooks))
        _LOOKS[key] = look
    return look


# -- condition badges ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Badge:
    """A condition's badge beside a base: its icon on a coloured disc, or its letter when too small."""

    key: str  # the condition (state.conditions) or "jammed"
    letter: str  # the letter it had before the art, also drawn when the badge is small
    colour: style.RGB


JAMMED = Badge("jammed", "J", (40, 40, 40))  # a black powder weapon of the model is jammed ([SKILL-7])
BADGES: tuple[Badge, ...] = (*(Badge(c.id, c.mark, c.tint) for c in CONDITIONS.values() if c.mark), JAMMED)
BADGE_BY_KEY = {b.key: b for b in BADGES}
ICON_BADGE_RADIUS = 7  # below this a badge shows its letter, which reads better than a tiny icon


def badges_of(m: Any) -> list[Badge]:
    out = [BADGE_BY_KEY[k] for k in m.conditions if k in BADGE_BY_KEY and k != JAMMED.key]
    return out + ([JAMMED] if m.jammed else [])


_BADGE_CACHE: dict[tuple[str, int], pygame.Surface] = {}


def badge_image(badge: Badge, radius: int) -> pygame.Surface:
    """The badge as drawn beside a base (and in the legend), ``radius`` pixels."""
    key = (badge.key, radius)
    image = _BADGE_CACHE.get(key)
    if image is None:
        from game.ui.theme import font

        image = pygame.Surface((2 * radius + 2, 2 * radius + 2), pygame.SRCALPHA)
        c = (radius + 1, radius + 1)
        pygame.draw.circle(image, (0, 0, 0, 200), c, radius + 1)
        pygame.draw.circle(image, badge.colour, c, radius)
        pygame.draw.circle(image, (250, 245, 225), c, radius, 1)
        if radius >= ICON_BADGE_RADIUS:
            glyph = icon(badge.key, round(radius * 1.5), (255, 255, 255))
        else:
            glyph = font(max(7, round(radius * 1.7)), bold=True).render(badge.letter, True, (255, 255, 255))
        image.blit(glyph, glyph.get_rect(center=c))
        if pygame.display.get_surface() is not None:
            image = image.convert_alpha()
        _BADGE_CACHE[key] = image
    return image


# -- drawing -------------------------------------------------------------------------------------
def _shade(c: Sequence[int], f: float) -> style.RGB:
    return tuple(max(0, min(255, round(v * f))) for v in c[:3])  # type: ignore[return-value]


def _mix(c: Sequence[int], to: Sequence[int], t: float) -> style.RGB:
    return tuple(round(a + (b - a) * t) for a, b in zip(c[:3], to[:3], strict=True))  # type: ignore[return-value]


def rim_width(look: TokenLook, r: int) -> int:
    return max(1, round(style.RIMS[look.rim].width * r))


_BODY_CACHE: dict[tuple, pygame.Surface] = {}


def body_image(look: TokenLook, colour: Sequence[int], side: int, r: int) -> pygame.Surface:
    """Shadow, base, rim, studs, emblem plate, emblem and marks: the part of a token fixed in play.

    Centred in a square of side 2 * (r + pad), pad = body_pad(r)."""
    key = (look, tuple(colour[:3]), side, r)
    image = _BODY_CACHE.get(key)
    if image is not None:
        return image
    if len(_BODY_CACHE) > 600:
        _BODY_CACHE.clear()
    pad = body_pad(r)
    image = pygame.Surface((2 * (r + pad), 2 * (r + pad)), pygame.SRCALPHA)
    cx = cy = r + pad
    off = max(1, round(r * 0.14))
    for k, alpha in ((2, 25), (1, 40), (0, 60)):  # a soft shadow down-right: the light is top left
        pygame.draw.circle(image, (0, 0, 0, alpha), (cx + off, cy + off), r + k)
    rim = style.RIMS[look.rim]
    if look.big:  # a Large or Gargantuan creature: a toothed ring round a heavier base
        teeth = 16
        pts = [(cx + math.cos(math.pi * k / teeth) * r * (1.13 if k % 2 else 0.98),
                cy + math.sin(math.pi * k / teeth) * r * (1.13 if k % 2 else 0.98)) for k in range(2 * teeth)]
        pygame.draw.polygon(image, _shade(rim.colour, 0.7), pts)
        pygame.draw.polygon(image, (0, 0, 0), pts, 1)
    pygame.draw.circle(image, _shade(colour, 0.62), (cx, cy), r)
    pygame.draw.circle(image, colour, (cx - round(r * 0.05), cy - round(r * 0.05)), max(1, round(r * 0.9)))
    if r >= 5:  # a highlight top left: a domed base
        glow = pygame.Surface(image.get_size(), pygame.SRCALPHA)
        pygame.draw.circle(glow, (*_mix(colour, (255, 255, 255), 0.5), 70), (cx - round(r * 0.3), cy - round(r * 0.3)),
                           max(1, round(r * 0.45)))
        image.blit(glow, (0, 0))
    w = rim_width(look, r)
    pygame.draw.circle(image, rim.colour, (cx, cy), r, w)
    if r >= 8:
        for k in range(rim.studs):
            a = 2 * math.pi * (k + 0.5) / rim.studs
            at = (cx + math.cos(a) * (r - w / 2), cy + math.sin(a) * (r - w / 2))
            pygame.draw.circle(image, _shade(rim.colour, 0.55), at, max(1, w // 3))
    pygame.draw.circle(image, (15, 15, 15), (cx, cy), r, 1)
    if r >= 8 and w >= 2:  # the rim's inner edge: a ring even where rim and base are alike (gold on orange)
        pygame.draw.circle(image, (25, 20, 15), (cx, cy), r - w, 1)
    es = emblem_size(r)
    if es:
        plate = _shade(colour, 0.45)
        if side % 2 == 0:  # side A: a round plate; side B: a diamond (a cue besides colour)
            pygame.draw.circle(image, plate, (cx, cy), round(es * 0.5))
        else:
            h = round(es * 0.6)
            pygame.draw.polygon(image, plate, [(cx, cy - h), (cx + h, cy), (cx, cy + h), (cx - h, cy)])
        glyph = icon(look.emblem, es, style.EMBLEM_INK)
        image.blit(glyph, glyph.get_rect(center=(cx, cy)))
        ms = round(r * 0.55)
        if ms >= 7:
            for n, mark in enumerate(look.marks[:2]):  # bottom right, then bottom left
                at = (cx + (1 if n == 0 else -1) * round(r * 0.52), cy + round(r * 0.52))
                pygame.draw.circle(image, (15, 15, 15), at, ms // 2 + 1)
                g = icon(mark, ms, style.EMBLEM_INK)
                image.blit(g, g.get_rect(center=at))
    if pygame.display.get_surface() is not None:
        image = image.convert_alpha()
    _BODY_CACHE[key] = image
    return image


def body_pad(r: int) -> int:
    return max(3, round(r * 0.3))


def emblem_size(r: int) -> int:
    """The emblem's side in pixels; 0 when the base is too small to show one."""
    es = round(style.EMBLEM_SIZE * 2 * r)
    return es if es >= 8 else 0


def draw_token(surf: pygame.Surface, m: Any, centre: tuple[int, int], r: int, colour: Sequence[int],
               active: bool = False, font: pygame.font.Font | None = None) -> None:
    """The whole token of model ``m`` centred at ``centre`` with radius ``r`` pixels."""
    look = token_look(m)
    body = body_image(look, colour, m.side, r)
    surf.blit(body, body.get_rect(center=centre))
    layout_probe.note("base", (centre[0] - r, centre[1] - r, 2 * r, 2 * r), owner=getattr(m, "id", ""), radius=r,
                      text=look.emblem if emblem_size(r) else "")
    if active:
        draw_active_ring(surf, centre, r)
    draw_facing(surf, centre, r, m.facing)
    draw_wounds(surf, centre, r, m.max_wounds, m.max_wounds - m.wounds_taken, rim_width(look, r))
    draw_badges(surf, centre, r, badges_of(m))


def draw_active_ring(surf: pygame.Surface, c: tuple[int, int], r: int) -> None:
    """The model activating now: a yellow halo just outside the base, edged dark so it never reads as a hero's
    gold rim (which is part of the base)."""
    w = max(2, r // 5)
    pygame.draw.circle(surf, (20, 20, 20), c, r + 3 + w, 1)
    pygame.draw.circle(surf, style.ACTIVE_RIM, c, r + 2 + w, w)
    pygame.draw.circle(surf, (20, 20, 20), c, r + 2, 1)


def draw_choice_halo(surf: pygame.Surface, c: tuple[int, int], r: int, colour: Sequence[int]) -> None:
    """A model that may be chosen now ("can act"): a pulsing ring ``r`` out, edged dark inside and out so it
    stands apart on any base colour (yellow on the orange palette's bases read as one)."""
    pygame.draw.circle(surf, (15, 15, 15), c, r + 2, 7)
    pygame.draw.circle(surf, colour, c, r, 3)


def draw_facing(surf: pygame.Surface, c: tuple[int, int], r: int, facing: float) -> None:
    """A wedge on the rim pointing where the model faces (reaches model_labels.FACING_REACH radii)."""
    a = math.radians(facing)
    tip = (c[0] + math.cos(a) * r * 1.4, c[1] + math.sin(a) * r * 1.4)
    half = math.radians(26)
    left = (c[0] + math.cos(a - half) * r * 0.92, c[1] + math.sin(a - half) * r * 0.92)
    right = (c[0] + math.cos(a + half) * r * 0.92, c[1] + math.sin(a + half) * r * 0.92)
    pygame.draw.polygon(surf, style.FACING_WEDGE, (tip, left, right))
    pygame.draw.polygon(surf, (15, 15, 15), (tip, left, right), 1)


def draw_wounds(surf: pygame.Surface, c: tuple[int, int], r: int, total: int, left: int, rim_w: int) -> None:
    """Pips along the top of the rim: wounds left (green), then taken (dark red)."""
    if total <= 0:
        return
    pr = max(2, round(r * 0.13))
    step = min(math.radians(24), math.radians(160) / max(1, total - 1)) if total > 1 else 0
    start = -math.pi / 2 - step * (total - 1) / 2
    at_r = r - max(rim_w, pr) / 2 if r >= 10 else r + pr
    for i in range(total):
        a = start + i * step
        p = (round(c[0] + math.cos(a) * at_r), round(c[1] + math.sin(a) * at_r))
        pygame.draw.circle(surf, (10, 10, 10), p, pr + 1)
        pygame.draw.circle(surf, style.WOUND_LEFT if i < left else style.WOUND_TAKEN, p, pr)


def badge_radius(r: int) -> int:
    return max(5, round(r * 0.36))


def draw_badges(surf: pygame.Surface, c: tuple[int, int], r: int, badges: Sequence[Badge]) -> None:
    """The condition badges round the base's right side, from the top right down."""
    br = badge_radius(r)
    for n, b in enumerate(badges):
        a = math.radians(-50 + n * 38)
        at = (round(c[0] + math.cos(a) * (r + br * 0.7)), round(c[1] + math.sin(a) * (r + br * 0.7)))
        image = badge_image(b, br)
        surf.blit(image, image.get_rect(center=at))


def party_strip(models: Sequence[Any], colour: Sequence[int], side: int, width: int, height: int) -> pygame.Surface:
    """A party's tokens in a row (the battle set-up): each model's body as the table will draw it."""
    from types import SimpleNamespace

    image = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
    if not models:
        return image
    r = max(4, min(height // 2 - body_pad(height // 2) // 2 - 1, width // (2 * len(models)) - 2))
    step = min(width / len(models), 2 * r + max(4, r // 2) + 2 * body_pad(r))
    for n, profile in enumerate(models):
        body = body_image(token_look(SimpleNamespace(profile=profile)), colour, side, r)
        image.blit(body, body.get_rect(center=(round(step * n + step / 2), height // 2)))
    return image
