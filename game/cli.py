"""Command line: ``python -m game`` plays; ``python -m game party check FILE...`` checks parties.

No pygame here: the checker must run on a machine with no display.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.core.arguments import count, seed_number
from game.core.errors import ContentError, Problem, safe_text

if TYPE_CHECKING:  # the loaders are imported by the commands that use them: the game window opens sooner
    from game.content.maps import BattleMap
    from game.content.party_building import BuiltParty
    from game.content.scenario_schema import ScenarioFile
    from game.content.validate import Checked
    from game.content.yaml_loader import Document

_LINE_BREAKS = str.maketrans({"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"})


def json_line(record: object, indent: int | None = None) -> str:
    """Strict JSON (no NaN) on one line: the characters other readers take for line breaks are escaped too."""
    return json.dumps(record, ensure_ascii=False, allow_nan=False, indent=indent).translate(_LINE_BREAKS)


def _party_files(paths: Sequence[str]) -> list[tuple[str, ContentError | None]]:
    """Folders become their .yaml/.yml files; files stay as given (even missing ones).

    An entry of a folder named like a party file that is not a file (a folder, a FIFO, a
    broken link) comes with the error saying it was skipped.
    """
    from game.content.files import yaml_files

    out: list[tuple[str, ContentError | None]] = []
    for p in paths:
        path = Path(p)
        try:
            is_dir = path.is_dir()
        except (OSError, ValueError):
            is_dir = False
        if is_dir:
            files, skipped = yaml_files(path)
            out += [(str(f), None) for f in files]
            out += [(str(s.path), s.error()) for s in skipped]
        else:
            out.append((p, None))
    return out


def party_check(files: Sequence[str], out=None) -> int:
    """formats.md: one JSON object per line; non-zero exit if any file is invalid."""
    from game.content.party_building import load_party

    out = out or sys.stdout
    failed = False
    for file, skipped in _party_files(files):
        try:
            if skipped is not None:
                raise skipped
            party = load_party(file)
        except ContentError as exc:
            failed = True
            record: dict[str, object] = {"file": safe_text(file), "errors": [p.as_dict() for p in exc.problems]}
        else:
            record = party.summary()
        out.write(json_line(record) + "\n")
        out.flush()
    return 1 if failed else 0


def describe_party(party: BuiltParty) -> str:
    """A readable summary of a party: each model's profile, cost and traits."""
    lines = [f"{party.name} — {party.size}, {party.cost}/{party.budget} ExP, Fate {party.fate}"]
    for m in party.models:
        a = m.attributes
        weapons = ", ".join(f"{w.name} ({w.skill})" for w in m.weapons) or "unarmed"
        traits = ", ".join(m.traits) or "no traits"
        lines.append(f"  {m.name} ({m.type}) MA {a['MA']} RA {a['RA']} PD {a['PD']} WP {a['WP']} "
                     f"WO {m.wounds} — {m.cost} ExP")
        lines.append(f"      {weapons}; {traits}")
    return "\n".join(lines)


def has_screen() -> bool:
    """Whether a game window can be shown: not on a headless machine or SDL's dummy/offscreen driver."""
    import os

    if os.environ.get("SDL_VIDEODRIVER", "").lower() in ("dummy", "offscreen"):
        return False
    if sys.platform.startswith(("linux", "freebsd", "openbsd")):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def play(args: argparse.Namespace) -> int:
    """The game window; without a screen, the default matchup as text (pygame is imported only with a screen)."""
    autopilot = getattr(args, "autopilot", False)
    if autopilot and not getattr(args, "quick", False):
        print("--autopilot plays the quick battle: add --quick", file=sys.stderr)
        return 2
    if not has_screen() and not autopilot:
        if getattr(args, "command", None) == "edit":
            print("The map editor needs a screen (no display, or SDL_VIDEODRIVER=dummy). "
                  f"Check a map without one: {command_name()} validate MAP.yaml", file=sys.stderr)
            return 1
        return print_matchup()
    from game.ui.main import run

    argv = ["--quick"] if getattr(args, "quick", False) else []
    if getattr(args, "seed", None) is not None:
        argv += ["--seed", str(args.seed)]
    if getattr(args, "position", None):
        argv += ["--position", args.position]
    if getattr(args, "load", None):
        argv += ["--load", args.load]
    if args.command == "edit":
        argv += ["--edit", args.map] if args.map else ["--edit"]
    if autopilot:
        argv += ["--autopilot"]
    return run(argv)


