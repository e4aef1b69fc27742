"""Randomizers other than four Fate dice: the Deck of Fate (srd/fate-accelerated-SRD.md § Dice or
Cards; srd/fate-accessibility.md § Accessible Randomizers) and the Fate System Toolkit's Other
Dice (4d6, 3d6 by its table, d6-d6). Each distribution is checked against a count made here by
hand from the dice themselves, not from the module's own tables."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from fatekit.rules import BadInput, FateDice, ScriptedDice
from fatekit.rules.core.randomizers import (
    DECK,
    Deck,
    Drawn,
    RandomDraws,
    Randomizer,
    parse_dice,
    parse_drawn,
    roll_with,
)

FATE = {-4: 1, -3: 4, -2: 10, -1: 16, 0: 19, 1: 16, 2: 10, 3: 4, 4: 1}


def _three_d6_by_hand() -> Counter[int]:
    # The toolkit's table written out as ranges of the sum, read here independently.
    bands = [(3, 3, -4), (4, 4, -3), (5, 6, -2), (7, 8, -1), (9, 12, 0), (13, 14, 1)]
    bands += [(15, 16, 2), (17, 17, 3), (18, 18, 4)]
    found: Counter[int] = Counter()
    for a in range(1, 7):
        for b in range(1, 7):
            for c in range(1, 7):
                total = a + b + c
                found[next(v for low, high, v in bands if low <= total <= high)] += 1
    return found


@pytest.mark.rule("randomizer.deck-of-fate")
def test_the_deck_is_81_cards_one_for_each_way_four_fate_dice_land() -> None:
    assert len(DECK) == 81 == len(set(DECK))
    assert Counter(card.total for card in DECK) == FATE
    assert Randomizer.DECK_OF_FATE.counts() == FATE


@pytest.mark.rule("randomizer.deck-of-fate")
def test_a_pass_through_the_deck_draws_every_card_once_then_it_is_shuffled_again() -> None:
    deck, chooser = Deck(), random.Random(43)
    first = [deck.draw(chooser) for _ in range(81)]
    assert deck.left == 0
    assert sorted(c.symbols() for c in first) == sorted(f"card:{c.symbols()}" for c in DECK)
    assert Counter(c.total for c in first) == FATE  # exactly the dice' spread in every pass
    again = deck.draw(chooser)  # the spent deck is shuffled back before the next card
    assert deck.left == 80
    assert again.randomizer is Randomizer.DECK_OF_FATE


@pytest.mark.rule("randomizer.deck-of-fate")
def test_the_cards_left_know_what_was_drawn() -> None:
    drawn = ["++++", "+0-+", "0000"]
    deck = Deck(drawn)
    assert deck.left == 78
    left = deck.counts()
    assert 4 not in left and (left[0], left[1]) == (18, 15) and sum(left.values()) == 78
    assert Deck(["++++", "++++"]).left == 80  # the second, typed off another deck, takes none
    spent = [card.symbols() for card in DECK]
    assert Deck(spent).left == 0 and Deck([*spent, "0000"]).left == 80  # shuffled back


@pytest.mark.rule("randomizer.deck-large-numbers")
def test_a_card_reads_as_its_number_and_its_faces() -> None:
    card = parse_drawn("card:+0-+")
    assert isinstance(card, Drawn)
    assert card.total == 1 and card.faces == (1, 0, -1, 1)
    assert str(card) == "+1 ([+] [0] [-] [+])"
    assert card.symbols() == "card:+0-+"


@pytest.mark.rule("randomizer.4d6")
def test_four_d6_read_as_fate_dice() -> None:
    drawn = parse_drawn("4d6:1456")
    assert isinstance(drawn, Drawn)
    assert drawn.faces == (-1, 0, 1, 1) and drawn.total == 1
    by_hand = Counter(
        sum((d > 4) - (d < 3) for d in (a, b, c, e))
        for a in range(1, 7)
        for b in range(1, 7)
        for c in range(1, 7)
        for e in range(1, 7)
    )
    assert {t: n // 16 for t, n in by_hand.items()} == Randomizer.FOUR_D6.counts() == FATE


THREE_D6_CASES = [
    ("111", -4), ("112", -3), ("114", -2), ("133", -1), ("136", 0), ("345", 0),
    ("166", 1), ("366", 2), ("566", 3), ("666", 4),
]  # fmt: skip


@pytest.mark.rule("randomizer.3d6")
@pytest.mark.parametrize(("dice", "total"), THREE_D6_CASES)
def test_three_d6_read_by_the_toolkits_table(dice: str, total: int) -> None:
    assert parse_drawn(f"3d6:{dice}").total == total


@pytest.mark.rule("randomizer.3d6")
def test_three_d6_differ_from_fate_dice() -> None:
    counts = Randomizer.THREE_D6.counts()
    assert counts == _three_d6_by_hand() and sum(counts.values()) == 216
    assert counts[0] == 104  # 48 % zero against four Fate dice' 23 %
    assert not Randomizer.THREE_D6.same_as_fate_dice()


@pytest.mark.rule("randomizer.d6-d6")
def test_d6_minus_d6_runs_from_minus_five_to_plus_five_doubles_zero() -> None:
    assert parse_drawn("d6-d6:61").total == 5
    assert parse_drawn("d6-d6:16").total == -5
    assert all(parse_drawn(f"d6-d6:{d}{d}").total == 0 for d in range(1, 7))
    counts = Randomizer.D6_MINUS_D6.counts()
    assert counts == {t: 6 - abs(t) for t in range(-5, 6)}
    assert sum(counts.values()) == 36


@pytest.mark.parametrize("way", list(Randomizer))
def test_drawing_follows_each_distribution(way: Randomizer) -> None:
    """Chi-square goodness of fit with a fixed seed: deterministic, and a real check."""
    n, chooser, deck = 21_600, random.Random(20261206), Deck()
    seen = Counter(roll_with(way, chooser, deck).total for _ in range(n))
    counts = way.counts()
    whole = sum(counts.values())
    chi2 = sum((seen[t] - n * c / whole) ** 2 / (n * c / whole) for t, c in counts.items())
    assert set(seen) <= set(counts)
    assert chi2 < 32.0  # the 99.9th percentile of chi-square with 10 degrees of freedom is 29.6


def test_random_draws_are_reproducible_with_a_seed() -> None:
    a = RandomDraws(Randomizer.DECK_OF_FATE, seed=7)
    b = RandomDraws(Randomizer.DECK_OF_FATE, seed=7)
    assert [a.roll() for _ in range(30)] == [b.roll() for _ in range(30)]
    assert a.deck.left == 51


def test_recorded_forms_read_back() -> None:
    for text in ["+0-+", "card:--00", "4d6:6543=+2", "3d6:123=-2", "d6-d6:34=-1"]:
        found = parse_drawn(text)
        assert found.symbols() == text
        assert ScriptedDice([text]).roll() == found
    assert parse_drawn("+0-+") == FateDice((1, 0, -1, 1))


def test_typed_dice_read_for_the_seats_randomizer() -> None:
    assert parse_dice("+0-+", Randomizer.DECK_OF_FATE) == parse_drawn("card:+0-+")
    assert parse_dice("5 2", Randomizer.D6_MINUS_D6) == parse_drawn("d6-d6:52")
    assert parse_dice("4 5 6", Randomizer.THREE_D6).total == 2
    assert parse_dice("1456", Randomizer.FOUR_D6) == FateDice((-1, 0, 1, 1))
    with pytest.raises(BadInput, match="drawn with d6-d6, but this roll draws with 4dF"):
        parse_dice("d6-d6:61", Randomizer.FATE_DICE)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2d6:11", "unknown randomizer"),
        ("3d6:12", "needs 3 six-sided dice"),
        ("d6-d6:70", "written 1 to 6"),
        ("card:+0-", "four faces"),
        ("d6-d6:1x", "written 1 to 6"),
        ("d6-d6:61=+4", "those dice read as \\+5"),
    ],
)
def test_bad_results_say_what_was_expected(text: str, message: str) -> None:
    with pytest.raises(BadInput, match=message):
        parse_drawn(text)


def test_randomizers_are_read_by_name() -> None:
    assert Randomizer.parse("Deck") is Randomizer.DECK_OF_FATE
    assert Randomizer.parse("d6\u2212d6") is Randomizer.D6_MINUS_D6
    assert Randomizer.parse("4DF") is Randomizer.FATE_DICE
    with pytest.raises(BadInput, match="choose one of: 4dF, deck, 4d6, 3d6, d6-d6"):
        Randomizer.parse("coins")
