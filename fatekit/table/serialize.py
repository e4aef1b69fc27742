"""Commands and events to and from JSON: what the server reads and what the store keeps.

An event's payload is its own fields as a JSON object; the envelope (table id, version, seat,
time) travels beside it, as the store keeps it. Reading checks every field and reports each
problem by field (:class:`~fatekit.table.codec.FieldErrors`, a :class:`BadInput`).
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from fatekit.rules.core.errors import BadInput
from fatekit.table.codec import FieldErrors, check_bounds, from_json, to_json
from fatekit.table.commands import COMMAND_TYPES, Command
from fatekit.table.events import EVENT_TYPES, Event
from fatekit.table.upcasting import upcast

__all__ = [
    "ENVELOPE",
    "FACTS",
    "SCHEMA_KEY",
    "WAIVER",
    "command_from_json",
    "command_to_json",
    "event_from_payload",
    "event_payload",
    "own_fields",
    "stored_fields",
]

#: The fields every event carries outside its payload.
ENVELOPE = frozenset({"table_id", "version", "seat", "at"})
#: The key of an event's schema version in what the store keeps (absent: version 1).
SCHEMA_KEY = "schema"
#: The key of the facts an event recorded (:class:`~fatekit.table.base.Facts`).
FACTS = "facts"
#: The fields of a move the GM allowed against the rules: in the payload only when they hold
#: something, so the events of every other move read and write as they always did.
WAIVER = ("waived", "waiver_reason")


def own_fields(event: Event) -> dict[str, Any]:
    """The event's own fields as JSON values: no envelope, no waiver unless it has one, and no
    facts (what the fold assigns is the table's record, not what a seat is shown)."""
    data = {name: to_json(getattr(event, name)) for name in _own_names(type(event))}
    for key in WAIVER:
        if not data[key]:
            data.pop(key)
    return data


_OWN_NAMES: dict[type[Event], tuple[str, ...]] = {}


def _own_names(kind: type[Event]) -> tuple[str, ...]:
    # Read once a type; the envelope and the facts are left out before anything is converted
    # (the facts are the biggest part of many events, and no seat is shown them).
    found = _OWN_NAMES.get(kind)
    if found is None:
        skip = ENVELOPE | {FACTS}
        found = _OWN_NAMES[kind] = tuple(
            f.name for f in dataclasses.fields(kind) if f.name not in skip
        )
    return found


def stored_fields(event: Event, own: dict[str, Any] | None = None) -> dict[str, Any]:
    """What the store and a table file keep of an event: its own fields, its facts when it
    recorded some, and its type's schema version (:data:`SCHEMA_KEY`). ``own``: the event's
    :func:`own_fields` when the caller has them already (left as they are)."""
    data = own_fields(event) if own is None else dict(own)
    if event.facts is not None:  # what a move left unchanged is left out: ``{}`` for nothing
        data[FACTS] = {k: v for k, v in to_json(event.facts).items() if v is not None}
    data[SCHEMA_KEY] = type(event).SCHEMA
    return data


def event_payload(event: Event, own: dict[str, Any] | None = None) -> str:
    """What the store keeps of an event (:func:`stored_fields`) as compact JSON text (keys
    sorted, so equal events match). ``own``: as for :func:`stored_fields`."""
    return json.dumps(
        stored_fields(event, own), ensure_ascii=False, sort_keys=True, separators=(",", ":")
    )


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
    schema = data.pop(SCHEMA_KEY, 1)  # written before events carried one: the first shape
    if isinstance(schema, bool) or not isinstance(schema, int):
        raise FieldErrors(type_name, {SCHEMA_KEY: "expected a whole number"})
    data = upcast(kind, schema, data)
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
