"""The Fate System Toolkit's conditions at a table (srd/fate-system-toolkit-SRD.md § Conditions):
a hit absorbed by marking them, the GM marking and clearing them, a lasting one's recovery, the
fleeting ones gone at the scene's end; two seats' views, the log, and refusals that change
nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fatekit.discord.lines import Reader
from fatekit.discord.words import words
from fatekit.formats.character_json import character_from_dict, character_to_dict
from fatekit.formats.ruleset import loads_ruleset
from fatekit.rules import BadInput
from fatekit.rules.core.errors import FateError, ForbiddenAction, IllegalAction
from fatekit.rules.scenes.conflict import ConflictKind
from fatekit.table import commands as c
from fatekit.table import view_for
from fatekit.table.campaign import export_campaign, import_campaign
from fatekit.table.codec import FieldErrors
from fatekit.table.foresight import foresight_scenarios
from fatekit.table.seats import Role
from fatekit.table.snapshot import encode_snapshot

from .conftest import Play, assert_replays, log_of  # type: ignore[import-not-found]

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "rulesets"
SEATS = ("gm", "ann")


def text(name: str) -> str:
    return (EXAMPLES / name).read_text(encoding="utf-8")


def ember_road() -> Play:
    """A table of The Ember Road: Tamsin (Ann's) and the GM's raider chief, in a scene."""
    table = Play()
    table.do(
        c.CreateTable(name="Dry well", preset="ember-road", ruleset=text("ember-road.ruleset.json"))
    )
    table.do(c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"))
    table.do(c.AddCharacter(sheet=text("ember-road.character.json"), owner="ann"), "ann")
    raider = {
        "format": "fatekit-character",
        "version": 1,
        "id": "raider",
        "name": "Raider Chief",
        "kind": "major_npc",
        "preset": "ember-road",
        "aspects": [{"kind": "high_concept", "name": "Takes Water at Spear-Point"}],
        "skills": {"forceful": 3, "quick": 2},
    }
    table.do(c.AddCharacter(sheet=json.dumps(raider), revealed=True))
    table.do(c.StartSession())
    table.do(c.StartScene(name="The dry well at dusk", participants=("tamsin", "raider")))
    return table


def hit_tamsin(table: Play, dice: str, defence: str) -> None:
    """The raider attacks Tamsin (Forceful +3 against her Quick +3) and the hit lands."""
    table.do(
        c.Attack(
            actor="raider",
            target="tamsin",
            skill="forceful",
            dice=dice,
            defend_skill="quick",
            defend_dice=defence,
        )
    )
    table.do(c.ResolveRoll(option="hit"))


def fighting() -> Play:
    table = ember_road()
    table.do(
        c.StartConflict(
            sides=(("caravan", ("tamsin",)), ("raiders", ("raider",))),
            kind=ConflictKind.PHYSICAL,
        )
    )
    table.dice[:] = ["0000"]  # the raider's defence, rolled by the table
    table.do(
        c.Attack(
            actor="tamsin", target="raider", skill="sneaky", dice="-000", defend_skill="quick"
        ),
        "ann",
    )
    table.do(c.ResolveRoll(), "ann")
    table.do(c.EndTurn(), "ann")
    return table


def conditions_of(view: dict[str, Any], who: str) -> dict[str, dict[str, Any]]:
    found = next(ch for ch in view["characters"] if ch["id"] == who)
    return {part["key"]: part for part in found["conditions"]}


def said(table: Play, seat: str, language: str = "en", back: int = 0) -> str | None:
    """The log's line for the event ``back`` from the newest, as Discord says it to ``seat``."""
    reader = Reader(view_for(table.s, seat), words(language))
    return reader.line(log_of(table, seat)[back])


def unchanged(table: Play, command: c.Command, seat: str = "gm") -> FateError:
    """Send ``command``, which the table refuses; the table is as it was."""
    before = encode_snapshot(table.s)
    with pytest.raises(FateError) as refused:
        table.do(command, seat)
    assert encode_snapshot(table.s) == before
    return refused.value


@pytest.mark.rule("toolkit.conditions.soak")
@pytest.mark.rule("toolkit.conditions.aspect")
def test_a_hit_absorbed_by_a_condition_at_the_table_as_two_seats_see_it() -> None:
    table = fighting()
    hit_tamsin(table, "+000", "0000")  # 4 against 3: a hit of 1
    table.do(c.Absorb(conditions=("angry",)), "ann")
    tamsin = table.s.game.character("tamsin")
    assert [b.marked for b in next(iter(tamsin.stress.values())).boxes] == [False] * 3
    angry = tamsin.conditions["angry"]
    assert angry.boxes == 1 and angry.aspect.free_invokes_held_by("raider") == 1
    for seat in SEATS:
        seen = conditions_of(view_for(table.s, seat), "tamsin")
        assert list(seen) == ["angry", "frightened", "exhausted", "hungry", "broken", "wounded"]
        assert seen["angry"]["marked"] == 1 and seen["angry"]["aspect"]["name"] == "Angry"
        assert seen["angry"]["aspect"]["free_invokes"] == {"raider": 1}
        assert seen["wounded"] | {"offers": []} == {
            "key": "wounded",
            "name": "Wounded",
            "kind": "lasting",
            "shifts": 4,
            "boxes": 2,
            "marked": 0,
            "recovering": False,
            "aspect": None,
            "offers": [],
        }
    # The GM is offered to mark or clear; Ann, whose sheet it is, neither (the GM's moves).
    gm = conditions_of(view_for(table.s, "gm"), "tamsin")
    assert gm["angry"]["offers"] == ["ClearCondition"]  # its one box is marked
    assert gm["hungry"]["offers"] == ["MarkCondition"]
    assert conditions_of(view_for(table.s, "ann"), "tamsin")["angry"]["offers"] == []
    # The sheet, shaped as a character file, keeps the marked condition.
    sheet = next(ch for ch in view_for(table.s, "ann")["characters"] if ch["id"] == "tamsin")
    assert sheet["sheet"]["conditions"] == {
        "angry": {"boxes": 1, "taken_session": 0, "recovering_session": None, "invokes": ["raider"]}
    }
    assert (
        said(table, "ann")
        == "**Ann** · **Tamsin Vey** absorbed the hit by marking the conditions *Angry*"
    )
    assert said(table, "ann", "sv") == (
        "**Ann** · **Tamsin Vey** tog träffen genom att markera tillstånden *Angry*"
    )
    assert_replays(table, SEATS)


@pytest.mark.rule("toolkit.conditions.soak")
def test_a_bigger_hit_takes_conditions_and_a_box_and_refusals_change_nothing() -> None:
    table = fighting()
    hit_tamsin(table, "+++0", "--00")  # 6 against 1: a hit of 5
    # Ann is offered every free condition and, for each total some of them take off short of
    # the 5, the ways to absorb the rest.
    hit = view_for(table.s, "ann")["conflict"]["pending_hit"]
    assert hit["soaking"] == {
        "angry": 1,
        "frightened": 1,
        "exhausted": 2,
        "hungry": 2,
        "broken": 4,
        "wounded": 4,
    }
    assert sorted(hit["absorb_after"], key=int) == ["1", "2", "3", "4"]
    # Fate Accelerated's boxes: any box worth enough takes the 1 left.
    assert [o["boxes"] for o in hit["absorb_after"]["4"]] == [[0], [1], [2]]
    # Without conditions nothing absorbs 5 here (boxes of 1, 2, 3 and no consequence slot).
    assert hit["absorb_options"] == []
    refused = unchanged(table, c.Absorb(conditions=("sleepy",)), "ann")
    assert isinstance(refused, BadInput) and refused.code == "no_condition"
    # Wounded takes 4: one box for the last shift is needed, and two boxes are one too many.
    assert isinstance(unchanged(table, c.Absorb(conditions=("wounded",)), "ann"), BadInput)
    assert isinstance(
        unchanged(table, c.Absorb(conditions=("wounded",), boxes=(0, 1)), "ann"), IllegalAction
    )
    # Only the seat acting for Tamsin absorbs her hit.
    assert isinstance(
        unchanged(table, c.Absorb(conditions=("wounded",), boxes=(0,)), "sam"), FateError
    )
    table.do(c.Absorb(conditions=("wounded",), boxes=(0,)), "ann")
    assert table.s.game.character("tamsin").conditions["wounded"].boxes == 2
    assert_replays(table, SEATS)


@pytest.mark.rule("toolkit.conditions.soak")
def test_conditions_named_out_of_the_rule_sets_order_fold_as_decided() -> None:
    """Wounded then Angry (the rule set lists Angry first): the table keeps them in the order
    they were marked, and folding the event again, today's or as an older release recorded it,
    gives the same sheet (it once marked them in the rule set's order when folded)."""
    table = fighting()
    hit_tamsin(table, "+++0", "--00")  # a hit of 5
    table.do(c.Absorb(conditions=("wounded", "angry")), "ann")
    assert list(table.s.game.character("tamsin").conditions) == ["wounded", "angry"]
    assert_replays(table, SEATS)


@pytest.mark.rule("toolkit.conditions.fleeting-clears")
@pytest.mark.rule("toolkit.conditions.gm-marks")
@pytest.mark.rule("toolkit.conditions.sticky-clears")
def test_the_gm_marks_and_clears_and_the_scene_end_takes_the_fleeting_ones() -> None:
    table = ember_road()
    table.do(c.MarkCondition(character_id="tamsin", key="frightened", by="raider"))
    table.do(c.MarkCondition(character_id="tamsin", key="exhausted"))
    table.do(c.MarkCondition(character_id="tamsin", key="broken"))
    assert said(table, "ann") == "**GM** · **Tamsin Vey** now suffers the condition *Broken*"
    assert said(table, "ann", "ru", 2) == (
        "**GM** · **Tamsin Vey**: отмечено состояние *Frightened*, его причина — **Raider Chief**"
    )
    # A player may not mark or clear them; the GM may not clear a lasting one.
    assert isinstance(
        unchanged(table, c.MarkCondition(character_id="tamsin", key="hungry"), "ann"),
        ForbiddenAction,
    )
    assert isinstance(
        unchanged(table, c.ClearCondition(character_id="tamsin", key="exhausted"), "ann"),
        ForbiddenAction,
    )
    assert isinstance(
        unchanged(table, c.ClearCondition(character_id="tamsin", key="broken")), IllegalAction
    )
    refused = unchanged(table, c.ClearCondition(character_id="tamsin", key="hungry"))
    assert isinstance(refused, BadInput) and refused.code == "condition_unmarked"
    assert isinstance(
        unchanged(table, c.MarkCondition(character_id="tamsin", key="broken")), IllegalAction
    )
    # Sleep came: the GM clears Exhausted; the scene ends and Frightened goes with it.
    table.do(c.ClearCondition(character_id="tamsin", key="exhausted"))
    table.do(c.EndScene())
    assert sorted(table.s.game.character("tamsin").conditions) == ["broken"]
    assert_replays(table, SEATS)


@pytest.mark.rule("toolkit.conditions.lasting-recovery")
def test_a_lasting_condition_recovers_at_the_table_over_two_sessions() -> None:
    table = ember_road()
    table.do(c.MarkCondition(character_id="tamsin", key="wounded"))
    recover = c.RecoverCondition(character_id="tamsin", key="wounded", effort=5)
    assert conditions_of(view_for(table.s, "ann"), "tamsin")["wounded"]["offers"] == []
    assert isinstance(unchanged(table, recover, "ann"), IllegalAction)  # this session yet
    table.do(c.EndScene())
    table.do(c.EndSession())
    table.do(c.StartSession())
    assert conditions_of(view_for(table.s, "ann"), "tamsin")["wounded"]["offers"] == [
        "RecoverCondition"
    ]
    weak = c.RecoverCondition(character_id="tamsin", key="wounded", effort=3)
    assert isinstance(unchanged(table, weak, "ann"), IllegalAction)
    with pytest.raises(FieldErrors):
        table.do(c.RecoverCondition(character_id="tamsin", key="wounded", effort=99), "ann")
    table.do(recover, "ann")
    wounded = table.s.game.character("tamsin").conditions["wounded"]
    assert wounded.boxes == 1 and wounded.recovering_session == 1
    assert said(table, "ann", "it") == (
        "**Ann** · **Tamsin Vey** inizia a riprendersi dalla condizione *Wounded* (superare a 5)"
    )
    table.do(c.EndSession())
    assert table.s.game.character("tamsin").conditions == {}
    assert_replays(table, SEATS)


def test_a_character_file_keeps_its_conditions_and_refuses_one_the_rule_set_lacks() -> None:
    preset = loads_ruleset(text("ember-road.ruleset.json"))
    data = json.loads(text("ember-road.character.json"))
    data["conditions"] = {
        "wounded": {"boxes": 1, "taken_session": 2, "recovering_session": 3, "invokes": []},
        "angry": {"boxes": 1, "invokes": ["raider"]},
    }
    sheet = character_from_dict(data, preset).character
    assert sheet.conditions["wounded"].recovering_session == 3
    assert sheet.conditions["angry"].aspect.free_invokes_held_by("raider") == 1
    again = character_from_dict(character_to_dict(sheet, preset), preset).character
    assert character_to_dict(again, preset) == character_to_dict(sheet, preset)
    data["conditions"] = {"sleepy": {"boxes": 1}, "angry": {"boxes": 2}}
    with pytest.raises(BadInput) as refused:
        character_from_dict(data, preset)
    assert "$.conditions.sleepy: The Ember Road has no such condition" in str(refused.value)
    assert "$.conditions.angry.boxes: Angry has 1 box(es)" in str(refused.value)
    data["conditions"] = {"angry": {"boxes": 0}}
    with pytest.raises(BadInput, match=r"conditions"):
        character_from_dict(data, preset)


def test_the_simulator_refuses_conditions_rather_than_leave_them_out() -> None:
    """Its fighters soak hits with stress and consequences only, so a table of The Ember Road
    is told why it gets no foresight, rather than odds that make everyone frailer."""
    table = fighting()
    with pytest.raises(BadInput, match="does not play a rule set's conditions"):
        foresight_scenarios(table.s)


def test_the_campaign_file_keeps_the_conditions_marked() -> None:
    table = fighting()
    hit_tamsin(table, "+000", "0000")
    table.do(c.Absorb(conditions=("angry",)), "ann")
    table.do(c.MarkCondition(character_id="tamsin", key="broken"))
    campaign = json.loads(
        json.dumps(export_campaign(table.log, table.s, "gm", exported_at="2026-12-07T12:00:00Z"))
    )
    listed = {row["id"]: row for row in campaign["contents"]["characters"]}
    assert listed["tamsin"]["sheet"]["conditions"]["broken"]["boxes"] == 2
    again = import_campaign(campaign, table_id="copy").state
    kept = again.game.character("tamsin").conditions
    assert {k: m.boxes for k, m in kept.items()} == {"angry": 1, "broken": 2}
    assert kept["angry"].aspect.free_invokes_held_by("raider") == 1
