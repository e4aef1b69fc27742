"""The simulator draws a scenario's randomizer (issue 43 item 4): the tape holds each way's own
draws, whose totals fall exactly as the way's distribution says (checked against brute force
over every outcome, and the deck dealt without replacement); both engines play the same fights
from the same seed with every way; a bad randomizer is refused."""

from __future__ import annotations

import json
from collections import Counter
from itertools import product
from pathlib import Path

import numpy as np
import pytest

from fatekit.odds.invokes import InvokeTable, best_choice
from fatekit.odds.scenario import load_scenario, scenario_from_dict
from fatekit.odds.simulate import play
from fatekit.odds.tape import GROUP, Tape, TapeDice, totals_block
from fatekit.rules import BadInput
from fatekit.rules.core.fate_dice import D6_FACES
from fatekit.rules.core.randomizers import DECK, THREE_D6_TABLE, Drawn, Randomizer

ROOT = Path(__file__).resolve().parents[2]
PIER = ROOT / "tests/odds/scenarios/pier.json"


def brute_force(way: Randomizer) -> dict[int, int]:
    """Every equally likely outcome of ``way``, counted by total, straight from the toolkit's
    reading of the dice (not from :meth:`Randomizer.counts`)."""
    if way is Randomizer.THREE_D6:
        found = Counter(THREE_D6_TABLE[sum(r)] for r in product(range(1, 7), repeat=3))
    elif way is Randomizer.D6_MINUS_D6:
        found = Counter(a - b for a, b in product(range(1, 7), repeat=2))
    elif way is Randomizer.FOUR_D6:
        found = Counter(sum(D6_FACES[d] for d in r) for r in product(range(1, 7), repeat=4))
    else:
        found = Counter(sum(r) for r in product((-1, 0, 1), repeat=4))
    return dict(sorted(found.items()))


@pytest.mark.rule("randomizer.4d6", "randomizer.3d6", "randomizer.d6-d6", "randomizer.deck-of-fate")
@pytest.mark.parametrize("way", list(Randomizer))
def test_each_ways_exact_distribution_is_its_brute_force_count(way: Randomizer) -> None:
    """srd/fate-system-toolkit-SRD.md § Other Dice: the exact counts the odds use are every
    outcome counted (4d6 in 1296 rolls, groups of 16 per Fate roll)."""
    counted = brute_force(way)
    whole = sum(counted.values())
    mine = way.counts()
    scale = whole // sum(mine.values())
    assert {t: n * scale for t, n in mine.items()} == counted


@pytest.mark.rule("randomizer.4d6", "randomizer.3d6", "randomizer.d6-d6")
@pytest.mark.parametrize("way", list(Randomizer))
def test_the_simulators_tape_falls_as_each_way_does(way: Randomizer) -> None:
    """Many blocks of the tape, by a chi-square test against the exact distribution (fixed
    seed; the 0.1 % critical value, so the test fails only on a real bias)."""
    totals = np.concatenate(
        [totals_block(3, g, b, way).ravel() for g in range(4) for b in range(3)]
    )
    counts = way.counts()
    whole = sum(counts.values())
    observed = Counter(int(t) for t in totals)
    assert set(observed) <= set(counts)
    chi = sum(
        (observed.get(t, 0) - len(totals) * n / whole) ** 2 / (len(totals) * n / whole)
        for t, n in counts.items()
    )
    critical = {8: 26.12, 10: 29.59}[len(counts) - 1]  # by degrees of freedom, at 0.1 %
    assert chi < critical


@pytest.mark.rule("randomizer.deck-of-fate")
def test_a_runs_deck_is_dealt_without_replacement_across_blocks() -> None:
    """Each run's 81 first cards are the whole deck once, the next 81 the deck again (blocks of
    64 straddle the reshuffle), and a run's cards read as the rules engine's cards."""
    tape = Tape(5, Randomizer.DECK_OF_FATE)
    dice = TapeDice(tape, 7)
    cards = [dice.roll() for _ in range(162)]
    assert all(isinstance(c, Drawn) and c.randomizer is Randomizer.DECK_OF_FATE for c in cards)
    first = sorted(c.faces for c in cards[:81] if isinstance(c, Drawn))
    again = sorted(c.faces for c in cards[81:] if isinstance(c, Drawn))
    assert first == again == sorted(card.faces for card in DECK)
    assert totals_block(5, 0, 1, Randomizer.DECK_OF_FATE).shape == (GROUP, 64)


@pytest.mark.rule("randomizer.d6-d6")
def test_invoke_advice_in_the_simulator_knows_d6_minus_d6_reaches_five() -> None:
    table = InvokeTable(3, Randomizer.D6_MINUS_D6)
    margin = np.array([-7, -3]), np.array([-5, 2]), np.array([3, 1])
    assert list(table(*margin)) == [
        {"nothing": 0, "plus_two": 1, "reroll": 2}[best_choice(m, d, k, Randomizer.D6_MINUS_D6)]
        for m, d, k in zip(*margin, strict=True)
    ]


@pytest.mark.parametrize("way", [w for w in Randomizer if w is not Randomizer.FATE_DICE])
def test_both_engines_play_the_same_fights_with_every_way(way: Randomizer) -> None:
    data = json.loads(PIER.read_text(encoding="utf-8"))
    data["randomizer"] = way.value
    scenario = scenario_from_dict(data, base=PIER.parent, source=str(PIER))
    assert scenario.randomizer is way
    slow = play(scenario, 60, seed=4, engine="scalar")
    fast = play(scenario, 60, seed=4, engine="vector")
    assert (fast.winner == slow.winner).all()
    assert (fast.exchanges == slow.exchanges).all()
    assert (fast.consequences == slow.consequences).all()


def test_four_fate_dice_keep_their_tape() -> None:
    """A scenario without a randomizer plays exactly as before: the same seed, the same fights."""
    scenario = load_scenario(PIER)
    assert scenario.randomizer is Randomizer.FATE_DICE
    data = json.loads(PIER.read_text(encoding="utf-8"))
    data["randomizer"] = "4dF"
    named = scenario_from_dict(data, base=PIER.parent, source=str(PIER))
    a = play(scenario, 200, seed=9)
    b = play(named, 200, seed=9)
    assert (a.winner == b.winner).all() and (a.exchanges == b.exchanges).all()


@pytest.mark.parametrize("bad", ["coins", 3])
def test_a_bad_randomizer_in_a_scenario_is_refused(bad: object) -> None:
    data = json.loads(PIER.read_text(encoding="utf-8"))
    data["randomizer"] = bad
    with pytest.raises(BadInput, match="randomizer"):
        scenario_from_dict(data, base=PIER.parent, source=str(PIER))
