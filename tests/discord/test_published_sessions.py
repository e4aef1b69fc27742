"""A short session of each published game fatekit plays, through Discord (issue 41, "Done when"):
the GM and three players whose Discords speak English, Russian, Italian and Swedish between them
(one session per game, four languages), the table made with the game's rule set (the built-in
presets: ``woa``, ``rocketeers``, ``venturecity``, ``atomicrobo``; the Toolkit's conditions in a
rule-set file), the
characters attached as files to ``/character`` (the game's sample PCs and NPCs), a scene with a
compel, an overcome, a create-advantage whose free invoke is spent on a roll, and a conflict in
which the game's own mechanic decides something: War of Ashes' weight turning a die, The Three
Rocketeers' aspects counted in place of a skill, Venture City's powers (a granted stunt's bonus and
their cost on the sheet), Atomic Robo's modes (a rating the modes give) and the Fate System
Toolkit's conditions (one marked against a hit from ``/hit``'s buttons, one marked and cleared
with ``/gm condition``, a lasting one's recovery begun with ``/recover``).

Each member reads the game's mechanic on the PC's sheet (``/sheet``) in their own language; the
channel's posts are in the GM's. Dice are given on every roll, so each session is the same every
time. What each post and private answer says is read back in its reader's language from the
catalogs (``words``)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from fatekit.discord.words import words
from fatekit.formats import dumps_character
from fatekit.rules import new_character
from fatekit.rules.aspects.aspects import AspectKind

from .harness import CHANNEL, Member, Play, Reply
from .standin import StandIn
from .test_secret_scene import Queue
from .test_session import attachment

JSON = dict[str, Any]
DOCS = Path(__file__).resolve().parents[2] / "docs" / "examples"


def sample(path: str) -> str:
    return (DOCS / path).read_text(encoding="utf-8")


@dataclass
class Table:
    """One game's table, with its Discord members and their seats' links."""

    discord: StandIn
    play: Play
    table: str
    gm_link: str
    members: dict[str, Member]
    dice: list[str]  # the table's own dice (a defence's), in order
    said: dict[str, Any] = field(default_factory=dict)

    async def posted(self) -> str:
        """The channel's newest post, once the relay has posted everything."""
        await self.play.settled(self.table)
        return self.discord.channel(CHANNEL)[-1].content

    async def view(self, seat_link: str | None = None) -> JSON:
        async with httpx.AsyncClient(base_url=self.play.base) as http:
            answer = await http.get(
                f"/tables/{self.table}/state",
                headers={"X-Fatekit-Link": seat_link or self.gm_link},
            )
        return dict(answer.json())

    async def settle(self, member: Member, *, name: str | None = None) -> None:
        """Settle the roll in play from the channel's buttons, with its first option (naming the
        aspect it creates when a form asks)."""
        await self.play.settled(self.table)
        post = self.discord.channel(CHANNEL)[-1]
        menu = await member.press(post, next(c for c in post.buttons() if c.startswith("settle:")))
        options = [cid for cid in menu.message.buttons() if cid.startswith("set:")]
        if not options:
            return
        chosen = await member.press(menu.message, options[0])
        if chosen.kind == "modal":
            fields = {c["custom_id"]: name or "Boost" for c in chosen.message.inputs()}
            await member.submit(chosen, **fields)


@asynccontextmanager
async def table_of(
    tmp: Path, body: JSON, people: dict[str, tuple[str, str]]
) -> AsyncIterator[Table]:
    """A table made as the start page makes it (``body``), bound to the channel by the GM and
    joined by each player: ``people`` maps a seat's name to a Discord user id and locale
    ("GM" first)."""
    dice: list[str] = []
    async with (
        StandIn() as discord,
        Play(tmp / "t.db", discord, endpoint=False, dice=Queue(dice)).running() as play,
        httpx.AsyncClient(base_url=play.base) as http,
    ):
        made = (await http.post("/tables", json=body)).json()
        table, gm_link = made["table_id"], made["link"]
        members: dict[str, Member] = {}
        for name, (user, locale) in people.items():
            members[name] = Member(discord, user, name, locale)
            if name == "GM":
                await members[name].submit(await members[name].use("bind"), link=gm_link)
                continue
            seat = await http.post(
                f"/tables/{table}/seats",
                json={"name": name, "role": "player"},
                headers={"X-Fatekit-Link": gm_link},
            )
            joined = await members[name].submit(
                await members[name].use("join"), link=seat.json()["link"]
            )
            assert joined.ephemeral, joined.content
        yield Table(discord, play, table, gm_link, members, dice)


