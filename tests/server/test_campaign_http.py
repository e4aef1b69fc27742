"""The campaign over HTTP and the server's nightly backups (issue 28, item 2)."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from fatekit.cli import main
from fatekit.server.app import create_app
from fatekit.server.backups import BackupPlan, NightlyBackups, parse_at
from fatekit.store import SqliteEventStore
from fatekit.store.campaigns import backups_in
from fatekit.store.memory import MemoryEventStore

from ..sheets import charles_sheet, ruth_sheet  # type: ignore[import-not-found]
from .conftest import Api  # type: ignore[import-not-found]
from .process import call, start  # type: ignore[import-not-found]


def test_the_gm_downloads_the_campaign_and_another_server_opens_it(api: Api) -> None:
    gm = api.table("The Yacht")
    ann = gm.invite("Ann")
    ann.send("AddCharacter", sheet=ruth_sheet(), owner="ann")
    gm.send("AddCharacter", sheet=charles_sheet())
    gm.send("Note", text="Only the GM knows the captain is a smuggler.", visibility="gm")
    assert ann.get("/campaign", expect=403)["error"] == "forbidden"
    answer = api.client.get(f"/tables/{gm.table_id}/campaign", headers=gm.headers)
    assert answer.status_code == 200
    assert answer.headers["content-disposition"] == 'attachment; filename="The-Yacht.campaign.json"'
    campaign = answer.json()
    assert campaign["format"] == "fatekit-campaign"
    listed = {c["id"]: c for c in campaign["contents"]["characters"]}
    assert set(listed) == {c["id"] for c in gm.get("/state")["characters"]}
    other = create_app(MemoryEventStore())
    with TestClient(other, client=("127.0.0.1", 5000)) as there:
        made = there.post("/tables/import", json=campaign)
        assert made.status_code == 201, made.text
        copy = made.json()
        state = there.get(
            f"/tables/{copy['table_id']}/state", headers={"X-Fatekit-Link": copy["link"]}
        ).json()
        assert state["characters"] == gm.get("/state")["characters"]
        foreign = there.post("/tables/import", json={"format": "fari", "name": "x"})
        assert foreign.status_code == 422
        assert "not a fatekit campaign file" in foreign.json()["fields"]["format"]


def test_backups_are_the_operators_and_need_a_backup_dir(tmp_path: Path) -> None:
    with TestClient(create_app(MemoryEventStore()), client=("127.0.0.1", 5000)) as plain:
        refused = plain.post("/backups")
        assert refused.status_code == 409 and "--backup-dir" in refused.json()["detail"]
    app = create_app(MemoryEventStore(), backups=BackupPlan(tmp_path, keep=3))
    with TestClient(app, client=("203.0.113.7", 40000)) as stranger:
        assert stranger.post("/backups").status_code == 403
    assert backups_in(tmp_path) == []
    with TestClient(app, client=("127.0.0.1", 5000)) as local:
        table = local.post("/tables", json={"name": "Ours"}).json()["table_id"]
        made = local.post("/backups")
        assert made.status_code == 201
        assert made.json()["tables"] == [table]
        folder = tmp_path / made.json()["folder"]
        saved = json.loads((folder / f"{table}.campaign.json").read_text(encoding="utf-8"))
        assert saved["format"] == "fatekit-campaign" and saved["name"] == "Ours"


def test_the_nightly_loop_waits_for_the_hour_and_runs_each_night(tmp_path: Path) -> None:
    store = MemoryEventStore()
    app = create_app(store)
    with TestClient(app, client=("127.0.0.1", 5000)) as local:
        local.post("/tables", json={"name": "Ours"})
    now = [datetime(2026, 11, 27, 22, 30, tzinfo=UTC)]
    waits: list[float] = []

    async def sleep(seconds: float) -> None:  # no real waiting: the clock moves on at once
        if len(waits) == 3:
            raise asyncio.CancelledError
        waits.append(seconds)
        now[0] += timedelta(seconds=seconds)

    nightly = NightlyBackups(
        store, BackupPlan(tmp_path, keep=2, at=parse_at("03:00")), clock=lambda: now[0], sleep=sleep
    )
    with pytest.raises(asyncio.CancelledError):
        asyncio.run(nightly.run())
    assert waits == [4.5 * 3600, 24 * 3600, 24 * 3600]
    assert [p.name for p in backups_in(tmp_path)] == ["2026-11-29T030000Z", "2026-11-30T030000Z"]


def test_times_of_day_are_read_strictly() -> None:
    assert parse_at("03:00").hour == 3 and parse_at("23:59").minute == 59
    for bad in ("3", "3:0", "24:00", "03:60", "noon", "-1:00"):
        with pytest.raises(ValueError):
            parse_at(bad)
    plan = BackupPlan(Path("x"), at=parse_at("03:00"))
    at_three = datetime(2026, 11, 27, 3, 0, tzinfo=UTC)
    assert plan.next_after(at_three) == at_three + timedelta(days=1)
    assert plan.next_after(at_three - timedelta(microseconds=1)) == at_three


def test_a_served_backup_restores_with_one_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    backups = tmp_path / "backups"
    served = start(tmp_path / "live.db", "--backup-dir", str(backups), "--backup-keep", "1")
    try:
        assert any("backups: every table each day at 03:00 UTC" in line for line in served.output)
        note = {"type": "Note", "data": {"text": "We were here.", "visibility": "public"}}
        status, _ = call(
            "POST", f"{served.base}/tables/{served.table_id}/commands", note, served.link
        )
        assert status == 200
        status, first = call("POST", f"{served.base}/backups")
        assert status == 201
        status, second = call("POST", f"{served.base}/backups")
        assert status == 201
    finally:
        assert served.stop() == 0
    assert second["tables"] == [served.table_id]
    kept = backups_in(backups)
    assert [p.name for p in kept] == [second["folder"]]  # one kept
    assert first["folder"] in second["removed"] or first["folder"] == second["folder"]
    assert main(["campaign", "restore", str(kept[0]), "--db", str(tmp_path / "new.db")]) == 0
    assert "GM link" in capsys.readouterr().out
    with (
        SqliteEventStore(tmp_path / "new.db") as new,
        SqliteEventStore(tmp_path / "live.db") as old,
    ):
        table = served.table_id
        assert table is not None
        assert [(e.type, e.payload) for e in new.read(table)] == [
            (e.type, e.payload) for e in old.read(table)
        ]


def test_the_recap_over_http_in_each_form(api: Api) -> None:
    gm = api.table("The Yacht")
    ann = gm.invite("Ann")
    ann.send("AddCharacter", sheet=ruth_sheet(), owner="ann")
    assert gm.get("/recap", expect=404)["error"] == "not_found"  # no session played yet
    gm.send("StartSession")
    gm.send("StartScene", name="On deck", participants=["ruth"])
    ann.send("Roll", actor="ruth", skill="fight", action="overcome", difficulty=1, dice="++++")
    ann.send("ResolveRoll")
    gm.send("AddRecapLine", text="For the GM <b>only</b>", visibility="gm")
    gm.send("EndScene")
    gm.send("EndSession")
    said = ann.get("/recap", lang="sv")
    assert said["title"] == "Spelsession 1" and said["ended"] is True
    lines = [line["text"] for part in said["sections"] for line in part["lines"]]
    assert "Lyckas med stil: Ruth (Slåss)" in lines
    assert not any("only" in x for x in lines)
    page = api.client.get(
        f"/tables/{gm.table_id}/recap", params={"format": "html", "session": 1}, headers=gm.headers
    )
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "For the GM &lt;b&gt;only&lt;/b&gt;" in page.text and "<b>only" not in page.text
    markdown = api.client.get(
        f"/tables/{gm.table_id}/recap", params={"format": "md", "lang": "it"}, headers=gm.headers
    )
    assert markdown.headers["content-disposition"].endswith('.md"')
    assert markdown.text.startswith("# The Yacht: Sessione 1\n")
    assert "For the GM \\<b\\>only\\</b\\>" in markdown.text
    assert gm.get("/recap", expect=404, session=2)["error"] == "not_found"
    assert gm.get("/recap", expect=422, lang="de")["error"] == "malformed"


def test_a_failed_night_is_logged_and_the_next_one_still_runs(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    store = MemoryEventStore()
    with TestClient(create_app(store), client=("127.0.0.1", 5000)) as local:
        local.post("/tables", json={"name": "Ours"})
    target = tmp_path / "backups"
    target.write_text("not a folder", encoding="utf-8")  # the first night cannot write
    now = [datetime(2026, 11, 27, 2, 0, tzinfo=UTC)]
    nights = 0

    async def sleep(seconds: float) -> None:
        nonlocal nights
        if nights == 1:
            target.unlink()  # the operator frees the path before the second night
        if nights == 2:
            raise asyncio.CancelledError
        nights += 1
        now[0] += timedelta(seconds=seconds)

    nightly = NightlyBackups(store, BackupPlan(target), clock=lambda: now[0], sleep=sleep)
    with caplog.at_level("ERROR", logger="fatekit.server"), pytest.raises(asyncio.CancelledError):
        asyncio.run(nightly.run())
    failed = [r for r in caplog.records if "the nightly backup failed" in r.getMessage()]
    assert len(failed) == 1 and failed[0].exc_info is None  # one line, no traceback
    assert [p.name for p in backups_in(target)] == ["2026-11-28T030000Z"]
