"""Counted words read right on the Russian page: a pending hit of 1, 2 and 5 shifts says
"сдвиг", "сдвига" and "сдвигов" (the catalog's plural variants, picked by the browser's own
Intl.PluralRules), and the English page says "1 shift" but "2 shifts". Each hit is set up over
HTTP with fixed dice and blank defence dice, so every run repeats."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.test_evening_page import open_page, scene_with_ruth
from tests.web.test_flow import UNTRANSLATED
from tests.web.test_turns import command

# attacker, defender, dice: Alice's Fight +3 against Ruth's +4, Ruth's Fight +4 against
# Alice's +3, the defence rolling blanks.
HITS = {
    1: ("alice", "ruth", "++00"),
    2: ("alice", "ruth", "+++0"),
    5: ("ruth", "alice", "++++"),
}


def pending_hit(server: str, shifts: int) -> str:
    """A table where a hit of ``shifts`` waits to be taken: the GM's link."""
    attacker, target, dice = HITS[shifts]
    table, gm_link, _ = scene_with_ruth(server)
    sides = [["heroes", ["ruth"]], ["cult", ["alice"]]]
    command(server, table, gm_link, "StartConflict", {"sides": sides, "first": attacker})
    attack = {"actor": attacker, "target": target, "skill": "fight", "dice": dice}
    command(server, table, gm_link, "Attack", attack)
    command(server, table, gm_link, "ResolveRoll", {"option": "hit"})
    return gm_link


@pytest.mark.parametrize(
    ("locale", "lang", "words"),
    [
        ("ru-RU", "ru", {1: "в 1 сдвиг.", 2: "в 2 сдвига.", 5: "в 5 сдвигов."}),
        ("en-GB", "en", {1: "of 1 shift.", 2: "of 2 shifts.", 5: "of 5 shifts."}),
    ],
)
def test_a_pending_hit_counts_its_shifts_in_the_pages_language(
    server: str, browser: Any, locale: str, lang: str, words: dict[int, str]
) -> None:
    from playwright.sync_api import expect

    errors: list[str] = []
    for shifts, said in words.items():
        page = open_page(browser, server, pending_hit(server, shifts), locale, errors)
        try:
            hit = page.locator(f"#pending-hit[data-shifts='{shifts}'] .hit")
            expect(hit).to_have_text(re.compile(re.escape(said) + "$"))
            assert page.evaluate(UNTRANSLATED, lang) == []
        finally:
            page.context.close()
    assert errors == []
