"""Aspects and fate points between seats: compels offered, answered and asked for
(self-compels), free invokes passed to an ally, and story details bought with a fate point.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from fatekit.rules.aspects.compels import (
    COMPEL_OFFER_RULE,
    Compel,
    CompelKind,
    CompelState,
    check_compel_kind,
    check_self_compel,
    compel_offered,
    offer_compel,
    self_compel,
)
from fatekit.rules.aspects.fate_points import GM
from fatekit.rules.aspects.invokes import declare_story_detail, story_detail_declared
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.table import telling as say
from fatekit.table.aspect_moves import (
    check_declare_detail,
    check_offer_compel,
    check_pass_free_invoke,
    check_self_compel_asked,
)
from fatekit.table.base import Command, Event, NamesAspect
from fatekit.table.deciding import (
    Context,
    allowed,
    decides,
    gm_only,
    play_goes_on,
    require_control,
    require_gm,
)
from fatekit.table.facts import assign_facts, facts_of
from fatekit.table.folding import assigns, folds, judges
from fatekit.table.parts import Part
from fatekit.table.regions import Region, moves
from fatekit.table.seats import Seat
from fatekit.table.seeing import JSON, Viewer
from fatekit.table.showing import shown_whole, shows
from fatekit.table.state import SelfCompelRecord, TableState
from fatekit.table.telling import When, tells, when
from fatekit.table.upcasting import older

__all__ = [
    "AnswerCompel",
    "CompelAnswer",
    "CompelAnswered",
    "CompelOffered",
    "DeclareStoryDetail",
    "FreeInvokePassed",
    "OfferCompel",
    "PassFreeInvoke",
    "SelfCompel",
    "SelfCompelAnswer",
    "SelfCompelAnswered",
    "SelfCompelAsked",
    "StoryDetailDeclared",
]

# -- commands ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class OfferCompel(Command):
    """Offer a compel of ``aspect_id`` on ``target``. ``offered_by`` is a character the seat
    controls (a player pays a fate point to offer), or ``None`` for the GM's free offer. An
    ``event`` says what happens to the target; a ``decision`` says what the target decides
    (``decision``) and ``complication`` what goes wrong because of it."""

    aspect_id: str
    target: str
    complication: str
    offered_by: str | None = None
    kind: CompelKind = CompelKind.EVENT
    decision: str = ""


class CompelAnswer(StrEnum):
    """The answers to a compel."""

    ACCEPT = "accept"
    REFUSE = "refuse"
    WITHDRAW = "withdraw"


@dataclass(frozen=True, slots=True, kw_only=True)
class AnswerCompel(Command):
    """``accept`` or ``refuse`` (the target's seat), or ``withdraw`` (the offerer's or the GM)."""

    compel_id: str
    answer: CompelAnswer


@dataclass(frozen=True, slots=True, kw_only=True)
class PassFreeInvoke(Command):
    """Hand one of ``from_character``'s free invokes on an aspect to ``to_character`` (the
    giver's seat)."""

    aspect_id: str
    from_character: str
    to_character: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DeclareStoryDetail(Command):
    """Spend ``by``'s fate point on an aspect to make ``detail`` true (the seat of ``by``)."""

    aspect_id: str
    by: str
    detail: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SelfCompel(Command):
    """Ask the GM for a fate point for a complication ``target``'s aspect brought on (the
    target's seat), of either kind (:class:`OfferCompel`). Nothing is paid until the GM answers
    with :class:`SelfCompelAnswer`."""

    aspect_id: str
    target: str
    complication: str
    kind: CompelKind = CompelKind.EVENT
    decision: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class SelfCompelAnswer(Command):
    """The GM agrees to a self-compel (the target gains a fate point) or turns it down."""

    compel_id: str
    accepted: bool


# -- events ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class CompelOffered(Event, NamesAspect):
    """A compel was offered (``offered_by``: a character, or ``None`` for the GM)."""

    compel_id: str
    aspect_id: str
    target: str
    complication: str
    offered_by: str | None
    kind: CompelKind
    decision: str = ""  # logged before compels said what was decided: none


@dataclass(frozen=True, slots=True, kw_only=True)
class CompelAnswered(Event):
    """A compel was accepted, refused or withdrawn."""

    compel_id: str
    answer: CompelAnswer


