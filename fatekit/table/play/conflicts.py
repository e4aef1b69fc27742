"""A conflict's frame: starting it with its sides, taking a hit (absorbing it, shielding with a
minion, being taken out), conceding, ending turns and finishing the conflict.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from fatekit.rules.aspects.rolling import RollPhase
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.tracks import Track
from fatekit.rules.harm.absorb import AbsorbPlan, ExtremeChoice
from fatekit.rules.harm.toolkit_conditions import MAX_CONDITIONS
from fatekit.rules.scenes.conflict import Conflict, ConflictKind, FocusKind, Phase, Status
from fatekit.table import telling as say
from fatekit.table.base import BoxIndex, Command, Event
from fatekit.table.codec import Checked
from fatekit.table.deciding import (
    Context,
    acts_for,
    allowed,
    decides,
    gm_only,
    play_goes_on,
    require_acting,
    require_control,
    require_gm,
)
from fatekit.table.facts import assign_facts, facts_of
from fatekit.table.folding import folds, judges
from fatekit.table.parts import UNSET, AbsorbOptionPart, AspectRefPart, Part, UnsetType
from fatekit.table.play.conditions import condition_name
from fatekit.table.play.secrets import drop_asked_out_of_conflict
from fatekit.table.regions import Region, moves
from fatekit.table.seats import Seat
from fatekit.table.seeing import JSON, Viewer
from fatekit.table.showing import shown_whole, shows
from fatekit.table.state import TableState
from fatekit.table.telling import tells, when
from fatekit.table.upcasting import older

__all__ = [
    "Absorb",
    "Concede",
    "Conceded",
    "ConflictFinished",
    "ConflictStarted",
    "EndTurn",
    "ExtremeConsequence",
    "FinishConflict",
    "HitAbsorbed",
    "MinionShielded",
    "Shield",
    "StartConflict",
    "TakeOut",
    "TakenOut",
    "TurnEnded",
]

# -- commands ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class StartConflict(Command):
    """Start a conflict in the running scene (GM only): (side, members) pairs."""

    sides: tuple[tuple[str, tuple[str, ...]], ...]
    kind: ConflictKind = ConflictKind.PHYSICAL
    first: str | None = None
    group_npcs: bool = False
    harm: Track | None = None  # a rule set's own kind of harm (wealth); None: the kind's own


@dataclass(frozen=True, slots=True)
class ExtremeConsequence:
    """An extreme consequence: its ``name`` and the id of the character aspect it replaces."""

    name: str
    replaces: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Absorb(Command):
    """The pending hit's target absorbs it: stress ``boxes`` and consequence ``slots`` (indexes
    as ``conflict.hits.absorb_options()`` gives them), naming each new consequence in ``names``.

    ``extreme`` takes an extreme consequence as well (the extreme-consequences option). With
    conditions, the engine names marked condition boxes itself: ``names`` may leave them out.
    ``conditions`` names the rule set's conditions (the Fate System Toolkit's) marked first,
    whose shifts come off the hit before the boxes and slots absorb the rest.
    """

    boxes: tuple[BoxIndex, ...] = ()
    slots: tuple[BoxIndex, ...] = ()
    names: tuple[tuple[BoxIndex, str], ...] = ()
    extreme: ExtremeConsequence | None = None
    conditions: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Shield(Command):
    """The big bad the pending hit is on throws ``minion`` in front of it (minion armor)."""

    minion: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TakeOut(Command):
    """The pending hit's target is taken out."""


#: The longest terms of a concession, in characters.
MAX_TERMS_LENGTH = 2_000


def _terms_problem(terms: str) -> str | None:
    # Checked as the concession is decided, once: a log keeps the terms as they were declared.
    if len(terms) > MAX_TERMS_LENGTH:
        return f"the terms run to at most {MAX_TERMS_LENGTH:,} characters"
    return None


