"""Ways to break the rules for big bads: one opponent who can stand against the whole group.

Each way is a small value or function the conflict engine consults:

- :class:`Immunity`: challenge or contest immunity, which keeps attacks off the big bad until the
  group beats a challenge or wins a contest (or lets it get away if it wins the contest);
- :func:`expendable_minion`: expendable minion armor, a minion thrown into an attack's path;
- :class:`TrueForms`: reveal true form, successive sheets, with :func:`carry_consequences` for
  the gentler variant;
- :func:`scale_applies`: scale things up, even at tables that do not otherwise use scale;
- :class:`SoloBonus` and the :class:`Facing` it reads: the four solo bonuses;
- :class:`Threat`: the threat as a map or a hive of parts that act and fall on the way to the heart.

:class:`BigBad` gathers the ways chosen for one big bad.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Iterable, Sequence, Set
from dataclasses import dataclass, field, replace
from enum import StrEnum

from fatekit.rules.aspects.aspects import Aspect
from fatekit.rules.aspects.invokes import InvokeEffect
from fatekit.rules.aspects.stunts import Track
from fatekit.rules.characters.character import Character
from fatekit.rules.core.citations import CONDENSED, Rule, rule
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.outcomes import Bonus, BonusKind
from fatekit.rules.harm.consequences import ConsequenceSlot, Severity
from fatekit.rules.options.ruleset import OptionalRule, Ruleset
from fatekit.rules.scenes.contest import Contest
from fatekit.rules.scenes.zones import ZoneMap

__all__ = [
    "AMPLIFIED_INVOKES_RULE",
    "CHALLENGE_IMMUNITY_RULE",
    "CONTEST_IMMUNITY_RULE",
    "MINION_ARMOR_RULE",
    "SCALE_UP_RULE",
    "SOLO_SKILL_RULE",
    "SOLO_STRESS_RULE",
    "SUPPRESSED_INVOKES_RULE",
    "THREAT_MAP_RULE",
    "TRUE_FORM_GENTLE_RULE",
    "TRUE_FORM_RULE",
    "BigBad",
    "Facing",
    "Immunity",
    "ImmunityKind",
    "ImmunityState",
    "MinionShield",
    "SoloBonus",
    "SuppressMode",
    "Threat",
    "ThreatPart",
    "TrueForms",
    "amplified_invoke_bonus",
    "carry_consequences",
    "expendable_minion",
    "invoke_adjustment",
    "scale_applies",
    "solo_skill_bonus",
    "solo_stress_reduction",
    "suppressed_invoke_bonus",
]

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
SOLO_SKILL_RULE = rule(
    "big-bad.solo.skill",
    CONDENSED,
    f"{_SECTION} > Solo Bonus",
    "A big bad alone against the group adds the group's largest teamwork bonus (PCs less one) to "
    "its skill rolls, at most doubling the skill unless the table lifts that cap too",
)
SOLO_STRESS_RULE = rule(
    "big-bad.solo.stress",
    CONDENSED,
    f"{_SECTION} > Solo Bonus",
    "A big bad alone against the group takes hits reduced by half the number of PCs, rounded up; "
    "optionally no hit is reduced below 1",
)
AMPLIFIED_INVOKES_RULE = rule(
    "big-bad.solo.amplified-invokes",
    CONDENSED,
    f"{_SECTION} > Solo Bonus",
    "A big bad alone against the group gets a bonus equal to the number of PCs from each invoke it "
    "pays a fate point for; free invokes stay as they are",
)
SUPPRESSED_INVOKES_RULE = rule(
    "big-bad.solo.suppressed-invokes",
    CONDENSED,
    f"{_SECTION} > Solo Bonus",
    "Against a big bad alone facing two or more foes, their invokes used directly against it give "
    "only +1, or only rerolls; optionally they cannot stack free invokes",
)
THREAT_MAP_RULE = rule(
    "big-bad.threat-map",
    CONDENSED,
    f"{_SECTION} > The Threat is a Map (or a Hive of Characters)",
    "A big bad may be a map of zones or a hive of parts, each a character that acts on its own; "
    "parts taken out stop acting and may be passed, and the big bad falls only with its heart",
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
        raise IllegalAction(
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

    def after_contest(self, contest: Contest, big_bad_side: str) -> Immunity:
        """The immunity once ``contest`` is over."""
        if big_bad_side not in contest.sides:
            raise BadInput(f"{big_bad_side!r} is not a side of the contest")
        if contest.winner is None:
            raise IllegalAction("the contest has no winner yet", CONTEST_IMMUNITY_RULE)
        return self.contest_won_by(contest.winner, big_bad_side)

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
    zones: ZoneMap | None = None,
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
        raise IllegalAction(
            f"{minion} is too far from {big_bad} to get in the way", MINION_ARMOR_RULE
        )
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
        sheet = copy.deepcopy(self.forms[self.current + 1])
        if self.gentle:
            carry_consequences(taken_out, sheet)
        return replace(self, current=self.current + 1), sheet


# -- scale things up -------------------------------------------------------------------------


def scale_applies(ruleset: Ruleset, *, big_bad_involved: bool) -> bool:
    """Whether scale counts on a roll: always with the scale option, and for big bads with them."""
    if ruleset.has(OptionalRule.SCALE):
        return True
    return big_bad_involved and ruleset.has(OptionalRule.BIG_BADS)


# -- solo bonuses ----------------------------------------------------------------------------


def _check_count(what: str, value: int, least: int = 0) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise BadInput(f"{what} is a whole number of {least} or more, not {value!r}")


def solo_skill_bonus(pcs: int, skill: int, *, capped: bool = True) -> int:
    """The solo skill bonus: PCs less one, at most the skill itself (so at most double it)."""
    _check_count("the number of PCs", pcs)
    bonus = max(0, pcs - 1)
    return min(bonus, max(skill, 0)) if capped else bonus


def solo_stress_reduction(shifts: int, pcs: int, *, floor_one: bool = False) -> int:
    """A hit on the big bad after the solo reduction of half the PCs, rounded up.

    With ``floor_one`` a hit is never reduced below 1. A hit of 0 or less stays as it is.
    """
    _check_count("the number of PCs", pcs)
    if isinstance(shifts, bool) or not isinstance(shifts, int):
        raise BadInput(f"a hit is a whole number of shifts, not {shifts!r}")
    if shifts <= 0:
        return shifts
    reduced = shifts - math.ceil(pcs / 2)
    return max(reduced, 1 if floor_one else 0)


def amplified_invoke_bonus(pcs: int, *, free: bool) -> int:
    """The bonus of one of the big bad's invokes: the number of PCs for a paid one.

    A free invoke gives the usual +2; a paid one never gives less than that.
    """
    _check_count("the number of PCs", pcs)
    return 2 if free else max(2, pcs)


class SuppressMode(StrEnum):
    """How the foes' invokes against a solo big bad are held down."""

    PLUS_ONE = "plus_one"  # invokes give +1 instead of +2
    REROLL_ONLY = "reroll_only"  # invokes may only reroll


