"""The installable page in Chromium: the browser's own install criteria are met (web app manifest,
icons, a service worker that serves the page), the worker keeps the page's own files and nothing
a table sends, a phone that starts the page with no network opens it from the worker into an
honest offline state, and once the network is back the table opens by itself and catches up
with what happened meanwhile; a live page that loses its network says so and catches up too."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from tests.web.test_turns import call, catalog, command

# Everything the page's service worker keeps: each cache's requests, by address.
KEPT = """
async () => {
  const kept = [];
  for (const name of await caches.keys()) {
    for (const request of await (await caches.open(name)).keys()) kept.push(request.url);
  }
  return kept;
}
"""


@contextmanager
def phone(browser: Any, server: str, link: str, locale: str) -> Iterator[Any]:
    """A phone-sized page at the seat of ``link``, live and controlled by the page's worker;
    a script error fails the test."""
    from playwright.sync_api import expect

    errors: list[str] = []
    context = browser.new_context(locale=locale, viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{server}/#link={link}")
        expect(page.locator("#connection.live")).to_be_visible()
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        yield page
        assert errors == []
    finally:
        context.close()


def test_the_page_meets_the_install_criteria_and_keeps_only_its_own_files(
    server: str, playwright: Any, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    from tests.web.conftest import ARGS, CHROMIUM

    made = call(server, "/tables", {"name": "Home screen", "preset": "condensed"})
    # Chromium never offers to install a page in an incognito window, which every context of
    # the shared browser is: this test has a browser profile of its own, as a phone has.
    context = playwright.chromium.launch_persistent_context(
        tmp_path / "profile",
        executable_path=CHROMIUM,
        args=ARGS,
        viewport={"width": 390, "height": 844},
    )
    try:
        page = context.new_page()
        page.goto(f"{server}/#link={made['link']}")
        expect(page.locator("#connection.live")).to_be_visible()
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        cdp = context.new_cdp_session(page)
        # Chromium's own verdict on whether the page can be installed: no errors at all.
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"] == f"{server}/web/manifest.webmanifest"
        assert manifest["errors"] == []
        kept = page.evaluate(KEPT)
    finally:
        context.close()
    paths = {urlsplit(url).path for url in kept}
    assert {"/", "/i18n/sv.json", "/web/icons/icon-512.png"} <= paths
    # The page's script and style, by the names the page has them under (their contents').
    named = r"/web/(bundle/app|style)\.[0-9a-f]{16}\.(js|css)"
    assert len([p for p in paths if re.fullmatch(named, p)]) == 2, paths
    # Only the page's own files: no answer of the server, no link, nothing of a table.
    assert all(p == "/" or p.startswith(("/web/", "/i18n/")) for p in paths), paths
    assert not any(made["link"] in url or made["table_id"] in url for url in kept)


def test_an_offline_start_shows_the_offline_state_and_catches_up_when_back(
    server: str, browser: Any
) -> None:
    from playwright.sync_api import expect

    made = call(server, "/tables", {"name": "Ferry", "preset": "condensed"})
    table, gm_link = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm_link)
    sv = catalog("sv")
    with phone(browser, server, ann["link"], "sv-SE") as page:
        context = page.context
        # Started again with no network at all, as from the home screen on a ferry: the worker
        # serves the page, which says it is offline and why, in the seat's language.
        context.set_offline(True)
        page.reload()
        expect(page.locator("#offline")).to_be_visible()
        expect(page.locator("#offline-title")).to_have_text(sv["offline.title"])
        expect(page.locator("#offline")).to_contain_text("Ferry")
        # Why, as the browser tells it: Chromium's emulated network does not reach a document
        # loaded after it went offline (its navigator.onLine stays true, as on a device whose
        # Wi-Fi is up but leads nowhere), so the page must say the server does not answer; a
        # device that knows it has no network gets that said (below, while the page is live).
        online = page.evaluate("navigator.onLine")
        why, status = ("no_server", "offline") if online else ("no_network", "no_network")
        expect(page.locator("#offline-why")).to_have_text(sv[f"offline.{why}"])
        expect(page.locator(f"#connection.{status}")).to_have_text(sv[f"status.{status}"])
        # Meanwhile the table goes on without this phone.
        command(server, table, gm_link, "Note", {"text": "The ferry leaves at dawn."})
        # The network comes back: the table opens by itself, with what was said meanwhile.
        context.set_offline(False)
        expect(page.locator("#connection.live")).to_be_visible()
        expect(page.locator("#log-list")).to_contain_text("The ferry leaves at dawn.")
        # A live page that loses its network says so at once, where the player is looking
        # (scrolled down to the log, far below the header), and catches up when it is back.
        page.locator("#note-text").scroll_into_view_if_needed()
        assert page.evaluate("window.scrollY") > 0
        context.set_offline(True)
        pill = page.locator("#connection.no_network.lost")
        expect(pill).to_have_text(sv["status.no_network"])
        expect(pill).to_be_in_viewport()
        command(server, table, gm_link, "Note", {"text": "Fog rolls in."})
        context.set_offline(False)
        expect(page.locator("#connection.live")).to_be_visible()
        expect(page.locator("#connection.lost")).to_have_count(0)
        expect(page.locator("#log-list")).to_contain_text("Fog rolls in.")
        # Nothing was missed or shown twice.
        expect(page.locator("#log-list")).to_contain_text("The ferry leaves at dawn.")
        assert page.locator("#log-list", has_text="Fog rolls in.").count() == 1


def test_the_home_screen_reopens_the_last_table_offline_too(server: str, browser: Any) -> None:
    """The manifest's start address, ``/?from=home``, is what an installed page opens: it goes
    back to the table this phone opened last (not to the start page), from the worker with no
    network into the offline state, and live once the network is back."""
    from playwright.sync_api import expect

    first = call(server, "/tables", {"name": "Monday group", "preset": "condensed"})
    last = call(server, "/tables", {"name": "Harbour night", "preset": "condensed"})
    ru = catalog("ru")
    with phone(browser, server, first["link"], "ru-RU") as page:
        page.goto(f"{server}/#link={last['link']}")
        expect(page.locator(".table-name")).to_have_text("Harbour night")
        expect(page.locator("#connection.live")).to_be_visible()
        page.goto(f"{server}/?from=home")
        expect(page.locator("#connection.live")).to_be_visible()
        expect(page.locator(".table-name")).to_have_text("Harbour night")
        assert page.evaluate("location.hash") == f"#link={last['link']}"
        page.context.set_offline(True)
        page.goto(f"{server}/?from=home")
        expect(page.locator("#offline-title")).to_have_text(ru["offline.title"])
        expect(page.locator("#offline")).to_contain_text("Harbour night")
        page.context.set_offline(False)
        expect(page.locator("#connection.live")).to_be_visible()
        expect(page.locator(".table-name")).to_have_text("Harbour night")


def test_a_server_that_does_not_answer_is_told_apart_from_no_network(
    server: str, browser: Any
) -> None:
    from playwright.sync_api import expect

    made = call(server, "/tables", {"name": "Lighthouse", "preset": "condensed"})
    with phone(browser, server, made["link"], "en-GB") as page:
        en = catalog("en")
        # The network is up but the server is gone (here: every request to it refused): the
        # page says the server does not answer, and opens the table once it does.
        page.route("**/join", lambda route: route.abort("connectionrefused"))
        page.reload()
        expect(page.locator("#offline-why")).to_have_text(en["offline.no_server"])
        expect(page.locator("#connection.offline")).to_be_visible()
        page.unroute("**/join")
        expect(page.locator("#connection.live")).to_be_visible()
        expect(page.locator("#offline")).to_have_count(0)


def test_a_new_version_of_the_page_is_offered_not_forced(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    made = call(server, "/tables", {"name": "Upgrade night", "preset": "condensed"})
    it = catalog("it")
    with phone(browser, server, made["link"], "it-IT") as page:
        page.reload()  # now opened under the worker, as every later visit is
        expect(page.locator("#connection.live")).to_be_visible()
        page.fill("#note-text", "half a sentence")
        # A new worker takes over (the server was upgraded): the page offers to reload, and
        # leaves the table, and what was being typed, as they are until asked.
        page.evaluate("navigator.serviceWorker.dispatchEvent(new Event('controllerchange'))")
        offer = page.locator("#banner #page-update")
        expect(offer).to_contain_text(it["update.ready"])
        expect(page.locator("#note-text")).to_have_value("half a sentence")
        offer.get_by_role("button", name=it["update.reload"]).click()
        expect(page.locator("#page-update")).to_have_count(0)
        expect(page.locator("#connection.live")).to_be_visible()
