"""A stand-in for Discord that speaks its documented protocol, for the front door's tests.

No machine here reaches Discord, so the tests point the app at this instead: one local server
(Starlette under uvicorn) that is the REST API at ``/api/v10`` and the Gateway at ``/gateway``,
and that posts signed interactions to an app's HTTP endpoint. It follows Discord's API
documentation (the discord/discord-api-docs repository):

- Gateway: Hello with a heartbeat interval; Identify (a bad token closes 4004) answered by a
  READY dispatch with ``session_id`` and ``resume_gateway_url``; Heartbeat answered by Heartbeat
  ACK (unless the test makes the connection a zombie); Resume replays the dispatches missed since
  ``seq`` and ends with RESUMED, or Invalid Session when the session is gone; the test can send
  Reconnect, Invalid Session, Heartbeat requests, and drop or close the connection.
- Interactions: each one a user makes gets an id and a token; the first answer must come within
  three seconds (a late callback gets 404 "Unknown interaction", a second one 400 "already
  acknowledged"); deferred answers are filled in later through the webhook routes.
- REST: ``GET /gateway/bot``, ``PUT /applications/{id}/commands`` (the commands' shape checked as
  the docs describe it), the interaction callback, ``PATCH .../messages/@original``, follow-ups,
  ``POST /channels/{id}/messages``, ``POST /users/@me/channels``; bodies checked for Discord's
  limits (2,000 characters, five rows of five buttons, 100-character custom ids...).
- Rate limits: each channel's messages are a bucket answered with ``X-RateLimit-*`` headers; a
  request past its bucket gets 429 with ``retry_after``; the test can also serve global 429s.
- Signatures: interactions posted to an endpoint are signed with an Ed25519 key the stand-in
  holds (``X-Signature-Ed25519``, ``X-Signature-Timestamp``).

Everything users could see is kept: channel messages, each user's ephemeral replies and forms,
and each user's direct messages, so a test can search what reached whom.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import httpx2
import uvicorn
from nacl.signing import SigningKey
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

JSON = dict[str, Any]
TOKEN = "Bot-token.for-the-stand-in.0123456789"
APPLICATION = "100000000000000001"
GUILD = "200000000000000001"
BOT_USER = {"id": "100000000000000002", "username": "fatekit", "bot": True}
DEADLINE = 3.0  # seconds for an interaction's first answer
NAME = re.compile(r"^[-_'\w]{1,32}$")


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
    _check(len(rows) <= 5, "components: 5 at most")
    ids: set[str] = set()
    for row in rows:
        if modal and row.get("type") == 18:
            inner = row["component"]
            _check(inner.get("type") == 4, "a label wraps a text input here")
            _check(1 <= len(inner.get("custom_id", "")) <= 100, "custom_id: 1 to 100")
            _check(len(row.get("label", "")) <= 45, "label: 45 at most")
            continue
        _check(row.get("type") == 1, "a top-level component is an action row")
        inner = row.get("components") or []
        _check(1 <= len(inner) <= 5, "an action row holds 1 to 5 components")
        for component in inner:
            custom_id = component.get("custom_id", "")
            _check(1 <= len(custom_id) <= 100, "custom_id: 1 to 100 characters")
            _check(custom_id not in ids, "custom ids are unique in a message")
            ids.add(custom_id)
            if component["type"] == 2:
                _check(len(component.get("label", "")) <= 80, "a button's label: 80 at most")
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

    @property
    def content(self) -> str:
        return str(self.body.get("content", ""))

    def buttons(self) -> dict[str, str]:
        """Each button's label by custom id (and each menu's custom id to its options)."""
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


@dataclass
class Session:
    """A Gateway session: its id, the dispatches sent (for replays), whether it may resume."""

    id: str
    seq: int = 0
    sent: list[JSON] = field(default_factory=list)
    resumable: bool = True


class StandIn:
    """The fake Discord. ``async with StandIn() as discord:``; ``discord.api`` is the REST base the
    app is configured with; its Gateway URL comes from ``GET /gateway/bot``."""

    def __init__(
        self,
        *,
        heartbeat_ms: int = 200,
        bucket: int = 5,
        window: float = 0.5,
        deadline: float = DEADLINE,
    ) -> None:
        self.deadline = deadline
        self.heartbeat_ms = heartbeat_ms
        self.bucket, self.window = bucket, window
        self.key = SigningKey.generate()
        self.public_key = self.key.verify_key.encode().hex()
        self.port = 0
        self._ids = itertools.count(300_000_000_000_000_000)
        self.messages: list[Message] = []
        self.pending: dict[str, Pending] = {}
        self.dm_channels: dict[str, str] = {}  # user -> DM channel id
        self.commands: list[JSON] = []
        self.sessions: dict[str, Session] = {}
        self.identifies = 0
        self.resumes = 0
        self.heartbeats = 0
        self.beats: list[object] = []  # each heartbeat's last sequence number
        self.connections: list[WebSocket] = []
        self.zombie = False
        self.global_limits = 0  # how many requests to answer with a global 429
        self.limited: list[str] = []  # the routes answered 429
        self.deadline_missed: list[str] = []
        self.endpoint: str | None = None  # an app's interactions endpoint (HTTP way in)
        self._windows: dict[str, tuple[float, int]] = {}
        self._server: uvicorn.Server | None = None
        self._task: asyncio.Task[None] | None = None
        self._gateway_ready = asyncio.Event()
        self._socket: WebSocket | None = None
        self._session: Session | None = None
        self._client = httpx2.AsyncClient(timeout=10)
        self.attachments: dict[str, bytes] = {}
        self._posts: set[asyncio.Task[None]] = set()

    def id(self) -> str:
        return str(next(self._ids))

    @property
    def api(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    # -- running ------------------------------------------------------------------------------

    async def __aenter__(self) -> StandIn:
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
        config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="off")
        self._server = uvicorn.Server(config)
        self._task = asyncio.create_task(self._server.serve())
        while not self._server.started:
            await asyncio.sleep(0.01)
        self.port = self._server.servers[0].sockets[0].getsockname()[1]
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self._server is not None and self._task is not None
        for socket in list(self.connections):
            with contextlib.suppress(Exception):
                await socket.close(1001)
        self._server.should_exit = True
        await self._task
        await self._client.aclose()

    # -- REST ---------------------------------------------------------------------------------

    async def _handle(
        self, request: Request, work: Callable[[], Awaitable[Response]], *, auth: bool = True
    ) -> Response:
        try:
            if self.global_limits > 0:
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
            _check(request.headers.get("user-agent", "").startswith("DiscordBot ("), "User-Agent")
            return await work()
        except Refused as refused:
            return JSONResponse(
                {"message": refused.message, "code": refused.code}, status_code=refused.status
            )

    async def _gateway_bot(self, request: Request) -> Response:
        async def work() -> Response:
            return JSONResponse(
                {
                    "url": f"ws://127.0.0.1:{self.port}/gateway",
                    "shards": 1,
                    "session_start_limit": {
                        "total": 1000,
                        "remaining": 999,
                        "reset_after": 14400000,
                        "max_concurrency": 1,
                    },
                }
            )

        return await self._handle(request, work)

    async def _put_commands(self, request: Request) -> Response:
        async def work() -> Response:
            commands = await request.json()
            check_commands(commands)
            self.commands = [
                {**c, "id": self.id(), "application_id": APPLICATION, "version": "1"}
                for c in commands
            ]
            return JSONResponse(self.commands)

        return await self._handle(request, work)

    async def _callback(self, request: Request) -> Response:
        async def work() -> Response:
            pending = self.pending.get(request.path_params["id"])
            if pending is None or pending.token != request.path_params["token"]:
                raise Refused(404, 10062, "Unknown interaction")
            return self._answer(pending, await request.json())

        return await self._handle(request, work, auth=False)

    def _answer(self, pending: Pending, answer: JSON) -> Response:
        """An interaction's first answer, through its callback or its endpoint's response."""
        now = time.monotonic()
        if pending.answered_at is not None:
            raise Refused(400, 40060, "Interaction has already been acknowledged")
        if now - pending.created > self.deadline:
            self.deadline_missed.append(pending.id)
            raise Refused(404, 10062, "Unknown interaction")
        kind = answer.get("type")
        data = answer.get("data") or {}
        if kind == 4:
            check_message(data)
        elif kind == 9:
            _check(1 <= len(data.get("title", "")) <= 45, "a modal's title: 1 to 45")
            _check(1 <= len(data.get("custom_id", "")) <= 100, "a modal's custom id")
            check_message(data, modal=True)
        elif kind == 8:
            _check(len(data.get("choices", [])) <= 25, "25 choices at most")
        elif kind not in (1, 5):
            raise Refused(400, 50035, f"Invalid Form Body: callback type {kind}")
        pending.answered_at = now
        message = Message(
            self.id(),
            pending.channel_id,
            data,
            visible_to=pending.user_id
            if int(data.get("flags", 0)) & 64 or kind in (8, 9)
            else None,
            kind={4: "message", 5: "deferred", 8: "autocomplete", 9: "modal", 1: "pong"}[kind],
        )
        if kind == 5:
            message.visible_to = pending.user_id if int(data.get("flags", 0)) & 64 else None
        pending.original = message
        if kind in (4, 9, 8):
            self.messages.append(message)
        pending.first.set_result(answer)
        if kind != 5 and not pending.final.done():
            pending.final.set_result(message)
        return Response(status_code=204)

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
            if pending.original is None:
                raise Refused(404, 10008, "Unknown Message")
            pending.original.body = {**pending.original.body, **body}
            if pending.original.kind == "deferred":
                pending.original.kind = "message"
                self.messages.append(pending.original)
            if not pending.final.done():
                pending.final.set_result(pending.original)
            return JSONResponse({"id": pending.original.id, **pending.original.body})

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
            self.messages.append(message)
            return JSONResponse({"id": message.id, **body})

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
            "X-RateLimit-Bucket": "channel-messages",
        }
        if used >= self.bucket:
            headers["X-RateLimit-Remaining"] = "0"
            return False, headers
        self._windows[key] = (start, used + 1)
        headers["X-RateLimit-Remaining"] = str(self.bucket - used - 1)
        return True, headers

    async def _create_message(self, request: Request) -> Response:
        async def work() -> Response:
            channel = request.path_params["channel"]
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
            check_message(body)
            _check(body.get("allowed_mentions") == {"parse": []}, "the app never pings anyone")
            message = Message(self.id(), channel, body)
            self.messages.append(message)
            return JSONResponse({"id": message.id, "channel_id": channel, **body}, headers=headers)

        return await self._handle(request, work)

    async def _create_dm(self, request: Request) -> Response:
        async def work() -> Response:
            user = str((await request.json())["recipient_id"])
            channel = self.dm_channels.setdefault(user, self.id())
            return JSONResponse({"id": channel, "type": 1, "recipients": [{"id": user}]})

        return await self._handle(request, work)

    async def _attachment(self, request: Request) -> Response:
        found = self.attachments.get(request.path_params["name"])
        return (
            Response(found, media_type="application/json")
            if found is not None
            else Response(status_code=404)
        )

    # -- the Gateway --------------------------------------------------------------------------

    async def _gateway(self, socket: WebSocket) -> None:
        await socket.accept()
        query = socket.query_params
        if query.get("v") != "10" or query.get("encoding") != "json":
            await socket.close(4012)
            return
        self.connections.append(socket)
        beat = asyncio.Event()
        try:
            await socket.send_json(
                {"op": 10, "d": {"heartbeat_interval": self.heartbeat_ms}, "s": None, "t": None}
            )
            session: Session | None = None
            while True:
                raw = await socket.receive_text()
                if len(raw.encode()) > 4096:
                    await socket.close(4002)
                    return
                payload = json.loads(raw)
                op = payload.get("op")
                if op == 1:
                    self.heartbeats += 1
                    self.beats.append(payload.get("d"))
                    beat.set()
                    if not self.zombie:
                        await socket.send_json({"op": 11})
                elif op == 2:
                    if session is not None:
                        await socket.close(4005)
                        return
                    if payload["d"].get("token") != TOKEN:
                        await socket.close(4004, "Authentication failed.")
                        return
                    self.identifies += 1
                    session = Session(self.id())
                    self.sessions[session.id] = session
                    self._attach(socket, session)
                    await self._dispatch(
                        "READY",
                        {
                            "v": 10,
                            "user": BOT_USER,
                            "guilds": [{"id": GUILD, "unavailable": True}],
                            "session_id": session.id,
                            "resume_gateway_url": f"ws://127.0.0.1:{self.port}/gateway",
                            "application": {"id": APPLICATION, "flags": 0},
                        },
                    )
                elif op == 6:
                    found = self.sessions.get(payload["d"].get("session_id"))
                    if found is None or not found.resumable or payload["d"].get("token") != TOKEN:
                        await socket.send_json({"op": 9, "d": False})
                        continue
                    self.resumes += 1
                    session = found
                    seq = int(payload["d"].get("seq") or 0)
                    self._attach(socket, session)
                    for sent in session.sent:
                        if sent["s"] > seq:
                            await socket.send_json(sent)
                    await self._dispatch("RESUMED", {})
                elif session is None:
                    await socket.close(4003, "Not authenticated.")
                    return
                else:
                    await socket.close(4001, "Unknown opcode.")
                    return
        except WebSocketDisconnect:
            pass
        finally:
            if socket in self.connections:
                self.connections.remove(socket)
            if self._socket is socket:
                self._socket = None
                self._gateway_ready.clear()

    def _attach(self, socket: WebSocket, session: Session) -> None:
        self._socket, self._session = socket, session
        self._gateway_ready.set()

    async def _dispatch(self, name: str, data: JSON) -> None:
        session = self._session
        assert session is not None
        session.seq += 1
        payload = {"op": 0, "t": name, "s": session.seq, "d": data}
        session.sent.append(payload)
        if self._socket is not None:
            # A connection gone meanwhile: the app resumes and is sent it again.
            with contextlib.suppress(Exception):
                await self._socket.send_json(payload)

    async def ready(self, timeout: float = 10) -> None:
        """Wait until an app has identified (or resumed) on the Gateway."""
        await asyncio.wait_for(self._gateway_ready.wait(), timeout)

    async def send_op(self, payload: JSON) -> None:
        """Send the connected app a raw Gateway payload (Reconnect, Invalid Session...)."""
        assert self._socket is not None
        await self._socket.send_json(payload)

    async def close_gateway(self, code: int) -> None:
        """Close the app's Gateway connection with ``code``."""
        socket = self._socket
        assert socket is not None
        self._socket = None
        self._gateway_ready.clear()
        await socket.close(code)

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
    ) -> Pending:
        """A user interacts: over the Gateway (an INTERACTION_CREATE dispatch) or, when an
        endpoint is set, posted to it signed; the first answer arrives in ``first``."""
        pending = Pending(
            self.id(), f"tok-{self.id()}", user["id"], channel_id, time.monotonic(), {}
        )
        payload: JSON = {
            "id": pending.id,
            "application_id": APPLICATION,
            "type": kind,
            "data": data,
            "guild_id": GUILD,
            "channel_id": channel_id,
            "channel": {"id": channel_id, "type": 0},
            "member": {"user": user, "roles": [], "permissions": "0", "nick": None},
            "token": pending.token,
            "version": 1,
            "app_permissions": "0",
            "locale": locale,
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": GUILD},
            "context": 0,
            "attachment_size_limit": 10485760,
        }
        if message is not None:
            payload["message"] = {
                "id": message.id,
                "channel_id": message.channel_id,
                **message.body,
            }
        pending.payload = payload
        self.pending[pending.id] = pending
        if self.endpoint is None:
            await self.ready()
            await self._dispatch("INTERACTION_CREATE", payload)
        else:
            task = asyncio.create_task(self._post(pending))
            self._posts.add(task)
            task.add_done_callback(self._posts.discard)
        return pending

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
                "X-Signature-Ed25519": self.sign(body, timestamp),
                "X-Signature-Timestamp": timestamp,
            },
        )
        if response.status_code != 200:
            pending.first.set_exception(
                AssertionError(f"the endpoint answered {response.status_code}: {response.text}")
            )
            return
        try:
            self._answer(pending, response.json())
        except Refused as refused:
            if not pending.first.done():
                pending.first.set_exception(AssertionError(refused.message))

    async def ping_endpoint(
        self, *, signed: bool = True, body: bytes | None = None
    ) -> httpx2.Response:
        """Post a PING (Discord does when the endpoint URL is saved), signed or not."""
        assert self.endpoint is not None
        raw = (
            body
            if body is not None
            else json.dumps(
                {
                    "id": self.id(),
                    "type": 1,
                    "application_id": APPLICATION,
                    "token": "t",
                    "version": 1,
                }
            ).encode()
        )
        timestamp = str(int(time.time()))
        signature = self.sign(raw, timestamp) if signed else "00" * 64
        return await self._client.post(
            self.endpoint,
            content=raw,
            headers={
                "X-Signature-Ed25519": signature,
                "X-Signature-Timestamp": timestamp,
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
