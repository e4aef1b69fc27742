"""Rolls through the page, as a group plays them: two players rolling at the same moment (a
Russian player on a desktop, a Swedish one on a phone), a whole contest and a whole challenge
started by an English GM, each roll made in its dialog with its odds, invoked on and settled on
its card (fate-condensed.ru.md § Challenges, § Contests). The table is set up over HTTP."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import pytest

from fatekit.formats import dumps_character
from fatekit.rules import major_npc, new_character
from tests.web.test_flow import UNTRANSLATED
from tests.web.test_turns import call, catalog, command, state_of

TIMEOUT = 15_000
DESKTOP = (1366, 900)
PHONE = (390, 844)


def harbour(server: str) -> dict[str, str]:
    """A scene on a quay: Аня's Фёдор Кравцов, Sofia's Astrid Lind and the GM's Sergeant
    Kruger. The table's id and each seat's link."""
    made = call(server, "/tables", {"name": "Harbour night", "preset": "condensed"})
    table, gm = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Аня", "role": "player"}, gm)
    sofia = call(server, f"/tables/{table}/seats", {"name": "Sofia", "role": "player"}, gm)
    fyodor = new_character(
        "condensed",
        "fyodor",
        "Фёдор Кравцов",
        high_concept="Бывший жандарм",
        trouble="Долги чести",
        skills={"athletics": 4, "fight": 3, "notice": 2, "will": 1},
    )
    astrid = new_character(
        "condensed",
        "astrid",
        "Astrid Lind",
        high_concept="Smugglerskeppare",
        trouble="Jagad av tullen",
        skills={"drive": 4, "shoot": 3, "athletics": 2, "notice": 1},
    )
    kruger = major_npc(
        "condensed",
        "kruger",
        "Sergeant Kruger",
        high_concept="Customs Sergeant",
        skills={"shoot": 3, "athletics": 2, "notice": 3},
    )
    for sheet, owner in ((fyodor, ann["seat"]), (astrid, sofia["seat"])):
        command(
            server, table, gm, "AddCharacter", {"sheet": dumps_character(sheet), "owner": owner}
        )
    command(server, table, gm, "AddCharacter", {"sheet": dumps_character(kruger), "revealed": True})
    command(server, table, gm, "StartSession", {})
    scene = {"name": "The quay", "participants": ["fyodor", "astrid", "kruger"]}
    command(server, table, gm, "StartScene", scene)
    return {"table": table, "gm": gm, "ann": ann["link"], "sofia": sofia["link"]}


@contextmanager
def seats(
    browser: Any,
    server: str,
    *opened: tuple[str, str, tuple[int, int]],
    route: tuple[str, Any] | None = None,
) -> Iterator[list[Any]]:
    """A page for each (link, locale, size), each in its own context; a script error on any
    fails the test, and every context is closed either way. ``route`` (a pattern and a
    handler) stands between each page and its WebSocket."""
    errors: list[str] = []
    with ExitStack() as stack:
        pages = []
        for link, locale, (width, height) in opened:
            context = browser.new_context(
                locale=locale, viewport={"width": width, "height": height}
            )
            stack.callback(context.close)
            page = context.new_page()
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.set_default_timeout(TIMEOUT)
            if route is not None:
                page.route_web_socket(*route)
            page.goto(f"{server}/#link={link}")
            page.wait_for_selector("#you")
            pages.append(page)
        yield pages
        assert errors == []


def test_two_players_rolling_at_once_both_see_both_rolls(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    table = harbour(server)
    with seats(
        browser, server, (table["ann"], "ru-RU", DESKTOP), (table["sofia"], "sv-SE", PHONE)
    ) as (ann, sofia):
        # Both open the roll dialog, then send at the same moment.
        for page, skill in ((ann, "athletics"), (sofia, "drive")):
            page.click("#new-roll")
            page.select_option("#roll-skill", skill)
            page.fill("#roll-dice", "0000")
        ann.click("#roll-form-submit")
        sofia.click("#roll-form-submit")
        for page in (ann, sofia):
            # Both went through: each dialog closed, and both rolls stand on each page.
            expect(page.locator("#dialog")).not_to_be_visible()
            expect(page.locator(".roll-card")).to_have_count(2)
            expect(page.locator(".refusal, .error")).to_have_count(0)
        # Each page puts its own roll first.
        expect(ann.locator(".roll-card").first).to_have_attribute("data-actor", "fyodor")
        expect(sofia.locator(".roll-card").first).to_have_attribute("data-actor", "astrid")
        # Аня opens the invoke picker on Sofia's roll (anyone may invoke on anyone's); it stays
        # open while Sofia pays for +2 on it and the rolls are drawn again.
        other = ann.locator(".roll-card[data-actor=astrid] details.invoke-other")
        other.locator("summary").click()
        expect(other.locator(".invoke-box")).to_be_visible()
        sofia.locator(".roll-card[data-actor=astrid] [data-invoke$='|paid']").first.click()
        expect(ann.locator(".roll-card[data-actor=astrid] .invocations li")).to_have_count(1)
        expect(other).to_have_attribute("open", "")
        # Sofia settles hers on her phone; Аня's stays in play until she settles it.
        sofia.click(".roll-card[data-actor=astrid] .resolve-button")
        expect(ann.locator(".roll-card")).to_have_count(1)
        ann.click(".roll-card[data-actor=fyodor] .resolve-button")
        expect(sofia.locator(".roll-card")).to_have_count(0)
        ru = catalog("ru")
        # Sofia's line in the Russian log says it in words right for her (not "завершил").
        line = ann.locator("#log li", has_text="Sofia").first
        expect(line).to_contain_text(ru["event.RollResolved.option"].split(":")[0])
        assert sofia.evaluate(UNTRANSLATED, "sv") == []
        assert ann.evaluate(UNTRANSLATED, "ru") == []


@pytest.mark.rule("contest.victories", "contest.twist", "invoke.after-the-dice")
def test_a_whole_contest_through_the_page(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    table = harbour(server)
    with seats(
        browser,
        server,
        (table["gm"], "en-GB", DESKTOP),
        (table["ann"], "ru-RU", DESKTOP),
        (table["sofia"], "sv-SE", PHONE),
    ) as (gm, ann, sofia):
        en, ru, sv = catalog("en"), catalog("ru"), catalog("sv")
        gm.click("#start-contest")
        gm.fill("#contest-side-a", "Жандармы")
        gm.fill("#contest-intent-a", "catch the smuggler")
        gm.fill("#contest-side-b", "Smugglarna")
        gm.fill("#contest-intent-b", "reach open water")
        gm.select_option("#contest-side-kruger", "a")
        gm.select_option("#contest-side-astrid", "b")
        gm.click("#start-contest-form-submit")
        # The side's members are told apart, not run together.
        members = gm.locator("#contest-Жандармы .members")
        expect(members).to_contain_text("Фёдор Кравцов, Sergeant Kruger")
        # Sofia's phone tells her, at the top, that her side rolls.
        expect(sofia.locator("#notice")).to_contain_text("Smugglarna")
        notice_top = sofia.locator("#notice").bounding_box()
        contest_top = sofia.locator("#contest").bounding_box()
        assert notice_top["y"] < contest_top["y"] < sofia.locator("#scene").bounding_box()["y"]
        for exchange, (ann_dice, sofia_dice) in enumerate((("0000", "0000"), ("+++0", "-000"))):
            ann.click("#contest-roll-Жандармы")
            sofia.click("#contest-roll-Smugglarna")
            # The skills come highest first with their ratings, and the odds are shown.
            first = ann.locator("#contest-skill-Жандармы option").first
            expect(first).to_have_text(f"{ru['skill.athletics']} (+4)")
            expect(sofia.locator("#contest-skill-Smugglarna option").first).to_have_text(
                f"{sv['skill.drive']} (+4)"
            )
            expect(ann.locator("#dialog .odds li")).to_have_count(4)
            ann.fill("#contest-dice-Жандармы", ann_dice)
            sofia.fill("#contest-dice-Smugglarna", sofia_dice)
            ann.click("#contest-roll-form-submit")
            sofia.click("#contest-roll-form-submit")
            hers = sofia.locator(".roll-card[data-actor=astrid]")
            his = ann.locator(".roll-card[data-actor=fyodor]")
            expect(hers).to_be_visible()
            expect(his).to_be_visible()
            if exchange == 0:
                # Sofia pays a fate point for +2 on her own roll; Аня rerolls his with one.
                hers.locator("[data-invoke$='|paid']").first.click()
                expect(hers.locator(".invocations li")).to_have_count(1)
                his.locator("[data-invoke$='|paid-reroll']").first.click()
                expect(his.locator(".invocations li")).to_have_count(1)
            # Each counts their side's effort; the exchange is settled when both have.
            hers.locator(".resolve-button").click()
            his.locator(".resolve-button").click()
            last = gm.locator("#contest-last")
            expect(last.locator("h3")).to_have_text(
                en["contest.last"].replace("{n}", str(exchange + 1))
            )
            expect(last.locator(".contest-roll")).to_have_count(2)
            expect(last.locator(".contest-roll[data-side=Smugglarna] .dice")).to_be_visible()
        view = state_of(server, table["table"], table["gm"])["contest"]
        efforts = {r["side"]: r["effort"] for r in view["last"]["rolls"]}
        # Fyodor: Athletics +4 and +3 on the dice; Astrid: Drive +4 and -1.
        assert efforts == {"Жандармы": 7, "Smugglarna": 3}
        won = {s["id"]: s["victories"] for s in view["sides"]}
        assert sum(won.values()) >= 2  # a success with style marks two for the Жандармы
        expect(ann.locator("#contest-last .victory")).to_contain_text("Жандармы")
        assert gm.evaluate(UNTRANSLATED, "en") == []
        assert ann.evaluate(UNTRANSLATED, "ru") == []
        assert sofia.evaluate(UNTRANSLATED, "sv") == []


@pytest.mark.rule("challenge.tasks", "action.overcome")
def test_a_whole_challenge_through_the_page(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    table = harbour(server)
    with seats(
        browser,
        server,
        (table["gm"], "en-GB", DESKTOP),
        (table["ann"], "ru-RU", DESKTOP),
        (table["sofia"], "sv-SE", PHONE),
    ) as (gm, ann, sofia):
        en = catalog("en")
        gm.click("#start-challenge")
        # One task per PC in the scene to begin with, and as many more as the GM adds.
        expect(gm.locator(".task-row")).to_have_count(2)
        for _ in range(3):
            gm.click("#add-task")
        gm.locator(".task-row").nth(4).locator(".remove-task").click()
        tasks = (
            ("Cut the mooring lines", "athletics", "3"),
            ("Start the engine", "drive", "2"),
            ("Spot the customs boat", "notice", "4"),
            ("Keep the papers dry", "will", "1"),
        )
        for i, (text, key, difficulty) in enumerate(tasks):
            row = gm.locator(".task-row").nth(i)
            row.locator(".task-text").fill(text)
            row.locator("select[id^=task-skill]").select_option(key)
            row.locator("select[id^=task-difficulty]").select_option(difficulty)
        gm.click("#start-challenge-form-submit")
        expect(ann.locator("#challenge .task")).to_have_count(4)
        # Аня and Sofia work at two tasks at once.
        ann.click("#task-roll-task1")
        sofia.click("#task-roll-task2")
        # Who may work at it, with their rating in its skill.
        ru = catalog("ru")
        great = ru["rating"].replace("{name}", ru["ladder.great"]).replace("{n}", "+4")
        expect(ann.locator("#task-actor-task1 option")).to_have_text(
            [f"Фёдор Кравцов — {ru['skill.athletics']} {great}"]
        )
        expect(ann.locator("#dialog .odds li")).to_have_count(4)
        ann.fill("#task-dice-task1", "--00")
        sofia.fill("#task-dice-task2", "0000")
        ann.click("#task-roll-form-submit")
        sofia.click("#task-roll-form-submit")
        his = gm.locator(".roll-card[data-actor=fyodor]")
        expect(his).to_be_visible()
        expect(gm.locator(".roll-card")).to_have_count(2)
        # Fyodor failed (Athletics +4 and -2 against +3): the GM is told a choice waits, and
        # offers success at a serious cost, as the texts give it.
        expect(gm.locator("#notice")).to_contain_text("Фёдор Кравцов")
        expect(ann.locator(".roll-card[data-actor=fyodor] .resolve-waiting")).to_be_visible()
        # A fight waits for the rolls in play: the GM's tools say so instead of offering one.
        expect(gm.locator("#conflict-waits")).to_have_text(en["gm.conflict_waits"])
        expect(gm.locator("#start-conflict")).to_have_count(0)
        sofia.locator(".roll-card[data-actor=astrid] .resolve-button").click()
        his.locator("[data-option=success_at_major_cost]").check()
        his.locator(".resolve-button").click()
        expect(gm.locator("#start-conflict")).to_be_visible()
        done = ann.locator("#task-task1 .task-result")
        expect(done).to_have_attribute("data-option", "success_at_major_cost")
        expect(gm.locator("#task-task1 .badge.cost")).to_have_text(en["challenge.at_a_cost"])
        expect(gm.locator("#challenge .report")).to_contain_text(
            en["challenge.report"].replace("{ok}", "2").replace("{bad}", "0").replace("{open}", "2")
        )
        # Both go for the same task at once: one roll stands, the other is refused in the
        # dialog it came from, with the rule's reason in that player's language.
        ann.click("#task-roll-task3")
        sofia.click("#task-roll-task3")
        ann.click("#task-roll-form-submit")
        sofia.click("#task-roll-form-submit")
        expect(gm.locator(".roll-card[data-kind=challenge]")).to_have_count(1)
        # Each dialog has its answer: closed on the roll that stood, a refusal in the other (the
        # GM's card can come before the second answer does).
        for page in (ann, sofia):
            expect(page.locator("#dialog:not([open]), #dialog[open] .refusal")).to_have_count(1)
        refused = [p for p in (ann, sofia) if p.locator("#dialog[open]").count()]
        assert len(refused) == 1
        lang = "ru" if refused[0] is ann else "sv"
        reason = refused[0].locator("#dialog .refusal[data-rule='challenge.tasks'] .reason")
        expect(reason).to_have_text(catalog(lang)["rule.challenge.tasks"])
        assert ann.evaluate(UNTRANSLATED, "ru") == []
        assert sofia.evaluate(UNTRANSLATED, "sv") == []


def test_a_press_is_not_lost_to_another_seats_move(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    table = harbour(server)
    two_rolls(server, table)
    with seats(browser, server, (table["ann"], "ru-RU", DESKTOP)) as (ann,):
        press_while_sofia_resolves(server, table, ann)
        expect(ann.locator(".roll-card")).to_have_count(0)


def test_a_press_is_not_lost_to_a_whole_document(server: str, browser: Any) -> None:
    """The same press, when the page misses a patch (a dropped frame): it reconnects and the
    document comes whole, and that whole redraw waits for the let-go as a patch's does."""
    from playwright.sync_api import WebSocketRoute, expect

    table = harbour(server)
    two_rolls(server, table)
    drop = {"next_patch": False, "dropped": 0, "hellos": 0}

    def relay(route: WebSocketRoute) -> None:
        to_server = route.connect_to_server()
        route.on_message(to_server.send)

        def onwards(message: str | bytes) -> None:
            if isinstance(message, str) and message.startswith('{"kind":"hello"'):
                drop["hellos"] += 1
            if drop["next_patch"] and isinstance(message, str) and '"patch"' in message:
                drop["next_patch"] = False
                drop["dropped"] += 1
                return  # the page's next patch has the wrong base: it reconnects
            route.send(message)

        to_server.on_message(onwards)

    with seats(browser, server, (table["ann"], "ru-RU", DESKTOP), route=("**/ws?*", relay)) as (
        ann,
    ):
        drop["next_patch"] = True
        # Sofia's resolution is dropped on its way; the next move (the GM's note) arrives with
        # a base the page does not hold, so it reconnects and takes the document whole.
        press_while_sofia_resolves(server, table, ann, then=lambda: note(server, table))
        assert (drop["dropped"], drop["hellos"]) == (1, 2)
        expect(ann.locator(".roll-card")).to_have_count(0)


