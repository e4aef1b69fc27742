"""The secret scene (tests/secret_scene.py), played through Discord: nothing a player or the
spectator may not see reaches them, in the channel, in their private replies or in their direct
messages; and what is theirs alone reaches them privately.

The players' moves go through their own slash commands and buttons, the GM's through ``/gm
command`` (any table command as JSON). Everything each member could read is searched for the
scene's markers, and for the hidden dice as Discord shows them.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import httpx
import pytest

from fatekit.discord.lines import dice_text
from fatekit.rules import ScriptedDice
from fatekit.table import commands as c
from fatekit.table.codec import to_json

from ..secret_scene import (  # type: ignore[import-not-found]
    ALWAYS_HIDDEN,
    BOB,
    HIDDEN_DIFFICULTY,
    KEPT_DIFFICULTY,
    PRIVATE,
    REVEALED_ROLL,
    RUTH_ONLY,
    play_secret_scene,
)
from .harness import CHANNEL, Member, Play
from .shapes import attachment
from .standin import StandIn

#: The options the secret scene's table plays with (as tests/table/test_views.py has them).
OPTIONS = ("countdowns", "obstacles", "big_bads")
#: The dice the scene keeps hidden, quoted as JSON has them: as Discord shows them here.
HIDDEN_DICE = [dice_text(m.strip('"')) for m in ALWAYS_HIDDEN if m.startswith('"')]
REVEALED_DICE = [dice_text(m.strip('"')) for m in REVEALED_ROLL]


class Queue(ScriptedDice):
    """The table's dice: whatever the scene puts in its queue (it sets Alice's defence)."""

    def __init__(self, queue: list[str]) -> None:
        self.queue = queue

    def roll(self):  # type: ignore[no-untyped-def]
        return ScriptedDice([self.queue.pop(0)]).roll()


def text_of(messages: list) -> str:  # type: ignore[type-arg]
    """What a list of messages says, with Discord's markdown escapes taken out."""
    parts = []
    for m in messages:
        parts.append(m.content)
        parts.extend(json.dumps(c, ensure_ascii=False) for c in m.body.get("components") or [])
        parts.extend(json.dumps(c, ensure_ascii=False) for c in m.body.get("choices") or [])
    return "\n".join(parts).replace("\\", "")


async def play(tmp: Path) -> dict[str, object]:
    queue: list[str] = []
    async with (
        StandIn() as discord,
        Play(tmp / "t.db", discord, endpoint=False, dice=Queue(queue)).running() as running,
    ):
        async with httpx.AsyncClient(base_url=running.base) as http:
            made = (
                await http.post("/tables", json={"name": "The Yacht", "options": list(OPTIONS)})
            ).json()
            table, gm_link = made["table_id"], made["link"]
            links = {}
            for name, role in (("Ann", "player"), ("Ben", "player"), ("Sam", "spectator")):
                invited = await http.post(
                    f"/tables/{table}/seats",
                    json={"name": name, "role": role},
                    headers={"X-Fatekit-Link": gm_link},
                )
                links[name.lower()] = invited.json()["link"]
        people = {
            "gm": Member(discord, "2001", "Gloria"),
            "ann": Member(discord, "2002", "Ann"),
            "ben": Member(discord, "2003", "Ben", "ru"),
            "sam": Member(discord, "2004", "Sam", "sv-SE"),
        }
        await people["gm"].submit(await people["gm"].use("bind", language="en"), link=gm_link)
        for who in ("ann", "ben", "sam"):
            await people[who].submit(await people[who].use("join"), link=links[who])
        marks: dict[str, int] = {}

        def version() -> int:
            return running.store.version(table)

        async def act(command: c.Command, seat: str) -> None:
            member = people[seat]
            if isinstance(command, c.RevealCharacter):
                marks["bob"] = len(discord.messages)  # everything before this came earlier
            if isinstance(command, c.RevealRoll):
                marks["roll"] = len(discord.messages)
            data = to_json(command)
            name = type(command).__name__
            if seat != "gm" and isinstance(command, c.AddCharacter):
                key = discord.id()
                discord.attachments[f"{key}.json"] = command.sheet.encode()
                url = f"http://127.0.0.1:{discord.port}/attachments/{key}.json"
                resolved = {
                    "attachments": {key: attachment(key, "c.json", len(command.sheet), url)}
                }
                await member.use("character", file=key, resolved=resolved)
            elif isinstance(command, c.Note):
                await member.use("note", text=command.text, visibility=command.visibility.value)
            elif isinstance(command, c.Roll) and seat != "gm":  # the GM's: as JSON, all fields
                options = {
                    "skill": command.skill,
                    "dice": command.dice,
                    "difficulty": command.difficulty,
                }
                await member.use(
                    "overcome" if command.action.value == "overcome" else "advantage",
                    **options,
                    **{"as": command.actor},  # Ben plays two characters
                )

            elif isinstance(command, c.Invoke) and seat != "gm":
                await member.use("invoke", aspect=command.aspect_id, free=command.free)
            elif isinstance(command, c.ResolveRoll) and seat != "gm":
                await member.use("settle", option=command.option, name=command.aspect_name or None)
            elif isinstance(command, c.Attack) and seat != "gm":
                await member.use(
                    "attack", target=command.target, skill=command.skill, dice=command.dice
                )
            elif isinstance(command, c.OfferCompel) and seat != "gm":
                await member.use(
                    "compel",
                    target=command.target,
                    aspect=command.aspect_id,
                    complication=command.complication,
                    **{"as": command.offered_by},
                )
            elif isinstance(command, c.AnswerCompel):
                await running.settled(table)
                offer = next(
                    m
                    for m in reversed(discord.channel(CHANNEL))
                    if f"cmp:accept:{command.compel_id}" in m.buttons()
                )
                await member.press(offer, f"cmp:{command.answer.value}:{command.compel_id}")
            else:
                reply = await member.use("gm command", type=name, data=json.dumps(data))
                assert reply.ephemeral
            await running.settled(table)

        def do(command: c.Command, seat: str = "gm") -> int:
            before = version()
            future = asyncio.run_coroutine_threadsafe(act(command, seat), loop)
            future.result(60)
            assert version() > before, f"{type(command).__name__} from {seat} was refused"
            return version()

        loop = asyncio.get_running_loop()
        await asyncio.to_thread(play_secret_scene, do, queue)
        # At the end each one reads the scene and the NPCs' sheets privately too.
        for who in ("ann", "ben", "sam"):
            await people[who].use("scene")
            for npc in ("alice", "bob"):
                await people[who].use("sheet", character=npc)
        seen = {who: discord.seen_by(m.id) for who, m in people.items()}
        direct = {w: discord.direct(m.id) for w, m in people.items()}
        return {"seen": seen, "marks": marks, "direct": direct, "all": list(discord.messages)}


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    return asyncio.run(play(tmp_path_factory.mktemp("secret")))


