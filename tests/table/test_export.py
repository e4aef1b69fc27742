"""Table and character files, their schema, and commands and events as JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fatekit.formats import character_from_dict
from fatekit.rules import BadInput, ForbiddenAction
from fatekit.table import (
    FieldErrors,
    command_from_json,
    command_to_json,
    event_from_payload,
    event_payload,
    export_character,
    export_table,
    import_table,
    table_schema_text,
    view_for,
)
from fatekit.table import commands as c
from fatekit.table.events import EVENT_TYPES

from .conftest import Play  # type: ignore[import-not-found]

DOCS = Path(__file__).resolve().parents[2] / "docs"


def _played(play: Play) -> Play:
    play.do(c.AddSituationAspect(name="Hidden Hatch", hidden=True))
    play.do(
        c.StartConflict(sides=(("heroes", ("ruth", "charles")), ("cult", ("alice",))), first="ruth")
    )
    play.dice[:] = ["--00"]  # Alice's defence, rolled by the table
    play.do(c.Attack(actor="ruth", target="alice", skill="fight", dice="++00"), "ann")
    play.do(c.ResolveRoll(option="hit"), "ann")
    play.do(c.Note(text="Narration"), "ben")
    play.do(c.Undo(target_version=play.s.version))
    return play


def test_the_published_schema_is_current() -> None:
    published = (DOCS / "table.schema.json").read_text(encoding="utf-8")
    assert published == table_schema_text(), "docs/table.schema.json is stale: run `make docs`"


def test_a_table_round_trips_through_its_file(play: Play) -> None:
    _played(play)
    exported = export_table(play.log, play.s, "gm")
    text = json.dumps(exported)
    imported = import_table(json.loads(text), table_id="copy")
    assert [type(ev) for ev in imported.events] == [type(ev) for ev in play.log]
    assert imported.state.table_id == "copy"
    ours, theirs = view_for(play.s, "gm"), view_for(imported.state, "gm")
    ours["table"].pop("id"), theirs["table"].pop("id")
    assert ours == theirs


def test_only_a_gm_exports_the_table(play: Play) -> None:
    with pytest.raises(ForbiddenAction):
        export_table(play.log, play.s, "ann")


def test_a_bad_table_file_is_refused_with_its_problems(play: Play) -> None:
    good = export_table(play.log, play.s, "gm")
    broken = json.loads(json.dumps(good))
    broken["events"][1]["data"]["role"] = "overlord"
    del broken["name"]
    with pytest.raises(FieldErrors) as caught:
        import_table(broken)
    assert len(caught.value.errors) >= 2
    gap = json.loads(json.dumps(good))
    gap["events"][2]["version"] = 9
    with pytest.raises(BadInput):
        import_table(gap)
    with pytest.raises(BadInput):
        import_table([1, 2, 3])


def test_a_file_whose_events_no_longer_fold_opens_read_only_before_them(play: Play) -> None:
    """Issue 37: a log is never refused for an event that does not fold here; the table opens
    as it stood before that event, read-only, says why, and keeps every event as written."""
    good = export_table(play.log, play.s, "gm")
    twice = json.loads(json.dumps(good))
    twice["events"][2]["data"]["seat_id"] = "ann"  # a second seat "ann"
    imported = import_table(twice)
    assert imported.state.version == 2
    assert imported.state.read_only is not None
    assert (imported.state.read_only.version, imported.state.read_only.event) == (3, "SeatAdded")
    assert "already a seat 'ann'" in imported.state.read_only.detail
    assert [entry.to_json() for entry in imported.log] == twice["events"]
    # Only a first event that does not fold is refused: there is nothing before it to open.
    broken = json.loads(json.dumps(good))
    broken["events"][0]["data"]["preset"] = "no-such-preset"
    with pytest.raises(BadInput):
        import_table(broken)


def test_character_export_follows_what_the_seat_sees(play: Play) -> None:
    sheet = export_character(play.s, "ruth", "ben")
    assert character_from_dict(sheet).character.name == "Ruth"
    with pytest.raises(ForbiddenAction):
        export_character(play.s, "alice", "ann")
    assert export_character(play.s, "alice", "gm")["name"] == "Alice Westforth"


def test_every_event_survives_its_payload(play: Play) -> None:
    _played(play)
    for event in play.log:
        back = event_from_payload(
            type(event).__name__,
            event_payload(event),
            table_id=event.table_id,
            version=event.version,
            seat=event.seat,
            at=event.at,
        )
        assert back == event
    with pytest.raises(BadInput):
        event_from_payload("NoSuchEvent", "{}", table_id="t", version=1, seat="gm", at="x")


def test_every_event_type_has_a_schema_entry() -> None:
    schema = json.loads(table_schema_text())
    assert set(schema["$defs"]) == {*EVENT_TYPES, "facts"}  # the facts any event may carry


def test_commands_from_json_report_each_bad_field() -> None:
    command = c.StartConflict(sides=(("a", ("x", "y")), ("b", ("z",))), first="x")
    assert command_from_json("StartConflict", command_to_json(command)["data"]) == command
    with pytest.raises(FieldErrors) as caught:
        command_from_json("Attack", {"actor": 3, "skill": "fight", "forgo_defense": "yes", "x": 1})
    assert caught.value.errors == {
        "x": "unknown field",
        "actor": "expected a string",
        "target": "required",
        "forgo_defense": "expected true or false",
    }
    # Whether an attack is made from a distance is the engine's to say, never the client's.
    with pytest.raises(FieldErrors) as caught:
        command_from_json(
            "Attack", {"actor": "ruth", "target": "x", "skill": "shoot", "ranged": True}
        )
    assert caught.value.errors == {"ranged": "unknown field"}
    with pytest.raises(FieldErrors) as caught:
        command_from_json(
            "Roll", {"actor": "r", "action": "dance", "skill": "s", "difficulty": True}
        )
    assert set(caught.value.errors) == {"action", "difficulty"}
    with pytest.raises(FieldErrors):
        command_from_json("Explode", {})
    with pytest.raises(FieldErrors):
        command_from_json("Note", ["not", "an", "object"])
    with pytest.raises(FieldErrors) as caught:
        command_from_json("StartScene", {"name": "s", "participants": "ruth", "links": [["a"]]})
    assert set(caught.value.errors) == {"participants", "links[0]"}


def test_the_optional_rules_events_round_trip_through_a_table_file() -> None:
    from fatekit.rules import Milestone
    from fatekit.rules.options.big_bads import ImmunityKind
    from fatekit.rules.scenes.conflict import FocusKind

    from .conftest import seated  # type: ignore[import-not-found]
    from .test_conflict_options import true_form_sheet, with_goon  # type: ignore[import-not-found]

    play = with_goon(
        seated(("big_bads", "obstacles", "multiple_targets", "weapon_and_armor", "full_defense"))
    )
    play.do(
        c.StartConflict(
            sides=(("heroes", ("ruth", "charles")), ("cult", ("alice", "goon"))), first="ruth"
        )
    )
    play.do(c.Equip(character_id="ruth", weapon=1), "ann")
    play.do(
        c.SetBigBad(
            character_id="alice",
            minions=("goon",),
            immunity=ImmunityKind.CHALLENGE,
            forms=(true_form_sheet(),),
        )
    )
    play.do(c.BreakImmunity(character_id="alice"))
    play.do(c.AddHazard(hazard_id="fire", name="Raging Fire", rating=2, weapon=1, side="cult"))
    play.do(c.AddBlock(block_id="crates", name="Stacked Crates", rating=2, cover=True))
    play.do(c.SplitAttack(actor="ruth", skill="fight", dice="++++"), "ann")
    play.dice[:] = ["0000", "0000"]
    play.do(c.AssignTargets(split=(("alice", 4), ("goon", 4))), "ann")
    play.do(c.ResolveTargets(options=(("goon", "hit"),)), "ann")
    play.do(c.Shield(minion="goon"))
    play.do(c.TakeOut())
    play.do(c.TakeOut())
    play.do(c.EndTurn(next_actor="charles"), "ann")
    play.do(c.FullDefense(actor="charles", focus=FocusKind.PROTECT, who=("ruth",)), "ben")
    play.do(c.EndTurn(next_actor="alice"), "ben")
    play.do(c.Concede(character_id="alice"))
    play.do(c.FinishConflict())
    play.do(c.SelfCompel(aspect_id="ruth/trouble/1", target="ruth", complication="Sharks"), "ann")
    play.do(c.SelfCompelAnswer(compel_id=f"s{play.s.version}", accepted=True))
    play.do(c.EndScene())
    play.do(c.EndSession(milestone=Milestone.MINOR))
    play.do(
        c.Milestone(
            character_id="ruth",
            choice=c.MilestoneChange(
                kind=c.ChangeKind.SWAP_SKILLS, first="fight", second="athletics"
            ),
        ),
        "ann",
    )
    names = {type(ev).__name__ for ev in play.log}
    assert {"BigBadSet", "TargetsAssigned", "MinionShielded", "MilestoneTaken"} <= names
    imported = import_table(json.loads(json.dumps(export_table(play.log, play.s, "gm"))))
    assert list(imported.events) == play.log
    assert view_for(imported.state, "gm") == view_for(play.s, "gm")


def test_events_written_before_their_new_fields_still_read(play: Play) -> None:
    # An attack recorded before Weapon and Armor, cover and helpers were table fields.
    old = {
        "actor": "ruth",
        "target": "alice",
        "skill": "fight",
        "defend_skill": None,
        "defender": None,
        "forgo_defense": False,
        "ranged": False,
        "faces": "0000",
        "defend_faces": "0000",
    }
    event = event_from_payload(
        "AttackRolled", json.dumps(old), table_id="t1", version=99, seat="ann", at="x"
    )
    assert event.helpers == () and event.cover is None  # type: ignore[attr-defined]
