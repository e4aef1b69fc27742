"""A scene with zones from ``/gm start-scene``'s options (issue 42): the zones named in a list,
the borders between them (``links``), where the characters start (``places``) and the zones kept
from the players (``hide``), read into the fields of the table's ``StartScene`` as the page sends
them.

Nothing here judges the scene: the table does, as it does the page's. A list that cannot be read
(a zone named twice, a link that is not two of the named zones, a place that names no character
of the scene) is refused here, in the GM's words, before the table is asked, as a form refuses
what it cannot send; the bounds keep every list short enough for Discord's menus (an
autocomplete shows at most 25 choices).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

from fatekit.discord.lines import escape
from fatekit.discord.lookup import Choice, fold

__all__ = ["MOST_ZONES", "ZONES_TEXT", "ZONE_LONGEST", "Unreadable", "scene_zones_typed"]

JSON = dict[str, Any]
#: The most zones a scene started from Discord names (each must fit one autocomplete list).
MOST_ZONES: Final = 20
#: The most characters of a zone's name typed there.
ZONE_LONGEST: Final = 40
#: The most characters of each list option (zones, links, places, hide).
ZONES_TEXT: Final = 1000
#: What separates the entries of a list, and the two sides of a link and of a place.
_ENTRIES = re.compile(r"[,;\n]")
_DASHES = "-–—"  # a hyphen, an en dash, an em dash


class Unreadable(Exception):
    """A list option that cannot be read: the catalog key saying why, and its fields (what the
    GM typed, escaped, so that it shows as typed)."""

    def __init__(self, key: str, **fields: object) -> None:
        super().__init__(key)
        self.key = key
        self.fields = {k: escape(v) if isinstance(v, str) else v for k, v in fields.items()}


def _entries(typed: str) -> list[str]:
    return [" ".join(part.split()) for part in _ENTRIES.split(typed) if part.strip()]


def _zones(typed: str) -> list[str]:
    names = _entries(typed)
    if not 1 <= len(names) <= MOST_ZONES:
        raise Unreadable("discord.scene.zones_count", most=MOST_ZONES, n=len(names))
    seen: set[str] = set()
    for name in names:
        if len(name) > ZONE_LONGEST:
            raise Unreadable("discord.scene.zone_long", most=ZONE_LONGEST, zone=name)
        if fold(name) in seen:
            raise Unreadable("discord.scene.zone_twice", zone=name)
        seen.add(fold(name))
    return names


def _zone_named(typed: str, zones: list[str]) -> str | None:
    """The zone ``typed`` names, compared as people type (case, accents, spaces)."""
    wanted = fold(typed)
    return next((z for z in zones if fold(z) == wanted), None)


def _links(typed: str, zones: list[str]) -> list[list[str]]:
    """Each entry two different zones joined by a dash, read at the one dash where both sides
    name a zone (so a zone may have a hyphen in its name)."""
    out: list[list[str]] = []
    for entry in _entries(typed):
        found = {
            (a, b)
            for i, char in enumerate(entry)
            if char in _DASHES
            for a, b in [(_zone_named(entry[:i], zones), _zone_named(entry[i + 1 :], zones))]
            if a is not None and b is not None and a != b
        }
        if len(found) != 1:
            raise Unreadable("discord.scene.link_format", link=entry)
        a, b = found.pop()
        if [a, b] not in out and [b, a] not in out:
            out.append([a, b])
    return out


def _places(typed: str, zones: list[str], present: list[Choice]) -> dict[str, str]:
    """Each entry a character of the scene, a colon and a zone: by id, by name, or by the start
    of one name; read at the one colon where both sides name something (either may hold one)."""
    out: dict[str, str] = {}
    for entry in _entries(typed):
        found = {
            (who, zone)
            for i, char in enumerate(entry)
            if char == ":"
            for who, zone in [(_character(entry[:i], present), _zone_named(entry[i + 1 :], zones))]
            if who is not None and zone is not None
        }
        if len(found) != 1:
            raise Unreadable("discord.scene.place_format", place=entry)
        who, zone = found.pop()
        if who in out:
            raise Unreadable("discord.scene.place_twice", place=entry)
        out[who] = zone
    return out


def _character(typed: str, present: list[Choice]) -> str | None:
    wanted = fold(typed)
    if not wanted:
        return None
    for test in (
        lambda c: c.value == typed.strip(),
        lambda c: fold(c.name) == wanted,
        lambda c: fold(c.name).startswith(wanted),
    ):
        found = [c.value for c in present if test(c)]
        if len(found) == 1:
            return found[0]
    return None


def scene_zones_typed(options: Mapping[str, Any], present: list[Choice]) -> JSON:
    """The zone fields of ``StartScene`` from ``/gm start-scene``'s options (``present``: the
    scene's characters, named as the GM sees them). No zones: none (and nothing else of the map
    may be named). The characters no place names start in the first zone the players may see
    (the first listed, when all are hidden), so that every one of them has moves from the
    start."""
    typed = {k: str(options.get(k) or "").strip() for k in ("zones", "links", "places", "hide")}
    if not typed["zones"]:
        if any(typed[k] for k in ("links", "places", "hide")):
            raise Unreadable("discord.scene.needs_zones")
        return {}
    zones = _zones(typed["zones"])
    hidden: list[str] = []
    for entry in _entries(typed["hide"]):
        zone = _zone_named(entry, zones)
        if zone is None:
            raise Unreadable("discord.scene.not_a_zone", zone=entry)
        if zone not in hidden:
            hidden.append(zone)
    places = _places(typed["places"], zones, present)
    first = next((z for z in zones if z not in hidden), zones[0])
    return {
        "zones": zones,
        "links": _links(typed["links"], zones),
        "positions": [[c.value, places.get(c.value, first)] for c in present],
        "hidden": hidden,
    }
