"""The page contract: what a seat reads from the server, as JSON Schema (draft 2020-12).

Three documents: the seat's view (``GET /tables/{id}/state``; the WebSocket's ``state``
message carries it with its extras under ``extras``), its extras (``/extras``) and its events
(``/events`` and the log). The view and the extras are described from the typed parts that build
them (:class:`~fatekit.table.views.SeatView`, :class:`~fatekit.table.extras.ExtrasPart`: each
domain's :class:`~fatekit.table.parts.Part`), so the schema cannot drift from what is sent; for
each event type it names the fields it may carry. A field the server starts sending, or stops
sending, shows as a failing test (tests/server/test_page_contract.py validates every read of the
golden tables against it). Published as ``docs/page.schema.json``.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import msgspec

from fatekit.table.events import EVENT_TYPES
from fatekit.table.extras import ExtrasPart
from fatekit.table.views import SeatView

__all__ = ["page_schema", "page_schema_text"]

JSON = dict[str, Any]

_STR: JSON = {"type": "string"}


def _closed(properties: JSON, optional: tuple[str, ...] = ()) -> JSON:
    """An object with exactly these properties (those in ``optional`` may be left out)."""
    return {
        "type": "object",
        "properties": properties,
        "required": [name for name in properties if name not in optional],
        "additionalProperties": False,
    }


def _parts() -> JSON:
    """The document's and the extras' parts, each described from the model that builds it."""
    (_, _), parts = msgspec.json.schema_components(
        [SeatView, ExtrasPart], ref_template="#/$defs/{name}"
    )
    found: JSON = dict(sorted(parts.items()))
    return found


def _shown_fields(name: str, fields: set[str]) -> set[str]:
    """What a seat's copy of an event may add to its fields: a mark where its dice or its
    difficulty were kept from the seat (the numbers then null), and a character as the seat may
    see it beside a new character's sheet."""
    added = set()
    if "faces" in fields:
        added.add("dice_hidden")
    if "difficulty" in fields:
        added.add("difficulty_hidden")
    if name == "CharacterAdded":
        added.add("character")
    return added


def _event(name: str) -> JSON:
    kind = EVENT_TYPES[name]
    fields = {f.name for f in dataclasses.fields(kind)} - {"table_id", "version"}
    fields |= _shown_fields(name, fields)
    return _closed(
        {
            "type": {"const": name},
            "version": {"type": "integer", "minimum": 1},
            "seat": _STR,
            "at": _STR,
            "data": {"type": "object", "propertyNames": {"enum": sorted(fields)}},
        }
    )


def page_schema() -> JSON:
    """The page contract as one JSON Schema, its three documents in ``$defs``."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://fatekit.example/schemas/page.schema.json",
        "title": "What a seat reads from a fatekit table: its document, extras and events",
        "$defs": {
            "document": {"$ref": "#/$defs/SeatView"},
            "extras": {"$ref": "#/$defs/ExtrasPart"},
            **_parts(),
            "event": {"oneOf": [{"$ref": f"#/$defs/event-{name}"} for name in EVENT_TYPES]},
            **{f"event-{name}": _event(name) for name in EVENT_TYPES},
        },
    }


def page_schema_text() -> str:
    """The schema as published in ``docs/page.schema.json``."""
    return json.dumps(page_schema(), indent=2, ensure_ascii=False) + "\n"
