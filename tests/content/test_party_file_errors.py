"""Malformed party files: a clear, located message and a non-zero exit, never a traceback."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import party_check
from tests.conftest import PARTIES, ROOT
from tests.content.factory import dump, model, party

GOOD = dump(party())


def check(*files: Path | str) -> tuple[int, list[dict]]:
    out = io.StringIO()
    code = party_check([str(f) for f in files], out)
    return code, [json.loads(line) for line in out.getvalue().splitlines()]


def errors_of(tmp_file, content: str | bytes) -> list[dict]:
    code, records = check(tmp_file(content))
    assert code == 1
    assert len(records) == 1 and "errors" in records[0] and "name" not in records[0]
    errs = records[0]["errors"]
    assert errs and all(set(e) == {"where", "line", "message"} for e in errs)
    return errs


def test_valid_file_prints_the_summary(tmp_file) -> None:
    code, records = check(tmp_file(GOOD))
    assert code == 0
    assert list(records[0]) == ["file", "name", "size", "cost", "budget", "fate", "models"]
    assert records[0]["models"] == [{"name": "Hero", "cost": 1, "wounds": 5}, {"name": "Follower", "cost": 16,
                                                                              "wounds": 2}]


@pytest.mark.parametrize(
    ("content", "needle", "line"),
    [
        ("format: iron-honor/party@1\nname: [unclosed\n", "YAML syntax error", 3),
        ("", "empty", None),
        ("# only a comment\n", "empty", None),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00IHDR", "not a text file", None),
        (b"\xff\xfe\xfa garbage", "not UTF-8", None),
        ("- just\n- a list\n", "expected a mapping, found a list", 1),
        ("just text", "expected a mapping, found the text 'just text'", 1),
        ("a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
         "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n"
         "g: [*f,*f,*f,*f,*f,*f,*f,*f,*f]\n", "alias bomb", None),
        ("a: " + "[" * 3000 + "]" * 3000 + "\n", "nested too deeply", 1),
        ("!!python/object/apply:os.system ['echo hi']\n", "unsupported YAML tag", 1),
    ],
)
def test_unreadable_files(tmp_file, content: str | bytes, needle: str, line: int | None) -> None:
    errs = errors_of(tmp_file, content)
    assert len(errs) == 1 and needle in errs[0]["message"], errs
    assert errs[0]["line"] == line


def test_oversized_file_is_refused_without_reading_it(tmp_file) -> None:
    path = tmp_file("x" * 10)
    with path.open("wb") as f:
        f.truncate(3 * 1024 * 1024)
    errs = errors_of(lambda c: path, "")
    assert "at most" in errs[0]["message"] and "bytes" in errs[0]["message"]


def test_missing_file_and_folder(tmp_path: Path) -> None:
    code, records = check(tmp_path / "nope.yaml")
    assert code == 1 and records[0]["errors"][0]["message"] == "no such file"
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "p.yaml").write_text(GOOD)
    code, records = check(empty)
    assert code == 0 and records[0]["name"] == "Test Party"


FIELD_CASES = [
    ("models[0].attributes.MA", "MA: 5", "MA: true", "expected an integer, found a boolean (true)"),
    ("models[0].attributes.RA", "RA: 4", "RA: '4'", "expected an integer, found the text '4'"),
    ("models[0].attributes.PD", "PD: 5", "PD: 5.0", "expected an integer, found the number 5.0"),
    ("models[0].cost", "  traits: []\n- name: Follower", "  traits: []\n  cost: 12\n- name: Follower",
     "unknown key 'cost'"),
    ("models[0].type", "type: hero", "type: Hero", "expected 'hero', 'companion' or 'follower', found the text 'Hero'"),
    ("size", "size: small", "size: huge", "expected 'small', 'medium' or 'large'"),
    ("format", "format: iron-honor/party@1", "format: iron-honor/party@2", "expected 'iron-honor/party@1'"),
    ("models[0].traits[0]", "  traits: []\n- name: Follower", "  traits: [sorcry]\n- name: Follower",
     "unknown trait 'sorcry'; did you mean 'sorcery'?"),
    ("models[0].traits[0]", "  traits: []\n- name: Follower", "  traits: [Good_Karma]\n- name: Follower",
     "unknown trait 'Good_Karma'; did you mean 'good_karma'?"),
    ("models[0].weapons[0].skill", "skill: 1h_edged", "skill: sword", "unknown skill 'sword'"),
    ("models[0].name", "name: Hero", "name: '   '", "non-empty name"),
    ("models[0].name", "name: Hero", "name: 42", "expected text, found the integer 42"),
    ("models[0].weapons", "  weapons:\n  - name: Sword\n    skill: 1h_edged\n  traits: []\n- name: Follower",
     "  traits: []\n- name: Follower", "missing required key 'weapons'"),
    ("models[0].base_mm", "  traits: []\n- name: Follower", "  traits: []\n  base_mm: 0\n- name: Follower",
     "(0, 100]"),
    ("models[0].base_mm", "  traits: []\n- name: Follower", "  traits: []\n  base_mm: true\n- name: Follower",
     "expected a number, found a boolean"),
    ("models[0].attributes.WP", "WP: 4", "WP: 4\n    WP: 5", "duplicate key 'WP'"),
    ("models[0].attributes.XP", "WP: 4", "WP: 4\n    XP: 5", "unknown key 'XP'"),
    ("models", "models:\n", "models: {}\nx:\n", "expected a list, found a mapping"),
]


@pytest.mark.parametrize(("where", "old", "new", "needle"), FIELD_CASES, ids=[c[3][:30] for c in FIELD_CASES])
def test_wrong_fields_are_located(tmp_file, where: str, old: str, new: str, needle: str) -> None:
    text = dump(party())
    assert old in text, (old, text)
    errs = errors_of(tmp_file, text.replace(old, new, 1))
    hits = [e for e in errs if e["where"] == where]
    assert hits and any(needle in e["message"] for e in hits), errs
    assert all(isinstance(e["line"], int) for e in hits)


def test_duplicate_model_names_ignore_case_and_spaces(tmp_file) -> None:
    data = party(models=[model("hero", "Kane"), model("follower", " kane ")])
    errs = errors_of(tmp_file, dump(data))
    assert [e["where"] for e in errs] == ["models[1].name"]
    assert "duplicate model name 'kane'" in errs[0]["message"]


def test_several_schema_errors_at_once(tmp_file) -> None:
    text = dump(party()).replace("MA: 5", "MA: five").replace("size: small", "size: tiny")
    text = text.replace("skill: 1h_edged", "skill: laser", 1)
    errs = errors_of(tmp_file, text)
    assert {e["where"] for e in errs} >= {"models[0].attributes.MA", "size", "models[0].weapons[0].skill"}


def test_one_bad_file_does_not_hide_the_good_ones(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("models: [\n")
    code, records = check(PARTIES / "lantern_adventuring_co.yaml", bad, PARTIES / "ghrim_company.yaml")
    assert code == 1
    assert [("errors" in r) for r in records] == [False, True, False]


def test_the_command_line_exit_codes_and_help(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"\x00\x01\x02")
    run = [sys.executable, "-m", "game", "party", "check"]
    ok = subprocess.run([*run, str(PARTIES / "northmen_raiding_party.yaml")], cwd=ROOT, capture_output=True,
                        text=True)
    assert ok.returncode == 0 and json.loads(ok.stdout)["fate"] == 8 and ok.stderr == ""
    ko = subprocess.run([*run, str(bad)], cwd=ROOT, capture_output=True, text=True)
    assert ko.returncode == 1 and "Traceback" not in ko.stderr
    assert json.loads(ko.stdout)["errors"][0]["where"] == ""
    helped = subprocess.run([*run, "--help"], cwd=ROOT, capture_output=True, text=True)
    assert helped.returncode == 0 and "JSON" in helped.stdout


def test_play_without_a_screen_prints_the_default_matchup() -> None:
    out = subprocess.run([sys.executable, "-m", "game"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "Ghrim Company" in out.stdout and "Northmen Raiding Party" in out.stdout
