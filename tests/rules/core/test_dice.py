"""Fate dice (fate-condensed.ru.md § Taking Action, Rolling the Dice; § Вступление > Что мне
понадобится для игры? for six-sided dice)."""

from __future__ import annotations

from collections import Counter
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fatekit.rules import (
    BadInput,
    EnteredDice,
    FateDice,
    RandomDice,
    ScriptedDice,
    all_rolls,
    parse_faces,
)

# How many of the 81 rolls give each total from -4 to +4.
EXPECTED = {-4: 1, -3: 4, -2: 10, -1: 16, 0: 19, 1: 16, 2: 10, 3: 4, 4: 1}


@pytest.mark.rule("dice.four-fate-dice")
def test_enumeration_gives_the_known_distribution() -> None:
    """Four dice of -1/0/+1: totals occur 1, 4, 10, 16, 19, 16, 10, 4, 1 times in 81."""
    rolls = list(all_rolls())
    assert len(rolls) == 81 == len(set(rolls))
    assert Counter(r.total for r in rolls) == EXPECTED


@pytest.mark.rule("dice.four-fate-dice")
def test_random_source_matches_the_distribution() -> None:
    """Chi-square goodness of fit, fixed seed: deterministic, and a real check of the generator."""
    n = 81_000
    dice = RandomDice(seed=20261121)
    counts = Counter(dice.roll().total for _ in range(n))
    chi2 = sum((counts[t] - n * e / 81) ** 2 / (n * e / 81) for t, e in EXPECTED.items())
    # 8 degrees of freedom: the 99.9th percentile of chi-square is 26.12.
    assert chi2 < 26.12
    # and every face is equally likely
    faces = Counter(f for _ in range(3000) for f in dice.roll().faces)
    assert all(abs(faces[f] - 4000) < 250 for f in (-1, 0, 1))


def test_random_source_is_reproducible_with_a_seed_and_unpredictable_without() -> None:
    a, b = RandomDice(seed=5), RandomDice(seed=5)
    assert [a.roll() for _ in range(20)] == [b.roll() for _ in range(20)]
    assert RandomDice().seed != RandomDice().seed  # 128 random bits each


@pytest.mark.parametrize(
    ("text", "faces"),
    [
        ("+0-+", (1, 0, -1, 1)),
        ("+ + 0 -", (1, 1, 0, -1)),
        ("[+][0][-][+]", (1, 0, -1, 1)),
        ("----", (-1, -1, -1, -1)),
        ("_b0+", (0, 0, 0, 1)),
        ("+,+,0,0", (1, 1, 0, 0)),
    ],
)
def test_entered_fate_faces(text: str, faces: tuple[int, ...]) -> None:
    assert parse_faces(text).faces == faces


@pytest.mark.rule("dice.six-sided")
@pytest.mark.parametrize(
    ("text", "faces"),
    [("1 4 5 6", (-1, 0, 1, 1)), ("1234", (-1, -1, 0, 0)), ("6 6 5 3", (1, 1, 1, 0))],
)
def test_six_sided_results_map_to_fate_faces(text: str, faces: tuple[int, ...]) -> None:
    """1-2 reads as minus, 3-4 as blank, 5-6 as plus."""
    assert parse_faces(text).faces == faces


@pytest.mark.parametrize("text", ["+0-", "+0-++", "+0x+", "", "1 2 3 7", "7777", "1 2 3"])
def test_invalid_faces_say_what_was_expected(text: str) -> None:
    with pytest.raises(BadInput, match=r"four|face"):
        parse_faces(text)


def test_fate_dice_reject_impossible_faces() -> None:
    with pytest.raises(BadInput, match="-1, 0 or \\+1"):
        FateDice((2, 0, 0, 0))
    with pytest.raises(BadInput, match="exactly four"):
        FateDice.of([1, 1])


def test_entered_dice_ask_for_each_roll() -> None:
    typed = iter(["+ - 0 0", "6 6 6 6"])
    dice = EnteredDice(lambda: next(typed))
    assert dice.roll().total == 0
    assert dice.roll().total == 4


def test_scripted_dice_play_back_and_then_stop() -> None:
    dice = ScriptedDice(["++++", FateDice((0, 0, 0, 0)), [-1, -1, 0, 0]])
    assert [dice.roll().total for _ in range(3)] == [4, 0, -2]
    with pytest.raises(BadInput, match="no rolls left"):
        dice.roll()


def test_dice_display() -> None:
    dice = parse_faces("+0-+")
    assert str(dice) == "[+] [0] [-] [+]"
    assert dice.symbols() == "+0-+"


@given(st.lists(st.sampled_from([-1, 0, 1]), min_size=4, max_size=4))
def test_symbols_round_trip(faces: list[int]) -> None:
    dice = FateDice.of(faces)
    assert parse_faces(dice.symbols()) == dice
    assert -4 <= dice.total <= 4


def test_distribution_counts_are_trinomial() -> None:
    """Cross-check the table with the closed form: ways to reach each total."""
    for total, count in EXPECTED.items():
        ways = sum(
            comb(4, plus) * comb(4 - plus, minus)
            for plus in range(5)
            for minus in range(5 - plus)
            if plus - minus == total
        )
        assert ways == count
