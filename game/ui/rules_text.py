"""The rules reference's text laid out for drawing: rows of words, each word knowing its place and link.

Laid out once per width and filter (a thousand wrapped rows), then only the visible rows are drawn:
the scene hit-tests the links per word and bands the opened rule. ``[ID]`` in a rule's text is a link,
kept glued to its punctuation so "([CC-5])" reads as written.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.content.rules_reference import REF, Entry, RulesReference
from game.ui import theme

LINK = theme.RULE_LINK
ID_COLOUR = (240, 200, 90)
NOTE = (170, 175, 185)
EXTRA_GLYPHS = str.maketrans({"∈": "in", "→": "»", "≤": "<="})


@dataclass(frozen=True)
class Span:
    text: str
    x: int  # from the row's left edge
    width: int
    colour: tuple[int, int, int]
    bold: bool = False
    link: str = ""  # a rule ID this word opens


@dataclass(frozen=True)
class Row:
    y: int
    height: int
    spans: tuple[Span, ...]
    size: int
    key: str = ""  # the entry (or section "chapter/n", chapter "chapter") the row belongs to
    indent: int = 0


def clean(s: str) -> str:
    return theme.displayable(s.translate(EXTRA_GLYPHS))


class Layout:
    """The reference (or the entries a search kept) laid out as rows of spans at a width."""

    def __init__(self, ref: RulesReference, width: int, body: int, keep: set[str] | None = None):
        self.ref, self.width, self.body = ref, width, body
        self.rows: list[Row] = []
        self.first_row: dict[str, int] = {}  # entry / section / chapter key -> its first row
        self.height = 0
        self._y = 0
        for chapter in ref.chapters:
            sections = [s for s in chapter.sections if keep is None or any(e.key in keep for e in s.entries)]
            if not sections:
                continue
            self._gap(body // 2)
            self._para(chapter.title, round(body * 1.45), theme.ACCENT, True, chapter.id)
            if keep is None:
                for p in chapter.intro:
                    self._para(p, body, NOTE, False, chapter.id)
            for s in sections:
                self._gap(body // 2)
                self._para(s.title, round(body * 1.15), theme.INK, True, s.key)
                for e in s.entries:
                    if keep is None or e.key in keep:
                        self._entry(e)
        self._gap(body)
        self.height = self._y

    def _gap(self, n: int) -> None:
        self._y += n

    def _para(self, text: str, size: int, colour: tuple[int, int, int], bold: bool, key: str,
              indent: int = 0, lead: list[tuple[str, tuple[int, int, int], bool, str, bool]] | None = None) -> None:
        """Wrapped text; ``[ID]`` inside it becomes a link; ``lead`` words come first (the rule's own ID).

        A word is (text, colour, bold, link, glued): glued words follow the previous one with no space,
        so "([CC-5])" reads as written while its ID is a link of its own."""
        words = list(lead or [])
        pos = 0

        def plain(seg: str, after_link: bool) -> None:
            seg = clean(seg)
            for n, w in enumerate(seg.split()):
                words.append((w, colour, bold, "", n == 0 and after_link and not seg[:1].isspace()))

        for m in REF.finditer(text):
            plain(text[pos:m.start()], pos > 0)
            glued = m.start() > 0 and not text[m.start() - 1].isspace()
            words.append((f"[{m.group(1)}]", LINK, bold, m.group(1), glued))
            pos = m.end()
        plain(text[pos:], pos > 0)
        f_reg, f_bold = theme.font(size), theme.font(size, bold=True)
        space = f_reg.size(" ")[0]
        line_h = f_reg.get_linesize() + 1
        room = self.width - indent
        spans: list[Span] = []
        x = 0
        self.first_row.setdefault(key, len(self.rows))
        groups: list[list[tuple[str, tuple[int, int, int], bool, str, int]]] = []  # words that wrap as one
        for w, c, b, link, glued in words:
            item = (w, c, b, link, (f_bold if b else f_reg).size(w)[0])
            if glued and groups:
                groups[-1].append(item)
            else:
                groups.append([item])
        for group in groups:
            wide = sum(item[4] for item in group)
            if spans and x + wide > room:
                self.rows.append(Row(self._y, line_h, tuple(spans), size, key, indent))
                self._y += line_h
                spans, x = [], 0
            for w, c, b, link, width in group:
                spans.append(Span(w, x, width, c, b, link))
                x += width
            x += space
        self.rows.append(Row(self._y, line_h, tuple(spans), size, key, indent))
        self._y += line_h

    def _entry(self, e: Entry) -> None:
        size = self.body
        indent = round(size * 1.2)
        if e.id:
            self._gap(size // 3)
            self._para(e.text or "", size, theme.INK, False, e.key, indent, [(f"[{e.id}]", ID_COLOUR, True, "", False)])
        elif e.heading:
            self._gap(size // 2)
            self._para(e.heading, size, theme.ACCENT, True, e.key, indent // 2)
            if e.text:
                self._para(e.text, size, NOTE, False, e.key, indent)
        else:
            self._gap(size // 3)
            self._para(e.text or "", size, NOTE, False, e.key, indent // 2)
