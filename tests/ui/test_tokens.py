"""Tokens tell models apart without reading, and the legend (F1) covers everything the table draws.

Checked from the render data the table notes while it draws (layout_probe: each base with the
emblem it showed), not from pixels.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from game.content.library import content_files, lookup
from game.content.maps import STYLES
from game.rules.setup import new_game
from game.ui import layout_probe, style, terrain_art, tokens
from game.ui.scenes import help as help_scene
from game.ui.table_view import CONDITION_MARKS, Camera, draw_state

SHIPPED = sorted(f.stem for f, origin in content_files("parties") if origin == "game")
SMALLEST_TABLE = pygame.Rect(0, 0, 650, 650)  # the table's fit (100 % zoom) in the smallest window, 1000×650


def drawn_tokens(party: str) -> dict[str, tuple[int, str, str]]:
    """model id → (side, emblem shown, label) as the table drew them at 100 % zoom."""
    pygame.init()
    state = new_game((lookup("parties", party).value, lookup("parties", party).value),
                     lookup("maps", "open_field").value, 1)
    for n, m in enumerate(sorted(state.models.values(), key=lambda m: m.id)):
        m.x, m.y, m.status = 3 + (n % 6) * 5, 3 + (n // 6) * 6, "table"
    surf = pygame.Surface(SMALLEST_TABLE.size)
    layout_probe.start()
    try:
        draw_state(surf, state, Camera.fit(SMALLEST_TABLE))
        items = layout_probe.drawn()
    finally:
        layout_probe.stop()
    bases = {d.owner: d.text for d in items if d.kind == "base"}
    labels = {d.owner.split(":", 1)[1]: d.text for d in items if d.kind == "label"}
    return {mid: (state.models[mid].side, bases[mid], labels[mid]) for mid in bases}


@pytest.mark.parametrize("party", SHIPPED)
def test_models_of_a_side_differ_in_emblem_or_label_at_100_percent(party: str) -> None:
    drawn = drawn_tokens(party)
    assert drawn and all(emblem for _, emblem, _ in drawn.values()), "every token shows its emblem at 100 %"
    for side in (0, 1):
        looks = [(emblem, label) for s, emblem, label in drawn.values() if s == side]
        assert len(set(looks)) == len(looks), looks


def test_emblems_come_from_traits_and_weapons() -> None:
    models = {m.name: m for f, origin in content_files("parties") if origin == "game"
              for m in lookup("parties", f.stem).value.models}

    def look(name: str) -> tokens.TokenLook:
        class Model:  # what token_look reads of a model
            profile = models[name]
        return tokens.token_look(Model())

    assert look("Ser Aldric Varn").emblem == "mount"  # Mounted's emblem beats the longsword
    assert look("Mother Ossa").emblem == "wings"
    assert look("Magister Ilse").emblem == "staff"  # a sorcerer, though she carries a dagger
    assert look("Junko").emblem == "greatblade"  # a fighter's Double Bladed Staff: not the sorcerer's emblem
    sorcerers = {m.name for m in models.values() if "sorcery" in m.traits}
    assert all(look(name).emblem != "staff" for name in models if name not in sorcerers and
               not any(t in models[name].traits for t in ("healer", "mounted", "flight")))
    assert look("Pikeman Grell").emblem == "spear" and "skull" in look("Pikeman Grell").marks
    assert look("Crossbowman Odo").emblem == "crossbow"
    assert look("Caterine Ghrim").emblem == "musket"
    assert look("Sigil the Dwarf").emblem == "hammer" and "shield" in look("Sigil the Dwarf").marks
    assert look("Gnarlroot").big and look("Big Tam").big and not look("Ser Aldric Varn").big
    assert look("Caterine Ghrim").rim == "hero" and look("Amelie").rim == "companion"
    for m in models.values():  # every emblem and mark the parties need is a vendored icon with a legend line
        lk = look(m.name)
        assert lk.emblem in tokens.EMBLEM_TEXT and all(k in tokens.EMBLEM_TEXT for k in lk.marks)


def test_the_legend_lists_every_badge_and_terrain_family_from_the_drawing_definitions() -> None:
    badges = [b.key for b, _ in help_scene.badge_legend()]
    assert badges == [b.key for b in tokens.BADGES]
    assert set(badges) == {*CONDITION_MARKS, "jammed"}  # the letters the table drew before the badges
    families = [f.key for f, _ in help_scene.terrain_legend()]
    assert families == [f.key for f in terrain_art.FAMILIES]
    assert {s for f in terrain_art.FAMILIES for s in f.styles} == set(STYLES)  # every map style has a family
    assert set(style.KIND_TEXT) == set(style.KIND_OUTLINE)
    assert [k for k, _ in help_scene.BASE_CUES + help_scene.RIM_CUES]  # the anatomy samples
