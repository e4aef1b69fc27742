"""The foresight panel's "How each side plays": the GM has the smugglers brace on full defense
from the start, and they can no longer win; then has them concede once hurt, and Silas's row
shows him conceding. The choices stay in the panel across answers, hold for the what-if too, and
full defense is offered only where the table plays it. In Swedish, every text from the catalog."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from tests.foresight_table import OPTIONS, pier_commands

from .test_flow import UNTRANSLATED, Player, accessible  # type: ignore[import-not-found]
from .test_foresight_page import win_shown  # type: ignore[import-not-found]
from .test_turns import call, catalog, command  # type: ignore[import-not-found]

TIMEOUT = 15_000


def pier_table(server: str, options: list[str]) -> str:
    """The pier fight at a new table with ``options``; the GM's link."""
    made = call(server, "/tables", {"name": "Docks", "preset": "condensed", "options": options})
    for kind, data in pier_commands():
        command(server, made["table_id"], made["link"], kind, data)
    link: str = made["link"]
    return link


@contextmanager
def foreseeing(
    browser: Any, server: str, link: str, locale: str
) -> Iterator[tuple[Any, list[str]]]:
    """The GM's page at ``link`` in a context of its own, its first foresight of 2,000 fights
    shown; the page and the script errors it has had. The context is closed either way."""
    context = browser.new_context(locale=locale, viewport={"width": 1280, "height": 1000})
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.set_default_timeout(TIMEOUT)
        page.goto(f"{server}/#link={link}")
        page.wait_for_selector("#log-list")
        page.fill("#foresight-runs", "2000")
        page.click("#foresight-run")
        page.wait_for_selector("#foresight-baseline .risk-chart")
        yield page, errors
    finally:
        context.close()


def play_again(page: Any, button: str) -> None:
    """Press ``button`` and wait for the new answer (the panel shows the last one meanwhile)."""
    with page.expect_response(lambda r: r.url.endswith("/foresight")):
        page.click(button)
    page.wait_for_selector(f"{button}:not([disabled])")


def test_the_gm_chooses_how_each_side_plays(server: str, browser: Any) -> None:
    gm_link = pier_table(server, [*OPTIONS, "full_defense"])
    with foreseeing(browser, server, gm_link, "sv-SE") as (page, errors):
        words = catalog("sv")
        before = win_shown(page, "foresight-baseline")
        assert before["smugglers"] > 0
        assert page.locator("#foresight-play > legend").inner_text() == words["foresight.play"]
        # The sides in the answer's order: the crew (0), the smugglers (1).
        page.select_option("#foresight-play-1-full_defense_after", "0")
        play_again(page, "#foresight-run")
        braced = win_shown(page, "foresight-baseline")
        assert braced["smugglers"] == 0  # bracing every turn, they never hurt anyone
        assert page.input_value("#foresight-play-1-full_defense_after") == "0"
        # Conceding once hurt instead, with a what-if beside it: both play it.
        page.select_option("#foresight-play-1-full_defense_after", "")
        page.select_option("#foresight-play-1-concede_after", "1")
        page.select_option("#foresight-remove", "goon-2")
        play_again(page, "#foresight-compare")
        for column in ("foresight-baseline", "foresight-what-if"):
            cell = page.locator(f"#{column} rect[data-risk='boss:conceded']")
            assert float(cell.get_attribute("width") or 0) > 0, column
        assert page.input_value("#foresight-play-1-concede_after") == "1"
        bad = page.evaluate(UNTRANSLATED, "sv")
        assert bad == [], f"untranslated: {bad[:10]}"
        accessible(Player(page, "GM"))
        # A table without full defense is not offered it.
        plain = page.context.new_page()
        plain.set_default_timeout(TIMEOUT)
        plain.on("pageerror", lambda error: errors.append(str(error)))
        plain.goto(f"{server}/#link={pier_table(server, OPTIONS)}")
        plain.wait_for_selector("#log-list")
        plain.fill("#foresight-runs", "500")
        plain.click("#foresight-run")
        plain.wait_for_selector("#foresight-play-1-concede_after")
        assert plain.locator("#foresight-play-1-full_defense_after").count() == 0
        assert errors == []


def test_teamwork_is_played_where_allies_can_help(server: str, browser: Any) -> None:
    # At the pier nobody can help anyone (Ethan cannot fight, Ruth cannot shoot), so teamwork
    # leaves the scene's odds as they were; in a what-if where Ethan fights at Average he can
    # help Ruth's blows, and the same dice give other odds.
    gm_link = pier_table(server, OPTIONS)
    with foreseeing(browser, server, gm_link, "it-IT") as (page, errors):
        words = catalog("it")
        choice = page.locator("#foresight-play-0-teamwork option[value='weaker_help']")
        assert choice.inner_text() == words["foresight.teamwork_weaker_help"]

        def compare() -> tuple[dict[str, float], dict[str, float]]:
            page.select_option("#foresight-skill-who", "ethan")
            page.select_option("#foresight-skill", "fight")
            page.select_option("#foresight-rating", "1")
            play_again(page, "#foresight-compare")
            page.wait_for_selector("#foresight-what-if .win-chart")
            return win_shown(page, "foresight-baseline"), win_shown(page, "foresight-what-if")

        alone, alone_if = compare()
        page.select_option("#foresight-play-0-teamwork", "weaker_help")
        with page.expect_request(lambda r: r.url.endswith("/foresight")) as sent:
            helped, helped_if = compare()
        assert sent.value.post_data_json["play"] == {"crew": {"teamwork": "weaker_help"}}
        assert helped == alone
        assert helped_if != alone_if
        assert page.input_value("#foresight-play-0-teamwork") == "weaker_help"
        assert errors == []
