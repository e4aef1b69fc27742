"""A rule set's conditions (the Fate System Toolkit's) from Discord: ``/gm condition`` marks or
clears one on any sheet, ``/recover`` starts a lasting one's recovery with the overcome's result.

What each seat may do with a condition is the table's offer, read from the seat's view (each
condition's ``offers``, as the page's sheet card reads them): autocomplete lists only what is on
offer, and the command sends the table command the page would send, which the rules engine
decides. A name typed by hand is found among all the sheet's conditions, so a move the table
does not offer is refused by the table, with its rule, not by Discord.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fatekit.discord.lines import Reader
from fatekit.discord.lookup import Choice, characters, pick, pick_character
from fatekit.discord.moves import Move

__all__ = ["condition_choices", "condition_holders", "condition_move", "recover_move"]

JSON = dict[str, Any]


def _conditions(view: JSON, who: str | None) -> list[JSON]:
    found = next((c for c in view["characters"] if c["id"] == who), None)
    return list((found or {}).get("conditions") or ())


def _label(condition: JSON, reader: Reader) -> str:
    """A condition as a choice names it: its name, its kind with the shifts it takes, and its
    boxes (■ marked)."""
    name = reader.condition(str(condition["key"]), str(condition["name"]))
    kind = reader.t(f"condition.kind.{condition['kind']}", n=condition["shifts"])
    boxes = "".join(
        "\N{BLACK SQUARE}" if i < condition["marked"] else "\N{WHITE SQUARE}"
        for i in range(condition["boxes"])
    )
    return f"{name} {kind}: {boxes}"


def condition_choices(view: JSON, who: str | None, reader: Reader, offer: str) -> list[Choice]:
    """The conditions on ``who``'s sheet the seat is offered ``offer`` on now (``MarkCondition``,
    ``ClearCondition`` or ``RecoverCondition``), named in the reader's language."""
    return [
        Choice(_label(c, reader), str(c["key"]))
        for c in _conditions(view, who)
        if offer in (c.get("offers") or ())
    ]


def condition_holders(view: JSON, offer: str) -> list[Choice]:
    """The characters with a condition the seat is offered ``offer`` on now."""
    return [
        c
        for c in characters(view)
        if any(offer in (x.get("offers") or ()) for x in _conditions(view, c.value))
    ]


def _key(view: JSON, who: str, options: Mapping[str, Any], reader: Reader) -> str:
    """The condition the options name, among every condition on the sheet (its key, or its
    name in the reader's language or the rule set's)."""
    names = [
        Choice(reader.condition(str(c["key"]), str(c["name"])), str(c["key"]))
        for c in _conditions(view, who)
    ]
    return pick(str(options.get("condition", "")), names, "condition")


def condition_move(options: Mapping[str, Any], view: JSON, reader: Reader) -> Move:
    """``/gm condition``: the table command marking (or, with ``clear``, clearing) a sheet's
    condition, and its fields; ``by`` names who inflicted it (and holds its free invoke)."""
    who = pick(str(options.get("character", "")), characters(view), "character")
    key = _key(view, who, options, reader)
    data: JSON = {"character_id": who, "key": key}
    if options.get("clear"):
        return Move("ClearCondition", data)
    typed = options.get("by")
    if typed:
        data["by"] = pick_character(str(typed), view, "by")
    return Move("MarkCondition", data)


def recover_move(options: Mapping[str, Any], view: JSON, reader: Reader, who: str) -> Move:
    """``/recover``: the overcome against Great (+4) that starts ``who``'s lasting condition's
    recovery reached ``effort`` (the rules judge it)."""
    key = _key(view, who, options, reader)
    effort = int(options.get("effort", 0))
    return Move("RecoverCondition", {"character_id": who, "key": key, "effort": effort})
