"""A table playing Venture City (srd/venture-city.md): the stunts a power grants play at the
table as any stunt does, the sheet the seats see names the powers bought, an over-budget sheet
is refused changing nothing, and the campaign file keeps the powers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fatekit.rules.core.actions import Action
from fatekit.table import commands as c
from fatekit.table import fold, view_for
from fatekit.table.campaign import export_campaign, import_campaign
from fatekit.table.seats import Role

from .conftest import Play  # type: ignore[import-not-found]

SAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "venture-city"


def harbor() -> Play:
    table = Play()
    table.do(c.CreateTable(name="Venture City", preset="venturecity"))
    table.do(c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"))
    sheet = (SAMPLES / "miles.character.json").read_text(encoding="utf-8")
    table.do(c.AddCharacter(sheet=sheet, owner="ann"), "ann")
    npc = (SAMPLES / "gridlock.character.json").read_text(encoding="utf-8")
    table.do(c.AddCharacter(sheet=npc))
    table.do(c.StartSession())
    table.do(c.StartScene(name="The Harbor Bridge", participants=("miles", "gridlock")))
    return table


def effort(table: Play) -> int:
    (in_play,) = table.s.rolls.values()
    return in_play.roll.effort


@pytest.mark.rule("package.options", "package.grants")
def test_master_flight_bought_twice_adds_four_to_a_roll_at_the_table() -> None:
    table = harbor()
    table.do(
        c.Roll(
            actor="miles",
            action=Action.OVERCOME,
            skill="athletics",
            difficulty=4,
            stunts=("Master Flight",),
            dice="0000",
        ),
        "ann",
    )
    assert effort(table) == 4 + 4
    assert view_for(fold(table.log), "gm") == view_for(table.s, "gm")


@pytest.mark.rule("package.grants")
def test_the_seats_see_the_powers_bought_and_what_they_grant() -> None:
    table = harbor()
    view = view_for(table.s, "ann")
    miles = next(ch for ch in view["characters"] if ch["id"] == "miles")
    assert miles["sheet"]["packages"][0]["key"] == "flight"
    assert miles["sheet"]["packages"][0]["options"][:2] == ["master-flight", "master-flight"]
    names = [s["name"] for s in miles["sheet"]["stunts"]]
    assert {"Basic Flight", "Master Flight", "Bullrush", "Megaton Punch"} <= set(names)
    assert "Very Noticeable" in [a["name"] for a in miles["sheet"]["aspects"]]


@pytest.mark.rule("package.cost", "package.grants")
def test_the_event_keeps_the_grants_and_the_refresh_as_facts() -> None:
    """The file names the powers only; the sheet the log records has the stunts, the drawback
    and the refresh the rule set decided, so a log folds without asking the rule set again."""
    table = Play()
    table.do(c.CreateTable(name="Venture City", preset="venturecity"))
    sheet = (SAMPLES / "miles.character.json").read_text(encoding="utf-8")
    assert "stunts" not in json.loads(sheet)
    decision = table.do(c.AddCharacter(sheet=sheet))
    recorded = json.loads(decision.events[-1].sheet)
    assert recorded["refresh"] == 2
    assert "Master Flight" in [s["name"] for s in recorded["stunts"]]
    assert {"id": "miles/package/1", "kind": "character", "name": "Very Noticeable"}.items() <= {
        **next(a for a in recorded["aspects"] if a["name"] == "Very Noticeable")
    }.items()
    assert fold(table.log).game.character("miles") == table.s.game.character("miles")


def test_the_campaign_file_keeps_the_powers() -> None:
    table = harbor()
    campaign = export_campaign(table.log, table.s, "gm", exported_at="2026-12-07T18:00:00+00:00")
    listed = {row["id"]: row for row in campaign["contents"]["characters"]}
    assert listed["miles"]["sheet"]["packages"][0]["key"] == "flight"
    again = import_campaign(json.loads(json.dumps(campaign)), table_id="copy")
    assert again.state.game.character("miles") == table.s.game.character("miles")
    assert again.state.game.character("miles").packages == table.s.game.character("miles").packages
