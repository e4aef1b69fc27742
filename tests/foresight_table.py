"""A table whose scene in play is a fight, and the scenario file that says the same fight.

The ambush on the pier (``tests/odds/scenarios/pier.json``) played at a table: two PCs and a
smuggler boss with two goons, three zones, a foggy situation aspect with a free invoke, Weapon
and Armor, and a conflict in play. :data:`PIER_COMMANDS` sets the table up (the GM sends them
all, as (type, data) pairs for the table or the HTTP API); :func:`pier_scenario` is the same
fight written as a scenario file, with the sides' default policies.
"""

from __future__ import annotations

import copy
import json
from typing import Any

OPTIONS = ["weapon_and_armor", "creation_as_you_play"]
ZONES = ["pier", "boathouse", "street"]
LINKS = [["pier", "boathouse"], ["boathouse", "street"]]

_ASPECTS = {
    "ruth": [("high_concept", "Ex-Boxer with a Past"), ("trouble", "Hot-Headed")],
    "ethan": [("high_concept", "Tinkerer with a Rifle"), ("trouble", "Owes the Wrong People")],
    "boss": [("high_concept", "Smuggler King"), ("character", "Never Without Backup")],
    "goon-1": [("high_concept", "Hired Muscle")],
    "goon-2": [("high_concept", "Hired Muscle")],
}
_SHEETS: dict[str, dict[str, Any]] = {
    "ruth": {
        "name": "Ruth",
        "as_you_play": True,
        "fate_points": 3,
        "skills": {"fight": 4, "athletics": 2, "physique": 3, "will": 1},
        "stunts": [
            {
                "name": "Haymaker",
                "effect": {"type": "skill_bonus", "skill": "fight", "action": "attack"},
            }
        ],
    },
    "ethan": {
        "name": "Ethan",
        "as_you_play": True,
        "fate_points": 3,
        "skills": {"shoot": 4, "crafts": 3, "athletics": 2, "notice": 1},
    },
    "boss": {
        "name": "Silas",
        "kind": "major_npc",
        "skills": {"shoot": 4, "fight": 3, "athletics": 3, "physique": 2},
    },
    "goon-1": {
        "name": "Goon 1",
        "kind": "minor_npc",
        "skills": {"fight": 2},
        "stress": {"any": [{"value": 1}, {"value": 1}]},
    },
    "goon-2": {
        "name": "Goon 2",
        "kind": "minor_npc",
        "skills": {"fight": 2},
        "stress": {"any": [{"value": 1}, {"value": 1}]},
    },
}
POSITIONS = {
    "ruth": "pier",
    "ethan": "boathouse",
    "boss": "street",
    "goon-1": "street",
    "goon-2": "street",
}
GEAR = {"ruth": (1, 0), "ethan": (2, 0), "boss": (2, 1), "goon-1": (1, 0), "goon-2": (1, 0)}
SIDES = {"crew": ["ruth", "ethan"], "smugglers": ["boss", "goon-1", "goon-2"]}
TITLE = "Ambush on the pier"


def sheet(who: str) -> dict[str, Any]:
    """A character file of one of the fighters."""
    found = copy.deepcopy(_SHEETS[who])
    return {
        "format": "fatekit-character",
        "version": 1,
        "id": who,
        "preset": "condensed",
        **found,
        "aspects": [{"kind": kind, "name": name} for kind, name in _ASPECTS[who]],
    }


def pier_commands(*, conflict: bool = True) -> list[tuple[str, dict[str, Any]]]:
    """What the GM sends to set the fight up (after opening a condensed table with
    :data:`OPTIONS`); without ``conflict``, the scene is set and no conflict has started."""
    sent: list[tuple[str, dict[str, Any]]] = [
        ("AddCharacter", {"sheet": json.dumps(sheet(who)), "revealed": True}) for who in _SHEETS
    ]
    sent.append(
        (
            "StartScene",
            {
                "name": TITLE,
                "participants": list(_SHEETS),
                "zones": ZONES,
                "links": LINKS,
                "positions": [[who, zone] for who, zone in POSITIONS.items()],
            },
        )
    )
    sent.append(
        ("AddSituationAspect", {"name": "Fog off the Water", "free_invokes": [["ethan", 1]]})
    )
    if conflict:
        sent.append(
            (
                "StartConflict",
                {"sides": [[side, members] for side, members in SIDES.items()], "first": "ruth"},
            )
        )
        for who, (weapon, armor) in GEAR.items():
            sent.append(("Equip", {"character_id": who, "weapon": weapon, "armor": armor}))
    return sent


def pier_scenario() -> dict[str, Any]:
    """The same fight as a scenario file (the sides play by the default policies)."""
    characters = []
    for who in _SHEETS:
        entry: dict[str, Any] = {"character": sheet(who), "zone": POSITIONS[who]}
        weapon, armor = GEAR[who]
        entry.update({"weapon": weapon} if weapon else {})
        entry.update({"armor": armor} if armor else {})
        characters.append(entry)
    return {
        "format": "fatekit-scenario",
        "version": 1,
        "title": TITLE,
        "preset": "condensed",
        "options": OPTIONS,
        "zones": {"zones": ZONES, "connect": LINKS, "ranged_reach": 1},
        "characters": characters,
        "aspects": [{"name": "Fog off the Water", "free_invokes": {"ethan": 1}}],
        "sides": {side: {"members": members} for side, members in SIDES.items()},
    }
