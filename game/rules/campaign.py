"""A campaign between games ([CMP-1]-[CMP-7]): who carries over, the injury rolls, the banked ExP, the standing.

Plain data in, plain data out: a side's party is its party file's data (formats.md, the fixed contract), and
what only a campaign knows (banked ExP, the results so far) is the progress's (game/saves/campaigns.py keeps
it). The injury rolls use their own seeded dice, so a campaign replays exactly; every fate names its rule.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from game.content.party_building import GAME_SIZES, Allowance, BuiltParty, build_party
from game.content.yaml_loader import Document
from game.core.dice import Dice
from game.core.ids import name_key
from game.rules.state import GameState, Status

DEAD_ON = (1, 2)  # [CMP-3]: the injury roll's faces on which a casualty is dead
SEED_STEP = 7919  # game N of a campaign is played with seed + N * SEED_STEP; its injury rolls with the next one
UNLIMITED = 10**6  # an allowance only to price a party (its cost), never to judge it


@dataclass(frozen=True)
class Fate:
    """What became of one model in a game: ``fought`` (on the table at the end), ``escaped``, ``waiting`` (never
    arrived), ``recovered`` (a casualty who rolled 3-6, or the hero), ``dead`` (out of the party), ``left`` (a Pet
    whose master is dead)."""

    name: str
    type: str
    outcome: str
    roll: int | None
    cite: str

    @property
    def lost(self) -> bool:
        return self.outcome in ("dead", "left")

    def text(self) -> str:
        rolled = f" (injury roll {self.roll})" if self.roll is not None else ""
        words = {"fought": "fought on", "escaped": "escaped", "waiting": "never arrived", "recovered": "recovers",
                 "dead": "is dead, out of the party", "left": "leaves with its master"}[self.outcome]
        return f"{self.name} ({self.type}) {words}{rolled} [{self.cite}]"

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "type": self.type, "outcome": self.outcome, "roll": self.roll, "cite": self.cite}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Fate:
        return cls(str(data["name"]), str(data["type"]), str(data["outcome"]), data.get("roll"), str(data["cite"]))


@dataclass
class SideProgress:
    """One side's campaign party: its party file's data as it stands, and its banked ExP ([CMP-5])."""

    party: dict[str, Any]
    banked: int
    origin: str = ""  # the party file it started from

    @property
    def name(self) -> str:
        return str(self.party.get("name", ""))

    def cost(self) -> int:
        """The party's cost as it stands ([PARTY-2])."""
        return build_party(Document("<campaign party>", self.party), allowance=Allowance(UNLIMITED)).cost

    def allowance(self) -> Allowance:
        """[CMP-6]: its budget is its cost plus its banked ExP; it may be short of [PARTY-1]'s least numbers."""
        return Allowance(self.cost() + self.banked)

    def built(self, file: str = "<campaign party>") -> BuiltParty:
        return build_party(Document(file, self.party), allowance=self.allowance())


@dataclass
class GameResult:
    """One game of a campaign as it ended."""

    index: int
    scenario: str
    map: str
    seed: int
    scores: list[int]
    winner: int | None
    result: str
    turns: int
    fates: list[list[Fate]]
    banked: list[int]  # each side's banked ExP after the game

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "scenario": self.scenario, "map": self.map, "seed": self.seed,
                "scores": list(self.scores), "winner": self.winner, "result": self.result, "turns": self.turns,
                "fates": [[f.to_dict() for f in side] for side in self.fates], "banked": list(self.banked)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameResult:
        return cls(int(data["index"]), str(data["scenario"]), str(data["map"]), int(data["seed"]),
                   [int(s) for s in data["scores"]], data["winner"], str(data["result"]), int(data["turns"]),
                   [[Fate.from_dict(f) for f in side] for side in data["fates"]], [int(b) for b in data["banked"]])


@dataclass
class Progress:
    """A campaign under way: which campaign, its seed, each side's party and bank, the results so far."""

    campaign: str  # the campaign's file name (stem), as the game lists it
    title: str
    games: int  # how many games the campaign has
    seed: int
    sides: list[SideProgress]
    results: list[GameResult] = field(default_factory=list)
    ai: list[str] = field(default_factory=list)  # the controllers of a headless campaign (none: the player's)

    @property
    def next_game(self) -> int:
        return len(self.results)

    @property
    def finished(self) -> bool:
        return self.next_game >= self.games


