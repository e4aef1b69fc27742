"""A whole session through Discord: a GM and three players, from binding to the end of a conflict,
over the Gateway and over the HTTP interactions endpoint, in English and in Russian.

Everything goes through the stand-in of Discord's documented protocol: slash commands, forms
(the seat links), buttons (invoke, settle, take the hit, answer a compel, allow a refused move),
public posts in the channel and private replies. Beside each Discord move the test writes down
the command the page would send for it; afterwards the same commands are played through the
page's HTTP API on a fresh server with the same dice, and the two tables' logs must be the same,
event for event.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from fatekit.formats import dumps_character
from fatekit.rules import RandomDice, new_character
from fatekit.server.app import create_app

from ..sheets import charles_sheet, npc_sheet, ruth_sheet  # type: ignore[import-not-found]
from . import shapes
from .harness import CHANNEL, Member, Play
from .standin import StandIn

JSON = dict[str, Any]
SEED = 20261127
OPERATOR = "an-operator-token-long-enough-to-be-accepted-0123456789"


def maya_sheet() -> str:
    return dumps_character(
        new_character(
            "condensed",
            "maya",
            "Maya",
            high_concept="Smuggler Captain",
            trouble="Debts Everywhere",
            skills={"shoot": 4, "athletics": 3, "notice": 2, "fight": 1},
        )
    )


@dataclass
class Page:
    """The commands the page would have sent, in order: (seat, type, data, waive, reason)."""

    sent: list[tuple[str, str, JSON, list[str] | None, str | None, int]] = field(
        default_factory=list
    )

    def add(
        self,
        seat: str,
        kind: str,
        data: JSON,
        waive: list[str] | None = None,
        reason: str | None = None,
        *,
        refused: bool = False,
    ) -> None:
        """A command the page sends (``refused``: one the table refuses, as it refused it in
        Discord; it rolls the table's dice all the same, so the page must try it too)."""
        self.sent.append((seat, kind, data, waive, reason, 409 if refused else 200))


@dataclass
class Words:
    """What the channel and the private replies must read in the session's language."""

    attack: str
    invoked: str
    taken_out: str
    forbidden: str
    decision_compel: str


LANGUAGES = {
    "en": (
        "en-US",
        Words(
            " attacked ",
            "paid a fate point to invoke",
            "conceded",
            "Your seat may not do this.",
            "offered a decision compel",
        ),
    ),
    "ru": (
        "ru",
        Words(
            " атакует ",
            "тратит жетон судьбы",
            "сдаётся",
            "Ваше место не может этого сделать.",
            "навязывание-решение",
        ),
    ),
}


def attachment(discord: StandIn, name: str, text: str) -> tuple[str, JSON]:
    """A file a user attaches to a slash command: its id, and the command's resolved data."""
    key = discord.id()
    discord.attachments[name] = text.encode()
    url = f"http://127.0.0.1:{discord.port}/attachments/{name}"
    return key, {"attachments": {key: shapes.attachment(key, name, len(text), url)}}


async def play_session(
    tmp: Path, *, endpoint: bool, language: str
) -> tuple[StandIn, list[JSON], list[JSON], dict[str, Member]]:
    locale, said = LANGUAGES[language]
    page = Page()
    async with StandIn() as discord:
        async with Play(
            tmp / "discord.db", discord, endpoint=endpoint, dice=RandomDice(seed=SEED)
        ).running() as play:
            async with httpx.AsyncClient(base_url=play.base) as http:
                made = (await http.post("/tables", json={"name": "The Yacht"})).json()
                table, gm_link = made["table_id"], made["link"]
                links = {}
                for name in ("Ann", "Ben", "Cat"):
                    invited = await http.post(
                        f"/tables/{table}/seats",
                        json={"name": name},
                        headers={"X-Fatekit-Link": gm_link},
                    )
                    links[name.lower()] = invited.json()["link"]
            gm = Member(discord, "1001", "Gloria", locale)
            ann = Member(discord, "1002", "Ann", locale)
            ben = Member(
                discord, "1003", "Ben", "ru"
            )  # Ben's Discord speaks Russian whatever the table's language
            cat = Member(discord, "1004", "Cat", locale)
            people = {"gm": gm, "ann": ann, "ben": ben, "cat": cat}

            # Binding: the GM binds the channel with the GM's link, the players join with theirs.
            form = await gm.use("bind", language=language)
            assert form.kind == "modal"
            bound = await gm.submit(form, link=gm_link)
            assert not bound.ephemeral and "The Yacht" in bound.content
            for who in ("ann", "ben", "cat"):
                joined = await people[who].submit(await people[who].use("join"), link=links[who])
                assert joined.ephemeral
            assert gm_link not in json.dumps(
                [m.body for m in discord.messages if m.visible_to != "1001"]
            )

            # Characters, from files attached to /character (as the page's import reads them).
            for who, sheet in (
                ("ann", ruth_sheet()),
                ("ben", charles_sheet()),
                ("cat", maya_sheet()),
                ("gm", npc_sheet()),
            ):
                key, resolved = attachment(discord, f"{who}.json", sheet)
                reply = await people[who].use("character", file=key, resolved=resolved)
                assert reply.ephemeral, reply.content
                page.add(who, "Import", {"content": sheet})

            await gm.use("gm start-session")
            page.add("gm", "StartSession", {})
            await gm.use("gm start-scene", name="Storm on deck")
            page.add(
                "gm",
                "StartScene",
                {"name": "Storm on deck", "participants": ["alice", "charles", "maya", "ruth"]},
            )
            await gm.use("gm aspect", name="Rain-Slick Deck")
            page.add("gm", "AddSituationAspect", {"name": "Rain-Slick Deck", "hidden": False})

            # Autocomplete offers Ann her own skills, rated, and the aspects she may see.
            skills = await ann.suggest("roll", "skill", skill={"en": "no", "ru": "вним"}[language])
            assert [c["value"] for c in skills] == ["notice"]
            aspects = await ann.suggest("invoke", "aspect", aspect="rain")
            assert [c["value"] for c in aspects] == ["a1"]

            # A roll outside the conflict, an invoke through its buttons, settled with a name.
            rolled = await ann.use("advantage", skill="notice", difficulty=3, dice="0000")
            page.add(
                "ann",
                "Roll",
                {
                    "actor": "ruth",
                    "skill": "notice",
                    "difficulty": 3,
                    "dice": "0000",
                    "action": "create_advantage",
                },
            )
            assert rolled.ephemeral
            await play.settled(table)
            post = discord.channel(CHANNEL)[-1]
            menu = await ann.press(post, post.button(said_plus_two(language)))
            choice = next(
                o
                for o in menu.message.body["components"][0]["components"][0]["options"]
                if o["value"] == "a1|p"
            )
            await ann.press(
                menu.message,
                menu.message.body["components"][0]["components"][0]["custom_id"],
                [choice["value"]],
            )
            page.add(
                "ann",
                "Invoke",
                {"aspect_id": "a1", "by": "ruth", "effect": "plus_two", "free": False},
            )
            await play.settled(table)
            assert said.invoked in discord.channel(CHANNEL)[-1].content
            post = discord.channel(CHANNEL)[-1]
            settle = await ann.press(post, post.button(said_settle(language)))
            option = settle.message.buttons()
            key = next(cid for cid in option if cid.startswith("set:"))
            named = await ann.press(settle.message, key)
            if named.kind == "modal":
                await ann.submit(named, name="Spotted the Hatch")
                page.add(
                    "ann",
                    "ResolveRoll",
                    {"option": key.split(":")[1], "aspect_name": "Spotted the Hatch"},
                )
            else:
                page.add("ann", "ResolveRoll", {"option": key.split(":")[1]})

            # Ann passes the new aspect's free invoke to Charles (found by its name as she types).
            found = await ann.suggest("pass", "aspect", aspect="Spotted")
            assert len(found) == 1, found
            hatch = found[0]["value"]
            await ann.use("pass", aspect=hatch, to="charles")
            page.add(
                "ann",
                "PassFreeInvoke",
                {"aspect_id": hatch, "from_character": "ruth", "to_character": "charles"},
            )
            # Her private readings: the odds of a roll, her sheet, the scene.
            odds = await ann.use("odds", skill="fight", difficulty=2)
            assert odds.ephemeral and "%" in odds.content
            sheet = await ann.use("sheet")
            assert "Owes the Wrong People" in sheet.content and sheet.ephemeral
            scene = await ann.use("scene")
            assert "Storm on deck" in scene.content and "Spotted the Hatch" in scene.content
            # Cat asks for a fate point through her trouble; the GM gives it with a button.
            await cat.use(
                "selfcompel", aspect="maya/trouble/1", complication="A creditor spots her"
            )
            page.add(
                "cat",
                "SelfCompel",
                {
                    "aspect_id": "maya/trouble/1",
                    "target": "maya",
                    "complication": "A creditor spots her",
                },
            )
            await play.settled(table)
            asked = discord.channel(CHANNEL)[-1]
            give = next(cid for cid in asked.buttons() if cid.startswith("sc:yes:"))
            await gm.press(asked, give)
            page.add(
                "gm", "SelfCompelAnswer", {"compel_id": give.rsplit(":", 1)[1], "accepted": True}
            )

            # A secret roll: the GM alone reads it.
            secret = await gm.use(
                "secret",
                **{
                    "as": "alice",
                    "skill": "deceive",
                    "difficulty": 3,
                    "reason": "is she lying?",
                    "dice": "+-+0",
                },
            )
            page.add(
                "gm",
                "SecretRoll",
                {
                    "actor": "alice",
                    "skill": "deceive",
                    "difficulty": 3,
                    "reason": "is she lying?",
                    "dice": "+-+0",
                },
            )
            assert secret.ephemeral and "\N{HEAVY PLUS SIGN}\N{HEAVY MINUS SIGN}" in secret.content

            # A decision compel on Maya (compel.kinds): her own trouble leads her to a choice.
            # Ann may not answer it, Cat accepts.
            await gm.use(
                "compel",
                target="maya",
                aspect="maya/trouble/1",
                complication="The harbour master wants his money",
                kind="decision",
                decision="She docks at the harbour master's pier",
            )
            page.add(
                "gm",
                "OfferCompel",
                {
                    "aspect_id": "maya/trouble/1",
                    "target": "maya",
                    "complication": "The harbour master wants his money",
                    "kind": "decision",
                    "decision": "She docks at the harbour master's pier",
                },
            )
            await play.settled(table)
            offer = discord.channel(CHANNEL)[-1]
            assert said.decision_compel in offer.content
            accept = next(cid for cid in offer.buttons() if cid.startswith("cmp:accept:"))
            wrong = await ann.press(offer, accept)
            assert wrong.ephemeral and said.forbidden in wrong.content
            await cat.press(offer, accept)
            page.add(
                "cat", "AnswerCompel", {"compel_id": accept.rsplit(":", 1)[1], "answer": "accept"}
            )

            # The conflict: Ruth first, then Alice, then Charles, until Alice concedes.
            started = await gm.use("gm start-conflict", first="ruth")
            assert "Ruth" in started.content
            page.add(
                "gm",
                "StartConflict",
                {
                    "sides": [["heroes", ["ruth", "charles", "maya"]], ["opposition", ["alice"]]],
                    "kind": "physical",
                    "first": "ruth",
                },
            )
            attacked = await ann.use("attack", target="alice", dice="++0+")
            assert said.attack in attacked.content and attacked.ephemeral
            page.add(
                "ann",
                "Attack",
                {"actor": "ruth", "target": "alice", "skill": "fight", "dice": "++0+"},
            )
            await play.settled(table)
            assert said.attack in discord.channel(CHANNEL)[-1].content
            await settle_first(ann, play, table, page, "ann")
            # The GM takes the hit for Alice, with the first way the buttons offer.
            await take_hit(gm, play, table, gm_link, page)
            await ann.use("turn", next="alice")
            page.add("ann", "EndTurn", {"next_actor": "alice"})

            # Ben tries to act out of turn: refused privately in Russian, with the rule; he asks
            # the GM, who allows it with a reason.
            attack = {"actor": "charles", "target": "alice", "skill": "fight", "dice": "+000"}
            refused = await ben.use("attack", target="alice", dice="+000")
            page.add("ben", "Attack", attack, refused=True)
            assert refused.ephemeral and "Правило" in refused.content
            ask = [cid for cid in refused.message.buttons() if cid.startswith("ask:")]
            if ask:
                asked = await ben.press(refused.message, ask[0])
                assert not asked.ephemeral
                rule = await refused_rule(play, table, gm_link, "Attack", attack)
                page.add("gm", "Attack", attack, refused=True)
                form = await gm.press(asked.message, asked.message.button(""))
                allowed = await gm.submit(form, reason="Ben shouted first")
                assert allowed.ephemeral
                assert "Ben shouted first" in allowed.content
                page.add("gm", "Attack", attack, waive=[rule], reason="Ben shouted first")
                await settle_first(gm, play, table, page, "gm")
                await take_hit(gm, play, table, gm_link, page)

            # Alice concedes; the GM closes the conflict.
            await gm.use("concede", **{"as": "alice"})
            page.add("gm", "Concede", {"character_id": "alice"})
            await gm.use("gm end-conflict")
            page.add("gm", "FinishConflict", {})
            await play.settled(table)
            assert any(said.taken_out in m.content for m in discord.channel(CHANNEL))
            assert discord.deadline_missed == []
            assert play.service is not None
            async with httpx.AsyncClient(base_url=play.base) as http:
                events = (
                    await http.get(f"/tables/{table}/events", headers={"X-Fatekit-Link": gm_link})
                ).json()["events"]
        page_events = await play_page(tmp, page, links_order=("Ann", "Ben", "Cat"))
    return discord, events, page_events, people


def said_plus_two(language: str) -> str:
    return {"en": "Invoke: +2", "ru": "Призвать: +2"}[language]


def said_settle(language: str) -> str:
    return {"en": "Settle the roll", "ru": "Завершить бросок"}[language]


async def take_hit(member: Member, play: Play, table: str, link: str, page: Page) -> None:
    """Take the hit waiting with the first way the buttons offer; the page's Absorb is that way
    as the seat's view lists it (with a name for each consequence)."""
    async with httpx.AsyncClient(base_url=play.base) as http:
        view = (await http.get(f"/tables/{table}/state", headers={"X-Fatekit-Link": link})).json()
    option = view["conflict"]["pending_hit"]["absorb_options"][0]
    hit = await member.use("hit")
    taken = await member.press(hit.message, "abs:0")
    data: JSON = {"boxes": option["boxes"], "slots": option["slots"]}
    if taken.kind == "modal":
        fields = {c["custom_id"]: "Bruised Pride" for c in taken.message.inputs()}
        await member.submit(taken, **fields)
        data["names"] = [[slot, "Bruised Pride"] for slot in option["slots"]]
    page.add("gm" if member.id == "1001" else member.name.lower(), "Absorb", data)


async def refused_rule(play: Play, table: str, link: str, kind: str, data: JSON) -> str:
    """The rule the page would be refused under for this command (sent, refused, nothing kept)."""
    async with httpx.AsyncClient(base_url=play.base) as http:
        answer = await http.post(
            f"/tables/{table}/commands",
            json={"type": kind, "data": data},
            headers={"X-Fatekit-Link": link},
        )
    assert answer.status_code == 409 and answer.json()["waivable"], answer.text
    return str(answer.json()["rule"]["key"])


async def settle_first(member: Member, play: Play, table: str, page: Page, seat: str) -> None:
    """Settle the roll in play with the first option its buttons offer."""
    await play.settled(table)
    post = play.discord.channel(CHANNEL)[-1]
    menu = await member.press(post, next(c for c in post.buttons() if c.startswith("settle:")))
    options = [cid for cid in menu.message.buttons() if cid.startswith("set:")]
    if options:
        await member.press(menu.message, options[0])
        page.add(seat, "ResolveRoll", {"option": options[0].split(":")[1]})
    else:
        page.add(seat, "ResolveRoll", {})


async def play_page(tmp: Path, page: Page, links_order: tuple[str, ...]) -> list[JSON]:
    """The page's commands, played over HTTP on a fresh server with the same dice."""
    from starlette.testclient import TestClient

    from fatekit.store.sqlite import SqliteEventStore

    store = SqliteEventStore(tmp / "page.db")
    app = create_app(store, dice=RandomDice(seed=SEED), rate=1000, burst=1000, admin_token=OPERATOR)
    with TestClient(app) as client:
        opened = client.post(
            "/tables", json={"name": "The Yacht"}, headers={"Authorization": f"Bearer {OPERATOR}"}
        )
        made = opened.json()
        table = made["table_id"]
        links = {"gm": made["link"]}
        for name in links_order:
            invited = client.post(
                f"/tables/{table}/seats",
                json={"name": name},
                headers={"X-Fatekit-Link": made["link"]},
            )
            links[name.lower()] = invited.json()["link"]
        for seat, kind, data, waive, reason, status in page.sent:
            headers = {"X-Fatekit-Link": links[seat]}
            if kind == "Import":
                answer = client.post(
                    f"/tables/{table}/characters/import", json=data, headers=headers
                )
            else:
                body: JSON = {"type": kind, "data": data}
                if waive:
                    body["waive"], body["reason"] = waive, reason
                answer = client.post(f"/tables/{table}/commands", json=body, headers=headers)
            assert answer.status_code in ((200, 201) if status == 200 else (status,)), (
                kind,
                answer.text,
            )
        events = client.get(
            f"/tables/{table}/events", headers={"X-Fatekit-Link": made["link"]}
        ).json()["events"]
    store.close()
    return list(events)


def _same(events: list[JSON]) -> list[tuple[str, str, JSON]]:
    return [(e["type"], e["seat"], e["data"]) for e in events]


@pytest.mark.parametrize(
    ("endpoint", "language"), [(False, "en"), (True, "ru"), (False, "ru"), (True, "en")]
)
def test_a_session_through_discord_makes_the_pages_events(
    tmp_path: Path, endpoint: bool, language: str
) -> None:
    discord, events, page_events, people = asyncio.run(
        play_session(tmp_path, endpoint=endpoint, language=language)
    )
    assert _same(events) == _same(page_events)
    types = [e["type"] for e in events]
    for kind in (
        "RollMade",
        "Invoked",
        "RollResolved",
        "FreeInvokePassed",
        "SelfCompelAnswered",
        "SecretRollMade",
        "CompelAnswered",
        "ConflictStarted",
        "AttackRolled",
        "HitAbsorbed",
        "Conceded",
        "ConflictFinished",
    ):
        assert kind in types, kind
    # The secret roll reached the GM alone; nobody else's screen shows it.
    for who in ("ann", "ben", "cat"):
        seen = "\n".join(m.content for m in discord.seen_by(people[who].id))
        assert (
            "is she lying" not in seen
            and "\N{HEAVY PLUS SIGN}\N{HEAVY MINUS SIGN}\N{HEAVY PLUS SIGN}\N{WHITE LARGE SQUARE}"
            not in seen
        )
    # Ben's private replies speak Russian whatever the table's language.
    assert all(
        any("\u0400" <= ch <= "\u04ff" for ch in r.content)
        for r in people["ben"].replies
        if r.ephemeral and r.content
    )
