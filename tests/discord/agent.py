"""The Discord agent: seeded evenings played only through Discord's ways in.

A GM and three players, each with a Discord language drawn from en-US, ru, it and sv-SE, play an
evening against the fatekit server through the stand-in (the Gateway or the interactions
endpoint), with the payloads Discord sends: slash commands whose options they fill from what
autocomplete offers, buttons and select menus on the posts and replies they see, forms they
fill in. Each step picks someone and something they can do — preferring what no evening reached
yet — and after every step the agent checks what the page agent checks of the page:

- every offered choice is accepted: a value autocomplete suggested is never answered "names
  nothing", a button or menu offered is never answered "does not know";
- every refusal shows its reason to the person who acted, and only to them (the channel's public
  posts aside): no answer is empty, none says the app failed, no answer was lost (a callback
  Discord refused, a deadline missed);
- the GM can always end the conflict, the contest, the challenge, the scene and the session;
- nothing is lost from the channel: the relay has posted every event the table holds, with no
  post left waiting.

``python -m tests.discord.agent --seeds 1-20 --steps 200`` plays from the command line (``make
soak`` plays many); ``test_agent.py`` plays a few seeds in ``make test`` and asserts that every
command and button was reached.
"""

from __future__ import annotations

import itertools
import json
import random
import string
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from fatekit.discord.commands import COMMANDS
from fatekit.discord.moves import zone_ways
from fatekit.discord.words import language_of, words
from fatekit.formats import dumps_character
from fatekit.rules import new_character
from fatekit.rules.core.dice import RandomDice
from fatekit.table.extras import extras_for
from fatekit.table.views import view_for

from ..sheets import charles_sheet, npc_sheet, ruth_sheet  # type: ignore[import-not-found]
from . import shapes
from .harness import CHANNEL, Member, Play, Reply
from .standin import Message, StandIn

JSON = dict[str, Any]
LOCALES = ("en-US", "ru", "it", "sv-SE")
#: Every slash command (a group's subcommands each) and every kind of button and form.
COMMAND_NAMES = frozenset(
    [f"{s.name} {sub.name}" for s in COMMANDS for sub in s.subcommands]
    + [s.name for s in COMMANDS if not s.subcommands]
)
CONTROLS = frozenset(
    {
        "button inv",
        "menu invs",
        "button settle",
        "button set",
        "form setm",
        "button hit",
        "button abs",
        "form absm",
        "button out",
        "button cmp",
        "button sc",
        "button allow",
        "form allowm",
        "button ask",
        "form link",
    }
)
#: Commands the evenings cannot reach (/move and /gm border are played on the scenes with zones
#: the GM starts with /gm start-scene's lists): /milestone spends a milestone on a package, and
#: the evenings' four rule sets have none (tests/discord/test_package_milestone.py plays it at a
#: Venture City table, through the stand-in); /gm condition and /recover play a rule set's
#: conditions, which the evenings' tables have none of (test_published_sessions.py's conditions
#: session plays both, refusals included).
ELSEWHERE: frozenset[str] = frozenset({"milestone", "gm condition", "recover"})
EVERYTHING = (COMMAND_NAMES | CONTROLS) - ELSEWHERE
#: What a person does now and then only: ending what runs, leaving, unbinding.
RARE = frozenset(
    {
        "gm end-scene",
        "gm end-session",
        "gm end-conflict",
        "gm end-contest",
        "gm end-challenge",
        "unbind",
        "leave",
        "concede",
    }
)
#: What runs and the GM's command that ends it, innermost first.
ENDINGS = (
    ("conflict", "gm end-conflict"),
    ("contest", "gm end-contest"),
    ("challenge", "gm end-challenge"),
    ("scene", "gm end-scene"),
)
#: The commands a seat makes for one of its characters (``as`` names which).
ACTING = frozenset(
    {
        "roll",
        "overcome",
        "advantage",
        "attack",
        "invoke",
        "compel",
        "selfcompel",
        "pass",
        "odds",
        "move",
    }
)
#: The options a command cannot go without (typed by hand when autocomplete offers nothing).
REQUIRED = {
    "roll": ("skill",),
    "overcome": ("skill",),
    "advantage": ("skill",),
    "odds": ("skill",),
    "attack": ("target",),
    "invoke": ("aspect",),
    "compel": ("target", "aspect"),
    "selfcompel": ("aspect",),
    "pass": ("aspect", "to"),
    "secret": ("as", "skill"),
    "reveal": ("roll",),
    "allow": ("move",),
    "move": ("zone",),
    "gm border": ("aspect", "zone", "neighbour"),
}
#: Zone names the GM types for a scene, in the four languages (one with a hyphen, one with an
#: apostrophe), and the ones kept hidden: none is a word the app's own lines use, so that one
#: found in a player's answer is the hidden zone's.
ZONE_NAMES = (
    "Deck",
    "Fore-Castle",
    "Crow's Nest",
    "Кают-компания",
    "Трюм",
    "Ponte",
    "Stiva",
    "Däck",
    "Lastrum",
)
HIDDEN_ZONE_NAMES = ("Smugglers Hold", "Тайник", "Cripta", "Valvet")


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
class Finding:
    """Something an evening found wrong: the step, who, what they did, and what was wrong."""

    step: int
    who: str
    action: str
    problem: str

    def line(self) -> str:
        return f"step {self.step}: {self.who} {self.action}: {self.problem}"


