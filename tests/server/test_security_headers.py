"""Every answer carries the security headers: the page's policy (no inline script or style, no
eval, nothing from elsewhere, no framing), ``nosniff``, ``X-Frame-Options`` and
``Referrer-Policy``; the API's try-it page its own policy, and every file it loads from here."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from fatekit.server.app import create_app
from fatekit.server.headers import DOCS_POLICY, PAGE_POLICY
from fatekit.store.memory import MemoryEventStore

from .conftest import LOOPBACK, make_api  # type: ignore[import-not-found]


def _directives(policy: str) -> dict[str, list[str]]:
    return {
        name: values
        for name, *values in (part.split() for part in policy.split(";") if part.strip())
    }


def test_the_pages_policy_allows_nothing_inline_and_nothing_from_elsewhere() -> None:
    page = _directives(PAGE_POLICY)
    assert page["default-src"] == ["'none'"]
    assert page["frame-ancestors"] == ["'none'"]
    assert page["base-uri"] == ["'none'"]
    for values in page.values():
        assert not {"'unsafe-inline'", "'unsafe-eval'", "*", "data:", "https:", "http:"} & set(
            values
        ), page
        assert all(not v.startswith(("'nonce-", "'sha")) for v in values), page
    # The try-it page's differs in one source only: data: pictures (Swagger UI's icons).
    docs = _directives(DOCS_POLICY)
    assert {k: v for k, v in docs.items() if k != "img-src"} == {
        k: v for k, v in page.items() if k != "img-src"
    }
    assert docs["img-src"] == ["'self'", "data:"]


def _headers_of(response: object) -> dict[str, str]:
    return {k.lower(): v for k, v in response.headers.items()}  # type: ignore[attr-defined]


def _secured(response: object, policy: str = PAGE_POLICY) -> None:
    headers = _headers_of(response)
    assert headers.get("content-security-policy") == policy, headers
    assert headers.get("x-content-type-options") == "nosniff"
    assert headers.get("x-frame-options") == "DENY"
    assert headers.get("referrer-policy") == "no-referrer"


def test_every_answer_carries_the_headers() -> None:
    api = make_api(max_body=4000)
    with api.client as client:
        gm = api.table()
        answers = {
            "the page": client.get("/", headers={"accept": "text/html"}),
            "the page's file": client.get("/web/index.html"),
            "a script": client.get("/web/js/app.js"),
            "the style": client.get("/web/style.css"),
            "a catalog": client.get("/i18n/sv.json"),
            "an icon": client.get("/web/icons/icon-192.png"),
            "the worker": client.get("/sw.js"),
            "the description": client.get("/"),
            "the API's description": client.get("/openapi.json"),
            "a view": client.get(f"/tables/{gm.table_id}/state", headers=gm.headers),
            "a QR code": client.get("/join/qr", headers=gm.headers),
            "401": client.get(f"/tables/{gm.table_id}/state"),
            "404": client.get("/no/such/path"),
            "404 of a file": client.get("/web/js/none.js"),
            "405": client.delete("/health"),
            "409": client.post(
                f"/tables/{gm.table_id}/commands",
                json={"type": "EndScene", "data": {}},
                headers=gm.headers,
            ),
            "413": client.post("/tables", json={"name": "x" * 5000}),
            "422": client.post(
                f"/tables/{gm.table_id}/commands", json={"type": 3}, headers=gm.headers
            ),
        }
        for what, response in answers.items():
            assert response.status_code < 500, what
            try:
                _secured(response)
            except AssertionError as error:
                raise AssertionError(f"{what}: {error}") from None
        for path in ("/docs", "/docs/start.js", "/docs/swagger-ui/swagger-ui-bundle.js"):
            response = client.get(path)
            assert response.status_code == 200, path
            _secured(response, DOCS_POLICY)


def test_a_refusal_of_the_guards_carries_the_headers() -> None:
    # 429 is answered by the rate limit itself, before any route: outermost, the headers still
    # reach it.
    client = TestClient(create_app(MemoryEventStore(), rate=0.001, burst=1), client=LOOPBACK)
    assert client.get("/health").status_code == 200
    slowed = client.get("/health")
    assert slowed.status_code == 429
    _secured(slowed)


def test_the_try_it_page_loads_nothing_from_elsewhere() -> None:
    api = make_api()
    with api.client as client:
        page = client.get("/docs")
        assert page.headers["content-type"].startswith("text/html")
        loaded = re.findall(r'(?:src|href)="([^"]+)"', page.text)
        assert loaded and all(u.startswith("/docs/") for u in loaded), loaded
        assert "<script>" not in page.text and "style=" not in page.text
        assert (
            client.get("/docs/swagger-ui/swagger-ui.css")
            .headers["content-type"]
            .startswith("text/css")
        )
        # Only Swagger UI's own two files are served from its folder.
        assert client.get("/docs/swagger-ui/swagger-initializer.js").status_code == 422
        assert client.get("/docs/swagger-ui/..%2F__init__.py").status_code in (404, 422)
        # FastAPI's own pages, which load from a CDN, are gone.
        assert client.get("/redoc").status_code == 404
        assert client.get("/docs/oauth2-redirect").status_code in (404, 422)


@pytest.mark.parametrize("path", ["/web/js/app.js", "/i18n/en.json", "/sw.js"])
def test_nosniff_files_say_what_they_are(path: str) -> None:
    api = make_api()
    with api.client as client:
        response = client.get(path)
        kind = response.headers["content-type"]
        assert kind.startswith(("text/javascript", "application/javascript", "application/json"))
