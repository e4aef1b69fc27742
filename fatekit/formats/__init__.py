"""File formats for fatekit data: character JSON and its published JSON Schema.

These modules read and write files; the rules they build on (:mod:`fatekit.rules`) do no I/O.
"""

from fatekit.formats.character_json import (
    LoadedCharacter,
    character_from_dict,
    character_to_dict,
    dumps_character,
    load_character,
    loads_character,
    template,
)
from fatekit.formats.schema import CHARACTER_SCHEMA, schema_text

__all__ = [
    "CHARACTER_SCHEMA",
    "LoadedCharacter",
    "character_from_dict",
    "character_to_dict",
    "dumps_character",
    "load_character",
    "loads_character",
    "schema_text",
    "template",
]
