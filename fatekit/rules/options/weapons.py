"""Weapon and Armor ratings (optional rule): equipment that changes the shifts of a hit."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from fatekit.rules.characters.gear import CarriedGear
from fatekit.rules.core.actions import Action, GainBoost, Hit, Option, Resolution, Side
from fatekit.rules.core.citations import CONDENSED, rule
from fatekit.rules.core.outcomes import Outcome

__all__ = [
    "WEAPON_ARMOR_RULE",
    "carried_ratings",
    "with_weapon_and_armor",
]

WEAPON_ARMOR_RULE = rule(
    "option.weapon-armor",
    CONDENSED,
    "Optional Rules > Weapon and Armor Ratings",
    "Weapon adds its rating to a hit's shifts and turns a tie into a hit of that many shifts; "
    "Armor takes its rating off a hit, and a hit brought to 0 or less gives the attacker a boost "
    "instead of harm",
)


def carried_ratings(gear: Iterable[CarriedGear]) -> tuple[int, int]:
    """The Weapon and Armor a character brings into a conflict from what they carry: the best of
    each (one weapon strikes at a time; armor does not stack)."""
    listed = list(gear)
    return max((g.weapon for g in listed), default=0), max((g.armor for g in listed), default=0)


def with_weapon_and_armor(resolution: Resolution, *, weapon: int = 0, armor: int = 0) -> Resolution:
    """An attack's resolution once the attacker's Weapon and the defender's Armor count (each
    rating was checked as it came into play: a sheet's gear, a GM's equipping)."""
    if resolution.action is not Action.ATTACK or (weapon == 0 and armor == 0):
        return resolution
    if resolution.outcome is Outcome.FAIL:
        return resolution
    if resolution.outcome is Outcome.TIE:
        if weapon == 0:
            return resolution  # a tie without a weapon stays a boost, whatever the armor
        return replace(resolution, options=(_hit_option("hit", weapon - armor, ()),))
    adjusted = []
    for option in resolution.options:
        shifts = sum(e.shifts for e in option.effects if isinstance(e, Hit))
        others = tuple(e for e in option.effects if not isinstance(e, Hit))
        adjusted.append(_hit_option(option.key, shifts + weapon - armor, others))
    return replace(resolution, options=tuple(adjusted))


def _hit_option(key: str, shifts: int, others: tuple[object, ...]) -> Option:
    effects = tuple(e for e in others if isinstance(e, GainBoost))
    if shifts <= 0:
        # Armor stopped the harm: the attacker still gets a boost on the target.
        if GainBoost(Side.ACTOR) not in effects:
            effects = (*effects, GainBoost(Side.ACTOR))
        return Option(key, effects)
    return Option(key, (Hit(shifts), *effects))
