"""The ASGI app: HTTP endpoints and the WebSocket over a :class:`TableService`.

``create_app(store)`` gives a FastAPI app; ``fatekit serve`` runs it with uvicorn. The seat link
travels in the ``X-Fatekit-Link`` header or the ``link`` query parameter, never in a body, and the
seat is always the one the link opens. ``docs/server.md`` describes every endpoint; the app serves
its OpenAPI description at ``/openapi.json`` and a page to try it at ``/docs``.
"""

# No ``from __future__ import annotations``: FastAPI reads the routes' annotations at run time.

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Path, Query, Request, Security, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.security import APIKeyHeader, APIKeyQuery, HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, ConfigDict, Field, JsonValue
from starlette.exceptions import HTTPException

from fatekit import __version__
from fatekit.rules.core.bounds import MAX_WHOLE
from fatekit.rules.core.dice import DiceSource
from fatekit.rules.core.errors import FateError
from fatekit.server.admin import Operator
from fatekit.server.caps import Caps, SeatSockets, SocketCap
from fatekit.server.errors import ApiError, problem
from fatekit.server.foresight import Foresight, mount_foresight
from fatekit.server.hub import Hub
from fatekit.server.inputs import InputGuard
from fatekit.server.interop import mount_interop
from fatekit.server.limits import BURST, MISS_BURST, MISSES, RATE, BodyLimit, RateLimit
from fatekit.server.links import SeatLink
from fatekit.server.service import PAGE, Caller, Created, TableService
from fatekit.server.web import mount_web
from fatekit.server.ws import SocketSettings, serve_socket
from fatekit.store.base import MAX_ID_LENGTH, EventStore, StoreError
from fatekit.table.commands import COMMAND_TYPES
from fatekit.table.history import LOG_PAGE, MAX_LOG_PAGE
from fatekit.table.seats import Role

__all__ = ["LINK_HEADER", "create_app"]

#: The header that carries a seat link.
LINK_HEADER = "X-Fatekit-Link"

_header_link = APIKeyHeader(
    name=LINK_HEADER, auto_error=False, description="The seat link: <table>.<secret>"
)
_query_link = APIKeyQuery(
    name="link", auto_error=False, description="The seat link, where a header cannot be set"
)
_operator_token = HTTPBearer(
    auto_error=False, description="The operator's token, to open tables (FATEKIT_ADMIN_TOKEN)"
)

TableId = Annotated[str, Path(min_length=1, max_length=MAX_ID_LENGTH)]
SeatId = Annotated[str, Path(min_length=1, max_length=MAX_ID_LENGTH)]


# -- bodies -----------------------------------------------------------------------------------


class NewTable(BaseModel):
    """A new table: its name and ruleset, and the GM's seat."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(description="The table's name")
    preset: str = Field("condensed", description="condensed, core, accelerated or ode")
    options: list[str] = Field(default_factory=list, description="Optional rules switched on")
    skill_list: str | None = Field(None, description="Another preset's skill list")
    ruleset: dict[str, Any] | None = Field(
        None,
        description=(
            "A rule-set file (docs/rulesets.md) the table plays instead of a built-in preset; "
            "its key becomes the table's preset"
        ),
    )
    gm_seat: str = Field("gm", description="The id of the GM's seat")
    gm_name: str = Field("GM", description="The GM's display name")


class Invitation(BaseModel):
    """A seat to add: its role and name (and id, or one is made from the name)."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(description="Who sits there, as the table shows it")
    role: Role = Field(Role.PLAYER, description="player, spectator or gm")
    seat_id: str | None = Field(None, description="The seat's id (made from the name if absent)")


