"""How the page reaches a browser: its files compressed, its modules named up front."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi.testclient import TestClient

from fatekit.server.app import create_app
from fatekit.store.memory import MemoryEventStore

WEB_JS = Path(__file__).resolve().parents[2] / "fatekit" / "web" / "js"


def _client() -> TestClient:
    return TestClient(create_app(MemoryEventStore()))


def test_page_files_go_out_compressed_to_a_browser_that_accepts_gzip() -> None:
    client = _client()
    plain = client.get("/web/js/app.js", headers={"accept-encoding": "identity"})
    packed = client.get("/web/js/app.js", headers={"accept-encoding": "gzip"})
    assert plain.headers.get("content-encoding") is None
    assert packed.headers["content-encoding"] == "gzip"
    assert packed.content == plain.content  # the client unpacks it: the same script
    catalog = client.get("/i18n/sv.json", headers={"accept-encoding": "gzip"})
    assert catalog.headers["content-encoding"] == "gzip"
    assert "accept-encoding" in catalog.headers["vary"].lower()


def test_api_answers_are_not_compressed() -> None:
    # A table's answers can hold a seat's secrets next to a visitor's text (BREACH): left as they are.
    answer = _client().get("/openapi.json", headers={"accept-encoding": "gzip"})
    assert answer.headers.get("content-encoding") is None


def test_the_page_names_every_module_for_preloading() -> None:
    page = _client().get("/", headers={"accept": "text/html"})
    named = set(re.findall(r'<link rel="modulepreload" href="(/web/js/[^"]+)">', page.text))
    on_disk = {f"/web/js/{p.relative_to(WEB_JS).as_posix()}" for p in WEB_JS.rglob("*.js")}
    assert named == on_disk and "/web/js/app.js" in named
    assert page.text.index("modulepreload") < page.text.index("</head>")