async def attach(t: Table, who: str, name: str, text: str) -> Reply:
    """``who`` attaches a character file to ``/character``; the table must take it."""
    key, resolved = attachment(t.discord, name, text)
    reply = await t.members[who].use("character", file=key, resolved=resolved)
    assert reply.ephemeral, reply.content
    return reply


async def scene_basics(
    t: Table,
    player: str,
    pc: str,
    trouble: str,
    rolled: JSON,
    created: str,
) -> None:
    """The scene's moves every game has: the GM compels the PC's trouble and the player
    accepts; an overcome and a create-advantage rolled with ``rolled`` (the game's way of
    naming what is rolled); a roll on which the free invoke the advantage gave is spent.
    What each said lands in ``t.said``."""
    gm, member = t.members["GM"], t.members[player]
    points = await fate_points(t, pc)
    compel = await gm.use("compel", target=pc, aspect=trouble, complication="Trouble finds them")
    assert compel.ephemeral, compel.content
    await t.play.settled(t.table)
    offer = t.discord.channel(CHANNEL)[-1]
    t.said["compel"] = offer.content
    assert any(c.startswith("cmp:accept:") for c in offer.buttons()), (
        offer.content,
        compel.content,
    )
    await member.press(offer, next(c for c in offer.buttons() if c.startswith("cmp:accept:")))
    assert await fate_points(t, pc) == points + 1
    overcome = await member.use("overcome", difficulty=1, dice="+000", **rolled)
    assert overcome.ephemeral, overcome.content
    t.said["overcome"] = await t.posted()
    await t.settle(member)
    advantage = await member.use("advantage", difficulty=1, dice="++00", **rolled)
    assert advantage.ephemeral, advantage.content
    t.said["advantage"] = await t.posted()
    await t.settle(member, name=created)
    found = await member.suggest("invoke", "aspect", aspect=created[:6])
    assert len(found) == 1, found
    t.said["free_invoke_choice"] = found[0]["name"]
    await member.use("overcome", difficulty=4, dice="0000", **rolled)
    await t.posted()
    await member.use("invoke", aspect=found[0]["value"], free=True)
    t.said["invoked"] = await t.posted()
    t.said["invoked_roll"] = (await t.view())["roll"]
    await t.settle(member)


#: Discord's locale of each catalog language (an interaction's ``locale``).
LOCALES = {"en": "en-US", "ru": "ru", "it": "it", "sv": "sv-SE"}


def four(gm: str, *players: str) -> dict[str, tuple[str, str]]:
    """The GM and three players ("Ann", "Bo", "Cy"), each speaking one of the four languages
    (``gm`` and ``players``: catalog languages, all four between them), with a user id each."""
    languages = (gm, *players)
    assert sorted(languages) == sorted(LOCALES), languages
    names = ("GM", "Ann", "Bo", "Cy")
    paired = enumerate(zip(names, languages, strict=True))
    return {n: (f"77{i:02d}", LOCALES[lang]) for i, (n, lang) in paired}


async def sheets(t: Table, pc: str) -> dict[str, str]:
    """``pc``'s sheet as each member reads it with ``/sheet``, by the member's catalog language
    (privately, in that language)."""
    out = {}
    for member in t.members.values():
        shown = await member.use("sheet", character=pc)
        assert shown.ephemeral, shown.content
        out[next(k for k, v in LOCALES.items() if v == member.locale)] = shown.content
    assert sorted(out) == sorted(LOCALES), out
    return out


async def skills_offered(t: Table) -> dict[str, dict[str, str]]:
    """What ``/overcome``'s skill autocomplete offers each member, by the member's language:
    value -> name (a seat with no PC of its own: the table's skills, in its language)."""
    out = {}
    for member in t.members.values():
        found = await member.suggest("overcome", "skill", skill="")
        language = next(k for k, v in LOCALES.items() if v == member.locale)
        out[language] = {c["value"]: c["name"] for c in found}
    return out


async def fate_points(t: Table, pc: str) -> int:
    found = next(c for c in (await t.view())["characters"] if c["id"] == pc)
    return int(found["sheet"]["fate_points"])