@dataclass(frozen=True, slots=True, kw_only=True)
class Concede(Command):
    """A participant concedes the conflict, on the ``terms`` their player declares (how they lose
    and leave: what the other side gets)."""

    character_id: str
    terms: Annotated[str, Checked(_terms_problem)] = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class EndTurn(Command):
    """The current actor ends their turn, naming who goes next in elective order."""

    next_actor: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class FinishConflict(Command):
    """Close the conflict's books (GM only); ``into`` a contest or challenge ends it early."""

    into: str | None = None


# -- events ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class ConflictStarted(Event):
    """A conflict began."""

    sides: tuple[tuple[str, tuple[str, ...]], ...]
    kind: ConflictKind
    first: str | None
    group_npcs: bool
    harm: Track | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class HitAbsorbed(Event):
    """The pending hit on ``target`` was absorbed: the stress ``boxes`` marked, the consequence
    ``slots`` filled with their ``names``, and an ``extreme`` consequence taken in place of the
    aspect it names, whose name then was ``replaced_name`` (older logs: not recorded), and the
    rule set's ``conditions`` marked against it (older logs: none)."""

    target: str
    boxes: tuple[int, ...]
    slots: tuple[int, ...]
    names: tuple[tuple[int, str], ...]
    extreme: ExtremeConsequence | None = None
    replaced_name: str | None = None
    conditions: tuple[str, ...] = ()
    condition_names: tuple[str, ...] = ()  # the rule set's names of ``conditions``, for the log


@dataclass(frozen=True, slots=True, kw_only=True)
class TakenOut(Event):
    """The pending hit took ``target`` out; of a mob of two or more, one member (``standing``:
    how many of the mob stand after it; ``None``: the target itself is out, as in older logs)."""

    target: str
    standing: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Conceded(Event):
    """A participant conceded, on the ``terms`` declared (older logs: none)."""

    character_id: str
    terms: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnEnded(Event):
    """The turn passed to ``next_actor``."""

    next_actor: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class ConflictFinished(Event):
    """The conflict's books were closed."""

    into: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class MinionShielded(Event):
    """A big bad threw ``minion`` in front of the pending hit; the minion takes it."""

    minion: str


# -- who may, and the events a command becomes -------------------------------------------------


gm_only(
    (StartConflict, ConflictStarted, "start conflicts"),
    (FinishConflict, ConflictFinished, "finish conflicts"),
)


@decides(Absorb)
def _absorb(context: Context, command: Absorb) -> list[Event]:
    target = _hit_target(context)
    context.require_control(target, "absorb their hit")
    if len(command.conditions) > MAX_CONDITIONS:
        raise BadInput(f"conditions: at most {MAX_CONDITIONS} marked against one hit")
    called = tuple(condition_name(context.state, key) for key in command.conditions)
    replaced = None
    if command.extreme is not None:
        sheet = context.state.game.character(target)
        found = next((a for a in sheet.aspects if a.id == command.extreme.replaces), None)
        replaced = None if found is None else found.name  # none such: the rules refuse it
    return [
        context.event_from(
            HitAbsorbed, command, target=target, replaced_name=replaced, condition_names=called
        )
    ]


@decides(TakeOut)
def _take_out(context: Context, command: TakeOut) -> list[Event]:
    target = _hit_target(context)
    context.require_control(target, "choose to be taken out")
    conflict = conflict_in_play(context.state)
    members = conflict.roster.fighters[target].members
    # A mob loses one member to the hit; the log says how many are left.
    standing = members - 1 if members > 1 else None
    return [context.event(TakenOut, target=target, standing=standing)]


acts_for(Concede, Conceded, "concede for them", lambda asked: asked.character_id)


@decides(EndTurn)
def _end_turn(context: Context, command: EndTurn) -> list[Event]:
    may_end_turn(context.state, context.seat)
    return [context.event_from(TurnEnded, command)]


def may_end_turn(state: TableState, seat: Seat) -> None:
    """Refuse unless a conflict runs and ``seat`` acts for whoever's turn it is (any seat at
    the table between turns)."""
    conflict = conflict_in_play(state)
    if conflict.turns.current is not None:
        require_control(state, seat, conflict.turns.current, "end their turn")


