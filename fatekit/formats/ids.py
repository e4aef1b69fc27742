"""Ids made from names, in any script, and a character file given a new id.

A table gives the ids: a sheet, a seat, a template, a hazard, a block or a prepared scene that
comes without one, or with one already taken, gets one made from its name. A name in Cyrillic
makes a Cyrillic id ("Фёдор Кравцов" -> ``федор-кравцов``), so a second Russian-named character
never collides with the first on a placeholder.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Container
from typing import Any

__all__ = ["MAX_ID", "id_from_name", "renamed_sheet", "unique_id"]

#: Ids made from names are cut to this many characters (before a ``-2`` suffix).
MAX_ID = 40


def id_from_name(name: str, taken: Container[str] = (), *, fallback: str = "id") -> str:
    """A new id made from ``name``: lower case, letters and digits of any alphabet kept (accents
    folded where a plain letter exists), every other run of characters a hyphen; ``fallback``
    for a name with no letter or digit; ``-2``, ``-3``... until it is not in ``taken``."""
    folded = unicodedata.normalize("NFKD", name.strip().casefold())
    plain = "".join(c for c in folded if not unicodedata.combining(c))
    base = re.sub(r"[\W_]+", "-", plain).strip("-")[:MAX_ID].strip("-") or fallback
    chosen, n = base, 1
    while chosen in taken:
        n += 1
        chosen = f"{base}-{n}"
    return chosen


def unique_id(wanted: object, name: object, taken: Container[str], *, fallback: str) -> str:
    """``wanted`` when it is a non-blank id not in ``taken``; otherwise one made from ``name``
    (:func:`id_from_name`). A name that is no string counts as blank."""
    if isinstance(wanted, str) and wanted.strip() and wanted.strip() not in taken:
        return wanted.strip()
    text = name if isinstance(name, str) else ""
    return id_from_name(text, taken, fallback=fallback)


def renamed_sheet(data: dict[str, Any], new_id: str) -> Callable[[str], str]:
    """Give the character file ``data`` (changed in place) the id ``new_id``, with the aspect
    ids made from the old one (``ruth/high_concept/1``) and the free invokes its character
    holds following it. Returns how any other aspect id of the old sheet reads now."""
    old = data.get("id")
    data["id"] = new_id
    if not isinstance(old, str) or not old or old == new_id:
        return lambda aspect_id: aspect_id
    prefix = f"{old}/"

    def moved(aspect_id: str) -> str:
        return new_id + aspect_id[len(old) :] if aspect_id.startswith(prefix) else aspect_id

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "id" and isinstance(value, str):
                    node[key] = moved(value)
                elif key == "free_invokes" and isinstance(value, list):
                    node[key] = [new_id if h == old else h for h in value]
                else:
                    walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    for key, value in data.items():
        if key != "id":
            walk(value)
    return moved
