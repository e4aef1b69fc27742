"""Countdowns: a row of boxes that fills up as things happen, and what happens when it is full.

A :class:`Countdown` has a track of boxes marked left to right, :class:`Trigger` events that mark
them (for the whole track, or for one box each, or both) and an outcome that happens when the last
box is marked. It is an immutable value: :meth:`Countdown.fire` and :meth:`Countdown.mark` return
the countdown as it stands afterwards, so a table can fold events into it.

The GM chooses what the players see (:class:`Visibility`): everything, only the boxes, or nothing;
:meth:`Countdown.view_for` gives exactly what one seat may see.

    >>> bomb = Countdown.new("bomb", "The bomb", 3, "The warehouse goes up",
    ...                      triggers=[Trigger("exchange", "an exchange ends")])
    >>> bomb = bomb.fire("exchange").fire("exchange")
    >>> bomb.marked, bomb.finished
    (2, False)
    >>> bomb.fire("exchange").finished
    True
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from fatekit.rules.core.choices import one_of
from fatekit.rules.core.citations import CONDENSED, rule
from fatekit.rules.core.errors import BadInput, IllegalAction

__all__ = [
    "COUNTDOWN_OUTCOME_RULE",
    "COUNTDOWN_TRACK_RULE",
    "COUNTDOWN_TRIGGER_RULE",
    "COUNTDOWN_VISIBILITY_RULE",
    "Countdown",
    "CountdownView",
    "Trigger",
    "Visibility",
]

COUNTDOWN_TRACK_RULE = rule(
    "countdown.track",
    CONDENSED,
    "Optional Rules > Countdowns",
    "A countdown is a row of boxes marked one at a time from the left; fewer boxes, sooner doom",
)
COUNTDOWN_TRIGGER_RULE = rule(
    "countdown.triggers",
    CONDENSED,
    "Optional Rules > Countdowns",
    "A trigger is an event that marks the next box; a countdown has one or more, for the whole "
    "track or a different one for each box",
)
COUNTDOWN_OUTCOME_RULE = rule(
    "countdown.outcome",
    CONDENSED,
    "Optional Rules > Countdowns",
    "Marking the last box ends the countdown and its outcome happens",
)
COUNTDOWN_VISIBILITY_RULE = rule(
    "countdown.visibility",
    CONDENSED,
    "Optional Rules > Countdowns",
    "The GM may show the players a countdown, or only its boxes without saying what they count "
    "down to, or keep it hidden",
)


class Visibility(StrEnum):
    """What the players are shown of a countdown."""

    SHOWN = "shown"  # name, boxes, triggers and outcome
    BOXES_ONLY = "boxes_only"  # that it exists and how far along it is, not what it means
    HIDDEN = "hidden"  # nothing at all


@dataclass(frozen=True, slots=True)
class Trigger:
    """An event that marks a box: a stable key the table reports it by, and what it is."""

    key: str
    description: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.key, str) or not self.key.strip():
            raise BadInput("a trigger needs a key naming the event")


@dataclass(frozen=True, slots=True)
class CountdownView:
    """What one seat sees of a countdown; ``None`` fields are kept from them."""

    id: str
    boxes: int
    marked: int
    finished: bool
    name: str | None
    triggers: tuple[Trigger, ...] | None
    box_triggers: tuple[tuple[Trigger, ...], ...] | None
    outcome: str | None


@dataclass(frozen=True, slots=True)
class Countdown:
    """A countdown track with its triggers and outcome.

    ``triggers`` mark the next box whenever they happen. ``box_triggers`` (empty, or one entry per
    box) holds each box's own triggers, which mark it only when it is the next box to mark.
    """

    id: str
    name: str
    boxes: int
    outcome: str
    triggers: tuple[Trigger, ...] = ()
    box_triggers: tuple[tuple[Trigger, ...], ...] = ()
    marked: int = 0
    visibility: Visibility = Visibility.SHOWN

    def __post_init__(self) -> None:
        if not self.id.strip():
            raise BadInput("a countdown needs an id")
        if not self.outcome.strip():
            raise BadInput(f"countdown {self.id!r}: say what happens when the last box is marked")
        if isinstance(self.boxes, bool) or not isinstance(self.boxes, int) or self.boxes < 1:
            raise IllegalAction(
                f"countdown {self.id!r} needs at least one box, not {self.boxes!r}",
                COUNTDOWN_TRACK_RULE,
            )
        if isinstance(self.marked, bool) or not isinstance(self.marked, int):
            raise BadInput(f"countdown {self.id!r}: marked boxes are a whole number")
        if not 0 <= self.marked <= self.boxes:
            raise BadInput(
                f"countdown {self.id!r} has {self.boxes} boxes; {self.marked} cannot be marked"
            )
        # Accept the enum's string values (as read from a file), but nothing else.
        object.__setattr__(self, "visibility", _as_visibility(self.visibility))
        if self.box_triggers and len(self.box_triggers) != self.boxes:
            raise BadInput(
                f"countdown {self.id!r}: give triggers for each of its {self.boxes} boxes "
                f"(got {len(self.box_triggers)}), or none"
            )
        unmarkable = [
            n + 1 for n in range(self.boxes) if not self.triggers and not self._own_triggers(n)
        ]
        if unmarkable:
            raise IllegalAction(
                f"countdown {self.id!r}: nothing would mark box {unmarkable[0]}; give the track "
                "a trigger or give every box its own",
                COUNTDOWN_TRIGGER_RULE,
            )

    @classmethod
    def as_recorded(
        cls,
        id: str,
        name: str,
        boxes: int,
        outcome: str,
        *,
        triggers: Iterable[Trigger] = (),
        visibility: Visibility | str = Visibility.SHOWN,
    ) -> Countdown:
        """A countdown with nothing marked yet, as a table's log recorded it: nothing is
        checked again (see :meth:`new`)."""
        made = cls.__new__(cls)
        fields = {
            "id": id,
            "name": name,
            "boxes": boxes,
            "outcome": outcome,
            "triggers": tuple(triggers),
            "box_triggers": (),
            "marked": 0,
            "visibility": _as_visibility(visibility),
        }
        for key, value in fields.items():
            object.__setattr__(made, key, value)
        return made

    @classmethod
    def new(
        cls,
        id: str,
        name: str,
        boxes: int,
        outcome: str,
        *,
        triggers: Iterable[Trigger] = (),
        box_triggers: Sequence[Iterable[Trigger]] = (),
        visibility: Visibility | str = Visibility.SHOWN,
    ) -> Countdown:
        """A countdown with nothing marked yet."""
        return cls(
            id,
            name,
            boxes,
            outcome,
            tuple(triggers),
            tuple(tuple(t) for t in box_triggers),
            0,
            _as_visibility(visibility),
        )

    # -- questions --------------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        """Whether the last box is marked: the outcome has happened."""
        return self.marked == self.boxes

    @property
    def remaining(self) -> int:
        """Boxes left to mark before the outcome."""
        return self.boxes - self.marked

    def next_triggers(self) -> tuple[Trigger, ...]:
        """The triggers that would mark the next box (none once finished)."""
        if self.finished:
            return ()
        return (*self.triggers, *self._own_triggers(self.marked))

    def triggered_by(self, event: str) -> bool:
        """Whether ``event`` (a trigger key) marks the next box now."""
        return any(t.key == event for t in self.next_triggers())

    # -- changes ----------------------------------------------------------------------------

    def fire(self, event: str) -> Countdown:
        """The countdown after ``event`` happened: one box more if it triggers the next box.

        An event that triggers nothing now (another box's trigger, or any event once the
        countdown is over) leaves it as it was, so a table can report every event to every
        countdown.
        """
        if not event.strip():
            raise BadInput("name the event that happened")
        if not self.triggered_by(event):
            return self
        return self.with_marked(self.marked + 1)

    def with_marked(self, marked: int) -> Countdown:
        """The same countdown with ``marked`` boxes marked, as a table's log recorded them: an
        assignment, checked by no rule."""
        copied = copy.copy(self)
        object.__setattr__(copied, "marked", marked)
        return copied

    def mark(self, count: int = 1) -> Countdown:
        """Mark ``count`` boxes by the GM's say-so."""
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise BadInput(f"mark at least one box, not {count!r}")
        if count > self.remaining:
            raise IllegalAction(
                f"countdown {self.id!r} has {self.remaining} box(es) left; {count} cannot be marked",
                COUNTDOWN_OUTCOME_RULE,
            )
        return replace(self, marked=self.marked + count)

    def with_visibility(self, visibility: Visibility | str) -> Countdown:
        """The same countdown shown to the players differently."""
        return replace(self, visibility=_as_visibility(visibility))

    # -- views ------------------------------------------------------------------------------

    def view_for(self, seat_is_gm: bool) -> CountdownView | None:
        """What a seat may see: everything for the GM; for a player, what the visibility allows.

        A hidden countdown gives a player ``None``: they do not learn that it exists.
        """
        full = seat_is_gm or self.visibility is Visibility.SHOWN
        if not full and self.visibility is Visibility.HIDDEN:
            return None
        return CountdownView(
            id=self.id,
            boxes=self.boxes,
            marked=self.marked,
            finished=self.finished,
            name=self.name if full else None,
            triggers=self.triggers if full else None,
            box_triggers=self.box_triggers if full else None,
            outcome=self.outcome if full else None,
        )

    def _own_triggers(self, box: int) -> tuple[Trigger, ...]:
        return self.box_triggers[box] if self.box_triggers else ()


def _as_visibility(value: Visibility | str) -> Visibility:
    return one_of(Visibility, value, "a visibility")
