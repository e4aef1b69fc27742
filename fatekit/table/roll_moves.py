"""Who may start a roll outside a conflict, in one place (issue 40 item 2).

:func:`check_may_roll` is the check :class:`~fatekit.table.play.rolls.Roll`'s decider makes of
the seat and of the table before it reads the roll's skill or opposition; :func:`rollers` asks
it for the seat's document (``rollers`` on the scene), so a character offered a roll is one
the table takes a roll for. Here rather than in the rolls' module, which builds on the scenes'
module that shows the scene.
"""

from __future__ import annotations

from fatekit.rules.core.errors import BadInput
from fatekit.table.deciding import (
    allowed,
    play_goes_on,
    require_control,
    require_no_roll_waiting,
)
from fatekit.table.seats import Seat
from fatekit.table.state import TableState

__all__ = ["check_may_roll", "rollers"]


def check_may_roll(state: TableState, seat: Seat, actor: str) -> None:
    """Refuse unless ``seat`` may start a roll for ``actor`` now: it acts for them, a scene
    runs and no conflict does (whose rolls are its own actions), and ``actor`` has no roll in
    play (one at a time)."""
    require_control(state, seat, actor, "roll for them")
    if state.game.scene is None:
        raise BadInput("no scene is running", code="no_scene")
    if state.conflict is not None:
        raise BadInput("during a conflict, roll with the conflict's actions")
    require_no_roll_waiting(state, actor)


def rollers(state: TableState, seat: Seat) -> list[str]:
    """The characters ``seat`` may start a roll for now, by :func:`check_may_roll`; none while
    a safety signal waits, when the table takes no move of play."""
    if not play_goes_on(state):
        return []
    return [
        who
        for who in sorted(state.characters_of(seat.id))
        if allowed(check_may_roll, state, seat, who)
    ]
