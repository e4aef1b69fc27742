"""The ASGI app: HTTP endpoints and the WebSocket over a :class:`TableService`.

``create_app(store)`` gives a FastAPI app; ``fatekit serve`` runs it with uvicorn. The seat link
travels in the ``X-Fatekit-Link`` header or the ``link`` query parameter, never in a body, and the
seat is always the one the link opens. ``docs/server.md`` describes every endpoint; the app serves
its OpenAPI description at ``/openapi.json`` and a page to try it at ``/docs``.
"""

# No ``from __future__ import annotations``: FastAPI reads the routes' annotations at run time.

import asyncio
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AbstractAsyncContextManager, AsyncExitStack, asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from fatekit import __version__
from fatekit.rules.core.dice import DiceSource
from fatekit.rules.core.errors import FateError
from fatekit.server.address import Reach
from fatekit.server.admin import Operator
from fatekit.server.apidocs import router as apidocs_router
from fatekit.server.apispec import install as describe_errors
from fatekit.server.backups import BackupPlan, NightlyBackups
from fatekit.server.campaign import router as campaign_router
from fatekit.server.caps import Caps, SeatSockets, SocketCap
from fatekit.server.compression import CompressPublic
from fatekit.server.deps import LINK_HEADER
from fatekit.server.envelope import field_problems
from fatekit.server.errors import ApiError, problem
from fatekit.server.foresight import Foresight
from fatekit.server.foresight import router as foresight_router
from fatekit.server.headers import PAGE_POLICY, SecurityHeaders
from fatekit.server.hub import Hub
from fatekit.server.inputs import InputGuard
from fatekit.server.interop import router as interop_router
from fatekit.server.limits import (
    BURST,
    MISS_BURST,
    MISSES,
    PAGE_BURST,
    PAGE_RATE,
    RATE,
    BodyLimit,
    RateLimit,
)
from fatekit.server.maps import CAMPAIGN_IMPORT, CAMPAIGN_MAPS_BYTES, MAP_UPLOAD
from fatekit.server.maps import router as maps_router
from fatekit.server.pagefiles import PageFiles
from fatekit.server.reach import router as reach_router
from fatekit.server.routes import router
from fatekit.server.service import TableService
from fatekit.server.web import PageForBrowsers, page_folders
from fatekit.server.web import router as web_router
from fatekit.server.ws import SocketSettings
from fatekit.store.base import EventStore, StoreError
from fatekit.store.tables import TableFull

__all__ = ["LINK_HEADER", "create_app"]


# -- the app ----------------------------------------------------------------------------------


