"""Browser tests: a real server process and Debian's Chromium driven by Playwright.

Chromium is used where Debian installs it (``/usr/bin/chromium``), never a browser Playwright
downloads. Without it the browser tests are skipped with a message, except under CI
(``CI=true``), where they fail: CI installs it (``.ci/run``).
"""

from __future__ import annotations

import os
import queue
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("FATEKIT_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Chromium 150-152's accessibility serializer can hit a CHECK in AXBlockFlowIterator (a text
    # fragment without a layout object, github.com/github/app/issues/3200) and kill the renderer
    # while a page redraws after its accessibility tree was read: twice in CI, in
    # test_said_in_words_page right after unnamed_controls(). The iterator only serves a screen
    # reader's moves by line, which no test reads.
    "--disable-features=AccessibilityBlockFlowIterator",
]
HERE = Path(__file__).resolve().parent


def _need_chromium() -> None:
    if Path(CHROMIUM).exists():
        return
    message = f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


def start_server(db: Path, env: dict[str, str] | None = None) -> tuple[subprocess.Popen[str], str]:
    """``serve_app.py`` on a free loopback port over ``db`` (``env`` added to its environment):
    the process and its base URL."""
    process = subprocess.Popen(
        [sys.executable, str(HERE / "serve_app.py"), str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})},
    )
    lines: queue.Queue[str | None] = queue.Queue()

    def pump() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=pump, daemon=True).start()
    seen: list[str] = []
    base = None
    try:
        while base is None:
            # Generous: on a loaded two-core machine importing the server alone can take long.
            try:
                line = lines.get(timeout=120)
            except queue.Empty:
                raise AssertionError(
                    "the server did not start in 120 s: " + "".join(seen)
                ) from None
            if line is None:
                raise AssertionError("the server exited: " + "".join(seen))
            seen.append(line)
            if found := re.search(r"serving at (http://\S+)", line):
                base = found.group(1)
    except BaseException:
        process.kill()  # never leave a server behind a test that could not use it
        raise
    return process, base


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A table server on a free loopback port over a fresh SQLite file; its base URL."""
    process, base = start_server(tmp_path_factory.mktemp("web") / "tables.db")
    try:
        yield base
    finally:
        process.terminate()
        process.wait(timeout=10)


# -- the page's security policy, watched in every browser test -------------------------------

#: What the policy refused in the pages of the test running now (see :func:`no_csp_violation`).
VIOLATIONS: list[str] = []

# Run in every document before its own scripts (Playwright injects it, so the policy does not
# apply to it): each refusal of the policy is reported to the test.
_CSP_LISTENER = """
document.addEventListener("securitypolicyviolation", (e) => {
  window.__fatekitCsp(
    `${e.effectiveDirective} refused ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber}` +
      ` on ${location.href}: ${e.sample}`,
  );
});
"""


def watch(context: Any) -> Any:
    """``context`` (a Playwright browser context) with every page's policy refusals reported."""
    context.expose_binding("__fatekitCsp", lambda _source, text: VIOLATIONS.append(text))
    context.add_init_script(_CSP_LISTENER)
    return context


class _Watched:
    """A Playwright object whose new contexts (and their pages) are watched by :func:`watch`."""

    def __init__(self, inner: Any) -> None:
        self._inner = inner

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


class WatchedBrowser(_Watched):
    def new_context(self, **options: Any) -> Any:
        return watch(self._inner.new_context(**options))

    def new_page(self, **options: Any) -> Any:
        page = self._inner.new_page(**options)
        watch(page.context)
        return page


class WatchedChromium(_Watched):
    def launch(self, **options: Any) -> WatchedBrowser:
        return WatchedBrowser(self._inner.launch(**options))

    def launch_persistent_context(self, *args: Any, **options: Any) -> Any:
        return watch(self._inner.launch_persistent_context(*args, **options))


class WatchedPlaywright(_Watched):
    @property
    def chromium(self) -> WatchedChromium:
        return WatchedChromium(self._inner.chromium)


@pytest.fixture(autouse=True)
def no_csp_violation() -> Iterator[None]:
    """Fail a browser test whose pages the security policy refused anything: the page runs
    under its policy with no inline script or style, so a refusal is a page that breaks."""
    VIOLATIONS.clear()
    yield
    if VIOLATIONS:
        found = "\n".join(dict.fromkeys(VIOLATIONS))
        VIOLATIONS.clear()
        pytest.fail(f"the page's security policy refused:\n{found}")


# Playwright and its Chromium live for one test module, not the whole session: its sync API
# keeps an event loop running in the test's thread while it is started, and the tests that run
# asyncio themselves (Discord, the server) may follow a browser test in the same worker of
# ``pytest -n`` (asyncio.run() cannot be called from a running event loop).
@pytest.fixture(scope="module")
def playwright() -> Iterator[Any]:
    """Playwright, for the tests that launch a Chromium of their own (a profile of its own, or
    another environment); the others share ``browser``. Every context it makes is watched for
    refusals of the page's security policy (:func:`no_csp_violation`)."""
    _need_chromium()
    from playwright.sync_api import expect, sync_playwright

    # Waiting assertions get as long as the tests' own waits (15 s), not Playwright's 5 s: on a
    # loaded 2-core machine a command's answer and the redraw after it can take longer.
    expect.set_options(timeout=15_000)
    with sync_playwright() as started:
        yield WatchedPlaywright(started)


@pytest.fixture(scope="module")
def browser(playwright: Any) -> Iterator[Any]:
    """Headless Chromium, with a fresh profile directory."""
    launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    try:
        yield launched
    finally:
        launched.close()
