"""The API's try-it page at ``/docs``: Swagger UI over ``/openapi.json``, every file from here.

FastAPI's own ``/docs`` (and ``/redoc``) load their scripts and styles from a CDN and start
Swagger UI with an inline script; this page serves Swagger UI's files from the
``swagger-ui-py`` package (its ``static`` folder) and starts it from a script file of ours, so it
passes its policy (:data:`fatekit.server.headers.DOCS_POLICY`) with no inline script.
"""

# No ``from __future__ import annotations``: FastAPI reads the routes' annotations at run time.

from importlib.resources import files
from pathlib import Path
from typing import Literal

from fastapi import APIRouter
from starlette.responses import FileResponse, HTMLResponse, Response

__all__ = ["SWAGGER_UI_DIR", "router"]

#: Swagger UI's distribution files, as the ``swagger-ui-py`` package ships them.
SWAGGER_UI_DIR = Path(str(files("swagger_ui"))) / "static"

_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>fatekit table server: API</title>
<link rel="stylesheet" href="/docs/swagger-ui/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/swagger-ui/swagger-ui-bundle.js"></script>
<script src="/docs/start.js"></script>
</body>
</html>
"""

# Swagger UI started on the app's description; no validator (it would send the description to
# an outside server), links to each operation in the address.
_START = """window.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
});
"""

router = APIRouter(include_in_schema=False)


@router.get("/docs")
async def docs_page() -> HTMLResponse:
    return HTMLResponse(_PAGE)


@router.get("/docs/start.js")
async def docs_start() -> Response:
    return Response(_START, media_type="text/javascript")


@router.get("/docs/swagger-ui/{name}")
async def swagger_file(name: Literal["swagger-ui-bundle.js", "swagger-ui.css"]) -> FileResponse:
    kind = "text/javascript" if name.endswith(".js") else "text/css"
    return FileResponse(SWAGGER_UI_DIR / name, media_type=kind)
