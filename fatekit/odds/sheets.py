"""The characters a scenario names: a character file beside it, or a sheet written inline."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from fatekit.formats.character_json import character_from_dict, load_character
from fatekit.formats.schema import FORMAT as CHARACTER_FORMAT
from fatekit.formats.schema import VERSION as CHARACTER_VERSION
from fatekit.rules.characters.character import Character
from fatekit.rules.characters.preset import Preset
from fatekit.rules.characters.validation import validate
from fatekit.rules.core.errors import BadInput

__all__ = ["entry_character"]


def entry_character(
    entry: Mapping[str, Any],
    where: str,
    preset: Preset,
    base: Path,
    trusted: bool,
    *,
    default_id: str | None = None,
) -> Character:
    """The character an entry of a scenario gives: its ``file`` (relative to ``base``) or its
    inline ``character`` (the character file format; ``format``, ``version`` and, given a
    ``default_id``, the id may be left out), checked by the rules unless ``trusted``."""
    try:
        if "file" in entry:
            loaded = load_character(base / str(entry["file"]), preset)
        else:
            sheet = entry["character"]
            if not isinstance(sheet, Mapping):
                raise BadInput("'character' is a character object")
            head: dict[str, Any] = {"format": CHARACTER_FORMAT, "version": CHARACTER_VERSION}
            if default_id is not None:
                head["id"] = default_id
            loaded = character_from_dict({**head, **sheet}, preset)
    except BadInput as error:
        raise BadInput(f"{where}: {error}") from None
    character = loaded.character
    problems = [] if trusted else validate(character, loaded.preset)
    if problems:
        listed = "; ".join(str(p) for p in problems)
        raise BadInput(
            f"{where}: {character.id} is not a legal {loaded.preset.name} character: {listed}"
        )
    return character
