"""What a golden scene script is made of: the characters and shape it sets up, and the result.

A script is plain data (JSON in ``tests/golden/``); :mod:`fatekit.rules.golden.replay` plays it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from fatekit.rules.aspects.aspects import Aspect, AspectKind
from fatekit.rules.characters.character import (
    Character,
    CharacterKind,
    SlotSpec,
    minor_npc,
    monster,
    new_character,
)
from fatekit.rules.characters.preset import Preset
from fatekit.rules.characters.shapes import Shape, column, diamond, pyramid
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.tracks import Track
from fatekit.rules.harm.consequences import Severity
from fatekit.rules.scenes.challenge import Challenge
from fatekit.rules.scenes.conflict import Conflict
from fatekit.rules.scenes.contest import Contest
from fatekit.rules.scenes.scene import Game

__all__ = ["ReplayMismatch", "ReplayResult", "Script", "character_from", "shape_from"]

Script = Mapping[str, Any]


class ReplayMismatch(AssertionError):
    """A golden scene's step did not go as the script expects."""


@dataclass(slots=True)
class ReplayResult:
    """The state a replay ends in, for further checks."""

    game: Game
    conflict: Conflict | None = None
    contest: Contest | None = None
    challenge: Challenge | None = None
    steps: int = 0
    aspects: dict[str, Aspect] = field(default_factory=dict)  # named by the script


def shape_from(data: Mapping[str, Any]) -> Shape:
    """The skill shape a script names: a pyramid, a column or a diamond."""
    kind = str(data.get("kind", "pyramid"))
    if kind == "pyramid":
        return pyramid(int(data.get("peak", 4)))
    if kind == "column":
        return column(int(data.get("peak", 4)), int(data.get("width", 1)))
    if kind == "diamond":
        counts = data.get("counts")
        return diamond({int(k): int(v) for k, v in counts.items()} if counts else None)
    raise BadInput(f"unknown shape {kind!r} in the script: pyramid, column or diamond")


def character_from(preset: Preset, data: Mapping[str, Any]) -> Character:
    """A character sheet from a script's entry: a PC, an NPC, a minor NPC or a monster."""
    kind = CharacterKind(data.get("kind", "pc"))
    cid, name = str(data["id"]), str(data.get("name", data["id"]))
    skills = {str(k): int(v) for k, v in data.get("skills", {}).items()}
    if kind is CharacterKind.MINOR_NPC:
        character = minor_npc(
            preset,
            cid,
            name,
            list(data.get("aspects", [name])),
            skills,
            stress_boxes=int(data.get("stress_boxes", 0)),
        )
    elif kind is CharacterKind.MONSTER:
        character = monster(
            preset,
            cid,
            name,
            aspects=[(AspectKind(k), t) for k, t in data.get("aspects", [])],
            skills=skills,
            stress={Track(k): int(v) for k, v in data.get("stress", {}).items()},
            consequences=[SlotSpec(Severity(s)) for s in data.get("consequences", [])],
        )
    else:
        aspects = [(AspectKind(k), str(t)) for k, t in data.get("aspects", [])]
        character = new_character(
            preset,
            cid,
            name,
            aspects=aspects,
            skills=skills,
            kind=kind,
            as_you_play=bool(data.get("as_you_play", False)),
        )
    # An NPC's sheet keeps only the points it carries to the GM's pool (none unless given).
    default = character.fate_points if kind is CharacterKind.PC else 0
    character.fate_points = int(data.get("fate_points", default))
    for track, marked in data.get("marked", {}).items():
        boxes = character.stress[Track(track)].boxes
        for index in marked:
            boxes[int(index)].marked = True
    return character
