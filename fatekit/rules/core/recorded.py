"""Values a table's log recorded, made again without checking them.

A value object of the rules checks itself as it is made (a countdown has a box, a hazard's
Weapon is 1 to 4). A value a table's log recorded passed those checks when the move was made,
and folding the log must not ask them again: a later release that checks more strictly would
refuse a table played before it. :func:`as_recorded` makes such a value from its fields with
no check run.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Even:
    ...     n: int
    ...     def __post_init__(self) -> None:
    ...         if self.n % 2:
    ...             raise ValueError("odd")
    >>> as_recorded(Even, n=3).n
    3
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

__all__ = ["as_recorded"]

T = TypeVar("T")


def as_recorded(cls: type[T], /, **fields: Any) -> T:
    """The dataclass ``cls`` holding ``fields`` (the others at their defaults), made with none
    of its checks run."""
    made = cls.__new__(cls)
    for field in dataclasses.fields(cls):  # type: ignore[arg-type]
        if field.name in fields:
            value = fields[field.name]
        elif field.default is not dataclasses.MISSING:
            value = field.default
        elif field.default_factory is not dataclasses.MISSING:
            value = field.default_factory()
        else:
            raise TypeError(f"{cls.__name__} needs {field.name!r}")
        object.__setattr__(made, field.name, value)
    return made