def suppressed_invoke_bonus(effect: InvokeEffect | str, mode: SuppressMode | str, foes: int) -> int:
    """The bonus an invoke used directly against the big bad gives (0 for a reroll).

    Raises :class:`IllegalAction` for a bonus invoke when only rerolls are allowed. Facing fewer
    than two foes, invokes work as usual.
    """
    chosen = _effect(effect)
    try:
        suppress = SuppressMode(mode)
    except ValueError:
        raise BadInput(f"not a way to suppress invokes: {mode!r}") from None
    _check_count("the number of foes", foes)
    if chosen is InvokeEffect.REROLL:
        return 0
    if foes < 2:
        return 2
    if suppress is SuppressMode.PLUS_ONE:
        return 1
    raise IllegalAction(
        "invokes against this big bad may only reroll the dice", SUPPRESSED_INVOKES_RULE
    )


def _effect(effect: InvokeEffect | str) -> InvokeEffect:
    try:
        return InvokeEffect(effect)
    except ValueError:
        valid = ", ".join(e.value for e in InvokeEffect)
        raise BadInput(f"not an invoke effect: {effect!r}; choose from {valid}") from None


def invoke_adjustment(bonus: int, source: str = "") -> Bonus | None:
    """The bonus that turns an invoke's usual +2 into ``bonus`` (``None`` when it is +2)."""
    if bonus == 2:
        return None
    return Bonus(BonusKind.OTHER, bonus - 2, source or f"invoke worth {bonus:+d}")


