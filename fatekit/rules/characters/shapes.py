"""Rating shapes: how a starting character's skill ratings may be spread, and the column rule.

A shape checks a sheet's ratings and returns every :class:`Problem` it finds. ``partial`` is
creation as you play: slots may still be empty, but nothing may be over-filled. After a character
has advanced, :meth:`Shape.check_advanced` applies instead: the skill steps earned must all be
accounted for, and (for shapes built from tiers) the column rule must hold.

Skills missing from the ratings are Mediocre (+0). Ratings are plain integers (see
:mod:`fatekit.rules.core.ladder`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from fatekit.rules.characters.problems import Problem
from fatekit.rules.characters.skill_lists import SkillList
from fatekit.rules.core.citations import CONDENSED, ODE, Rule, rule
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.ladder import format_rating

__all__ = [
    "COLUMN_RULE",
    "COLUMN_SHAPE_RULE",
    "COMBINED_RULE",
    "DIAMOND_RULE",
    "FREE_CAP_RULE",
    "PYRAMID_RULE",
    "Combined",
    "FreeCap",
    "RatingRange",
    "Shape",
    "Tiers",
    "column",
    "column_problems",
    "diamond",
    "pyramid",
    "tier_counts",
]

PYRAMID_RULE = rule(
    "shape.pyramid",
    CONDENSED,
    "Создайте своих персонажей > Навыки",
    "Starting skills form a pyramid: one at the peak, and one more skill at each tier below it "
    "down to Average (+1); every other skill is Mediocre (+0)",
)
DIAMOND_RULE = rule(
    "shape.diamond",
    CONDENSED,
    "Optional Rules > Changing the Skill List",
    "Diamond: the widest tier in the middle, narrowing towards the peak and towards Mediocre; "
    "each tier holds exactly its number of skills",
)
COLUMN_SHAPE_RULE = rule(
    "shape.column",
    CONDENSED,
    "Optional Rules > Changing the Skill List",
    "Column: the same number of skills at every tier up to the peak (one per tier makes a line)",
)
FREE_CAP_RULE = rule(
    "shape.free-cap",
    CONDENSED,
    "Optional Rules > Changing the Skill List",
    "Free + cap: spend a budget of skill points however you like, no skill above the cap",
)
COMBINED_RULE = rule(
    "shape.combined",
    CONDENSED,
    "Optional Rules > Changing the Skill List",
    "Two lists, one skill from each added for a roll: each list has its own rating range, and "
    "the sum of the two must stay between Mediocre (+0) and the cap",
)
COLUMN_RULE = rule(
    "skills.column-rule",
    CONDENSED,
    "Развитие > Повышение рейтинга навыков",
    "No tier may hold more skills than the tier below (Mediocre (+0) is not counted)",
)
_COLUMN_MEDIOCRE = rule(
    "skills.column-rule.mediocre-uncounted",
    ODE,
    "Karriär > Förbättra färdighetsnivåer",
    "The column rule compares the tiers from Average (+1) up; Mediocre (+0) has no limit",
)


def tier_counts(ratings: Mapping[str, int]) -> Counter[int]:
    """How many skills sit at each rating above Mediocre."""
    return Counter(r for r in ratings.values() if r > 0)


def column_problems(ratings: Mapping[str, int]) -> list[Problem]:
    """Every tier that holds more skills than the tier below it.

    Average (+1) is compared with nothing: Mediocre (+0) holds all the rest, so it never limits.
    """
    counts = tier_counts(ratings)
    problems = []
    for tier in range(2, max(counts, default=0) + 1):
        if counts[tier] > counts[tier - 1]:
            problems.append(
                Problem(
                    "skills",
                    f"{counts[tier]} at {format_rating(tier)} but only {counts[tier - 1]} at "
                    f"{format_rating(tier - 1)}",
                    COLUMN_RULE,
                    "column",
                    (
                        ("have", counts[tier]),
                        ("rating", tier),
                        ("below", counts[tier - 1]),
                        ("rating_below", tier - 1),
                    ),
                )
            )
    return problems


class Shape(ABC):
    """How starting ratings are spread over a preset's skill list(s)."""

    __slots__ = ()

    @property
    @abstractmethod
    def key(self) -> str:
        """A stable key: ``pyramid``, ``diamond``, ``column``, ``free_cap`` or ``combined``."""

    @property
    @abstractmethod
    def peak(self) -> int:
        """The highest rating (or, for two combined lists, the highest total) at the start."""

    @property
    @abstractmethod
    def points(self) -> int | None:
        """The sum of the ratings of a complete starting sheet, when the shape fixes one."""

    @property
    def lists(self) -> int:
        """How many skill lists the shape spreads ratings over."""
        return 1

    @abstractmethod
    def check(
        self, ratings: Mapping[str, int], lists: Sequence[SkillList], *, partial: bool = False
    ) -> list[Problem]:
        """Every way ``ratings`` (skills on ``lists``) break this shape at character creation."""

    def check_advanced(
        self, ratings: Mapping[str, int], lists: Sequence[SkillList], steps_spent: int
    ) -> list[Problem]:
        """Problems of a sheet that has spent ``steps_spent`` skill steps since creation.

        The ratings must add up to the starting points plus the steps spent, none may be
        negative, and no tier may hold more skills than the tier below.
        """
        problems = _negative(ratings, COLUMN_RULE)
        if self.points is not None:
            total = sum(r for r in ratings.values() if r > 0)
            expected = self.points + steps_spent
            if total != expected:
                problems.append(
                    Problem(
                        "skills",
                        f"ratings add up to {total}, but {self.points} starting points and "
                        f"{steps_spent} skill steps from advancement make {expected}",
                        COLUMN_RULE,
                        "points_total",
                        (
                            ("total", total),
                            ("points", self.points),
                            ("steps", steps_spent),
                            ("expected", expected),
                        ),
                    )
                )
        return problems + column_problems(ratings)

    @abstractmethod
    def describe(self) -> str:
        """One line for people: ``pyramid: 1 at +4, 2 at +3, 3 at +2, 4 at +1``."""


