"""A big bad that is a map or a hive, set at the table: the engine's refusals reach the caller,
the heart's fall beats it, the views show its parts, and old logs fold as before."""

from __future__ import annotations

import json
from typing import Any

import pytest

from fatekit.formats import dumps_character
from fatekit.rules import BadInput, IllegalAction, major_npc
from fatekit.rules.scenes.conflict import Status
from fatekit.rules.scenes.zones import INTERACT_RULE
from fatekit.table import commands as c
from fatekit.table import events as e
from fatekit.table import export_table, fold, import_table, view_for
from fatekit.table.serialize import event_from_payload, event_payload

from .conftest import Play, assert_replays, log_of, seated  # type: ignore[import-not-found]

Part = c.ThreatPartEntry


def part_sheet(pid: str, name: str) -> str:
    return dumps_character(
        major_npc("condensed", pid, name, high_concept=name, skills={"fight": 1})
    )


def hive_table() -> Play:
    """Ruth and Charles against Alice and a hive: a drone, a claw and the queen behind the drone."""
    play = seated(("big_bads",))
    for pid, name in (("drone", "Buzzing Drone"), ("claw", "Snapping Claw"), ("queen", "Queen")):
        play.do(c.AddCharacter(sheet=part_sheet(pid, name)))
    play.do(c.EndScene())
    everyone = ("ruth", "charles", "alice", "drone", "claw", "queen")
    play.do(
        c.StartScene(
            name="The nest",
            participants=everyone,
            zones=("nest",),
            positions=tuple((who, "nest") for who in everyone),
        )
    )
    play.do(
        c.StartConflict(
            sides=(("heroes", ("ruth", "charles")), ("hive", everyone[2:])), first="ruth"
        )
    )
    return play


HIVE = c.SetBigBad(
    character_id="queen",
    threat_parts=(Part(id="drone"), Part(id="claw"), Part(id="queen", behind=("drone",))),
    threat_heart="queen",
)


def hit(play: Play, actor: str, target: str) -> None:
    """``actor`` lands a big hit on ``target`` (the table rolls the defence) and takes it out."""
    seat = "ann" if actor == "ruth" else "ben"
    play.dice[:] = ["----"]
    play.do(c.Attack(actor=actor, target=target, skill="fight", dice="++++"), seat)
    play.do(c.ResolveRoll(option="hit"), seat)
    play.do(c.TakeOut())


def threat_of(play: Play, seat: str = "gm") -> dict[str, Any]:
    bads = view_for(play.s, seat)["conflict"]["big_bads"]
    assert len(bads) == 1
    threat = bads[0]["threat"]
    assert isinstance(threat, dict)
    return threat


def status(play: Play, who: str) -> Status:
    assert play.s.conflict is not None
    return play.s.conflict.roster.fighters[who].status


@pytest.mark.rule("big-bad.threat-map")
def test_a_hive_is_beaten_at_its_heart_once_its_shield_falls() -> None:
    play = hive_table()
    play.do(HIVE)
    assert threat_of(play)["attackable"] == ["drone", "claw"]
    before, logged = view_for(play.s, "gm"), len(play.log)
    with pytest.raises(IllegalAction) as caught:
        play.do(c.Attack(actor="ruth", target="queen", skill="fight", dice="++++"), "ann")
    assert caught.value.rule.key == "big-bad.threat-map"
    assert "drone" in str(caught.value)
    assert view_for(play.s, "gm") == before and len(play.log) == logged  # nothing applied
    hit(play, "ruth", "drone")
    assert status(play, "drone") is Status.TAKEN_OUT
    threat = threat_of(play)
    assert threat["standing"] == ["claw", "queen"] and threat["attackable"] == ["claw", "queen"]
    assert not threat["defeated"]
    play.do(c.EndTurn(next_actor="charles"), "ann")
    hit(play, "charles", "queen")
    # The heart fell: the claw falls with it, and the big bad is beaten.
    assert status(play, "claw") is Status.TAKEN_OUT
    threat = threat_of(play)
    assert threat["defeated"] and threat["standing"] == [] and threat["attackable"] == []
    assert status(play, "alice") is Status.ACTIVE  # the conflict goes on against Alice
    assert_replays(play)


@pytest.mark.rule("big-bad.threat-map")
def test_a_taken_out_part_cannot_be_attacked_again() -> None:
    play = hive_table()
    play.do(HIVE)
    hit(play, "ruth", "drone")
    play.do(c.EndTurn(next_actor="charles"), "ann")
    with pytest.raises(IllegalAction) as caught:
        play.do(c.Attack(actor="charles", target="drone", skill="fight", dice="0000"), "ben")
    assert caught.value.rule.key == "big-bad.threat-map"
    assert "already out" in str(caught.value)


def test_players_see_the_parts_but_not_the_heart() -> None:
    play = hive_table()
    play.do(HIVE)
    gm, ann = threat_of(play), threat_of(play, "ann")
    assert gm["heart"] == "queen" and "heart" not in ann
    assert (
        ann["parts"]
        == gm["parts"]
        == [
            {"id": "drone", "zone": None, "reach": 0, "behind": []},
            {"id": "claw", "zone": None, "reach": 0, "behind": []},
            {"id": "queen", "zone": None, "reach": 0, "behind": ["drone"]},
        ]
    )
    assert not ann["map"] and ann["attackable"] == ["drone", "claw"]
    logged = next(entry for entry in log_of(play, "ann") if entry["type"] == "BigBadSet")
    assert "threat_heart" not in logged["data"] and len(logged["data"]["threat_parts"]) == 3
    gm_logged = next(entry for entry in log_of(play, "gm") if entry["type"] == "BigBadSet")
    assert gm_logged["data"]["threat_heart"] == "queen"