def woa_pc(key: str, name: str, concept: str) -> str:
    """A War of Ashes PC on Fate Accelerated's approaches (the SRD gives no sheet of its own)."""
    return dumps_character(
        new_character(
            "woa",
            key,
            name,
            high_concept=concept,
            trouble="Too Proud to Run",
            aspects=[
                (AspectKind.CHARACTER, "Sworn to the Elkaran Temple"),
                (AspectKind.CHARACTER, "Knows Every Alley of Kal-Tarish"),
                (AspectKind.CHARACTER, "Owes the Harbourmaster"),
            ],
            skills={
                "forceful": 3,
                "careful": 2,
                "quick": 2,
                "clever": 1,
                "sneaky": 1,
                "flashy": 0,
            },
        )
    )


# -- War of Ashes: weight in a zone turns a die -----------------------------------------------


async def _war_of_ashes(tmp: Path) -> JSON:
    async with table_of(
        tmp, {"name": "Agaptus", "preset": "woa"}, four("it", "ru", "sv", "en")
    ) as t:
        await attach(t, "Ann", "deliah.json", woa_pc("deliah", "Deliah", "Elkaran Temple Guard"))
        await attach(t, "Bo", "tarek.json", woa_pc("tarek", "Tarek", "Goblin Smuggler"))
        await attach(t, "GM", "sailor.json", sample("war-of-ashes/vidaar-sailor.character.json"))
        gm, ann = t.members["GM"], t.members["Ann"]
        await gm.use("gm start-session")
        await gm.use("gm start-scene", name="Gangway", characters="deliah, tarek, vidaar-sailor")
        await scene_basics(
            t, "Ann", "deliah", "deliah/trouble/1", {"skill": "forceful"}, "Cornered"
        )
        t.said["sheets"] = await sheets(t, "deliah")
        t.said["offered"] = await skills_offered(t)
        await gm.use("gm start-conflict", first="deliah")
        # Two against one on the gangway: Ann's odds and her attack turn one die.
        t.said["odds"] = (
            await ann.use("odds", skill="forceful", action="attack", against="vidaar-sailor")
        ).content
        t.said["skills"] = await ann.suggest("attack", "skill", target="vidaar-sailor", skill="")
        t.dice.append("0+0-")  # the sailor's defence
        await ann.use("attack", target="vidaar-sailor", skill="forceful", dice="00-+")
        t.said["attack"] = await t.posted()
        t.said["attack_roll"] = (await t.view())["roll"]
    return t.said


@pytest.mark.rule("weight.two-to-one", "weight.each-roll")
def test_war_of_ashes_in_discord(tmp_path: Path) -> None:
    said = asyncio.run(_war_of_ashes(tmp_path))
    it, ru = words("it"), words("ru")
    # The compel, the overcome, the advantage and the invoke, each posted in the GM's Italian.
    offered = it(
        "event.CompelOffered",
        target="**Deliah**",
        aspect="*Too Proud to Run*",
        by=it("gm.pool_owner"),
    )
    assert said["compel"].splitlines()[0].endswith(offered), said["compel"]
    assert it("action.overcome") in said["overcome"] and "Vigoroso" in said["overcome"]
    assert it("action.create_advantage") in said["advantage"]
    # The advantage's free invokes are offered in Ann's Russian, and one is spent on a roll.
    assert said["free_invoke_choice"] == f"Cornered ({ru('invoke.free_held', n=2)})"
    assert said["invoked_roll"]["effort"] == 3 + 0 + 2, said["invoked_roll"]
    # Ann's Russian odds and the channel's Italian post say the weight that turns a die.
    assert ru("odds.weight_mine", own=2, other=1, n=1) in said["odds"], said["odds"]
    roll = said["attack_roll"]
    assert roll["faces"] == "00++" and roll["weight"]["turned"] == 1, roll
    assert "pesa di più, 2 a 1" in said["attack"], said["attack"]
    assert "dadi girati su +: 1" in said["attack"], said["attack"]
    # Her sheet lists approaches (the game's words), with her weight, in each member's language.
    for language, sheet in said["sheets"].items():
        w = words(language)
        assert sheet.startswith(f"## Deliah · {w('sheet.weight_is', n=1)}\n"), sheet
        assert f"**{w('sheet.approaches')}**" in sheet and w("approach.forceful") in sheet, sheet
        # What /overcome offers to roll is the game's approaches, in each member's language.
        offered = said["offered"][language]
        assert w("approach.forceful") in offered["forceful"], offered
    assert any(c["value"] == "forceful" for c in said["skills"])


# -- The Fate System Toolkit's conditions: marked by a hit, cleared as their kind says --------