def test_a_press_is_not_lost_to_an_answer_the_page_asked_for(server: str, browser: Any) -> None:
    """The GM types an NPC's aspect and presses "Bring to the table" at once: the press takes
    the focus from the field, whose change asks the engine for its verdict on the sheet. The
    verdict comes while the button is held; drawn then, it would move the button from under
    the pointer and the click would go to nothing (it did, on a loaded machine). It waits."""
    from playwright.sync_api import Route, expect

    table = harbour(server)
    asked: list[Route] = []
    with seats(browser, server, (table["gm"], "en-GB", DESKTOP)) as (gm,):
        gm.route("**/characters/check", lambda route: asked.append(route))
        gm.click("#quick-npc")
        gm.fill("#npc-name", "Tullare Berg")
        gm.fill("#npc-aspect", "Tullens yngste")  # the name's verdict is asked
        while not asked:
            gm.wait_for_timeout(20)
        asked.pop().continue_()
        expect(gm.locator("#npc-verdict li")).not_to_have_count(0)
        gm.locator("#npc-form-submit").hover()
        gm.mouse.down()  # the aspect's verdict is asked, and kept back until it is let go
        while not asked:
            gm.wait_for_timeout(20)
        with gm.expect_response("**/characters/check"):
            asked.pop().continue_()
        gm.wait_for_timeout(200)  # time enough to draw it, were it drawn under the press
        gm.mouse.up()
        expect(gm.locator("#dialog")).not_to_be_visible()
        expect(gm.locator("#char-tullare-berg")).to_be_visible()


