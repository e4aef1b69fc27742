"""A whole campaign as one file that its GM owns: the table's complete log, and a readable copy of
what that log holds (the rule set, the seats, the characters, the NPC templates, the prepared
scenes, the setting, how many sessions have been played).

The log is the campaign: :func:`import_campaign` folds it, as :func:`~fatekit.table.import_table`
does a table file, and a table rebuilt from it is the table that was exported. The readable copy
(``contents``) is for people and for other tools; it is written from the folded state at export
and is never read back, so editing it changes nothing. A campaign file is checked against
:func:`campaign_schema` (published as ``docs/campaign.schema.json``) before anything is read.
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import hashlib
import json
from collections.abc import Sequence
from typing import Any

from fatekit import __version__
from fatekit.formats.images import (
    MAP_MEDIA_TYPES,
    MAX_STORED_MAP_BYTES,
    CleanMap,
    MapRefused,
    clean_map,
)
from fatekit.formats.ruleset import ruleset_to_dict
from fatekit.formats.schema_check import errors
from fatekit.rules.core.errors import ForbiddenAction
from fatekit.table.codec import FieldErrors, to_json
from fatekit.table.events import Event
from fatekit.table.export import (
    TABLE_FORMAT,
    ImportedTable,
    LogEntry,
    export_character,
    export_table,
    import_table,
    table_schema,
)
from fatekit.table.state import SEAT_RULE, TableState

__all__ = [
    "CAMPAIGN_FORMAT",
    "CAMPAIGN_FORMAT_VERSION",
    "MAP_CHUNK",
    "MAX_CAMPAIGN_MAPS",
    "campaign_contents",
    "campaign_maps",
    "campaign_schema",
    "campaign_schema_text",
    "export_campaign",
    "import_campaign",
    "is_campaign",
]

CAMPAIGN_FORMAT = "fatekit-campaign"
CAMPAIGN_FORMAT_VERSION = 1
#: The most map images a campaign file carries.
MAX_CAMPAIGN_MAPS = 64
#: A map image travels as base64 in pieces of this many characters: each piece is a short text,
#: as every text a table file holds is bounded.
MAP_CHUNK = 4096


def is_campaign(data: object) -> bool:
    """Whether ``data`` says it is a campaign file (it may still be a broken one)."""
    return isinstance(data, dict) and data.get("format") == CAMPAIGN_FORMAT


def export_campaign(
    events: Sequence[Event | LogEntry],
    state: TableState,
    seat: str,
    *,
    exported_at: str,
    maps: Sequence[CleanMap] = (),
) -> dict[str, Any]:
    """The campaign file of the table whose complete log is ``events`` (a GM only: the log holds
    every secret), events as this release writes them and entries as they were written, with
    the map images the table keeps (``maps``; the file has no ``maps`` when there are none)."""
    if not state.seat(seat).is_gm:
        raise ForbiddenAction(
            "only a GM may take the whole campaign: it holds every secret", SEAT_RULE
        )
    made: dict[str, Any] = {
        "format": CAMPAIGN_FORMAT,
        "version": CAMPAIGN_FORMAT_VERSION,
        "name": state.name,
        "exported_at": exported_at,
        "exported_by": f"fatekit {__version__}",
        "table": export_table(events, state, seat),
        "contents": campaign_contents(state, seat),
    }
    if maps:
        made["maps"] = [_map_json(m) for m in sorted(maps, key=lambda m: m.hash)]
    return made


def _map_json(image: CleanMap) -> dict[str, Any]:
    text = base64.b64encode(image.data).decode("ascii")
    return {
        "image": image.hash,
        "media_type": image.media_type,
        "width": image.width,
        "height": image.height,
        "data": [text[i : i + MAP_CHUNK] for i in range(0, len(text), MAP_CHUNK)],
    }


def campaign_maps(data: object) -> list[CleanMap]:
    """The map images a campaign file carries (none in a table file), each read as an upload
    is: decoded whole and encoded again, so only a clean picture is kept. Each keeps the name
    (``image``) the table's events know it by, which must be the SHA-256 of the bytes in the
    file. Raises :class:`FieldErrors` naming the map and why (``maps[0].data``), before anything
    is kept; call it on a file :func:`import_campaign` has read."""
    if not is_campaign(data):
        return []
    assert isinstance(data, dict)
    listed = data.get("maps", [])
    if not isinstance(listed, list):  # the envelope's schema says so first; kept for mypy
        raise FieldErrors("campaign file", {"maps": "a list of map images"})
    if len(listed) > MAX_CAMPAIGN_MAPS:
        raise FieldErrors("campaign file", {"maps": f"at most {MAX_CAMPAIGN_MAPS} map images"})
    found = []
    for index, entry in enumerate(listed):
        where = f"maps[{index}]"
        text = "".join(entry["data"])
        if len(text) > (MAX_STORED_MAP_BYTES + 2) // 3 * 4:
            raise FieldErrors(
                "campaign file", {f"{where}.data": "a map image this large is never kept"}
            )
        try:
            raw = base64.b64decode(text, validate=True)
        except (binascii.Error, ValueError):
            raise FieldErrors("campaign file", {f"{where}.data": "not base64"}) from None
        if hashlib.sha256(raw).hexdigest() != entry["image"]:
            raise FieldErrors(
                "campaign file", {f"{where}.image": "not the SHA-256 of the image's bytes"}
            )
        try:
            clean = clean_map(raw, max_bytes=MAX_STORED_MAP_BYTES)
        except MapRefused as refused:
            raise FieldErrors("campaign file", {f"{where}.data": str(refused)}) from None
        said = (entry["media_type"], entry["width"], entry["height"])
        if said != (clean.media_type, clean.width, clean.height):
            raise FieldErrors(
                "campaign file",
                {where: f"the image is a {clean.width}×{clean.height} {clean.media_type}"},
            )
        found.append(dataclasses.replace(clean, hash=entry["image"]))
    return found


def campaign_contents(state: TableState, seat: str) -> dict[str, Any]:
    """The readable copy of a campaign's state, as the GM ``seat`` sees it."""
    ledger = state.game.ledger
    characters = []
    for character_id, character in state.game.characters.items():
        characters.append(
            {
                "id": character_id,
                "name": character.name,
                "kind": character.kind.value,
                "owner": state.owner_of(character_id),
                "fate_points": ledger.account(character_id).available,
                "sheet": export_character(state, character_id, seat),
            }
        )
    return {
        "ruleset": {
            "preset": state.ruleset.preset.key,
            "options": sorted(o.value for o in state.ruleset.options),
            "from_file": state.ruleset_file is not None,
            "file": ruleset_to_dict(state.ruleset.preset),
        },
        "seats": [{"id": s.id, "role": s.role.value, "name": s.name} for s in state.seats.values()],
        "characters": characters,
        "npc_templates": [
            {"id": template_id, "name": name, "sheet": json.loads(sheet)}
            for template_id, (name, sheet) in state.templates.items()
        ],
        "prepared_scenes": [to_json(p) for p in state.screen.prepared.values()],
        "setting": _setting(state),
        "sessions": state.session,
        "arc": state.arc,
    }


