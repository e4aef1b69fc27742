"""Who may do what with an aspect in a character's name, in one place: hand over a free invoke,
spend a fate point on a story detail, offer a compel (the GM's free offer, or a player's paid
one), ask for a self-compel, let go of a boost.

Each ``check_*`` is the check a decider in :mod:`fatekit.table.play.aspects` (or
:mod:`~fatekit.table.play.scenes`) makes of the seat, then the rules' check of the move with
whatever the command adds left out (a complication, a detail, a receiver); :func:`aspect_moves`
asks the same checks for the seat's document (``offers_by`` on an aspect), so what is offered is
what the table takes. Here rather than in the domain module, whose view parts are built on
:mod:`fatekit.table.seeing`, which asks this module for every aspect it shows.
"""

from __future__ import annotations

from fatekit.rules.aspects.aspects import Aspect
from fatekit.rules.aspects.compels import (
    check_compel_offer,
    check_compel_target,
    check_self_compel,
)
from fatekit.rules.aspects.fate_points import GM
from fatekit.rules.aspects.invokes import check_story_detail
from fatekit.rules.aspects.lasting import check_removes_freely
from fatekit.table.deciding import allowed, play_goes_on, require_control, require_gm
from fatekit.table.parts import AspectByMove
from fatekit.table.seats import Seat
from fatekit.table.state import TableState

__all__ = [
    "aspect_moves",
    "check_declare_detail",
    "check_let_go",
    "check_offer_compel",
    "check_pass_free_invoke",
    "check_self_compel_asked",
    "compel_targets",
]


def check_pass_free_invoke(state: TableState, seat: Seat, aspect: Aspect, holder: str) -> None:
    """Refuse unless ``seat`` may hand one of ``holder``'s free invokes on ``aspect`` to an ally:
    it acts for the holder, who holds one it may spend."""
    require_control(state, seat, holder, "give away their free invokes")
    aspect.check_can_spend_free_invoke(holder)


def check_declare_detail(state: TableState, seat: Seat, aspect: Aspect, by: str) -> None:
    """Refuse unless ``seat`` may spend ``by``'s fate point on ``aspect`` for a story detail:
    it acts for ``by``, and the rules let them (a player's extra pays from its player's PC)."""
    require_control(state, seat, by, "spend their fate points")
    payer = state.game.payer(by, state.players_pcs(by, seat.id))
    check_story_detail(aspect, by, state.game.ledger, payer=payer)


def check_offer_compel(
    state: TableState, seat: Seat, aspect: Aspect, offered_by: str | None
) -> None:
    """Refuse unless ``seat`` may offer a compel on ``aspect``: the GM's for free
    (``offered_by`` ``None``), or a player's in the name of a character it acts for, who pays;
    the rules' check of the offer whoever its target (:func:`compel_targets` says whom)."""
    if offered_by is None:
        require_gm(seat, "offer a compel for free")
    else:
        require_control(state, seat, offered_by, "offer a compel in their name")
    check_compel_offer(aspect, GM if offered_by is None else offered_by, state.game.ledger)


def compel_targets(state: TableState, aspect: Aspect, offered_by: str | None) -> list[str]:
    """The characters a compel on ``aspect`` by ``offered_by`` (``None``: the GM) may be
    offered to, by the rules' check of a target."""
    by = GM if offered_by is None else offered_by
    ledger = state.game.ledger
    return [
        who
        for who in state.game.characters
        if allowed(check_compel_target, aspect, who, by, ledger)
    ]


def check_self_compel_asked(state: TableState, seat: Seat, aspect: Aspect, target: str) -> None:
    """Refuse unless ``seat`` may ask the GM for a self-compel of ``target`` on ``aspect``: it
    acts for the target, and the rules let the aspect compel them."""
    require_control(state, seat, target, "ask a self-compel for them")
    check_self_compel(aspect, target)


def check_let_go(state: TableState, seat: Seat, aspect: Aspect, by: str) -> None:
    """Refuse unless ``seat`` may take ``aspect`` out of play in ``by``'s name, without a roll:
    it acts for ``by``, who holds a free invoke on the boost."""
    require_control(state, seat, by, "let go of an aspect for them")
    check_removes_freely(aspect, by)


def aspect_moves(
    state: TableState, seat: Seat, aspect: Aspect, mine: set[str]
) -> dict[AspectByMove, list[str]]:
    """What ``seat`` may do with ``aspect`` in the name of each of its characters (``mine``)
    now, by the checks above: the characters it may pass a free invoke from, pay a story detail
    for, offer a compel in the name of (someone else there to compel), ask a self-compel for,
    let go of the boost for. Only moves someone may make are listed; none while a safety signal
    waits, when the table takes no move of play."""
    if not mine or not play_goes_on(state):
        return {}
    ours = sorted(mine)
    found: dict[AspectByMove, list[str]] = {}
    if len(state.game.characters) > 1:
        holders = sorted({f.holder for f in aspect.free_invokes} & mine)
        found["PassFreeInvoke"] = [
            who for who in holders if allowed(check_pass_free_invoke, state, seat, aspect, who)
        ]
    if not aspect.is_boost:
        found["DeclareStoryDetail"] = [
            who for who in ours if allowed(check_declare_detail, state, seat, aspect, who)
        ]
        # The targets' own check (an organization's members), then whether anyone is left
        # who is not the offerer: asked once, not once per offerer.
        targets = compel_targets(state, aspect, None)
        found["OfferCompel"] = [
            who
            for who in ours
            if any(target != who for target in targets)
            and allowed(check_offer_compel, state, seat, aspect, who)
        ]
        found["SelfCompel"] = [
            who for who in ours if allowed(check_self_compel_asked, state, seat, aspect, who)
        ]
    else:
        holders = sorted({f.holder for f in aspect.free_invokes} & mine)
        found["RemoveAspect"] = [
            who for who in holders if allowed(check_let_go, state, seat, aspect, who)
        ]
    return {move: who for move, who in found.items() if who}
