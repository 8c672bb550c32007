#!/usr/bin/env python3
"""Copy the Game Icons the game draws out of the npm package into assets/icons/, and list them in assets/CREDITS.

    npm pack @iconify-json/game-icons && tar xzf iconify-json-game-icons-*.tgz
    python tools/vendor_icons.py package/          # the unpacked package folder

Only the icons named in game/ui/icons.py (ICON_FILES) are written: one SVG each, white on
transparent (the game tints them), with the package's version in the credits line. The icons are
by the game-icons.net authors under CC BY 3.0, which allows redistribution with credit.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ui.icons import ICON_DIR, ICON_FILES

CREDITS = ICON_DIR.parent / "CREDITS"
SOURCE = "npm @iconify-json/game-icons {version} (https://game-icons.net, https://github.com/game-icons/icons)"
LICENCE = "CC BY 3.0 (https://creativecommons.org/licenses/by/3.0/)"
AUTHOR = "game-icons.net authors (Lorc, Delapouite and contributors)"
BEGIN, END = "# -- icons (tools/vendor_icons.py) --", "# -- end of icons --"


def svg(body: str, width: int, height: int) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}">{body.replace("currentColor", "#ffffff")}</svg>\n')


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("package", type=Path, help="the unpacked @iconify-json/game-icons folder")
    args = ap.parse_args()
    data = json.loads((args.package / "icons.json").read_text())
    version = json.loads((args.package / "package.json").read_text())["version"]
    ICON_DIR.mkdir(parents=True, exist_ok=True)
    lines = [BEGIN]
    for name in sorted(set(ICON_FILES.values())):
        icon = data["icons"][name]
        w, h = icon.get("width", data.get("width", 512)), icon.get("height", data.get("height", 512))
        (ICON_DIR / f"{name}.svg").write_text(svg(icon["body"], w, h))
        lines.append(f"icons/{name}.svg | Game Icons '{name}' | {SOURCE.format(version=version)} | {AUTHOR} "
                     f"| {LICENCE}")
    lines.append(END)
    old = CREDITS.read_text() if CREDITS.exists() else ""
    if BEGIN in old:
        head, _, rest = old.partition(BEGIN)
        old = head + rest.partition(END)[2].lstrip("\n")
    CREDITS.write_text(old.rstrip("\n") + ("\n\n" if old.strip() else "") + "\n".join(lines) + "\n")
    print(f"{len(lines) - 2} icons written to {ICON_DIR}; credits in {CREDITS}")


if __name__ == "__main__":
    main()
