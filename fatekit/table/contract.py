"""The page contract: what a seat reads from the server, as JSON Schema (draft 2020-12).

Three documents: the seat's live document (``GET /tables/{id}/state`` and the WebSocket's
``state`` message), its extras (``/extras``) and its events (``/events`` and the log). The
schema names every top-level part of the document and the extras, the shape of the parts the
page reads most (the table, the seat, the time, the scene), and for each event type the fields it
may carry, so a field the server starts sending, or stops sending, shows as a failing test
(tests/server/test_page_contract.py validates every read of the golden tables against it).
Parts whose shape follows the rules engine's own (a character, a conflict) are objects here
until they get their own definitions. Published as ``docs/page.schema.json``.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from fatekit.table.events import EVENT_TYPES

__all__ = ["page_schema", "page_schema_text"]

JSON = dict[str, Any]

_INT: JSON = {"type": "integer"}
_STR: JSON = {"type": "string"}
_BOOL: JSON = {"type": "boolean"}
_OBJ: JSON = {"type": "object"}
_LIST: JSON = {"type": "array"}
_IDS: JSON = {"type": "array", "items": _STR}


def _nullable(schema: JSON) -> JSON:
    return {"anyOf": [schema, {"type": "null"}]}


def _closed(properties: JSON, optional: tuple[str, ...] = ()) -> JSON:
    """An object with exactly these properties (those in ``optional`` may be left out)."""
    return {
        "type": "object",
        "properties": properties,
        "required": [name for name in properties if name not in optional],
        "additionalProperties": False,
    }


#: A table open read-only (fatekit.table.unfolded): from which version, and for a GM why.
_READ_ONLY = _closed(
    {
        "version": {"type": "integer", "minimum": 2},
        "event": _STR,
        "error": {"enum": ["illegal", "forbidden", "malformed", "unexpected"]},
        "detail": _STR,
        "rule": _nullable(_closed({"key": _STR, "summary": _STR})),
        "code": _nullable(_STR),
        "params": {"type": "object", "additionalProperties": _STR},
    },
    optional=("event", "error", "detail", "rule", "code", "params"),
)
_TABLE = _closed(
    {
        "id": _STR,
        "name": _STR,
        "version": {"type": "integer", "minimum": 1},
        "preset": _STR,
        "options": _IDS,
        "book_rules": _IDS,
        "advancement": {"enum": ["condensed", "core", "accelerated"]},
        "milestone_levels": {
            "type": "array",
            "items": {"enum": ["minor", "significant", "major"]},
        },
        "between_sessions": _IDS,
        "skill_list": _nullable(_STR),
        "ruleset": _BOOL,
        "difficulty_guidance": _closed({"any": _LIST, "by_skill": _OBJ}),
        "read_only": _nullable(_READ_ONLY),
    }
)
_YOU = _closed(
    {
        "seat": _STR,
        "role": {"enum": ["gm", "player", "spectator"]},
        "name": _STR,
        "characters": _IDS,
    }
)
_SEAT = _closed({"id": _STR, "role": {"enum": ["gm", "player", "spectator"]}, "name": _STR})
_TIME = _closed(
    {
        "session": _INT,
        "in_session": _BOOL,
        "arc": _INT,
        "scenes_ended": _INT,
        "sessions_ended": _INT,
        "minor_milestones": _INT,
        "major_milestones": _INT,
        "significant_milestones": _INT,
    }
)
_ZONES = _closed(
    {
        "zones": _IDS,
        "links": {"type": "array", "items": {"type": "array", "items": _STR}},
        "positions": {"type": "object", "additionalProperties": _STR},
        "moves": {"type": "object", "additionalProperties": _IDS},
        "further": {"type": "object", "additionalProperties": _IDS},
    }
)
_SCENE = _closed(
    {
        "name": _STR,
        "number": _INT,
        "participants": _IDS,
        "aspects": {"type": "array", "items": _OBJ},
        "zones": _nullable(_ZONES),
        "countdowns": {"type": "array", "items": _OBJ},
    }
)
_SAFETY_TOOL: JSON = {"enum": ["x-card", "pause", "rewind", "fast-forward"]}
#: The safety tools: the signals on, and those waiting for the GM (every seat reads the same).
_SAFETY = _closed(
    {
        "on": {"type": "array", "items": _SAFETY_TOOL},
        "waiting": {
            "type": "array",
            "items": _closed({"id": _STR, "tool": _SAFETY_TOOL}),
        },
    }
)

_SETTING = _closed(
    {
        "name": _STR,
        "summary": _STR,
        "aspects": {"type": "array", "items": _OBJ},
        "entries": {"type": "array", "items": _OBJ},
        "organizations": {"type": "array", "items": _OBJ},
    }
)

#: The seat's live document: every part named, each of its type.
DOCUMENT = _closed(
    {
        "table": _TABLE,
        "you": _YOU,
        "seats": {"type": "array", "items": _SEAT},
        "time": _TIME,
        "gm_pool": _INT,
        "characters": {"type": "array", "items": _OBJ},
        "templates": {"type": "array", "items": _OBJ},
        "scene": _nullable(_SCENE),
        "conflict": _nullable(_OBJ),
        "contest": _nullable(_OBJ),
        # Hits a contest dealt, waiting to be taken (outlasting the contest); the ways to take
        # one only for a character the seat plays, and only on their first hit.
        "contest_hits": {
            "type": "array",
            "items": _closed(
                {
                    "target": _STR,
                    "shifts": _INT,
                    "by": _STR,
                    "harm": _STR,
                    "absorb_options": _LIST,
                },
                optional=("absorb_options",),
            ),
        },
        "challenge": _nullable(_OBJ),
        "roll": _nullable(_OBJ),
        "rolls": {"type": "array", "items": _OBJ},
        "compels": {"type": "array", "items": _OBJ},
        "self_compels": {"type": "array", "items": _OBJ},
        "milestones": {"type": "object", "additionalProperties": _STR},
        "last_roll": _nullable(_OBJ),
        "screen": _nullable(_OBJ),
        "setting": _SETTING,
        "safety": _SAFETY,
    },
    optional=("screen",),
)

#: The extras: what the page may offer the seat now, beside the document.
EXTRAS = _closed(
    {
        "version": _INT,
        "resolution": _nullable(_OBJ),
        "resolutions": _OBJ,
        "acted": _IDS,
        "defend_skills": _OBJ,
        "impediments": _LIST,
    },
    optional=("resolution", "resolutions"),
)


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
            "document": DOCUMENT,
            "extras": EXTRAS,
            "event": {"oneOf": [{"$ref": f"#/$defs/event-{name}"} for name in EVENT_TYPES]},
            **{f"event-{name}": _event(name) for name in EVENT_TYPES},
        },
    }


def page_schema_text() -> str:
    """The schema as published in ``docs/page.schema.json``."""
    return json.dumps(page_schema(), indent=2, ensure_ascii=False) + "\n"
