"""Handling a command: check who may do it, decide its dice, check it against the rules, and
return the events it becomes with the state they lead to.

:func:`decide` turns a command into draft events (reading the state only) and :func:`commit`
plays them through the same fold that replays the log, so a command is valid exactly when its
events fold: the rules engine is the judge, never a copy of its rules here. Commit is the last
step of deciding: each event keeps what the rules computed for it (its facts, which a later fold
assigns instead of asking the rules again: :mod:`fatekit.table.facts`). :func:`handle` does
both on a copy and never changes the state it is given; the table repository commits into the
live state and drops it to reload after a refusal. Any error leaves nothing behind:
:class:`~fatekit.rules.ForbiddenAction` when the seat may not do this, :class:`IllegalAction` (with
its rule) when the rules forbid it, :class:`BadInput` when it is malformed.

A GM may send a command with a :class:`Waiver`: the rules it names are set aside while the
command is decided and its events fold (:mod:`fatekit.rules.core.waivers`), and each event records
the rules its fold set aside and the GM's reason, so the log replays the move as it happened.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime

import fatekit.table.play  # noqa: F401  (each domain registers what its commands become)
from fatekit.rules.core.citations import find_rule
from fatekit.rules.core.dice import DiceSource, RandomDice
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.randomizers import Randomizer
from fatekit.rules.core.waivers import waiving
from fatekit.table import commands as c
from fatekit.table import events as e
from fatekit.table.codec import FieldErrors, check_bounds
from fatekit.table.deciding import DECIDERS, Context, check_may_waive, require_acting
from fatekit.table.facts import Watched, keep_rolls, recorded, watch
from fatekit.table.fold import step_in_place
from fatekit.table.folding import JUDGES
from fatekit.table.history import EventLog, History
from fatekit.table.play.people import check_seat_id, new_table
from fatekit.table.play.safety import RaiseSignal, blocks
from fatekit.table.snapshot import copy_state
from fatekit.table.state import TableState

__all__ = [
    "MAX_WAIVER_REASON",
    "Decision",
    "Waiver",
    "cited_in",
    "commit",
    "decide",
    "handle",
]

#: The longest reason a GM may give for setting a rule aside.
MAX_WAIVER_REASON = 500
#: The most rules one command may set aside.
MAX_WAIVED_RULES = 20


@dataclass(frozen=True, slots=True)
class Waiver:
    """The GM's word over the rules for one command: the keys of the rules it sets aside
    (``rules``, as a refusal names them) and why (``reason``, 1 to 500 characters)."""

    rules: tuple[str, ...]
    reason: str

    def check(self) -> None:
        """Raise :class:`FieldErrors` unless every key names a rule and the reason is given."""
        problems: dict[str, str] = {}
        unknown = [key for key in self.rules if find_rule(key) is None]
        if not self.rules or len(self.rules) > MAX_WAIVED_RULES:
            problems["waive"] = f"name 1 to {MAX_WAIVED_RULES} rules to set aside"
        elif unknown:
            problems["waive"] = f"no rule has the key {unknown[0]!r}"
        if not self.reason.strip() or len(self.reason) > MAX_WAIVER_REASON:
            problems["reason"] = f"say why, in 1 to {MAX_WAIVER_REASON} characters"
        if problems:
            raise FieldErrors("waiver", problems)


@dataclass(frozen=True, slots=True)
class Decision:
    """What a valid command became: its events (versions ``state.version - len + 1`` onward)
    and the table's state after them."""

    events: tuple[e.Event, ...]
    state: TableState
    #: What the facts watched of ``state`` (:func:`~fatekit.table.facts.watch`): the next
    #: command's :func:`commit` may start from it if nothing changed the table in between.
    watched: Watched | None = None


@contextmanager
def cited_in(state: TableState | None) -> Iterator[None]:
    """A refusal raised within cites its rule from the book the table plays (the preset's
    source): a Fate Core table's refusal cites Fate Core, an Öde table's the Swedish text."""
    try:
        yield
    except IllegalAction as refused:
        if refused.book is None and state is not None:
            refused.book = state.ruleset.preset.source
        raise


