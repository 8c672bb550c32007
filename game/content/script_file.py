"""Script files (``python -m game run SCRIPT.yaml``): a position, forced dice and answers.

The engine's black-box interface for tests, bug reports and outside tools. The
format is documented in docs/script-mode.md; parties and maps are given as file
paths (relative to the script, or to the game's folder) or inline in their own
file formats, and are checked exactly like files of their own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from game.content.maps import BattleMap, build_map, load_map
from game.content.party_building import BuiltParty, build_party, load_party
from game.content.schema import StrictModel, validate
from game.content.yaml_loader import Document, load_yaml
from game.core.errors import ContentError, Problem

SCRIPT_FORMAT = "iron-honor/script@1"
Side = Literal["A", "B"]


class ModelSetup(StrictModel):
    x: float | None = None
    y: float | None = None
    facing: float | None = None
    wounds: int = Field(default=0, ge=0)
    status: Literal["table", "reserve", "killed", "removed", "escaped"] = "table"
    activated: bool = False
    conditions: list[Literal["stunned", "stealth", "full_defense", "ran", "rough", "confused", "entangled",
                             "flight_moved", "quake_blocked"]] = []
    jammed: list[int] = []


class Settings(StrictModel):
    declare_plan_upfront: bool = True
    turns: int = Field(default=6, ge=1, le=50)


class ScriptFile(StrictModel):
    format: Literal["iron-honor/script@1"]
    seed: int = 0
    map: str | dict[str, Any] | None = None
    parties: dict[Side, str | dict[str, Any]]
    turn: int = Field(default=1, ge=1)
    phase: Literal["setup", "main", "maintenance"] = "main"
    fate: dict[Side, int] | None = None
    bag: list[Side] | None = None
    models: dict[str, ModelSetup] = {}
    dice: list[int] = []
    answers: list[Any] = []
    settings: Settings = Settings()


@dataclass
class Script:
    file: str
    seed: int
    battle_map: BattleMap
    parties: tuple[BuiltParty, BuiltParty]
    raw: ScriptFile
    doc: Document
    problems: list[Problem] = field(default_factory=list)


def _find(base: Path, name: str, doc: Document | None = None, key: tuple[str, ...] = ()) -> Path:
    """A file the script names, confined to its folder, the game's folders and the mod folder."""
    from game.content.library import find_reference

    try:
        return find_reference(base, name)
    except ValueError as exc:
        problem = doc.problem(key, str(exc)) if doc is not None else Problem("", None, str(exc))
        raise ContentError(doc.file if doc is not None else name, [problem]) from None


def load_script(path: str | Path) -> Script:
    """Read a script and everything it names; every problem, in any file, is a ContentError."""
    doc = load_yaml(path)
    raw = validate(doc, ScriptFile)
    base = Path(path).resolve().parent
    problems: list[Problem] = []
    if set(raw.parties) != {"A", "B"}:
        problems.append(doc.problem(("parties",), "expected both sides, A and B"))
    for i, v in enumerate(raw.dice):
        if not 1 <= v <= 6:
            problems.append(doc.problem(("dice", i), f"a forced die is 1-6, found {v}"))
    if problems:
        raise ContentError(doc.file, problems)
    parties: list[BuiltParty] = []
    for side in ("A", "B"):
        entry = raw.parties[side]  # type: ignore[index]
        if isinstance(entry, str):
            parties.append(load_party(_find(base, entry, doc, ("parties", side)), entry))
        else:
            parties.append(build_party(doc.sub(("parties", side), entry)))
    if raw.map is None:
        battle_map = BattleMap("open table", ())
    elif isinstance(raw.map, str):
        battle_map = load_map(_find(base, raw.map, doc, ("map",)), raw.map)
    else:
        battle_map = build_map(doc.sub(("map",), raw.map))
    return Script(doc.file, raw.seed, battle_map, (parties[0], parties[1]), raw, doc)
