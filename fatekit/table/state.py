"""The state of a table: what folding its events gives.

:class:`TableState` holds what the rules need to decide the next command, and nothing that only
grows with time: the seats and owners next to the rules engine's live objects
(:class:`~fatekit.rules.Game`, the :class:`~fatekit.rules.Conflict`, the roll in play, open
compels). The story so far (notes, the roll log, story details) is the event log itself, read a
page at a time (:mod:`fatekit.table.history`), so a table that has run for a whole campaign costs
what one that opened tonight costs. :func:`fatekit.table.apply` and :func:`fatekit.table.handle`
return new states and never change the one they are given.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from fatekit.rules.aspects.aspects import Aspect
from fatekit.rules.aspects.compels import Compel
from fatekit.rules.characters.character import CharacterKind
from fatekit.rules.core.citations import CONDENSED, Rule
from fatekit.rules.core.errors import BadInput, ForbiddenAction
from fatekit.rules.core.rolling import ActionRoll
from fatekit.rules.options.ruleset import Ruleset
from fatekit.rules.scenes.challenge import Challenge
from fatekit.rules.scenes.clock import Milestone
from fatekit.rules.scenes.conflict import Conflict
from fatekit.rules.scenes.contest import Contest
from fatekit.rules.scenes.scene import Game
from fatekit.table.screen import Screen
from fatekit.table.seats import Role, Seat

__all__ = [
    "SEAT_RULE",
    "RollRecord",
    "SelfCompelRecord",
    "TableState",
]

#: Who may do what at a table. Not a rule of the engine's registry (it is the table's policy,
#: read from the rules' account of the GM and the players), so it is built directly.
SEAT_RULE = Rule(
    "table.seats",
    CONDENSED,
    "Вступление > Что мне понадобится для игры?",
    "One participant is the GM, who runs the world and every NPC; each player acts for their own "
    "characters, and anyone at the table may invoke, compel and create advantages",
)


@dataclass(frozen=True, slots=True)
class RollRecord:
    """A roll: who rolled what, with the dice as they fell."""

    version: int
    at: str
    actor: str
    action: str  # an Action value, or "reroll"
    skill: str
    faces: str
    defender: str | None = None
    defend_faces: str | None = None
    difficulty: int | None = None


@dataclass(frozen=True, slots=True)
class SelfCompelRecord:
    """A self-compel a player asked for, waiting for the GM's answer."""

    compel_id: str
    version: int
    aspect_id: str
    target: str
    complication: str


@dataclass(slots=True)
class TableState:
    """A table as of ``version``. Built by folding events; never changed in place by callers."""

    table_id: str
    name: str
    created_at: str
    preset: str
    options: tuple[str, ...]
    skill_list: str | None
    ruleset: Ruleset
    game: Game
    ruleset_file: str | None = None  # the rule-set file's text, when the table plays one
    version: int = 0
    seats: dict[str, Seat] = field(default_factory=dict)
    owners: dict[str, str] = field(default_factory=dict)  # PC id -> seat id
    revealed: set[str] = field(default_factory=set)  # NPCs whose sheets players may see
    conflict: Conflict | None = None
    contest: Contest | None = None
    contest_efforts: dict[str, int] = field(default_factory=dict)  # this exchange's rolls so far
    contest_forfeits: set[str] = field(default_factory=set)
    challenge: Challenge | None = None
    templates: dict[str, tuple[str, str]] = field(default_factory=dict)  # id -> (name, sheet)
    roll: ActionRoll | None = None  # the roll in play, in or out of a conflict
    roll_aspect: Aspect | None = None  # what a free create-an-advantage roll aims at
    compels: dict[str, Compel] = field(default_factory=dict)
    last_roll: RollRecord | None = None  # the latest roll, for aiming a split or zone attack
    session: int = 0  # sessions started
    arc: int = 1  # the arc under way; a major milestone closes it
    zone_attack: str | None = None  # the zone of a zone attack waiting for its targets
    self_compels: dict[str, SelfCompelRecord] = field(default_factory=dict)  # awaiting the GM
    milestones: dict[str, Milestone] = field(default_factory=dict)  # PC id -> milestone open
    last_created: tuple[str, ...] = ()  # aspect ids the last event created
    screen: Screen = field(default_factory=Screen)  # the GM's secrets and prepared scenes

    # -- who is who ----------------------------------------------------------------------------

    def seat(self, seat_id: str) -> Seat:
        """The seat with this id; an unknown seat may do nothing."""
        found = self.seats.get(seat_id)
        if found is None:
            raise ForbiddenAction(f"there is no seat {seat_id!r} at this table", SEAT_RULE)
        return found

    def owner_of(self, character_id: str) -> str | None:
        """The seat that owns a PC (``None``: the GM's, as every NPC is)."""
        return self.owners.get(character_id)

    def controls(self, seat_id: str, character_id: str) -> bool:
        """Whether the seat may act for the character: the GM for everyone, a player for their
        own characters, a spectator for nobody."""
        seat = self.seats.get(seat_id)
        if seat is None or seat.role is Role.SPECTATOR:
            return False
        return seat.is_gm or self.owners.get(character_id) == seat_id

    def characters_of(self, seat_id: str) -> set[str]:
        """The characters a seat acts for (every one, for a GM)."""
        seat = self.seats.get(seat_id)
        if seat is None or seat.role is Role.SPECTATOR:
            return set()
        if seat.is_gm:
            return set(self.game.characters)
        return {c for c, s in self.owners.items() if s == seat_id}

    def is_npc(self, character_id: str) -> bool:
        """Whether a character is a non-player character (run by the GM)."""
        found = self.game.characters.get(character_id)
        return found is not None and found.kind is not CharacterKind.PC

    def require_character(self, character_id: str) -> None:
        """Raise :class:`BadInput` unless the character is at the table."""
        if character_id not in self.game.characters:
            raise BadInput(f"no character {character_id!r} at this table")

    def with_names(self, text: str) -> str:
        """``text`` (an engine's refusal) with each character's id written as its name, for the
        person who reads it: the engine names characters by id (``sergeant-kruger``), the table
        knows them as ``Sergeant Kruger``. Ids stand alone: inside a longer word or id, untouched."""
        names = {
            cid: c.name
            for cid, c in self.game.characters.items()
            if len(cid) > 1 and c.name and c.name != cid
        }
        if not names:
            return text
        ids = "|".join(re.escape(cid) for cid in sorted(names, key=len, reverse=True))
        pattern = re.compile(rf"(?<![\w/-])'?({ids})'?(?![\w/-])")
        return pattern.sub(lambda m: names[m.group(1)], text)
