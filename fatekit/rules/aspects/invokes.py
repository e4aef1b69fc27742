"""Invoking aspects: what an invoke does, who pays, and the limits on invoking."""

from __future__ import annotations

from collections.abc import Set
from dataclasses import dataclass
from enum import StrEnum

from fatekit.rules.aspects.aspects import BOOST_RULE, Aspect
from fatekit.rules.aspects.fate_points import FateLedger
from fatekit.rules.aspects.lasting import check_organization_invoke
from fatekit.rules.core.citations import CONDENSED, ITALIAN, rule
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.waivers import refuse

__all__ = [
    "FREE_INVOKES_STACK_RULE",
    "HOSTILE_INVOKE_RULE",
    "INVOKE_EFFECTS_RULE",
    "PAID_ONCE_RULE",
    "STORY_DETAIL_RULE",
    "Invocation",
    "InvokeEffect",
    "StoryDetail",
    "check_detail_on",
    "check_detail_paid",
    "check_invoke",
    "check_story_detail",
    "declare_story_detail",
    "paid_for_invoke",
    "pay_for_invoke",
    "story_detail_declared",
]

INVOKE_EFFECTS_RULE = rule(
    "invoke.effects",
    CONDENSED,
    "Modifying the Dice > Invoking Aspects",
    "An invoke gives +2, rerolls all four dice, or adds 2 to a difficulty someone else faces",
)
PAID_ONCE_RULE = rule(
    "invoke.paid-once-per-roll",
    CONDENSED,
    "Modifying the Dice > Invoking Aspects",
    "An aspect may be invoked with a fate point at most once on the same roll; several aspects may be",
)
FREE_INVOKES_STACK_RULE = rule(
    "invoke.free-invokes-stack",
    ITALIAN,
    "Modificare i dadi > Invocare aspetti",
    "Any number of free invokes on the same aspect may be spent on one roll",
)
HOSTILE_INVOKE_RULE = rule(
    "invoke.hostile",
    CONDENSED,
    "What Can I Do with Aspects? > Hostile Invocations",
    "A paid invoke of another character's aspect against them gives them the fate point, usable "
    "after the scene; free invokes pay nobody",
)
STORY_DETAIL_RULE = rule(
    "invoke.story-detail",
    CONDENSED,
    "What Can I Do with Aspects? > Invoking to Declare Story Details",
    "A fate point spent on an aspect in play can establish an important or unlikely story detail",
)


class InvokeEffect(StrEnum):
    """What an invoke is spent on."""

    PLUS_TWO = "plus_two"
    REROLL = "reroll"
    RAISE_DIFFICULTY = "raise_difficulty"


@dataclass(frozen=True, slots=True)
class Invocation:
    """A record of one invoke."""

    aspect_id: str
    by: str
    effect: InvokeEffect
    free: bool
    hostile: bool


@dataclass(frozen=True, slots=True)
class StoryDetail:
    """A detail added to the story by invoking an aspect, outside any roll."""

    aspect_id: str
    by: str
    detail: str


def is_hostile(aspect: Aspect, by: str, beneficiary: str) -> bool:
    """Whether invoking ``aspect`` by ``by`` for ``beneficiary``'s roll is a hostile invocation."""
    return aspect.owner is not None and aspect.owner not in (by, beneficiary)


def check_invoke(
    aspect: Aspect,
    by: str,
    *,
    free: bool,
    ledger: FateLedger | None,
    paid_already: Set[str] = frozenset(),
    payer: str | None = None,
) -> None:
    """Raise if ``by`` may not invoke ``aspect`` this way; changes nothing. ``payer`` is whose
    supply pays a paid invoke when it is not ``by``'s own (a player's extra: see
    ``Game.payer``)."""
    aspect.check_usable_by(by)
    if free:
        aspect.check_can_spend_free_invoke(by)
        return
    if aspect.is_boost:
        refuse(f"{aspect.label} is a boost: it cannot be invoked with a fate point", BOOST_RULE)
    check_organization_invoke(aspect, by)
    if aspect.id in paid_already:
        refuse(f"{aspect.label} was already invoked with a fate point on this roll", PAID_ONCE_RULE)
    if ledger is None:
        raise BadInput("a paid invoke needs a FateLedger to take the fate point from")
    ledger.wallet(payer or by).check_can_spend(purpose=f"invoke {aspect.label}")


