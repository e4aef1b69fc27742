"""How fast a phone opens the table, with and without the page's service worker.

A real ``fatekit serve`` (a fresh SQLite file, one table) and Debian's Chromium (Playwright), its
network slowed as a phone's on a busy Wi-Fi or a mobile network would be (``--latency`` ms each
way, ``--kbps`` down and up, by Chromium's own emulation). For each of ``--rounds`` fresh phone
contexts, the player's page is opened three times:

- **first visit**: nothing kept yet (what every visit was before the worker);
- **again, no worker**: a second visit in a context whose service workers are blocked, with the
  browser's HTTP cache as it is (the page before this change, opened a second time);
- **again, with the worker**: a second visit with the worker keeping the page's files.

Each prints the median time until the table is drawn and live by the page's own clock (from
the start of its navigation to the moment the connection's pill says live), the same measured
from outside by Playwright (which adds its own polling and start-up), and the requests that
reached the server (the worker's own answers are not counted). Then the same phone is started with no
network at all, and the time until it shows its offline state is printed.

    python benchmarks/bench_start.py [--rounds 5] [--latency 150] [--kbps 1600]
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_page import ARGS, CHROMIUM  # type: ignore[import-not-found]
from bench_server import stop  # type: ignore[import-not-found]


def serve(db: Path) -> tuple[subprocess.Popen[str], str, str]:
    """``fatekit serve`` with a new table: the process, its base URL and the GM's link."""
    process = subprocess.Popen(
        [sys.executable, "-m", "fatekit", "serve", "--port", "0", "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert process.stdout is not None
    base = None
    for line in process.stdout:
        if found := re.search(r"serving at (http://\S+?)/$", line.strip()):
            base = found.group(1)
        if found := re.search(r"GM link \(keep it secret\): (\S+)", line):
            assert base is not None
            return process, base, found.group(1)
    raise SystemExit("the server did not start")


def invite(base: str, gm_link: str) -> str:
    table = gm_link.rpartition(".")[0]
    request = urllib.request.Request(
        f"{base}/tables/{table}/seats",
        data=json.dumps({"name": "Ann"}).encode(),
        headers={"content-type": "application/json", "X-Fatekit-Link": gm_link},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return str(json.loads(response.read())["url"])


def slow(page: Any, latency: float, kbps: float) -> Any:
    """Chromium's network emulation for ``page``, slowed; its session, to change it later."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    rate = kbps * 1000 / 8
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": latency * 2,
            "downloadThroughput": rate,
            "uploadThroughput": rate,
        },
    )
    return cdp


# Run in every document before its own scripts: the page's clock when the table is live.
_LIVE_CLOCK = """
new MutationObserver((_, observer) => {
  if (document.querySelector("#connection.live")) {
    window.__fatekitLive = performance.now();
    observer.disconnect();
  }
}).observe(document, { subtree: true, childList: true, attributes: true });
"""


def visit(page: Any, url: str, counted: list[int], inside: list[float] | None = None) -> float:
    """Open ``url``; seconds until the table is drawn and live (from outside), requests that
    reached the server added to ``counted``, and the page's own seconds to ``inside``."""
    reached = [0]

    def seen(response: Any) -> None:
        if not response.from_service_worker:
            reached[0] += 1

    page.on("response", seen)
    started = time.perf_counter()
    page.goto(url)
    page.wait_for_selector("#connection.live", timeout=60_000)
    took = time.perf_counter() - started
    page.remove_listener("response", seen)
    counted.append(reached[0])
    if inside is not None:
        inside.append(page.evaluate("() => window.__fatekitLive") / 1000)
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--latency", type=float, default=150.0, help="ms each way")
    parser.add_argument("--kbps", type=float, default=1600.0)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    times: dict[str, list[float]] = {"first": [], "again, no worker": [], "again, with worker": []}
    reached: dict[str, list[int]] = {key: [] for key in times}
    clocked: dict[str, list[float]] = {key: [] for key in times}
    offline: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        process, base, gm_link = serve(Path(tmp) / "start.db")
        try:
            url = invite(base, gm_link)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                phone = {"viewport": {"width": 390, "height": 844}}
                for _ in range(args.rounds):
                    blocked = browser.new_context(service_workers="block", **phone)
                    blocked.add_init_script(_LIVE_CLOCK)
                    page = blocked.new_page()
                    slow(page, args.latency, args.kbps)
                    times["first"].append(visit(page, url, reached["first"], clocked["first"]))
                    page.goto("about:blank")
                    key = "again, no worker"
                    times[key].append(visit(page, url, reached[key], clocked[key]))
                    blocked.close()
                    kept = browser.new_context(**phone)
                    kept.add_init_script(_LIVE_CLOCK)
                    page = kept.new_page()
                    cdp = slow(page, args.latency, args.kbps)
                    visit(page, url, [])
                    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
                    page.goto("about:blank")
                    key = "again, with worker"
                    times[key].append(visit(page, url, reached[key], clocked[key]))
                    # No network at all: how soon the phone says so.
                    page.goto("about:blank")
                    cdp.send(
                        "Network.emulateNetworkConditions",
                        {
                            "offline": True,
                            "latency": 0,
                            "downloadThroughput": -1,
                            "uploadThroughput": -1,
                        },
                    )
                    started = time.perf_counter()
                    page.goto(url)
                    page.wait_for_selector("#offline", timeout=60_000)
                    offline.append(time.perf_counter() - started)
                    kept.close()
                browser.close()
        finally:
            stop(process)
    print(
        f"Opening a player's table on a phone ({args.latency:g} ms each way, {args.kbps:g} kbit/s), "
        f"median of {args.rounds}:"
    )
    for key, values in times.items():
        print(
            f"  {key + ':':22} {statistics.median(clocked[key]) * 1000:6.0f} ms to a live table "
            f"by the page's clock ({statistics.median(values) * 1000:5.0f} ms seen by Playwright), "
            f"{statistics.median(reached[key]):3.0f} requests reached the server"
        )
    print(
        f"  {'offline start:':22} {statistics.median(offline) * 1000:7.0f} ms to the offline state"
    )


if __name__ == "__main__":
    main()
