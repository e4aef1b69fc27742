"""Hidden difficulties inside a conflict: the GM sets the difficulty of a participant's next
overcome or create an advantage, its player rolls the exchange's action without it and sees the
outcome only; an attack, a defence or an active opposition is never hidden."""

from __future__ import annotations

import json

import pytest

from fatekit.rules import Action, BadInput, ForbiddenAction, IllegalAction
from fatekit.table import commands as c
from fatekit.table import document_for, event_for, view_for
from fatekit.table import events as e

from .conftest import Play, assert_replays, log_of  # type: ignore[import-not-found]

PLAYERS = ("ann", "ben", "sam")
#: The hidden number: no other roll here faces Superb (+5), so a payload holding it gives it away.
HIDDEN = 5


def _fight(play: Play, heroes: tuple[str, ...] = ("ruth", "charles")) -> None:
    play.do(c.StartConflict(sides=(("heroes", heroes), ("cult", ("alice",))), first="ruth"))


def _refused(play: Play, command: c.Command, seat: str = "gm") -> Exception:
    """The command is refused and the table is left as it was."""
    before, log = view_for(play.s, "gm"), len(play.log)
    with pytest.raises((BadInput, ForbiddenAction, IllegalAction)) as caught:
        play.do(command, seat)
    assert view_for(play.s, "gm") == before and len(play.log) == log
    return caught.value


def _numbers(payload: object) -> list[str]:
    """Where a payload shows the hidden difficulty, or a roll's shifts that would tell it."""
    found: list[str] = []
    if isinstance(payload, dict):
        for key, value in payload.items():
            if key in ("difficulty", "opposition") and value == HIDDEN:
                found.append(f"{key}={value}")
            if key == "shifts" and value is not None and "outcome" in payload:
                found.append(f"shifts={value}")
            found.extend(_numbers(value))
    elif isinstance(payload, list):
        for value in payload:
            found.extend(_numbers(value))
    return found


@pytest.mark.rule("action.overcome", "roll.outcomes")
def test_a_hidden_overcome_in_a_conflict_shows_the_players_the_outcome_only(play: Play) -> None:
    _fight(play)
    asked = play.do(c.HideDifficulty(actor="ruth", difficulty=HIDDEN, skill="notice"))
    assert view_for(play.s, "ann")["screen"]["asked"] == [
        {"actor": "ruth", "skill": "notice", "action": "overcome"}
    ]
    told = event_for(asked.events[0], play.s, "ann")
    assert told is not None and "difficulty" not in told["data"]

    # Ruth's Notice is Fair (+2): +2 on the dice makes 4 against 5, a failure.
    rolled = play.do(c.Overcome(actor="ruth", skill="notice", dice="++00"), "ann")
    event = rolled.events[0]
    assert isinstance(event, e.OvercomeRolled) and event.hidden_difficulty
    assert event.difficulty == HIDDEN and play.s.screen.asked == {}
    for seat in PLAYERS:
        document = document_for(play.s, seat)
        roll = document["roll"]
        assert roll["outcome"] == "fail" and roll["effort"] == 4
        assert roll["difficulty"] is None and roll["difficulty_hidden"] is True
        assert document["extras"]["resolution"]["outcome"] == "fail"
        assert document["last_roll"]["difficulty"] is None
        shown = event_for(event, play.s, seat)
        assert shown is not None and shown["data"]["difficulty"] is None
        assert _numbers(document) == [] and _numbers(log_of(play, seat)) == [], seat
    gm = document_for(play.s, "gm")
    assert gm["roll"]["difficulty"] == HIDDEN and gm["roll"]["shifts"] == -1
    assert gm["roll"]["difficulty_hidden"] is True and gm["last_roll"]["difficulty"] == HIDDEN
    gm_event = event_for(event, play.s, "gm")
    assert gm_event is not None and gm_event["data"]["difficulty"] == HIDDEN

    # An invoke makes it a success: the player learns that much, still not the number.
    concept = play.s.game.character("ruth").high_concept
    assert concept is not None
    play.do(c.Invoke(aspect_id=concept.id, by="ruth"), "ann")
    ann = document_for(play.s, "ann")
    assert ann["roll"]["outcome"] == "success" and _numbers(ann) == []
    play.do(c.ResolveRoll(), "ann")
    assert play.s.rolls == {}  # nothing left in play to hide
    assert_replays(play)

    # The next action is an open one again: Ruth's turn passes and comes back next exchange.
    play.do(c.EndTurn(next_actor="charles"), "ann")
    play.do(c.Overcome(actor="charles", skill="investigate", difficulty=1, dice="0000"), "ben")
    assert view_for(play.s, "ann")["roll"]["difficulty"] == 1
    assert "difficulty_hidden" not in view_for(play.s, "ann")["roll"]


@pytest.mark.rule("action.create-advantage.new")
def test_a_hidden_create_an_advantage_in_a_conflict(play: Play) -> None:
    _fight(play)
    play.do(c.HideDifficulty(actor="ruth", difficulty=HIDDEN, action=Action.CREATE_ADVANTAGE))
    # Any skill: Athletics is Good (+3), +2 on the dice makes 5 against 5, a tie.
    rolled = play.do(c.CreateAdvantage(actor="ruth", skill="athletics", dice="+0+0"), "ann")
    assert rolled.events[0].hidden_difficulty is True
    for seat in PLAYERS:
        document = document_for(play.s, seat)
        assert document["roll"]["outcome"] == "tie" and _numbers(document) == []
    assert view_for(play.s, "gm")["roll"]["difficulty"] == HIDDEN
    play.do(c.ResolveRoll(boost_names=(("ruth", "Half a Foothold"),)), "ann")
    assert_replays(play)


