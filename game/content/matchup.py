"""How even two parties are: what the battle set-up warns about before a lopsided game starts.

The rules let any two parties meet; a player choosing them should still see, with the figures,
when one side is of another game size or spends far more ExP than the other.
"""

from __future__ import annotations

from game.content.party_building import BuiltParty

# A gap of this share of the larger budget or more is worth a word (10 % of a medium game is 20 ExP).
COST_GAP_SHARE = 0.10


def matchup_warnings(a: BuiltParty, b: BuiltParty) -> list[str]:
    """Plain sentences naming both parties and the figures; empty for an even matchup."""
    out = []
    if a.size != b.size:
        out.append(f"{a.name} is a {a.size} party ({a.budget} ExP budget) and {b.name} a {b.size} one "
                   f"({b.budget} ExP): parties of different game sizes.")
    gap = abs(a.cost - b.cost)
    if gap >= COST_GAP_SHARE * max(a.budget, b.budget):
        rich, poor = (a, b) if a.cost > b.cost else (b, a)
        out.append(f"{rich.name} costs {rich.cost} ExP, {poor.name} {poor.cost} ExP: "
                   f"{gap} ExP more on one side.")
    return out
