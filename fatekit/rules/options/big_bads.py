"""Ways to break the rules for big bads: one opponent who can stand against the whole group.

Each way is a small value or function the conflict engine consults:

- :class:`Immunity`: challenge or contest immunity, which keeps attacks off the big bad until the
  group beats a challenge or wins a contest (or lets it get away if it wins the contest);
- :func:`expendable_minion`: expendable minion armor, a minion thrown into an attack's path;
- :class:`TrueForms`: reveal true form, successive sheets, with :func:`carry_consequences` for
  the gentler variant;
- :func:`scale_applies`: scale things up, even at tables that do not otherwise use scale;
- :class:`~fatekit.rules.options.big_bad_solo.SoloBonus` (in ``big_bad_solo``): the four solo
  bonuses;
- :class:`~fatekit.rules.options.big_bad_threats.Threat` (in ``big_bad_threats``): the threat as a
  map or a hive of parts that act and fall on the way to the heart.

:class:`BigBad` gathers the ways chosen for one big bad.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Protocol

from fatekit.rules.aspects.aspects import Aspect
from fatekit.rules.characters.character import Character
from fatekit.rules.core.citations import CONDENSED, Rule, rule
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.tracks import Track
from fatekit.rules.core.waivers import refuse
from fatekit.rules.harm.consequences import ConsequenceSlot, Severity
from fatekit.rules.options.big_bad_solo import SoloBonus
from fatekit.rules.options.big_bad_threats import Threat, Zones
from fatekit.rules.options.ruleset import OptionalRule, Ruleset

__all__ = [
    "CHALLENGE_IMMUNITY_RULE",
    "CONTEST_IMMUNITY_RULE",
    "MINION_ARMOR_RULE",
    "SCALE_UP_RULE",
    "TRUE_FORM_GENTLE_RULE",
    "TRUE_FORM_RULE",
    "BigBad",
    "Immunity",
    "ImmunityKind",
    "ImmunityState",
    "MinionShield",
    "SettledContest",
    "TrueForms",
    "carry_consequences",
    "expendable_minion",
    "scale_applies",
]


class SettledContest(Protocol):
    """What contest immunity needs of a contest (:class:`~fatekit.rules.scenes.contest.Contest`)."""

    @property
    def sides(self) -> Mapping[str, object]:
        """The contest's sides, by name."""
        ...

    @property
    def winner(self) -> str | None:
        """The side that won, once one has."""
        ...


_SECTION = "Optional Rules > Ways to Break the Rules for Big Bads"

CHALLENGE_IMMUNITY_RULE = rule(
    "big-bad.challenge-immunity",
    CONDENSED,
    f"{_SECTION} > Challenge or Contest Immunity",
    "With challenge immunity the big bad cannot be harmed directly (physically, mentally or both) "
    "until the group beats a challenge; meanwhile it acts freely",
)
CONTEST_IMMUNITY_RULE = rule(
    "big-bad.contest-immunity",
    CONDENSED,
    f"{_SECTION} > Challenge or Contest Immunity",
    "With contest immunity the group must win a contest before attacking the big bad, which may "
    "attack them meanwhile; if it wins the contest it gets away with its scheme unharmed",
)
MINION_ARMOR_RULE = rule(
    "big-bad.minion-armor",
    CONDENSED,
    f"{_SECTION} > Expendable Minion Armor",
    "The big bad may succeed at a cost on a defence against an attack by putting a minion in the "
    "way: the minion does not defend and takes the hit instead",
)
TRUE_FORM_RULE = rule(
    "big-bad.true-form",
    CONDENSED,
    f"{_SECTION} > Reveal True Form",
    "A big bad with a true form is two or more characters beaten one after another; taking out "
    "one form brings on the next, with its own sheet and fresh stress and consequences",
)
TRUE_FORM_GENTLE_RULE = rule(
    "big-bad.true-form.gentle",
    CONDENSED,
    f"{_SECTION} > Reveal True Form",
    "In the gentler variant the next form keeps the consequences taken so far: mild ones go, "
    "moderate and severe ones drop one step",
)
SCALE_UP_RULE = rule(
    "big-bad.scale-up",
    CONDENSED,
    f"{_SECTION} > Scale Things Up",
    "A big bad may act at a higher scale than the PCs, even where scale is not otherwise in play",
)


