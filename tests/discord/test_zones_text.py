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
from fatekit.discord.moves import Ask, move_for, zone_choices
from fatekit.discord.sheets import scene_text
from fatekit.discord.words import words
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
    aspect = play.s.last_created[0]
    scene = play.s.game.scene
    assert scene is not None and scene.zones is not None
    scene.zones.impede("pier", "warehouse", aspect)  # as an aspect set on the border does
    view = view_for(play.s, "ann")
    reader = Reader(view, words("en"))
    assert [(ch.value, ch.name) for ch in zone_choices(view, "ruth", reader)] == [
        ("roof", "roof (overcome)"),
        ("warehouse", "warehouse (overcome)"),
    ]
    assert "the way to warehouse is blocked by *Stacked Crates*" in scene_text(view, reader)


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
