"""Whole tables and single characters as JSON files, and the JSON Schema of a table file.

A table file is the table's complete log (undone events included, so the history travels with it),
readable by :func:`import_table`, which checks it against :func:`table_schema` and folds it (a
log whose event no longer folds opens read-only before it: :mod:`fatekit.table.unfolded`). Only a GM may export a table: its log holds every secret. A
character exports as a character file (see ``docs/character.schema.json``), by any seat that may
see the whole sheet.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from fatekit.formats.character_json import character_to_dict
from fatekit.formats.schema import TRACK_KEY
from fatekit.formats.schema_check import NOT_BLANK, errors
from fatekit.rules.core.errors import BadInput, ForbiddenAction
from fatekit.rules.core.tracks import Track
from fatekit.table.base import Facts
from fatekit.table.codec import FieldErrors
from fatekit.table.events import EVENT_TYPES, Event
from fatekit.table.seeing import Viewer
from fatekit.table.serialize import ENVELOPE, SCHEMA_KEY, event_from_payload, event_payload
from fatekit.table.state import SEAT_RULE, TableState
from fatekit.table.unfolded import fold_what_folds

__all__ = [
    "TABLE_FORMAT",
    "TABLE_FORMAT_VERSION",
    "ImportedTable",
    "LogEntry",
    "export_character",
    "export_table",
    "import_table",
    "table_schema",
    "table_schema_text",
]

TABLE_FORMAT = "fatekit-table"
TABLE_FORMAT_VERSION = 1


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One event of a log as the store and a table file keep it, exactly as it was written
    (by this release or an earlier one): its type, version, seat, time and payload (JSON text).
    Exports and imports carry these, so no event is rewritten on its way between databases:
    reading it upcasts it (:mod:`fatekit.table.upcasting`) each time, never the file."""

    type: str
    version: int
    seat: str
    at: str
    payload: str

    @classmethod
    def of(cls, event: Event) -> LogEntry:
        """An event as this release writes it."""
        return cls(type(event).__name__, event.version, event.seat, event.at, event_payload(event))

    def to_json(self) -> dict[str, Any]:
        """The entry of a table file's ``events``."""
        return {
            "type": self.type,
            "version": self.version,
            "seat": self.seat,
            "at": self.at,
            "data": json.loads(self.payload),
        }


@dataclass(frozen=True, slots=True)
class ImportedTable:
    """A table read from a file: its events (renumbered for its new id), the same events as the
    file wrote them (``log``, what a store keeps), and its state (``state.read_only`` when one of
    them does not fold)."""

    events: tuple[Event, ...]
    state: TableState
    log: tuple[LogEntry, ...] = ()


def export_table(
    events: Sequence[Event | LogEntry], state: TableState, seat: str
) -> dict[str, Any]:
    """The table file for the complete log ``events`` (a GM only): events as this release
    writes them, entries as they were written."""
    if not state.seat(seat).is_gm:
        raise ForbiddenAction(
            "only a GM may export the whole table: it holds every secret", SEAT_RULE
        )
    return {
        "format": TABLE_FORMAT,
        "version": TABLE_FORMAT_VERSION,
        "table_id": state.table_id,
        "name": state.name,
        "events": [(e if isinstance(e, LogEntry) else LogEntry.of(e)).to_json() for e in events],
    }


def import_table(data: object, *, table_id: str | None = None) -> ImportedTable:
    """Read a table file (under ``table_id``, or its own id); raises :class:`BadInput` naming
    every problem. A log that no longer folds gives a table marked read-only (``state.read_only``)
    before the event that does not; only a first event that does not fold is refused."""
    problems = errors(data, table_schema())
    if problems:
        raise FieldErrors("table file", {f"#{i}": p for i, p in enumerate(problems, 1)})
    assert isinstance(data, dict)
    new_id = table_id if table_id is not None else str(data["table_id"])
    events: list[Event] = []
    log: list[LogEntry] = []
    for index, entry in enumerate(data["events"]):
        if entry["version"] != index + 1:
            raise BadInput(f"event {index + 1} of the file has version {entry['version']}")
        payload = json.dumps(
            entry["data"], ensure_ascii=False, sort_keys=True, separators=(",", ":")
        )
        log.append(LogEntry(entry["type"], entry["version"], entry["seat"], entry["at"], payload))
        events.append(
            event_from_payload(
                entry["type"],
                payload,
                table_id=new_id,
                version=entry["version"],
                seat=entry["seat"],
                at=entry["at"],
            )
        )
    # A log an earlier release wrote is never refused for a fold that fails today: the table
    # opens read-only before that event, and says why (fatekit.table.unfolded).
    return ImportedTable(tuple(events), fold_what_folds(events), tuple(log))


