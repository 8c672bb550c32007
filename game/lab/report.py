"""A sweep's report for designers: is it fair? One Markdown file (``report.md``) with its plots as PNGs.

Every figure is read from the results table (game/lab/store.py) and summed with the engine's
:class:`~game.ai.matches.Tally` (win rates with 95 % Wilson intervals): each pairing's win rate; the side,
first-to-act and set-up roll advantages per map and scenario; the mean score after each turn; where models
die on each map (a heat map over the table); what each objective is worth (how often the side that took more
of it won, and its points per game). The plots need matplotlib (``pip install iron-honor[lab]``); without
it the report holds the tables and says how to get the plots. matplotlib is imported here only, with the Agg
backend (files, no window), so nothing of it is loaded at play time.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.ai.matches import Tally, content
from game.lab.store import Store
from game.lab.sweep import Planned, Sweep

PLOTS_MISSING = ("the plots need matplotlib, which is not installed: pip install iron-honor[lab] "
                 "(or pip install 'matplotlib>=3.8'), then python -m game lab ... --report-only")


def _pct(x: float) -> str:
    return f"{x:.0%}"


def _verdict(t: Tally) -> str:
    lo, hi = t.interval
    if t.played == 0:
        return "no games"
    if lo > 0.5:
        return "favours the first"
    if hi < 0.5:
        return "favours the second"
    return "fair within the interval"


def _place(row: dict[str, Any]) -> str:
    return f"{row['map_name'] or '?'} / {row['scenario_name'] or 'plain fight'}"


def pairings(games: list[dict[str, Any]], sweep: Sweep) -> dict[str, Tally]:
    """Each matchup (with its AI levels when the sweep has more than one pairing of them), from its first-named
    party's side, both ways round the table together."""
    order = {pair: i for i, pair in enumerate(sweep.matchups)}
    one_level = len(sweep.ai) == 1 and sweep.ai[0][0] == sweep.ai[0][1]
    out: dict[str, Tally] = {}
    for g in sorted(games, key=lambda g: g["key"]):
        a, b = g["party_a"], g["party_b"]
        side = 0 if (a, b) in order else 1
        first, second = (a, b) if side == 0 else (b, a)
        levels = (g["ai_a"], g["ai_b"]) if side == 0 else (g["ai_b"], g["ai_a"])
        label = f"{first} v {second}" + ("" if one_level else f" ({levels[0]} v {levels[1]})")
        out.setdefault(label, Tally(label)).add_row(_engine_row(g), side)
    return dict(sorted(out.items(), key=lambda kv: kv[0]))


def _engine_row(g: dict[str, Any]) -> dict[str, Any]:
    """A stored game as the engine's row, as far as a tally reads it."""
    return {"error": g["error"], "scores": [g["score_a"], g["score_b"]], "winner_side": g["winner_side"]}


def advantages(games: list[dict[str, Any]]) -> dict[str, dict[str, Tally]]:
    """Per map and scenario: side A's results, the first side to act's and the set-up roll winner's, then the
    side's at each table edge it deployed at (a map's own advantage, whichever party stood there)."""
    out: dict[str, dict[str, Tally]] = defaultdict(lambda: {"side A": Tally("side A"), "first to act":
                                                            Tally("first to act"), "set-up roll winner":
                                                            Tally("set-up roll winner")})
    edges: dict[str, dict[str, Tally]] = defaultdict(dict)  # after the three, in the edges' order
    for g in games:
        t = out[_place(g)]
        row = _engine_row(g)
        t["side A"].add_row(row, 0)
        if g["first_side"] is not None:
            t["first to act"].add_row(row, g["first_side"])
        if g["higher_side"] is not None:
            t["set-up roll winner"].add_row(row, g["higher_side"])
        for side, edge in enumerate((g.get("edge_a"), g.get("edge_b"))):
            if edge:
                who = f"deployed at the {edge} edge"
                edges[_place(g)].setdefault(who, Tally(who)).add_row(row, side)
    return {place: {**ts, **dict(sorted(edges[place].items()))} for place, ts in sorted(out.items())}


