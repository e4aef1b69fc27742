"""The two kinds of message at a table: a :class:`Command` is what a seat asks for, an
:class:`Event` is what happened. Every domain in :mod:`fatekit.table.play` derives its own from
these.

A command that rolls for a character derives from :class:`ActorRoll` (:class:`SkillRoll` when it
names the skill) and the event that records it from :class:`ActorRolled` (:class:`SkillRolled`):
the command may leave the dice out (the table rolls them), the event always holds the faces as
they fell, so a replay never rolls again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

from fatekit.formats.character_json import sheet_problem, stunt_problem
from fatekit.formats.ruleset import ruleset_problem
from fatekit.rules.core.bounds import (
    HIGHEST_RATING,
    LOWEST_RATING,
    MAX_BOXES,
    MAX_FREE_INVOKES,
    MAX_TALLY,
    MAX_WHOLE,
)
from fatekit.table.codec import Checked, Tally, Within
from fatekit.table.fact_records import (
    FACTS_VERSION,
    ClearedFact,
    Facts,
    HitFact,
    InvokesFact,
    PointsFact,
    RollFact,
    SheetFact,
)

__all__ = [
    "FACTS_VERSION",
    "ActorRoll",
    "ActorRolled",
    "AspectSight",
    "ClearedFact",
    "Command",
    "Event",
    "Facts",
    "HitFact",
    "InvokesFact",
    "NamesAspect",
    "NewSituationAspect",
    "Outweighed",
    "PointsFact",
    "RollFact",
    "RollWeighed",
    "SceneLayout",
    "SheetFact",
    "SkillRoll",
    "SkillRolled",
]

# The numbers a command may carry (see fatekit.rules.core.bounds), checked when it is decided.

#: A rating a command names: a difficulty, an obstacle's rating, a bonus.
Rating = Annotated[int, Within(LOWEST_RATING, HIGHEST_RATING)]
#: Weapon or Armor, or how far a part of a big bad reaches.
Gear = Annotated[int, Within(0, HIGHEST_RATING)]
#: The boxes of a countdown, or how many to mark.
Boxes = Annotated[int, Within(1, MAX_BOXES)]
#: The place of a stress box or a consequence slot on a sheet.
BoxIndex = Annotated[int, Within(0, MAX_BOXES - 1)]
#: A tally to reach, such as a contest's victories.
Tallied = Annotated[int, Within(1, MAX_TALLY)]
#: A share of an attack's shifts.
Shifts = Annotated[int, Within(0, MAX_TALLY)]
#: A version of the table's log.
Version = Annotated[int, Within(1, MAX_WHOLE)]
#: A character file's text (checked with the bounds a sheet keeps when its command is decided;
#: a log's own sheets are read without them, as they were written).
SheetText = Annotated[str, Checked(sheet_problem)]
#: A stunt written as in a character file, and a rule-set file's text, checked the same way.
StuntText = Annotated[str, Checked(stunt_problem)]
RulesetText = Annotated[str, Checked(ruleset_problem)]
#: Free invokes given as (holder, count) pairs: a few on one aspect.
FreeInvokes = Annotated[
    tuple[tuple[str, Annotated[int, Within(1, MAX_FREE_INVOKES)]], ...], Tally(MAX_FREE_INVOKES)
]


@dataclass(frozen=True, slots=True, kw_only=True)
class Command:
    """Base of every command."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """What every event carries: where it belongs in which log, who caused it and when; and,
    for a move a GM allowed against the rules, the keys of the rules its fold sets aside
    (``waived``) and the GM's reason (``waiver_reason``): the fold sets them aside again on
    every replay (:mod:`fatekit.rules.core.waivers`). ``facts`` holds what the rules computed
    when the move was decided (:class:`Facts`; ``None`` only in logs written before events
    recorded them).

    ``SCHEMA`` is the version of an event type's shape: it goes up by one whenever a change
    to its fields needs an upcaster (:mod:`fatekit.table.upcasting`) to read what was stored
    before."""

    SCHEMA: ClassVar[int] = 1

    table_id: str
    version: int
    seat: str
    at: str  # ISO 8601, UTC
    waived: tuple[str, ...] = ()
    waiver_reason: str = ""
    facts: Facts | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ActorRoll(Command):
    """A roll for ``actor``: ``dice`` are the faces read off physical dice (``"+0-+"``), or
    ``None`` for the table to roll."""

    actor: str
    dice: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class SkillRoll(ActorRoll):
    """A roll of ``actor``'s ``skill`` (left out only by a PC that counts aspects instead:
    :mod:`fatekit.table.counting`); with two combined skill lists, ``second_skill`` is the
    second list's skill added to it (refused by every other rule set)."""

    skill: str = ""
    second_skill: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ActorRolled(Event):
    """``actor`` rolled; ``faces`` are the dice as they fell. ``npc_dice_hidden`` records whether
    the GM kept the NPCs' dice from the players when it was rolled (``None`` in logs written before
    events recorded it: the log's own ``NpcDiceHidden`` events tell then)."""

    actor: str
    faces: str
    npc_dice_hidden: bool | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class SkillRolled(ActorRolled):
    """``actor`` rolled ``skill`` (and ``second_skill``, the second list's, with two combined
    lists; older logs: none)."""

    skill: str
    second_skill: str | None = None


