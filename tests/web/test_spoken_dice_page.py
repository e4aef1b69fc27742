"""Dice as a screen reader says them (issue 43, item 1): each face a word in the page's language
and the dice's total, read from the accessibility tree Chromium exposes, not from the markup."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.test_evening_page import at_table, scene_with_ruth
from tests.web.test_flow import UNTRANSLATED
from tests.web.test_turns import catalog, command


def spoken(lang: str, faces: str) -> str:
    """What the catalog of ``lang`` makes of ``faces``, worked out apart from the page."""
    words = catalog(lang)
    name = {"+": "plus", "-": "minus", "0": "blank"}
    total = faces.count("+") - faces.count("-")
    signed = f"+{total}" if total > 0 else f"\u2212{-total}" if total < 0 else "0"
    said = ", ".join(words[f"dice.face.{name[f]}"] for f in faces)
    return words["dice.read"].replace("{faces}", said).replace("{total}", signed)


@pytest.mark.parametrize(
    ("locale", "faces"),
    [("en-GB", "+0-+"), ("ru-RU", "--0-"), ("it-IT", "0000"), ("sv-SE", "++-0")],
)
def test_a_rolls_dice_are_read_as_words_with_their_total(
    server: str, browser: Any, locale: str, faces: str
) -> None:
    from playwright.sync_api import expect

    table, _, ann_link = scene_with_ruth(server)
    roll = {"actor": "ruth", "skill": "athletics", "action": "overcome", "difficulty": 1}
    command(server, table, ann_link, "Roll", {**roll, "dice": faces})
    lang = locale[:2]
    with at_table(browser, server, ann_link, locale) as ann:
        card = ann.locator(".roll-card[data-actor=ruth]")
        said = spoken(lang, faces)
        expect(card.get_by_role("img", name=said, exact=True)).to_have_count(1)
        # The tree Chromium hands a screen reader names the dice so, and nothing of it is the
        # raw faces the table writes.
        tree = card.aria_snapshot()
        assert f'img "{said}"' in tree
        assert f'"{faces}"' not in tree
        assert ann.evaluate(UNTRANSLATED, lang) == []
