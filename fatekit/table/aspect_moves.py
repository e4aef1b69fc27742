"""Who may do what with an aspect in a character's name, in one place: hand over a free invoke,
spend a fate point on a story detail, offer a compel (the GM's free offer, or a player's paid
one), ask for a self-compel, let go of a boost.

Each ``check_*`` is the check a decider in :mod:`fatekit.table.play.aspects` (or
:mod:`~fatekit.table.play.scenes`) makes: its seat's part (a function of its own, the same for
every aspect), then the rules' check of the move with whatever the command adds left out (a
complication, a detail, a receiver); :class:`AspectMoves` asks the same parts for the seat's
document (``offers_by`` on an aspect), so what is offered is what the table takes. Here rather
than in the domain module, whose view parts are built on :mod:`fatekit.table.seeing`, which asks
this module for every aspect it shows.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress

from fatekit.rules.aspects.aspects import Aspect
from fatekit.rules.aspects.compels import (
    check_compel_offer,
    check_compel_paid,
    check_compel_target,
    check_compellable,
    check_self_compel,
)
from fatekit.rules.aspects.fate_points import GM
from fatekit.rules.aspects.invokes import check_detail_on, check_detail_paid, check_story_detail
from fatekit.rules.aspects.lasting import check_removes_freely
from fatekit.rules.core.errors import FateError
from fatekit.table.deciding import allowed, play_goes_on, require_control, require_gm
from fatekit.table.parts import AspectByMove
from fatekit.table.seats import Seat
from fatekit.table.state import TableState

__all__ = [
    "AspectFacts",
    "AspectMoves",
    "check_declare_detail",
    "check_let_go",
    "check_letting_go",
    "check_offer_compel",
    "check_offerer",
    "check_pass_free_invoke",
    "check_passer",
    "check_self_compel_asked",
    "check_self_compeller",
    "compel_targets",
    "detail_payer",
]


def check_pass_free_invoke(state: TableState, seat: Seat, aspect: Aspect, holder: str) -> None:
    """Refuse unless ``seat`` may hand one of ``holder``'s free invokes on ``aspect`` to an ally:
    it acts for the holder (:func:`check_passer`), who holds one it may spend."""
    check_passer(state, seat, holder)
    aspect.check_can_spend_free_invoke(holder)


def check_passer(state: TableState, seat: Seat, holder: str) -> None:
    """The seat's part of :func:`check_pass_free_invoke`, whatever the aspect."""
    require_control(state, seat, holder, "give away their free invokes")


def check_declare_detail(state: TableState, seat: Seat, aspect: Aspect, by: str) -> None:
    """Refuse unless ``seat`` may spend ``by``'s fate point on ``aspect`` for a story detail:
    it acts for ``by``, and the rules let them (a player's extra pays from its player's PC)."""
    payer = detail_payer(state, seat, by)
    check_story_detail(aspect, by, state.game.ledger, payer=payer)


def detail_payer(state: TableState, seat: Seat, by: str) -> str:
    """The seat's part of :func:`check_declare_detail`, whatever the aspect: refuse unless
    ``seat`` acts for ``by``; whose fate point pays (a player's extra: its player's PC's)."""
    require_control(state, seat, by, "spend their fate points")
    return state.game.payer(by, state.players_pcs(by, seat.id))


def check_offer_compel(
    state: TableState, seat: Seat, aspect: Aspect, offered_by: str | None
) -> None:
    """Refuse unless ``seat`` may offer a compel on ``aspect``: the GM's for free
    (``offered_by`` ``None``), or a player's in the name of a character it acts for, who pays;
    the rules' check of the offer whoever its target (:func:`compel_targets` says whom)."""
    check_offerer(state, seat, offered_by)
    check_compel_offer(aspect, GM if offered_by is None else offered_by, state.game.ledger)


def check_offerer(state: TableState, seat: Seat, offered_by: str | None) -> None:
    """The seat's part of :func:`check_offer_compel`, whatever the aspect: the GM's seat for a
    free compel, a seat that acts for ``offered_by`` for a paid one."""
    if offered_by is None:
        require_gm(seat, "offer a compel for free")
    else:
        require_control(state, seat, offered_by, "offer a compel in their name")