# -- challenge and contest immunity ----------------------------------------------------------


class ImmunityKind(StrEnum):
    """What the group must get through before it can harm the big bad."""

    CHALLENGE = "challenge"
    CONTEST = "contest"


class ImmunityState(StrEnum):
    """Where the immunity stands."""

    ACTIVE = "active"  # the big bad cannot be harmed directly yet
    BROKEN = "broken"  # the group got through: attack at will
    ESCAPED = "escaped"  # the big bad won the contest and got away unharmed


@dataclass(frozen=True, slots=True)
class Immunity:
    """Challenge or contest immunity against one kind of harm (``Track.ANY``: both kinds)."""

    kind: ImmunityKind
    harm: Track = Track.ANY
    state: ImmunityState = ImmunityState.ACTIVE

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "kind", ImmunityKind(self.kind))
            object.__setattr__(self, "harm", Track(self.harm))
            object.__setattr__(self, "state", ImmunityState(self.state))
        except ValueError as error:
            raise BadInput(f"not an immunity: {error}") from None

    @property
    def broken_rule(self) -> Rule:
        """The rule an attack breaks while this immunity holds."""
        if self.kind is ImmunityKind.CHALLENGE:
            return CHALLENGE_IMMUNITY_RULE
        return CONTEST_IMMUNITY_RULE

    def protects_against(self, harm: Track) -> bool:
        """Whether an attack dealing ``harm`` cannot touch the big bad now."""
        if self.state is ImmunityState.ESCAPED:
            return True
        if self.state is ImmunityState.BROKEN:
            return False
        return self.harm is Track.ANY or harm is Track.ANY or self.harm is harm

    def check_attack(self, target: str, harm: Track) -> None:
        """Raise :class:`IllegalAction` if an attack of this kind on the big bad is not allowed."""
        if not self.protects_against(harm):
            return
        which = self.broken_rule
        if self.state is ImmunityState.ESCAPED:
            raise IllegalAction(f"{target} won the contest and got away", which)
        refuse(
            f"{target} cannot be harmed directly until the group wins the {self.kind.value}",
            which,
        )

    def challenge_beaten(self) -> Immunity:
        """The immunity once the GM judges the group has beaten the challenge."""
        if self.kind is not ImmunityKind.CHALLENGE:
            raise BadInput("this is contest immunity: settle it with contest_won_by")
        self._check_active()
        return replace(self, state=ImmunityState.BROKEN)

    def contest_won_by(self, winner: str, big_bad_side: str) -> Immunity:
        """The immunity once the contest has a winner: broken, or the big bad gets away."""
        if self.kind is not ImmunityKind.CONTEST:
            raise BadInput("this is challenge immunity: settle it with challenge_beaten")
        self._check_active()
        escaped = winner == big_bad_side
        return replace(self, state=ImmunityState.ESCAPED if escaped else ImmunityState.BROKEN)

    def after_contest(self, contest: SettledContest, big_bad_side: str) -> Immunity:
        """The immunity once ``contest`` is over."""
        if big_bad_side not in contest.sides:
            raise BadInput(f"{big_bad_side!r} is not a side of the contest")
        if contest.winner is None:
            raise IllegalAction("the contest has no winner yet", CONTEST_IMMUNITY_RULE)
        return self.contest_won_by(contest.winner, big_bad_side)

    def as_recorded(self, state: ImmunityState | str) -> Immunity:
        """The immunity at ``state``, as a table's log recorded it (checked by no rule)."""
        return replace(self, state=ImmunityState(state))

    def _check_active(self) -> None:
        if self.state is not ImmunityState.ACTIVE:
            raise IllegalAction(f"the immunity is already {self.state.value}", self.broken_rule)


