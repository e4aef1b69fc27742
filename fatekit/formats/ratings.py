"""A skill rating as another program writes it: a number, signed text, or a word of the ladder."""

from __future__ import annotations

from fatekit.formats.text import plain_text
from fatekit.formats.vocabulary import first_number
from fatekit.rules import BadInput, parse_rating

__all__ = ["rating_of"]


def rating_of(value: object) -> int:
    """A rating written as a number or as text; blank is Mediocre (+0)."""
    if isinstance(value, bool):
        raise BadInput(f"a skill rating cannot be {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    text = plain_text(str(value))
    if not text:
        return 0
    number = first_number(text)
    if number is not None:
        return number
    try:
        return parse_rating(text)
    except BadInput:
        raise BadInput(f"cannot read {text!r} as a skill rating") from None
