"""Modes (Atomic Robo; the Fate System Toolkit's skill modes): skills bought in bundles.

A rule set with modes gives each character a few modes instead of a skill pyramid: each mode is a
group of skills with a rating (Atomic Robo: one Good, one Fair, one Average). The modes are the
rule set's shape (:class:`ModeShape`, ``"type": "modes"`` in a rule-set file); a sheet keeps its
mode ratings and the steps it bought for single skills, and its skill ratings are *derived* by
:func:`mode_skill_ratings`, the one place they come from. A sheet's ``skills`` hold the derived
ratings, so every roll, the odds and the simulator read them as they read any sheet's; validation
refuses a sheet whose ratings are not the ones its modes give (:func:`mode_problems`).

How a skill's rating is derived:

- a skill in none of the character's modes is Mediocre (+0) and cannot be improved;
- otherwise it starts at the rating of the highest-rated of its modes (*trained*), one step up for
  each further mode of the character's that has it (*reinforced*);
- steps bought with skill points raise it further, never more than two steps (*specialized*)
  above that mode's rating.

The budget (Atomic Robo): a character has a number of skill points; each mode taken costs its
cost, and what is left buys steps (a first step 1 point, a second 2). The Toolkit's skill modes
cost nothing and leave 7 points for steps; a rule set gives its own numbers.

    >>> shape = ModeShape(
    ...     modes=(
    ...         Mode("action", "Action", ("athletics", "notice")),
    ...         Mode("intrigue", "Intrigue", ("athletics", "stealth")),
    ...         Mode("science", "Science", ("notice", "physics")),
    ...     ),
    ...     budget=7,
    ... )
    >>> mode_skill_ratings(shape, {"action": 3, "science": 2, "intrigue": 1}, {"physics": 2})
    {'athletics': 4, 'notice': 4, 'physics': 4, 'stealth': 1}

Left to the group: custom skills priced by their applications (a rule set gives each mode's cost
as a number), and the stress boxes a Good or Fair mode with Athletics, Physique, Provoke or Will
adds (the player picks which track; a GM writes them with a stunt or an edit).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from fatekit.rules.characters.problems import Problem
from fatekit.rules.characters.shapes import Shape
from fatekit.rules.characters.skill_lists import SkillList
from fatekit.rules.core.citations import ATOMIC_BOOK, rule
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.ladder import format_rating

__all__ = [
    "ATOMIC_ROBO",
    "MAX_MODES",
    "MODE_BUDGET_RULE",
    "MODE_IMPROVE_RULE",
    "MODE_RATINGS_RULE",
    "MODE_REINFORCED_RULE",
    "MODE_STRESS_RULE",
    "MODE_TRAINED_RULE",
    "MODE_UNTAKEN_RULE",
    "TOOLKIT",
    "Mode",
    "ModeShape",
    "home_modes",
    "improvement_cost",
    "mode_problems",
    "mode_skill_ratings",
    "modes_spent",
]

ATOMIC_ROBO = ATOMIC_BOOK
TOOLKIT = "srd/fate-system-toolkit-SRD.md"

#: The most modes a rule set may declare (the books suggest four to eight).
MAX_MODES = 30

MODE_RATINGS_RULE = rule(
    "modes.ratings",
    ATOMIC_ROBO,
    "Modes > What Modes Do",
    "A character takes three modes, standard or weird, and rates one Good (+3), one Fair (+2) "
    "and one Average (+1); each mode taken once",
)
MODE_TRAINED_RULE = rule(
    "modes.trained",
    ATOMIC_ROBO,
    "Modes > Skills Within Modes > Trained, Focused, and Specialized Skills",
    "Every skill of a mode a character takes starts at that mode's rating (trained); a skill "
    "never goes more than two steps above its mode's rating (specialized)",
)
MODE_UNTAKEN_RULE = rule(
    "modes.untaken",
    ATOMIC_ROBO,
    "Modes > Skills Within Modes > Trained, Focused, and Specialized Skills",
    "A mode the character does not have counts as Mediocre (+0), and skills found only in such "
    "modes stay Mediocre: they cannot be improved",
)
MODE_REINFORCED_RULE = rule(
    "modes.reinforced",
    ATOMIC_ROBO,
    "Modes > Skills Within Modes > Reinforced Skills",
    "A skill in two of the character's modes is written once, under the higher-rated one, one "
    "step above it (focused); in three, two steps above the highest (specialized)",
)
MODE_IMPROVE_RULE = rule(
    "modes.improve",
    ATOMIC_ROBO,
    "Modes > Skills Within Modes > Improving Skills Within Modes",
    "Skill points left over raise single skills: trained to focused costs 1, focused to "
    "specialized 2, trained to specialized 3",
)
MODE_STRESS_RULE = rule(
    "modes.stress",
    ATOMIC_ROBO,
    "Modes > What Modes Do > Modes and Stress",
    "A character starts with two physical and two mental stress boxes; a Fair or Good mode with "
    "Athletics, Physique, Provoke or Will adds boxes (left to the group: the player picks the track)",
)
MODE_BUDGET_RULE = rule(
    "modes.budget",
    ATOMIC_ROBO,
    "Custom Skills > Skill Actions and Applications; Modes > Mode Costs",
    "A character has a budget of skill points (about 30 in Atomic Robo); each mode taken costs "
    "its listed cost (Action, Banter and Intrigue 9, Science 3) and what is left buys "
    "improvements (the Toolkit's modes cost nothing and leave 7 points)",
)


@dataclass(frozen=True, slots=True)
class Mode:
    """One mode: its key, its name (``names`` by language), its skills (keys on the rule set's
    list), what taking it costs in skill points, and whether it is a weird (custom) mode."""

    key: str
    name: str
    skills: tuple[str, ...]
    cost: int = 0
    weird: bool = False
    names: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if not self.key.strip() or not self.name.strip():
            raise BadInput("a mode needs a key and a name")
        if not self.skills:
            raise BadInput(f"the {self.name} mode has no skills")
        doubled = sorted({s for s in self.skills if self.skills.count(s) > 1})
        if doubled:
            raise BadInput(f"the {self.name} mode lists {', '.join(doubled)} twice")
        if isinstance(self.cost, bool) or not isinstance(self.cost, int) or self.cost < 0:
            raise BadInput(f"the {self.name} mode's cost is a whole number of 0 or more")

    def name_in(self, language: str) -> str:
        """The display name in ``language``, or the rule set's own when it gives none."""
        return dict(self.names).get(language, self.name)


