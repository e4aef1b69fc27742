"""Compels: offered, then accepted, refused or withdrawn; and self-compels."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from fatekit.rules.aspects.aspects import BOOST_RULE, Aspect
from fatekit.rules.aspects.fate_points import GM, FateLedger
from fatekit.rules.aspects.lasting import check_organization_compel
from fatekit.rules.core.citations import CONDENSED, rule
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.waivers import refuse

__all__ = [
    "COMPEL_KIND_RULE",
    "COMPEL_OFFER_RULE",
    "COMPEL_REFUSE_RULE",
    "COMPEL_WITHDRAW_RULE",
    "SELF_COMPEL_RULE",
    "Compel",
    "CompelKind",
    "CompelState",
    "check_compel_kind",
    "check_compel_offer",
    "check_compel_paid",
    "check_compel_target",
    "check_compellable",
    "check_self_compel",
    "compel_offered",
    "offer_compel",
    "self_compel",
]

COMPEL_OFFER_RULE = rule(
    "compel.offer",
    CONDENSED,
    "What Can I Do with Aspects? > Compels",
    "Anyone may offer a compel: a player pays a fate point to do so, the GM pays nothing; the "
    "target gains a fate point by accepting",
)
COMPEL_REFUSE_RULE = rule(
    "compel.refuse",
    CONDENSED,
    "What Can I Do with Aspects? > Compels",
    "Refusing a compel costs the target a fate point, so a target with none must accept",
)
COMPEL_WITHDRAW_RULE = rule(
    "compel.withdraw",
    CONDENSED,
    "What Can I Do with Aspects? > Compels",
    "A compel the group finds off the mark is withdrawn at no cost to its target",
)
SELF_COMPEL_RULE = rule(
    "compel.self",
    CONDENSED,
    "What Can I Do with Aspects? > Compels",
    "A player may claim a complication they played into as a self-compel; when the group agrees, "
    "the GM gives them a fate point",
)
COMPEL_KIND_RULE = rule(
    "compel.kinds",
    CONDENSED,
    "What Can I Do with Aspects? > Compels > Events and Decisions",
    "An event compel is an outside force that, through the aspect, happens to the character; a "
    "decision compel is the character's own choice, led by their own aspect (their flaws or "
    "values), whose fallout is the complication: it says what they decide",
)


class CompelKind(StrEnum):
    """Event compels happen to a character; decision compels are choices the character makes."""

    EVENT = "event"
    DECISION = "decision"


class CompelState(StrEnum):
    """Where a compel stands."""

    OFFERED = "offered"
    ACCEPTED = "accepted"
    REFUSED = "refused"
    WITHDRAWN = "withdrawn"


@dataclass(slots=True)
class Compel:
    """A compel of ``aspect_id`` on ``target``, offered by ``offered_by``.

    A player's offer takes their fate point at once; it goes to the target on acceptance and back
    to the player if the compel is refused or withdrawn.
    """

    aspect_id: str
    target: str
    offered_by: str
    kind: CompelKind
    complication: str
    state: CompelState = CompelState.OFFERED
    #: What the character decides, for a decision compel (the complication is its fallout).
    decision: str = ""

    @property
    def escrowed(self) -> bool:
        """Whether a player paid a fate point to make this offer."""
        return self.offered_by != GM

    def check_answer(self, answer: CompelState, ledger: FateLedger) -> None:
        """Refuse ``answer`` (accepted, refused or withdrawn) unless the compel is still open
        and, to refuse it, the target has a fate point to pay: what :meth:`accept`,
        :meth:`refuse` and :meth:`withdraw` check, and what a table offers by."""
        self._check_open()
        if answer is CompelState.REFUSED and ledger.wallet(self.target).available < 1:
            raise IllegalAction(
                f"{self.target} has no fate point to refuse the compel with, so must accept it",
                COMPEL_REFUSE_RULE,
            )

    def accept(self, ledger: FateLedger) -> None:
        """The target accepts the complication and gains a fate point."""
        self.check_answer(CompelState.ACCEPTED, ledger)
        self.settle(CompelState.ACCEPTED, ledger)

    def refuse(self, ledger: FateLedger) -> None:
        """The target pays a fate point to avoid the complication."""
        self.check_answer(CompelState.REFUSED, ledger)
        self.settle(CompelState.REFUSED, ledger)

    def withdraw(self, ledger: FateLedger) -> None:
        """Take back an off-the-mark compel: nobody pays anything."""
        self.check_answer(CompelState.WITHDRAWN, ledger)
        self.settle(CompelState.WITHDRAWN, ledger)

    def settle(self, answer: CompelState, ledger: FateLedger) -> None:
        """The points the ``answer`` moves, as a table's log recorded it (checked by no rule:
        see :meth:`accept`, :meth:`refuse` and :meth:`withdraw`): accepted, the target gains
        one; refused, the target pays one and a player's offer is paid back; withdrawn, the
        offer is paid back."""
        if answer is CompelState.ACCEPTED:
            ledger.wallet(self.target).gain()
        elif answer is CompelState.REFUSED:
            ledger.wallet(self.target).pay(1)
        if answer is not CompelState.ACCEPTED and self.escrowed:
            ledger.wallet(self.offered_by).gain()
        self.state = answer

    def _check_open(self) -> None:
        if self.state is not CompelState.OFFERED:
            raise IllegalAction(f"this compel was already {self.state.value}", COMPEL_OFFER_RULE)


def check_compellable(aspect: Aspect, by: str) -> None:
    """Refuse a compel on a boost, or on an aspect ``by`` may not use (by offering it, or as
    its target asking for it): the part of :func:`check_compel_offer` and of
    :func:`check_self_compel` that reads the aspect."""
    if aspect.is_boost:
        refuse(f"{aspect.label} is a boost: boosts cannot be compelled", BOOST_RULE)
    aspect.check_usable_by(by)


def check_compel_kind(aspect: Aspect, target: str, kind: CompelKind, decision: str) -> None:
    """Refuse a compel whose kind does not fit: a decision compel must say what ``target``
    decides, and is led by one of the target's own aspects (their character's aspects and
    consequences); an event compel, something that happens to them, decides nothing.

    Checked as a compel is offered or asked for, never when a logged one is folded again: a
    compel logged before the kinds asked this keeps its place in the story."""
    if kind is CompelKind.EVENT:
        if decision.strip():
            raise BadInput(
                "an event compel happens to the character: what they decide belongs to a "
                "decision compel",
                code="compel_event_decision",
            )
        return
    if not decision.strip():
        raise BadInput(
            "a decision compel says what the character decides, and the complication that follows",
            code="compel_decision_untold",
        )
    if aspect.owner != target:
        refuse(
            f"{aspect.label} is not {target}'s own aspect: a decision comes from the character's "
            "own flaws or values, so compel it as an event",
            COMPEL_KIND_RULE,
        )


def check_compel_offer(aspect: Aspect, offered_by: str, ledger: FateLedger) -> None:
    """Refuse unless ``offered_by`` (a character, or :data:`GM`) may offer a compel on
    ``aspect`` now, whoever its target: no boost, an aspect known to them, a player's fate
    point there to pay for it. :func:`offer_compel` asks this, and so does the table's offer."""
    check_compellable(aspect, offered_by)
    check_compel_paid(offered_by, ledger)


