"""Discord's HTTP API, as the front door calls it: JSON over httpx, minding the rate limits.

Discord answers most requests with its rate limit in headers (``X-RateLimit-Remaining``,
``X-RateLimit-Reset-After``, ``X-RateLimit-Bucket``). :class:`Rest` keeps each bucket's count
and waits before a request that would go over it, rather than after a refusal. When a 429
comes all the same, its ``retry_after`` (or ``Retry-After``) says how long to wait: for the
route's bucket, or, with ``global: true``, for every request; then the request is sent again.
A route's bucket is shared per top-level resource (a channel, a guild, a webhook with its
token), so two channels never hold each other up.

The bot token goes only into the ``Authorization`` header; an interaction's token (in the
path of its callback and follow-ups) never reaches a log or an error message.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import httpx2

from fatekit import __version__
from fatekit.discord.protocol import DEFAULT_API

__all__ = ["DiscordError", "Rest"]

_log = logging.getLogger("fatekit.discord")
# httpx logs each request's URL at INFO; an interaction's callback URL holds its token.
logging.getLogger("httpx2").setLevel(logging.WARNING)

#: Path parts that name a top-level resource: each value has buckets of its own.
_MAJOR = re.compile(
    r"^/(channels|guilds)/(\d+)|^/webhooks/(\d+)/([^/]+)|^/interactions/(\d+)/([^/]+)"
)
_SNOWFLAKE = re.compile(r"/\d{5,}")
_TOKEN_PART = re.compile(r"^(/(?:webhooks|interactions)/\d+)/[^/]+")
#: How often a request refused with 429 (or a server's 5xx) is sent again before giving up.
RETRIES = 5


class DiscordError(Exception):
    """Discord refused a request: its HTTP status, Discord's error code, and its message."""

    def __init__(self, status: int, code: int | None, message: str, route: str) -> None:
        super().__init__(f"Discord answered {status} to {route}: {message} (code {code})")
        self.status = status
        self.code = code
        self.message = message
        self.route = route


@dataclass(slots=True)
class _Bucket:
    remaining: int | None = None
    reset_at: float = 0.0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


def route_of(method: str, path: str) -> tuple[str, str]:
    """The route a request counts against (method and path without ids, tokens hidden) and the
    top-level resource it is shared by."""
    major = _MAJOR.match(path)
    resource = "" if major is None else "/".join(g for g in major.groups() if g is not None)
    shown = _TOKEN_PART.sub(r"\1/<token>", path)
    return f"{method} {_SNOWFLAKE.sub('/{id}', shown)}", resource


