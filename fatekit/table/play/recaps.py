"""The GM's own lines in a session's recap (issue 28, item 3): what the dice did not say ("The
lighthouse keeper was never seen again"), for everyone or for the GMs alone.

A line belongs to a session that has started, whenever it is written: a GM may add to last
week's recap before the next session begins. The recap itself is read from the log
(:mod:`fatekit.table.recap`); a line changes no state.
"""

from __future__ import annotations

from dataclasses import dataclass

from fatekit.rules.core.errors import BadInput
from fatekit.table import telling as say
from fatekit.table.base import Command, Event
from fatekit.table.deciding import Context, decides
from fatekit.table.folding import assigns
from fatekit.table.regions import writes
from fatekit.table.seats import NoteVisibility
from fatekit.table.seeing import JSON, Viewer
from fatekit.table.showing import shows
from fatekit.table.state import TableState
from fatekit.table.telling import tells

__all__ = [
    "AddRecapLine",
    "RecapLineAdded",
]

__all__ = [
    "AddRecapLine",
    "RecapLineAdded",
]

#: The longest line a GM may add to a recap.
MAX_RECAP_LINE = 500


@dataclass(frozen=True, slots=True, kw_only=True)
class AddRecapLine(Command):
    """Add a line to a session's recap (GM only): ``session`` (the latest started if ``None``),
    read by everyone (``public``) or by the GMs alone (``gm``)."""

    text: str
    session: int | None = None
    visibility: NoteVisibility = NoteVisibility.PUBLIC


@dataclass(frozen=True, slots=True, kw_only=True)
class RecapLineAdded(Event):
    """The GM added a line to session ``session``'s recap, for those ``visibility`` says."""

    text: str
    session: int
    visibility: NoteVisibility


@decides(AddRecapLine, gm="add to a recap")
def _add_recap_line(context: Context, command: AddRecapLine) -> list[Event]:
    text = " ".join(command.text.split())
    if not text:
        raise BadInput("a recap line cannot be blank")
    if len(text) > MAX_RECAP_LINE:
        raise BadInput(f"a recap line has at most {MAX_RECAP_LINE} characters")
    started = context.state.session
    session = started if command.session is None else command.session
    if not 1 <= session <= started:
        raise BadInput(
            "no session has started yet: a recap is of a session played"
            if started == 0
            else f"sessions 1 to {started} have been played, not {session}"
        )
    if command.visibility is NoteVisibility.PRIVATE:
        raise BadInput("a recap line is for everyone (public) or the GMs (gm)")
    return [
        context.event(RecapLineAdded, text=text, session=session, visibility=command.visibility)
    ]


@assigns(RecapLineAdded)
def _recap_line_added(state: TableState, event: RecapLineAdded) -> None:
    """A recap line is read from the log; the table's state has nothing to keep of it."""
    del state, event


writes((), RecapLineAdded)


@shows(RecapLineAdded)
def _show_recap_line(viewer: Viewer, event: RecapLineAdded, data: JSON) -> JSON | None:
    # The GM's line: everyone's, or the GMs' alone.
    return data if event.visibility is NoteVisibility.PUBLIC else None


# How the log tells this domain's events (the page and Discord read the same declaration).
tells(
    RecapLineAdded,
    "RecapLineAdded.{visibility}",
    n=say.number("session"),
    text=say.text("text", "quote"),
)
