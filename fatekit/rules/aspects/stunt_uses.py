"""Using a stunt: its fate point paid, its once-per-scene or once-per-session use counted.

A game keeps one :class:`StuntUses` beside its :class:`~fatekit.rules.aspects.fate_points.FateLedger`;
a roll that applies a stunt (:meth:`fatekit.rules.aspects.rolling.ActionRoll.use_stunt`) and a stunt
used on its own (a rule exception, a boost out of nowhere) both go through :meth:`StuntUses.use`.
A spent stunt is refused under :data:`~fatekit.rules.aspects.stunts.STUNT_USES_RULE`, which a GM
may set aside for one move (:mod:`fatekit.rules.core.waivers`).

    >>> from fatekit.rules.core.clock import Clock
    >>> from fatekit.rules.aspects.stunts import Stunt, StuntCost, RuleException
    >>> uses = StuntUses(Clock())
    >>> unbeliever = Stunt("Unbeliever", RuleException("ignore magic"), cost=StuntCost.ONCE_PER_SESSION)
    >>> uses.use("ruth", unbeliever)
    >>> uses.spent("ruth", unbeliever)
    True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from fatekit.rules.aspects.aspects import Aspect, AspectsInPlay
from fatekit.rules.aspects.fate_points import FateLedger
from fatekit.rules.aspects.stunts import (
    RULE_STUNT_RULE,
    STUNT_COST_RULE,
    STUNT_USES_RULE,
    GrantsBoost,
    Stunt,
    StuntCost,
)
from fatekit.rules.core.actions import Action
from fatekit.rules.core.clock import Clock, ClockMark
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.waivers import refuse


class StuntHolder(Protocol):
    """What the stunts' bookkeeping needs of a character: who it is and the stunts it has (the
    aspects layer sits below characters, so it names no Character)."""

    @property
    def id(self) -> str: ...

    @property
    def stunts(self) -> Sequence[Stunt]: ...


__all__ = [
    "StuntHolder",
    "StuntOffer",
    "StuntUses",
    "check_use_alone",
    "default_stunts",
    "stunt_offers",
    "use_alone",
    "used_alone",
]


class StuntUses:
    """When each character last used each of their limited stunts, read against ``clock``."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self._used: dict[tuple[str, str], ClockMark] = {}

    def last_used(self, who: str, name: str) -> ClockMark | None:
        """When ``who`` last used the stunt called ``name`` (``None``: not since it counts)."""
        return self._used.get((who, name))

    def of(self, who: str) -> dict[str, ClockMark]:
        """``who``'s recorded uses, by stunt name."""
        return {name: mark for (owner, name), mark in self._used.items() if owner == who}

    def recorded(self) -> dict[tuple[str, str], ClockMark]:
        """Every recorded use, by ``(who, stunt name)``."""
        return dict(self._used)

    def assign(self, who: str, name: str, mark: ClockMark | None) -> None:
        """Set when ``who`` last used the stunt ``name`` to what a table's log recorded
        (``None``: not since it counts): an assignment, checked by no rule."""
        if mark is None:
            self._used.pop((who, name), None)
        else:
            self._used[(who, name)] = mark

    def restore(self, who: str, uses: Mapping[str, ClockMark]) -> None:
        """Take ``who``'s recorded uses from their sheet (a character joining the game)."""
        for name, mark in uses.items():
            self._used[(who, name)] = mark

    def forget(self, who: str) -> None:
        """Drop ``who``'s uses (a character leaving the game)."""
        for key in [k for k in self._used if k[0] == who]:
            del self._used[key]

    def spent(self, who: str, stunt: Stunt) -> bool:
        """Whether ``who``'s ``stunt`` is used up until the next scene or session."""
        mark = self._used.get((who, stunt.name))
        if mark is None or not stunt.cost.limited:
            return False
        if stunt.cost is StuntCost.ONCE_PER_SCENE:
            return mark.scenes_ended == self.clock.scenes_ended
        return mark.sessions_ended == self.clock.sessions_ended

    def check(
        self, who: str, stunt: Stunt, ledger: FateLedger | None = None, *, payer: str | None = None
    ) -> None:
        """Refuse (waivably) a spent stunt, or one whose fate point ``who`` does not have
        (``payer``: whose supply pays it when not ``who``'s own, a player's extra's)."""
        if self.spent(who, stunt):
            when = "scene" if stunt.cost is StuntCost.ONCE_PER_SCENE else "session"
            refuse(f"{stunt.name!r} is already used this {when}", STUNT_USES_RULE)
        if stunt.cost is StuntCost.FATE_POINT:
            if ledger is None:
                raise BadInput("a stunt that costs a fate point needs a FateLedger")
            ledger.wallet(payer or who).check_can_spend(1, purpose=f"use stunt {stunt.name!r}")

    def use(
        self, who: str, stunt: Stunt, ledger: FateLedger | None = None, *, payer: str | None = None
    ) -> None:
        """Use ``stunt`` for ``who``: refuse it if spent, pay its fate point, count its use."""
        if stunt.always_on:
            refuse(
                f"{stunt.name!r} changes the sheet itself; there is nothing to use",
                STUNT_COST_RULE,
            )
            return
        self.check(who, stunt, ledger, payer=payer)
        self.count_use(who, stunt, ledger, payer=payer)

    def count_use(
        self, who: str, stunt: Stunt, ledger: FateLedger | None = None, *, payer: str | None = None
    ) -> None:
        """Pay ``stunt``'s fate point and count a limited use, as a table's log recorded it
        (checked by no rule: see :meth:`use`)."""
        if stunt.always_on:
            return
        if stunt.cost is StuntCost.FATE_POINT and ledger is not None:
            ledger.wallet(payer or who).pay(1)
        if stunt.cost.limited:
            self._used[(who, stunt.name)] = self.clock.mark()


