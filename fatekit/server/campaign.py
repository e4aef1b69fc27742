"""The campaign over HTTP: the GM's campaign file and the operator's backups.

:func:`mount_campaign` adds to an app made by :func:`fatekit.server.app.create_app`:

- ``GET /tables/{id}/campaign``: the whole campaign as a file to keep (a GM only), sent as an
  attachment named for the table. ``POST /tables/import`` opens a table from one;
- ``POST /backups``: the operator backs up every table now, as the server does each night when
  run with ``--backup-dir`` (409 when it was not).
"""

# No ``from __future__ import annotations``: FastAPI reads the routes' annotations at run time.

import asyncio
import json
import re
from typing import Annotated, Any

from fastapi import Depends, FastAPI
from fastapi.responses import Response
from pydantic import BaseModel

from fatekit.server.backups import NightlyBackups
from fatekit.server.errors import ApiError
from fatekit.server.service import Caller, TableService

__all__ = ["BackupOut", "mount_campaign"]


class BackupOut(BaseModel):
    """A backup run: the folder it wrote, the tables in it, the older folders it removed."""

    folder: str
    tables: list[str]
    removed: list[str]


def _file_name(name: str) -> str:
    # A name for the download that every system takes: letters, digits and dashes.
    plain = re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-")[:60] or "campaign"
    return f"{plain}.campaign.json"


def mount_campaign(
    app: FastAPI,
    service: TableService,
    caller_at: Any,
    operator_only: list[Any],
    backups: NightlyBackups | None,
) -> None:
    """Add the campaign's routes to ``app`` (see the module docstring)."""
    At = Annotated[Caller, Depends(caller_at)]

    @app.get(
        "/tables/{table_id}/campaign",
        summary="The whole campaign as a file to keep (GM)",
        response_description="A campaign file (docs/campaign.schema.json)",
    )
    async def campaign(caller: At) -> Response:
        data = await service.campaign(caller)
        return Response(
            json.dumps(data, ensure_ascii=False, indent=1),
            media_type="application/json",
            headers={"content-disposition": f'attachment; filename="{_file_name(data["name"])}"'},
        )

    @app.post(
        "/backups",
        status_code=201,
        summary="Back up every table now (the operator)",
        response_model=BackupOut,
        dependencies=operator_only,
        responses={409: {"description": "The server was started without --backup-dir"}},
    )
    async def back_up_now() -> BackupOut:
        if backups is None:
            raise ApiError(409, "no_backups", "this server was started without --backup-dir")
        made = await asyncio.to_thread(backups.run_now)
        return BackupOut(
            folder=made.folder.name,
            tables=list(made.tables),
            removed=[p.name for p in made.removed],
        )
