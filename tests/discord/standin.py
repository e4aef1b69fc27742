"""A stand-in for Discord that sends what Discord sends, for the front door's tests.

No machine here reaches Discord, so the tests point the app at this instead: one local server
(Starlette under uvicorn) that is the REST API at ``/api/v10`` and the Gateway at ``/gateway``,
and that posts signed interactions to an app's HTTP endpoint. Its objects are Discord's
(:mod:`.shapes`, checked by ``test_shapes.py`` through two real client libraries' parsers) and it
behaves as Discord's API documentation (the discord/discord-api-docs repository) says:

- Gateway: Hello; Identify (a bad token closes 4004) answered by Ready; heartbeats answered by
  Heartbeat ACK (unless the test makes the connection a zombie); Resume replays what was missed
  and ends with Resumed, or Invalid Session when the session is gone; ``compress=zlib-stream``
  (one zlib stream per connection, each message flushed) as hikari asks for it, plain text
  otherwise; ``GET /gateway/bot`` gives the URL and the session start limit, which Identify
  spends. The test can send Reconnect (op 7), Invalid Session (op 9), Heartbeat requests, close
  the connection with any code or drop it without a word.
- Interactions: each one gets an id and a token, and Discord's payload for its type; the first
  answer must come within three seconds (late: 404 "Unknown interaction"; a second one: 400
  "already acknowledged") and fit the interaction (an autocomplete takes only choices);
  ``?with_response=true`` is answered with the callback response object.
- REST: the calls the app makes, bodies checked for Discord's limits (2,000 characters, five rows
  of five buttons, 100-character custom ids...), ``nonce`` with ``enforce_nonce`` keeping one
  message per nonce; each channel's messages are a bucket answered with ``X-RateLimit-*``.
- What goes wrong: a channel the bot may not see or post in (403 Missing Access / Missing
  Permissions), one that is gone (404 Unknown Channel), route and global 429s, bursts of 5xx
  (before or after the message was made), the whole service down (connections refused), and
  everything above on the Gateway.

Everything users could see is kept: channel messages, each user's ephemeral replies and forms,
and each user's direct messages, so a test can search what reached whom; and every payload sent
to the app is kept in ``sent`` for the parsers' test.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
import zlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
import uvicorn
from nacl.signing import SigningKey
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from . import shapes
from .shapes import APPLICATION, BOT_ID, BOT_PERMISSIONS, GUILD, TOKEN

JSON = dict[str, Any]
BOT_USER = shapes.user(BOT_ID, "fatekit", bot=True)
DEADLINE = 3.0  # seconds for an interaction's first answer
NAME = re.compile(r"^[-_'\w]{1,32}$")
#: The interaction types and the callback types Discord takes for each.
ANSWERS = {1: {1}, 2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}, 5: {4, 5, 6, 7}}

__all__ = ["APPLICATION", "BOT_USER", "GUILD", "TOKEN", "Message", "Pending", "StandIn"]


class Refused(Exception):
    """A request the stand-in answers with a Discord error."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


def _check(ok: bool, message: str) -> None:
    if not ok:
        raise Refused(400, 50035, f"Invalid Form Body: {message}")


def check_message(body: JSON, *, modal: bool = False) -> None:
    """Discord's limits on a message body (or a modal's)."""
    _check(isinstance(body, dict), "the body is an object")
    content = body.get("content")
    if content is not None:
        _check(
            isinstance(content, str) and len(content) <= 2000, "content: 2000 characters at most"
        )
    rows = body.get("components") or []
    _check(isinstance(rows, list) and len(rows) <= 5, "components: 5 at most")
    ids: set[str] = set()
    for row in rows:
        if modal and row.get("type") == 18:
            inner = row["component"]
            _check(inner.get("type") == 4, "a label wraps a text input here")
            _check(1 <= len(inner.get("custom_id", "")) <= 100, "custom_id: 1 to 100")
            _check(1 <= len(row.get("label", "")) <= 45, "label: 1 to 45")
            continue
        _check(row.get("type") == 1, "a top-level component is an action row")
        inner = row.get("components") or []
        _check(1 <= len(inner) <= 5, "an action row holds 1 to 5 components")
        for component in inner:
            custom_id = component.get("custom_id", "")
            _check(1 <= len(custom_id) <= 100, "custom_id: 1 to 100 characters")
            _check(custom_id not in ids, "custom ids are unique in a message")
            ids.add(custom_id)
            if modal:
                _check(component["type"] == 4 and len(inner) == 1, "a row holds one text input")
                _check(1 <= len(component.get("label", "")) <= 45, "a text input's label")
                continue
            if component["type"] == 2:
                _check(1 <= len(component.get("label", "")) <= 80, "a button's label: 1 to 80")
                _check(component.get("style") in (1, 2, 3, 4), "a button's style")
            elif component["type"] == 3:
                _check(len(component.get("options", [])) <= 25, "a select: 25 options at most")
                for option in component["options"]:
                    _check(len(option["label"]) <= 100 and len(option["value"]) <= 100, "option")
            else:
                raise Refused(400, 50035, f"component type {component['type']} in a message")


