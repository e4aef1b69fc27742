"""The inbound way in: Discord's HTTP interactions endpoint, on ``fatekit serve``.

A server with a public HTTPS address can have Discord post interactions to it instead of
keeping a Gateway connection: ``POST /discord/interactions``, set as the application's
"Interactions Endpoint URL". Every request is checked against the application's public key
(Ed25519, :mod:`.signature`) before anything is read; one that does not check is answered 401
and changes nothing. ``PING`` is answered ``PONG``. Anything else goes to the same
:class:`~fatekit.discord.door.FrontDoor` the Gateway uses: its first answer is this request's
response; a deferred move's reply follows over Discord's REST API.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from fatekit.discord.door import FrontDoor
from fatekit.discord.protocol import Interaction
from fatekit.discord.signature import Verifier

__all__ = ["PATH", "mount_interactions"]

_log = logging.getLogger("fatekit.discord")

#: Where Discord posts interactions.
PATH = "/discord/interactions"
#: How far a request's signed timestamp may be from now (seconds): a signed request replayed
#: later than this is refused before it is read.
SIGNATURE_WINDOW = 5 * 60


def fresh_signature(timestamp: str | None, now: float) -> bool:
    """Whether a signed timestamp (Unix seconds) is within :data:`SIGNATURE_WINDOW` of now."""
    try:
        return abs(now - float(timestamp or "")) <= SIGNATURE_WINDOW
    except ValueError:
        return False


def mount_interactions(app: FastAPI, door: FrontDoor, verifier: Verifier) -> None:
    """Add ``POST /discord/interactions`` to ``app``."""
    pending: set[asyncio.Task[None]] = set()

    @app.post(
        PATH,
        summary="Discord's interactions (signed with the application's Ed25519 key)",
        responses={401: {"description": "The signature does not check"}},
        include_in_schema=False,
    )
    async def interactions(request: Request) -> JSONResponse:
        body = await request.body()
        signature = request.headers.get("x-signature-ed25519")
        timestamp = request.headers.get("x-signature-timestamp")
        if not verifier.verify(signature, timestamp, body):
            return JSONResponse(
                {"error": "signature", "detail": "invalid request signature"}, status_code=401
            )
        if not fresh_signature(timestamp, door.clock()):
            return JSONResponse(
                {"error": "signature", "detail": "the signature's timestamp is not recent"},
                status_code=401,
            )
        try:
            interaction = json.loads(body)
        except (ValueError, RecursionError):
            interaction = None
        if not isinstance(interaction, dict) or not isinstance(interaction.get("type"), int):
            return JSONResponse(
                {"error": "malformed", "detail": "an interaction is a JSON object with a type"},
                status_code=400,
            )
        if interaction["type"] != Interaction.PING and not door.fresh(interaction.get("id")):
            return JSONResponse(
                {
                    "error": "stale",
                    "detail": "this interaction is older than its token's 15 minutes (a replay)",
                },
                status_code=400,
            )
        first: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()

        async def respond(answer: dict[str, Any]) -> None:
            if not first.done():
                first.set_result(answer)

        async def run() -> None:
            try:
                await door.answer(interaction, respond)
            except Exception as error:
                _log.exception("an interaction could not be answered")
                if not first.done():
                    first.set_exception(error)

        task = asyncio.create_task(run())
        pending.add(task)
        task.add_done_callback(pending.discard)
        try:
            answer = await first
        except Exception:
            return JSONResponse(
                {"error": "failed", "detail": "the interaction could not be answered"},
                status_code=422,
            )
        return JSONResponse(answer)
