"""Contests: two sides racing to a number of victories, exchange by exchange, or one side
forfeiting.
"""

from __future__ import annotations

from dataclasses import dataclass

from fatekit.rules.core.actions import Action
from fatekit.rules.core.errors import BadInput, ForbiddenAction
from fatekit.rules.core.rolling import ActionRoll
from fatekit.rules.scenes.contest import Contest
from fatekit.table.base import Command, Event, SkillRoll, SkillRolled
from fatekit.table.deciding import Context, decides, gm_only, rolled_by_actor
from fatekit.table.folding import folds
from fatekit.table.play.rolls import require_dice
from fatekit.table.play.scenes import scene_in_play
from fatekit.table.state import SEAT_RULE, RollRecord, TableState

# -- commands ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class StartContest(Command):
    """Start a contest (GM only): (side, members) and (side, intent) pairs."""

    sides: tuple[tuple[str, tuple[str, ...]], ...]
    intents: tuple[tuple[str, str], ...]
    victories_needed: int = 3
    harmful_to: tuple[str, ...] = ()
    faster: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class ContestRoll(SkillRoll):
    """A side's overcome for this exchange, rolled by ``actor`` (``bonus``: teamwork and the
    like); the exchange is settled once every side has rolled or forfeited."""

    side: str
    bonus: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class ContestForfeit(Command):
    """A side gives up its roll this exchange (after a failed create an advantage)."""

    side: str


@dataclass(frozen=True, slots=True, kw_only=True)
class EndContest(Command):
    """Close the contest (GM only), won or abandoned."""


# -- events ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class ContestStarted(Event):
    """A contest began."""

    sides: tuple[tuple[str, tuple[str, ...]], ...]
    intents: tuple[tuple[str, str], ...]
    victories_needed: int
    harmful_to: tuple[str, ...]
    faster: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class ContestRolled(SkillRolled):
    """A side rolled its overcome for the exchange, with the dice as they fell."""

    side: str
    bonus: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ContestForfeited(Event):
    """A side gave up its roll this exchange."""

    side: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ContestEnded(Event):
    """The contest was closed."""


# -- who may, and the events a command becomes -------------------------------------------------


gm_only(
    (StartContest, ContestStarted, "start contests"),
    (EndContest, ContestEnded, "end contests"),
)
rolled_by_actor((ContestRoll, ContestRolled, "roll for them"))


@decides(ContestForfeit)
def _contest_forfeit(context: Context, command: ContestForfeit) -> list[Event]:
    contest = contest_in_play(context.state)
    members = contest.sides[command.side].members if command.side in contest.sides else ()
    if not context.seat.is_gm and not any(
        context.state.controls(context.seat.id, m) for m in members
    ):
        raise ForbiddenAction("only a member of the side (or the GM) gives up its roll", SEAT_RULE)
    return [context.event_from(ContestForfeited, command)]


# -- the fold ----------------------------------------------------------------------------------


@folds(ContestStarted)
def _contest_started(state: TableState, event: ContestStarted) -> None:
    if state.contest is not None:
        raise BadInput("a contest is already running")
    scene_in_play(state)
    sides = {side: list(members) for side, members in event.sides}
    for members in sides.values():
        for member in members:
            state.require_character(member)
    state.contest = Contest.between(
        sides,
        dict(event.intents),
        victories_needed=event.victories_needed,
        harmful_to=event.harmful_to,
        faster=event.faster,
    )
    state.contest_efforts, state.contest_forfeits = {}, set()


@folds(ContestRolled)
def _contest_rolled(state: TableState, event: ContestRolled) -> None:
    contest = contest_in_play(state)
    _contest_side(contest, state, event.side)
    if event.actor not in contest.sides[event.side].members:
        raise BadInput(f"{event.actor} is not on side {event.side!r}")
    roll = ActionRoll(
        event.actor,
        Action.OVERCOME,
        state.game.character(event.actor).rating(event.skill),
        skill=event.skill,
        dice=require_dice(event.faces, "roll"),
        ledger=state.game.ledger,
        stunt_uses=state.game.stunt_uses,
        difficulty=0,  # efforts are compared between the sides, not with a difficulty
    )
    roll.roll()
    state.contest_efforts[event.side] = roll.effort + event.bonus
    state.last_roll = RollRecord(
        event.version, event.at, event.actor, "contest", event.skill, event.faces
    )
    _settle_exchange(state, contest)


@folds(ContestForfeited)
def _contest_forfeited(state: TableState, event: ContestForfeited) -> None:
    contest = contest_in_play(state)
    _contest_side(contest, state, event.side)
    state.contest_forfeits.add(event.side)
    _settle_exchange(state, contest)


@folds(ContestEnded)
def _contest_ended(state: TableState, event: ContestEnded) -> None:
    contest_in_play(state)
    state.contest, state.contest_efforts, state.contest_forfeits = None, {}, set()


def contest_in_play(state: TableState) -> Contest:
    if state.contest is None:
        raise BadInput("there is no contest running")
    return state.contest


def _contest_side(contest: Contest, state: TableState, side: str) -> None:
    if side not in contest.sides:
        raise BadInput(f"no side {side!r} in the contest")
    if side in state.contest_efforts or side in state.contest_forfeits:
        raise BadInput(f"side {side!r} has already rolled or forfeited this exchange")
    if contest.winner is not None:
        contest.exchange({})  # raises: the contest is over


def _settle_exchange(state: TableState, contest: Contest) -> None:
    # The exchange is settled once every side has rolled or given up its roll.
    if set(state.contest_efforts) | state.contest_forfeits != set(contest.sides):
        return
    contest.exchange(dict(state.contest_efforts), forfeited=state.contest_forfeits)
    state.contest_efforts, state.contest_forfeits = {}, set()
