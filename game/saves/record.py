"""The save file (``iron-honor/save@1``, docs/save-format.md): what it holds and how it is read and written.

The setup is kept *by value* — the text of both party files, the map and the scenario as they
were when the battle started — so a save plays back after a mod changed or on another machine.
A replay is a save of a finished game. Each answer has a check: a short digest of the events it
led to, so a playback that drifts (other rules, other code) is caught at the first decision that
differs instead of ending somewhere else.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, ValidationError

import game
from game.content.schema import StrictModel, validate
from game.content.yaml_loader import _UNPRINTABLE, MAX_BYTES, Document, format_where, load_yaml, parse_yaml
from game.core.atomic import write_text_atomic
from game.core.errors import ContentError, Problem
from game.paths import DATA_DIR
from game.systems import DEFAULT as DEFAULT_SYSTEM
from game.systems import get as rule_system

SAVE_FORMAT = "iron-honor/save@1"


def rules_hash() -> str:
    """A digest of the rules data (traits, skills) a game is played under."""
    digest = hashlib.sha256()
    for path in sorted(DATA_DIR.glob("*.yaml")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


class ContentText(StrictModel):
    """One content file by value: the name it had and its whole text."""

    file: str
    text: str


class SetupBlock(StrictModel):
    system: str = DEFAULT_SYSTEM  # the rule system (game.systems); saves made before systems were cut are of the first
    options: list[str] = Field(default_factory=list)  # the system's optional rules the battle is played with
    seed: int
    mode: Literal["hotseat", "ai"]
    ai_level: Literal["easy", "normal", "hard"] = "normal"
    human_side: Literal[0, 1] = 0
    declare_plan_upfront: bool = True
    parties: list[ContentText] | None = Field(default=None, min_length=2, max_length=2)
    map: ContentText | None = None
    scenario: ContentText | None = None
    script: ContentText | None = None  # a position opened from a script: the script with its files inline
    # the party files the scenario's reinforcements bring ({party: NAME}), by value as read with the scenario
    scenario_parties: list[ContentText] | None = None


class SummaryBlock(StrictModel):
    encounter: str
    parties: list[str] = Field(min_length=2, max_length=2)
    map: str
    turn: int
    scores: list[int] = Field(min_length=2, max_length=2)
    finished: bool
    winner: int | None = None
    mode: Literal["hotseat", "ai"]
    ai_level: str = "normal"
    decisions: int = Field(ge=0)


class ControllersBlock(StrictModel):
    """The AI controllers' memory after the save's last answer (game/saves/controllers.py); None for a human side."""

    decisions: int = Field(ge=0)
    sides: list[dict[str, Any] | None] = Field(min_length=2, max_length=2)
    digest: str


class StateBlock(StrictModel):
    """The game state after the save's last answer, by value (game/saves/state_value.py): a finished game opens
    from it at once and is checked against its answers afterwards. Its own format, so a later one is played
    back instead of refused."""

    format: str
    decisions: int = Field(ge=0)
    digest: str
    classes: dict[str, dict[str, Any]]
    value: dict[str, Any]


class SaveFile(StrictModel):
    format: Literal["iron-honor/save@1"]
    game_version: str
    rules_hash: str
    saved_at: str
    name: str = ""
    summary: SummaryBlock
    setup: SetupBlock
    answers: list[Any]
    checks: list[str]
    controllers: ControllersBlock | None = None
    state: StateBlock | None = None


@dataclass
class SaveRecord:
    """A save in memory: built by the session as the game goes, written and read as SaveFile."""

    setup: dict[str, Any]
    summary: dict[str, Any]
    answers: list[Any] = field(default_factory=list)
    checks: list[str] = field(default_factory=list)
    name: str = ""
    game_version: str = game.__version__
    rules: str = field(default_factory=rules_hash)
    saved_at: str = ""
    controllers: dict[str, Any] | None = None  # the AI's memory at the last answer: a fast, exact resume
    state: dict[str, Any] | None = None  # a finished game's state by value: opened at once, checked after
    source: str = "<save>"  # the file it was read from, for messages (not written)

    def to_dict(self) -> dict[str, Any]:
        return {"format": SAVE_FORMAT, "game_version": self.game_version, "rules_hash": self.rules,
                "saved_at": self.saved_at, "name": self.name, "summary": self.summary, "setup": self.setup,
                "answers": self.answers, "checks": self.checks,
                **({"controllers": self.controllers} if self.controllers is not None else {}),
                **({"state": self.state} if self.state is not None else {})}


def write_save(path: Path, record: SaveRecord, durable: bool = True) -> None:
    """Atomically: the old file or the new one, never half of each (see write_text_atomic for ``durable``)."""
    record.saved_at = time.strftime("%Y-%m-%dT%H:%M:%S%z")
    write_text_atomic(path, save_text(record.to_dict()), durable)


def save_text(data: dict[str, Any]) -> str:
    """A save's text: a key a line, each value on its line by the C encoder (``indent`` takes the pure-Python
    one: 23 ms a write for a finished game, where this takes 0.2, and the battle autosaves at every decision);
    the state last and compact (it is twice the size of the rest)."""

    def line(key: str, value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, allow_nan=False,
                          separators=(",", ":") if key == "state" else None)

    return "{\n" + ",\n".join(f" {json.dumps(k)}: {line(k, v)}" for k, v in data.items()) + "\n}\n"


def _record(doc_file: str, data: SaveFile, doc: Any = None) -> SaveRecord:
    """The record of a validated save, after the checks across keys (located by ``doc`` when read as YAML)."""

    def problem(key: tuple, why: str) -> Problem:
        return doc.problem(key, why) if doc is not None else Problem(format_where(key), None, why)

    problems = []
    given = [key for key in ("parties", "map", "scenario") if getattr(data.setup, key) is not None]
    if data.setup.script is None and len(given) < 3:
        problems += [problem(("setup",), f"missing required key '{key}' (the content by value, 'file' and 'text'; "
                                         "or a 'script' in place of 'parties', 'map' and 'scenario')")
                     for key in ("parties", "map", "scenario") if key not in given]
    elif data.setup.script is not None and given:
        problems += [problem(("setup", key), "a save of a script's position keeps its content in 'script' only")
                     for key in given]
    problems += _system_problems(data.setup, problem)
    if len(data.checks) != len(data.answers):
        problems.append(problem(("checks",), f"expected one check per answer ({len(data.answers)}), "
                                             f"found {len(data.checks)}"))
    if problems:
        raise ContentError(doc_file, problems)
    setup = data.setup.model_dump(exclude_none=True)
    kept = data.controllers.model_dump() if data.controllers is not None else None
    state = None if data.state is None else _state_of(data.state)
    return SaveRecord(setup=setup, summary=data.summary.model_dump(), answers=list(data.answers),
                      checks=list(data.checks), name=data.name, game_version=data.game_version,
                      rules=data.rules_hash, saved_at=data.saved_at, controllers=kept, state=state, source=doc_file)


def _system_problems(setup: SetupBlock, problem: Callable[[tuple, str], Problem]) -> list[Problem]:
    """The set-up's rule system must be one this game plays, its options that system's, each once."""
    try:
        system = rule_system(setup.system)
    except KeyError as exc:
        return [problem(("setup", "system"), f"{exc.args[0]} (a save made by a game with more rule systems)")]
    out = []
    for i, option in enumerate(setup.options):
        try:
            system.option(option)
        except KeyError as exc:
            out.append(problem(("setup", "options", i), exc.args[0]))
        if option in setup.options[:i]:
            out.append(problem(("setup", "options", i), f"the optional rule '{option}' is listed twice"))
    return out


def _state_of(block: StateBlock) -> dict[str, Any]:
    """A validated state block as the record keeps it (not dumped: its value is large, and plain JSON already)."""
    return {"format": block.format, "decisions": block.decisions, "digest": block.digest,
            "classes": dict(block.classes), "value": block.value}


def _from_doc(doc) -> SaveRecord:
    fmt = doc.data.get("format") if isinstance(doc.data, dict) else None
    if isinstance(fmt, str) and fmt != SAVE_FORMAT:
        if fmt.startswith("iron-honor/save@"):
            why = f"this save is of format '{fmt}', made by a newer or older game; this game reads '{SAVE_FORMAT}'"
        else:
            why = f"this is not a save file (its format is '{fmt}'; a save's is '{SAVE_FORMAT}')"
        raise ContentError(doc.file, [doc.problem(("format",), why)])
    return _record(doc.file, validate(doc, SaveFile), doc)


def _refuse(text: str) -> None:
    raise ValueError(f"{text} is not a number a save holds")


def _small_int(text: str) -> int:
    if len(text.lstrip("-")) > 19:  # beyond 64 bits: the YAML reader says where
        raise ValueError("integer too long")
    return int(text)


def _finite(text: str) -> float:
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError("not a finite number")
    return value


class SaveRefused(ContentError):
    """A file the game cannot read as a save; ``headline`` says so for a player, the problems say where."""

    def __init__(self, file: str, problems: list[Problem], headline: str):
        super().__init__(file, problems)
        self.headline = headline


DAMAGED = "This file is damaged or incomplete: it is not a whole save."
EDITED = "This save has been edited or damaged: some of what it holds is missing or wrong."
FOREIGN = "This is not a save of this game."
OTHER_FORMAT = "This save was made by another version of the game, which keeps its saves another way."


def headline_of(exc: ContentError) -> str:
    """What a player reads first about a save that cannot be read."""
    if isinstance(exc, SaveRefused):
        return exc.headline
    text = " ".join(p.message for p in exc.problems)
    if "made by a newer or older game" in text:
        return OTHER_FORMAT
    if "not a save file" in text or "not a text file" in text or "not UTF-8" in text:
        return FOREIGN
    if any(w in text for w in ("no such file", "permission denied", "cannot open", "not a regular file", "folder")):
        return "This file cannot be opened: " + exc.problems[0].message + "."
    if "the file is empty" in text or "syntax error" in text:
        return DAMAGED
    return EDITED


def _unshowable(data: Any) -> bool:
    """Whether some text in the decoded JSON holds a NUL or a lone surrogate (the YAML reader refuses them)."""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            if _UNPRINTABLE.search(value):
                return True
        elif isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return False


def _escapes(raw: bytes) -> bool:
    """Whether some text of the JSON could hold a NUL or a lone surrogate: only as a ``\\u`` escape (a raw control
    character is not JSON) or as bytes that are not UTF-8 (which the JSON reader lets through as surrogates). A
    file without either (every save this game writes) needs no walk through its every text."""
    if b"\\u" in raw:
        return True
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return False


def read_save(path: str | Path, display: str | None = None) -> SaveRecord:
    """Read and check a save; a broken, truncated or foreign file raises ContentError (file, key path, line).

    A sound save is read as JSON (fast: the menu reads the autosave to offer Continue), with the checks
    the YAML reader makes (no NUL, no lone surrogate, finite numbers of 64 bits at most); anything else
    goes through the YAML reader, which locates every problem by key path and line. A file that is
    neither whole JSON nor YAML is called damaged, in a player's words, with where the JSON breaks."""
    p = Path(path)
    name = display or str(path)
    broken: json.JSONDecodeError | None = None
    raw, data = b"", None
    try:
        if p.is_file() and p.stat().st_size <= MAX_BYTES:
            raw = p.read_bytes()
            data = json.loads(raw, parse_constant=_refuse, parse_int=_small_int, parse_float=_finite)
            if isinstance(data, dict) and data.get("format") == SAVE_FORMAT and not (_escapes(raw) and
                                                                                       _unshowable(data)):
                return _record(name, SaveFile.model_validate(data))
    except json.JSONDecodeError as exc:
        broken = exc
    except (OSError, ValueError, RecursionError, ValidationError, ContentError):
        pass  # read again below, for the located message
    if isinstance(data, dict) and "state" in data:
        found = _read_apart(raw, data, name)
        if found is not None:
            return found
    try:
        return _from_doc(load_yaml(path, display))
    except ContentError as exc:
        if broken is None or headline_of(exc) != DAMAGED:
            raise
        if not broken.doc.strip():
            where = Problem("", None, "the file is empty")
        else:
            where = Problem("", broken.lineno, f"it breaks off at line {broken.lineno}, column {broken.colno}: "
                                               "cut short (an interrupted write, a full disk) or changed by hand")
        raise SaveRefused(name, [where], DAMAGED) from None


