"""The table's record: notes (public, private or for GMs) and the GM's undo, which rewinds the
state while the log keeps every event.
"""

from __future__ import annotations

from dataclasses import dataclass

from fatekit.rules.core.errors import BadInput
from fatekit.table import telling as say
from fatekit.table.base import Command, Event, Version
from fatekit.table.deciding import (
    Context,
    allowed,
    decides,
    gm_only,
    require_acting,
    require_gm,
)
from fatekit.table.folding import assigns
from fatekit.table.regions import writes
from fatekit.table.seats import NoteVisibility, Seat
from fatekit.table.seeing import JSON, Viewer
from fatekit.table.showing import shown_whole, shows
from fatekit.table.state import TableState
from fatekit.table.telling import tells

__all__ = [
    "Note",
    "NoteAdded",
    "Undo",
    "Undone",
    "check_note_visibility",
    "note_offers",
]

# -- commands ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Note(Command):
    """Write a note: public narration, a GM note (GM only), or a private note."""

    text: str
    visibility: NoteVisibility = NoteVisibility.PUBLIC


@dataclass(frozen=True, slots=True, kw_only=True)
class Undo(Command):
    """Undo the event at ``target_version`` and everything after it (GM only). The log keeps
    them; the table's state is as if they had not happened."""

    target_version: Version


# -- events ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class NoteAdded(Event):
    """A note was written (narration, a GM note or a private note)."""

    note_id: str
    text: str
    visibility: NoteVisibility


@dataclass(frozen=True, slots=True, kw_only=True)
class Undone(Event):
    """Every event from ``target_version`` up to this one no longer counts."""

    target_version: int


# -- who may, and the events a command becomes -------------------------------------------------


gm_only((Undo, Undone, "undo"))


def check_note_visibility(seat: Seat, visibility: NoteVisibility) -> None:
    """The seat's part of a note: a GM note is the GM's alone (any seat that acts writes a
    public or a private one)."""
    if visibility is NoteVisibility.GM:
        require_gm(seat, "write GM notes")


def note_offers(seat: Seat) -> list[NoteVisibility]:
    """The visibilities ``seat`` may write a note in, by the checks the table makes of a note
    before its text: the seat acts (the table's check of every command), and
    :func:`check_note_visibility`. (A safety signal waiting holds notes back too, and says so
    when one is sent: the form stays, with what is written in it.)"""
    if not allowed(require_acting, seat):
        return []
    # A GM note's test first (require_gm's own), answered without a refusal raised.
    return [
        v
        for v in NoteVisibility
        if (v is not NoteVisibility.GM or seat.is_gm) and allowed(check_note_visibility, seat, v)
    ]


@decides(Note)
def _note(context: Context, command: Note) -> list[Event]:
    check_note_visibility(context.seat, command.visibility)
    # What a seat may write is checked here, once: a log keeps the notes as they were written.
    if not command.text.strip():
        raise BadInput("a note cannot be blank")
    if len(command.text) > MAX_NOTE_LENGTH:
        raise BadInput(f"a note has at most {MAX_NOTE_LENGTH} characters")
    return [context.event_from(NoteAdded, command, note_id=f"n{context.state.version + 1}")]


# -- the fold ----------------------------------------------------------------------------------


@assigns(NoteAdded)
def _note_added(state: TableState, event: NoteAdded) -> None:
    pass  # a note changes nothing the rules keep: the log tells it


writes((), NoteAdded)  # nothing in any seat's document but the version


#: Notes longer than this are refused as malformed.
MAX_NOTE_LENGTH = 20_000


# -- what each seat sees -----------------------------------------------------------------------

shown_whole(Undone)


@shows(NoteAdded)
def _show_note(viewer: Viewer, event: NoteAdded, data: JSON) -> JSON | None:
    # A GM's note is the GMs'; a private one its writer's and the GMs'.
    return data if viewer.sees_note(event.visibility, event.seat) else None


# How the log tells this domain's events (the page and Discord read the same declaration).
tells(NoteAdded, "NoteAdded.{visibility}", text=say.text("text", "quote"))
tells(Undone, "Undone", n=say.number("target_version"))
