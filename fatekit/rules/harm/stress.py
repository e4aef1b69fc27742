"""Stress tracks and their boxes.

A :class:`StressTrack` holds the boxes of one kind of harm (physical, mental, or a single
``Track.ANY`` track in Fate Accelerated). In the :attr:`StressStyle.ONE_POINT` style (Fate
Condensed, Öde) every box is worth one shift and a hit may mark any number of them; in the
:attr:`StressStyle.ESCALATING` style (Fate Core, Fate Accelerated) boxes are worth 1, 2, 3...
and a hit marks at most one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.tracks import Track

__all__ = ["StressBox", "StressStyle", "StressTrack"]


class StressStyle(StrEnum):
    """How a track's boxes absorb shifts."""

    ONE_POINT = "one_point"
    ESCALATING = "escalating"


@dataclass(slots=True)
class StressBox:
    """One stress box: the shifts it absorbs, and whether it is checked."""

    value: int
    marked: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.value, bool) or not isinstance(self.value, int) or self.value < 1:
            raise BadInput(f"a stress box absorbs at least 1 shift, not {self.value!r}")


@dataclass(slots=True)
class StressTrack:
    """The stress boxes for one kind of harm."""

    track: Track
    style: StressStyle
    boxes: list[StressBox] = field(default_factory=list)

    def __post_init__(self) -> None:
        # Accept the enums' string values (as read from a file), but nothing else.
        try:
            self.track = Track(self.track)
            self.style = StressStyle(self.style)
        except ValueError as err:
            raise BadInput(f"not a stress track: {err}") from None
        if self.style is StressStyle.ONE_POINT and any(b.value != 1 for b in self.boxes):
            values = [b.value for b in self.boxes]
            raise BadInput(f"one-point stress boxes are each worth 1, got {values}")

    @classmethod
    def one_point(cls, track: Track, count: int) -> StressTrack:
        """A track of ``count`` one-point boxes (Fate Condensed, Öde)."""
        return cls(track, StressStyle.ONE_POINT, [StressBox(1) for _ in range(count)])

    @classmethod
    def escalating(cls, track: Track, count: int) -> StressTrack:
        """A track of ``count`` boxes worth 1, 2, 3... (Fate Core, Fate Accelerated)."""
        return cls(track, StressStyle.ESCALATING, [StressBox(v) for v in range(1, count + 1)])

    @property
    def free_boxes(self) -> list[int]:
        """Indexes of the boxes not yet checked."""
        return [i for i, box in enumerate(self.boxes) if not box.marked]

    def serves(self, harm: Track) -> bool:
        """Whether this track takes ``harm`` (a ``Track.ANY`` track takes every kind)."""
        return self.track is Track.ANY or self.track is harm

    def clear(self) -> int:
        """Uncheck every box; return how many were checked."""
        cleared = sum(1 for box in self.boxes if box.marked)
        for box in self.boxes:
            box.marked = False
        return cleared