def objective_values(games: list[dict[str, Any]], awards: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per scenario and objective: its points per game, and the results of the side that took more of it."""
    by_game: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for a in awards:
        objective = a["label"].split(" ", 1)[-1]  # "controls the landmark": the landmark
        by_game[a["key"]][objective][a["side"]] += a["points"]
    scenario_of = {g["key"]: g["scenario_name"] or "plain fight" for g in games}
    seen: dict[str, set[str]] = defaultdict(set)
    for key, objectives in by_game.items():
        seen[scenario_of.get(key, "?")].update(objectives)
    out: dict[str, dict[str, Any]] = {}
    for g in games:
        if g["error"]:
            continue
        scenario = g["scenario_name"] or "plain fight"
        for objective in sorted(seen.get(scenario, ())):
            label = f"{scenario}: {objective}"
            v = out.setdefault(label, {"tally": Tally(label), "points": []})
            pts = by_game.get(g["key"], {}).get(objective, [0, 0])
            v["points"].append(sum(pts))
            if pts[0] != pts[1]:
                v["tally"].add_row(_engine_row(g), 0 if pts[0] > pts[1] else 1)
    return dict(sorted(out.items()))


def score_curves(games: list[dict[str, Any]], turns: list[dict[str, Any]]) -> dict[str, dict[int, list[list[int]]]]:
    """Per scenario, each turn's scores of side A and side B (one list each, a value a game)."""
    scenario_of = {g["key"]: g["scenario_name"] or "plain fight" for g in games if not g["error"]}
    out: dict[str, dict[int, list[list[int]]]] = defaultdict(lambda: defaultdict(lambda: [[], []]))
    for t in turns:
        if t["key"] in scenario_of:
            cell = out[scenario_of[t["key"]]][t["turn"]]
            cell[0].append(t["score_a"])
            cell[1].append(t["score_b"])
    return {k: dict(sorted(v.items())) for k, v in sorted(out.items())}


# -- the plots ---------------------------------------------------------------------------------------

def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")  # files only: no window, no display needed
    import matplotlib.pyplot as plt

    return plt


def _interval_bars(ax: Any, labels: list[str], tallies: list[Tally], colour: str, offset: float = 0.0,
                   height: float = 0.6, name: str | None = None) -> None:
    ys = [i + offset for i in range(len(labels))]
    rates = [t.win_rate for t in tallies]
    lo = [t.win_rate - t.interval[0] for t in tallies]
    hi = [t.interval[1] - t.win_rate for t in tallies]
    ax.barh(ys, rates, height=height, color=colour, alpha=0.75, label=name)
    ax.errorbar(rates, ys, xerr=[lo, hi], fmt="none", ecolor="black", capsize=3, linewidth=1)


def plot_pairings(plt: Any, tallies: dict[str, Tally], path: Path) -> None:
    labels = list(tallies)
    fig, ax = plt.subplots(figsize=(9, 0.5 * len(labels) + 1.6))
    _interval_bars(ax, labels, list(tallies.values()), "#4a7ab5")
    for i, t in enumerate(tallies.values()):
        ax.text(1.01, i, f"{t.wins}/{t.draws}/{t.losses}", va="center", fontsize=8, transform=ax.get_yaxis_transform())
    ax.axvline(0.5, color="grey", linestyle="--", linewidth=1)
    ax.set_yticks(range(len(labels)), labels)
    ax.set_xlim(0, 1)
    ax.set_ylim(len(labels) - 0.2, -0.8)  # first at the top; one bar is a bar, not the whole plot
    ax.set_xlabel("win rate of the first-named party (bars: 95 % Wilson interval; right: W/D/L)")
    ax.set_title("Win rate per pairing")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def plot_advantages(plt: Any, adv: dict[str, dict[str, Tally]], path: Path) -> None:
    labels = list(adv)
    fig, ax = plt.subplots(figsize=(9, 0.9 * len(labels) + 1.6))
    for k, (name, colour) in enumerate((("side A", "#4a7ab5"), ("first to act", "#d08a3a"),
                                        ("set-up roll winner", "#6aa56a"))):
        _interval_bars(ax, labels, [adv[p][name] for p in labels], colour, offset=(k - 1) * 0.27, height=0.25,
                       name=name)
    ax.axvline(0.5, color="grey", linestyle="--", linewidth=1)
    ax.set_yticks(range(len(labels)), labels)
    ax.set_xlim(0, 1)
    ax.invert_yaxis()
    ax.set_xlabel("win rate (bars: 95 % Wilson interval; draws count as not won)")
    ax.set_title("Side and first-player advantage per map / scenario")
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def plot_scores(plt: Any, curves: dict[str, dict[int, list[list[int]]]], path: Path) -> None:
    n = max(1, len(curves))
    fig, axes = plt.subplots(1, n, figsize=(4.5 * n, 3.6), squeeze=False)
    for ax, (scenario, by_turn) in zip(axes[0], curves.items(), strict=False):
        turns = list(by_turn)
        for side, colour in ((0, "#4a7ab5"), (1, "#c0504d")):
            means = [statistics.fmean(by_turn[t][side]) for t in turns]
            half = [1.96 * statistics.stdev(by_turn[t][side]) / len(by_turn[t][side]) ** 0.5
                    if len(by_turn[t][side]) > 1 else 0.0 for t in turns]
            ax.plot(turns, means, marker="o", color=colour, label=f"side {'AB'[side]}")
            ax.fill_between(turns, [m - h for m, h in zip(means, half, strict=True)],
                            [m + h for m, h in zip(means, half, strict=True)], color=colour, alpha=0.15)
        ax.set_title(scenario)
        ax.set_xlabel("after turn")
        ax.set_ylabel("mean score (band: 95 %)")
        ax.legend(fontsize=8)
    fig.suptitle("Score over turns")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def plot_deaths(plt: Any, deaths: dict[str, list[tuple[float, float]]], maps: dict[str, Any], path: Path) -> None:
    from game.content.maps import TABLE_SIZE

    n = max(1, len(deaths))
    cols = min(n, 4)
    rows = (n + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(4.6 * cols, 4 * rows + 0.5), squeeze=False)
    for ax in axes.flat:
        ax.set_visible(False)
    bins = int(TABLE_SIZE // 2)  # 2-inch squares
    for ax, (name, points) in zip(axes.flat, deaths.items(), strict=False):
        ax.set_visible(True)
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        *_, image = ax.hist2d(xs, ys, bins=bins, range=[[0, TABLE_SIZE], [0, TABLE_SIZE]], cmap="YlOrRd", cmin=1)
        fig.colorbar(image, ax=ax, shrink=0.75, label="deaths")
        battle_map = maps.get(name)
        for piece in getattr(battle_map, "pieces", ()):
            outline = [(v.x, v.y) for v in piece.polygon]
            ax.fill([x for x, _ in outline], [y for _, y in outline], facecolor="none", edgecolor="#2e8b57",
                    linewidth=1)
        ax.set_xlim(0, TABLE_SIZE)
        ax.set_ylim(TABLE_SIZE, 0)  # as the table is drawn in the game: y down
        ax.set_aspect("equal")
        ax.set_facecolor("#f4f1e8")
        ax.set_title(f"{name} ({len(points)} deaths)", fontsize=10)
    fig.suptitle("Where models die (2″ squares; green: the map's terrain)", fontsize=11)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def plot_objectives(plt: Any, values: dict[str, dict[str, Any]], path: Path) -> None:
    labels = list(values)
    fig, ax = plt.subplots(figsize=(9, 0.5 * len(labels) + 1.6))
    _interval_bars(ax, labels, [v["tally"] for v in values.values()], "#8064a2")
    for i, v in enumerate(values.values()):
        mean = statistics.fmean(v["points"]) if v["points"] else 0.0
        ax.text(1.01, i, f"{mean:.1f} pts/game", va="center", fontsize=8, transform=ax.get_yaxis_transform())
    ax.axvline(0.5, color="grey", linestyle="--", linewidth=1)
    ax.set_yticks(range(len(labels)), labels)
    ax.set_xlim(0, 1)
    ax.set_ylim(len(labels) - 0.2, -0.8)
    ax.set_xlabel("win rate of the side that scored more from the objective (95 % Wilson interval)")
    ax.set_title("What objectives are worth")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


# -- the report ----------------------------------------------------------------------------------------

def _maps_of(games: list[dict[str, Any]]) -> dict[str, Any]:
    """Each map's terrain, as the engine loads it for the games played on it (None where it cannot)."""
    out: dict[str, Any] = {}
    for g in games:
        name = g["map_name"]
        if name and name not in out:
            try:
                out[name] = content((g["party_a"], g["party_b"]), g["map"], g["scenario"])[1]
            except Exception:  # only the outlines are lost: the heat map is drawn without them
                out[name] = None
    return out


def _tally_row(label: str, t: Tally, extra: str = "") -> str:
    lo, hi = t.interval
    return (f"| {label} | {t.played} | {t.wins}/{t.draws}/{t.losses} | {_pct(t.win_rate)} [{_pct(lo)}, {_pct(hi)}]"
            f" | {t.mean_score:.1f} – {t.their_mean_score:.1f} |{extra}")


def write_report(sweep: Sweep, planned: list[Planned], store: Store, folder: Path,
                 pyplot: Callable[[], Any] = _pyplot) -> Path:
    """The report of the sweep's stored games: ``folder/report.md`` and its PNGs; its path."""
    folder.mkdir(parents=True, exist_ok=True)
    keys = {p.key for p in planned}
    games = store.games(keys)
    ok = [g for g in games if not g["error"]]
    errors = [g for g in games if g["error"]]
    pair = pairings(games, sweep)
    adv = advantages(games)
    values = objective_values(games, store.table("awards", keys))
    curves = score_curves(games, store.table("score_turns", keys))
    map_of = {g["key"]: g["map_name"] for g in ok}
    deaths: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for d in store.table("deaths", keys):
        if d["key"] in map_of:
            deaths[map_of[d["key"]]].append((d["x"], d["y"]))
    deaths = dict(sorted(deaths.items()))

    try:
        plt = pyplot()
    except ImportError:
        plt = None
    images: list[tuple[str, str]] = []
    if plt is not None and ok:
        for name, title, draw in (
                ("win_rates.png", "Win rate per pairing", lambda p: plot_pairings(plt, pair, p)),
                ("advantages.png", "Side and first-player advantage", lambda p: plot_advantages(plt, adv, p)),
                ("scores_over_turns.png", "Score over turns", lambda p: plot_scores(plt, curves, p)),
                ("deaths_heatmap.png", "Where models die", lambda p: plot_deaths(plt, deaths, _maps_of(ok), p)),
                ("objectives.png", "What objectives are worth", lambda p: plot_objectives(plt, values, p))):
            if (name == "objectives.png" and not values) or (name == "scores_over_turns.png" and not curves):
                continue
            draw(folder / name)
            images.append((title, name))

    ai = ", ".join(a if a == b else f"{a} v {b}" for a, b in sweep.ai)
    lines = [f"# Balance lab: {sweep.name}", "",
             f"{len(games)} of {len(planned)} games stored ({len(errors)} broke); "
             f"{len(sweep.matchups)} matchups × {len(sweep.maps)} maps × {len(sweep.scenarios)} scenarios × "
             f"{2 if sweep.both_sides else 1} sides × {len(sweep.ai)} AI pairings ({ai}) × {len(sweep.seeds)} seeds.",
             "Win rates count draws as not won; the brackets are 95 % Wilson intervals: a pairing whose interval "
             "holds 50 % shows no imbalance at this many games.", ""]
    if plt is None:
        lines += [f"*No plots: {PLOTS_MISSING}.*", ""]
    if len(games) < len(planned):
        lines += [f"*The sweep is not finished: {len(planned) - len(games)} games to play "
                  "(run the same command again).*", ""]
    lines += ["## Win rate per pairing", "", "| pairing (first-named's view) | games | W/D/L | win rate | mean scores "
              "| verdict |", "|---|---|---|---|---|---|"]
    lines += [_tally_row(label, t, f" {_verdict(t)} |") for label, t in pair.items()]
    lines += ["", "## Side and first-player advantage", "",
              "| map / scenario | who | games | W/D/L | win rate | mean scores |", "|---|---|---|---|---|---|"]
    for place, ts in adv.items():
        lines += [_tally_row(f"{place} | {who}", t) for who, t in ts.items()]
    if values:
        lines += ["", "## Objectives", "", "| scenario: objective | games it decided | W/D/L of the side that took "
                  "more | win rate | mean scores | points per game |", "|---|---|---|---|---|---|"]
        lines += [_tally_row(label, v["tally"], f" {statistics.fmean(v['points']):.1f} |")
                  for label, v in values.items()]
    if ok:
        lines += ["", "## Games", "",
                  f"Mean {statistics.fmean(g['turns'] for g in ok):.1f} turns, "
                  f"{statistics.fmean(g['kills_a'] + g['kills_b'] for g in ok):.1f} kills, "
                  f"{statistics.fmean(g['escapes_a'] + g['escapes_b'] for g in ok):.2f} escapes and "
                  f"{statistics.fmean(g['decisions_a'] + g['decisions_b'] for g in ok):.0f} decisions a game; "
                  f"median {statistics.median(g['cpu_seconds'] for g in ok):.2f} s of CPU a game."]
    if errors:
        lines += ["", f"**{len(errors)} games broke**; the first: seed {errors[0]['seed']}, "
                  f"{errors[0]['party_a']} v {errors[0]['party_b']}: `{errors[0]['error']}`"]
    for title, name in images:
        lines += ["", f"## {title}", "", f"![{title}]({name})"]
    lines += ["", f"The table: `{store.path}` (SQLite: tables games, deaths, score_turns, awards; one row a game "
              "in games, keyed by the game's key)."]
    report = folder / "report.md"
    report.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return report