def conflict_offers(viewer: Viewer) -> list[ConflictMove]:
    """What the seat may do with the conflict now, by the checks the deciders make: end the
    turn (when the rules let it end, naming whoever may act next), finish the conflict or give
    the turn (the GM)."""
    found: list[ConflictMove] = []
    if not play_goes_on(viewer.state):
        return found
    turns = None if viewer.state.conflict is None else viewer.state.conflict.turns
    if (
        turns is not None
        and allowed(require_acting, viewer.seat)
        and allowed(may_end_turn, viewer.state, viewer.seat)
        and any(allowed(turns.check_pass, n) for n in [None, *turns.next_choices()])
    ):
        found.append("EndTurn")
    if viewer.gm and allowed(require_gm, viewer.seat, "finish conflicts"):  # is_gm: its test
        found.extend(("FinishConflict", "CorrectTurn"))
    return found


@decides(Shield)
def _shield(context: Context, command: Shield) -> list[Event]:
    target = _hit_target(context)
    context.require_control(target, "throw their minions in the way")
    return [context.event_from(MinionShielded, command)]


def _hit_target(context: Context) -> str:
    conflict = context.state.conflict
    hit = None if conflict is None else conflict.hits.pending_hit
    if hit is None:
        raise BadInput("there is no hit waiting to be absorbed", code="no_hit")
    return hit[0]


# -- the fold ----------------------------------------------------------------------------------


@judges(ConflictStarted)
def _judge_conflict_started(state: TableState, event: ConflictStarted) -> None:
    if state.conflict is not None:
        raise BadInput("a conflict is already running")
    if state.rolls:
        raise BadInput("settle the rolls in play first", code="rolls_waiting")
    sides = {side: list(members) for side, members in event.sides}
    if len(sides) != len(event.sides):
        raise BadInput("two sides share a name")
    if event.harm is not None and not harm_taken(state, event.harm):
        raise BadInput(
            f"{state.ruleset.preset.name} has no stress track for {event.harm.value} harm"
        )
    state.conflict = Conflict(
        state.game,
        sides,
        kind=event.kind,
        first=event.first,
        group_npcs=event.group_npcs,
        harm=event.harm,
    )


@folds(ConflictStarted)
def _conflict_started(state: TableState, event: ConflictStarted) -> None:
    facts = facts_of(event)
    turn = None if facts.conflict is None else facts.conflict.turn
    assert turn is not None, "a conflict begun records its turns"
    fixed = None if turn.order is None else list(turn.order)
    state.conflict = _assembled(state, event, turn.current, fixed)
    assign_facts(state, facts)


@older(ConflictStarted)
def _conflict_started_older(state: TableState, event: ConflictStarted) -> None:
    # Who acts first as the log named them (else the first of the order), everyone armed as
    # their sheet says.
    conflict = _assembled(state, event, "", None)
    current, fixed = conflict.turns.first_as_recorded(event.first)
    conflict.turns.current, conflict.turns.fixed = current, fixed
    for fighter in conflict.roster.fighters.values():
        conflict.roster.arm(fighter)
    state.conflict = conflict


def _assembled(
    state: TableState, event: ConflictStarted, current: str, fixed: list[str] | None
) -> Conflict:
    return Conflict.assembled(
        state.game,
        event.sides,
        kind=event.kind,
        harm=event.harm,
        group_npcs=event.group_npcs,
        current=current,
        fixed=fixed,
    )


def harm_taken(state: TableState, harm: Track) -> bool:
    """Whether the rule set has a stress track for ``harm``."""
    tracks = {spec.track for spec in state.ruleset.preset.stress_tracks}
    return harm in tracks or Track.ANY in tracks


@judges(HitAbsorbed)
def _judge_hit_absorbed(state: TableState, event: HitAbsorbed) -> None:
    conflict = conflict_in_play(state)
    _check_hit_target(conflict, event.target)
    conflict.hits.absorb(
        _plan(event), dict(event.names), extreme=_extreme(event), conditions=event.conditions
    )
    settle_conflict(state)


