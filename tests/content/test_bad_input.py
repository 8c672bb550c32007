"""Bad input never crashes, hangs or leaks (issue #15): hand-made reproducers, through the real command line.

Each class of the issue has its own section. The command line runs as a subprocess whose output must
decode as strict UTF-8 and hold no traceback; a batch goes on past a bad file. Where the check is about what
the command says of a file, not about the process (its output's encoding, its exit), the same entry point
runs in the test's own process instead (``command``): the same words, without starting the game once more.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.content import maps as maps_module
from game.content.library import load_all
from game.content.maps import load_map, parse_map, polygon_defect
from game.content.party_building import load_party
from game.content.scenario_checks import diameter, hull_diameter
from game.content.scenario_file import parse_scenario
from game.content.validate import check_paths
from game.core.errors import ContentError, Problem, safe_text
from tests.conftest import PARTIES, ROOT

GHRIM = (PARTIES / "ghrim_company.yaml").read_text(encoding="utf-8")
ENGAGEMENT = (ROOT / "scenarios" / "engagement.yaml").read_text(encoding="utf-8")
OPEN_FIELD = (ROOT / "assets" / "maps" / "open_field.yaml").read_text(encoding="utf-8")


def game(*args: str, cwd: Path = ROOT, timeout: float = 120) -> subprocess.CompletedProcess[bytes]:
    """``python -m game ARGS`` as a player runs it; stdout and stderr as bytes (decoded strictly by the checks)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHONIOENCODING")}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=cwd, capture_output=True, timeout=timeout,
                          env=env)


def command(*args: str) -> subprocess.CompletedProcess[bytes]:
    """``game.cli.main(ARGS)`` in this process, from the game's folder as ``game`` runs it; its output as strict
    UTF-8 bytes (what a process's would be) and its exit code, as ``game`` returns them."""
    from game.cli import main

    written = io.BytesIO(), io.BytesIO()
    out, err = (io.TextIOWrapper(b, encoding="utf-8", write_through=True) for b in written)
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(list(args))
    finally:
        os.chdir(here)
        out.detach(), err.detach()  # (a wrapper closes its buffer when it goes)
    return subprocess.CompletedProcess(["game", *args], code, written[0].getvalue(), written[1].getvalue())


def clean(out: subprocess.CompletedProcess[bytes]) -> tuple[str, str]:
    """stdout and stderr, which must be UTF-8 and hold no traceback and no 'internal error'."""
    stdout, stderr = out.stdout.decode("utf-8"), out.stderr.decode("utf-8")
    assert "Traceback" not in stderr and "Traceback" not in stdout, stderr
    assert "internal error" not in stdout + stderr
    return stdout, stderr


def json_lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def write(folder: Path, name: str, text: str | bytes) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


# -- 1. text the output cannot encode ---------------------------------------------------------------------

def test_a_lone_surrogate_in_a_weapon_name_is_located_and_the_batch_goes_on(tmp_path: Path) -> None:
    bad = write(tmp_path, "a_bad.yaml", GHRIM.replace("{name: Sword", '{name: "Sw\\udfffrd"', 1))
    assert bad.read_text(encoding="utf-8") != GHRIM
    good = write(tmp_path, "b_good.yaml", GHRIM)
    out = game("party", "check", str(bad), str(good))
    stdout, _ = clean(out)
    first, second = json_lines(stdout)
    assert out.returncode == 1
    assert first["file"] == str(bad) and "surrogate" in first["errors"][0]["message"]
    assert first["errors"][0]["line"] is not None and first["errors"][0]["where"].startswith("models[")
    assert second["name"] == "Ghrim Company"


def test_unencodable_text_in_a_key_of_every_kind_is_a_located_error(tmp_path: Path) -> None:
    files = [write(tmp_path, "party.yaml", GHRIM + '"\\udbff": 1\n'),
             write(tmp_path, "map.yaml", OPEN_FIELD + '"\\ud9ab": x\n'),
             write(tmp_path, "scenario.yaml", ENGAGEMENT + '"x\\udc80y": 2\n')]
    out = game("validate", "--json", *map(str, files))
    stdout, _ = clean(out)
    records = json_lines(stdout)
    assert out.returncode == 1 and len(records) == 3
    for r in records:
        assert r["errors"] and "surrogate" in r["errors"][0]["message"] and r["errors"][0]["line"]


