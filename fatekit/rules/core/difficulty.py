"""Setting a difficulty: the texts' rules of thumb, as choices a GM picks from.

With no one opposing an action, the GM decides its difficulty. Fate Condensed (and Öde, in the
same words) gives two ways to think of it: against the roller's skill (low to let them show
off, near it for tension, much higher for dire straits), and by what stands in the way (nothing
much: Mediocre, or no roll at all; one reason it is tough: Fair; +2 for each reason more).

    >>> [(c.key.value, c.difficulty) for c in difficulty_guidance()]
    [('not_tough', 0), ('one_reason', 2), ('two_reasons', 4), ('three_reasons', 6)]
    >>> [(c.key.value, c.difficulty) for c in difficulty_guidance(3)][:3]
    [('show_off', 1), ('tension', 3), ('dire', 6)]
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from fatekit.rules.core.citations import CONDENSED, rule
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.ladder import LADDER

__all__ = [
    "DIFFICULTY_RULE",
    "MOST_REASONS",
    "DifficultyChoice",
    "DifficultyKey",
    "difficulty_for_reasons",
    "difficulty_guidance",
]

DIFFICULTY_RULE = rule(
    "difficulty.guidance",
    CONDENSED,
    "Бытие Ведущего > Setting Difficulty and Opposition",
    "With no opposition the GM sets a difficulty: below the roller's skill to let them show off, "
    "near it for tension, much higher when things are dire; Mediocre (+0) when the task is not "
    "tough, Fair (+2) for one reason it is, and +2 for each reason more",
)

#: The most reasons against a task the guidance lists (Fantastic, +6); past that, the text says
#: to go as high as makes sense, which is the GM's to pick from the whole ladder.
MOST_REASONS = 3

#: How far below the skill a low difficulty sits, and how far above a high one: "below" and
#: "much higher" in the text's words, read as two steps under and three over.
_LOW, _HIGH = -2, 3

_LOWEST, _HIGHEST = min(LADDER), max(LADDER)


class DifficultyKey(StrEnum):
    """The text's rules of thumb, each a choice."""

    SHOW_OFF = "show_off"  # below the skill: a chance to show off
    TENSION = "tension"  # near the skill: tension without overwhelming
    DIRE = "dire"  # much higher than the skill: dire or unusual circumstances
    NOT_TOUGH = "not_tough"  # Mediocre, or succeed without a roll
    ONE_REASON = "one_reason"
    TWO_REASONS = "two_reasons"
    THREE_REASONS = "three_reasons"


_BY_REASONS = (
    DifficultyKey.NOT_TOUGH,
    DifficultyKey.ONE_REASON,
    DifficultyKey.TWO_REASONS,
    DifficultyKey.THREE_REASONS,
)


@dataclass(frozen=True, slots=True)
class DifficultyChoice:
    """One rule of thumb and the difficulty it gives. ``from_skill`` says the choice follows the
    roller's skill rating (it is listed only when that rating is known); ``no_roll`` that the
    text also allows simply letting the character succeed."""

    key: DifficultyKey
    difficulty: int
    from_skill: bool = False
    no_roll: bool = False


def difficulty_for_reasons(reasons: int) -> int:
    """The difficulty for a task with ``reasons`` things working against it: Mediocre (+0) for
    none, Fair (+2) for one, and +2 for each one more."""
    if reasons < 0:
        raise BadInput(f"reasons against a task cannot be negative ({reasons})")
    return 2 * reasons


def _on_ladder(value: int) -> int:
    return max(_LOWEST, min(_HIGHEST, value))


def difficulty_guidance(skill: int | None = None) -> tuple[DifficultyChoice, ...]:
    """The choices the text offers a GM setting a difficulty: against the roller's ``skill``
    rating when it is known (low, moderate, high), then by the reasons the task is tough (none to
    :data:`MOST_REASONS`). Each lies on the named ladder (Horrifying to Legendary)."""
    choices: list[DifficultyChoice] = []
    if skill is not None:
        choices += [
            DifficultyChoice(DifficultyKey.SHOW_OFF, _on_ladder(skill + _LOW), from_skill=True),
            DifficultyChoice(DifficultyKey.TENSION, _on_ladder(skill), from_skill=True),
            DifficultyChoice(DifficultyKey.DIRE, _on_ladder(skill + _HIGH), from_skill=True),
        ]
    choices += [
        DifficultyChoice(key, difficulty_for_reasons(reasons), no_roll=reasons == 0)
        for reasons, key in enumerate(_BY_REASONS)
    ]
    return tuple(choices)