@dataclass(frozen=True, slots=True)
class Facing:
    """Whom a big bad faces now: the opposing PCs, and allies still fighting beside it."""

    pcs: int
    allies: int = 0

    def __post_init__(self) -> None:
        _check_count("the number of PCs", self.pcs)
        _check_count("the number of allies", self.allies)

    @property
    def solo(self) -> bool:
        """Whether the big bad stands alone against the group, when solo bonuses apply."""
        return self.allies == 0 and self.pcs >= 1


@dataclass(frozen=True, slots=True)
class SoloBonus:
    """Which solo bonuses a big bad has, with their options.

    ``skill`` adds the solo skill bonus (``skill_capped``: at most double the skill). ``stress``
    reduces hits (``stress_floor_one``: never below 1). ``amplified`` makes paid invokes worth
    the number of PCs. ``suppress`` holds down the foes' invokes against it, and
    ``no_free_stacking`` allows them one free invoke per roll against it.
    """

    skill: bool = False
    skill_capped: bool = True
    stress: bool = False
    stress_floor_one: bool = False
    amplified: bool = False
    suppress: SuppressMode | None = None
    no_free_stacking: bool = False

    def __post_init__(self) -> None:
        if self.suppress is not None:
            try:
                object.__setattr__(self, "suppress", SuppressMode(self.suppress))
            except ValueError:
                raise BadInput(f"not a way to suppress invokes: {self.suppress!r}") from None
        if self.no_free_stacking and self.suppress is None:
            raise BadInput("stopping free invokes from stacking goes with suppressed invokes")

    def skill_bonus(self, rating: int, facing: Facing) -> Bonus | None:
        """The bonus to add to one of the big bad's skill rolls (``None``: no bonus)."""
        if not self.skill or not facing.solo:
            return None
        amount = solo_skill_bonus(facing.pcs, rating, capped=self.skill_capped)
        return Bonus(BonusKind.OTHER, amount, "solo bonus") if amount else None

    def reduce_hit(self, shifts: int, facing: Facing) -> int:
        """A hit on the big bad after the solo stress reduction, when it applies."""
        if not self.stress or not facing.solo:
            return shifts
        return solo_stress_reduction(shifts, facing.pcs, floor_one=self.stress_floor_one)

    def own_invoke_bonus(self, facing: Facing, *, free: bool) -> int:
        """What one of the big bad's own invokes for a bonus is worth."""
        if not self.amplified or not facing.solo:
            return 2
        return amplified_invoke_bonus(facing.pcs, free=free)

    def invoke_against(
        self,
        effect: InvokeEffect | str,
        facing: Facing,
        *,
        free: bool,
        free_invokes_on_roll: int = 0,
    ) -> int:
        """What a foe's invoke used directly against the big bad is worth (0 for a reroll).

        ``free_invokes_on_roll`` counts free invokes already spent on the same roll. Raises
        :class:`IllegalAction` for an invoke the suppression forbids.
        """
        chosen = _effect(effect)
        if self.suppress is None or not facing.solo:
            return 0 if chosen is InvokeEffect.REROLL else 2
        if free and self.no_free_stacking and facing.pcs >= 2 and free_invokes_on_roll >= 1:
            raise IllegalAction(
                "free invokes cannot be stacked against this big bad", SUPPRESSED_INVOKES_RULE
            )
        return suppressed_invoke_bonus(chosen, self.suppress, facing.pcs)


# -- the threat is a map, or a hive ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ThreatPart:
    """One part of a big bad, played as a character with ``id`` as its participant id.

    On a map the part is a ``zone`` and acts against foes in it, or up to ``reach`` zones away
    (a limb). ``behind`` lists parts that must be taken out before this one can be attacked.
    """

    id: str
    zone: str | None = None
    reach: int = 0
    behind: frozenset[str] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not self.id.strip():
            raise BadInput("a part of a threat needs an id")
        _check_count(f"part {self.id!r}'s reach", self.reach)
        if self.reach and self.zone is None:
            raise BadInput(f"part {self.id!r} reaches other zones but is not a zone itself")
        object.__setattr__(self, "behind", frozenset(self.behind))


