"""The command envelope, checked in one place for HTTP and the WebSocket alike: a command's
``type`` and ``data``, the version the sender saw (``expected_version``), the key that makes a
retry safe (``idempotency_key``), and a GM's ``waive``/``reason`` (the contract every client
sends, docs/server.md). ``POST /tables/{id}/commands`` reads its body as :class:`CommandIn`;
the socket's command message, less its ``kind`` and ``id``, goes through :func:`read_envelope`.
Either way a malformed envelope is a 422 ``malformed`` naming each field (:func:`field_problems`).
"""

# No ``from __future__ import annotations``: FastAPI and pydantic read the model's annotations.

from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, JsonValue, ValidationError

from fatekit.rules.core.bounds import MAX_WHOLE
from fatekit.rules.core.errors import BadInput
from fatekit.store.base import MAX_ID_LENGTH
from fatekit.table.commands import COMMAND_TYPES

__all__ = ["CommandIn", "MalformedEnvelope", "field_problems", "read_envelope"]


class CommandIn(BaseModel):
    """A command: its type, its fields, and optionally the version the sender saw and a key
    that makes a retry safe."""

    # Strict: a version or a key sent as the wrong kind of JSON value is refused, not coerced.
    model_config = ConfigDict(extra="forbid", strict=True)
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


class MalformedEnvelope(BadInput):
    """An envelope that is not one: ``fields`` says what is wrong with each field."""

    def __init__(self, fields: dict[str, str]) -> None:
        listed = "; ".join(f"{k}: {v}" for k, v in fields.items())
        super().__init__(f"malformed message: {listed}")
        self.fields = fields


def read_envelope(message: Mapping[str, Any]) -> CommandIn:
    """``message`` read as a command's envelope, strictly (no string for a number, no field it
    does not know); raises :class:`MalformedEnvelope`."""
    try:
        return CommandIn.model_validate(dict(message))
    except ValidationError as error:
        raise MalformedEnvelope(field_problems(error.errors())) from None


def field_problems(errors: Iterable[Mapping[str, Any]]) -> dict[str, str]:
    """Pydantic's validation errors as one message per field (``data.text``; ``$``: the whole
    body), the first for each."""
    fields: dict[str, str] = {}
    for item in errors:
        path = ".".join(str(p) for p in item.get("loc", ()) if p != "body") or "$"
        fields.setdefault(path, str(item.get("msg", "invalid")))
    return fields
