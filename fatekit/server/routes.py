"""The table server's HTTP and WebSocket endpoints, at module level: each is a function a few
lines long that asks its dependencies (:mod:`fatekit.server.deps`) for the seat and the service,
and hands the work to :class:`~fatekit.server.service.TableService`. :data:`router` holds them;
:func:`fatekit.server.app.create_app` includes it. ``docs/server.md`` describes every endpoint.
"""

# No ``from __future__ import annotations``: FastAPI reads the routes' annotations at run time.

from typing import Annotated, Any, Self, cast

from fastapi import APIRouter, Path, Query, Request, WebSocket
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from fatekit import __version__
from fatekit.rules.core.bounds import MAX_WHOLE
from fatekit.server.address import Reach
from fatekit.server.caps import SeatSockets
from fatekit.server.deps import LINK_HEADER, At, Link, OperatorOnly, SeatId, Service, service_of
from fatekit.server.envelope import CommandIn
from fatekit.server.links import SeatLink
from fatekit.server.service import PAGE, Caller, Created
from fatekit.server.ws import SocketSettings, serve_socket
from fatekit.store.tables import Executed
from fatekit.table.history import LOG_PAGE, MAX_LOG_PAGE
from fatekit.table.seats import Role

__all__ = ["router"]

router = APIRouter()


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
    randomizer: str = Field(
        "4dF",
        description=(
            "How the table draws: 4dF (four Fate dice), deck (the Deck of Fate), 4d6, 3d6 or "
            "d6-d6 (docs/odds.md, Other randomizers)"
        ),
    )


class Invitation(BaseModel):
    """A seat to add: its role and name (and id, or one is made from the name)."""

    model_config = ConfigDict(extra="forbid")
    name: str = Field(description="Who sits there, as the table shows it")
    role: Role = Field(Role.PLAYER, description="player, spectator or gm")
    seat_id: str | None = Field(None, description="The seat's id (made from the name if absent)")


# -- answers ----------------------------------------------------------------------------------


class SeatOut(BaseModel):
    """A seat, the link that opens it, and the page's address that opens it."""

    table_id: str
    seat: str
    link: str = Field(description="Secret: whoever has it sits in this seat")
    url: str = Field(
        description="Secret too: the page's address that opens the seat, on the server's public "
        "address (--public-url) or else the one this request came to"
    )


class TableOut(SeatOut):
    """A new table, with its GM's link."""

    version: int
    read_only: dict[str, Any] | None = Field(
        None,
        description="Set when the imported log has an event this release cannot fold: the "
        "table opened read-only before it, and this says which event and why",
    )


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

    @classmethod
    def of(cls, caller: Caller, done: tuple[Executed, list[dict[str, Any]]]) -> Self:
        """The answer to a command the service executed (the command route and the uploads
        that send one share it)."""
        executed, shown = done
        return cls(
            table_id=caller.table_id,
            version=executed.events[-1].version,
            first_version=executed.events[0].version,
            replayed=executed.replayed,
            events=shown,
        )


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


def _url(request: Request, link: str) -> str:
    """The page's address that opens the seat of ``link`` (see :mod:`fatekit.server.reach`)."""
    return cast(Reach, request.app.state.reach).seat_url(request, link)


def _table_out(request: Request, created: Created) -> TableOut:
    return TableOut(
        table_id=created.table_id,
        seat=created.seat,
        link=created.link,
        url=_url(request, created.link),
        version=created.version,
        read_only=created.read_only,
    )


def _seat_out(request: Request, link: SeatLink) -> SeatOut:
    return SeatOut(
        table_id=link.table_id, seat=link.seat, link=link.token, url=_url(request, link.token)
    )


# -- the endpoints ------------------------------------------------------------------------------


@router.get("/", summary="What this server is")
async def index() -> dict[str, str]:
    return {
        "name": "fatekit",
        "version": __version__,
        "openapi": "/openapi.json",
        "docs": "/docs",
    }


@router.get(
    "/health",
    summary="Whether this process can serve (for load balancers): 200, else 503",
    responses={503: {"description": "The database does not answer, or notices are lost"}},
)
async def health(service: Service) -> JSONResponse:
    report = await service.health()
    if report["ok"]:
        return JSONResponse(report)
    # Unhealthy is an error like any other: its body has the shape every error has.
    why = report["database"] if report["database"] != "ok" else "notices from the store are lost"
    detail = f"this process cannot serve: {why}"
    return JSONResponse({"error": "unhealthy", "detail": detail, **report}, status_code=503)


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


