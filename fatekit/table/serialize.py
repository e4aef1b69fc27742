"""Commands and events to and from JSON: what the server reads and what the store keeps.

An event's payload is its own fields as a JSON object; the envelope (table id, version, seat,
time) travels beside it, as the store keeps it. Reading checks every field and reports each
problem by field (:class:`~fatekit.table.codec.FieldErrors`, a :class:`BadInput`).
"""

from __future__ import annotations

import json
from typing import Any

from fatekit.rules.core.errors import BadInput
from fatekit.table.codec import FieldErrors, check_bounds, from_json, to_json
from fatekit.table.commands import COMMAND_TYPES, Command
from fatekit.table.events import EVENT_TYPES, Event

__all__ = [
    "ENVELOPE",
    "WAIVER",
    "command_from_json",
    "command_to_json",
    "event_from_payload",
    "event_payload",
    "own_fields",
]

#: The fields every event carries outside its payload.
ENVELOPE = frozenset({"table_id", "version", "seat", "at"})
#: The fields of a move the GM allowed against the rules: in the payload only when they hold
#: something, so the events of every other move read and write as they always did.
WAIVER = ("waived", "waiver_reason")


def own_fields(event: Event) -> dict[str, Any]:
    """The event's own fields as JSON values: no envelope, and no waiver unless it has one."""
    data = to_json(event)
    for key in ENVELOPE:
        data.pop(key)
    for key in WAIVER:
        if not data[key]:
            data.pop(key)
    assert isinstance(data, dict)
    return data


def event_payload(event: Event) -> str:
    """The event's own fields as compact JSON text (keys sorted, so equal events match)."""
    return json.dumps(own_fields(event), ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def event_from_payload(
    type_name: str, payload: str, *, table_id: str, version: int, seat: str, at: str
) -> Event:
    """The event a stored record holds."""
    kind = EVENT_TYPES.get(type_name)
    if kind is None:
        raise BadInput(f"unknown event type {type_name!r}")
    try:
        data = json.loads(payload)
    except ValueError as error:
        raise BadInput(f"event {version} of {table_id!r} is not JSON: {error}") from None
    if not isinstance(data, dict):
        raise BadInput(f"event {version} of {table_id!r} is not a JSON object")
    return from_json(
        kind, data, given={"table_id": table_id, "version": version, "seat": seat, "at": at}
    )


def command_from_json(type_name: str, data: object) -> Command:
    """A command from its type name and its fields as parsed JSON."""
    kind = COMMAND_TYPES.get(type_name)
    if kind is None:
        known = ", ".join(sorted(COMMAND_TYPES))
        raise FieldErrors("command", {"type": f"unknown command {type_name!r}; one of {known}"})
    command = from_json(kind, data)
    check_bounds(command)
    return command


def command_to_json(command: Command) -> dict[str, Any]:
    """A command as ``{"type": ..., "data": {...}}``."""
    return {"type": type(command).__name__, "data": to_json(command)}