def two_rolls(server: str, table: dict[str, str]) -> None:
    """Фёдор and Astrid each roll to overcome a Fair difficulty, left to be settled."""
    for link, actor, skill in (
        (table["ann"], "fyodor", "athletics"),
        (table["sofia"], "astrid", "drive"),
    ):
        roll = {
            "actor": actor,
            "action": "overcome",
            "skill": skill,
            "difficulty": 1,
            "dice": "0000",
        }
        command(server, table["table"], link, "Roll", roll)


def note(server: str, table: dict[str, str]) -> None:
    command(server, table["table"], table["gm"], "Note", {"text": "Fog rolls in."})


def press_while_sofia_resolves(
    server: str, table: dict[str, str], ann: Any, then: Any = None
) -> None:
    """Аня presses Фёдор's resolve button and holds it while Sofia settles her roll (and,
    with ``then``, another move follows), then lets go: her click must go through."""
    button = ann.locator(".roll-card[data-actor=fyodor] .resolve-button")
    expect_visible(button)
    # The page has settled (its log read: nothing moves under the pointer any more), and
    # hover() waits for the button to stand still before the pointer goes down on it.
    ann.locator("#log-list li").first.wait_for(state="attached")
    button.hover()
    ann.mouse.down()
    assert button.evaluate("b => b.matches(':active')")
    version = int(ann.get_attribute("body", "data-version"))
    rolling = state_of(server, table["table"], table["sofia"])["rolls"]
    theirs = next(r["id"] for r in rolling if r["actor"] == "astrid")
    command(server, table["table"], table["sofia"], "ResolveRoll", {"roll": theirs})
    if then is not None:
        then()
    ann.wait_for_function(
        f"() => Number(document.body.dataset.version) > {version + 1 if then else version}"
    )
    ann.mouse.up()


