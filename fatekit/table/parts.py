"""The typed parts of a seat's document, and the pieces several domains' parts share.

Each domain of :mod:`fatekit.table.play` declares its part of a seat's document as a
:class:`Part` (a :mod:`msgspec` struct: built as fast as a tuple, encoded in C, and described as
JSON Schema from the same class), built from the rules' own objects. :mod:`fatekit.table.views`
puts the parts together; ``docs/page.schema.json`` and the page's types
(``fatekit/web/js/page-types.d.ts``) are generated from them (:mod:`fatekit.table.contract`).

A field whose value is :data:`UNSET` is left out of the JSON: the page tells "not said" from
``null`` where the document always has (a roll's ``effort`` before its dice are rolled).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import msgspec
from msgspec import UNSET, UnsetType

from fatekit.rules.aspects.aspects import Aspect, AspectKind
from fatekit.rules.aspects.invokes import InvokeEffect

__all__ = [
    "UNSET",
    "AbsorbOptionPart",
    "AspectByMove",
    "AspectMove",
    "AspectPart",
    "AspectRefPart",
    "InvocationPart",
    "Part",
    "UnsetType",
    "free_invoke_counts",
    "to_builtins",
]


class Part(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A part (or a piece of a part) of a seat's document: exactly these fields, each typed."""


def to_builtins(part: object) -> Any:
    """A part as plain JSON values (dicts, lists, strings, numbers), in its fields' order."""
    return msgspec.to_builtins(part)


#: What a seat may do with an aspect it sees, by the command's name: rename it
#: (``CorrectAspect``), reveal it when hidden, take it out of play (``RemoveAspect``, a scene's
#: or the story's aspect), offer a compel on it for free (``OfferCompel``, the GM's).
AspectMove = Literal["CorrectAspect", "RevealAspect", "RemoveAspect", "OfferCompel"]

#: What a seat may do with an aspect in a character's name, by the command's name: hand over
#: one of their free invokes, pay for a story detail, offer a compel (paying), ask for a
#: self-compel, let go of a boost they hold (``RemoveAspect`` with ``by``).
AspectByMove = Literal[
    "PassFreeInvoke", "DeclareStoryDetail", "OfferCompel", "SelfCompel", "RemoveAspect"
]


class AspectPart(Part, kw_only=True):
    """An aspect the seat sees: whose and where it is, its free invokes by holder (of the
    holders the seat may know of), and, when hidden, who among the seat's characters knows it
    (all who know it, for a GM); what the seat may do with it now (``offers``)."""

    id: str
    name: str
    kind: AspectKind
    owner: str | None
    zone: str | None
    free_invokes: dict[str, int]
    hidden: bool
    known_to: list[str] | UnsetType = UNSET
    offers: list[AspectMove] = msgspec.field(default_factory=list)
    # The moves the seat may make with it in its characters' names, and in whose (only those
    # someone may make now).
    offers_by: dict[AspectByMove, list[str]] = msgspec.field(default_factory=dict)


class InvocationPart(Part, kw_only=True):
    """An invoke made on a roll: the aspect's id only when the seat sees the aspect."""

    aspect_id: str | None
    by: str
    effect: InvokeEffect
    free: bool


class AspectRefPart(Part, kw_only=True):
    """An aspect named by id, name and kind (one an extreme consequence may replace, the one a
    roll aims at)."""

    id: str
    name: str
    kind: AspectKind


class AbsorbOptionPart(Part, kw_only=True):
    """A way the rules allow to absorb a hit: the stress boxes and consequence slots (indexes on
    the sheet) it marks, and whether it is an extreme consequence."""

    boxes: list[int]
    slots: list[int]
    extreme: bool


def free_invoke_counts(aspect: Aspect, knows: Callable[[str], bool]) -> dict[str, int]:
    """The free invokes on ``aspect`` by holder, of the holders the seat ``knows`` of."""
    counts: dict[str, int] = {}
    for free in aspect.free_invokes:
        if knows(free.holder):
            counts[free.holder] = counts.get(free.holder, 0) + 1
    return counts
