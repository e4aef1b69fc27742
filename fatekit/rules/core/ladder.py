"""The ladder: ratings from Terrible to Legendary, and parsing ratings typed by people.

Ratings are plain integers. The named steps run from -4 to +8; any other integer is still a valid
rating, it just has no adjective. Adjectives hang off stable keys (``"great"``) so that a
translation supplies its own names without touching game data.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from fatekit.rules.core.citations import CONDENSED, rule
from fatekit.rules.core.errors import BadInput

__all__ = [
    "ENGLISH_NAMES",
    "LADDER",
    "LADDER_RULE",
    "format_rating",
    "ladder_key",
    "parse_rating",
    "rating_name",
]

LADDER_RULE = rule(
    "ladder",
    CONDENSED,
    "Skills > The Ladder",
    "Ratings are named from Horrifying (-4) to Legendary (+8); other values are plain numbers",
)

#: Stable key of each named step of the ladder.
LADDER: Mapping[int, str] = {
    8: "legendary",
    7: "epic",
    6: "fantastic",
    5: "superb",
    4: "great",
    3: "good",
    2: "fair",
    1: "average",
    0: "mediocre",
    -1: "poor",
    -2: "terrible",
    -3: "catastrophic",
    -4: "horrifying",
}

#: English adjectives by ladder key.
ENGLISH_NAMES: Mapping[str, str] = {key: key.capitalize() for key in LADDER.values()}

_BY_KEY = {key: value for value, key in LADDER.items()}
_NUMBER = re.compile(r"^\s*([+-]?)\s*(\d+)\s*$")
# "Good (+3)" or "Good +3": a name followed by its number in parentheses or not.
_NAME_AND_NUMBER = re.compile(r"^\s*([^\d()+-][^()+-]*?)\s*\(?\s*([+-]?\d+)\s*\)?\s*$")


def ladder_key(value: int) -> str | None:
    """The stable key of a rating's adjective, or ``None`` beyond the named range."""
    return LADDER.get(value)


def rating_name(value: int, names: Mapping[str, str] = ENGLISH_NAMES) -> str | None:
    """The adjective for ``value`` in the given language, or ``None`` beyond the named range."""
    key = LADDER.get(value)
    return None if key is None else names[key]


def format_rating(value: int, names: Mapping[str, str] = ENGLISH_NAMES) -> str:
    """``Great (+4)``, ``Mediocre (+0)``, or just ``+9`` beyond the named range."""
    number = f"{value:+d}"
    name = rating_name(value, names)
    return number if name is None else f"{name} ({number})"


def parse_rating(text: str | int, names: Mapping[str, str] = ENGLISH_NAMES) -> int:
    """Read a rating from a number (``+3``, ``3``, ``-1``) or a ladder name (``good``, ``Good (+3)``).

    Names are matched without regard to case, in the given language or by their stable key.
    Raises :class:`BadInput` listing the valid names when the text is neither.
    """
    if isinstance(text, bool):
        raise BadInput(f"a rating must be a number or a ladder name, not {text!r}")
    if isinstance(text, int):
        return text
    number = _NUMBER.match(text)
    if number:
        sign = -1 if number.group(1) == "-" else 1
        return sign * int(number.group(2))
    lookup = _name_lookup(names)
    paired = _NAME_AND_NUMBER.match(text)
    if paired:
        value = lookup.get(paired.group(1).strip().casefold())
        stated = int(paired.group(2))
        if value is not None and value != stated:
            raise BadInput(
                f"{text.strip()!r} does not match the ladder: "
                f"{paired.group(1).strip()} is {value:+d}, not {stated:+d}"
            )
        if value is not None:
            return value
    value = lookup.get(text.strip().casefold())
    if value is not None:
        return value
    valid = ", ".join(format_rating(v, names) for v in sorted(LADDER, reverse=True))
    shown = text.strip() or "an empty string"
    raise BadInput(f"unknown rating {shown!r}: give a number such as +2 or -1, or one of: {valid}")


def _name_lookup(names: Mapping[str, str]) -> dict[str, int]:
    lookup = {key: value for key, value in _BY_KEY.items()}
    for key, name in names.items():
        if key in _BY_KEY:
            lookup[name.casefold()] = _BY_KEY[key]
    return lookup
