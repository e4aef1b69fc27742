"""The page agent's evening: a GM and two players, each in a browser context of their own, play
a table through the page's own controls, chosen by a seeded random generator.

The GM makes the table on the start page and invites the players from the seats panel; then,
step by step, the agent picks a seat, lists the controls a person could use on its page (those
of the open dialog, if one is open), picks one (weighted towards what moves an evening on:
characters first, then sessions, scenes, conflicts, contests, challenges, the turn strip) and
uses it: a click, a value typed or picked, a file chosen, a drag. A dialog is filled field by
field, each field with a valid value or, now and then, an invalid one, then sent or cancelled.
After each step every page settles (no request or short timer pending, every document at the
table's version) and the detectors look (`detectors.py`).

Every choice comes from the seed, and the agent waits only on the pages' own signals, so a seed
plays the same evening again (the browser's timing aside)."""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

from tests.web.agent import axe as axe_core
from tests.web.agent import routes, values
from tests.web.agent.detectors import (
    GENERIC_SCAN,
    REFUSAL_SCAN,
    SPACED_IDS,
    Finding,
    generic_sentences,
)
from tests.web.agent.plans import Plan, plan_for

PROBE = (Path(__file__).with_name("probe.js")).read_text(encoding="utf-8")
LANGUAGES = ("en", "ru", "it", "sv")
LOCALES = {"en": "en-GB", "ru": "ru-RU", "it": "it-IT", "sv": "sv-SE"}
PRESETS = ("condensed", "core", "fae", "ode")
OPTIONS = (
    "conditions",
    "conditions_apart",
    "creation_as_you_play",
    "countdowns",
    "extreme_consequences",
    "faster_contests",
    "full_defense",
    "full_defense_core",
    "obstacles",
    "scale",
    "time_shifts",
    "big_bads",
    "multiple_targets",
    "weapon_and_armor",
)
DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
#: How long the pages may take to settle after a step before the agent calls one not live.
SETTLE_MS = 15_000
#: The controls the table waits on (a roll to settle, a hit to take, a turn to end, a safety
#: signal to answer): the coverage weighs them as much as any news.
WAITED_FOR = (
    "resolve-button-",
    "resolve-targets",
    "aim-split",
    "aim-zone",
    "miss-everyone",
    "absorb-button",
    "end-turn-",
    "safety-answer-",
    "contest-roll-",
    "task-roll-",
)
#: The goals a landed hit reaches, and the moves that land one: while a plan wants the first,
#: the second outweigh everything but what the table waits for.
HITS = frozenset({"Absorb", "TakeOut", "Concede", "AbsorbContestHit", "TakeContestOut", "Shield"})
STRIKES = frozenset({"Attack", "SplitAttack", "ZoneAttack", "ContestThreat"})
FIGHT_FOCUS = 0.6
#: The forms always filled with care while the evening steers towards a minion shielding its
#: big bad (Evening.shielding): the scene with the NPCs in it, the two sides, the big bad.
SHIELDING_FORMS = frozenset({"scene-form", "start-conflict-form", "bigbad-form"})
#: A field the agent's chosen values leave as it is.
SKIP = "\x00skip"
#: How often a seat looks only at the controls that lead to its plan's open goals.
FOCUS = 0.35
#: POST requests that do something at the table (a refusal of one must be shown beside it);
#: the checks (sheet, rule set) and the foresight answer questions and change nothing.
ACTIONS = ("/commands", "/seats", "/characters/import")
#: Where the GM's page puts the running scene's map picture (a PUT of the image's bytes).
MAP = "/scene/map"

#: The page's version once it is idle, live and at `version` or later; else 0.
IDLE = """
([version]) => {
  const at = Number(document.body.dataset.version || 0);
  const idle = window.__agent && window.__agent.idle() && document.querySelector("#connection.live") !== null;
  return idle && at >= version ? at : 0;
}
"""
#: Fields the browser finds invalid but a person cannot see (so cannot fix).
HIDDEN_INVALID = """
() => [...document.querySelectorAll("form :invalid")]
  .filter((el) => !el.checkVisibility())
  .map((el) => `${el.closest("form").id}#${el.id || el.name || el.tagName}`)
"""
#: The ids of the NPCs' cards on a page (a card with no owner).
NPC_IDS = """
() => [...document.querySelectorAll("article.character")]
  .filter((c) => !c.querySelector(".owner"))
  .map((c) => c.id.replace(/^char-/, ""))
"""
FACTS = """
() => ({
  characters: document.querySelectorAll("article.character").length,
  ours: document.querySelectorAll("article.character.ours").length,
  npcs: [...document.querySelectorAll("article.character")].filter((c) => !c.querySelector(".owner")).length,
  yours: document.querySelector("#turn[data-yours=true]") !== null
    || document.querySelector("#compels [id^=accept-], #pending-hit #absorb-button, [id^=safety-answer-]") !== null,
  ended: document.querySelector("#conflict-phase[data-phase=ended]") !== null,
  dialog: document.querySelector("dialog[open] form") ? document.querySelector("dialog[open] form").id : "",
  version: Number(document.body.dataset.version || 0),
  session: document.querySelector("#session-state[data-in-session=true]") !== null,
  scene: document.querySelector("#scene .scene-name") !== null,
  busy: document.querySelector("#conflict, #contest, #challenge") !== null,
  live: document.querySelector("#connection.live") !== null,
})
"""


@dataclass
class Seat:
    """One person at the table: their page, language and screen, and what their page sent."""

    key: str
    lang: str
    phone: bool
    page: Any = None
    requests: int = 0
    pending: list[Any] = field(default_factory=list)  # answers to actions, to look at
    tries: int = 0  # attempts at the dialog open now
    generic: set[str] = field(default_factory=set)  # generic messages on screen after the last step
    spaced: set[str] = field(default_factory=set)  # ids with spaces on screen after the last step
    opener: str = ""  # the kind of control that opened the dialog open now
    console: list[str] = field(default_factory=list)  # console errors not yet reported

    def describe(self) -> str:
        return f"{self.key} {self.lang}{' phone' if self.phone else ''}"


@dataclass
class Report:
    """What an evening did and found."""

    seed: int
    steps: int
    findings: list[Finding] = field(default_factory=list)
    #: The command types the table took (a refused command is in `refused`, not here).
    sent: Counter[str] = field(default_factory=Counter)
    paths: Counter[str] = field(default_factory=Counter)  # routes.paths of what was sent
    refused: Counter[str] = field(default_factory=Counter)
    #: The command types some control on a page led to (routes.leads_to), at any step: a type
    #: the page can send that no listed control ever led to is a route the map misses.
    routed: Counter[str] = field(default_factory=Counter)
    trail: list[str] = field(default_factory=list)
    setup: str = ""
    axe_runs: int = 0  # how often axe ran (Evening(..., axe=True)), and for how long
    axe_seconds: float = 0.0
    axe_skipped: int = 0  # pages that showed axe nothing new (Evening(..., axe="new"))


@dataclass(frozen=True)
class Drawn:
    """What an evening draws before it plays: the three seats' languages, which seat is on a
    phone, the table's name, preset and optional rules."""

    langs: tuple[str, ...]
    phone: int
    name: str
    preset: str
    options: tuple[str, ...]


def draw(rng: random.Random, plan: Plan) -> Drawn:
    """The evening's first draws, in the order it has always made them (a golden release's
    recorder asks for them by seed, through :func:`drawn`, to pick the evenings it records)."""
    langs = tuple(rng.choice(LANGUAGES) for _ in range(3))
    phone = rng.randrange(3)
    name = rng.choice(values.NAMES)
    preset = rng.choice(PRESETS)
    chosen = [o for o in OPTIONS if rng.random() < 0.4]
    options = tuple(o for o in OPTIONS if o in plan.options or (o in chosen and rng.random() < 0.5))
    # Drawn as always (the same seed draws the same), then what the plan cannot play with left.
    options = tuple(o for o in options if o not in plan.without)
    return Drawn(langs, phone, name, plan.preset or preset, options)


def drawn(seed: int) -> Drawn:
    """What the evening of ``seed`` (with the seed's own plan) draws before it plays."""
    return draw(random.Random(seed), plan_for(seed))


