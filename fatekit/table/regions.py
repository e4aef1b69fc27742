"""Which pieces of a table's state an event's fold writes, and which a part of a seat's document
reads: what lets the server recompute, after a command, only the parts its events touched
(:mod:`fatekit.table.documents`), rather than every seat's whole document.

A :class:`Region` names a piece of :class:`~fatekit.table.state.TableState`. Each domain of
:mod:`fatekit.table.play` says, beside its folds, the regions its events write
(:func:`writes`); an event whose domain said nothing writes every region, so a fold nobody
described is never missed, only recomputed whole. Each part of the document says the regions it
reads (:mod:`fatekit.table.views`, :mod:`fatekit.table.extras`): everything its builder looks at,
including what lies outside the part itself (whose turn it is, the scene, whether the seat is a
GM, which characters are the seat's), because a part is recomputed exactly when a region it
reads was written. ``tests/table/test_incremental_documents.py`` holds both declarations to the
whole build, for every seat at every version of the golden tables and of random games.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from fatekit.table.base import Event
from fatekit.table.fact_records import FACTS_VERSION

__all__ = ["EVERY", "MOVE", "Region", "declared", "moves", "regions_written", "writes"]


class Region(StrEnum):
    """A piece of a table's state, as folds write it and parts of a view read it."""

    VERSION = "version"  # the table's version: every event moves it
    TABLE = "table"  # name, rules, options, skill list, read-only
    SEATS = "seats"  # who sits, in which role, and who plays which character
    CHARACTERS = "characters"  # the sheets, the ledger, who has been met or revealed
    TIME = "time"  # sessions, arcs, the clock and its milestones
    TEMPLATES = "templates"
    SCENE = "scene"  # the scene, its zones and aspects
    CONFLICT = "conflict"
    CONTEST = "contest"
    CHALLENGE = "challenge"
    ROLLS = "rolls"  # the rolls in play and the last roll
    COMPELS = "compels"  # compels and self-compels waiting
    SCREEN = "screen"  # the GM's secrets and prepared scenes
    SETTING = "setting"
    SAFETY = "safety"


#: Every region: what an event writes unless its domain says otherwise.
EVERY = frozenset(Region)

#: What the facts a decided move recorded may assign as its event folds
#: (:func:`fatekit.table.facts.assign_facts`): sheets, stress, consequences, fate points and stunt
#: uses; aspects of characters, of the scene and of the story (the setting's issues among them),
#: their free invokes, countdowns and positions; the conflict's frame and hits; the contest and
#: its hits; a challenge's tasks; the rolls in play. A domain declares it for an event that
#: carries such facts, with whatever its own step writes besides.
MOVE = frozenset(
    {
        Region.CHARACTERS,
        Region.SCENE,
        Region.SETTING,
        Region.CONFLICT,
        Region.CONTEST,
        Region.CHALLENGE,
        Region.ROLLS,
    }
)

_WRITES: dict[type[Event], frozenset[Region]] = {}


def writes(regions: Iterable[Region], *kinds: type[Event]) -> None:
    """Declare that folding an event of any of ``kinds`` writes only ``regions`` (and the
    version, which every event moves)."""
    written = frozenset(regions) | {Region.VERSION}
    for kind in kinds:
        if kind in _WRITES:  # a programming error: two declarations for one event
            raise TypeError(f"{kind.__name__} has its regions declared already")
        _WRITES[kind] = written


def moves(regions: Iterable[Region], *kinds: type[Event]) -> None:
    """Declare that folding an event of any of ``kinds`` as this release records it writes
    what its facts may assign (:data:`MOVE`) and ``regions``. One recorded by an older release
    folds through its older step, which works out what the move did with the rules' own
    operations: it writes every region."""
    writes(MOVE | frozenset(regions), *kinds)
    _MOVES.update(kinds)


_MOVES: set[type[Event]] = set()


def declared() -> frozenset[type[Event]]:
    """The event kinds whose domains declared what they write."""
    return frozenset(_WRITES)


def regions_written(events: Iterable[Event]) -> frozenset[Region]:
    """The regions folding ``events`` wrote (every region for an event nobody described)."""
    written: frozenset[Region] = frozenset()
    for event in events:
        kind = type(event)
        if kind in _MOVES and (event.facts is None or event.facts.version < FACTS_VERSION):
            return EVERY
        written |= _WRITES.get(kind, EVERY)
        if written == EVERY:
            break
    return written
