"""The outbound way in: a connection to Discord's Gateway that receives the interactions.

A GM can run this on a laptop behind a home router: the app only connects out. The cycle is the
one Discord's Gateway documentation describes:

1. ``GET /gateway/bot`` gives the URL (kept for later reconnections);
2. the Gateway says Hello with a heartbeat interval: the first heartbeat goes after a random part
   of it, then one every interval, each carrying the last sequence number seen; a heartbeat the
   Gateway does not acknowledge before the next one is due means the connection is dead (it is
   closed with a code other than 1000, so the session survives, and resumed);
3. Identify, answered by Ready with the session's id and the URL to resume at;
4. Dispatches: each ``INTERACTION_CREATE`` is handed to the handler at once, in a task of its own,
   so a slow move never holds up the next interaction or the heartbeat;
5. when the connection drops, or the Gateway asks (Reconnect, or Invalid Session that may be
   resumed), a new connection to the resume URL sends Resume with the session and the last
   sequence number, and the Gateway replays what was missed; when the session cannot be resumed
   (Invalid Session ``false``, close codes 4007 and 4009), a new connection identifies again;
   the close codes that say reconnecting cannot help (a wrong token, bad intents...) end the run.

Answers to interactions never travel over the Gateway: they are HTTP calls (:mod:`.rest`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from fatekit.discord.protocol import API_VERSION, FATAL_CLOSE_CODES, Op
from fatekit.discord.rest import Rest

__all__ = ["Gateway", "GatewayStopped"]

_log = logging.getLogger("fatekit.discord")

#: The close code the app sends to end a connection while keeping the session to resume.
KEEP_SESSION = 4000
#: Close codes after which the session is gone and the app must identify again.
NEW_SESSION_CODES = frozenset({4007, 4009})
#: The largest Gateway message accepted (Ready can be large for a bot in many servers).
MAX_MESSAGE = 16 << 20

Handler = Callable[[dict[str, Any]], Awaitable[None]]


class GatewayStopped(Exception):
    """The Gateway closed with a code that says reconnecting cannot help."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(f"the Discord Gateway closed the connection with {code}: {reason}")
        self.code = code


@dataclass(slots=True)
class _Session:
    id: str | None = None
    resume_url: str | None = None
    seq: int | None = None


class _Reconnect(Exception):
    """Drop this connection and open another (resuming when ``resume``)."""

    def __init__(self, resume: bool) -> None:
        self.resume = resume