@dataclass
class Person:
    member: Member
    seat: str  # the seat's id at the table
    gm: bool = False
    last: Reply | None = None  # the last answer this person saw (its buttons may be pressed)
    checked: int = 0  # the last answer looked through for hidden zones (its id)


def _prefix(language: str, key: str, **fields: str) -> str:
    """What a catalog line says before its first field (to recognise it in any language)."""
    marker = "\x00"
    return words(language)(key, **{k: marker for k in fields}).split(marker)[0]


@dataclass
class Evening:
    """One seeded evening through one way in."""

    tmp: Path
    seed: int
    steps: int
    endpoint: bool
    reached: Counter[str] = field(default_factory=Counter)
    findings: list[Finding] = field(default_factory=list)
    trail: list[str] = field(default_factory=list)
    _posts_checked: int = 0  # the channel's posts looked through for hidden zones

    async def play(self) -> Evening:
        self.rng = random.Random(self.seed)
        async with (
            StandIn(heartbeat_ms=500) as discord,
            Play(
                self.tmp / f"agent{self.seed}.db",
                discord,
                endpoint=self.endpoint,
                dice=RandomDice(seed=self.seed),
            ).running() as play,
            httpx.AsyncClient(base_url=play.base) as http,
        ):
            self.discord, self.play_ = discord, play
            await self._seat_everyone(http)
            for step in range(self.steps):
                self.step = step
                await self._one_step()
                await self._check()
            await self._end_the_evening()
        return self

    # -- the table ---------------------------------------------------------------------------

    async def _seat_everyone(self, http: httpx.AsyncClient) -> None:
        made = (await http.post("/tables", json={"name": f"Evening {self.seed}"})).json()
        self.table, gm_link = made["table_id"], made["link"]
        self._gm_link = gm_link
        self.links: dict[str, str] = {}
        links = {}
        for name in ("Ann", "Ben", "Cat"):
            invited = await http.post(
                f"/tables/{self.table}/seats",
                json={"name": name},
                headers={"X-Fatekit-Link": gm_link},
            )
            links[name] = invited.json()
        gm = Member(self.discord, "110000000000000001", "Gloria", self.rng.choice(LOCALES))
        self.gm = Person(gm, "gm", gm=True)
        self.people = [self.gm]
        bound = await self._do(self.gm, "bind", lambda: gm.use("bind", language=self._language()))
        await self._fill(self.gm, bound, {"link": gm_link})
        for n, (name, sheet) in enumerate(
            (("Ann", ruth_sheet()), ("Ben", charles_sheet()), ("Cat", maya_sheet())), start=2
        ):
            member = Member(self.discord, f"11000000000000000{n}", name, self.rng.choice(LOCALES))
            person = Person(member, links[name]["seat"])
            self.links[person.seat] = links[name]["link"]
            self.people.append(person)
            form = await self._do(person, "join", lambda m=member: m.use("join"))
            await self._fill(person, form, {"link": links[name]["link"]})
            await self._attach(person, sheet)
        await self._attach(self.gm, npc_sheet())
        await self._gm("gm start-session")
        # The first scene has zones: the evening plays on a map from its start.
        lists = self._map_lists(zoned=True, together=True)
        await self._gm("gm start-scene", name="Storm on deck", **lists)
        # A spare Discord user the GM seats and unseats.
        self.spare = shapes.user("110000000000000009", "Sam")

    def _language(self) -> str:
        return self.rng.choice(("en", "ru", "it", "sv"))

    async def _attach(self, person: Person, sheet: str) -> None:
        key = self.discord.id()
        name = f"{key}.json"
        self.discord.attachments[name] = sheet.encode()
        url = f"http://127.0.0.1:{self.discord.port}/attachments/{name}"
        resolved = {"attachments": {key: shapes.attachment(key, name, len(sheet), url)}}
        await self._do(
            person, "character", lambda: person.member.use("character", file=key, resolved=resolved)
        )

    async def view(self) -> JSON:
        """The table as the GM sees it (what the agent decides from, as a player reads a page)."""
        assert self.play_.service is not None
        return await self.play_.service.read_table(self.table, lambda s: view_for(s, "gm"))

    # -- doing things --------------------------------------------------------------------------

    async def _do(
        self,
        person: Person,
        name: str,
        act: Callable[[], Awaitable[Reply]],
        *,
        offered: bool = False,
    ) -> Reply | None:
        """Do something as ``person``, keep what they saw, and check the answer."""
        self.reached[name] += 1
        self.trail.append(
            f"{self.step if hasattr(self, 'step') else '-'} {person.member.name}: {name}"
        )
        try:
            reply = await act()
        except (AssertionError, TimeoutError) as error:  # no answer came, or Discord refused it
            self._found(person, name, f"no answer: {error}")
            return None
        person.last = reply
        language = language_of(person.member.locale)
        said = reply.content
        self.trail.append(
            f"    -> {reply.kind}: {said[:150]!r} {list(reply.message.buttons())[:6]}"
        )
        if reply.kind == "message" and not said.strip():
            self._found(person, name, "an empty answer")
        for key in ("discord.failed", "discord.unknown"):
            if words(language)(key) in said:
                self._found(person, name, f"answered {key!r}: {said[:120]!r}")
        not_found = _prefix(language, "discord.not_found", option="", typed="")
        if offered and not_found and said.startswith(not_found):
            self._found(person, name, f"an offered choice was refused: {said[:160]!r}")
        return reply

    def _found(self, person: Person, action: str, problem: str) -> None:
        self.findings.append(
            Finding(self.step if hasattr(self, "step") else -1, person.member.name, action, problem)
        )

    async def _fill(
        self, person: Person, reply: Reply | None, fields: dict[str, str] | None = None
    ) -> Reply | None:
        """Fill in and send a form the app opened (text of the agent's own where none given)."""
        if reply is None or reply.kind != "modal":
            return None
        values = {
            c["custom_id"]: (fields or {}).get(c["custom_id"]) or self._text()
            for c in reply.message.inputs()
        }
        kind = str(reply.message.body["custom_id"]).split(":")[0]
        return await self._do(person, f"form {kind}", lambda: person.member.submit(reply, **values))

    def _text(self) -> str:
        return (
            "".join(self.rng.choice(string.ascii_letters + " ") for _ in range(12)).strip() or "x"
        )

    async def _suggested(
        self,
        person: Person,
        command: str,
        option: str,
        avoid: frozenset[str] = frozenset(),
        **options: Any,
    ) -> str | None:
        """A value autocomplete offers ``person`` for ``option``, one not in ``avoid`` when it
        can (``None``: it offers none)."""
        try:
            choices = await person.member.suggest(command, option, **{option: "", **options})
        except AssertionError as error:
            self._found(person, f"autocomplete {command} {option}", str(error))
            return None
        if not person.gm:
            self._hidden_in(
                person, f"autocomplete {command} {option}", json.dumps(choices, ensure_ascii=False)
            )
        if not choices:
            return None
        rather = [c for c in choices if c["value"] not in avoid] or choices
        return str(self.rng.choice(rather)["value"])

    async def _gm(self, command: str, **options: Any) -> Reply | None:
        return await self._do(self.gm, command, lambda: self.gm.member.use(command, **options))

    # -- a step --------------------------------------------------------------------------------

    async def _one_step(self) -> None:
        person = self.rng.choice(self.people)
        view = await self.view()
        rng = self.rng
        if view["safety"]["waiting"] and rng.random() < 0.7:
            await self._gm("gm addressed", note=self._text())
            return
        pressable = self._pressable(person)
        new = [p for p in pressable if self._control(*p) not in self.reached]
        if new and rng.random() < 0.8:
            await self._press(person, *rng.choice(new))
            return
        if pressable and rng.random() < 0.4:
            await self._press(person, *rng.choice(pressable))
            return
        options = dict(self._choices(person, view))
        # What the evening's state asks for first, as people at a table would.
        conflict = view.get("conflict") or {}
        mine = self._mine(person, view)
        hit = conflict.get("pending_hit") or {}
        if hit.get("target") in mine and rng.random() < 0.6:
            await options["hit"]()
            return
        waiting = [r for r in view.get("rolls") or [] if r.get("phase") != "resolved"]
        if conflict and waiting and person.gm and rng.random() < 0.6:
            await self._settle_rolls()
            return
        current = conflict.get("current")
        if current in mine and rng.random() < 0.6:
            # Their turn: an action while one is left, else the turn passes on.
            legal = {a["move"] for a in (conflict.get("legal_actions") or {}).get(current, ())}
            commands = {
                "attack": "attack",
                "overcome": "overcome",
                "create_advantage": "advantage",
                "free_move": "move",  # the exchange's free move, on a scene with zones
            }
            doable = [commands[m] for m in legal if commands.get(m) in options]
            if doable:
                await options["attack" if "attack" in doable else rng.choice(doable)]()
            else:
                await options["turn"]()
            return
        if person.gm and view.get("scene") and not conflict and rng.random() < 0.25:
            # Rolls in play first: the GM settles them (a conflict starts when none waits).
            for _ in range(4):
                waiting = [
                    r
                    for r in (await self.view()).get("rolls") or []
                    if r.get("phase") != "resolved"
                ]
                if not waiting:
                    break
                roll = await self._suggested(self.gm, "settle", "roll")
                option = (
                    await self._suggested(self.gm, "settle", "option", roll=roll) if roll else None
                )
                fields = {k: v for k, v in (("roll", roll), ("option", option)) if v}
                reply = await self._gm("settle", **fields, name=self._text())
                await self._fill(self.gm, reply)
            await options["gm start-conflict"]()
            return
        if person.gm and not view.get("scene") and rng.random() < 0.6:
            await options["gm start-scene"]()
            return
        if await self._map_first(person, view):
            return
        # Ending things (and leaving) are rarer than playing, as at a table.
        names = [n for n in options if n not in RARE or rng.random() < 0.15]
        unreached = [n for n in names if n not in self.reached]
        name = rng.choice(unreached if unreached and rng.random() < 0.6 else names)
        await options[name]()

    async def _settle_rolls(self) -> None:
        """The GM settles the rolls in play, each one way autocomplete offers."""
        for _ in range(4):
            waiting = [
                r for r in (await self.view()).get("rolls") or [] if r.get("phase") != "resolved"
            ]
            if not waiting:
                return
            roll = await self._suggested(self.gm, "settle", "roll")
            option = await self._suggested(self.gm, "settle", "option", roll=roll) if roll else None
            fields = {k: v for k, v in (("roll", roll), ("option", option)) if v}
            reply = await self._gm("settle", **fields, name=self._text())
            await self._fill(self.gm, reply)

    @staticmethod
    def _mine(person: Person, view: JSON) -> set[str]:
        """The characters ``person`` plays (the GM: every one no player owns)."""
        return {
            c["id"]
            for c in view["characters"]
            if c.get("owner") == person.seat or (person.gm and not c.get("owner"))
        }

    @staticmethod
    def _control(message: Message, custom_id: str) -> str:
        """A button's or menu's kind, as the agent counts what it reached."""
        kind = custom_id.split(":")[0]
        menus = (
            c.get("custom_id")
            for row in message.body.get("components") or []
            for c in row.get("components") or []
            if c.get("type") == 3
        )
        return f"menu {kind}" if custom_id in menus else f"button {kind}"

    def _pressable(self, person: Person) -> list[tuple[Message, str]]:
        """The buttons and menus the person sees: on the channel's last post and their last
        reply."""
        out = []
        posts = self.discord.channel(CHANNEL)
        seen = [posts[-1]] if posts else []
        if person.last is not None and person.last.kind == "message":
            seen.append(person.last.message)
        for message in seen:
            for custom_id in message.buttons():
                out.append((message, custom_id))
        return out

    async def _press(self, person: Person, message: Message, custom_id: str) -> None:
        kind = custom_id.split(":")[0]
        menu = next(
            (
                c
                for row in message.body.get("components") or []
                for c in row.get("components") or []
                if c.get("custom_id") == custom_id and c.get("type") == 3
            ),
            None,
        )
        if menu is not None:
            value = self.rng.choice(menu["options"])["value"]
            reply = await self._do(
                person,
                f"menu {kind}",
                lambda: person.member.press(message, custom_id, [value]),
                offered=True,
            )
        else:
            reply = await self._do(
                person,
                f"button {kind}",
                lambda: person.member.press(message, custom_id),
                offered=True,
            )
        await self._fill(person, reply)

    def _choices(
        self, person: Person, view: JSON
    ) -> list[tuple[str, Callable[[], Awaitable[Any]]]]:
        """What ``person`` may try now, by name (the GM's game-flow commands among them)."""
        m = person.member
        rng = self.rng
        out: list[tuple[str, Callable[[], Awaitable[Any]]]] = []
        mine = self._mine(person, view)

        def slash(command: str, /, **options: Any) -> None:
            async def go() -> None:
                reply = await self._do(person, command, lambda: m.use(command, **options))
                await self._fill(person, reply)

            out.append((command, go))

        def with_choice(
            name: str, fields: str, extra: dict[str, Any] | None = None, **fixed: Any
        ) -> None:
            """A command whose options (``fields``, space-separated) are filled, in turn, from
            what autocomplete offers (the GM, who plays several characters, names one with
            ``as`` first; a challenge's roll names its task)."""

            async def go() -> None:
                options = {**fixed, **(extra or {})}
                wanted = fields.split()
                if person.gm and name in ACTING:
                    wanted.insert(0, "as")
                if view.get("challenge") and name in ("roll", "overcome"):
                    wanted.append("task")
                offered = False
                for option in wanted:
                    # An attack goes at the other side, as a player means it to.
                    avoid = frozenset(mine) if option == "target" else frozenset()
                    value = await self._suggested(person, name, option, avoid, **options)
                    if value is not None:
                        options[option] = value
                        offered = True
                    elif option in REQUIRED.get(name, ()):
                        options[option] = self._text()
                reply = await self._do(
                    person, name, lambda: m.use(name, **options), offered=offered
                )
                await self._fill(person, reply)

            out.append((name, go))

        dice = lambda: "".join(rng.choice("+-0") for _ in range(4))  # noqa: E731
        for name in ("roll", "overcome", "advantage"):
            with_choice(name, "skill", {"difficulty": rng.randint(0, 4), "dice": dice()})
        # An attack with dice that land (the dice option is the table's physical dice).
        with_choice("attack", "target", {"dice": rng.choice(("+++0", "++0+", dice()))})
        slash("defend")
        with_choice("invoke", "aspect", {"effect": rng.choice(("plus_two", "reroll"))})
        with_choice("settle", "option", {"name": "Knocked Down"})
        slash("hit")
        slash("concede")
        with_choice("compel", "target aspect", {"complication": "the storm"})
        with_choice("selfcompel", "aspect", {"complication": "my debts"})
        with_choice("pass", "aspect to")
        slash("note", text=self._text(), visibility=rng.choice(("public", "private", "gm")))
        slash("safety", tool=rng.choice(("x-card", "pause", "rewind", "fast-forward")))
        slash("sheet")
        slash("scene")
        with_choice("odds", "skill", {"difficulty": rng.randint(0, 4)})
        with_choice("turn", "next")
        slash("fatekit status")
        with_choice("secret", "as skill", {"difficulty": 2})
        with_choice("reveal", "roll")
        with_choice("allow", "move", {"reason": "the story needs it"})
        slash("gm aspect", name=self._text(), hidden=rng.random() < 0.3)
        if not person.gm:
            out.append(("leave", self._leave_and_join(person)))
        if person.gm:
            scene, conflict = view.get("scene"), view.get("conflict")
            if scene is None:
                slash("gm start-scene", name=self._text(), **self._map_lists())
            else:
                out.append(("gm end-scene", self._ending("scene", "gm end-scene")))
            if conflict is None and scene is not None:
                # Who acts first: the first time as a GM new to it would (no option), then chosen.
                if "gm start-conflict" in self.reached:
                    with_choice(
                        "gm start-conflict", "first", {"kind": rng.choice(("physical", "mental"))}
                    )
                else:
                    slash("gm start-conflict", kind=rng.choice(("physical", "mental")))
            if conflict is not None:
                out.append(("gm end-conflict", self._ending("conflict", "gm end-conflict")))
            if view.get("contest"):
                out.append(("gm end-contest", self._ending("contest", "gm end-contest")))
            elif scene is not None:
                slash("gm start-contest", heroes="escape", opposition="catch them")
            if view.get("challenge"):
                out.append(("gm end-challenge", self._ending("challenge", "gm end-challenge")))
            elif scene is not None:
                slash("gm start-challenge", tasks="athletics 2 climb; notice 1 spot; lore 3 read")
            slash("gm addressed", note="we skip it")
            slash("gm command", type="AddSituationAspect", data=json.dumps({"name": "Wet Ropes"}))
            if view["time"]["in_session"]:
                out.append(("gm end-session", self._end_and_start_session))
            else:
                slash("gm start-session")
            out.append(("unbind", self._unbind_and_bind))
            spare = self.spare
            resolved = {"users": {spare["id"]: spare}}
            slash("seat", user=spare["id"], seat="Ann", resolved=resolved)
            slash("unseat", user=spare["id"], resolved=resolved)
        return out + self._on_the_map(person, view)

    # -- on a map (issue 42) ---------------------------------------------------------------------

    def _map_lists(
        self, *, zoned: bool = False, together: bool = False, malformed: bool = False
    ) -> dict[str, str]:
        """/gm start-scene's lists for a scene with zones, half the time unless ``zoned``: two to
        five zones in a row, now and then a shortcut and (unless everyone starts ``together``,
        so that a fight's blows land) a hidden zone at the end where the GM's characters start,
        the players' characters in the first. ``malformed``: one link names a
        zone the list does not."""
        rng = self.rng
        if not zoned and rng.random() < 0.5:
            return {}
        zones = rng.sample(ZONE_NAMES, rng.randint(2, 4))
        if not together and rng.random() < 0.5:
            zones.append(rng.choice(HIDDEN_ZONE_NAMES))
        links = [f"{a}-{b}" for a, b in itertools.pairwise(zones)]
        if len(zones) > 2 and rng.random() < 0.3:
            links.append(f"{zones[0]} — {zones[2]}")
        if malformed:
            links.append(f"{zones[0]}-Nowhere")
        out = {"zones": ", ".join(zones), "links": ", ".join(links)}
        hidden = [z for z in zones if z in HIDDEN_ZONE_NAMES]
        if hidden:
            out["hide"] = hidden[0]
            out["places"] = f"Alice: {hidden[0]}"
        return out

    def _on_the_map(
        self, person: Person, view: JSON
    ) -> list[tuple[str, Callable[[], Awaitable[Any]]]]:
        """What ``person`` may do on the scene's zones: /move to a zone autocomplete offers,
        /overcome with a zone, and the GM's /gm border (putting an aspect on a border, or taking
        one off); the GM may start a scene with a malformed list first (refused, nothing
        started). Each later entry takes the place of the plain one of its name."""
        out: list[tuple[str, Callable[[], Awaitable[Any]]]] = []
        scene = view.get("scene")
        if person.gm and scene is None and self.rng.random() < 0.2:
            out.append(("gm start-scene", self._malformed_then_zoned))
        if not scene or not scene.get("zones"):
            return out
        out.append(("move", lambda: self._move(person)))
        if self.rng.random() < 0.5:
            out.append(("overcome", lambda: self._overcome_to(person, view)))
        if person.gm:
            out.append(("gm border", self._border))
        return out

    async def _map_first(self, person: Person, view: JSON) -> bool:
        """Now and then, on a scene with zones, the GM puts an aspect on a border or takes one
        off (as often as a group that plays on a map would): whether the step went to it."""
        zoned = ((view.get("scene") or {}).get("zones") or {}).get("zones")
        if person.gm and zoned and self.rng.random() < 0.15:
            await self._border()
            return True
        return False

    async def _offered_values(
        self, person: Person, command: str, fields: list[str], fixed: dict[str, Any]
    ) -> tuple[dict[str, Any], bool]:
        """``fixed`` and each of ``fields`` in turn from what autocomplete offers (a required one
        typed by hand when it offers none); whether anything was offered."""
        options = dict(fixed)
        offered = False
        for option in fields:
            value = await self._suggested(person, command, option, **options)
            if value is not None:
                options[option], offered = value, True
            elif option in REQUIRED.get(command, ()):
                options[option] = self._text()
        return options, offered

    async def _seat_view(self, person: Person) -> JSON:
        """The table as ``person``'s seat sees it."""
        assert self.play_.service is not None
        seat = person.seat
        return await self.play_.service.read_table(self.table, lambda s: view_for(s, seat))

    async def _move(self, person: Person) -> None:
        """/move to a zone autocomplete offers: a free move offered must be taken, a zone
        further off (or past a blocked border) said to need an overcome, and nobody moved."""
        fields = ["as", "zone"] if person.gm else ["zone"]
        options, offered = await self._offered_values(person, "move", fields, {})
        seen = await self._seat_view(person)
        mine = list(seen["you"]["characters"])
        actor = options.get("as") or (mine[0] if len(mine) == 1 else None)
        way = zone_ways(seen, actor).get(str(options.get("zone"))) if actor else None
        before = ((await self.view())["scene"]["zones"] or {}).get("positions", {})
        m = person.member
        reply = await self._do(person, "move", lambda: m.use("move", **options), offered=offered)
        if reply is None or way is None:
            return
        after = ((await self.view()).get("scene") or {}).get("zones") or {}
        where = after.get("positions", {}).get(actor)
        if way == "free" and where != options["zone"]:
            self._found(person, "move", f"an offered free move was not taken: {reply.content!r}")
        language = language_of(person.member.locale)
        needs = _prefix(language, "discord.move_overcome", zone="")
        if way == "overcome" and (
            where != before.get(actor) or not reply.content.startswith(needs)
        ):
            self._found(person, "move", f"a move that takes an overcome: {reply.content!r}")

    async def _overcome_to(self, person: Person, view: JSON) -> None:
        """/overcome with a zone autocomplete offers (a way further off or past a border)."""
        fields = (["as"] if person.gm else []) + ["skill", "zone"]
        if view.get("challenge"):
            fields.append("task")
        fixed = {"difficulty": self.rng.randint(0, 3), "dice": self.rng.choice(("++++", "+0-0"))}
        options, offered = await self._offered_values(person, "overcome", fields, fixed)
        m = person.member
        reply = await self._do(
            person, "overcome", lambda: m.use("overcome", **options), offered=offered
        )
        await self._fill(person, reply)

    async def _border(self) -> None:
        """/gm border: a situation aspect put on a border autocomplete offers, or (when one
        stands on a border) taken off it; an aspect standing on a border must be offered for
        taking off."""
        gm = self.gm
        assert self.play_.service is not None
        extras = await self.play_.service.read_table(self.table, lambda s: extras_for(s, "gm"))
        standing = [
            (a, *i["between"]) for i in extras.get("impediments") or [] for a in i["aspects"]
        ]
        if standing and self.rng.random() < 0.7:
            aspect, zone, to = self.rng.choice(standing)
            offered = await gm.member.suggest("gm border", "aspect", aspect="", clear=True)
            if aspect not in [c["value"] for c in offered]:
                self._found(
                    gm, "gm border", f"an aspect on a border not offered to clear: {aspect}"
                )
            options: dict[str, Any] = {"aspect": aspect, "zone": zone, "neighbour": to}
            options["clear"] = True
            await self._gm("gm border", **options)
            return
        options, offered_any = await self._offered_values(
            gm, "gm border", ["aspect", "zone", "neighbour"], {}
        )
        m = gm.member
        await self._do(gm, "gm border", lambda: m.use("gm border", **options), offered=offered_any)

    async def _malformed_then_zoned(self) -> None:
        """The GM types a link to a zone not named: refused, privately, with nothing started;
        then the lists as meant."""
        name = self._text()
        lists = self._map_lists(zoned=True, malformed=True)
        reply = await self._gm("gm start-scene", name=name, **lists)
        if reply is not None and (not reply.ephemeral or (await self.view()).get("scene")):
            self._found(
                self.gm, "gm start-scene", f"a malformed list was not refused: {reply.content!r}"
            )
        lists["links"] = lists["links"].rpartition(",")[0]
        await self._gm("gm start-scene", name=name, **lists)

    def _hidden_zones_kept(self) -> None:
        """No hidden zone's name in a public post or in an answer a player saw."""
        posts = self.discord.channel(CHANNEL)
        seen = [(self.gm, m.content) for m in posts[self._posts_checked :]]
        self._posts_checked = len(posts)
        for person in self.people:
            if not person.gm and person.last is not None and id(person.last) != person.checked:
                seen.append((person, person.last.content))
                person.checked = id(person.last)
        for person, said in seen:
            self._hidden_in(person, "seeing", said)

    def _hidden_in(self, person: Person, action: str, said: str) -> None:
        """A finding for each hidden zone's name in what ``person`` saw (a player)."""
        for name in HIDDEN_ZONE_NAMES:
            if name in said:
                self._found(person, action, f"the hidden zone {name!r} in {said[:200]!r}")

    def _leave_and_join(self, person: Person) -> Callable[[], Awaitable[None]]:
        async def go() -> None:
            await self._do(person, "leave", lambda: person.member.use("leave"))
            # Back at once with the seat's link, as a player would.
            link = self.links[person.seat]
            form = await self._do(person, "join", lambda: person.member.use("join"))
            await self._fill(person, form, {"link": link})

        return go

    def _ending(self, key: str, command: str) -> Callable[[], Awaitable[None]]:
        """The GM ends what runs: it must end, whatever else waits."""

        async def go() -> None:
            if key == "scene":
                # The rules end a scene after what runs in it: the GM ends those first.
                for inner, ending in ENDINGS[:-1]:
                    if (await self.view()).get(inner):
                        await self._ending(inner, ending)()
            await self._gm(command)
            if (await self.view()).get(key) and (await self.view())["safety"]["waiting"]:
                # The rules put a safety signal first: the GM answers it, then ends.
                while (await self.view())["safety"]["waiting"]:
                    await self._gm("gm addressed")
                await self._gm(command)
            if (await self.view()).get(key):
                said = self.gm.last.content if self.gm.last else ""
                self._found(self.gm, command, f"the {key} did not end: {said[:200]!r}")

        return go

    async def _ending_session(self) -> None:
        while (await self.view())["safety"]["waiting"]:
            await self._gm("gm addressed")
        await self._gm("gm end-session")
        if (await self.view())["time"]["in_session"]:
            said = self.gm.last.content if self.gm.last else ""
            self._found(self.gm, "gm end-session", f"the session did not end: {said[:200]!r}")

    async def _end_and_start_session(self) -> None:
        # The rules end a session after its scene: the GM ends what runs first.
        for key, command in ENDINGS:
            if (await self.view()).get(key):
                await self._ending(key, command)()
        await self._ending_session()
        await self._gm("gm start-session")

    async def _unbind_and_bind(self) -> None:
        await self._gm("unbind")
        form = await self._gm("bind", language=self._language())
        await self._fill(self.gm, form, {"link": self._gm_link})

    # -- checks --------------------------------------------------------------------------------

    async def _check(self) -> None:
        self._hidden_zones_kept()
        try:
            await self.play_.settled(self.table, timeout=20)
        except AssertionError as error:
            self._found(self.gm, "the channel", f"moves not posted: {error}")
        assert self.play_.front is not None and self.play_.front.relay is not None
        if self.play_.front.relay.trouble:
            self._found(self.gm, "the channel", f"posts waiting: {self.play_.front.relay.trouble}")
        for refused in self.discord.refused_callbacks:
            self._found(self.gm, "an answer", f"Discord refused it: {refused}")
        self.discord.refused_callbacks.clear()
        for missed in self.discord.deadline_missed:
            self._found(self.gm, "an answer", f"came after Discord's 3 seconds ({missed})")
        self.discord.deadline_missed.clear()

    async def _end_the_evening(self) -> None:
        """The GM ends whatever runs, and the session: each must be accepted."""
        for key, command in ENDINGS:
            if (await self.view()).get(key):
                await self._ending(key, command)()
        if (await self.view())["time"]["in_session"]:
            await self._ending_session()
        await self._check()
