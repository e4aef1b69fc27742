"""``fatekit campaign``: export, import, backup and restore as an operator runs them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fatekit.cli import main
from fatekit.store import SqliteEventStore
from fatekit.store.campaigns import backups_in

GOLDEN = Path(__file__).resolve().parents[1] / "golden_tables" / "evening-condensed.json"


def table_file() -> dict[str, object]:
    export: dict[str, object] = json.loads(GOLDEN.read_text(encoding="utf-8"))["export"]
    return export


def events(db: Path) -> dict[str, list[tuple[str, str]]]:
    with SqliteEventStore(db) as store:
        return {t: [(e.type, e.payload) for e in store.read(t)] for t in store.list_tables()}


def test_export_then_import_into_another_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "table.json"
    source.write_text(json.dumps(table_file()), encoding="utf-8")  # a table file reads too
    first, second = tmp_path / "first.db", tmp_path / "second.db"
    assert main(["campaign", "import", str(source), "--db", str(first), "--as", "ours"]) == 0
    said = capsys.readouterr().out
    assert "table ours opened at version" in said and "GM link (keep it secret): ours." in said
    campaign = tmp_path / "ours.campaign.json"
    assert main(["campaign", "export", "ours", "--db", str(first), "-o", str(campaign)]) == 0
    assert json.loads(campaign.read_text(encoding="utf-8"))["format"] == "fatekit-campaign"
    assert main(["campaign", "import", str(campaign), "--db", f"sqlite:///{second}"]) == 0
    capsys.readouterr()
    ours = {t: e for t, e in events(first).items() if ":" not in t}
    assert {t: e for t, e in events(second).items() if ":" not in t} == ours
    assert main(["campaign", "export", "ours", "--db", str(second)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["table"] == json.loads(campaign.read_text(encoding="utf-8"))["table"]


def test_a_broken_or_foreign_file_exits_2_and_changes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "ours.db"
    good = tmp_path / "good.json"
    good.write_text(json.dumps(table_file()), encoding="utf-8")
    assert main(["campaign", "import", str(good), "--db", str(db), "--as", "ours"]) == 0
    before = events(db)
    cut = tmp_path / "cut.json"
    cut.write_text(good.read_text(encoding="utf-8")[:5000], encoding="utf-8")
    fari = tmp_path / "fari.json"
    fari.write_text(json.dumps({"format": "fari", "name": "Ruth"}), encoding="utf-8")
    odd = tmp_path / "odd.json"
    odd.write_text(json.dumps({"format": "fatekit-campaign", "version": 1}), encoding="utf-8")
    cases = [
        (cut, "not JSON, perhaps cut short"),
        (fari, "not a fatekit campaign file (its format is 'fari'"),
        (odd, "missing 'name'"),
        (good, "already holds a table 'ours'"),
        (tmp_path / "missing.json", "cannot read"),
    ]
    for path, said in cases:
        capsys.readouterr()
        assert main(["campaign", "import", str(path), "--db", str(db), "--as", "ours"]) == 2
        err = capsys.readouterr().err
        assert said in err and "Nothing was changed." in err, err
        assert events(db) == before
    assert main(["campaign", "export", "nobody", "--db", str(db)]) == 2
    assert "holds no table 'nobody'" in capsys.readouterr().err


def test_backup_then_restore_with_one_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, fresh, backups = tmp_path / "live.db", tmp_path / "fresh.db", tmp_path / "backups"
    good = tmp_path / "good.json"
    good.write_text(json.dumps(table_file()), encoding="utf-8")
    for name in ("one", "two"):
        assert main(["campaign", "import", str(good), "--db", str(db), "--as", name]) == 0
    args = ["campaign", "backup", "--db", str(db), "--backup-dir", str(backups), "--keep", "1"]
    assert main(args) == 0
    assert "2 table(s) backed up in" in capsys.readouterr().out
    [folder] = backups_in(backups)
    assert main(["campaign", "restore", str(folder), "--db", str(fresh)]) == 0
    assert capsys.readouterr().out.count("GM link") == 2
    tables = {t: e for t, e in events(db).items() if ":" not in t}
    assert {t: e for t, e in events(fresh).items() if ":" not in t} == tables
    assert main(["campaign", "restore", str(folder), "--db", str(fresh)]) == 2  # already there
    assert "already holds a table" in capsys.readouterr().err
    with pytest.raises(SystemExit) as refused:
        main(["campaign", "backup", "--db", str(db), "--backup-dir", "x", "--keep", "0"])
    assert refused.value.code == 2
    assert "a whole number of 1 or more" in capsys.readouterr().err
