"""``fatekit serve``: the database option (tests/server/test_serve.py and test_postgres_serve.py
run real servers)."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from fatekit.cli import main
from fatekit.cli.database import default_database, is_postgresql, open_store_path, shown_dsn
from fatekit.rules import BadInput


def test_database_urls(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert open_store_path("sqlite:///data/x.db") == Path("data/x.db")
    assert open_store_path("sqlite:////srv/x.db") == Path("/srv/x.db")
    assert open_store_path("tables.db") == Path("tables.db")
    monkeypatch.setenv("FATEKIT_DATA", str(tmp_path))
    assert open_store_path(None) == default_database() == tmp_path / "fatekit.db"
    monkeypatch.delenv("FATEKIT_DATA")
    assert default_database() == Path("data/fatekit.db")
    for bad in ("mysql://x", "sqlite://", "sqlite:///", "postgresql://x/db"):
        with pytest.raises(BadInput):
            open_store_path(bad)


def test_postgresql_urls_are_recognised_and_shown_without_their_password() -> None:
    assert is_postgresql("postgresql://fatekit@db/fate")
    assert is_postgresql("postgres://db/fate")
    assert not is_postgresql("sqlite:///x.db") and not is_postgresql("postgresql.db")
    shown = shown_dsn("postgresql://fatekit:hunter2@db.example.org:5433/fate?sslmode=require")
    assert "hunter2" not in shown
    assert "host=db.example.org" in shown and "port=5433" in shown and "dbname=fate" in shown


def test_an_unreachable_database_exits_1_and_bad_options_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A Unix socket directory with no server in it: refused at once, no network involved.
    nowhere = f"postgresql://fatekit@/fate?host={tmp_path}&connect_timeout=2"
    assert main(["serve", "--db", nowhere, "--no-table"]) == 1
    assert "cannot open the PostgreSQL event store" in capsys.readouterr().err
    assert main(["serve", "--db", "postgresql://[oops/fate"]) == 2
    assert "not a PostgreSQL URL" in capsys.readouterr().err
    assert main(["serve", "--db", nowhere, "--pool-size", "0"]) == 2
    assert "pool_size" in capsys.readouterr().err


def test_a_port_in_use_a_bad_public_address_and_a_missing_token_file_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "t.db")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        assert main(["serve", "--db", db, "--port", port]) == 2
    assert f"cannot listen on 127.0.0.1:{port}" in capsys.readouterr().err
    assert main(["serve", "--db", db, "--port", "0", "--public-url", "ftp://x"]) == 2
    assert "fatekit serve:" in capsys.readouterr().err
    missing = str(tmp_path / "no-token")
    assert main(["serve", "--db", db, "--port", "0", "--admin-token-file", missing]) == 2
    assert "fatekit serve:" in capsys.readouterr().err
    assert not (tmp_path / "t.db").exists()  # refused before the database was opened


def test_an_unknown_preset_exits_2_before_the_database_is_opened(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "t.db"
    assert main(["serve", "--db", str(db), "--port", "0", "--preset", "gurps"]) == 2
    err = capsys.readouterr().err
    assert "fatekit serve:" in err and "unknown preset 'gurps'" in err and "woa" in err
    assert not db.exists()