@dataclass(frozen=True, slots=True)
class ModeShape(Shape):
    """Modes as a rule set's shape: the modes there are, the ratings a character gives the modes
    it takes (one each), its skill points (``budget``), and the cost of each step bought for a skill
    (``step_costs[0]`` trained to focused, ``step_costs[1]`` focused to specialized; their
    number is how far above its mode a skill may go)."""

    modes: tuple[Mode, ...]
    ratings: tuple[int, ...] = (3, 2, 1)
    budget: int = 30
    step_costs: tuple[int, ...] = (1, 2)

    def __post_init__(self) -> None:
        if not 1 <= len(self.modes) <= MAX_MODES:
            raise BadInput(f"a rule set with modes declares 1 to {MAX_MODES} modes")
        keys = [m.key for m in self.modes]
        doubled = sorted({k for k in keys if keys.count(k) > 1})
        if doubled:
            raise BadInput(f"two modes share the key {', '.join(doubled)}")
        if not 1 <= len(self.ratings) <= len(self.modes):
            raise BadInput(
                f"a character rates 1 to {len(self.modes)} modes (there are that many), "
                f"not {len(self.ratings)}"
            )
        if any(not 1 <= r <= 10 for r in self.ratings):
            raise BadInput(f"a mode's rating runs from +1 to +10, not {list(self.ratings)}")
        if not 0 <= self.budget <= 1000:
            raise BadInput(f"skill points run from 0 to 1000, not {self.budget}")
        if not 1 <= len(self.step_costs) <= 5 or any(not 0 <= c <= 100 for c in self.step_costs):
            raise BadInput("one to five step costs, each from 0 to 100 points")

    @property
    def key(self) -> str:
        return "modes"

    @property
    def peak(self) -> int:
        return max(self.ratings) + self.most_steps

    @property
    def points(self) -> None:
        # No sum of ratings is fixed: the ratings follow from the modes taken.
        return None

    @property
    def most_steps(self) -> int:
        """How many steps above its mode a skill may go (two: specialized)."""
        return len(self.step_costs)

    def mode(self, key: str) -> Mode:
        """The mode ``key``; raises :class:`BadInput` naming the modes there are."""
        for mode in self.modes:
            if mode.key == key:
                return mode
        raise BadInput(
            f"no mode {key!r}; choose from {', '.join(m.key for m in self.modes)}",
        )

    def check(
        self, ratings: Mapping[str, int], lists: Sequence[SkillList], *, partial: bool = False
    ) -> list[Problem]:
        # The ratings of a sheet with modes are derived from its modes: mode_problems checks the
        # modes and steps a sheet holds, and that its ratings are the ones they give.
        return []

    def check_advanced(
        self, ratings: Mapping[str, int], lists: Sequence[SkillList], steps_spent: int
    ) -> list[Problem]:
        return []

    def describe(self) -> str:
        rated = ", ".join(format_rating(r) for r in self.ratings)
        return (
            f"modes: {len(self.ratings)} of {len(self.modes)} rated {rated}; {self.budget} "
            f"skill points"
        )