@pytest.mark.rule("big-bad.threat-map")
def test_malformed_threats_are_refused_by_the_engine() -> None:
    play = hive_table()
    before = len(play.log)
    with pytest.raises(IllegalAction) as caught:  # no heart among the parts
        play.do(c.SetBigBad(character_id="queen", threat_parts=(Part(id="drone"),)))
    assert caught.value.rule.key == "big-bad.threat-map"
    with pytest.raises(IllegalAction) as caught:  # parts shielding each other
        play.do(
            c.SetBigBad(
                character_id="queen",
                threat_parts=(
                    Part(id="drone", behind=("queen",)),
                    Part(id="queen", behind=("drone",)),
                ),
                threat_heart="queen",
            )
        )
    assert caught.value.rule.key == "big-bad.threat-map"
    with pytest.raises(BadInput):  # a part that is not in the conflict
        play.do(
            c.SetBigBad(
                character_id="queen", threat_parts=(Part(id="nobody"),), threat_heart="nobody"
            )
        )
    with pytest.raises(BadInput):  # a map in a hive's clothing: some parts zones, some not
        play.do(
            c.SetBigBad(
                character_id="queen",
                threat_parts=(Part(id="drone", zone="nest"), Part(id="queen")),
                threat_heart="queen",
            )
        )
    assert len(play.log) == before
    assert play.s.conflict is not None and not play.s.conflict.big_bad_rules.big_bads


def kraken_table() -> Play:
    """Ruth in the rigging, Charles on deck and first; the kraken: a tentacle on deck, a maw beyond."""
    play = seated(("big_bads",))
    for pid, name in (("tentacle", "Tentacle"), ("maw", "Maw")):
        play.do(c.AddCharacter(sheet=part_sheet(pid, name)))
    play.do(c.EndScene())
    play.do(
        c.StartScene(
            name="The kraken",
            participants=("ruth", "charles", "tentacle", "maw"),
            zones=("rigging", "deck", "maw"),
            links=(("rigging", "deck"), ("deck", "maw")),
            positions=(("ruth", "rigging"), ("charles", "deck"), ("tentacle", "rigging")),
        )
    )
    play.do(
        c.StartConflict(
            sides=(("heroes", ("ruth", "charles")), ("kraken", ("tentacle", "maw"))),
            first="charles",
        )
    )
    return play


KRAKEN = c.SetBigBad(
    character_id="maw",
    threat_parts=(
        Part(id="tentacle", zone="deck", reach=1),
        Part(id="maw", zone="maw", behind=("tentacle",)),
    ),
    threat_heart="maw",
)


@pytest.mark.rule("big-bad.threat-map")
def test_a_map_puts_its_parts_in_their_zones_and_reach_holds() -> None:
    play = kraken_table()
    play.do(KRAKEN)
    positions = play.s.game.scene.zones.positions if play.s.game.scene else {}
    assert positions is not None
    assert positions["tentacle"] == "deck" and positions["maw"] == "maw"
    threat = threat_of(play, "ben")
    assert threat["map"] and threat["parts"][0] == {
        "id": "tentacle",
        "zone": "deck",
        "reach": 1,
        "behind": [],
    }
    before = view_for(play.s, "gm")
    with pytest.raises(IllegalAction) as caught:  # the maw hides behind the tentacle
        play.do(c.Attack(actor="charles", target="maw", skill="fight", dice="++++"), "ben")
    assert caught.value.rule.key == "big-bad.threat-map"
    assert view_for(play.s, "gm") == before
    hit(play, "charles", "tentacle")
    assert threat_of(play)["attackable"] == ["maw"]
    play.do(c.EndTurn(next_actor="ruth"), "ben")
    before = view_for(play.s, "gm")
    # Open to attack now, but the maw is two zones from the rigging: beyond Ruth's fists.
    with pytest.raises(IllegalAction) as caught:
        play.do(c.Attack(actor="ruth", target="maw", skill="fight", dice="++++"), "ann")
    assert caught.value.rule.key == INTERACT_RULE.key
    assert view_for(play.s, "gm") == before
    assert_replays(play)


@pytest.mark.rule("big-bad.threat-map")
def test_a_map_needs_zones_that_the_scene_has() -> None:
    play = kraken_table()
    with pytest.raises(BadInput):
        play.do(
            c.SetBigBad(
                character_id="maw",
                threat_parts=(Part(id="maw", zone="abyss"),),
                threat_heart="maw",
            )
        )
    assert play.s.conflict is not None and not play.s.conflict.big_bad_rules.big_bads


def test_an_old_log_without_threats_folds_the_same() -> None:
    play = hive_table()
    play.do(c.SetBigBad(character_id="alice", solo_skill=True))
    old = []
    for event in play.log:
        data = json.loads(event_payload(event))
        if isinstance(event, e.BigBadSet):
            # What the event held before big bads could be maps or hives.
            assert data.pop("threat_parts") == [] and data.pop("threat_heart") is None
        old.append(
            event_from_payload(
                type(event).__name__,
                json.dumps(data),
                table_id=event.table_id,
                version=event.version,
                seat=event.seat,
                at=event.at,
            )
        )
    assert old == play.log
    replayed = fold(old)
    assert view_for(replayed, "gm") == view_for(play.s, "gm")
    assert "threat" not in view_for(replayed, "gm")["conflict"]["big_bads"][0]


def test_a_hive_survives_export_and_import() -> None:
    play = hive_table()
    play.do(HIVE)
    hit(play, "ruth", "drone")
    exported = export_table(play.log, play.s, "gm")
    imported = import_table(json.loads(json.dumps(exported)))
    assert view_for(imported.state, "gm") == view_for(play.s, "gm")
    assert threat_of(play)["standing"] == ["claw", "queen"]