class Gateway:
    """One Gateway connection for the bot ``token``, handing interactions to ``on_interaction``.

    ``intents`` is 0: interactions come whatever the intents, and the app wants nothing else.
    ``jitter`` picks the part of the first heartbeat interval to wait (random, as Discord asks).
    """

    def __init__(
        self,
        rest: Rest,
        token: str,
        on_interaction: Handler,
        *,
        intents: int = 0,
        jitter: Callable[[], float] = random.random,
        retry_delay: float = 1.0,
    ) -> None:
        self._rest = rest
        self._token = token
        self._on_interaction = on_interaction
        self._intents = intents
        self._jitter = jitter
        self._retry_delay = retry_delay
        self._url: str | None = None
        self._session = _Session()
        self._tasks: set[asyncio.Task[None]] = set()
        self._stopping = asyncio.Event()
        self._socket: ClientConnection | None = None
        #: True between Ready (or Resumed) and the connection's end.
        self.ready = asyncio.Event()
        #: How many times this gateway identified and resumed (for the log and the tests).
        self.identified = 0
        self.resumed = 0
        self.user: dict[str, Any] = {}

    # -- running ---------------------------------------------------------------------------------

    async def run(self) -> None:
        """Connect, and reconnect whenever the connection drops, until :meth:`stop`. Raises
        :class:`GatewayStopped` when the Gateway says reconnecting cannot help."""
        failures = 0
        while not self._stopping.is_set():
            try:
                await self._connection()
                failures = 0
            except _Reconnect as again:
                if not again.resume:
                    self._session = _Session()
                failures = 0
            except ConnectionClosed:
                failures = 0  # closed before the Hello: connect again and resume
            except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as error:
                failures += 1
                _log.warning("the Discord Gateway cannot be reached: %s", error)
                if failures > 2:
                    self._url = None  # ask for the URL again, as Discord's docs advise
            finally:
                self.ready.clear()
                self._socket = None
            if not self._stopping.is_set() and failures:
                delay = min(60.0, self._retry_delay * 2 ** min(failures, 6))
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._stopping.wait(), delay)

    async def stop(self) -> None:
        """Close the connection (ending the session) and wait for the interactions in hand."""
        self._stopping.set()
        if self._socket is not None:
            await self._socket.close(1000, "fatekit stops")
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _connection(self) -> None:
        resume = self._session.id is not None and self._session.resume_url is not None
        if resume:
            base = self._session.resume_url
        else:
            if self._url is None:
                self._url = str((await self._rest.gateway_bot())["url"])
            base = self._url
        assert base is not None
        url = f"{base.rstrip('/')}/?v={API_VERSION}&encoding=json"
        async with connect(url, max_size=MAX_MESSAGE, open_timeout=15) as socket:
            self._socket = socket
            heart: asyncio.Task[None] | None = None
            try:
                hello = await self._receive(socket)
                if hello.get("op") == Op.RECONNECT:
                    raise _Reconnect(resume=True)
                if hello.get("op") != Op.HELLO:
                    raise _Reconnect(resume=resume)
                interval = float(hello["d"]["heartbeat_interval"]) / 1000
                acked = asyncio.Event()
                acked.set()
                heart = asyncio.create_task(self._heartbeat(socket, interval, acked))
                await self._send(socket, self._resume() if resume else self._identify())
                await self._listen(socket, acked)
            except ConnectionClosed as closed:
                self._closed(closed)
            finally:
                if heart is not None:
                    heart.cancel()
                    # A beat that found the connection closed ended the task with that error.
                    with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
                        await heart

    def _closed(self, closed: ConnectionClosed) -> None:
        code = closed.rcvd.code if closed.rcvd is not None else None
        if self._stopping.is_set():
            return
        if code in FATAL_CLOSE_CODES:
            assert closed.rcvd is not None
            raise GatewayStopped(code, closed.rcvd.reason)
        raise _Reconnect(resume=code not in NEW_SESSION_CODES)

    async def _listen(self, socket: ClientConnection, acked: asyncio.Event) -> None:
        while True:
            payload = await self._receive(socket)
            op = payload.get("op")
            if op == Op.DISPATCH:
                if isinstance(payload.get("s"), int):
                    self._session.seq = payload["s"]
                self._dispatch(str(payload.get("t")), payload.get("d"))
            elif op == Op.HEARTBEAT:
                await self._send(socket, {"op": Op.HEARTBEAT, "d": self._session.seq})
            elif op == Op.HEARTBEAT_ACK:
                acked.set()
            elif op == Op.RECONNECT:
                await socket.close(KEEP_SESSION, "reconnecting as asked")
                raise _Reconnect(resume=True)
            elif op == Op.INVALID_SESSION:
                resumable = payload.get("d") is True
                await socket.close(KEEP_SESSION if resumable else 1000, "invalid session")
                if not resumable:
                    # Discord's docs: wait a little before identifying again.
                    await asyncio.sleep(self._retry_delay * (1 + self._jitter() * 4))
                raise _Reconnect(resume=resumable)

    def _dispatch(self, name: str, data: Any) -> None:
        if name == "READY" and isinstance(data, dict):
            self._session.id = str(data["session_id"])
            self._session.resume_url = str(data["resume_gateway_url"])
            self.user = dict(data.get("user") or {})
            self.identified += 1
            self.ready.set()
            _log.info("connected to the Discord Gateway as %s", self.user.get("username", "?"))
        elif name == "RESUMED":
            self.resumed += 1
            self.ready.set()
        elif name == "INTERACTION_CREATE" and isinstance(data, dict):
            task = asyncio.create_task(self._handle(data))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _handle(self, interaction: dict[str, Any]) -> None:
        try:
            await self._on_interaction(interaction)
        except Exception:
            _log.exception("an interaction could not be answered")

    async def _heartbeat(
        self, socket: ClientConnection, interval: float, acked: asyncio.Event
    ) -> None:
        await asyncio.sleep(interval * self._jitter())
        while True:
            if not acked.is_set():
                # No acknowledgement since the last beat: a zombie connection. Close it without
                # ending the session (any code but 1000 and 1001) and resume on a new one.
                _log.warning("the Discord Gateway stopped answering heartbeats: reconnecting")
                await socket.close(KEEP_SESSION, "no heartbeat acknowledgement")
                return
            acked.clear()
            await self._send(socket, {"op": Op.HEARTBEAT, "d": self._session.seq})
            await asyncio.sleep(interval)

    # -- messages ---------------------------------------------------------------------------------

    def _identify(self) -> dict[str, Any]:
        return {
            "op": Op.IDENTIFY,
            "d": {
                "token": self._token,
                "intents": self._intents,
                "properties": {"os": sys.platform, "browser": "fatekit", "device": "fatekit"},
            },
        }

    def _resume(self) -> dict[str, Any]:
        return {
            "op": Op.RESUME,
            "d": {"token": self._token, "session_id": self._session.id, "seq": self._session.seq},
        }

    @staticmethod
    async def _send(socket: ClientConnection, payload: dict[str, Any]) -> None:
        await socket.send(json.dumps(payload, separators=(",", ":")))

    @staticmethod
    async def _receive(socket: ClientConnection) -> dict[str, Any]:
        raw = await socket.recv()
        payload = json.loads(raw)
        if not isinstance(payload, dict):
            raise _Reconnect(resume=True)
        return payload