def handle(
    state: TableState | None,
    command: c.Command,
    *,
    seat: str,
    table_id: str | None = None,
    dice: DiceSource | None = None,
    now: str | None = None,
    history: History | Sequence[e.Event] | None = None,
    waiver: Waiver | None = None,
) -> Decision:
    """Handle ``command`` from ``seat`` at the table in ``state``, leaving ``state`` as it was.

    A new table has no state: pass ``state=None``, a :class:`~fatekit.table.commands.CreateTable`
    and the new ``table_id``. ``dice`` rolls whatever the command leaves to the table (by default
    a :class:`RandomDice` seeded from the operating system); ``now`` stamps the events (ISO 8601);
    ``history`` is the table's log, which an undo reads. This is :func:`decide` then
    :func:`commit` on a copy of the state: a caller that owns its state and can reload it after a
    refusal commits into it directly, at a cost that does not grow with the state.
    ``waiver`` (a GM's only) sets rules aside for this command.
    """
    drafts = decide(state, command, seat=seat, table_id=table_id, dice=dice, now=now, waiver=waiver)
    return commit(
        None if state is None else copy_state(state), drafts, history=history, waiver=waiver
    )


def decide(
    state: TableState | None,
    command: c.Command,
    *,
    seat: str,
    table_id: str | None = None,
    dice: DiceSource | None = None,
    now: str | None = None,
    waiver: Waiver | None = None,
) -> tuple[e.Event, ...]:
    """The events ``command`` from ``seat`` would become, not yet checked against the rules
    (:func:`commit` folds them, and the fold is the rules' judge). Reads ``state`` only.

    Raises :class:`ForbiddenAction` when the seat may not do this (a ``waiver`` from any seat but
    a GM's among it) and :class:`BadInput` when the command is malformed (a
    :class:`~fatekit.table.codec.FieldErrors` naming each number past the bound its field
    declares); the dice the command leaves to the table are rolled here. Rules the waiver names
    are set aside while deciding, and the first draft records those set aside here.
    """
    check_bounds(command)  # a number past its bound is refused before anything reads it
    at = now if now is not None else datetime.now(UTC).isoformat(timespec="microseconds")
    source: DiceSource = dice if dice is not None else RandomDice()
    if isinstance(command, c.CreateTable):
        if waiver is not None:
            raise FieldErrors("waiver", {"waive": "a table's creation sets no rule aside"})
        if state is not None:
            raise BadInput("this table already exists")
        if not table_id or not table_id.strip():
            raise BadInput("a new table needs its id")
        if seat != command.gm_seat:
            raise BadInput("the creator of a table sits in its GM seat")
        created = e.TableCreated(
            table_id=table_id,
            version=1,
            seat=seat,
            at=at,
            name=command.name,
            preset=command.preset,
            options=command.options,
            skill_list=command.skill_list,
            gm_seat=command.gm_seat,
            gm_name=command.gm_name,
            ruleset=command.ruleset,
        )
        check_seat_id(command.gm_seat)
        new_table(created)  # a table that could not be folded is refused before it is stored
        way = Randomizer.parse(command.randomizer)
        if way is Randomizer.FATE_DICE:
            return (created,)  # as every table made before there was a choice
        chosen = e.RandomizerChosen(
            table_id=table_id, version=2, seat=seat, at=at, randomizer=way.value
        )
        return (created, chosen)
    if state is None:
        raise BadInput("there is no table yet: the first command is CreateTable")
    if table_id is not None and table_id != state.table_id:
        raise BadInput(f"this is table {state.table_id!r}, not {table_id!r}")
    sitter = state.seat(seat)
    if not isinstance(command, RaiseSignal):
        require_acting(sitter)
    if waiver is not None:
        check_may_waive(sitter)  # what ``you.may_waive`` offers
        waiver.check()
    decided = DECIDERS.get(type(command))
    if decided is None:
        raise BadInput(f"unknown command {type(command).__name__}")
    if blocks(state, command):  # a safety signal comes first, waiver or not
        state.safety.require_clear()
    with cited_in(state), waiving(() if waiver is None else waiver.rules) as waived:
        drafts = decided(Context(state, sitter, source, at), command)
    if waived.used and drafts:
        assert waiver is not None
        first = drafts[0]
        drafts[0] = dataclasses.replace(
            first, waived=tuple(sorted(waived.used)), waiver_reason=waiver.reason
        )
    return tuple(drafts)


