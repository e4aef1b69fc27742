"""Characters from and to other programs: Fari sheets and Foundry VTT (Fate Core Official) actors.

:func:`import_character` takes the bytes of a file, tells its format (unless given), reads it
and returns an :class:`~fatekit.formats.mapping.Imported`: a fatekit character file, the
character it loads as, and a report of what had no place on the sheet. :func:`export_character`
writes a fatekit character file in another format. Bad input of every kind (not JSON, cut off,
binary, too large, another sort of Fari file, nothing Fate-like on it) raises :class:`BadInput`
with a message a person can act on. See ``docs/interop.md``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from fatekit.formats import wellformed
from fatekit.formats.character_json import LoadedCharacter, character_from_dict, character_to_dict
from fatekit.formats.draft import Imported, ImportReport
from fatekit.formats.fari import read_fari, write_fari
from fatekit.formats.foundry import looks_like_foundry, read_foundry, write_foundry
from fatekit.formats.game_parts import rule_parts
from fatekit.formats.mapping import build
from fatekit.rules import BadInput, Preset

__all__ = [
    "EXPORT_FORMATS",
    "IMPORT_FORMATS",
    "MAX_FILE_BYTES",
    "detect_format",
    "export_character",
    "import_character",
    "parse_file",
]

#: The formats a character can be read from.
IMPORT_FORMATS = ("fari", "foundry", "fatekit")
#: The formats a character can be written to.
EXPORT_FORMATS = ("fari", "foundry")
#: The largest file read: a character sheet, even with an image in it, is far smaller.
MAX_FILE_BYTES = 4 * 1024 * 1024


def parse_file(content: bytes | str) -> Mapping[str, Any]:
    """The JSON object in a file's content. Raises :class:`BadInput` saying what is wrong."""
    if len(content) > MAX_FILE_BYTES:
        raise BadInput(
            f"the file is {len(content) / 1048576:.1f} MB; a character file is at most "
            f"{MAX_FILE_BYTES // 1048576} MB (is this really a character sheet?)"
        )
    if isinstance(content, bytes):
        if b"\x00" in content[:4096]:
            raise BadInput(
                "this is not a text file (it looks binary): choose a .json character file"
            )
        try:
            text = content.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise BadInput("this is not UTF-8 text: choose a .json character file") from None
    else:
        text = content.removeprefix("\ufeff")
    if not text.strip():
        raise BadInput("the file is empty")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        cut = error.pos >= len(text.rstrip()) or error.msg.startswith("Unterminated")
        ending = "; the file seems cut off, download it again" if cut else ""
        raise BadInput(
            f"not valid JSON: {error.msg} (line {error.lineno}, column {error.colno}){ending}"
        ) from None
    except RecursionError:
        raise BadInput("not a character file: the JSON is nested too deeply") from None
    if not isinstance(data, dict):
        raise BadInput(f"a character file holds a JSON object, not a {type(data).__name__}")
    found = wellformed.problems(data)
    if found:
        listed = "\n  ".join(f"{k}: {v}" for k, v in sorted(found.items()))
        raise BadInput(f"not a usable character file:\n  {listed}")
    return data


def detect_format(data: Mapping[str, Any]) -> str:
    """``"fatekit"``, ``"fari"`` or ``"foundry"``; raises :class:`BadInput` for anything else."""
    if data.get("format") == "fatekit-character":
        return "fatekit"
    if "fariType" in data or isinstance(data.get("pages"), list):
        return "fari"
    if isinstance(data.get("aspects"), list) or isinstance(data.get("stressTracks"), list):
        return "fari"
    if looks_like_foundry(data):
        return "foundry"
    raise BadInput(
        "not a character file fatekit knows: expected a Fari character (.fari.json), a Foundry "
        "VTT actor of the Fate Core Official system, or a fatekit character file"
    )


def import_character(
    content: bytes | str | Mapping[str, Any],
    source: str | None = None,
    preset: str | Preset | None = None,
) -> Imported:
    """Read a character file in any known format (``source`` to insist on one) for ``preset``
    (a built-in's key, a rule set read from a file, or ``None``: recognised from the sheet).
    Fari's and Foundry's sheets are mapped onto the preset's skills by their names; the rule
    set's conditions, modes and packages are found by theirs (:mod:`fatekit.formats.game_parts`)."""
    data = content if isinstance(content, Mapping) else parse_file(content)
    if source is not None and source not in IMPORT_FORMATS:
        raise BadInput(f"unknown format {source!r}; choose one of: {', '.join(IMPORT_FORMATS)}")
    found = detect_format(data)
    if source is not None and source != found:
        raise BadInput(f"this is a {found} file, not a {source} one")
    try:
        if found == "fatekit":
            loaded = character_from_dict(data, preset)
            report = ImportReport("fatekit", loaded.preset.name, (), ())
            return Imported(character_to_dict(loaded.character, loaded.preset), loaded, report)
        draft = read_fari(data) if found == "fari" else read_foundry(data)
        return build(draft, "Fari" if found == "fari" else "Foundry VTT", preset)
    except RecursionError:
        raise BadInput("the sheet is nested too deeply to be a character") from None


def _skills(loaded: LoadedCharacter) -> list[tuple[str, str]]:
    preset = loaded.preset
    return [(key, preset.skill_name(key)) for key in preset.skill_keys]


def export_character(loaded: LoadedCharacter, target: str) -> dict[str, Any]:
    """The character in ``target`` format (``"fari"`` or ``"foundry"``)."""
    if target not in EXPORT_FORMATS:
        raise BadInput(f"cannot export to {target!r}; choose one of: {', '.join(EXPORT_FORMATS)}")
    sheet = character_to_dict(loaded.character, loaded.preset)
    writer = write_fari if target == "fari" else write_foundry
    return writer(sheet, _skills(loaded), rule_parts(loaded.preset))
