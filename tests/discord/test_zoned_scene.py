"""A scene with zones started from Discord (issue 42): ``/gm start-scene`` takes the zones, the
links between them, where the characters start and the zones kept hidden, as lists the GM
types; the table starts the scene the page would start with them. A list that cannot be read is
refused in the GM's words, privately, and nothing changes."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest

from fatekit.discord.commands import definitions
from fatekit.discord.lines import Reader
from fatekit.discord.moves import Ask, gm_move, move_for, zone_ways
from fatekit.discord.words import words
from fatekit.discord.zoned import MOST_ZONES, ZONE_LONGEST, ZONES_TEXT
from fatekit.rules.safety.signals import SafetyTool
from fatekit.table import commands as c
from fatekit.table import view_for
from tests.table.conftest import seated

from ..sheets import npc_sheet, ruth_sheet  # type: ignore[import-not-found]
from .harness import CHANNEL, Member, Play
from .standin import StandIn


def _gm_view() -> tuple[Any, Reader]:
    play = seated()  # Ruth and Charles (the players'), Alice (the GM's)
    view = view_for(play.s, "gm")
    return view, Reader(view, words("en"))


def test_the_lists_become_the_scenes_zones_links_places_and_hidden_zones() -> None:
    view, reader = _gm_view()
    move = gm_move(
        "start-scene",
        {
            "name": "Rooftops",
            "characters": "Ruth, Alice",
            # A zone's name may hold a hyphen: the link is read where both sides are zones.
            "zones": "Roof ,  Fire-Escape; Alley",
            "links": "roof - fire-escape, Fire-Escape—ALLEY, Alley-Fire-Escape",
            "places": "ali: alley",
            "hide": "alley",
        },
        view,
        reader,
    )
    assert move.type == "StartScene"
    assert move.data == {
        "name": "Rooftops",
        "participants": ["ruth", "alice"],
        "zones": ["Roof", "Fire-Escape", "Alley"],
        # The same link written twice, either way round, is one link.
        "links": [["Roof", "Fire-Escape"], ["Fire-Escape", "Alley"]],
        # Ruth, placed nowhere, starts in the first zone the players see.
        "positions": [["ruth", "Roof"], ["alice", "Alley"]],
        "hidden": ["Alley"],
    }
    # A zone's name may hold a colon: a place is read where both sides name something.
    colon = gm_move(
        "start-scene",
        {"name": "Deck", "zones": "Deck: Fore, Deck: Aft", "places": "Ruth: Deck: Aft"},
        view,
        reader,
    )
    assert ["ruth", "Deck: Aft"] in colon.data["positions"]
    # No zones named: a scene without a map, as before.
    plain = gm_move("start-scene", {"name": "Tea"}, view, reader)
    assert set(plain.data) == {"name", "participants"}


@pytest.mark.parametrize(
    ("options", "key"),
    [
        ({"zones": ", ".join(f"z{n}" for n in range(MOST_ZONES + 1))}, "discord.scene.zones_count"),
        ({"zones": " , ;"}, "discord.scene.zones_count"),
        ({"zones": "x" * (ZONE_LONGEST + 1)}, "discord.scene.zone_long"),
        ({"zones": "Roof, roof"}, "discord.scene.zone_twice"),
        ({"zones": "Roof, Street", "links": "Roof Street"}, "discord.scene.link_format"),
        ({"zones": "Roof, Street", "links": "Roof-Moon"}, "discord.scene.link_format"),
        ({"zones": "Roof, Street", "links": "Roof-roof"}, "discord.scene.link_format"),
        # Both readings name zones: which one is meant cannot be told.
        ({"zones": "a, a-b, b-c, c", "links": "a-b-c"}, "discord.scene.link_format"),
        ({"zones": "Roof, Street", "places": "Ruth Roof"}, "discord.scene.place_format"),
        ({"zones": "Roof, Street", "places": "Nobody: Roof"}, "discord.scene.place_format"),
        ({"zones": "Roof, Street", "places": "Ruth: Moon"}, "discord.scene.place_format"),
        ({"zones": "Roof", "places": "Ruth: Roof, ruth: roof"}, "discord.scene.place_twice"),
        ({"links": "Roof-Street"}, "discord.scene.needs_zones"),
        ({"hide": "Roof"}, "discord.scene.needs_zones"),
        ({"zones": "Roof", "hide": "Cellar"}, "discord.scene.not_a_zone"),
    ],
)
def test_a_list_that_cannot_be_read_is_refused_with_its_reason(
    options: dict[str, str], key: str
) -> None:
    view, reader = _gm_view()
    with pytest.raises(Ask) as asked:
        gm_move("start-scene", {"name": "x", "characters": "Ruth", **options}, view, reader)
    assert asked.value.key == key
    for language in ("en", "ru", "it", "sv"):
        said = words(language)(key, **asked.value.fields)
        assert "{" not in said, said


def test_a_character_not_in_the_scene_is_placed_nowhere() -> None:
    view, reader = _gm_view()
    with pytest.raises(Ask) as asked:
        gm_move(
            "start-scene",
            {"name": "x", "characters": "Ruth", "zones": "Roof", "places": "Alice: Roof"},
            view,
            reader,
        )
    assert asked.value.key == "discord.scene.place_format"


def test_the_lists_are_options_discord_bounds() -> None:
    gm = next(c for c in definitions() if c["name"] == "gm")
    start = next(s for s in gm["options"] if s["name"] == "start-scene")
    bounded = {o["name"]: o.get("max_length") for o in start["options"]}
    assert {k: bounded[k] for k in ("zones", "links", "places", "hide")} == dict.fromkeys(
        ("zones", "links", "places", "hide"), ZONES_TEXT
    )
    assert len(start["options"]) <= 25


async def _start_from_discord(tmp: Path, gm_locale: str) -> dict[str, Any]:
    """A GM in ``gm_locale`` first types a link to a zone not named (refused, nothing changes),
    then starts the rooftops with Ruth on the roof and Alice in a hidden alley; Ann, in Swedish,
    asks /move where she may go."""
    seen: dict[str, Any] = {}
    async with (
        StandIn() as discord,
        Play(tmp / "t.db", discord, endpoint=False).running() as p,
        httpx.AsyncClient(base_url=p.base) as http,
    ):
        made = (await http.post("/tables", json={"name": "Rooftops"})).json()
        table, gm_link = made["table_id"], made["link"]
        gm_headers = {"X-Fatekit-Link": gm_link}
        ann_link = (
            await http.post(
                f"/tables/{table}/seats", json={"name": "Ann", "role": "player"}, headers=gm_headers
            )
        ).json()["link"]

        async def do(link: str, kind: str, **data: Any) -> None:
            answer = await http.post(
                f"/tables/{table}/commands",
                json={"type": kind, "data": data},
                headers={"X-Fatekit-Link": link},
            )
            assert answer.status_code == 200, answer.text

        async def state() -> Any:
            return (await http.get(f"/tables/{table}/state", headers=gm_headers)).json()

        await do(ann_link, "AddCharacter", sheet=ruth_sheet(), owner="ann")
        await do(gm_link, "AddCharacter", sheet=npc_sheet())
        await do(gm_link, "StartSession")
        gm = Member(discord, "7001", "Gloria", gm_locale)
        ann = Member(discord, "7002", "Ann", "sv-SE")
        await gm.submit(await gm.use("bind"), link=gm_link)
        await ann.submit(await ann.use("join"), link=ann_link)
        await p.settled(table)
        before, posts = await state(), len(discord.channel(CHANNEL))
        lists = {"zones": "Roof, Fire-Escape, Alley", "places": "Alice: Alley", "hide": "Alley"}
        bad = await gm.use("gm start-scene", name="Rooftops", links="Roof-Moon", **lists)
        seen["bad"], seen["bad_private"] = bad.content, bad.ephemeral
        await p.settled(table)
        seen["unchanged"] = await state() == before
        seen["posts_unchanged"] = len(discord.channel(CHANNEL)) == posts
        good = await gm.use(
            "gm start-scene", name="Rooftops", links="Roof-Fire-Escape, Fire-Escape-Alley", **lists
        )
        seen["good"] = good.content
        seen["zones"] = (await state())["scene"]["zones"]
        seen["ways"] = await ann.suggest("move", "zone", zone="")
        seen["moved"] = (await ann.use("move", zone="Fire-Escape")).content
        seen["where"] = (await state())["scene"]["zones"]["positions"]
        seen["scene"] = (await ann.use("scene")).content
    return seen


@pytest.mark.parametrize("gm_locale", ["ru", "it"])
def test_a_gm_starts_a_zoned_scene_from_discord_and_a_player_moves(
    tmp_path: Path, gm_locale: str
) -> None:
    seen = asyncio.run(_start_from_discord(tmp_path, gm_locale))
    t, sv = words(gm_locale[:2]), words("sv")
    # The malformed list: its reason in the GM's words, to the GM alone; nothing started.
    assert seen["bad"] == t("discord.scene.link_format", link="Roof-Moon")
    assert seen["bad_private"] and seen["unchanged"] and seen["posts_unchanged"]
    zones = seen["zones"]
    assert sorted(zones["zones"]) == ["Alley", "Fire-Escape", "Roof"]
    assert sorted(map(sorted, zones["links"])) == [
        ["Alley", "Fire-Escape"],
        ["Fire-Escape", "Roof"],
    ]
    assert zones["positions"] == {"ruth": "Roof", "alice": "Alley"}
    assert zones["hidden"] == ["Alley"]
    # Ann is offered the zone next to hers, and takes it; the hidden alley is never offered.
    assert [(c["value"], c["name"]) for c in seen["ways"]] == [
        ("Fire-Escape", sv("zones.way.free", zone="Fire-Escape"))
    ]
    assert seen["where"]["ruth"] == "Fire-Escape"
    assert "Alley" not in seen["scene"] and "Alley" not in seen["moved"]


@pytest.mark.rule("safety.signal-first")
def test_move_offers_nothing_while_a_safety_signal_waits() -> None:
    # Found by the Discord agent (seed 15): /move offered Ruth's free move while a fast-forward
    # waited for the GM, and the table refused it. /move offers what the view offers: nothing
    # then; an aspect on a border is still said, and the ways come back once it is addressed.
    play = seated()
    play.do(c.EndScene())
    play.do(
        c.StartScene(
            name="Pier",
            participants=("ruth",),
            zones=("pier", "warehouse"),
            links=(("pier", "warehouse"),),
            positions=(("ruth", "pier"),),
        )
    )
    play.do(c.RaiseSignal(tool=SafetyTool.FAST_FORWARD), "ann")
    view = view_for(play.s, "ann")
    assert zone_ways(view, "ruth") == {}
    with pytest.raises(Ask) as asked:
        move_for("move", {"zone": "warehouse"}, view, {}, Reader(view, words("en")))
    assert asked.value.key == "discord.no_zone_move"
    play.do(c.AnswerSignal(signal_id=next(iter(play.s.safety.waiting))))
    assert zone_ways(view_for(play.s, "ann"), "ruth") == {"warehouse": "free"}
