"""``fatekit import`` and ``fatekit export`` as a player runs them on the sheets they bring."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fatekit.cli import main
from tests.cli.run import fatekit

FIXTURES = Path(__file__).resolve().parent.parent / "formats" / "fixtures"


@pytest.mark.parametrize(
    ("name", "preset"),
    [
        ("fari-v6-condensed.fari.json", "condensed"),
        ("fari-v5-core-italian.fari.json", "core"),
        ("fari-v4-accelerated.fari.json", "fae"),
        ("foundry-core-base64.json", "core"),
    ],
)
def test_a_sheet_imports_checks_exports_and_imports_again_unchanged(
    tmp_path: Path, name: str, preset: str
) -> None:
    imported = fatekit("import", str(FIXTURES / name))
    assert imported.returncode == 0, imported.stderr
    sheet = json.loads(imported.stdout)
    assert sheet["preset"] == preset
    assert "read as a" in imported.stderr
    mine = tmp_path / "mine.json"
    mine.write_text(imported.stdout, encoding="utf-8")
    # fatekit check reads it (it may list problems the original sheet had).
    checked = fatekit("check", str(mine))
    assert checked.returncode in (0, 1), checked.stderr
    for target in ("fari", "foundry"):
        out = tmp_path / f"mine.{target}.json"
        written = fatekit("export", "--to", target, str(mine), "--output", str(out))
        assert written.returncode == 0 and written.stdout == "", written.stderr
        again = fatekit("import", str(out), "--from", target)
        assert again.returncode == 0, again.stderr
        assert json.loads(again.stdout) == sheet


def test_the_report_lists_what_has_no_place(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", str(FIXTURES / "fari-v6-condensed.fari.json")]) == 0
    captured = capsys.readouterr()
    assert "kept in the description" in captured.err
    for what in ("image: Portrait", "link: Wiki", "counter: Ammo: 4/6", "clock: Doom: 3/6"):
        assert what in captured.err
    assert json.loads(captured.out)["name"] == "Cassandra Vey"


def test_export_prints_to_stdout(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    sheet = tmp_path / "s.json"
    assert main(["import", str(FIXTURES / "fari-v2-core.fari.json")]) == 0
    sheet.write_text(capsys.readouterr().out, encoding="utf-8")
    assert main(["export", "--to", "foundry", str(sheet)]) == 0
    actor = json.loads(capsys.readouterr().out)
    assert actor["type"] == "fate-core-official" and actor["system"]["skills"]


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b'{"fariType": "character", "pages": [', "cut off"),
        ((FIXTURES / "fari-scene.fari.json").read_bytes(), "not a character"),
        (b'{"fariType": "character", "name": "X", "pages": [{"rows": []}]}', "nothing on"),
        (bytes(range(256)) * 4, "binary"),
    ],
)
def test_bad_files_exit_2_with_a_message_and_print_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, words: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    assert main(["import", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and words in captured.err
    assert "Traceback" not in captured.err
    assert main(["export", "--to", "fari", str(path)]) == 2
    assert capsys.readouterr().out == ""


def test_a_huge_file_and_a_missing_one_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    huge = tmp_path / "huge.json"
    with huge.open("wb") as f:
        f.truncate(50 * 1024 * 1024)  # sparse: 50 MB on paper, nothing on disk
    assert main(["import", str(huge)]) == 2
    assert "50.0 MB" in capsys.readouterr().err
    assert main(["import", str(tmp_path / "nowhere.json")]) == 2
    assert "cannot read it" in capsys.readouterr().err
