"""A problem found while checking a character: where it is, what is wrong, and which rule says so.

Validation collects every problem instead of stopping at the first, so a player can fix a sheet in
one pass.
"""

from __future__ import annotations

from dataclasses import dataclass

from fatekit.rules.core.citations import Rule

__all__ = ["Problem"]


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a character.

    ``where`` is a dotted path into the sheet (``"skills"``, ``"skills.fight"``,
    ``"aspects.trouble"``, ``"stress.physical"``); ``detail`` says what is wrong with this
    sheet; ``rule`` is the rule it breaks, whose summary explains why.
    """

    where: str
    detail: str
    rule: Rule

    def __str__(self) -> str:
        return f"{self.where}: {self.detail}: {_lower_first(self.rule.summary)}"


# Summaries are sentences; after a colon they read better in lower case, but names of skills,
# games and people must keep their capitals, so only ordinary opening words are lowered.
_ORDINARY_OPENERS = frozenset(
    [
        "a",
        "an",
        "the",
        "no",
        "every",
        "each",
        "any",
        "all",
        "one",
        "two",
        "three",
        "starting",
        "stunts",
        "skills",
        "ratings",
        "whoever",
        "monsters",
        "minor",
        "major",
        "player",
        "nameless",
        "helpers",
    ]
)


def _lower_first(text: str) -> str:
    first = text.split(" ", 1)[0]
    if first.casefold() in _ORDINARY_OPENERS:
        return text[0].lower() + text[1:]
    return text