def test_a_file_name_that_is_not_utf8_is_shown_escaped(tmp_path: Path) -> None:
    folder = os.fsencode(tmp_path / "parties")
    os.makedirs(folder)
    with open(os.path.join(folder, b"caf\xe9_\xff.yaml"), "w", encoding="utf-8") as f:
        f.write(GHRIM.replace("size: medium", "size: huge"))
    out = game("party", "check", str(tmp_path / "parties"))
    stdout, _ = clean(out)
    (record,) = json_lines(stdout)
    assert record["file"].endswith("caf\\xe9_\\xff.yaml") and record["errors"][0]["where"] == "size"
    lib = load_all("parties", load_party, mods=tmp_path)
    shown = [e.file for e in lib.skipped if "caf" in e.file]
    assert shown and shown[0].encode("utf-8")  # printable: no surrogate escapes left


def test_every_problem_and_file_name_can_be_printed() -> None:
    err = ContentError("x\udcff.yaml", [Problem("a\ud800", 1, "b\udfff")])
    assert err.describe().encode("utf-8") and safe_text("plain é") == "plain é"


# -- 2. exceptions the loader did not expect --------------------------------------------------------------

@pytest.mark.parametrize(("change", "where", "says"), [
    (("name: Ghrim Company", "name: Ghrim\x07Company"), "", "U+0007"),  # a control character (BEL)
    (("MA: 4", "MA: " + "12345" * 1200), "attributes.MA", "characters"),  # 6,000 digits
    (("MA: 4", "MA: 0x" + "f" * 40), "attributes.MA", "too large"),  # beyond 64 bits
    (("MA: 4", "MA: -.INF"), "attributes.MA", "finite"),
    (("MA: 4", "MA: .NaN"), "attributes.MA", "finite"),
    (("MA: 4", "MA: !!float 1e"), "attributes.MA", "cannot read"),
    (("MA: 4", "MA: !!binary aGk="), "attributes.MA", "tag"),
    (("type: hero", 'type: "he\\0ro"'), "type", "NUL"),
])
def test_values_python_cannot_take_are_located_errors(change: tuple[str, str], where: str, says: str) -> None:
    text = GHRIM.replace(*change, 1)
    assert text != GHRIM
    problems = check_text(text)
    assert any(says in p.message and where in p.where and p.line for p in problems), problems


def check_text(text: str) -> list[Problem]:
    from game.content.party_building import parse_party

    with pytest.raises(ContentError) as err:
        parse_party(text, "party.yaml")
    return err.value.problems


def test_an_impossible_date_is_text_not_a_crash(tmp_path: Path) -> None:
    path = write(tmp_path, "p.yaml", GHRIM.replace("name: Ghrim Company", "name: 2024-13-45", 1))
    out = game("party", "check", str(path))
    stdout, _ = clean(out)
    assert out.returncode == 0 and json_lines(stdout)[0]["name"] == "2024-13-45"
    key = write(tmp_path, "k.yaml", GHRIM + "1999-02-31: x\n")
    (record,) = json_lines(clean(game("party", "check", str(key)))[0])
    assert record["errors"][0]["where"] == "1999-02-31" and "unknown key" in record["errors"][0]["message"]


def test_nan_and_huge_numbers_in_a_script_are_refused_before_the_game(tmp_path: Path) -> None:
    script = (ROOT / "docs" / "examples" / "furious_attack.yaml").read_text(encoding="utf-8")
    cases = {"nan.yaml": script.replace("Nami: {x: 18,", "Nami: {x: .nan,"),
             "facing.yaml": script.replace("facing: 180}", "facing: -.inf}"),
             "answer.yaml": script.replace("  - A4 ", "  - [1.0e+400, 3] "),
             "int.yaml": script.replace("seed: 8", "seed: 99999999999999999999999")}
    for name, text in cases.items():
        assert text != script, name
        path = write(tmp_path, name, text)
        out = command("run", str(path))
        stdout, _ = clean(out)
        record = json.loads(stdout)  # valid JSON: no NaN
        assert out.returncode == 1 and record["errors"][0]["line"], (name, record)