RAIDER = {
    "format": "fatekit-character",
    "version": 1,
    "id": "raider",
    "name": "Raider Chief",
    "kind": "major_npc",
    "preset": "ember-road",
    "aspects": [
        {"kind": "high_concept", "name": "Takes Water at Spear-Point"},
        {"kind": "trouble", "name": "Thirsty for More"},
    ],
    "skills": {"forceful": 3, "quick": 2},
}


async def _conditions(tmp: Path) -> JSON:
    ruleset = json.loads(sample("rulesets/ember-road.ruleset.json"))
    people = four("sv", "it", "ru", "en")
    async with table_of(tmp, {"name": "Dry well", "ruleset": ruleset}, people) as t:
        await attach(t, "Ann", "tamsin.json", sample("rulesets/ember-road.character.json"))
        await attach(t, "GM", "raider.json", json.dumps(RAIDER))
        gm, ann, bo = t.members["GM"], t.members["Ann"], t.members["Bo"]
        await gm.use("gm start-session")
        await gm.use("gm start-scene", name="The dry well", characters="tamsin, raider")
        await scene_basics(t, "Ann", "tamsin", "tamsin/trouble/1", {"skill": "quick"}, "Dust Cloud")
        # Fate Accelerated's turn order: Tamsin's Quick +3 before the raider's +2.
        await gm.use("gm start-conflict")
        await ann.use("overcome", skill="quick", difficulty=1, dice="0000")
        await t.settle(ann)
        await ann.use("turn", next="raider")
        # The raider's blow: Forceful +3 and ++++ against Tamsin's Quick +3 and ----, 10 shifts.
        t.dice.append("----")
        blow = await gm.use(
            "attack", target="tamsin", skill="forceful", dice="++++", **{"as": "raider"}
        )
        assert blow.ephemeral, blow.content
        await t.posted()
        await t.settle(gm)
        await t.play.settled(t.table)
        hit = await ann.use("hit")
        t.said["hit"] = hit.content
        t.said["hit_buttons"] = hit.message.buttons()
        # Wounded (lasting, takes 4) first: the buttons then offer the other conditions, and
        # with Exhausted (sticky, 2) as well, the ways to take what is left with stress.
        more = await ann.press(hit.message, "abc:wounded")
        t.said["more"] = more.content
        t.said["more_buttons"] = more.message.buttons()
        rest = await ann.press(more.message, "abc:wounded+exhausted")
        t.said["rest"] = rest.content
        t.said["rest_buttons"] = rest.message.buttons()
        await ann.press(
            rest.message, next(c for c in rest.message.buttons() if c.startswith("abs:"))
        )
        t.said["absorbed"] = await t.posted()
        await gm.use("gm end-conflict")
        t.said["sheets"] = await sheets(t, "tamsin")
        await _conditions_marked_and_cleared(t)
        await _lasting_recovers(t, gm, ann, bo)
    return t.said


async def _conditions_marked_and_cleared(t: Table) -> None:
    """The GM marks a sticky condition as the story says (the raider's doing), and clears it
    when its event comes, with ``/gm condition``; a lasting one is not the GM's to clear."""
    gm = t.members["GM"]
    t.said["holders"] = await gm.suggest("gm condition", "character", character="")
    t.said["to_mark"] = await gm.suggest(
        "gm condition", "condition", character="tamsin", condition=""
    )
    t.said["to_clear"] = await gm.suggest(
        "gm condition", "condition", character="tamsin", condition="", clear=True
    )
    marked = await gm.use("gm condition", character="tamsin", condition="hungry", by="raider")
    assert marked.ephemeral, marked.content
    t.said["marked"] = await t.posted()
    t.said["marked_reply"] = marked.content
    tamsin = next(c for c in (await t.view())["characters"] if c["id"] == "tamsin")
    t.said["marked_conditions"] = tamsin["sheet"]["conditions"]
    # Clearing Wounded is refused by the table's rule, in the GM's Swedish, and changes nothing.
    before = (await t.view())["table"]["version"]
    refused = await gm.use("gm condition", character="tamsin", condition="wounded", clear=True)
    t.said["refused_clear"] = refused.content
    t.said["unchanged"] = (await t.view())["table"]["version"] == before
    # The GM types the condition's Swedish name.
    cleared = await gm.use("gm condition", character="tamsin", condition="Hungrig", clear=True)
    assert cleared.ephemeral, cleared.content
    t.said["cleared"] = await t.posted()