def compel_targets(
    state: TableState, aspect: Aspect, offered_by: str | None, *, enough: int | None = None
) -> list[str]:
    """The characters a compel on ``aspect`` by ``offered_by`` (``None``: the GM) may be
    offered to, by the rules' check of a target, in the table's order: the first ``enough`` of
    them (all, without it)."""
    by = GM if offered_by is None else offered_by
    ledger = state.game.ledger
    found: list[str] = []
    for who in state.game.characters:
        if enough is not None and len(found) >= enough:
            break
        if allowed(check_compel_target, aspect, who, by, ledger):
            found.append(who)
    return found


def check_self_compel_asked(state: TableState, seat: Seat, aspect: Aspect, target: str) -> None:
    """Refuse unless ``seat`` may ask the GM for a self-compel of ``target`` on ``aspect``: it
    acts for the target (:func:`check_self_compeller`), and the rules let the aspect compel
    them."""
    check_self_compeller(state, seat, target)
    check_self_compel(aspect, target)


def check_self_compeller(state: TableState, seat: Seat, target: str) -> None:
    """The seat's part of :func:`check_self_compel_asked`, whatever the aspect."""
    require_control(state, seat, target, "ask a self-compel for them")


def check_let_go(state: TableState, seat: Seat, aspect: Aspect, by: str) -> None:
    """Refuse unless ``seat`` may take ``aspect`` out of play in ``by``'s name, without a roll:
    it acts for ``by`` (:func:`check_letting_go`), who holds a free invoke on the boost."""
    check_letting_go(state, seat, by)
    check_removes_freely(aspect, by)


def check_letting_go(state: TableState, seat: Seat, by: str) -> None:
    """The seat's part of :func:`check_let_go`, whatever the aspect."""
    require_control(state, seat, by, "let go of an aspect for them")


class AspectFacts:
    """The rules' parts of the aspect moves for one state: the checks that read an aspect and a
    character (or the table) and never the seat, asked once per state rather than once per seat
    (:class:`AspectMoves` asks them; the deciders ask the same checks, uncached, as they
    decide). Every seat's view of one state may share one (:class:`~fatekit.table.seeing.Shared`);
    the state must not change while it is used."""

    def __init__(self, state: TableState) -> None:
        self.state = state
        self.ledger = state.game.ledger
        # Keyed by the aspect object's id(): the aspects asked of are kept alive here, so an id()
        # is never reused by another aspect while these answers stand.
        self._kept: dict[int, Aspect] = {}
        self._passes: dict[tuple[Callable[[Aspect, str], object], int, str], bool] = {}
        self._targets: dict[int, list[str]] = {}
        self._gm_offer: dict[int, bool] = {}
        self._holders: dict[int, list[str]] = {}

    def passes(self, check: Callable[[Aspect, str], object], aspect: Aspect, who: str) -> bool:
        """Whether ``check(aspect, who)`` (a rules' check of the aspect for a character, which
        reads no seat) passes."""
        key = (check, id(aspect), who)
        found = self._passes.get(key)
        if found is None:
            self._kept[id(aspect)] = aspect
            found = self._passes[key] = allowed(check, aspect, who)
        return found

    def holders(self, aspect: Aspect) -> list[str]:
        """Who holds a free invoke on ``aspect``, sorted."""
        found = self._holders.get(id(aspect))
        if found is None:
            self._kept[id(aspect)] = aspect
            found = self._holders[id(aspect)] = sorted({f.holder for f in aspect.free_invokes})
        return found

    def compel_targets(self, aspect: Aspect) -> list[str]:
        """The first two characters a compel on ``aspect`` the GM offers may be offered to
        (:func:`compel_targets`): whether anyone may be compelled, and whether anyone but a
        given offerer may (two different characters: one of them is not the offerer), is all an
        offer needs to know."""
        found = self._targets.get(id(aspect))
        if found is None:
            self._kept[id(aspect)] = aspect
            found = self._targets[id(aspect)] = compel_targets(self.state, aspect, None, enough=2)
        return found

    def gm_may_offer(self, aspect: Aspect) -> bool:
        """Whether the rules let the GM offer a compel on ``aspect`` for free
        (:func:`~fatekit.rules.aspects.compels.check_compel_offer` with the GM as offerer),
        someone there to compel: the part of :func:`check_offer_compel` that reads no seat."""
        found = self._gm_offer.get(id(aspect))
        if found is None:
            self._kept[id(aspect)] = aspect
            found = self._gm_offer[id(aspect)] = allowed(
                check_compel_offer, aspect, GM, self.ledger
            ) and bool(self.compel_targets(aspect))
        return found


