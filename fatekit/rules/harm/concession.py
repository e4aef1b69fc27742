"""Conceding a conflict: when it is allowed and the fate points it earns.

A conceder gives up before the dice of an action hit the table, and earns one fate point plus
one for each consequence they took in this conflict, usable only once the conflict is over.
Consequences remember the conflict they were taken in (``ConsequenceSlot.conflict``, set by
:func:`fatekit.rules.harm.absorb.apply_plan`), which is how they are counted here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from fatekit.rules.aspects.fate_points import FateLedger, FatePoints
from fatekit.rules.core.citations import CONDENSED, rule
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.harm.consequences import ConsequenceSlot, HasConsequences

__all__ = [
    "CONCEDE_REWARD_RULE",
    "CONCEDE_TIMING_RULE",
    "Conceder",
    "Concession",
    "check_can_concede",
    "concede",
    "conceded",
    "concession_points",
    "consequences_taken_in",
]

CONCEDE_TIMING_RULE = rule(
    "conflict.concede-timing",
    CONDENSED,
    "Conflicts > Conceding",
    "A participant may concede at any point of an action up to the moment its dice are rolled, "
    "never after seeing them",
)
CONCEDE_REWARD_RULE = rule(
    "conflict.concede-reward",
    CONDENSED,
    "Conflicts > Conceding",
    "Conceding earns one fate point plus one for each consequence taken in this conflict, to be "
    "used once the conflict is over",
)


class Conceder(HasConsequences, Protocol):
    """What conceding needs of a character: its id and consequence slots."""

    @property
    def id(self) -> str:
        """The character's participant id."""
        ...


@dataclass(frozen=True, slots=True)
class Concession:
    """A concession: who gave up in which conflict, and the fate points it earned."""

    participant: str
    conflict: str
    fate_points: int
    consequences: tuple[str, ...]  # names of the consequences taken in this conflict


def check_can_concede(*, dice_rolled: bool) -> None:
    """Raise :class:`IllegalAction` if the current action's dice are already on the table.

    With an :class:`~fatekit.rules.aspects.rolling.ActionRoll`, the dice are down once its ``phase`` is
    no longer ``RollPhase.READY``.
    """
    if dice_rolled:
        raise IllegalAction(
            "the dice of this action are already rolled: concede before the next roll",
            CONCEDE_TIMING_RULE,
        )


def consequences_taken_in(target: Conceder, conflict: str) -> list[ConsequenceSlot]:
    """The character's slots holding a consequence taken in ``conflict``."""
    return [s for s in target.consequences if s.aspect is not None and s.conflict == conflict]


def concession_points(target: Conceder, conflict: str) -> int:
    """The fate points conceding ``conflict`` would earn now."""
    return 1 + len(consequences_taken_in(target, conflict))


def concede(
    target: Conceder,
    *,
    conflict: str,
    dice_rolled: bool,
    pay: FateLedger | FatePoints,
) -> Concession:
    """Concede ``conflict`` for ``target`` and credit the fate points it earns.

    ``pay`` is the ledger holding the character (points go to their own account: a PC's supply
    or what an NPC carries) or the character's :class:`FatePoints`. The points are pending:
    usable once the scene of the conflict ends.
    """
    if not conflict.strip():
        raise BadInput("say which conflict is being conceded")
    check_can_concede(dice_rolled=dice_rolled)
    if not isinstance(pay, FateLedger) and pay.owner != target.id:
        raise BadInput(f"these fate points belong to {pay.owner!r}, not {target.id!r}")
    return conceded(target, conflict, pay)


def conceded(target: Conceder, conflict: str, pay: FateLedger | FatePoints) -> Concession:
    """A concession as a table's log recorded it (checked by no rule: see :func:`concede`):
    the points it earned credited, usable once the scene ends."""
    taken = consequences_taken_in(target, conflict)
    points = 1 + len(taken)
    if isinstance(pay, FateLedger):
        pay.pay_after_scene(target.id, points)
    else:
        pay.gain_after_scene(points)
    names = tuple(s.aspect.name for s in taken if s.aspect is not None)
    return Concession(target.id, conflict, points, names)
