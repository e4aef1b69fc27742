"""``fatekit serve``: the database option (tests/server/test_serve.py runs real servers)."""

from __future__ import annotations

from pathlib import Path

import pytest

from fatekit.cli import main
from fatekit.cli.serve import default_database, open_store_path
from fatekit.rules import BadInput


def test_database_urls(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert open_store_path("sqlite:///data/x.db") == Path("data/x.db")
    assert open_store_path("sqlite:////srv/x.db") == Path("/srv/x.db")
    assert open_store_path("tables.db") == Path("tables.db")
    monkeypatch.setenv("FATEKIT_DATA", str(tmp_path))
    assert open_store_path(None) == default_database() == tmp_path / "fatekit.db"
    monkeypatch.delenv("FATEKIT_DATA")
    assert default_database() == Path("data/fatekit.db")
    for bad in ("mysql://x", "sqlite://", "sqlite:///"):
        with pytest.raises(BadInput):
            open_store_path(bad)


def test_postgresql_is_refused_clearly(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--db", "postgresql://localhost/fate"]) == 2
    assert "not supported yet" in capsys.readouterr().err
