"""The scene's zones from Discord (issue 42): /scene says the zones, who is where, the borders
and where the seat's characters may go; /move offers (autocomplete) exactly the moves the seat's
view offers and becomes the table's FreeMove, or says an overcome is needed; a zone the GM keeps
hidden is in no player's text and no player's choices."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest

from fatekit.discord.lines import Reader
from fatekit.discord.lookup import Found
from fatekit.discord.moves import Ask, gm_move, move_for, zone_choices
from fatekit.discord.sheets import scene_text
from fatekit.discord.words import words
from fatekit.rules import Action
from fatekit.table import commands as c
from fatekit.table import view_for
from tests.table.conftest import Play, seated

from ..sheets import npc_sheet, ruth_sheet  # type: ignore[import-not-found]
from .harness import Member
from .harness import Play as Harness
from .standin import StandIn

LANGUAGES = ("en", "ru", "it", "sv")
VAULT = "zz-vault"


def _harbour() -> Play:
    """Ruth and Charles on the pier; the warehouse next to it, the roof beyond, a hidden vault
    behind the warehouse with Alice in it; a crate blocks the way from the pier."""
    play = seated()
    play.do(c.EndScene())
    play.do(
        c.StartScene(
            name="The harbour",
            participants=("ruth", "charles", "alice"),
            zones=("pier", "warehouse", "roof", VAULT),
            links=(("pier", "warehouse"), ("warehouse", "roof"), ("warehouse", VAULT)),
            positions=(("ruth", "pier"), ("charles", "pier"), ("alice", VAULT)),
            hidden=(VAULT,),
        )
    )
    return play


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_scene_says_the_zones_and_the_ways_in_each_language(language: str) -> None:
    play = _harbour()
    view = view_for(play.s, "ann")
    said = scene_text(view, Reader(view, words(language)))
    t = words(language)
    assert "pier" in said and "roof" in said and VAULT not in said
    assert t("zones.way.free", zone="warehouse") in said
    assert t("zones.way.overcome", zone="roof") in said
    assert t("zones.borders", links="pier — warehouse, roof — warehouse") in said
    gm_view = view_for(play.s, "gm")
    gm_said = scene_text(gm_view, Reader(gm_view, words(language)))
    assert f"{VAULT} ({t('zones.hidden')})" in gm_said


def test_move_offers_what_the_view_offers_and_becomes_a_free_move() -> None:
    play = _harbour()
    view = view_for(play.s, "ann")
    reader = Reader(view, words("en"))
    offered = zone_choices(view, "ruth", reader)
    assert [(ch.value, ch.name) for ch in offered] == [
        ("roof", "roof (overcome)"),
        ("warehouse", "warehouse (free move)"),
    ]
    move = move_for("move", {"zone": "ware"}, view, {}, reader)
    assert (move.type, move.data) == ("FreeMove", {"actor": "ruth", "to": "warehouse"})
    play.do(c.FreeMove(**move.data), "ann")
    # Further off: the move is an overcome, said before the table is asked.
    with pytest.raises(Ask) as asked:
        move_for("move", {"zone": "roof"}, view, {}, reader)
    assert asked.value.key == "discord.move_overcome"
    # From the warehouse, the vault the GM keeps hidden is never offered.
    view = view_for(play.s, "ann")
    assert VAULT not in [ch.value for ch in zone_choices(view, "ruth", Reader(view, words("en")))]


def test_an_aspect_on_a_border_is_said_and_makes_the_way_an_overcome() -> None:
    play = _harbour()
    play.do(c.AddSituationAspect(name="Stacked Crates", zone="pier"))
    gm_view = view_for(play.s, "gm")
    gm_reader = Reader(gm_view, words("en"))
    # The GM's /gm border: the crates, typed by name, on the border between pier and warehouse.
    border = gm_move(
        "border", {"aspect": "Stacked", "zone": "pier", "neighbour": "ware"}, gm_view, gm_reader
    )
    aspect = play.s.last_created[0]
    assert (border.type, border.data) == (
        "BlockBorder",
        {"aspect_id": aspect, "zone": "pier", "to": "warehouse"},
    )
    # Only a zone across a border from the one chosen is a neighbour.
    with pytest.raises(Found):
        gm_move(
            "border", {"aspect": aspect, "zone": "pier", "neighbour": "roof"}, gm_view, gm_reader
        )
    play.do(c.BlockBorder(**border.data))
    view = view_for(play.s, "ann")
    reader = Reader(view, words("en"))
    assert [(ch.value, ch.name) for ch in zone_choices(view, "ruth", reader)] == [
        ("roof", "roof (overcome)"),
        ("warehouse", "warehouse (overcome)"),
    ]
    assert "the way to warehouse is blocked by *Stacked Crates*" in scene_text(view, reader)
    # /move says an overcome is needed; /overcome with the zone is that overcome, and a
    # success takes Ruth over the crates.
    with pytest.raises(Ask) as asked:
        move_for("move", {"zone": "warehouse"}, view, {}, reader)
    assert asked.value.key == "discord.move_overcome"
    climb = move_for(
        "overcome", {"zone": "ware", "skill": "athletics", "difficulty": 1}, view, {}, reader
    )
    assert climb.type == "Roll" and climb.data["move_to"] == "warehouse"
    assert climb.data["action"] == "overcome"
    play.do(c.Roll(**{**climb.data, "action": Action.OVERCOME, "dice": "++++"}), "ann")
    play.do(c.ResolveRoll(option="move"), "ann")
    assert view_for(play.s, "ann")["scene"]["zones"]["positions"]["ruth"] == "warehouse"
    # Taken off the border by /gm border clear: a free move again (back to the pier).
    off = gm_move(
        "border",
        {"aspect": aspect, "zone": "warehouse", "neighbour": "pier", "clear": True},
        gm_view,
        gm_reader,
    )
    assert off.type == "ClearBorder"
    play.do(c.ClearBorder(**off.data))
    view = view_for(play.s, "ann")
    assert move_for("move", {"zone": "pier"}, view, {}, Reader(view, words("en"))).type == (
        "FreeMove"
    )


async def _through_discord(tmp: Path) -> dict[str, Any]:
    """A table with a zoned scene (a hidden vault among its zones), Ann in Russian: what /move
    suggests to her, what it does, what /scene says."""
    seen: dict[str, Any] = {}
    async with (
        StandIn() as discord,
        Harness(tmp / "t.db", discord, endpoint=False).running() as p,
        httpx.AsyncClient(base_url=p.base) as http,
    ):
        made = (await http.post("/tables", json={"name": "Harbour"})).json()
        table, gm_link = made["table_id"], made["link"]
        ann_link = (
            await http.post(
                f"/tables/{table}/seats",
                json={"name": "Ann", "role": "player"},
                headers={"X-Fatekit-Link": gm_link},
            )
        ).json()["link"]

        async def do(link: str, kind: str, **data: Any) -> None:
            answer = await http.post(
                f"/tables/{table}/commands",
                json={"type": kind, "data": data},
                headers={"X-Fatekit-Link": link},
            )
            assert answer.status_code == 200, answer.text

        await do(ann_link, "AddCharacter", sheet=ruth_sheet(), owner="ann")
        await do(gm_link, "AddCharacter", sheet=npc_sheet())
        await do(gm_link, "StartSession")
        await do(
            gm_link,
            "StartScene",
            name="The harbour",
            participants=["ruth", "alice"],
            zones=["pier", "warehouse", "roof", VAULT],
            links=[["pier", "warehouse"], ["warehouse", "roof"], ["warehouse", VAULT]],
            positions=[["ruth", "pier"], ["alice", VAULT]],
            hidden=[VAULT],
        )
        gm = Member(discord, "7001", "Gloria", "en-US")
        ann = Member(discord, "7002", "Ann", "ru")
        await gm.submit(await gm.use("bind"), link=gm_link)
        await ann.submit(await ann.use("join"), link=ann_link)
        seen["first"] = await ann.suggest("move", "zone", zone="")
        seen["roof"] = (await ann.use("move", zone="roof")).content
        seen["moved"] = (await ann.use("move", zone="warehouse")).content
        seen["then"] = await ann.suggest("move", "zone", zone="")
        seen["scene"] = (await ann.use("scene")).content
        state = await http.get(f"/tables/{table}/state", headers={"X-Fatekit-Link": gm_link})
        seen["where"] = state.json()["scene"]["zones"]["positions"]
    return seen


def test_move_through_discord_offers_what_the_view_offers_in_the_users_words(
    tmp_path: Path,
) -> None:
    seen = asyncio.run(_through_discord(tmp_path))
    ru = words("ru")
    assert [c["value"] for c in seen["first"]] == ["roof", "warehouse"]
    assert seen["first"][1]["name"] == ru("zones.way.free", zone="warehouse")
    assert seen["where"]["ruth"] == "warehouse"
    # The roof, two zones off, takes an overcome: said in her words, and she stays put.
    assert ru("discord.move_overcome", zone="roof") in seen["roof"]
    # From the warehouse: back to the pier or up to the roof, never the hidden vault.
    assert [c["value"] for c in seen["then"]] == ["pier", "roof"]
    assert VAULT not in seen["scene"] and ru("zones.title") in seen["scene"]


async def _border_through_discord(tmp: Path) -> dict[str, Any]:
    """The GM, in English, puts the crates on the border between the pier and the warehouse with
    /gm border (each option suggested); Ann, in Swedish, is told her /move needs an overcome and
    rolls it with /overcome's zone."""
    seen: dict[str, Any] = {}
    async with (
        StandIn() as discord,
        Harness(tmp / "t.db", discord, endpoint=False).running() as p,
        httpx.AsyncClient(base_url=p.base) as http,
    ):
        made = (await http.post("/tables", json={"name": "Harbour"})).json()
        table, gm_link = made["table_id"], made["link"]
        ann_link = (
            await http.post(
                f"/tables/{table}/seats",
                json={"name": "Ann", "role": "player"},
                headers={"X-Fatekit-Link": gm_link},
            )
        ).json()["link"]

        async def do(link: str, kind: str, **data: Any) -> None:
            answer = await http.post(
                f"/tables/{table}/commands",
                json={"type": kind, "data": data},
                headers={"X-Fatekit-Link": link},
            )
            assert answer.status_code == 200, answer.text

        await do(ann_link, "AddCharacter", sheet=ruth_sheet(), owner="ann")
        await do(gm_link, "StartSession")
        await do(
            gm_link,
            "StartScene",
            name="The harbour",
            participants=["ruth"],
            zones=["pier", "warehouse", "roof", VAULT],
            links=[["pier", "warehouse"], ["warehouse", "roof"], ["warehouse", VAULT]],
            positions=[["ruth", "pier"]],
            hidden=[VAULT],
        )
        gm = Member(discord, "7001", "Gloria", "en-US")
        ann = Member(discord, "7002", "Ann", "sv-SE")
        await gm.submit(await gm.use("bind"), link=gm_link)
        await ann.submit(await ann.use("join"), link=ann_link)
        await gm.use("gm aspect", name="Stacked Crates")
        seen["aspects"] = await gm.suggest("gm border", "aspect", aspect="")
        seen["zones"] = await gm.suggest("gm border", "zone", zone="")
        seen["neighbours"] = await gm.suggest("gm border", "neighbour", zone="pier", neighbour="")
        seen["blocked"] = (
            await gm.use("gm border", aspect="Stacked Crates", zone="pier", neighbour="warehouse")
        ).content
        seen["again"] = (
            await gm.use("gm border", aspect="Stacked Crates", zone="warehouse", neighbour="pier")
        ).content
        seen["ways"] = await ann.suggest("move", "zone", zone="")
        seen["move"] = (await ann.use("move", zone="warehouse")).content
        seen["scene"] = (await ann.use("scene")).content
        await ann.use("overcome", skill="athletics", difficulty=1, zone="warehouse")
        state = await http.get(f"/tables/{table}/state", headers={"X-Fatekit-Link": gm_link})
        seen["rolls"] = state.json()["rolls"]
    return seen


