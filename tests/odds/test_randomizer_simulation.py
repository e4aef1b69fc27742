"""The simulator draws a scenario's randomizer (issue 43 item 4): the tape holds each way's own
draws, whose totals fall exactly as the way's distribution says (checked against brute force
over every outcome, and the deck dealt without replacement); both engines play the same fights
from the same seed with every way, and with fighters each drawing their own way (a table's seat
that draws its own way, in foresight); a bad randomizer is refused."""

from __future__ import annotations

import json
from collections import Counter
from itertools import product
from pathlib import Path

import numpy as np
import pytest

from fatekit.odds.invokes import InvokeTable, best_choice
from fatekit.odds.plan import fight_plan
from fatekit.odds.scenario import load_scenario, scenario_from_dict
from fatekit.odds.simulate import play, simulate
from fatekit.odds.tape import GROUP, Tape, TapeDice, draws_block, totals_block
from fatekit.odds.vector import _Batch
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


def mixed(way_of: dict[str, str], table: str = "3d6") -> dict[str, object]:
    """The pier's fight drawn ``table``'s way, but for the characters ``way_of`` names."""
    data = json.loads(PIER.read_text(encoding="utf-8"))
    data["randomizer"] = table
    for entry in data["characters"]:
        who = entry["character"]["id"]
        if who in way_of:
            entry["randomizer"] = way_of[who]
    return dict(data)


@pytest.mark.rule("randomizer.per-seat")
def test_each_fighter_draws_its_own_way_in_both_engines() -> None:
    """srd/fate-accessibility.md § Accessible Randomizers: a player may draw another way than
    the table; the simulator plays each fighter's rolls (and rerolls) their own way, and both
    engines play the same fights from the same seed."""
    data = mixed({"ruth": "d6-d6", "ethan": "deck"})
    scenario = scenario_from_dict(data, base=PIER.parent, source=str(PIER))
    assert scenario.way_of("ruth") is Randomizer.D6_MINUS_D6
    assert scenario.way_of("goon-2") is Randomizer.THREE_D6
    plan = fight_plan(scenario)
    assert [w.value for w in plan.ways] == ["d6-d6", "deck", "3d6", "3d6", "3d6"]
    slow = play(scenario, 60, seed=4, engine="scalar")
    fast = play(scenario, 60, seed=4, engine="vector")
    assert (fast.winner == slow.winner).all()
    assert (fast.exchanges == slow.exchanges).all()
    assert (fast.consequences == slow.consequences).all()
    assert (fast.fate_points == slow.fate_points).all()


def test_a_fighters_rolls_come_from_its_own_ways_tape() -> None:
    """Each way keeps a tape of its own: a run's first d6-d6 roll is that tape's first total
    whoever else rolled before it, and the table's way reads its own tape on."""
    scenario = scenario_from_dict(mixed({"ruth": "d6-d6"}), base=PIER.parent, source=str(PIER))
    plan = fight_plan(scenario)
    batch = _Batch(plan, 0, 8, seed=6)
    runs = np.arange(8)
    table = batch.roll(runs, plan.index("boss"))
    ruth = batch.roll(runs, plan.index("ruth"))
    # Ruth in the even runs and the boss in the odd ones: a column a run.
    who = np.where(runs % 2 == 0, plan.index("ruth"), plan.index("boss"))
    both = batch.roll(runs, who)
    three, spread = (
        totals_block(6, 0, 0, Randomizer.THREE_D6),
        totals_block(6, 0, 0, Randomizer.D6_MINUS_D6),
    )
    assert list(table) == list(three[:8, 0]) and list(ruth) == list(spread[:8, 0])
    assert list(both) == [int(spread[r, 1]) if r % 2 == 0 else int(three[r, 1]) for r in runs]
    assert list(batch.roll(runs)) == list(three[runs, 1 + runs % 2])  # a hazard: the table's way


def test_six_sided_ways_draw_streams_of_their_own() -> None:
    """Two fighters on different six-sided ways never share dice: each way's stream is keyed
    apart (3d6 and d6-d6 once read the same dice)."""
    three = draws_block(2, 0, 0, Randomizer.THREE_D6)[..., :2]
    spread = draws_block(2, 0, 0, Randomizer.D6_MINUS_D6)
    four = draws_block(2, 0, 0, Randomizer.FOUR_D6)[..., :2]
    assert (three != spread).mean() > 0.7 and (four != spread).mean() > 0.7


def test_every_fighter_on_the_tables_way_plays_as_before() -> None:
    """Naming the table's own way for a character changes nothing: the same seed, the same
    fights, the same report."""
    plain = scenario_from_dict(mixed({}), base=PIER.parent, source=str(PIER))
    named = scenario_from_dict(
        mixed({"ruth": "3d6", "boss": "3d6"}), base=PIER.parent, source=str(PIER)
    )
    assert simulate(plain, 300, seed=3).as_json() == simulate(named, 300, seed=3).as_json()


def test_the_report_says_who_drew_another_way() -> None:
    scenario = scenario_from_dict(mixed({"ruth": "d6-d6"}), base=PIER.parent, source=str(PIER))
    report = simulate(scenario, 200, seed=3)
    fighters = report.as_json()["fighters"]
    assert fighters["ruth"]["randomizer"] == "d6-d6" and "randomizer" not in fighters["boss"]
    text = report.as_text()
    assert "rolls drawn with 3d6" in text and "ruth's rolls drawn with d6-d6" in text


@pytest.mark.parametrize("bad", ["coins", 3])
def test_a_bad_randomizer_for_a_character_is_refused_where_it_is(bad: object) -> None:
    data = mixed({})
    characters = data["characters"]
    assert isinstance(characters, list)
    characters[1]["randomizer"] = bad
    with pytest.raises(BadInput, match=r"characters\[2\]: .*randomizer"):
        scenario_from_dict(data, base=PIER.parent, source=str(PIER))
