"""Write the modders' catalogues (docs/traits.md, docs/skills-and-styles.md) from the game's data.

    PYTHONPATH=. python tools/build_catalogues.py
"""

from __future__ import annotations

from pathlib import Path

from game.content.catalogue_docs import PAGES

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    for name, page in PAGES.items():
        (ROOT / name).write_text(page(), encoding="utf-8")
        print(f"wrote {name}")


if __name__ == "__main__":
    main()
