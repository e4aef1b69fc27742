"""The OpenAPI document at ``/openapi.json``: FastAPI's, with every error the server answers
described by the model that builds it (:class:`~fatekit.server.errors.Problem`).

FastAPI documents only what a route declares, and its 422 with a body shape of its own. The
server's guards answer every route (413, 422, 429), its store may fail under any (503), a body
it cannot parse is 400, a seat link may be missing, refused or for no table (401, 403, 404), and
a change may be refused by the rules, by a newer version or by a cap (409): each operation gets
what its shape says it can be answered, with the body :func:`fatekit.server.errors.problem`
sends. Opening a table takes the operator's token only when the server has one (from loopback
none is needed), so the token is documented as optional there.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi

from fatekit.server.errors import Problem, Unhealthy

__all__ = ["WHY", "install"]

#: What each error status means, as the document says it.
WHY = {
    400: "The body is not JSON the server can read",
    401: "No seat link (or operator token), or one that opens nothing",
    403: "This seat (or this client) may not do this: `rule` says whose rule",
    404: "No such table (or character)",
    409: "Refused: the rules forbid it (`illegal`), the table moved on (`stale`), or a cap "
    "is met (`cap`)",
    413: "The body is too large",
    422: "Malformed: `fields` says what is wrong with each field",
    429: "Too many requests: `retry_after` says when to come back",
    503: "The store cannot work",
}

_PROBLEM = {"$ref": "#/components/schemas/Problem"}
_UNHEALTHY = {"$ref": "#/components/schemas/Unhealthy"}
_EVERY = (413, 422, 429, 503)
_CHANGES = frozenset({"post", "put", "patch", "delete"})


def _statuses(method: str, operation: dict[str, Any]) -> set[int]:
    """The error statuses an operation of this shape can be answered."""
    found = set(_EVERY)
    schemes = {name for need in operation.get("security", []) for name in need}
    if "requestBody" in operation:
        found.add(400)
    if "APIKeyHeader" in schemes:  # a seat's link
        found |= {401, 403, 404}
        if method in _CHANGES:
            found.add(409)
    if "HTTPBearer" in schemes:  # the operator's token
        found |= {401, 403}
    found |= {int(s) for s in operation.get("responses", {}) if s.isdigit() and int(s) >= 400}
    return found


def _schemas() -> dict[str, Any]:
    """The JSON Schemas of the error bodies, for ``components.schemas``."""
    found: dict[str, Any] = {}
    for model in (Problem, Unhealthy):
        schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
        found.update(schema.pop("$defs", {}))
        found[model.__name__] = schema
    return found


def document(app: FastAPI) -> dict[str, Any]:
    """The app's OpenAPI document, with its errors described (made once, then kept)."""
    if app.openapi_schema is not None:
        return app.openapi_schema
    doc = get_openapi(
        title=app.title,
        version=app.version,
        description=app.description,
        routes=app.routes,
    )
    schemas = doc.setdefault("components", {}).setdefault("schemas", {})
    for name in ("HTTPValidationError", "ValidationError"):  # FastAPI's 422, never sent
        schemas.pop(name, None)
    schemas.update(_schemas())
    for path, item in doc.get("paths", {}).items():
        for method, operation in item.items():
            responses = operation.setdefault("responses", {})
            for status in sorted(_statuses(method, operation)):
                answer = responses.setdefault(str(status), {"description": WHY[status]})
                body = _UNHEALTHY if (path, status) == ("/health", 503) else _PROBLEM
                answer["content"] = {"application/json": {"schema": body}}
            if any("HTTPBearer" in need for need in operation.get("security", [])):
                # From loopback, a server without a token needs none: the token is optional.
                operation["security"] = [*operation["security"], {}]
    app.openapi_schema = doc
    return doc


def install(app: FastAPI) -> None:
    """Serve :func:`document` as the app's OpenAPI document."""

    def openapi() -> dict[str, Any]:
        return document(app)

    app.openapi = openapi  # type: ignore[method-assign]
