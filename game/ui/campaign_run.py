"""A campaign played in the window: its progress file, the next game as a battle session, a game's end recorded.

The scenes (game/ui/scenes/campaign_menu.py, campaign.py) only show it and turn clicks into its calls; the
rules between games are game/rules/campaign.py, the progress file game/saves/campaigns.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.content.campaign_file import CampaignFile
from game.core.errors import ContentError, os_problem
from game.rules.campaign import GameResult, Progress, game_seed, spend
from game.saves import campaigns as store

HUMAN = "human"  # a side the player commands (Progress.ai names a controller for each side, or this)


@dataclass
class CampaignRun:
    """A campaign under way in the UI: its file, its progress and where the progress is kept."""

    campaign: CampaignFile
    progress: Progress
    path: Path
    error: str | None = None  # why the last write or start failed (shown, never raised)
    recorded: set[int] = field(default_factory=set)  # ids of the states already recorded

    @classmethod
    def open(cls, path: Path) -> CampaignRun:
        """A saved campaign; a ContentError when its file or its campaign cannot be read."""
        from game.content.library import lookup

        progress = store.read_progress(path)
        campaign = lookup("campaigns", progress.campaign, paths=False).value
        return cls(campaign, progress, path)

    def save(self) -> bool:
        try:
            store.save_progress(self.progress, self.path)
        except OSError as exc:
            self.error = os_problem(exc, "The campaign could not be saved:")
            return False
        self.error = None
        return True

    def names(self, index: int) -> tuple[str, str]:
        """The names a game's scenario and map show (their files' names when they cannot be read)."""
        from game.content.library import lookup

        game = self.campaign.games[index]
        out = []
        for kind, name in (("scenarios", game.scenario), ("maps", game.map)):
            try:
                out.append(str(lookup(kind, name, paths=False).value.name))
            except ContentError:
                out.append(name)
        return out[0], out[1]

    # -- the next game ------------------------------------------------------------------------------------------
    def setup(self) -> Any:
        """The next game's battle setup: its scenario, map, seed and who commands each side."""
        from game.ui.session import HOTSEAT, VS_AI, BattleSetup

        game = self.campaign.games[self.progress.next_game]
        ai = self.progress.ai or [HUMAN, "normal"]
        humans = [side for side in (0, 1) if ai[side] == HUMAN]
        mode = HOTSEAT if len(humans) == 2 else VS_AI
        level = next((a for a in ai if a != HUMAN), "normal")
        return BattleSetup(scenario=game.scenario, map=game.map, parties=(self.party_file(0), self.party_file(1)),
                           mode=mode, ai_level=level, human_side=humans[0] if humans else 0,
                           seed=game_seed(self.progress))

    def party_file(self, side: int) -> str:
        from game.builder.files import slug

        return f"{slug(self.progress.sides[side].name) or 'party'}.yaml"

    def session(self) -> Any:
        """The next game as a battle session ([CMP-1]): the parties as they stand; never autosaved (a game left
        unfinished is played again from its start)."""
        from game.builder.files import party_text
        from game.content.library import lookup
        from game.content.scenario_file import kept_parties
        from game.ui.session import BattleSession, Loaded

        setup = self.setup()
        scenario = lookup("scenarios", setup.scenario, paths=False)
        battle_map = lookup("maps", setup.map, paths=False)
        parties = tuple(s.built(self.party_file(i)) for i, s in enumerate(self.progress.sides))
        texts = {"parties": [{"file": self.party_file(i), "text": party_text(s.party)}
                             for i, s in enumerate(self.progress.sides)],
                 "map": _text(battle_map.path), "scenario": _text(scenario.path),
                 "scenario_parties": kept_parties(scenario.value)}
        loaded = Loaded((parties[0], parties[1]), battle_map.value, scenario.value, texts)
        session = BattleSession(setup, loaded, autosave=False)
        session.campaign = self
        return session

    def finished(self, state: Any) -> GameResult | None:
        """A game of the campaign has ended: recorded once ([CMP-2]-[CMP-5]) and the progress saved."""
        if id(state) in self.recorded or self.progress.finished:
            return None
        self.recorded.add(id(state))
        result = store.finish_game(self.progress, self.campaign, state)
        self.save()
        return result

    @staticmethod
    def replayable(session: Any) -> bool:
        """Whether a game's save plays back: its parties, as the save keeps them, are party files a new battle
        accepts (a campaign party beyond its size's budget or numbers [CMP-6] is not)."""
        from game.content.party_building import parse_party

        block = session.setup_block or {}
        try:
            for party in block.get("parties", []):
                parse_party(party["text"], party["file"])
        except ContentError:
            return False
        return bool(block)

    # -- between games ------------------------------------------------------------------------------------------
    def spend(self, side: int, party: dict[str, Any]) -> str | None:
        """[CMP-6]: the party as the builder left it; the reason when it is not allowed."""
        try:
            spend(self.progress.sides[side], party)
        except ContentError as exc:
            return exc.describe()
        return None if self.save() else self.error


def _text(path: Path) -> dict[str, str]:
    return {"file": path.name, "text": path.read_bytes().decode("utf-8-sig")}


def start(campaign_name: str, party_names: tuple[str, str], ai: list[str], seed: int) -> CampaignRun:
    """A new campaign between two parties (by name); ContentError when a file is broken."""
    from game.content.library import lookup
    from game.content.yaml_loader import load_yaml
    from game.rules.campaign import start as begin

    found = lookup("campaigns", campaign_name, paths=False)
    parties = [lookup("parties", p, paths=False) for p in party_names]
    data = [load_yaml(f.path).data for f in parties]
    progress = begin(found.path.stem.lower(), found.value.name, len(found.value.games), (data[0], data[1]), seed,
                     (parties[0].path.name, parties[1].path.name))
    progress.ai = list(ai)
    run = CampaignRun(found.value, progress, store.new_progress_path(found.value.name))
    run.save()
    return run


@dataclass
class CampaignEdit:
    """The party builder opened on a side's campaign party ([CMP-6]): its allowance, and saving into the
    campaign (the party file's data in the progress, never a party file of the player's)."""

    run: CampaignRun
    side: int

    def allowance(self) -> Any:
        return self.run.progress.sides[self.side].allowance()

    def save(self, party: dict[str, Any]) -> str | None:
        return self.run.spend(self.side, party)
