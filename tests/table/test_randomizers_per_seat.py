"""Randomizers per seat (issue 43 item 4): the GM changes the table's way after the table is
made and lets (or stops letting) each player's seat choose its own; a seat's rolls, odds and
advice follow its own way, an NPC's the table's; the Deck of Fate stays one deck on the table,
derivable from the log; what a seat may choose is offered by the decider's own check; the GM's
foresight draws each character's rolls its seat's way."""

from __future__ import annotations

import pytest

from fatekit.odds import chances, fight_plan, simulate
from fatekit.rules import BadInput, ForbiddenAction
from fatekit.rules.core.actions import Action
from fatekit.rules.core.randomizers import Deck, Drawn, Randomizer, parse_drawn
from fatekit.table import commands as c
from fatekit.table import fold, view_for
from fatekit.table.events import OwnRandomizerChosen, RandomizerChosen, RollMade
from fatekit.table.foresight import foresight_scenarios, table_scenario
from fatekit.table.offers import roll_odds

from .conftest import Play, assert_replays, log_of, seated


def overcome(play: Play, seat: str, actor: str) -> str:
    """``actor`` overcomes an easy difficulty (the roll settles at once): the faces recorded."""
    rolled = play.do(
        c.Roll(actor=actor, action=Action.OVERCOME, skill="athletics", difficulty=-10), seat
    )
    made = rolled.events[0]
    assert isinstance(made, RollMade)
    play.do(c.ResolveRoll(), seat)
    return str(made.faces)


def way_of(faces: str) -> Randomizer:
    drawn = parse_drawn(faces)
    return drawn.randomizer if isinstance(drawn, Drawn) else Randomizer.FATE_DICE


@pytest.mark.rule("randomizer.d6-d6", "randomizer.3d6")
def test_the_gm_changes_the_tables_way_after_the_table_is_made() -> None:
    """srd/fate-system-toolkit-SRD.md § Other Dice: a group may take up another way of drawing
    at any time; the rolls made before stay as they were drawn."""
    play = seated()
    before = overcome(play, "ann", "ruth")
    with pytest.raises(ForbiddenAction, match="only the GM may change how the table draws"):
        play.do(c.ChooseRandomizer(randomizer="3d6"), "ann")
    with pytest.raises(BadInput, match="unknown randomizer 'coins'"):
        play.do(c.ChooseRandomizer(randomizer="coins"))
    [chosen] = play.do(c.ChooseRandomizer(randomizer="d6-d6")).events
    assert isinstance(chosen, RandomizerChosen) and chosen.randomizer == "d6-d6"
    assert way_of(overcome(play, "ann", "ruth")) is Randomizer.D6_MINUS_D6
    assert way_of(before) is Randomizer.FATE_DICE
    assert view_for(play.s, "ben")["table"]["randomizer"] == "d6-d6"
    assert any(e["type"] == "RandomizerChosen" for e in log_of(play, "sam"))
    assert_replays(play)


@pytest.mark.rule("randomizer.per-seat", "randomizer.4d6")
def test_a_seat_chooses_its_own_way_when_the_gm_allows_and_is_refused_otherwise() -> None:
    """srd/fate-accessibility.md § Accessible Randomizers: a player who cannot handle the
    table's dice draws another way, as the GM allows; the others keep the table's."""
    play = seated()
    assert view_for(play.s, "ann")["you"]["randomizers"] == []  # nothing offered yet
    before = play.s.version
    with pytest.raises(ForbiddenAction) as refused:
        play.do(c.ChooseOwnRandomizer(randomizer="4d6"), "ann")
    assert refused.value.rule.key == "randomizer.per-seat"
    assert "has not let the seats choose" in refused.value.reason
    assert play.s.version == before  # refused: nothing changed
    with pytest.raises(ForbiddenAction, match="only the GM may let the seats choose"):
        play.do(c.AllowSeatRandomizers(allowed=True), "ann")
    play.do(c.AllowSeatRandomizers(allowed=True))
    with pytest.raises(BadInput) as again:
        play.do(c.AllowSeatRandomizers(allowed=True))
    assert again.value.code == "randomizer_unchanged"
    offered = view_for(play.s, "ann")["you"]["randomizers"]
    assert offered == [r.value for r in Randomizer]
    assert view_for(play.s, "gm")["you"]["randomizers"] == []  # the GM sets the table's way
    assert view_for(play.s, "sam")["you"]["randomizers"] == []  # a spectator rolls nothing
    with pytest.raises(ForbiddenAction, match="the GM's rolls draw the table's way"):
        play.do(c.ChooseOwnRandomizer(randomizer="4d6"))
    [chosen] = play.do(c.ChooseOwnRandomizer(randomizer="4d6"), "ann").events
    assert isinstance(chosen, OwnRandomizerChosen) and chosen.seat == "ann"
    assert view_for(play.s, "ann")["you"]["randomizer"] == "4d6"
    assert view_for(play.s, "ben")["you"]["randomizer"] == "4dF"
    assert way_of(overcome(play, "ann", "ruth")) is Randomizer.FOUR_D6
    assert way_of(overcome(play, "ben", "charles")) is Randomizer.FATE_DICE
    # Ruth's dice are Ann's way even when the GM rolls them; an NPC's are the table's.
    assert way_of(overcome(play, "gm", "ruth")) is Randomizer.FOUR_D6
    assert way_of(overcome(play, "gm", "alice")) is Randomizer.FATE_DICE
    play.do(c.AllowSeatRandomizers(allowed=False))  # every seat back to the table's way
    assert view_for(play.s, "ann")["you"]["randomizer"] == "4dF"
    assert way_of(overcome(play, "ann", "ruth")) is Randomizer.FATE_DICE
    assert_replays(play)


