"""Discord's sheet lists a rule set's conditions (issue 41, the Fate System Toolkit's): each under
the rule set's name in the reader's language, with its kind, the shifts it takes and its boxes."""

from __future__ import annotations

from fatekit.discord.commands import definitions
from fatekit.discord.door import seen_by
from fatekit.discord.sheets import sheet_text
from fatekit.discord.words import words
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


def test_the_condition_commands_are_registered_in_each_language() -> None:
    """``/gm condition`` (the GM marks or clears any sheet's condition) and ``/recover`` (a
    lasting one's recovery begun with the overcome's effort), named in all four languages, their
    choices filled from the seat's offers (autocomplete)."""
    made = {d["name"]: d for d in definitions()}
    gm = next(o for o in made["gm"]["options"] if o["name"] == "condition")
    assert gm["name_localizations"] == {"ru": "состояние", "it": "condizione", "sv-SE": "tillstånd"}
    assert [(o["name"], o["required"], o.get("autocomplete", False)) for o in gm["options"]] == [
        ("character", True, True),
        ("condition", True, True),
        ("clear", False, False),
        ("by", False, True),
    ]
    clear = next(o for o in gm["options"] if o["name"] == "clear")
    assert clear["description"] == words("en")("discord.opt.gm.condition.clear.about")
    recover = made["recover"]
    assert [(o["name"], o["required"]) for o in recover["options"]] == [
        ("condition", True),
        ("effort", True),
        ("as", False),
    ]
    effort = next(o for o in recover["options"] if o["name"] == "effort")
    assert (effort["min_value"], effort["max_value"]) == (-30, 30)
    assert effort["name_localizations"]["sv-SE"] == "ansträngning"
