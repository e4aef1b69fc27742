"""Guards in front of the app: oversized requests get 413, a flooding client gets 429.

Both are plain ASGI middleware, so they act before any request body is parsed.
"""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["BodyLimit", "RateLimit", "TokenBucket"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


async def _reply(
    send: Send, status: int, detail: str, headers: tuple[tuple[bytes, bytes], ...] = ()
) -> None:
    body = json.dumps({"detail": detail}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                *headers,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class BodyLimit:
    """Refuse request bodies over ``max_bytes`` with 413, whether declared or streamed."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_bytes:
            await _reply(send, 413, f"the request body is over {self.max_bytes} bytes")
            return
        seen = 0
        started = refused = False

        async def counting_receive() -> Message:
            nonlocal seen, refused
            message = await receive()
            if message["type"] == "http.request" and not refused:
                seen += len(message.get("body", b""))
                if seen > self.max_bytes:
                    # Answer 413 ourselves; the app is told the client went away.
                    refused = True
                    if not started:
                        await _reply(send, 413, f"the request body is over {self.max_bytes} bytes")
                    return {"type": "http.disconnect"}
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if refused:
                return  # the 413 is already on its way
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        await self.app(scope, counting_receive, guarded_send)


@dataclass(slots=True)
class TokenBucket:
    """``rate`` requests a second on average, bursts of up to ``burst``."""

    rate: float
    burst: float
    tokens: float = -1.0
    stamp: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        if self.tokens < 0:
            self.tokens = self.burst

    def take(self, now: float) -> float:
        """Take one token; return 0 if there was one, else the seconds until there will be."""
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) / self.rate


class RateLimit:
    """Slow a flooding client down: past its budget of requests it gets 429 and Retry-After.

    Clients are told apart by the seat link they send (header ``X-Fatekit-Link`` or the ``link``
    query parameter) and otherwise by address. Buckets of clients gone quiet are dropped.
    """

    def __init__(
        self,
        app: ASGIApp,
        *,
        rate: float,
        burst: float,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.app = app
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.buckets: dict[str, TokenBucket] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        now = self.clock()
        key = self._client(scope)
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) > 10_000:
                self._forget(now)
            bucket = self.buckets[key] = TokenBucket(self.rate, self.burst, stamp=now)
        wait = bucket.take(now)
        if wait > 0:
            seconds = str(max(1, round(wait))).encode()
            await _reply(send, 429, "too many requests: slow down", ((b"retry-after", seconds),))
            return
        await self.app(scope, receive, send)

    def _client(self, scope: Scope) -> str:
        headers: dict[bytes, bytes] = dict(scope.get("headers") or [])
        link = headers.get(b"x-fatekit-link")
        if link:
            return "link:" + link.decode("latin-1")
        query: bytes = scope.get("query_string", b"")
        for part in query.decode("latin-1").split("&"):
            if part.startswith("link="):
                return "link:" + part[5:]
        client = scope.get("client") or ("?", 0)
        return f"addr:{client[0]}"

    def _forget(self, now: float) -> None:
        idle = [k for k, b in self.buckets.items() if now - b.stamp > 60]
        for key in idle:
            del self.buckets[key]