def print_matchup() -> int:
    """The default matchup, checked and described: what ``play`` shows on a machine with no screen."""
    from game.content.party_building import load_party
    from game.paths import DEFAULT_MATCHUP, PARTIES_DIR

    parties = []
    for name in DEFAULT_MATCHUP:
        try:
            parties.append(load_party(PARTIES_DIR / f"{name}.yaml", f"assets/parties/{name}.yaml"))
        except ContentError as exc:
            print(f"Cannot load a default party:\n{exc.describe()}", file=sys.stderr)
            return 1
    print("Iron & Honor — default matchup (Engagement)\n")
    print(describe_party(parties[0]))
    print("\n          versus\n")
    print(describe_party(parties[1]))
    print("\nNo screen found (no display, or SDL_VIDEODRIVER=dummy): the game window needs one.")
    return 0


def run_script_command(path: str) -> int:
    """``run SCRIPT.yaml``: events and the final state as one JSON object; exit 1 on a bad file, 2 on a bad answer."""
    from game.content.script_file import load_script
    from game.rules.script_mode import run_script

    try:
        result = run_script(load_script(path))
    except ContentError as exc:
        # the file the problems are in: the script, or a party or map file it names
        print(json_line({"file": exc.file, "errors": [p.as_dict() for p in exc.problems]}))
        return 1
    print(json_line(result, indent=1))
    return 2 if result["error"] else 0


def fight_command(args: argparse.Namespace) -> int:
    """``fight``: a whole headless game between two controllers; the battle report on stdout."""
    from game.rules.engine import Game
    from game.rules.setup import simple_deployment
    from game.rules.state import Settings
    from game.systems import DEFAULT
    from game.systems import get as rule_system

    try:
        system = rule_system(args.system or DEFAULT)
    except KeyError as exc:
        print(exc.args[0], file=sys.stderr)
        return 2
    controllers = system.controllers()
    if system.id != DEFAULT:
        return _fight_system(system, args)
    try:
        found = named_content(args.parties, args.map, args.scenario)
    except ContentError as exc:
        print(exc.describe(), file=sys.stderr)
        return 1
    parties = tuple(f.value for f in found["parties"])
    scenario = found["scenarios"][0].value if found["scenarios"] else None
    try:
        battle_map, why = chosen_map(found)
    except ContentError as exc:
        print(exc.describe(), file=sys.stderr)
        return 1
    print(f"Map: {battle_map.name} ({why})", file=sys.stderr if args.json else sys.stdout)
    try:
        options = chosen_options(system, args.option)
    except KeyError as exc:
        print(exc.args[0], file=sys.stderr)
        return 2
    state = system.new_state((parties[0], parties[1]), battle_map, args.seed, scenario=scenario,
                             settings=Settings(options=options) if options else None)
    if scenario is None:
        simple_deployment(state)
    unknown = [a for a in args.ai if a not in controllers]
    if unknown:
        print(f"no controller named '{unknown[0]}'; known: {', '.join(sorted(controllers))}", file=sys.stderr)
        return 2
    game = Game(state, [controllers[args.ai[0]](args.seed * 2 + 1), controllers[args.ai[1]](args.seed * 2 + 2)])
    shown = 0
    while True:
        for event in state.log[shown:]:
            if args.json:
                print(json_line(event.to_dict()))
            else:
                print(f"[turn {event.turn}] {event.text}")
        shown = len(state.log)
        if game.over:
            break
        game.step()
    return 0


OPTION_HELP = ("an optional rule of the rule system to play with, e.g. heroic-duel (Brimstone and Iron's Combat "
               "Score for hero-on-hero close combat, [HD-1]); repeat for more; a wrong name lists the system's")


def chosen_options(system: Any, given: Sequence[str]) -> tuple[str, ...]:
    """The optional rules named on the command line, each the system's (a KeyError naming its options) and once."""
    for option in given:
        system.option(option)
    return tuple(dict.fromkeys(given))


def system_content(system: Any, parties: Sequence[str], map_name: str | None, scenario_name: str | None
                   ) -> tuple[tuple[Path, Path], Path, Path | None]:
    """The files a command names for a rule system other than the first (its own squads and scenarios, by name
    or file; the shared maps), each checked by loading it: a ContentError or a KeyError names what is wrong."""
    from game.content.library import resolve

    found = [Path(system.find("parties", p)) for p in parties]
    for path in found:
        system.parse_party(path.read_bytes(), str(path))
    scenario = Path(system.find("scenarios", scenario_name)) if scenario_name else None
    parsed = system.parse_scenario(scenario.read_bytes(), str(scenario), None) \
        if scenario and system.parse_scenario else None
    if map_name:
        battle_map = resolve("maps", map_name)
    elif parsed is not None and getattr(parsed, "map", None):
        battle_map = resolve("maps", parsed.map)
    else:
        battle_map = resolve("maps", "open_field")
    return (found[0], found[1]), Path(battle_map), scenario


