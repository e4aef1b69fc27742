"""Guards in front of the app: oversized requests get 413, a flooding client gets 429.

Both are plain ASGI middleware, so they act before any request body is parsed. The rate limit is
our own token bucket rather than the ``limits`` library: ``benchmarks/bench_limits.py`` measured
it at a fraction of the library's cost per decision and memory per client, with no thread
sweeping expired entries (docs/server.md has the figures).
"""

from __future__ import annotations

import ipaddress
import json
import re
import time
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import KW_ONLY, dataclass, field
from typing import Any

__all__ = [
    "BURST",
    "CLOSE_TOO_MANY",
    "MISSES",
    "MISS_BURST",
    "PAGE_BURST",
    "PAGE_RATE",
    "RATE",
    "BodyLimit",
    "RateLimit",
    "TokenBucket",
    "client_address",
    "refuse_socket",
]

#: The close code of a socket refused by a rate limit or a cap.
CLOSE_TOO_MANY = 4429

#: The server's rate limit unless told otherwise: requests a second a client may make on average
#: and how many it may send at once; answers of 401 or 404 a second an address may get on average
#: before its unproven links are slowed, and how many at once.
RATE = 20.0
BURST = 60.0
MISSES = 2.0
MISS_BURST = 30.0
#: The page's own files (its scripts, styles, catalogs, icons) have a budget of their own per
#: address: loading the page takes about 50 requests and its service worker keeping them about
#: 50 more, so a phone's first visit alone passed ``BURST``, and a household behind one address
#: opening the table at once got 429 for the page's scripts. They are small static files.
PAGE_RATE = 50.0
PAGE_BURST = 600.0
#: What is a file of the page: paths under these prefixes, the worker, and ``/`` for a browser.
_PAGE_PREFIXES = ("/web/", "/i18n/")
_PAGE_PATHS = ("/sw.js",)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


async def _reply(
    send: Send,
    status: int,
    error: str,
    detail: str,
    headers: tuple[tuple[bytes, bytes], ...] = (),
    **extra: Any,
) -> None:
    """Answer with the body every error has (:mod:`fatekit.server.errors`)."""
    body = json.dumps({"error": error, "detail": detail, **extra}).encode()
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


def client_address(scope: Scope) -> str:
    """The client's address as limits count it: an IPv6 client by its /64 (one household or
    one machine usually holds a whole /64, so counting single addresses would be no limit)."""
    client = scope.get("client") or ("?", 0)
    host = str(client[0])
    if ":" in host:
        try:
            return str(ipaddress.IPv6Network(f"{host}/64", strict=False))
        except ValueError:
            return host
    return host


async def refuse_socket(scope: Scope, receive: Receive, send: Send, detail: str) -> None:
    """Answer a WebSocket opening with an ``error`` message (status 429) and close 4429.

    Accepted first, so that a browser sees the close code and the reason."""
    message = await receive()
    if message["type"] != "websocket.connect":
        return  # the client went away first
    await send({"type": "websocket.accept"})
    body = {"kind": "error", "status": 429, "error": "too_many", "detail": detail}
    text = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
    await send({"type": "websocket.send", "text": text})
    await send({"type": "websocket.close", "code": CLOSE_TOO_MANY, "reason": detail[:120]})


class BodyLimit:
    """Refuse request bodies over ``max_bytes`` with 413, whether declared or streamed; a path
    that ``larger`` matches (a pattern and its own limit: a map image's upload) has its own."""

    def __init__(
        self,
        app: ASGIApp,
        max_bytes: int,
        larger: tuple[tuple[re.Pattern[str], int], ...] = (),
    ) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.larger = larger

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = str(scope.get("path", ""))
        limit = next((most for where, most in self.larger if where.fullmatch(path)), None)
        if limit is not None:
            await _Limited(self.app, limit)(scope, receive, send)
            return
        await _Limited(self.app, self.max_bytes)(scope, receive, send)


class _Limited:
    """One request's body limit (see :class:`BodyLimit`)."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_bytes:
            await _reply(send, 413, "too_large", f"the request body is over {self.max_bytes} bytes")
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
                        await _reply(
                            send,
                            413,
                            "too_large",
                            f"the request body is over {self.max_bytes} bytes",
                        )
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

    def peek(self, now: float) -> float:
        """0 if a token could be taken now, else the seconds until one could (takes nothing)."""
        tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        return 0.0 if tokens >= 1 else (1 - tokens) / self.rate

    def full(self, now: float) -> bool:
        """Whether the bucket has refilled: a new one would be the same."""
        return self.tokens + (now - self.stamp) * self.rate >= self.burst


def _bearer(scope: Scope) -> str | None:
    """The token of the request's ``Authorization: Bearer`` header, if it has one."""
    value = dict(scope.get("headers") or []).get(b"authorization")
    if value is None:
        return None
    scheme, _, given = value.decode("latin-1").partition(" ")
    return given.strip() if scheme.lower() == "bearer" else None


def _page_file(scope: Scope) -> bool:
    """Whether a request asks for one of the page's own files (read only, no link needed)."""
    if scope.get("method") not in ("GET", "HEAD"):
        return False
    path = str(scope.get("path", ""))
    if path == "/":  # the page for a browser; an API client's description is any other request
        return b"text/html" in dict(scope.get("headers") or []).get(b"accept", b"")
    return path in _PAGE_PATHS or path.startswith(_PAGE_PREFIXES)