def start(campaign: str, title: str, games: int, parties: tuple[dict[str, Any], dict[str, Any]], seed: int,
          origins: tuple[str, str] = ("", "")) -> Progress:
    """[CMP-1], [CMP-5]: a new campaign; each party banks what its size's budget leaves unspent."""
    sides = []
    for data, origin in zip(parties, origins, strict=True):
        side = SideProgress(copy.deepcopy(data), 0, origin)
        size = GAME_SIZES.get(str(data.get("size")))
        side.banked = max(0, (size.budget if size else 0) - side.cost())
        sides.append(side)
    return Progress(campaign, title, games, seed, sides)


def game_seed(progress: Progress, index: int | None = None) -> int:
    """The seed of a campaign's game (the next one by default)."""
    return progress.seed + (progress.next_game if index is None else index) * SEED_STEP


def fates_of(state: GameState, side: int, dice: Dice, injuries: bool) -> list[Fate]:
    """[CMP-2]-[CMP-4]: what became of each model of one side, in party order (injury dice rolled in that order)."""
    out: list[Fate] = []
    models = state.side_models(side)
    for m in models:
        kind = m.profile.type
        casualty = m.status in (Status.KILLED, Status.REMOVED, Status.PRISONER)
        if not casualty:
            outcome = {Status.ESCAPED: "escaped", Status.RESERVE: "waiting", Status.UNDEPLOYED: "waiting"}.get(
                m.status, "fought")
            out.append(Fate(m.name, kind, outcome, None, "CMP-2"))
        elif m.is_hero:
            out.append(Fate(m.name, kind, "recovered", None, "CMP-4"))
        elif injuries:
            roll = dice.d6(f"injury roll for {m.name} [CMP-3]")
            out.append(Fate(m.name, kind, "dead" if roll in DEAD_ON else "recovered", roll, "CMP-3"))
        else:
            out.append(Fate(m.name, kind, "dead", None, "CMP-3"))
    dead = {name_key(f.name) for f in out if f.outcome == "dead"}
    for i, m in enumerate(models):
        master = m.profile.pet_of
        if master is not None and name_key(master) in dead and not out[i].lost:
            out[i] = Fate(out[i].name, out[i].type, "left", out[i].roll, "CMP-4")
    return out


def carried_party(party: dict[str, Any], fates: list[Fate]) -> dict[str, Any]:
    """[CMP-2]: the party file's data without the models it lost (the rest as they were: wounds heal)."""
    lost = {name_key(f.name) for f in fates if f.lost}
    out = copy.deepcopy(party)
    out["models"] = [m for m in out.get("models", []) if name_key(str(m.get("name", ""))) not in lost]
    return out


def record_game(progress: Progress, index: int, scenario: str, map_name: str, state: GameState,
                injuries: bool = True, bank: bool = True) -> GameResult:
    """After a game: each side's fates, its party carried over, its score banked ([CMP-2]-[CMP-5]); the result
    is added to the progress and returned."""
    dice = Dice(game_seed(progress, index) + 1)
    fates = [fates_of(state, side, dice, injuries) for side in (0, 1)]
    for side, s in enumerate(progress.sides):
        s.party = carried_party(s.party, fates[side])
        if bank:
            s.banked += max(0, state.sides[side].score)
    result = GameResult(index, scenario, map_name, game_seed(progress, index), [s.score for s in state.sides],
                        state.winner, state.result, state.turn, fates, [s.banked for s in progress.sides])
    progress.results.append(result)
    return result


def standing(progress: Progress) -> tuple[list[int], list[int], int | None]:
    """[CMP-7]: games won and ExP scored by each side, and who leads (None: level)."""
    wins = [sum(r.winner == side for r in progress.results) for side in (0, 1)]
    scored = [sum(r.scores[side] for r in progress.results) for side in (0, 1)]
    for values in (wins, scored):
        if values[0] != values[1]:
            return wins, scored, 0 if values[0] > values[1] else 1
    return wins, scored, None


def spend(side: SideProgress, party: dict[str, Any]) -> None:
    """[CMP-6]: the party as changed in the builder; the difference in cost comes from (or returns to) the bank.
    Raises ContentError (the builder's problems) when the new party is not allowed."""
    budget = side.cost() + side.banked
    built = build_party(Document("<campaign party>", party), allowance=Allowance(budget))
    side.party = copy.deepcopy(party)
    side.banked = budget - built.cost