def _negative(ratings: Mapping[str, int], broken: Rule) -> list[Problem]:
    return [
        Problem(
            f"skills.{key}",
            f"{format_rating(r)} is below Mediocre (+0)",
            broken,
            "below_mediocre",
            (("skill", key), ("rating", r)),
        )
        for key, r in ratings.items()
        if r < 0
    ]


@dataclass(frozen=True, slots=True)
class Tiers(Shape):
    """A fixed number of skills at each tier: the pyramid, the diamond and the column.

    ``slots`` maps a rating to how many skills it holds. A slot count for Mediocre (+0) is checked
    against the skills left unrated (the diamond names one); without one, Mediocre takes all the
    rest.
    """

    name: str
    slots: tuple[tuple[int, int], ...]
    rule: Rule

    def __post_init__(self) -> None:
        tiers = [t for t, _ in self.slots]
        if not self.slots or len(set(tiers)) != len(tiers):
            raise BadInput(f"a {self.name} needs each tier once, got {tiers}")
        if any(t < 0 or n < 0 for t, n in self.slots) or all(t == 0 for t in tiers):
            raise BadInput(f"a {self.name} needs tiers above Mediocre and no negative counts")

    @property
    def key(self) -> str:
        return self.name.replace(" ", "_")

    @property
    def peak(self) -> int:
        return max(t for t, n in self.slots if n > 0)

    @property
    def points(self) -> int:
        return sum(t * n for t, n in self.slots)

    @property
    def size(self) -> int:
        """How many skills the shape rates above Mediocre."""
        return sum(n for t, n in self.slots if t > 0)

    def check(
        self, ratings: Mapping[str, int], lists: Sequence[SkillList], *, partial: bool = False
    ) -> list[Problem]:
        slots = dict(self.slots)
        problems = _negative(ratings, self.rule)
        for key, r in ratings.items():
            if r > 0 and r not in slots:
                where = "above the peak" if r > self.peak else "not a tier"
                problems.append(
                    Problem(
                        f"skills.{key}",
                        f"{format_rating(r)} is {where} of this {self.name} "
                        f"({self.describe_tiers()})",
                        self.rule,
                        "above_peak" if r > self.peak else "not_a_tier",
                        (("skill", key), ("rating", r), ("tiers", self.describe_tiers())),
                    )
                )
        counts = tier_counts(ratings)
        for tier, wanted in sorted(self.slots, reverse=True):
            if tier == 0:
                if partial:
                    continue  # unrated skills are still empty slots, not Mediocre ones
                listed = sum(len(s) for s in lists)
                have = listed - sum(1 for k, r in ratings.items() if r > 0 and _on(k, lists))
            else:
                have = counts[tier]
            if have > wanted or (have < wanted and not partial):
                problems.append(
                    Problem(
                        "skills",
                        f"{have} at {format_rating(tier)} but the {self.name} has "
                        f"{_skills(wanted)} there",
                        self.rule,
                        "tier_count",
                        (("have", have), ("rating", tier), ("wanted", wanted)),
                    )
                )
        return problems

    def describe_tiers(self) -> str:
        """``1 at +4, 2 at +3, 3 at +2, 4 at +1``."""
        return ", ".join(f"{n} at {t:+d}" for t, n in sorted(self.slots, reverse=True))

    def describe(self) -> str:
        return f"{self.name}: {self.describe_tiers()}"