@dataclass(frozen=True, slots=True, kw_only=True)
class FreeInvokePassed(Event, NamesAspect):
    """A free invoke on an aspect changed hands."""

    aspect_id: str
    from_character: str
    to_character: str


@dataclass(frozen=True, slots=True, kw_only=True)
class StoryDetailDeclared(Event, NamesAspect):
    """A fate point was spent on an aspect to make a detail true."""

    aspect_id: str
    by: str
    detail: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SelfCompelAsked(Event, NamesAspect):
    """A player asked for a fate point for a complication their aspect brought on."""

    compel_id: str
    aspect_id: str
    target: str
    complication: str
    # Logged before self-compels had a kind: an event, deciding nothing.
    kind: CompelKind = CompelKind.EVENT
    decision: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class SelfCompelAnswered(Event):
    """The GM agreed to a self-compel (the fate point moved) or turned it down."""

    compel_id: str
    accepted: bool


# -- who may, and the events a command becomes -------------------------------------------------


@decides(OfferCompel)
def _offer_compel(context: Context, command: OfferCompel) -> list[Event]:
    # The seat's check and the rules' check of the offer, as the aspect's offers ask them.
    aspect = context.state.game.find_aspect(command.aspect_id)
    check_offer_compel(context.state, context.seat, aspect, command.offered_by)
    _check_kind(context, command)
    return [context.event_from(CompelOffered, command, compel_id=f"c{context.state.version + 1}")]


def _check_kind(context: Context, command: OfferCompel | SelfCompel) -> None:
    # As the compel is made, never as a logged one folds (compel.kinds).
    context.state.require_character(command.target)
    aspect = context.state.game.find_aspect(command.aspect_id)
    check_compel_kind(aspect, command.target, command.kind, command.decision)


@decides(AnswerCompel)
def _answer_compel(context: Context, command: AnswerCompel) -> list[Event]:
    compel = context.state.compels.get(command.compel_id)
    if compel is None:
        # Settled compels leave the state (the log keeps them); an id this table issued is one.
        number = command.compel_id.removeprefix("c")
        if number.isdecimal() and int(number) <= context.state.version:
            raise IllegalAction(
                f"compel {command.compel_id!r} is no longer open: it was answered or withdrawn",
                COMPEL_OFFER_RULE,
            )
        raise BadInput(f"there is no compel {command.compel_id!r}")
    may_answer(context.state, context.seat, compel, command.answer)
    return [context.event_from(CompelAnswered, command)]


def may_answer(state: TableState, seat: Seat, compel: Compel, answer: CompelAnswer) -> None:
    """Refuse unless ``seat`` may give ``answer`` to the open ``compel``: its target's seat
    accepts or refuses it; whoever offered it (the GM for any) withdraws it."""
    if answer is CompelAnswer.WITHDRAW:
        if compel.offered_by == GM:
            require_gm(seat, "withdraw the GM's compel")
        elif not seat.is_gm:
            require_control(state, seat, compel.offered_by, "withdraw this compel")
    else:
        require_control(state, seat, compel.target, f"{answer.value} this compel")


def compel_offers(state: TableState, seat: Seat, compel: Compel) -> list[CompelAnswer]:
    """The answers ``seat`` may give the open ``compel`` now: the decider's check of the seat
    (:func:`may_answer`) and the rules' of the answer (a refusal costs a fate point)."""
    if not play_goes_on(state):
        return []
    ledger = state.game.ledger
    return [
        answer
        for answer in CompelAnswer
        if allowed(may_answer, state, seat, compel, answer)
        and allowed(compel.check_answer, _ANSWERED[answer], ledger)
    ]


@decides(PassFreeInvoke)
def _pass_free_invoke(context: Context, command: PassFreeInvoke) -> list[Event]:
    aspect = context.state.game.find_aspect(command.aspect_id)
    check_pass_free_invoke(context.state, context.seat, aspect, command.from_character)
    context.state.require_character(command.to_character)
    return [context.event_from(FreeInvokePassed, command)]


@decides(DeclareStoryDetail)
def _declare_story_detail(context: Context, command: DeclareStoryDetail) -> list[Event]:
    aspect = context.state.game.find_aspect(command.aspect_id)
    check_declare_detail(context.state, context.seat, aspect, command.by)
    return [context.event_from(StoryDetailDeclared, command)]


