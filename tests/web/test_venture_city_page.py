"""Venture City on the page (issue 41; srd/venture-city.md): Ann, on a Swedish phone, finds on
Miles's card the power he bought, under the rule set's Swedish name for powers, with its options
named once and Master Flight counted twice, and the stunts the power grants among his stunts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.test_refusals_page import seat_page
from tests.web.test_turns import call, command, state_of

SAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "venture-city"


@pytest.mark.rule("package.grants")
def test_the_card_lists_the_power_its_options_and_its_stunts(server: str, browser: Any) -> None:
    made = call(server, "/tables", {"name": "Hamnen", "preset": "venturecity"})
    table, gm_link = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm_link)
    sheet = (SAMPLES / "miles.character.json").read_text(encoding="utf-8")
    command(server, table, gm_link, "AddCharacter", {"sheet": sheet, "owner": "ann"})
    with seat_page(browser, server, ann["link"], "sv-SE", (390, 844)) as player:
        line = player.locator("#char-miles-packages")
        expect(line).to_contain_text("Krafter: Flight (Master Flight ×2, Super Speed,")
        expect(line).to_contain_text("Very Noticeable, Megaton Punch)")
        expect(line.locator("[data-package='flight']")).to_have_count(1)
        card_stunts = player.locator("#char-miles-packages ~ ul.stunts")
        expect(card_stunts).to_contain_text("Master Flight")
        expect(card_stunts).to_contain_text("Bullrush")


@pytest.mark.rule("package.grants", "package.cost")
def test_editing_the_sheet_keeps_the_power(server: str, browser: Any) -> None:
    """Ann rewrites Miles's high concept in the sheet editor: the power he bought stays, with
    its stunts, its drawback and his refresh of 2."""
    made = call(server, "/tables", {"name": "Hamnen", "preset": "venturecity"})
    table, gm_link = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm_link)
    sheet = (SAMPLES / "miles.character.json").read_text(encoding="utf-8")
    command(server, table, gm_link, "AddCharacter", {"sheet": sheet, "owner": "ann"})
    with seat_page(browser, server, ann["link"], "en-GB", (390, 844)) as player:
        player.click("#edit-miles")
        expect(player.locator("#sheet-form")).to_be_visible()
        player.fill("#sheet-aspect-high_concept-0", "Lightning-Winged Courier of Venture City")
        player.click("#sheet-form-submit")
        expect(player.locator("#sheet-form")).not_to_be_visible()
        expect(player.locator("#char-miles-packages")).to_contain_text("Master Flight ×2")
    (miles,) = state_of(server, table, gm_link)["characters"]
    names = [a["name"] for a in miles["sheet"]["aspects"]]
    assert "Lightning-Winged Courier of Venture City" in names and "Very Noticeable" in names
    assert miles["sheet"]["packages"][0]["key"] == "flight"
    assert miles["sheet"]["refresh"] == 2


@pytest.mark.rule("advancement.package-buy", "package.cost")
def test_a_player_buys_a_power_at_a_milestone_in_russian(server: str, browser: Any) -> None:
    """Ann, on a Russian phone, spends Miles's minor milestone on a second power: the milestone
    form offers the powers under the rule set's Russian name, Energy Blast taken with its
    drawback and collateral damage effect at one refresh; the table takes it."""
    from tests.web.test_turns import catalog

    ru = catalog("ru")
    made = call(server, "/tables", {"name": "Гавань", "preset": "venturecity"})
    table, gm_link = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm_link)
    sheet = (SAMPLES / "miles.character.json").read_text(encoding="utf-8")
    command(server, table, gm_link, "AddCharacter", {"sheet": sheet, "owner": "ann"})
    command(server, table, gm_link, "StartSession", {})
    command(server, table, gm_link, "EndSession", {"milestone": "minor"})
    with seat_page(browser, server, ann["link"], "ru-RU", (390, 844)) as player:
        form = player.locator("#milestone-miles")
        expect(form).to_be_visible()
        buy = ru["milestone.change.buy_package"].replace("{label}", "Силы")
        player.select_option("#milestone-kind-miles", label=buy)
        expect(player.locator("#milestone-package-hint-miles")).to_have_text(
            ru["milestone.package_hint"]
        )
        player.select_option("#milestone-package-miles", "energy-blast")
        way = ru["milestone.package_cost"].format(
            what="Need a Mask to Protect Those Around You · Charged Shot", n=1
        )
        player.select_option("#milestone-package-with-miles", label=way)
        # A special effect on top, free (two come with a power), ticked in the same change.
        extra = player.locator("#milestone-package-extra-miles-area-attack")
        expect(player.locator("label[for=milestone-package-extra-miles-area-attack]")).to_have_text(
            ru["milestone.package_cost"].format(what="Area Attack", n=1)
        )
        extra.check()
        player.click("#milestone-take-miles")
        expect(form).to_have_count(0)
        expect(player.locator("#char-miles-packages")).to_contain_text("Energy Blast")
    (miles,) = state_of(server, table, gm_link)["characters"]
    assert [p["key"] for p in miles["sheet"]["packages"]] == ["flight", "energy-blast"]
    assert miles["sheet"]["packages"][1]["options"][-1] == "area-attack"
    assert miles["sheet"]["refresh"] == 1
    assert "Basic Energy Blast" in [s["name"] for s in miles["sheet"]["stunts"]]


@pytest.mark.rule("advancement.package-options", "package.options")
def test_a_player_buys_an_enhancement_on_a_power_held_in_swedish(server: str, browser: Any) -> None:
    """Ann, on a Swedish phone, spends Miles's minor milestone on Master Flight, an enhancement
    on the Flight he holds, at one refresh; the table takes it."""
    from tests.web.test_turns import catalog

    sv = catalog("sv")
    made = call(server, "/tables", {"name": "Hamnen", "preset": "venturecity"})
    table, gm_link = made["table_id"], made["link"]
    ann = call(server, f"/tables/{table}/seats", {"name": "Ann", "role": "player"}, gm_link)
    sheet = (SAMPLES / "miles.character.json").read_text(encoding="utf-8")
    command(server, table, gm_link, "AddCharacter", {"sheet": sheet, "owner": "ann"})
    command(server, table, gm_link, "StartSession", {})
    command(server, table, gm_link, "EndSession", {"milestone": "minor"})
    with seat_page(browser, server, ann["link"], "sv-SE", (390, 844)) as player:
        form = player.locator("#milestone-miles")
        expect(form).to_be_visible()
        label = player.locator("#milestone-kind-miles option[value=add_package_options]")
        expect(label).to_have_count(1)
        player.select_option("#milestone-kind-miles", "add_package_options")
        player.select_option("#milestone-package-miles", "flight")
        way = sv["milestone.package_cost"].format(what="Master Flight", n=1)
        player.select_option("#milestone-package-with-miles", label=way)
        expect(player.locator("#milestone-package-extras-miles")).to_be_hidden()
        player.click("#milestone-take-miles")
        expect(form).to_have_count(0)
    (miles,) = state_of(server, table, gm_link)["characters"]
    assert miles["sheet"]["packages"][0]["options"][-1] == "master-flight"
    assert miles["sheet"]["refresh"] == 1
