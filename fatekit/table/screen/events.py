"""The GM's screen as events. Registered in :data:`fatekit.table.events.EVENT_TYPES`; players
receive none of them whole (:mod:`fatekit.table.screen.views` says what they do receive)."""

from __future__ import annotations

from dataclasses import dataclass

from fatekit.rules.core.actions import Action
from fatekit.table.events import Event
from fatekit.table.screen.records import PreparedAspect

__all__ = [
    "EVENTS",
    "DifficultyHidden",
    "PreparedSceneRemoved",
    "PreparedSceneStarted",
    "ScenePrepared",
    "SecretRollMade",
    "SecretRollRevealed",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class SecretRollMade(Event):
    """The GM rolled in secret, under the id ``roll_id``."""

    roll_id: str
    actor: str
    skill: str
    difficulty: int | None
    faces: str
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SecretRollRevealed(Event):
    """The GM showed a secret roll: everything it was, for the log to tell."""

    roll_id: str
    rolled_at: int  # the version of the SecretRollMade
    actor: str
    skill: str
    difficulty: int | None
    faces: str
    effort: int
    outcome: str | None
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DifficultyHidden(Event):
    """The GM set (or, with ``None``, withdrew) a hidden difficulty for ``actor``'s next roll."""

    actor: str
    difficulty: int | None
    skill: str | None
    action: Action


@dataclass(frozen=True, slots=True, kw_only=True)
class ScenePrepared(Event):
    """A scene was prepared (or rewritten) under ``scene_id``."""

    scene_id: str
    name: str
    participants: tuple[str, ...]
    zones: tuple[str, ...]
    links: tuple[tuple[str, str], ...]
    positions: tuple[tuple[str, str], ...]
    aspects: tuple[PreparedAspect, ...]
    entrance: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PreparedSceneRemoved(Event):
    """A prepared scene was dropped."""

    scene_id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PreparedSceneStarted(Event):
    """A prepared scene was taken off the list to start (the scene and its aspects follow as
    their own events)."""

    scene_id: str


#: The screen's events by type name.
EVENTS: dict[str, type[Event]] = {
    cls.__name__: cls
    for cls in (
        SecretRollMade,
        SecretRollRevealed,
        DifficultyHidden,
        ScenePrepared,
        PreparedSceneRemoved,
        PreparedSceneStarted,
    )
}
