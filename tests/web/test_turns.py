"""The turn strip in a contest, in two languages: the seat whose side still rolls is told so,
and once its side has rolled it reads whom the table waits for. The table is set up over HTTP;
the pages follow it over their sockets."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from fatekit.server.web import I18N_DIR
from tests.sheets import npc_sheet, ruth_sheet

TIMEOUT = 15_000


def call(server: str, path: str, body: Any, link: str | None = None) -> Any:
    headers = {"accept": "application/json", "content-type": "application/json"}
    if link:
        headers["X-Fatekit-Link"] = link
    request = urllib.request.Request(
        server + path, data=json.dumps(body).encode(), headers=headers, method="POST"
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read() or b"null")


def command(server: str, table: str, link: str, kind: str, data: dict[str, Any]) -> None:
    call(server, f"/tables/{table}/commands", {"type": kind, "data": data}, link)


def state_of(server: str, table: str, link: str) -> Any:
    """The table as the seat at ``link`` sees it."""
    headers = {"accept": "application/json", "X-Fatekit-Link": link}
    request = urllib.request.Request(f"{server}/tables/{table}/state", headers=headers)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def catalog(lang: str) -> dict[str, str]:
    loaded: dict[str, str] = json.loads((I18N_DIR / f"{lang}.json").read_text(encoding="utf-8"))
    return loaded


def test_the_turn_strip_in_a_contest(server: str, browser: Any) -> None:
    made = call(server, "/tables", {"name": "The Chase", "preset": "condensed"})
    table, gm_link = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm_link)
    command(server, table, gm_link, "AddCharacter", {"sheet": ruth_sheet(), "owner": ann["seat"]})
    command(server, table, gm_link, "AddCharacter", {"sheet": npc_sheet(), "revealed": True})
    command(
        server,
        table,
        gm_link,
        "StartScene",
        {"name": "Rooftops", "participants": ["ruth", "alice"]},
    )
    command(
        server,
        table,
        gm_link,
        "StartContest",
        {
            "sides": [["heroes", ["ruth"]], ["cult", ["alice"]]],
            "intents": [["heroes", "get away"], ["cult", "catch her"]],
        },
    )
    contexts = [browser.new_context(locale="ru-RU"), browser.new_context(locale="en-GB")]
    try:
        ann_page, gm_page = (context.new_page() for context in contexts)
        for page, link in ((ann_page, ann["link"]), (gm_page, gm_link)):
            page.set_default_timeout(TIMEOUT)
            page.goto(f"{server}/#link={link}")
            page.wait_for_selector("#turn")
        ru, en = catalog("ru"), catalog("en")
        # Both sides still roll: each seat is told its side rolls now.
        ann_page.wait_for_selector("#turn[data-yours=true]")
        assert ru["turn.contest_yours"] in ann_page.locator("#turn").inner_text()
        assert en["turn.contest_yours"] in gm_page.locator("#turn").inner_text()
        # Ann's side rolls: her page now waits for the other side, by name.
        command(
            server,
            table,
            ann["link"],
            "ContestRoll",
            {"side": "heroes", "actor": "ruth", "skill": "athletics", "dice": "0000"},
        )
        # Her side's roll is in play: her page asks her to settle it, then waits.
        ann_page.wait_for_selector(".turn-yours >> text=" + ru["turn.contest_settle"])
        rolling = state_of(server, table, ann["link"])["contest"]["rolling"]
        command(server, table, ann["link"], "ResolveRoll", {"roll": rolling["heroes"]})
        ann_page.wait_for_selector("#turn[data-yours=false]")
        waiting = ann_page.locator("#turn .turn-waiting").inner_text()
        assert waiting == ru["turn.contest_waiting"].replace("{sides}", "cult")
        gm_page.wait_for_selector("#turn[data-yours=true]")
    finally:
        for context in contexts:
            context.close()