class CommandIn(BaseModel):
    """A command: its type, its fields, and optionally the version the sender saw and a key
    that makes a retry safe."""

    model_config = ConfigDict(extra="forbid")
    type: str = Field(
        description="The command's name",
        json_schema_extra={"enum": list[JsonValue](sorted(COMMAND_TYPES))},
    )
    data: dict[str, Any] = Field(
        default_factory=dict, description="The command's fields (see docs/table.md)"
    )
    expected_version: int | None = Field(
        None,
        ge=0,
        le=MAX_WHOLE,
        description="Refuse the command (409) if the table is no longer at this",
    )
    idempotency_key: str | None = Field(
        None,
        min_length=1,
        max_length=MAX_ID_LENGTH,
        description="Send a retry with the same key: it is applied once",
    )
    waive: list[str] | None = Field(
        None,
        description="A GM's only: the keys of the rules this command sets aside (as a 409 "
        "illegal names them, with waivable true); needs a reason",
    )
    reason: str | None = Field(
        None,
        description="Why the GM sets those rules aside (1 to 500 characters); every log shows it",
    )


# -- answers ----------------------------------------------------------------------------------


class SeatOut(BaseModel):
    """A seat and the link that opens it."""

    table_id: str
    seat: str
    link: str = Field(description="Secret: whoever has it sits in this seat")


class TableOut(SeatOut):
    """A new table, with its GM's link."""

    version: int


class JoinOut(BaseModel):
    """Where a link leads."""

    table_id: str
    seat: str
    role: str
    name: str
    version: int


class CommandOut(BaseModel):
    """A command's events, stored, as the sender may see them."""

    table_id: str
    version: int = Field(description="The table's version after the command")
    first_version: int
    replayed: bool = Field(description="The idempotency key was used before: nothing new")
    events: list[dict[str, Any]]


class EventsOut(BaseModel):
    """Events after a version, as the reader may see them."""

    table_id: str
    version: int = Field(description="The table's version now")
    through: int = Field(description="These events reach this version: ask after it next")
    more: bool
    events: list[dict[str, Any]]


class LogOut(BaseModel):
    """A page of the log, newest first, as the reader may see it."""

    table_id: str
    version: int = Field(description="The table's version now")
    entries: list[dict[str, Any]] = Field(description="Events, newest first")
    before: int | None = Field(
        description="The oldest version looked at: pass it as `before` for the next older page"
    )
    more: bool = Field(description="Whether older entries may exist")


class Revoked(BaseModel):
    """How many links were revoked."""

    revoked: int


def _table_out(created: Created) -> TableOut:
    return TableOut(
        table_id=created.table_id, seat=created.seat, link=created.link, version=created.version
    )