def check_commands(commands: list[JSON]) -> None:
    """The shape of application commands, as "Application Commands" describes it."""
    _check(len(commands) <= 100, "100 global commands at most")
    names = set()
    for command in commands:
        _check(command.get("type", 1) == 1, "chat input commands")
        _check(
            bool(NAME.match(command["name"])) and command["name"] == command["name"].lower(),
            f"name {command['name']!r}",
        )
        _check(command["name"] not in names, "command names are unique")
        names.add(command["name"])
        _check_described(command)
        _check(_size(command) <= 8000, f"{command['name']}: 8000 characters at most")
        _check_options(command.get("options") or [])


def _check_described(item: JSON) -> None:
    _check(1 <= len(item["description"]) <= 100, f"description of {item['name']!r}: 1 to 100")
    for locale, name in (item.get("name_localizations") or {}).items():
        _check(bool(NAME.match(name)) and name == name.lower(), f"{locale} name {name!r}")
    for locale, text in (item.get("description_localizations") or {}).items():
        _check(1 <= len(text) <= 100, f"{locale} description of {item['name']!r}: 1 to 100")


def _check_options(options: list[JSON]) -> None:
    _check(len(options) <= 25, "25 options at most")
    required_done = False
    seen: dict[str, set[str]] = {}
    for option in options:
        _check(bool(NAME.match(option["name"])), f"option {option['name']!r}")
        _check_described(option)
        for locale, name in {
            "": option["name"],
            **(option.get("name_localizations") or {}),
        }.items():
            _check(name not in seen.setdefault(locale, set()), f"option names unique in {locale!r}")
            seen[locale].add(name)
        if option["type"] in (1, 2):
            _check_options(option.get("options") or [])
            continue
        if option.get("required"):
            _check(not required_done, "required options come first")
        else:
            required_done = True
        _check(
            not (option.get("autocomplete") and option.get("choices")), "autocomplete or choices"
        )
        for choice in option.get("choices") or []:
            _check(1 <= len(choice["name"]) <= 100, "a choice's name: 1 to 100")


def _size(command: JSON) -> int:
    def longest(item: JSON, key: str) -> int:
        texts = [item.get(key, ""), *list((item.get(f"{key}_localizations") or {}).values())]
        return max(len(t) for t in texts)

    total = longest(command, "name") + longest(command, "description")
    for option in command.get("options") or []:
        total += _size(option)
        for choice in option.get("choices") or []:
            total += longest(choice, "name") + len(str(choice["value"]))
    return total


# -- what users see ---------------------------------------------------------------------------


@dataclass
class Message:
    """A message as users see it: where, whose eyes (``None``: the channel's), its body."""

    id: str
    channel_id: str
    body: JSON
    visible_to: str | None = None  # an ephemeral reply's user
    kind: str = "message"  # or "modal", "autocomplete", "deferred"
    object: JSON | None = None  # the message object Discord keeps (a message's, not a form's)

    @property
    def content(self) -> str:
        return str(self.body.get("content", ""))

    def buttons(self) -> dict[str, str]:
        """Each button's label by custom id (and each menu's custom id to its placeholder)."""
        out = {}
        for row in self.body.get("components") or []:
            for component in row.get("components") or []:
                out[component["custom_id"]] = component.get("label", "")
        return out

    def button(self, label_part: str) -> str:
        """The custom id of the button whose label holds ``label_part``."""
        found = [cid for cid, label in self.buttons().items() if label_part in label]
        assert len(found) == 1, f"no single button {label_part!r} in {self.buttons()}"
        return found[0]

    def inputs(self) -> list[JSON]:
        """A form's text inputs (in action rows or labels)."""
        out = []
        for row in self.body.get("components") or []:
            out.extend(row.get("components") or [row.get("component") or {}])
        return [c for c in out if c.get("type") == 4]


