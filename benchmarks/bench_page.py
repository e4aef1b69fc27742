"""A note at a campaign-length table, as a player's browser sees it.

A real ``fatekit serve`` (a fresh SQLite file) gets a table of ``--events`` events (3,000 by
default: a table file of notes, imported). A GM's page and a player's page open on it in Debian's
Chromium (Playwright). Then, ``--notes`` times, a note is sent over HTTP and we time how long it
takes to show in the player's log, and count what the player's page downloads for it: HTTP
responses and WebSocket frames. Prints the median and worst time, and the median bytes and HTTP
requests per note, against the target (well under 300 ms, nothing fetched over HTTP).

``--python`` runs the server from another checkout (its page included), which is how the figures
before the live document were measured::

    python benchmarks/bench_page.py [--events 3000] [--notes 15] [--python PATH]
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_server import start, stop  # type: ignore[import-not-found]

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def call(base: str, method: str, path: str, body: Any = None, link: str | None = None) -> Any:
    headers = {"accept": "application/json", "content-type": "application/json"}
    if link:
        headers["X-Fatekit-Link"] = link
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, headers=headers, method=method)
    with urllib.request.urlopen(request, timeout=120) as response:
        return json.loads(response.read() or b"null")


def campaign(base: str, events: int) -> tuple[str, str, str]:
    """A table of ``events`` events: its id, the GM's link and a player's link."""
    made = call(base, "POST", "/tables", {"name": "The Long Campaign"})
    table, gm = made["table_id"], made["link"]
    note = {"text": "The rain has not stopped.", "visibility": "public"}
    call(base, "POST", f"/tables/{table}/commands", {"type": "Note", "data": note}, gm)
    exported = call(base, "GET", f"/tables/{table}/export", link=gm)
    log = exported["events"]
    written = next(e for e in log if e["type"] == "NoteAdded")
    while len(log) < events - 1:
        more = copy.deepcopy(written)
        more["version"] = len(log) + 1
        more["data"]["note_id"] = f"n{more['version']}"
        more["data"]["text"] = f"Day {more['version']}: the rain goes on."
        log.append(more)
    imported = call(base, "POST", "/tables/import", exported)
    table, gm = imported["table_id"], imported["link"]
    seat = call(base, "POST", f"/tables/{table}/seats", {"name": "Ann"}, gm)
    return table, gm, seat["link"]


def measure(base: str, events: int, notes: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    table, gm_link, ann_link = campaign(base, events)
    received = {"http": 0, "requests": 0, "socket": 0}
    urls: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:

            def on_response(response: Any) -> None:
                received["requests"] += 1
                urls.append(response.url)
                sizes = response.request.sizes()
                received["http"] += sizes.get("responseBodySize", 0) + sizes.get(
                    "responseHeadersSize", 0
                )

            def on_socket(socket: Any) -> None:
                def count(payload: str | bytes) -> None:
                    size = len(payload) if isinstance(payload, bytes) else len(payload.encode())
                    received["socket"] += size

                socket.on("framereceived", count)

            pages = []
            for n, link in enumerate((gm_link, ann_link)):
                page = browser.new_context(locale="en-GB").new_page()
                page.set_default_timeout(120_000)
                if n == 1:  # the player's page: count what it downloads from the start
                    page.on("response", on_response)
                    page.on("websocket", on_socket)
                page.goto(f"{base}/#link={link}")
                page.wait_for_function(
                    "n => Number(document.body.dataset.version || 0) >= n", arg=events
                )
                page.wait_for_selector("#log-list li")
                page.wait_for_load_state("networkidle")  # the first load's reads are done
                pages.append(page)
            ann = pages[1]
            took, http, requests, frames = [], [], [], []
            for n in range(notes):
                before = dict(received)
                mark = len(urls)
                marker = f"Bench note {n} {time.time_ns()}"
                started = time.perf_counter()
                call(
                    base,
                    "POST",
                    f"/tables/{table}/commands",
                    {"type": "Note", "data": {"text": marker}},
                    gm_link,
                )
                ann.wait_for_function(
                    "m => document.body.innerText.includes(m)", arg=marker, polling=5
                )
                took.append(time.perf_counter() - started)
                time.sleep(0.3)  # let any refetch the page makes for it finish, so it is counted
                http.append(received["http"] - before["http"])
                requests.append(received["requests"] - before["requests"])
                frames.append(received["socket"] - before["socket"])
                if len(urls) > mark:
                    print(f"  note {n}: the page fetched {urls[mark:]}")
        finally:
            browser.close()
    return {"took": took, "http": http, "requests": requests, "frames": frames}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=3000, help="events on the table")
    parser.add_argument("--notes", type=int, default=15, help="notes to time")
    parser.add_argument("--python", default=sys.executable, help="the server's Python")
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        print(f"skipped: no Chromium at {CHROMIUM} (apt-get install chromium)")
        return
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "tables.db"
        os.chdir(folder)  # so `-m fatekit` finds the server's own fatekit, not this checkout's
        process, base = start(
            [args.python, "-m", "fatekit", "serve", "--port", "0", "--db", str(db), "--no-table"]
        )
        try:
            figures = measure(base, args.events, args.notes)
        finally:
            stop(process)
    took = sorted(figures["took"])
    median = statistics.median(took) * 1000
    print(f"A note at a table of {args.events} events, {args.notes} times, at a player's page:")
    print(f"  on screen after:      median {median:.0f} ms, worst {took[-1] * 1000:.0f} ms")
    print(
        f"  downloaded per note:  HTTP {statistics.median(figures['http']) / 1024:.1f} KiB in "
        f"{statistics.median(figures['requests']):.0f} requests (median), WebSocket frames "
        f"{statistics.median(figures['frames']) / 1024:.2f} KiB"
    )
    verdict = "met" if median < 150 and max(figures["requests"]) == 0 else "NOT met"
    print(f"  target (well under 300 ms: median under 150 ms; no HTTP fetch): {verdict}")


if __name__ == "__main__":
    main()
