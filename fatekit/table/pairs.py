"""Which commands add two combined skills (Fate Condensed, "Changing the Skill List":
Combination), and the refusal of the others at a table whose rule set has two combined lists.

The rule itself (:mod:`fatekit.rules.characters.combined_rolls`) is played by the deciders of
the commands listed in :data:`PAIRED`. A roll of any other kind at such a table would drop the
second list's skill, so it is refused with a reason rather than rolled at the wrong rating;
elsewhere a second skill is refused on any command that does not take it.
"""

from __future__ import annotations

from typing import TypeVar

from fatekit.rules.characters.combined_rolls import COMBINED_ROLL_RULE, is_combined
from fatekit.rules.core.errors import BadInput
from fatekit.table.base import ActorRoll, Command, SkillRoll
from fatekit.table.state import TableState

__all__ = ["PAIRED", "check_pairs_played", "pairs"]

C = TypeVar("C", bound=Command)

#: The commands whose deciders add the second list's skill (and their defender's).
PAIRED: set[type[Command]] = set()


def pairs(kind: type[C]) -> type[C]:
    """Mark ``kind`` as a command whose decider plays two combined lists."""
    PAIRED.add(kind)
    return kind


def check_pairs_played(state: TableState, command: Command) -> None:
    """Refuse a roll that would not add two combined skills at a table that needs them, and a
    second skill given to a command that takes none."""
    if type(command) in PAIRED or not isinstance(command, ActorRoll):
        return
    preset = state.game.ruleset.preset
    cite = f"[{COMBINED_ROLL_RULE.key}: {COMBINED_ROLL_RULE.cite()}]"
    name = type(command).__name__
    if is_combined(preset):
        raise BadInput(
            f"{preset.name} adds one skill from each of its two lists to every roll; this "
            f"table adds two skills on overcomes, advantages, attacks and defences, not on a "
            f"{name} {cite}",
            code="combined_not_played",
        )
    if isinstance(command, SkillRoll) and command.second_skill is not None:
        raise BadInput(
            f"{preset.name} rolls one skill: name no second skill {cite}",
            code="second_skill_refused",
            skill=command.second_skill,
        )
