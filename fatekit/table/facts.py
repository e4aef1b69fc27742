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
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from fatekit.formats.character_json import stunt_dict
from fatekit.rules.aspects.aspects import Aspect, AspectKind, AspectsInPlay, FreeInvoke
from fatekit.rules.aspects.invokes import Invocation, InvokeEffect
from fatekit.rules.aspects.rolling import ActionRoll, RecordedFigures, RollPhase
from fatekit.rules.characters.character import Character
from fatekit.rules.core.actions import AdvantageTarget, Side
from fatekit.rules.core.clock import ClockMark, Moment
from fatekit.rules.core.outcomes import Bonus, BonusKind, Difficulty
from fatekit.rules.core.randomizers import parse_drawn
from fatekit.rules.core.tracks import Track
from fatekit.rules.harm.concession import Concession
from fatekit.rules.harm.consequences import ConsequenceSlot, Severity
from fatekit.rules.harm.toolkit_conditions import MarkedCondition
from fatekit.rules.options.obstacles import Cover
from fatekit.rules.options.scale import ScaleAdvantage, ScaleBenefit
from fatekit.rules.scenes.challenge import Task, TaskResult
from fatekit.rules.scenes.conflict import (
    Conflict,
    DefenseFocus,
    Exchange,
    Fighter,
    FocusKind,
    PendingHit,
    Phase,
    Status,
    TurnInProgress,
)
from fatekit.rules.scenes.contest import ExchangeResult
from fatekit.table.fact_records import (
    FACTS_VERSION,
    ActionFact,
    AspectFact,
    BigBadFact,
    BonusFact,
    ConcessionFact,
    ConditionFact,
    ConflictFact,
    ConsequenceFact,
    ContestFact,
    ContestHitFact,
    ContestRollFact,
    CountdownFact,
    DefenderFact,
    ExchangeFact,
    Facts,
    FighterFact,
    HitFact,
    InvocationFact,
    InvokesFact,
    MarkFact,
    PackageFact,
    PointsFact,
    PositionFact,
    RollFact,
    RollSideFact,
    SheetFact,
    SlotFact,
    StressFact,
    StuntUseFact,
    TaskFact,
    TurnFact,
)
from fatekit.table.state import ContestHit, ContestRollRecord, RollInPlay, RollKind, TableState

__all__ = [
    "OlderWatch",
    "Watched",
    "assign_facts",
    "assign_older",
    "clock_mark",
    "facts_of",
    "keep_rolls",
    "mark_fact",
    "package_facts",
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
        significant=mark.significant_milestones,
    )


def clock_mark(fact: MarkFact) -> ClockMark:
    """The clock mark a :class:`MarkFact` records."""
    return ClockMark(
        fact.scenes,
        fact.sessions,
        fact.minor,
        fact.major,
        Moment(fact.moment),
        significant_milestones=fact.significant,
    )


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
    consequences: dict[tuple[str, int], ConsequenceFact | None]  # None: the slot is empty
    aspects: dict[tuple[str, str], AspectRow]  # an AspectFact's fields, made one when changed
    invokes: dict[str, tuple[str, ...]]
    conflict: ConflictFact | None
    countdowns: dict[str, int]
    stunt_uses: dict[tuple[str, str], MarkFact]
    positions: dict[str, str]
    rolls: dict[str, RollFact]
    sheets: dict[str, int]
    contest: ContestFact | None
    contest_hits: tuple[ContestHitFact, ...]
    tasks: dict[
        str, TaskFact | None
    ]  # which sheet object each character is (a new form replaces it)
    conditions: dict[tuple[str, str], ConditionFact]


