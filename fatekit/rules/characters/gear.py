"""What a character carries with a Weapon or Armor rating: on the sheet whether or not the table
plays the optional rule (:mod:`fatekit.rules.options.weapons` says what the ratings do).
"""

from __future__ import annotations

from dataclasses import dataclass

from fatekit.rules.core.citations import CONDENSED, rule
from fatekit.rules.core.errors import BadInput, IllegalAction

__all__ = ["WEAPON_RANGE_RULE", "CarriedGear", "check_rating"]

WEAPON_RANGE_RULE = rule(
    "option.weapon-armor.range",
    CONDENSED,
    "Optional Rules > Weapon and Armor Ratings",
    "Weapon and Armor ratings run from 0 to 4",
)


def check_rating(kind: str, value: int) -> None:
    """Raise unless a Weapon or Armor rating is within 0 to 4."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 4:
        raise IllegalAction(f"a {kind} rating runs from 0 to 4, not {value!r}", WEAPON_RANGE_RULE)


@dataclass(frozen=True, slots=True)
class CarriedGear:
    """Something a character carries with a Weapon or Armor rating (a sword: Weapon 2; a mail
    shirt: Armor 1), on their sheet whether or not the table plays the optional rule."""

    name: str
    weapon: int = 0
    armor: int = 0

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise BadInput("carried gear needs a name")
        check_rating("Weapon", self.weapon)
        check_rating("Armor", self.armor)
