"""Rolls of a rule set with two combined skill lists (Fate Condensed, "Changing the Skill
List": Combination).

A rule set whose shape is :class:`~fatekit.rules.characters.shapes.Combined` has two lists (say
actions and themes); every roll made at its table names one skill from each, and the rating
rolled is the two ratings added. Every other rule set rolls one skill and refuses a second.
These functions run when a command is decided; the rating they give is recorded in the roll's
facts, which is all a fold reads.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from fatekit.rules.characters.preset import Preset
from fatekit.rules.characters.shapes import Combined
from fatekit.rules.core.citations import CONDENSED, rule
from fatekit.rules.core.errors import BadInput

__all__ = [
    "COMBINED_ROLL_RULE",
    "COMBINED_STUNT_RULE",
    "COMBINED_TEAMWORK_RULE",
    "best_second",
    "check_pair",
    "check_task_skill",
    "combined_rating",
    "first_skills",
    "is_combined",
    "opposing_first_skills",
    "pair_rating",
    "second_keys",
    "team_rating",
]

COMBINED_ROLL_RULE = rule(
    "skills.combined-roll",
    CONDENSED,
    "Optional Rules > Changing the Skill List",
    "With two combined lists a roll names one skill from each list, and the rating rolled is "
    "the two ratings added together",
)

COMBINED_STUNT_RULE = rule(
    "skills.combined-stunt",
    CONDENSED,
    "Optional Rules > Changing the Skill List",
    "With two combined lists a roll uses a skill of each: a stunt naming a skill of the second "
    "list works when that skill is the one added, as one naming a first-list skill works when "
    "that one is rolled (played by Stunt.skill_on on every roll, in the odds and the simulator)",
)

COMBINED_TEAMWORK_RULE = rule(
    "skills.combined-teamwork",
    CONDENSED,
    "Challenges, Conflicts, and Contests > Teamwork; Optional Rules > Changing the Skill List",
    "With two combined lists a character's level in what a roll uses is the two skills added, "
    "so teamwork combines that sum: each helper's rating in the roll's same two skills must be "
    "at least Average (+1), the highest sum rolls, and the bonus is at most the roller's sum",
)


def is_combined(preset: Preset) -> bool:
    """Whether ``preset`` rolls one skill from each of two combined lists."""
    return isinstance(preset.shape, Combined) and len(preset.skill_lists) == 2


def combined_rating(first: int, second: int) -> int:
    """The rating a roll of two combined skills is made at: the two ratings added."""
    return first + second


def check_pair(
    preset: Preset, own: Mapping[str, int], skill: str, second: str | None, *, who: str
) -> None:
    """Refuse a roll of ``skill`` (and ``second``) that the rule set's lists do not allow.

    With two combined lists, ``skill`` comes from the first list and ``second`` from the
    second; a skill of ``who``'s own sheet on neither list (a hazard's) is rated on its own, so
    it needs no second skill. Without two lists, a second skill is refused. ``own`` is the
    sheet's ratings.
    """
    cite = f"[{COMBINED_ROLL_RULE.key}: {COMBINED_ROLL_RULE.cite()}]"
    if not is_combined(preset):
        if second is not None:
            raise BadInput(
                f"{preset.name} rolls one skill: name no second skill {cite}",
                code="second_skill_refused",
                skill=second,
            )
        return
    first_list, second_list = preset.skill_lists
    if second is None and skill in own and skill not in first_list and skill not in second_list:
        return  # a hazard's (or a sheet's own) skill: its rating is the whole of it
    if second is None:
        raise BadInput(
            f"{preset.name} adds a skill from {second_list.name} to every roll: name it "
            f"(second_skill) {cite}",
            code="second_skill_needed",
            list=second_list.name,
        )
    if skill not in first_list and (skill in second_list or skill not in own):
        raise BadInput(
            f"{skill!r} is not on {first_list.name}, the list a roll's first skill comes from "
            f"{cite}",
            code="first_skill_list",
            skill=skill,
            list=first_list.name,
        )
    if second not in second_list:
        raise BadInput(
            f"{second!r} is not on {second_list.name}, the list a roll's second skill comes "
            f"from {cite}",
            code="second_skill_list",
            skill=second,
            list=second_list.name,
        )


def team_rating(rating: Callable[[str], int], skill: str, second: str | None) -> int:
    """A helper's (or the roller's) level for teamwork on a roll of ``skill`` (and ``second``):
    with two combined lists the two added, as the roll is rated (skills.combined-teamwork)."""
    return pair_rating(rating, skill, second)


def pair_rating(rating: Callable[[str], int], skill: str, second: str | None) -> int:
    """The rating ``skill`` (with ``second``, when the rule set adds one) is rolled at, by a
    sheet's ``rating`` of each skill (:meth:`Character.rating`: Mediocre (+0) when not on it)."""
    first = rating(skill)
    return first if second is None else combined_rating(first, rating(second))


def best_second(preset: Preset, own: Mapping[str, int]) -> str | None:
    """The skill of the second list a sheet rates highest (the first in list order on a tie),
    which the engine adds when nobody names one, as it picks a defender's best skill; ``None``
    when the rule set rolls one skill."""
    if not is_combined(preset):
        return None
    second_list = preset.skill_lists[1]
    return max(second_list.keys, key=lambda k: own.get(k, 0))


def first_skills(preset: Preset, keys: Iterable[str]) -> tuple[str, ...]:
    """``keys`` without the second list's skills, with two combined lists (a roll's first skill
    is never one of them); all of ``keys`` otherwise."""
    if not is_combined(preset):
        return tuple(keys)
    second_list = preset.skill_lists[1]
    return tuple(k for k in keys if k not in second_list)


def opposing_first_skills(preset: Preset, own: Mapping[str, int]) -> tuple[str, ...]:
    """The skills a sheet rating ``own`` may oppose a roll with as its first skill, when no one
    names one: the sheet's own but the second list's; with two combined lists and a sheet that
    rates none of the first list's (a foe rated only on the second), the whole first list, each
    at Mediocre (+0), to which the defence adds the sheet's best second skill."""
    mine = first_skills(preset, own)
    if not mine and own and is_combined(preset):
        return preset.skill_lists[0].keys
    return mine


def second_keys(preset: Preset) -> tuple[str, ...]:
    """The second list's skills, which a roll adds to one of the first list's; none with one
    list."""
    return preset.skill_lists[1].keys if is_combined(preset) else ()


def check_task_skill(preset: Preset, skill: str) -> None:
    """Refuse a challenge's task whose skill is on the second of two combined lists: a task
    names the first skill of its rolls, and each roller adds one of the second list."""
    if is_combined(preset) and skill in preset.skill_lists[1]:
        first_list = preset.skill_lists[0]
        raise BadInput(
            f"{skill!r} is not on {first_list.name}, the list a roll's first skill comes from "
            f"[{COMBINED_ROLL_RULE.key}: {COMBINED_ROLL_RULE.cite()}]",
            code="first_skill_list",
            skill=skill,
            list=first_list.name,
        )