def check_compel_paid(offered_by: str, ledger: FateLedger) -> None:
    """Refuse unless ``offered_by`` may pay for a compel they offer, whatever the aspect: the
    GM offers for free, a player pays a fate point. :func:`check_compel_offer`'s part that
    reads the ledger."""
    if offered_by != GM:
        ledger.wallet(offered_by).check_can_spend(purpose="offer a compel")


def check_compel_target(aspect: Aspect, target: str, offered_by: str, ledger: FateLedger) -> None:
    """Refuse a compel on ``aspect`` of ``target`` by ``offered_by``: an organization's aspect
    complicates its members' lives, and one's own character is compelled by asking the GM."""
    check_organization_compel(aspect, target)
    if offered_by == target:
        raise BadInput(
            "to compel your own character, ask the GM for a self-compel", code="compel_own"
        )
    ledger.wallet(target)  # the target must be known to the ledger


def check_self_compel(aspect: Aspect, target: str) -> None:
    """Refuse a self-compel of ``target`` on ``aspect``, whatever its complication: no boost,
    an aspect the character knows, an organization's only for its members. Asked by
    :func:`self_compel` and by the table's offer."""
    check_compellable(aspect, target)
    check_organization_compel(aspect, target)


def offer_compel(
    aspect: Aspect,
    target: str,
    *,
    offered_by: str,
    ledger: FateLedger,
    kind: CompelKind = CompelKind.EVENT,
    complication: str,
    decision: str = "",
) -> Compel:
    """Offer a compel on ``aspect`` against ``target``; a player offering pays a fate point now.
    Either kind gives the target the point on acceptance (``decision``: see
    :func:`check_compel_kind`, which the table runs as the offer is made)."""
    if not complication.strip():
        raise BadInput("a compel must say what the complication is")
    check_compel_offer(aspect, offered_by, ledger)
    check_compel_target(aspect, target, offered_by, ledger)
    return compel_offered(
        aspect.id,
        target,
        offered_by=offered_by,
        ledger=ledger,
        kind=kind,
        complication=complication,
        decision=decision,
    )


def compel_offered(
    aspect_id: str,
    target: str,
    *,
    offered_by: str,
    ledger: FateLedger,
    kind: CompelKind,
    complication: str,
    decision: str,
) -> Compel:
    """A compel offered as a table's log recorded it (checked by no rule: see
    :func:`offer_compel`): a player offering pays a fate point."""
    if offered_by != GM:
        ledger.wallet(offered_by).pay(1)
    return Compel(
        aspect_id, target, offered_by, kind, complication.strip(), decision=decision.strip()
    )


def self_compel(
    aspect: Aspect, target: str, *, ledger: FateLedger, complication: str, gm_agrees: bool
) -> bool:
    """A player compels their own character after the fact; the GM pays when they agree. It may
    be of either kind, as :func:`check_compel_kind` says."""
    if not complication.strip():
        raise BadInput("a self-compel must say what the complication was")
    check_self_compel(aspect, target)
    if gm_agrees:
        ledger.wallet(target).gain()
    return gm_agrees
