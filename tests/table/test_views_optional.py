"""What the new commands show each seat: a big bad's later forms, a rewritten hidden aspect, a
hazard's numbers and hidden aspects named in story details stay with those who may see them.

As in ``test_views.py``, every secret carries a marker string; the GM receives each marker (so the
test is not searching for strings that never existed) and the others none of them until they are
revealed.
"""

from __future__ import annotations

import json

import pytest

from fatekit.rules import IllegalAction, Milestone
from fatekit.table import Waiver, event_for, view_for
from fatekit.table import commands as c
from fatekit.table.seats import Role

from ..sheets import charles_sheet, npc_sheet, ruth_sheet  # type: ignore[import-not-found]
from .test_conflict_options import true_form_sheet  # type: ignore[import-not-found]
from .test_views import Recorder  # type: ignore[import-not-found]

TRUE_FORM = "ZZ-TRUE-FORM"
NEW_NAME = "ZZ-RUTH-NEW-NAME"
OLD_NAME = "ZZ-RUTH-OLD-NAME"


@pytest.fixture
def table() -> Recorder:
    r = Recorder()
    r.do(c.CreateTable(name="The Yacht", options=("big_bads", "obstacles")))
    r.do(c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"))
    r.do(c.AddSeat(seat_id="ben", role=Role.PLAYER, name="Ben"))
    r.do(c.AddSeat(seat_id="sam", role=Role.SPECTATOR, name="Sam"))
    ruth = json.loads(ruth_sheet())
    ruth["aspects"].append({"id": "ruth/character/9", "kind": "character", "name": OLD_NAME})
    r.do(c.AddCharacter(sheet=json.dumps(ruth), owner="ann", hidden_aspects=("ruth/character/9",)))
    r.do(c.RevealAspect(aspect_id="ruth/character/9", to=("ruth",)))
    r.do(c.AddCharacter(sheet=charles_sheet(), owner="ben"), "ben")
    r.do(c.AddCharacter(sheet=npc_sheet()))
    r.do(c.StartSession())
    r.do(c.StartScene(name="Storm", participants=("ruth", "charles", "alice")))
    r.do(c.AddSituationAspect(name="Trapdoor", hidden=True, known_to=("alice",)))
    r.do(
        c.StartConflict(sides=(("heroes", ("ruth", "charles")), ("cult", ("alice",))), first="ruth")
    )
    r.do(c.SetBigBad(character_id="alice", forms=(true_form_sheet(TRUE_FORM),)))
    r.do(c.AddHazard(hazard_id="fire", name="Raging Fire", rating=5, weapon=3, side="cult"))
    r.do(c.DeclareStoryDetail(aspect_id="a1", by="alice", detail="The trapdoor is unlatched"))
    return r


def _texts(r: Recorder, seat: str, before: int | None = None) -> list[str]:
    return [t for v, t in r.received[seat] if before is None or v < before]


def test_a_big_bads_later_forms_stay_hidden_until_revealed(table: Recorder) -> None:
    r = table
    assert any(TRUE_FORM in t for t in _texts(r, "gm"))
    for seat in ("ann", "ben", "sam"):
        assert not any(TRUE_FORM in t for t in _texts(r, seat)), seat
    # Ruth takes out the first form: the true form steps in, and everyone sees it.
    r.play.dice[:] = ["----"]
    r.do(c.Attack(actor="ruth", target="alice", skill="fight", dice="++++"), "ann")
    r.do(c.ResolveRoll(option="hit"), "ann")
    revealed = r.play.s.version + 1
    r.do(c.TakeOut())
    for seat in ("ann", "ben", "sam"):
        assert not any(TRUE_FORM in t for t in _texts(r, seat, before=revealed)), seat
        assert TRUE_FORM in json.dumps(view_for(r.play.s, seat)), seat


def test_a_hazards_numbers_are_the_gms(table: Recorder) -> None:
    state = table.play.s
    added = next(ev for ev in table.play.log if type(ev).__name__ == "HazardAdded")
    for seat in ("ann", "ben", "sam"):
        data = event_for(added, state, seat)
        assert data is not None and "rating" not in data["data"] and "weapon" not in data["data"]
    gm = event_for(added, state, "gm")
    assert gm is not None and (gm["data"]["rating"], gm["data"]["weapon"]) == (5, 3)
    table.do(c.RevealCharacter(character_id="fire"))
    shown = event_for(added, table.play.s, "ann")
    assert shown is not None and shown["data"]["rating"] == 5


def test_a_story_detail_on_a_hidden_aspect_stays_with_those_who_know_it(table: Recorder) -> None:
    state = table.play.s
    told = next(ev for ev in table.play.log if type(ev).__name__ == "StoryDetailDeclared")
    # The detail says what the hidden aspect is: a seat that may not see the aspect gets nothing.
    assert event_for(told, state, "ben") is None
    gm = event_for(told, state, "gm")
    assert gm is not None and gm["data"]["aspect_id"] == "a1"


def test_rewriting_a_hidden_aspect_stays_with_its_owner(table: Recorder) -> None:
    r = table
    r.do(c.Concede(character_id="alice"))
    r.do(c.FinishConflict())
    r.do(c.EndScene())
    r.do(c.EndSession(milestone=Milestone.MINOR))
    r.do(
        c.Milestone(
            character_id="ruth",
            choice=c.MilestoneChange(
                kind=c.ChangeKind.REWRITE_ASPECT, aspect_id="ruth/character/9", name=NEW_NAME
            ),
        ),
        "ann",
    )
    for seat in ("gm", "ann"):
        assert any(NEW_NAME in t for t in _texts(r, seat)), seat
        assert any(OLD_NAME in t for t in _texts(r, seat)), seat
    for seat in ("ben", "sam"):
        assert not any(NEW_NAME in t or OLD_NAME in t for t in _texts(r, seat)), seat


def test_a_story_detail_in_the_open_stays_in_the_log_after_its_scene() -> None:
    # golden's repro: a detail declared on a public situation aspect vanished from the players'
    # log once the scene ended (judged by what was in play then, not when it was declared).
    r = Recorder()
    r.do(c.CreateTable(name="T"))
    r.do(c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"))
    r.do(c.AddCharacter(sheet=ruth_sheet(), owner="ann"), "ann")
    r.do(c.StartSession())
    r.do(c.StartScene(name="Market", participants=("ruth",)))
    r.do(c.AddSituationAspect(name="Crowded Stalls"))
    told = r.do(
        c.DeclareStoryDetail(aspect_id="a1", by="ruth", detail="A cousin sells fish"), "ann"
    )
    r.do(c.EndScene())
    detail = next(ev for ev in r.play.log if ev.version == told)
    shown = event_for(detail, r.play.s, "ann")
    assert shown is not None and shown["data"]["aspect_id"] == "a1"
    assert shown["data"]["detail"] == "A cousin sells fish"


@pytest.mark.rule("obstacle.hazard.acts")
def test_a_hazard_joins_no_contest_and_one_let_in_shows_its_effort(table: Recorder) -> None:
    # Page soak seed 110: the fight turned into a race (Fate Core, "Transitioning to a Contest
    # or Challenge") with the fire on the cult's side; the fire's overcome reached the players
    # with no effort and no outcome, and their pages looked up an outcome named null. A hazard
    # attacks or creates advantages and never overcomes (Fate Condensed, Obstacles > Hazards):
    # it joins no contest. A GM may let it in anyway; the contest compares efforts in the open
    # and has no Weapon, so the players then see its effort (as the contest counts it once
    # settled) and not its dice.
    r = table
    race = c.StartContest(
        sides=(("heroes", ("ruth", "charles")), ("cult", ("fire",))),
        intents=(("heroes", "Out of the burning house"), ("cult", "Cut them off")),
    )
    before = r.play.s.version
    with pytest.raises(IllegalAction) as refused:
        r.do(race)
    assert refused.value.rule.key == "obstacle.hazard.acts" and refused.value.waivable
    assert r.play.s.version == before and r.play.s.contest is None
    r.play.do(race, "gm", Waiver(("obstacle.hazard.acts",), "the fire races them to the stairs"))
    r.do(c.ContestRoll(side="cult", actor="fire", skill="raging_fire", dice="+0-0"))
    for seat in ("ann", "sam"):
        (roll,) = view_for(r.play.s, seat)["rolls"]
        assert roll["kind"] == "contest" and roll["effort"] == 5, seat
        assert roll["faces"] is None and roll["dice_hidden"], seat
        assert "effort_hidden" not in roll, seat
    (gm_roll,) = view_for(r.play.s, "gm")["rolls"]
    assert gm_roll["faces"] == "+0-0" and gm_roll["effort"] == 5
