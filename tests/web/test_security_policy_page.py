"""The security policy in Chromium: it refuses what it should (an inline script or style, a frame
around the page), the browser tests would see it (``conftest.no_csp_violation``), and the API's
try-it page draws itself from the server's own files under its own policy."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import VIOLATIONS


def test_the_policy_refuses_inline_script_and_style_and_the_tests_hear_it(
    server: str, browser: Any
) -> None:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{server}/")
        page.wait_for_selector("#app")
        page.evaluate(
            """() => {
              const script = document.createElement("script");
              script.textContent = "window.__ran = true";
              document.head.append(script);
              document.body.setAttribute("style", "background: red");
              const style = document.createElement("style");
              style.textContent = "body { color: red }";
              document.head.append(style);
            }"""
        )
        page.wait_for_function("() => true")
        assert page.evaluate("() => window.__ran === undefined")
        assert page.evaluate("() => getComputedStyle(document.body).backgroundColor") != (
            "rgb(255, 0, 0)"
        )
        page.wait_for_timeout(200)  # the reports come back through a binding
        refused = {v.split(" ")[0] for v in VIOLATIONS}
        assert {"script-src-elem", "style-src-attr", "style-src-elem"} <= refused, VIOLATIONS
    finally:
        VIOLATIONS.clear()  # refused on purpose
        context.close()


def test_no_other_site_can_frame_the_page(server: str, browser: Any) -> None:
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_content(f'<iframe id="framed" src="{server}/"></iframe>')
        page.wait_for_timeout(500)
        framed = next(f for f in page.frames if f is not page.main_frame)
        # Chromium shows its own error page in place of a page whose policy forbids the frame.
        assert not framed.url.startswith(server), framed.url
    finally:
        context.close()


def test_the_try_it_page_draws_the_api_from_here(server: str, browser: Any) -> None:
    context = browser.new_context()
    elsewhere: list[str] = []
    try:
        page = context.new_page()
        page.on(
            "request",
            lambda request: (
                None if request.url.startswith((server, "data:")) else elsewhere.append(request.url)
            ),
        )
        page.goto(f"{server}/docs")
        page.wait_for_selector(".opblock", timeout=30_000)
        assert page.locator(".opblock").count() > 20
        # Try one: the health of the server, answered by the server itself.
        health = page.locator(".opblock", has_text="/health")
        health.locator(".opblock-summary").click()
        health.locator(".try-out__btn").click()
        health.locator(".execute").click()
        page.wait_for_selector(".responses-wrapper .live-responses-table")
        assert '"ok": true' in health.locator(".live-responses-table").inner_text()
        assert elsewhere == []
    finally:
        context.close()