@dataclass
class Pending:
    """An interaction sent, waiting for (or holding) its answers."""

    id: str
    token: str
    user_id: str
    channel_id: str
    created: float
    payload: JSON
    first: asyncio.Future[JSON] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )
    final: asyncio.Future[Message] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )
    answered_at: float | None = None
    original: Message | None = None
    opened_by: Pending | None = None  # a form's answer: the interaction that opened the form


@dataclass
class Session:
    """A Gateway session: its id, the dispatches sent (for replays), whether it may resume."""

    id: str
    seq: int = 0
    sent: list[JSON] = field(default_factory=list)
    resumable: bool = True


@dataclass
class Channel:
    """A channel of the guild (or a thread), and what the bot may do in it."""

    id: str
    name: str
    app_permissions: int = BOT_PERMISSIONS
    thread_of: str | None = None
    private: bool = False
    gone: bool = False  # deleted: 404 Unknown Channel


class _Socket:
    """One Gateway connection: JSON text, or a zlib stream of binary frames."""

    def __init__(self, socket: WebSocket, compress: bool) -> None:
        self.socket = socket
        self._deflate = zlib.compressobj() if compress else None

    async def send(self, payload: JSON) -> None:
        raw = json.dumps(payload)
        if self._deflate is None:
            await self.socket.send_text(raw)
        else:
            data = self._deflate.compress(raw.encode()) + self._deflate.flush(zlib.Z_SYNC_FLUSH)
            await self.socket.send_bytes(data)