def _controllers_known(system: Any, names: Sequence[str]) -> bool:
    """Whether the system has a controller of each name; the first it lacks told on stderr."""
    controllers = system.controllers()
    unknown = [a for a in names if a not in controllers]
    if unknown:
        print(f"no controller named '{unknown[0]}' for {system.title}; known: {', '.join(sorted(controllers))}",
              file=sys.stderr)
    return not unknown


def _fight_system(system: Any, args: argparse.Namespace) -> int:
    """``fight`` of a rule system other than the first: the game a save of it would hold, played and reported."""
    from game.rules.engine import Game
    from game.saves.playback import setup_state
    from game.saves.setup_block import setup_block

    controllers = system.controllers()
    if not _controllers_known(system, args.ai):
        return 2
    try:
        parties, battle_map, scenario = system_content(system, args.parties, args.map, args.scenario)
        state = setup_state(setup_block(system.id, args.seed, parties, battle_map, scenario), "the command line")
    except ContentError as exc:
        print(exc.describe(), file=sys.stderr)
        return 1
    except KeyError as exc:
        print(exc.args[0], file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"cannot read {safe_text(str(exc.filename))}: {safe_text(exc.strerror or str(exc))}", file=sys.stderr)
        return 1
    why = "given with --map" if args.map else ("the scenario's own map" if scenario else "no --map or scenario")
    print(f"{system.title}: {battle_map.stem} ({why})", file=sys.stderr if args.json else sys.stdout)
    game = Game(state, [controllers[args.ai[0]](args.seed * 2 + 1), controllers[args.ai[1]](args.seed * 2 + 2)],
                rules=system.play)
    shown = 0
    while True:
        for event in state.log[shown:]:
            print(json_line(event.to_dict()) if args.json else f"[round {event.turn}] {event.text}")
        shown = len(state.log)
        if game.over:
            return 0
        game.step()


def chosen_map(found: dict[str, list]) -> tuple[BattleMap, str]:
    """The map a command plays on and why: the one named with ``--map``; else the scenario's own ``map:``
    (a name, or a file beside the scenario or in the game's folders); else an open table."""
    from game.content.maps import BattleMap

    if found["maps"]:
        return found["maps"][0].value, "given with --map"
    if found["scenarios"]:
        scenario = found["scenarios"][0]
        if scenario.value.map is not None:
            try:
                return _scenario_map(Path(scenario.path), scenario.value.map), f"{scenario.value.name}'s own map"
            except ContentError as exc:
                from game.content.yaml_loader import load_yaml

                doc = load_yaml(scenario.path)
                raise ContentError(doc.file, [doc.problem(("map",), f"the map '{safe_text(scenario.value.map)}' "
                                                          f"cannot be used: {p.message}") for p in exc.problems]
                                   ) from None
    none = " and the scenario names none" if found["scenarios"] else ""
    return BattleMap("open table", ()), f"no --map given{none}"


def named_content(parties: Sequence[str], map_name: str | None, scenario: str | None) -> dict[str, list]:
    """The content a command names (files or names), loaded; the broken files passed over are told on stderr.

    A modder must hear of a broken file in the mod folder from every command, not only the set-up screen.
    """
    from game.content.library import lookup, skipped_warnings

    found = {"parties": [lookup("parties", p, survey=True) for p in parties],
             "maps": [lookup("maps", map_name, survey=True)] if map_name else [],
             "scenarios": [lookup("scenarios", scenario, survey=True)] if scenario else []}
    for line in skipped_warnings([f for fs in found.values() for f in fs]):
        print(line, file=sys.stderr)
    return found


def command_name() -> str:
    """How the player started the game, for help and messages: the packaged app or the installed command (a
    wheel's ``iron-honor`` script), or the source."""
    app = getattr(sys, "frozen", False) or Path(sys.argv[0]).stem == "iron-honor"
    return "iron-honor" if app else "python -m game"