def _setting(state: TableState) -> dict[str, Any]:
    """The setting, whole (secret faces and places too: the file is the GM's)."""
    setting = state.setting
    return {
        "name": setting.name,
        "summary": setting.summary,
        "aspects": [
            {
                "id": aspect.id,
                "name": aspect.name,
                "kind": aspect.kind.value,
                "issue": None if (i := setting.issues.get(aspect.id)) is None else i.value,
                "organization": aspect.organization,
            }
            for aspect in state.game.lasting
        ],
        "entries": [
            {
                "id": entry_id,
                "kind": entry.kind.value,
                "name": entry.name,
                "text": entry.text,
                "secret": entry.secret,
            }
            for entry_id, entry in setting.entries.items()
        ],
        "organizations": [
            {"name": org, "members": sorted(members)}
            for org, members in sorted(state.game.lasting.memberships.items())
        ],
    }


def import_campaign(data: object, *, table_id: str | None = None) -> ImportedTable:
    """Read a campaign file, or a table file (the log alone), under ``table_id`` or its own
    table's id. Raises :class:`~fatekit.rules.BadInput` naming every problem of a broken or
    foreign file; a log with an event that no longer folds opens read-only before it
    (``state.read_only``), and only a first event that does not fold is refused."""
    if isinstance(data, dict) and data.get("format") == TABLE_FORMAT:
        return import_table(data, table_id=table_id)
    if not is_campaign(data):
        said = data.get("format") if isinstance(data, dict) else None
        raise FieldErrors(
            "file",
            {
                "format" if isinstance(data, dict) else "$": "not a fatekit campaign file ("
                + (f"its format is {said!r}" if isinstance(said, str) else "it names no format")
                + f'; a campaign file says "format": "{CAMPAIGN_FORMAT}", a table file '
                f'"{TABLE_FORMAT}")'
            },
        )
    # The table inside is checked by import_table against the table file's schema, once.
    problems = errors(data, _ENVELOPE_SCHEMA)
    if problems:
        raise FieldErrors("campaign file", {f"#{i}": p for i, p in enumerate(problems, 1)})
    assert isinstance(data, dict)
    try:
        return import_table(data["table"], table_id=table_id)
    except FieldErrors as error:
        where = {k: v.replace("$", "$.table", 1) for k, v in error.errors.items()}
        raise FieldErrors("campaign file", where) from None


# -- the schema -------------------------------------------------------------------------------

_OBJECT = {"type": "object"}
_TEXT = {"type": "string"}
_WHOLE = {"type": "integer", "minimum": 0}