@router.post("/tables", summary="Open a new table (the operator)", **opens_table)
async def create_table(request: Request, service: Service, body: NewTable) -> TableOut:
    return _table_out(request, await service.create_table(body.model_dump()))


@router.post(
    "/tables/import", summary="Open a new table from a table file (the operator)", **opens_table
)
async def import_table(request: Request, service: Service, body: dict[str, Any]) -> TableOut:
    return _table_out(request, await service.import_table(body))


@router.get("/join", summary="The seat a link opens", response_model=JoinOut)
async def join(service: Service, link: Link) -> JoinOut:
    caller = await service.resolve(link)
    view = await service.view(caller)
    return JoinOut(
        table_id=caller.table_id,
        seat=caller.seat,
        role=view["you"]["role"],
        name=view["you"]["name"],
        version=view["table"]["version"],
    )


@router.get("/tables/{table_id}/state", summary="The table as your seat sees it")
async def state(caller: At, service: Service) -> dict[str, Any]:
    return await service.view(caller)


@router.get(
    "/tables/{table_id}/events",
    summary="Events after a version, as your seat may see them",
    response_model=EventsOut,
)
async def events(
    caller: At,
    service: Service,
    after: Annotated[int, Query(ge=0, le=MAX_WHOLE, description="The last version you have")] = 0,
    limit: Annotated[int, Query(ge=1, le=PAGE)] = PAGE,
) -> dict[str, Any]:
    return await service.events(caller, after, limit)


@router.get(
    "/tables/{table_id}/log",
    summary="A page of the table's story, newest first, as your seat may see it",
    response_model=LogOut,
)
async def log(
    caller: At,
    service: Service,
    before: Annotated[
        int | None,
        Query(ge=1, le=MAX_WHOLE, description="Only entries before this version"),
    ] = None,
    limit: Annotated[int, Query(ge=1, le=MAX_LOG_PAGE)] = LOG_PAGE,
) -> dict[str, Any]:
    return await service.log(caller, before, limit)


@router.post(
    "/tables/{table_id}/commands",
    summary="Send a command; answered once its events are stored",
    response_model=CommandOut,
)
async def command(caller: At, service: Service, body: CommandIn) -> CommandOut:
    done = await service.command(
        caller,
        body.type,
        body.data,
        expected_version=body.expected_version,
        idempotency_key=body.idempotency_key,
        waive=body.waive,
        reason=body.reason,
    )
    return CommandOut.of(caller, done)


@router.post(
    "/tables/{table_id}/seats",
    status_code=201,
    summary="Seat someone and get their link (GM)",
    response_model=SeatOut,
)
async def invite(request: Request, caller: At, service: Service, body: Invitation) -> SeatOut:
    return _seat_out(request, await service.invite(caller, body.seat_id, body.role, body.name))


@router.post(
    "/tables/{table_id}/seats/{seat_id}/links",
    status_code=201,
    summary="A new link for a seat (GM)",
    response_model=SeatOut,
)
async def reissue(request: Request, caller: At, service: Service, seat_id: SeatId) -> SeatOut:
    return _seat_out(request, await service.reissue(caller, seat_id))


@router.delete(
    "/tables/{table_id}/seats/{seat_id}/links",
    summary="Revoke a seat's links (GM, or the seat itself)",
    response_model=Revoked,
)
async def revoke(caller: At, service: Service, seat_id: SeatId) -> Revoked:
    return Revoked(revoked=await service.revoke(caller, seat_id))


@router.get("/tables/{table_id}/export", summary="The whole table as a file (GM)")
async def export(caller: At, service: Service) -> dict[str, Any]:
    return await service.export(caller)


@router.get(
    "/tables/{table_id}/characters/{character_id}/export",
    summary="A character file, if your seat may see the whole sheet",
)
async def export_character(
    caller: At, service: Service, character_id: Annotated[str, Path(min_length=1)]
) -> dict[str, Any]:
    return await service.export_character(caller, character_id)


@router.websocket("/tables/{table_id}/ws")
async def socket(
    websocket: WebSocket,
    table_id: str,
    link: str | None = None,
    after: str | None = None,
    view: str | None = None,
    batch: str | None = None,
) -> None:
    token = websocket.headers.get(LINK_HEADER.lower()) or link
    state = websocket.app.state
    await serve_socket(
        websocket,
        service_of(websocket),
        cast(SocketSettings, state.socket_settings),
        table_id,
        token,
        after,
        view,
        cast(SeatSockets, state.seat_sockets),
        batch,
    )
