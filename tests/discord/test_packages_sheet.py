"""Discord's sheet lists the packages a sheet bought (issue 41, Venture City's powers): under the
rule set's name for them in the reader's language, each power with its options named once and
how often each was bought; the stunts they grant follow with the sheet's own."""

from __future__ import annotations

from fatekit.discord.door import seen_by
from fatekit.discord.sheets import sheet_text

from ..table.test_packages_table import harbor  # type: ignore[import-not-found]


def test_the_sheet_lists_the_powers_in_each_language() -> None:
    table = harbor()
    italian = seen_by(table.s, "ann", "it")
    said = sheet_text(italian.view, "miles", italian.reader).splitlines()
    at = said.index("**Poteri**")
    assert said[at + 1] == (
        "• **Flight**: Master Flight ×2, Super Speed, Improved Reaction Time, "
        "Electricity Projection, Stunning Blow, Physical Recovery, Inflict Condition, Bullrush, "
        "Very Noticeable, Megaton Punch"
    )
    assert "• **Master Flight**" in said[said.index("**Talenti**") :]
    english = seen_by(table.s, "ann", "en")
    assert "**Powers**" in sheet_text(english.view, "miles", english.reader).splitlines()