@pytest.mark.parametrize("who", ["ann", "ben", "sam"])
def test_nothing_hidden_reaches_a_player_or_the_spectator_through_discord(
    played: dict[str, object], who: str
) -> None:
    seen = played["seen"][who]  # type: ignore[index]
    marks = played["marks"]  # type: ignore[assignment]
    everything = text_of(seen)
    assert len(seen) > 40
    forbidden = {m for m in ALWAYS_HIDDEN if not m.startswith('"')} | set(HIDDEN_DICE)
    forbidden |= {marker for owner, marker in PRIVATE.items() if owner != who}
    if who != "ann":
        forbidden.add(RUTH_ONLY)
    for marker in forbidden:
        assert marker not in everything, f"{marker} reached {who}"
    for number in (HIDDEN_DIFFICULTY, KEPT_DIFFICULTY):
        assert f"against {'Fantastic' if number == 6 else 'Superb'} (+{number})" not in everything
    # Nothing was shown early: Bob's sheet before he was revealed, the roll's dice before their reveal.
    all_messages = played["all"]
    early_bob = text_of([m for m in seen if _index(all_messages, m) < marks["bob"]])  # type: ignore[index]
    assert BOB not in early_bob
    early_roll = text_of([m for m in seen if _index(all_messages, m) < marks["roll"]])  # type: ignore[index]
    for dice in REVEALED_DICE:
        assert dice not in early_roll
    assert any(dice in everything for dice in REVEALED_DICE)  # once revealed, it is everyone's
    assert BOB in everything  # and Bob's sheet, once the GM showed him


def _index(ordered: list, message: object) -> int:  # type: ignore[type-arg]
    for i, m in enumerate(ordered):
        if m is message:
            return i
    raise AssertionError("a message no one was sent")


def test_what_is_one_players_alone_reaches_them_privately(played: dict[str, object]) -> None:
    seen, direct = played["seen"], played["direct"]
    assert RUTH_ONLY in text_of(direct["ann"])  # type: ignore[index]
    assert PRIVATE["ann"] in text_of(seen["ann"])  # type: ignore[index]
    assert PRIVATE["ben"] in text_of(seen["ben"])  # type: ignore[index]
    # The GM reads the NPCs' hidden dice (Alice's defence against Ruth) in a direct message.
    assert dice_text("0+-0") in text_of(direct["gm"])  # type: ignore[index]
    gm = text_of(seen["gm"])  # type: ignore[index]
    for marker in ("ZZ-GM-NOTE", "ZZ-HIDDEN-ASPECT", dice_text("--+-")):
        assert marker in gm, marker