def use_alone(
    uses: StuntUses,
    who: str,
    stunt: Stunt,
    ledger: FateLedger | None = None,
    aspects: AspectsInPlay | None = None,
    *,
    payer: str | None = None,
) -> Aspect | None:
    """Use ``who``'s ``stunt`` on its own, not on a roll: a rule exception or a true detail (the
    table judges what it does), or a boost out of nowhere, made in ``aspects`` (the scene's) and
    returned. Its fate point is paid and a limited use counted; a spent one is refused, and so,
    waivably, is a stunt that works on a roll (apply it there, where its bonus counts)."""
    check_use_alone(uses, who, stunt, ledger, aspects, payer=payer)
    uses.count_use(who, stunt, ledger, payer=payer)
    return used_alone(uses, who, stunt, ledger, aspects)


def check_use_alone(
    uses: StuntUses,
    who: str,
    stunt: Stunt,
    ledger: FateLedger | None = None,
    aspects: AspectsInPlay | None = None,
    *,
    payer: str | None = None,
) -> None:
    """Refuse to use ``who``'s ``stunt`` on its own now: what :func:`use_alone` checks before it
    counts anything, and what a table offers the move by."""
    if not stunt.used_outside_rolls:
        refuse(
            f"{stunt.name!r} works on a roll of the skill it names: apply it on that roll",
            RULE_STUNT_RULE,
        )
    if isinstance(stunt.effect, GrantsBoost) and aspects is None:
        raise BadInput(f"{stunt.name!r} grants a boost: use it in a scene")
    if stunt.always_on:
        refuse(
            f"{stunt.name!r} changes the sheet itself; there is nothing to use",
            STUNT_COST_RULE,
        )
        return
    uses.check(who, stunt, ledger, payer=payer)


def used_alone(
    uses: StuntUses,
    who: str,
    stunt: Stunt,
    ledger: FateLedger | None = None,
    aspects: AspectsInPlay | None = None,
    *,
    counted: bool = True,
) -> Aspect | None:
    """What using ``stunt`` on its own did, as a table's log recorded it (checked by no rule:
    see :func:`use_alone`): its use counted and paid (unless ``counted`` already), and a boost
    out of nowhere made in ``aspects``."""
    if not counted:
        uses.count_use(who, stunt, ledger)
    if isinstance(stunt.effect, GrantsBoost) and aspects is not None:
        return aspects.create_boost(who)
    return None


@dataclass(frozen=True, slots=True)
class StuntOffer:
    """One of a character's stunts that does something on a roll: what it adds (``bonus``),
    whether it is ``spent`` until the next scene or session, and whether the table applies it
    when the player names no stunts (``by_default``: free, not spent, and adding something)."""

    stunt: Stunt
    bonus: int
    spent: bool
    by_default: bool


def stunt_offers(
    character: StuntHolder,
    skill: str,
    action: Action,
    uses: StuntUses | None = None,
    second: str | None = None,
) -> list[StuntOffer]:
    """The stunts of ``character`` that do something on a roll of ``skill`` for ``action``, as
    the engine offers them on every roll, whoever the opponent is: the player confirms each
    one's circumstance. A free one that adds a bonus, a boost or a free invoke applies unless
    the player leaves it out (stunts are free whenever they apply); one that costs a fate point
    or a limited use is the player's to choose; a spent one is offered as spent. With two
    combined lists, ``second`` is the second list's skill the roll adds: a stunt naming it is
    offered too."""
    offers = []
    rolled = skill
    for stunt in character.stunts:
        skill = stunt.skill_on(rolled, second)
        if not stunt.applies_to(skill, action):
            continue
        spent = uses is not None and uses.spent(character.id, stunt)
        adds = bool(
            stunt.bonus_for(skill, action)
            or stunt.extra_free_invokes(skill, action)
            or stunt.boost_on(skill, action)
        )
        offers.append(
            StuntOffer(
                stunt,
                stunt.bonus_for(skill, action),
                spent,
                adds and stunt.cost is StuntCost.FREE and not spent,
            )
        )
    return offers


def default_stunts(
    character: StuntHolder,
    skill: str,
    action: Action,
    uses: StuntUses | None = None,
    second: str | None = None,
) -> tuple[str, ...]:
    """The names of the stunts a roll applies when its player names none (see
    :func:`stunt_offers`)."""
    offers = stunt_offers(character, skill, action, uses, second)
    return tuple(o.stunt.name for o in offers if o.by_default)