def expect_visible(locator: Any) -> None:
    from playwright.sync_api import expect

    expect(locator).to_be_visible()


def test_a_roll_against_someone_and_a_boost_named_later(server: str, browser: Any) -> None:
    from playwright.sync_api import expect

    table = harbour(server)
    with seats(
        browser, server, (table["ann"], "ru-RU", DESKTOP), (table["sofia"], "sv-SE", PHONE)
    ) as (ann, sofia):
        ru, sv = catalog("ru"), catalog("sv")
        # Sofia rolls against Kruger with no skill of his named: his best resists, and the
        # roll goes through (it was refused for want of a defend skill).
        sofia.click("#new-roll")
        sofia.select_option("#roll-mode", "against")
        sofia.select_option("#roll-against", "kruger")
        their = sofia.locator("#roll-defend-skill option")
        expect(their.first).to_have_text(sv["roll.their_best"])
        expect(their.nth(1)).to_contain_text("(+3)")  # his skills, best first, rated
        expect(sofia.locator("#dialog .odds li")).to_have_count(4)
        sofia.fill("#roll-dice", "0000")
        sofia.click("#roll-form-submit")
        card = sofia.locator(".roll-card[data-actor=astrid]")
        expect(card.locator(".roll-dice")).to_contain_text("Sergeant Kruger")
        expect(sofia.locator("#dialog")).not_to_be_visible()
        # Аня succeeds with style and leaves the boost unnamed (the texts let her name it when
        # she uses it): its card says so in each language, never an empty name.
        ann.click("#new-roll")
        ann.select_option("#roll-skill", "athletics")
        ann.select_option("#roll-difficulty", "0")
        ann.fill("#roll-dice", "++++")
        ann.click("#roll-form-submit")
        ann.locator(".roll-card[data-actor=fyodor] .resolve-button").click()
        expect(ann.locator("#scene .aspect.boost .aspect-name")).to_have_text(
            ru["aspect.unnamed_boost"]
        )
        expect(sofia.locator("#scene .aspect.boost .aspect-name")).to_have_text(
            sv["aspect.unnamed_boost"]
        )
