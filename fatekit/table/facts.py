"""Facts: what the rules computed for a move, recorded on its event as it was decided and
assigned when the event folds again (:class:`~fatekit.table.base.Facts`).

A command is decided once (:func:`~fatekit.table.handle.commit` folds its drafts through the
rules); :func:`observe` notes what facts watch before a draft folds and :func:`recorded` says
what the fold changed, which the committed event keeps (every event decided since facts exist
has them, empty when it changed nothing they watch). Folding a recorded event again observes the
table, runs the event's fold step and then :func:`assign` puts back what was recorded over
whatever the rules of the day computed: the fate points every supply held, the hits waiting in
the conflict, the consequences cleared, the figures of every roll in play the move made or changed
(effort, opposition, outcome), the free invokes a settled roll gave, and for what the facts leave
out, the table as it was before the step. An advancement's sheet
(:class:`~fatekit.table.base.SheetFact`) is written back by its own fold step instead of the rules
of advancement. So a rule fixed after a table was played (how a big bad's hit is reduced, what
the GM's pool holds when an NPC comes in, when a consequence clears, the ladder, a rating) changes
the moves made after the fix, never the table already played.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Any

from fatekit.formats.character_json import stunt_dict
from fatekit.rules.aspects.aspects import Aspect, FreeInvoke
from fatekit.rules.aspects.rolling import RecordedFigures
from fatekit.rules.harm.consequences import ConsequenceSlot
from fatekit.rules.scenes.conflict import PendingHit
from fatekit.table.base import (
    ClearedFact,
    Event,
    Facts,
    HitFact,
    InvokesFact,
    PointsFact,
    RollFact,
    SheetFact,
)
from fatekit.table.state import RollInPlay, RollKind, TableState

__all__ = [
    "Observed",
    "assign",
    "keep_rolls",
    "observe",
    "recorded",
    "records_invokes",
    "records_sheet",
    "sheet_fact",
]

#: The events whose move rewrites a PC's sheet (an advancement), by the field naming the PC.
SHEET_MOVES: dict[type[Event], str] = {}
#: The events whose move may give or take free invokes as the rules decide (a settled roll).
INVOKE_MOVES: set[type[Event]] = set()


def records_invokes(kind: type[Event]) -> None:
    """Record, on every ``kind`` decided, the free invokes on each aspect its move changed
    (:class:`~fatekit.table.base.InvokesFact`), and assign them when it folds again."""
    INVOKE_MOVES.add(kind)


def records_sheet(kind: type[Event], field: str = "character_id") -> None:
    """Record, on every ``kind`` decided, the sheet of the PC its ``field`` names as the move
    left it (:class:`~fatekit.table.base.SheetFact`), for its fold step to write back."""
    SHEET_MOVES[kind] = field


_SLOT_FIELDS = tuple(f.name for f in dataclasses.fields(ConsequenceSlot))


@dataclass(frozen=True, slots=True)
class Observed:
    """What facts watch, as a table held it before a move: every supply's fate points, the hits
    waiting, each consequence written (with all its slot held, to put back) and the figures of
    every roll in play."""

    points: dict[str, tuple[int, int]]
    hits: tuple[PendingHit, ...] | None
    written: dict[tuple[str, int], tuple[ConsequenceSlot, tuple[Any, ...]]]
    rolls: dict[str, RecordedFigures | None]
    invokes: dict[str, tuple[str, ...]] | None  # watched for the moves that record them only


def _hits(state: TableState) -> tuple[PendingHit, ...] | None:
    return None if state.conflict is None else tuple(state.conflict.hits.pending)


def _written(state: TableState) -> dict[tuple[str, int], tuple[ConsequenceSlot, tuple[Any, ...]]]:
    return {
        (character.id, index): (slot, tuple(getattr(slot, name) for name in _SLOT_FIELDS))
        for character in state.game.characters.values()
        for index, slot in enumerate(character.consequences)
        if slot.aspect is not None
    }


def _figures(in_play: RollInPlay) -> RecordedFigures | None:
    figures = in_play.roll.figures()
    if figures is not None and in_play.kind is RollKind.CONTEST:
        return RecordedFigures(figures.effort)  # compared between the sides: nothing to beat
    return figures


def _rolls(state: TableState) -> dict[str, RecordedFigures | None]:
    return {key: _figures(in_play) for key, in_play in state.rolls.items()}


def _aspects(state: TableState) -> dict[str, Aspect]:
    game = state.game
    found: dict[str, Aspect] = {}
    if game.scene is not None:
        found.update((a.id, a) for a in game.scene.aspects)
    for character in game.characters.values():
        found.update((a.id, a) for a in character.aspects)
        found.update((s.aspect.id, s.aspect) for s in character.consequences if s.aspect)
    return found


def _invokes(state: TableState) -> dict[str, tuple[str, ...]]:
    return {
        key: tuple(f.holder for f in aspect.free_invokes) for key, aspect in _aspects(state).items()
    }


def observe(
    state: TableState | None, event: Event | None = None, *, recording: bool = False
) -> Observed | None:
    """What facts watch in ``state`` before ``event`` (``None`` before a table's first event).
    The rolls' figures and the free invokes are watched only when ``recording`` the move's
    facts: folding a recorded event assigns them, with nothing to compare."""
    if state is None:
        return None
    rolls = _rolls(state) if recording else {}
    invokes = _invokes(state) if recording and type(event) in INVOKE_MOVES else None
    return Observed(state.game.ledger.balances(), _hits(state), _written(state), rolls, invokes)


def recorded(
    before: Observed | None, state: TableState, event: Event | None = None
) -> Facts | None:
    """The facts of the move (``event``) that led from ``before`` to ``state`` (``None`` for a
    table's creation, which starts from nothing)."""
    if before is None:
        return None
    sheets = None
    if event is not None and type(event) in SHEET_MOVES:
        who = getattr(event, SHEET_MOVES[type(event)])
        sheets = (sheet_fact(state, who, before),)
    now = state.game.ledger.balances()
    changed = [owner for owner, held in now.items() if before.points.get(owner) != held]
    points = tuple(PointsFact(owner=o, available=now[o][0], pending=now[o][1]) for o in changed)
    hits = None
    after = _hits(state)
    if after is not None and after != (before.hits or ()):
        hits = tuple(HitFact(target=h.target, shifts=h.shifts, by=h.by) for h in after)
    cleared = tuple(
        ClearedFact(character=who, slot=index)
        for (who, index), (slot, _) in before.written.items()
        if slot.aspect is None
    )
    rolls = tuple(
        RollFact(roll=key, effort=f.effort, opposition=f.opposition, outcome=f.outcome)
        for key, f in _rolls(state).items()
        if f is not None and before.rolls.get(key) != f
    )
    invokes = None
    if before.invokes is not None:
        now_held = _invokes(state)
        invokes = tuple(
            InvokesFact(aspect=key, holders=holders)
            for key, holders in now_held.items()
            if before.invokes.get(key, ()) != holders
        )
    return Facts(
        points=points or None,
        hits=hits,
        cleared=cleared or None,
        rolls=rolls or None,
        sheets=sheets,
        invokes=invokes or None,
    )


def sheet_fact(state: TableState, character_id: str, before: Observed) -> SheetFact:
    """The sheet of ``character_id`` as a move left it (see :class:`SheetFact`)."""
    character = state.game.character(character_id)
    started = tuple(
        (index, slot.aspect.name)
        for index, slot in enumerate(character.consequences)
        if slot.aspect is not None
        and slot.recovering
        and not _was_recovering(before, character_id, index)
    )
    return SheetFact(
        character=character_id,
        skills=tuple(character.skills.items()),
        stunts=tuple(json.dumps(stunt_dict(s), sort_keys=True) for s in character.stunts),
        refresh=character.refresh,
        aspects=tuple((a.id, a.name) for a in character.aspects),
        recovering=started,
        banked=character.skill_steps_banked,
        earned=character.skill_steps_earned,
        awarded=character.refresh_awarded,
    )


_RECOVERING = _SLOT_FIELDS.index("recovering")


def _was_recovering(before: Observed, character_id: str, index: int) -> bool:
    held = before.written.get((character_id, index))
    return held is not None and bool(held[1][_RECOVERING])


def assign(state: TableState, facts: Facts, before: Observed) -> None:
    """Put what ``facts`` recorded into ``state``, and what they leave out back as ``before``
    held it: no rule runs, no limit is checked."""
    ledger = state.game.ledger
    held = {owner: (available, pending) for owner, (available, pending) in before.points.items()}
    for fact in facts.points or ():
        held[fact.owner] = (fact.available, fact.pending)
    now = ledger.balances()
    for owner, (available, pending) in held.items():
        if now.get(owner) != (available, pending) and owner in now:
            _set_points(state, owner, available, pending)
    if state.conflict is not None:
        if facts.hits is not None:
            hits = tuple(PendingHit(h.target, h.shifts, h.by) for h in facts.hits)
        else:
            hits = before.hits or ()
        state.conflict.hits.set_pending(hits)
    keep_rolls(state, facts)
    if facts.invokes:
        aspects = _aspects(state)
        for given in facts.invokes:
            aspect = aspects.get(given.aspect)
            if aspect is not None and tuple(f.holder for f in aspect.free_invokes) != given.holders:
                aspect.free_invokes = [FreeInvoke(holder) for holder in given.holders]
    cleared = {(c.character, c.slot) for c in facts.cleared or ()}
    for place, (slot, fields) in before.written.items():
        if place in cleared:
            if slot.aspect is not None:
                slot.clear()
        elif slot.aspect is None:  # cleared now by a rule that did not clear it then
            for name, value in zip(_SLOT_FIELDS, fields, strict=True):
                setattr(slot, name, value)


def keep_rolls(state: TableState, facts: Facts) -> None:
    """Hold every roll in play ``facts`` recorded to its figures (as a move is decided too, so
    the table it leaves is the one its event folds to)."""
    for fact in facts.rolls or ():
        in_play = state.rolls.get(fact.roll)
        if in_play is not None:
            in_play.roll.keep_figures(RecordedFigures(fact.effort, fact.opposition, fact.outcome))


def _set_points(state: TableState, owner: str, available: int, pending: int) -> None:
    ledger = state.game.ledger
    sheet = state.game.characters.get(owner)
    # A PC's sheet shows their points when the fold step wrote them there; it follows the
    # assignment then, and is left as the step left it otherwise.
    shown = (
        sheet is not None
        and not ledger.is_npc(owner)
        and sheet.fate_points == ledger.account(owner).available
    )
    ledger.set_balance(owner, available, pending)
    if shown:
        assert sheet is not None
        sheet.fate_points = available