class Evening:
    """One seeded evening at one table (see the module's docstring)."""

    def __init__(
        self,
        browser: Any,
        server: str,
        seed: int,
        steps: int,
        plan: Plan | None = None,
        wanted: frozenset[str] = frozenset(),
        axe: str = "",
    ) -> None:
        """`plan` defaults to the seed's (plans.plan_for); `wanted` names command types no
        evening before this one reached (a soak steers each evening to what the last missed);
        `axe` runs axe-core after each step (agent/axe.py) on every page that changed
        ("every") or on every page that shows something new to axe ("new")."""
        assert axe in ("", "every", "new"), axe
        self.axe = axe
        self.axe_seen: dict[str, set[str]] = {}  # per seat, the violations on screen
        self.axe_drawn: dict[str, int] = {}  # per seat, the probe's mutations when axe looked
        self.axe_shapes: dict[str, set[str]] = {}  # per seat, the shapes axe has looked at
        self.browser = browser
        self.server = server
        self.rng = random.Random(seed)
        self.report = Report(seed, steps)
        self.step_no = 0
        self.version = 0
        self.contexts: list[Any] = []
        self.used: Counter[str] = Counter()  # how often each kind of control was used
        self.refusals: Counter[str] = Counter()  # how often what it sent was refused
        self.scene_steps = 0  # steps since the scene began
        self.ended_session = False
        self.bad_rate = values.INVALID_RATE
        self.plan = plan or plan_for(seed)
        self.wanted = wanted
        self.preset = ""
        self.level = ""  # the milestone the last session ended at
        self.imported: set[str] = set()  # characters brought in from a file
        self.big_bads: set[str] = set()  # the fighters made big bads
        self.struck: str = ""  # the fighter the GM keeps hitting, while a plan wants a hit
        self.ended_at = 0  # the step the last session ended
        self.began = time.monotonic()  # when play() began
        self.playing: set[str] = set()  # the seats of the players' pages (never taken away)
        self.drawn = draw(self.rng, self.plan)
        self.seats = [
            Seat(key, lang, i == self.drawn.phone)
            for i, (key, lang) in enumerate(zip(("gm", "p1", "p2"), self.drawn.langs, strict=True))
        ]

    # -- the evening ------------------------------------------------------------------------

    def play(self) -> Report:
        self.began = time.monotonic()
        try:
            self.set_up()
            for n in range(1, self.report.steps + 1):
                self.step_no = n
                self.step()
        except Stuck:
            pass  # the finding says which page stopped; nothing after it would mean much
        finally:
            for context in self.contexts:
                context.close()
        return self.report

    def find(self, seat: Seat | str, kind: str, detail: str) -> None:
        who = seat if isinstance(seat, str) else seat.key
        self.report.findings.append(Finding(self.report.seed, self.step_no, who, kind, detail))

    def note(self, seat: Seat, what: str) -> None:
        # The seconds since the evening began: where an evening spends its time (CI's budget).
        at = time.monotonic() - self.began
        self.report.trail.append(f"{self.step_no:4} {at:7.1f}s {seat.key}: {what}")

    # -- pages ------------------------------------------------------------------------------

    def open_page(self, seat: Seat, url: str) -> None:
        context = self.browser.new_context(
            locale=LOCALES[seat.lang],
            viewport=PHONE if seat.phone else DESKTOP,
            accept_downloads=True,
            reduced_motion="reduce",
        )
        self.contexts.append(context)
        context.add_init_script(PROBE)
        page = context.new_page()
        page.set_default_timeout(SETTLE_MS)
        page.on("pageerror", lambda error: self.find(seat, "script-error", str(error)[:300]))
        page.on("console", lambda message: self.console(seat, message))
        page.on("request", lambda request: self.requested(seat, request))
        page.on("response", lambda response: self.answered(seat, response))
        page.on("download", lambda download: download.cancel())
        page.on("websocket", lambda socket: self.socket(seat, socket))
        seat.page = page
        page.goto(url)

    def console(self, seat: Seat, message: Any) -> None:
        # A refused request logs its own line; the refusal checks judge what the page showed.
        if message.type == "error" and "Failed to load resource" not in message.text:
            seat.console.append(message.text[:300])

    def requested(self, seat: Seat, request: Any) -> None:
        if request.resource_type in ("fetch", "xhr"):
            seat.requests += 1

    def taken(self, seat: Seat, command: dict[str, Any]) -> None:
        """A command the table took from the seat's page (over HTTP or on its socket): only an
        answer that is no refusal counts, for the goals and the coverage alike (a refused
        StartConflict once ticked the plan's goal, and the evening never fought)."""
        kind = str(command.get("type", "?"))
        data = command.get("data")
        data = data if isinstance(data, dict) else {}
        self.report.sent[kind] += 1
        found = routes.paths(kind, data, self.preset, self.imported)
        if kind == "SetBigBad" and data.get("character_id"):
            self.big_bads.add(str(data["character_id"]))
        if kind == "EndSession":
            self.level = str(data.get("milestone") or "")
            self.ended_at = self.step_no
        if kind in ("Milestone", "SpendMilestone", "Breakthrough") and self.level:
            found.append(f"{kind}:{self.level}:{self.preset}")
        self.report.paths.update(found)
        self.note(seat, f"  taken {kind} {json.dumps(data, ensure_ascii=False)[:200]}")

    def socket(self, seat: Seat, socket: Any) -> None:
        """Count the commands the page sends on its socket (a safety signal goes that way) once
        the table acknowledges them (``ack``; an ``error`` is a refusal)."""
        waiting: dict[Any, dict[str, Any]] = {}

        def read(payload: Any) -> dict[str, Any] | None:
            if not isinstance(payload, str) or '"kind"' not in payload:
                return None
            try:
                message = json.loads(payload)
            except ValueError:
                return None
            return message if isinstance(message, dict) else None

        def sent(payload: Any) -> None:
            message = read(payload)
            if message is not None and message.get("kind") == "command":
                waiting[message.get("id")] = message

        def received(payload: Any) -> None:
            message = read(payload)
            if message is None or message.get("kind") not in ("ack", "error"):
                return
            command = waiting.pop(message.get("id"), None)
            if command is not None and message["kind"] == "ack":
                self.taken(seat, command)

        socket.on("framesent", sent)
        socket.on("framereceived", received)

    def answered(self, seat: Seat, response: Any) -> None:
        request = response.request
        if response.status >= 500:
            self.find(
                seat, "server-error", f"{request.method} {request.url} answered {response.status}"
            )
        if request.method == "PUT" and request.url.endswith(MAP):
            # The GM's picture for the scene's map: the table sets it (SetSceneMap) or says why
            # not, beside the file field.
            seat.pending.append(response)
            if response.status < 400:
                self.report.paths["SetSceneMap:upload"] += 1
                self.note(seat, "  taken the scene's map")
            return
        if request.method != "POST" or not request.url.endswith(ACTIONS):
            return
        seat.pending.append(response)
        if response.status >= 400:
            return  # refused: look_at_refusals judges where the page said why
        if request.url.endswith("/commands"):
            self.taken(seat, json.loads(request.post_data or "{}"))
        elif request.url.endswith("/seats"):
            # The seats panel's invitation: the seats endpoint decides an AddSeat of its own
            # (uncounted, AddSeat stayed "never reached" though every evening invites three).
            self.taken(seat, {"type": "AddSeat", "data": json.loads(request.post_data or "{}")})

    def settle(self) -> None:
        """Wait until every page is idle and at the table's version (the latest a command's
        answer gave, or a page holds: an invitation moves it too); a page that does not get
        there is not live."""
        for _ in range(5):
            for seat in self.seats:
                self.read_answers(seat)
            target = self.version
            reached = []
            for seat in self.seats:
                if seat.page is None:
                    continue
                try:
                    version = seat.page.evaluate(IDLE, [target])
                    if not version:
                        handle = seat.page.wait_for_function(
                            IDLE, arg=[target], polling=20, timeout=SETTLE_MS
                        )
                        version = handle.json_value()
                except Exception as error:
                    facts = seat.page.evaluate(FACTS)
                    self.find(
                        seat,
                        "not-live",
                        f"at version {facts['version']} of {target}, live={facts['live']}: {str(error)[:120]}",
                    )
                    raise Stuck(seat.key) from error
                reached.append(int(version))
            self.version = max(target, *reached)
            for seat in self.seats:
                self.read_answers(seat)
            if all(v == self.version for v in reached):
                return

    def read_answers(self, seat: Seat) -> None:
        """The table's version from the answers to commands (the pages must all reach it)."""
        for response in seat.pending:
            if response.request.url.endswith(("/commands", MAP)) and response.status == 200:
                self.version = max(self.version, int(response.json()["version"]))
            if response.request.url.endswith("/characters/import") and response.status == 200:
                answer = response.json()
                added = str(answer.get("character_id"))
                if answer.get("added") and added not in self.imported:
                    # The table brought the character in with an AddCharacter of its own.
                    self.imported.add(added)
                    self.version = max(self.version, int(answer.get("version") or 0))
                    self.report.sent["AddCharacter"] += 1
                    self.report.paths["AddCharacter:import"] += 1
                    self.note(seat, f"  imported {added}")

    # -- setting the table ------------------------------------------------------------------

    def set_up(self) -> None:
        gm, *players = self.seats
        self.open_page(gm, self.server)
        page = gm.page
        page.wait_for_selector("#create-table")
        name, preset, chosen = self.drawn.name, self.drawn.preset, list(self.drawn.options)
        self.preset = preset
        self.act_fill(gm, page.locator("#new-table-name"), f"{name} ({self.report.seed})")
        self.act_fill(gm, page.locator("#new-table-gm"), self.rng.choice(values.NAMES))
        self.act_select(gm, page.locator("#new-table-preset"), preset)
        # The boxes show the preset's own book rules once the server has said which they are.
        page.wait_for_selector(f'#create-table .options[data-preset="{preset}"]', state="attached")
        if chosen:
            self.act_press(gm, page.locator("#create-table details summary"))
            # An option the preset's own book plays (Fate Core's extreme consequences) is ticked
            # and locked: it is left as the start page holds it.
            chosen = [o for o in chosen if page.is_enabled(f"#opt-{o}")]
            for option in chosen:
                self.act_tick(gm, page.locator(f"#opt-{option}"), True)
        self.report.setup = (
            f"{self.plan.name}: {preset} with {', '.join(chosen) or 'no options'}; "
            + ", ".join(s.describe() for s in self.seats)
        )
        self.act_press(gm, page.locator("#create-table button[type=submit]"))
        try:
            page.wait_for_selector("#log-list", timeout=SETTLE_MS)
        except Exception:
            # Options that cannot go together: the start page says why; play without them.
            self.report.setup += f"; refused: {page.inner_text('#start-error')[:200]}"
            self.look_at(gm)
            if chosen and not page.is_visible(f"#opt-{chosen[0]}"):
                self.act_press(gm, page.locator("#create-table details summary"))
            for option in chosen:
                self.act_tick(gm, page.locator(f"#opt-{option}"), False)
            self.act_press(gm, page.locator("#create-table button[type=submit]"))
            page.wait_for_selector("#log-list")
        self.settle_page(gm)
        for n, player in enumerate(players):
            self.act_fill(gm, page.locator("#invite-name"), self.rng.choice(values.NAMES))
            self.act_select(gm, page.locator("#invite-role"), "player")
            self.act_press(gm, page.locator("#invite-form button[type=submit]"))
            link = page.locator("input[id^=invite-link-]").nth(n)
            link.wait_for()
            ident = link.get_attribute("id") or ""
            self.playing.add(ident.removeprefix("invite-link-"))
            self.open_page(player, link.input_value())
            player.page.wait_for_selector("#log-list")
        # A spectator nobody plays, whose seat the GM may take away (a seat with a page of the
        # evening's stays: its page would stop following the table).
        self.act_fill(gm, page.locator("#invite-name"), self.rng.choice(values.NAMES))
        self.act_select(gm, page.locator("#invite-role"), "spectator")
        self.act_press(gm, page.locator("#invite-form button[type=submit]"))
        page.locator("input[id^=invite-link-]").nth(len(players)).wait_for()
        for seat in self.seats:
            seat.pending.clear()
        self.settle()

    def settle_page(self, seat: Seat) -> None:
        """Wait until the seat's page has nothing under way (most often it has nothing)."""
        idle = "() => window.__agent && window.__agent.idle()"
        if not seat.page.evaluate(idle):
            seat.page.wait_for_function(idle, polling=20)

    # -- a step -----------------------------------------------------------------------------

    def step(self) -> None:
        facts = {seat.key: seat.page.evaluate(FACTS) for seat in self.seats}
        weights = []
        for seat in self.seats:
            f = facts[seat.key]
            w = 0.4 if seat.key == "gm" else 0.3
            if f["yours"]:
                w *= 4
            if f["dialog"]:
                w *= 2
            weights.append(w)
        seat = self.rng.choices(self.seats, weights)[0]
        self.scene_steps = self.scene_steps + 1 if facts["gm"]["scene"] else 0
        for s in self.seats:
            s.pending.clear()
        controls = self.controls(seat)
        if not controls:
            self.note(seat, "nothing to use")
            return
        for c in controls:
            self.report.routed.update(routes.leads_to(c, seat.lang))
        if controls[0]["dialog"]:
            self.dialog_step(seat, controls, facts[seat.key])
        else:
            seat.tries = 0
            # Now and then the plan's open goals are all the seat looks at (the rest of its page
            # is many controls, and a goal among them is easily lost).
            goals = {goal.split(":")[0] for goal in self.open_goals()}
            focused = [
                c
                for c in controls
                if c["kind"] == "click" and routes.leads_to(c, seat.lang) & goals
            ]
            if self.shielding() and facts[seat.key]["npcs"] < 2:
                # The scene waits for the big bad and its minion even among the goals (the
                # GM, looking only at them, started one with a single NPC).
                focused = [c for c in focused if c["id"] != "start-scene"]
            # A plan that wants a fight looks at its goals more often: a fight takes many steps
            # to set up (characters, an NPC, a session, a scene) before its first hit.
            focus = FIGHT_FOCUS if self.fights() and {"Attack", "Absorb"} & goals else FOCUS
            pool = focused if focused and self.rng.random() < focus else controls
            weights = [self.weight(seat, c, facts[seat.key]) for c in pool]
            if not any(weights):
                pool, weights = controls, [1.0] * len(controls)
            picked = self.rng.choices(pool, weights)[0]
            self.use(seat, picked, controls)
        self.settle()
        self.look()

    def dialog_step(
        self, seat: Seat, controls: list[dict[str, Any]], facts: dict[str, Any]
    ) -> None:
        seat.tries += 1
        form = facts["dialog"]
        submit = next((c for c in controls if c["id"] == f"{form}-submit"), None)
        cancel = next((c for c in controls if c["cancel"]), None)
        roll = self.rng.random()
        if seat.tries > 4 or roll < 0.06 or submit is None:
            self.note(seat, f"leaves {form}")
            if cancel is not None and self.rng.random() < 0.7:
                self.use(seat, cancel)
            else:
                seat.page.keyboard.press("Escape")
            seat.tries = 0
            return
        if roll < 0.18 and not self.planned_choice(form):
            self.use(seat, self.rng.choice(controls))
            return
        # Most forms are filled with care; now and then one carelessly.
        self.bad_rate = 0.35 if self.rng.random() < 0.3 else 0.02
        try:
            self.fill_dialog(seat, form)
        finally:
            self.bad_rate = values.INVALID_RATE
        # A button in the dialog that sends a command of its own not sent yet ("Save as a
        # template" in the sheet editor) is pressed now and then, before the form is sent.
        listing = self.controls(seat)
        fresh = [
            c
            for c in listing
            if c["kind"] == "click"
            and c["id"] != f"{form}-submit"
            and not c["cancel"]
            and any(not self.report.sent[k] for k in routes.leads_to(c, seat.lang))
        ]
        goals = {goal.split(":")[0] for goal in self.open_goals()}
        planned = [c for c in fresh if routes.leads_to(c, seat.lang) & goals]
        if planned or (fresh and self.rng.random() < 0.5):
            self.use(seat, self.rng.choice(planned or fresh))
            if not self.controls(seat) or not self.controls(seat)[0]["dialog"]:
                return
        # Filling may have added fields (a zone's place): find the button in a fresh listing.
        again = next((c for c in self.controls(seat) if c["id"] == f"{form}-submit"), None)
        if again is not None:
            self.use(seat, again)

    def fill_dialog(self, seat: Seat, form: str) -> None:
        """Fill the open dialog's fields in order, most of them, with values from `values`;
        a field added while filling (a zone's place) is filled too."""
        special = self.special(seat, form)
        done: set[str] = set()
        last = ""
        for _ in range(120):
            controls = self.controls(seat)
            if not controls or not controls[0]["dialog"]:
                # A field closed the form: what was typed is gone, and nothing says why.
                self.find(seat, "lost-dialog", f"{form} closed when {last} changed")
                return
            todo = [
                c
                for c in controls
                if c["kind"] not in ("click", "drag") and self.key(c) not in done
            ]
            if not todo:
                break
            control = todo[0]
            done.add(self.key(control))
            last = control["id"] or control["tag"]
            if control["id"] in special:
                wanted = special[control["id"]]
                if wanted == SKIP:
                    continue
                if control["kind"] == "check":
                    if (wanted == "on") != control["checked"]:
                        self.tick(seat, control)
                elif wanted != control["value"]:
                    self.set_value(seat, control, wanted)
            elif self.rng.random() < (0.5 if control["kind"] == "select" else 0.75):
                self.use(seat, control)
                if control["kind"] in ("file", "select"):
                    # A file is read (and may open the form again); a choice may ask the server.
                    self.settle_page(seat)
        self.settle_page(seat)

    @staticmethod
    def controls(seat: Seat) -> list[dict[str, Any]]:
        """The controls on the seat's page now; `use` takes one of the latest listing."""
        listed: list[dict[str, Any]] = seat.page.evaluate("__agent.controls()")
        return listed

    @staticmethod
    def key(control: dict[str, Any]) -> str:
        return control["id"] or f"{control['tag']}#{control['i']}"

    # -- actuators --------------------------------------------------------------------------
    # How a control is worked: by pointer here (forced past what covers it: the agent looks for
    # what a control does, not whether a person could reach it); the keyboard agent
    # (keyboard.py) works the same controls with keys alone.

    def act_press(self, seat: Seat, target: Any) -> None:
        """Press a button, a link or a summary."""
        target.click()

    def act_select(self, seat: Seat, target: Any, value: str) -> None:
        """Choose `value` in a select."""
        target.select_option(value, force=True)

    def act_tick(self, seat: Seat, target: Any, on: bool | None) -> None:
        """Tick (True), untick (False) or toggle (None) a checkbox, or choose a radio."""
        if on is None:
            target.click(force=True)
        elif on:
            target.check()
        else:
            target.uncheck()

    def act_fill(self, seat: Seat, target: Any, value: str) -> None:
        """Type `value` into a field, in place of what it held."""
        target.fill(value, force=True)

    def act_files(self, seat: Seat, target: Any, payload: Any) -> None:
        """Choose a file in a file field."""
        target.set_input_files(payload)

    # -- using a control --------------------------------------------------------------------

    def use(
        self, seat: Seat, control: dict[str, Any], listing: list[dict[str, Any]] | None = None
    ) -> None:
        """Use `control`, of the seat's latest listing; with the `listing` it came from, a
        button's neighbouring fields may be filled first."""
        with_fields = listing is not None
        page = seat.page
        if not page.evaluate("(i) => __agent.mark(i)", control["i"]):
            return
        target = page.locator("[data-agent-pick]")
        kind = control["kind"]
        self.used[control["sig"]] += 1
        if control["id"] == "end-session-form-submit":
            self.ended_session = True
        what = f"{control['id'] or control['tag']} {control['text'][:40]!r}"
        try:
            if kind == "click":
                # Told why the last press was refused, a person fills the fields beside it.
                if with_fields and (self.rng.random() < 0.6 or self.refusals[control["sig"]]):
                    self.fill_near(seat, control, listing)
                    if not page.evaluate("(i) => __agent.mark(i)", control["i"]):
                        return
                if control["id"] == "aim-split" and self.rng.random() < 0.8:
                    self.share_out(seat)
                if control["id"].endswith("absorb-button") and self.wants_extreme(control["id"]):
                    prefix = control["id"].removesuffix("absorb-button")
                    if not self.take_extreme(seat, prefix):
                        self.drain(seat, prefix)
                    if not page.evaluate("(i) => __agent.mark(i)", control["i"]):
                        return
                self.note(seat, f"clicks {what}")
                self.click(seat, target, control)
                if control["id"] in ("board-draw-rect", "board-draw-polygon"):
                    self.draw_zone(seat, control)
            elif kind == "select":
                options = control["options"] or []
                if options:
                    value = self.rng.choice(options)
                    self.note(seat, f"picks {value!r} in {what}")
                    self.act_select(seat, target, value)
                    self.settle_page(seat)
                    self.look_at_refusals(seat, control)
            elif kind == "check":
                if control["dialog"] and control["type"] == "checkbox" and self.rng.random() < 0.6:
                    return  # most boxes keep what the form chose for them
                self.note(seat, f"checks {what}")
                self.act_tick(seat, target, None)
            elif kind == "file":
                ident = control["id"]
                wanted = (
                    "ruleset" if "ruleset" in ident else "map" if "map" in ident else "character"
                )
                chosen = values.pick_file(self.rng, wanted, self.bad_rate)
                self.note(seat, f"uploads {chosen.name} to {what}")
                self.act_files(seat, target, chosen.payload())
                self.settle_page(seat)
                self.look_at_refusals(seat, control)
            elif kind == "drag":
                self.drag(seat, target, control)
                self.settle()
                self.look_at_refusals(seat, control)
            else:
                value = values.text_for(self.rng, control, self.bad_rate)
                self.note(seat, f"types {value[:40]!r} into {what}")
                self.act_fill(seat, target, value)
        except Stuck:
            raise
        except Exception as error:
            self.note(seat, f"could not use {what}: {str(error).splitlines()[0][:120]}")

    def draw_zone(self, seat: Seat, control: dict[str, Any]) -> None:
        """Draw the zone the GM's tools chose on the board, as a GM with a pointer would: a
        rectangle dragged from corner to corner, or a polygon's corners clicked one by one and
        closed with Enter (the board sends ShapeZone; the server may refuse a shape too small or
        with too few corners, beside the tools)."""
        page = seat.page
        board = page.locator("#board-svg")
        if not board.count():
            return
        board.scroll_into_view_if_needed()
        box, view = board.bounding_box(), page.viewport_size
        if box is None or view is None:
            return
        # Only the part of the board the screen shows takes a pointer.
        left, top = max(box["x"], 0), max(box["y"], 0)
        right = min(box["x"] + box["width"], view["width"])
        bottom = min(box["y"] + box["height"], view["height"])
        if right - left < 20 or bottom - top < 20:
            return

        def point() -> tuple[float, float]:
            return (
                left + (right - left) * self.rng.uniform(0.05, 0.95),
                top + (bottom - top) * self.rng.uniform(0.05, 0.95),
            )

        mouse = page.mouse
        if control["id"] == "board-draw-rect":
            (x0, y0), (x1, y1) = point(), point()
            self.note(seat, f"draws a rectangle from ({x0:.0f}, {y0:.0f}) to ({x1:.0f}, {y1:.0f})")
            mouse.move(x0, y0)
            mouse.down()
            mouse.move(x1, y1, steps=4)
            mouse.up()
        else:
            corners = [point() for _ in range(self.rng.randint(3, 5))]
            self.note(seat, f"draws a polygon of {len(corners)} corners")
            for x, y in corners:
                mouse.click(x, y)
            page.keyboard.press("Enter")
        self.settle()
        self.look_at_refusals(seat, control)

    def share_out(self, seat: Seat) -> None:
        """Share a split attack's effort out among its targets, as its roller reading the
        effort on the roll's card would (random shares mostly add up to more than it)."""
        page = seat.page
        effort = page.evaluate(
            r"""() => {
                for (const el of document.querySelectorAll("#roll .roll-effort")) {
                  const found = /([+-]\d+)\)?\s*$/.exec(el.textContent.trim());
                  if (found) return Number(found[1]);
                }
                return null;
            }"""
        )
        shares = page.locator("#assign-targets input[id^=share-]")
        count = shares.count()
        if effort is None or effort < 1 or not count:
            return
        given = [0] * count
        for _ in range(effort):
            given[self.rng.randrange(min(count, 2))] += 1
        self.note(seat, f"shares an effort of {effort} out: {given}")
        for n, value in enumerate(given):
            self.act_fill(seat, shares.nth(n), str(value))

    def wants_extreme(self, button: str) -> bool:
        """Whether to take this hit with an extreme consequence, when one is offered: most of
        the time while the evening has taken none (a plan's goal), now and then after."""
        kind = "AbsorbContestHit" if button.startswith("contest-") else "Absorb"
        if self.report.paths[f"{kind}:extreme:{self.preset}"]:
            return self.rng.random() < 0.1
        return self.rng.random() < 0.8

    def drain(self, seat: Seat, prefix: str) -> None:
        """While the plan wants an extreme consequence and none is offered (Fate Core's is the
        last resort), take the hit with the plan that fills the most consequences (the last:
        the panel lists the gentlest first), so the next hit finds too few left to take it."""
        kind = "AbsorbContestHit" if prefix.startswith("contest-") else "Absorb"
        if f"{kind}:extreme:{self.preset}" not in self.open_goals():
            return
        radios = seat.page.locator(f'input[name="{prefix}absorb-plan"]')
        if radios.count() < 2:
            return
        self.note(seat, "takes the hit with the most consequences")
        self.act_tick(seat, radios.nth(radios.count() - 1), True)
        self.name_consequences(seat, prefix)

    def name_consequences(self, seat: Seat, prefix: str) -> None:
        named = seat.page.locator(f"[id^='{prefix}consequence-name-']")
        for n in range(named.count()):
            self.act_fill(seat, named.nth(n), self.rng.choice(values.ASPECTS))

    def take_extreme(self, seat: Seat, prefix: str) -> bool:
        """Pick the hit's plan with an extreme consequence, name it and the aspect it replaces
        (and any other consequence the plan takes), as a player choosing it would."""
        words = routes.words(seat.lang, "harm.extreme")
        radio = seat.page.evaluate(
            """([p, words]) => {
                for (const r of document.querySelectorAll(`input[name="${p}absorb-plan"]`)) {
                  const label = document.querySelector(`label[for="${r.id}"]`);
                  if (label && label.textContent.includes(words)) return r.id;
                }
                return null;
            }""",
            [prefix, words],
        )
        if radio is None:
            return False
        page = seat.page
        self.note(seat, f"takes an extreme consequence ({radio})")
        self.act_tick(seat, page.locator(f"#{radio}"), True)
        self.act_fill(seat, page.locator(f"#{prefix}extreme-name"), self.rng.choice(values.ASPECTS))
        replaced = page.locator(f"#{prefix}extreme-replaces option:not([value=''])")
        if replaced.count():
            self.act_select(
                seat,
                page.locator(f"#{prefix}extreme-replaces"),
                replaced.nth(self.rng.randrange(replaced.count())).get_attribute("value"),
            )
        self.name_consequences(seat, prefix)
        return True

    def tick(self, seat: Seat, control: dict[str, Any]) -> None:
        """Tick or untick a box the agent chose ahead."""
        if seat.page.evaluate("(i) => __agent.mark(i)", control["i"]):
            self.note(seat, f"ticks {control['id']}")
            self.act_tick(seat, seat.page.locator("[data-agent-pick]"), None)

    def set_value(self, seat: Seat, control: dict[str, Any], value: str) -> None:
        """Give a field a value the agent chose ahead (a select only one it still offers)."""
        if control["kind"] == "select" and value not in (control["options"] or []):
            return
        seat.page.evaluate("(i) => __agent.mark(i)", control["i"])
        target = seat.page.locator("[data-agent-pick]")
        self.note(seat, f"sets {control['id']} to {value[:40]!r}")
        if control["kind"] == "select":
            self.act_select(seat, target, value)
        else:
            self.act_fill(seat, target, value)

    def fill_near(self, seat: Seat, control: dict[str, Any], listing: list[dict[str, Any]]) -> None:
        """Before a button outside a dialog, the fields beside it (in its form or card)."""
        near = seat.page.evaluate(
            """(i) => {
                const el = __agent.last[i];
                const box = el.closest("form, .card, .resolve-box, .assign, .inline, .invoke-box");
                if (!box) return [];
                return __agent.last.map((c, j) => (j !== i && box.contains(c) ? j : -1)).filter((j) => j >= 0);
            }""",
            control["i"],
        )
        for j in near:
            again = bool(self.refusals[control["sig"]])
            if listing[j]["kind"] not in ("click", "drag") and (again or self.rng.random() < 0.7):
                self.use(seat, listing[j])
                self.settle_page(seat)

    def click(self, seat: Seat, target: Any, control: dict[str, Any]) -> None:
        page = seat.page
        before = page.evaluate("__agent.snapshot()")
        requests = seat.requests
        self.act_press(seat, target)
        self.settle()
        after = page.evaluate("__agent.snapshot()")
        moved_focus = after["focus"] != before["focus"] and not after["picked"]
        reacted = (
            after["mutations"] != before["mutations"]
            or after["invalid"] != before["invalid"]
            or after["copies"] != before["copies"]
            or seat.requests != requests
            or after["scroll"] != before["scroll"]
            or moved_focus
        )
        self.look_at_refusals(seat, control)
        if after["dialog"] and not before["dialog"]:
            seat.opener = control["sig"]
        if not reacted:
            self.find(
                seat,
                "dead-control",
                f"{control['id'] or control['tag']} {control['text']!r} in {control['section'] or control['form'] or 'the page'}",
            )

    def drag(self, seat: Seat, target: Any, control: dict[str, Any]) -> None:
        drops = (
            "#zone-map .zone" if control["classes"].startswith("person") else "article.character"
        )
        count = seat.page.locator(drops).count()
        if not count:
            return
        n = self.rng.randrange(count)
        self.note(seat, f"drags {control['text'][:30]!r} to {drops} #{n}")
        target.drag_to(seat.page.locator(drops).nth(n))

    # -- steering ---------------------------------------------------------------------------

    def weight(self, seat: Seat, c: dict[str, Any], facts: dict[str, Any]) -> float:
        """How much the agent wants this control now: what moves the evening on (characters,
        a session, a scene, then conflicts, contests and challenges, and what is asked of the
        seat), times how new the control is to this evening."""
        if c["id"].removeprefix("remove-seat-") in self.playing:
            return 0.0  # a player's page would stop following the table
        used = self.used[c["sig"]]
        # What the table keeps refusing is tried less and less (the refusals are reported).
        refused = self.refusals[c["sig"]]
        return (
            self.base_weight(seat, c, facts)
            * self.coverage_weight(seat, c)
            * self.holding(seat, c, facts)
            * (1 + 3 / (1 + used))
            / (1 + refused / 3)
        )

    def holding(self, seat: Seat, c: dict[str, Any], facts: dict[str, Any]) -> float:
        """While a fight the plan wants a hit from is on, what would end it before the hit (an
        undo, the scene's or the session's end, calling it over) waits: an evening that undid
        its conflict or ended its scene mid-fight never reached a hit absorbed."""
        if not facts["busy"] or facts["ended"] or c["kind"] != "click":
            return 1.0
        goals = {goal.split(":")[0] for goal in self.open_goals()}
        if not goals & HITS:
            return 1.0
        leads = routes.leads_to(c, seat.lang)
        if leads and leads <= routes.CLOSERS and not leads & goals:
            return 0.05
        # The fight's own controls (the turn, the conflict's tools, the rolls) come first.
        return 1.0 if c["section"] in ("turn", "conflict", "roll") else 0.2

    def shielding(self) -> bool:
        """Whether the evening steers towards a minion thrown in front of a hit on its big bad:
        only while the plan (the big bad's, the one naming Shield) still wants it and no
        evening before this one in the run reached it. The steering waits for NPCs before the
        scene, keeps them on one side, and fills the big bad's and the conflict's forms with
        care; in any other plan's evening it would starve that plan's goals."""
        return "Shield" in self.open_goals() and (not self.wanted or "Shield" in self.wanted)

    @staticmethod
    def immune(seat: Seat, who: str) -> bool:
        """Whether the big bad `who` has an immunity still holding (an attack on it is
        refused until the GM says the group got through)."""
        found: bool = seat.page.evaluate(
            '(id) => document.getElementById("bigbad-" + id)?.dataset.immunity === "active"',
            who,
        )
        return found

    def fights(self) -> bool:
        """Whether the plan wants a fight (an attack, a hit taken)."""
        return "Attack" in self.plan.goals

    def open_goals(self) -> set[str]:
        """The plan's goals not yet reached this evening (command types and paths)."""
        done = set(self.report.sent) | set(self.report.paths)
        after = self.plan.after
        opened = (
            self.plan.then if self.report.sent[after] or self.report.paths[after] else frozenset()
        )
        goals = self.plan.goals | opened
        return {goal for goal in goals if goal not in done}

    def coverage_weight(self, seat: Seat, c: dict[str, Any]) -> float:
        """Coverage-guided: a control that leads (routes.ROUTES) to a command this evening has
        not sent counts more, more again when the plan names it or no evening before reached
        it; a control leading only to what was sent counts as before."""
        if c["id"].startswith(WAITED_FOR) or c["id"].endswith("absorb-button"):
            return 8.0  # what the table waits for unlocks the rest: never outweighed by news
        if c["kind"] not in ("click", "drag") and not (c["kind"] == "check" and not c["dialog"]):
            return 1.0
        leads = routes.leads_to(c, seat.lang)
        if not leads:
            return 1.0
        goals = {goal.split(":")[0] for goal in self.open_goals()}
        if goals & HITS and leads & STRIKES:
            if self.shielding() and (
                not self.big_bads or all(self.immune(seat, who) for who in self.big_bads)
            ):
                # The hit is for the big bad to shield with a minion: the GM names it and its
                # immunity is broken first (a fight struck hard from its first turn took its
                # NPCs out before).
                return 1.0
            # A hit to take (and someone taken out) is the plan's: strike until one lands.
            return 24.0
        early = self.step_no < 0.5 * self.report.steps
        if leads <= routes.CLOSERS and early and not leads & goals:
            return 1.0  # what ends a fight, a scene or a session waits for its time (base_weight)
        fresh = {kind for kind in leads if not self.report.sent[kind]}
        factor = 1.0
        if all(self.report.sent[kind] >= 3 for kind in leads):
            factor = 0.4  # sent again and again already: the steps go to something else
        if fresh:
            factor *= 5
        if fresh & self.wanted:
            factor *= 2
        if leads & goals:
            factor *= 8
        # Editing a character brought in from a file is a path of its own.
        if "UpdateCharacter:imported" in self.open_goals() and any(
            c["id"] == f"edit-{who}" for who in self.imported
        ):
            factor *= 10
        return factor

    def base_weight(self, seat: Seat, c: dict[str, Any], facts: dict[str, Any]) -> float:
        ident = c["id"]
        gm = seat.key == "gm"
        late = self.step_no > self.plan.end_from * self.report.steps
        if c["kind"] in ("fill", "select", "check", "file"):
            return 0.3
        if c["kind"] == "drag":
            return 1.5
        if ident == "start-session":
            return 40
        if ident == "start-scene":
            if self.fights() and facts["npcs"] < (2 if self.shielding() else 1):
                # A fight the plan wants needs someone to fight: the GM's NPC first (a big bad
                # and a minion to shield it, when the plan wants one thrown in front of a hit).
                return 0.05
            return 25 if facts["characters"] >= 2 else 1
        if ident in ("new-character", "import-character") and not gm:
            if facts["ours"] == 0:
                if self.plan.imports:
                    return 40 if ident == "import-character" else 6
                return 40 if ident == "new-character" else 6
            return 0.3
        if ident == "quick-npc" and facts["npcs"] < 2:
            return 40 if self.fights() and (facts["npcs"] == 0 or self.shielding()) else 15
        if ident == "set-big-bad" and "Shield" in self.open_goals() and facts["npcs"] < 2:
            return 0.05  # a big bad with no other NPC has no minion to throw in front of a hit
        if ident in ("new-character", "quick-npc", "import-character"):
            return 6 if facts["characters"] < 4 else 0.3
        if ident == "start-conflict":
            if facts["busy"]:
                return 1
            if self.plan.sessions and not {"Attack", "Absorb"} & self.plan.goals:
                return 0.5  # a fight holds the session (and its milestone) for many steps
            # Most of the rules live in a fight: every evening tries one once its scene is under
            # way, whatever else the page offers by then (new panels dilute a fixed weight).
            return 40 if not self.report.sent["StartConflict"] and self.scene_steps > 5 else 12
        if ident in ("start-contest", "start-challenge"):
            return 1 if facts["busy"] else 4
        if ident == "finish-conflict":
            if self.plan.sessions and late and not facts["ended"]:
                return 30  # session after session: a fight does not hold the next milestone
            return 15 if facts["ended"] else 0.5
        if ident == "end-scene":
            if self.plan.sessions and late and not facts["busy"] and self.scene_steps > 3:
                return 20  # a session ends once its scene has: a milestone each time
            return 3 if self.scene_steps > 40 and not facts["busy"] else 0.3
        if ident == "end-session":
            if self.plan.sessions and late and self.step_no - self.ended_at > 6:
                return 30  # a milestone of each kind, session after session
            return 5 if late and not self.ended_session else 0.2
        if ident == "undo":
            return 0.5
        if ident == "language":
            return 0.1
        if ident.startswith("safety-answer-"):
            return 60  # a safety signal holds every move until the GM answers it
        if ident.startswith("safety-raise-"):
            return 0.2  # now and then: each one stops play until the GM answers
        section = c["section"]
        if ident in ("resolve-button", "resolve-targets", "absorb-button") or ident.startswith(
            "end-turn-"
        ):
            return 20  # what the table waits for
        if "invoke-choice" in c["classes"]:
            return 2
        if ident.startswith("shield-"):
            return 20  # a minion thrown in front of the hit: as much as taking it
        if ident.startswith(("concede-", "take-out")) or ident.endswith("take-out-button"):
            if routes.leads_to(c, seat.lang) & self.open_goals():
                return 20  # the plan's way out, once a hit has been absorbed (plans.Plan.then)
            return 1  # out of the fight at once: now and then, not at every turn
        if section in ("turn", "roll", "contest", "challenge", "milestones"):
            return 10
        if section == "compels":
            return 6
        if section == "conflict":
            return 3
        if section in ("screen", "scene"):
            # The compel buttons on every aspect card: one among many, not many times one.
            return 0.4 if c["sig"].startswith("aspect") and c["sig"].endswith("[0]") else 1.5
        if section == "foresight":
            return 0.3
        if section == "characters":
            return 0.5 if ident.startswith(("edit-", "pass-")) else 0.15
        return 0.3

    def special(self, seat: Seat, form: str) -> dict[str, str]:
        """Values that make a form likely to go through, for forms random values rarely get
        past (most of the time at a first try; the rest, the form gets random values like any
        other). A second try after a refusal fixes the form, as a person told why would."""
        chosen = {
            **self.choices(form),
            **self.template_to_remove(form),
            **self.sparing(seat, form),
        }
        zoned = self.plan.zones and form in ("scene-form", "prepare-form")
        controls = self.controls(seat)
        steered = self.steered(seat, form, controls)
        if (
            seat.tries <= 1
            and self.rng.random() < 0.35
            and not zoned
            and not (form in SHIELDING_FORMS and self.shielding())
        ):
            return {**chosen, **steered}
        return {**self.careful(seat, form, controls), **chosen, **steered}

    def steered(self, seat: Seat, form: str, controls: list[dict[str, Any]]) -> dict[str, str]:
        """Values that lead an attack to the hit the plan still wants: dice typed as they fell
        at the table, at their best for the attacker (and at their worst for the defender, which
        the GM types), so that a hit lands big enough for what it wants (a Fate Core extreme
        consequence is the last resort: the hit must be more than boxes and consequences take);
        aimed at a big bad while its minions have not shielded it, else, for the GM, at the
        same fighter again and again (each hit takes consequences the next one lacks)."""
        if form not in ("attack-form", "multi-form", "zone-attack-form"):
            return {}
        goals = self.open_goals()
        if not {goal.split(":")[0] for goal in goals} & HITS:
            return {}
        chosen = {f"{form.removesuffix('-form')}-dice": "++++"}
        if seat.key == "gm":
            chosen["attack-defend-dice"] = "----"
        target = next((c for c in controls if c["id"] == "attack-target"), None)
        options = (target or {}).get("options") or []
        if target is None or not options:
            return chosen
        aimed = [who for who in options if who in self.big_bads and not self.immune(seat, who)]
        if aimed and "Shield" in goals:
            chosen["attack-target"] = aimed[0]
        elif seat.key == "gm":
            if self.struck not in options:
                self.struck = self.rng.choice(options)
            chosen["attack-target"] = self.struck
        return chosen

    def choices(self, form: str) -> dict[str, str]:
        """Values that lead the form to a command or path not sent yet (routes.CHOICES), the
        plan's goals first; most of the time, when there are any."""
        offered = routes.CHOICES.get(form, {})
        done = set(self.report.sent) | set(self.report.paths)
        # A path of another preset's table is out of this one's reach (Fate Core's significant
        # milestone at a Condensed table: its choice is not even offered).
        open_ = [goal for goal in offered if goal not in done and self.within_reach(goal)]
        planned = [goal for goal in open_ if goal in self.plan.goals]
        if not open_ or (not planned and self.rng.random() < 0.2):
            return {}
        return dict(offered[self.rng.choice(planned or open_)])

    def sparing(self, seat: Seat, form: str) -> dict[str, str]:
        """While the plan wants an extreme consequence taken, the GM's corrections leave the
        consequences and the extreme one alone: a correction that wrote them all in (seed 7)
        left the hit nothing to take but the character out."""
        if form != "correct-form" or not any(":extreme:" in g for g in self.open_goals()):
            return {}
        return {
            c["id"]: SKIP
            for c in self.controls(seat)
            if c["id"].startswith(("correct-slot-", "correct-extreme"))
        }

    def template_to_remove(self, form: str) -> dict[str, str]:
        """While the plan wants a template withdrawn, the GM's sheet editor picks one (its
        "Remove the template" button waits until one is picked)."""
        if form != "sheet-form" or "RemoveTemplate" not in self.open_goals():
            return {}
        gm = self.seats[0]
        picker = next((c for c in self.controls(gm) if c["id"] == "sheet-template"), None)
        offered = [o for o in (picker or {}).get("options") or [] if o]
        return {"sheet-template": offered[0]} if offered else {}

    def within_reach(self, goal: str) -> bool:
        """Whether this table can reach `goal`: a path named for a preset only at its table."""
        last = goal.rsplit(":", 1)[-1]
        return ":" not in goal or last not in PRESETS or last == self.preset

    def planned_choice(self, form: str) -> bool:
        """Whether the dialog has a choice that leads to one of the plan's open goals."""
        return bool(self.open_goals() & set(routes.CHOICES.get(form, {})))

    def careful(self, seat: Seat, form: str, controls: list[dict[str, Any]]) -> dict[str, str]:
        """Values a person told why would give the form."""
        if form == "bigbad-form":
            return self.a_big_bad(seat, controls)
        if form == "start-contest-form":
            # Two sides as typed (their names kept apart), competing with one another: a
            # passive difficulty needs one for every side.
            chosen = self.two_sides(controls, "contest")
            chosen.update({"contest-side-a": SKIP, "contest-side-b": SKIP})
            if "ContestThreat" in self.open_goals():
                # An NPC on no side, to be the outside threat the GM rolls for.
                npcs = set(seat.page.evaluate(NPC_IDS))
                side = {
                    c["id"]: chosen.get(c["id"], c["value"])
                    for c in controls
                    if c["id"].startswith("contest-side-") and c["options"]
                }
                # Someone whose side keeps another member (a contest needs two sides).
                spare = [
                    ident
                    for ident, key in side.items()
                    if key and list(side.values()).count(key) > 1
                ]
                spare.sort(key=lambda ident: ident.removeprefix("contest-side-") not in npcs)
                if spare:
                    chosen[spare[0]] = ""
            chosen.update({f"contest-difficulty-{key}": "" for key in ("a", "b")})
            return chosen
        if form == "sheet-form":
            return self.legal_sheet(controls)
        if form in ("start-conflict-form", "start-contest-form"):
            return self.two_sides(controls, form.removeprefix("start-").removesuffix("-form"))
        if form in ("scene-form", "prepare-form"):
            return self.a_scene(controls, "scene" if form == "scene-form" else "prep")
        return {}

    def a_big_bad(self, seat: Seat, controls: list[dict[str, Any]]) -> dict[str, str]:
        """An NPC as the big bad, the other NPCs in the fight its minions (to shield it from
        hits), no solo rules that need others (a refusal), no true forms to read from files, no
        map or hive: what a person told why would choose."""
        npcs = set(seat.page.evaluate(NPC_IDS))
        who = next((c for c in controls if c["id"] == "bigbad-who"), None)
        offered = [o for o in (who or {}).get("options") or [] if o in npcs]
        chosen: dict[str, str] = {}
        if offered:
            chosen["bigbad-who"] = offered[0]
        for c in controls:
            minion = c["id"].removeprefix("bigbad-minion-")
            if minion != c["id"]:
                chosen[c["id"]] = "on" if minion in npcs or not offered else "off"
            elif c["id"].startswith("bigbad-solo-"):
                chosen[c["id"]] = "off"
            elif c["kind"] == "file":
                chosen[c["id"]] = SKIP
        chosen["bigbad-threat"] = ""
        if self.shielding():
            # A big bad scaled far above its foes shrugs the steered hit off: no hit, no shield.
            chosen["bigbad-scale"] = ""
        return chosen

    def a_scene(self, controls: list[dict[str, Any]], prefix: str) -> dict[str, str]:
        """A name, everyone at the table in it, and, often, zones with links between them."""
        chosen = {f"{prefix}-name": self.rng.choice(values.NAMES)}
        for c in controls:
            if c["id"].startswith(f"{prefix}-with-"):
                chosen[c["id"]] = "on"
        # No zones while a minion is to shield the big bad: one placed in another zone could not
        # get in the way (Adversary Toolkit, expendable minion armor).
        if not self.shielding() and (self.plan.zones or self.rng.random() < 0.6):
            zones = self.rng.choice(values.ZONES).split(", ")
            chosen[f"{prefix}-zones"] = ", ".join(zones)
            pairs = [f"{a} - {b}" for a, b in pairwise(zones)]
            chosen[f"{prefix}-links"] = ", ".join(pairs)
        else:
            chosen[f"{prefix}-zones"] = chosen[f"{prefix}-links"] = ""
        return chosen

    def legal_sheet(self, controls: list[dict[str, Any]]) -> dict[str, str]:
        """A name, every aspect, and skills in the preset's pyramid (a column of 1, 2, 3, 4 for
        the long lists, 1, 2, 2 for six approaches)."""
        skills = [c for c in controls if c["id"].startswith("sheet-skill-") and c["options"]]
        if not skills:
            return self.legal_modes(controls)
        peak = max(int(v) for v in skills[0]["options"]) - 1
        shape = [1, 2, 3, 4] if len(skills) >= 10 else [1, 2, 2]
        chosen_values: dict[str, str] = {c["id"]: "0" for c in skills}
        chosen = self.rng.sample([c["id"] for c in skills], min(len(skills), sum(shape)))
        for step, count in enumerate(shape):
            for ident in chosen[:count]:
                chosen_values[ident] = str(peak - step)
            chosen = chosen[count:]
        chosen_values["sheet-name"] = self.rng.choice(values.NAMES)
        for c in controls:
            if c["id"].startswith("sheet-aspect-"):
                chosen_values[c["id"]] = self.rng.choice(values.ASPECTS)
        return chosen_values

    def legal_modes(self, controls: list[dict[str, Any]]) -> dict[str, str]:
        """At a table whose rule set has modes (Atomic Robo's): a name, every aspect, each
        rating the editor offers given to one mode (the rest not taken), no steps bought; the
        engine derives the skills. Nothing when the form has no modes either."""
        modes = [c for c in controls if c["id"].startswith("sheet-mode-") and c["options"]]
        if not modes:
            return {}
        ratings = sorted((int(v) for v in modes[0]["options"] if v), reverse=True)
        chosen_values: dict[str, str] = {c["id"]: "" for c in modes}
        taken = self.rng.sample([c["id"] for c in modes], min(len(modes), len(ratings)))
        for ident, rating in zip(taken, ratings, strict=False):
            chosen_values[ident] = str(rating)
        for c in controls:
            if c["id"].startswith("sheet-improve-"):
                chosen_values[c["id"]] = "0"
            elif c["id"].startswith("sheet-aspect-"):
                chosen_values[c["id"]] = self.rng.choice(values.ASPECTS)
        chosen_values["sheet-name"] = self.rng.choice(values.NAMES)
        return chosen_values

    def two_sides(self, controls: list[dict[str, Any]], kind: str) -> dict[str, str]:
        """Everyone in the scene on one of two sides (the PCs together when the form put them
        so), and a fighter to act first."""
        pickers = [c for c in controls if c["id"].startswith(f"{kind}-side-") and c["options"]]
        people = [
            c["id"].removeprefix(f"{kind}-side-")
            for c in pickers
            if c["id"] not in (f"{kind}-side-a", f"{kind}-side-b")
        ]
        if len(people) < 2:
            return {}
        sides = {c["id"].removeprefix(f"{kind}-side-"): c["value"] for c in pickers}
        fighting = [who for who in people if sides[who]]
        if {sides[who] for who in people} >= {"a", "b"} and (
            self.rng.random() < 0.7 or (kind == "conflict" and self.shielding())
        ):
            # The form's own split (the PCs against the rest) stands; someone on it goes first.
            if kind == "conflict" and self.shielding():
                # Every picker kept as the form put it (a random split put the big bad on a
                # PC's side, with that PC as its "minion"), and a PC first: the big bad is
                # struck sooner.
                kept = {c["id"]: c["value"] for c in pickers}
                first = [who for who in fighting if sides[who] == "a"] or fighting
                # The sides' names as the form gives them (two typed alike were refused).
                kept.update({"conflict-side-a": SKIP, "conflict-side-b": SKIP})
                return {**kept, "conflict-first": self.rng.choice(first)}
            return {"conflict-first": self.rng.choice(fighting)} if kind == "conflict" else {}
        order = self.rng.sample(people, len(people))
        cut = self.rng.randrange(1, len(order))
        chosen = {f"{kind}-side-{who}": ("a" if n < cut else "b") for n, who in enumerate(order)}
        if kind == "conflict":
            chosen["conflict-first"] = self.rng.choice(people)
        return chosen

    # -- looking ----------------------------------------------------------------------------

    def look(self) -> None:
        """After a step: errors and generic messages on any page (the refusals of what a
        control sent are looked at as soon as it has been used)."""
        for seat in self.seats:
            if seat.page is not None:
                self.look_at(seat)
                if self.axe:
                    self.look_with_axe(seat)

    def look_with_axe(self, seat: Seat) -> None:
        """axe's violations on the seat's page, each reported when it appears. A page whose
        document has not changed since axe last looked (the probe counts its mutations) is as
        axe saw it: most steps change one or two of the three pages. With axe "new", nor is a
        page that shows no element of a shape axe has not looked at on this seat's page."""
        mutations = "() => window.__agent.mutations"
        if self.axe_drawn.get(seat.key) == seat.page.evaluate(mutations):
            return
        if self.axe == "new":
            drawn, repeated = axe_core.shapes(seat.page)
            looked = self.axe_shapes.setdefault(seat.key, set())
            if drawn <= looked and not repeated:
                self.report.axe_skipped += 1
                return
            looked |= drawn
        began = time.monotonic()
        shown = axe_core.lines(seat.page)
        self.report.axe_runs += 1
        self.report.axe_seconds += time.monotonic() - began
        self.axe_drawn[seat.key] = seat.page.evaluate(mutations)
        for line in sorted(shown - self.axe_seen.get(seat.key, set())):
            self.find(seat, "axe", line)
        self.axe_seen[seat.key] = shown

    def look_at(self, seat: Seat) -> None:
        generic = list(generic_sentences())
        # Uncaught errors Playwright reports itself (pageerror); a rejected promise no one
        # handled only the probe sees.
        for error in seat.page.evaluate("__agent.errors.splice(0)"):
            if error.startswith("unhandled rejection"):
                self.find(seat, "script-error", error[:300])
        for text in seat.console:
            if "not focusable" in text:
                # The browser would not send a form whose invalid field is hidden: name it.
                text += " " + str(seat.page.evaluate(HIDDEN_INVALID))
            self.find(seat, "script-error", f"console: {text}")
        seat.console.clear()
        # A message is reported when it appears, not again at each step it stays.
        shown = {
            f"{found['text']!r} in {found['where'] or 'the page'}"
            for found in seat.page.evaluate(GENERIC_SCAN, generic)
        }
        for line in sorted(shown - seat.generic):
            self.find(seat, "generic-message", line)
        seat.generic = shown
        spaced = set(seat.page.evaluate(SPACED_IDS))
        for ident in sorted(spaced - seat.spaced):
            self.find(seat, "bad-id", repr(ident))
        seat.spaced = spaced

    def look_at_refusals(self, acting: Seat, control: dict[str, Any]) -> None:
        """The answers to what `control` sent: each refusal must show its reason beside it."""
        self.read_answers(acting)
        answers, acting.pending = acting.pending, []
        for response in answers:
            if response.status < 400 or response.status >= 500:
                continue
            body = (
                response.json()
                if response.headers.get("content-type", "").startswith("application/json")
                else {}
            )
            # A map's picture is sent as its bytes, not as JSON.
            sent = {} if response.request.method == "PUT" else response.request.post_data_json or {}
            what = sent.get("type") or response.request.url.rsplit("/", 1)[-1]
            self.report.refused[f"{what} {response.status} {body.get('error')}"] += 1
            self.refusals[control["sig"]] += 1
            if control["dialog"] and acting.opener:
                self.refusals[acting.opener] += 1
                acting.tries += 1  # a refused form is given up sooner
            self.note(
                acting,
                f"  refused {what}: {response.status} {body.get('error')} {str(body.get('detail'))[:120]}",
            )
            where = acting.page.evaluate(
                REFUSAL_SCAN,
                {"dialog": control["dialog"], "id": control["id"], "error": body.get("error")},
            )
            if not where.get("strict"):
                detail = f"{what} refused ({response.status} {body.get('error')}) from {control['id'] or control['text']!r}: "
                if where.get("closed"):
                    detail += "the dialog closed"
                elif where.get("gone"):
                    detail += f"the control is gone; {where.get('banner') or 'nothing shown'}"
                elif where.get("near"):
                    detail += f"shown nearby, not as contract §2 says: {where.get('text')!r}"
                else:
                    detail += f"nothing shown beside it {where.get('text')!r}"
                self.find(acting, "refusal-not-beside", detail)
            elif where.get("error") != body.get("error"):
                self.find(
                    acting,
                    "refusal-not-beside",
                    f"{what} refused ({body.get('error')}) shown as data-error={where.get('error')!r}",
                )


class Stuck(Exception):
    """A page stopped following the table: the evening cannot go on."""
