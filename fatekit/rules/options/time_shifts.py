"""Time shifts: how long a task takes, moved a step per shift of the roll.

A :class:`Duration` is a rough quantity (:class:`Quantity`: half, about one, a few, several) of a
:class:`TimeUnit`. Steps run through the quantities in order and then wrap: one step shorter than
"half an hour" is "several minutes", one step longer than "several hours" is "half a day". A
:class:`TimeScale` is the ordered list of units the table uses (:data:`STANDARD_UNITS` unless it
says otherwise); a duration at either end of it stays there.

    >>> few_hours = parse_duration("a few hours")
    >>> format_duration(shorten(few_hours, 3)), format_duration(lengthen(few_hours, 3))
    ('several minutes', 'about one day')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

from fatekit.rules.core.citations import CONDENSED, rule
from fatekit.rules.core.errors import BadInput

__all__ = [
    "STANDARD_UNITS",
    "TIME_SHIFT_RULE",
    "TIME_SHIFT_UNITS_RULE",
    "Duration",
    "Quantity",
    "TimeScale",
    "TimeUnit",
    "duration_after_roll",
    "format_duration",
    "lengthen",
    "parse_duration",
    "shift",
    "shorten",
]

TIME_SHIFT_RULE = rule(
    "time-shift.steps",
    CONDENSED,
    "Optional Rules > Time Shifts",
    "A task's time is a rough quantity (half, about one, a few, several) of a unit; every shift a "
    "roll beats or misses its target by moves it one quantity faster or slower",
)
TIME_SHIFT_UNITS_RULE = rule(
    "time-shift.wrap",
    CONDENSED,
    "Optional Rules > Time Shifts",
    "Faster than half a unit becomes several of the next smaller unit; slower than several "
    "becomes half of the next larger unit",
)


class Quantity(IntEnum):
    """The rough quantities of a unit of time, shortest first."""

    HALF = 0
    ABOUT_ONE = 1
    A_FEW = 2
    SEVERAL = 3


_STEPS = len(Quantity)


@dataclass(frozen=True, slots=True)
class TimeUnit:
    """A unit of time: its stable key, singular and plural, and the article before "half a(n)"."""

    key: str
    singular: str
    plural: str
    article: str = "a"

    def __post_init__(self) -> None:
        if not self.key.strip() or not self.singular.strip() or not self.plural.strip():
            raise BadInput("a unit of time needs a key, a singular and a plural")
        if self.article not in ("a", "an"):
            raise BadInput(f"the article of a unit of time is 'a' or 'an', not {self.article!r}")


@dataclass(frozen=True, slots=True)
class TimeScale:
    """The units a table counts time in, shortest first."""

    units: tuple[TimeUnit, ...]

    def __post_init__(self) -> None:
        if not self.units:
            raise BadInput("a time scale needs at least one unit")
        keys = [u.key for u in self.units]
        if len(set(keys)) != len(keys):
            raise BadInput(f"units of time must have different keys: {keys}")

    @classmethod
    def of(cls, units: Sequence[TimeUnit]) -> TimeScale:
        """A scale from units listed shortest first."""
        return cls(tuple(units))

    def unit(self, key: str) -> TimeUnit:
        """The unit with this key."""
        for unit in self.units:
            if unit.key == key:
                return unit
        valid = ", ".join(u.key for u in self.units)
        raise BadInput(f"no unit of time {key!r}; choose from: {valid}")

    def index(self, key: str) -> int:
        """Where the unit stands, 0 for the shortest."""
        return self.units.index(self.unit(key))


#: The units the text's examples use (minutes, hours, days, weeks), completed both ways.
STANDARD_UNITS = TimeScale(
    (
        TimeUnit("second", "second", "seconds"),
        TimeUnit("minute", "minute", "minutes"),
        TimeUnit("hour", "hour", "hours", "an"),
        TimeUnit("day", "day", "days"),
        TimeUnit("week", "week", "weeks"),
        TimeUnit("month", "month", "months"),
        TimeUnit("year", "year", "years"),
        TimeUnit("decade", "decade", "decades"),
        TimeUnit("century", "century", "centuries"),
    )
)


@dataclass(frozen=True, slots=True)
class Duration:
    """How long something takes: a rough quantity of a unit (by the unit's key)."""

    quantity: Quantity
    unit: str

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "quantity", Quantity(self.quantity))
        except ValueError:
            raise BadInput(f"not a quantity of time: {self.quantity!r}") from None
        if not isinstance(self.unit, str) or not self.unit.strip():
            raise BadInput("a duration needs a unit of time")