def pay_for_invoke(
    aspect: Aspect,
    by: str,
    effect: InvokeEffect,
    *,
    free: bool,
    beneficiary: str,
    ledger: FateLedger | None,
    paid_already: Set[str] = frozenset(),
    hostile: bool | None = None,
    payer: str | None = None,
) -> Invocation:
    """Check and pay for an invoke; return its record.

    ``beneficiary`` is the participant whose roll the invoke helps. A paid invoke of an aspect
    owned by someone else gives them the fate point after the scene; ``hostile`` overrides that
    judgement (for an ally's aspect, say).
    """
    check_invoke(aspect, by, free=free, ledger=ledger, paid_already=paid_already, payer=payer)
    return paid_for_invoke(
        aspect,
        by,
        effect,
        free=free,
        beneficiary=beneficiary,
        ledger=ledger,
        hostile=hostile,
        payer=payer,
    )


def paid_for_invoke(
    aspect: Aspect,
    by: str,
    effect: InvokeEffect,
    *,
    free: bool,
    beneficiary: str,
    ledger: FateLedger | None,
    hostile: bool | None = None,
    payer: str | None = None,
) -> Invocation:
    """What an invoke a table's log recorded paid, and its record (checked by no rule: see
    :func:`pay_for_invoke`): a free invoke used up, or a fate point paid (and one owed to the
    aspect's owner after the scene when it was hostile)."""
    hostile = is_hostile(aspect, by, beneficiary) if hostile is None else hostile
    if free:
        aspect.used_free_invoke(by)
        return Invocation(aspect.id, by, effect, True, False)
    if ledger is not None:
        ledger.wallet(payer or by).pay(1)
        if hostile and aspect.owner is not None:
            ledger.pay_after_scene(aspect.owner)
    return Invocation(aspect.id, by, effect, False, hostile)


def declare_story_detail(
    aspect: Aspect, by: str, detail: str, ledger: FateLedger, *, payer: str | None = None
) -> StoryDetail:
    """Spend a fate point on ``aspect`` to make ``detail`` true in the story; ``payer`` is whose
    supply pays when it is not ``by``'s own (a player's extra: see ``Game.payer``)."""
    if not detail.strip():
        raise BadInput("say what the story detail is")
    check_story_detail(aspect, by, ledger, payer=payer)
    return story_detail_declared(aspect, by, detail, ledger, payer=payer)


def check_story_detail(
    aspect: Aspect, by: str, ledger: FateLedger, *, payer: str | None = None
) -> None:
    """Refuse unless ``by`` may spend a fate point on ``aspect`` for a story detail now, whatever
    the detail: the aspect known to them and no boost, an organization's aspect theirs to use,
    the point there to pay (``payer``'s, as in :func:`declare_story_detail`). The table's offer
    of the move asks this, as the declaration does, in its two parts."""
    check_detail_on(aspect, by)
    check_detail_paid(by, ledger, payer=payer, label=aspect.label)


def check_detail_on(aspect: Aspect, by: str) -> None:
    """Refuse a story detail by ``by`` on ``aspect``, whoever pays: the aspect known to them
    and no boost, an organization's aspect theirs to use. :func:`check_story_detail`'s part
    that reads the aspect."""
    aspect.check_usable_by(by)
    if aspect.is_boost:
        refuse(f"{aspect.label} is a boost: it cannot be invoked with a fate point", BOOST_RULE)
    check_organization_invoke(aspect, by)


def check_detail_paid(
    by: str, ledger: FateLedger, *, payer: str | None = None, label: str = "an aspect"
) -> None:
    """Refuse unless the fate point for ``by``'s story detail is there to pay (``payer``'s, as
    in :func:`declare_story_detail`), whatever the aspect (``label`` names it in the refusal):
    :func:`check_story_detail`'s part that reads the ledger."""
    ledger.wallet(payer or by).check_can_spend(purpose=f"declare a story detail with {label}")


def story_detail_declared(
    aspect: Aspect, by: str, detail: str, ledger: FateLedger, *, payer: str | None = None
) -> StoryDetail:
    """A story detail a table's log recorded, its fate point paid (checked by no rule: see
    :func:`declare_story_detail`)."""
    ledger.wallet(payer or by).pay(1)
    return StoryDetail(aspect.id, by, detail.strip())