async def _lasting_recovers(t: Table, gm: Member, ann: Member, bo: Member) -> None:
    """Ann starts Wounded's recovery with ``/recover``: refused in the session it was taken and
    short of Great, then begun; Bo, a player, may not use ``/gm condition``."""
    t.said["bo_marks"] = (
        await bo.use("gm condition", character="tamsin", condition="angry")
    ).content
    t.said["bo_offered"] = await bo.suggest("gm condition", "character", character="")
    t.said["too_soon"] = (await ann.use("recover", condition="wounded", effort=5)).content
    t.said["recoverable_now"] = await ann.suggest("recover", "condition", condition="")
    await gm.use("gm end-scene")
    await gm.use("gm end-session")
    await gm.use("gm start-session")
    t.said["recoverable"] = await ann.suggest("recover", "condition", condition="")
    before = (await t.view())["table"]["version"]
    t.said["short"] = (await ann.use("recover", condition="wounded", effort=2)).content
    t.said["short_unchanged"] = (await t.view())["table"]["version"] == before
    begun = await ann.use("recover", condition="wounded", effort=4)
    t.said["begun_reply"] = begun.content
    t.said["begun"] = await t.posted()
    tamsin = next(c for c in (await t.view())["characters"] if c["id"] == "tamsin")
    t.said["conditions"] = tamsin["sheet"]["conditions"]


@pytest.mark.rule(
    "toolkit.conditions.soak",
    "toolkit.conditions.sticky-clears",
    "toolkit.conditions.gm-marks",
    "toolkit.conditions.lasting-recovery",
)
def test_conditions_in_discord(tmp_path: Path) -> None:
    said = asyncio.run(_conditions(tmp_path))
    it, sv, ru = words("it"), words("sv"), words("ru")
    # /hit offers each condition that may be marked with what it takes off, in Ann's Italian.
    assert said["hit_buttons"].get("abc:wounded") == f"Ferito {it('harm.soaks', n=4)}"
    assert "abc:angry" in said["hit_buttons"]
    assert f"Ferito {it('harm.soaks', n=4)}" in said["more"]
    assert said["more_buttons"]["abc:wounded+exhausted"] == f"+ Esausto {it('harm.soaks', n=2)}"
    assert f"Ferito, Esausto {it('harm.soaks', n=6)}" in said["rest"]
    assert any(c.startswith("abs:0.wounded+exhausted") for c in said["rest_buttons"])
    # The channel's Swedish post says Wounded was marked; the sheet shows both its boxes, with
    # each condition's kind, in each member's language.
    assert "*Sårad*, *Utmattad*" in said["absorbed"], said["absorbed"]
    wounded = {"en": "Wounded", "ru": "Ранен", "it": "Ferito", "sv": "Sårad"}
    for language, sheet in said["sheets"].items():
        w = words(language)
        kind = w("condition.kind.lasting", n=4)
        boxes = "\N{BLACK SQUARE}\N{BLACK SQUARE}"
        assert f"**{w('sheet.conditions')}**" in sheet, sheet
        assert f"• *{wounded[language]}* {kind}: {boxes}" in sheet, sheet
    # /gm condition offers, in the GM's Swedish, the characters with a condition to mark and
    # Tamsin's that may be marked (not Wounded, lasting and marked; nor Exhausted, full), each
    # with its kind and boxes; with clear, only the sticky one marked.
    assert {c["value"] for c in said["holders"]} == {"tamsin", "raider"}
    to_mark = {c["value"]: c["name"] for c in said["to_mark"]}
    assert "wounded" not in to_mark and "exhausted" not in to_mark, to_mark
    assert to_mark["hungry"] == f"Hungrig {sv('condition.kind.sticky', n=2)}: \N{WHITE SQUARE}"
    to_clear = {c["value"]: c["name"] for c in said["to_clear"]}
    assert list(to_clear) == ["exhausted"], to_clear
    # Marked by the raider (who holds its free invoke), and cleared: both posted in Swedish.
    marked = sv(
        "event.ConditionMarked.by",
        who="**Tamsin Vey**",
        condition="*Hungrig*",
        by="**Raider Chief**",
    )
    assert marked in said["marked"], said["marked"]
    assert said["marked_conditions"]["hungry"]["invokes"] == ["raider"]
    assert (
        sv("event.ConditionCleared", who="**Tamsin Vey**", condition="*Hungrig*") in said["cleared"]
    )
    # Wounded is not the GM's to clear: refused privately in Swedish with the rule, no change.
    assert sv("rule.toolkit.conditions.sticky-clears") in said["refused_clear"]
    assert said["unchanged"]
    # Bo, a player, is told in Russian that /gm is the GM's.
    assert said["bo_marks"] == ru("discord.gm_only")
    assert said["bo_offered"] == []  # his view offers him no condition to mark
    # Ann's recovery: refused in the session Wounded was taken (nothing offered then), offered
    # once a session has ended, refused short of Great, then begun: all in her Italian.
    assert it("rule.toolkit.conditions.lasting-recovery") in said["too_soon"], said["too_soon"]
    assert said["recoverable_now"] == []
    kind = it("condition.kind.lasting", n=4)
    assert [(c["value"], c["name"]) for c in said["recoverable"]] == [
        ("wounded", f"Ferito {kind}: \N{BLACK SQUARE}\N{BLACK SQUARE}")
    ]
    assert it("rule.toolkit.conditions.lasting-recovery") in said["short"], said["short"]
    assert said["short_unchanged"]
    begun = sv("event.ConditionRecovering", who="**Tamsin Vey**", condition="*Sårad*", effort=4)
    assert begun in said["begun"], said["begun"]
    assert (
        it("event.ConditionRecovering", who="**Tamsin Vey**", condition="*Ferito*", effort=4)
        in (said["begun_reply"])
    )
    assert said["conditions"]["wounded"]["boxes"] == 1
    assert said["conditions"]["wounded"]["recovering_session"] is not None