@folds(HitAbsorbed)
@folds(TakenOut)
@folds(Conceded)
def _hit_taken(state: TableState, event: HitAbsorbed | TakenOut | Conceded) -> None:
    # The boxes marked, the consequences written, who is out, the hits left, whose turn: the
    # facts.
    assign_facts(state, facts_of(event))
    settle_conflict(state)


@older(HitAbsorbed)
def _hit_absorbed_older(state: TableState, event: HitAbsorbed) -> None:
    conflict = conflict_in_play(state)
    conflict.hits.absorbed_as_recorded(
        _plan(event), dict(event.names), extreme=_extreme(event), conditions=event.conditions
    )
    settle_conflict(state)


def _plan(event: HitAbsorbed) -> AbsorbPlan:
    extreme = event.extreme is not None
    return AbsorbPlan(tuple(sorted(event.boxes)), tuple(sorted(event.slots)), extreme=extreme)


def _extreme(event: HitAbsorbed) -> ExtremeChoice | None:
    extreme = event.extreme
    return None if extreme is None else ExtremeChoice(extreme.name, extreme.replaces)


@judges(TakenOut)
def _judge_taken_out(state: TableState, event: TakenOut) -> None:
    conflict = conflict_in_play(state)
    _check_hit_target(conflict, event.target)
    conflict.hits.take_out()
    settle_conflict(state)


@older(TakenOut)
def _taken_out_older(state: TableState, event: TakenOut) -> None:
    conflict_in_play(state).hits.taken_out_as_recorded()
    settle_conflict(state)


@judges(Conceded)
def _judge_conceded(state: TableState, event: Conceded) -> None:
    conflict_in_play(state).hits.concede(event.character_id)
    settle_conflict(state)


@older(Conceded)
def _conceded_older(state: TableState, event: Conceded) -> None:
    conflict_in_play(state).hits.conceded_as_recorded(event.character_id)
    settle_conflict(state)


@judges(TurnEnded)
def _judge_turn_ended(state: TableState, event: TurnEnded) -> None:
    conflict_in_play(state).end_turn(event.next_actor)
    settle_conflict(state)


@folds(TurnEnded)
def _turn_ended(state: TableState, event: TurnEnded) -> None:
    assign_facts(state, facts_of(event))
    settle_conflict(state)


@older(TurnEnded)
def _turn_ended_older(state: TableState, event: TurnEnded) -> None:
    # The turn passed to whoever the log names (else the next in the fixed order), as it was
    # allowed then, whatever the turn order allows now.
    conflict = conflict_in_play(state)
    chosen = conflict.turns.next_as_recorded(event.next_actor)
    conflict.turns.pass_to(chosen)
    conflict.defence.turn_begins(chosen)
    settle_conflict(state)


@judges(ConflictFinished)
def _judge_conflict_finished(state: TableState, event: ConflictFinished) -> None:
    conflict_in_play(state).hits.finish(into=event.into)
    _conflict_over(state)


@folds(ConflictFinished)
def _conflict_finished(state: TableState, event: ConflictFinished) -> None:
    turns = conflict_in_play(state).turns
    if turns.turn is not None and turns.turn.roll is not None:
        # The fight is over: what was still under way in it will not happen.
        turns.turn.roll.close()
        for sub in turns.turn.targets.values():
            sub.close()
    assign_facts(state, facts_of(event))  # the points the fight's end pays out
    _conflict_over(state)


@older(ConflictFinished)
def _conflict_finished_older(state: TableState, event: ConflictFinished) -> None:
    conflict_in_play(state).hits.finished_as_recorded(into=event.into)
    _conflict_over(state)


def _conflict_over(state: TableState) -> None:
    drop_asked_out_of_conflict(state, ended=True)
    drop_conflict_roll(state)
    state.conflict = None
    state.zone_attack = None
    state.game.sync_sheets()


@judges(MinionShielded)
def _judge_minion_shielded(state: TableState, event: MinionShielded) -> None:
    conflict_in_play(state).hits.shield(event.minion)


@folds(MinionShielded)
def _minion_shielded(state: TableState, event: MinionShielded) -> None:
    assign_facts(state, facts_of(event))  # the hit as the minion takes it


