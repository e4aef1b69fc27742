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
