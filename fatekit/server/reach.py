"""Where the server's links lead, told to the page, and the QR codes that carry them.

:mod:`fatekit.server.address` decides the address links lead to. A base on a loopback address
opens only on the server's own machine: the page warns the GM before inviting anyone with such
links, from what ``/address`` says.

:data:`router` holds these endpoints, at module level like :mod:`fatekit.server.routes`;
:func:`fatekit.server.app.create_app` includes it and puts the server's :class:`Reach` on
``app.state.reach``, which the endpoints ask for as :data:`Reached`:

- ``GET /address``: the base links lead to, whether it was set, and whether it is loopback;
- ``GET /join/qr``: a QR code (SVG) of the address of the seat whose link the request carries,
  for a phone to open it straight into its seat. Only a live link gets one, so the server never
  becomes a QR code service for arbitrary text.
"""

# No ``from __future__ import annotations``: FastAPI reads the routes' annotations at run time.

import io
from typing import Annotated, cast
from urllib.parse import urlsplit

import segno
from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field
from starlette.requests import HTTPConnection

from fatekit.server.address import Reach, loopback_host
from fatekit.server.deps import Link, Service

__all__ = ["AddressOut", "Reached", "qr_svg", "reach_of", "router"]


def qr_svg(text: str) -> bytes:
    """``text`` as a QR code in SVG (error correction M, the standard four-module margin),
    sized by its viewBox so the page scales it without blurring."""
    code = segno.make(text, error="m", micro=False)
    out = io.BytesIO()
    code.save(out, kind="svg", scale=1, border=4, xmldecl=False, omitsize=True, dark="#000")
    return out.getvalue()


class AddressOut(BaseModel):
    """Where the links this server hands out lead."""

    url: str = Field(description="The page's address; a seat's is this with #link=<link>")
    public: bool = Field(description="Set by the operator (--public-url, --lan), not guessed")
    loopback: bool = Field(
        description="The address opens only on the server's own machine: links will not work "
        "anywhere else"
    )


def reach_of(connection: HTTPConnection) -> Reach:
    """Where the links of the app the request reached lead."""
    return cast(Reach, connection.app.state.reach)


Reached = Annotated[Reach, Depends(reach_of)]

router = APIRouter()


@router.get("/address", summary="Where this server's links lead", response_model=AddressOut)
async def address(request: Request, reach: Reached) -> AddressOut:
    base = reach.base(request)
    host = urlsplit(base).hostname or ""
    return AddressOut(
        url=base + "/", public=reach.public_url is not None, loopback=loopback_host(host)
    )


@router.get(
    "/join/qr",
    summary="A QR code (SVG) of the address that opens the seat of the link sent",
    response_class=Response,
    responses={200: {"content": {"image/svg+xml": {}}}},
)
async def join_qr(request: Request, link: Link, service: Service, reach: Reached) -> Response:
    await service.resolve(link)  # a live link, or 401/404 as for any request
    return Response(
        qr_svg(reach.seat_url(request, link or "")),
        media_type="image/svg+xml",
        # It carries a secret: no cache may keep it.
        headers={"cache-control": "no-store"},
    )