# -- The Three Rocketeers: aspects counted in place of a skill --------------------------------

HERO, SWORDPLAY = "severine/high_concept/1", "severine/character/1"


async def _rocketeers(tmp: Path) -> JSON:
    people = four("ru", "en", "it", "sv")
    async with table_of(tmp, {"name": "Paris", "preset": "rocketeers"}, people) as t:
        await attach(
            t, "Ann", "severine.json", sample("three-rocketeers/severine-dufresne.character.json")
        )
        await attach(t, "GM", "comte.json", sample("three-rocketeers/comte-de-vire.character.json"))
        gm, ann = t.members["GM"], t.members["Ann"]
        await gm.use("gm start-session")
        await gm.use("gm start-scene", name="Rooftops", characters="severine, comte-de-vire")
        counted = {"count1": HERO, "count2": SWORDPLAY}
        t.said["count_choices"] = await ann.suggest("overcome", "count1", count1="")
        await scene_basics(t, "Ann", "severine", "severine/trouble/1", counted, "Off Balance")
        t.said["sheets"] = await sheets(t, "severine")
        # The book leaves the turn order to a tally the table does not ask: the GM orders it.
        await gm.use("gm start-conflict", first="severine")
        t.said["odds"] = (await ann.use("odds", action="overcome", difficulty=2, **counted)).content
        t.dice.append("0000")  # the Comte's Quick defence
        await ann.use("attack", target="comte-de-vire", dice="+0+0", **counted)
        t.said["attack"] = await t.posted()
        t.said["attack_roll"] = (await t.view())["roll"]
    return t.said


@pytest.mark.rule("aspects.counted")
def test_the_three_rocketeers_in_discord(tmp_path: Path) -> None:
    said = asyncio.run(_rocketeers(tmp_path))
    ru = words("ru")
    # Autocomplete offers Séverine's aspects, each with what it adds (the hero aspect +2).
    offered = {c["value"]: c["name"] for c in said["count_choices"]}
    assert HERO in offered and "+2" in offered[HERO] and "+1" in offered[SWORDPLAY], offered
    # Counted +3: the overcome and advantage at +3 and their dice, the invoke +2 on top.
    assert said["invoked_roll"]["effort"] == 3 + 0 + 2 and said["invoked_roll"]["skill"] == ""
    assert "Rocket Ace of the Queen's Skyguard" in said["overcome"], said["overcome"]
    # Her sheet says what each aspect counts for, and that she has no skills, in each language.
    for language, sheet in said["sheets"].items():
        w = words(language)
        assert f"({w('aspect.kind.high_concept')}, {w('discord.counts_for', n=2)})" in sheet, sheet
        assert w("discord.counts_instead") in sheet, sheet
    # Her odds and the Russian channel's attack count the two aspects: +3, and +5 with the dice.
    assert "= +3" in said["odds"], said["odds"]
    roll = said["attack_roll"]
    assert roll["effort"] == 5 and roll["skill"] == "", roll
    assert "Rocket Ace of the Queen's Skyguard" in said["attack"], said["attack"]
    assert ru("rating", name=ru("ladder.superb"), n="+5") in said["attack"], said["attack"]


