"""The security headers on every answer the server gives: the page's policy and its neighbours.

:class:`SecurityHeaders` is the outermost middleware, so every response carries them: the page,
its files and service worker, JSON answers and every error (a 413 or 429 the guards answer
themselves included). The policy (:data:`PAGE_POLICY`) lets a document run only the server's
own scripts and styles, with no inline script, no inline style and no ``eval``; it loads
nothing from anywhere else, may be framed by no one (``frame-ancestors``, and
``X-Frame-Options`` for browsers older than that directive), and is sent no referrer. The page's
pictures are its own files, or object URLs the page made of answers it fetched (``blob:``: a
seat's QR code comes with the link in a header, never in an address).

The API's try-it page (``/docs``, :mod:`fatekit.server.apidocs`) has a policy of its own,
:data:`DOCS_POLICY`, the page's but for one source: Swagger UI's stylesheet draws its icons from
``data:`` addresses (Chromium refuses them under the page's ``img-src``), so that page, which
holds no table and no seat, also allows ``data:`` pictures. No inline script or style there
either: Swagger UI is started from a file of ours.
"""

from __future__ import annotations

from fatekit.server.limits import ASGIApp, Message, Receive, Scope, Send

__all__ = ["DOCS_POLICY", "PAGE_POLICY", "SECURITY_HEADERS", "SecurityHeaders"]


def _policy(**directives: str) -> str:
    return "; ".join(f"{name.replace('_', '-')} {value}" for name, value in directives.items())


#: What any document the server sends may do. ``'self'`` in ``connect-src`` covers the
#: page's WebSocket on the same host (``ws:`` for ``http:``, ``wss:`` for ``https:``).
PAGE_POLICY = _policy(
    default_src="'none'",
    script_src="'self'",
    style_src="'self'",
    img_src="'self' blob:",
    connect_src="'self'",
    manifest_src="'self'",
    worker_src="'self'",
    base_uri="'none'",
    form_action="'none'",
    frame_ancestors="'none'",
)

#: The try-it page's policy (see the module's description for why it differs).
DOCS_POLICY = PAGE_POLICY.replace("img-src 'self' blob:", "img-src 'self' data:")

#: Sent with every answer (the policy aside).
SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
)

#: The paths that get :data:`DOCS_POLICY`: the try-it page and its own files.
_DOCS_PREFIX = "/docs"

_OURS = {name for name, _ in SECURITY_HEADERS} | {b"content-security-policy"}


class SecurityHeaders:
    """ASGI middleware: every HTTP answer carries the policy and :data:`SECURITY_HEADERS`,
    in place of any the app set itself."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self._page = [(b"content-security-policy", PAGE_POLICY.encode()), *SECURITY_HEADERS]
        self._docs = [(b"content-security-policy", DOCS_POLICY.encode()), *SECURITY_HEADERS]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = str(scope.get("path", ""))
        docs = path == _DOCS_PREFIX or path.startswith(_DOCS_PREFIX + "/")
        added = self._docs if docs else self._page

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                kept = [(k, v) for k, v in message.get("headers", []) if k.lower() not in _OURS]
                message["headers"] = [*kept, *added]
            await send(message)

        await self.app(scope, receive, with_headers)