def _rows(properties: dict[str, Any], required: Sequence[str]) -> dict[str, Any]:
    return {
        "type": "array",
        "items": {
            "type": "object",
            "properties": properties,
            "required": list(required),
            "additionalProperties": False,
        },
    }


def campaign_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a campaign file. Its ``table`` is a table file, whose
    schema is ``docs/table.schema.json`` (referred to by its ``$id``)."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://fatekit.example/schemas/campaign.schema.json",
        "title": "fatekit campaign",
        "description": "A Fate campaign as fatekit exports it: the table's complete log, which "
        "import reads, and a readable copy of what it holds, which import does not read.",
        "type": "object",
        "properties": {
            "format": {"const": CAMPAIGN_FORMAT},
            "version": {"const": CAMPAIGN_FORMAT_VERSION},
            "name": _TEXT,
            "exported_at": _TEXT,
            "exported_by": _TEXT,
            "table": {"$ref": table_schema()["$id"]},
            "contents": {
                "type": "object",
                "description": "A copy for people and other tools, written from the log at "
                "export; import never reads it.",
                "properties": {
                    "ruleset": {
                        "type": "object",
                        "properties": {
                            "preset": _TEXT,
                            "options": {"type": "array", "items": _TEXT},
                            "from_file": {"type": "boolean"},
                            "file": _OBJECT,
                        },
                        "required": ["preset", "options", "from_file", "file"],
                        "additionalProperties": False,
                    },
                    "seats": _rows(
                        {"id": _TEXT, "role": _TEXT, "name": _TEXT}, ("id", "role", "name")
                    ),
                    "characters": _rows(
                        {
                            "id": _TEXT,
                            "name": _TEXT,
                            "kind": _TEXT,
                            "owner": {"type": ["string", "null"]},
                            "fate_points": {"type": "integer"},
                            "sheet": _OBJECT,
                        },
                        ("id", "name", "kind", "owner", "fate_points", "sheet"),
                    ),
                    "npc_templates": _rows(
                        {"id": _TEXT, "name": _TEXT, "sheet": _OBJECT}, ("id", "name", "sheet")
                    ),
                    "prepared_scenes": {"type": "array", "items": _OBJECT},
                    "setting": {
                        "type": "object",
                        "description": "The setting as game creation made it: its issues and "
                        "its other lasting aspects, its faces and places, who belongs to which "
                        "organization.",
                        "properties": {
                            "name": _TEXT,
                            "summary": _TEXT,
                            "aspects": _rows(
                                {
                                    "id": _TEXT,
                                    "name": _TEXT,
                                    "kind": {"enum": ["setting", "scenario", "organization"]},
                                    "issue": {"enum": ["current", "impending", None]},
                                    "organization": {"type": ["string", "null"]},
                                },
                                ("id", "name", "kind", "issue", "organization"),
                            ),
                            "entries": _rows(
                                {
                                    "id": _TEXT,
                                    "kind": {"enum": ["face", "place"]},
                                    "name": _TEXT,
                                    "text": _TEXT,
                                    "secret": {"type": "boolean"},
                                },
                                ("id", "kind", "name", "text", "secret"),
                            ),
                            "organizations": _rows(
                                {"name": _TEXT, "members": {"type": "array", "items": _TEXT}},
                                ("name", "members"),
                            ),
                        },
                        "required": ["name", "summary", "aspects", "entries", "organizations"],
                        "additionalProperties": False,
                    },
                    "sessions": _WHOLE,
                    "arc": _WHOLE,
                },
                "additionalProperties": False,
            },
            "maps": {
                "type": "array",
                "description": "The map images the table keeps, each named by the SHA-256 of "
                "its bytes (as the scene map events name it), in base64 in short pieces.",
                "maxItems": MAX_CAMPAIGN_MAPS,
                "items": {
                    "type": "object",
                    "properties": {
                        "image": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
                        "media_type": {"enum": sorted(MAP_MEDIA_TYPES.values())},
                        "width": {"type": "integer", "minimum": 1},
                        "height": {"type": "integer", "minimum": 1},
                        "data": {
                            "type": "array",
                            "items": {"type": "string", "maxLength": MAP_CHUNK},
                        },
                    },
                    "required": ["image", "media_type", "width", "height", "data"],
                    "additionalProperties": False,
                },
            },
        },
        "required": ["format", "version", "name", "table"],
        "additionalProperties": False,
    }


#: The campaign schema with its table left to the table file's own check (see import_campaign).
_ENVELOPE_SCHEMA = {
    **campaign_schema(),
    "properties": {**campaign_schema()["properties"], "table": {"type": "object"}},
}


def campaign_schema_text() -> str:
    """The campaign file schema as indented JSON, ending in a newline
    (``docs/campaign.schema.json``)."""
    return json.dumps(campaign_schema(), indent=2, ensure_ascii=False) + "\n"
