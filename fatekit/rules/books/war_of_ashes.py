"""The War of Ashes SRD, chapter by chapter: what the built-in War of Ashes rule set plays of it.

The SRD is a supplement, not a whole game: it plays its rules with Fate Accelerated's approaches
and gives no sheet of its own, so the rule set (``woa``) takes Fate Accelerated's sheet and turns
weight on; what the engine plays of the sheet is surveyed under Fate Accelerated.
"""

from __future__ import annotations

from fatekit.rules.books.reasons import ABOUT, CHAPTER, SCENARIOS
from fatekit.rules.books.survey import Book, left, played
from fatekit.rules.core.citations import WOA_BOOK

__all__ = ["WAR_OF_ASHES_SRD"]

_C = "Advanced Conflict"

WAR_OF_ASHES_SRD = Book(
    WOA_BOOK,
    "War of Ashes: Fate of Agaptus (SRD)",
    top=1,
    depth=2,
    sections=(
        left("Introduction", ABOUT),
        left("Stunts", CHAPTER, whole=False),
        left(
            "Stunts > Equipment Stunts",
            "an equipment stunt is written as any stunt (a +2 bonus or a swapped approach, "
            "limited to a situation or once a session); the one equipment stunt a character "
            "starts with, lethal damage and a weapon's reach in zones are the group's to agree",
        ),
        left(
            "Stunts > Stunts and Weight",
            "a stunt that makes a weight count as 2 or 4 in a narrow case is the GM's call: the "
            "GM sets the sheet's weight for the scene, or sets the rule aside",
        ),
        left(_C, CHAPTER, whole=False),
        played(
            f"{_C} > Setting the Scene",
            "zone.place",
            "zone.free-move",
            "zone.ranged",
            group="the zones, their aspects and their number are the GM's to choose; an unseen "
            "zone's aspect is found by creating an advantage",
        ),
        played(
            f"{_C} > Determine Turn Order",
            "turn-order.approaches",
            group="ties in a physical conflict are broken by Forceful (the book's open fight); "
            "an ambush or a ritual that puts someone first is the GM's last word (a corrected "
            "turn)",
        ),
        left(
            f"{_C} > Roar Phase",
            "a roar aspect is created as any advantage; keeping to the approach roared with and "
            "its two neighbours, its difficulty of +2 and the cost of failing it are the "
            "group's to keep",
        ),
        played(f"{_C} > Exchanges", "conflict.exchange"),
        left(
            f"{_C} > Exchanges in Combat",
            "miniatures and maps on the table: the scene's zones and who stands where are kept, "
            "how they are drawn is the group's",
        ),
        played(
            f"{_C} > Weight",
            "weight.sides",
            "weight.two-to-one",
            "weight.four-to-one",
            "weight.when",
            "weight.each-roll",
            "weight.turned-dice",
            group="weight in social conflicts (the GM gives the weights) and a swarm's immunity "
            "to attacks that do not cover its zone are the group's",
        ),
        played(
            f"{_C} > Movement on the Battlefield",
            "zone.free-move",
            "zone.move-roll",
            group="the difficulties of +2 per adverse aspect and per extra zone are the GM's to "
            "set on the overcome",
        ),
        left(
            f"{_C} > Maneuvers",
            "maneuvers are the four actions with a story: pushes and pulls are overcomes and "
            "moves, a full defense an advantage; a charge's doubled weight and a full attack's "
            "lethal blow are the GM's call",
        ),
        left(
            f"{_C} > Lethal Attacks",
            "a lethal attack's harm going straight to consequences is the GM's call on the hit "
            "(the stress boxes are left unchecked)",
        ),
        left(
            "Fickle Gods and Lost Civilizations",
            "divine interest (the group's own set of consequences), rituals and artifacts are "
            "kept by the GM as aspects, stunts and notes: the engine plays none of them",
        ),
        left(
            "Adventure Creation, Expanded",
            f"{SCENARIOS}; its minions are written as minor NPCs and mobs with a weight "
            "(docs/examples/war-of-ashes holds the book's Vidaar Sailor and school of fish)",
        ),
        left(
            "Re-Scaling a Campaign",
            "raising the caps, refresh and stress of a grown campaign is the group's: a copy of "
            "the rule set with the new numbers is played as any rule-set file is",
        ),
    ),
)
