"""Event and decision compels at the table (fate-condensed.ru.md § Compels > Events and
Decisions; ode-kortfattad.sv.rst § Händelser och beslut): each compel says which it is; an event
is something that happens to the character, a decision is the character's own choice led by
their own aspect, and says what they decide. Either kind may be offered by the GM, proposed by a
player (who pays) or asked for as a self-compel, and either gives the target the fate point."""

from __future__ import annotations

import dataclasses

import pytest

from fatekit.rules import BadInput, CompelKind, IllegalAction
from fatekit.table import Waiver, fold, view_for
from fatekit.table import commands as c
from fatekit.table import events as e

from .conftest import Play, assert_replays, log_of  # type: ignore[import-not-found]


def points(play: Play, who: str) -> int:
    return play.s.game.ledger.account(who).available


@pytest.mark.rule("compel.kinds", "compel.offer")
def test_a_gms_decision_compel_says_what_the_character_decides(play: Play) -> None:
    before = points(play, "ruth")
    with pytest.raises(BadInput) as untold:
        play.do(
            c.OfferCompel(
                aspect_id="ruth/trouble/1",
                target="ruth",
                complication="The loan shark's men follow her",
                kind=CompelKind.DECISION,
            )
        )
    assert untold.value.code == "compel_decision_untold"
    offered = play.do(
        c.OfferCompel(
            aspect_id="ruth/trouble/1",
            target="ruth",
            complication="The loan shark's men follow her aboard",
            kind=CompelKind.DECISION,
            decision="She takes one more loan to pay for the passage",
        )
    ).events[0]
    assert isinstance(offered, e.CompelOffered) and offered.kind is CompelKind.DECISION
    shown = view_for(play.s, "ann")["compels"][0]
    assert (shown["kind"], shown["decision"]) == (
        "decision",
        "She takes one more loan to pay for the passage",
    )
    told = [x["data"] for x in log_of(play, "ben") if x["type"] == "CompelOffered"]
    assert told[0]["decision"] == "She takes one more loan to pay for the passage"
    play.do(c.AnswerCompel(compel_id=offered.compel_id, answer=c.CompelAnswer.ACCEPT), "ann")
    assert points(play, "ruth") == before + 1  # the target gains the point, as for an event
    assert_replays(play)


@pytest.mark.rule("compel.kinds")
def test_a_decision_comes_from_the_targets_own_aspect_unless_the_gm_says_so(play: Play) -> None:
    play.do(c.AddSituationAspect(name="Rolling Deck"))
    decision = c.OfferCompel(
        aspect_id="a1",
        target="ruth",
        complication="She goes overboard",
        kind=CompelKind.DECISION,
        decision="She climbs the mast to show off",
    )
    with pytest.raises(IllegalAction) as caught:
        play.do(decision)
    assert caught.value.rule.key == "compel.kinds" and caught.value.waivable
    # Nor a player's proposal on someone else's aspect: Charles's trouble is not Ruth's flaw.
    with pytest.raises(IllegalAction):
        play.do(
            dataclasses.replace(decision, aspect_id="charles/trouble/1", offered_by="charles"),
            "ben",
        )
    # As an event the rolling deck is fine, and the GM may set the rule aside with a reason.
    play.do(dataclasses.replace(decision, kind=CompelKind.EVENT, decision=""))
    waived = play.do(decision, waiver=Waiver(("compel.kinds",), "the deck tempts her")).events[0]
    assert waived.waived == ("compel.kinds",)
    with pytest.raises(BadInput) as event_decides:
        play.do(dataclasses.replace(decision, kind=CompelKind.EVENT))
    assert event_decides.value.code == "compel_event_decision"
    assert_replays(play)


@pytest.mark.rule("compel.kinds", "compel.offer")
def test_a_players_decision_proposal_is_paid_and_the_target_gains_it(play: Play) -> None:
    ben, ruth = points(play, "charles"), points(play, "ruth")
    offered = play.do(
        c.OfferCompel(
            aspect_id="ruth/high_concept/1",
            target="ruth",
            offered_by="charles",
            kind=CompelKind.DECISION,
            decision="She challenges the captain to a bout",
            complication="She wins, and the crew turns on her",
        ),
        "ben",
    ).events[0]
    assert points(play, "charles") == ben - 1
    play.do(c.AnswerCompel(compel_id=offered.compel_id, answer=c.CompelAnswer.ACCEPT), "ann")
    assert (points(play, "charles"), points(play, "ruth")) == (ben - 1, ruth + 1)


@pytest.mark.rule("compel.kinds", "compel.self")
def test_a_self_compel_is_an_event_or_a_decision(play: Play) -> None:
    before = points(play, "ruth")
    asked = play.do(
        c.SelfCompel(
            aspect_id="ruth/trouble/1",
            target="ruth",
            complication="The ring's men now know her face",
            kind=CompelKind.DECISION,
            decision="She bet the boat's money on her own fight",
        ),
        "ann",
    ).events[0]
    assert isinstance(asked, e.SelfCompelAsked)
    waiting = view_for(play.s, "gm")["self_compels"][0]
    assert (waiting["kind"], waiting["decision"]) == (
        "decision",
        "She bet the boat's money on her own fight",
    )
    play.do(c.SelfCompelAnswer(compel_id=asked.compel_id, accepted=True))
    assert points(play, "ruth") == before + 1
    with pytest.raises(BadInput) as untold:
        play.do(
            c.SelfCompel(
                aspect_id="ruth/trouble/1",
                target="ruth",
                complication="x",
                kind=CompelKind.DECISION,
            ),
            "ann",
        )
    assert untold.value.code == "compel_decision_untold"


def test_a_decision_compel_logged_before_the_kinds_asked_anything_still_folds(
    play: Play,
) -> None:
    """The page offered "a decision" before compels said what was decided: such a compel, on a
    situation aspect and with no decision, is part of its table's story and folds as it was."""
    play.do(c.AddSituationAspect(name="Rolling Deck"))
    play.do(
        c.OfferCompel(aspect_id="a1", target="ruth", complication="Overboard"),
    )
    offered = play.log[-1]
    assert isinstance(offered, e.CompelOffered)
    older = dataclasses.replace(offered, kind=CompelKind.DECISION)
    replayed = fold([*play.log[:-1], older])
    assert next(iter(replayed.compels.values())).kind is CompelKind.DECISION