def create_app(
    store: EventStore,
    *,
    dice: DiceSource | None = None,
    max_body: int = 2 << 20,
    rate: float = RATE,
    burst: float = BURST,
    misses: float = MISSES,
    miss_burst: float = MISS_BURST,
    page_rate: float = PAGE_RATE,
    page_burst: float = PAGE_BURST,
    sockets: SocketSettings | None = None,
    caps: Caps | None = None,
    admin_token: str | None = None,
    foresight_workers: int | None = None,
    extensions: Sequence[Callable[[FastAPI, TableService], AbstractAsyncContextManager[None]]] = (),
    backups: BackupPlan | None = None,
    public_url: str | None = None,
    pages: PageFiles | None = None,
) -> FastAPI:
    """The server over ``store``.

    ``dice`` rolls what commands leave to the table (by default fresh OS randomness); requests
    over ``max_body`` bytes get 413; a client (told apart by its link, else its address) over
    ``rate`` requests a second, bursts of ``burst``, gets 429, and so do unproven links from an
    address past ``misses`` answers of 401 or 404 a second, bursts of ``miss_burst``; the
    page's own files have ``page_rate`` a second per address, bursts of ``page_burst``. ``sockets`` sets the WebSocket
    heartbeat and limits, ``caps`` what a client, a seat, a table and the server may hold. With
    ``admin_token``, opening a table needs it (``Authorization: Bearer``); without, tables are
    opened only from loopback (see :mod:`fatekit.server.admin`). Foresight plays its fights in
    ``foresight_workers`` processes (the machine's cores by default; 0: in a thread). Each of
    ``extensions`` is called with the app and its service once the routes are in place (it may
    add its own, as the Discord front door adds its interactions endpoint); what it returns is
    entered for the app's lifetime (the front door's Gateway and relay run in it).
    With ``backups``, every table is backed up each night as the plan says (see
    :mod:`fatekit.server.backups`).
    The links it hands out lead to ``public_url`` when given, else to the address each request
    came to (see :mod:`fatekit.server.reach`). ``pages`` are the page's files (by default the
    package's own; see :mod:`fatekit.server.pagefiles`).

    On a store shared by several processes (PostgreSQL), the app's lifespan listens to the
    store's notices, so that what another process commits reaches the sockets connected here;
    the server must run the lifespan (uvicorn does by default; a test client inside ``with``).
    """
    settings = sockets if sockets is not None else SocketSettings()
    limits = caps if caps is not None else Caps()
    service = TableService(store, dice=dice, hub=Hub(settings.behind), caps=limits)
    operator = Operator(admin_token)
    seat_sockets = SeatSockets(limits.sockets_per_seat)
    foresight = Foresight(foresight_workers)
    nightly = None if backups is None else NightlyBackups(store, backups)

    running: list[AbstractAsyncContextManager[None]] = []
    reach = Reach(public_url)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        nights = None if nightly is None else asyncio.ensure_future(nightly.run())
        try:
            async with service.fanout.follow(store), AsyncExitStack() as stack:
                for extension in running:
                    await stack.enter_async_context(extension)
                yield
        finally:
            if nights is not None:
                nights.cancel()
            foresight.close()

    app = FastAPI(
        title="fatekit table server",
        version=__version__,
        description="A shared Fate table: seats, rules-checked commands, per-seat views.",
        lifespan=lifespan,
        # FastAPI's own pages load Swagger UI and ReDoc from a CDN: ours serves it from here.
        docs_url=None,
        redoc_url=None,
    )
    # What the endpoints (fatekit.server.routes and the rest) read through their dependencies.
    app.state.service = service
    app.state.operator = operator
    app.state.socket_settings = settings
    app.state.seat_sockets = seat_sockets
    app.state.backups = nightly
    app.state.foresight = foresight
    app.state.reach = reach
    pages = pages or PageFiles(policy=PAGE_POLICY)
    app.state.pages = pages

    for kind in (FateError, ApiError, StoreError, TableFull, Exception):
        app.add_exception_handler(kind, on_error)
    app.add_exception_handler(RequestValidationError, on_invalid)
    app.add_exception_handler(HTTPException, on_http)
    app.include_router(router)
    # The page's files, named by content and cached accordingly (fatekit.server.pagefiles).
    for path, files in page_folders(pages).items():
        app.mount(path, files, name=path.strip("/"))
    app.include_router(web_router)  # the page's service worker and read-only helpers
    app.include_router(interop_router)  # characters from and to Fari and Foundry VTT
    app.include_router(foresight_router)  # the GM's odds of a fight
    app.include_router(campaign_router)  # campaign files, recaps, backups
    app.include_router(maps_router)  # scenes' map images
    running.extend(extension(app, service) for extension in extensions)
    app.include_router(reach_router)  # where links lead, and their QR codes
    app.include_router(apidocs_router)  # the API's try-it page, /docs
    describe_errors(app)  # /openapi.json documents every error with the body it has
    app.add_middleware(PageForBrowsers, pages=pages)  # innermost: the page at / for a browser
    # The page, its files and the rules' public data compressed; a table's answers never (BREACH).
    app.add_middleware(CompressPublic)
    # The body it reads has passed the body limit; its texts are bounded as it is read.
    app.add_middleware(InputGuard, max_text=limits.text)
    app.add_middleware(SocketCap, limit=limits.sockets_per_address)
    imports = (CAMPAIGN_IMPORT, max_body + CAMPAIGN_MAPS_BYTES)  # room for a campaign's maps
    app.add_middleware(BodyLimit, max_bytes=max_body, larger=(MAP_UPLOAD, imports))
    app.add_middleware(
        RateLimit,
        rate=rate,
        burst=burst,
        misses=misses,
        miss_burst=miss_burst,
        page_rate=page_rate,
        page_burst=page_burst,
        operator=operator.is_token,
    )
    app.add_middleware(SecurityHeaders)  # outermost: every answer, a guard's refusals too
    return app


# -- errors, as every endpoint answers them ------------------------------------------------------


async def on_error(request: Request, error: Exception) -> JSONResponse:
    """The errors the table and the store raise on purpose, answered by :func:`problem`; the
    same for anything else, which also lets the server log the traceback."""
    status, body = problem(error)
    # A 401 for the operator's token names the scheme it wants, as HTTP asks.
    challenge = {"www-authenticate": "Bearer"} if body.get("error") == "operator" else None
    return JSONResponse(body, status_code=status, headers=challenge)


async def on_invalid(request: Request, error: Exception) -> JSONResponse:
    """A request FastAPI could not read: 422 ``malformed``, a message per field."""
    assert isinstance(error, RequestValidationError)
    fields = field_problems(error.errors())
    listed = "; ".join(f"{k}: {v}" for k, v in fields.items())
    return JSONResponse(
        {
            "error": "malformed",
            "detail": f"malformed request: {listed}",
            "fields": fields,
            "waivable": False,
        },
        status_code=422,
    )


async def on_http(request: Request, error: Exception) -> JSONResponse:
    """Starlette's own refusals (no such path, a method not allowed), in the body every other
    refusal has."""
    assert isinstance(error, HTTPException)
    word = "not_found" if error.status_code == 404 else "http"
    body: dict[str, Any] = {"error": word, "detail": str(error.detail)}
    if error.status_code in (403, 409, 422):
        body["waivable"] = False
    return JSONResponse(body, status_code=error.status_code, headers=error.headers)
