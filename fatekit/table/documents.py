"""A seat's live document kept up to date part by part: after a command, only the parts that
read a region of the state its events wrote (:mod:`fatekit.table.regions`) are built again.

The live document (:func:`~fatekit.table.extras.document_for`: the view and its extras, as JSON
values) is cut into :class:`Slice` values, each a place in the document with the regions it reads
and how to build it for a seat. Every part of the view (:data:`fatekit.table.views.PARTS`) is a
slice, and so are the extras; the table's version and the extras' version, which every event
moves, are slices of their own, so that an event that touches nothing else (a note) costs two
numbers per seat. :func:`refresh` gives the document after the events, with the slices that
changed: what the server patches from (:mod:`fatekit.server.hub`), without comparing the rest.

Built whole or refreshed, a document is the same: ``tests/table/test_incremental_documents.py``
proves it at every version of the golden tables and of random games, for every seat.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from fatekit.table.extras import extras_seen
from fatekit.table.parts import to_builtins
from fatekit.table.regions import EVERY, Region
from fatekit.table.seeing import JSON, Viewer
from fatekit.table.views import PARTS

__all__ = ["SLICES", "Change", "Slice", "refresh"]


@dataclass(frozen=True, slots=True)
class Slice:
    """A place in a seat's live document (``path``, keys from its top), the regions of the
    state what is there reads, and how to build it (as JSON values) for a seat."""

    path: tuple[str, ...]
    reads: frozenset[Region]
    build: Callable[[Viewer], Any]
    # The path's holders from the top (every prefix but the whole path) and its last key,
    # worked out once: a refresh walks them for every seat after every command.
    holders: tuple[tuple[str, ...], ...] = field(init=False, repr=False, compare=False)
    key: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        holders = tuple(self.path[:depth] for depth in range(1, len(self.path)))
        object.__setattr__(self, "holders", holders)
        object.__setattr__(self, "key", self.path[-1])


def _part(build: Callable[[Viewer], Any]) -> Callable[[Viewer], Any]:
    return lambda viewer: to_builtins(build(viewer))


def _version(viewer: Viewer) -> int:
    return viewer.state.version


_VERSION = frozenset({Region.VERSION})

#: The slices of the live document, in an order where a slice comes after any that holds it
#: (so a version is set after its part is built).
SLICES: tuple[Slice, ...] = (
    *(Slice((part.name,), part.reads - _VERSION, _part(part.build)) for part in PARTS),
    Slice(("table", "version"), _VERSION, _version),
    Slice(("extras",), EVERY - _VERSION, _part(extras_seen)),
    Slice(("extras", "version"), _VERSION, _version),
)


@lru_cache(maxsize=256)
def _reading(written: frozenset[Region]) -> tuple[Slice, ...]:
    """The slices that read any of ``written`` (a command's events write one of a few sets)."""
    return tuple(piece for piece in SLICES if piece.reads & written)


#: A slice that changed: where it is, what was there, what is there now.
Change = tuple[tuple[str, ...], Any, Any]


def refresh(
    document: JSON, viewer: Viewer, written: frozenset[Region]
) -> tuple[JSON, list[Change]]:
    """``document`` (the seat's live document before some events) brought up to the table as
    the seat of ``viewer`` sees it after them, knowing that folding them wrote the regions ``written``: the new document and the
    slices that changed. ``document`` itself is left as it was (the new one shares the parts
    that did not change).

    """
    changes: list[Change] = []
    out = document
    copied: set[tuple[str, ...]] | None = None  # the holders copied so far (the top: ())
    for piece in _reading(written):
        value = piece.build(viewer)
        key = piece.key
        parent = out
        for holder in piece.holders:
            parent = parent[holder[-1]]
        old = parent[key]
        if type(old) is type(value) and old == value:
            continue
        # Copy what holds the slice, once, so the document given is left as it was.
        if copied is None:
            out = dict(out)
            copied = {()}
        parent = out
        for holder in piece.holders:
            name = holder[-1]
            if holder not in copied:
                parent[name] = dict(parent[name])
                copied.add(holder)
            parent = parent[name]
        parent[key] = value
        changes.append((piece.path, old, value))
    return out, changes
