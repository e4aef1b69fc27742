"""Discord and the page at once: Ann plays from her phone's browser page and from Discord, Ben and
the GM from Discord only. Each side shows the other's moves as they happen: Ben's roll made in
Discord stands on Ann's page, Ann's roll made on the page is posted in the channel with its
buttons, her invoke pressed in Discord shows on her page's card, and what she settles on the page
leaves Discord's button for it with nothing to settle.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

import httpx
import pytest

from ..sheets import charles_sheet, npc_sheet, ruth_sheet  # type: ignore[import-not-found]
from .harness import CHANNEL, Member, Play
from .standin import StandIn

CHROMIUM = os.environ.get("FATEKIT_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
PHONE = {"width": 390, "height": 844}
WAIT = 15_000


def _need_chromium() -> None:
    if Path(CHROMIUM).exists():
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"no Chromium at {CHROMIUM}")
    pytest.skip(f"no Chromium at {CHROMIUM}")


async def play(tmp: Path) -> dict[str, Any]:
    from playwright.async_api import async_playwright, expect

    seen: dict[str, Any] = {"errors": []}
    async with (
        StandIn() as discord,
        Play(tmp / "t.db", discord, endpoint=False).running() as p,
        httpx.AsyncClient(base_url=p.base) as http,
        async_playwright() as playwright,
    ):
        made = (await http.post("/tables", json={"name": "Harbour Nights"})).json()
        table, gm_link = made["table_id"], made["link"]
        links = {}
        for name in ("Ann", "Ben"):
            answer = await http.post(
                f"/tables/{table}/seats", json={"name": name}, headers={"X-Fatekit-Link": gm_link}
            )
            links[name] = answer.json()["link"]
        for link, sheet in ((links["Ann"], ruth_sheet()), (links["Ben"], charles_sheet())):
            await http.post(
                f"/tables/{table}/characters/import",
                json={"content": sheet},
                headers={"X-Fatekit-Link": link},
            )
        await http.post(
            f"/tables/{table}/characters/import",
            json={"content": npc_sheet()},
            headers={"X-Fatekit-Link": gm_link},
        )
        gm = Member(discord, "1", "Gloria")
        ann = Member(discord, "2", "Ann", "sv-SE")
        ben = Member(discord, "3", "Ben", "ru")
        await gm.submit(await gm.use("bind"), link=gm_link)
        await ann.submit(await ann.use("join"), link=links["Ann"])
        await ben.submit(await ben.use("join"), link=links["Ben"])
        await gm.use("gm start-session")
        await gm.use("gm start-scene", name="The Docks at Night")

        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = await browser.new_context(locale="sv-SE", viewport=PHONE)
        page = await context.new_page()
        page.on("pageerror", lambda error: seen["errors"].append(str(error)))
        page.set_default_timeout(WAIT)
        await page.goto(f"{p.base}/#link={links['Ann']}")
        await page.wait_for_selector("#you")

        # Ben rolls in Discord: the roll stands on Ann's page.
        await ben.use("roll", skill="investigate", difficulty=1, dice="0000")
        await expect(page.locator(".roll-card[data-actor=charles]")).to_have_count(1, timeout=WAIT)

        # Ann rolls on the page: the channel posts it with buttons for her roll.
        await page.click("#new-roll")
        await page.select_option("#roll-skill", "notice")
        await page.fill("#roll-dice", "0000")
        await page.click("#roll-form-submit")
        await expect(page.locator(".roll-card")).to_have_count(2, timeout=WAIT)
        await p.settled(table)
        post = discord.channel(CHANNEL)[-1]
        seen["post"] = post.content
        rolls = {
            r["actor"]: r["id"]
            for r in (
                await http.get(f"/tables/{table}/state", headers={"X-Fatekit-Link": gm_link})
            ).json()["rolls"]
        }
        seen["rolls"] = rolls
        # She invokes on it from Discord: her page's card shows the invoke.
        menu = await ann.press(post, f"inv:plus_two:{rolls['ruth']}")
        select = menu.message.body["components"][0]["components"][0]
        await ann.press(menu.message, select["custom_id"], ["ruth/high_concept/1|p"])
        card = page.locator(".roll-card[data-actor=ruth]")
        await expect(card.locator(".invocations li")).to_have_count(1, timeout=WAIT)
        # She settles it on the page; Discord's button for it now has nothing to settle.
        await card.locator(".resolve-button").click()
        await expect(page.locator(".roll-card")).to_have_count(1, timeout=WAIT)
        await p.settled(table)
        seen["stale"] = (await ann.press(post, f"settle:{rolls['ruth']}")).content
        # The GM settles Ben's in Discord: Ann's page has no roll left.
        await gm.use("settle")
        await expect(page.locator(".roll-card")).to_have_count(0, timeout=WAIT)
        seen["refusals on the page"] = await page.locator(".refusal").count()
        seen["channel"] = [m.content for m in discord.channel(CHANNEL)]
        await context.close()
        await browser.close()
    return seen


def test_the_page_and_discord_show_each_others_moves(tmp_path: Path) -> None:
    _need_chromium()
    seen = asyncio.run(play(tmp_path))
    assert seen["errors"] == []
    assert "**Ann** · **Ruth**: Overcome with Notice" in seen["post"]
    assert "**Charles**:" in seen["post"] and "**Ruth**:" in seen["post"]
    assert any(
        "**Ruth** paid a fate point to invoke *Ex-Boxer on the Run*" in line
        for line in seen["channel"]
    )
    assert seen["stale"] == "Inget slag pågår."
    assert seen["refusals on the page"] == 0
    assert sum("settled the roll" in line for line in seen["channel"]) == 2
