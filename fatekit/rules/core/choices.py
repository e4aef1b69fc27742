"""Reading a choice given by its key: one member of an enumeration, or an error that lists them."""

from __future__ import annotations

from enum import StrEnum
from typing import TypeVar

from fatekit.rules.core.errors import BadInput

__all__ = ["one_of"]

E = TypeVar("E", bound=StrEnum)


def one_of(kind: type[E], value: E | str, what: str) -> E:
    """``value`` as a member of ``kind`` (a member already, or its key).

    Anything else is :class:`BadInput` naming ``what`` was expected and every key to choose from.
    """
    try:
        return kind(value)
    except ValueError:
        valid = ", ".join(member.value for member in kind)
        raise BadInput(f"not {what}: {value!r}; choose from {valid}") from None