# -- Venture City: a power's stunt on a roll, its cost on the sheet -----------------------------


async def _venture_city(tmp: Path) -> JSON:
    people = four("en", "ru", "it", "sv")
    async with table_of(tmp, {"name": "Harbor", "preset": "venturecity"}, people) as t:
        await attach(t, "Ann", "miles.json", sample("venture-city/miles.character.json"))
        await attach(t, "GM", "gridlock.json", sample("venture-city/gridlock.character.json"))
        gm, ann = t.members["GM"], t.members["Ann"]
        await gm.use("gm start-session")
        await gm.use("gm start-scene", name="Harbor bridge", characters="miles, gridlock")
        await scene_basics(
            t, "Ann", "miles", "Always One Delivery Behind", {"skill": "athletics"}, "Updraft"
        )
        t.said["stunts"] = await ann.suggest("overcome", "stunt", skill="athletics", stunt="")
        # Master Flight, bought twice: +4 to Athletics while airborne.
        await ann.use(
            "overcome", skill="athletics", stunt="Master Flight", difficulty=6, dice="0000"
        )
        t.said["flight"] = await t.posted()
        t.said["flight_roll"] = (await t.view())["roll"]
        async with httpx.AsyncClient(base_url=t.play.base) as http:
            answer = await http.get(
                f"/tables/{t.table}/events", headers={"X-Fatekit-Link": t.gm_link}
            )
        made = [e for e in answer.json()["events"] if e["type"] == "RollMade"]
        t.said["flight_stunts"] = made[-1]["data"]["stunts"]
        await t.settle(ann)
        t.said["sheets"] = await sheets(t, "miles")
        # Fate Core's turn order: Miles's Notice +3 before Gridlock's +1; Miles takes to the air.
        await gm.use("gm start-conflict")
        await ann.use("overcome", skill="athletics", difficulty=1, dice="0000")
        await t.settle(ann)
        await ann.use("turn", next="gridlock")
        # Gridlock's Natural Weapon (+2, granted by his Super Strength) on his Fight.
        t.dice.append("0000")  # Miles's defence
        blow = await gm.use(
            "attack", target="miles", skill="fight", dice="0000", **{"as": "gridlock"}
        )
        t.said["blow"] = blow.content
        t.said["attack"] = await t.posted()
        t.said["attack_roll"] = (await t.view())["roll"]
    return t.said


@pytest.mark.rule("package.grants", "package.cost")
def test_venture_city_in_discord(tmp_path: Path) -> None:
    said = asyncio.run(_venture_city(tmp_path))
    en = words("en")
    assert any(c["value"] == "Master Flight" for c in said["stunts"]), said["stunts"]
    roll = said["flight_roll"]
    # Named, and beside it the free bonus the table applies when none is named (Super Speed's
    # +2), as the page's roll dialog ticks it: Athletics +4, +4 and +2.
    assert said["flight_stunts"] == ["Master Flight", "Basic Super Speed"]
    assert roll["effort"] == 4 + 4 + 2, roll
    # The English post names the stunts that made the +10, after the roll's line.
    named = en("event.with_stunts", stunts="Master Flight, Basic Super Speed")
    assert said["flight"].splitlines()[0].endswith(named), said["flight"]
    # The power's cost on his sheet in each language: refresh 2 (Bullrush paid with a point),
    # the powers under the rule set's word for them, each with its options, and the stunts
    # they grant among his.
    for language, sheet in said["sheets"].items():
        w = words(language)
        assert w("discord.fate_points", n=3, refresh=2).split("(")[1] in sheet, sheet
        label = {"en": "Powers", "ru": "Силы", "it": "Poteri", "sv": "Krafter"}[language]
        assert f"**{label}**\n• **Flight**: Master Flight ×2, Super Speed" in sheet, sheet
        assert f"**{w('sheet.stunts')}**" in sheet and "**Bullrush**" in sheet, sheet
    attack = said["attack_roll"]
    assert attack is not None, said["blow"]
    assert attack["effort"] == 3 + 2, attack
    # Miles defends at +10 by default: Athletics with Master Flight and Super Speed.
    assert said["attack_roll"]["opposition"] == 4 + 4 + 2
    assert en("rating", name=en("ladder.superb"), n="+5") in said["attack"], said["attack"]
    # The channel says a stunt added to it, not which (Gridlock's sheet is the GM's); the GM's
    # own answer names it.
    unnamed = en("event.with_stunts", stunts=en("stunt.unnamed"))
    assert said["attack"].splitlines()[0].endswith(unnamed), said["attack"]
    assert en("event.with_stunts", stunts="Basic Natural Weapon") in said["blow"], said["blow"]


