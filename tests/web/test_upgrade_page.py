"""An upgrade under an open page: a phone has the table open (its files kept by the page's
worker), the server is stopped and started again at the same address with a new release of the
page, and the page, once connected again, offers the new release and runs it when asked — never
the old files from the worker's or the browser's cache."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from fatekit.server.pagefiles import BUNDLE, WEB_DIR, bundle_head, sources_digest
from tests.web.conftest import start_server
from tests.web.test_installable import KEPT
from tests.web.test_turns import call, catalog

# What the new release does that the old one did not: a mark the test can see.
MARK = 'document.documentElement.dataset.release = "next";'


def next_release(folder: Path) -> Path:
    """A copy of the page whose code differs from the package's: its entry module marks the
    document, and so does its bundle, which names the new sources' digest as a bundle made
    again by ``make bundle`` would."""
    web = folder / "web"
    shutil.copytree(WEB_DIR, web)
    entry = web / "js" / "app.js"
    entry.write_text(entry.read_text(encoding="utf-8") + MARK + "\n", encoding="utf-8")
    bundle = web / BUNDLE
    _, _, rest = bundle.read_text(encoding="utf-8").partition("\n")
    code, _, mapped = rest.rstrip("\n").rpartition("\n")
    text = f"{bundle_head(sources_digest(web / 'js'))}\n{code}\n{MARK}\n{mapped}\n"
    bundle.write_text(text, encoding="utf-8")
    return web


def _script(page: Any) -> str:
    return str(page.evaluate("() => document.querySelector('script[type=module]').src"))


def test_a_restarted_server_with_new_code_reaches_the_open_page(
    browser: Any, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    db = tmp_path / "tables.db"
    old, base = start_server(db)
    port = urlsplit(base).port
    assert port is not None
    new = None
    context = browser.new_context(locale="sv-SE", viewport={"width": 390, "height": 844})
    try:
        made = call(base, "/tables", {"name": "Upgrade night", "preset": "condensed"})
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{base}/#link={made['link']}")
        expect(page.locator("#connection.live")).to_be_visible()
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        page.reload()  # now under the worker, as every later visit is
        expect(page.locator("#connection.live")).to_be_visible()
        before = _script(page)
        assert "/web/bundle/app." in before
        assert page.evaluate("() => document.documentElement.dataset.release") is None

        # The upgrade: the same address, the same tables, a new page.
        old.terminate()
        old.wait(timeout=10)
        new, again = start_server(
            db, {"FATEKIT_PORT": str(port), "FATEKIT_PAGE_DIR": str(next_release(tmp_path))}
        )
        assert again == base
        sv = catalog("sv")
        offer = page.locator("#banner #page-update")
        expect(offer).to_contain_text(sv["update.ready"], timeout=30_000)
        # Until asked, the open page runs on as it was.
        assert page.evaluate("() => document.documentElement.dataset.release") is None
        offer.get_by_role("button", name=sv["update.reload"]).click()
        expect(page.locator("#connection.live")).to_be_visible()
        assert page.evaluate("() => document.documentElement.dataset.release") == "next"
        after = _script(page)
        assert after != before and "/web/bundle/app." in after
        # The worker keeps the new release only: the old one's files are gone from its cache.
        kept = {urlsplit(url).path for url in page.evaluate(KEPT)}
        assert urlsplit(after).path in kept and urlsplit(before).path not in kept
        assert errors == []
    finally:
        context.close()
        for process in (old, new):
            if process is not None and process.poll() is None:
                process.terminate()
                process.wait(timeout=10)