@dataclass(eq=False)
class RateLimit:
    """Slow a flooding client down: past its budget of requests it gets 429 and Retry-After.

    Clients are told apart by the seat link they send (header ``X-Fatekit-Link`` or the ``link``
    query parameter) and otherwise by address. Every WebSocket opening takes from its address's
    budget (a refused one gets close code 4429). A link is only a name the client chose until it
    is checked, so answers of 401 (a link that opens no seat) and 404 also take from a second
    budget per address, ``misses`` a second in bursts of ``miss_burst``: once it is spent, links
    from that address that have never been answered otherwise get 429, and a client making up a
    new link for every request cannot escape the limit that way, while the links already proven
    there (another player behind the same router) play on. The page's own files (``GET /`` for a
    browser, ``/sw.js``, ``/web/...``, ``/i18n/...``) take from a larger budget of their own per address,
    ``page_rate`` a second in bursts of ``page_burst``. A request with no link and an
    ``Authorization: Bearer`` token is the operator's when ``operator`` says the token is
    right: it takes from the operator's own budget (``rate``, ``burst``); with a wrong token it
    takes from a budget of wrong tokens per address (``misses``, ``miss_burst``), never from the
    address's own, so guessing neither locks the operator out nor spends the address's budget. Buckets that have filled up again are
    forgotten (a new bucket would be the same), and proven links after ten idle minutes.
    """

    app: ASGIApp
    _: KW_ONLY
    rate: float
    burst: float
    misses: float = MISSES
    miss_burst: float = MISS_BURST
    page_rate: float = PAGE_RATE
    page_burst: float = PAGE_BURST
    #: Whether a bearer token is the operator's (see :class:`fatekit.server.admin.Operator`).
    operator: Callable[[str], bool] | None = None
    clock: Callable[[], float] = time.monotonic
    buckets: dict[str, TokenBucket] = field(default_factory=dict, init=False)
    missed: dict[str, TokenBucket] = field(default_factory=dict, init=False)
    #: Link key -> when it was last answered other than 401/404.
    proven: dict[str, float] = field(default_factory=dict, init=False)
    _swept: float = field(init=False)

    def __post_init__(self) -> None:
        self._swept = self.clock()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        now = self.clock()
        if now - self._swept > 10:
            self._forget(now)
        address = client_address(scope)
        token = _bearer(scope) if kind == "http" else None
        if kind == "http" and _page_file(scope):
            key = "page:" + address
            bucket = self._bucket(self.buckets, key, self.page_rate, self.page_burst, now)
        else:
            key = "addr:" + address if kind == "websocket" else self._client(scope, address)
            if key.startswith("addr:") and token is not None:
                # An operator's request: the right token has a budget of its own, wrong ones
                # one per address, so neither a burst of guesses nor the address's other
                # requests ever keep the operator out.
                if self.operator is not None and self.operator(token):
                    key = "operator"
                    bucket = self._bucket(self.buckets, key, self.rate, self.burst, now)
                else:
                    key = "wrong:" + address
                    bucket = self._bucket(self.missed, key, self.misses, self.miss_burst, now)
            else:
                bucket = self._bucket(self.buckets, key, self.rate, self.burst, now)
        wait = bucket.take(now)
        if wait == 0 and key.startswith("link:") and key not in self.proven:
            misses = self.missed.get(address)
            if misses is not None:
                wait = misses.peek(now)
        if wait > 0:
            if kind == "websocket":
                await refuse_socket(scope, receive, send, "too many connections: slow down")
                return
            seconds = max(1, round(wait))
            await _reply(
                send,
                429,
                "slow_down",
                "too many requests: slow down",
                ((b"retry-after", str(seconds).encode()),),
                retry_after=seconds,
            )
            return
        if kind == "websocket" or not key.startswith("link:"):
            await self.app(scope, receive, send)
            return

        async def watching_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                if message["status"] in (401, 404):
                    bucket = self._bucket(self.missed, address, self.misses, self.miss_burst, now)
                    bucket.take(self.clock())
                else:
                    self.proven[key] = self.clock()
            await send(message)

        await self.app(scope, receive, watching_send)

    @staticmethod
    def _bucket(
        buckets: dict[str, TokenBucket], key: str, rate: float, burst: float, now: float
    ) -> TokenBucket:
        bucket = buckets.get(key)
        if bucket is None:
            bucket = buckets[key] = TokenBucket(rate, burst, stamp=now)
        return bucket

    def _client(self, scope: Scope, address: str) -> str:
        headers: dict[bytes, bytes] = dict(scope.get("headers") or [])
        link = headers.get(b"x-fatekit-link")
        if link:
            return "link:" + link.decode("latin-1")
        query: bytes = scope.get("query_string", b"")
        for part in query.decode("latin-1").split("&"):
            if part.startswith("link="):
                return "link:" + part[5:]
        return "addr:" + address

    def _forget(self, now: float) -> None:
        self._swept = now
        for buckets in (self.buckets, self.missed):
            full = [k for k, b in buckets.items() if b.full(now)]
            for key in full:
                del buckets[key]
        idle = [k for k, seen in self.proven.items() if now - seen > 600]
        for key in idle:
            del self.proven[key]