@dataclass(frozen=True, kw_only=True)
class SceneLayout:
    """A scene's name, the characters in it, its zones, the links between zones and where each
    character stands: declared once for a started scene's event, a prepared scene's event and
    the prepared scene the GM's screen keeps.

    It holds no slots of its own (``__slots__ = ()``), so an event may take it beside
    :class:`Event`; every class that inherits it is slotted itself."""

    __slots__ = ()

    name: str
    participants: tuple[str, ...]
    zones: tuple[str, ...]
    links: tuple[tuple[str, str], ...]
    positions: tuple[tuple[str, str], ...]


@dataclass(frozen=True, kw_only=True)
class NewSituationAspect:
    """A situation (or zone) aspect to put in a scene; a hidden one is known only to the
    characters in ``known_to``, and ``free_invokes`` gives (holder, count) pairs. Declared once
    for the GM's command that puts one in the running scene and for the aspects a prepared scene
    starts with; like :class:`SceneLayout`, it holds no slots of its own."""

    __slots__ = ()

    name: str
    zone: str | None = None
    hidden: bool = False
    known_to: tuple[str, ...] = ()
    free_invokes: FreeInvokes = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class AspectSight:
    """Who could see an aspect when an event named it: everyone, unless ``hidden``; then the GMs
    and the seats acting for a character in ``known_to``."""

    hidden: bool
    known_to: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Outweighed:
    """With weight: a side outweighed the other in the roller's zone as a roll was decided; the
    weights counted (``own`` the roller's side, ``other`` the rest, ``target`` an attack's
    target) and how many dice it turned to +."""

    own: int
    other: int
    target: int | None
    turned: int


@dataclass(frozen=True, kw_only=True)
class RollWeighed:
    """With weight: what it did to a roll's dice as the roll was decided. ``faces`` holds the
    dice turned to +; ``rolled_faces`` the draw as it fell and ``weight`` why (``None``: weight
    turned nothing, and in logs written before). Like :class:`SceneLayout`, it holds no slots
    of its own."""

    __slots__ = ()

    rolled_faces: str | None = None
    weight: Outweighed | None = None


@dataclass(frozen=True, kw_only=True)
class NamesAspect:
    """An event that names an aspect (``aspect_id``) records who could see it as the event was
    made (``aspect_sight``, filled in when the event is decided), so that what a seat sees of
    the event never depends on what became of the aspect, nor on which aspect holds its id in a
    later scene. Logs written before events recorded it have ``None``. Like :class:`SceneLayout`,
    it holds no slots of its own."""

    __slots__ = ()

    aspect_sight: AspectSight | None = None
