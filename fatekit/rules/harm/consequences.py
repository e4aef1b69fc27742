"""Consequence slots and the consequences written in them.

A :class:`ConsequenceSlot` has a severity, the shifts it absorbs, and the kind of harm it serves
(``Track.ANY`` for the standard slots; the extra mild slot of a Superb Physique or Will serves
only physical or only mental harm). A filled slot holds the consequence as an :class:`Aspect`
of kind ``CONSEQUENCE``. Treatment renames it and marks it as recovering; once enough time has
passed it is cleared and the slot is free again.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from fatekit.rules.aspects.aspects import Aspect
from fatekit.rules.core.citations import CONDENSED, rule
from fatekit.rules.core.clock import Clock, ClockMark, Moment
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.tracks import Track

__all__ = [
    "CONSEQUENCE_SLOT_RULE",
    "EXTREME_NO_RECOVERY_RULE",
    "SEVERITY_SHIFTS",
    "ConsequenceSlot",
    "HasConsequences",
    "Severity",
]

CONSEQUENCE_SLOT_RULE = rule(
    "consequence.slots",
    CONDENSED,
    "Taking Harm > Consequences",
    "A consequence slot holds one consequence at a time: mild absorbs 2 shifts, moderate 4, "
    "severe 6; an empty slot is needed to take one",
)
EXTREME_NO_RECOVERY_RULE = rule(
    "consequence.extreme-no-recovery",
    CONDENSED,
    "Optional Rules > Extreme Consequences",
    "An extreme consequence is permanent: it is never treated and never clears",
)


class Severity(StrEnum):
    """How bad a consequence is; :data:`SEVERITY_SHIFTS` gives the shifts each absorbs."""

    MILD = "mild"
    MODERATE = "moderate"
    SEVERE = "severe"
    EXTREME = "extreme"


#: Shifts a consequence of each severity absorbs.
SEVERITY_SHIFTS: Mapping[Severity, int] = {
    Severity.MILD: 2,
    Severity.MODERATE: 4,
    Severity.SEVERE: 6,
    Severity.EXTREME: 8,
}


@dataclass(slots=True)
class ConsequenceSlot:
    """One consequence slot on a character sheet, empty or holding a consequence.

    ``aspect`` is the consequence written in the slot (``None`` while it is free).
    ``recovering`` is set once treatment succeeds, with ``treated_at`` the clock at that moment.
    ``conflict`` names the conflict in which the consequence was taken, so a concession can
    count them, and ``taken_at`` is the clock when it was taken. ``replaced`` is the character
    aspect an extreme consequence took the place of.
    """

    severity: Severity
    shifts: int
    track: Track = Track.ANY
    aspect: Aspect | None = None
    recovering: bool = False
    treated_at: ClockMark | None = None
    conflict: str | None = None
    taken_at: ClockMark | None = None
    replaced: Aspect | None = None
    condition: str | None = None  # with the conditions option: the condition this box marks

    def __post_init__(self) -> None:
        # Accept the enums' string values (as read from a file), but nothing else.
        try:
            self.severity = Severity(self.severity)
            self.track = Track(self.track)
        except ValueError as err:
            raise BadInput(f"not a consequence slot: {err}") from None
        if isinstance(self.shifts, bool) or not isinstance(self.shifts, int) or self.shifts < 1:
            raise BadInput(f"a consequence slot absorbs at least 1 shift, not {self.shifts!r}")
        if self.recovering and self.aspect is None:
            raise BadInput("an empty consequence slot cannot be recovering")

    @classmethod
    def of(cls, severity: Severity, track: Track = Track.ANY) -> ConsequenceSlot:
        """An empty slot of ``severity`` absorbing the standard shifts for it."""
        return cls(severity, SEVERITY_SHIFTS[severity], track)

    @property
    def is_free(self) -> bool:
        """Whether the slot can take a new consequence."""
        return self.aspect is None

    def serves(self, harm: Track) -> bool:
        """Whether this slot can absorb ``harm`` (a ``Track.ANY`` slot takes every kind)."""
        return self.track is Track.ANY or self.track is harm

    def fill(
        self, aspect: Aspect, *, conflict: str | None = None, taken_at: ClockMark | None = None
    ) -> None:
        """Write a new consequence in this free slot."""
        if self.aspect is not None:
            raise IllegalAction(
                f"the {self.severity.value} slot already holds {self.aspect.label}",
                CONSEQUENCE_SLOT_RULE,
            )
        self.written(aspect, conflict=conflict, taken_at=taken_at)

    def written(
        self, aspect: Aspect, *, conflict: str | None = None, taken_at: ClockMark | None = None
    ) -> None:
        """A consequence written in this slot as a table's log recorded it (checked by no rule:
        see :meth:`fill`)."""
        self.aspect = aspect
        self.recovering = False
        self.treated_at = None
        self.conflict = conflict
        self.taken_at = taken_at

    def start_recovery(self, new_name: str, clock: Clock, moment: Moment = Moment.SCENE) -> None:
        """Rename the consequence to show it is healing and start its recovery time now, at
        ``moment`` of play (during a scene, between scenes, sessions or arcs).

        Whether treatment succeeded is for :mod:`fatekit.rules.harm.recovery` to decide; this only
        records it. Raises :class:`IllegalAction` for an empty slot, a consequence already
        recovering, or an extreme consequence (which never recovers).
        """
        self.check_can_start_recovery()
        if not new_name.strip():
            raise BadInput("give the recovering consequence its new name")
        self.recovery_started(new_name, clock.mark(moment))

    def recovery_started(self, new_name: str, mark: ClockMark) -> None:
        """The consequence renamed and recovering since ``mark``, as a table's log recorded it
        (checked by no rule: see :meth:`start_recovery`)."""
        if self.aspect is not None:
            self.aspect.name = new_name.strip()
        self.recovering = True
        self.treated_at = mark

    def check_can_start_recovery(self) -> Aspect:
        """The consequence in this slot, if it can start recovering; raise otherwise."""
        if self.aspect is None:
            raise IllegalAction(
                f"the {self.severity.value} slot holds no consequence to treat",
                CONSEQUENCE_SLOT_RULE,
            )
        if self.severity is Severity.EXTREME:
            raise IllegalAction(
                f"{self.aspect.label} is an extreme consequence and does not recover",
                EXTREME_NO_RECOVERY_RULE,
            )
        if self.recovering:
            raise IllegalAction(f"{self.aspect.label} is already recovering", CONSEQUENCE_SLOT_RULE)
        return self.aspect

    def clear(self) -> Aspect | None:
        """Empty the slot; return the consequence that was in it."""
        aspect = self.aspect
        self.aspect = None
        self.recovering = False
        self.treated_at = None
        self.conflict = None
        self.taken_at = None
        self.replaced = None
        return aspect


class HasConsequences(Protocol):
    """A character as far as its consequence slots go: what conceding, recovering and absorbing
    a hit all read (each adds what else it needs)."""

    @property
    def consequences(self) -> list[ConsequenceSlot]:
        """Consequence slots, free or filled."""
        ...
