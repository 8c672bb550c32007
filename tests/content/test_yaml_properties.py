"""Properties of the one YAML loader: any bytes give a document or a located error, in time linear in their size.

The time bound is a hang guard (a generous constant plus a per-byte allowance many times the measured
cost), not a benchmark; that the work grows linearly with the size is counted without a clock
(``test_the_loaders_work_grows_linearly_with_the_size``).
"""

from __future__ import annotations

import json
import sys
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.content.yaml_loader import Document, parse_yaml
from game.core.errors import ContentError
from tests.sampling import examples

SECONDS_PER_BYTE = 1e-3  # some 100 times the measured cost of the pure-Python YAML reader on a quiet machine
BASE_SECONDS = 2.0

# YAML's own punctuation, so that the bytes are often nearly YAML
yaml_alphabet = st.sampled_from(list(b"[]{}:-,#&*!|>'\"%@` \n\t\r\\?.0123456789abcxyz") + [0, 0xFF, 0xC3, 0xED, 1])
yamlish = st.lists(yaml_alphabet, max_size=400).map(bytes)
documents = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=30)


def check(raw: bytes) -> Document | ContentError:
    t0 = time.perf_counter()
    try:
        result: Document | ContentError = parse_yaml(raw, "fuzz.yaml")
    except ContentError as exc:
        result = exc
    elapsed = time.perf_counter() - t0
    assert elapsed < BASE_SECONDS + SECONDS_PER_BYTE * len(raw), (elapsed, len(raw))
    if isinstance(result, ContentError):
        assert result.file == "fuzz.yaml" and result.problems
        for p in result.problems:
            lines = len(raw.decode("utf-8", "replace").splitlines())  # YAML breaks lines at \r, NEL and U+2028 too
            assert p.message and (p.line is None or 1 <= p.line <= lines + 2)
            p.describe(result.file).encode("utf-8")  # printable, always
    else:
        json.dumps(result.data, allow_nan=False, ensure_ascii=False).encode("utf-8")  # plain, finite, printable
    return result


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=300))
def test_any_bytes_give_a_document_or_a_located_error(raw: bytes) -> None:
    check(raw)


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(yamlish)
def test_nearly_yaml_gives_a_document_or_a_located_error(raw: bytes) -> None:
    check(raw)


@settings(max_examples=examples(150), deadline=None)
@given(documents)
def test_dumped_data_comes_back_or_is_refused_for_a_reason(data) -> None:
    import yaml

    text = yaml.safe_dump({"root": data}, allow_unicode=True)
    result = check(text.encode("utf-8", "surrogatepass"))
    if isinstance(result, Document):
        assert "root" in result.data
    else:  # refused: a value the loader does not take, named
        assert any(w in p.message for p in result.problems
                   for w in ("finite", "surrogate", "NUL", "too large", "characters", "YAML"))


def test_a_problem_line_points_into_the_file() -> None:
    raw = b"a: 1\nb: [\nc: 2\n"
    result = check(raw)
    assert isinstance(result, ContentError) and result.problems[0].line in (2, 3, 4)


@settings(max_examples=12, deadline=None)
@given(st.sampled_from([b"[", b"{a: ", b"[a, ", b"- ", b"&a [*a", b'"\\ud800', b"a: 9\n", b"\x07", b"? ", b"- [",
                        b"{? "]),
       st.integers(min_value=1_000, max_value=20_000))
def test_pathological_repetition_is_bounded_by_size(unit: bytes, times: int) -> None:
    check(unit * times)


def work(raw: bytes) -> int:
    """The loader's work on ``raw``, counted without a clock: the Python and C function calls it makes."""
    calls = 0

    def count(frame: object, event: str, arg: object) -> None:
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1

    sys.setprofile(count)
    try:
        parse_yaml(raw, "work.yaml")
    except ContentError:
        pass
    finally:
        sys.setprofile(None)
    return calls


@pytest.mark.parametrize("unit", [b"- {x: 1.5, y: [1, 2], name: abc}\n", b"a: 9\n", b"[a, " * 8, b"- [" * 8,
                                  b'"\\ud800', b"&a [*a"])
def test_the_loaders_work_grows_linearly_with_the_size(unit: bytes) -> None:
    """Work per byte (calls counted, no clock) stays flat from 2 to 32 KB: a reader quadratic in the size
    would do some 16 times as much per byte at 32 KB as at 2 KB."""
    per_byte = []
    for size in (2_000, 8_000, 32_000):
        raw = unit * (size // len(unit))
        per_byte.append(work(raw) / len(raw))
    print(unit, [f"{w:.1f} calls/byte" for w in per_byte])
    assert per_byte[-1] <= 1.5 * per_byte[0], per_byte


def test_deep_flow_nesting_is_refused_while_scanning() -> None:
    """PyYAML's scanner looks over every open flow level at each token; past 64 levels the file is refused."""
    result = check(b"width: " + b"[" * 100_000)
    assert isinstance(result, ContentError) and "nested too deeply" in result.problems[0].message
    assert result.problems[0].line == 1
    assert isinstance(check(b"a: " + b"[" * 60 + b"]" * 60), Document)


def test_an_alias_bomb_is_refused_before_any_value_is_built(monkeypatch) -> None:
    """Its size is counted over the nodes, each once, so refusing it costs what reading its few lines costs."""
    import game.content.yaml_loader as loader

    built: list[int] = []
    real = loader._Builder.build
    monkeypatch.setattr(loader._Builder, "build", lambda self, *a, **k: built.append(1) or real(self, *a, **k))
    bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]\n" for i in range(1, 12))
    with pytest.raises(ContentError, match="expands to more than 200000 values"):
        loader.parse_yaml(bomb, "bomb.yaml")
    assert built == []
    shared = "a: &a [1, 2, 3]\nb: [*a, *a]\nc: *a\n"  # aliases a plain file may use are still read
    assert loader.parse_yaml(shared, "ok.yaml").data == {"a": [1, 2, 3], "b": [[1, 2, 3], [1, 2, 3]], "c": [1, 2, 3]}
