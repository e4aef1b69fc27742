"""The game's clock: scenes, sessions and milestones, counted so recovery knows when to clear.

Recovery of a consequence is measured in scenes, sessions and major milestones *after
treatment*. A :class:`Clock` counts how many of each have ended (or been reached) so far; a
:class:`ClockMark` is a snapshot of those counts, stored on a consequence when treatment
succeeds. Comparing a later clock against the mark says whether enough time has passed.

Treatment is an overcome roll, and rolls happen inside scenes, so a mark always falls inside the
scene that is running when it is taken: the scene numbered ``scenes_ended`` (counting from 0),
in the session numbered ``sessions_ended``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from fatekit.rules.core.errors import BadInput

__all__ = ["Clock", "ClockMark", "Milestone"]


class Milestone(StrEnum):
    """The kinds of milestone the clock counts.

    Fate Condensed calls them a *milestone* (usually at the end of a session) and a
    *breakthrough* (at the end of a story arc); Fate Core calls the latter a *major milestone*.
    """

    MINOR = "minor"
    MAJOR = "major"


@dataclass(frozen=True, slots=True)
class ClockMark:
    """A moment of play: how many scenes and sessions had ended and milestones had been reached."""

    scenes_ended: int
    sessions_ended: int
    minor_milestones: int
    major_milestones: int


@dataclass(slots=True)
class Clock:
    """Counts of the scenes and sessions that have ended and the milestones reached so far.

    The scene layer calls :meth:`end_scene` whenever a scene ends and :meth:`end_session` when a
    session ends (after ending its last scene; ending a session does not end a scene by itself).
    """

    scenes_ended: int = 0
    sessions_ended: int = 0
    minor_milestones: int = 0
    major_milestones: int = 0

    def __post_init__(self) -> None:
        counts = (
            self.scenes_ended,
            self.sessions_ended,
            self.minor_milestones,
            self.major_milestones,
        )
        if any(count < 0 for count in counts):
            raise BadInput(f"clock counts cannot be negative: {counts}")

    def mark(self) -> ClockMark:
        """A snapshot of the clock now."""
        return ClockMark(
            self.scenes_ended, self.sessions_ended, self.minor_milestones, self.major_milestones
        )

    def end_scene(self) -> None:
        """Count the scene that is running as ended."""
        self.scenes_ended += 1

    def end_session(self) -> None:
        """Count the session that is running as ended."""
        self.sessions_ended += 1

    def reach_milestone(self, kind: Milestone) -> None:
        """Count a milestone reached: a minor one (milestone) or a major one (breakthrough)."""
        if kind is Milestone.MINOR:
            self.minor_milestones += 1
        else:
            self.major_milestones += 1

    def full_scenes_since(self, mark: ClockMark) -> int:
        """Whole scenes that have run from start to end after the scene in which ``mark`` was taken."""
        return max(0, self.scenes_ended - mark.scenes_ended - 1)

    def full_sessions_since(self, mark: ClockMark) -> int:
        """Whole sessions that have run from start to end after the session of ``mark``."""
        return max(0, self.sessions_ended - mark.sessions_ended - 1)

    def major_milestones_since(self, mark: ClockMark) -> int:
        """Major milestones reached after ``mark`` was taken."""
        return max(0, self.major_milestones - mark.major_milestones)