def test_a_hidden_difficulty_in_a_conflict_is_refused_what_would_tell_it(play: Play) -> None:
    _fight(play, ("ruth",))
    # An attack or a defence is never hidden, and only a participant still fighting acts.
    _refused(play, c.HideDifficulty(actor="ruth", difficulty=3, action=Action.ATTACK))
    _refused(play, c.HideDifficulty(actor="ruth", difficulty=3, action=Action.DEFEND))
    _refused(play, c.HideDifficulty(actor="charles", difficulty=3))  # not in this conflict
    _refused(play, c.HideDifficulty(actor="ruth", difficulty=3), "ann")  # the GM's to set
    _refused(
        play,
        c.Overcome(actor="ruth", skill="notice", difficulty=3, hidden_difficulty=True),
        "ann",
    )
    play.do(c.HideDifficulty(actor="ruth", difficulty=HIDDEN, skill="notice"))
    # Naming a difficulty or an opponent (an active opposition) is refused, as outside a conflict.
    secret = _refused(play, c.Overcome(actor="ruth", skill="notice", difficulty=1), "ann")
    assert isinstance(secret, ForbiddenAction) and str(HIDDEN) not in str(secret)
    _refused(
        play,
        c.Overcome(actor="ruth", skill="notice", against="alice", defend_skill="deceive"),
        "ann",
    )
    _refused(play, c.Overcome(actor="ruth", skill="athletics"), "ann")  # not the skill asked
    _refused(play, c.CreateAdvantage(actor="ruth", skill="notice"), "ann")  # nor the action
    assert len(play.s.screen.asked) == 1

    # An attack is rolled in the open, and the request waits for the roll it was set for.
    play.dice[:] = ["0000"]  # Alice's defence, rolled by the table
    play.do(c.Attack(actor="ruth", target="alice", skill="fight", dice="0000"), "ann")
    ann = view_for(play.s, "ann")["roll"]
    assert ann["opposition"] == 3 and "difficulty_hidden" not in ann  # Alice's Fight
    assert "ruth" in play.s.screen.asked


def test_the_gm_still_rolls_a_conflict_action_openly_or_hides_their_own(play: Play) -> None:
    _fight(play)
    play.do(c.HideDifficulty(actor="ruth", difficulty=HIDDEN))
    play.do(c.Overcome(actor="ruth", skill="notice", difficulty=1, dice="0000"))
    assert view_for(play.s, "ann")["roll"]["difficulty"] == 1
    assert "ruth" in play.s.screen.asked  # not used up by an open roll
    play.do(c.ResolveRoll())
    play.do(c.EndTurn(next_actor="alice"))
    # The GM's own NPC, against a difficulty kept from the players.
    play.do(
        c.Overcome(
            actor="alice", skill="deceive", difficulty=HIDDEN, hidden_difficulty=True, dice="++00"
        )
    )
    assert view_for(play.s, "ann")["roll"]["outcome"] == "success"
    assert _numbers(document_for(play.s, "ann")) == []
    assert view_for(play.s, "gm")["roll"]["difficulty"] == HIDDEN
    _refused(play, c.Overcome(actor="alice", skill="deceive", hidden_difficulty=True))


@pytest.mark.rule("conflict.taken-out")
def test_a_request_no_roll_can_use_is_dropped(play: Play) -> None:
    _fight(play)
    play.do(c.HideDifficulty(actor="ruth", difficulty=HIDDEN))
    play.do(c.HideDifficulty(actor="charles", difficulty=2, skill="investigate"))
    # Charles leaves the fight: the roll asked of him has no exchange left to be made in.
    play.do(c.Concede(character_id="charles"), "ben")
    assert set(play.s.screen.asked) == {"ruth"}
    assert view_for(play.s, "ben")["screen"]["asked"] == []
    left = _refused(play, c.HideDifficulty(actor="charles", difficulty=2))
    assert isinstance(left, IllegalAction) and left.rule.key == "conflict.taken-out"
    # The conflict ends: what was asked for it goes with it.
    play.do(c.Concede(character_id="ruth"), "ann")
    play.do(c.FinishConflict())
    assert play.s.screen.asked == {}
    assert_replays(play)
    # Outside the conflict the GM asks again, as before.
    play.do(c.HideDifficulty(actor="charles", difficulty=2))
    assert set(play.s.screen.asked) == {"charles"}


def test_a_hidden_conflict_roll_goes_with_the_log_and_the_json(play: Play) -> None:
    _fight(play)
    play.do(c.HideDifficulty(actor="ruth", difficulty=HIDDEN))
    play.do(c.Overcome(actor="ruth", skill="notice", dice="0000"), "ann")
    ann = json.dumps(document_for(play.s, "ann"))
    assert '"difficulty_hidden": true' in ann
    assert_replays(play)
