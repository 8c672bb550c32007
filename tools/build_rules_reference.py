#!/usr/bin/env python3
"""Regenerate the in-game rules reference (game/content/data/rules.yaml) from a copy of the rules folder.

    python tools/build_rules_reference.py PATH/TO/rules            # writes game/content/data/rules.yaml
    python tools/build_rules_reference.py PATH/TO/rules -o out.yaml

The game never reads the rules folder: it reads only the shipped YAML, loaded and validated like
every other content file (game/content/rules_reference.py). This tool restates each chapter file
(core, digital, traits, encounters, errata, examples) as chapters -> sections -> entries: a rule
(its ID and text), a heading (a trait's name line, a sub-heading) or a note (a paragraph, an errata
row). Markdown emphasis and code marks are dropped; rule IDs in square brackets stay, so the
reference can link them.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import yaml

CHAPTERS = ("core", "digital", "traits", "encounters", "errata", "examples")
OUT = Path(__file__).resolve().parent.parent / "game" / "content" / "data" / "rules.yaml"
# the game's own rules (what the book leaves open: triggers, campaigns, ...), one file per chapter they extend
OURS = Path(__file__).resolve().parent.parent / "docs" / "rules"
RULE = re.compile(r"^- \[([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*-\d+)\]\s*(.*)$")
TRAIT = re.compile(r"^\*\*(.+?)\*\*\s*(\([^)]*\))?\s*(?:[—-]\s*(.*))?$")


# the rules files as the reference names them (its chapters), where a rule points to another file
FILE_NAMES = {"core.md": "“Core rules”", "digital.md": "“From tabletop to software”", "traits.md": "“Traits”",
              "encounters.md": "“Encounters”", "errata.md": "“Errata”", "examples.md": "the worked examples",
              "formats.md": "the file formats (docs/ in the game's folder)"}


def plain(s: str) -> str:
    """Markdown emphasis and code marks dropped, file names turned into chapter names; everything else
    (rule IDs in brackets) kept."""
    for file, name in FILE_NAMES.items():
        s = s.replace(f"`{file}`", name).replace(file, name)
    s = re.sub(r"\*\*(.+?)\*\*", r"\1", s)
    s = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"\1", s)
    return s.replace("`", "").strip()


def _cells(line: str) -> list[str]:
    return [plain(c) for c in line.strip().strip("|").split("|")]


def parse_chapter(stem: str, text: str) -> dict:
    """One rules file as a chapter: its intro paragraphs and its sections of entries."""
    chapter: dict = {"id": stem, "title": "", "intro": [], "sections": []}
    entries: list[dict] | None = None  # the current section's entries (None: still in the intro)
    para: list[str] = []
    table: list[str] | None = None

    def flush_para() -> None:
        if para:
            body = plain(" ".join(x.strip() for x in para))
            (chapter["intro"] if entries is None else entries).append(body if entries is None else {"text": body})
            para.clear()

    for raw in text.splitlines():
        line = raw.rstrip()
        if line.startswith("|"):
            flush_para()
            if table is None:
                table = []
            if not re.fullmatch(r"\|[\s|:-]+\|", line):
                cells = _cells(line)
                if not table:
                    table.extend(cells)
                else:
                    head, *rest = cells
                    body = "; ".join(f"{h}: {c}" for h, c in zip(table[1:], rest, strict=False) if c)
                    body = body[:1].upper() + body[1:]
                    if entries is None:  # a table before any section heading: a section of its own
                        entries = []
                        chapter["sections"].append({"title": "Rulings", "entries": entries})
                    entries.append({"heading": head, "text": body})
            continue
        table = None
        if line.startswith("# "):
            chapter["title"] = plain(line[2:])
            continue
        if line.startswith("## "):
            flush_para()
            entries = []
            chapter["sections"].append({"title": plain(line[3:]), "entries": entries})
            continue
        if line.startswith("### "):
            flush_para()
            if entries is None:
                entries = []
                chapter["sections"].append({"title": chapter["title"], "entries": entries})
            entries.append({"heading": plain(line[4:])})
            continue
        if not line.strip():
            flush_para()
            continue
        m = RULE.match(line)
        t = TRAIT.match(line)
        if m or t or line.startswith("- "):
            flush_para()
            if entries is None:  # rules before any section heading: a section named after the chapter
                entries = []
                chapter["sections"].append({"title": chapter["title"], "entries": entries})
            if m:
                entries.append({"id": m.group(1), "text": plain(m.group(2))})
            elif t:
                head = plain(t.group(1)) + (f" {t.group(2)}" if t.group(2) else "")
                entries.append({"heading": head, **({"text": plain(t.group(3))} if t.group(3) else {})})
            else:
                entries.append({"text": plain(line[2:])})
            continue
        if raw.startswith("  ") and entries:  # a continuation of the previous list item
            last = entries[-1]
            last["text"] = (last.get("text", "") + " " + plain(line)).strip()
            continue
        para.append(line)
    flush_para()
    chapter["intro"] = [p for p in chapter["intro"] if p]
    if not chapter["intro"]:
        del chapter["intro"]
    return chapter


def build(rules_dir: Path, ours: Path = OURS) -> dict:
    """The rules folder's chapters, each with the sections of the game's own file of the same name after its own
    (before a closing section on what every encounter file must express, which stays last)."""
    chapters = []
    for stem in CHAPTERS:
        path = rules_dir / f"{stem}.md"
        chapter = parse_chapter(stem, path.read_text(encoding="utf-8"))
        own = ours / f"{stem}.md"
        if own.is_file():
            extra = parse_chapter(stem, own.read_text(encoding="utf-8"))["sections"]
            last = [s for s in chapter["sections"] if s["title"].startswith("What every")]
            chapter["sections"] = [s for s in chapter["sections"] if s not in last] + extra + last
        chapters.append(chapter)
    return {"format": "iron-honor/rules@1", "chapters": chapters}


HEADER = """\
# The rules reference the game shows (Help > Rules, and every rule ID link in the battle).
# Generated by tools/build_rules_reference.py from a copy of the project's rules folder and the
# game's own rules (docs/rules/); the game reads only this file. Chapters as the book's reference
# files, sections by their headings.
# An entry is a rule (id + text), a heading (+ optional text) or a note (text only).
"""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rules_dir", type=Path, help="a copy of the rules folder (core.md, traits.md, ...)")
    ap.add_argument("-o", "--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    data = build(args.rules_dir)
    body = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=110)
    args.out.write_text(HEADER + body, encoding="utf-8")
    n = sum(1 for c in data["chapters"] for s in c["sections"] for e in s["entries"] if "id" in e)
    print(f"{args.out}: {len(data['chapters'])} chapters, {n} rules")
    return 0


if __name__ == "__main__":
    sys.exit(main())