def _seat_out(link: SeatLink) -> SeatOut:
    return SeatOut(table_id=link.table_id, seat=link.seat, link=link.token)


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
    sockets: SocketSettings | None = None,
    caps: Caps | None = None,
    admin_token: str | None = None,
    foresight_workers: int | None = None,
) -> FastAPI:
    """The server over ``store``.

    ``dice`` rolls what commands leave to the table (by default fresh OS randomness); requests
    over ``max_body`` bytes get 413; a client (told apart by its link, else its address) over
    ``rate`` requests a second, bursts of ``burst``, gets 429, and so do unproven links from an
    address past ``misses`` answers of 401 or 404 a second, bursts of ``miss_burst``. ``sockets`` sets the WebSocket
    heartbeat and limits, ``caps`` what a client, a seat, a table and the server may hold. With
    ``admin_token``, opening a table needs it (``Authorization: Bearer``); without, tables are
    opened only from loopback (see :mod:`fatekit.server.admin`). Foresight plays its fights in
    ``foresight_workers`` processes (the machine's cores by default; 0: in a thread).

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

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        try:
            async with service.fanout.follow(store):
                yield
        finally:
            foresight.close()

    app = FastAPI(
        title="fatekit table server",
        version=__version__,
        description="A shared Fate table: seats, rules-checked commands, per-seat views.",
        lifespan=lifespan,
    )
    app.state.service = service

    async def link_of(
        header: Annotated[str | None, Security(_header_link)] = None,
        query: Annotated[str | None, Security(_query_link)] = None,
    ) -> str | None:
        return header or query

    Link = Annotated[str | None, Depends(link_of)]

    async def caller_at(table_id: TableId, link: Link) -> Caller:
        return await service.resolve(link, table_id)

    At = Annotated[Caller, Depends(caller_at)]

    async def operator_only(
        request: Request,
        _: Annotated[HTTPAuthorizationCredentials | None, Security(_operator_token)] = None,
    ) -> None:
        operator.check(request)  # reads the header itself, to compare it in constant time

    OperatorOnly = [Depends(operator_only)]

    async def on_error(request: Request, error: Exception) -> JSONResponse:
        status, body = problem(error)
        # A 401 for the operator's token names the scheme it wants, as HTTP asks.
        challenge = {"www-authenticate": "Bearer"} if body.get("error") == "operator" else None
        return JSONResponse(body, status_code=status, headers=challenge)

    # The errors the table and the store raise on purpose; anything else reaches the fallback,
    # which answers the same way but also lets the server log the traceback.
    for kind in (FateError, ApiError, StoreError, Exception):
        app.add_exception_handler(kind, on_error)

    @app.exception_handler(RequestValidationError)
    async def on_invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        fields: dict[str, str] = {}
        for item in error.errors():
            path = ".".join(str(p) for p in item.get("loc", ()) if p != "body") or "$"
            fields.setdefault(path, str(item.get("msg", "invalid")))
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

    @app.exception_handler(HTTPException)
    async def on_http(request: Request, error: HTTPException) -> JSONResponse:
        word = "not_found" if error.status_code == 404 else "http"
        body: dict[str, Any] = {"error": word, "detail": str(error.detail)}
        if error.status_code in (403, 409, 422):
            body["waivable"] = False
        return JSONResponse(
            body,
            status_code=error.status_code,
            headers=error.headers,
        )

    @app.get("/", summary="What this server is")
    async def index() -> dict[str, str]:
        return {
            "name": "fatekit",
            "version": __version__,
            "openapi": "/openapi.json",
            "docs": "/docs",
        }

    @app.get(
        "/health",
        summary="Whether this process can serve (for load balancers): 200, else 503",
        responses={503: {"description": "The database does not answer, or notices are lost"}},
    )
    async def health() -> JSONResponse:
        report = await service.health()
        return JSONResponse(report, status_code=200 if report["ok"] else 503)

    # The two ways of opening a table: what they answer, who may, and why they may refuse.
    opens_table: dict[str, Any] = {
        "status_code": 201,
        "response_model": TableOut,
        "dependencies": OperatorOnly,
        "responses": {
            401: {"description": "No operator token, or a wrong one (the server has one)"},
            403: {"description": "The server has no operator token and the client is not local"},
            409: {"description": "The server holds as many tables as its cap allows"},
        },
    }

    @app.post("/tables", summary="Open a new table (the operator)", **opens_table)
    async def create_table(body: NewTable) -> TableOut:
        return _table_out(await service.create_table(body.model_dump()))

    @app.post(
        "/tables/import", summary="Open a new table from a table file (the operator)", **opens_table
    )
    async def import_table(body: dict[str, Any]) -> TableOut:
        return _table_out(await service.import_table(body))

    @app.get("/join", summary="The seat a link opens", response_model=JoinOut)
    async def join(link: Link) -> JoinOut:
        caller = await service.resolve(link)
        view = await service.view(caller)
        return JoinOut(
            table_id=caller.table_id,
            seat=caller.seat,
            role=view["you"]["role"],
            name=view["you"]["name"],
            version=view["table"]["version"],
        )

    @app.get("/tables/{table_id}/state", summary="The table as your seat sees it")
    async def state(caller: At) -> dict[str, Any]:
        return await service.view(caller)

    @app.get(
        "/tables/{table_id}/events",
        summary="Events after a version, as your seat may see them",
        response_model=EventsOut,
    )
    async def events(
        caller: At,
        after: Annotated[
            int, Query(ge=0, le=MAX_WHOLE, description="The last version you have")
        ] = 0,
        limit: Annotated[int, Query(ge=1, le=PAGE)] = PAGE,
    ) -> dict[str, Any]:
        return await service.events(caller, after, limit)

    @app.get(
        "/tables/{table_id}/log",
        summary="A page of the table's story, newest first, as your seat may see it",
        response_model=LogOut,
    )
    async def log(
        caller: At,
        before: Annotated[
            int | None,
            Query(ge=1, le=MAX_WHOLE, description="Only entries before this version"),
        ] = None,
        limit: Annotated[int, Query(ge=1, le=MAX_LOG_PAGE)] = LOG_PAGE,
    ) -> dict[str, Any]:
        return await service.log(caller, before, limit)

    @app.post(
        "/tables/{table_id}/commands",
        summary="Send a command; answered once its events are stored",
        response_model=CommandOut,
    )
    async def command(caller: At, body: CommandIn) -> CommandOut:
        executed, shown = await service.command(
            caller,
            body.type,
            body.data,
            expected_version=body.expected_version,
            idempotency_key=body.idempotency_key,
            waive=body.waive,
            reason=body.reason,
        )
        return CommandOut(
            table_id=caller.table_id,
            version=executed.events[-1].version,
            first_version=executed.events[0].version,
            replayed=executed.replayed,
            events=shown,
        )

    @app.post(
        "/tables/{table_id}/seats",
        status_code=201,
        summary="Seat someone and get their link (GM)",
        response_model=SeatOut,
    )
    async def invite(caller: At, body: Invitation) -> SeatOut:
        service.caps.check_texts(body.model_dump(mode="json"), "seat")
        return _seat_out(await service.invite(caller, body.seat_id, body.role, body.name))

    @app.post(
        "/tables/{table_id}/seats/{seat_id}/links",
        status_code=201,
        summary="A new link for a seat (GM)",
        response_model=SeatOut,
    )
    async def reissue(caller: At, seat_id: SeatId) -> SeatOut:
        return _seat_out(await service.reissue(caller, seat_id))

    @app.delete(
        "/tables/{table_id}/seats/{seat_id}/links",
        summary="Revoke a seat's links (GM, or the seat itself)",
        response_model=Revoked,
    )
    async def revoke(caller: At, seat_id: SeatId) -> Revoked:
        return Revoked(revoked=await service.revoke(caller, seat_id))

    @app.get("/tables/{table_id}/export", summary="The whole table as a file (GM)")
    async def export(caller: At) -> dict[str, Any]:
        return await service.export(caller)

    @app.get(
        "/tables/{table_id}/characters/{character_id}/export",
        summary="A character file, if your seat may see the whole sheet",
    )
    async def export_character(
        caller: At, character_id: Annotated[str, Path(min_length=1)]
    ) -> dict[str, Any]:
        return await service.export_character(caller, character_id)

    @app.websocket("/tables/{table_id}/ws")
    async def socket(
        websocket: WebSocket,
        table_id: str,
        link: str | None = None,
        after: str | None = None,
        view: str | None = None,
    ) -> None:
        token = websocket.headers.get(LINK_HEADER.lower()) or link
        await serve_socket(websocket, service, settings, table_id, token, after, view, seat_sockets)

    mount_web(app, service, caller_at)  # the browser page and its read-only helpers
    mount_interop(app, service, caller_at)  # characters from and to Fari and Foundry VTT
    mount_foresight(app, service, caller_at, foresight)  # the GM's odds of a fight
    app.state.foresight = foresight
    app.state.operator = operator
    app.add_middleware(InputGuard)  # innermost: the body it reads has passed the body limit
    app.add_middleware(SocketCap, limit=limits.sockets_per_address)
    app.add_middleware(BodyLimit, max_bytes=max_body)
    app.add_middleware(RateLimit, rate=rate, burst=burst, misses=misses, miss_burst=miss_burst)
    return app
