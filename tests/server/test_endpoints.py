"""The endpoints are module-level functions: each works on an app of its own, with only the
table service on ``app.state`` (what create_app puts there), and can be called directly."""

from __future__ import annotations

import asyncio

import pytest
from fastapi import FastAPI, Request
from fastapi.testclient import TestClient

from fatekit.odds import scenario_from_dict, simulate
from fatekit.rules import ScriptedDice
from fatekit.server import campaign, foresight, interop, reach, routes, web
from fatekit.server.address import Reach
from fatekit.server.deps import LINK_HEADER
from fatekit.server.errors import ApiError, NotFound
from fatekit.server.service import TableService
from fatekit.store.memory import MemoryEventStore
from fatekit.table import commands as c
from tests.foresight_table import OPTIONS, pier_commands, pier_scenario

from ..sheets import npc_sheet, ruth_sheet  # type: ignore[import-not-found]


def _service(options: tuple[str, ...] = ()) -> tuple[TableService, str, str]:
    service = TableService(MemoryEventStore(), dice=ScriptedDice(["0000"] * 10))
    created = service.create_table_now(c.CreateTable(name="Alone", options=options))
    return service, created.table_id, created.link


def test_the_odds_endpoint_on_an_app_of_its_own() -> None:
    service, table_id, link = _service()
    app = FastAPI()
    app.state.service = service
    app.include_router(web.router)
    client = TestClient(app)
    headers = {LINK_HEADER: link}
    for command in (
        {"type": "AddCharacter", "data": {"sheet": ruth_sheet()}},
        {"type": "AddCharacter", "data": {"sheet": npc_sheet()}},
    ):
        assert asyncio.run(_command(service, table_id, link, command))
    odds = client.get(
        f"/tables/{table_id}/odds",
        params={"actor": "ruth", "skill": "notice", "against": "alice"},
        headers=headers,
    )
    assert odds.status_code == 200, odds.text
    assert odds.json()["defend_skill"] == "deceive"  # Alice's best, as the table takes it


async def _command(service: TableService, table_id: str, link: str, body: dict[str, object]) -> int:
    caller = await service.resolve(link, table_id)
    executed, _ = await service.command(caller, str(body["type"]), body["data"])
    return executed.events[-1].version


def test_an_endpoint_is_a_function_to_call() -> None:
    service, table_id, link = _service()

    async def read() -> dict[str, object]:
        caller = await service.resolve(link, table_id)
        return await routes.state(caller, service)

    table = asyncio.run(read())["table"]
    assert isinstance(table, dict) and (table["id"], table["name"]) == (table_id, "Alone")


def test_the_campaign_endpoints_on_an_app_of_their_own() -> None:
    service, table_id, link = _service()
    app = FastAPI()
    app.state.service, app.state.backups = service, None
    app.include_router(campaign.router)
    client = TestClient(app)
    kept = client.get(f"/tables/{table_id}/campaign", headers={LINK_HEADER: link})
    assert kept.status_code == 200, kept.text
    assert kept.json()["name"] == "Alone"
    assert 'filename="Alone.campaign.json"' in kept.headers["content-disposition"]
    # Called as functions: no session played yet, no recap to read (a 404 once create_app's
    # handlers turn it into an answer); a server started without --backup-dir backs up nothing.
    caller = asyncio.run(service.resolve(link, table_id))
    with pytest.raises(NotFound, match="no session"):
        asyncio.run(campaign.recap(caller, service, request=Request({"type": "http"})))
    with pytest.raises(ApiError) as refused:
        asyncio.run(campaign.back_up_now(None))
    assert refused.value.status == 409


def test_the_page_and_its_files_on_an_app_of_their_own() -> None:
    app = FastAPI()
    pages = web.PageFiles()
    app.state.pages = pages
    for path, files in web.page_folders(pages).items():  # as create_app mounts them
        app.mount(path, files)
    app.include_router(web.router)
    client = TestClient(app)
    style = client.get("/web/style.css")
    assert style.status_code == 200 and style.headers["etag"]
    assert (
        client.get("/web/style.css", headers={"if-none-match": style.headers["etag"]}).status_code
        == 304
    )
    assert client.get("/i18n/sv.json").json()["skill.fight"]
    worker = client.get("/sw.js")
    assert worker.headers["cache-control"] == "no-cache"
    assert '"/web/style.' in worker.text and '"/i18n/sv.json"' in worker.text
    # The page at / is the middleware's, which create_app adds: here / is no route at all.
    assert client.get("/", headers={"accept": "text/html"}).status_code == 404
    page = TestClient(web.PageForBrowsers(app, pages)).get("/", headers={"accept": "text/html"})
    assert page.headers["cache-control"] == "no-cache" and "<html" in page.text


def test_the_interop_endpoints_on_an_app_of_their_own() -> None:
    service, table_id, link = _service()
    app = FastAPI()
    app.state.service = service
    app.include_router(interop.router)
    client = TestClient(app)
    headers = {LINK_HEADER: link}
    brought = client.post(
        f"/tables/{table_id}/characters/import",
        json={"content": npc_sheet(), "source": "fatekit"},
        headers=headers,
    )
    assert brought.status_code == 200, brought.text
    assert brought.json()["added"] is True and brought.json()["character_id"] == "alice"
    fari = client.get(f"/tables/{table_id}/characters/alice/export/fari", headers=headers)
    assert fari.status_code == 200, fari.text
    assert fari.json()["name"] == "Alice Westforth"


def test_foresight_on_an_app_of_its_own() -> None:
    service, table_id, link = _service(options=tuple(OPTIONS))
    for kind, data in pier_commands():
        assert asyncio.run(_command(service, table_id, link, {"type": kind, "data": data}))
    app = FastAPI()
    app.state.service, app.state.foresight = service, foresight.Foresight(workers=0)
    app.include_router(foresight.router)
    seen = TestClient(app).post(
        f"/tables/{table_id}/foresight", json={"runs": 500, "seed": 3}, headers={LINK_HEADER: link}
    )
    assert seen.status_code == 200, seen.text
    expected = simulate(scenario_from_dict(pier_scenario()), 500, seed=3).as_json()
    assert seen.json()["baseline"] == expected


def test_the_reach_endpoints_on_an_app_of_their_own() -> None:
    service, _, link = _service()
    app = FastAPI()
    app.state.service, app.state.reach = service, Reach("https://fate.example.org")
    app.include_router(reach.router)
    client = TestClient(app)
    assert client.get("/address").json() == {
        "url": "https://fate.example.org/",
        "public": True,
        "loopback": False,
    }
    qr = client.get("/join/qr", headers={LINK_HEADER: link})
    assert qr.status_code == 200 and qr.headers["cache-control"] == "no-store"
    assert qr.content == reach.qr_svg(f"https://fate.example.org/#link={link}")
