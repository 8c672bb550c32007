"""The game's entry point: settings, the window, the main menu (or a quick battle), the loop.

Kept light so the menu shows within about a second: the content folders are scanned in the
background by the menu, and the battle code is imported only when a battle starts.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from game.core.arguments import seed_number
from game.ui.settings import fit_to_screen, load_settings


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m game play", description="Start the game.")
    parser.add_argument("--quick", action="store_true", help="skip the menu: start the default quick battle")
    parser.add_argument("--seed", type=seed_number, default=None, help="the quick battle's seed (default: random)")
    parser.add_argument("--load", metavar="SAVE.json", help="open a saved battle at the decision where it stopped")
    parser.add_argument("--position", metavar="SCRIPT.yaml", help="open the battle at a script file's position "
                        "(docs/script-mode.md), hotseat, its answers already given")
    parser.add_argument("--edit", nargs="?", const="", default=None, metavar="MAP",
                        help="open the map editor (on a map file or name)")
    parser.add_argument("--autopilot", action="store_true",
                        help="the normal AI plays every seat through the screen to the results, then the game closes")
    return parser.parse_args(list(argv or []))


def start(argv: Sequence[str] | None = None, save: bool = True):
    """The App with its first scene, ready to run (tests drive it frame by frame)."""
    from game.ui.app import App
    from game.ui.scenes.menu import MainMenu

    args = parse(argv)
    settings, problems = load_settings()
    problems += fit_to_screen(settings, desktop_size())
    problems += data_folder_problems()
    app = App(settings, problems, save=save)
    menu = app.push(MainMenu(app))
    if args.quick:
        assert isinstance(menu, MainMenu)
        menu.quick_battle(args.seed)  # on a bad file the menu stays, showing why
    elif args.position:
        open_position(app, args.position)
    elif args.load:
        open_save(app, args.load)
    elif args.edit is not None:
        open_editor(app, args.edit)
    return app


def data_folder_problems() -> list[str]:
    """One warning if a folder the game writes (saves, settings, the mod folder) cannot be written, naming it
    and saying why; the leftovers of killed writes in those folders are cleaned on the way."""
    from game.content.library import user_mod_dir
    from game.core.atomic import clean_stale_temps, write_problem
    from game.core.errors import os_problem
    from game.saves.store import saves_dir
    from game.ui.settings import config_path

    mods = user_mod_dir()
    bad: list[str] = []
    for what, folder in (("saves", saves_dir()), ("settings", config_path().parent), ("maps and parties", mods)):
        problem = write_problem(folder)
        if problem is not None:
            bad.append(f"{what}: {os_problem(problem)}")
            continue
        for sub in (folder, mods / "maps", mods / "parties", mods / "parties" / "drafts", mods / "editor",
                    mods / "editor" / "drafts") if folder == mods else (folder,):
            clean_stale_temps(sub)
    if not bad:
        return []
    return ["Some of your files cannot be saved, so they will be lost when the game closes — "
            + "; ".join(bad) + ". You can still play. Free the folder (or point IRON_HONOR_SAVES, "
            "IRON_HONOR_CONFIG or IRON_HONOR_MODS at a folder you can write) and start again."]


def desktop_size() -> tuple[int, int] | None:
    """The desktop's size, when the video driver knows a real one (not under the dummy or offscreen driver)."""
    import pygame

    try:
        pygame.display.init()
        if pygame.display.get_driver() in ("dummy", "offscreen"):
            return None
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return tuple(sizes[0]) if sizes else None  # type: ignore[return-value]


def open_save(app, path: str) -> str | None:
    """A saved battle over the menu; a broken or foreign save is named on the menu and nothing starts."""
    from game.ui.scenes import common

    why = common.resume_battle(app, path)
    if why is not None:
        app.startup_problems.append(why)
        if app.top is not None:
            app.top.rebuild()
    return why


def open_editor(app, name: str) -> None:
    """The map editor over the menu, on a map file or a map's name (``village_ruins``); a new map without one."""
    from game.content.library import resolve
    from game.core.errors import ContentError
    from game.ui.scenes.editor import EditorScene

    path = None
    if name:
        try:
            path = resolve("maps", name)
        except ContentError as exc:
            app.startup_problems.append(exc.describe())
            if app.top is not None:
                app.top.rebuild()
            return
    app.push(EditorScene(app, path))


def open_position(app, path: str) -> str | None:
    """The battle at a script's position over the menu; on a bad file the menu shows why and nothing starts."""
    from game.core.errors import ContentError, IllegalAction
    from game.ui.scenes.battle import BattleScene
    from game.ui.session import BattleSession

    try:
        session = BattleSession.from_script(path, autosave=True)
    except ContentError as exc:
        why = exc.describe()
    except IllegalAction as exc:
        why = f"{path}: {exc}"
    else:
        app.push(BattleScene(app, session))
        return None
    app.startup_problems.append(why)
    if app.top is not None:
        app.top.rebuild()
    return why


def run(argv: Sequence[str] | None = None) -> int:
    """Play until the window closes (with ``--autopilot``, until the battle's results: 1 if it never gets there)."""
    app = start(argv)
    if parse(argv).autopilot:
        return autopilot(app)
    app.run()
    return 0


def autopilot(app) -> int:
    """The battle on top played to its results by the normal AI on every seat, through the screen's own buttons and
    clicks (game.ui.autopilot), then closed; 1, said, when no battle started or its results never came."""
    import pygame

    from game.ai.registry import make
    from game.ui.autopilot import Autopilot

    if app.top is None or app.top.name != "battle":
        print("no battle started: " + "; ".join(app.startup_problems or ["see the menu"]), file=sys.stderr)
        return 1
    pilot = Autopilot(app, lambda side: make("normal", 1 + side))
    try:
        steps = pilot.run("results", limit=50_000)
    except RuntimeError as exc:
        print(f"the battle did not reach its results: {exc}", file=sys.stderr)
        return 1
    print(f"the battle was played to its results by the autopilot: {pilot.answered} answers in {steps} steps")
    app.running = False
    pygame.quit()
    return 0
