"""Campaign progress: where it lives, how it is written (atomically) and read back, and a campaign played headless.

A progress file (``iron-honor/campaign-progress@1``, JSON) sits in the user data folder's ``campaigns/``
(``IRON_HONOR_CAMPAIGNS`` points elsewhere: tests, portable installs). It holds which campaign, its seed, each
side's party (the party file's data, formats.md) with its banked ExP, and the results so far; the next game is
the one after the last result, so a campaign resumes where it stopped. A broken file is a located
ContentError, never a crash.
"""

from __future__ import annotations

import json
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.content.campaign_file import CampaignFile
from game.core.atomic import write_text_atomic
from game.core.errors import ContentError, Problem, os_words, safe_text
from game.rules.campaign import GameResult, Progress, SideProgress, game_seed, record_game

PROGRESS_FORMAT = "iron-honor/campaign-progress@1"
CAMPAIGNS_ENV = "IRON_HONOR_CAMPAIGNS"
MAX_PROGRESS_BYTES = 4 * 1024 * 1024


def campaigns_dir() -> Path:
    override = os.environ.get(CAMPAIGNS_ENV)
    if override:
        return Path(override)
    from game.content.library import user_data_dir

    return user_data_dir() / "campaigns"


def new_progress_path(title: str, folder: Path | None = None) -> Path:
    """A fresh file for a campaign that starts now (never an existing one)."""
    folder = folder or campaigns_dir()
    stem = (re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "campaign")[:40]
    stem = f"{stem}-{time.strftime('%Y%m%d-%H%M%S')}"
    path, n = folder / f"{stem}.json", 2
    while path.exists():
        path, n = folder / f"{stem}-{n}.json", n + 1
    return path


def to_dict(progress: Progress) -> dict[str, Any]:
    return {"format": PROGRESS_FORMAT, "campaign": progress.campaign, "title": progress.title,
            "games": progress.games, "seed": progress.seed, "ai": list(progress.ai),
            "sides": [{"party": s.party, "banked": s.banked, "origin": s.origin} for s in progress.sides],
            "results": [r.to_dict() for r in progress.results]}


def from_dict(data: Any, file: str = "<progress>") -> Progress:
    """The progress a file holds; anything else is a ContentError naming the file."""
    def bad(why: str) -> ContentError:
        return ContentError(file, [Problem("", None, f"not a campaign progress file this game can read: {why}")])

    if not isinstance(data, dict) or data.get("format") != PROGRESS_FORMAT:
        raise bad(f"expected format '{PROGRESS_FORMAT}'")
    try:
        sides = [SideProgress(dict(s["party"]), int(s["banked"]), str(s.get("origin", ""))) for s in data["sides"]]
        progress = Progress(str(data["campaign"]), str(data["title"]), int(data["games"]), int(data["seed"]), sides,
                            [GameResult.from_dict(r) for r in data["results"]], [str(a) for a in data.get("ai", [])])
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise bad(f"{type(exc).__name__} {safe_text(str(exc))}") from None
    if len(sides) != 2:
        raise bad(f"expected two sides, found {len(sides)}")
    for i, side in enumerate(sides):
        try:
            side.built()
        except ContentError as exc:  # a party the builder would refuse: say where
            raise ContentError(file, [Problem(f"sides[{i}].party{('.' + p.where) if p.where else ''}", None,
                                              p.message) for p in exc.problems]) from None
    return progress


