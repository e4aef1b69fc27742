"""A table that opens read-only says so on the page (issue 37, item 2): the GM reads why in the
GM's language (which event, the rule its fold refused by, that nothing is lost), a player on a
phone in another language reads only that the table stopped there, and a move the GM tries is
refused beside its button with the page's words for it.

The server is ``serve_app.py`` with ``FATEKIT_BREAK_FOLD``: its fold of ``SessionStarted``
refuses, as a release's would that no longer takes an event an earlier one wrote."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from fatekit.server.app import create_app
from fatekit.store.sqlite import SqliteEventStore

from .conftest import start_server  # type: ignore[import-not-found]

CATALOGS = Path(__file__).resolve().parents[2] / "fatekit" / "i18n"
TIMEOUT = 20_000


def catalog(lang: str) -> dict[str, str]:
    found: dict[str, str] = json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))
    return found


def played(db: Path) -> tuple[str, str]:
    """A table with a player, a note, a session started and a note after it: the GM's and the
    player's links."""
    store = SqliteEventStore(db)
    try:
        app = create_app(store, foresight_workers=0)
        with TestClient(app, client=("127.0.0.1", 50000)) as client:
            made = client.post("/tables", json={"name": "Harbour"}).json()
            gm = {"X-Fatekit-Link": made["link"]}
            table = f"/tables/{made['table_id']}"
            ann = client.post(f"{table}/seats", json={"name": "Ann"}, headers=gm).json()["link"]
            for type_name, data in (
                ("Note", {"text": "The fog comes in.", "visibility": "public"}),
                ("StartSession", {}),
                ("Note", {"text": "The thugs wait at the pier.", "visibility": "public"}),
            ):
                sent = client.post(
                    f"{table}/commands", json={"type": type_name, "data": data}, headers=gm
                )
                assert sent.status_code == 200, sent.text
    finally:
        store.close()
    return made["link"], ann


def test_a_read_only_table_says_why_to_the_gm_in_the_gms_language(
    tmp_path: Path, browser: Any
) -> None:
    gm_link, ann_link = played(tmp_path / "tables.db")
    process, base = start_server(tmp_path / "tables.db", {"FATEKIT_BREAK_FOLD": "SessionStarted"})
    contexts = []
    try:
        ru, sv = catalog("ru"), catalog("sv")
        gm_context = browser.new_context(locale="ru-RU")
        ann_context = browser.new_context(locale="sv-SE", viewport={"width": 390, "height": 844})
        contexts += [gm_context, ann_context]
        errors: list[str] = []
        gm, ann = gm_context.new_page(), ann_context.new_page()
        for page, link in ((gm, gm_link), (ann, ann_link)):
            page.set_default_timeout(TIMEOUT)
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(f"{base}/#link={link}")
            page.wait_for_selector("#read-only")

        notice = gm.inner_text("#read-only")
        assert ru["read_only.title"] in notice
        assert "SessionStarted" in notice and "4" in notice
        assert ru["rule.turn-order.elective"] in notice  # the rule, in Russian
        assert ru["read_only.kept"] in notice
        assert gm.get_attribute("#read-only .why", "data-rule") == "turn-order.elective"
        # The table shows what came before: no session under way, the first note in the log.
        assert gm.locator("#start-session").count() == 1

        said = ann.inner_text("#read-only")
        assert sv["read_only.title"] in said
        assert sv["read_only.seat"].replace("{version}", "4") in said
        assert ann.locator("#read-only .why").count() == 0  # the reason is the GM's
        assert "broken on purpose" not in ann.content()

        # A move is refused beside the button that sent it, in the GM's words for it.
        gm.click("#start-session")
        refusal = gm.locator(".refusal[data-error=read_only]")
        refusal.wait_for()
        assert ru["error.read_only"] in refusal.inner_text()
        assert "cannot replay" not in refusal.inner_text()  # the server's English stays out
        assert errors == []
    finally:
        for context in contexts:
            context.close()
        process.terminate()
        process.wait(timeout=10)