@pytest.mark.rule("zone.border-aspect")
def test_the_gm_blocks_a_border_from_discord_and_a_player_rolls_to_cross(
    tmp_path: Path,
) -> None:
    seen = asyncio.run(_border_through_discord(tmp_path))
    en, sv = words("en"), words("sv")
    assert [c["name"] for c in seen["aspects"]] == ["Stacked Crates"]
    # The GM's zones are every zone, the hidden vault too; a neighbour shares a border.
    assert [c["value"] for c in seen["zones"]] == ["pier", "roof", "warehouse", VAULT]
    assert [c["value"] for c in seen["neighbours"]] == ["warehouse"]
    # The channel's line, told from the event in the GM's words.
    told = en("event.BorderBlocked", aspect="*Stacked Crates*", zone="pier", to="warehouse")
    assert told in seen["blocked"]
    # Twice on one border: refused in the GM's words.
    assert en("refusal.border_blocked_already", a="warehouse", b="pier") in seen["again"]
    assert [(c["value"], c["name"]) for c in seen["ways"]] == [
        ("roof", sv("zones.way.overcome", zone="roof")),
        ("warehouse", sv("zones.way.overcome", zone="warehouse")),
    ]
    assert sv("discord.move_overcome", zone="warehouse") in seen["move"]
    assert sv("zones.blocked", zone="warehouse", aspects="*Stacked Crates*") in seen["scene"]
    assert VAULT not in seen["scene"]
    assert [r.get("move_to") for r in seen["rolls"]] == ["warehouse"]
