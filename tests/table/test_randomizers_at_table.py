"""A table that draws another way than four Fate dice (issue 43 item 4): the GM chooses the way as
the table is made (an event, so old logs without one draw four Fate dice), the server draws it,
the Deck of Fate is drawn without replacement, and the log says what was drawn."""

from __future__ import annotations

import pytest

from fatekit.rules import BadInput
from fatekit.rules.core.actions import Action
from fatekit.rules.core.randomizers import DECK, Deck, parse_drawn
from fatekit.table import commands as c
from fatekit.table import fold, handle
from fatekit.table.events import RandomizerChosen, RollMade, TableCreated

from .conftest import Play, assert_replays, log_of, seated


def overcome(play: Play, dice: str | None = None) -> str:
    """Ruth overcomes an easy difficulty with Athletics (always with style, so the roll settles
    at once); the faces the table recorded."""
    rolled = play.do(
        c.Roll(actor="ruth", action=Action.OVERCOME, skill="athletics", difficulty=-10, dice=dice),
        "ann",
    )
    made = rolled.events[0]
    assert isinstance(made, RollMade)
    play.do(c.ResolveRoll(), "ann")
    return str(made.faces)


@pytest.mark.rule("randomizer.deck-of-fate")
def test_a_table_of_the_deck_draws_cards_without_replacement() -> None:
    play = seated(randomizer="deck")
    assert isinstance(play.log[0], TableCreated)
    assert isinstance(play.log[1], RandomizerChosen) and play.log[1].randomizer == "deck"
    cards = [overcome(play) for _ in range(12)]
    assert all(card.startswith("card:") for card in cards)
    assert len(set(cards)) == 12  # no card twice in one pass through the deck
    assert play.s.cards_drawn == [card.removeprefix("card:") for card in cards]
    assert Deck(play.s.cards_drawn).left == 81 - 12
    lines = log_of(play, "sam")
    assert any(e["type"] == "RandomizerChosen" for e in lines)
    assert_replays(play)


@pytest.mark.rule("randomizer.d6-d6")
def test_a_table_of_d6_minus_d6_draws_and_adds_its_total() -> None:
    play = seated(randomizer="d6-d6")
    faces = overcome(play)
    drawn = parse_drawn(faces)
    assert faces.startswith("d6-d6:") and faces.endswith(f"={drawn.total:+d}")
    entered = overcome(play, dice="6 1")  # a player's own two dice, the plus die first
    assert entered == "d6-d6:61=+5"
    with pytest.raises(BadInput, match="drawn with 3d6, but this roll draws with d6-d6"):
        overcome(play, dice="3d6:666")
    assert_replays(play)


@pytest.mark.rule("randomizer.3d6")
def test_a_table_of_3d6_reads_the_toolkits_table() -> None:
    play = seated(randomizer="3d6")
    assert overcome(play, dice="1 1 1") == "3d6:111=-4"
    assert parse_drawn(overcome(play)).total in range(-4, 5)


def test_a_table_made_before_the_choice_draws_four_fate_dice() -> None:
    play = seated()
    assert not any(isinstance(e, RandomizerChosen) for e in play.log)
    assert len(overcome(play)) == 4 and play.s.randomizer == "4dF"
    assert fold(play.log).randomizer == "4dF"


def test_an_unknown_randomizer_is_refused_and_nothing_is_made() -> None:
    with pytest.raises(BadInput, match="unknown randomizer 'coins'; choose one of: 4dF, deck"):
        handle(None, c.CreateTable(name="T", randomizer="coins"), seat="gm", table_id="t9")


def test_a_spent_deck_is_shuffled_back() -> None:
    every = [card.symbols() for card in DECK]
    assert Deck([*every, *every[:3]]).left == 78


@pytest.mark.rule("randomizer.d6-d6")
@pytest.mark.rule("randomizer.3d6")
def test_the_tables_odds_count_its_own_way_of_drawing() -> None:
    """The odds and advice a seat reads are the table's own randomizer's, not four Fate dice's:
    3d6 and d6-d6 spread differently (the merge found the table's panels still counting 4dF)."""
    from fatekit.odds import chances
    from fatekit.rules.core.randomizers import Randomizer
    from fatekit.table.offers import roll_odds

    read: dict[str, dict[str, object]] = {}
    for way in ("4dF", "deck", "4d6", "3d6", "d6-d6"):
        play = seated(randomizer=way)
        odds = roll_odds(play.s, "ann", actor="ruth", skill="athletics", difficulty=3)
        exact = chances(odds["modifier"], 3, active=False, randomizer=Randomizer(way)).as_dict()
        assert {k: v["p"] for k, v in odds["chances"].items()} == pytest.approx(
            {k: float(v) for k, v in exact.items()}
        )
        read[way] = odds["chances"]
    assert read["deck"] == read["4d6"] == read["4dF"]
    assert read["3d6"] != read["4dF"] and read["d6-d6"] != read["4dF"]
