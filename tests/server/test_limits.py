"""Request guards: 413 for oversized bodies, 429 for a client that floods."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient

from fatekit.server.limits import BodyLimit, RateLimit, TokenBucket


def echo_app() -> FastAPI:
    app = FastAPI()

    @app.post("/echo")
    async def echo(body: dict[str, str]) -> dict[str, int]:
        return {"keys": len(body)}

    return app


def test_oversized_bodies_get_413_declared_or_streamed() -> None:
    client = TestClient(BodyLimit(echo_app(), max_bytes=64))
    assert client.post("/echo", json={"a": "b"}).status_code == 200
    big = client.post("/echo", json={"a": "x" * 200})
    assert big.status_code == 413 and "64 bytes" in big.json()["detail"]

    def chunks():  # no content-length: the limit counts what arrives
        yield b'{"a": "'
        yield b"x" * 200
        yield b'"}'

    streamed = client.post("/echo", content=chunks(), headers={"content-type": "application/json"})
    assert streamed.status_code == 413


def test_a_flooding_client_is_slowed_and_others_are_not() -> None:
    now = [0.0]
    client = TestClient(RateLimit(echo_app(), rate=2, burst=3, clock=lambda: now[0]))
    codes = [
        client.post("/echo", json={}, headers={"x-fatekit-link": "a"}).status_code for _ in range(5)
    ]
    assert codes == [200, 200, 200, 429, 429]
    slowed = client.post("/echo", json={}, headers={"x-fatekit-link": "a"})
    assert slowed.headers["retry-after"] == "1"
    assert client.post("/echo", json={}, headers={"x-fatekit-link": "b"}).status_code == 200
    now[0] += 1.0  # two tokens come back in a second
    assert client.post("/echo", json={}, headers={"x-fatekit-link": "a"}).status_code == 200


def test_token_bucket_refills_at_its_rate() -> None:
    bucket = TokenBucket(rate=1, burst=1, stamp=0.0)
    assert bucket.take(0.0) == 0
    assert bucket.take(0.5) == 0.5
    assert bucket.take(1.5) == 0


def test_the_pages_own_files_have_a_budget_of_their_own() -> None:
    # A phone's first visit asks for the page's ~50 files and its service worker keeps them
    # (~50 more): with one budget for everything, the page's own scripts got 429.
    from fatekit.server.app import create_app
    from fatekit.store.memory import MemoryEventStore

    now = [0.0]
    app = create_app(MemoryEventStore())
    client = TestClient(
        RateLimit(app, rate=2, burst=3, page_rate=1, page_burst=8, clock=lambda: now[0])
    )
    files = ["/web/js/app.js", "/web/style.css", "/i18n/sv.json", "/sw.js"]
    page = {"accept": "text/html"}
    assert [client.get(path).status_code for path in files * 2] == [200] * 8
    # The page itself, to a browser, is one of them; the API's description of itself is not.
    assert client.get("/", headers=page).status_code == 429
    # The address's other budget is untouched by them...
    assert [client.get("/").status_code for _ in range(3)] == [200, 200, 200]
    assert client.get("/health").status_code == 429
    # ...and the page's budget has its own end: a flood of file requests is slowed too.
    slowed = client.get("/web/js/app.js")
    assert slowed.status_code == 429 and slowed.headers["retry-after"] == "1"
    # Only reading the page's files counts as such: a POST there takes from the other budget.
    assert client.post("/web/js/app.js").status_code == 429
    now[0] += 1.0
    assert client.get("/web/js/app.js").status_code == 200
