"""Links that work where they are sent: the public address, the seat's full address in every
answer that hands out a link, ``/address`` and ``/join/qr``; and ``fatekit serve`` opening a
table only in an empty database (or when asked), listing the tables it has otherwise, and
issuing a new GM link for a GM who lost theirs. Real ``fatekit serve`` processes where the
command line is what is tested."""

from __future__ import annotations

import urllib.request
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fatekit.cli import main
from fatekit.rules import BadInput
from fatekit.server.address import lan_address, loopback_host, parse_public_url, seat_url
from fatekit.server.app import create_app
from fatekit.server.reach import qr_svg
from fatekit.store.memory import MemoryEventStore

from .process import call  # type: ignore[import-not-found]
from .process import start as start_serving  # type: ignore[import-not-found]

TOKEN = "reach-test-operator-token"
OPERATOR = {"authorization": f"Bearer {TOKEN}"}


def test_public_addresses_are_read_strictly() -> None:
    assert parse_public_url("https://Fate.Example.org/") == "https://fate.example.org"
    assert parse_public_url(" http://10.0.0.5:8000 ") == "http://10.0.0.5:8000"
    assert parse_public_url("https://[2001:db8::1]:8443") == "https://[2001:db8::1]:8443"
    for bad, why in (
        ("fate.example.org", "http:// or https://"),
        ("ftp://fate.example.org", "http:// or https://"),
        ("https://", "http:// or https://"),
        ("https://fate.example.org/fate#x", "without /fate#x"),
        ("https://fate.example.org/?x=1", "without /?x=1"),
        ("https://me:pw@fate.example.org", "user name or password"),
        ("https://fate.example.org:99999", "not an address"),
    ):
        with pytest.raises(BadInput, match=why.replace("?", r"\?")):
            parse_public_url(bad)


def test_loopback_hosts_and_seat_addresses() -> None:
    for host in ("localhost", "app.localhost", "127.0.0.1", "127.3.4.5", "[::1]", "0.0.0.0"):
        assert loopback_host(host), host
    for host in ("10.77.0.2", "192.168.1.20", "fate.example.org", "[2001:db8::1]"):
        assert not loopback_host(host), host
    assert seat_url("https://fate.example.org", "T1.s3cr3t") == (
        "https://fate.example.org/#link=T1.s3cr3t"
    )


def test_the_lan_address_is_that_of_the_default_route_or_refused() -> None:
    # This machine's own answer: an address beyond loopback, or a refusal that says what to do.
    try:
        found = lan_address()
    except BadInput as error:
        assert "--host" in str(error)
    else:
        assert not loopback_host(found)


def test_links_lead_to_the_public_address_or_to_where_the_request_came() -> None:
    public = TestClient(
        create_app(MemoryEventStore(), public_url="https://fate.example.org", admin_token=TOKEN)
    )
    made = public.post("/tables", json={"name": "Pier"}, headers=OPERATOR).json()
    assert made["url"] == f"https://fate.example.org/#link={made['link']}"
    gm = {"X-Fatekit-Link": made["link"]}
    ann = public.post(f"/tables/{made['table_id']}/seats", json={"name": "Ann"}, headers=gm)
    assert ann.json()["url"] == f"https://fate.example.org/#link={ann.json()['link']}"
    again = public.post(f"/tables/{made['table_id']}/seats/ann/links", headers=gm).json()
    assert again["url"] == f"https://fate.example.org/#link={again['link']}"
    assert public.get("/address").json() == {
        "url": "https://fate.example.org/",
        "public": True,
        "loopback": False,
    }
    # Without a public address: the address the GM's browser used, and whether it is loopback.
    plain = TestClient(
        create_app(MemoryEventStore(), admin_token=TOKEN), base_url="http://127.0.0.1:8000"
    )
    made = plain.post("/tables", json={"name": "Pier"}, headers=OPERATOR).json()
    assert made["url"] == f"http://127.0.0.1:8000/#link={made['link']}"
    assert plain.get("/address").json() == {
        "url": "http://127.0.0.1:8000/",
        "public": False,
        "loopback": True,
    }
    lan = plain.get("/address", headers={"host": "192.168.1.20:8000"}).json()
    assert lan == {"url": "http://192.168.1.20:8000/", "public": False, "loopback": False}


def test_a_qr_code_only_for_a_live_link() -> None:
    client = TestClient(
        create_app(MemoryEventStore(), public_url="http://10.77.0.2:8000", admin_token=TOKEN)
    )
    made = client.post("/tables", json={"name": "Pier"}, headers=OPERATOR).json()
    code = client.get("/join/qr", headers={"X-Fatekit-Link": made["link"]})
    assert code.status_code == 200
    assert code.headers["content-type"] == "image/svg+xml"
    assert code.headers["cache-control"] == "no-store"  # it carries a secret
    assert code.content == qr_svg(made["url"])
    assert client.get("/join/qr").status_code == 401
    made_up = client.get("/join/qr", headers={"X-Fatekit-Link": f"{made['table_id']}.nope"})
    assert made_up.status_code == 401 and made_up.json()["error"] == "link"


