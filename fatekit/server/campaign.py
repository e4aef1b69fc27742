"""The campaign over HTTP: the GM's campaign file and the operator's backups.

:data:`router` holds these endpoints, at module level like :mod:`fatekit.server.routes`;
:func:`fatekit.server.app.create_app` includes it:

- ``GET /tables/{id}/recap?session=N&lang=ru&format=json|md|html``: a session's recap as the
  seat may read it, in its language, as JSON for the page, Markdown to download or a page to
  print (see :mod:`fatekit.table.recap`);
- ``GET /tables/{id}/campaign``: the whole campaign as a file to keep (a GM only), sent as an
  attachment named for the table. ``POST /tables/import`` opens a table from one;
- ``POST /backups``: the operator backs up every table now, as the server does each night when
  run with ``--backup-dir`` (409 when it was not; the nightly backups are ``app.state.backups``).
"""

# No ``from __future__ import annotations``: FastAPI reads the routes' annotations at run time.

import asyncio
import json
import re
from typing import Annotated, Any, Literal, cast

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel
from starlette.requests import HTTPConnection

from fatekit.rules.core.bounds import MAX_WHOLE
from fatekit.server.backups import NightlyBackups
from fatekit.server.deps import At, OperatorOnly, Service
from fatekit.server.errors import ApiError
from fatekit.server.reach import reach_of
from fatekit.table.recap_text import recap_html, recap_markdown

__all__ = ["BackupOut", "RecapOut", "router"]

router = APIRouter()


class RecapLineOut(BaseModel):
    """A line of a recap: its kind (scene, moment, fate, milestone, advance, gm_line, quiet)."""

    kind: str
    text: str


class RecapSection(BaseModel):
    """A section of a recap: its heading and its lines."""

    heading: str
    lines: list[RecapLineOut]


class RecapOut(BaseModel):
    """A session's recap in the asked language, as the seat may read it."""

    lang: str
    title: str
    ended: bool
    sections: list[RecapSection]


class BackupOut(BaseModel):
    """A backup run: the folder it wrote, the tables in it, the older folders it removed."""

    folder: str
    tables: list[str]
    removed: list[str]


def _file_name(name: str) -> str:
    # A name for the download that every system takes: letters, digits and dashes.
    plain = re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-")[:60] or "campaign"
    return f"{plain}.campaign.json"


def backups_of(connection: HTTPConnection) -> NightlyBackups | None:
    """The app's nightly backups (``None``: started without ``--backup-dir``)."""
    return cast(NightlyBackups | None, connection.app.state.backups)


Backups = Annotated[NightlyBackups | None, Depends(backups_of)]


@router.get(
    "/tables/{table_id}/campaign",
    summary="The whole campaign as a file to keep (GM)",
    response_description="A campaign file (docs/campaign.schema.json)",
)
async def campaign(caller: At, service: Service) -> Response:
    """The whole campaign as a file to keep, named for the table (a GM only)."""
    data = await service.campaign(caller)
    return Response(
        json.dumps(data, ensure_ascii=False, indent=1),
        media_type="application/json",
        headers={"content-disposition": f'attachment; filename="{_file_name(data["name"])}"'},
    )


@router.get(
    "/tables/{table_id}/recap",
    summary="A session's recap, as your seat may read it",
    response_model=RecapOut,
    responses={
        200: {"content": {"text/markdown": {}, "text/html": {}}},
        404: {"description": "No such session (or none played yet)"},
    },
)
async def recap(
    caller: At,
    service: Service,
    session: Annotated[
        int | None,
        Query(ge=1, le=MAX_WHOLE, description="The session (the last one ended if absent)"),
    ] = None,
    lang: Annotated[Literal["en", "ru", "it", "sv"], Query()] = "en",
    format: Annotated[Literal["json", "md", "html"], Query()] = "json",
    *,
    request: Request,
) -> Any:
    """A session's recap in ``lang``: JSON for the page, Markdown to download, or a page to print."""
    name, text = await service.recap(caller, session, lang)
    base = _file_name(f"{name} {text.title}").removesuffix(".campaign.json")
    if format == "md":
        return Response(
            recap_markdown(text, name),
            media_type="text/markdown; charset=utf-8",
            headers={"content-disposition": f'attachment; filename="{base}.md"'},
        )
    if format == "html":
        # Linked, not written in: the page opens it under its policy (no inline style), from
        # an object URL, so the sheet's address is whole.
        sheet = reach_of(request).base(request) + "/web/print.css"
        page = recap_html(text, name, stylesheet=sheet)
        return Response(page, media_type="text/html; charset=utf-8")
    return RecapOut(
        lang=text.lang,
        title=text.title,
        ended=text.ended,
        sections=[
            RecapSection(
                heading=heading,
                lines=[RecapLineOut(kind=line.kind, text=line.text) for line in lines],
            )
            for heading, lines in text.sections
        ],
    )


@router.post(
    "/backups",
    status_code=201,
    summary="Back up every table now (the operator)",
    response_model=BackupOut,
    dependencies=OperatorOnly,
    responses={409: {"description": "The server was started without --backup-dir"}},
)
async def back_up_now(backups: Backups) -> BackupOut:
    """Back up every table now, as the server does each night."""
    if backups is None:
        raise ApiError(409, "no_backups", "this server was started without --backup-dir")
    made = await asyncio.to_thread(backups.run_now)
    return BackupOut(
        folder=made.folder.name,
        tables=list(made.tables),
        removed=[p.name for p in made.removed],
    )