def _on(key: str, lists: Sequence[SkillList]) -> bool:
    return any(key in s for s in lists)


def _skills(n: int) -> str:
    return f"{n} skill" if n == 1 else f"{n} skills"


def pyramid(peak: int = 4) -> Tiers:
    """One skill at ``peak``, two a step below, and so on down to Average (+1)."""
    if peak < 1:
        raise BadInput(f"a pyramid's peak must be at least Average (+1), not {peak:+d}")
    return Tiers("pyramid", tuple((t, peak - t + 1) for t in range(peak, 0, -1)), PYRAMID_RULE)


def diamond(counts: Mapping[int, int] | None = None) -> Tiers:
    """A diamond; by default the optional rules' example: 1 at +4, 2 at +3, 3 at +2, 2 at +1, 1 at +0."""
    chosen = counts if counts is not None else {4: 1, 3: 2, 2: 3, 1: 2, 0: 1}
    return Tiers("diamond", tuple(sorted(chosen.items(), reverse=True)), DIAMOND_RULE)


def column(peak: int = 4, width: int = 1) -> Tiers:
    """``width`` skills at every tier from ``peak`` down to Average (+1)."""
    if peak < 1 or width < 1:
        raise BadInput("a column needs a peak of at least +1 and at least one skill per tier")
    return Tiers("column", tuple((t, width) for t in range(peak, 0, -1)), COLUMN_SHAPE_RULE)


@dataclass(frozen=True, slots=True)
class FreeCap(Shape):
    """A budget of skill points spent freely, no skill above ``cap``.

    The default budget, 20, buys exactly the Fate Condensed pyramid (4 + 2x3 + 3x2 + 4x1).
    """

    budget: int = 20
    cap: int = 4

    def __post_init__(self) -> None:
        if self.budget < 1 or self.cap < 1:
            raise BadInput("free + cap needs a positive budget and a cap of at least +1")

    @property
    def key(self) -> str:
        return "free_cap"

    @property
    def peak(self) -> int:
        return self.cap

    @property
    def points(self) -> int:
        return self.budget

    def check(
        self, ratings: Mapping[str, int], lists: Sequence[SkillList], *, partial: bool = False
    ) -> list[Problem]:
        problems = _negative(ratings, FREE_CAP_RULE)
        problems += [
            Problem(
                f"skills.{key}",
                f"{format_rating(r)} is above the cap {format_rating(self.cap)}",
                FREE_CAP_RULE,
                "above_cap",
                (("skill", key), ("rating", r), ("cap_rating", self.cap)),
            )
            for key, r in ratings.items()
            if r > self.cap
        ]
        spent = sum(r for r in ratings.values() if r > 0)
        if spent > self.budget or (spent < self.budget and not partial):
            problems.append(
                Problem(
                    "skills",
                    f"{spent} skill points spent out of {self.budget}",
                    FREE_CAP_RULE,
                    "points_spent",
                    (("spent", spent), ("budget", self.budget)),
                )
            )
        return problems

    def describe(self) -> str:
        return f"free + cap: {self.budget} points, none above {self.cap:+d}"


