"""The game's clock: scenes, sessions and milestones, counted so recovery knows when to clear.

Recovery of a consequence is measured in scenes, sessions and major milestones *after
treatment*. A :class:`Clock` counts how many of each have ended (or been reached) so far; a
:class:`ClockMark` is a snapshot of those counts, stored on a consequence when treatment
succeeds. Comparing a later clock against the mark says whether enough time has passed.

A mark also says *when* in play it was taken (its :class:`Moment`): during a scene (the scene
numbered ``scenes_ended``, counting from 0, which is then not a whole scene after the mark),
between two scenes of a session, between two sessions of an arc, or between arcs (at a
breakthrough). Only spans that start after the mark count as whole: a mild consequence treated
between scenes clears when the very next scene ends, a moderate one recovering from a
breakthrough when the next session ends.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from fatekit.rules.core.errors import BadInput

__all__ = ["Clock", "ClockMark", "Milestone", "Moment"]


class Milestone(StrEnum):
    """The kinds of milestone the clock counts.

    Fate Condensed calls them a *milestone* (usually at the end of a session) and a
    *breakthrough* (at the end of a story arc); Fate Core calls the latter a *major milestone*.
    Fate Core and Fate Accelerated have a *significant* milestone between them, at the end of a
    scenario.
    """

    MINOR = "minor"
    SIGNIFICANT = "significant"
    MAJOR = "major"


class Moment(StrEnum):
    """Where in play a mark falls, innermost span first."""

    SCENE = "scene"  # during a scene (every mark taken before moments were recorded)
    SESSION = "session"  # in a session, between two scenes
    ARC = "arc"  # between two sessions of an arc
    #: at a breakthrough (a major milestone) before the next arc, or at a significant milestone
    #: before the next scenario: the scenario or arc it ends is not a whole one after the mark
    BETWEEN_ARCS = "between_arcs"

    @property
    def in_scene(self) -> bool:
        """Whether a scene was running: that scene is not a whole one after the mark."""
        return self is Moment.SCENE

    @property
    def in_session(self) -> bool:
        """Whether a session was running: that session is not a whole one after the mark."""
        return self in (Moment.SCENE, Moment.SESSION)

    @property
    def in_arc(self) -> bool:
        """Whether an arc (a scenario) was running: it is not a whole one after the mark."""
        return self is not Moment.BETWEEN_ARCS


@dataclass(frozen=True, slots=True)
class ClockMark:
    """A moment of play: how many scenes and sessions had ended and milestones had been reached,
    and where in play it fell (``moment``)."""

    scenes_ended: int
    sessions_ended: int
    minor_milestones: int
    major_milestones: int
    moment: Moment = Moment.SCENE
    significant_milestones: int = 0

    @property
    def scenarios_ended(self) -> int:
        """Scenarios ended: each significant or major milestone ends one (Fate Core)."""
        return self.significant_milestones + self.major_milestones

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "moment", Moment(self.moment))
        except ValueError:
            raise BadInput(f"not a moment of play: {self.moment!r}") from None


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
    significant_milestones: int = 0

    def __post_init__(self) -> None:
        counts = (
            self.scenes_ended,
            self.sessions_ended,
            self.minor_milestones,
            self.major_milestones,
            self.significant_milestones,
        )
        if any(count < 0 for count in counts):
            raise BadInput(f"clock counts cannot be negative: {counts}")

    def mark(self, moment: Moment = Moment.SCENE) -> ClockMark:
        """A snapshot of the clock now, taken at ``moment`` of play."""
        return ClockMark(
            self.scenes_ended,
            self.sessions_ended,
            self.minor_milestones,
            self.major_milestones,
            Moment(moment),
            self.significant_milestones,
        )

    def end_scene(self) -> None:
        """Count the scene that is running as ended."""
        self.scenes_ended += 1

    def end_session(self) -> None:
        """Count the session that is running as ended."""
        self.sessions_ended += 1

    def reach_milestone(self, kind: Milestone) -> None:
        """Count a milestone reached: a minor one (milestone), a significant one (Fate Core's
        and Fate Accelerated's scenario end) or a major one (breakthrough)."""
        if kind is Milestone.MINOR:
            self.minor_milestones += 1
        elif kind is Milestone.SIGNIFICANT:
            self.significant_milestones += 1
        else:
            self.major_milestones += 1

    @property
    def scenarios_ended(self) -> int:
        """Scenarios ended: each significant or major milestone ends one (Fate Core)."""
        return self.significant_milestones + self.major_milestones

    def full_scenes_since(self, mark: ClockMark) -> int:
        """Whole scenes that have run from start to end after ``mark`` (the scene it fell in,
        if any, does not count)."""
        return max(0, self.scenes_ended - mark.scenes_ended - int(mark.moment.in_scene))

    def full_sessions_since(self, mark: ClockMark) -> int:
        """Whole sessions that have run from start to end after ``mark`` (the session it fell
        in, if any, does not count)."""
        return max(0, self.sessions_ended - mark.sessions_ended - int(mark.moment.in_session))

    def full_arcs_since(self, mark: ClockMark) -> int:
        """Whole arcs (scenarios, each ended by a major milestone) that have run after ``mark``
        (the arc it fell in, if any, does not count)."""
        return max(0, self.major_milestones - mark.major_milestones - int(mark.moment.in_arc))

    def full_scenarios_since(self, mark: ClockMark) -> int:
        """Whole scenarios (each ended by a significant or major milestone) that have run after
        ``mark`` (the scenario it fell in, if any, does not count). With no significant
        milestone reached, these are the arcs :meth:`full_arcs_since` counts."""
        ended = self.scenarios_ended - mark.scenarios_ended
        return max(0, ended - int(mark.moment.in_arc))

    def major_milestones_since(self, mark: ClockMark) -> int:
        """Major milestones reached after ``mark`` was taken."""
        return max(0, self.major_milestones - mark.major_milestones)

    def milestones_since(self, mark: ClockMark) -> int:
        """Milestones of any kind reached after ``mark`` was taken."""
        reached = self.minor_milestones + self.significant_milestones + self.major_milestones
        was = mark.minor_milestones + mark.significant_milestones + mark.major_milestones
        return max(0, reached - was)
