"""The art direction's numbers in one place: palettes, token anatomy, terrain shading and motion timings.

docs/style-guide.md explains them and tools/render_style_sheet.py draws them; the table, the
legend (F1), the menus and the animations read them from here, so the guide cannot drift from the
game. No pygame here: plain data any module may import.
"""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]

# -- palette -------------------------------------------------------------------------------------
TABLE_GREEN: RGB = (150, 175, 110)  # the cloth
TABLE_EDGE: RGB = (92, 70, 48)  # the wooden frame round the table
SHADOW_ALPHA = 90  # terrain and token drop shadows, over the cloth
SHADOW_OFFSET = 0.12  # inches down-right: light from the top left

SIDE_COLOURS: tuple[RGB, RGB] = ((200, 50, 50), (50, 90, 220))  # side A red, side B blue
COLOUR_BLIND_SIDES: tuple[RGB, RGB] = ((230, 150, 20), (40, 110, 230))  # orange / blue: apart for red-green
NEUTRAL_BASE: RGB = (190, 185, 170)  # a base of nobody's (the Rescue Prisoner)


def side_palette(colour_blind: bool = False) -> tuple[RGB, RGB]:
    return COLOUR_BLIND_SIDES if colour_blind else SIDE_COLOURS


# -- token anatomy -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Rim:
    """The ring round a base that tells the model's type ([PARTY-5], [PARTY-6])."""

    colour: RGB
    width: float  # as a fraction of the base radius
    studs: int  # raised studs round the rim (0: plain)
    text: str  # what the legend says


RIMS: dict[str, Rim] = {
    "hero": Rim((245, 200, 70), 0.20, 8, "gold rim with studs: a hero"),
    "companion": Rim((205, 210, 220), 0.16, 4, "silver rim with four studs: a companion"),
    "follower": Rim((60, 45, 35), 0.10, 0, "dark bronze rim: a follower"),
}
ACTIVE_RIM: RGB = (255, 230, 80)  # the model activating now
EMBLEM_INK: RGB = (250, 248, 240)
EMBLEM_SIZE = 0.62  # the emblem's side as a fraction of the base diameter
FACING_WEDGE: RGB = (250, 248, 240)
WOUND_LEFT: RGB = (70, 215, 90)
WOUND_TAKEN: RGB = (110, 25, 25)
LABEL_INK: RGB = (20, 20, 20)
LABEL_BACK = (245, 240, 225, 200)  # a pale tab behind the label

# -- terrain -------------------------------------------------------------------------------------
KIND_OUTLINE: dict[str, RGB] = {"rough": (230, 220, 140), "obstacle": (250, 250, 250), "impassable": (20, 20, 20),
                                "area": (20, 70, 20)}
KIND_TEXT: dict[str, str] = {
    "rough": "pale yellow edge: rough ground; crossing it costs −2 to later rolls that turn [TERR-2]",
    "obstacle": "white edge: an obstacle to cross [TERR-3]",
    "impassable": "black edge: impassable; hatched where it does not block sight [TERR-4]",
    "area": "dark dashed edge: area terrain, blocks sight through, cover inside [TERR-5]",
}

# -- fonts ---------------------------------------------------------------------------------------
FONT_TEXT = "Noto Sans (regular, bold): every text; pygame_gui ships it (game/ui/theme.py)"
FONT_MONO = "Fira Code: numbers that line up (dice, logs)"
TITLE_SIZE = 64  # the title screen's name, before the UI scale

# -- motion (milliseconds at animation speed 1.0; the motion modules scale them by the setting) --------
LUNGE_MS = 180  # an attacker leans toward its target and back
HIT_FLASH_MS = 140  # a wounded model flashes white
FLOAT_TEXT_MS = 900  # a result ("wound", "Stunned", "saved by Tough") rises over the model and fades
FLOAT_TEXT_RISE = 0.8  # inches it rises in that time
DEATH_FADE_MS = 450  # a killed or removed model fades out
PUSH_SLIDE_MS = 260  # a pushed model slides to its new place
MOVE_SLIDE_MS_PER_INCH = 45  # a move is drawn along its route at this pace
ACTIVATION_PULSE_MS = 1200  # one breath of the active model's rim
DICE_ROLL_MS = 420  # the dice tray tumbles before showing the result
MAX_BLOCKING_MS = 0  # with animations off, no animation delays a decision