class AspectMoves:
    """What a seat may do with aspects in its characters' names (``mine``) now, by the checks
    above, for one build of its document. Each check is its seat's part (may the seat act for
    this character?) and the rules' part (may they do it with this aspect?), and the rules' part
    of a paid move is the fate point's (is it there?) and the aspect's: the parts that read no
    aspect are asked once per character here, not once per aspect, and the aspect's of each
    aspect and character once per state (``facts``, which every seat's build may share); a move
    is listed when every part passes, as the decider asks them all. Built for one state, which
    must not change while it is used (a document is built from one version)."""

    def __init__(
        self, state: TableState, seat: Seat, mine: set[str], facts: AspectFacts | None = None
    ) -> None:
        self.state = state
        self.seat = seat
        self.ledger = state.game.ledger
        self.facts = AspectFacts(state) if facts is None else facts
        # No one while a safety signal waits: the table takes no move of play, offers none.
        ours = sorted(mine) if mine and play_goes_on(state) else []
        self.live = bool(ours)
        self.many = len(state.game.characters) > 1  # someone to pass a free invoke to
        self.passers = {w for w in ours if allowed(check_passer, state, seat, w)}
        # The parts of check_declare_detail and check_offer_compel that read no aspect: the
        # seat's, and the rules' of the fate point (check_detail_paid, check_compel_paid).
        self.detailers: list[str] = []
        for who in ours:
            with suppress(FateError):  # the seat may not pay for them: no detail offered
                payer = detail_payer(state, seat, who)
                check_detail_paid(who, self.ledger, payer=payer)
                self.detailers.append(who)
        self.offerers = [
            w
            for w in ours
            if allowed(check_offerer, state, seat, w) and allowed(check_compel_paid, w, self.ledger)
        ]
        self.self_compellers = [w for w in ours if allowed(check_self_compeller, state, seat, w)]
        self.letting_go = {w for w in ours if allowed(check_letting_go, state, seat, w)}
        # is_gm first: require_gm's own test, answered without a refusal raised.
        self.gm_offers = seat.is_gm and allowed(check_offerer, state, seat, None)

    def compel_targets(self, aspect: Aspect) -> list[str]:
        """The first two characters a compel on ``aspect`` the GM offers may be offered to
        (:meth:`AspectFacts.compel_targets`)."""
        return self.facts.compel_targets(aspect)

    def gm_may_offer_compel(self, aspect: Aspect) -> bool:
        """Whether the seat may offer the GM's free compel on ``aspect`` now
        (:func:`check_offer_compel` with no offerer), someone there to compel."""
        return self.gm_offers and self.facts.gm_may_offer(aspect)

    def of(self, aspect: Aspect) -> dict[AspectByMove, list[str]]:
        """The characters the seat may pass a free invoke on ``aspect`` from, pay a story detail
        for, offer a compel in the name of (someone else there to compel), ask a self-compel
        for, let go of the boost for. Only moves someone may make are listed; none while a
        safety signal waits."""
        if not self.live:
            return {}
        facts = self.facts
        passes = facts.passes
        found: dict[AspectByMove, list[str]] = {}
        if self.many and aspect.free_invokes:
            passing = [
                who
                for who in facts.holders(aspect)
                if who in self.passers and passes(Aspect.check_can_spend_free_invoke, aspect, who)
            ]
            if passing:
                found["PassFreeInvoke"] = passing
        if not aspect.is_boost:
            detailing = [who for who in self.detailers if passes(check_detail_on, aspect, who)]
            if detailing:
                found["DeclareStoryDetail"] = detailing
            # The offer's own check, then the targets' (an organization's members) and
            # whether anyone is left who is not the offerer: asked once, not once per offerer.
            offerers = [w for w in self.offerers if passes(check_compellable, aspect, w)]
            if offerers:
                targets = facts.compel_targets(aspect)
                offering = [w for w in offerers if any(t != w for t in targets)]
                if offering:
                    found["OfferCompel"] = offering
            compelling = [w for w in self.self_compellers if passes(check_self_compel, aspect, w)]
            if compelling:
                found["SelfCompel"] = compelling
        elif aspect.free_invokes:
            going = [
                who
                for who in facts.holders(aspect)
                if who in self.letting_go and passes(check_removes_freely, aspect, who)
            ]
            if going:
                found["RemoveAspect"] = going
        return found
