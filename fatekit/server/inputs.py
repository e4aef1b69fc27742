"""A guard in front of the app: a request whose URL or JSON body holds what nothing behind it
may keep (a text that is not valid Unicode, a NUL character, a whole number past 64 bits, a
text or name longer than the server's text cap; see :mod:`fatekit.formats.wellformed`) is
answered 422 ``malformed`` with a message per field, in the one pass that reads the JSON,
before any endpoint or model decodes it. So no such input reaches the store or the rules, where it would
only fail half way; the socket's own messages are checked the same way (:mod:`fatekit.server.ws`).

The body is read whole here (the body limit, outside this guard, has already bounded it) and
handed on unchanged, so an endpoint parses it as it always would.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import parse_qsl

from fatekit.formats.wellformed import problems
from fatekit.server.hub import CLOSE_MALFORMED
from fatekit.server.limits import ASGIApp, Message, Receive, Scope, Send

__all__ = ["InputGuard", "malformed_body", "request_problems"]

_WITH_BODY = frozenset({"POST", "PUT", "PATCH"})

#: The requests whose texts a table keeps as they are (a new table, a table file, a seat, a
#: command): each text in them is held to the text cap. A file sent whole as one text (a
#: character file to import) is bounded by the body limit and read by its format instead.
_KEPT_TEXTS = re.compile(r"/tables(/import|/[^/]+/(commands|seats))?")


def malformed_body(fields: dict[str, str], what: str = "request") -> dict[str, Any]:
    """The body of a 422 that names each field and what is wrong with it."""
    listed = "; ".join(f"{k}: {v}" for k, v in fields.items())
    detail = f"malformed {what}: {listed}"
    # No rule of play refuses it, so no GM may set the refusal aside.
    return {"error": "malformed", "detail": detail, "fields": fields, "waivable": False}


def request_problems(scope: Scope) -> dict[str, str]:
    """What is wrong with a request's path and query string (a NUL character, the one thing
    their decoding lets through that nothing may keep), by field."""
    found: dict[str, str] = {}
    if "\x00" in scope.get("path", ""):
        found["path"] = "a NUL character (\\u0000) is not allowed in a path"
    query = scope.get("query_string", b"").decode("latin-1")
    for name, value in parse_qsl(query, keep_blank_values=True):
        if "\x00" in name or "\x00" in value:
            found[name.replace("\x00", "?")] = "a NUL character (\\u0000) is not allowed here"
    return found


def _json_body(scope: Scope) -> bool:
    if scope.get("method") not in _WITH_BODY:
        return False
    headers = dict(scope.get("headers") or [])
    kind = headers.get(b"content-type", b"application/json").decode("latin-1").lower()
    return "json" in kind


class InputGuard:
    """ASGI middleware: refuse (422, by field) what a request's URL or JSON body may not hold,
    and texts over ``max_text`` characters in the bodies whose texts a table keeps."""

    def __init__(self, app: ASGIApp, max_text: int | None = None) -> None:
        self.app = app
        self.max_text = max_text

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        found = request_problems(scope)
        if found and scope["type"] == "websocket":
            await _refuse_socket(receive, send, malformed_body(found))
            return
        if found:
            await _reply(send, malformed_body(found))
            return
        if scope["type"] == "http" and _json_body(scope):
            body = await _read(receive)
            if body is None:
                return  # the client went away (or the body limit answered already)
            try:
                data = json.loads(body) if body.strip() else None
            except (ValueError, RecursionError):
                data = None  # not JSON: the endpoint says so, as it would
            bounded = _KEPT_TEXTS.fullmatch(scope.get("path", "")) is not None
            limit = self.max_text if bounded else None
            found = dict(sorted(problems(data, "", max_text=limit).items()))
            if found:
                await _reply(send, malformed_body(found))
                return
            receive = _replay(body, receive)
        await self.app(scope, receive, send)


async def _read(receive: Receive) -> bytes | None:
    """The whole body; ``None`` when the client went away before its end."""
    chunks: list[bytes] = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return None
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            return b"".join(chunks)


def _replay(body: bytes, receive: Receive) -> Receive:
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()  # after the body: a disconnect, whenever it comes

    return replay


async def _reply(send: Send, body: dict[str, Any]) -> None:
    data = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    await send(
        {
            "type": "http.response.start",
            "status": 422,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(data)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": data})


async def _refuse_socket(receive: Receive, send: Send, body: dict[str, Any]) -> None:
    message = await receive()
    if message["type"] != "websocket.connect":
        return  # the client went away first
    await send({"type": "websocket.accept"})
    text = json.dumps({"kind": "error", "status": 422, **body}, separators=(",", ":"))
    await send({"type": "websocket.send", "text": text})
    await send({"type": "websocket.close", "code": CLOSE_MALFORMED, "reason": "malformed"})