def export_character(state: TableState, character_id: str, seat: str) -> dict[str, Any]:
    """A character file, for a seat that may see the whole sheet (hidden aspects it may not
    see are left out)."""
    viewer = Viewer(state, seat)
    character = state.game.character(character_id)
    if not viewer.sees_sheet(character_id):
        raise ForbiddenAction(f"{character.name}'s sheet has not been revealed", SEAT_RULE)
    sheet = character_to_dict(character)
    visible = {a.id for a in character.aspects if viewer.sees_aspect(a)}
    sheet["aspects"] = [a for a in sheet["aspects"] if a["id"] in visible]
    sheet["fate_points"] = state.game.ledger.account(character_id).available
    return sheet


# -- the schema -------------------------------------------------------------------------------


def _field_schema(hint: Any) -> dict[str, Any]:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in typing.get_args(hint) if a is not type(None)]
        schema = _field_schema(inner[0])
        if "type" in schema and isinstance(schema["type"], str):
            return {**schema, "type": [schema["type"], "null"]}
        return {"oneOf": [schema, {"type": "null"}]}
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": _field_schema(args[0])}
        kinds = sorted({_field_schema(a).get("type", "array") for a in args}, key=str)
        return {
            "type": "array",
            "minItems": len(args),
            "maxItems": len(args),
            "items": {"type": kinds if len(kinds) > 1 else kinds[0]},
        }
    if isinstance(hint, type) and issubclass(hint, Enum):
        return {"enum": [m.value for m in hint]}
    if hint is Track:
        return TRACK_KEY
    if hint is Facts:  # every event may carry them: described once
        return {"$ref": f"#/$defs/{_FACTS}"}
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _object_schema(hint, frozenset())
    simple = {bool: "boolean", int: "integer", str: "string"}
    return {"type": simple[hint]}


def _object_schema(kind: type, skip: frozenset[str]) -> dict[str, Any]:
    """A dataclass as a JSON object. Fields with defaults may be left out: events gain such
    fields over time, and files written before them still read."""
    hints = typing.get_type_hints(kind)
    fields = [f for f in dataclasses.fields(kind) if f.name not in skip]
    return {
        "type": "object",
        "properties": {f.name: _field_schema(hints[f.name]) for f in fields},
        "required": [
            f.name
            for f in fields
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        ],
        "additionalProperties": False,
    }


def _data_schema(kind: type[Event]) -> dict[str, Any]:
    """An event's ``data``: today's shape with its schema version (absent in files written
    before events carried one: version 1); or, for a type whose shape has changed, an older
    version's, which reading upcasts (:mod:`fatekit.table.upcasting`) and checks then."""
    today = _object_schema(kind, ENVELOPE)
    today["properties"][SCHEMA_KEY] = {"const": kind.SCHEMA}
    if kind.SCHEMA == 1:
        return today
    today["required"] = [*today["required"], SCHEMA_KEY]
    older = {
        "type": "object",
        "properties": {SCHEMA_KEY: {"type": "integer", "minimum": 1, "maximum": kind.SCHEMA - 1}},
    }
    return {"anyOf": [today, older]}


def _event_schema(name: str, kind: type[Event]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            "type": {"const": name},
            "version": {"type": "integer", "minimum": 1},
            "seat": {"type": "string"},
            "at": {"type": "string"},
            "data": _data_schema(kind),
        },
        "required": ["type", "version", "seat", "at", "data"],
        "additionalProperties": False,
    }


#: Where the table file's schema describes an event's facts (no event's name: events are named
#: in CamelCase).
_FACTS = "facts"


def table_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a table file, made from the event classes themselves
    so that it cannot drift from them."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://fatekit.example/schemas/table.schema.json",
        "title": "fatekit table",
        "description": "A Fate table's complete event log, as fatekit exports it.",
        "type": "object",
        "properties": {
            "format": {"const": TABLE_FORMAT},
            "version": {"const": TABLE_FORMAT_VERSION},
            "table_id": {"type": "string", "minLength": 1, "pattern": NOT_BLANK},
            "name": {"type": "string"},
            "events": {
                "type": "array",
                "minItems": 1,
                "items": {"oneOf": [{"$ref": f"#/$defs/{name}"} for name in EVENT_TYPES]},
            },
        },
        "required": ["format", "version", "table_id", "name", "events"],
        "additionalProperties": False,
        "$defs": {
            **{name: _event_schema(name, kind) for name, kind in EVENT_TYPES.items()},
            _FACTS: _object_schema(Facts, frozenset()),
        },
    }


def table_schema_text() -> str:
    """The table file schema as indented JSON, ending in a newline (``docs/table.schema.json``)."""
    return json.dumps(table_schema(), indent=2, ensure_ascii=False) + "\n"
