"""Kinds of harm: the key that says which stress track or consequence slot absorbs a hit.

Stunts, characters, harm and the optional rules all name them, so they live at the bottom.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Iterator
from typing import ClassVar

__all__ = ["TRACK_PATTERN", "Track"]


#: The pattern of a kind of harm's key.
TRACK_PATTERN = "[a-z][a-z0-9_]{0,39}"
_TRACK_KEY = re.compile(TRACK_PATTERN)


class _Kinds(type):
    """Iterating over :class:`Track` gives Fate's own kinds, as it did when it was an enumeration."""

    def __iter__(cls) -> Iterator[Track]:
        return iter((Track.PHYSICAL, Track.MENTAL, Track.ANY))


class Track(str, metaclass=_Kinds):
    """A kind of harm, and so the stress track (or consequence slot) that absorbs it.

    Fate's own kinds are :attr:`PHYSICAL` and :attr:`MENTAL`; :attr:`ANY` names a track or slot
    that takes every kind (Fate Accelerated's single track, the shared consequence slots). A rule
    set may name more kinds (``wealth``, ``sanity``): a key of lowercase letters, digits and ``_``.
    Equal keys give the same object, so ``track is Track.PHYSICAL`` holds for a key read from a
    file; ``value`` is the key, as it was when this was an enumeration.
    """

    PHYSICAL: ClassVar[Track]
    MENTAL: ClassVar[Track]
    ANY: ClassVar[Track]
    _known: ClassVar[weakref.WeakValueDictionary[str, Track]] = weakref.WeakValueDictionary()

    def __new__(cls, value: object) -> Track:
        if isinstance(value, Track):
            return value
        if not isinstance(value, str) or not _TRACK_KEY.fullmatch(value):
            raise ValueError(
                f"{value!r} is not a kind of harm: name one with lowercase letters, digits and _ "
                "(up to 40, starting with a letter), such as physical, mental or wealth"
            )
        found = cls._known.get(value)
        if found is None:
            found = super().__new__(cls, value)
            cls._known[value] = found
        return found

    def __repr__(self) -> str:
        return f"Track({str.__repr__(self)})"

    def __reduce__(self) -> tuple[type[Track], tuple[str]]:
        return (Track, (str(self),))

    @property
    def value(self) -> str:
        """The key (``"physical"``)."""
        return str.__str__(self)


Track.PHYSICAL = Track("physical")
Track.MENTAL = Track("mental")
Track.ANY = Track("any")