def _position(duration: Duration, scale: TimeScale) -> int:
    return scale.index(duration.unit) * _STEPS + int(duration.quantity)


def shift(duration: Duration, steps: int, scale: TimeScale = STANDARD_UNITS) -> Duration:
    """Move ``duration`` ``steps`` quantity steps: positive is longer, negative shorter.

    Steps wrap into the next unit (see :data:`TIME_SHIFT_UNITS_RULE`); past the shortest or the
    longest unit of ``scale`` the duration stays at that end.
    """
    if isinstance(steps, bool) or not isinstance(steps, int):
        raise BadInput(f"a number of time shifts is a whole number, not {steps!r}")
    last = len(scale.units) * _STEPS - 1
    position = min(max(_position(duration, scale) + steps, 0), last)
    unit, quantity = divmod(position, _STEPS)
    return Duration(Quantity(quantity), scale.units[unit].key)


def shorten(duration: Duration, shifts: int, scale: TimeScale = STANDARD_UNITS) -> Duration:
    """``shifts`` steps faster."""
    _check_count(shifts)
    return shift(duration, -shifts, scale)


def lengthen(duration: Duration, shifts: int, scale: TimeScale = STANDARD_UNITS) -> Duration:
    """``shifts`` steps slower."""
    _check_count(shifts)
    return shift(duration, shifts, scale)


def duration_after_roll(base: Duration, shifts: int, scale: TimeScale = STANDARD_UNITS) -> Duration:
    """The time a task takes when the roll beat (positive) or missed (negative) its target.

    ``base`` is how long a plain success takes; each shift above the target makes it one step
    faster, each shift below one step slower (for a success at a cost, say).
    """
    if isinstance(shifts, bool) or not isinstance(shifts, int):
        raise BadInput(f"shifts are a whole number, not {shifts!r}")
    return shift(base, -shifts, scale)


def format_duration(duration: Duration, scale: TimeScale = STANDARD_UNITS) -> str:
    """English text for a duration: "half an hour", "about one day", "several weeks"."""
    unit = scale.unit(duration.unit)
    if duration.quantity is Quantity.HALF:
        return f"half {unit.article} {unit.singular}"
    if duration.quantity is Quantity.ABOUT_ONE:
        return f"about one {unit.singular}"
    if duration.quantity is Quantity.A_FEW:
        return f"a few {unit.plural}"
    return f"several {unit.plural}"


_PHRASE = re.compile(
    r"^\s*(?P<quantity>half(?:\s+an?)?|about\s+(?:one|an?)|an?\s+few|several)\s+(?P<unit>[^\s].*?)\s*$",
    re.IGNORECASE,
)


def parse_duration(text: str, scale: TimeScale = STANDARD_UNITS) -> Duration:
    """Read "half a minute", "about one hour", "a few days" or "several weeks"."""
    match = _PHRASE.match(text)
    if match is None:
        raise BadInput(
            f"not a duration: {text!r}; say half, about one, a few or several, then a unit "
            "(e.g. 'a few hours')"
        )
    word = match["quantity"].casefold().split()[0]
    quantity = {
        "half": Quantity.HALF,
        "about": Quantity.ABOUT_ONE,
        "a": Quantity.A_FEW,
        "an": Quantity.A_FEW,
        "several": Quantity.SEVERAL,
    }[word]
    name = match["unit"].casefold()
    for unit in scale.units:
        if name in (unit.key.casefold(), unit.singular.casefold(), unit.plural.casefold()):
            return Duration(quantity, unit.key)
    valid = ", ".join(u.plural for u in scale.units)
    raise BadInput(f"no unit of time {match['unit']!r}; choose from: {valid}")


def _check_count(shifts: int) -> None:
    if isinstance(shifts, bool) or not isinstance(shifts, int) or shifts < 0:
        raise BadInput(f"a number of time shifts is a whole number of 0 or more, not {shifts!r}")
