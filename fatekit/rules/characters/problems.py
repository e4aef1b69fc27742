"""A problem found while checking a character: where it is, what is wrong, and which rule says so.

Validation collects every problem instead of stopping at the first, so a player can fix a sheet in
one pass.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fatekit.rules.core.citations import Rule

__all__ = ["CODES", "Problem"]

#: Every kind of problem, by code, with the names of the numbers and names it carries: a page's
#: catalog says ``problem.<code>`` with exactly these placeholders, in every language.
CODES: dict[str, frozenset[str]] = {
    code: frozenset(args.split())
    for code, args in {
        "column": "have rating below rating_below",
        "points_total": "total points steps expected",
        "below_mediocre": "skill rating",
        "above_peak": "skill rating tiers",
        "not_a_tier": "skill rating tiers",
        "tier_count": "have rating wanted",
        "above_cap": "skill rating cap_rating",
        "points_spent": "spent budget",
        "outside_range": "skill rating list low_rating high_rating",
        "list_points": "spent list budget",
        "no_name": "",
        "npc_high_concept": "",
        "no_slot": "kind",
        "aspects_over": "kind have wanted",
        "aspects_under": "kind have wanted",
        "not_listed": "label",
        "stunt_twice": "name",
        "stunt_refresh": "count cost free left least",
        "refresh": "sheet cost count left",
        "no_track": "track",
        "track_missing": "track wanted",
        "boxes": "track have wanted",
        "box_style": "track style",
        "slots_over": "n severity track",
        "slots_under": "n severity track",
        "slots_over_for": "n severity track",
        "slots_under_for": "n severity track",
        "condition_boxes_over": "n track condition",
        "condition_boxes_under": "n track condition",
        "condition_slots_over": "n track severity",
        "condition_slots_under": "n track severity",
        "empty_extreme": "",
        "minor_aspects": "n",
        "minor_skills": "n",
        "minor_boxes": "n",
        "minor_stunts": "n",
        "mob_members": "",
        "minor_members": "",
        "stunt_no_action": "n",
        "stunt_no_text": "n",
        # modes (a rule set whose shape is modes)
        "mode_unknown": "mode",
        "mode_ratings": "have wanted",
        "mode_steps": "skill steps most",
        "mode_untaken": "skill",
        "mode_points": "spent budget",
        "mode_skill": "skill rating derived_rating",
        # aspects counted instead of skills (The Three Rocketeers)
        "counted_skill": "label",
        # packages bought with refresh (Venture City's powers)
        "package_refresh": "count bought bonus free cost left least",
        "no_packages": "",
        "packages_over": "have most",
        "packages_under": "have least",
        "package_unknown": "package",
        "package_twice": "package",
        "package_option_unknown": "package option",
        "package_option_outside": "package option",
        "package_option_over": "option have most",
        "package_group_over": "package group have most",
        "package_group_under": "package group have least",
        "package_stunt": "name",
        "package_aspect": "name",
    }.items()
}


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a character.

    ``where`` is a dotted path into the sheet (``"skills"``, ``"skills.fight"``,
    ``"aspects.trouble"``, ``"stress.physical"``); ``detail`` says what is wrong with this
    sheet; ``rule`` is the rule it breaks, whose summary explains why. ``code`` names the kind of
    problem and ``args`` its numbers and names (``("have", 2), ("rating", 3)``), so a page can say
    the detail in its own language, numbers and all (the catalogs' ``problem.<code>``).
    """

    where: str
    detail: str
    rule: Rule
    code: str = ""
    args: tuple[tuple[str, str | int], ...] = ()

    def __post_init__(self) -> None:
        # A programming error: the page would say it with the wrong numbers.
        if self.code not in CODES or {k for k, _ in self.args} != CODES[self.code]:
            raise ValueError(f"problem {self.code!r} with arguments {self.args!r}")

    def to_json(self) -> dict[str, Any]:
        """The problem as the server sends it."""
        return {
            "where": self.where,
            "detail": self.detail,
            "rule": self.rule.key,
            "code": self.code,
            "args": dict(self.args),
        }

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