# -- 3. content checks near-linear in the file's size ------------------------------------------------------

def star(n: int, inner: float = 0.8) -> list[tuple[float, float]]:
    import math

    return [(18 + 17 * math.cos(2 * math.pi * k / n) * (1 if k % 2 else inner),
             18 + 17 * math.sin(2 * math.pi * k / n) * (1 if k % 2 else inner)) for k in range(n)]


def test_a_large_polygon_is_checked_without_comparing_every_pair_of_edges(monkeypatch) -> None:
    calls = []
    real = maps_module.segments_touch
    monkeypatch.setattr(maps_module, "segments_touch", lambda *a: calls.append(1) or real(*a))
    pts = star(4_000)
    assert polygon_defect(pts) is None
    pts[10], pts[2_001] = pts[2_001], pts[10]
    defect = polygon_defect(pts)
    assert defect and re.match(r"edges \d+ and \d+ cross", defect)
    edges = [int(k) for k in re.findall(r"\d+", defect)]
    assert {9, 10, 2_000, 2_001} & set(edges)  # the moved corners' edges
    assert calls == []  # no pairwise comparison at this size


def test_the_sweep_agrees_with_the_pairwise_check_on_awkward_polygons() -> None:
    import random

    rng = random.Random(15)
    for _ in range(3000):
        n = rng.randint(4, 9)
        pts = [(float(rng.randint(0, 4)), float(rng.randint(0, 4))) for _ in range(n)]
        if any(pts[i] == pts[(i + 1) % n] for i in range(n)):
            continue
        assert (maps_module._pairwise_crossing(pts) is None) == (maps_module._swept_crossing(pts) is None), pts


def map_text(pts: list[tuple[float, float]]) -> str:
    body = "\n".join(f"      - [{x:.6f}, {y:.6f}]" for x, y in pts)
    return f"format: iron-honor/map@1\nname: Big\nterrain:\n  - id: blob\n    kind: rough\n    polygon:\n{body}\n"


def test_a_map_polygon_has_at_most_100_corners_and_a_crossing_is_named(tmp_path: Path) -> None:
    assert parse_map(map_text(star(100))).pieces[0].polygon  # checked by the sweep (more than 64 corners)
    pts = star(100)
    pts[5], pts[50] = pts[50], pts[5]
    with pytest.raises(ContentError) as err:
        parse_map(map_text(pts))
    (p,) = err.value.problems
    assert p.where == "terrain[0].polygon" and p.line == 6 and re.match(r"edges \d+ and \d+ cross", p.message)
    huge = write(tmp_path, "huge.yaml", map_text(star(20_000)))  # 600 KB, within the size limit
    stdout, _ = clean(game("validate", str(huge)))
    assert "a polygon of 20000 corners; at most 100" in stdout and "huge.yaml:6" in stdout


def test_the_width_of_a_piece_is_its_farthest_pair() -> None:
    import math
    import random

    from shapely.geometry import MultiPoint, Polygon

    rng = random.Random(4)
    for _ in range(500):
        pts = [(rng.uniform(0, 36), rng.uniform(0, 36)) for _ in range(rng.randint(1, 30))]
        farthest = max(math.dist(a, b) for a in pts for b in pts)
        assert math.isclose(diameter(pts), farthest)
        hull = MultiPoint(pts).convex_hull  # the calipers a long hull is measured with: the same
        if isinstance(hull, Polygon):
            assert math.isclose(hull_diameter(list(hull.exterior.coords)[:-1]), farthest)
    assert math.isclose(diameter(star(20_000)), 34, rel_tol=1e-6)
    assert math.isclose(diameter(star(20_001, inner=1.0)), 34, rel_tol=1e-6)  # every corner on the hull


# -- 5. file references confined, regular files only, sizes enforced while reading -----------------------

SCRIPT = """format: iron-honor/script@1
parties: {{A: {a}, B: assets/parties/northmen_raiding_party.yaml}}
map: {map}
"""


