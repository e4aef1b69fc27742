"""Facts: what the rules computed for a move, recorded on its event as it was decided and
assigned when the event folds (:mod:`fatekit.table.fact_records` holds their shapes).

A command is decided once (:func:`~fatekit.table.handle.commit` judges its drafts by the rules):
:func:`watch` notes every part of the table the rules may change before a draft is judged, and
:func:`record` says what the judgement changed, which the committed event keeps: the fate points
every supply holds, the hits waiting, the stress boxes marked, the consequences written,
recovering or cleared, the aspects of the scene, the story and the sheets (made, changed, gone)
and their free invokes, a conflict's turns, participants, full defenders and concessions, the
countdowns, when limited stunts were used, where everyone stands on the map and the figures of
every roll in play. Folding the event assigns them (:func:`assign_facts`): no rule runs and no
limit is checked, so a rule fixed after a table was played changes the moves made after the fix,
never the table already played. An advancement's sheet (:class:`SheetFact`) is written back by
its own fold step.

Events recorded by older releases hold fewer facts (:attr:`Facts.version` 1): they fold through
:mod:`fatekit.table.upcasting`, which lays what they did record over what the rules' own step
computes (:func:`watch_older`, :func:`assign_older`).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from fatekit.formats.character_json import stunt_dict
from fatekit.rules.aspects.aspects import Aspect, AspectKind, AspectsInPlay, FreeInvoke
from fatekit.rules.aspects.rolling import RecordedFigures
from fatekit.rules.characters.character import Character
from fatekit.rules.core.clock import ClockMark, Moment
from fatekit.rules.core.tracks import Track
from fatekit.rules.harm.concession import Concession
from fatekit.rules.harm.consequences import ConsequenceSlot
from fatekit.rules.scenes.conflict import (
    Conflict,
    DefenseFocus,
    Exchange,
    Fighter,
    FocusKind,
    PendingHit,
    Phase,
    Status,
)
from fatekit.table.fact_records import (
    FACTS_VERSION,
    AspectFact,
    ConcessionFact,
    ConflictFact,
    ConsequenceFact,
    CountdownFact,
    DefenderFact,
    Facts,
    FighterFact,
    HitFact,
    InvokesFact,
    MarkFact,
    PointsFact,
    PositionFact,
    RollFact,
    SheetFact,
    StressFact,
    StuntUseFact,
    TurnFact,
)
from fatekit.table.state import RollInPlay, RollKind, TableState

__all__ = [
    "OlderWatch",
    "Watched",
    "assign_facts",
    "assign_older",
    "clock_mark",
    "facts_of",
    "keep_rolls",
    "mark_fact",
    "record",
    "records_sheet",
    "sheet_fact",
    "watch",
    "watch_older",
]

#: The events whose move rewrites a PC's sheet (an advancement), by the field naming the PC.
SHEET_MOVES: dict[type[Any], str] = {}


def records_sheet(kind: type[Any], field: str = "character_id") -> None:
    """Record, on every ``kind`` decided, the sheet of the PC its ``field`` names as the move
    left it (:class:`~fatekit.table.base.SheetFact`), for its fold step to write back."""
    SHEET_MOVES[kind] = field


# -- moments of play ----------------------------------------------------------------------------


def mark_fact(mark: ClockMark) -> MarkFact:
    """A clock mark as facts record it."""
    return MarkFact(
        scenes=mark.scenes_ended,
        sessions=mark.sessions_ended,
        minor=mark.minor_milestones,
        major=mark.major_milestones,
        moment=mark.moment.value,
    )


def clock_mark(fact: MarkFact) -> ClockMark:
    """The clock mark a :class:`MarkFact` records."""
    return ClockMark(fact.scenes, fact.sessions, fact.minor, fact.major, Moment(fact.moment))


def _mark(mark: ClockMark | None) -> MarkFact | None:
    return None if mark is None else mark_fact(mark)


def _clock(fact: MarkFact | None) -> ClockMark | None:
    return None if fact is None else clock_mark(fact)


# -- what the rules may change, watched before a move -------------------------------------------


@dataclass(frozen=True, slots=True)
class Watched:
    """Every part of a table the rules may change, as it stood before a move."""

    points: dict[str, tuple[int, int]]
    hits: tuple[PendingHit, ...] | None
    stress: dict[tuple[str, str], tuple[int, ...]]
    consequences: dict[tuple[str, int], ConsequenceFact]
    aspects: dict[tuple[str, str], AspectFact]
    invokes: dict[str, tuple[str, ...]]
    conflict: ConflictFact | None
    countdowns: dict[str, int]
    stunt_uses: dict[tuple[str, str], MarkFact]
    positions: dict[str, str]
    rolls: dict[str, RecordedFigures | None]


def watch(state: TableState | None) -> Watched | None:
    """What the rules may change in ``state``, before a move (``None`` before a table's first
    event)."""
    if state is None:
        return None
    return Watched(
        points=state.game.ledger.balances(),
        hits=_hits(state),
        stress=_stress(state),
        consequences=_consequences(state),
        aspects=_aspect_facts(state),
        invokes=_invokes(state),
        conflict=None if state.conflict is None else _conflict_fact(state.conflict),
        countdowns=_countdowns(state),
        stunt_uses=_stunt_uses(state),
        positions=_positions(state),
        rolls=_rolls(state),
    )


def record(before: Watched | None, state: TableState, event: Any = None) -> Facts | None:
    """The facts of the move (``event``) that led from ``before`` to ``state`` (``None`` for a
    table's creation, which starts from nothing)."""
    if before is None:
        return None
    now = watch(state)
    assert now is not None
    sheets = None
    if event is not None and type(event) in SHEET_MOVES:
        who = getattr(event, SHEET_MOVES[type(event)])
        sheets = (sheet_fact(state, who, before),)
    points = tuple(
        PointsFact(owner=owner, available=held[0], pending=held[1])
        for owner, held in now.points.items()
        if before.points.get(owner) != held
    )
    hits = None
    if now.hits is not None and now.hits != (before.hits or ()):
        hits = tuple(HitFact(target=h.target, shifts=h.shifts, by=h.by) for h in now.hits)
    stress = tuple(
        StressFact(character=who, track=track, marked=marked)
        for (who, track), marked in now.stress.items()
        if before.stress.get((who, track)) != marked
    )
    consequences = tuple(
        fact
        for place, fact in now.consequences.items()
        if before.consequences.get(place, _empty(place)) != fact
    )
    aspects = tuple(
        fact for place, fact in now.aspects.items() if before.aspects.get(place) != fact
    )
    gone = tuple(place for place in before.aspects if place not in now.aspects)
    invokes = tuple(
        InvokesFact(aspect=key, holders=holders)
        for key, holders in now.invokes.items()
        if before.invokes.get(key, ()) != holders
    )
    countdowns = tuple(
        CountdownFact(countdown=key, marked=marked)
        for key, marked in now.countdowns.items()
        if before.countdowns.get(key) != marked
    )
    stunt_uses = tuple(
        StuntUseFact(character=who, stunt=name, used=now.stunt_uses.get((who, name)))
        for who, name in sorted({*before.stunt_uses, *now.stunt_uses})
        if before.stunt_uses.get((who, name)) != now.stunt_uses.get((who, name))
    )
    positions = tuple(
        PositionFact(who=who, zone=now.positions.get(who))
        for who in sorted({*before.positions, *now.positions})
        if before.positions.get(who) != now.positions.get(who)
    )
    rolls = tuple(
        RollFact(roll=key, effort=f.effort, opposition=f.opposition, outcome=f.outcome)
        for key, f in now.rolls.items()
        if f is not None and before.rolls.get(key) != f
    )
    return Facts(
        points=points or None,
        hits=hits,
        rolls=rolls or None,
        sheets=sheets,
        invokes=invokes or None,
        stress=stress or None,
        consequences=consequences or None,
        aspects=aspects or None,
        gone=gone or None,
        conflict=_conflict_change(before.conflict, now.conflict),
        countdowns=countdowns or None,
        stunt_uses=stunt_uses or None,
        positions=positions or None,
        version=FACTS_VERSION,
    )


def _hits(state: TableState) -> tuple[PendingHit, ...] | None:
    return None if state.conflict is None else tuple(state.conflict.hits.pending)


def _stress(state: TableState) -> dict[tuple[str, str], tuple[int, ...]]:
    return {
        (who, str(track)): tuple(i for i, box in enumerate(stress.boxes) if box.marked)
        for who, character in state.game.characters.items()
        for track, stress in character.stress.items()
    }


def _consequence_fact(who: str, index: int, slot: ConsequenceSlot) -> ConsequenceFact:
    aspect = slot.aspect
    if aspect is None:
        return _empty((who, index))
    replaced = None if slot.replaced is None else (slot.replaced.id, slot.replaced.name)
    return ConsequenceFact(
        character=who,
        slot=index,
        aspect=aspect.id,
        name=aspect.name,
        recovering=slot.recovering,
        treated_at=_mark(slot.treated_at),
        conflict=slot.conflict,
        taken_at=_mark(slot.taken_at),
        replaced=replaced,
    )


def _empty(place: tuple[str, int]) -> ConsequenceFact:
    return ConsequenceFact(character=place[0], slot=place[1])


def _consequences(state: TableState) -> dict[tuple[str, int], ConsequenceFact]:
    return {
        (who, index): _consequence_fact(who, index, slot)
        for who, character in state.game.characters.items()
        for index, slot in enumerate(character.consequences)
    }


def _aspect_fact(aspect: Aspect, where: str) -> AspectFact:
    return AspectFact(
        id=aspect.id,
        where=where,
        name=aspect.name,
        kind=aspect.kind.value,
        owner=aspect.owner,
        zone=aspect.zone,
        hidden=aspect.hidden,
        known_to=tuple(sorted(aspect.known_to)),
        gone=aspect.gone,
        organization=aspect.organization,
        members=tuple(sorted(aspect.members)),
    )


#: Where the scene's aspects and the story's lasting aspects are (a sheet's: its character id).
SCENE, LASTING = "scene", "lasting"


def _placed_aspects(state: TableState) -> Iterator[tuple[str, Aspect]]:
    game = state.game
    if game.scene is not None:
        yield from ((SCENE, a) for a in game.scene.aspects.held())
    yield from ((LASTING, a) for a in game.lasting.aspects.held())
    for who, character in game.characters.items():
        yield from ((who, a) for a in character.aspects)


def _aspect_facts(state: TableState) -> dict[tuple[str, str], AspectFact]:
    return {(where, a.id): _aspect_fact(a, where) for where, a in _placed_aspects(state)}


def _all_aspects(state: TableState) -> Iterator[Aspect]:
    yield from (a for _, a in _placed_aspects(state))
    for character in state.game.characters.values():
        yield from (s.aspect for s in character.consequences if s.aspect is not None)


def _invokes(state: TableState) -> dict[str, tuple[str, ...]]:
    return {a.id: tuple(f.holder for f in a.free_invokes) for a in _all_aspects(state)}


def _conflict_fact(conflict: Conflict) -> ConflictFact:
    turns = conflict.turns
    return ConflictFact(
        turn=TurnFact(
            phase=turns.phase.value,
            current=turns.current,
            exchange=turns.exchange.number,
            acted=tuple(sorted(turns.exchange.acted)),
            moved=tuple(sorted(turns.exchange.moved)),
            order=None if turns.fixed is None else tuple(turns.fixed),
            under_way=turns.turn is not None,
        ),
        fighters=tuple(
            FighterFact(
                who=who,
                side=f.side,
                status=f.status.value,
                members=f.members,
                weapon=f.weapon,
                armor=f.armor,
                scale=f.scale,
            )
            for who, f in conflict.roster.fighters.items()
        ),
        defenders=tuple(
            DefenderFact(
                who=who,
                focus=None if focus is None else focus.kind.value,
                about=() if focus is None else focus.who,
            )
            for who, focus in conflict.defence.full_defenders.items()
        ),
        defended=tuple(sorted(conflict.defence.defended)),
        concessions=tuple(
            ConcessionFact(who=c.participant, points=c.fate_points, consequences=c.consequences)
            for c in conflict.hits.concessions
        ),
    )


def _conflict_change(before: ConflictFact | None, now: ConflictFact | None) -> ConflictFact | None:
    """The parts of the conflict a move changed (all of a conflict it began)."""
    if now is None:
        return None
    if before is None:
        return now
    was = {f.who: f for f in before.fighters or ()}
    fighters = tuple(f for f in now.fighters or () if was.get(f.who) != f)
    found = ConflictFact(
        turn=None if now.turn == before.turn else now.turn,
        fighters=fighters or None,
        defenders=None if now.defenders == before.defenders else now.defenders,
        defended=None if now.defended == before.defended else now.defended,
        concessions=None if now.concessions == before.concessions else now.concessions,
    )
    return None if found == ConflictFact() else found


def _countdowns(state: TableState) -> dict[str, int]:
    scene = state.game.scene
    return {} if scene is None else {k: c.marked for k, c in scene.countdowns.items()}


def _stunt_uses(state: TableState) -> dict[tuple[str, str], MarkFact]:
    return {key: mark_fact(mark) for key, mark in state.game.stunt_uses.recorded().items()}


def _positions(state: TableState) -> dict[str, str]:
    scene = state.game.scene
    if scene is None or scene.zones is None:
        return {}
    return dict(scene.zones.positions)


def _figures(in_play: RollInPlay) -> RecordedFigures | None:
    figures = in_play.roll.figures()
    if figures is not None and in_play.kind is RollKind.CONTEST:
        return RecordedFigures(figures.effort)  # compared between the sides: nothing to beat
    return figures


def _rolls(state: TableState) -> dict[str, RecordedFigures | None]:
    return {key: _figures(in_play) for key, in_play in state.rolls.items()}


# -- assigning recorded facts -----------------------------------------------------------------


def facts_of(event: Any) -> Facts:
    """The facts ``event`` recorded (every event a fold step is given holds them)."""
    facts = event.facts
    assert isinstance(facts, Facts), f"{type(event).__name__} {event.version} holds no facts"
    return facts


def assign_facts(state: TableState, facts: Facts) -> None:
    """Put what ``facts`` recorded into ``state``: assignment only, no rule runs and no limit is
    checked. Parts the facts leave out stay as they are."""
    for fact in facts.consequences or ():
        _assign_consequence(state, fact)
    for where, aspect_id in facts.gone or ():
        _drop_aspect(state, where, aspect_id)
    for aspect in facts.aspects or ():
        _assign_aspect(state, aspect)
    _assign_invokes(state, facts.invokes or ())
    for stress in facts.stress or ():
        character = state.game.characters[stress.character]
        boxes = character.stress[Track(stress.track)].boxes
        for index, box in enumerate(boxes):
            box.marked = index in stress.marked
    for points in facts.points or ():
        _set_points(state, points.owner, points.available, points.pending)
    if facts.hits is not None and state.conflict is not None:
        state.conflict.hits.pending[:] = [PendingHit(h.target, h.shifts, h.by) for h in facts.hits]
    if facts.conflict is not None and state.conflict is not None:
        _assign_conflict(state, state.conflict, facts.conflict)
    scene = state.game.scene
    for countdown in facts.countdowns or ():
        if scene is not None and countdown.countdown in scene.countdowns:
            held = scene.countdowns[countdown.countdown]
            scene.countdowns[countdown.countdown] = held.with_marked(countdown.marked)
    for use in facts.stunt_uses or ():
        state.game.stunt_uses.assign(use.character, use.stunt, _clock(use.used))
    for position in facts.positions or ():
        if scene is not None and scene.zones is not None:
            scene.zones.assign_position(position.who, position.zone)
    keep_rolls(state, facts)
    state.game.sync_sheets()


def _assign_consequence(state: TableState, fact: ConsequenceFact) -> None:
    character = state.game.characters[fact.character]
    slot = character.consequences[fact.slot]
    if fact.aspect is None:
        slot.clear()
        return
    if slot.aspect is None or slot.aspect.id != fact.aspect:
        slot.aspect = Aspect(fact.aspect, fact.name, AspectKind.CONSEQUENCE, owner=fact.character)
    slot.aspect.name = fact.name
    slot.recovering = fact.recovering
    slot.treated_at = _clock(fact.treated_at)
    slot.conflict = fact.conflict
    slot.taken_at = _clock(fact.taken_at)
    if fact.replaced is None:
        slot.replaced = None
    elif slot.replaced is None or slot.replaced.id != fact.replaced[0]:
        slot.replaced = _replaced(character, *fact.replaced)


def _replaced(character: Character, aspect_id: str, name: str) -> Aspect:
    # The character aspect an extreme consequence replaced leaves the sheet (the aspects' facts
    # say so); the slot keeps it, as it was.
    found = next((a for a in character.aspects if a.id == aspect_id), None)
    if found is not None:
        return found
    return Aspect(aspect_id, name, AspectKind.CHARACTER, owner=character.id)


def _aspect_set(state: TableState, where: str) -> AspectsInPlay | None:
    if where == SCENE:
        return None if state.game.scene is None else state.game.scene.aspects
    if where == LASTING:
        return state.game.lasting.aspects
    return None


def _drop_aspect(state: TableState, where: str, aspect_id: str) -> None:
    held = _aspect_set(state, where)
    if held is not None:
        held.drop(aspect_id)
        return
    character = state.game.characters.get(where)
    if character is not None:
        character.aspects[:] = [a for a in character.aspects if a.id != aspect_id]


def _assign_aspect(state: TableState, fact: AspectFact) -> None:
    held = _aspect_set(state, fact.where)
    if held is not None:
        aspect = held.find(fact.id)
        if aspect is None:
            aspect = held.put(Aspect(fact.id, fact.name, AspectKind(fact.kind)))
    else:
        character = state.game.characters[fact.where]
        aspect = next((a for a in character.aspects if a.id == fact.id), None)
        if aspect is None:
            aspect = Aspect(fact.id, fact.name, AspectKind(fact.kind))
            character.aspects.append(aspect)
    aspect.name = fact.name
    aspect.kind = AspectKind(fact.kind)
    aspect.owner = fact.owner
    aspect.zone = fact.zone
    aspect.hidden = fact.hidden
    aspect.known_to = set(fact.known_to)
    aspect.gone = fact.gone
    aspect.organization = fact.organization
    aspect.members = set(fact.members)


def _assign_invokes(state: TableState, given: tuple[InvokesFact, ...]) -> None:
    if not given:
        return
    aspects = {a.id: a for a in _all_aspects(state)}
    for fact in given:
        aspect = aspects.get(fact.aspect)
        if aspect is not None and tuple(f.holder for f in aspect.free_invokes) != fact.holders:
            aspect.free_invokes = [FreeInvoke(holder) for holder in fact.holders]


def _assign_conflict(state: TableState, conflict: Conflict, fact: ConflictFact) -> None:
    roster = conflict.roster
    for fighter in fact.fighters or ():
        found = roster.fighters.get(fighter.who)
        if found is None:
            found = Fighter(state.game.characters[fighter.who], fighter.side)
            roster.fighters[fighter.who] = found
        found.side = fighter.side
        found.status = Status(fighter.status)
        found.members = fighter.members
        found.weapon, found.armor, found.scale = fighter.weapon, fighter.armor, fighter.scale
    turn = fact.turn
    if turn is not None:
        turns = conflict.turns
        turns.phase = Phase(turn.phase)
        turns.current = turn.current
        if turns.exchange.number != turn.exchange:
            turns.exchange = Exchange(turn.exchange)
        turns.exchange.acted = set(turn.acted)
        turns.exchange.moved = set(turn.moved)
        turns.fixed = None if turn.order is None else list(turn.order)
        if not turn.under_way:
            turns.turn = None
    if fact.defenders is not None:
        defence = conflict.defence
        defence.full_defenders = {
            d.who: None if d.focus is None else DefenseFocus(FocusKind(d.focus), d.about)
            for d in fact.defenders
        }
    if fact.defended is not None:
        conflict.defence.defended = set(fact.defended)
    if fact.concessions is not None:
        conflict.hits.concessions = [
            Concession(c.who, conflict.id, c.points, c.consequences) for c in fact.concessions
        ]


def keep_rolls(state: TableState, facts: Facts) -> None:
    """Hold every roll in play ``facts`` recorded to its figures (as a move is decided too, so
    the table it leaves is the one its event folds to)."""
    for fact in facts.rolls or ():
        in_play = state.rolls.get(fact.roll)
        if in_play is not None:
            in_play.roll.keep_figures(RecordedFigures(fact.effort, fact.opposition, fact.outcome))


def _set_points(state: TableState, owner: str, available: int, pending: int) -> None:
    ledger = state.game.ledger
    if owner in ledger.balances():
        ledger.set_balance(owner, available, pending)


# -- an advancement's sheet -------------------------------------------------------------------


def sheet_fact(state: TableState, character_id: str, before: Watched | OlderWatch) -> SheetFact:
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


def _was_recovering(before: Watched | OlderWatch, character_id: str, index: int) -> bool:
    if isinstance(before, Watched):
        fact = before.consequences.get((character_id, index))
        return fact is not None and fact.recovering
    held = before.written.get((character_id, index))
    return held is not None and bool(held[1][_RECOVERING])


# -- the facts of older releases ----------------------------------------------------------------

_SLOT_FIELDS = tuple(f.name for f in dataclasses.fields(ConsequenceSlot))
_RECOVERING = _SLOT_FIELDS.index("recovering")


@dataclass(frozen=True, slots=True)
class OlderWatch:
    """What an older release's facts name, as a table held it before a move: every supply's
    fate points, the hits waiting and each consequence written (with all its slot held, to put
    back)."""

    points: dict[str, tuple[int, int]]
    hits: tuple[PendingHit, ...] | None
    written: dict[tuple[str, int], tuple[ConsequenceSlot, tuple[Any, ...]]]


def _written(state: TableState) -> dict[tuple[str, int], tuple[ConsequenceSlot, tuple[Any, ...]]]:
    return {
        (character.id, index): (slot, tuple(getattr(slot, name) for name in _SLOT_FIELDS))
        for character in state.game.characters.values()
        for index, slot in enumerate(character.consequences)
        if slot.aspect is not None
    }


def watch_older(state: TableState) -> OlderWatch:
    """What an older release's facts name in ``state``, before its event's older step."""
    return OlderWatch(state.game.ledger.balances(), _hits(state), _written(state))


def assign_older(state: TableState, facts: Facts, before: OlderWatch) -> None:
    """Put what an older release's ``facts`` recorded into ``state`` over what the older step
    computed, and what they name but leave out back as ``before`` held it: the fate points of
    every supply, the hits waiting, the consequences written (cleared only where the facts
    say). No rule runs, no limit is checked."""
    held = dict(before.points)
    for fact in facts.points or ():
        held[fact.owner] = (fact.available, fact.pending)
    now = state.game.ledger.balances()
    for owner, (available, pending) in held.items():
        if now.get(owner) != (available, pending) and owner in now:
            _set_older_points(state, owner, available, pending)
    if state.conflict is not None:
        if facts.hits is not None:
            hits = tuple(PendingHit(h.target, h.shifts, h.by) for h in facts.hits)
        else:
            hits = before.hits or ()
        state.conflict.hits.set_pending(hits)
    keep_rolls(state, facts)
    _assign_invokes(state, facts.invokes or ())
    cleared = {(c.character, c.slot) for c in facts.cleared or ()}
    for place, (slot, fields) in before.written.items():
        if place in cleared:
            if slot.aspect is not None:
                slot.clear()
        elif slot.aspect is None:  # cleared now by a rule that did not clear it then
            for name, value in zip(_SLOT_FIELDS, fields, strict=True):
                setattr(slot, name, value)


def _set_older_points(state: TableState, owner: str, available: int, pending: int) -> None:
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