def home_modes(shape: ModeShape, modes: Mapping[str, int]) -> dict[str, str]:
    """The mode each skill is written under: the highest-rated of the character's modes that has
    it (on a tie, the first in the rule set's order). Skills in none of them are left out."""
    home: dict[str, str] = {}
    best: dict[str, int] = {}
    for mode in shape.modes:
        rating = modes.get(mode.key)
        if rating is None:
            continue
        for skill in mode.skills:
            if skill not in best or rating > best[skill]:
                best[skill] = rating
                home[skill] = mode.key
    return home


def _start(shape: ModeShape, modes: Mapping[str, int], skill: str) -> tuple[int, int] | None:
    """A skill's mode rating and its free steps from reinforcement, or ``None`` when none of the
    character's modes has it."""
    having = [modes[m.key] for m in shape.modes if m.key in modes and skill in m.skills]
    if not having:
        return None
    return max(having), len(having) - 1


def mode_skill_ratings(
    shape: ModeShape, modes: Mapping[str, int], improvements: Mapping[str, int]
) -> dict[str, int]:
    """Every skill's rating from the character's mode ratings and the steps bought for skills.

    The one function a moded sheet's ratings come from. Skills at Mediocre (+0) are left out, as
    a sheet leaves them out. Steps beyond specialized and steps for a skill in none of the
    character's modes count for nothing here; :func:`mode_problems` refuses them.
    """
    ratings: dict[str, int] = {}
    for skill in sorted({s for m in shape.modes if m.key in modes for s in m.skills}):
        start = _start(shape, modes, skill)
        if start is None:
            continue
        base, reinforced = start
        steps = min(reinforced + max(0, improvements.get(skill, 0)), shape.most_steps)
        if base + steps > 0:
            ratings[skill] = base + steps
    return ratings


def improvement_cost(shape: ModeShape, reinforced: int, bought: int) -> int:
    """The skill points ``bought`` steps cost for a skill that reinforcement already raised
    ``reinforced`` steps (focused to specialized costs the second step's price)."""
    first = min(reinforced, shape.most_steps)
    return sum(shape.step_costs[first : min(first + bought, shape.most_steps)])


def modes_spent(shape: ModeShape, modes: Mapping[str, int], improvements: Mapping[str, int]) -> int:
    """The skill points a sheet's modes and bought steps cost."""
    spent = sum(shape.mode(k).cost for k in modes if k in {m.key for m in shape.modes})
    for skill, bought in improvements.items():
        start = _start(shape, modes, skill)
        if start is not None and bought > 0:
            spent += improvement_cost(shape, start[1], bought)
    return spent