def build_parser() -> argparse.ArgumentParser:
    prog = command_name()
    parser = argparse.ArgumentParser(prog=prog, description="Iron & Honor — fantasy skirmish wargame.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    play_cmd = sub.add_parser("play", help="start the game (the default)", description="Open the game window.")
    play_cmd.add_argument("--quick", action="store_true", help="skip the menu: start the default quick battle "
                          "(an Engagement on Village Ruins: Ghrim Company v Northmen Raiding Party, normal AI)")
    play_cmd.add_argument("--seed", type=seed_number, help="the quick battle's seed (default: random)")
    play_cmd.add_argument("--autopilot", action="store_true", help="with --quick: the normal AI plays both seats "
                          "through the battle screen to the end, then the game closes (a demo, or a check that an "
                          "installed game works: it needs no screen)")
    play_cmd.add_argument("--load", metavar="SAVE.json", help="open a saved battle at the decision where it stopped")
    play_cmd.add_argument("--position", metavar="SCRIPT.yaml", help="open the battle (hotseat) at a script file's "
                          "position, its answers already given (docs/script-mode.md)")
    edit = sub.add_parser("edit", help="open the map editor", description="Open the map editor on a new map, a "
                          "map file, or a map's name (e.g. village_ruins; a shipped map is saved as a copy in your "
                          "mod folder).")
    edit.add_argument("map", nargs="?", default="", metavar="MAP")
    party = sub.add_parser("party", help="party files: check them", description="Work with party files.")
    party_sub = party.add_subparsers(dest="party_command", metavar="SUBCOMMAND", required=True)
    check = party_sub.add_parser(
        "check",
        help="validate party files",
        description=(
            "Validate party files (format iron-honor/party@1) against the party-building rules. "
            "Prints one JSON object per file and line: for a valid party "
            '{"file", "name", "size", "cost", "budget", "fate", "models": [{"name", "cost", "wounds"}]}; '
            'for an invalid one {"file", "errors": [{"where", "line", "message"}]}, every error located by '
            "key path and line and naming its rule. Exits 1 if any file is invalid. A folder checks every "
            ".yaml file in it."
        ),
    )
    check.add_argument("files", nargs="+", metavar="FILE", help="party files or folders")
    run = sub.add_parser("run", help="run a script file (position, forced dice, answers) and print JSON",
                         description="Script mode (docs/script-mode.md): set up the position a script describes, "
                         "force its dice, feed its answers in order, and print the events and the final state as "
                         "JSON. Exits 1 for a bad script, 2 when an answer is illegal.")
    run.add_argument("script", metavar="SCRIPT.yaml")
    fight = sub.add_parser("fight", help="play a whole headless game and print the battle report",
                           description="Play a whole game between two controllers (an encounter, or a plain fight "
                           "for six turns scoring kills) and print every event.")
    fight.add_argument("--ai", nargs=2, default=["normal", "normal"], metavar=("A", "B"),
                       help="the controllers: random, aggressive, easy, normal, hard (default: normal normal)")
    fight.add_argument("--parties", nargs=2, required=True, metavar=("A.yaml", "B.yaml"))
    fight.add_argument("--map", metavar="MAP.yaml", help="a map file or name (default: the scenario's own map, "
                       "else an open table)")
    fight.add_argument("--seed", type=seed_number, default=1)
    fight.add_argument("--scenario", metavar="SCENARIO", help="an encounter: a scenario file or a name such as "
                       "engagement, landmark, rescue, scouting_run, salvage, breakthrough (default: a plain fight)")
    fight.add_argument("--json", action="store_true", help="one JSON event per line")
    fight.add_argument("--system", metavar="SYSTEM", help="the rule system played (default: iron-honor, the "
                       "first; a wrong name lists the systems this game plays)")
    fight.add_argument("--option", action="append", default=[], metavar="OPTION", help=OPTION_HELP)
    sim = sub.add_parser("simulate", help="play many headless games between two named controllers",
                         description="Play N seeded games (seed K, K+1, ...; the controllers change sides every "
                         "other game) in parallel processes; write one JSON line per game and print win/draw/loss "
                         "with 95% Wilson intervals, mean scores, game length and decision-time percentiles.")
    sim.add_argument("--parties", nargs=2, required=True, metavar=("A", "B"))
    sim.add_argument("--ai", nargs=2, default=["random", "random"], metavar=("X", "Y"),
                     help="controller names (game/ai/registry.py)")
    sim.add_argument("--map", metavar="MAP", help="a map file or name (default: the scenario's own map, else an "
                     "open table)")
    sim.add_argument("--scenario", metavar="SCENARIO", help="an encounter (default: a plain fight scoring kills)")
    sim.add_argument("--games", type=count, default=20)
    sim.add_argument("--seed", type=seed_number, default=1)
    sim.add_argument("--jobs", type=count, default=1, help="worker processes")
    sim.add_argument("--out", metavar="results.jsonl", help="write one JSON object per game")
    sim.add_argument("--option", action="append", default=[], metavar="OPTION", help=OPTION_HELP)
    sim.add_argument("--system", metavar="SYSTEM", help="the rule system played (default: iron-honor, the first)")
    sim.add_argument("--events", metavar="events.jsonl", help="write every event of every game, one JSON object "
                     "per line: game index, seed, kind, turn, text, data (the whole file when the run ends)")
    replay = sub.add_parser("replay", help="print the battle report of a save or replay and check it reproduces",
                            description="Play a save file (iron-honor/save@1) back from its setup, seed and answers, "
                            "print every event, and check each decision's events against the recorded ones. Exits 0 "
                            "when it reproduces, 1 with the first decision where it diverges (or a broken file).")
    replay.add_argument("save", metavar="SAVE.json")
    replay.add_argument("--json", action="store_true", help="one JSON event per line")
    camp = sub.add_parser("campaign", help="play a campaign headless, or report a campaign's progress",
                          description="Play a campaign (campaigns/*.yaml, docs/modding-campaigns.md) game after game "
                          "between two controllers, the parties carried over between games, and print each game's "
                          "result, casualties and banked ExP. With --progress FILE the campaign's progress is saved "
                          "there after every game and an unfinished one is resumed; --report only prints it.")
    camp.add_argument("campaign", nargs="?", metavar="CAMPAIGN", help="a campaign file or name (e.g. border_feud)")
    camp.add_argument("--parties", nargs=2, metavar=("A", "B"), help="the two parties (files or names)")
    camp.add_argument("--ai", nargs=2, default=["normal", "normal"], metavar=("A", "B"))
    camp.add_argument("--seed", type=seed_number, default=1)
    camp.add_argument("--progress", metavar="PROGRESS.json", help="where the progress is saved (and resumed from)")
    camp.add_argument("--report", action="store_true", help="only print the progress file's report")
    lab = sub.add_parser("lab", help="the balance lab: a sweep of many games, a results table and a report",
                         description="Play every game of a sweep (parties x maps x scenarios x sides x AI levels x "
                         "seeds, from a sweep file or the options below) on every core, or on a Ray cluster; store "
                         "one row per game in OUT/results.sqlite and write OUT/report/report.md with its plots. "
                         "Stopped (Ctrl-C), the same command goes on where it stopped: games already stored are "
                         "not played again. See README.md, 'Balance lab'.")
    lab.add_argument("sweep", nargs="?", metavar="SWEEP.yaml", help="a sweep file (format iron-honor/sweep@1)")
    lab.add_argument("--parties", nargs="+", metavar="PARTY", help="without a sweep file: the parties (every pair)")
    lab.add_argument("--maps", nargs="+", metavar="MAP", help="maps ('own': the scenario's own; default: own)")
    lab.add_argument("--scenarios", nargs="+", metavar="SCENARIO", help="scenarios ('fight': none; default: fight)")
    lab.add_argument("--ai", nargs="+", metavar="LEVEL", help="AI levels, each played against itself, or A:B pairs "
                     "(default: normal)")
    lab.add_argument("--seeds", type=count, metavar="N", help="seeds 1 to N (default: 10)")
    lab.add_argument("--sides", choices=("both", "as_listed"), help="each matchup with each party on side A (both, "
                     "the default) or as listed")
    lab.add_argument("--name", help="the sweep's name (default: the file's name, or 'sweep')")
    lab.add_argument("--out", metavar="DIR", help="where the table and the report go (default: lab-results/NAME)")
    lab.add_argument("--jobs", type=count, help="worker processes (default: one per core)")
    lab.add_argument("--cluster", metavar="ADDRESS", help="play on a Ray cluster (pip install iron-honor[cluster]): "
                     "'local' starts one here, else an address such as auto or HOST:6379")
    lab.add_argument("--limit", type=count, metavar="N", help="play at most N of the missing games, then stop")
    lab.add_argument("--report-only", action="store_true", help="play nothing: the report of the games stored")
    lab.add_argument("--no-report", action="store_true", help="play the games, write no report")
    validate = sub.add_parser("validate", help="check content files or folders (parties, maps, scenarios, traits)",
                              description="Check party, map, scenario, script and trait files (the kind comes "
                              "from each file's 'format' key; folders are searched for .yaml files). Prints every "
                              "error with file, line and key path; exits 1 if any file is broken.")
    validate.add_argument("paths", nargs="+", metavar="PATH")
    validate.add_argument("--json", action="store_true", help="one JSON object per file")
    return parser


def validate_command(args: argparse.Namespace) -> int:
    """``validate``: every problem of every file, located; exit 1 if any file is broken."""
    from game.content.validate import check_paths

    results = check_paths(args.paths)
    _check_placements(results)
    for r in results:
        if args.json:
            record = {"file": r.file, "kind": r.kind, "name": r.name, "errors": [p.as_dict() for p in r.problems],
                      "warnings": [p.as_dict() for p in r.warnings], "notes": [p.as_dict() for p in r.notes]}
            print(json_line(record))
        elif r.kind == "skipped":
            print(f"SKIP {r.file}: {r.problems[0].message}")
        elif r.kind == "passed over":
            print(f"SKIP {r.file}: broken, so the game passes it over ({len(r.problems)} problem(s))")
            for p in r.problems:
                print("    " + p.describe(r.file))
        elif r.ok:
            print(f"ok  {r.file} ({r.kind}" + (f" '{r.name}')" if r.name else ")"))
            for w in r.warnings:
                print("    warning: " + w.describe(r.file))
            for n in r.notes:
                print("    note: " + n.describe(r.file))
        else:
            print(f"BAD {r.file} ({r.kind}): {len(r.problems)} problem(s)")
            for p in r.problems:
                print("    " + p.describe(r.file))
            for w in r.warnings:
                print("    warning: " + w.describe(r.file))
    if not results:
        print("no content files found", file=sys.stderr)
        return 1
    return 0 if all(r.ok for r in results) else 1


def _check_placements(results: list) -> None:
    """Sound scenarios, checked against maps: one made for a map against that map (the pieces it names),
    and the set-up of one that places markers or a Prisoner played on each map it may be played on
    (with the default matchup), each fault added to the file's problems with the map it happened on."""
    scenarios = [r for r in results if r.kind == "scenario" and r.ok]
    if not scenarios:
        return
    from game.content import library
    from game.content.scenario_checks import map_problems
    from game.content.scenario_file import build_scenario
    from game.content.yaml_loader import load_yaml
    from game.paths import DEFAULT_MATCHUP
    from game.rules.setup_check import placement_problems

    every_map = [(value.name, value) for _path, value in library.maps().items.values()]
    parties: tuple[BuiltParty, BuiltParty] = tuple(library.lookup("parties", name).value for name in DEFAULT_MATCHUP)
    for r in scenarios:
        doc = load_yaml(r.file)
        scenario = build_scenario(doc)
        maps = every_map
        made_for = None
        if scenario.map is not None:
            try:
                made_for = _scenario_map(Path(r.file), scenario.map)
            except ContentError as exc:
                r.problems.append(doc.problem(("map",), f"the map '{safe_text(scenario.map)}' cannot be used: "
                                              f"{exc.problems[0].message if exc.problems else exc}"))
                continue
            r.problems += map_problems(doc, scenario, made_for)
            maps = [(made_for.name, made_for)]
        if not r.problems:
            r.problems += placement_problems(r.file, maps, parties)
        _judge_sense(r, doc, scenario, made_for, parties)


def _judge_sense(r: Checked, doc: Document, scenario: ScenarioFile, made_for: BattleMap | None,
                 parties: tuple[BuiltParty, BuiltParty]) -> None:
    """Issue #36: what is spelt right but cannot work as written. In time and on the table's edges
    (content/scenario_sense.py), then, if that is sound, on the table's terrain (rules/scenario_reach.py)
    and in sample games (ai/scenario_sample.py): on the map the scenario names, else an open table."""
    from game.ai.scenario_sample import sample_problems
    from game.content.scenario_sense import sense_problems
    from game.rules.scenario_reach import OPEN_TABLE, reach_problems

    sense = sense_problems(doc, scenario, made_for)
    if not sense.errors and not r.problems:
        reach_problems(sense)
    if not sense.errors and not r.problems:
        sample_problems(sense, made_for or OPEN_TABLE, parties)
    r.problems += sense.errors
    r.warnings += sense.warnings
    if made_for is None and (scenario.events or scenario.escape or any(
            e.targets is not None and e.kind in ("control", "secure") for e in scenario.scoring)):
        r.notes.append(Problem("", None, "checked on an open table: the scenario names no map (its routes, "
                                         "standing room and sample games; name its 'map' to check them there)"))


def _scenario_map(scenario_file: Path, name: str) -> BattleMap:
    """The map a scenario names (game.content.library.scenario_map)."""
    from game.content.library import scenario_map

    found: BattleMap = scenario_map(scenario_file, name)
    return found


def replay_command(args: argparse.Namespace) -> int:
    """``replay SAVE``: the battle report of a save, checked decision by decision against the record."""
    from game.saves import kept_state
    from game.saves.playback import play_back
    from game.saves.record import read_save

    try:
        record = read_save(args.save)
        played = play_back(record.setup, record.answers, record.checks, source=args.save)
        kept = kept_state.load(record) if kept_state.usable(record) else None  # a finished game's, by value
    except ContentError as exc:
        print(exc.describe(), file=sys.stderr)
        return 1
    state = played.game.state
    for event in state.log:
        print(json_line(event.to_dict()) if args.json else f"[turn {event.turn}] {event.text}")
    if played.divergence is not None:
        print(f"{safe_text(args.save)}: does not reproduce: {played.divergence.describe()}", file=sys.stderr)
        return 1
    differs = kept_state.difference(kept, state) if kept is not None else None
    if differs is not None:
        print(safe_text(kept_state.mismatch_message(record, differs)), file=sys.stderr)
        return 1
    where = "finished" if played.game.over else f"stopped at decision {len(record.answers) + 1}"
    print(f"{safe_text(args.save)}: reproduces exactly ({len(record.answers)} decisions, {where}; "
          f"scores {state.sides[0].score}-{state.sides[1].score})", file=sys.stderr)
    return 0


def simulate_command(args: argparse.Namespace) -> int:
    """``simulate``: many seeded games between two named controllers; JSON lines and a summary."""
    from game.ai.simulate import ScenarioUnavailable, Setup, format_summary, simulate
    from game.systems import DEFAULT
    from game.systems import get as rule_system

    if args.system is not None and args.system != DEFAULT:
        return _simulate_system(args)
    try:
        options = chosen_options(rule_system(DEFAULT), args.option)
    except KeyError as exc:
        print(exc.args[0], file=sys.stderr)
        return 2
    setup = Setup(tuple(args.parties), tuple(args.ai), args.map, args.scenario, options=options)
    try:
        named_content(args.parties, args.map, args.scenario)  # every name known and loadable before a game
        summary = simulate(setup, args.games, args.seed, args.jobs, args.out, args.events)
    except OSError as exc:  # the --out or --events file cannot be written: known before any game is played
        name = exc.filename if exc.filename is not None else args.out
        print(f"cannot write {safe_text(str(name))}: {safe_text(exc.strerror or str(exc))}", file=sys.stderr)
        return 1
    except ContentError as exc:
        print(exc.describe(), file=sys.stderr)
        return 1
    except (KeyError, ScenarioUnavailable) as exc:
        print(exc.args[0], file=sys.stderr)
        return 1
    print(format_summary(summary))
    return 1 if summary["errors"] or summary["faults"] else 0


def _simulate_system(args: argparse.Namespace) -> int:
    """``simulate`` of a rule system other than the first: its seeded games, each checked against the system's
    invariants, and the first controller's wins, draws and losses with a Wilson interval."""
    from game.ai.matches import wilson
    from game.lab.system_soak import first_wins, seeded_games
    from game.systems import get as rule_system

    try:
        system = rule_system(args.system)
        if not _controllers_known(system, args.ai):
            return 2
        parties, battle_map, scenario = system_content(system, args.parties, args.map, args.scenario)
        played = seeded_games(system.id, parties, battle_map, scenario, (args.ai[0], args.ai[1]), args.games,
                              args.seed)
    except ContentError as exc:
        print(exc.describe(), file=sys.stderr)
        return 1
    except (KeyError, OSError) as exc:
        print(exc.args[0] if isinstance(exc, KeyError) else f"cannot read {safe_text(str(exc.filename))}",
              file=sys.stderr)
        return 1
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            for p in played:
                out.write(json_line({"seed": p.seed, "controllers": list(p.controllers), "winner": p.winner,
                                     "decisions": p.decisions, "broken": p.broken}) + "\n")
    w, d, lose = first_wins(played)
    lo, hi = wilson(w, w + lose) if w + lose else (0.0, 0.0)
    broken = [p for p in played if p.broken]
    print(f"{system.title}: {args.ai[0]} v {args.ai[1]}, {len(played)} games (seeds {args.seed}..."
          f"{args.seed + len(played) - 1}, changing sides every other game)")
    print(f"{args.ai[0]}: {w} won, {d} drawn, {lose} lost: {w / max(1, w + lose):.1%} of decided games "
          f"[Wilson 95 %: {lo:.1%}, {hi:.1%}]")
    print(f"invariants broken in {len(broken)} games" + (f": {broken[0].broken[0]}" if broken else ""))
    return 1 if broken else 0


def _sweep_of(args: argparse.Namespace):  # -> game.lab.sweep.Sweep
    """The sweep the command names: its file, or the options as the file's keys (checked the same way)."""
    from game.content.yaml_loader import Document
    from game.lab.sweep import build_sweep, load_sweep

    given = {k: v for k, v in (("parties", args.parties), ("maps", args.maps), ("scenarios", args.scenarios),
                               ("sides", args.sides), ("name", args.name)) if v is not None}
    if args.ai is not None:
        given["ai"] = [a.split(":", 1) if ":" in a else a for a in args.ai]
    if args.seeds is not None:
        given["seeds"] = args.seeds
    if args.sweep:
        sweep = load_sweep(args.sweep)
        if given:  # the options change the file's sweep: checked as if they were written in it
            from game.content.yaml_loader import load_yaml

            doc = load_yaml(args.sweep)
            merged = dict(doc.data) if isinstance(doc.data, dict) else {}
            if "parties" in given:
                merged.pop("matchups", None)
            merged.update(given)
            sweep = build_sweep(merged, Document(f"{args.sweep} with the command line's options", merged),
                                Path(args.sweep).stem)
        return sweep
    if "parties" not in given:
        raise ContentError("the command line", [Problem("", None, "name a sweep file, or the parties: "
                                                                  "python -m game lab --parties A B ...")])
    given.setdefault("seeds", 10)
    return build_sweep(given, Document("the command line", given), "sweep")


def lab_command(args: argparse.Namespace) -> int:
    """``lab``: a sweep's missing games played and stored, then its report; stopped, it resumes."""
    import re
    import signal
    import sqlite3

    from game.lab.balance import Progress, run_sweep
    from game.lab.cluster import ClusterUnavailable
    from game.lab.store import Store

    try:
        sweep = _sweep_of(args)
    except ContentError as exc:
        print(exc.describe(), file=sys.stderr)
        return 1
    out = Path(args.out) if args.out else Path("lab-results") / (re.sub(r"[^\w.-]+", "_", sweep.name) or "sweep")
    planned = sweep.plan()
    results = out / "results.sqlite"

    def stop(signum: int, frame: object) -> None:  # `kill` stops as Ctrl-C does: every game stored stays
        raise KeyboardInterrupt

    old = signal.signal(signal.SIGTERM, stop)
    try:
        with Store(results) as store:
            if not args.report_only:
                before = len(store.keys() & {p.key for p in planned})
                print(f"{sweep.name}: {len(planned)} games ({before} stored in {results}); "
                      f"playing {len(planned) - before}", file=sys.stderr)
                progress = Progress(len(planned), before)
                outcome = run_sweep(planned, store, args.jobs, args.cluster, progress, args.limit)
                if outcome.played:
                    print(f"played {outcome.played} games on {outcome.where} in {outcome.seconds:.1f} s "
                          f"({outcome.rate:.2f} games/s)", file=sys.stderr)
            if not args.no_report:
                from game.lab.report import write_report

                report = write_report(sweep, planned, store, out / "report")
                print(f"report: {report}")
    except KeyboardInterrupt:
        print(f"\nstopped: the games finished so far are stored in {results}; run the same command again to go "
              "on where it stopped", file=sys.stderr)
        return 130
    except ClusterUnavailable as exc:
        print(str(exc), file=sys.stderr)
        return 1
    except (sqlite3.DatabaseError, OSError) as exc:
        what = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        name = exc.filename if isinstance(exc, OSError) and exc.filename else results
        print(f"cannot use {safe_text(str(name))}: {safe_text(what)} (the lab's results are a SQLite file)",
              file=sys.stderr)
        return 1
    finally:
        signal.signal(signal.SIGTERM, old)
    return 0


def campaign_command(args: argparse.Namespace) -> int:
    """``campaign``: a whole campaign between two controllers (resumed from --progress), or its report."""
    from game.ai.registry import names
    from game.content.library import lookup
    from game.rules.campaign import start
    from game.saves import campaigns as store

    path = Path(args.progress) if args.progress else None
    try:
        progress = store.read_progress(path) if path is not None and path.exists() else None
        if args.report:
            if progress is None:
                print("--report needs an existing --progress file", file=sys.stderr)
                return 1
            campaign = lookup("campaigns", progress.campaign, paths=False).value
            print("\n".join(store.report(progress, campaign)))
            return 0
        if progress is None:
            if not args.campaign or not args.parties:
                print("a new campaign needs CAMPAIGN and --parties A B", file=sys.stderr)
                return 1
            found = lookup("campaigns", args.campaign, survey=True)
            campaign = found.value
            parties = [lookup("parties", p, survey=True) for p in args.parties]
            from game.content.yaml_loader import load_yaml

            docs = tuple(load_yaml(f.path).data for f in parties)
            progress = start(found.path.stem.lower(), campaign.name, len(campaign.games), (docs[0], docs[1]),
                             args.seed, (parties[0].path.name, parties[1].path.name))
            progress.ai = list(args.ai)
        else:
            campaign = lookup("campaigns", progress.campaign, paths=False).value
    except ContentError as exc:
        print(exc.describe(), file=sys.stderr)
        return 1
    unknown = [a for a in args.ai if a not in names()]
    if unknown:
        print(f"no controller named '{unknown[0]}'; known: {', '.join(names())}", file=sys.stderr)
        return 2
    while not progress.finished:
        result, _state = store.play_next(progress, campaign, (args.ai[0], args.ai[1]))
        if path is not None:
            store.save_progress(progress, path)
        print(f"game {result.index + 1} played: {result.result}", file=sys.stderr)
    print("\n".join(store.report(progress, campaign)))
    return 0


def _printable_output() -> None:
    """Whatever text reaches the console, it is printed (escaped), never a UnicodeEncodeError mid-batch."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


def main(argv: Sequence[str] | None = None) -> int:
    _printable_output()
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "party" and args.party_command == "check":
        return party_check(args.files)
    if args.command == "run":
        return run_script_command(args.script)
    if args.command == "fight":
        return fight_command(args)
    if args.command == "validate":
        return validate_command(args)
    if args.command == "replay":
        return replay_command(args)
    if args.command == "simulate":
        return simulate_command(args)
    if args.command == "campaign":
        return campaign_command(args)
    if args.command == "lab":
        return lab_command(args)
    return play(args)