@decides(SelfCompel)
def _self_compel(context: Context, command: SelfCompel) -> list[Event]:
    aspect = context.state.game.find_aspect(command.aspect_id)
    check_self_compel_asked(context.state, context.seat, aspect, command.target)
    _check_kind(context, command)
    return [context.event_from(SelfCompelAsked, command, compel_id=f"s{context.state.version + 1}")]


# The GM pays for a self-compel, so only the GM agrees to one.
gm_only((SelfCompelAnswer, SelfCompelAnswered, "answer self-compels"))


def check_self_compel_agreed(state: TableState, asked: SelfCompelRecord) -> None:
    """What agreeing to a self-compel asks beyond the asking: its aspect still in play (an
    extreme consequence may have replaced it since, or an edited sheet dropped it) and still
    one its character may be compelled by. Turning it down asks nothing."""
    check_self_compel(state.game.find_aspect(asked.aspect_id), asked.target)


def self_compel_answers(state: TableState, seat: Seat, asked: SelfCompelRecord) -> list[bool]:
    """The answers (agree: true, turn down: false) ``seat`` may give ``asked`` now, by the
    table's checks of a :class:`SelfCompelAnswer`: the GM's alone, play going on, and
    :func:`check_self_compel_agreed` for agreeing."""
    if not seat.is_gm or not play_goes_on(state):
        return []
    agree = allowed(check_self_compel_agreed, state, asked)
    return [True, False] if agree else [False]


# -- the fold ----------------------------------------------------------------------------------


@judges(CompelOffered)
def _judge_compel_offered(state: TableState, event: CompelOffered) -> None:
    if event.compel_id in state.compels:
        raise BadInput(f"there is already a compel {event.compel_id!r}")
    state.require_character(event.target)
    if event.offered_by is not None:
        state.require_character(event.offered_by)
    state.compels[event.compel_id] = offer_compel(
        state.game.find_aspect(event.aspect_id),
        event.target,
        offered_by=GM if event.offered_by is None else event.offered_by,
        ledger=state.game.ledger,
        kind=event.kind,
        complication=event.complication,
        decision=event.decision,
    )
    state.game.sync_sheets()  # a player who offers a compel pays for it from their own points


@folds(CompelOffered)
def _compel_offered(state: TableState, event: CompelOffered) -> None:
    _compel_offered_older(state, event)
    assign_facts(state, facts_of(event))  # the point a player paid for the offer


@older(CompelOffered)
def _compel_offered_older(state: TableState, event: CompelOffered) -> None:
    state.compels[event.compel_id] = compel_offered(
        event.aspect_id,
        event.target,
        offered_by=GM if event.offered_by is None else event.offered_by,
        ledger=state.game.ledger,
        kind=event.kind,
        complication=event.complication,
        decision=event.decision,
    )
    state.game.sync_sheets()


#: What each answer to a compel makes of it.
_ANSWERED = {
    CompelAnswer.ACCEPT: CompelState.ACCEPTED,
    CompelAnswer.REFUSE: CompelState.REFUSED,
    CompelAnswer.WITHDRAW: CompelState.WITHDRAWN,
}


@judges(CompelAnswered)
def _judge_compel_answered(state: TableState, event: CompelAnswered) -> None:
    compel = state.compels.get(event.compel_id)
    if compel is None:
        raise BadInput(f"there is no compel {event.compel_id!r}")
    ledger = state.game.ledger
    if event.answer is CompelAnswer.ACCEPT:
        compel.accept(ledger)
    elif event.answer is CompelAnswer.REFUSE:
        compel.refuse(ledger)
    else:
        compel.withdraw(ledger)
    # Settled: the log tells it from here on; the state keeps only compels still open.
    del state.compels[event.compel_id]
    state.game.sync_sheets()


@folds(CompelAnswered)
def _compel_answered(state: TableState, event: CompelAnswered) -> None:
    state.compels.pop(event.compel_id, None)
    assign_facts(state, facts_of(event))  # the points the answer moved