def test_a_script_cannot_reach_outside_its_folders(tmp_path: Path) -> None:
    write(tmp_path, "secret.yaml", "format: iron-honor/map@1\nname: TOP-SECRET-LINE\nterrain: []\n")
    scripts = tmp_path / "scripts"
    os.symlink(tmp_path / "secret.yaml", write(scripts, "dummy", "").parent / "linked.yaml")
    cases = {"up.yaml": ("assets/parties/ghrim_company.yaml", "../secret.yaml"),
             "abs.yaml": (str(tmp_path / "secret.yaml"), "assets/maps/open_field.yaml"),
             "link.yaml": ("assets/parties/ghrim_company.yaml", "linked.yaml"),
             "dev.yaml": ("/dev/urandom", "assets/maps/open_field.yaml")}
    for name, (a, m) in cases.items():
        path = write(scripts, name, SCRIPT.format(a=a, map=m))
        out = command("run", str(path))
        stdout, _ = clean(out)
        record = json.loads(stdout)
        assert out.returncode == 1 and "TOP-SECRET" not in stdout, name
        (problem,) = record["errors"]
        assert "outside the folders" in problem["message"] and problem["line"] in (2, 3), (name, problem)
        assert problem["where"] in ("map", "parties.A")


def test_a_name_too_long_for_the_system_is_a_clean_error(tmp_path: Path) -> None:
    path = write(tmp_path, "long.yaml", SCRIPT.format(a="assets/parties/ghrim_company.yaml",
                                                      map="m" * 5000 + ".yaml"))
    out = command("run", str(path))
    (problem,) = json.loads(clean(out)[0])["errors"]
    assert out.returncode == 1 and "name too long" in problem["message"]
    named = write(tmp_path, "named.yaml", SCRIPT.format(a="assets/parties/ghrim_company.yaml", map="m" * 5000))
    out = command("run", str(named))  # a bare word is a map's name, looked up among the known ones
    (problem,) = json.loads(clean(out)[0])["errors"]
    assert out.returncode == 1 and "no map named" in problem["message"] and "known:" in problem["message"]


def test_only_regular_files_are_read_and_never_past_the_limit(tmp_path: Path) -> None:
    from game.content.yaml_loader import MAX_BYTES

    big = tmp_path / "big.yaml"
    with big.open("wb") as f:
        f.truncate(MAX_BYTES + 1)  # sparse: costs no disk
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    out = game("party", "check", str(big), str(fifo), "/dev/zero", str(tmp_path))
    stdout, _ = clean(out)
    messages = {r["file"]: r["errors"][0]["message"] for r in json_lines(stdout)}
    assert "at most" in messages[str(big)]
    assert "not a regular file" in messages[str(fifo)] or "pipe" in messages[str(fifo)]
    assert "not a regular file" in messages["/dev/zero"]


def test_errors_in_a_referenced_file_name_that_file_and_its_line(tmp_path: Path) -> None:
    write(tmp_path, "mine.yaml", GHRIM.replace("[brutal]", "[brutall]", 1) if "[brutal]" in GHRIM
          else GHRIM.replace("size: medium", "size: enormous"))
    path = write(tmp_path, "script.yaml", SCRIPT.format(a="mine.yaml", map="assets/maps/open_field.yaml"))
    record = json.loads(clean(command("run", str(path)))[0])
    (problem,) = record["errors"]
    assert record["file"] == "mine.yaml" and problem["line"] > 3


# -- 6. results are never lost; nonsense counts refused by the parser ---------------------------------------

def test_simulate_checks_its_output_before_playing(tmp_path: Path) -> None:
    out = game("simulate", "--parties", "ghrim_company", "hollow_court", "--games", "50",
               "--out", str(tmp_path / "no" / "such" / "folder" / "r.jsonl"), timeout=60)
    _, stderr = clean(out)
    assert out.returncode == 1 and "cannot write" in stderr and "r.jsonl" in stderr


@pytest.mark.parametrize("args", [["--games", "-2"], ["--games", "0"], ["--jobs", "-1"], ["--seed", "-5"],
                                  ["--games", "9" * 5000]])