def _read_apart(raw: bytes, data: dict[str, Any], name: str) -> SaveRecord | None:
    """A save with a problem, whose state is on a line of its own at the end (as ``write_save`` writes it), read
    in two parts: the rest through the YAML reader, which locates its problems by key path and line, and the
    state by its key path alone (a state is a large part of a finished game's save, and all on one line: the
    YAML reader would take seconds over it for nothing). None when the file is not laid out so."""
    text = raw.decode("utf-8", "replace")
    at = text.rfind('\n "state": ')
    end = text.find("\n", at + 1) if at >= 0 else -1
    if at < 0 or end < 0 or text[end:].strip() != "}" or not text[:at].endswith(","):
        return None
    slim = text[:at - 1] + "\n}\n"
    try:
        if json.loads(slim, parse_constant=_refuse, parse_int=_small_int, parse_float=_finite) != \
                {k: v for k, v in data.items() if k != "state"}:
            return None
    except (ValueError, RecursionError):
        return None
    problems: list[Problem] = []
    record = None
    try:
        record = _from_doc(parse_yaml(slim, name))
    except ContentError as exc:
        if headline_of(exc) in (OTHER_FORMAT, FOREIGN):
            raise  # another format: the rest is not this game's to judge
        problems += exc.problems
    line = text.count("\n", 0, at) + 2
    try:
        block = validate(Document(name, data["state"], {(): line}, ("state",)), StateBlock)
    except ContentError as exc:
        problems += exc.problems
    else:
        if _unshowable(data["state"]):
            problems.append(Problem("state", line, "a text in it holds a NUL or a lone surrogate"))
    if problems or record is None:
        raise ContentError(name, problems)
    record.state = _state_of(block)
    return record


def parse_save(text: str | bytes, file: str = "<save>") -> SaveRecord:
    return _from_doc(parse_yaml(text, file))
