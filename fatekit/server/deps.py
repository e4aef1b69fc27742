"""What an endpoint asks for, as FastAPI dependencies at module level: the app's
:class:`~fatekit.server.service.TableService` (:data:`Service`), the seat link a request carries
(:data:`Link`: the ``X-Fatekit-Link`` header or the ``link`` query parameter, never a body), the
seat it opens at the table of the path (:data:`At`), and the operator's word (:data:`OperatorOnly`).

:func:`fatekit.server.app.create_app` puts the service and the operator on ``app.state``; every
endpoint reads them from there, so an endpoint is a plain function that a test can import and
call, or mount on an app of its own.
"""

# No ``from __future__ import annotations``: FastAPI reads the annotations at run time.

from typing import Annotated, cast

from fastapi import Depends, Path, Request, Security
from fastapi.security import APIKeyHeader, APIKeyQuery, HTTPAuthorizationCredentials, HTTPBearer
from starlette.requests import HTTPConnection

from fatekit.server.admin import Operator
from fatekit.server.service import Caller, TableService
from fatekit.store.base import MAX_ID_LENGTH

__all__ = [
    "LINK_HEADER",
    "At",
    "Link",
    "OperatorOnly",
    "SeatId",
    "Service",
    "TableId",
    "caller_at",
    "link_of",
    "service_of",
]

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


def service_of(connection: HTTPConnection) -> TableService:
    """The table service of the app the request reached."""
    return cast(TableService, connection.app.state.service)


Service = Annotated[TableService, Depends(service_of)]


async def link_of(
    header: Annotated[str | None, Security(_header_link)] = None,
    query: Annotated[str | None, Security(_query_link)] = None,
) -> str | None:
    """The seat link the request carries, if any."""
    return header or query


Link = Annotated[str | None, Depends(link_of)]


async def caller_at(table_id: TableId, link: Link, service: Service) -> Caller:
    """The seat the request's link opens at the table of its path (401/403/404 otherwise)."""
    return await service.resolve(link, table_id)


At = Annotated[Caller, Depends(caller_at)]


async def _operator_only(
    request: Request,
    _: Annotated[HTTPAuthorizationCredentials | None, Security(_operator_token)] = None,
) -> None:
    # Reads the header itself, to compare it in constant time.
    cast(Operator, request.app.state.operator).check(request)


#: The dependencies of an endpoint only the operator may call (opening a table).
OperatorOnly = [Depends(_operator_only)]
