"""Safety tools at the table (Fate Condensed, "Safety Tools"): anyone seated raises the X-Card
or a Script Change signal (pause, rewind, fast forward) at any moment, and nobody learns who.

- :class:`RaiseSignal` may come from any seat, a spectator's too, in the middle of anything. Its
  event, :class:`SignalRaised`, names no seat (its ``seat`` is :data:`ANONYMOUS`), and nothing
  else the table keeps does: the store's row, the table file, the log, the recap and every
  seat's copy read alike whoever raised it. The server scopes a retry's key without the seat
  (:func:`fatekit.store.tables.scoped_key`), and the page sends it on its socket, which no access
  log records.
- While a signal waits, every move of play is refused under ``safety.signal-first``
  (:func:`blocks`), with no waiver: the text puts the concern before the game, so the GM's way
  on is to answer it (:class:`AnswerSignal`, with a short note of what changes, if any). The GM
  may still undo (a rewind's own answer: take back the recent moves) and seat people.
- The GM turns each signal on or off for the table (:class:`SetSafetyTool`), on by default.

A signal is not a move of the game: an undo rewinds play and never takes back a signal raised or
answered, nor a tool turned on or off (:data:`OUT_OF_PLAY`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from fatekit.rules.core.errors import BadInput
from fatekit.rules.safety import SafetyTool
from fatekit.table import telling as say
from fatekit.table.base import Command, Event
from fatekit.table.deciding import Context, decides, gm_only
from fatekit.table.folding import assigns, judges
from fatekit.table.parts import Part
from fatekit.table.play.notes import Undo
from fatekit.table.play.people import AddSeat, RemoveSeat
from fatekit.table.regions import Region, writes
from fatekit.table.seeing import JSON, Viewer
from fatekit.table.showing import shown_whole, shows
from fatekit.table.state import TableState
from fatekit.table.telling import tells, when

__all__ = [
    "ANONYMOUS",
    "MAX_ANSWER_NOTE",
    "OUT_OF_PLAY",
    "AnswerSignal",
    "RaiseSignal",
    "SafetyToolSet",
    "SetSafetyTool",
    "SignalAnswered",
    "SignalRaised",
    "blocks",
    "held_back",
    "safety_view",
]

#: The seat a raised signal records: no seat's id is ever empty (``check_seat_id``).
ANONYMOUS = ""
#: The longest note a GM may give with an answer.
MAX_ANSWER_NOTE = 500

# -- commands ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class RaiseSignal(Command):
    """Raise a safety signal: the X-Card, or Script Change's pause, rewind or fast forward. Any
    seat may; nobody learns which."""

    tool: SafetyTool


@dataclass(frozen=True, slots=True, kw_only=True)
class AnswerSignal(Command):
    """The GM has addressed the signal ``signal_id`` (GM only): play goes on, with ``note`` (what
    changes, at most 500 characters) for everyone to read."""

    signal_id: str
    note: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class SetSafetyTool(Command):
    """Turn a safety signal on or off for the table (GM only; every signal is on at first)."""

    tool: SafetyTool
    on: bool


# -- events ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class SignalRaised(Event):
    """Someone raised ``tool``; it waits for the GM as ``signal_id``. Its ``seat`` is
    :data:`ANONYMOUS`."""

    signal_id: str
    tool: SafetyTool


@dataclass(frozen=True, slots=True, kw_only=True)
class SignalAnswered(Event):
    """The GM addressed the signal ``signal_id`` (a ``tool`` signal), with ``note``."""

    signal_id: str
    tool: SafetyTool
    note: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class SafetyToolSet(Event):
    """The GM turned the ``tool`` signal on or off for the table."""

    tool: SafetyTool
    on: bool


#: Events outside the game's moves, which an undo never takes back.
OUT_OF_PLAY = (SignalRaised, SignalAnswered, SafetyToolSet)

#: What may still be done while a signal waits: another signal, the GM's answer, the GM's undo
#: (to rewind), and seating people (who sits at the table is not a move of play either).
_WHILE_WAITING: frozenset[type[Command]] = frozenset(
    {RaiseSignal, AnswerSignal, Undo, AddSeat, RemoveSeat}
)


def blocks(state: TableState, command: Command) -> bool:
    """Whether a waiting signal holds ``command`` back (``state.safety.require_clear`` says
    why)."""
    return held_back(state, type(command))


def held_back(state: TableState, kind: type[Command]) -> bool:
    """Whether a waiting signal holds back every command of ``kind``: the table's check before
    it decides one (:func:`blocks`), and a seat's offers' (``you.may``)."""
    return bool(state.safety.waiting) and kind not in _WHILE_WAITING


# -- who may, and the events a command becomes -------------------------------------------------


@decides(RaiseSignal)
def _raise_signal(context: Context, command: RaiseSignal) -> list[Event]:
    # Any seat may, a spectator's too (handle lets this one command through for them); the
    # event keeps no trace of which.
    raised = context.event(
        SignalRaised, signal_id=f"x{context.state.version + 1}", tool=command.tool
    )
    return [dataclasses.replace(raised, seat=ANONYMOUS)]


@decides(AnswerSignal, gm="answer a safety signal")
def _answer_signal(context: Context, command: AnswerSignal) -> list[Event]:
    note = " ".join(command.note.split())
    if len(note) > MAX_ANSWER_NOTE:
        raise BadInput(
            f"a note has at most {MAX_ANSWER_NOTE} characters",
            code="safety_note_long",
            most=str(MAX_ANSWER_NOTE),
        )
    tool = context.state.safety.waiting.get(command.signal_id)
    if tool is None:
        raise BadInput(
            f"no signal {command.signal_id!r} is waiting",
            code="safety_not_waiting",
        )
    return [context.event(SignalAnswered, signal_id=command.signal_id, tool=tool, note=note)]


gm_only((SetSafetyTool, SafetyToolSet, "turn a safety signal on or off"))


# -- the fold ----------------------------------------------------------------------------------


@judges(SignalRaised)
def _judge_signal_raised(state: TableState, event: SignalRaised) -> None:
    state.safety.raise_signal(event.signal_id, event.tool)


@assigns(SignalRaised)
def _signal_raised(state: TableState, event: SignalRaised) -> None:
    state.safety.waiting[event.signal_id] = event.tool


@judges(SignalAnswered)
def _judge_signal_answered(state: TableState, event: SignalAnswered) -> None:
    state.safety.answer(event.signal_id)


@assigns(SignalAnswered)
def _signal_answered(state: TableState, event: SignalAnswered) -> None:
    state.safety.waiting.pop(event.signal_id, None)


@assigns(SafetyToolSet)
def _safety_tool_set(state: TableState, event: SafetyToolSet) -> None:
    state.safety.set_tool(event.tool, event.on)


writes({Region.SAFETY}, SignalRaised, SignalAnswered, SafetyToolSet)


# -- what each seat sees -----------------------------------------------------------------------


@shows(SignalRaised)
def _show_signal(viewer: Viewer, event: SignalRaised, data: JSON) -> JSON:
    # Everyone sees that a signal was raised, and which: the event names nobody to begin with
    # (its seat is ANONYMOUS), so every seat, the GM's too, reads the same.
    del viewer, event
    return data


shown_whole(SignalAnswered, SafetyToolSet)


class SignalPart(Part, kw_only=True):
    """A signal waiting for the GM: which tool, and nobody's name."""

    id: str
    tool: SafetyTool


class SafetyPart(Part, kw_only=True):
    """The table's safety tools, alike for every seat: the signals on, and those waiting for
    the GM (oldest first)."""

    on: list[SafetyTool]
    waiting: list[SignalPart]


def safety_view(state: TableState) -> SafetyPart:
    """The table's safety tools as every seat sees them alike: the signals on, and those waiting
    for the GM (oldest first)."""
    return SafetyPart(
        on=[tool for tool in SafetyTool if state.safety.is_on(tool)],
        waiting=[
            SignalPart(id=signal_id, tool=tool) for signal_id, tool in state.safety.waiting.items()
        ],
    )


# How the log tells this domain's events (the page and Discord read the same declaration).
# A raised signal names nobody: its seat is empty, and its line has no "who".
tells(SignalRaised, "SignalRaised", tool=say.word("safety.tool.", "tool"))
tells(
    SignalAnswered,
    (when("SignalAnswered.note", "note"), when("SignalAnswered")),
    tool=say.word("safety.tool.", "tool"),
    note=say.text("note"),
)
tells(
    SafetyToolSet,
    (when("SafetyToolSet.on", "on"), when("SafetyToolSet.off")),
    tool=say.word("safety.tool.", "tool"),
)
