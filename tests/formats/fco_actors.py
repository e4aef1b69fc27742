"""Foundry VTT actors as Fate Core Official (FCO) makes them, filled in by a player.

Test data written from facts about FCO's public source (Sk1mble's repository): its default track
sets for Fate Core and Fate Condensed (names, boxes, the harm each absorbs, the labels that say
what a box is worth, the skills that lengthen them, the extra mild slots kept switched off
until Physique or Will reaches Superb), its skill and stunt entries, and its extras (items of
type ``Extra``). Entries are keyed by the base64 of their name, as FCO files them.
"""

from __future__ import annotations

from typing import Any

from fatekit.formats.foundry import entry_key

__all__ = ["CONDENSED_SKILLS", "fco_actor"]

CONDENSED_SKILLS = (
    "Academics",
    "Athletics",
    "Burglary",
    "Contacts",
    "Crafts",
    "Deceive",
    "Drive",
    "Empathy",
    "Fight",
    "Investigate",
    "Lore",
    "Notice",
    "Physique",
    "Provoke",
    "Rapport",
    "Resources",
    "Shoot",
    "Stealth",
    "Will",
)


def _track(name: str, **fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "name": name,
        "category": "Combat",
        "description": "",
        "universal": True,
        "unique": True,
        "recovery_type": "Fleeting",
        "aspect": "No",
        "when_marked": "",
        "recovery_conditions": "",
        "notes": "",
        "linked_skills": [],
        "paid": False,
        "enabled": True,
        "label": "none",
        "harm_can_absorb": 0,
        "boxes": 0,
    }
    base.update(fields)
    return base


def _consequence(
    name: str, harm: int, text: str = "", *, enabled: bool = True, skill: str | None = None
) -> dict[str, Any]:
    linked = [{"linked_skill": skill, "rank": 5, "boxes": 0, "enables": True}] if skill else []
    return _track(
        name,
        recovery_type="Lasting",
        aspect={"name": text, "when_marked": True, "as_name": False},
        harm_can_absorb=harm,
        enabled=enabled,
        linked_skills=linked,
    )


def _stress(name: str, skill: str, marked: list[bool], *, condensed: bool) -> dict[str, Any]:
    # FCO's Condensed tracks absorb 1 harm a box and grow by 1 at +1 and 2 more at +3; its Core
    # tracks escalate (label "escalating") and grow by one box at +1 and at +3.
    steps = [(1, 1), (3, 2)] if condensed else [(1, 1), (3, 1)]
    return _track(
        name,
        label="none" if condensed else "escalating",
        harm_can_absorb=1 if condensed else 0,
        boxes=len(marked),
        box_values=marked,
        linked_skills=[
            {"linked_skill": skill, "rank": rank, "boxes": boxes, "enables": False}
            for rank, boxes in steps
        ],
    )


def fco_actor(game: str, ratings: dict[str, int], *, extras: bool = False) -> dict[str, Any]:
    """An FCO actor of ``game`` ("core" or "condensed") with ``ratings``: its physical stress
    track has its second box marked, its mild consequence reads "Twisted Ankle", and its extra
    mild slots are switched off, as FCO keeps them below Superb."""
    condensed = game == "condensed"
    names = (
        CONDENSED_SKILLS if condensed else tuple(s for s in CONDENSED_SKILLS if s != "Academics")
    )
    skills = {
        entry_key(name): {
            "name": name,
            "description": "",
            "overcome": "",
            "caa": "",
            "attack": "",
            "defend": "",
            "pc": True,
            "rank": ratings.get(name, 0),
        }
        for name in names
    }
    physical = [False, True, False, False] if condensed else [False, True, False]
    mental = [False] * (4 if condensed else 3)
    tracks = [
        _stress("Physical Stress", "Physique", physical, condensed=condensed),
        _stress("Mental Stress", "Will", mental, condensed=condensed),
        _consequence("Mild Consequence", 2, "Twisted Ankle"),
        _consequence(
            "Mild Physical Consequence" if condensed else "Physical Mild Consequence",
            2,
            enabled=False,
            skill="Physique",
        ),
        _consequence(
            "Mild Mental Consequence" if condensed else "Mental Mild Consequence",
            2,
            enabled=False,
            skill="Will",
        ),
        _consequence("Moderate Consequence", 4),
        _consequence("Severe Consequence", 6),
    ]
    stunts = {
        entry_key("Riposte"): {
            "name": "Riposte",
            "description": "<p>+2 to Fight when defending against a blade.</p>",
            "notes": "",
            "linked_skill": "Fight",
            "refresh_cost": 1,
            "overcome": False,
            "caa": False,
            "attack": False,
            "defend": True,
            "bonus": 2,
            "boxes": 0,
            "box_values": [],
            "macro": None,
        }
    }
    items = []
    if extras:
        items.append(
            {
                "name": "The Lucky Lady",
                "type": "Extra",
                "system": {
                    "description": {"value": "<p>A fast little boat.</p>"},
                    "permissions": "",
                    "costs": "",
                    "refresh": 0,
                    "skills": {
                        entry_key("Sailing"): {"name": "Sailing", "rank": 2, "description": ""}
                    },
                    "aspects": {
                        entry_key("Aspect"): {"name": "Aspect", "value": "Faster Than She Looks"}
                    },
                    "tracks": {
                        entry_key("Hull"): _track(
                            "Hull", boxes=2, box_values=[True, False], label="1"
                        )
                    },
                    "stunts": {},
                    "actions": {"overcome": "", "create": "", "attack": "", "defend": ""},
                    "contents": {},
                    "active": True,
                },
            }
        )
    return {
        "name": "Cynere",
        "type": "fate-core-official",
        "system": {
            "details": {
                "description": {"value": ""},
                "biography": {"value": ""},
                "pronouns": {"value": ""},
                "notes": {"value": "<p>Owes Landon a favour.</p>", "GM": False},
                "fatePoints": {"current": 2, "refresh": 3, "boosts": 0},
                "sheet_mode": "full",
            },
            "skills": skills,
            "aspects": {
                entry_key("High Concept"): {
                    "name": "High Concept",
                    "value": "Infamous Girl with Sword",
                    "description": "",
                    "notes": "",
                },
                entry_key("Trouble"): {
                    "name": "Trouble",
                    "value": "Tempted by Shiny Things",
                    "description": "",
                    "notes": "",
                },
            },
            "tracks": {entry_key(t["name"]): t for t in tracks},
            "stunts": stunts,
        },
        "items": items,
        "effects": [],
        "flags": {},
    }
