"""How the server answers errors: one mapping from exceptions to HTTP statuses and JSON bodies.

Every error body is a JSON object with ``error`` (a stable word a client can switch on) and
``detail`` (a sentence for a person), plus what that kind of error adds:

========  ==============  ============================================================
status    ``error``       when, and what else the body holds
========  ==============  ============================================================
400       ``http``        a body the JSON parser cannot read (nested past its depth)
401       ``link``        no seat link, or one that opens no seat (unknown, revoked)
403       ``forbidden``   this seat may not do this; ``rule`` says whose rule
404       ``not_found``   no such table (or character)
405       ``http``        the path does not take this method
409       ``illegal``     the rules forbid the move; ``rule`` has its key and citation
409       ``stale``       the table moved on; ``expected``, ``actual`` and ``since``
409       ``read_only``   the table is open read-only (an event it holds does not fold
                          here); ``read_only`` says from which version, and to a GM why
409       ``cap``         a table or the server is full; ``cap`` (which) and ``limit``
413       ``too_large``   the body is too large (answered by :class:`~fatekit.server.limits.BodyLimit`)
422       ``malformed``   the request is malformed; ``fields`` maps a field to a message
429       ``slow_down``   too many requests; ``Retry-After`` and ``retry_after`` say when to
                          come back (:class:`~fatekit.server.limits.RateLimit`)
503       ``store``       the event store cannot work (a database from a newer fatekit)
503       ``unhealthy``   ``GET /health``: this process cannot serve (the report follows)
========  ==============  ============================================================

Every 403, 409 and 422 body also says whether a GM may set the refusal aside (``waivable``):
true only for a 409 ``illegal`` whose check enforces a rule of play (see
:mod:`fatekit.rules.core.waivers`); the GM sends the same command again with ``waive`` (the rule's
key) and ``reason``.

The server never answers 500 to any input: see :func:`problem`.
"""

from __future__ import annotations

import logging
import sqlite3
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from fatekit.rules.core.citations import Rule, book_key, citation
from fatekit.rules.core.errors import (
    BadInput,
    FateError,
    ForbiddenAction,
    IllegalAction,
    StaleState,
)
from fatekit.server.links import LinkRefused
from fatekit.store.base import StoreError
from fatekit.store.tables import TableFull
from fatekit.table.codec import FieldErrors
from fatekit.table.read_only import TableReadOnly

__all__ = [
    "ApiError",
    "NotFound",
    "Problem",
    "RuleOut",
    "Stale",
    "Unhealthy",
    "problem",
    "rule_json",
]

log = logging.getLogger("fatekit.server")


class RuleOut(BaseModel):
    """A rule as an error body cites it (:func:`rule_json`)."""

    model_config = ConfigDict(extra="forbid")
    key: str
    source: str
    section: str
    book: str | None
    summary: str
    citation: str


class Problem(BaseModel):
    """The body of every error the server answers (the module's description says which status
    carries which fields). :func:`problem` builds its bodies with this model, and the OpenAPI
    document describes every error with it, so the two cannot drift apart."""

    model_config = ConfigDict(extra="forbid")
    error: str = Field(description="A stable word a client can switch on")
    detail: str = Field(description="A sentence for a person")
    fields: dict[str, str] | None = Field(
        None, description="422: what is wrong with each field, by its path"
    )
    waivable: bool | None = Field(
        None, description="403, 409, 422: whether a GM may set the refusal aside"
    )
    rule: RuleOut | None = Field(None, description="403, 409: the rule that refuses it")
    code: str | None = Field(None, description="422: a key a page words the problem with")
    params: dict[str, Any] | None = Field(None, description="422: the values the words name")
    expected: int | None = Field(None, description="409 stale: the version the client sent")
    actual: int | None = Field(None, description="409 stale: the table's version now")
    since: list[dict[str, Any]] | None = Field(
        None, description="409 stale: the events since, as the client's seat may see them"
    )
    cap: str | None = Field(None, description="409 cap: which cap was met")
    limit: int | None = Field(None, description="409 cap: its value")
    read_only: dict[str, Any] | None = Field(
        None,
        description="409 read_only: the version the table stopped before (an event it holds "
        "does not fold here), and for a GM why",
    )
    retry_after: int | float | None = Field(None, description="429: seconds to wait")


