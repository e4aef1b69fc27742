"""Several rolls in play at once through Discord, one player also on the page, and stunts.

Outside a conflict each character may have a roll in play. Discord must keep them apart: each
roll's buttons act on that roll, ``/invoke`` and ``/settle`` find the roll of the character
acting (or ask which), and the channel names each roll's roller. A roll settled on the page
leaves Discord's buttons for it answering that no roll is in play. A roll names the stunts that
add a free bonus to it, as the page's roll dialog does (the same events either way), and a paid
stunt may be chosen.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx

from fatekit.formats import dumps_character
from fatekit.rules import new_character
from fatekit.rules.aspects.stunts import SkillBonus, Stunt, StuntCost
from fatekit.rules.core.actions import Action

from ..sheets import charles_sheet, npc_sheet  # type: ignore[import-not-found]
from .harness import CHANNEL, Member, Play
from .standin import StandIn

JSON = dict[str, Any]


def ruth_with_stunts() -> str:
    return dumps_character(
        new_character(
            "condensed",
            "ruth",
            "Ruth",
            high_concept="Ex-Boxer on the Run",
            trouble="Owes the Wrong People",
            skills={"fight": 4, "athletics": 3, "notice": 2, "will": 1},
            stunts=[
                Stunt("Sharp Eyes", SkillBonus("notice", (Action.OVERCOME,))),
                Stunt(
                    "Haymaker",
                    SkillBonus("fight", (Action.ATTACK,)),
                    cost=StuntCost.FATE_POINT,
                ),
            ],
        )
    )


async def play(tmp: Path) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    async with (
        StandIn() as discord,
        Play(tmp / "t.db", discord, endpoint=False).running() as p,
        httpx.AsyncClient(base_url=p.base) as http,
    ):
        made = (await http.post("/tables", json={"name": "Harbour Nights"})).json()
        table, gm_link = made["table_id"], made["link"]
        links = {}
        for name in ("Ann", "Ben"):
            answer = await http.post(
                f"/tables/{table}/seats",
                json={"name": name},
                headers={"X-Fatekit-Link": gm_link},
            )
            links[name] = answer.json()["link"]
        for seat, sheet in (("Ann", ruth_with_stunts()), ("Ben", charles_sheet())):
            await http.post(
                f"/tables/{table}/characters/import",
                json={"content": sheet},
                headers={"X-Fatekit-Link": links[seat]},
            )
        await http.post(
            f"/tables/{table}/characters/import",
            json={"content": npc_sheet()},
            headers={"X-Fatekit-Link": gm_link},
        )
        gm = Member(discord, "1", "Gloria")
        ann = Member(discord, "2", "Ann", "sv-SE")
        ben = Member(discord, "3", "Ben", "ru")
        await gm.submit(await gm.use("bind"), link=gm_link)
        await ann.submit(await ann.use("join"), link=links["Ann"])
        await ben.submit(await ben.use("join"), link=links["Ben"])
        await gm.use("gm start-session")
        await gm.use("gm start-scene", name="The Docks at Night")

        # Ann's stunts are suggested; her free bonus counts on its own, as on the page.
        seen["stunts offered"] = await ann.suggest("roll", "stunt", stunt="")
        page_odds = (
            await http.get(
                f"/tables/{table}/odds",
                params={
                    "actor": "ruth",
                    "skill": "notice",
                    "action": "overcome",
                    "difficulty": 2,
                },
                headers={"X-Fatekit-Link": links["Ann"]},
            )
        ).json()
        assert "stunts" in page_odds, page_odds
        seen["page counts"] = [s["name"] for s in page_odds["stunts"] if s["counted"]]
        seen["page odds"] = page_odds
        seen["odds"] = (await ann.use("odds", skill="notice", difficulty=2)).content
        seen["odds against"] = (await ann.use("odds", skill="fight", against="Alice")).content
        seen["ann rolled"] = await ann.use("roll", skill="notice", difficulty=2, dice="0000")
        seen["ben rolled"] = await ben.use(
            "advantage", skill="investigate", difficulty=3, dice="0-00"
        )
        await p.settled(table)
        both = discord.channel(CHANNEL)[-1]
        seen["both"] = both
        rolls = {
            r["actor"]: r["id"]
            for r in (
                await http.get(f"/tables/{table}/state", headers={"X-Fatekit-Link": gm_link})
            ).json()["rolls"]
        }
        seen["rolls"] = rolls

        # Ben invokes on his own roll from the channel's post.
        menu = await ben.press(both, f"inv:plus_two:{rolls['charles']}")
        select = menu.message.body["components"][0]["components"][0]
        await ben.press(menu.message, select["custom_id"], ["charles/high_concept/1|p"])
        # The GM's /settle could mean either roll: asked which; the choices name them.
        seen["gm settles"] = await gm.use("settle")
        seen["roll choices"] = await gm.suggest("settle", "roll", roll="")
        form = await gm.use("settle", roll=rolls["charles"])
        seen["settle form"] = form
        if form.kind == "modal":
            seen["settled"] = await gm.submit(form, name="Old Ledger Clue")
        seen["conflict too soon"] = await gm.use("gm start-conflict")
        # Ann settles hers on the page; Discord's button for it then has nothing to settle.
        resolved = await http.post(
            f"/tables/{table}/commands",
            json={"type": "ResolveRoll", "data": {"roll": rolls["ruth"]}},
            headers={"X-Fatekit-Link": links["Ann"]},
        )
        seen["page settled"] = resolved.status_code
        await p.settled(table)
        seen["stale"] = await ann.press(both, f"settle:{rolls['ruth']}")

        # In the conflict Ann pays for her Haymaker.
        await gm.use("gm start-conflict", first="ruth")
        seen["attack"] = await ann.use("attack", target="alice", stunt="hay", dice="0000")
        await p.settled(table)
        seen["channel"] = [m.content for m in discord.channel(CHANNEL)]
        seen["events"] = (
            await http.get(f"/tables/{table}/events", headers={"X-Fatekit-Link": gm_link})
        ).json()["events"]
    return seen


def test_rolls_at_once_are_kept_apart_and_stunts_named_as_the_page_names_them(
    tmp_path: Path,
) -> None:
    seen = asyncio.run(play(tmp_path))
    rolls = seen["rolls"]
    assert set(rolls) == {"ruth", "charles"}
    events = seen["events"]

    assert [c["value"] for c in seen["stunts offered"]] == ["Sharp Eyes", "Haymaker"]
    # Sharp Eyes (+2 to overcome with Notice) counted as the page's odds count it.
    made = next(e for e in events if e["type"] == "RollMade" and e["data"]["actor"] == "ruth")
    assert made["data"]["stunts"] == seen["page counts"] == ["Sharp Eyes"]
    assert "Utmärkt (+4) mot Hyffsad (+2)" in seen["ann rolled"].content  # 2 + 2 + 0000
    # Her /odds are the page's odds, her stunt counted; an opponent whose sheet the GM keeps
    # gives nothing away.
    odds = seen["odds"]
    assert "Uppmärksamma Utmärkt (+4) mot Hyffsad (+2)" in odds  # Fair and +2 for the stunt
    assert "Sharp Eyes: +2, medräknad" in odds
    for chance in seen["page odds"]["chances"].values():
        assert f"{chance['p'] * 100:.1f} %" in odds
    assert (
        seen["odds against"]
        == "Chanserna är dolda: motståndarens färdigheter känner bara spelledaren till."
    )

    # The post after Ben's roll: a row of buttons for each roll, named by the roller; each
    # verdict names its roller.
    both = seen["both"]
    labels = both.buttons()
    assert labels[f"settle:{rolls['ruth']}"] == "Settle the roll (Ruth)"
    assert labels[f"inv:plus_two:{rolls['charles']}"] == "Invoke: +2 (Charles)"
    assert "**Ruth**: Great (+4) against Fair (+2)" in both.content
    assert "**Charles**: Fair (+2) against Good (+3)" in both.content

    # Ben's invoke went on his own roll.
    invoked = next(e for e in events if e["type"] == "Invoked")
    assert invoked["data"]["roll"] == rolls["charles"]
    assert seen["gm settles"].content == "Several rolls are in play: say which one with “roll”."
    assert {c["value"]: c["name"] for c in seen["roll choices"]} == {
        rolls["ruth"]: "Ruth: Notice",
        rolls["charles"]: "Charles: Investigate",
    }
    # Charles succeeded on his advantage: /settle asks the new aspect's name, as the button does.
    assert seen["settle form"].kind == "modal"
    settled = next(e for e in events if e["type"] == "RollResolved")
    assert settled["data"]["roll"] == rolls["charles"]
    assert settled["data"]["aspect_name"] == "Old Ledger Clue"
    assert any("*Old Ledger Clue*" in line for line in seen["channel"])
    assert seen["conflict too soon"].content.startswith("Settle the rolls in play first")

    # Settled on the page: the old button says so in Ann's language, and changes nothing.
    assert seen["page settled"] == 200
    assert seen["stale"].content == "Inget slag pågår."
    assert seen["stale"].ephemeral

    # The paid stunt: named on the attack, its fate point paid.
    attack = next(e for e in events if e["type"] == "AttackRolled")
    assert attack["data"]["stunts"] == ["Haymaker"]
    assert any("**Ruth**: fate points 3 → 2" in line for line in seen["channel"])