def save_progress(progress: Progress, path: Path) -> None:
    """Write the progress atomically (the old file or the new one, never half of each)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    write_text_atomic(path, json.dumps(to_dict(progress), ensure_ascii=False, indent=1) + "\n")


def read_progress(path: Path) -> Progress:
    shown = safe_text(str(path))
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ContentError(shown, [Problem("", None, f"cannot read this file: {os_words(exc)}")]) from None
    if len(raw) > MAX_PROGRESS_BYTES:
        raise ContentError(shown, [Problem("", None, f"file is {len(raw)} bytes; a progress file is smaller")])
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise ContentError(shown, [Problem("", None, f"not JSON: {safe_text(str(exc))}")]) from None
    return from_dict(data, shown)


@dataclass
class Listed:
    path: Path
    progress: Progress | None
    error: ContentError | None


def listing(folder: Path | None = None) -> list[Listed]:
    """Every progress file of the folder, newest first; a broken one listed with its reason."""
    folder = folder or campaigns_dir()
    try:
        files = [p for p in folder.iterdir() if p.suffix == ".json" and p.is_file()]
    except OSError:
        return []
    out = []
    for path in sorted(files, key=lambda p: p.stat().st_mtime, reverse=True):
        try:
            out.append(Listed(path, read_progress(path), None))
        except ContentError as exc:
            out.append(Listed(path, None, exc))
    return out


# -- a game of the campaign, and a whole campaign headless ----------------------------------------------------

def game_content(campaign: CampaignFile, index: int) -> tuple[Any, Any]:
    """The scenario and map of a campaign's game, by the names the campaign gives."""
    from game.content import library

    game = campaign.games[index]
    scenario = library.lookup("scenarios", game.scenario, paths=False).value
    battle_map = library.lookup("maps", game.map, paths=False).value
    return scenario, battle_map


def new_state(progress: Progress, campaign: CampaignFile) -> Any:
    """The next game's state in its set-up phase: the parties as they stand ([CMP-1])."""
    from game.rules.setup import new_game

    scenario, battle_map = game_content(campaign, progress.next_game)
    parties = tuple(s.built(f"<{s.name}>") for s in progress.sides)
    return new_game((parties[0], parties[1]), battle_map, game_seed(progress), scenario=scenario)


def finish_game(progress: Progress, campaign: CampaignFile, state: Any) -> GameResult:
    """Record a finished game of the campaign ([CMP-2]-[CMP-5])."""
    game = campaign.games[progress.next_game]
    return record_game(progress, progress.next_game, game.scenario, game.map, state,
                       injuries=campaign.carry_over.injuries == "roll", bank=campaign.carry_over.bank_exp)


def play_next(progress: Progress, campaign: CampaignFile, ai: tuple[str, str]) -> tuple[GameResult, Any]:
    """The next game played to its end between two named controllers; its result (recorded) and final state."""
    from game.ai.registry import make
    from game.rules.engine import Game

    state = new_state(progress, campaign)
    seed = game_seed(progress)
    Game(state, [make(ai[0], seed * 2 + 1), make(ai[1], seed * 2 + 2)]).run()
    return finish_game(progress, campaign, state), state


def report(progress: Progress, campaign: CampaignFile | None = None) -> list[str]:
    """The campaign so far as text lines: each game's result and fates, the banks, the standing ([CMP-7])."""
    from game.rules.campaign import standing

    names = [s.name for s in progress.sides]
    lines = [f"{progress.title}: game {min(progress.next_game + 1, progress.games)} of {progress.games}"
             + (" (finished)" if progress.finished else "")]
    for r in progress.results:
        title = campaign.games[r.index].title if campaign is not None and r.index < len(campaign.games) else None
        won = "a draw" if r.winner is None else f"{names[r.winner]} wins"
        lines.append(f"Game {r.index + 1}{f' ({title})' if title else ''}: {r.scenario} on {r.map}, seed {r.seed}: "
                     f"{names[0]} {r.scores[0]} - {r.scores[1]} {names[1]}, {won} [ENC-4]")
        for side, fates in enumerate(r.fates):
            told = [f.text() for f in fates if f.outcome not in ("fought", "waiting")]
            lines.append(f"  {names[side]}: " + ("; ".join(told) if told else "no losses") +
                         f"; banked {r.banked[side]} ExP [CMP-5]")
    wins, scored, leader = standing(progress)
    lead = "level" if leader is None else f"{names[leader]} {'wins' if progress.finished else 'leads'}"
    lines.append(f"Standing [CMP-7]: {names[0]} {wins[0]} won, {scored[0]} ExP; {names[1]} {wins[1]} won, "
                 f"{scored[1]} ExP: {lead}")
    for s in progress.sides:
        lines.append(f"  {s.name}: {len(s.party.get('models', []))} models, cost {s.cost()}, banked {s.banked} ExP")
    return lines