@older(CompelAnswered)
def _compel_answered_older(state: TableState, event: CompelAnswered) -> None:
    compel = state.compels.pop(event.compel_id, None)
    if compel is not None:
        compel.settle(_ANSWERED[event.answer], state.game.ledger)
    state.game.sync_sheets()


@judges(FreeInvokePassed)
def _judge_free_invoke_passed(state: TableState, event: FreeInvokePassed) -> None:
    state.require_character(event.from_character)
    state.require_character(event.to_character)
    if event.from_character == event.to_character:
        raise BadInput("a free invoke is passed to someone else")
    state.game.find_aspect(event.aspect_id).pass_free_invoke(
        event.from_character, event.to_character
    )


@folds(FreeInvokePassed)
def _free_invoke_passed(state: TableState, event: FreeInvokePassed) -> None:
    assign_facts(state, facts_of(event))  # who holds the free invokes now


@older(FreeInvokePassed)
def _free_invoke_passed_older(state: TableState, event: FreeInvokePassed) -> None:
    state.game.find_aspect(event.aspect_id).handed_free_invoke(
        event.from_character, event.to_character
    )


@judges(StoryDetailDeclared)
def _judge_story_detail(state: TableState, event: StoryDetailDeclared) -> None:
    state.require_character(event.by)
    aspect = state.game.find_aspect(event.aspect_id)
    # The point is paid here (by the player's PC for a player's extra); the detail itself is
    # told in the log.
    payer = state.game.payer(event.by, state.players_pcs(event.by, event.seat))
    declare_story_detail(aspect, event.by, event.detail, state.game.ledger, payer=payer)
    state.game.sync_sheets()


@folds(StoryDetailDeclared)
def _story_detail(state: TableState, event: StoryDetailDeclared) -> None:
    assign_facts(state, facts_of(event))  # the point paid


@older(StoryDetailDeclared)
def _story_detail_older(state: TableState, event: StoryDetailDeclared) -> None:
    aspect = state.game.find_aspect(event.aspect_id)
    story_detail_declared(aspect, event.by, event.detail, state.game.ledger)
    state.game.sync_sheets()


@judges(SelfCompelAsked)
def _judge_self_compel_asked(state: TableState, event: SelfCompelAsked) -> None:
    if event.compel_id in state.self_compels or event.compel_id in state.compels:
        raise BadInput(f"there is already a compel {event.compel_id!r}")
    state.require_character(event.target)
    # Asking checks everything the rules check, and pays nothing until the GM agrees.
    self_compel(
        state.game.find_aspect(event.aspect_id),
        event.target,
        ledger=state.game.ledger,
        complication=event.complication,
        gm_agrees=False,
    )
    _self_compel_asked(state, event)


@assigns(SelfCompelAsked)
def _self_compel_asked(state: TableState, event: SelfCompelAsked) -> None:
    state.self_compels[event.compel_id] = SelfCompelRecord(
        event.compel_id,
        event.version,
        event.aspect_id,
        event.target,
        event.complication,
        event.kind,
        event.decision.strip(),
        event.aspect_sight,
    )


@judges(SelfCompelAnswered)
def _judge_self_compel_answered(state: TableState, event: SelfCompelAnswered) -> None:
    asked = state.self_compels.pop(event.compel_id, None)
    if asked is None:
        raise BadInput(f"no self-compel {event.compel_id!r} is waiting for an answer")
    if event.accepted:
        check_self_compel_agreed(state, asked)
        self_compel(
            state.game.find_aspect(asked.aspect_id),
            asked.target,
            ledger=state.game.ledger,
            complication=asked.complication,
            gm_agrees=True,
        )
    state.game.sync_sheets()


@folds(SelfCompelAnswered)
def _self_compel_answered(state: TableState, event: SelfCompelAnswered) -> None:
    state.self_compels.pop(event.compel_id, None)
    assign_facts(state, facts_of(event))  # the point the GM paid


@older(SelfCompelAnswered)
def _self_compel_answered_older(state: TableState, event: SelfCompelAnswered) -> None:
    asked = state.self_compels.pop(event.compel_id, None)
    if asked is not None and event.accepted:
        state.game.ledger.wallet(asked.target).gain()
    state.game.sync_sheets()


# -- what each seat sees -----------------------------------------------------------------------

