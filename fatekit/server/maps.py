"""A scene's map over HTTP: the GM uploads the picture, every seat that may see it fetches it.

:data:`router` holds the endpoints, at module level like :mod:`fatekit.server.routes`;
:func:`fatekit.server.app.create_app` includes it:

- ``PUT /tables/{id}/scene/map``: the body is the image itself (PNG, JPEG or WebP, at most
  :data:`~fatekit.formats.images.MAX_MAP_BYTES`; its own body limit, :data:`MAP_UPLOAD`). The
  server makes it clean, keeps it at the table and sets it under the running scene's zones
  (``SetSceneMap``); answered as a command is. A refused image keeps nothing: 422 ``malformed``
  with ``code`` ``map_<why>``.
- ``GET /tables/{id}/maps/{hash}``: the image, to a seat at that table that may see it (the
  running scene's map; a GM, any the table keeps); any other is 404. Answers carry the hash as
  their ``ETag`` and ``Cache-Control: private``, so no shared cache keeps one table's map for
  another's seats, and a browser asks again with ``If-None-Match`` (304).
"""

# No ``from __future__ import annotations``: FastAPI reads the routes' annotations at run time.

import re
from typing import Annotated

from fastapi import APIRouter, Path, Request
from fastapi.responses import Response

from fatekit.formats.images import MAP_MEDIA_TYPES, MAX_MAP_BYTES
from fatekit.server.deps import LINK_HEADER, At, Service
from fatekit.server.routes import CommandOut
from fatekit.store.base import MAX_ID_LENGTH

__all__ = ["CAMPAIGN_IMPORT", "CAMPAIGN_MAPS_BYTES", "MAP_UPLOAD", "router"]

router = APIRouter()

#: The upload's path, for its own body limit (:class:`~fatekit.server.limits.BodyLimit`).
MAP_UPLOAD = (re.compile(r"/tables/[^/]+/(scene|prepared/[^/]+)/map"), MAX_MAP_BYTES)
#: What a table file's import may add to the body limit for the map images a campaign file
#: carries, in base64 (the operator's endpoint).
CAMPAIGN_MAPS_BYTES = 32 << 20
#: The import's path, for its own body limit: the server's, and room for maps.
CAMPAIGN_IMPORT = re.compile(r"/tables/import")

#: The body of an upload, as the API's description gives it: the image itself.
_IMAGE_BODY = {
    "requestBody": {
        "required": True,
        "content": {
            media: {"schema": {"type": "string", "format": "binary"}}
            for media in MAP_MEDIA_TYPES.values()
        },
    }
}
SceneId = Annotated[str, Path(min_length=1, max_length=MAX_ID_LENGTH)]
Hash = Annotated[str, Path(pattern=r"^[0-9a-f]{64}$", description="The image's SHA-256")]


@router.put(
    "/tables/{table_id}/scene/map",
    summary="Upload the running scene's map image (GM)",
    response_model=CommandOut,
    openapi_extra=_IMAGE_BODY,
    responses={
        413: {"description": f"The image is over {MAX_MAP_BYTES} bytes"},
        422: {"description": "Not a clean PNG, JPEG or WebP image: code says why"},
    },
)
async def upload_map(request: Request, caller: At, service: Service) -> CommandOut:
    data = await request.body()
    return CommandOut.of(caller, await service.set_map(caller, data))


@router.put(
    "/tables/{table_id}/prepared/{scene_id}/map",
    summary="Upload a prepared scene's map image (GM)",
    response_model=CommandOut,
    openapi_extra=_IMAGE_BODY,
    responses={
        404: {"description": "No such prepared scene"},
        413: {"description": f"The image is over {MAX_MAP_BYTES} bytes"},
        422: {"description": "Not a clean PNG, JPEG or WebP image: code says why"},
    },
)
async def upload_prepared_map(
    request: Request, caller: At, service: Service, scene_id: SceneId
) -> CommandOut:
    data = await request.body()
    return CommandOut.of(caller, await service.set_map(caller, data, prepared=scene_id))


@router.get(
    "/tables/{table_id}/maps/{image}",
    summary="A map image your seat may see",
    response_class=Response,
    responses={
        200: {"content": {media: {} for media in MAP_MEDIA_TYPES.values()}},
        304: {"description": "Your copy (If-None-Match) is this image"},
        404: {"description": "No such map, or not one your seat may see"},
    },
)
async def map_image(request: Request, caller: At, service: Service, image: Hash) -> Response:
    stored = await service.map_image(caller, image)
    etag = f'"{stored.hash}"'
    headers = {
        "etag": etag,
        # The browser of this seat may keep it (a hash never names other bytes); no shared
        # cache may, and one that ignores that still keys it by the link that fetched it.
        "cache-control": "private, max-age=86400",
        "vary": LINK_HEADER,
    }
    asked = request.headers.get("if-none-match", "")
    if etag in (tag.strip() for tag in asked.split(",")):
        return Response(status_code=304, headers=headers)
    return Response(stored.data, media_type=stored.media_type, headers=headers)
