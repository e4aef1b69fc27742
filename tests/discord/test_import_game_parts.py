"""``/character`` with a sheet of a published game (issue 41): its modes come in, and a sheet whose
modes break the rule set is refused in the user's words with the engine's reasons, nothing added."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import httpx

from .harness import Member, Play
from .standin import StandIn
from .test_session import attachment

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "tests" / "formats" / "fixtures" / "games"
SCIENCE = ROOT / "docs" / "examples" / "rulesets" / "action-science.ruleset.json"


def catalog(lang: str) -> dict[str, str]:
    found: dict[str, str] = json.loads(
        (ROOT / "fatekit" / "i18n" / f"{lang}.json").read_text(encoding="utf-8")
    )
    return found


async def bring(tmp: Path) -> None:
    ruleset = json.loads(SCIENCE.read_text(encoding="utf-8"))
    async with (
        StandIn() as discord,
        Play(tmp / "discord.db", discord, endpoint=False).running() as play,
        httpx.AsyncClient(base_url=play.base) as http,
    ):
        made = (await http.post("/tables", json={"name": "Tesladyne", "ruleset": ruleset})).json()
        table, link = made["table_id"], made["link"]
        gm = Member(discord, "1001", "Gloria", "it")
        bound = await gm.submit(await gm.use("bind", language="it"), link=link)
        assert "Tesladyne" in bound.content
        too_far = (GAMES / "fari-v6-action-science-too-far.fari.json").read_text("utf-8")
        key, resolved = attachment(discord, "too-far.fari.json", too_far)
        refused = await gm.use("character", file=key, resolved=resolved)
        assert refused.ephemeral
        words = catalog("it")["refusal.import_refused"].split("{game}")[0]
        assert words in refused.content and "Action Science" in refused.content
        assert refused.content.count("•") == 2  # the engine's two problems
        state = (await http.get(f"/tables/{table}/state", headers={"X-Fatekit-Link": link})).json()
        assert state["characters"] == []
        fine = (GAMES / "fari-v6-action-science-modes.fari.json").read_text("utf-8")
        key, resolved = attachment(discord, "wren.fari.json", fine)
        await gm.use("character", file=key, resolved=resolved)
        state = (await http.get(f"/tables/{table}/state", headers={"X-Fatekit-Link": link})).json()
        [card] = state["characters"]
        assert card["sheet"]["modes"] == {"action": 3, "science": 2, "intrigue": 1}


def test_a_games_sheet_comes_in_or_is_refused_with_its_reasons(tmp_path: Path) -> None:
    asyncio.run(bring(tmp_path))