# -- expendable minion armor -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MinionShield:
    """A minion thrown in the way: it takes the hit, and the big bad's defence succeeds."""

    big_bad: str
    minion: str
    shifts: int


def expendable_minion(
    big_bad: str,
    minion: str,
    shifts: int,
    *,
    minions: Iterable[str],
    active: Iterable[str],
    zones: Zones | None = None,
) -> MinionShield:
    """Check that ``minion`` may take a hit of ``shifts`` meant for ``big_bad``.

    ``minions`` are the big bad's expendable minions; ``active`` everyone still in the conflict.
    With ``zones`` the minion must share the big bad's zone to step into the attack's path.
    """
    if isinstance(shifts, bool) or not isinstance(shifts, int):
        raise BadInput(f"a hit is a whole number of shifts, not {shifts!r}")
    if shifts < 1:
        raise IllegalAction("there is no hit to throw a minion in front of", MINION_ARMOR_RULE)
    if minion == big_bad or minion not in set(minions):
        raise IllegalAction(f"{minion} is not one of {big_bad}'s minions", MINION_ARMOR_RULE)
    if minion not in set(active):
        raise IllegalAction(f"{minion} is out of the conflict", MINION_ARMOR_RULE)
    if (
        zones is not None
        and big_bad in zones.positions
        and minion in zones.positions
        and not zones.can_interact(big_bad, minion)
    ):
        refuse(f"{minion} is too far from {big_bad} to get in the way", MINION_ARMOR_RULE)
    return MinionShield(big_bad, minion, shifts)


# -- reveal true form ------------------------------------------------------------------------

_ONE_STEP_DOWN: dict[Severity, Severity | None] = {
    Severity.MILD: None,
    Severity.MODERATE: Severity.MILD,
    Severity.SEVERE: Severity.MODERATE,
    Severity.EXTREME: Severity.SEVERE,
}


def carry_consequences(old: Character, new: Character) -> list[Aspect]:
    """Write ``old``'s consequences on ``new``, mild ones dropped and the rest one step down.

    Each goes in a free slot of its new severity that serves the same harm; failing that the
    next more severe free slot; failing that a slot added for it, so none is lost. The
    consequence keeps its name and any free invokes left on it. Returns the carried aspects.
    """
    carried: list[Aspect] = []
    for slot in old.consequences:
        if slot.aspect is None:
            continue
        severity = _ONE_STEP_DOWN[slot.severity]
        if severity is None:
            continue
        aspect = copy.deepcopy(slot.aspect)
        aspect.owner = new.id
        _slot_for(new, severity, slot.track).fill(
            aspect, conflict=slot.conflict, taken_at=slot.taken_at
        )
        carried.append(aspect)
    return carried


_ORDER = (Severity.MILD, Severity.MODERATE, Severity.SEVERE)


def _slot_for(sheet: Character, severity: Severity, track: Track) -> ConsequenceSlot:
    for wanted in _ORDER[_ORDER.index(severity) :]:
        for slot in sheet.consequences:
            if slot.is_free and slot.severity is wanted and slot.track is track:
                return slot
    added = ConsequenceSlot.of(severity, track)
    sheet.consequences.append(added)
    return added


