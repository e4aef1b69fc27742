"""Compressed answers for what every visitor is sent alike: the page, its files, the rules.

Starlette's :class:`GZipMiddleware` compresses an answer when the client accepts gzip and the
answer is at least 500 bytes and not already compressed (pictures: PNG and the like are left
as they are). It applies here only to answers that hold no secret: the page and its files
(``/``, ``/sw.js``, ``/web/``, ``/i18n/``), the rules' public data (``/rules/``) and the API's
description (``/openapi.json``). A table's answers (``/tables/...``, ``/join``: links, hidden
aspects, a seat's own view) are never compressed: each mixes a secret with text others at the
table wrote, which is what BREACH reads a secret out of, by the compressed length.

Brotli was measured against gzip on the bundle and the catalogs: at the quality a middleware
compresses with on the fly (4) it saved nothing (69,943 bytes against gzip's 69,959 for the
bundle; 37,089 against 36,727 for the English catalog), so no second library.
"""

from __future__ import annotations

from starlette.middleware.gzip import GZipMiddleware
from starlette.types import ASGIApp, Receive, Scope, Send

__all__ = ["PUBLIC_PATHS", "PUBLIC_PREFIXES", "CompressPublic"]

#: The paths whose answers are the same for every visitor, and compressed.
PUBLIC_PATHS = ("/", "/sw.js", "/openapi.json")
PUBLIC_PREFIXES = ("/web/", "/i18n/", "/rules/")


class CompressPublic:
    """ASGI middleware: gzip for the public answers above, every other answer as it is."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.gzip = GZipMiddleware(app, minimum_size=500)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = str(scope.get("path", ""))
        if scope["type"] == "http" and (path in PUBLIC_PATHS or path.startswith(PUBLIC_PREFIXES)):
            await self.gzip(scope, receive, send)
        else:
            await self.app(scope, receive, send)
