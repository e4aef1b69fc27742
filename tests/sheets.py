"""Character sheets the table and server tests play with: two PCs and an NPC with secrets."""

from __future__ import annotations

from fatekit.formats import dumps_character
from fatekit.rules import major_npc, new_character
from fatekit.rules.aspects.aspects import AspectKind


def ruth_sheet() -> str:
    return dumps_character(
        new_character(
            "condensed",
            "ruth",
            "Ruth",
            high_concept="Ex-Boxer on the Run",
            trouble="Owes the Wrong People",
            skills={"fight": 4, "athletics": 3, "notice": 2, "will": 1},
        )
    )


def charles_sheet() -> str:
    return dumps_character(
        new_character(
            "condensed",
            "charles",
            "Charles",
            high_concept="Occult Librarian",
            trouble="Curious to a Fault",
            skills={"lore": 4, "investigate": 3, "shoot": 2, "will": 2},
        )
    )


def npc_sheet(secret: str = "") -> str:
    npc = major_npc(
        "condensed",
        "alice",
        "Alice Westforth",
        high_concept="Cult Leader",
        aspects=[(AspectKind.CHARACTER, f"Servant of the Deep One {secret}".strip())],
        skills={"fight": 3, "deceive": 4, "will": 2},
    )
    npc.description = f"Plans to drown the city {secret}".strip()
    return dumps_character(npc)
