"""Time shifts (fate-condensed.ru.md § Optional Rules > Time Shifts)."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fatekit.rules.core.errors import BadInput
from fatekit.rules.options import time_shifts
from fatekit.rules.options.time_shifts import (
    STANDARD_UNITS,
    Duration,
    Quantity,
    TimeScale,
    TimeUnit,
    duration_after_roll,
    format_duration,
    lengthen,
    parse_duration,
    shift,
    shorten,
)


def text(duration: Duration) -> str:
    return format_duration(duration)


@pytest.mark.rule("time-shift.steps", "time-shift.wrap")
def test_the_texts_worked_example_faster() -> None:
    """fate-condensed.ru.md § Time Shifts: from a few hours, faster by one, two and three."""
    start = parse_duration("a few hours")
    assert [text(shorten(start, n)) for n in (1, 2, 3)] == [
        "about one hour",
        "half an hour",
        "several minutes",
    ]


@pytest.mark.rule("time-shift.steps", "time-shift.wrap")
def test_the_texts_worked_example_slower() -> None:
    """fate-condensed.ru.md § Time Shifts: from a few hours, slower by one, two and three."""
    start = parse_duration("a few hours")
    assert [text(lengthen(start, n)) for n in (1, 2, 3)] == [
        "several hours",
        "half a day",
        "about one day",
    ]


@pytest.mark.rule("time-shift.steps")
def test_a_rolls_shifts_set_the_direction() -> None:
    """fate-condensed.ru.md § Time Shifts: beating the target is faster, missing it slower."""
    base = Duration(Quantity.A_FEW, "day")
    assert text(duration_after_roll(base, 2)) == "half a day"
    assert text(duration_after_roll(base, 0)) == "a few days"
    assert text(duration_after_roll(base, -1)) == "several days"
    assert text(duration_after_roll(base, -2)) == "half a week"


@pytest.mark.rule("time-shift.wrap")
def test_the_ends_of_the_scale_hold() -> None:
    """fate-condensed.ru.md § Time Shifts: the text names no unit past the ends; we stop there."""
    shortest = Duration(Quantity.HALF, "second")
    assert shorten(shortest, 5) == shortest
    longest = Duration(Quantity.SEVERAL, "century")
    assert lengthen(longest, 2) == longest
    assert text(lengthen(Duration(Quantity.SEVERAL, "decade"), 1)) == "half a century"


@pytest.mark.rule("time-shift.steps", "time-shift.wrap")
def test_a_table_may_use_its_own_units() -> None:
    """fate-condensed.ru.md § Time Shifts: units are "a given unit of time", the table's choice."""
    watches = TimeScale.of(
        [TimeUnit("bell", "bell", "bells"), TimeUnit("watch", "watch", "watches")]
    )
    start = parse_duration("about one watch", watches)
    assert format_duration(shorten(start, 2, watches), watches) == "several bells"
    with pytest.raises(BadInput, match="no unit"):
        parse_duration("a few hours", watches)
    with pytest.raises(BadInput, match="different keys"):
        TimeScale.of([TimeUnit("bell", "bell", "bells"), TimeUnit("bell", "b", "bs")])


@pytest.mark.rule("time-shift.steps")
def test_reading_and_writing_durations() -> None:
    """fate-condensed.ru.md § Time Shifts: the four quantities of the text, of any unit."""
    for phrase in ("half a minute", "about one hour", "a few days", "several weeks"):
        assert text(parse_duration(phrase)) == phrase
    assert parse_duration("Half an HOUR") == Duration(Quantity.HALF, "hour")
    assert parse_duration("about an hour") == Duration(Quantity.ABOUT_ONE, "hour")
    for bad in ("soon", "many days", "a few fortnights", ""):
        with pytest.raises(BadInput):
            parse_duration(bad)
    with pytest.raises(BadInput, match="whole number"):
        shorten(Duration(Quantity.HALF, "day"), -1)
    with pytest.raises(BadInput, match="whole number"):
        shift(Duration(Quantity.HALF, "day"), True)
    with pytest.raises(BadInput, match="quantity"):
        Duration(7, "day")  # type: ignore[arg-type]
    with pytest.raises(BadInput, match="no unit"):
        text(Duration(Quantity.HALF, "fortnight"))


durations = st.builds(
    Duration,
    st.sampled_from(list(Quantity)),
    st.sampled_from([u.key for u in STANDARD_UNITS.units]),
)


@pytest.mark.rule("time-shift.steps")
@given(durations, st.integers(0, 8))
def test_away_from_the_ends_shifts_undo_each_other(start: Duration, steps: int) -> None:
    """fate-condensed.ru.md § Time Shifts: slower is "the same process in the opposite direction"."""
    there = lengthen(start, steps)
    if there != Duration(Quantity.SEVERAL, "century"):
        assert shorten(there, steps) == start
    assert shift(start, steps) == there


def test_doctests() -> None:
    assert doctest.testmod(time_shifts).failed == 0
