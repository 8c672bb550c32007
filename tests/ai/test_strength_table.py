"""The strength table by scenario and role (game.lab.strength): rows, rates and what each side did."""

from __future__ import annotations

from game.lab import strength


def _record(game: int, outcome: str, first: int, roles: list[str] | None, attacks: tuple[int, int]) -> dict:
    pursuit = [{"attacks": attacks[s], "kills": 0, "escapes": s, "points": 2} for s in (0, 1)]
    return {"game": game, "ai": ["hard", "normal"], "scenario": "raid", "outcome": outcome, "first_side": first,
            "roles": roles, "pursuit": pursuit}


def test_rows_by_role_count_the_first_named_controllers_games_and_acts() -> None:
    records = [_record(0, "win", 0, ["Raider", "Defender"], (5, 1)),
               _record(1, "loss", 1, ["Raider", "Defender"], (2, 7)),
               _record(2, "draw", 1, ["Defender", "Raider"], (0, 3))]
    rows = strength.table(records)
    every = rows[(("hard", "normal"), "raid", "*")]
    assert (every.wins, every.draws, every.losses) == (1, 1, 1)
    as_raider = rows[(("hard", "normal"), "raid", "Raider")]
    assert (as_raider.wins, as_raider.losses) == (1, 0)
    assert as_raider.acts[0]["attacks"] == 5 + 3  # the first-named's attacks, on whichever side it played
    as_defender = rows[(("hard", "normal"), "raid", "Defender")]
    assert as_defender.acts[0]["attacks"] == 7 and as_defender.acts[1]["attacks"] == 2
    rate, lo, hi = as_raider.rate()
    assert rate == 1.0 and 0 < lo < 1 and hi == 1.0
    assert "as Raider" in strength.format_table(rows)


def test_plan_swaps_sides_and_uses_a_scenarios_own_map() -> None:
    tasks = strength.plan(["engagement", "the_ford_raid"], ("hard", "normal"), 4)
    assert [t.swapped for t in tasks[:4]] == [False, True, False, True]
    assert all(t.map for t in tasks[:4]) and all(t.map == "" for t in tasks[4:])
    assert len({t.seed for t in tasks}) == len(tasks)


def test_plan_plays_every_party_pair_both_ways_round_before_any_again() -> None:
    """Eight games a scenario: each of the four party pairs once each way round (a table of a dozen games once
    played only the first two pairs, and weighed one match-up as eight games in twelve)."""
    from game.lab.ai_soak import PARTIES

    tasks = strength.plan(["engagement"], ("hard", "normal"), 8)
    assert sorted((t.parties, t.swapped) for t in tasks) == sorted((p, s) for p in PARTIES for s in (False, True))
    assert len({t.map for t in tasks}) == 1  # the maps turn once every pair has played
    assert {t.map for t in strength.plan(["engagement"], ("hard", "normal"), 32)} == set(strength.MAPS)