def watch(state: TableState | None) -> Watched | None:
    """What the rules may change in ``state``, before a move (``None`` before a table's first
    event)."""
    if state is None:
        return None
    aspects, invokes = _aspects_and_invokes(state)
    return Watched(
        points=state.game.ledger.balances(),
        hits=_hits(state),
        stress=_stress(state),
        consequences=_consequences(state),
        aspects=aspects,
        invokes=invokes,
        conflict=None if state.conflict is None else _conflict_fact(state.conflict),
        countdowns=_countdowns(state),
        stunt_uses=_stunt_uses(state),
        positions=_positions(state),
        rolls=_rolls(state),
        sheets={who: id(c) for who, c in state.game.characters.items()},
        contest=_contest_fact(state),
        contest_hits=tuple(
            ContestHitFact(target=h.target, shifts=h.shifts, by=h.by, harm=str(h.harm))
            for h in state.contest_hits
        ),
        tasks={}
        if state.challenge is None
        else {key: _task_fact(task) for key, task in state.challenge.tasks.items()},
        conditions=_conditions(state),
    )


def record(before: Watched | None, state: TableState, event: Any = None) -> Facts | None:
    """The facts of the move (``event``) that led from ``before`` to ``state`` (``None`` for a
    table's creation, which starts from nothing)."""
    return recorded(before, state, event)[0]


def recorded(
    before: Watched | None, state: TableState, event: Any = None
) -> tuple[Facts | None, Watched | None]:
    """:func:`record`, and what it watched of ``state`` (the next move's ``before``, while
    nothing else changes the table; ``None`` when it watched nothing)."""
    if before is None:
        return None, None
    now = watch(state)
    assert now is not None
    if now == before and (event is None or type(event) not in SHEET_MOVES):
        # Nothing the rules may change changed (a note, a seat...): compared in C, at once,
        # rather than part by part to find nothing.
        return _UNCHANGED, now
    return _compared(before, now, state, event), now


#: The facts of a move that changed nothing the rules may change: what :func:`_compared`
#: finds when the watch after the move equals the watch before it.
_UNCHANGED = Facts(version=FACTS_VERSION)