def test_negative_counts_are_refused_by_the_parser(args: list[str]) -> None:
    out = game("simulate", "--parties", "ghrim_company", "hollow_court", *args)
    _, stderr = clean(out)
    assert out.returncode == 2 and "expected" in stderr


def test_each_game_is_written_as_it_ends(tmp_path: Path, monkeypatch) -> None:
    from game.ai import simulate as sim

    real = sim.play_game

    def play(setup, index, seed, keep_times=True):
        if index == 2:
            raise KeyboardInterrupt  # the player gives up during the third game
        return real(setup, index, seed, keep_times)

    monkeypatch.setattr(sim, "play_game", play)
    out = tmp_path / "r.jsonl"
    with pytest.raises(KeyboardInterrupt):
        sim.simulate(sim.Setup(("ghrim_company", "hollow_court"), ("random", "random")), 5, 1, 1, str(out))
    assert [json.loads(line)["game"] for line in out.read_text().splitlines()] == [0, 1]


# -- 7. silent nonsense: refused with the reason, or reported as skipped -------------------------------------

def test_a_scenario_whose_zone_cannot_hold_a_base_is_refused(tmp_path: Path) -> None:
    shallow = write(tmp_path, "shallow.yaml", ENGAGEMENT.replace("lower: {edge: chosen, depth: 9}",
                                                                  "lower: {edge: chosen, depth: 0.75}"))
    out = command("validate", str(shallow))
    stdout, _ = clean(out)
    assert out.returncode == 1 and "cannot hold a single base" in stdout and "depth" in stdout
    sliver = ENGAGEMENT.replace("higher: {edge: opposite, depth: 9}",
                                "higher: {polygon: [[0, 30], [36, 30], [36, 30.6], [0, 30.9]]}")
    with pytest.raises(ContentError) as err:
        parse_scenario(sliver)
    assert any("cannot hold a single base" in p.message and p.where == "deployment.zones.higher.polygon"
               for p in err.value.problems)
    out = command("fight", "--scenario", str(shallow), "--parties", "ghrim_company", "hollow_court")
    assert out.returncode == 1 and "cannot hold" in clean(out)[1]


def test_entries_that_are_not_files_are_reported_as_skipped(tmp_path: Path) -> None:
    maps = tmp_path / "maps"
    (maps / "folder.yaml").mkdir(parents=True)
    os.mkfifo(maps / "pipe.yml")
    os.symlink(maps / "round.yaml", maps / "round.yaml")
    os.symlink(maps / "gone", maps / "dangling.yaml")
    write(maps, "fine.yaml", OPEN_FIELD.replace("name: Open Field", "name: Fine"))
    out = game("validate", str(tmp_path), timeout=60)
    stdout, _ = clean(out)
    assert out.returncode == 0
    for name in ("folder.yaml", "pipe.yml", "round.yaml", "dangling.yaml"):
        assert re.search(rf"SKIP \S*{name}: ", stdout), stdout
    lib = load_all("maps", load_map, mods=tmp_path)
    assert "fine" in lib.items
    skipped = " ".join(e.describe() for e in lib.skipped)
    assert all(name in skipped for name in ("folder.yaml", "pipe.yml", "round.yaml", "dangling.yaml"))
    assert "symlink loop" in skipped and "pipe" in skipped


def test_a_bug_met_in_a_mod_file_is_logged_with_its_traceback(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("IRON_HONOR_DATA", str(tmp_path / "data"))
    write(tmp_path, "maps/odd.yaml", OPEN_FIELD)

    def buggy(path: Path):
        if path.name == "odd.yaml":
            raise ZeroDivisionError("a bug of ours")
        return load_map(path)

    lib = load_all("maps", buggy, mods=tmp_path)
    (err,) = [e for e in lib.skipped if "odd.yaml" in e.file]
    assert "ZeroDivisionError" in err.describe() and "errors.log" in err.describe()
    log = (tmp_path / "data" / "errors.log").read_text(encoding="utf-8")
    assert "odd.yaml" in log and "Traceback" in log and "a bug of ours" in log


def test_validate_reports_unknown_formats_shortly() -> None:
    (r,) = check_paths([str(ROOT / "pyproject.toml")])
    assert not r.ok and r.problems
