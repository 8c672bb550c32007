"""Every vendored asset is credited: a file under assets/ missing from assets/CREDITS fails here."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
OWN_CONTENT = {"maps", "parties"}  # the project's own YAML content, not vendored


def credited() -> dict[str, list[str]]:
    """path (relative to assets/) → its fields (what, source, author, licence) from assets/CREDITS."""
    out = {}
    for line in (ASSETS / "CREDITS").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            path, *fields = [part.strip() for part in line.split("|")]
            out[path] = fields
    return out


def vendored_files(assets: Path = ASSETS) -> list[str]:
    return sorted(p.relative_to(assets).as_posix() for p in assets.rglob("*")
                  if p.is_file() and p.name != "CREDITS" and p.relative_to(assets).parts[0] not in OWN_CONTENT)


def uncredited(assets: Path, credits: dict[str, list[str]]) -> list[str]:
    return [f for f in vendored_files(assets) if f not in credits]


def test_every_vendored_asset_is_listed_with_source_and_licence() -> None:
    credits = credited()
    assert uncredited(ASSETS, credits) == []
    for path, fields in credits.items():
        assert (ASSETS / path).is_file(), f"assets/CREDITS lists {path}, which is not there"
        assert len(fields) == 4 and all(fields), f"{path}: want what | source | author | licence, got {fields}"


def test_an_unlisted_file_is_caught(tmp_path: Path) -> None:
    (tmp_path / "icons").mkdir()
    (tmp_path / "icons" / "listed.svg").write_text("<svg/>")
    (tmp_path / "icons" / "stray.svg").write_text("<svg/>")
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "ours.yaml").write_text("name: x")
    assert uncredited(tmp_path, {"icons/listed.svg": ["a", "b", "c", "d"]}) == ["icons/stray.svg"]