# What each writes besides its facts (the points paid, the free invokes handed on): the
# compels and self-compels waiting.
moves(
    {Region.COMPELS},
    CompelOffered,
    CompelAnswered,
    FreeInvokePassed,
    StoryDetailDeclared,
    SelfCompelAsked,
    SelfCompelAnswered,
)

shown_whole(CompelAnswered, SelfCompelAnswered)


@shows(CompelOffered, FreeInvokePassed, SelfCompelAsked)
def _show_named(
    viewer: Viewer, event: CompelOffered | FreeInvokePassed | SelfCompelAsked, data: JSON
) -> JSON:
    viewer.keep_aspect_id(data, event.aspect_id, event.aspect_sight)
    return data


@shows(StoryDetailDeclared)
def _show_detail(viewer: Viewer, event: StoryDetailDeclared, data: JSON) -> JSON | None:
    # A detail on an aspect the seat could not see says what the aspect is. (An older log's
    # detail, which does not record who could, went to every seat with the aspect's id blanked:
    # it stays as it was sent.)
    if event.aspect_sight is not None and not viewer.saw_aspect(
        event.aspect_id, event.aspect_sight
    ):
        return None
    viewer.keep_aspect_id(data, event.aspect_id, event.aspect_sight)
    return data


class CompelPart(Part, kw_only=True):
    """A compel on the table, naming its aspect only to a seat that sees it."""

    id: str
    aspect_id: str | None
    target: str
    offered_by: str
    kind: CompelKind
    decision: str
    complication: str
    state: CompelState
    # The answers the seat may give it now, as the table would take them.
    offers: list[CompelAnswer]


class SelfCompelPart(Part, kw_only=True):
    """A self-compel waiting for the GM's answer, naming its aspect only to a seat that sees
    it."""

    id: str
    aspect_id: str | None
    target: str
    kind: CompelKind
    decision: str
    complication: str
    # The answers the seat may give it now (agree: true, turn down: false), as the table would
    # take them: only turning down once its aspect is gone.
    answers: list[bool]


def compels_view(viewer: Viewer) -> list[CompelPart]:
    """The compels on the table, each naming its aspect only to a seat that sees it."""
    return [
        CompelPart(
            id=key,
            aspect_id=compel.aspect_id if viewer.sees_aspect_id(compel.aspect_id) else None,
            target=compel.target,
            offered_by=compel.offered_by,
            kind=compel.kind,
            decision=compel.decision,
            complication=compel.complication,
            state=compel.state,
            offers=compel_offers(viewer.state, viewer.seat, compel),
        )
        for key, compel in viewer.state.compels.items()
    ]


def self_compels_view(viewer: Viewer) -> list[SelfCompelPart]:
    """The self-compels waiting for the GM's answer, each naming its aspect only to a seat that
    sees it."""
    return [
        SelfCompelPart(
            id=asked.compel_id,
            aspect_id=(
                asked.aspect_id
                if viewer.names_aspect(asked.aspect_id, asked.aspect_sight)
                else None
            ),
            target=asked.target,
            kind=asked.kind,
            decision=asked.decision,
            complication=asked.complication,
            answers=self_compel_answers(viewer.state, viewer.seat, asked),
        )
        for asked in viewer.state.self_compels.values()
    ]


# How the log tells this domain's events (the page and Discord read the same declaration).
tells(CompelAnswered, "CompelAnswered.{answer}")
tells(
    CompelOffered,
    (when("CompelOffered.decision", When("kind", "is", "decision")), when("CompelOffered")),
    target=say.who("target"),
    aspect=say.aspect("aspect_id"),
    by=say.who("offered_by"),
)
tells(
    FreeInvokePassed,
    "FreeInvokePassed",
    aspect=say.aspect("aspect_id"),
    **{"from": say.who("from_character"), "to": say.who("to_character")},
)
tells(
    SelfCompelAnswered, (when("SelfCompelAnswered.yes", "accepted"), when("SelfCompelAnswered.no"))
)
tells(
    SelfCompelAsked,
    (when("SelfCompelAsked.decision", When("kind", "is", "decision")), when("SelfCompelAsked")),
    who=say.who("target"),
    aspect=say.aspect("aspect_id"),
)
tells(StoryDetailDeclared, "StoryDetailDeclared", who=say.who("by"), detail=say.text("detail"))