def _compared(before: Watched, now: Watched, state: TableState, event: Any) -> Facts:
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
    # A sheet replaced (a big bad's next form) or rewritten (an advancement) is recorded whole:
    # its fold starts afresh.
    new = {who for who, sheet in now.sheets.items() if before.sheets.get(who, sheet) != sheet}
    new |= {sheet.character for sheet in sheets or ()}
    stress = tuple(
        StressFact(character=who, track=track, marked=marked)
        for (who, track), marked in now.stress.items()
        if who in new or before.stress.get((who, track)) != marked
    )
    consequences = tuple(
        _slot_fact(state, place, fact, place in before.consequences)
        for place, fact in now.consequences.items()
        if place[0] in new or before.consequences.get(place) != fact  # absent: empty
    )
    aspects = tuple(
        _aspect_fact(row)
        for place, row in now.aspects.items()
        if place[0] in new or before.aspects.get(place) != row
    )
    gone = tuple(place for place in before.aspects if place not in now.aspects)
    anew = {
        a.id
        for who in new
        for a in (
            *state.game.characters[who].aspects,
            *(s.aspect for s in state.game.characters[who].consequences if s.aspect is not None),
            *(held.aspect for held in state.game.characters[who].conditions.values()),
        )
    }
    invokes = tuple(
        InvokesFact(aspect=key, holders=holders)
        for key, holders in now.invokes.items()
        if key in anew or before.invokes.get(key, ()) != holders
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
    rolls = tuple(fact for key, fact in now.rolls.items() if before.rolls.get(key) != fact)
    conditions = tuple(
        fact
        for place, fact in now.conditions.items()
        if place[0] in new or before.conditions.get(place) != fact
    ) + tuple(
        ConditionFact(character=who, key=key, boxes=0)
        for who, key in before.conditions
        if (who, key) not in now.conditions and who in state.game.characters
    )
    tasks = tuple(
        fact
        for key, fact in now.tasks.items()
        if fact is not None and before.tasks.get(key) != fact
    )
    return Facts(
        contest=None if now.contest == before.contest else now.contest,
        contest_hits=None if now.contest_hits == before.contest_hits else now.contest_hits,
        tasks=tasks or None,
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
        conditions=conditions or None,
        version=FACTS_VERSION,
    )


def _hits(state: TableState) -> tuple[PendingHit, ...] | None:
    return None if state.conflict is None else tuple(state.conflict.hits.pending)


def _conditions(state: TableState) -> dict[tuple[str, str], ConditionFact]:
    return {
        (who, key): ConditionFact(
            character=who,
            key=key,
            boxes=held.boxes,
            aspect=held.aspect.id,
            name=held.aspect.name,
            taken_session=held.taken_session,
            recovering_session=held.recovering_session,
        )
        for who, character in state.game.characters.items()
        for key, held in character.conditions.items()
    }


def _assign_condition(state: TableState, fact: ConditionFact) -> None:
    character = state.game.characters.get(fact.character)
    if character is None:
        return
    if fact.boxes == 0:
        character.conditions.pop(fact.key, None)
        return
    held = character.conditions.get(fact.key)
    if held is None or held.aspect.id != fact.aspect:
        aspect = Aspect(fact.aspect, fact.name, AspectKind.CONSEQUENCE, owner=character.id)
        held = MarkedCondition(fact.key, fact.boxes, aspect)
        character.conditions[fact.key] = held
    held.boxes = fact.boxes
    held.aspect.name = fact.name
    held.taken_session = fact.taken_session
    held.recovering_session = fact.recovering_session


def _stress(state: TableState) -> dict[tuple[str, str], tuple[int, ...]]:
    return {
        (who, str(track)): tuple(i for i, box in enumerate(stress.boxes) if box.marked)
        for who, character in state.game.characters.items()
        for track, stress in character.stress.items()
    }


def _consequence_fact(who: str, index: int, slot: ConsequenceSlot) -> ConsequenceFact | None:
    aspect = slot.aspect
    if aspect is None:
        return None  # made a fact only when a move emptied the slot (:func:`_slot_fact`)
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


def _added(state: TableState, fact: ConsequenceFact) -> ConsequenceFact:
    """``fact`` for a slot the move added to the sheet: with what slot it is."""
    slot = state.game.characters[fact.character].consequences[fact.slot]
    made = SlotFact(
        severity=slot.severity.value,
        shifts=slot.shifts,
        track=str(slot.track),
        condition=slot.condition,
    )
    return dataclasses.replace(fact, added=made)


def _empty(place: tuple[str, int]) -> ConsequenceFact:
    return ConsequenceFact(character=place[0], slot=place[1])


def _slot_fact(
    state: TableState, place: tuple[str, int], fact: ConsequenceFact | None, known: bool
) -> ConsequenceFact:
    """The fact of a slot a move changed (``fact`` ``None``: it is empty now); with what slot
    it is when the move added it to the sheet (not ``known`` before)."""
    found = _empty(place) if fact is None else fact
    return found if known else _added(state, found)


def _consequences(state: TableState) -> dict[tuple[str, int], ConsequenceFact | None]:
    return {
        (who, index): _consequence_fact(who, index, slot)
        for who, character in state.game.characters.items()
        for index, slot in enumerate(character.consequences)
    }


#: An :class:`AspectFact`'s fields in its order: cheap to watch and to compare on every move,
#: made a fact only for the aspects a move changed.
AspectRow = tuple[
    str,
    str,
    str,
    AspectKind,
    str | None,
    str | None,
    bool,
    tuple[str, ...],
    bool,
    str | None,
    tuple[str, ...],
]


def _aspect_row(aspect: Aspect, where: str) -> AspectRow:
    known, members = aspect.known_to, aspect.members
    return (
        aspect.id,
        where,
        aspect.name,
        aspect.kind,  # the enum itself: its value is read only for a fact
        aspect.owner,
        aspect.zone,
        aspect.hidden,
        tuple(sorted(known)) if known else (),
        aspect.gone,
        aspect.organization,
        tuple(sorted(members)) if members else (),
    )


def _aspect_fact(row: AspectRow) -> AspectFact:
    id_, where, name, kind, owner, zone, hidden, known_to, gone, organization, members = row
    return AspectFact(
        id=id_,
        where=where,
        name=name,
        kind=kind.value,
        owner=owner,
        zone=zone,
        hidden=hidden,
        known_to=known_to,
        gone=gone,
        organization=organization,
        members=members,
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


def _aspects_and_invokes(
    state: TableState,
) -> tuple[dict[tuple[str, str], AspectRow], dict[str, tuple[str, ...]]]:
    """The aspects in play (as :func:`_aspect_row`) and who holds each one's free invokes (every
    aspect's, a consequence's too, by the aspect's id), in one walk over the table."""
    aspects: dict[tuple[str, str], AspectRow] = {}
    invokes: dict[str, tuple[str, ...]] = {}
    for where, a in _placed_aspects(state):
        aspects[where, a.id] = _aspect_row(a, where)
        free = a.free_invokes
        invokes[a.id] = tuple([f.holder for f in free]) if free else ()
    for character in state.game.characters.values():
        for slot in character.consequences:
            taken = slot.aspect
            if taken is not None:
                held = taken.free_invokes
                invokes[taken.id] = tuple([f.holder for f in held]) if held else ()
        for marked in character.conditions.values():
            invokes[marked.aspect.id] = tuple(f.holder for f in marked.aspect.free_invokes)
    return aspects, invokes


def _all_aspects(state: TableState) -> Iterator[Aspect]:
    yield from (a for _, a in _placed_aspects(state))
    for character in state.game.characters.values():
        yield from (s.aspect for s in character.consequences if s.aspect is not None)
        yield from (held.aspect for held in character.conditions.values())


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
        big_bads=tuple(
            BigBadFact(
                who=who,
                form=0 if bad.forms is None else bad.forms.current,
                immunity=None if bad.immunity is None else bad.immunity.state.value,
            )
            for who, bad in conflict.big_bad_rules.big_bads.items()
        ),
        blocks=tuple(conflict.obstacles.blocks),
        action=None if turns.turn is None else _action_fact(turns.turn),
    )


def _action_fact(turn: TurnInProgress) -> ActionFact:
    scale = turn.scale
    cover = turn.cover
    return ActionFact(
        weapon=turn.weapon,
        armor=turn.armor,
        advantage=turn.advantage.value,
        scale=None if scale is None else (scale.side.value, scale.levels, scale.benefit.value),
        cover=None if cover is None else (cover.negates, cover.armor),
        ranged=turn.ranged,
        aimed=tuple(_aimed_fact(target, sub) for target, sub in turn.targets.items()),
    )


def _aimed_fact(target: str, sub: ActionRoll) -> RollFact:
    sides = (_side(sub),) if sub.opposition is None else (_side(sub), _side(sub.opposition))
    figures = sub.figures()
    if figures is None:
        return RollFact(roll=target, effort=0, sides=sides)
    return RollFact(
        roll=target,
        effort=figures.effort,
        opposition=figures.opposition,
        outcome=figures.outcome,
        sides=sides,
    )


def _conflict_change(before: ConflictFact | None, now: ConflictFact | None) -> ConflictFact | None:
    """The parts of the conflict a move changed (all of a conflict it began)."""
    if now is None:
        return None
    if before is None:
        return now
    was = {f.who: f for f in before.fighters or ()}
    fighters = tuple(f for f in now.fighters or () if was.get(f.who) != f)
    bads = {b.who: b for b in before.big_bads or ()}
    big_bads = tuple(b for b in now.big_bads or () if bads.get(b.who, BigBadFact(who=b.who)) != b)
    found = ConflictFact(
        big_bads=big_bads or None,
        blocks=None if now.blocks == before.blocks else now.blocks,
        action=None if now.action == before.action else now.action,
        turn=None if now.turn == before.turn else now.turn,
        fighters=fighters or None,
        defenders=None if now.defenders == before.defenders else now.defenders,
        defended=None if now.defended == before.defended else now.defended,
        concessions=None if now.concessions == before.concessions else now.concessions,
    )
    return None if found == ConflictFact() else found


def _contest_roll(record: ContestRollRecord) -> ContestRollFact:
    return ContestRollFact(
        side=record.side,
        actor=record.actor,
        skill=record.skill,
        faces=record.faces,
        effort=record.effort,
        version=record.version,
        npc_dice_hidden=record.npc_dice_hidden,
    )


def _pairs(mapping: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(mapping.items())


def _contest_fact(state: TableState) -> ContestFact | None:
    contest = state.contest
    if contest is None:
        return None
    return ContestFact(
        victories=tuple((key, side.victories) for key, side in contest.sides.items()),
        members=tuple((key, side.members) for key, side in contest.sides.items()),
        winner=contest.winner,
        exchanges=tuple(
            ExchangeFact(
                efforts=_pairs(x.efforts),
                victories=_pairs(x.victories),
                twist=x.twist,
                hits=_pairs(x.hits),
                winner=x.winner,
                member_hits=_pairs(x.member_hits),
            )
            for x in contest.exchanges
        ),
        efforts=_pairs(state.contest_efforts),
        forfeits=tuple(sorted(state.contest_forfeits)),
        threats=_pairs(state.contest_threats),
        threat_by=_pairs(state.contest_threat_by),
        rolls=tuple(_contest_roll(r) for r in state.contest_rolls.values()),
        last=tuple(_contest_roll(r) for r in state.contest_last.values()),
    )


def _task_fact(task: Task) -> TaskFact | None:
    result = task.result
    if result is None:
        return None
    return TaskFact(
        key=task.key,
        by=result.by,
        skill=result.skill,
        effort=result.effort,
        shifts=result.shifts,
        outcome=result.outcome,
        option=result.option,
        succeeded=result.succeeded,
        at_a_cost=result.at_a_cost,
    )


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


def _bonus(bonus: Bonus) -> BonusFact:
    return BonusFact(kind=bonus.kind.value, amount=bonus.amount, source=bonus.source)


def _side(roll: ActionRoll) -> RollSideFact:
    return RollSideFact(
        actor=roll.actor,
        rating=roll.rating,
        phase=roll.phase.value,
        skill=roll.skill,
        difficulty=None if roll.difficulty is None else roll.difficulty.rating,
        faces=None if roll.dice is None else roll.dice.symbols(),
        rerolled=tuple(d.symbols() for d in roll.rerolled),
        bonuses=tuple(_bonus(b) for b in roll.bonuses),
        raises=() if roll.difficulty is None else tuple(_bonus(b) for b in roll.difficulty.raises),
        invocations=tuple(
            InvocationFact(
                aspect=i.aspect_id, by=i.by, effect=i.effect.value, free=i.free, hostile=i.hostile
            )
            for i in roll.invocations
        ),
        stunts=tuple(roll.stunts_used),
        free_invokes=roll.extra_free_invokes,
        boosts=roll.stunt_boosts,
    )


def _roll_fact(key: str, in_play: RollInPlay) -> RollFact:
    figures = _figures(in_play)
    roll = in_play.roll
    sides = (_side(roll),) if roll.opposition is None else (_side(roll), _side(roll.opposition))
    if figures is None:
        return RollFact(roll=key, effort=0, sides=sides)
    return RollFact(
        roll=key,
        effort=figures.effort,
        opposition=figures.opposition,
        outcome=figures.outcome,
        sides=sides,
    )


def _rolls(state: TableState) -> dict[str, RollFact]:
    return {key: _roll_fact(key, in_play) for key, in_play in state.rolls.items()}


# -- assigning recorded facts -----------------------------------------------------------------


def facts_of(event: Any) -> Facts:
    """The facts ``event`` recorded (every event a fold step is given holds them)."""
    facts = event.facts
    assert isinstance(facts, Facts), f"{type(event).__name__} {event.version} holds no facts"
    return facts


def assign_facts(state: TableState, facts: Facts) -> None:
    """Put what ``facts`` recorded into ``state``: assignment only, no rule runs and no limit is
    checked. Parts the facts leave out stay as they are."""
    if facts.conflict is not None and state.conflict is not None:
        for bad in facts.conflict.big_bads or ():  # a sheet replaced first: facts follow on it
            _assign_big_bad(state, state.conflict, bad)
    for fact in facts.consequences or ():
        _assign_consequence(state, fact)
    for where, aspect_id in facts.gone or ():
        _drop_aspect(state, where, aspect_id)
    for aspect in facts.aspects or ():
        _assign_aspect(state, aspect)
    for condition in facts.conditions or ():
        _assign_condition(state, condition)
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
    if facts.contest is not None and state.contest is not None:
        _assign_contest(state, facts.contest)
    if facts.contest_hits is not None:
        state.contest_hits = [
            ContestHit(h.target, h.shifts, h.by, Track(h.harm)) for h in facts.contest_hits
        ]
    if state.challenge is not None:
        for task in facts.tasks or ():
            found = state.challenge.tasks.get(task.key)
            if found is not None:
                found.result = TaskResult(
                    task.by,
                    task.skill,
                    task.effort,
                    task.shifts,
                    task.outcome,
                    task.option,
                    task.succeeded,
                    task.at_a_cost,
                )
    keep_rolls(state, facts)
    state.game.sync_sheets()


def _contest_record(fact: ContestRollFact) -> ContestRollRecord:
    return ContestRollRecord(
        fact.side,
        fact.actor,
        fact.skill,
        fact.faces,
        fact.effort,
        fact.version,
        fact.npc_dice_hidden,
    )


def _assign_contest(state: TableState, fact: ContestFact) -> None:
    contest = state.contest
    assert contest is not None
    for key, victories in fact.victories:
        if key in contest.sides:
            contest.sides[key].victories = victories
    for key, members in fact.members:
        if key in contest.sides:
            contest.sides[key].members = tuple(members)
    contest.winner = fact.winner
    contest.exchanges = [
        ExchangeResult(
            dict(x.efforts),
            dict(x.victories),
            x.twist,
            dict(x.hits),
            x.winner,
            dict(x.member_hits),
        )
        for x in fact.exchanges
    ]
    state.contest_efforts = dict(fact.efforts)
    state.contest_forfeits = set(fact.forfeits)
    state.contest_threats = dict(fact.threats)
    state.contest_threat_by = dict(fact.threat_by)
    state.contest_rolls = {r.side: _contest_record(r) for r in fact.rolls}
    state.contest_last = {r.side: _contest_record(r) for r in fact.last}


def _assign_consequence(state: TableState, fact: ConsequenceFact) -> None:
    character = state.game.characters[fact.character]
    made = fact.added
    if made is not None and fact.slot == len(character.consequences):
        character.consequences.append(
            ConsequenceSlot(
                Severity(made.severity), made.shifts, Track(made.track), condition=made.condition
            )
        )
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
    action = fact.action
    held = conflict.turns.turn
    if action is not None and held is not None:
        held.weapon, held.armor = action.weapon, action.armor
        held.advantage = AdvantageTarget(action.advantage)
        held.scale = None
        if action.scale is not None and held.roll is not None:
            side, levels, benefit = action.scale
            held.scale = ScaleAdvantage.as_recorded(
                Side(side), levels, ScaleBenefit(benefit), held.roll.action
            )
        held.cover = None if action.cover is None else Cover(*action.cover)
        held.ranged = action.ranged
    if fact.blocks is not None:
        obstacles = conflict.obstacles
        for gone in [b for b in obstacles.blocks if b not in fact.blocks]:
            del obstacles.blocks[gone]
            obstacles.block_aspects.pop(gone, None)


def _assign_big_bad(state: TableState, conflict: Conflict, fact: BigBadFact) -> None:
    rules = conflict.big_bad_rules
    bad = rules.big_bads.get(fact.who)
    if bad is None:
        return
    if bad.forms is not None and bad.forms.current < fact.form:
        # The next form shown: a fresh copy of its sheet plays on (what it carried over is the
        # consequences' and stress's facts).
        forms, sheet = bad.forms.revealed_next()
        fighter = conflict.roster.fighters[fact.who]
        fighter.character = sheet
        state.game.characters[fact.who] = sheet
        bad = dataclasses.replace(bad, forms=forms)
    if bad.immunity is not None and fact.immunity is not None:
        held = bad.immunity.state.value
        if held != fact.immunity:
            bad = dataclasses.replace(bad, immunity=bad.immunity.as_recorded(fact.immunity))
    rules.big_bads[fact.who] = bad


def keep_rolls(state: TableState, facts: Facts) -> None:
    """Hold every roll in play ``facts`` recorded to its figures (as a move is decided too, so
    the table it leaves is the one its event folds to), made up as they recorded."""
    for fact in facts.rolls or ():
        in_play = state.rolls.get(fact.roll)
        if in_play is not None:
            _keep_roll(in_play.roll, fact)
    action = None if facts.conflict is None else facts.conflict.action
    turn = None if state.conflict is None else state.conflict.turns.turn
    if action is not None and turn is not None:
        for aimed in action.aimed:  # each target's share and defence of an attack on several
            found = turn.targets.get(aimed.roll)
            if found is not None:
                _keep_roll(found, aimed)


def _keep_roll(roll: ActionRoll, fact: RollFact) -> None:
    sides = fact.sides or ()
    if sides:
        _assign_side(roll, sides[0])
    if len(sides) > 1 and roll.opposition is not None:
        _assign_side(roll.opposition, sides[1])
    if roll.dice is not None:
        roll.keep_figures(RecordedFigures(fact.effort, fact.opposition, fact.outcome))


def _assign_side(roll: ActionRoll, side: RollSideFact) -> None:
    roll.rating = side.rating
    roll.skill = side.skill
    roll.phase = RollPhase(side.phase)
    if side.faces is not None and (roll.dice is None or roll.dice.symbols() != side.faces):
        roll.dice = parse_drawn(side.faces)
    roll.rerolled = [parse_drawn(faces) for faces in side.rerolled]
    roll.bonuses = [Bonus(BonusKind(b.kind), b.amount, b.source) for b in side.bonuses]
    if side.difficulty is not None:
        raises = tuple(Bonus(BonusKind(b.kind), b.amount, b.source) for b in side.raises)
        roll.difficulty = Difficulty(side.difficulty, raises)
    roll.invocations = [
        Invocation(i.aspect, i.by, InvokeEffect(i.effect), i.free, i.hostile)
        for i in side.invocations
    ]
    roll.stunts_used = list(side.stunts)
    roll.extra_free_invokes = side.free_invokes
    roll.stunt_boosts = side.boosts


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
        stress=tuple(
            (str(track), tuple(box.value for box in stress.boxes))
            for track, stress in character.stress.items()
        ),
        slots=tuple(
            SlotFact(
                severity=slot.severity.value,
                shifts=slot.shifts,
                track=str(slot.track),
                condition=slot.condition,
            )
            for slot in character.consequences
        ),
        packages=package_facts(state, character),
    )


def package_facts(state: TableState, character: Character) -> tuple[PackageFact, ...] | None:
    """The packages a sheet holds, as an advancement's event records them (``None`` at a table
    whose rule set has none: nothing to record)."""
    if state.game.ruleset.preset.packages is None:
        return None
    return tuple(PackageFact(key=p.key, options=p.options) for p in character.packages)


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
