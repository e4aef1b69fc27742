"""A whole scene in three browsers: a GM and two players, each in their own browser context.

They open a table, build characters (one in the editor, one from a file), and play a scene with
a compel, a create an advantage whose free invoke the other player spends, a conflict with a hit
absorbed by a consequence, a concession and the end-of-conflict payouts. Every step is checked on
all three pages, which follow the table over their WebSockets, never by reloading. The players'
pages never show the GM's hidden things (marker strings), and every text on every page comes from
the catalog of the page's language, which the browser's language chose. The flow runs twice, the
three seats in different languages as at a real table, each language in one of the two; with
FATEKIT_SCREENSHOTS set (`make screenshots`) the English pages also save the screenshots in docs/.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from fatekit.server.web import I18N_DIR, LANGUAGES

#: The GM's, Ann's (on a phone) and Ben's languages in each run of a flow: every language in
#: each flow, and English where a page is photographed for docs/ (the scene's GM and Ann and
#: its second Ben; the optional rules' GM and Ann).
SCENE_LANGS = (("en", "en", "ru"), ("it", "sv", "en"))
#: make test plays the optional rules once, with three languages none of them English (English is
#: every other flow's and the catalog's own); make soak (FATEKIT_SOAK_BROWSERS) adds an English
#: GM and player beside a Swedish one (as `make screenshots` does, for the English pictures), to
#: keep make test's two cores under its time.
OPTIONAL_LANGS = (("ru", "it", "sv"),) + (
    (("en", "en", "sv"),)
    if os.environ.get("FATEKIT_SOAK_BROWSERS") or os.environ.get("FATEKIT_SCREENSHOTS")
    else ()
)
LOCALES = {"en": "en-GB", "ru": "ru-RU", "it": "it-IT", "sv": "sv-SE"}

SECRET = "GM-SECRET"  # every hidden thing the GM makes carries this marker
DOCS = Path(__file__).resolve().parents[2] / "docs"
TIMEOUT = 15_000
PHONE = (390, 844)

# The catalog check, run in the page: every text node outside user text ([data-free]) must be
# a catalog string of the page's language, or a piece of one between placeholders, or have no
# letters at all (numbers, dice, punctuation).
UNTRANSLATED = """
async (lang) => {
  const catalog = await (await fetch(`/i18n/${lang}.json`)).json();
  const pieces = new Set();
  const templates = [];
  const escape = (s) => s.replace(/[.*+?^${}()|[\\]\\\\]/g, "\\\\$&");
  // A placeholder holds a catalog string of the same language, or nothing with letters.
  const plain = Object.values(catalog).filter((v) => !/\\{\\w+\\}/.test(v)).map((v) => escape(v.trim()));
  plain.sort((a, b) => b.length - a.length);
  // A backslash doubled: a template literal reads a lone one before "p" as nothing, and the
  // class became "anything but p, {, L and }", which let almost any text through a slot.
  const slot = `(?:${plain.join("|")}|[^\\\\p{L}]*)`;
  for (const value of Object.values(catalog)) {
    for (const piece of value.split(/\\{\\w+\\}/)) if (piece.trim()) pieces.add(piece.trim());
    if (/\\{\\w+\\}/.test(value)) templates.push(value);
  }
  const left = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    if (!text || !/\\p{L}/u.test(text)) continue;
    const parent = node.parentElement;
    if (!parent || parent.closest("[data-free], script, style")) continue;
    if (!pieces.has(text)) left.push([text, parent]);
  }
  // One template's pattern at a time: each holds the whole catalog once per placeholder, and
  // keeping every one compiled at once outgrew a renderer's memory as the catalogs grew. A
  // pattern is compiled only for the texts holding each of its template's own words: compiling
  // every template for a text matched late took a minute a page at a table with a long list.
  let unmatched = left;
  for (const value of templates) {
    if (!unmatched.length) break;
    const words = value.split(/\\{\\w+\\}/).map((p) => p.trim()).filter(Boolean);
    const could = unmatched.filter(([text]) => words.every((w) => text.includes(w)));
    if (!could.length) continue;
    const source = value.split(/(\\{\\w+\\})/).map((p) => (/^\\{\\w+\\}$/.test(p) ? slot : escape(p))).join("");
    const pattern = new RegExp(`^${source.trim()}$`, "u");
    const matched = new Set(could.filter(([text]) => pattern.test(text)));
    unmatched = unmatched.filter((entry) => !matched.has(entry));
  }
  return unmatched.map(([text, parent]) => (text.length < 8 ? `${text} in ${parent.outerHTML.slice(0, 160)}` : text));
}
"""


# Why a dialog is still open when no refusal is shown: a field the browser holds invalid, a
# submission still in flight (its button marked busy: aria-disabled, which keeps the keyboard's
# focus), or the dialog drawn again under the test.
STILL_OPEN = """form => {
  const f = document.getElementById(form);
  if (!f) return `no form #${form} in the dialog now: ${document.getElementById('dialog').innerText.slice(0, 200)}`;
  const wrong = [...f.elements].filter(el => el.willValidate && !el.validity.valid);
  const button = document.getElementById(`${form}-submit`);
  return `invalid: ${JSON.stringify(wrong.map(el => [el.id, el.value, el.validationMessage]))}; `
    + `submit busy: ${button ? button.getAttribute('aria-disabled') === 'true' : 'gone'}; connection: ${(document.getElementById('connection') || {}).className}`;
}"""


class Player:
    """One person at the table: their page, and what they do on it."""

    def __init__(self, page: Any, name: str, lang: str = "en") -> None:
        self.page = page
        self.name = name
        self.lang = lang

    def version(self) -> int:
        return int(self.page.get_attribute("body", "data-version") or 0)

    def reach(self, version: int) -> None:
        self.page.wait_for_function(
            "v => Number(document.body.dataset.version || 0) >= v", arg=version, timeout=TIMEOUT
        )

    def click(self, selector: str) -> None:
        self.page.locator(selector).click()

    def submit(self, form: str) -> None:
        self.page.locator(f"#{form}-submit").click()
        try:
            self.page.wait_for_function(
                "() => !document.getElementById('dialog').open", timeout=TIMEOUT
            )
        except Exception:
            said = self.page.locator("#dialog .dialog-error").inner_text()
            state = self.page.evaluate(STILL_OPEN, form)
            raise AssertionError(f"{self.name}: {form} was refused: {said!r}; {state}") from None


def drag(page: Any, source: str, target: str) -> None:
    """Drag ``source`` onto ``target`` as the browser's drag and drop does: the same data
    carried from dragstart through dragover to drop (wherever each element is scrolled).

    The dragged element is held, as the browser holds it: once the drop is sent, the table's
    answer may redraw the page and take the token away before its dragend."""
    carried = page.evaluate_handle("() => new DataTransfer()")
    dragged = page.wait_for_selector(source)
    dragged.dispatch_event("dragstart", {"dataTransfer": carried})
    page.dispatch_event(target, "dragover", {"dataTransfer": carried})
    page.dispatch_event(target, "drop", {"dataTransfer": carried})
    dragged.dispatch_event("dragend", {"dataTransfer": carried})


def take_out(player: Player) -> None:
    """Take the pending hit's target out: a hit that could be absorbed asks first."""
    absorbable = player.page.locator("#pending-hit #absorb-button").count() > 0
    player.click("#take-out-button")
    if absorbable:
        player.submit("take-out-form")


