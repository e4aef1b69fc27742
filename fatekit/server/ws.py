"""One WebSocket connection: catch a seat up from the version it last saw, then keep it live.

The protocol (``docs/server.md`` has it in full). The client connects to
``/tables/{table_id}/ws?link=<link>&after=<version>[&view=1[&batch=1]]`` and receives, in this order:

1. ``{"kind": "hello", "table_id", "seat", "role", "version", "after"}``, and with ``view=1``
   also ``"view"``: the seat's live document (its view and the page's extras) at ``version``;
2. every event after ``after`` that the seat may see, as ``{"kind": "event", "event": {...}}``,
   with ``{"kind": "version", "version": N}`` where hidden events end a stretch (with ``view=1``
   and no ``after``, none: the page reads its history a page at a time from ``GET .../log``);
3. live events, the same way, each exactly once and in version order; with ``view=1``, each
   command's events are followed by a ``{"kind": "view"}`` message, the patch that brings the
   document up to date (see :mod:`fatekit.server.hub`). With ``batch=1``, a command's live
   messages (its events, then the patch) come in one frame, a JSON array of them in order (the
   page asks for this: a frame, not a message, is what a socket costs to send).

Every message that carries a version moves the client's version on: after a reconnect with
``after`` set to it, nothing is missed and nothing comes twice. A dead client is noticed by the
WebSocket protocol itself: the server (uvicorn, with :func:`protocol_options`) sends a ping frame
every ``heartbeat`` seconds, which browsers and client libraries answer on their own, and closes
a socket whose pong has not come ``timeout`` seconds later (code 1011). An idle socket so costs
the application nothing: no task of its own wakes, no message of ours is parsed. The client may
send ``{"kind": "ping"}`` (answered with a pong; a pong it sends is ignored) and commands:
``{"kind": "command", "id", "type", "data", "expected_version", "idempotency_key", "waive",
"reason"}`` (a GM setting rules aside, as over HTTP), answered with
``{"kind": "ack", "id", "version", "first_version", "replayed"}`` once the events are stored, or
``{"kind": "error", "id", "status", "error", "detail", ...}`` with the body HTTP would give.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from fatekit.formats.wellformed import problems
from fatekit.rules.core.bounds import MAX_WHOLE
from fatekit.server.caps import SeatSockets
from fatekit.server.envelope import MalformedEnvelope, read_envelope
from fatekit.server.errors import problem
from fatekit.server.hub import (
    CLOSE_LINK,
    CLOSE_MALFORMED,
    CLOSE_NO_TABLE,
    CLOSE_TOO_BIG,
    CLOSE_UNAVAILABLE,
    Batch,
    Close,
    Subscriber,
    dumps,
)
from fatekit.server.limits import CLOSE_TOO_MANY, TokenBucket
from fatekit.server.service import Caller, TableService
from fatekit.store.base import MAX_ID_LENGTH
from fatekit.table.codec import FieldErrors

__all__ = ["Phase", "SocketSettings", "protocol_options", "serve_socket"]


class Phase(Enum):
    """Where a connection is in its life."""

    CONNECTING = "connecting"  # accepted; the link is being checked
    CATCHING_UP = "catching up"  # sending the events the client missed
    LIVE = "live"  # sending events as they are committed
    CLOSED = "closed"


@dataclass(frozen=True, slots=True)
class SocketSettings:
    """Heartbeat and limits of the WebSocket connections."""

    heartbeat: float = 20.0  # seconds between the protocol's ping frames
    timeout: float = 20.0  # seconds a pong may take before the client is dropped
    max_message: int = 1 << 20  # bytes in one client message
    command_rate: float = 20.0  # commands a second, on average...
    command_burst: float = 40.0  # ...with bursts of up to this many
    behind: int = 512  # commands' events queued for a client before it is told to reconnect


def protocol_options(settings: SocketSettings) -> dict[str, Any]:
    """The settings of uvicorn's WebSocket protocol for the server's sockets: its ping frames
    are the heartbeat, and a message has ``settings``' size cap."""
    return {
        "ws_max_size": settings.max_message,
        "ws_ping_interval": settings.heartbeat,
        "ws_ping_timeout": settings.timeout,
        # Our messages are small JSON: compressing each one costs more CPU than it saves.
        "ws_per_message_deflate": False,
    }


_STATUS_CLOSE = {
    401: CLOSE_LINK,
    403: 4403,
    404: CLOSE_NO_TABLE,
    429: CLOSE_TOO_MANY,
    503: CLOSE_UNAVAILABLE,
}


async def serve_socket(
    socket: WebSocket,
    service: TableService,
    settings: SocketSettings,
    table_id: str,
    link: str | None,
    after: str | None,
    view: str | None = None,
    seats: SeatSockets | None = None,
    batch: str | None = None,
) -> None:
    """Run one connection from accept to close (refused when its seat has ``seats``' cap)."""
    await socket.accept()
    try:
        caller = await service.resolve(link, table_id)
        document = _flag(view, "view", "keep the live document")
        together = _flag(batch, "batch", "have each command's messages in one frame")
        start = _after(after, document)
    except Exception as error:
        status, body = problem(error)
        await _refuse(socket, status, body)
        return
    if seats is not None and not seats.take(caller.table_id, caller.seat):
        await _refuse(socket, 429, seats.refusal())
        return
    try:
        await _Connection(socket, service, settings, caller, document, together).run(start)
    finally:
        if seats is not None:
            seats.give_back(caller.table_id, caller.seat)