class Unhealthy(Problem):
    """``GET /health`` when the process cannot serve: the error and the report."""

    ok: bool
    database: str
    following: bool
    listening: bool
    tables_watched: int
    connections: int


class ApiError(Exception):
    """An error the server raises itself, with its status, ``error`` word and extra fields."""

    def __init__(self, status: int, error: str, detail: str, **extra: Any) -> None:
        super().__init__(detail)
        self.status = status
        self.error = error
        self.detail = detail
        self.extra = extra


class NotFound(ApiError):
    """There is no such table (or character at it)."""

    def __init__(self, detail: str) -> None:
        super().__init__(404, "not_found", detail)


class Stale(ApiError):
    """The table moved on since the version the client sent; ``since`` holds the events after
    that version as the client's seat may see them."""

    def __init__(self, expected: int, actual: int, since: list[dict[str, Any]]) -> None:
        super().__init__(
            409,
            "stale",
            f"the table is at version {actual}, not {expected}: "
            "read what changed, then send the command again if it still makes sense",
            expected=expected,
            actual=actual,
            since=since,
        )


def rule_json(rule: Rule, book: str | None = None) -> dict[str, str]:
    """A rule as an error body carries it, cited from ``book`` (the text the table's preset
    comes from) where that book writes it: ``source`` and ``section`` say where, ``book`` names
    the book for a page to word (``core``, ``accelerated``, ``condensed``, ``ode``)."""
    source, section = citation(rule, book)
    return {
        "key": rule.key,
        "source": source,
        "section": section,
        "book": book_key(source),
        "summary": rule.summary,
        "citation": f"{source} § {section}",
    }


def problem(error: BaseException) -> tuple[int, dict[str, Any]]:
    """The status and JSON body that answer ``error`` (every 403, 409 and 422 body says whether
    the refusal is ``waivable``)."""
    status, body = _problem(error)
    if status in (403, 409, 422):
        body.setdefault("waivable", False)
    # Built through the model the API's description documents (a body it does not describe
    # fails here, in the tests, rather than reaching a client).
    return status, Problem(**body).model_dump(exclude_none=True)


def _problem(error: BaseException) -> tuple[int, dict[str, Any]]:
    """The status and JSON body that answer ``error``.

    Errors the rules and the table raise on purpose map to their statuses. Anything else that
    escapes while a command is being read or handled came from input the engine did not expect;
    nothing was stored (the table plays a command on a copy and the store appends atomically), so
    the request is answered as unprocessable and the traceback is logged for us to fix.
    """
    if isinstance(error, ApiError):
        return error.status, {"error": error.error, "detail": error.detail, **error.extra}
    if isinstance(error, TableFull):
        return 409, {
            "error": "cap",
            "detail": error.detail,
            "cap": error.limit,
            "limit": error.at_most,
        }
    if isinstance(error, LinkRefused):
        return 401, {"error": "link", "detail": str(error)}
    if isinstance(error, ForbiddenAction):
        return 403, {
            "error": "forbidden",
            "detail": error.reason,
            "rule": rule_json(error.rule, error.book),
        }
    if isinstance(error, IllegalAction):
        return 409, {
            "error": "illegal",
            "detail": error.reason,
            "rule": rule_json(error.rule, error.book),
            "waivable": error.waivable,
        }
    if isinstance(error, FieldErrors):
        return 422, {"error": "malformed", "detail": str(error), "fields": error.errors}
    if isinstance(error, BadInput):
        body: dict[str, Any] = {"error": "malformed", "detail": str(error), "fields": {}}
        if error.code is not None:
            body.update(code=error.code, params=error.params)
        return 422, body
    if isinstance(error, TableReadOnly):
        return 409, {
            "error": "read_only",
            "detail": str(error),
            "read_only": error.read_only.view(gm=False),
        }
    if isinstance(error, StaleState):
        return 409, {"error": "stale", "detail": str(error)}
    if isinstance(error, StoreError | OSError | sqlite3.Error):
        log.error("the event store failed: %s", error)
        return 503, {"error": "store", "detail": f"the table's store cannot work: {error}"}
    if isinstance(error, FateError):
        return 422, {"error": "malformed", "detail": str(error), "fields": {}}
    log.error("unexpected error while handling a request", exc_info=error)
    return 422, {
        "error": "malformed",
        "detail": f"the table could not process this request ({type(error).__name__}: {error})",
        "fields": {},
    }