@older(MinionShielded)
def _minion_shielded_older(state: TableState, event: MinionShielded) -> None:
    conflict_in_play(state).hits.shielded_as_recorded(event.minion)


def conflict_in_play(state: TableState) -> Conflict:
    if state.conflict is None:
        raise BadInput("there is no conflict running", code="no_conflict")
    return state.conflict


def settle_conflict(state: TableState) -> None:
    # A roll the conflict closed (resolved, or dropped by a concession) is no longer in play.
    in_play = state.conflict_roll()
    if in_play is not None and in_play.roll.phase is RollPhase.RESOLVED:
        drop_conflict_roll(state)
        state.zone_attack = None
    drop_asked_out_of_conflict(state)  # nobody out of the fight rolls in it any more
    state.game.sync_sheets()


def drop_conflict_roll(state: TableState) -> None:
    """Take the conflict's action out of play (settled, dropped, or the conflict is over)."""
    in_play = state.conflict_roll()
    if in_play is not None:
        del state.rolls[in_play.id]


def _check_hit_target(conflict: Conflict, target: str) -> None:
    hit = conflict.hits.pending_hit
    if hit is None:
        raise BadInput("there is no hit waiting to be absorbed", code="no_hit")
    if hit[0] != target:
        raise BadInput(f"the pending hit is on {hit[0]}, not {target}")


# -- what each seat sees -----------------------------------------------------------------------

# What each writes besides its facts (the conflict, its hits and turns, the sheets, the rolls):
# a roll the conflict settles or a fighter out of it takes their hidden difficulty off the GM's
# screen (settle_conflict, drop_asked_out_of_conflict).
moves({Region.SCREEN}, HitAbsorbed, TakenOut, Conceded, TurnEnded, ConflictFinished)
moves((), ConflictStarted)  # MinionShielded: no game of the guard's plays it yet


@shows(HitAbsorbed)
def _show_hit_absorbed(viewer: Viewer, event: HitAbsorbed, data: JSON) -> JSON:
    # Consequences are in plain sight; the aspect an extreme one replaced is on the sheet,
    # which a seat sees only once the GM reveals an NPC.
    if event.extreme is not None and not viewer.sees_sheet(event.target):
        data["replaced_name"] = None
        data["extreme"] = {**data["extreme"], "replaces": None}
    return data


shown_whole(
    ConflictStarted,
    TakenOut,
    Conceded,
    TurnEnded,
    ConflictFinished,
    MinionShielded,
)


class FighterPart(Part, kw_only=True):
    """A fighter: its side and status, its Weapon and Armor ratings, its scale, whether it is a
    hazard, and a mob's members still standing (1 for anyone else)."""

    id: str
    side: str
    status: Status
    weapon: int
    armor: int
    scale: str | None
    hazard: bool
    members: int


class FocusPart(Part, kw_only=True):
    """What a full defence guards besides the defender (whom, or a zone)."""

    focus: FocusKind
    who: list[str]


class PendingHitPart(Part, kw_only=True):
    """The hit waiting to be absorbed; for a character the seat plays, the ways the rules allow
    to absorb it and, when an extreme consequence is one, the aspects it may replace."""

    target: str
    shifts: int
    absorb_options: list[AbsorbOptionPart] | UnsetType = UNSET
    extreme_replaces: list[AspectRefPart] | UnsetType = UNSET
    # With the rule set's conditions (the Fate System Toolkit's), for the seat that takes the
    # hit: the conditions it may mark against it (their shifts by key), and for each total of
    # shifts some of them take off, short of the whole hit, the ways to absorb the rest (by the
    # total, as text: a JSON object's keys).
    soaking: dict[str, int] | UnsetType = UNSET
    absorb_after: dict[str, list[AbsorbOptionPart]] | UnsetType = UNSET


class BlockPart(Part, kw_only=True):
    """A block in the way (the obstacles option)."""

    id: str
    name: str
    rating: int
    weapon: int
    harmful: bool
    cover: bool


#: What a seat may do with the conflict, by the command's name.
ConflictMove = Literal["EndTurn", "FinishConflict", "CorrectTurn", "ResolveTargets"]