@dataclass(frozen=True, slots=True)
class TrueForms:
    """A big bad's successive forms (sheets sharing one participant id) and which is current.

    The sheets given are templates: :meth:`reveal` hands out a fresh copy of the next one.
    ``gentle`` carries consequences forward (see :func:`carry_consequences`).
    """

    forms: tuple[Character, ...]
    gentle: bool = False
    current: int = 0

    def __post_init__(self) -> None:
        if len(self.forms) < 2:
            raise IllegalAction("a true form needs at least two forms", TRUE_FORM_RULE)
        ids = {f.id for f in self.forms}
        if len(ids) != 1:
            raise BadInput(f"every form plays the same participant; got ids {sorted(ids)}")
        if not 0 <= self.current < len(self.forms):
            raise BadInput(f"there is no form number {self.current}")

    @classmethod
    def of(cls, forms: Sequence[Character], *, gentle: bool = False) -> TrueForms:
        """The forms in the order they are revealed, the first one current."""
        return cls(tuple(forms), gentle)

    @property
    def participant(self) -> str:
        """The participant id every form plays under."""
        return self.forms[0].id

    @property
    def has_next(self) -> bool:
        """Whether taking out the current form reveals another."""
        return self.current + 1 < len(self.forms)

    def first(self) -> Character:
        """A fresh copy of the first form's sheet, to start the conflict with."""
        return copy.deepcopy(self.forms[0])

    def reveal(self, taken_out: Character) -> tuple[TrueForms, Character]:
        """The next form, now that ``taken_out`` (the current form's sheet in play) is out.

        Returns the advanced forms and a fresh copy of the next sheet, carrying consequences
        forward in the gentle variant. Raises :class:`IllegalAction` after the last form.
        """
        if taken_out.id != self.participant:
            raise BadInput(f"{taken_out.id!r} is not a form of {self.participant!r}")
        if not self.has_next:
            raise IllegalAction(
                f"{self.participant} has no form left to reveal: it is beaten", TRUE_FORM_RULE
            )
        forms, sheet = self.revealed_next()
        if self.gentle:
            carry_consequences(taken_out, sheet)
        return forms, sheet

    def revealed_next(self) -> tuple[TrueForms, Character]:
        """The forms once the next is shown, and a fresh copy of its sheet, as a table's log
        recorded it (checked by no rule; what a gentle reveal carries over is the log's too:
        see :meth:`reveal`)."""
        sheet = copy.deepcopy(self.forms[self.current + 1])
        return self._at(self.current + 1), sheet

    @classmethod
    def as_recorded(cls, forms: Sequence[Character], *, gentle: bool = False) -> TrueForms:
        """The forms a table's log set, the first current (checked by no rule: see :meth:`of`)."""
        made = cls.__new__(cls)
        object.__setattr__(made, "forms", tuple(forms))
        object.__setattr__(made, "gentle", gentle)
        object.__setattr__(made, "current", 0)
        return made

    def _at(self, current: int) -> TrueForms:
        made = copy.copy(self)
        object.__setattr__(made, "current", current)
        return made


# -- scale things up -------------------------------------------------------------------------


def scale_applies(ruleset: Ruleset, *, big_bad_involved: bool) -> bool:
    """Whether scale counts on a roll: always with the scale option, and for big bads with them."""
    if ruleset.has(OptionalRule.SCALE):
        return True
    return big_bad_involved and ruleset.has(OptionalRule.BIG_BADS)


# -- a big bad and its ways ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BigBad:
    """The rule breaks chosen for one big bad (participant ``id``); each is optional."""

    id: str
    immunity: Immunity | None = None
    minions: tuple[str, ...] = ()
    forms: TrueForms | None = None
    scale: str | None = None
    solo: SoloBonus = field(default_factory=SoloBonus)
    threat: Threat | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not self.id.strip():
            raise BadInput("a big bad needs its participant id")
        if self.id in self.minions:
            raise BadInput(f"{self.id} cannot be its own minion")
        if self.forms is not None and self.forms.participant != self.id:
            raise BadInput(f"the forms play {self.forms.participant!r}, not {self.id!r}")

    def check_attack(self, harm: Track) -> None:
        """Raise if the big bad cannot be attacked with ``harm`` now (its immunity holds)."""
        if self.immunity is not None:
            self.immunity.check_attack(self.id, harm)

    def shield_with(
        self,
        minion: str,
        shifts: int,
        *,
        active: Iterable[str],
        zones: Zones | None = None,
    ) -> MinionShield:
        """Throw one of its minions in front of a hit (see :func:`expendable_minion`)."""
        if not self.minions:
            raise IllegalAction(f"{self.id} has no expendable minions", MINION_ARMOR_RULE)
        return expendable_minion(
            self.id, minion, shifts, minions=self.minions, active=active, zones=zones
        )
