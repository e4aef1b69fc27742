"""Facts: what the rules computed for a move, recorded on its event as it was decided and
assigned when the event folds again (:class:`~fatekit.table.base.Facts`).

A command is decided once (:func:`~fatekit.table.handle.commit` folds its drafts through the
rules); :func:`observe` notes what facts watch before a draft folds and :func:`recorded` says
what the fold changed, which the committed event keeps (every event decided since facts exist
has them, empty when it changed nothing they watch). Folding a recorded event again observes the
table, runs the event's fold step and then :func:`assign` puts back what was recorded over
whatever the rules of the day computed: the fate points every supply held, the hits waiting in
the conflict, the consequences cleared, the figures of every roll in play the move made or changed
(effort, opposition, outcome), and for what the facts leave out, the table as it was before the
step. So a rule fixed after a table was played (how a big bad's hit is reduced, what
the GM's pool holds when an NPC comes in, when a consequence clears) changes the moves made after
the fix, never the table already played.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from fatekit.rules.aspects.rolling import RecordedFigures
from fatekit.rules.harm.consequences import ConsequenceSlot
from fatekit.rules.scenes.conflict import PendingHit
from fatekit.table.base import ClearedFact, Facts, HitFact, PointsFact, RollFact
from fatekit.table.state import TableState

__all__ = ["Observed", "assign", "keep_rolls", "observe", "recorded"]

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


def _hits(state: TableState) -> tuple[PendingHit, ...] | None:
    return None if state.conflict is None else state.conflict.pending_hits


def _written(state: TableState) -> dict[tuple[str, int], tuple[ConsequenceSlot, tuple[Any, ...]]]:
    return {
        (character.id, index): (slot, tuple(getattr(slot, name) for name in _SLOT_FIELDS))
        for character in state.game.characters.values()
        for index, slot in enumerate(character.consequences)
        if slot.aspect is not None
    }


def _rolls(state: TableState) -> dict[str, RecordedFigures | None]:
    return {key: in_play.roll.figures() for key, in_play in state.rolls.items()}


def observe(state: TableState | None) -> Observed | None:
    """What facts watch in ``state`` (``None`` before a table's first event)."""
    if state is None:
        return None
    return Observed(state.game.ledger.balances(), _hits(state), _written(state), _rolls(state))


def recorded(before: Observed | None, state: TableState) -> Facts | None:
    """The facts of the move that led from ``before`` to ``state`` (``None`` for a table's
    creation, which starts from nothing)."""
    if before is None:
        return None
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
    return Facts(points=points or None, hits=hits, cleared=cleared or None, rolls=rolls or None)


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
        state.conflict.set_pending_hits(hits)
    keep_rolls(state, facts)
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