@pytest.mark.rule("randomizer.per-seat")
def test_every_offered_way_is_accepted() -> None:
    """An offered choice is accepted, each in turn; a refused one is never offered."""
    play = seated()
    play.do(c.AllowSeatRandomizers(allowed=True))
    for way in view_for(play.s, "ben")["you"]["randomizers"]:
        play.do(c.ChooseOwnRandomizer(randomizer=way), "ben")
        assert view_for(play.s, "ben")["you"]["randomizer"] == way


@pytest.mark.rule("randomizer.per-seat", "randomizer.d6-d6", "randomizer.3d6")
def test_the_odds_follow_each_sides_own_way() -> None:
    """The odds a seat reads count its own way against a difficulty, and each side's own way
    against an opponent (d6-d6 against an NPC on the table's 3d6, as the GM reads it)."""
    play = seated(randomizer="3d6")
    play.do(c.AllowSeatRandomizers(allowed=True))
    play.do(c.ChooseOwnRandomizer(randomizer="d6-d6"), "ann")
    odds = roll_odds(play.s, "ann", actor="ruth", skill="athletics", difficulty=2)
    assert odds["randomizer"] == "d6-d6"
    exact = chances(odds["modifier"], 2, randomizer=Randomizer.D6_MINUS_D6).as_dict()
    assert {k: v["p"] for k, v in odds["chances"].items()} == pytest.approx(
        {k: float(v) for k, v in exact.items()}
    )
    theirs = roll_odds(play.s, "gm", actor="ruth", skill="fight", against="alice", action="attack")
    assert (theirs["randomizer"], theirs["opposing_randomizer"]) == ("d6-d6", "3d6")
    both = chances(
        theirs["modifier"],
        theirs["opposition"],
        active=True,
        randomizer=Randomizer.D6_MINUS_D6,
        opposing=Randomizer.THREE_D6,
    ).as_dict()
    assert {k: v["p"] for k, v in theirs["chances"].items()} == pytest.approx(
        {k: float(v) for k, v in both.items()}
    )
    ben = roll_odds(play.s, "ben", actor="charles", skill="athletics", difficulty=2)
    assert ben["randomizer"] == "3d6"


@pytest.mark.rule("randomizer.deck-of-fate", "randomizer.per-seat")
def test_seats_drawing_cards_share_the_tables_one_deck() -> None:
    """One Deck of Fate lies on the table: a seat that draws cards while the table rolls dice
    draws from it too, so no card comes twice before the deck is spent, and the deck left is
    worked out from the log alone."""
    play = seated()
    play.do(c.AllowSeatRandomizers(allowed=True))
    play.do(c.ChooseOwnRandomizer(randomizer="deck"), "ann")
    play.do(c.ChooseOwnRandomizer(randomizer="deck"), "ben")
    cards = []
    for _ in range(6):
        cards.append(overcome(play, "ann", "ruth"))
        cards.append(overcome(play, "ben", "charles"))
        assert way_of(overcome(play, "gm", "alice")) is Randomizer.FATE_DICE
    assert all(card.startswith("card:") for card in cards)
    assert len(set(cards)) == 12
    drawn = [card.removeprefix("card:") for card in cards]
    assert fold(play.log).cards_drawn == drawn
    assert Deck(fold(play.log).cards_drawn).left == 81 - 12
    assert_replays(play)


@pytest.mark.rule("randomizer.per-seat")
def test_foresight_draws_each_characters_rolls_the_way_its_seat_draws() -> None:
    """The GM's foresight plays the fight as the table would roll it: Ann's character on the
    d6-d6 her seat chose, the others (Ben's, the NPC) on the table's 3d6."""
    play = seated(randomizer="3d6")
    play.do(c.AllowSeatRandomizers(allowed=True))
    play.do(c.ChooseOwnRandomizer(randomizer="d6-d6"), "ann")
    data = table_scenario(play.s)
    ways = {e["character"]["id"]: e.get("randomizer") for e in data["characters"]}
    assert data["randomizer"] == "3d6"
    assert ways == {"ruth": "d6-d6", "charles": None, "alice": None}
    baseline = foresight_scenarios(play.s).baseline
    plan = fight_plan(baseline)
    assert [plan.way(plan.index(w)) for w in ("ruth", "charles", "alice")] == [
        Randomizer.D6_MINUS_D6,
        Randomizer.THREE_D6,
        Randomizer.THREE_D6,
    ]
    fighters = simulate(baseline, 200, seed=1).as_json()["fighters"]
    assert fighters["ruth"]["randomizer"] == "d6-d6" and "randomizer" not in fighters["alice"]
