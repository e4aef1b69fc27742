"""The setting and the lasting aspects through the page (issue 27's other kinds of aspects and
removing an aspect, issue 28's item 4): the GM in Swedish builds the setting (its name, a
current and an impending issue, an organization's aspect, faces and places, one face secret)
and says Ruth belongs to the guild; Ann in English on a phone and Ben in Italian read it (never
the secret face); Ann invokes the setting aspect and the guild's aspect on her roll, while Ben's
picker offers him the setting aspect but not the guild's; then Ann overcomes "Pinned Down",
which Alice defends, and it leaves play. The GM strikes a face and closes the scenario."""

from __future__ import annotations

from typing import Any

from tests.sheets import charles_sheet, npc_sheet, ruth_sheet
from tests.web.test_flow import UNTRANSLATED
from tests.web.test_refusals_page import seat_page
from tests.web.test_turns import call, catalog, command, state_of

PHONE = (390, 844)


def table_on_deck(server: str) -> tuple[str, str, str, str]:
    made = call(server, "/tables", {"name": "Bay City", "preset": "condensed"})
    table, gm = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm)
    ben = call(server, f"/tables/{table}/seats", {"name": "Ben", "role": "player"}, gm)
    command(server, table, gm, "AddCharacter", {"sheet": ruth_sheet(), "owner": ann["seat"]})
    command(server, table, gm, "AddCharacter", {"sheet": charles_sheet(), "owner": ben["seat"]})
    command(server, table, gm, "AddCharacter", {"sheet": npc_sheet(), "revealed": True})
    command(server, table, gm, "StartSession", {})
    scene = {"name": "The Docks", "participants": ["ruth", "charles", "alice"]}
    command(server, table, gm, "StartScene", scene)
    return table, gm, ann["link"], ben["link"]