def commit(
    state: TableState | None,
    drafts: Sequence[e.Event],
    *,
    history: History | Sequence[e.Event] | None = None,
    waiver: Waiver | None = None,
    watched: Watched | None = None,
) -> Decision:
    """Judge the events :func:`decide` drafted by today's rules, in ``state`` itself; return
    them as final (with their facts, the ids the rules gave what they created, and the rules
    each one's judgement set aside under ``waiver``) and the table after them.

    ``watched`` is the last :class:`Decision`'s, when ``state`` is that decision's table,
    unchanged since: the facts start from it rather than watch the whole table again.

    A refusal (:class:`IllegalAction` with its rule, or :class:`BadInput`) may leave ``state``
    half changed: commit into a copy, or drop the state and load the table again.
    """
    with cited_in(state):
        return _commit(state, drafts, history=history, waiver=waiver, watched=watched)


def _commit(
    state: TableState | None,
    drafts: Sequence[e.Event],
    *,
    history: History | Sequence[e.Event] | None,
    waiver: Waiver | None,
    watched: Watched | None = None,
) -> Decision:
    past = EventLog(history) if isinstance(history, Sequence) else history
    trial = state
    final: list[e.Event] = []
    for draft in drafts:
        if FOLD_CHECK is not None and watched is not None and watched != watch(trial):
            raise AssertionError("the table changed after the watch a commit was given")
        before = (
            None
            if isinstance(draft, e.Undone)
            else watched
            if watched is not None
            else watch(trial)
        )
        kept = None if FOLD_CHECK is None or trial is None else copy_state(trial)
        waive = () if waiver is None else {*waiver.rules, *draft.waived}
        with waiving(waive) as waived:
            trial = step_in_place(trial, draft, past, _judge)
        if waived.used:
            assert waiver is not None
            used = tuple(sorted({*draft.waived, *waived.used}))
            draft = dataclasses.replace(draft, waived=used, waiver_reason=waiver.reason)
        facts, watched = recorded(before, trial, draft)
        if facts is not None:  # the rules ran here, once: the event keeps what they computed
            draft = dataclasses.replace(draft, facts=facts)
            keep_rolls(trial, facts)
        draft = _with_created(draft, trial.last_created, trial.last_removed)
        if FOLD_CHECK is not None and not isinstance(draft, e.Undone):
            FOLD_CHECK(kept, draft, trial, past)
        final.append(draft)
    if trial is None:
        raise BadInput("a command that changes nothing has no events")
    return Decision(tuple(final), trial, watched)


#: A check of every committed event, for the tests: given a copy of the table before it, the
#: event as recorded, the table the rules left and the log, it folds the event into the copy
#: and compares (``None``, as in production: nothing runs).
FOLD_CHECK: Callable[[TableState | None, e.Event, TableState, History | None], None] | None = None


def _judge(state: TableState, event: e.Event) -> None:
    judge = JUDGES.get(type(event))
    if judge is None:
        raise BadInput(f"unknown event type {type(event).__name__}")
    judge(state, event)


def _with_created(
    event: e.Event, created: tuple[str, ...], removed: tuple[str, ...] = ()
) -> e.Event:
    # Ids the rules gave new aspects are known once the draft has folded; the event records them,
    # and those of the aspects a settled overcome took out of play.
    if isinstance(event, e.RollResolved) and removed:
        event = dataclasses.replace(event, removed=removed)
    if isinstance(event, e.SituationAspectAdded) and not event.aspect_id:
        return dataclasses.replace(event, aspect_id=created[0])
    if isinstance(event, e.RollResolved) and created:
        return dataclasses.replace(event, created=created)
    if isinstance(event, e.LastingAspectAdded) and not event.aspect_id:
        return dataclasses.replace(event, aspect_id=created[0])
    if isinstance(event, e.BlockAdded) and not event.aspect_id:
        return dataclasses.replace(event, aspect_id=created[0])
    return event
