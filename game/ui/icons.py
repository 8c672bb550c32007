"""The vendored Game Icons (assets/icons/, CC BY 3.0, see assets/CREDITS), drawn at any size in any colour.

``ICON_FILES`` maps the game's own names for emblems and badges to the icon files;
tools/vendor_icons.py copies exactly these out of the npm package. pygame-ce rasterises each SVG
at the size asked (``pygame.image.load_sized_svg``), and every size and colour is kept once made.
"""

from __future__ import annotations

import pygame

from game.paths import ICONS_DIR
from game.rules.conditions import CONDITIONS

ICON_DIR = ICONS_DIR

ICON_FILES: dict[str, str] = {
    # emblems: what a model is (game/ui/tokens.py chooses one from its weapons and traits)
    "blade": "broadsword", "dagger": "plain-dagger", "greatblade": "two-handed-sword", "axe": "battle-axe",
    "spear": "barbed-spear", "mace": "flanged-mace", "hammer": "warhammer", "club": "wood-club",
    "claws": "claw-slashes", "jaws": "fangs", "bow": "bow-arrow", "crossbow": "crossbow", "pistol": "pistol-gun",
    "musket": "musket", "thrown": "thrown-knife", "shield": "checked-shield", "staff": "wizard-staff",
    "healer": "healing", "mount": "horse-head", "wings": "feathered-wing", "skull": "death-skull",
    # condition badges (game/ui/tokens.py BADGES): each condition's class names its icon
    **{c.id: c.icon for c in CONDITIONS.values() if c.icon}, "jammed": "drop-weapon",
    # the title screen; an encounter's marker on the table (Salvage)
    "title": "crossed-swords", "marker": "locked-chest",
}

_CACHE: dict[tuple[str, int, tuple[int, int, int]], pygame.Surface] = {}


def icon(key: str, size: int, colour: tuple[int, int, int] = (255, 255, 255)) -> pygame.Surface:
    """The icon named ``key`` as a ``size``×``size`` image in ``colour`` on transparent."""
    size = max(4, size)
    k = (key, size, (colour[0], colour[1], colour[2]))
    image = _CACHE.get(k)
    if image is None:
        if len(_CACHE) > 1500:
            _CACHE.clear()
        white = pygame.image.load_sized_svg(str(ICON_DIR / f"{ICON_FILES[key]}.svg"), (size, size))
        image = white.convert_alpha() if pygame.display.get_init() and pygame.display.get_surface() else white
        image = image.copy()
        image.fill((*colour[:3], 255), special_flags=pygame.BLEND_RGBA_MULT)
        _CACHE[k] = image
    return image