def test_the_setting_is_built_read_invoked_and_an_aspect_overcome(
    server: str, browser: Any
) -> None:
    from playwright.sync_api import expect

    table, gm_link, ann_link, ben_link = table_on_deck(server)
    sv, it = catalog("sv"), catalog("it")
    with (
        seat_page(browser, server, gm_link, "sv-SE", (1366, 900)) as gm,
        seat_page(browser, server, ann_link, "en-GB", PHONE) as ann,
        seat_page(browser, server, ben_link, "it-IT", (1280, 800)) as ben,
    ):
        expect(gm.locator("#setting-title")).to_have_text(sv["setting.title"])
        expect(ann.locator("#setting")).to_have_count(0)  # nothing written yet
        gm.click("#setting-describe")
        gm.fill("#setting-name", "Bay City")
        gm.fill("#setting-summary", "A port run by two families.")
        gm.click("#setting-describe-form-submit")
        expect(gm.locator("#dialog")).not_to_be_visible()

        def lasting(name: str, kind: str, issue: str = "", organization: str = "") -> None:
            gm.click("#setting-add-aspect")
            gm.fill("#lasting-name", name)
            gm.select_option("#lasting-kind", kind)
            if issue:
                gm.select_option("#lasting-issue", issue)
            if organization:
                gm.fill("#lasting-organization", organization)
            gm.click("#lasting-form-submit")
            expect(gm.locator("#dialog")).not_to_be_visible()

        lasting("The Docks Are Dying", "setting", issue="current")
        lasting("The Syndicate Is Coming", "setting", issue="impending")
        lasting("The Guild Never Forgets", "organization", organization="Thieves' Guild")
        lasting("Everyone Has a Price", "scenario")

        def entry(kind: str, name: str, text: str, secret: bool = False) -> None:
            gm.click(f"#setting-add-{kind}")
            gm.fill("#entry-name", name)
            gm.fill("#entry-text", text)
            if secret:
                gm.check("#entry-secret")
            gm.click("#entry-form-submit")
            expect(gm.locator("#dialog")).not_to_be_visible()

        entry("face", "Mara Voss", "Harbour master")
        entry("face", "Tomas Voss", "Works for the Syndicate", secret=True)
        entry("place", "The Rusty Anchor", "A dive by the water")
        gm.click("#setting-membership")
        gm.select_option("#membership-character", "ruth")
        gm.fill("#membership-organization", "Thieves' Guild")
        gm.click("#membership-form-submit")
        expect(gm.locator("#dialog")).not_to_be_visible()
        expect(gm.locator("#setting .setting-entry.hidden")).to_contain_text("Tomas Voss")

        # Every seat reads the setting in its own words; no player sees the secret face.
        for page in (ann, ben):
            panel = page.locator("#setting")
            expect(panel.locator(".setting-name")).to_have_text("Bay City")
            expect(panel).to_contain_text("The Docks Are Dying")
            expect(panel).to_contain_text("The Syndicate Is Coming")
            expect(panel.locator(".setting-entry")).to_have_count(2)
            expect(panel).not_to_contain_text("Tomas")
            expect(panel.locator("[data-organization] .who")).to_have_text("Ruth")
        expect(ben.locator("#setting-title")).to_have_text(it["setting.title"])
        expect(ben.locator("#setting")).to_contain_text(it["setting.issue.impending"])
        expect(ann.locator("#setting-describe, #setting-add-aspect")).to_have_count(0)

        # Ann rolls for Ruth; her picker offers the setting aspect and the guild's, as her own.
        ann.click("#new-roll")
        ann.select_option("#roll-skill", "athletics")
        ann.fill("#roll-dice", "0000")
        ann.click("#roll-form-submit")
        expect(ann.locator("#dialog")).not_to_be_visible()
        view = state_of(server, table, gm_link)
        ids = {a["name"]: a["id"] for a in view["setting"]["aspects"]}
        card = ann.locator(".roll-card[data-actor=ruth]")
        guild, docks = ids["The Guild Never Forgets"], ids["The Docks Are Dying"]
        expect(card.locator(f"[data-invoke='{guild}|paid']")).to_be_visible()
        card.locator(f"[data-invoke='{guild}|paid']").click()
        expect(card.locator(".invocations li")).to_have_count(1)
        card.locator(f"[data-invoke='{docks}|paid']").click()
        expect(card.locator(".invocations li")).to_have_count(2)
        card.locator(".resolve-button").click()
        expect(ann.locator(".roll-card")).to_have_count(0)
        # Ben's picker for Charles: the setting's aspects, not the guild's.
        ben.click("#new-roll")
        ben.select_option("#roll-skill", "lore")
        ben.fill("#roll-dice", "0000")
        ben.click("#roll-form-submit")
        his = ben.locator(".roll-card[data-actor=charles]")
        expect(his.locator(f"[data-invoke='{docks}|paid']")).to_have_count(1)
        expect(his.locator(f"[data-invoke^='{guild}|']")).to_have_count(0)
        his.locator(".resolve-button").click()
        expect(ben.locator(".roll-card")).to_have_count(0)

        # The guild's aspect is compelled on its members: Ben's page puts Ruth first, and asking
        # for it on Charles is refused beside the form, naming the rule in Italian.
        guild_card = ben.locator(f"#setting [data-aspect='{guild}']")
        guild_card.get_by_role("button", name=it["compel.offer"]).click()
        expect(ben.locator("#compel-target")).to_have_value("ruth")
        ben.select_option("#compel-target", "charles")
        ben.fill("#compel-complication", "The guild wants a favour")
        ben.click("#compel-form-submit")
        refusal = ben.locator("#dialog .refusal")
        expect(refusal).to_contain_text(it["rule.aspect.organization"][:40])
        ben.keyboard.press("Escape")
        expect(ben.locator("#dialog")).not_to_be_visible()

        # "Pinned Down" is overcome away by Ruth; Alice defends it with her Will.
        command(server, table, gm_link, "AddSituationAspect", {"name": "Pinned Down"})
        ann.click("#new-roll")
        ann.select_option("#roll-action", "overcome")
        ann.select_option("#roll-skill", "athletics")
        ann.select_option("#roll-mode", "against")
        ann.select_option("#roll-against", "alice")
        ann.select_option("#roll-defend-skill", "will")
        ann.select_option("#roll-remove", label="Pinned Down")
        ann.fill("#roll-dice", "++++")  # Athletics 3 + 4 against Will 2 and at most +4
        ann.click("#roll-form-submit")
        expect(ann.locator("#dialog")).not_to_be_visible()
        aim = gm.locator(".roll-card[data-actor=ruth] .roll-aim")
        expect(aim).to_contain_text("Pinned Down")
        expect(ben.locator(".roll-card[data-actor=ruth] .roll-aim")).to_contain_text(
            it["roll.aim_remove"].split(" ")[0]
        )
        ann.locator(".roll-card[data-actor=ruth] .resolve-button").click()
        for page in (gm, ann, ben):
            expect(page.locator("#scene")).not_to_contain_text("Pinned Down")
        # The log says the aspect left play with the roll, in each seat's words.
        line = ben.locator("#log-list li[data-type=RollResolved]").first
        expect(line).to_contain_text("Pinned Down")
        expect(line).to_contain_text(it["event.RollResolved.removed"].split("{aspect}")[1].strip())
        expect(gm.locator("#log-list li[data-type=RollResolved]").first).to_contain_text(
            sv["event.RollResolved.removed"].split("{aspect}")[1].strip()
        )

        # The GM strikes the place and closes the scenario; the players' setting follows.
        gm.locator("#setting [data-entry]", has_text="The Rusty Anchor").get_by_role(
            "button", name="Stryk The Rusty Anchor"
        ).click()
        gm.click("#setting-close-scenario")
        for page in (ann, ben):
            expect(page.locator("#setting .setting-entry")).to_have_count(1)
            expect(page.locator("#setting")).not_to_contain_text("Everyone Has a Price")
        expect(ben.locator("#log-list li[data-type=ScenarioClosed]")).to_contain_text(
            it["event.ScenarioClosed"].split(":")[0]
        )
        assert ann.evaluate(UNTRANSLATED, "en") == []
        assert ben.evaluate(UNTRANSLATED, "it") == []
        assert gm.evaluate(UNTRANSLATED, "sv") == []
