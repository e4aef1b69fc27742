"""A table at campaign length in the browser: 5,000 events, a GM's page and a player's page.

The table is built fast: a small table is played over HTTP, exported, its note repeated until
the file holds 5,000 events, and the file imported as a new table. Both pages open on it; the
log shows its latest page and loads older ones on demand; a note written at one seat appears at
the other, and the browser's network log shows that neither page fetched anything over HTTP
for it (the socket brought the event and the patch) beyond the note's own command; the panels
the note did not touch are the same elements as before (only the log was redrawn).
"""

from __future__ import annotations

import copy
import json
import urllib.request
from typing import Any

EVENTS = 5_000
TIMEOUT = 30_000


def call(server: str, method: str, path: str, body: Any = None, link: str | None = None) -> Any:
    headers = {"accept": "application/json", "content-type": "application/json"}
    if link:
        headers["X-Fatekit-Link"] = link
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(server + path, data=data, headers=headers, method=method)
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read() or b"null")


def campaign(server: str) -> tuple[str, str]:
    """A table of EVENTS events, and the links of its GM and of a player (Ann)."""
    made = call(server, "POST", "/tables", {"name": "The Long Campaign", "preset": "condensed"})
    table, gm = made["table_id"], made["link"]
    note = {"text": "The rain has not stopped for a week.", "visibility": "public"}
    call(server, "POST", f"/tables/{table}/commands", {"type": "Note", "data": note}, gm)
    exported = call(server, "GET", f"/tables/{table}/export", link=gm)
    events = exported["events"]
    written = next(e for e in events if e["type"] == "NoteAdded")
    while len(events) < EVENTS - 1:  # the seat added after the import makes it EVENTS
        more = copy.deepcopy(written)
        more["version"] = len(events) + 1
        more["data"]["note_id"] = f"{written['data']['note_id']}-{more['version']}"
        more["data"]["text"] = f"Day {more['version']}: the rain goes on."
        events.append(more)
    imported = call(server, "POST", "/tables/import", exported)
    table, gm = imported["table_id"], imported["link"]
    seat = call(server, "POST", f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm)
    return gm, seat["link"]


def test_a_campaign_length_table_in_two_browsers(server: str, browser: Any) -> None:
    gm_link, ann_link = campaign(server)
    contexts = [browser.new_context(locale="en-GB") for _ in range(2)]
    try:
        gm, ann = (context.new_page() for context in contexts)
        errors: list[str] = []
        requests: dict[str, list[str]] = {"gm": [], "ann": []}
        for name, page in (("gm", gm), ("ann", ann)):
            page.set_default_timeout(TIMEOUT)
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.on("request", lambda r, name=name: requests[name].append(f"{r.method} {r.url}"))
        for page, link in ((gm, gm_link), (ann, ann_link)):
            page.goto(f"{server}/#link={link}")
            page.wait_for_function("() => Number(document.body.dataset.version || 0) >= 5000")
            page.wait_for_selector("#log-list li[data-type=NoteAdded]")
        # The latest page of the log, not the whole history; older pages come on demand.
        shown = ann.locator("#log-list li[data-type=NoteAdded]").count()
        assert 40 <= shown <= 50
        ann.click("#log-older")
        ann.wait_for_function(
            "n => document.querySelectorAll('#log-list li[data-type=NoteAdded]').length > n",
            arg=shown,
        )
        # Two pages of fifty: the seat added last and 49 notes, then the next 50 notes.
        text = ann.locator("#log-list").inner_text()
        assert "Day 4901:" in text and "Day 4900:" not in text
        ann.eval_on_selector("#log-list", "el => { el.scrollTop = el.scrollHeight; }")
        ann.wait_for_function(
            "() => document.querySelectorAll('#log-list li[data-type=NoteAdded]').length > 120"
        )

        # Mark panels the note will not touch: a redraw would replace the marked elements.
        for page in (gm, ann):
            page.evaluate(
                "() => ['#you', '#characters', '#scene'].forEach((s) => { "
                "const e = document.querySelector(s); if (e) e.dataset.kept = 'yes'; })"
            )
        version = int(gm.get_attribute("body", "data-version") or 0)
        requests["gm"].clear()
        requests["ann"].clear()
        gm.fill("#note-text", "A stranger asks for Ann by name.")
        gm.click("#note-form button[type=submit]")
        for page in (gm, ann):
            page.wait_for_function(
                "v => Number(document.body.dataset.version) > v", arg=version, timeout=TIMEOUT
            )
            page.wait_for_selector("#log-list li:first-child:has-text('A stranger asks for Ann')")
            kept = page.evaluate(
                "() => ['#you', '#characters', '#scene'].filter((s) => "
                "document.querySelector(s) && document.querySelector(s).dataset.kept !== 'yes')"
            )
            assert kept == [], f"redrawn for a note: {kept}"
        # The player's page read nothing over HTTP; the GM's sent the command, and read nothing.
        assert requests["ann"] == []
        assert [r.split(" ")[0] for r in requests["gm"]] == ["POST"]
        assert requests["gm"][0].endswith("/commands")
        assert errors == []
    finally:
        for context in contexts:
            context.close()
