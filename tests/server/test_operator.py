"""Who may open a table: the operator's token when the server has one, else loopback only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from fatekit.cli import main
from fatekit.rules.core.errors import BadInput
from fatekit.server.admin import is_loopback, read_token
from fatekit.server.app import create_app
from fatekit.store.memory import MemoryEventStore

from .process import call, start  # type: ignore[import-not-found]

TOKEN = "operator-token-for-the-tests-0123456789"
STRANGER = ("203.0.113.7", 40000)


def client(token: str | None, where: tuple[str, int] = ("127.0.0.1", 5000)) -> TestClient:
    return TestClient(create_app(MemoryEventStore(), admin_token=token), client=where)


def tables(made: TestClient) -> list[str]:
    store = made.app.state.service.store  # type: ignore[attr-defined]
    return [t for t in store.list_tables() if not t.startswith("links:")]


def table_file(made: TestClient) -> dict[str, object]:
    gm = made.post("/tables", json={"name": "T"}, headers={"authorization": f"Bearer {TOKEN}"})
    link = gm.json()["link"]
    exported = made.get(f"/tables/{gm.json()['table_id']}/export", headers={"x-fatekit-link": link})
    assert exported.status_code == 200
    body: dict[str, object] = exported.json()
    return body


def test_with_a_token_no_request_without_it_opens_a_table() -> None:
    made = client(TOKEN)
    wrong = [
        {},
        {"authorization": "Bearer"},
        {"authorization": "Bearer not-the-token"},
        {"authorization": f"Bearer {TOKEN}x"},
        {"authorization": f"Basic {TOKEN}"},
        {"authorization": TOKEN},
    ]
    for headers in wrong:
        refused = made.post("/tables", json={"name": "T"}, headers=headers)
        assert refused.status_code == 401, headers
        assert refused.json()["error"] == "operator"
        assert "Bearer" in refused.json()["detail"]
        assert refused.headers["www-authenticate"] == "Bearer"
        assert made.post("/tables/import", json={}, headers=headers).status_code == 401
    assert tables(made) == []  # and no link was issued for a table that never was
    assert made.app.state.service.store.list_tables() == []  # type: ignore[attr-defined]
    opened = made.post("/tables", json={"name": "T"}, headers={"authorization": f"Bearer {TOKEN}"})
    assert opened.status_code == 201
    file = table_file(made)
    imported = made.post("/tables/import", json=file, headers={"authorization": f"bearer {TOKEN}"})
    assert imported.status_code == 201
    assert len(tables(made)) == 3


def test_wrong_tokens_have_their_own_budget_and_never_lock_the_operator_out() -> None:
    # A small budget for the address and a smaller one for wrong tokens, refilled too slowly
    # to matter while the test runs.
    app = create_app(
        MemoryEventStore(),
        admin_token=TOKEN,
        rate=0.001,
        burst=10,
        misses=0.001,
        miss_burst=5,
    )
    made = TestClient(app, client=STRANGER)
    guessed = [
        made.post(
            "/tables", json={"name": "T"}, headers={"authorization": f"Bearer guess-{n:020d}"}
        )
        for n in range(20)
    ]
    assert [r.status_code for r in guessed] == [401] * 5 + [429] * 15
    assert guessed[-1].json()["error"] == "slow_down"
    # From the same address, the right token opens tables as often as the operator's own
    # budget allows, however many guesses came before...
    right = {"authorization": f"Bearer {TOKEN}"}
    assert [
        made.post("/tables", json={"name": "T"}, headers=right).status_code for _ in range(10)
    ] == [201] * 10
    # ...and the guesses spent nothing of the address's own budget either.
    assert [made.get("/health").status_code for _ in range(10)] == [200] * 10
    assert made.get("/health").status_code == 429
    # A wrong token is still refused past its budget, whatever the right one did meanwhile.
    assert made.post("/tables", json={}, headers={"authorization": "Bearer x"}).status_code == 429


def test_the_token_is_asked_before_the_body_is_read() -> None:
    refused = client(TOKEN).post("/tables", json={"no such field": 1})
    assert refused.status_code == 401


def test_playing_never_needs_the_token() -> None:
    made = client(TOKEN, STRANGER)
    opened = made.post("/tables", json={"name": "T"}, headers={"authorization": f"Bearer {TOKEN}"})
    gm = opened.json()
    seat = made.post(
        f"/tables/{gm['table_id']}/seats",
        json={"name": "Ann"},
        headers={"x-fatekit-link": gm["link"]},
    )
    assert seat.status_code == 201
    note = made.post(
        f"/tables/{gm['table_id']}/commands",
        json={"type": "Note", "data": {"text": "hi"}},
        headers={"x-fatekit-link": seat.json()["link"]},
    )
    assert note.status_code == 200


def test_without_a_token_tables_open_only_from_loopback() -> None:
    for host in ("127.0.0.1", "127.0.0.2", "::1"):
        assert client(None, (host, 5000)).post("/tables", json={"name": "T"}).status_code == 201
    for host in ("203.0.113.7", "10.0.0.2", "2001:db8::1", "testclient"):
        made = client(None, (host, 5000))
        refused = made.post("/tables", json={"name": "T"})
        assert refused.status_code == 403, host
        assert refused.json()["error"] == "operator"
        assert "FATEKIT_ADMIN_TOKEN" in refused.json()["detail"]
        assert made.post("/tables/import", json={}).status_code == 403
        assert tables(made) == []


def test_a_request_a_proxy_passed_on_is_not_local() -> None:
    made = client(None)
    for header in ("X-Forwarded-For", "Forwarded", "X-Real-IP"):
        refused = made.post("/tables", json={"name": "T"}, headers={header: "127.0.0.1"})
        assert refused.status_code == 403 and refused.json()["error"] == "operator"
    assert tables(made) == []


def test_loopback_addresses() -> None:
    assert is_loopback("127.0.0.1") and is_loopback("127.9.9.9") and is_loopback("::1")
    assert is_loopback("localhost") and is_loopback("[::1]")
    assert not is_loopback("0.0.0.0") and not is_loopback("::") and not is_loopback("10.1.2.3")
    assert not is_loopback("example.org")


def test_the_token_comes_from_a_file_or_the_environment(tmp_path: Path) -> None:
    kept = tmp_path / "token"
    kept.write_text(f"  {TOKEN}\n")
    assert read_token(str(kept), {}) == TOKEN
    assert read_token(str(kept), {"FATEKIT_ADMIN_TOKEN": "another-token-0123456789"}) == TOKEN
    assert read_token(None, {"FATEKIT_ADMIN_TOKEN": f"{TOKEN}\n"}) == TOKEN
    assert read_token(None, {}) is None
    assert read_token(None, {"FATEKIT_ADMIN_TOKEN": "  "}) is None
    (tmp_path / "empty").write_text("\n")
    (tmp_path / "short").write_text("abc")
    (tmp_path / "spaced").write_text("a token with spaces in it")
    for name, says in [
        ("missing", "cannot read"),
        ("empty", "is empty"),
        ("short", "too short"),
        ("spaced", "without spaces"),
    ]:
        with pytest.raises(BadInput, match=says):
            read_token(str(tmp_path / name), {})
    with pytest.raises(BadInput, match="too short"):
        read_token(None, {"FATEKIT_ADMIN_TOKEN": "abc"})


def test_serve_refuses_a_token_file_it_cannot_use(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "short").write_text("abc")
    for path in (tmp_path / "missing", tmp_path / "short"):
        code = main(["serve", "--admin-token-file", str(path), "--db", str(tmp_path / "t.db")])
        assert code == 2
        err = capsys.readouterr().err
        assert err.startswith("fatekit serve: ") and str(path) in err
    assert not (tmp_path / "t.db").exists()  # refused before anything was opened


def test_serve_beyond_loopback_without_a_token_makes_one(tmp_path: Path) -> None:
    served = start(tmp_path / "t.db", "--host", "0.0.0.0", "--no-table", wait_for="--admin-")
    try:
        lines = "".join(served.lines)
        token = lines.split("Operator token for this run (opens tables from other machines): ")[1]
        token = token.split()[0]
        assert len(token) >= 40 and "FATEKIT_ADMIN_TOKEN" in lines
        base = served.base.replace("localhost", "127.0.0.1")
        status, body = call("POST", f"{base}/tables", {"name": "T"})
        assert status == 401 and body["error"] == "operator"
        status, body = call_with_token(f"{base}/tables", token)
        assert status == 201, body
    finally:
        assert served.stop() == 0


def test_serve_with_a_token_file_says_so_and_never_prints_it(tmp_path: Path) -> None:
    kept = tmp_path / "token"
    kept.write_text(TOKEN)
    served = start(tmp_path / "t.db", "--admin-token-file", str(kept))
    try:
        assert TOKEN not in "".join(served.lines)
        status, _ = call("POST", f"{served.base}/tables", {"name": "T"})
        assert status == 401
        status, _ = call_with_token(f"{served.base}/tables", TOKEN)
        assert status == 201
    finally:
        served.stop()


def call_with_token(url: str, token: str) -> tuple[int, object]:
    import urllib.error
    import urllib.request

    request = urllib.request.Request(url, data=json.dumps({"name": "T"}).encode(), method="POST")
    request.add_header("content-type", "application/json")
    request.add_header("authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())
