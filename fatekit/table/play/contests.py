"""Contests: two sides racing to a number of victories, exchange by exchange, or one side
forfeiting.

A side's overcome is a roll in play like any other (:mod:`fatekit.table.play.rolls`): rolled,
invoked on, then settled by its roller with :class:`~fatekit.table.play.rolls.ResolveRoll`; its
effort counts from then on, and the exchange is settled once every side has counted an effort or
forfeited. A :class:`ContestRolled` logged before that (``in_play`` false) counted as it fell.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fatekit.rules.aspects.fate_points import GM
from fatekit.rules.aspects.rolling import ActionRoll
from fatekit.rules.characters.combined_rolls import pair_rating
from fatekit.rules.core.actions import Action
from fatekit.rules.core.citations import ODE
from fatekit.rules.core.errors import BadInput, ForbiddenAction, IllegalAction
from fatekit.rules.core.outcomes import Bonus, BonusKind
from fatekit.rules.core.tracks import Track
from fatekit.rules.harm.absorb import AbsorbPlan
from fatekit.rules.options.obstacles import check_hazard_action
from fatekit.rules.scenes.contest import (
    CONTEST_ROLES_RULE,
    CONTEST_THREAT_RULE,
    Contest,
    ContestTerms,
)
from fatekit.rules.scenes.taking import hit_options, hit_taken, take_hit
from fatekit.table import telling as say
from fatekit.table.base import (
    BoxIndex,
    Command,
    Event,
    Rating,
    SkillRoll,
    SkillRolled,
    Tallied,
)
from fatekit.table.counting import Counted, CountedRolled, counted_fields
from fatekit.table.deciding import (
    Context,
    allowed,
    decides,
    gm_only,
    play_goes_on,
    require_control,
    require_no_roll_waiting,
)
from fatekit.table.facts import assign_facts, facts_of
from fatekit.table.folding import assigns, folds, judges
from fatekit.table.pairs import check_roll_pair, pairs
from fatekit.table.parts import UNSET, AbsorbOptionPart, Part, UnsetType
from fatekit.table.play.conflicts import harm_taken
from fatekit.table.play.rolls import (
    RollResolved,
    counted_rating,
    into_play,
    into_play_as_recorded,
    put_in_play,
    require_dice,
    settles,
)
from fatekit.table.play.scenes import scene_in_play
from fatekit.table.regions import MOVE, Region, moves, writes
from fatekit.table.seats import Seat
from fatekit.table.seeing import JSON, Viewer
from fatekit.table.showing import shown_whole, shows
from fatekit.table.state import (
    SEAT_RULE,
    ContestHit,
    ContestRollRecord,
    RollInPlay,
    RollKind,
    RollRecord,
    TableState,
)
from fatekit.table.telling import When, tells, when
from fatekit.table.upcasting import older, upcasts

__all__ = [
    "AbsorbContestHit",
    "ContestEnded",
    "ContestForfeit",
    "ContestForfeited",
    "ContestHitAbsorbed",
    "ContestRoll",
    "ContestRolled",
    "ContestStarted",
    "ContestTakenOut",
    "ContestThreat",
    "ContestThreatRolled",
    "EndContest",
    "StartContest",
    "TakeContestOut",
]

# -- commands ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class StartContest(Command):
    """Start a contest (GM only): (side, members) and (side, intent) pairs; ``difficulties``,
    (side, difficulty) pairs for every side when each faces its own passive obstacle instead of
    the others (none: the sides compete head to head)."""

    sides: tuple[tuple[str, tuple[str, ...]], ...]
    intents: tuple[tuple[str, str], ...]
    victories_needed: Tallied = 3
    harmful_to: tuple[str, ...] = ()
    faster: bool = False
    difficulties: tuple[tuple[str, Rating], ...] = ()
    harm: Track = Track.PHYSICAL  # the stress the contest's hits go to


@pairs
@dataclass(frozen=True, slots=True, kw_only=True)
class ContestRoll(SkillRoll, Counted):
    """A side's overcome for this exchange, rolled by ``actor`` (``bonus``: teamwork and the
    like); the exchange is settled once every side has rolled or forfeited. A PC that counts
    aspects names them in ``counted`` instead of a skill (:mod:`fatekit.table.counting`)."""

    side: str
    bonus: Rating = 0


@pairs
@dataclass(frozen=True, slots=True, kw_only=True)
class ContestThreat(SkillRoll):
    """Öde: an outside threat (``actor``, a character on no side: a volcano, an angry god)
    attacks ``sides`` (all of them when left empty) this exchange with ``skill`` (GM only). Its
    effort counts as it falls: a side whose effort is lower takes the difference, each member."""

    sides: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class ContestForfeit(Command):
    """A side gives up its roll this exchange (after a failed create an advantage)."""

    side: str


@dataclass(frozen=True, slots=True, kw_only=True)
class EndContest(Command):
    """Close the contest (GM only), won or abandoned."""


@dataclass(frozen=True, slots=True, kw_only=True)
class AbsorbContestHit(Command):
    """``target`` takes the first hit a contest dealt them (their seat, or the GM): stress
    ``boxes`` and consequence ``slots`` as the view's ``absorb_options`` give them, each new
    consequence named in ``names``. The hit waits even after the contest ends."""

    target: str
    boxes: tuple[BoxIndex, ...] = ()
    slots: tuple[BoxIndex, ...] = ()
    names: tuple[tuple[BoxIndex, str], ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class TakeContestOut(Command):
    """``target`` is taken out by the contest's hit waiting for them (they cannot, or choose
    not to, take it): out of the contest, as out of a fight."""

    target: str


# -- events ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class ContestStarted(Event):
    """A contest began (``difficulties``: each side's passive difficulty; empty in logs from
    before passive difficulties, which had none)."""

    sides: tuple[tuple[str, tuple[str, ...]], ...]
    intents: tuple[tuple[str, str], ...]
    victories_needed: int
    harmful_to: tuple[str, ...]
    faster: bool
    difficulties: tuple[tuple[str, int], ...] = ()
    #: The stress its hits go to; ``None`` in logs from before contest hits were taken (their
    #: hits were shown, and nobody took them).
    harm: Track | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ContestRolled(SkillRolled, CountedRolled):
    """A side rolled its overcome for the exchange, with the dice as they fell: a roll in play
    until its roller settles it (``in_play``; false in logs written before: the effort counted at
    once). A PC that counts aspects: the aspects and the bonus they gave (older logs: none).

    Schema 2 made ``in_play`` required; version 1 left it out when false (upcast below)."""

    SCHEMA = 2

    side: str
    bonus: int
    in_play: bool


@upcasts(ContestRolled, 1)
def _contest_rolled_v1(data: dict[str, Any]) -> dict[str, Any]:
    # Rolled before contest rolls were in play, the effort counted as it fell.
    return {"in_play": False, **data}


@dataclass(frozen=True, slots=True, kw_only=True)
class ContestThreatRolled(SkillRolled):
    """An outside threat attacked these sides of the contest this exchange (Öde)."""

    sides: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ContestForfeited(Event):
    """A side gave up its roll this exchange."""

    side: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ContestEnded(Event):
    """The contest was closed."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ContestHitAbsorbed(Event):
    """``target`` took a contest's hit of ``shifts``: the boxes marked, the consequence slots
    filled and their names, as the rules judged the plan when it was chosen (folded again,
    the plan is applied as recorded)."""

    target: str
    shifts: int
    boxes: tuple[int, ...]
    slots: tuple[int, ...]
    names: tuple[tuple[int, str], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ContestTakenOut(Event):
    """A contest's hit of ``shifts`` took ``target`` out."""

    target: str
    shifts: int


# -- who may, and the events a command becomes -------------------------------------------------


gm_only(
    (StartContest, ContestStarted, "start contests"),
    (EndContest, ContestEnded, "end contests"),
)


@decides(ContestRoll)
def _contest_roll(context: Context, command: ContestRoll) -> list[Event]:
    check_contest_roll(context.state, context.seat, command.side, command.actor)  # as offered
    counted = counted_fields(context.state, command.actor, command.skill, command.counted)
    if counted["counted"] is None:
        context.require_skill(command.actor, command.skill)
    check_roll_pair(context.state, command.actor, command.skill, command.second_skill)
    faces = context.faces(command.dice, command.actor)
    return [context.event_from(ContestRolled, command, faces=faces, in_play=True, **counted)]


@decides(ContestThreat, gm="attack a contest's sides with an outside threat")
def _contest_threat(context: Context, command: ContestThreat) -> list[Event]:
    contest = contest_in_play(context.state)
    context.state.require_character(command.actor)  # the threat is someone at the table
    context.require_skill(command.actor, command.skill)
    check_roll_pair(context.state, command.actor, command.skill, command.second_skill)
    sides = command.sides or tuple(contest.sides)
    faces = context.faces(command.dice, command.actor)
    return [context.event_from(ContestThreatRolled, command, faces=faces, sides=sides)]


@decides(ContestForfeit)
def _contest_forfeit(context: Context, command: ContestForfeit) -> list[Event]:
    check_forfeit(context.state, context.seat, command.side)  # as offered
    return [context.event_from(ContestForfeited, command)]


def check_contest_roll(state: TableState, seat: Seat, side: str, actor: str) -> None:
    """Refuse unless ``seat`` may roll ``side``'s overcome this exchange for ``actor``: it acts
    for them, a member of the side, which has neither rolled nor given up its roll, and
    ``actor`` has no roll in play (one at a time)."""
    require_control(state, seat, actor, "roll for them")
    _check_side_rolls(state, side, actor)
    require_no_roll_waiting(state, actor)


def _require_no_hazard(state: TableState, who: str) -> None:
    """Refuse a hazard as a contest's member: a contest is won by overcomes, and a hazard never
    overcomes (in Öde it may attack the sides as an outside threat)."""
    if who in state.hazards:
        check_hazard_action(state.game.character(who).name, Action.OVERCOME)


def _check_side_rolls(state: TableState, side: str, actor: str) -> Contest:
    """Refuse unless a contest runs whose side ``side`` may roll this exchange, and ``actor``
    is one of its members."""
    contest = contest_in_play(state)
    _contest_side(contest, state, side)
    if actor not in contest.sides[side].members:
        raise BadInput(f"{actor} is not on side {side!r}")
    return contest


def check_forfeit(state: TableState, seat: Seat, side: str) -> None:
    """Refuse unless ``seat`` may give up ``side``'s roll this exchange: the GM's, or one that
    acts for a member; and the side may still roll."""
    contest = contest_in_play(state)
    members = contest.sides[side].members if side in contest.sides else ()
    if not seat.is_gm and not any(state.controls(seat.id, m) for m in members):
        raise ForbiddenAction("only a member of the side (or the GM) gives up its roll", SEAT_RULE)
    _contest_side(contest, state, side)


def _side_offers(viewer: Viewer, side: str, members: tuple[str, ...]) -> tuple[list[str], bool]:
    """The members the seat may roll ``side``'s overcome for now, and whether it may give the
    roll up, by the checks above; nothing while a safety signal waits."""
    state, seat = viewer.state, viewer.seat
    if not play_goes_on(state):
        return [], False
    rollers = [
        who
        for who in members
        if who in viewer.mine and allowed(check_contest_roll, state, seat, side, who)
    ]
    return rollers, allowed(check_forfeit, state, seat, side)


@decides(AbsorbContestHit)
def _absorb_contest_hit(context: Context, command: AbsorbContestHit) -> list[Event]:
    hit = contest_hit_on(context.state, command.target)
    context.require_control(command.target, "take their hit")
    return [context.event_from(ContestHitAbsorbed, command, shifts=hit.shifts)]


@decides(TakeContestOut)
def _take_contest_out(context: Context, command: TakeContestOut) -> list[Event]:
    hit = contest_hit_on(context.state, command.target)
    context.require_control(command.target, "be taken out")
    return [context.event_from(ContestTakenOut, command, shifts=hit.shifts)]


# -- the fold ----------------------------------------------------------------------------------


@judges(ContestStarted)
def _judge_contest_started(state: TableState, event: ContestStarted) -> None:
    if state.contest is not None:
        raise BadInput("a contest is already running")
    scene_in_play(state)
    sides = {side: list(members) for side, members in event.sides}
    for members in sides.values():
        for member in members:
            state.require_character(member)
            _require_no_hazard(state, member)
    if event.harm is not None and not harm_taken(state, event.harm):
        raise BadInput(
            f"{state.ruleset.preset.name} has no stress track for {event.harm.value} harm",
            code="contest_harm_untracked",
            harm=event.harm.value,
        )
    Contest.between(sides, dict(event.intents), **_terms(state, event))
    _contest_started(state, event)


@assigns(ContestStarted)
def _contest_started(state: TableState, event: ContestStarted) -> None:
    state.contest = Contest.as_recorded(
        {side: list(members) for side, members in event.sides},
        dict(event.intents),
        **_terms(state, event),
    )
    state.contest_harm = event.harm
    state.contest_efforts, state.contest_forfeits, state.contest_threats = {}, set(), {}
    state.contest_threat_by = {}


def _terms(state: TableState, event: ContestStarted) -> ContestTerms:
    return ContestTerms(
        victories_needed=event.victories_needed,
        harmful_to=event.harmful_to,
        faster=event.faster,
        # Öde's contests hit the whole side, below a threat's effort or the difficulty.
        whole_side=state.game.ruleset.preset.source == ODE,
        difficulties=dict(event.difficulties) if event.difficulties else None,
    )


@judges(ContestRolled)
def _judge_contest_rolled(state: TableState, event: ContestRolled) -> None:
    contest = _check_side_rolls(state, event.side, event.actor)
    _side_rolled(state, contest, event, checked=True)


@folds(ContestRolled)
def _contest_rolled(state: TableState, event: ContestRolled) -> None:
    if event.in_play:
        roll = _side_roll(state, event, rated=False)
        into_play(state, roll, event, RollKind.CONTEST, _side_record(event), side=event.side)
    else:
        state.last_roll = _side_record(event)
    assign_facts(state, facts_of(event))  # the roll as the rules made it up, or what it counted


@older(ContestRolled)
def _contest_rolled_older(state: TableState, event: ContestRolled) -> None:
    _side_rolled(state, contest_in_play(state), event, checked=False)


def _side_rolled(
    state: TableState, contest: Contest, event: ContestRolled, *, checked: bool
) -> None:
    """A side's overcome rolled with its teamwork bonus, put in play or (logged before contest
    rolls were in play) counted at once: decided (``checked``) or as an older release recorded
    it."""
    roll = _side_roll(state, event, rated=True, checked=checked)
    if event.bonus:
        teamwork = Bonus(BonusKind.TEAMWORK, event.bonus, "teamwork")
        if checked:
            roll.add_bonus(teamwork)
        else:
            roll.counted(teamwork)
    if event.in_play:
        place = put_in_play if checked else into_play_as_recorded
        place(state, roll, event, RollKind.CONTEST, _side_record(event), side=event.side)
        return
    _counted_at_once(state, contest, event, roll, checked=checked)


def _side_roll(
    state: TableState, event: ContestRolled, *, rated: bool, checked: bool = False
) -> ActionRoll:
    counted = counted_rating(state, event.actor, event.counted, event.counted_bonus, checked)
    rating = (
        pair_rating(state.game.characters[event.actor].rating, event.skill, event.second_skill)
        if counted is None
        else counted
    )
    return ActionRoll(
        event.actor,
        Action.OVERCOME,
        rating if rated else 0,
        skill=event.skill,
        dice=require_dice(event.faces, "roll"),
        ledger=state.game.ledger,
        stunt_uses=state.game.stunt_uses,
        difficulty=0,  # efforts are compared between the sides, not with a difficulty
        second_skill=event.second_skill,
    )


def _side_record(event: ContestRolled) -> RollRecord:
    return RollRecord(event.version, event.at, event.actor, "contest", event.skill, event.faces)


def _counted_at_once(
    state: TableState, contest: Contest, event: ContestRolled, roll: ActionRoll, *, checked: bool
) -> None:
    roll.roll()  # logged before contest rolls were in play: the effort counted as it fell
    state.last_roll = _side_record(event)
    hidden = state.screen.npc_dice_hidden_at(event.version, event.npc_dice_hidden)
    _count(state, contest, event.side, roll, event.version, hidden, checked=checked)


def _settle_contest_older(
    state: TableState, in_play: RollInPlay, event: RollResolved
) -> tuple[str, ...]:
    contest = contest_in_play(state)
    assert in_play.side is not None
    in_play.roll.close()
    _count(
        state,
        contest,
        in_play.side,
        in_play.roll,
        in_play.version,
        in_play.npc_dice_hidden,
        checked=False,
    )
    return ()


@settles(RollKind.CONTEST, older=_settle_contest_older)
def _settle_contest_roll(
    state: TableState, in_play: RollInPlay, event: RollResolved
) -> tuple[str, ...]:
    if event.option is not None:
        raise BadInput("a contest's overcome offers no choice: its effort counts")
    contest = contest_in_play(state)
    assert in_play.side is not None
    in_play.roll.close()
    _count(
        state,
        contest,
        in_play.side,
        in_play.roll,
        in_play.version,
        in_play.npc_dice_hidden,
        checked=True,
    )
    return ()


def _count(
    state: TableState,
    contest: Contest,
    side: str,
    roll: ActionRoll,
    version: int,
    npc_dice_hidden: bool,
    *,
    checked: bool,
) -> None:
    """Count a side's settled overcome in this exchange, and settle the exchange if it was the
    last one the sides owed."""
    assert roll.dice is not None and roll.skill is not None
    effort = roll.effort
    state.contest_efforts[side] = effort
    state.contest_rolls[side] = ContestRollRecord(
        side, roll.actor, roll.skill, roll.dice.symbols(), effort, version, npc_dice_hidden
    )
    _settle_exchange(state, contest, checked=checked)


@judges(ContestThreatRolled)
def _judge_contest_threat_rolled(state: TableState, event: ContestThreatRolled) -> None:
    contest = contest_in_play(state)
    contest.check_threat()
    if any(event.actor in side.members for side in contest.sides.values()):
        raise BadInput(f"{event.actor} is on a side of the contest: its roll is the side's")
    if not event.sides:
        raise BadInput("an outside threat attacks at least one side")
    for side in event.sides:
        if side not in contest.sides:
            raise BadInput(f"no side {side!r} in the contest")
        if side in state.contest_efforts or side in state.contest_forfeits:
            raise IllegalAction(
                f"side {side!r} has already rolled this exchange: a threat attacks before",
                CONTEST_THREAT_RULE,
            )
    _contest_threat_rolled_older(state, event)


@folds(ContestThreatRolled)
def _contest_threat_rolled(state: TableState, event: ContestThreatRolled) -> None:
    state.last_roll = _threat_record(event)
    assign_facts(state, facts_of(event))  # the threat's effort against each side


@older(ContestThreatRolled)
def _contest_threat_rolled_older(state: TableState, event: ContestThreatRolled) -> None:
    roll = ActionRoll(
        event.actor,
        Action.ATTACK,
        pair_rating(state.game.characters[event.actor].rating, event.skill, event.second_skill),
        skill=event.skill,
        dice=require_dice(event.faces, "roll"),
        ledger=state.game.ledger,
        stunt_uses=state.game.stunt_uses,
        difficulty=0,  # the sides' efforts are measured against its effort
        second_skill=event.second_skill,
    )
    roll.roll()
    for side in event.sides:  # the strongest attack on a side this exchange is what it faces
        if roll.effort >= state.contest_threats.get(side, roll.effort):
            state.contest_threat_by[side] = event.actor
        state.contest_threats[side] = max(state.contest_threats.get(side, roll.effort), roll.effort)
    state.last_roll = _threat_record(event)


def _threat_record(event: ContestThreatRolled) -> RollRecord:
    return RollRecord(event.version, event.at, event.actor, "attack", event.skill, event.faces)


@judges(ContestForfeited)
def _judge_contest_forfeited(state: TableState, event: ContestForfeited) -> None:
    contest = contest_in_play(state)
    _contest_side(contest, state, event.side)
    state.contest_forfeits.add(event.side)
    _settle_exchange(state, contest, checked=True)


@folds(ContestForfeited)
def _contest_forfeited(state: TableState, event: ContestForfeited) -> None:
    assign_facts(state, facts_of(event))  # the side's roll given up, the exchange settled


@older(ContestForfeited)
def _contest_forfeited_older(state: TableState, event: ContestForfeited) -> None:
    contest = contest_in_play(state)
    state.contest_forfeits.add(event.side)
    _settle_exchange(state, contest, checked=False)


@judges(ContestEnded)
def _judge_contest_ended(state: TableState, event: ContestEnded) -> None:
    contest_in_play(state)
    _contest_ended(state, event)


@assigns(ContestEnded)
def _contest_ended(state: TableState, event: ContestEnded) -> None:
    state.contest, state.contest_efforts, state.contest_forfeits = None, {}, set()
    state.contest_rolls, state.contest_last, state.contest_threats = {}, {}, {}
    state.contest_threat_by = {}  # its hits still waiting stay: they must be taken
    for in_play in [r for r in state.rolls.values() if r.kind is RollKind.CONTEST]:
        del state.rolls[in_play.id]  # an overcome still in play no longer counts for anything


@judges(ContestHitAbsorbed)
def _judge_contest_hit_absorbed(state: TableState, event: ContestHitAbsorbed) -> None:
    hit = contest_hit_on(state, event.target)
    take_hit(
        state.ruleset,
        state.game.character(event.target),
        hit.shifts,
        hit.harm,
        AbsorbPlan(tuple(sorted(event.boxes)), tuple(sorted(event.slots))),
        by=hit.by,
        clock=state.game.clock,
        names=dict(event.names),
    )
    state.contest_hits.remove(hit)
    state.game.sync_sheets()


@folds(ContestHitAbsorbed)
def _contest_hit_absorbed(state: TableState, event: ContestHitAbsorbed) -> None:
    assign_facts(state, facts_of(event))  # the boxes marked, the consequences written


@older(ContestHitAbsorbed)
def _contest_hit_absorbed_older(state: TableState, event: ContestHitAbsorbed) -> None:
    hit = contest_hit_on(state, event.target)
    hit_taken(
        state.ruleset,
        state.game.characters[event.target],
        hit.harm,
        AbsorbPlan(tuple(sorted(event.boxes)), tuple(sorted(event.slots))),
        by=hit.by,
        clock=state.game.clock,
        names=dict(event.names),
    )
    state.contest_hits.remove(hit)
    state.game.sync_sheets()


@judges(ContestTakenOut)
def _judge_contest_taken_out(state: TableState, event: ContestTakenOut) -> None:
    contest_hit_on(state, event.target)  # one waits for them
    _contest_taken_out(state, event)


@assigns(ContestTakenOut)
def _contest_taken_out(state: TableState, event: ContestTakenOut) -> None:
    # Out of the scene's contest, every hit still waiting for them goes with them.
    state.contest_hits = [h for h in state.contest_hits if h.target != event.target]
    if state.contest is not None:
        state.contest.leave(event.target)


def contest_hit_on(state: TableState, target: str) -> ContestHit:
    """The first contest hit waiting for ``target``."""
    hit = next((h for h in state.contest_hits if h.target == target), None)
    if hit is None:
        raise BadInput(
            f"no hit from a contest is waiting for {target}", code="no_contest_hit", who=target
        )
    return hit


def contest_in_play(state: TableState) -> Contest:
    if state.contest is None:
        raise BadInput("there is no contest running", code="no_contest")
    return state.contest


def _contest_side(contest: Contest, state: TableState, side: str) -> None:
    if side not in contest.sides:
        raise BadInput(f"no side {side!r} in the contest")
    # One member rolls the side's overcome each exchange: a second roll, or one after giving it
    # up, is refused under that rule (two players of a side who roll at once: the second).
    if side in state.contest_efforts or side in state.contest_forfeits:
        raise IllegalAction(
            f"side {side!r} has already rolled or forfeited this exchange", CONTEST_ROLES_RULE
        )
    rolling = next((r for r in state.rolls.values() if r.side == side), None)
    if rolling is not None:
        raise IllegalAction(
            f"side {side!r} has its roll {rolling.id} in play: settle it first",
            CONTEST_ROLES_RULE,
        )
    if contest.winner is not None:
        contest.exchange({})  # raises: the contest is over


def _settle_exchange(state: TableState, contest: Contest, *, checked: bool) -> None:
    # The exchange is settled once every side has rolled or given up its roll.
    if set(state.contest_efforts) | state.contest_forfeits != set(contest.sides):
        return
    settle = contest.exchange if checked else contest.exchanged
    result = settle(
        dict(state.contest_efforts),
        forfeited=state.contest_forfeits,
        threats=dict(state.contest_threats),
    )
    if state.contest_harm is not None:  # older logs' contests only showed their hits
        rollers = {side: record.actor for side, record in state.contest_rolls.items()}
        struck = contest.struck(result, rollers)
        for member, shifts in struck.items():
            side = next(s for s in contest.sides.values() if member in s.members).id
            by = _harmed_by(state, contest, side, rollers)
            state.contest_hits.append(ContestHit(member, shifts, by, state.contest_harm))
    state.contest_efforts, state.contest_forfeits, state.contest_threats = {}, set(), {}
    state.contest_threat_by = {}
    state.contest_last, state.contest_rolls = state.contest_rolls, {}


def _harmed_by(state: TableState, contest: Contest, side: str, rollers: dict[str, str]) -> str:
    """Who harmed ``side`` this exchange, for the free invoke on a consequence it leaves: the
    strongest of what stood against it (an outside threat, a side out to harm it), the GM for
    its difficulty alone."""
    against: list[tuple[int, str]] = []
    if side in state.contest_threats:
        against.append((state.contest_threats[side], state.contest_threat_by.get(side, GM)))
    if side in contest.harmful_to:
        against += [
            (effort, rollers.get(other, GM))
            for other, effort in state.contest_efforts.items()
            if other != side
        ]
        if contest.difficulties is not None and side in contest.difficulties:
            against.append((contest.difficulties[side], GM))  # the surroundings: the GM's
    return max(against, key=lambda found: found[0])[1] if against else GM


# -- what each seat sees -----------------------------------------------------------------------

# A contest's rolls, threats, forfeits and hits: their facts (the contest, its hits, the rolls in
# play and the last roll, the sheets), and a hidden difficulty a roll in play uses up (the GM's
# screen). A contest begun, ended or a side taken out assigns the contest, its hits and the rolls
# in play itself.
moves(
    {Region.SCREEN},
    ContestRolled,
    ContestThreatRolled,
    ContestForfeited,
    ContestHitAbsorbed,
)
writes(MOVE | {Region.SCREEN}, ContestStarted, ContestEnded, ContestTakenOut)


shown_whole(ContestStarted, ContestForfeited, ContestEnded, ContestHitAbsorbed, ContestTakenOut)


@shows(ContestRolled, ContestThreatRolled)
def _show_contest_roll(
    viewer: Viewer, event: ContestRolled | ContestThreatRolled, data: JSON
) -> JSON:
    viewer.keep_dice(
        data, version=event.version, recorded=event.npc_dice_hidden, roller=event.actor
    )
    return data


class SidePart(Part, kw_only=True):
    """A side of the contest: its members, what it wants and its victories."""

    id: str
    members: list[str]
    intent: str
    victories: int
    # The members the seat may roll the side's overcome for now, and whether it may give the
    # roll up (by the checks the deciders make).
    rollers: list[str]
    may_forfeit: bool


class ContestRollPart(Part, kw_only=True):
    """A side's settled overcome: who rolled what, the dice (``None``: kept from the seat) and
    the effort it counts for."""

    side: str
    actor: str
    skill: str
    faces: str | None
    effort: int
    dice_hidden: bool | UnsetType = UNSET


class ExchangePart(Part, kw_only=True):
    """The last exchange's result: efforts, victories marked, a twist, hits dealt."""

    efforts: dict[str, int]
    victories: dict[str, int]
    twist: bool
    hits: dict[str, int]
    member_hits: dict[str, int]
    rolls: list[ContestRollPart]


class ContestPart(Part, kw_only=True):
    """The contest: sides, intents, victories, this exchange's rolls so far, the last result."""

    sides: list[SidePart]
    victories_needed: int
    faster: bool
    exchange: int
    rolled: dict[str, int]
    rolls: list[ContestRollPart]
    rolling: dict[str, str]  # a side's roll in play, by side
    forfeited: list[str]
    whole_side: bool
    difficulties: dict[str, int]
    threats: dict[str, int]
    last: ExchangePart | None
    winner: str | None


class ContestHitPart(Part, kw_only=True):
    """A hit a contest dealt, waiting to be taken; for a character the seat plays, on its first
    hit, the ways the rules allow to take it (empty: only being taken out is left)."""

    target: str
    shifts: int
    by: str
    harm: str
    absorb_options: list[AbsorbOptionPart] | UnsetType = UNSET


def contest_view(viewer: Viewer, contest: Contest) -> ContestPart:
    """The contest: sides, intents, victories, this exchange's rolls so far, the last result."""
    state = viewer.state
    last = contest.exchanges[-1] if contest.exchanges else None
    return ContestPart(
        sides=[
            SidePart(
                id=side.id,
                members=list(side.members),
                intent=side.intent,
                victories=side.victories,
                rollers=offered[0],
                may_forfeit=offered[1],
            )
            for side in contest.sides.values()
            for offered in [_side_offers(viewer, side.id, side.members)]
        ],
        victories_needed=contest.victories_needed,
        faster=contest.faster,
        exchange=len(contest.exchanges) + 1,
        rolled=dict(state.contest_efforts),
        rolls=_rolls_view(viewer, contest, state.contest_rolls),
        rolling={r.side: r.id for r in state.rolls.values() if r.side is not None},
        forfeited=sorted(state.contest_forfeits),
        whole_side=contest.whole_side,
        difficulties=dict(contest.difficulties or {}),
        threats=dict(state.contest_threats),
        last=None
        if last is None
        else ExchangePart(
            efforts=dict(last.efforts),
            victories=dict(last.victories),
            twist=last.twist,
            hits=dict(last.hits),
            member_hits=dict(last.member_hits),
            rolls=_rolls_view(viewer, contest, state.contest_last),
        ),
        winner=contest.winner,
    )


def contest_hits_view(viewer: Viewer) -> list[ContestHitPart]:
    """The hits contests dealt that wait to be taken, first first; for a character the seat
    plays, the ways the rules allow to take each (empty: only being taken out is left)."""
    state = viewer.state
    out: list[ContestHitPart] = []
    for hit in state.contest_hits:
        shown = ContestHitPart(target=hit.target, shifts=hit.shifts, by=hit.by, harm=hit.harm.value)
        first = contest_hit_on(state, hit.target) is hit
        if first and hit.target in viewer.mine:
            shown.absorb_options = [
                AbsorbOptionPart(
                    boxes=list(plan.boxes), slots=list(plan.slots), extreme=plan.extreme
                )
                for plan in hit_options(
                    state.ruleset,
                    state.game.character(hit.target),
                    hit.shifts,
                    hit.harm,
                    state.game.clock,
                )
                if not plan.extreme  # the page takes an extreme consequence in a fight only
            ]
        out.append(shown)
    return out


def _rolls_view(
    viewer: Viewer, contest: Contest, records: dict[str, ContestRollRecord]
) -> list[ContestRollPart]:
    """The sides' settled overcomes, in the order of the sides: who rolled what, the dice (an
    NPC's kept from the players while its dice were hidden), and the effort each counts for."""
    out = []
    for side in contest.sides:
        record = records.get(side)
        if record is None:
            continue
        shown = ContestRollPart(
            side=record.side,
            actor=record.actor,
            skill=record.skill,
            faces=record.faces,
            effort=record.effort,
        )
        if viewer.dice_kept(record.npc_dice_hidden)(record.actor):
            shown.faces, shown.dice_hidden = None, True
        out.append(shown)
    return out


# How the log tells this domain's events (the page and Discord read the same declaration).
tells(ContestStarted, "ContestStarted")
tells(
    ContestRolled,
    (
        # Aspects counted instead of a skill (The Three Rocketeers): which, and their bonus.
        when("ContestRolled.counted_named", "counted"),
        when("ContestRolled.counted", When("counted_bonus", "given")),
        when("ContestRolled"),
    ),
    who=say.who("actor"),
    skill=say.skill("skill"),
    counted=say.aspects("counted"),
    bonus=say.rating("counted_bonus"),
    dice=say.dice("faces"),
)
tells(ContestForfeited, "ContestForfeited", side=say.text("side"))
tells(
    ContestThreatRolled,
    "ContestThreatRolled",
    who=say.who("actor"),
    skill=say.skill("skill"),
    dice=say.dice("faces"),
    sides=say.names("sides"),
)
tells(
    ContestHitAbsorbed,
    (when("ContestHitAbsorbed.consequence", "names"), when("ContestHitAbsorbed")),
    who=say.who("target"),
    n=say.number("shifts"),
    consequence=say.names("names", item="1", style="aspect"),
)
tells(ContestTakenOut, "ContestTakenOut", who=say.who("target"), n=say.number("shifts"))
tells(ContestEnded, "ContestEnded")
