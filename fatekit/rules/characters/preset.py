"""What a preset holds, and the hooks the engine calls on it.

A :class:`Preset` is everything that differs between the rule sets a character is built for:
skill list(s) and rating shape, aspect slots, refresh and stunts, the stress style, the stress
tracks and their box tables, consequence slots (and those a skill grants at a rating), turn order,
which skills attack and defend against which harm, and the optional rules it turns on. The engine
is the same for all of them. Presets are data: :mod:`fatekit.rules.characters.ruleset_data` builds
one from a rule-set file, the built-in ones included (:mod:`fatekit.rules.characters.presets`);
a table's own variant is :meth:`Preset.derive` of another.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from fatekit.rules.aspects.aspects import AspectKind
from fatekit.rules.aspects.stunts import SkillSwap, Stunt
from fatekit.rules.characters.counted import CountedAspects
from fatekit.rules.characters.packages import Packages
from fatekit.rules.characters.shapes import Shape, Tiers
from fatekit.rules.characters.skill_lists import SkillList
from fatekit.rules.core.actions import Action
from fatekit.rules.core.citations import CONDENSED, CORE, FAE, ODE, Rule, rule
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.tracks import Track
from fatekit.rules.harm.consequences import Severity
from fatekit.rules.harm.recovery import DEFAULT_RECOVERY, RecoveryRules
from fatekit.rules.harm.stress import StressStyle
from fatekit.rules.harm.toolkit_conditions import MAX_CONDITIONS, ConditionSpec

__all__ = [
    "APPROACH_SPREAD_RULE",
    "ASPECT_SLOTS_RULE",
    "ATTACK_DEFEND_RULE",
    "ATTACK_RANGE_RULE",
    "CONDENSED_STRESS_RULE",
    "CONSEQUENCE_SLOTS_RULE",
    "CORE_STRESS_RULE",
    "FAE_CONSEQUENCES_RULE",
    "FAE_STRESS_RULE",
    "ODE_STRESS_RULE",
    "REFRESH_RULE",
    "STUNT_SLOTS_RULE",
    "SUPERB_EXTRA_MILD_RULE",
    "TURN_ORDER_APPROACH_RULE",
    "TURN_ORDER_ELECTIVE_RULE",
    "TURN_ORDER_SKILL_RULE",
    "AdvancementStyle",
    "AspectSlot",
    "ExtraSlot",
    "Preset",
    "SkillUse",
    "StressRow",
    "StressTrackSpec",
    "TurnOrder",
    "TurnOrderStyle",
    "turn_order",
]

ASPECT_SLOTS_RULE = rule(
    "character.aspect-slots",
    CONDENSED,
    "Создайте своих персонажей > Аспекты",
    "A character has five aspects: a high concept, a trouble, a relationship and two free ones "
    "(Fate Core and Fate Accelerated: high concept, trouble and three more)",
)
REFRESH_RULE = rule(
    "character.refresh",
    CONDENSED,
    "Создайте своих персонажей > Обновление",
    "A new character's refresh is 3",
)
STUNT_SLOTS_RULE = rule(
    "character.stunts",
    CONDENSED,
    "Создайте своих персонажей > Трюки",
    "Three stunts are free; each stunt beyond them costs 1 refresh, and at least 1 refresh must "
    "remain",
)
CONDENSED_STRESS_RULE = rule(
    "preset.condensed.stress",
    CONDENSED,
    "Создайте своих персонажей > Стресс и последствия",
    "One-point boxes on a physical and a mental track: 3 at Mediocre Physique/Will, 4 at Average "
    "or Fair, 6 at Good or Great, 6 and a second mild slot at Superb or above",
)
ODE_STRESS_RULE = rule(
    "preset.ode.stress",
    ODE,
    "Skapa karaktär > Stress och konsekvenser",
    "Öde's table: 3 boxes at Medioker, 4 at Ordinär, 5 at Hyffsad, 6 at God or Utmärkt, 6 and a "
    "second mild slot at Superb; Kroppsbyggnad (not Sport) adds the physical boxes",
)
CORE_STRESS_RULE = rule(
    "preset.core.stress",
    CORE,
    "Stress",
    "Escalating boxes: a 1 and a 2 on each track, a 3 at Physique/Will Average or Fair, a 3 and a "
    "4 at Good or Great",
)
FAE_STRESS_RULE = rule(
    "preset.fae.stress",
    FAE,
    "Stress boxes",
    "Fate Accelerated has a single stress track for every kind of harm, with boxes worth 1, 2 and 3",
)
CONSEQUENCE_SLOTS_RULE = rule(
    "character.consequence-slots",
    CONDENSED,
    "Taking Harm > Consequences",
    "Every character starts with one mild (2), one moderate (4) and one severe (6) consequence "
    "slot, shared by all kinds of harm",
)
FAE_CONSEQUENCES_RULE = rule(
    "preset.fae.consequences",
    FAE,
    "Consequences",
    "In Fate Accelerated a character has one consequence of each severity: 2, 4 and 6 shifts",
)
SUPERB_EXTRA_MILD_RULE = rule(
    "character.superb-extra-mild",
    CORE,
    "Consequences",
    "Superb (+5) or better Physique (Will) adds a second mild consequence slot that takes only "
    "physical (mental) harm",
)
APPROACH_SPREAD_RULE = rule(
    "preset.fae.approaches",
    FAE,
    "Approaches",
    "Fate Accelerated rates six approaches instead of skills: one at +3, two at +2, two at +1 and "
    "one at +0",
)
ATTACK_DEFEND_RULE = rule(
    "skills.attack-defend",
    CONDENSED,
    "Actions > Which skills can be used to attack and defend?",
    "Fight and Shoot make physical attacks, Provoke mental ones; Athletics defends against any "
    "physical attack, Fight against melee, Will against mental attacks; stunts may add more",
)
ATTACK_RANGE_RULE = rule(
    "skills.ranged",
    CONDENSED,
    "Setting Up Scenes > Zones; Actions > Which skills can be used to attack and defend?",
    "Shoot attacks from a distance: it reaches the adjacent zones (further where the map is open), "
    "and as no blow of close combat Fight cannot defend against it, in the same zone or not; a "
    "Fight attack reaches only its own zone",
)
TURN_ORDER_ELECTIVE_RULE = rule(
    "turn-order.elective",
    CONDENSED,
    "Challenges, Conflicts, and Contests > Turn Order",
    "Elective (popcorn) order: whoever acts picks who goes next; the last to act in an exchange "
    "picks who starts the next",
)
TURN_ORDER_SKILL_RULE = rule(
    "turn-order.skills",
    CORE,
    "Turn Order",
    "Fate Core orders a conflict by Notice (physical) or Empathy (mental), highest first; ties go "
    "to Athletics then Physique, or Rapport then Will",
)
TURN_ORDER_APPROACH_RULE = rule(
    "turn-order.approaches",
    FAE,
    "Turn order (not in the summary; Fate Accelerated as published, see docs/characters.md)",
    "Fate Accelerated orders a physical conflict by Quick and a mental one by Careful, highest "
    "first",
)


@dataclass(frozen=True, slots=True)
class AspectSlot:
    """How many aspects of one kind a sheet holds."""

    kind: AspectKind
    count: int = 1


@dataclass(frozen=True, slots=True)
class StressRow:
    """The stress boxes of a track whose skill is rated ``min_rating`` or more (up to the next row).

    ``boxes`` are the box values; ``extra_mild`` adds a mild consequence slot for this track's
    kind of harm.
    """

    min_rating: int
    boxes: tuple[int, ...]
    extra_mild: bool = False


@dataclass(frozen=True, slots=True)
class StressTrackSpec:
    """One stress track and the skill that lengthens it (``None``: no skill does).

    ``track`` is the kind of harm it takes (``Track.ANY``: every kind). ``table`` is the track's
    own box table; empty, it uses the preset's. ``name`` and ``names`` (by language) are what a
    sheet shows; without them the track is shown by its kind of harm.
    """

    track: Track
    skill: str | None
    table: tuple[StressRow, ...] = ()
    name: str = ""
    names: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class ExtraSlot:
    """A consequence slot beyond the preset's shared ones.

    It takes only ``harm`` (``Track.ANY``: every kind). With a ``skill``, a sheet has it only
    while that skill is rated ``min_rating`` or more (Superb Physique's second mild slot is one).
    """

    severity: Severity
    harm: Track = Track.ANY
    skill: str | None = None
    min_rating: int = 0

    def granted(self, skills: Mapping[str, int]) -> bool:
        """Whether a sheet with these ratings has this slot."""
        return self.skill is None or skills.get(self.skill, 0) >= self.min_rating


@dataclass(frozen=True, slots=True)
class SkillUse:
    """Permission for a skill to attack or defend against one kind of harm.

    ``melee_only`` limits a defence to attacks at close quarters (Fight parries blows, not bullets);
    ``ranged`` makes an attack one from a distance (Shoot): it reaches beyond its own zone, and a
    defence limited to close quarters cannot stop it.
    """

    skill: str
    action: Action
    track: Track
    melee_only: bool = False
    ranged: bool = False

    def __post_init__(self) -> None:
        if self.ranged and self.action is not Action.ATTACK:
            raise BadInput(f"{self.skill}: only an attack is made at range")


class AdvancementStyle(StrEnum):
    """How characters advance: the milestones a rule set names and what each allows."""

    #: Fate Condensed (and Öde): a milestone at a session's end, a breakthrough at an arc's.
    CONDENSED = "condensed"
    #: Fate Core: minor, significant and major milestones, skill points and a skill cap.
    CORE = "core"
    #: Fate Accelerated: minor, significant and major milestones over approaches (capped at
    #: Superb, no columns), consequences cleared by time at a milestone.
    ACCELERATED = "accelerated"

    @property
    def levels(self) -> tuple[str, ...]:
        """The milestones a session's end may bring, smallest first."""
        if self is AdvancementStyle.CONDENSED:
            return ("minor", "major")
        return ("minor", "significant", "major")


class TurnOrderStyle(StrEnum):
    """How a conflict decides who acts when."""

    ELECTIVE = "elective"
    SKILL_ORDER = "skill_order"
    APPROACH_ORDER = "approach_order"


@dataclass(frozen=True, slots=True)
class TurnOrder:
    """A turn-order style, and for ordered styles the skills compared, first to last tie-breaker."""

    style: TurnOrderStyle
    physical: tuple[str, ...] = ()
    mental: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Preset:
    """A rule set characters are built for."""

    key: str
    name: str
    source: str
    skill_lists: tuple[SkillList, ...]
    shape: Shape
    aspect_slots: tuple[AspectSlot, ...]
    stress_style: StressStyle
    stress_tracks: tuple[StressTrackSpec, ...]
    stress_table: tuple[StressRow, ...]
    turn_order: TurnOrder
    skill_uses: tuple[SkillUse, ...]
    stress_rule: Rule
    consequence_slots: tuple[Severity, ...] = (Severity.MILD, Severity.MODERATE, Severity.SEVERE)
    extra_slots: tuple[ExtraSlot, ...] = ()
    options: tuple[str, ...] = ()
    refresh: int = 3
    free_stunts: int = 3
    stunt_cost: int = 1
    min_refresh: int = 1
    stunt_bonus: int = 2
    #: How consequences are treated and when they clear (skills, self-treatment, severe).
    recovery: RecoveryRules = DEFAULT_RECOVERY
    #: A solo big bad's stress reduction: half the PCs rounded down (Öde) instead of up.
    solo_rounds_down: bool = False
    #: Escalating stress: any free box worth enough may take a hit (Fate Accelerated), not the
    #: exact box first (Fate Core).
    stress_any_box: bool = False
    #: The milestones characters reach and what each allows.
    advancement: AdvancementStyle = AdvancementStyle.CONDENSED
    #: The Fate System Toolkit's conditions the rule set declares (none: it plays without).
    conditions: tuple[ConditionSpec, ...] = ()
    #: The Three Rocketeers: PCs roll the aspects they name instead of skills (none: skills).
    counted: CountedAspects | None = None
    #: Packages bought with refresh (Venture City's powers; none: the rule set has none).
    packages: Packages | None = None

    def __post_init__(self) -> None:
        if not self.key.strip() or not self.name.strip():
            raise BadInput("a preset needs a key and a name")
        if len(self.skill_lists) != self.shape.lists:
            raise BadInput(
                f"the {self.shape.key} shape spreads ratings over {self.shape.lists} list(s), "
                f"but {self.name} has {len(self.skill_lists)}"
            )
        keys = [k for s in self.skill_lists for k in s.keys]
        if len(set(keys)) != len(keys):
            raise BadInput(f"{self.name}'s skill lists share keys; each skill needs its own key")
        if isinstance(self.shape, Tiers) and self.shape.size > len(keys):
            raise BadInput(
                f"a {self.shape.name} rating {self.shape.size} skills needs a longer list than "
                f"{self.name}'s {len(keys)}"
            )
        if not self.stress_tracks or not self.stress_table:
            raise BadInput(f"{self.name} needs at least one stress track and a box table")
        if len({t.track for t in self.stress_tracks}) != len(self.stress_tracks):
            raise BadInput(f"{self.name} names a stress track twice")
        for table in (self.stress_table, *(t.table for t in self.stress_tracks)):
            rows = [r.min_rating for r in table]
            if rows != sorted(set(rows)):
                raise BadInput(f"{self.name}'s stress table must rise by rating, got {rows}")
            if self.stress_style is StressStyle.ONE_POINT and any(
                v != 1 for r in table for v in r.boxes
            ):
                raise BadInput(f"{self.name} uses one-point boxes, so every box is worth 1")
        if any(s.severity is Severity.EXTREME for s in self.extra_slots) or any(
            s is Severity.EXTREME for s in self.consequence_slots
        ):
            raise BadInput(f"{self.name}: extreme consequences are taken in play, not slots")
        if self.min_refresh < 0 or self.refresh < self.min_refresh or self.free_stunts < 0:
            raise BadInput(f"{self.name}: refresh, minimum refresh and free stunts do not fit")
        if self.stunt_cost < 1:
            raise BadInput(f"{self.name}: a stunt beyond the free ones costs at least 1 refresh")
        if not 1 <= self.stunt_bonus <= 10:
            raise BadInput(f"{self.name}: a bonus stunt's bonus runs from +1 to +10")
        keys = [c.key for c in self.conditions]
        if len(set(keys)) != len(keys) or len(keys) > MAX_CONDITIONS:
            raise BadInput(f"{self.name}: at most {MAX_CONDITIONS} conditions, each key once")

    @property
    def extreme_consequences(self) -> bool:
        """Whether the preset turns on extreme consequences by default (Fate Core does)."""
        return "extreme_consequences" in self.options

    @property
    def book_rules(self) -> tuple[str, ...]:
        """The optional rules of other books that are rules of this preset's own book (Fate
        Core's extreme consequences and full defense): always in force at its tables."""
        return self.options

    # -- skills ----------------------------------------------------------------------------

    @property
    def peak(self) -> int:
        """The highest starting rating."""
        return self.shape.peak

    @property
    def skill_keys(self) -> tuple[str, ...]:
        """Every skill key on the preset's list(s), in sheet order."""
        return tuple(k for s in self.skill_lists for k in s.keys)

    def has_skill(self, key: str) -> bool:
        """Whether ``key`` is on one of the preset's lists."""
        return any(key in s for s in self.skill_lists)

    def skill_name(self, key: str) -> str:
        """The display name of a skill on the preset's list(s)."""
        for skills in self.skill_lists:
            if key in skills:
                return skills.name_of(key)
        raise BadInput(
            f"{key!r} is not a {self.name} skill; use one of: {', '.join(self.skill_keys)}"
        )

    def find_skill(self, text: str) -> str | None:
        """The key of the skill named ``text`` (by key or display name), if there is one."""
        for skills in self.skill_lists:
            found = skills.find(text)
            if found is not None:
                return found
        return None

    # -- stress and consequences (hooks) ---------------------------------------------------

    def stress_row(self, rating: int, spec: StressTrackSpec | None = None) -> StressRow:
        """The row of a box table for a skill at ``rating`` (below the table: its first row).

        The table is ``spec``'s own when it has one, else the preset's.
        """
        table = spec.table if spec is not None and spec.table else self.stress_table
        chosen = table[0]
        for row in table:
            if rating >= row.min_rating:
                chosen = row
        return chosen

    def stress_boxes(self, spec: StressTrackSpec, skills: Mapping[str, int]) -> tuple[int, ...]:
        """The box values a track starts with for these skill ratings (before stunts)."""
        rating = 0 if spec.skill is None else skills.get(spec.skill, 0)
        return self.stress_row(rating, spec).boxes

    def extra_mild_tracks(self, skills: Mapping[str, int]) -> tuple[Track, ...]:
        """The kinds of harm that earn a second mild slot from a high enough skill."""
        return tuple(
            spec.track
            for spec in self.stress_tracks
            if spec.skill is not None
            and self.stress_row(skills.get(spec.skill, 0), spec).extra_mild
        )

    def granted_slots(self, skills: Mapping[str, int]) -> tuple[ExtraSlot, ...]:
        """The extra consequence slots a sheet with these ratings has."""
        return tuple(s for s in self.extra_slots if s.granted(skills))

    def track_name(self, track: Track) -> str:
        """What a sheet calls the stress track for ``track``."""
        for spec in self.stress_tracks:
            if spec.track is track and spec.name:
                return spec.name
        return track.value

    def boxes_after(self, values: Sequence[int], extra: int) -> tuple[int, ...]:
        """Box values once a stunt adds ``extra`` boxes.

        One-point tracks get more one-point boxes; escalating tracks continue the sequence
        (a 1-2-3 track with one more box becomes 1-2-3-4).
        """
        if self.stress_style is StressStyle.ONE_POINT:
            return (*values, *([1] * extra))
        top = max(values, default=0)
        return (*values, *range(top + 1, top + 1 + extra))

    # -- attack and defence ----------------------------------------------------------------

    def can_use(
        self,
        skill: str,
        action: Action,
        harm: Track,
        *,
        melee: bool = True,
        stunts: Iterable[Stunt] = (),
    ) -> bool:
        """Whether ``skill`` may attack or defend against ``harm`` (stunts may grant more)."""
        if action not in (Action.ATTACK, Action.DEFEND):
            return True  # any skill may overcome or create an advantage when the story allows
        for use in self.skill_uses:
            if (
                use.skill == skill
                and use.action is action
                and (use.track is Track.ANY or use.track is harm)
                and (melee or not use.melee_only)
            ):
                return True
        return any(_stunt_grants(s, skill, action) for s in stunts)

    def attacks_at_range(self, skill: str, harm: Track, *, stunts: Iterable[Stunt] = ()) -> bool:
        """Whether an attack with ``skill`` against ``harm`` is made from a distance: the rule set
        says so of the skill, or a stunt lets the skill attack in place of one that does."""
        if self._ranged_use(skill, harm):
            return True
        return any(
            isinstance(s.effect, SkillSwap)
            and s.effect.skill == skill
            and (not s.effect.actions or Action.ATTACK in s.effect.actions)
            and self._ranged_use(s.effect.replaces, harm)
            for s in stunts
        )

    def _ranged_use(self, skill: str, harm: Track) -> bool:
        return any(
            use.skill == skill
            and use.action is Action.ATTACK
            and use.ranged
            and (use.track is Track.ANY or use.track is harm)
            for use in self.skill_uses
        )

    def skills_for(self, action: Action, harm: Track, *, melee: bool = True) -> tuple[str, ...]:
        """The skills that may ``action`` (attack or defend) against ``harm`` by default."""
        return tuple(
            dict.fromkeys(
                u.skill
                for u in self.skill_uses
                if u.action is action
                and (u.track is Track.ANY or u.track is harm)
                and (melee or not u.melee_only)
            )
        )

    def best_defence(self, skills: Mapping[str, int], harm: Track) -> str:
        """The skill someone opposes a roll with when nobody names one: their best among those
        that defend against ``harm`` by default, or among all of theirs if none does ("" for
        someone with no skills at all)."""
        allowed = self.skills_for(Action.DEFEND, harm) or tuple(skills)
        return max(allowed, key=lambda k: skills.get(k, 0), default="")

    # -- variants --------------------------------------------------------------------------

    def derive(self, key: str, name: str, **changes: object) -> Preset:
        """A table's own variant: this preset with some fields changed (checked again).

        For example ``CONDENSED_PRESET.derive("space", "Space", skill_lists=(ACTIONS,),
        shape=diamond())``. Attack and defence permissions and turn-order skills that are not on
        the new list are dropped, as are the stunts packages grant on such skills; an ordered turn order left with no skill to compare for a kind
        of conflict becomes elective (Fate Condensed's order), since nothing would order it.
        """
        derived = dataclasses.replace(self, key=key, name=name, **changes)  # type: ignore[arg-type]
        keys = set(derived.skill_keys)
        uses = tuple(u for u in derived.skill_uses if u.skill in keys)
        order = derived.turn_order
        if order.style is not TurnOrderStyle.ELECTIVE:
            physical = tuple(s for s in order.physical if s in keys)
            mental = tuple(s for s in order.mental if s in keys)
            order = (
                TurnOrder(order.style, physical, mental)
                if physical and mental
                else TurnOrder(TurnOrderStyle.ELECTIVE)
            )
        tracks = tuple(
            dataclasses.replace(t, skill=t.skill if t.skill in keys else None)
            for t in derived.stress_tracks
        )
        slots = tuple(s for s in derived.extra_slots if s.skill is None or s.skill in keys)
        recovery = dataclasses.replace(
            derived.recovery,
            skills=tuple((h, s) for h, s in derived.recovery.skills if s in keys),
        )
        packages = None if derived.packages is None else derived.packages.on_skills(keys)
        return dataclasses.replace(
            derived,
            packages=packages,
            skill_uses=uses,
            turn_order=order,
            stress_tracks=tracks,
            extra_slots=slots,
            recovery=recovery,
        )


def _stunt_grants(stunt: Stunt, skill: str, action: Action) -> bool:
    return stunt.allows_skill(skill, action)


def turn_order(
    preset: Preset, skills: Mapping[str, Mapping[str, int]], harm: Track = Track.PHYSICAL
) -> list[str]:
    """Who acts first in a conflict, for presets that order by skill or approach.

    ``skills`` maps each participant to their ratings. Participants are sorted by the preset's
    skills for this kind of conflict, highest first, later skills breaking ties; a tie on every
    skill keeps the order given. Elective order has no fixed sequence: raises :class:`BadInput`.
    """
    order = preset.turn_order
    if order.style is TurnOrderStyle.ELECTIVE:
        raise BadInput(f"{preset.name} uses elective order: whoever acts picks who goes next")
    compared = order.mental if harm is Track.MENTAL else order.physical

    def key(who: str) -> tuple[int, ...]:
        return tuple(-skills[who].get(s, 0) for s in compared)

    return sorted(skills, key=key)