class StandIn:
    """The stand-in Discord. ``async with StandIn() as discord:``; ``discord.api`` is the REST base
    the app is configured with; its Gateway URL comes from ``GET /gateway/bot``."""

    def __init__(
        self,
        *,
        heartbeat_ms: int = 200,
        bucket: int = 5,
        window: float = 0.5,
        deadline: float = DEADLINE,
        sessions_left: int = 999,
    ) -> None:
        self.deadline = deadline
        self.heartbeat_ms = heartbeat_ms
        self.bucket, self.window = bucket, window
        self.key = SigningKey.generate()
        self.public_key = self.key.verify_key.encode().hex()
        self.port = 0
        self.messages: list[Message] = []
        self.pending: dict[str, Pending] = {}
        self.dm_channels: dict[str, str] = {}  # user -> DM channel id
        self.channels: dict[str, Channel] = {}
        self.commands: list[JSON] = []
        self.sessions: dict[str, Session] = {}
        self.sessions_left = sessions_left
        self.identifies = 0
        self.resumes = 0
        self.heartbeats = 0
        self.beats: list[object] = []  # each heartbeat's last sequence number
        self.connections: list[WebSocket] = []
        self.zombie = False
        self.global_limits = 0  # how many requests to answer with a global 429
        self.route_limits = 0  # how many channel posts to answer with a route 429 (shared scope)
        self.server_errors: list[int] = []  # statuses to answer the next requests with (5xx)
        self.errors_after_taking = False
        self.refuse_posts = 0  # how many channel posts to refuse outright (400)  # a 5xx burst on posts comes after the post was made
        self.limited: list[str] = []  # the routes answered 429
        self.deadline_missed: list[str] = []
        self.refused_callbacks: list[str] = []  # why a callback was refused
        self.endpoint: str | None = None  # an app's interactions endpoint (HTTP way in)
        #: (kind, payload): everything Discord sent the app, dispatches and REST answers alike.
        self.sent: list[tuple[str, Any]] = []
        self.requests: list[str] = []  # "METHOD path" of every REST request
        self.nonces: dict[tuple[str, str], JSON] = {}
        self._windows: dict[str, tuple[float, int]] = {}
        self._server: uvicorn.Server | None = None
        self._task: asyncio.Task[None] | None = None
        self._gateway_ready = asyncio.Event()
        self._socket: _Socket | None = None
        self._session: Session | None = None
        self._client = httpx.AsyncClient(timeout=10)
        self.attachments: dict[str, bytes] = {}
        self._posts: set[asyncio.Task[None]] = set()

    def id(self) -> str:
        return shapes.snowflake()

    @property
    def api(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    def channel_named(self, channel_id: str) -> Channel:
        """A channel of the guild, made on first mention (a text channel the bot may post in)."""
        if channel_id not in self.channels:
            self.channels[channel_id] = Channel(channel_id, f"table-{len(self.channels) + 1}")
        return self.channels[channel_id]

    # -- running ------------------------------------------------------------------------------

    async def __aenter__(self) -> StandIn:
        await self.up()
        return self

    async def up(self) -> None:
        """Serve (again, on the same port after :meth:`down`)."""
        routes = [
            Route("/api/v10/gateway/bot", self._gateway_bot, methods=["GET"]),
            Route("/api/v10/applications/{app}/commands", self._put_commands, methods=["PUT"]),
            Route("/api/v10/interactions/{id}/{token}/callback", self._callback, methods=["POST"]),
            Route(
                "/api/v10/webhooks/{app}/{token}/messages/@original",
                self._edit_original,
                methods=["PATCH"],
            ),
            Route("/api/v10/webhooks/{app}/{token}", self._follow_up, methods=["POST"]),
            Route("/api/v10/channels/{channel}/messages", self._create_message, methods=["POST"]),
            Route("/api/v10/users/@me/channels", self._create_dm, methods=["POST"]),
            Route("/attachments/{name}", self._attachment, methods=["GET"]),
            WebSocketRoute("/gateway", self._gateway),
            WebSocketRoute("/gateway/", self._gateway),
        ]
        app = Starlette(routes=routes)
        config = uvicorn.Config(
            app, host="127.0.0.1", port=self.port, log_level="critical", lifespan="off"
        )
        self._server = uvicorn.Server(config)
        self._task = asyncio.create_task(self._server.serve())
        while not self._server.started:
            if self._task.done():
                self._task.result()
            await asyncio.sleep(0.01)
        self.port = self._server.servers[0].sockets[0].getsockname()[1]

    async def down(self) -> None:
        """Stop serving: connections are refused (the Gateway's dropped) until :meth:`up`."""
        assert self._server is not None and self._task is not None
        for socket in list(self.connections):
            with contextlib.suppress(Exception):
                await socket.close(1001)
        self._socket = None
        self._gateway_ready.clear()
        self._server.should_exit = True
        await self._task
        self._server = None

    async def __aexit__(self, *exc: object) -> None:
        if self._server is not None:
            await self.down()
        await self._client.aclose()

    # -- REST ---------------------------------------------------------------------------------

    async def _handle(
        self, request: Request, work: Callable[[], Awaitable[Response]], *, auth: bool = True
    ) -> Response:
        self.requests.append(f"{request.method} {request.url.path}")
        try:
            # Interaction callbacks are exempt from the global limit (rate-limits.mdx).
            if self.global_limits > 0 and not request.url.path.endswith("/callback"):
                self.global_limits -= 1
                self.limited.append(request.url.path)
                return JSONResponse(
                    {"message": "You are being rate limited.", "retry_after": 0.05, "global": True},
                    status_code=429,
                    headers={
                        "Retry-After": "1",
                        "X-RateLimit-Global": "true",
                        "X-RateLimit-Scope": "global",
                    },
                )
            if auth and request.headers.get("authorization") != f"Bot {TOKEN}":
                return JSONResponse({"message": "401: Unauthorized", "code": 0}, status_code=401)
            if self.server_errors and not (
                self.errors_after_taking and request.url.path.endswith("/messages")
            ):
                status = self.server_errors.pop(0)
                return Response(b"upstream connect error", status_code=status)
            return await work()
        except Refused as refused:
            return JSONResponse(
                {"message": refused.message, "code": refused.code}, status_code=refused.status
            )

    def _answered(
        self, kind: str, body: Any, headers: dict[str, str] | None = None
    ) -> JSONResponse:
        """A REST answer, kept for the parsers' test."""
        self.sent.append((kind, body))
        return JSONResponse(body, headers=headers)

    async def _gateway_bot(self, request: Request) -> Response:
        async def work() -> Response:
            return self._answered(
                "GATEWAY_BOT",
                {
                    "url": f"ws://127.0.0.1:{self.port}/gateway",
                    "shards": 1,
                    "session_start_limit": {
                        "total": 1000,
                        "remaining": self.sessions_left,
                        "reset_after": 14400000,
                        "max_concurrency": 1,
                    },
                },
            )

        return await self._handle(request, work)

    async def _put_commands(self, request: Request) -> Response:
        async def work() -> Response:
            commands = await request.json()
            check_commands(commands)
            self.commands = [
                {
                    **c,
                    "id": self.id(),
                    "application_id": APPLICATION,
                    "version": self.id(),
                    "default_member_permissions": None,
                    "type": c.get("type", 1),
                    "dm_permission": True,
                    "nsfw": False,
                    "integration_types": [0],
                }
                for c in commands
            ]
            return self._answered("COMMANDS", self.commands)

        return await self._handle(request, work)

    async def _callback(self, request: Request) -> Response:
        async def work() -> Response:
            pending = self.pending.get(request.path_params["id"])
            if pending is None or pending.token != request.path_params["token"]:
                raise Refused(404, 10062, "Unknown interaction")
            answer = await request.json()
            made = self._answer(pending, answer)
            if request.query_params.get("with_response") == "true":
                return self._answered(
                    "CALLBACK_RESPONSE",
                    shapes.callback_response(
                        pending.id, int(pending.payload["type"]), int(answer["type"]), made
                    ),
                )
            return Response(status_code=204)

        return await self._handle(request, work, auth=False)

    def _answer(self, pending: Pending, answer: JSON) -> JSON | None:
        """An interaction's first answer, through its callback or its endpoint's response; the
        message object it made (``None``: a form, choices, a deferral)."""
        now = time.monotonic()
        try:
            if pending.answered_at is not None:
                raise Refused(400, 40060, "Interaction has already been acknowledged.")
            if now - pending.created > self.deadline:
                self.deadline_missed.append(pending.id)
                raise Refused(404, 10062, "Unknown interaction")
            kind = answer.get("type")
            data = answer.get("data") or {}
            _check(
                kind in ANSWERS[int(pending.payload["type"])],
                f"callback type {kind} answers no interaction of type {pending.payload['type']}",
            )
            if kind in (4, 7):
                check_message(data)
            elif kind == 9:
                _check(1 <= len(data.get("title", "")) <= 45, "a modal's title: 1 to 45")
                _check(1 <= len(data.get("custom_id", "")) <= 100, "a modal's custom id")
                check_message(data, modal=True)
            elif kind == 8:
                choices = data.get("choices", [])
                _check(len(choices) <= 25, "25 choices at most")
                for choice in choices:
                    _check(1 <= len(choice["name"]) <= 100, "a choice's name: 1 to 100")
        except Refused as refused:
            self.refused_callbacks.append(refused.message)
            if not pending.first.done():
                pending.first.set_exception(AssertionError(refused.message))
            raise
        pending.answered_at = now
        ephemeral = bool(int(data.get("flags", 0)) & 64)
        message = Message(
            self.id(),
            pending.channel_id,
            data,
            visible_to=pending.user_id if ephemeral or kind in (8, 9) else None,
            kind={
                4: "message",
                5: "deferred",
                6: "pong",
                7: "message",
                8: "autocomplete",
                9: "modal",
                1: "pong",
            }[kind],
        )
        made = None
        if kind in (4, 5, 7):
            made = shapes.message(
                message.id,
                pending.channel_id,
                BOT_USER,
                data,
                ephemeral=ephemeral,
                interaction=shapes.interaction_metadata(
                    pending.payload,
                    pending.opened_by.payload if pending.opened_by is not None else None,
                ),
            )
            message.object = made
        pending.original = message
        if kind in (4, 7, 9, 8):
            self.messages.append(message)
        if not pending.first.done():
            pending.first.set_result(answer)
        if kind not in (5, 6) and not pending.final.done():
            pending.final.set_result(message)
        return made

    def _by_token(self, token: str) -> Pending:
        for pending in self.pending.values():
            if pending.token == token:
                return pending
        raise Refused(404, 10015, "Unknown Webhook")

    async def _edit_original(self, request: Request) -> Response:
        async def work() -> Response:
            pending = self._by_token(request.path_params["token"])
            body = await request.json()
            check_message(body)
            if pending.original is None or pending.original.kind in ("modal", "autocomplete"):
                raise Refused(404, 10008, "Unknown Message")
            pending.original.body = {**pending.original.body, **body}
            if pending.original.kind == "deferred":
                pending.original.kind = "message"
                self.messages.append(pending.original)
            pending.original.object = shapes.message(
                pending.original.id,
                pending.channel_id,
                BOT_USER,
                pending.original.body,
                ephemeral=pending.original.visible_to is not None,
            )
            if not pending.final.done():
                pending.final.set_result(pending.original)
            return self._answered("MESSAGE", pending.original.object)

        return await self._handle(request, work, auth=False)

    async def _follow_up(self, request: Request) -> Response:
        async def work() -> Response:
            pending = self._by_token(request.path_params["token"])
            body = await request.json()
            check_message(body)
            flags = int(body.get("flags", 0))
            message = Message(
                self.id(), pending.channel_id, body, pending.user_id if flags & 64 else None
            )
            message.object = shapes.message(
                message.id, pending.channel_id, BOT_USER, body, ephemeral=bool(flags & 64)
            )
            self.messages.append(message)
            return self._answered("MESSAGE", message.object)

        return await self._handle(request, work, auth=False)

    def _bucket(self, key: str) -> tuple[bool, dict[str, str]]:
        now = time.monotonic()
        start, used = self._windows.get(key, (now, 0))
        if now - start >= self.window:
            start, used = now, 0
        reset_after = max(0.0, self.window - (now - start))
        headers = {
            "X-RateLimit-Limit": str(self.bucket),
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Bucket": "80c17d2f203122d936070c88c8d10f33",
        }
        if used >= self.bucket:
            headers["X-RateLimit-Remaining"] = "0"
            return False, headers
        self._windows[key] = (start, used + 1)
        headers["X-RateLimit-Remaining"] = str(self.bucket - used - 1)
        return True, headers

    def _may_post(self, channel_id: str) -> None:
        """Discord's refusals for a channel the bot may not post in."""
        if channel_id in self.dm_channels.values():
            return
        channel = self.channel_named(channel_id)
        if channel.gone:
            raise Refused(404, 10003, "Unknown Channel")
        if not channel.app_permissions & shapes.VIEW_CHANNEL:
            raise Refused(403, 50001, "Missing Access")
        needed = shapes.SEND_MESSAGES_IN_THREADS if channel.thread_of else shapes.SEND_MESSAGES
        if not channel.app_permissions & needed:
            raise Refused(403, 50013, "Missing Permissions")

    async def _create_message(self, request: Request) -> Response:
        async def work() -> Response:
            channel = request.path_params["channel"]
            self._may_post(channel)
            if self.route_limits > 0:
                self.route_limits -= 1
                self.limited.append(request.url.path)
                return JSONResponse(
                    {"message": "You are being rate limited.", "retry_after": 0.1, "global": False},
                    status_code=429,
                    headers={"Retry-After": "1", "X-RateLimit-Scope": "shared"},
                )
            allowed, headers = self._bucket(channel)
            if not allowed:
                self.limited.append(request.url.path)
                retry = float(headers["X-RateLimit-Reset-After"])
                return JSONResponse(
                    {
                        "message": "You are being rate limited.",
                        "retry_after": retry,
                        "global": False,
                    },
                    status_code=429,
                    headers={
                        **headers,
                        "Retry-After": str(max(1, round(retry))),
                        "X-RateLimit-Scope": "user",
                    },
                )
            body = await request.json()
            if self.refuse_posts > 0:
                self.refuse_posts -= 1
                raise Refused(400, 50035, "Invalid Form Body")
            check_message(body)
            _check(body.get("allowed_mentions") == {"parse": []}, "the app never pings anyone")
            nonce = body.get("nonce")
            if nonce is not None:
                _check(isinstance(nonce, str) and len(nonce) <= 25, "nonce: 25 characters at most")
            if nonce is not None and body.get("enforce_nonce") and (channel, nonce) in self.nonces:
                made = self.nonces[(channel, nonce)]  # the message already made for this nonce
            else:
                message = Message(self.id(), channel, body)
                made = shapes.message(message.id, channel, BOT_USER, body, nonce=nonce)
                message.object = made
                self.messages.append(message)
                if nonce is not None and body.get("enforce_nonce"):
                    self.nonces[(channel, nonce)] = made
            if self.server_errors and self.errors_after_taking:
                # Discord took the post, and the answer was lost on the way.
                return Response(b"upstream request timeout", status_code=self.server_errors.pop(0))
            return self._answered("MESSAGE", made, headers)

        return await self._handle(request, work)

    async def _create_dm(self, request: Request) -> Response:
        async def work() -> Response:
            user = str((await request.json())["recipient_id"])
            channel = self.dm_channels.setdefault(user, self.id())
            return self._answered(
                "DM_CHANNEL", shapes.dm_channel(channel, shapes.user(user, f"user{user[-4:]}"))
            )

        return await self._handle(request, work)

    async def _attachment(self, request: Request) -> Response:
        found = self.attachments.get(request.path_params["name"])
        return (
            Response(found, media_type="application/json")
            if found is not None
            else Response(status_code=404)
        )

    # -- the Gateway --------------------------------------------------------------------------

    async def _gateway(self, websocket: WebSocket) -> None:
        await websocket.accept()
        query = websocket.query_params
        if query.get("v") != "10" or query.get("encoding") != "json":
            await websocket.close(4012)
            return
        socket = _Socket(websocket, query.get("compress") == "zlib-stream")
        self.connections.append(websocket)
        try:
            await socket.send(
                {
                    "op": 10,
                    "d": {"heartbeat_interval": self.heartbeat_ms, "_trace": []},
                    "s": None,
                    "t": None,
                }
            )
            session: Session | None = None
            while True:
                received = await websocket.receive()
                if received["type"] == "websocket.disconnect":
                    return
                raw = received.get("text") or (received.get("bytes") or b"").decode()
                if len(raw.encode()) > 4096:
                    await websocket.close(4002, "Error while decoding payload.")
                    return
                payload = json.loads(raw)
                op = payload.get("op")
                if op == 1:
                    self.heartbeats += 1
                    self.beats.append(payload.get("d"))
                    if not self.zombie:
                        await socket.send({"op": 11, "d": None, "s": None, "t": None})
                elif op == 2:
                    if session is not None:
                        await websocket.close(4005, "Already authenticated.")
                        return
                    if payload["d"].get("token") != TOKEN:
                        await websocket.close(4004, "Authentication failed.")
                        return
                    self.identifies += 1
                    self.sessions_left -= 1
                    session = Session(self.id())
                    self.sessions[session.id] = session
                    self._attach(socket, session)
                    await self._dispatch(
                        "READY",
                        shapes.ready(session.id, f"ws://127.0.0.1:{self.port}/gateway", "fatekit"),
                    )
                elif op == 6:
                    found = self.sessions.get(payload["d"].get("session_id"))
                    if found is None or not found.resumable or payload["d"].get("token") != TOKEN:
                        await socket.send({"op": 9, "d": False, "s": None, "t": None})
                        continue
                    self.resumes += 1
                    session = found
                    seq = int(payload["d"].get("seq") or 0)
                    self._attach(socket, session)
                    for sent in session.sent:
                        if sent["s"] > seq:
                            await socket.send(sent)
                    await self._dispatch("RESUMED", {"_trace": []})
                elif session is None:
                    await websocket.close(4003, "Not authenticated.")
                    return
                elif op in (3, 4, 8):
                    continue  # presence, voice state, member requests: nothing to do here
                else:
                    await websocket.close(4001, "Unknown opcode.")
                    return
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            if websocket in self.connections:
                self.connections.remove(websocket)
            if self._socket is not None and self._socket.socket is websocket:
                self._socket = None
                self._gateway_ready.clear()

    def _attach(self, socket: _Socket, session: Session) -> None:
        self._socket, self._session = socket, session
        self._gateway_ready.set()

    async def _dispatch(self, name: str, data: JSON) -> None:
        session = self._session
        assert session is not None
        session.seq += 1
        payload = {"op": 0, "t": name, "s": session.seq, "d": data}
        session.sent.append(payload)
        self.sent.append((name, data))
        if self._socket is not None:
            # A connection gone meanwhile: the app resumes and is sent it again.
            with contextlib.suppress(Exception):
                await self._socket.send(payload)

    async def ready(self, timeout: float = 10) -> None:
        """Wait until an app has identified (or resumed) on the Gateway."""
        await asyncio.wait_for(self._gateway_ready.wait(), timeout)

    async def send_op(self, payload: JSON) -> None:
        """Send the connected app a raw Gateway payload (Reconnect, Invalid Session...)."""
        assert self._socket is not None
        await self._socket.send({"s": None, "t": None, **payload})

    async def close_gateway(self, code: int, reason: str = "") -> None:
        """Close the app's Gateway connection with ``code``."""
        socket = self._socket
        assert socket is not None
        self._socket = None
        self._gateway_ready.clear()
        await socket.socket.close(code, reason)

    async def drop_gateway(self) -> None:
        """Drop the app's Gateway connection without a closing handshake (a network cut)."""
        socket = self._socket
        assert socket is not None
        self._socket = None
        self._gateway_ready.clear()
        # uvicorn's protocol behind the ASGI receive callable holds the TCP transport: aborted,
        # the connection ends with no closing handshake, as when a network goes.
        protocol = getattr(getattr(socket.socket, "_receive", None), "__self__", None)
        transport = getattr(protocol, "transport", None)
        assert transport is not None, "the server under the stand-in keeps no transport"
        transport.abort()

    # -- interactions -------------------------------------------------------------------------

    async def interact(
        self,
        user: JSON,
        channel_id: str,
        kind: int,
        data: JSON,
        *,
        locale: str = "en-US",
        message: Message | None = None,
        opened_by: Pending | None = None,
    ) -> Pending:
        """A user interacts: over the Gateway (an INTERACTION_CREATE dispatch) or, when an
        endpoint is set, posted to it signed; the first answer arrives in ``first``."""
        pending = Pending(
            self.id(), f"aW50ZXJhY3Rpb246{self.id()}", user["id"], channel_id, time.monotonic(), {}
        )
        channel = self.channel_named(channel_id)
        if channel.thread_of is not None:
            where = shapes.thread_channel(
                channel.id,
                channel.name,
                channel.thread_of,
                user["id"],
                private=channel.private,
                permissions=shapes.MEMBER_PERMISSIONS,
            )
        else:
            where = shapes.guild_text_channel(
                channel.id, channel.name, permissions=shapes.MEMBER_PERMISSIONS
            )
        payload = shapes.interaction(
            interaction_id=pending.id,
            token=pending.token,
            kind=kind,
            data=data,
            person=user,
            channel=where,
            app_permissions=channel.app_permissions,
            locale=locale,
            message_object=message.object if message is not None else None,
        )
        pending.payload = payload
        pending.opened_by = opened_by
        self.pending[pending.id] = pending
        await self.deliver(pending)
        return pending

    async def deliver(self, pending: Pending) -> None:
        """Send an interaction (again, for a replay) the way the app takes them."""
        if self.endpoint is None:
            await self.ready()
            await self._dispatch("INTERACTION_CREATE", pending.payload)
        else:
            self.sent.append(("INTERACTION_CREATE", pending.payload))
            task = asyncio.create_task(self._post(pending))
            self._posts.add(task)
            task.add_done_callback(self._posts.discard)

    def sign(self, body: bytes, timestamp: str) -> str:
        """The Ed25519 signature Discord sends with an interaction."""
        return self.key.sign(timestamp.encode() + body).signature.hex()

    async def _post(self, pending: Pending) -> None:
        body = json.dumps(pending.payload).encode()
        timestamp = str(int(time.time()))
        assert self.endpoint is not None
        response = await self._client.post(
            self.endpoint,
            content=body,
            headers={
                "Content-Type": "application/json",
                "User-Agent": "Discord-Interactions/1.0 (+https://discord.com)",
                "X-Signature-Ed25519": self.sign(body, timestamp),
                "X-Signature-Timestamp": timestamp,
            },
        )
        if response.status_code != 200:
            if not pending.first.done():
                pending.first.set_exception(
                    AssertionError(f"the endpoint answered {response.status_code}: {response.text}")
                )
            return
        with contextlib.suppress(Refused):
            self._answer(pending, response.json())

    async def ping_endpoint(
        self, *, signed: bool = True, body: bytes | None = None, timestamp: str | None = None
    ) -> httpx.Response:
        """Post a PING (Discord does when the endpoint URL is saved), signed or not."""
        assert self.endpoint is not None
        payload = shapes.ping(self.id(), f"aW50ZXJhY3Rpb246{self.id()}")
        raw = body if body is not None else json.dumps(payload).encode()
        if body is None:
            self.sent.append(("INTERACTION_CREATE", payload))
        stamp = timestamp or str(int(time.time()))
        signature = self.sign(raw, stamp) if signed else "00" * 64
        return await self._client.post(
            self.endpoint,
            content=raw,
            headers={
                "X-Signature-Ed25519": signature,
                "X-Signature-Timestamp": stamp,
                "Content-Type": "application/json",
            },
        )

    async def post_signed(self, raw: bytes, timestamp: str | None = None) -> httpx.Response:
        """Post any body to the endpoint, signed as Discord signs (a replay, a hostile body)."""
        assert self.endpoint is not None
        stamp = timestamp or str(int(time.time()))
        return await self._client.post(
            self.endpoint,
            content=raw,
            headers={
                "X-Signature-Ed25519": self.sign(raw, stamp),
                "X-Signature-Timestamp": stamp,
                "Content-Type": "application/json",
            },
        )

    # -- what reached whom --------------------------------------------------------------------

    def seen_by(self, user_id: str) -> list[Message]:
        """Every message the user could read: the channels', their own ephemeral replies and
        forms, and their direct messages."""
        dm = self.dm_channels.get(user_id)
        return [
            m
            for m in self.messages
            if (
                m.visible_to is None
                and m.channel_id != dm
                and m.channel_id not in self.dm_channels.values()
            )
            or m.visible_to == user_id
            or (dm is not None and m.channel_id == dm)
        ]

    def channel(self, channel_id: str) -> list[Message]:
        """The messages everyone in a channel reads."""
        return [
            m
            for m in self.messages
            if m.channel_id == channel_id and m.visible_to is None and m.kind == "message"
        ]

    def direct(self, user_id: str) -> list[Message]:
        """A user's direct messages from the app."""
        dm = self.dm_channels.get(user_id)
        return [m for m in self.messages if dm is not None and m.channel_id == dm]