class Rest:
    """Discord's REST API at ``api`` (Discord's own by default), as the bot ``token``.

    ``sleep`` and ``clock`` are the waits and the time the limits are counted in (the event
    loop's by default; a test may pass its own).
    """

    def __init__(
        self,
        token: str,
        *,
        api: str = DEFAULT_API,
        client: httpx2.AsyncClient | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._token = token
        self.api = api.rstrip("/")
        self._client = client if client is not None else httpx2.AsyncClient(timeout=15.0)
        self._sleep = sleep
        self._clock = clock
        self._bucket_of_route: dict[str, str] = {}
        self._buckets: dict[str, _Bucket] = {}
        self._global_until = 0.0
        #: Every 429 this client was answered, as (route, scope): for logs and tests.
        self.limited: list[tuple[str, str]] = []

    async def close(self) -> None:
        """Close the HTTP connections."""
        await self._client.aclose()

    # -- the calls the front door makes -----------------------------------------------------------

    async def gateway_bot(self) -> dict[str, Any]:
        """``GET /gateway/bot``: where to connect, and the session start limit."""
        found = await self.request("GET", "/gateway/bot")
        assert isinstance(found, dict)
        return found

    async def register_commands(self, application_id: str, commands: list[dict[str, Any]]) -> Any:
        """``PUT /applications/{id}/commands``: the app's global slash commands, all at once."""
        return await self.request("PUT", f"/applications/{application_id}/commands", commands)

    async def callback(self, interaction_id: str, token: str, response: dict[str, Any]) -> None:
        """``POST /interactions/{id}/{token}/callback``: the first answer to an interaction."""
        await self.request(
            "POST", f"/interactions/{interaction_id}/{token}/callback", response, auth=False
        )

    async def edit_original(self, application_id: str, token: str, body: dict[str, Any]) -> Any:
        """``PATCH /webhooks/{app}/{token}/messages/@original``: fill in a deferred answer."""
        return await self.request(
            "PATCH", f"/webhooks/{application_id}/{token}/messages/@original", body, auth=False
        )

    async def follow_up(self, application_id: str, token: str, body: dict[str, Any]) -> Any:
        """``POST /webhooks/{app}/{token}``: another message answering the same interaction."""
        return await self.request("POST", f"/webhooks/{application_id}/{token}", body, auth=False)

    async def send(self, channel_id: str, body: dict[str, Any]) -> dict[str, Any]:
        """``POST /channels/{id}/messages``: a message in a channel (or a thread, or a DM)."""
        sent = await self.request("POST", f"/channels/{channel_id}/messages", body)
        assert isinstance(sent, dict)
        return sent

    async def dm_channel(self, user_id: str) -> str:
        """``POST /users/@me/channels``: the id of the direct-message channel with a user."""
        opened = await self.request("POST", "/users/@me/channels", {"recipient_id": user_id})
        assert isinstance(opened, dict)
        return str(opened["id"])

    async def download(self, url: str, limit: int) -> bytes:
        """An attachment's bytes from the URL Discord gave (at most ``limit`` bytes)."""
        async with self._client.stream("GET", url) as response:
            if response.status_code != 200:
                raise DiscordError(
                    response.status_code, None, "the file could not be read", "GET <attachment>"
                )
            body = bytearray()
            async for chunk in response.aiter_bytes():
                body.extend(chunk)
                if len(body) > limit:
                    raise DiscordError(
                        413, None, f"the file is over {limit} bytes", "GET <attachment>"
                    )
            return bytes(body)

    # -- any request ------------------------------------------------------------------------------

    async def request(self, method: str, path: str, body: Any = None, *, auth: bool = True) -> Any:
        """Send one request, waiting as the rate limits say; the answer's JSON (``None`` for an
        empty one). Raises :class:`DiscordError` for a refusal, after the retries a 429 or a 5xx
        allows."""
        route, resource = route_of(method, path)
        headers = {"User-Agent": f"DiscordBot (fatekit, {__version__})"}
        if auth:
            headers["Authorization"] = f"Bot {self._token}"
        for attempt in range(RETRIES + 1):
            bucket = self._bucket(route, resource)
            async with bucket.lock:
                await self._wait(bucket)
                response = await self._client.request(
                    method, self.api + path, json=body, headers=headers
                )
                self._count(route, resource, response)
            if response.status_code == 429:
                await self._limited(route, response)
                continue
            if response.status_code >= 500 and attempt < RETRIES:
                await self._sleep(0.5 * (attempt + 1))
                continue
            if response.status_code >= 400:
                raise _error(response, route)
            if response.status_code == 204 or not response.content:
                return None
            return response.json()
        raise DiscordError(429, None, "still rate limited after retrying", route)

    def _bucket(self, route: str, resource: str) -> _Bucket:
        key = f"{self._bucket_of_route.get(route, route)}:{resource}"
        return self._buckets.setdefault(key, _Bucket())

    async def _wait(self, bucket: _Bucket) -> None:
        now = self._clock()
        until = self._global_until
        if bucket.remaining == 0 and bucket.reset_at > now:
            until = max(until, bucket.reset_at)
        if until > now:
            await self._sleep(until - now)
            bucket.remaining = None

    def _count(self, route: str, resource: str, response: httpx2.Response) -> None:
        headers = response.headers
        name = headers.get("x-ratelimit-bucket")
        if name is not None and self._bucket_of_route.get(route) != name:
            # The route's bucket is known from now on: move what was counted under the route.
            old = self._buckets.pop(f"{self._bucket_of_route.get(route, route)}:{resource}", None)
            self._bucket_of_route[route] = name
            key = f"{name}:{resource}"
            if old is not None and key not in self._buckets:
                self._buckets[key] = old
        bucket = self._bucket(route, resource)
        remaining, after = (
            headers.get("x-ratelimit-remaining"),
            headers.get("x-ratelimit-reset-after"),
        )
        if remaining is not None and after is not None:
            try:
                bucket.remaining = int(remaining)
                bucket.reset_at = self._clock() + float(after)
            except ValueError:
                pass

    async def _limited(self, route: str, response: httpx2.Response) -> None:
        try:
            answer = response.json()
        except ValueError:
            answer = {}
        if not isinstance(answer, dict):
            answer = {}
        wait = answer.get("retry_after", response.headers.get("retry-after", 1))
        try:
            seconds = max(0.0, float(wait))
        except (TypeError, ValueError):
            seconds = 1.0
        is_global = (
            bool(answer.get("global")) or response.headers.get("x-ratelimit-global") == "true"
        )
        scope = response.headers.get("x-ratelimit-scope", "global" if is_global else "user")
        self.limited.append((route, scope))
        _log.warning("Discord rate limit on %s (%s): waiting %.2f s", route, scope, seconds)
        if is_global:
            self._global_until = max(self._global_until, self._clock() + seconds)
        await self._sleep(seconds)


def _error(response: httpx2.Response, route: str) -> DiscordError:
    try:
        answer = response.json()
    except ValueError:
        answer = {}
    if not isinstance(answer, dict):
        answer = {}
    code = answer.get("code")
    return DiscordError(
        response.status_code,
        code if isinstance(code, int) else None,
        str(answer.get("message", response.reason_phrase)),
        route,
    )