def mode_problems(
    shape: ModeShape,
    modes: Mapping[str, int],
    improvements: Mapping[str, int],
    skills: Mapping[str, int],
    *,
    partial: bool = False,
    earned: int = 0,
) -> list[Problem]:
    """Every way a sheet's modes, bought steps and ratings break the rule set's modes.

    ``partial`` is creation as you play: fewer modes than the rule set's ratings may be taken
    yet; nothing may be over-filled. ``earned`` are skill points advancement added to the
    budget (the book lets leftover and later points buy improvements in play too).
    """
    problems: list[Problem] = []
    known = {m.key for m in shape.modes}
    for key in modes:
        if key not in known:
            problems.append(
                Problem(
                    f"modes.{key}",
                    f"no mode {key!r}; choose from {', '.join(sorted(known))}",
                    MODE_RATINGS_RULE,
                    "mode_unknown",
                    (("mode", key),),
                )
            )
    given = sorted(modes.values(), reverse=True)
    wanted = sorted(shape.ratings, reverse=True)
    left = list(wanted)
    fits = True
    for rating in given:
        if rating in left:
            left.remove(rating)
        else:
            fits = False
    if not fits or (left and not partial):
        problems.append(
            Problem(
                "modes",
                f"modes rated {_ratings(given)}, but a character rates its modes "
                f"{_ratings(wanted)}, one each",
                MODE_RATINGS_RULE,
                "mode_ratings",
                (("have", _signed(given)), ("wanted", _signed(wanted))),
            )
        )
    for skill, bought in sorted(improvements.items()):
        where = f"skill_improvements.{skill}"
        start = _start(shape, modes, skill)
        if isinstance(bought, bool) or not isinstance(bought, int) or bought < 0:
            problems.append(
                Problem(
                    where,
                    f"steps bought for {skill} must be a whole number of 0 or more",
                    MODE_IMPROVE_RULE,
                    "mode_steps",
                    (("skill", skill), ("steps", str(bought)), ("most", shape.most_steps)),
                )
            )
        elif bought and start is None:
            problems.append(
                Problem(
                    where,
                    f"{skill} is in none of the character's modes, so it stays Mediocre (+0)",
                    MODE_UNTAKEN_RULE,
                    "mode_untaken",
                    (("skill", skill),),
                )
            )
        elif start is not None and start[1] + bought > shape.most_steps:
            problems.append(
                Problem(
                    where,
                    f"{skill} would go {start[1] + bought} steps above its mode "
                    f"({start[1]} from reinforcement); at most {shape.most_steps}",
                    MODE_TRAINED_RULE,
                    "mode_steps",
                    (
                        ("skill", skill),
                        ("steps", start[1] + bought),
                        ("most", shape.most_steps),
                    ),
                )
            )
    spent = modes_spent(shape, modes, improvements)
    budget = shape.budget + max(0, earned)
    if spent > budget:
        problems.append(
            Problem(
                "skill_improvements",
                f"modes and improvements cost {spent} skill points, out of {budget}",
                MODE_BUDGET_RULE,
                "mode_points",
                (("spent", spent), ("budget", budget)),
            )
        )
    derived = mode_skill_ratings(shape, modes, improvements)
    for skill in sorted(set(derived) | {k for k, r in skills.items() if r != 0}):
        have, should = skills.get(skill, 0), derived.get(skill, 0)
        if have != should:
            problems.append(
                Problem(
                    f"skills.{skill}",
                    f"{skill} is written {format_rating(have)}, but the character's modes give "
                    f"{format_rating(should)}",
                    MODE_REINFORCED_RULE if _reinforced(shape, modes, skill) else MODE_TRAINED_RULE,
                    "mode_skill",
                    (("skill", skill), ("rating", have), ("derived_rating", should)),
                )
            )
    return problems


def _reinforced(shape: ModeShape, modes: Mapping[str, int], skill: str) -> bool:
    start = _start(shape, modes, skill)
    return start is not None and start[1] > 0


def _ratings(values: Sequence[int]) -> str:
    return ", ".join(format_rating(v) for v in values) or "none"


def _signed(values: Sequence[int]) -> str:
    """Ratings as signed numbers, which read the same in every language: ``+3, +2, +1``."""
    return ", ".join(f"{v:+d}" for v in values) or "0"