@dataclass(frozen=True, slots=True)
class RatingRange:
    """The ratings allowed on one of two combined lists, and optionally a budget for that list."""

    low: int
    high: int
    budget: int | None = None

    def __post_init__(self) -> None:
        if self.low > self.high:
            raise BadInput(
                f"a rating range runs from low to high, not {self.low:+d} to {self.high:+d}"
            )


@dataclass(frozen=True, slots=True)
class Combined(Shape):
    """Two skill lists; a roll adds one skill from each (say an action and a theme).

    Each list has its own :class:`RatingRange`; the ranges must keep every possible total between
    Mediocre (+0) and ``cap``. A skill missing from the ratings counts as Mediocre (+0), which is
    a problem when +0 is outside its list's range on a complete sheet.
    """

    first: RatingRange
    second: RatingRange
    cap: int = 4

    def __post_init__(self) -> None:
        if self.first.low + self.second.low < 0 or self.first.high + self.second.high > self.cap:
            raise BadInput(
                f"combined totals must stay between +0 and {self.cap:+d}: ranges "
                f"{self.first.low:+d}..{self.first.high:+d} and {self.second.low:+d}.."
                f"{self.second.high:+d} allow {self.first.low + self.second.low:+d} to "
                f"{self.first.high + self.second.high:+d}"
            )

    @property
    def key(self) -> str:
        return "combined"

    @property
    def peak(self) -> int:
        return self.cap

    @property
    def points(self) -> None:
        return None

    @property
    def lists(self) -> int:
        return 2

    def check(
        self, ratings: Mapping[str, int], lists: Sequence[SkillList], *, partial: bool = False
    ) -> list[Problem]:
        if len(lists) != 2:
            raise BadInput(f"two combined lists need two skill lists, got {len(lists)}")
        problems: list[Problem] = []
        for skills, allowed in zip(lists, (self.first, self.second), strict=True):
            spent = 0
            for skill in skills:
                r = ratings.get(skill.key)
                if r is None and partial:
                    continue
                value = 0 if r is None else r
                spent += value
                if not allowed.low <= value <= allowed.high:
                    problems.append(
                        Problem(
                            f"skills.{skill.key}",
                            f"{format_rating(value)} is outside {skills.name}'s range "
                            f"{allowed.low:+d} to {allowed.high:+d}",
                            COMBINED_RULE,
                            "outside_range",
                            (
                                ("skill", skill.key),
                                ("rating", value),
                                ("list", skills.name),
                                ("low_rating", allowed.low),
                                ("high_rating", allowed.high),
                            ),
                        )
                    )
            if allowed.budget is not None and (
                spent > allowed.budget or (spent < allowed.budget and not partial)
            ):
                problems.append(
                    Problem(
                        "skills",
                        f"{spent} points spent on {skills.name} out of {allowed.budget}",
                        COMBINED_RULE,
                        "list_points",
                        (("spent", spent), ("list", skills.name), ("budget", allowed.budget)),
                    )
                )
        return problems

    def check_advanced(
        self, ratings: Mapping[str, int], lists: Sequence[SkillList], steps_spent: int
    ) -> list[Problem]:
        # Raised skills must still keep every total inside the ranges; budgets no longer apply.
        unbudgeted = Combined(
            RatingRange(self.first.low, self.first.high),
            RatingRange(self.second.low, self.second.high),
            self.cap,
        )
        return unbudgeted.check(ratings, lists)

    def describe(self) -> str:
        return (
            f"two combined lists: {self.first.low:+d} to {self.first.high:+d} and "
            f"{self.second.low:+d} to {self.second.high:+d}, totals up to {self.cap:+d}"
        )