@dataclass(frozen=True, slots=True)
class Threat:
    """A big bad as a map of zones or a hive of parts, beaten only when its ``heart`` falls."""

    name: str
    parts: tuple[ThreatPart, ...]
    heart: str

    def __post_init__(self) -> None:
        ids = [p.id for p in self.parts]
        if len(set(ids)) != len(ids):
            raise BadInput(f"threat {self.name!r}: two parts share an id")
        if self.heart not in ids:
            raise IllegalAction(
                f"threat {self.name!r} needs a heart among its parts", THREAT_MAP_RULE
            )
        zoned = {p.zone is not None for p in self.parts}
        if len(zoned) > 1:
            raise BadInput(
                f"threat {self.name!r}: on a map every part is a zone; in a hive none is"
            )
        for part in self.parts:
            unknown = sorted(part.behind - set(ids))
            if unknown or part.id in part.behind:
                raise BadInput(
                    f"part {part.id!r} is behind parts that cannot shield it: {unknown or [part.id]}"
                )
        self._check_reachable()

    @property
    def is_map(self) -> bool:
        """Whether the parts are zones of a map (otherwise a hive)."""
        return self.parts[0].zone is not None

    def part(self, part_id: str) -> ThreatPart:
        """The part with this id."""
        for part in self.parts:
            if part.id == part_id:
                return part
        raise BadInput(f"{part_id!r} is not a part of {self.name}")

    def defeated(self, taken_out: Set[str]) -> bool:
        """Whether the big bad is beaten: its heart has been taken out."""
        return self.heart in taken_out

    def standing(self, taken_out: Set[str]) -> tuple[str, ...]:
        """Parts that still act (none once the heart has fallen)."""
        if self.defeated(taken_out):
            return ()
        return tuple(p.id for p in self.parts if p.id not in taken_out)

    def attackable(self, taken_out: Set[str]) -> tuple[str, ...]:
        """Parts that can be attacked now: standing, with every part shielding them taken out."""
        return tuple(p for p in self.standing(taken_out) if self.part(p).behind <= set(taken_out))

    def check_attack(self, part_id: str, taken_out: Set[str]) -> None:
        """Raise :class:`IllegalAction` unless ``part_id`` can be attacked now."""
        part = self.part(part_id)
        if part_id not in self.standing(taken_out):
            raise IllegalAction(f"{part_id} is already out of the fight", THREAT_MAP_RULE)
        shields = sorted(part.behind - set(taken_out))
        if shields:
            raise IllegalAction(
                f"{part_id} cannot be reached until {', '.join(shields)} is taken out",
                THREAT_MAP_RULE,
            )

    def targets_for(
        self, part_id: str, foes: Iterable[str], taken_out: Set[str], zones: ZoneMap | None = None
    ) -> tuple[str, ...]:
        """The foes a standing part may act against.

        A hive's parts act against anyone. A map's zone acts against foes in it, or within its
        reach (foes not on the map are out of its reach).
        """
        part = self.part(part_id)
        if part_id not in self.standing(taken_out):
            raise IllegalAction(f"{part_id} no longer takes actions", THREAT_MAP_RULE)
        listed = list(dict.fromkeys(foes))
        if part.zone is None:
            return tuple(listed)
        if zones is None:
            raise BadInput(f"{self.name} is a map: give the zones to see whom {part_id} reaches")
        found = []
        for foe in listed:
            if foe not in zones.positions:
                continue
            apart = zones.distance(part.zone, zones.zone_of(foe))
            if apart is not None and apart <= part.reach:
                found.append(foe)
        return tuple(found)

    def place_on(self, zones: ZoneMap) -> None:
        """Put each part of a map in its zone, so the usual reach rules apply to attacks on it."""
        if not self.is_map:
            raise BadInput(f"{self.name} is a hive: its parts have no zones")
        for part in self.parts:
            assert part.zone is not None
            zones.place(part.id, part.zone)

    def _check_reachable(self) -> None:
        # Every part must be reachable once the parts shielding it fall: no shielding loops.
        down: set[str] = set()
        while True:
            opened = {p.id for p in self.parts if p.id not in down and p.behind <= down}
            if not opened:
                break
            down |= opened
        if len(down) != len(self.parts):
            stuck = sorted(p.id for p in self.parts if p.id not in down)
            raise IllegalAction(
                f"threat {self.name!r}: parts {stuck} shield each other and could never be reached",
                THREAT_MAP_RULE,
            )


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
        zones: ZoneMap | None = None,
    ) -> MinionShield:
        """Throw one of its minions in front of a hit (see :func:`expendable_minion`)."""
        if not self.minions:
            raise IllegalAction(f"{self.id} has no expendable minions", MINION_ARMOR_RULE)
        return expendable_minion(
            self.id, minion, shifts, minions=self.minions, active=active, zones=zones
        )
