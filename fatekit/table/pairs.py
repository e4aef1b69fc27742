"""Which commands add two combined skills (Fate Condensed, "Changing the Skill List":
Combination), and the check their deciders share.

The rule itself (:mod:`fatekit.rules.characters.combined_rolls`) is played by the deciders of
the commands listed in :data:`PAIRED`; every roll a seat may ask for is one of them (a test
holds the table to it), so no roll at a table with two lists is made at one skill's rating.
"""

from __future__ import annotations

from typing import TypeVar

from fatekit.rules.characters.combined_rolls import check_pair
from fatekit.table.base import Command
from fatekit.table.state import TableState

__all__ = ["PAIRED", "check_roll_pair", "pairs"]

C = TypeVar("C", bound=Command)

#: The commands whose deciders add the second list's skill (and their defender's).
PAIRED: set[type[Command]] = set()


def pairs(kind: type[C]) -> type[C]:
    """Mark ``kind`` as a command whose decider plays two combined lists."""
    PAIRED.add(kind)
    return kind


def check_roll_pair(state: TableState, actor: str, skill: str, second: str | None) -> None:
    """Refuse ``actor``'s roll of ``skill`` (and ``second``) unless the rule set's lists allow
    the pair (:func:`~fatekit.rules.characters.combined_rolls.check_pair`)."""
    sheet = state.game.character(actor)
    check_pair(state.game.ruleset.preset, sheet.skills, skill, second, who=actor)
