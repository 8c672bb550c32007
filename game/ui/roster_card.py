"""The roster card drawn for printing: dark ink on white, one block per model, at a page width in pixels.

Laid out from a ``game.builder.roster.Roster`` (the built party and the rules text); the page grows as
long as the party needs.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.builder.roster import Roster, group_title, grouped
from game.ui import theme
from game.ui.plural import counted

INK = (20, 22, 26)
SOFT = (90, 94, 102)
RULE = (180, 150, 60)
PAPER = (252, 250, 244)
BAND = (238, 232, 215)


def _wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}" if line else word
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def render_card(r: Roster, width: int = 1240) -> pygame.Surface:
    """The card as a surface ``width`` pixels wide (1240: an A4 page at 150 dpi)."""
    s = width / 1240
    m = round(60 * s)
    f_title, f_head = theme.font(round(40 * s), bold=True), theme.font(round(26 * s), bold=True)
    f_body, f_small = theme.font(round(20 * s)), theme.font(round(17 * s))
    f_bold = theme.font(round(20 * s), bold=True)
    inner = width - 2 * m
    ops: list[tuple[str, str | int | None, int, int, tuple[int, int, int], pygame.font.Font | None]] = []
    y = m

    def text(t: str, font: pygame.font.Font, x: int, colour=INK) -> None:
        ops.append(("text", theme.displayable(t), x, y, colour, font))

    text(r.name, f_title, m)
    y += f_title.get_linesize()
    models = counted(len(r.models), "model")
    text(f"{r.size.capitalize()} game  ·  {r.cost} / {r.budget} ExP  ·  Fate Pool {r.fate}  ·  {models}",
         f_body, m, SOFT)
    y += f_body.get_linesize() + round(10 * s)
    ops.append(("rule", None, m, y, RULE, None))
    y += round(14 * s)
    for mdl, names in grouped(r):
        top = y
        ops.append(("band", None, m, y, BAND, None))
        band_index = len(ops) - 1
        y += round(8 * s)
        text(group_title(mdl, names), f_head, m + round(12 * s))
        cost = f"{mdl.type.capitalize()}  ·  {mdl.cost} ExP" + (" each" if len(names) > 1 else "")
        ops.append(("text", cost, m + inner - round(12 * s) - f_body.size(cost)[0], y + round(4 * s), SOFT, f_body))
        y += f_head.get_linesize()
        a = mdl.attributes
        cells = [("MA", a["MA"]), ("RA", a["RA"]), ("PD", a["PD"]), ("WP", a["WP"]), ("WO", mdl.wounds)]
        cw = round(96 * s)
        for k, (key, value) in enumerate(cells):
            x = m + round(12 * s) + k * cw
            ops.append(("text", key, x, y, SOFT, f_small))
            ops.append(("text", str(value), x + round(34 * s), y - round(4 * s), INK, f_head))
        ops.append(("text", f"base {mdl.base_mm:g} mm", m + round(12 * s) + 5 * cw, y, SOFT, f_small))
        y += f_head.get_linesize()
        pad = m + round(12 * s)
        width_text = inner - round(24 * s)
        weapons = ", ".join(f"{n} ({sk}, {c})" for n, sk, c in mdl.weapons) or "none: fights unskilled [SKILL-3]"
        for line in _wrap(f"Weapons: {weapons}", f_body, width_text):
            text(line, f_body, pad)
            y += f_body.get_linesize()
        if mdl.qualities:
            for line in _wrap("Qualities: " + ", ".join(mdl.qualities), f_body, width_text):
                text(line, f_body, pad, SOFT)
                y += f_body.get_linesize()
        for t in mdl.traits:
            head = f"{t.name} ({t.cost:+d}) [{', '.join(t.rules)}] "
            text(head, f_bold, pad)
            first_w = f_bold.size(head)[0]
            lines = _wrap(t.text, f_small, width_text - first_w)
            if lines:
                ops.append(("text", theme.displayable(lines[0]), pad + first_w, y + round(2 * s), INK, f_small))
            y += f_body.get_linesize()
            rest = " ".join(lines[1:])
            for line in _wrap(rest, f_small, width_text - round(20 * s)) if rest else []:
                ops.append(("text", theme.displayable(line), pad + round(20 * s), y, INK, f_small))
                y += f_small.get_linesize()
        for extra in ((", ".join(names),) if len(names) > 1 else ()) + mdl.extras:
            for line in _wrap(extra, f_small, width_text):
                ops.append(("text", theme.displayable(line), pad, y, SOFT, f_small))
                y += f_small.get_linesize()
        y += round(10 * s)
        ops[band_index] = ("band", y - top, m, top, BAND, None)
        y += round(12 * s)
    y += round(10 * s)
    text("Iron & Honor — roster card. Costs, wounds and Fate as the game computes them (party check).", f_small, m,
         SOFT)
    y += f_small.get_linesize() + m
    page = pygame.Surface((width, y))
    page.fill(PAPER)
    for kind, arg, x, yy, colour, font in ops:
        if kind == "band":
            assert isinstance(arg, int)  # a band's height
            pygame.draw.rect(page, colour, (x, yy, inner, arg), border_radius=round(8 * s))
        elif kind == "rule":
            pygame.draw.line(page, colour, (x, yy), (x + inner, yy), max(1, round(3 * s)))
        else:
            assert font is not None  # every text has its font
            page.blit(font.render(str(arg), True, colour), (x, yy))
    return page


def export_png(r: Roster, path: Path, width: int = 1240) -> Path:
    """The card as a PNG file, written atomically (game.core.atomic: never half a file)."""
    import io

    from game.core.atomic import write_bytes_atomic

    buffer = io.BytesIO()
    pygame.image.save(render_card(r, width), buffer, "card.png")
    write_bytes_atomic(path, buffer.getvalue())
    return path