class ConflictSeenPart(Part, kw_only=True):
    """The conflict in plain sight at the table (the module's :func:`conflict_view`)."""

    kind: ConflictKind
    # the attack on several targets in play, "split" or "zone" (aimed by the page's panel)
    multi: str | None
    harm: str  # the kind of harm hits deal (a rule set may name its own)
    phase: Phase
    exchange: int
    current: str | None
    order: list[str] | None  # None: elective, who acts next is chosen as the exchange goes
    next_choices: list[str]
    fighters: list[FighterPart]
    full_defenders: dict[str, FocusPart | None]
    pending_hit: PendingHitPart | None
    blocks: list[BlockPart]


def conflict_view(viewer: Viewer, conflict: Conflict) -> ConflictSeenPart:
    """The conflict in plain sight at the table: its kind and phase, the turn order, the
    fighters (with their Weapon and Armor ratings), who defends fully, the hit waiting to be
    absorbed and the blocks in the way. What the seat's characters may do, the hazards, big bads
    and aimed targets are their own parts (:mod:`fatekit.table.views` puts them together)."""
    del viewer  # every seat sees the same
    hit = conflict.hits.pending_hit
    turn = conflict.turns.turn
    return ConflictSeenPart(
        kind=conflict.roster.kind,
        multi=None if turn is None else turn.multi,
        harm=conflict.roster.harm.value,
        phase=conflict.turns.phase,
        exchange=conflict.turns.exchange.number,
        current=conflict.turns.current,
        order=None if conflict.turns.order is None else list(conflict.turns.order),
        next_choices=conflict.turns.next_choices() if conflict.turns.phase is Phase.NEXT else [],
        fighters=[
            FighterPart(
                id=who,
                side=f.side,
                status=f.status,
                weapon=f.weapon,
                armor=f.armor,
                scale=f.scale,
                hazard=f.hazard is not None,
                members=f.members,
            )
            for who, f in conflict.roster.fighters.items()
        ],
        full_defenders={
            who: None if focus is None else FocusPart(focus=focus.kind, who=list(focus.who))
            for who, focus in conflict.defence.full_defenders.items()
        },
        pending_hit=None if hit is None else PendingHitPart(target=hit[0], shifts=hit[1]),
        blocks=[
            BlockPart(
                id=block.id,
                name=block.name,
                rating=block.rating,
                weapon=block.weapon,
                harmful=block.harmful,
                cover=block.cover,
            )
            for block in conflict.obstacles.blocks.values()
        ],
    )


# How the log tells this domain's events (the page and Discord read the same declaration).
tells(ConflictStarted, "ConflictStarted", kind=say.word("conflict.kind.", "kind"))
tells(
    Conceded,
    (when("Conceded.terms", "terms"), when("Conceded")),
    who=say.who("character_id"),
    terms=say.text("terms", "quote"),
)
# An extreme consequence names the aspect it took the place of (kept from a seat that may not
# see the sheet: "a hidden aspect").
tells(
    HitAbsorbed,
    (
        when("HitAbsorbed.extreme_more", "extreme", "names"),
        when("HitAbsorbed.extreme", "extreme"),
        when("HitAbsorbed.conditions_consequence", "conditions", "names"),
        when("HitAbsorbed.consequence", "names"),
        when("HitAbsorbed.conditions", "conditions"),
        when("HitAbsorbed"),
    ),
    who=say.who("target"),
    consequence=say.names("names", item="1", style="aspect"),
    conditions=say.conditions("conditions", "condition_names"),
    extreme=say.text("extreme.name", "aspect"),
    replaced=say.text("replaced_name", "aspect", fallback="harm.hidden_aspect"),
)
tells(
    TakenOut,
    (when("TakenOut.member", "standing"), when("TakenOut")),
    who=say.who("target"),
    n=say.number("standing", fallback="0"),
)
tells(MinionShielded, "MinionShielded", who=say.who("minion"))
tells(
    TurnEnded, (when("TurnEnded.next", "next_actor"), when("TurnEnded")), who=say.who("next_actor")
)
tells(ConflictFinished, "ConflictFinished")
