"""The ladder (fate-condensed.ru.md § Навыки > Лестница прилагательных; English names from the
Fate Condensed chapters)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fatekit.rules import LADDER, BadInput, format_rating, ladder_key, parse_rating, rating_name

pytestmark = pytest.mark.rule("ladder")


def test_named_range_runs_from_horrifying_to_legendary() -> None:
    """The book's table names every step from -4 to +8."""
    assert sorted(LADDER) == list(range(-4, 9))
    assert rating_name(8) == "Legendary"
    assert rating_name(4) == "Great"
    assert rating_name(0) == "Mediocre"
    assert rating_name(-4) == "Horrifying"


def test_values_beyond_the_names_are_still_ratings() -> None:
    assert rating_name(9) is None
    assert ladder_key(-5) is None
    assert format_rating(9) == "+9"
    assert format_rating(-6) == "-6"
    assert parse_rating("+10") == 10


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("+3", 3),
        ("3", 3),
        ("-1", -1),
        ("0", 0),
        (" +2 ", 2),
        ("- 2", -2),
        ("Good", 3),
        ("good", 3),
        ("GREAT", 4),
        ("Fair (+2)", 2),
        ("fair +2", 2),
        ("horrifying", -4),
    ],
)
def test_parse_numbers_and_names(text: str, value: int) -> None:
    assert parse_rating(text) == value


def test_unknown_name_lists_the_valid_ones() -> None:
    with pytest.raises(BadInput) as error:
        parse_rating("Awesome")
    message = str(error.value)
    assert "Awesome" in message
    for name in ("Legendary (+8)", "Fair (+2)", "Horrifying (-4)"):
        assert name in message


def test_name_and_number_must_agree() -> None:
    with pytest.raises(BadInput, match="Good is \\+3, not \\+4"):
        parse_rating("Good (+4)")


def test_names_go_through_stable_keys_for_other_languages() -> None:
    """A translation supplies names by key; parsing and formatting use them."""
    russian = {
        key: name
        for key, name in zip(
            LADDER.values(),
            [
                "Легендарный",
                "Эпический",
                "Фантастический",
                "Великолепный",
                "Отличный",
                "Хороший",
                "Неплохой",
                "Средний",
                "Посредственный",
                "Плохой",
                "Ужасный",
                "Катастрофичный",
                "Кошмарный",
            ],
            strict=True,
        )
    }
    assert parse_rating("хороший", russian) == 3
    assert format_rating(4, russian) == "Отличный (+4)"
    assert parse_rating("great", russian) == 4  # stable keys always work


def test_booleans_are_not_ratings() -> None:
    with pytest.raises(BadInput):
        parse_rating(True)


@given(st.integers(min_value=-20, max_value=20))
def test_formatting_round_trips(value: int) -> None:
    assert parse_rating(format_rating(value)) == value
