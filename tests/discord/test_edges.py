"""Unscripted paths through Discord: wrong links, names that name nothing, moves out of place,
stale buttons, a spectator trying to act, malformed JSON from the GM. Each gets a private answer
that says why, in the user's language, and the table's log does not move."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx

from ..sheets import npc_sheet, ruth_sheet  # type: ignore[import-not-found]
from .harness import CHANNEL, Member, Play
from .standin import StandIn


async def edges(tmp: Path) -> list[tuple[str, str, bool]]:
    """(what was tried, the private answer, whether the log moved)."""
    out: list[tuple[str, str, bool]] = []
    async with StandIn() as discord, Play(tmp / "t.db", discord, endpoint=False).running() as play:
        async with httpx.AsyncClient(base_url=play.base) as http:
            made = (await http.post("/tables", json={"name": "Edges"})).json()
            other = (await http.post("/tables", json={"name": "Elsewhere"})).json()
            table, gm_link = made["table_id"], made["link"]
            seats = {}
            for name, role in (("Ann", "player"), ("Sam", "spectator")):
                answer = await http.post(
                    f"/tables/{table}/seats",
                    json={"name": name, "role": role},
                    headers={"X-Fatekit-Link": gm_link},
                )
                seats[name] = answer.json()["link"]
            await http.post(
                f"/tables/{table}/commands",
                json={"type": "AddCharacter", "data": {"sheet": ruth_sheet(), "owner": "ann"}},
                headers={"X-Fatekit-Link": seats["Ann"]},
            )
            await http.post(
                f"/tables/{table}/commands",
                json={"type": "AddCharacter", "data": {"sheet": npc_sheet()}},
                headers={"X-Fatekit-Link": gm_link},
            )
        gm = Member(discord, "6001", "Gloria")
        ann = Member(discord, "6002", "Ann", "sv-SE")
        sam = Member(discord, "6003", "Sam")
        stranger = Member(discord, "6004", "Zed")

        async def tried(what: str, member: Member, command: str, **options: object) -> None:
            before = play.store.version(table)
            reply = await member.use(command, **options)
            if reply.kind == "modal":
                reply = await member.submit(reply, link=str(options.pop("__link__", "")))
            out.append((what, reply.content, play.store.version(table) != before))
            assert reply.ephemeral, (what, reply.content)

        await tried("a command before any binding", stranger, "roll", skill="fight")
        form = await gm.use("bind")
        out.append(
            ("a player's link to bind", (await gm.submit(form, link=seats["Ann"])).content, False)
        )
        form = await gm.use("bind")
        out.append(
            (
                "a made-up link to bind",
                (await gm.submit(form, link=f"{table}.nonsense")).content,
                False,
            )
        )
        await gm.submit(await gm.use("bind"), link=gm_link)
        form = await ann.use("join")
        out.append(
            (
                "another table's link to join",
                (await ann.submit(form, link=other["link"])).content,
                False,
            )
        )
        await ann.submit(await ann.use("join"), link=seats["Ann"])
        await sam.submit(await sam.use("join"), link=seats["Sam"])
        await gm.use("gm start-session")
        await gm.use("gm start-scene", name="Dock")
        await tried("an unseated user rolls", stranger, "roll", skill="fight", difficulty=1)
        await tried(
            "a target nobody sees", ann, "compel", target="Nobody", aspect="a1", complication="x"
        )
        await tried("an attack with no conflict", ann, "attack", target="Alice")
        await tried("a skill nobody has", ann, "roll", skill="Xylophone", difficulty=1)
        await tried(
            "a compel on her own character",
            ann,
            "compel",
            target="Ruth",
            aspect="Owes",
            complication="They come",
        )
        await tried(
            "a decision compel that decides nothing",
            ann,
            "compel",
            target="Alice",
            aspect="Owes",
            complication="They come",
            kind="decision",
        )
        await tried("a sheet the GM keeps", ann, "sheet", character="Alice")
        passable = await ann.suggest("pass", "aspect", aspect="")
        out.append(("free invokes to pass", str(passable), False))
        # /note's visibilities are the seat's offers (you.notes): the GM's own for the GM only.
        for who, member in (("Ann", ann), ("the GM", gm)):
            offered = await member.suggest("note", "visibility", text="x", visibility="")
            out.append((f"note visibilities for {who}", str(offered), False))
        await tried("a GMs-only note by a player", ann, "note", text="psst", visibility="gm")
        # The GM's secret roll posts nothing at all in the channel, not even the state of play.
        await play.settled(table)
        posts = len(discord.channel(CHANNEL))
        await gm.use("secret", skill="notice", difficulty=3, **{"as": "alice"})
        await play.settled(table)
        out.append(("posts after a secret roll", str(len(discord.channel(CHANNEL)) - posts), False))
        await tried("an invoke with no roll", ann, "invoke", aspect="ruth/trouble/1")
        await tried("a spectator rolls", sam, "roll", skill="fight", difficulty=1, **{"as": "ruth"})
        await tried("a player's secret roll", ann, "secret", skill="fight", **{"as": "ruth"})
        await tried("the GM's JSON that is not JSON", gm, "gm command", type="Note", data="{oops")
        await tried(
            "a command type that does not exist", gm, "gm command", type="Teleport", data="{}"
        )
        await tried("a waiver with nothing kept", gm, "allow", move="999", reason="why not")
        # A roll settled, then its old buttons pressed.
        await ann.use("roll", skill="fight", difficulty=1, dice="0000")
        await play.settled(table)
        post = discord.channel(CHANNEL)[-1]
        await ann.use("settle")
        before = play.store.version(table)
        stale = await ann.press(post, post.button("Settle"))
        out.append(("a stale Settle button", stale.content, play.store.version(table) != before))
        stale_hit = await ann.press(post, post.button("Invoke: +2"))
        out.append(
            ("a stale Invoke button", stale_hit.content, play.store.version(table) != before)
        )
        # The GM seats Zed at Sam's seat, then takes the seat away on the page: Zed is told.
        await gm.use(
            "seat", user=stranger.id, seat="sam", resolved={"users": {stranger.id: stranger.user}}
        )
        async with httpx.AsyncClient(base_url=play.base) as http:
            await http.post(
                f"/tables/{table}/commands",
                json={"type": "RemoveSeat", "data": {"seat_id": "sam"}},
                headers={"X-Fatekit-Link": gm_link},
            )
        await tried("a seat taken away", stranger, "scene")
        # What reached Sam the spectator privately never named a seat link.
        assert all(
            seats["Ann"] not in m.content and gm_link not in m.content for m in discord.messages
        )
    return out


def test_every_wrong_move_is_answered_privately_with_why_and_changes_nothing(
    tmp_path: Path,
) -> None:
    found = asyncio.run(edges(tmp_path))
    said = {what: (text, moved) for what, text, moved in found}
    for what, (text, _) in said.items():
        print("SAID", what, "=>", text.replace("\n", " | "))
    for what, (text, moved) in said.items():
        assert text.strip(), what
        assert not moved, f"{what} changed the table"
    assert "no table" in said["a command before any binding"][0]
    assert "Only a GM's link" in said["a player's link to bind"][0]
    assert "This link opens no seat" in said["a made-up link to bind"][0]
    assert "annat bord" in said["another table's link to join"][0]  # Ann's Discord speaks Swedish
    assert "no seat" in said["an unseated user rolls"][0]
    assert said["a target nobody sees"][0].startswith("mål: ")  # the option as her Discord names it
    assert "Nobody" in said["a target nobody sees"][0]
    # Ann's Discord speaks Swedish: her refusals do too, with the rule's reason.
    assert said["an invoke with no roll"][0] == "Inget slag pågår."
    assert "may not" in said["a spectator rolls"][0] or "Rule" in said["a spectator rolls"][0]
    assert "JSON" in said["the GM's JSON that is not JSON"][0]
    assert "Teleport" in said["a command type that does not exist"][0]
    assert "no longer kept" in said["a waiver with nothing kept"][0]
    assert said["an attack with no conflict"][0].startswith("Ingen konflikt pågår")
    # The engine names this refusal: it reads in Ann's words (main's refusal codes).
    assert said["a skill nobody has"][0].startswith("”Xylophone”")
    # The table refuses it (Discord holds no rule of its own), in Ann's words.
    assert said["a compel on her own character"][0].startswith("För att betvinga din egen")
    assert "självbetvingande" in said["a compel on her own character"][0]
    # The compel's kind reaches the engine, which refuses a decision left untold in Ann's words.
    assert said["a decision compel that decides nothing"][0].startswith(
        "Ett beslutsbetvingande säger"
    )
    assert said["a sheet the GM keeps"][0].endswith("håller spelledaren för sig själv.")
    assert said["free invokes to pass"][0] == "[]"  # Ann holds none
    assert said["note visibilities for Ann"][0] == str(
        [
            {"name": "alla", "value": "public"},
            {"name": "bara jag (och spelledaren)", "value": "private"},
        ]
    ), said["note visibilities for Ann"][0]
    assert "'value': 'gm'" in said["note visibilities for the GM"][0]
    assert said["a GMs-only note by a player"][0].strip()
    assert said["posts after a secret roll"][0] == "0"
    assert said["a stale Settle button"][0] == "Inget slag pågår."
    assert said["a stale Invoke button"][0] == "Inget slag pågår."
    assert "Your seat may not do this." in said["a seat taken away"][0]
