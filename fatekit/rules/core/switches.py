"""The optional rules by stable key: the switches a :class:`~fatekit.rules.options.ruleset.Ruleset`
turns on, and the keys a rule-set file names among its defaults."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["OptionalRule"]


class OptionalRule(StrEnum):
    """The optional rules, by stable key."""

    CONDITIONS = "conditions"
    CONDITIONS_APART = "conditions_apart"  # "moving conditions further apart"
    CHANGING_SKILL_LIST = "changing_skill_list"
    CREATION_AS_YOU_PLAY = "creation_as_you_play"
    COUNTDOWNS = "countdowns"
    EXTREME_CONSEQUENCES = "extreme_consequences"
    FASTER_CONTESTS = "faster_contests"
    FULL_DEFENSE = "full_defense"  # Fate Condensed's version, with a focus
    FULL_DEFENSE_CORE = "full_defense_core"  # Fate Core's version
    OBSTACLES = "obstacles"
    SCALE = "scale"
    TIME_SHIFTS = "time_shifts"
    BIG_BADS = "big_bads"
    MULTIPLE_TARGETS = "multiple_targets"
    WEAPON_AND_ARMOR = "weapon_and_armor"
    LONG_ARCS = "long_arcs"  # "Sessions and Arcs": severe consequences clear after four sessions
    WEIGHT = "weight"  # War of Ashes: a side outweighing the other in a zone turns dice to +
