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


@dataclass(frozen=True, slots=True, kw_only=True)
class Command:
    """Base of every command."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """What every event carries: where it belongs in which log, who caused it and when; and,
    for a move a GM allowed against the rules, the keys of the rules its fold sets aside
    (``waived``) and the GM's reason (``waiver_reason``): the fold sets them aside again on
    every replay (:mod:`fatekit.rules.core.waivers`)."""

    table_id: str
    version: int
    seat: str
    at: str  # ISO 8601, UTC
    waived: tuple[str, ...] = ()
    waiver_reason: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class ActorRoll(Command):
    """A roll for ``actor``: ``dice`` are the faces read off physical dice (``"+0-+"``), or
    ``None`` for the table to roll."""

    actor: str
    dice: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class SkillRoll(ActorRoll):
    """A roll of ``actor``'s ``skill``."""

    skill: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ActorRolled(Event):
    """``actor`` rolled; ``faces`` are the dice as they fell."""

    actor: str
    faces: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SkillRolled(ActorRolled):
    """``actor`` rolled ``skill``."""

    skill: str


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
    free_invokes: tuple[tuple[str, int], ...] = ()