def _flag(text: str | None, name: str, does: str) -> bool:
    if text in (None, "", "0", "false"):
        return False
    if text in ("1", "true"):
        return True
    raise FieldErrors("subscription", {name: f"1 or true to {does}, else 0"})


def _after(text: str | None, document: bool) -> int | None:
    if text is None or text == "":
        return None if document else 0  # a document brings the table as it is: no backlog
    if not (text.isascii() and text.isdigit()) or int(text) > MAX_WHOLE:
        raise FieldErrors(
            "subscription", {"after": f"a version: a whole number from 0 to {MAX_WHOLE}"}
        )
    return int(text)


async def _refuse(socket: WebSocket, status: int, body: dict[str, Any]) -> None:
    try:
        await socket.send_text(dumps({"kind": "error", "status": status, **body}))
        await socket.close(_STATUS_CLOSE.get(status, CLOSE_MALFORMED), str(body["detail"])[:120])
    except (WebSocketDisconnect, RuntimeError):
        pass  # the client is already gone


@dataclass(eq=False)
class _Connection:
    socket: WebSocket
    service: TableService
    settings: SocketSettings
    caller: Caller
    document: bool = False
    # Each command's messages (its events, then the document's patch) in one frame, a JSON
    # array: one send a command rather than one a message, which is most of a socket's cost.
    together: bool = False
    phase: Phase = field(default=Phase.CONNECTING, init=False)
    bucket: TokenBucket = field(init=False)
    sent: int = field(default=0, init=False)  # the version the client has been brought to

    def __post_init__(self) -> None:
        self.bucket = TokenBucket(self.settings.command_rate, self.settings.command_burst)

    async def run(self, after: int | None) -> None:
        fanout = self.service.fanout
        # Subscribe before reading the backlog: whatever is committed meanwhile is queued.
        try:
            subscriber = await fanout.watch(
                self.caller.table_id, self.caller.seat, document=self.document
            )
        except Exception as error:  # the store failed (the first watcher reads its version)
            status, body = problem(error)
            await _refuse(self.socket, status, body)
            return
        tasks = [
            asyncio.ensure_future(self._send(subscriber, after)),
            asyncio.ensure_future(self._receive(subscriber)),
        ]
        close: Close | None = None
        try:
            done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            for task in done:
                if not task.cancelled() and task.exception() is None:
                    result = task.result()
                    if isinstance(result, Close):
                        close = result
        finally:
            # Cancelled, not awaited: this task may itself be being cancelled (the server
            # shutting down), and waiting here would swallow or confuse that cancellation.
            for task in tasks:
                task.cancel()
            fanout.unwatch(subscriber)
            self.phase = Phase.CLOSED
        if close is not None and self.socket.client_state is WebSocketState.CONNECTED:
            with contextlib.suppress(WebSocketDisconnect, RuntimeError):
                await self.socket.close(close.code, close.reason)

    # -- outgoing -------------------------------------------------------------------------------

    async def _send(self, subscriber: Subscriber, start: int | None) -> Close | None:
        self.phase = Phase.CATCHING_UP
        try:
            caught = await self.service.catch_up(self.caller, start, self.document)
        except Exception as error:
            status, body = problem(error)
            await self.socket.send_text(dumps({"kind": "error", "status": status, **body}))
            return Close(_STATUS_CLOSE.get(status, CLOSE_MALFORMED), str(body["detail"])[:120])
        version = caught.version
        after = version if start is None else start
        if after > version:
            await self.socket.send_text(
                dumps(
                    {
                        "kind": "error",
                        "status": 422,
                        "error": "malformed",
                        "detail": f"the table is at version {version}, not {after}",
                        "fields": {"after": f"at most {version}"},
                        "waivable": False,
                    }
                )
            )
            return Close(CLOSE_MALFORMED, "after is past the table's version")
        self.sent = after
        hello: dict[str, Any] = {
            "kind": "hello",
            "table_id": self.caller.table_id,
            "seat": self.caller.seat,
            "role": caught.role,
            "version": version,
            "after": after,
        }
        if caught.document is not None:
            hello["view"] = caught.document
        await self.socket.send_text(dumps(hello))
        for line_version, text in caught.lines:
            await self.socket.send_text(text)
            self.sent = line_version
        self.sent = max(self.sent, version)
        self.phase = Phase.LIVE
        while True:
            item = await subscriber.outbox.get()
            if isinstance(item, Close):
                return item
            if isinstance(item, str):
                await self.socket.send_text(item)
                continue
            subscriber.pending -= 1
            await self._deliver(item)

    async def _deliver(self, batch: Batch) -> None:
        if batch.last <= self.sent:
            return  # already sent with the backlog
        if batch.first > self.sent + 1:
            # A gap: events committed but not (yet) published to us. Read them from the store,
            # with a whole document if this connection keeps one (its patches no longer fit).
            caught = await self.service.catch_up(self.caller, self.sent, self.document)
            for _, text in caught.lines:
                await self.socket.send_text(text)
            if caught.document is not None:
                await self.socket.send_text(
                    dumps({"kind": "view", "version": caught.version, "view": caught.document})
                )
            self.sent = caught.version
            if batch.last <= self.sent:
                return
        texts = [text for line_version, text in batch.lines if line_version > self.sent]
        if self.together and len(texts) > 1:
            await self.socket.send_text(f"[{','.join(texts)}]")
        else:
            for text in texts:
                await self.socket.send_text(text)
        self.sent = batch.last

    # -- incoming -------------------------------------------------------------------------------

    async def _receive(self, subscriber: Subscriber) -> Close | None:
        while True:
            message = await self.socket.receive()
            if message["type"] == "websocket.disconnect":
                return None
            text = message.get("text")
            if text is None:
                raw = message.get("bytes") or b""
                text = raw.decode("utf-8", errors="replace")
            if len(text.encode("utf-8")) > self.settings.max_message:
                detail = f"messages are at most {self.settings.max_message} bytes"
                # Said in a frame as every other refusal is, then the socket is closed.
                refusal = {"kind": "error", "status": 413, "error": "too_large", "detail": detail}
                await self.socket.send_text(dumps(refusal))
                return Close(CLOSE_TOO_BIG, detail)
            await self._answer(subscriber, text)

    async def _answer(self, subscriber: Subscriber, text: str) -> None:
        try:
            message = json.loads(text)
        except (ValueError, RecursionError):
            message = None
        if not isinstance(message, dict):
            self._reply(subscriber, _malformed(None, {"$": "expected a JSON object"}))
            return
        # What no one may keep (a lone surrogate, NUL, a number past 64 bits, a text over the
        # cap) is refused as the message is read, before anything is done, and a bad id is not echoed: the answer must reach the client.
        found = dict(sorted(problems(message, "", max_text=self.service.caps.caps.text).items()))
        reference = message.get("id")
        if not _is_reference(reference):
            found["id"] = f"a string of 1 to {MAX_ID_LENGTH} characters, a whole number or null"
        if found:
            self._reply(subscriber, _malformed(None if "id" in found else reference, found))
            return
        kind = message.get("kind")
        if kind == "pong":
            return  # a page loaded before the heartbeat became the protocol's still answers
        if kind == "ping":
            self._reply(subscriber, {"kind": "pong"})
            return
        if kind == "command":
            reference = message.get("id")
            wait = self.bucket.take(time.monotonic())
            if wait > 0:
                self._reply(
                    subscriber,
                    {
                        "kind": "error",
                        "id": reference,
                        "status": 429,
                        "error": "slow_down",
                        "detail": "too many commands: slow down",
                        "retry_after": round(wait, 3),
                    },
                )
                return
            self._reply(subscriber, await self._command(message))
            return
        self._reply(
            subscriber,
            _malformed(message.get("id"), {"kind": "one of: command, ping, pong"}),
        )

    async def _command(self, message: dict[str, Any]) -> dict[str, Any]:
        reference = message.get("id")
        try:
            envelope = read_envelope({k: v for k, v in message.items() if k not in ("kind", "id")})
        except MalformedEnvelope as error:
            return _malformed(reference, error.fields)
        try:
            executed, _ = await self.service.command(
                self.caller,
                envelope.type,
                envelope.data,
                expected_version=envelope.expected_version,
                idempotency_key=envelope.idempotency_key,
                waive=envelope.waive,
                reason=envelope.reason,
                shown=False,
            )
        except Exception as error:
            status, body = problem(error)
            return {"kind": "error", "id": reference, "status": status, **body}
        return {
            "kind": "ack",
            "id": reference,
            "first_version": executed.events[0].version,
            "version": executed.events[-1].version,
            "replayed": executed.replayed,
        }

    def _reply(self, subscriber: Subscriber, message: dict[str, Any]) -> None:
        subscriber.outbox.put_nowait(dumps(message))


def _is_reference(value: object) -> bool:
    """Whether a message's ``id`` is one the server echoes: a short string, a whole number
    (within 64 bits, checked with the rest of the message) or null."""
    if isinstance(value, str):
        return 0 < len(value) <= MAX_ID_LENGTH
    return value is None or (isinstance(value, int) and not isinstance(value, bool))


def _malformed(reference: object, fields: dict[str, str]) -> dict[str, Any]:
    listed = "; ".join(f"{k}: {v}" for k, v in fields.items())
    return {
        "kind": "error",
        "id": reference,
        "status": 422,
        "error": "malformed",
        "detail": f"malformed message: {listed}",
        "fields": fields,
        "waivable": False,
    }
