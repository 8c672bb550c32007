"""The balance lab (issue 40): sweep files checked with located messages, one row a game keyed so a stopped
sweep resumes without replaying, the pool's rows the same as one process's, and the report written."""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

import pytest

from game.ai.matches import TIMING, Match, play_match
from game.ai.simulate import Setup, play_game
from game.cli import main
from game.core.errors import ContentError
from game.lab import balance
from game.lab.balance import Progress, run_sweep
from game.lab.report import PLOTS_MISSING, write_report
from game.lab.store import MACHINE, SCHEMA, Store
from game.lab.sweep import Sweep, load_sweep

# two quick games: random controllers, a plain fight on an open table, both sides
TINY = Sweep("tiny", [("lantern_adventuring_co", "northmen_raiding_party")], [None], [None], True,
             [("random", "random")], [3])


def _bad(tmp_path: Path, text: str) -> str:
    path = tmp_path / "sweep.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_sweep(path)
    return caught.value.describe()


def test_a_sweep_file_gives_its_games_each_with_its_own_stable_key(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("format: iron-honor/sweep@1\nparties: [ghrim_company, hollow_court, northmen_raiding_party]\n"
                    "maps: [open_field, own]\nscenarios: [engagement]\nai: [normal, [hard, easy]]\nseeds: 2\n",
                    encoding="utf-8")
    sweep = load_sweep(path)
    planned = sweep.plan()
    assert sweep.size() == len(planned) == 3 * 2 * 1 * 2 * 2 * 2
    assert len({p.key for p in planned}) == len(planned)
    assert [p.key for p in planned] == [p.key for p in load_sweep(path).plan()]
    swapped = [p.match for p in planned if p.match.parties == ("hollow_court", "ghrim_company")]
    assert {m.ai for m in swapped} == {("normal", "normal"), ("easy", "hard")}  # each party keeps its level


def test_every_problem_of_a_sweep_file_is_named_with_its_key_path_and_line(tmp_path: Path) -> None:
    text = _bad(tmp_path, "format: iron-honor/sweep@1\nparties: [ghrim_company, nobody]\nmaps: [nowhere]\n"
                          "ai: [normal, [hard, dumb]]\nseeds: {from: -1, count: 0}\ncolour: red\nsides: 3\n")
    assert "sweep.yaml:2: parties[1]: no party named 'nobody'" in text
    assert "sweep.yaml:3: maps[0]: no map named 'nowhere'" in text
    assert "sweep.yaml:4: ai[1]: no AI level named 'dumb'" in text
    assert "sweep.yaml:5: seeds.from:" in text and "seeds.count:" in text
    assert "sweep.yaml:6: colour: unknown key" in text
    assert "sweep.yaml:7: sides: expected 'both'" in text


@pytest.mark.parametrize(("text", "said"), [
    ("- a list\n", "a sweep file is a mapping"),
    ("parties: [a\n", "sweep.yaml"),
    ("parties: [ghrim_company]\n", "list at least two parties"),
    ("matchups: [[ghrim_company]]\n", "matchups[0]: expected a pair"),
    ("parties: [ghrim_company, hollow_court]\nseeds: 100000000\n", "seeds: expected a count"),
    ("parties: [ghrim_company, hollow_court]\nseeds: [1, 1]\n", "a seed is listed twice"),
])
def test_a_broken_sweep_file_is_refused_with_a_clear_message(tmp_path: Path, text: str, said: str) -> None:
    assert said in _bad(tmp_path, text)


def test_the_lab_command_names_the_broken_file_and_plays_nothing(tmp_path: Path, capsys) -> None:
    path = tmp_path / "sweep.yaml"
    path.write_text("parties: [ghrim_company, nobody]\n", encoding="utf-8")
    assert main(["lab", str(path), "--out", str(tmp_path / "out")]) == 1
    assert f"{path}:1: parties[1]: no party named 'nobody'" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()
    assert main(["lab", "--maps", "open_field"]) == 1
    assert "name a sweep file, or the parties" in capsys.readouterr().err


def test_a_results_file_that_is_not_a_table_is_said_not_a_traceback(tmp_path: Path, capsys) -> None:
    (tmp_path / "results.sqlite").write_text("not a database " * 100, encoding="utf-8")
    code = main(["lab", "--parties", "ghrim_company", "hollow_court", "--ai", "random", "--seeds", "1",
                 "--out", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 1 and f"cannot use {tmp_path / 'results.sqlite'}" in err and "SQLite" in err


def test_a_stopped_sweep_goes_on_where_it_stopped_and_plays_no_game_twice(tmp_path: Path, monkeypatch) -> None:
    planned = TINY.plan()
    played: list[Match] = []
    real = balance.run_matches

    def spy(matches, jobs=1, **kw):
        played.extend(matches)
        return real(matches, jobs, **kw)

    monkeypatch.setattr(balance, "run_matches", spy)
    with Store(tmp_path / "r.sqlite") as store:
        first = run_sweep(planned, store, jobs=1, limit=1)  # stopped after one game
        assert (first.played, store.keys()) == (1, {planned[0].key})
        second = run_sweep(planned, store, jobs=1)
        assert (second.stored_before, second.played) == (1, 1)
        assert played == [planned[0].match, planned[1].match]
        assert run_sweep(planned, store, jobs=1).played == 0
        assert store.keys() == {p.key for p in planned}
        rows = store.games()
    assert {(r["party_a"], r["seed"]) for r in rows} == {("lantern_adventuring_co", 3), ("northmen_raiding_party", 3)}
    assert all(r["error"] is None and r["turns"] and r["decisions_a"] for r in rows)


def _results(path: Path) -> list:
    db = sqlite3.connect(path)
    cur = db.execute("SELECT * FROM games ORDER BY key")
    names = [d[0] for d in cur.description]
    out: list = [{k: v for k, v in zip(names, r, strict=True) if k not in MACHINE} for r in cur]
    out += [sorted(db.execute(f"SELECT * FROM {t}")) for t in ("deaths", "score_turns", "awards")]
    db.close()
    return out


def test_a_pool_of_processes_stores_the_same_rows_as_one_process(tmp_path: Path) -> None:
    planned = TINY.plan()
    for name, jobs in (("one.sqlite", 1), ("pool.sqlite", 2)):
        with Store(tmp_path / name) as store:
            assert run_sweep(planned, store, jobs=jobs).played == 2
    assert _results(tmp_path / "one.sqlite") == _results(tmp_path / "pool.sqlite")


def test_a_warmed_worker_has_the_games_content_before_its_clock_starts() -> None:
    from game.ai.matches import content, content_keys, warm_worker

    todo = [p.match for p in TINY.plan()]
    keys = content_keys(todo + todo)
    assert len(keys) == len({(m.parties, m.map, m.scenario) for m in todo})
    content.cache_clear()
    warm_worker((0, keys + ((("no_such_party", "nor_this"), None, None),)))  # a broken one is the game's to say
    assert content.cache_info().currsize == len(keys)
    hits = content.cache_info().hits
    play_match(todo[0])
    assert content.cache_info().hits == hits + 1


@pytest.mark.slow
def test_a_local_ray_cluster_stores_the_same_rows_as_the_pool(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    planned = TINY.plan()
    for name, cluster in (("pool.sqlite", None), ("ray.sqlite", "local:2")):
        with Store(tmp_path / name) as store:
            assert run_sweep(planned, store, jobs=2, cluster=cluster).played == 2
    assert _results(tmp_path / "pool.sqlite") == _results(tmp_path / "ray.sqlite")


def test_without_ray_the_cluster_option_says_what_to_install(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # an import of ray fails, as where it is not installed
    code = main(["lab", "--parties", "ghrim_company", "hollow_court", "--seeds", "1", "--cluster", "local",
                 "--out", str(tmp_path)])
    assert code == 1 and "pip install iron-honor[cluster]" in capsys.readouterr().err


def test_the_report_of_a_tiny_sweep_has_its_tables_and_plots(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    planned = TINY.plan()
    with Store(tmp_path / "r.sqlite") as store:
        run_sweep(planned, store, jobs=1)
        report = write_report(TINY, planned, store, tmp_path / "report")
    text = report.read_text(encoding="utf-8")
    assert "| lantern_adventuring_co v northmen_raiding_party | 2 |" in text and "first to act" in text
    for png in ("win_rates.png", "advantages.png", "scores_over_turns.png", "deaths_heatmap.png"):
        assert (tmp_path / "report" / png).read_bytes()[:4] == b"\x89PNG" and f"]({png})" in text


def test_the_report_tells_each_deployment_edge_s_results_and_an_older_file_takes_the_new_columns(
        tmp_path: Path) -> None:
    sweep = Sweep("edges", [("lantern_adventuring_co", "northmen_raiding_party")], ["village_ruins"], ["engagement"],
                  True, [("random", "random")], [3])
    planned = sweep.plan()
    old = sqlite3.connect(tmp_path / "r.sqlite")  # a results file written before the edges were stored
    old.executescript(SCHEMA.replace(", edge_a TEXT, edge_b TEXT", ""))
    old.close()
    with Store(tmp_path / "r.sqlite") as store:
        run_sweep(planned, store, jobs=1)
        games = store.games()
        report = write_report(sweep, planned, store, tmp_path / "report", pyplot=_no_plots)
    assert len(games) == 2 and all(g["edge_a"] and g["edge_b"] and g["edge_a"] != g["edge_b"] for g in games)
    text = report.read_text(encoding="utf-8")
    for edge in {g["edge_a"] for g in games} | {g["edge_b"] for g in games}:
        assert f"| deployed at the {edge} edge | 2 |" in text, text


def _no_plots() -> None:
    raise ImportError("matplotlib")


def test_without_matplotlib_the_report_keeps_its_tables_and_says_how_to_get_plots(tmp_path: Path) -> None:
    planned = TINY.plan()

    def missing() -> None:
        raise ImportError("no matplotlib")

    with Store(tmp_path / "r.sqlite") as store:
        run_sweep(planned, store, jobs=1, limit=1)
        report = write_report(TINY, planned, store, tmp_path / "report", pyplot=missing)
    text = report.read_text(encoding="utf-8")
    assert PLOTS_MISSING in text and "1 of 2 games stored" in text and "not finished" in text
    assert not list((tmp_path / "report").glob("*.png"))


def test_the_progress_line_tells_the_games_left_and_the_time_to_go() -> None:
    import io

    out = io.StringIO()
    bar = Progress(10, 4, out, every=0)
    bar.t0 -= 2.0  # two seconds in
    bar.step()
    line = out.getvalue()
    assert "5/10 games, 5 left" in line and "to go" in line


def test_simulate_and_the_lab_read_one_engine_s_game() -> None:
    """simulate's record is the engine's row, with the controllers named; where models died is read from the
    events: a model's place when its Killed event was logged."""
    from game.rules.engine import Game
    from game.rules.events import EventKind
    from game.rules.setup import new_game, simple_deployment

    record = play_game(Setup(("lantern_adventuring_co", "northmen_raiding_party"), ("random", "aggressive")), 1, 3)
    row = play_match(Match(("lantern_adventuring_co", "northmen_raiding_party"), ("aggressive", "random"), seed=3))
    for key in ("winner_side", "scores", "turns", "kills", "escapes", "decisions", "first_side"):
        assert record[key] == row[key], key
    assert record["winner"] == (None if row["winner_side"] is None else row["ai"][row["winner_side"]])
    assert not set(TIMING) - set(row)

    from game.ai import registry
    from game.ai.matches import content

    parties, battle_map, _ = content(("lantern_adventuring_co", "northmen_raiding_party"), None, None)
    state = new_game(parties, battle_map, 3)
    simple_deployment(state)
    game = Game(state, [registry.make("aggressive", 7), registry.make("random", 8)])
    seen, at_death = 0, []
    while not game.over:
        game.step()
        for e in state.log[seen:]:
            if e.kind in (EventKind.Killed, EventKind.Removed):
                m = state.model(e.data["model"])
                at_death.append([e.turn, m.side, m.name, m.profile.type, round(m.x, 2), round(m.y, 2)])
        seen = len(state.log)
    assert at_death and at_death == row["deaths"]


def test_the_lab_command_plays_a_sweep_once_and_says_so(tmp_path: Path, capsys) -> None:
    args = ["lab", "--parties", "lantern_adventuring_co", "northmen_raiding_party", "--ai", "random", "--seeds", "1",
            "--sides", "as_listed", "--jobs", "1", "--no-report", "--out", str(tmp_path)]
    assert main(args) == 0
    assert "1 games (0 stored" in capsys.readouterr().err
    assert main(args) == 0
    err = capsys.readouterr().err
    assert "1 games (1 stored" in err and "playing 0" in err
    with Store(tmp_path / "results.sqlite") as store:
        assert len(store.games()) == 1
