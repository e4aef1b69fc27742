"""Countdowns (fate-condensed.ru.md § Optional Rules > Countdowns)."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.options import countdowns
from fatekit.rules.options.countdowns import Countdown, Trigger, Visibility

EXCHANGE = Trigger("exchange", "an exchange ends")
ALARM = Trigger("alarm", "someone trips the alarm")


def radio(boxes: int = 4, **kwargs: object) -> Countdown:
    """The text's soldier with a radio, about to call in reinforcements."""
    return Countdown.new(
        "radio",
        "The radio operator",
        boxes,
        "Reinforcements arrive",
        **kwargs,  # type: ignore[arg-type]
    )


@pytest.mark.rule("countdown.track", "countdown.triggers", "countdown.outcome")
def test_each_trigger_marks_the_next_box_and_the_last_brings_the_outcome() -> None:
    """fate-condensed.ru.md § Countdowns: track, trigger, outcome."""
    clock = radio(3, triggers=[EXCHANGE])
    assert (clock.marked, clock.remaining, clock.finished) == (0, 3, False)
    clock = clock.fire("exchange")
    assert clock.marked == 1
    assert clock.fire("someone sneezes") == clock  # not a trigger: nothing changes
    clock = clock.fire("exchange").fire("exchange")
    assert clock.finished and clock.remaining == 0
    assert clock.next_triggers() == ()
    assert clock.fire("exchange") == clock  # over: events no longer mark anything


@pytest.mark.rule("countdown.track")
def test_a_shorter_track_ends_sooner() -> None:
    """fate-condensed.ru.md § Countdowns: the shorter the track, the sooner the doom."""

    def exchanges_to_end(boxes: int) -> int:
        clock, n = radio(boxes, triggers=[EXCHANGE]), 0
        while not clock.finished:
            clock, n = clock.fire("exchange"), n + 1
        return n

    assert exchanges_to_end(2) < exchanges_to_end(5)
    with pytest.raises(IllegalAction, match="at least one box"):
        radio(0, triggers=[EXCHANGE])


@pytest.mark.rule("countdown.triggers")
def test_more_than_one_trigger_can_speed_it_up() -> None:
    """fate-condensed.ru.md § Countdowns: a steady pace until something speeds it up."""
    clock = radio(4, triggers=[EXCHANGE, ALARM])
    clock = clock.fire("exchange").fire("alarm").fire("alarm")
    assert clock.marked == 3
    assert {t.key for t in clock.next_triggers()} == {"exchange", "alarm"}


@pytest.mark.rule("countdown.triggers")
def test_a_trigger_for_each_box_sets_a_series_of_events() -> None:
    """fate-condensed.ru.md § Countdowns: a different trigger on every box, in order."""
    ritual = Countdown.new(
        "ritual",
        "The ritual",
        3,
        "The Elder Thing wakes",
        box_triggers=[
            [Trigger("candles", "the candles are lit")],
            [Trigger("chant", "the chant is finished")],
            [Trigger("blood", "blood is spilled on the altar")],
        ],
    )
    assert ritual.fire("chant").marked == 0  # not the next box's event yet
    ritual = ritual.fire("candles")
    assert ritual.triggered_by("chant") and not ritual.triggered_by("candles")
    ritual = ritual.fire("chant").fire("blood")
    assert ritual.finished


@pytest.mark.rule("countdown.triggers")
def test_track_and_box_triggers_together() -> None:
    """fate-condensed.ru.md § Countdowns: several triggers; a box's own adds to the track's."""
    clock = radio(2, triggers=[EXCHANGE], box_triggers=[[], [ALARM]])
    assert not clock.triggered_by("alarm")
    clock = clock.fire("exchange")
    assert clock.triggered_by("alarm") and clock.triggered_by("exchange")
    assert clock.fire("alarm").finished


@pytest.mark.rule("countdown.triggers")
def test_every_box_must_have_something_to_mark_it() -> None:
    """fate-condensed.ru.md § Countdowns: a countdown has one or more triggers."""
    with pytest.raises(IllegalAction, match="nothing would mark box 1"):
        radio(2)
    with pytest.raises(IllegalAction, match="nothing would mark box 2"):
        radio(2, box_triggers=[[ALARM], []])
    with pytest.raises(BadInput, match="each of its 3 boxes"):
        radio(3, box_triggers=[[ALARM]])
    with pytest.raises(BadInput, match="trigger needs a key"):
        Trigger(" ")


@pytest.mark.rule("countdown.outcome")
def test_the_gm_may_mark_boxes_directly_but_not_past_the_end() -> None:
    """fate-condensed.ru.md § Countdowns: marking the last box ends it; nothing follows."""
    clock = radio(3, triggers=[EXCHANGE]).mark(2)
    assert clock.remaining == 1
    with pytest.raises(IllegalAction, match="1 box"):
        clock.mark(2)
    with pytest.raises(BadInput):
        clock.mark(0)
    assert clock.mark().finished


@pytest.mark.rule("countdown.visibility")
def test_what_players_see_at_each_visibility() -> None:
    """fate-condensed.ru.md § Countdowns: show it, show only the boxes, or keep it hidden."""
    clock = radio(4, triggers=[EXCHANGE]).fire("exchange")
    shown = clock.view_for(seat_is_gm=False)
    assert shown is not None and shown.name == "The radio operator"
    assert shown.outcome == "Reinforcements arrive" and shown.triggers == (EXCHANGE,)

    teaser = clock.with_visibility("boxes_only")
    seen = teaser.view_for(seat_is_gm=False)
    assert seen is not None
    assert (seen.boxes, seen.marked, seen.finished) == (4, 1, False)
    assert seen.name is None and seen.outcome is None and seen.triggers is None

    secret = clock.with_visibility(Visibility.HIDDEN)
    assert secret.view_for(seat_is_gm=False) is None
    gm = secret.view_for(seat_is_gm=True)
    assert gm is not None and gm.outcome == "Reinforcements arrive"
    with pytest.raises(BadInput, match="visibility"):
        clock.with_visibility("glimpsed")


@pytest.mark.rule("countdown.track")
def test_malformed_countdowns_are_refused() -> None:
    """fate-condensed.ru.md § Countdowns: a countdown needs its parts."""
    with pytest.raises(BadInput, match="what happens"):
        Countdown.new("x", "X", 2, " ", triggers=[EXCHANGE])
    with pytest.raises(BadInput, match="cannot be marked"):
        Countdown("x", "X", 2, "boom", (EXCHANGE,), (), 3)
    with pytest.raises(BadInput, match="visibility"):
        Countdown.new("x", "X", 2, "boom", triggers=[EXCHANGE], visibility="secret")
    with pytest.raises(BadInput, match="name the event"):
        radio(2, triggers=[EXCHANGE]).fire("")


@pytest.mark.rule("countdown.track", "countdown.outcome")
@given(st.integers(1, 8), st.lists(st.sampled_from(["exchange", "alarm", "rain"]), max_size=20))
def test_marks_never_pass_the_end_and_only_triggers_count(boxes: int, events: list[str]) -> None:
    """fate-condensed.ru.md § Countdowns: boxes are marked one per trigger, up to the last."""
    clock = radio(boxes, triggers=[EXCHANGE, ALARM])
    for event in events:
        clock = clock.fire(event)
    assert clock.marked == min(boxes, sum(1 for e in events if e != "rain"))


def test_doctests() -> None:
    assert doctest.testmod(countdowns).failed == 0
