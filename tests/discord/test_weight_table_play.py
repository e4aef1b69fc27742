"""A group plays today's moves through Discord: a Swedish GM, Ann in Italian, Bo in Russian, at
a table with War of Ashes' weight. What the GM reads to answer them: a kept claim of weight is
named in the GM's words in ``/allow`` and in the player's request, an out-of-turn move's
refusal says whose turn it is, ``/odds`` counts a claim of weight (and none once one side is taken out), a character taken
out named for the next turn is refused by the table's rule, (not by its command type and the seat's id), and a
self-compel's buttons say whose it is and offer only the answers the table takes now (once an
extreme consequence has taken the aspect's place, only turning it down), with what it offers to
go wrong beside them and in ``/scene``, its aspect once gone named as such, not by its id."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx

from fatekit.discord.words import words

from ..sheets import charles_sheet, npc_sheet, ruth_sheet  # type: ignore[import-not-found]
from .harness import CHANNEL, Member, Play
from .standin import StandIn

JSON = dict[str, Any]


async def play(tmp: Path) -> JSON:
    seen: JSON = {}
    async with (
        StandIn() as discord,
        Play(tmp / "t.db", discord, endpoint=False).running() as p,
        httpx.AsyncClient(base_url=p.base) as http,
    ):
        made = (await http.post("/tables", json={"name": "Yacht", "options": ["weight"]})).json()
        table, gm_link = made["table_id"], made["link"]
        links = {}
        for name in ("Ann", "Bo"):
            answer = await http.post(
                f"/tables/{table}/seats",
                json={"name": name, "role": "player"},
                headers={"X-Fatekit-Link": gm_link},
            )
            links[name] = answer.json()["link"]

        async def do(link: str, kind: str, **data: Any) -> None:
            sent = {"type": kind, "data": data}
            answer = await http.post(
                f"/tables/{table}/commands", json=sent, headers={"X-Fatekit-Link": link}
            )
            assert answer.status_code == 200, answer.text

        await do(links["Ann"], "AddCharacter", sheet=ruth_sheet(), owner="ann")
        await do(links["Bo"], "AddCharacter", sheet=charles_sheet(), owner="bo")
        await do(gm_link, "AddCharacter", sheet=npc_sheet())
        await do(gm_link, "StartSession")
        await do(
            gm_link,
            "StartScene",
            name="On deck",
            participants=["ruth", "charles", "alice"],
            zones=["deck", "cabin"],
            links=[["deck", "cabin"]],
            positions=[["ruth", "deck"], ["charles", "deck"], ["alice", "deck"]],
        )
        gm = Member(discord, "6001", "Gunnel", "sv-SE")
        ann = Member(discord, "6002", "Ann", "it")
        bo = Member(discord, "6003", "Bo", "ru")
        await gm.submit(await gm.use("bind"), link=gm_link)
        await ann.submit(await ann.use("join"), link=links["Ann"])
        await bo.submit(await bo.use("join"), link=links["Bo"])
        await gm.use("gm start-conflict", first="ruth")
        # Bo attacks on Ruth's turn: refused in his Russian, saying whose turn it is.
        seen["bo_early"] = (await bo.use("attack", target="Alice", skill="shoot")).content
        # Before claiming it, Ann asks the odds of her overcome with and without weight.
        for claim in (True, False):
            odds = await ann.use(
                "odds", skill="athletics", action="overcome", difficulty=2, weight=claim
            )
            seen[f"odds_{claim}"] = odds.content
        # Ann claims her allies' weight on an overcome: the table wants the GM's word first.
        claimed = await ann.use("overcome", skill="athletics", difficulty=2, weight=True)
        request = await ann.press(claimed.message, claimed.button("GM"))
        seen["asked_post"] = request.content
        seen["allow"] = await gm.suggest("allow", "move", move="", reason="x")
        # Ann and Bo each ask for a fate point; the GM's post carries both.
        await ann.use("selfcompel", aspect="ruth/trouble/1", complication="Gli strozzini")
        await bo.use("selfcompel", aspect="charles/trouble/1", complication="Книга зовёт")
        await p.settled(table)
        both = discord.channel(CHANNEL)[-1]
        seen["both"] = both.buttons()
        seen["both_text"] = both.content
        seen["ann_scene"] = (await ann.use("scene")).message.buttons()
        # An extreme consequence takes the place of Ruth's trouble: only turning it down is left.
        await do(
            gm_link,
            "CorrectExtreme",
            character_id="ruth",
            name="Sfregiata per sempre",
            replaces="ruth/trouble/1",
        )
        await p.settled(table)
        seen["after"] = discord.channel(CHANNEL)[-1].buttons()
        seen["gm_scene"] = (await gm.use("scene")).content
        asked = {cid.split(":")[2] for cid in both.buttons() if cid.startswith("sc:")}
        seen["asked"] = sorted(asked)
        ruth_id = min(asked)  # Ann asked first
        before = p.store.version(table)
        seen["agree"] = (await gm.press(both, f"sc:yes:{ruth_id}")).content
        seen["agree_moved"] = p.store.version(table) != before
        seen["decline"] = (await gm.press(both, f"sc:no:{ruth_id}")).content
        seen["declined_moved"] = p.store.version(table) != before
        # Charles concedes: Ruth and Alice stand one to one, and weight turns nothing.
        await bo.use("concede", **{"as": "charles"})
        odds = await ann.use("odds", skill="fight", action="attack", against="Alice")
        seen["odds_one_to_one"] = odds.content
        await ann.use("overcome", skill="athletics", difficulty=2, dice="0000")
        await ann.use("settle")
        # The GM names Charles to act next anyway (typed: autocomplete offers him no more).
        before = p.store.version(table)
        seen["next_out"] = (await gm.use("turn", next="Charles")).content
        seen["next_out_moved"] = p.store.version(table) != before
    return seen


def test_the_gm_reads_kept_claims_and_self_compels_in_her_words(tmp_path: Path) -> None:
    seen = asyncio.run(play(tmp_path))
    sv = words("sv")
    # /allow names the kept move as the GM's catalog does, and Ann by her seat's name.
    # (Bo's attack out of turn is kept as well: the GM may let it through.)
    kept, attack = seen["allow"]  # newest first
    assert attack["name"].startswith(f"{sv('move.attack')} (Bo): "), attack["name"]
    assert kept["name"].startswith(f"{sv('move.overcome')} (Ann): "), kept["name"]
    assert "Overcome" not in kept["name"] and "(ann)" not in kept["name"]
    assert len(kept["name"]) <= 100 and kept["name"].endswith("…")
    # /odds counts a claim of weight (2 to 1 on deck: one die turned), said in Ann's Italian.
    weighed = words("it")("odds.weight_mine", own=2, other=1, n=1)
    assert weighed in seen["odds_True"] and weighed not in seen["odds_False"], seen["odds_True"]
    ru = words("ru")
    assert seen["bo_early"].startswith(ru("error.illegal")), seen["bo_early"]
    # (A sentence of its own, so it starts in capitals, where the page's follows "Обмен 1:".)
    assert "\nДействует **Ruth**.\n" in seen["bo_early"], seen["bo_early"]
    # The channel's request names the move asked for, in the channel's Swedish.
    assert seen["asked_post"].startswith(
        sv("discord.asked_move", who="Ann", move=sv("move.overcome"), rule="")
    ), seen["asked_post"]
    # Both self-compels' buttons say whose they are.
    labels = sorted(seen["both"].values())
    for who in ("Ruth", "Charles"):
        assert f"{sv('compel.agree')} ({who})" in labels, labels
        assert f"{sv('compel.decline')} ({who})" in labels, labels
    # Beside them, what each offers to go wrong (the GM answers it, so she reads it).
    assert "Gli strozzini" in seen["both_text"] and "Книга зовёт" in seen["both_text"]
    # After the extreme consequence, /scene names Ruth's request's aspect as gone, not by its id.
    scene = seen["gm_scene"]
    assert "Gli strozzini" in scene and sv("aspect.gone_name") in scene, scene
    assert "ruth/trouble/1" not in scene
    # A player is offered no answer to give.
    assert not any(cid.startswith("sc:") for cid in seen["ann_scene"])
    # Once Ruth's trouble is gone, her request may only be turned down; Charles's is untouched.
    ruth, charles = seen["asked"]
    after = seen["after"]
    assert f"sc:yes:{ruth}" not in after and f"sc:no:{ruth}" in after
    assert f"sc:yes:{charles}" in after and f"sc:no:{charles}" in after
    # The old post's agree, pressed anyway: refused in the GM's Swedish, with the reason.
    assert seen["agree"] == sv("refusal.aspect_gone")
    assert not seen["agree_moved"]
    assert sv("event.SelfCompelAnswered.no") in seen["decline"]
    assert seen["declined_moved"]
    # One to one: Ann's odds (hidden: Alice's sheet is the GM's) say no die turns.
    assert seen["odds_one_to_one"] == words("it")("odds.hidden"), seen["odds_one_to_one"]
    # Charles is out: the table says so by its rule, not Discord that he is no one.
    assert sv("rule.conflict.taken-out") in seen["next_out"], seen["next_out"]
    assert not seen["next_out_moved"]
