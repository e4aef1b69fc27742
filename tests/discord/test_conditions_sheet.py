"""Discord's sheet lists a rule set's conditions (issue 41, the Fate System Toolkit's): each under
the rule set's name in the reader's language, with its kind, the shifts it takes and its boxes."""

from __future__ import annotations

from fatekit.discord.door import seen_by
from fatekit.discord.sheets import sheet_text
from fatekit.table import commands as c

from ..table.test_toolkit_conditions import ember_road  # type: ignore[import-not-found]


def test_the_sheet_lists_the_conditions_in_each_language() -> None:
    table = ember_road()
    table.do(c.MarkCondition(character_id="tamsin", key="wounded", by="raider"))
    table.do(c.MarkCondition(character_id="tamsin", key="hungry"))
    swedish = seen_by(table.s, "ann", "sv")
    said = sheet_text(swedish.view, "tamsin", swedish.reader).splitlines()
    at = said.index("**Tillstånd**")
    assert said[at + 1 : at + 7] == [
        "• *Arg* flyktigt (1): \N{WHITE SQUARE}",
        "• *Rädd* flyktigt (1): \N{WHITE SQUARE}",
        "• *Utmattad* seglivat (2): \N{WHITE SQUARE}",
        "• *Hungrig* seglivat (2): \N{BLACK SQUARE}",
        "• *Bruten* långvarigt (4): \N{WHITE SQUARE}\N{WHITE SQUARE}",
        "• *Sårad* långvarigt (4): \N{BLACK SQUARE}\N{BLACK SQUARE}",
    ]
    # The raider's sheet lists them too, none marked.
    english = seen_by(table.s, "ann", "en")
    kept = sheet_text(english.view, "raider", english.reader)
    assert "• *Wounded* lasting (4): \N{WHITE SQUARE}\N{WHITE SQUARE}" in kept