# -- Atomic Robo, built in: a skill's rating as its modes give it --------------------------------


async def _atomic_robo(tmp: Path) -> JSON:
    people = four("sv", "it", "ru", "en")
    async with table_of(tmp, {"name": "Tesladyne", "preset": "atomicrobo"}, people) as t:
        await attach(t, "Ann", "okafor.json", sample("atomic-robo/dr-okafor.character.json"))
        await attach(t, "GM", "guard.json", json.dumps(ROBO_NPC))
        gm, ann = t.members["GM"], t.members["Ann"]
        await gm.use("gm start-session")
        await gm.use("gm start-scene", name="The vault", characters="okafor, guard")
        t.said["skills"] = await ann.suggest("overcome", "skill", skill="")
        await scene_basics(
            t, "Ann", "okafor", "Curiosity Outruns Caution", {"skill": "notice"}, "Loose Panel"
        )
        t.said["sheets"] = await sheets(t, "okafor")
        t.said["offered"] = await skills_offered(t)
        t.said["odds"] = (
            await ann.use("odds", skill="combat", action="create_advantage", difficulty=2)
        ).content
        # Atomic Robo's turn order is the GM's to give (elective): Okafor first.
        await gm.use("gm start-conflict", first="okafor")
        t.dice.append("0000")  # the guard's defence
        attack = await ann.use("attack", target="guard", skill="combat", dice="+000")
        assert attack.ephemeral, attack.content
        t.said["attack"] = await t.posted()
        t.said["attack_reply"] = attack.content
        t.said["attack_roll"] = (await t.view())["roll"]
    return t.said


ROBO_NPC = {
    "format": "fatekit-character",
    "version": 1,
    "id": "guard",
    "name": "Vault Guard",
    "kind": "minor_npc",
    "preset": "atomicrobo",
    "aspects": [{"kind": "high_concept", "name": "Guards the Vault"}],
    "skills": {"combat": 2, "athletics": 1},
}


@pytest.mark.rule("modes.reinforced", "modes.trained")
def test_atomic_robo_built_in_in_discord(tmp_path: Path) -> None:
    said = asyncio.run(_atomic_robo(tmp_path))
    it, sv = words("it"), words("sv")
    # Autocomplete offers Okafor's skills with their ratings and the mode each is written under,
    # in Ann's Italian: the catalog's names, and the rule set's own for its science skills.
    offered = {c["value"]: c["name"] for c in said["skills"]}
    rated = it("roll.skill_in_mode", skill=f"{it('skill.notice')} (Eccellente (+5))", mode="Azione")
    assert offered["notice"] == rated, offered
    assert offered["physics"] == it(
        "roll.skill_in_mode", skill="Fisica (Ottimo (+4))", mode="Scienza"
    )
    # Notice at Superb by double reinforcement: the overcome, the advantage and the invoke on it.
    assert said["invoked_roll"]["effort"] == 5 + 0 + 2
    # Her sheet lists each mode with its rating and the skills under it, in each language.
    for language, sheet in said["sheets"].items():
        w = words(language)
        action = {"en": "Action", "ru": "Действие", "it": "Azione", "sv": "Action"}[language]
        assert f"• {action} " + w("rating", name=w("ladder.good"), n="+3") in sheet, sheet
        # /overcome offers the game's science skills by the rule set's names in each language.
        physics = {"en": "Physics", "ru": "Физика", "it": "Fisica", "sv": "Fysik (vetenskap)"}
        assert said["offered"][language]["physics"].startswith(physics[language]), said["offered"]
    # Combat, trained in Action (Good), and Expert Marksman's +1 on an attack: +4 and the die;
    # Ann's Italian odds count the stunt too.
    assert "Expert Marksman" in said["odds"], said["odds"]
    roll = said["attack_roll"]
    assert roll["effort"] == 3 + 1 + 1, roll
    # The Swedish channel and Ann's Italian answer name the stunt that added to it.
    line = said["attack"].splitlines()[0]
    assert line.endswith(sv("event.with_stunts", stunts="Expert Marksman")), line
    assert sv("rating", name=sv("ladder.superb"), n="+5") in said["attack"], said["attack"]
    assert it("event.with_stunts", stunts="Expert Marksman") in said["attack_reply"]
