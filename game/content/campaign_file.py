"""Campaign files: encounters played one after another by the same two parties ([CMP-1]-[CMP-7]).

A campaign is plain data: a name, a description, the games in order (each a scenario and a map by name, as
the set-up screen lists them, with an optional title and text shown before it), what carries over between
games, and an epilogue. The guide with an example is docs/modding-campaigns.md. What a campaign does between
games is game/rules/campaign.py; its progress lives in the player's data folder (game/saves/campaigns.py).

A file is accepted whole or not at all; every problem is located by key path and line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from game.content.schema import StrictModel, Text, validated_whole
from game.content.yaml_loader import Document, load_yaml, parse_yaml
from game.core.errors import ContentError, Problem, safe_text

CAMPAIGN_FORMAT = "iron-honor/campaign@1"
MAX_GAMES = 12


class CampaignGame(StrictModel):
    """One encounter of the campaign: a scenario and a map, each by its name (``engagement``, ``village_ruins``)."""

    scenario: Text
    map: Text
    title: Text | None = None
    text: Text | None = None  # shown before this game (the story between games)


class CarryOver(StrictModel):
    """What carries over between games: [CMP-3] casualties roll for injury (``roll``) or are lost (``none``);
    [CMP-5] ExP scored is banked (``bank_exp``)."""

    injuries: Literal["roll", "none"] = "roll"
    bank_exp: bool = True


class CampaignFile(StrictModel):
    format: Literal["iron-honor/campaign@1"]
    name: Text
    description: Text | None = None
    games: list[CampaignGame]
    carry_over: CarryOver = CarryOver()
    epilogue: Text | None = None


def cross_checks(doc: Document, data: CampaignFile) -> list[Problem]:
    """What the schema cannot say: a number of games, and every scenario and map a name the game knows."""
    from game.content import library

    problems: list[Problem] = []
    if not 1 <= len(data.games) <= MAX_GAMES:
        problems.append(doc.problem(("games",), f"a campaign has 1 to {MAX_GAMES} games, found {len(data.games)}"))
    for i, game in enumerate(data.games):
        for key, kind in (("scenario", "scenarios"), ("map", "maps")):
            name = getattr(game, key)
            try:
                library.lookup(kind, name, paths=False)
            except library.UnknownName as exc:
                problems.append(doc.problem(("games", i, key), exc.problems[0].message))
            except ContentError as exc:
                first = exc.problems[0].describe(safe_text(str(exc.file))) if exc.problems else str(exc.file)
                problems.append(doc.problem(("games", i, key), f"the {key} '{safe_text(name)}' is broken: {first}"))
    return problems


def build_campaign(doc: Document) -> CampaignFile:
    """Validate a parsed campaign whole, or raise ContentError with every problem."""
    data = validated_whole(doc, CampaignFile, cross_checks, CAMPAIGN_FORMAT)
    return data


def parse_campaign(text: str | bytes, file: str = "<campaign>") -> CampaignFile:
    return build_campaign(parse_yaml(text, file))


def load_campaign(path: str | Path, display: str | None = None) -> CampaignFile:
    """Read and validate one campaign file; any problem is a ContentError."""
    return build_campaign(load_yaml(path, display))