def everyone_reaches(table: list[Player], acting: Player) -> None:
    """Wait for every page to show the table at the version the acting page shows."""
    version = acting.version()
    for player in table:
        player.reach(version)


def on_all(table: list[Player], selector: str, **expect: Any) -> None:
    for player in table:
        found = player.page.locator(selector)
        found.first.wait_for(timeout=TIMEOUT)
        for attribute, value in expect.items():
            name = attribute.replace("_", "-")
            player.page.wait_for_function(
                "([s, a, v]) => { const e = document.querySelector(s); return e && e.getAttribute(a) === v; }",
                arg=[selector, name, str(value)],
                timeout=TIMEOUT,
            )


def reasons_in_language(player: Player, lang: str, where: str) -> None:
    """Every rule named under ``where`` shows its reason from the page language's catalog."""
    shown = player.page.eval_on_selector_all(
        f"{where} .reason[data-rule]", "els => els.map((e) => [e.dataset.rule, e.textContent])"
    )
    assert shown, f"{player.name}: no rule reason under {where}"
    reasons = json.loads((I18N_DIR / f"{lang}.json").read_text(encoding="utf-8"))
    for key, text in shown:
        assert text == reasons[f"rule.{key}"], f"{player.name}: the reason for {key} is not {lang}"


def accessible(player: Player) -> None:
    """axe-core (shipped in axe-playwright-python, never from a CDN) finds no serious or
    critical violation on the page as it stands."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(player.page).response["violations"]
    bad = [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:5]}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]
    assert bad == [], f"{player.name}: {bad}"


def fits_phone(player: Player) -> None:
    """On a phone-sized page nothing scrolls sideways and every control is touch-sized."""
    found = player.page.evaluate(
        """() => {
          const wide = document.documentElement.scrollWidth > window.innerWidth;
          const small = [...document.querySelectorAll("button, select, input:not([type=checkbox]):not([type=radio])")]
            .filter((e) => e.offsetParent !== null && !e.closest("[hidden]"))
            .filter((e) => e.getBoundingClientRect().height < 40)
            .map((e) => e.id || e.textContent.trim().slice(0, 20));
          return { wide, small, width: document.documentElement.scrollWidth };
        }"""
    )
    assert not found["wide"], f"{player.name}: the page is {found['width']}px wide on a phone"
    assert found["small"] == [], f"{player.name}: controls too small to tap: {found['small']}"


def no_secrets(players: list[Player]) -> None:
    for player in players:
        text = player.page.content()
        assert SECRET not in text, f"{player.name} sees a hidden thing"


def all_translated(table: list[Player], lang: str | None = None) -> None:
    """Every text on each page is from its language's catalog (``lang``, or the player's own)."""
    for player in table:
        shown = player.lang if lang is None else lang
        bad = player.page.evaluate(UNTRANSLATED, shown)
        assert bad == [], f"{player.name} ({shown}) shows untranslated text: {bad[:10]}"
        assert "\u27e6" not in player.page.content()


def charles_file(tmp: Path) -> Path:
    sheet = {
        "format": "fatekit-character",
        "version": 1,
        "id": "charles",
        "name": "Charles",
        "kind": "pc",
        "preset": "condensed",
        "aspects": [
            {"kind": "high_concept", "name": "Occult Librarian"},
            {"kind": "trouble", "name": "Curious to a Fault"},
            {"kind": "relationship", "name": "Owes Ruth a Favour"},
            {"name": "Reads Dead Languages"},
            {"name": "Steady Hands"},
        ],
        "skills": {
            "lore": 4,
            "shoot": 3,
            "investigate": 3,
            "will": 2,
            "academics": 2,
            "notice": 2,
            "athletics": 1,
            "empathy": 1,
            "rapport": 1,
            "resources": 1,
        },
        "stunts": [],
    }
    path = tmp / "charles.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    return path


RUTH_SKILLS = {
    "fight": 4,
    "athletics": 3,
    "notice": 3,
    "will": 2,
    "physique": 2,
    "shoot": 2,
    "empathy": 1,
    "rapport": 1,
    "stealth": 1,
    "lore": 1,
}


def shoot(player: Player, name: str, top: bool = False) -> None:
    # Only `make screenshots` rewrites the pictures in docs/, so a test run leaves the tree clean.
    if not os.environ.get("FATEKIT_SCREENSHOTS") or player.lang != "en":
        return
    if top:  # the whole table from its top, rather than where the last click scrolled
        player.page.evaluate("window.scrollTo(0, 0)")
    player.page.screenshot(path=str(DOCS / f"web-{name}.png"), full_page=False)


def test_each_flow_plays_every_language() -> None:
    assert {lang for langs in SCENE_LANGS for lang in langs} == set(LANGUAGES)
    assert {lang for langs in OPTIONAL_LANGS for lang in langs} >= set(LANGUAGES) - {"en"}


@pytest.mark.parametrize("langs", SCENE_LANGS, ids="-".join)
def test_a_scene_in_three_browsers(
    server: str, browser: Any, langs: tuple[str, str, str], tmp_path: Path
) -> None:
    # The GM at a desk, Ann on a phone (her whole turn is played at 390x844), Ben at a desk.
    sizes = [(1280, 900), PHONE, (1280, 900)]
    contexts = [
        browser.new_context(locale=LOCALES[lang], viewport={"width": w, "height": h})
        for lang, (w, h) in zip(langs, sizes, strict=True)
    ]
    try:
        pages = [context.new_page() for context in contexts]
        errors: list[str] = []
        for page in pages:
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.set_default_timeout(TIMEOUT)
        gm, ann, ben = (
            Player(page, name, lang)
            for page, name, lang in zip(pages, ("GM", "Ann", "Ben"), langs, strict=True)
        )
        table = [gm, ann, ben]
        players = [ann, ben]
        _play(server, gm, ann, ben, table, players, tmp_path)
        assert errors == []
    finally:
        for context in contexts:
            context.close()


def _play(
    server: str,
    gm: Player,
    ann: Player,
    ben: Player,
    table: list[Player],
    players: list[Player],
    tmp: Path,
) -> None:
    screenshots = bool(os.environ.get("FATEKIT_SCREENSHOTS"))  # shoot() takes English pages
    # -- the GM opens a table and invites two players ------------------------------------------
    gm.page.goto(server)
    # The language is chosen from the browser's.
    gm.page.wait_for_function("l => document.documentElement.lang === l", arg=gm.lang)
    gm.page.wait_for_selector("#create-table")
    gm.page.fill("#new-table-name", "The Docks")
    if screenshots:
        shoot(gm, "start")
    gm.click("#create-table button[type=submit]")
    gm.page.wait_for_selector("#gm")
    links = {}
    for name in ("Ann", "Ben"):
        gm.page.fill("#invite-name", name)
        gm.click("#invite-form button[type=submit]")
        field = gm.page.locator(f"#invite-link-{name.lower()}")
        field.wait_for()
        links[name] = field.input_value()
    ann.page.goto(links["Ann"])
    ben.page.goto(links["Ben"])
    for player in players:
        player.page.wait_for_selector("#log-list")
    everyone_reaches(table, gm)

    # -- characters: Ann in the editor, with the engine's verdict live; Ben from a file --------
    ann.click("#new-character")
    ann.page.fill("#sheet-name", "Ruth")
    ann.page.wait_for_selector("#sheet-problems li")  # an empty sheet breaks rules: listed
    reasons_in_language(ann, ann.lang, "#sheet-problems")
    aspects = {
        "high_concept": "Ex-Boxer on the Run",
        "trouble": "Owes the Wrong People",
        "relationship": "Charles Saved My Life",
    }
    for kind, text in aspects.items():
        ann.page.fill(f"#sheet-aspect-{kind}-0", text)
    ann.page.fill("#sheet-aspect-character-0", "Knows the Docks")
    ann.page.fill("#sheet-aspect-character-1", "Never Backs Down")
    for key, value in RUTH_SKILLS.items():
        ann.page.select_option(f"#sheet-skill-{key}", str(value))
    ann.page.wait_for_selector("#sheet-legal")
    if screenshots:
        shoot(ann, "character")
    ann.submit("sheet-form")
    ben.click("#new-character")
    ben.page.set_input_files("#sheet-file", str(charles_file(tmp)))
    ben.page.wait_for_selector("#sheet-legal")
    ben.submit("sheet-form")
    gm.click("#quick-npc")
    gm.page.fill("#npc-name", "Thug")
    gm.page.fill("#npc-aspect", "Hired Muscle")
    gm.page.fill("#npc-secret", f"{SECRET} Paid by the Mayor")
    gm.page.select_option("#npc-skill-0", "fight")
    gm.page.select_option("#npc-rating-0", "2")
    gm.submit("npc-form")
    for who in ("ruth", "charles"):
        on_all(table, f"#char-{who}")
    # The thug is the GM's until the players meet him in a scene.
    on_all([gm], "#char-thug")
    everyone_reaches(table, gm)
    for player in players:
        assert player.page.locator("#char-thug").count() == 0
    on_all(table, "#char-ruth .fate-points", data_points=3)
    # A refusal says why in the page's language: Ruth has no milestone open to spend.
    ann.page.evaluate(
        """async () => (await import("/web/bundle/store.js")).send("Milestone", {
          character_id: "ruth", choice: { kind: "swap_skills", first: "fight", second: "notice" },
        })"""
    )
    ann.page.wait_for_selector("#banner [data-rule='advancement.milestone']")
    reasons_in_language(ann, ann.lang, "#banner")
    everyone_reaches(table, gm)
    no_secrets(players)

    # -- a session and a scene with zones; a hidden aspect for the GM only ---------------------
    gm.click("#start-session")
    on_all(table, "#session-state", data_in_session="true")
    gm.click("#start-scene")
    gm.page.fill("#scene-name", "Night at the Docks")
    gm.page.fill("#scene-zones", "pier, boat")
    gm.page.fill("#scene-links", "pier-boat")
    gm.submit("scene-form")
    on_all(table, "#zone-pier [data-character=ruth]")
    on_all(table, "#zone-pier [data-character=thug]")
    on_all(table, "#char-thug")
    on_all(table, "#zone-boat")
    fits_phone(ann)
    gm.click("#add-aspect")
    gm.page.fill("#aspect-name", "Thick Fog")
    gm.submit("aspect-form")
    gm.click("#add-aspect")
    gm.page.fill("#aspect-name", f"{SECRET} Trapdoor Under the Crates")
    gm.page.check("#aspect-hidden")
    gm.submit("aspect-form")
    gm.page.wait_for_selector(".aspect.hidden")
    everyone_reaches(table, gm)
    no_secrets(players)

    # -- a compel: the GM offers, Ann accepts and gains a fate point ---------------------------
    gm.page.locator("#char-ruth .aspect.trouble button").first.click()
    gm.page.fill("#compel-complication", "Her creditors find her on the pier")
    gm.submit("compel-form")
    ann.page.wait_for_selector("[id^=accept-c]")
    on_all(table, "#compels .compel")
    ann.click("[id^=accept-c]")
    on_all(table, "#char-ruth .fate-points", data_points=4)
    # The point flies from the compelled aspect's card into Ruth's pile, on every page.
    on_all(table, "#char-ruth [data-pile=ruth][data-coin-from*=data-aspect]")
    on_all(table, "#log-list [data-type=ledger]")

    # -- create an advantage: odds before, advice after, a named aspect with a free invoke -----
    ann.click("#new-roll")
    ann.page.select_option("#roll-action", "create_advantage")
    ann.page.select_option("#roll-skill", "notice")
    ann.page.select_option("#roll-difficulty", "2")
    ann.page.wait_for_selector("#odds-list [data-outcome=success]")
    ann.page.fill("#roll-dice", "+000")
    if screenshots:
        shoot(ann, "roll-odds")
    ann.submit("roll-form")
    on_all(table, ".roll-outcome", data_outcome="success")
    ann.page.wait_for_selector(".invoke-advice")
    fits_phone(ann)
    ann.page.check("[data-option=aspect]")
    ann.page.fill(".resolve-aspect-name", "Weak Spot in His Guard")
    if screenshots:
        shoot(ann, "roll-advice")
    ann.click(".resolve-button")
    on_all(table, "#scene [data-holder=ruth][data-count='1']")
    # Ann hands the free invoke to Ben's Charles.
    ann.click("#scene [id^=pass-][id$=-ruth]")
    ann.page.select_option("#pass-to", "charles")
    ann.submit("pass-form")
    on_all(table, "#scene [data-holder=charles][data-count='1']")
    # A free invoke is also handed over by dragging its token onto a character's card: Ben drags
    # it onto Ruth's, and Ann drags it back onto Charles's.
    drag(ben.page, "#scene [data-holder=charles]", "#char-ruth")
    on_all(table, "#scene [data-holder=ruth][data-count='1']")
    drag(ann.page, "#scene [data-holder=ruth]", "#char-charles")
    on_all(table, "#scene [data-holder=charles][data-count='1']")
    no_secrets(players)

    # -- a conflict: the thug hits Ruth, who takes a consequence, then concedes ----------------
    gm.click("#start-conflict")
    gm.page.select_option("#conflict-first", "thug")
    gm.submit("start-conflict-form")
    on_all(table, "#fighter-thug.current")
    gm.click("#attack-thug")
    gm.page.select_option("#attack-target", "ruth")
    gm.page.select_option("#attack-skill", "fight")
    gm.page.fill("#attack-dice", "++++")
    gm.page.fill("#attack-defend-dice", "0000")
    gm.submit("attack-form")
    on_all(table, ".roll-outcome", data_outcome="success")
    gm.click(".resolve-button")
    on_all(table, "#pending-hit")
    ann.page.wait_for_selector("#absorb-1")
    ann.page.check("#absorb-1")  # the mild consequence
    ann.page.fill("#consequence-name-0", "Cracked Ribs")
    fits_phone(ann)
    if screenshots:
        shoot(ann, "harm")
    ann.click("#absorb-button")
    on_all(table, "#slot-ruth-0 .aspect-name")
    for player in table:
        assert "Cracked Ribs" in player.page.locator("#slot-ruth-0").inner_text()
    gm.page.select_option("#next-thug", "ruth")
    gm.click("#end-turn-thug")
    on_all(table, "#fighter-ruth.current")
    ann.click("#concede-ruth")
    ann.submit("concede-form")
    on_all(table, "#fighter-ruth", data_status="conceded")
    ann.page.select_option("#next-ruth", "charles")
    ann.click("#end-turn-ruth")
    on_all(table, "#fighter-charles.current")

    # -- Ben shoots the thug, spending the free invoke Ann passed him --------------------------
    ben.click("#attack-charles")
    ben.page.select_option("#attack-target", "thug")
    ben.page.select_option("#attack-skill", "shoot")
    ben.page.wait_for_selector("#odds-hidden")  # the thug's skills are the GM's: no odds
    ben.page.fill("#attack-dice", "+000")
    ben.submit("attack-form")
    on_all(table, ".roll-shifts")
    ben.page.locator("[data-invoke$='|free']").first.click()
    on_all(table, "#roll .invocations li")
    # A populated scene mid-conflict, a roll in play: axe-core finds nothing serious on the
    # GM's page nor on a player's.
    accessible(gm)
    accessible(ben)
    if screenshots:
        shoot(gm, "conflict")
    ben.click(".resolve-button")
    on_all(table, "#pending-hit")
    take_out(gm)
    on_all(table, "#fighter-thug", data_status="taken_out")
    on_all(table, "#conflict-phase", data_phase="ended")

    # -- the payouts: Ruth's concession (one point, and one for her consequence) ---------------
    gm.click("#finish-conflict")
    on_all(table, "#char-ruth .fate-points", data_points=6)
    everyone_reaches(table, gm)
    if screenshots:
        shoot(gm, "table-gm", top=True)
        shoot(ben, "table-player", top=True)
    no_secrets(players)
    all_translated(table)


# -- the optional rules, the quick NPC's other kinds, a milestone ------------------------------


def ruth_file(tmp: Path) -> Path:
    """Ruth as a file, with a stunt the odds must count."""
    sheet = {
        "format": "fatekit-character",
        "version": 1,
        "id": "ruth",
        "name": "Ruth",
        "kind": "pc",
        "preset": "condensed",
        "aspects": [
            {"kind": "high_concept", "name": "Ex-Boxer on the Run"},
            {"kind": "trouble", "name": "Owes the Wrong People"},
            {"kind": "relationship", "name": "Charles Saved My Life"},
            {"name": "Knows the Docks"},
            {"name": "Never Backs Down"},
        ],
        "skills": RUTH_SKILLS,
        "stunts": [
            {
                "name": "Eagle Eyes",
                "description": "",
                "effect": {"type": "skill_bonus", "skill": "notice", "action": "overcome"},
            }
        ],
    }
    path = tmp / "ruth.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    return path


@pytest.mark.parametrize("langs", OPTIONAL_LANGS, ids="-".join)
def test_optional_rules_in_three_browsers(
    server: str, browser: Any, langs: tuple[str, str, str], tmp_path: Path
) -> None:
    # The GM at a desk, Ann on a phone (her whole turn is played at 390x844), Ben at a desk.
    sizes = [(1280, 900), PHONE, (1280, 900)]
    contexts = [
        browser.new_context(locale=LOCALES[lang], viewport={"width": w, "height": h})
        for lang, (w, h) in zip(langs, sizes, strict=True)
    ]
    try:
        pages = [context.new_page() for context in contexts]
        errors: list[str] = []
        for page in pages:
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.set_default_timeout(TIMEOUT)
        gm, ann, ben = (
            Player(page, name, lang)
            for page, name, lang in zip(pages, ("GM", "Ann", "Ben"), langs, strict=True)
        )
        _play_optional(server, gm, ann, ben, tmp_path)
        assert errors == []
    finally:
        for context in contexts:
            context.close()


def _play_optional(server: str, gm: Player, ann: Player, ben: Player, tmp: Path) -> None:
    table, players = [gm, ann, ben], [ann, ben]
    # -- a table with Weapon and Armor, obstacles and Fate Condensed's full defense ------------
    gm.page.goto(server)
    gm.page.wait_for_function("l => document.documentElement.lang === l", arg=gm.lang)
    gm.page.fill("#new-table-name", "The Crane Yard")
    gm.click("#create-table details summary")
    for option in ("weapon_and_armor", "obstacles", "full_defense"):
        gm.page.check(f"#opt-{option}")
    gm.click("#create-table button[type=submit]")
    gm.page.wait_for_selector("#gm")
    for name, player in (("Ann", ann), ("Ben", ben)):
        gm.page.fill("#invite-name", name)
        gm.click("#invite-form button[type=submit]")
        link = gm.page.locator(f"#invite-link-{name.lower()}")
        link.wait_for()
        player.page.goto(link.input_value())
        player.page.wait_for_selector("#log-list")
    for player, made in ((ann, ruth_file(tmp)), (ben, charles_file(tmp))):
        player.click("#new-character")
        player.page.set_input_files("#sheet-file", str(made))
        player.page.wait_for_selector("#sheet-legal")
        player.submit("sheet-form")

    # -- a quick mob: every page lists it, only the GM sees its skills -------------------------
    gm.click("#quick-npc")
    gm.page.fill("#npc-name", "Dock Rats")
    gm.page.select_option("#npc-kind", "mob")
    gm.page.fill("#npc-aspect", "Hungry and Many")
    gm.page.fill("#npc-secret", f"{SECRET} Led by the Harbourmaster")
    gm.page.select_option("#npc-skill-0", "fight")
    gm.page.select_option("#npc-rating-0", "1")
    gm.page.fill("#npc-members", "3")
    gm.page.fill("#npc-boxes", "1")
    gm.submit("npc-form")
    for who in ("ruth", "charles"):
        on_all(table, f"#char-{who}")
    on_all([gm], "#char-dock-rats")  # the players meet the mob in the scene below
    assert gm.page.locator("#char-dock-rats .skills").count() == 1
    everyone_reaches(table, gm)
    for player in players:
        assert player.page.locator("#char-dock-rats").count() == 0
    no_secrets(players)

    # -- the odds before a roll count Ruth's stunt ---------------------------------------------
    gm.click("#start-session")
    gm.click("#start-scene")
    gm.page.fill("#scene-name", "Crane Yard")
    gm.page.fill("#scene-zones", "yard, crane")
    gm.page.fill("#scene-links", "yard-crane")
    gm.submit("scene-form")
    on_all(table, "#zone-yard [data-character=ruth]")
    on_all(table, "#char-dock-rats")  # met: every page lists it, only the GM sees its skills
    for player in players:
        assert player.page.locator("#char-dock-rats .skills").count() == 0
    ann.click("#new-roll")
    ann.page.select_option("#roll-action", "overcome")
    ann.page.select_option("#roll-skill", "notice")
    ann.page.wait_for_selector("#roll-form [data-stunt='Eagle Eyes'][data-counted=true]")
    ann.page.select_option("#roll-action", "create_advantage")
    ann.page.wait_for_selector("#roll-form [data-stunt]", state="detached")
    ann.page.keyboard.press("Escape")

    # -- a conflict: a quick hazard and a quick block join it ----------------------------------
    gm.click("#start-conflict")
    gm.page.select_option("#conflict-first", "ruth")
    gm.submit("start-conflict-form")
    on_all(table, "#fighter-ruth.current")
    gm.click("#add-hazard")
    assert gm.page.locator("#npc-kind").input_value() == "hazard"
    gm.page.fill("#npc-name", "Swinging Hook")
    gm.page.select_option("#npc-obstacle-rating", "3")
    gm.page.select_option("#npc-weapon", "2")
    gm.page.select_option("#npc-zone", "crane")
    gm.submit("npc-form")
    on_all(table, "#hazard-swinging-hook")
    on_all(table, "#fighter-swinging-hook")
    # Its rating and Weapon are the GM's, like an NPC's skills.
    assert gm.page.get_attribute("#hazard-swinging-hook", "data-rating") == "3"
    for player in players:
        assert player.page.get_attribute("#hazard-swinging-hook", "data-rating") is None
    gm.click("#quick-npc")
    gm.page.select_option("#npc-kind", "block")
    gm.page.fill("#npc-name", "Stacked Crates")
    gm.page.check("#npc-cover")
    gm.submit("npc-form")
    on_all(table, "#block-stacked-crates", data_rating=2)  # a block's rating is public

    # -- Weapon and Armor: Ann equips Ruth, and her hit carries the Weapon ---------------------
    ann.click("#equip")
    ann.page.select_option("#equip-weapon", "2")
    ann.page.select_option("#equip-armor", "1")
    ann.submit("equip-form")
    on_all(table, "#fighter-ruth .gear", data_weapon=2, data_armor=1)
    ann.click("#attack-ruth")
    # A hazard cannot be attacked: the engine does not offer it as a target.
    targets = ann.page.locator("#attack-target option").evaluate_all("os => os.map(o => o.value)")
    assert targets == ["dock-rats"]
    assert ann.page.locator("#attack-cover option[value=stacked-crates]").count() == 1
    ann.page.select_option("#attack-skill", "fight")
    ann.page.fill("#attack-dice", "++00")
    ann.submit("attack-form")
    on_all(table, ".roll-outcome", data_outcome="success_with_style")
    ann.click(".resolve-button")
    # Fight +4 and ++00 make +6 against the rats' Fight +1 and +1 for the pack (a mob of three
    # helps as a team, up to its rating) on blank dice: 4 shifts, Weapon 2.
    on_all(table, "#pending-hit", data_shifts=6, data_target="dock-rats")
    if gm.lang == "en":
        gm.page.locator("#conflict").evaluate("e => e.scrollIntoView()")
        shoot(gm, "optional")
    # One rat falls to each hit it cannot take; the shifts left go on to the next rat.
    take_out(gm)
    on_all(table, "#fighter-dock-rats [data-members]", data_members=2)
    on_all(table, "#pending-hit", data_shifts=4, data_target="dock-rats")
    take_out(gm)
    on_all(table, "#pending-hit", data_shifts=2, data_target="dock-rats")
    take_out(gm)
    on_all(table, "#fighter-dock-rats", data_status="taken_out")
    on_all(table, "#conflict-phase", data_phase="ended")
    gm.click("#finish-conflict")
    for player in table:
        player.page.wait_for_selector("#conflict", state="detached")

    # -- a milestone at the end of the session: Ann buys Ruth a stunt --------------------------
    gm.click("#end-scene")
    on_all(table, "#scene .empty")
    gm.click("#end-session")
    gm.page.select_option("#end-session-milestone", "minor")
    gm.submit("end-session-form")
    ann.page.wait_for_selector("#milestone-ruth")
    ann.page.select_option("#milestone-kind-ruth", "buy_stunt")
    ann.page.fill("#milestone-stunt-name-ruth", "Crane Hand")
    ann.page.select_option("#milestone-stunt-skill-ruth", "athletics")
    ann.page.select_option("#milestone-stunt-action-ruth", "overcome")
    if ann.lang == "en":
        ann.page.locator("#milestones").evaluate("e => e.scrollIntoView()")
        shoot(ann, "milestone")
    ann.click("#milestone-take-ruth")
    for player in table:
        player.page.wait_for_selector("#milestone-ruth", state="detached")
        player.page.locator("#char-ruth .stunts", has_text="Crane Hand").wait_for()
    on_all(table, "#log-list [data-type=MilestoneTaken]")
    everyone_reaches(table, gm)
    no_secrets(players)
    all_translated(table)


def test_more_optional_rules_and_a_breakthrough(server: str, browser: Any, tmp_path: Path) -> None:
    """Once, in English: another skill list's names, scale, a big bad, a split attack aimed and
    settled through the page, and a breakthrough, checked on the GM's and the player's pages."""
    contexts = [
        browser.new_context(locale="en-GB", viewport={"width": 1280, "height": 900})
        for _ in range(2)
    ]
    try:
        pages = [context.new_page() for context in contexts]
        errors: list[str] = []
        for page in pages:
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.set_default_timeout(TIMEOUT)
        gm, ann = Player(pages[0], "GM"), Player(pages[1], "Ann")
        _play_more(server, gm, ann, tmp_path)
        assert errors == []
    finally:
        for context in contexts:
            context.close()


def _create(gm: Player, server: str, name: str, preset: str, options: list[str]) -> None:
    gm.page.goto(server)
    gm.page.wait_for_selector("#create-table")
    gm.page.fill("#new-table-name", name)
    gm.page.select_option("#new-table-preset", preset)
    gm.click("#create-table details summary")
    for option in options:
        gm.page.check(f"#opt-{option}")


def _play_more(server: str, gm: Player, ann: Player, tmp: Path) -> None:
    table = [gm, ann]
    # -- Fate Accelerated with the Actions list: the list's skills by their names --------------
    _create(gm, server, "Short List", "fae", [])
    gm.page.select_option("#new-table-skill-list", "actions")
    gm.click("#create-table button[type=submit]")
    gm.page.wait_for_selector("#skill-list")
    assert gm.page.inner_text("#skill-list") == "Actions"
    gm.click("#new-character")
    assert gm.page.inner_text("label[for=sheet-skill-tinker]") == "Tinker"
    gm.page.keyboard.press("Escape")

    # -- a table with scale, big bads and multiple targets -------------------------------------
    options = ["scale", "big_bads", "multiple_targets", "obstacles", "full_defense"]
    _create(gm, server, "The Warehouse", "condensed", options)
    gm.click("#create-table button[type=submit]")
    gm.page.wait_for_selector("#gm")
    gm.page.fill("#invite-name", "Ann")
    gm.click("#invite-form button[type=submit]")
    link = gm.page.locator("#invite-link-ann")
    link.wait_for()
    ann.page.goto(link.input_value())
    ann.click("#new-character")
    ann.page.set_input_files("#sheet-file", str(ruth_file(tmp)))
    ann.page.wait_for_selector("#sheet-legal")
    ann.submit("sheet-form")
    for goon in ("Goon A", "Goon B"):
        gm.click("#quick-npc")
        gm.page.fill("#npc-name", goon)
        gm.page.fill("#npc-aspect", "Paid to Look Tough")
        gm.page.select_option("#npc-skill-0", "fight")
        gm.page.select_option("#npc-rating-0", "1")
        gm.page.fill("#npc-boxes", "1")
        gm.submit("npc-form")
    on_all([gm], "#char-goon-b")  # the players meet the goons in the scene
    gm.click("#start-session")
    gm.click("#start-scene")
    gm.page.fill("#scene-name", "Warehouse Floor")
    gm.page.fill("#scene-zones", "floor")
    gm.submit("scene-form")
    on_all(table, "#char-goon-b")
    gm.click("#start-conflict")
    gm.page.select_option("#conflict-first", "ruth")
    gm.submit("start-conflict-form")
    on_all(table, "#fighter-ruth.current")

    # -- scale and a big bad, set by the GM and shown on both pages ----------------------------
    gm.click("#set-scale")
    gm.page.select_option("#scale-who", "ruth")
    gm.page.select_option("#scale-level", "supernatural")
    gm.submit("scale-form")
    on_all(table, "#fighter-ruth [data-scale]", data_scale="supernatural")
    gm.click("#set-big-bad")
    gm.page.select_option("#bigbad-who", "goon-a")
    gm.page.check("#bigbad-minion-goon-b")
    gm.page.check("#bigbad-solo-stress")
    gm.submit("bigbad-form")
    on_all(table, "#bigbad-goon-a")
    assert "Goon B" in ann.page.inner_text("#bigbad-goon-a")

    # -- full defense with a focus, an overcome against a block, a zone attack that misses ------
    ann.click("#full-defense-ruth")
    ann.page.select_option("#defense-focus", "self")
    ann.submit("full-defense-form")
    on_all(table, "#fighter-ruth [data-focus=self]")
    ann.page.select_option("#next-ruth", "goon-a")
    ann.click("#end-turn-ruth")
    on_all(table, "#fighter-goon-a.current")
    gm.click("#add-block")
    gm.page.fill("#npc-name", "Crates")
    gm.submit("npc-form")
    on_all(table, "#block-crates")
    gm.click("#overcome-goon-a")
    gm.page.select_option("#conflict-skill", "fight")
    gm.page.select_option("#conflict-obstacle", "block:crates")
    gm.page.fill("#conflict-dice", "+000")
    gm.submit("conflict-roll-form")
    on_all(table, ".roll-outcome", data_outcome="tie")  # Fight +1 and +1 against Fair (+2)
    gm.click(".resolve-button")
    gm.page.select_option("#next-goon-a", "goon-b")
    gm.click("#end-turn-goon-a")
    on_all(table, "#fighter-goon-b.current")
    gm.click("#zone-attack-goon-b")
    gm.page.select_option("#multi-zone", "floor")
    gm.page.fill("#multi-dice", "----")
    gm.submit("multi-form")
    gm.click("#miss-everyone")
    on_all(table, "#log-list [data-type=MissedEveryone]")
    gm.click("#end-turn-goon-b")
    on_all(table, "#fighter-ruth.current")

    # -- a split attack: rolled, shared out between the goons, settled -------------------------
    ann.click("#split-attack-ruth")
    ann.page.select_option("#multi-skill", "fight")
    ann.page.fill("#multi-dice", "++++")
    ann.submit("multi-form")
    ann.page.wait_for_selector("#assign-targets")
    ann.page.fill("#share-goon-a", "3")
    ann.page.fill("#share-goon-b", "3")
    ann.click("#aim-split")
    on_all(table, "#target-goon-a")
    on_all(table, "#target-goon-b")
    ann.click("#resolve-targets")
    on_all(table, "#pending-hit")
    while gm.page.locator("#pending-hit").count():
        version = gm.version()
        take_out(gm)
        gm.reach(version + 1)
    on_all(table, "#fighter-goon-a", data_status="taken_out")
    on_all(table, "#fighter-goon-b", data_status="taken_out")
    gm.click("#finish-conflict")
    gm.click("#end-scene")
    on_all(table, "#scene .empty")

    # -- a breakthrough: a new high concept and a skill step spent at once ---------------------
    gm.click("#end-session")
    gm.page.select_option("#end-session-milestone", "major")
    gm.submit("end-session-form")
    ann.page.wait_for_selector("#milestone-ruth")
    ann.page.fill("#milestone-concept-ruth", "Champion of the Docks")
    ann.page.select_option("#milestone-raise-ruth-0", "academics")
    ann.click("#milestone-take-ruth")
    for player in table:
        player.page.wait_for_selector("#milestone-ruth", state="detached")
        player.page.locator("#char-ruth .aspect", has_text="Champion of the Docks").wait_for()
        player.page.locator("#char-ruth .skills", has_text="Academics").wait_for()
    on_all(table, "#log-list [data-type=BreakthroughTaken]")
    all_translated(table, "en")