def test_bad_reach_options_exit_2_and_say_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    db = str(tmp_path / "t.db")
    assert main(["serve", "--db", db, "--public-url", "fate.example.org"]) == 2
    assert "--public-url: give the address people open" in capsys.readouterr().err
    monkeypatch.setenv("FATEKIT_PUBLIC_URL", "https://fate.example.org/fate")
    assert main(["serve", "--db", db]) == 2
    assert "$FATEKIT_PUBLIC_URL: the page is served at the root" in capsys.readouterr().err
    monkeypatch.delenv("FATEKIT_PUBLIC_URL")
    for clash in (["--lan", "--host", "0.0.0.0"], ["--table", "X", "--no-table"]):
        with pytest.raises(SystemExit) as stopped:
            main(["serve", "--db", db, *clash])
        assert stopped.value.code == 2
    assert not (tmp_path / "t.db").exists()  # nothing was opened


def test_serve_opens_a_table_only_in_an_empty_database_and_lists_the_others(
    tmp_path: Path,
) -> None:
    db = tmp_path / "tables.db"
    first = start(db)
    try:
        assert any("New table 'My table'" in line for line in first.lines)
        assert any("which opens only on this machine" in line for line in first.lines)
    finally:
        assert first.stop() == 0
    # Started again on the same file: no new table, and how to reach the one there is.
    again = start(db, gm_link=False, wait_for="--gm-link TABLE_ID")
    try:
        printed = "".join(again.lines)
        assert "New table" not in printed and "GM link" not in printed
        assert (
            "This database holds 1 table; no new one was made: --table NAME opens one." in printed
        )
        assert f"'My table' (id {first.table_id}), last played " in printed
        status, seats = call("GET", f"{again.base}/tables/{first.table_id}/state", link=first.link)
        assert status == 200 and seats["table"]["name"] == "My table"
    finally:
        assert again.stop() == 0
    # Asked for one, it opens one; the listing puts the table played last first.
    other = start(db, "--table", "Friday")
    other.stop()
    listed = start(db, gm_link=False, wait_for="--gm-link TABLE_ID")
    try:
        printed = "".join(listed.lines)
        assert "holds 2 tables" in printed
        assert printed.index("'Friday'") < printed.index("'My table'")
    finally:
        listed.stop()
    assert len(list_tables(db)) == 2


def start(db: Path, *args: str, **kwargs: Any) -> Any:
    """``fatekit serve`` on ``db``, without foresight workers (none of these tests asks them)."""
    return start_serving(db, *args, "--foresight-workers", "0", **kwargs)


def list_tables(db: Path) -> list[str]:
    from fatekit.server.links import links_of
    from fatekit.store.sqlite import SqliteEventStore

    store = SqliteEventStore(db)
    try:
        return [t for t in store.list_tables() if links_of(t) is None]
    finally:
        store.close()


def test_a_gm_who_lost_the_link_gets_a_new_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "tables.db"
    first = start(db, "--public-url", "https://fate.example.org")
    first.stop()
    printed = "".join(first.output)
    assert "links lead to: https://fate.example.org/" in printed
    assert f"open it in a browser: https://fate.example.org/#link={first.link}" in printed
    found = start(db, "--gm-link", str(first.table_id))
    try:
        assert any(f"A new GM link for table '{first.table_id}'." in ln for ln in found.lines)
        assert found.link is not None and found.link != first.link
        status, joined = call("GET", f"{found.base}/join", link=found.link)
        assert status == 200 and joined["role"] == "gm" and joined["seat"] == "gm"
        # The lost one still works too: nothing was revoked.
        assert call("GET", f"{found.base}/join", link=first.link)[0] == 200
    finally:
        found.stop()
    assert main(["serve", "--db", str(db), "--port", "0", "--gm-link", "nosuch"]) == 2
    assert "--gm-link: there is no table 'nosuch'" in capsys.readouterr().err


def test_the_page_is_served_with_its_manifest_and_worker(tmp_path: Path) -> None:
    served = start(tmp_path / "t.db", "--no-table")
    try:
        with urllib.request.urlopen(f"{served.base}/sw.js", timeout=10) as response:
            worker = response.read().decode()
            assert response.headers["cache-control"] == "no-cache"
        assert worker.startswith("const VERSION = ")
        assert 'const FILES = ["/", "/web/style.' in worker and '"/i18n/ru.json"' in worker
        assert '"/web/sw.js"' not in worker
        with urllib.request.urlopen(f"{served.base}/web/manifest.webmanifest") as response:
            assert response.headers["content-type"] == "application/manifest+json"
    finally:
        served.stop()


def test_a_table_id_starting_with_a_dash_is_a_value_not_an_option(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ids made before new ones stopped starting with "-" still reach --gm-link (a made-up one
    here: the refusal names it, where argparse used to print its usage), and new ids never do."""
    from fatekit.cli import main
    from fatekit.server.service import new_table_id

    assert main(["serve", "--db", str(tmp_path / "t.db"), "--gm-link", "-x3nosuch"]) == 2
    assert "--gm-link: there is no table '-x3nosuch'" in capsys.readouterr().err
    assert not any(new_table_id().startswith("-") for _ in range(2000))
