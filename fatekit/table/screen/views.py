"""What each seat sees of the GM's screen. A GM seat sees all of it; every other seat sees only
that the GM asked one of its characters for a roll (never the difficulty), the outcome of a roll
made against a hidden difficulty (never the number, nor the shifts that would give it away), and
a secret roll once it is revealed (never the GM's note of what it was for). Prepared scenes are the GM's alone until one starts, and then
players learn of it as of any scene.

:func:`fatekit.table.views.view_for`, :func:`fatekit.table.views.event_for` and
:func:`fatekit.table.extras.extras_for` call these, so the views, the log pages, the live
document and the socket's events all leave out the same things.
"""

from __future__ import annotations

from typing import Any

from fatekit.table import events as e
from fatekit.table.codec import to_json
from fatekit.table.screen import events as se
from fatekit.table.state import TableState

__all__ = [
    "hide_difficulty_of_roll",
    "hides_last_roll",
    "hides_roll_in_play",
    "player_event",
    "screen_view",
]

JSON = dict[str, Any]

#: What a roll against a hidden difficulty tells a player: no number to work it out from.
_GIVES_AWAY_DIFFICULTY = ("difficulty", "opposition", "shifts")


def screen_view(state: TableState, gm: bool, mine: set[str]) -> JSON:
    """The ``screen`` part of a seat's view."""
    screen = state.screen
    if gm:
        return {
            "secret_rolls": [to_json(r) for r in screen.secret_rolls.values()],
            "asked": [to_json(a) for a in screen.asked.values()],
            "prepared": [to_json(p) for p in screen.prepared.values()],
        }
    return {
        "secret_rolls": [],
        "asked": [
            {"actor": a.actor, "skill": a.skill, "action": a.action.value}
            for a in screen.asked.values()
            if a.actor in mine
        ],
        "prepared": [],
    }


def hides_roll_in_play(state: TableState, gm: bool) -> bool:
    """Whether the roll in play's difficulty is kept from this seat."""
    return not gm and state.roll is not None and state.screen.hidden_difficulty


def hide_difficulty_of_roll(out: JSON) -> None:
    """Take out of a roll (in play, a log record, a resolution) what gives its difficulty away,
    saying that it is hidden."""
    for key in _GIVES_AWAY_DIFFICULTY:
        if key in out:
            out[key] = None
    out["difficulty_hidden"] = True


def hides_last_roll(state: TableState, gm: bool) -> bool:
    """Whether the latest roll's record was made against a difficulty kept from this seat."""
    last = state.last_roll
    return not gm and last is not None and last.version == state.screen.hidden_roll_at


def player_event(event: e.Event, data: JSON) -> JSON | None:
    """A screen event (or a roll against a hidden difficulty) as a player or spectator may
    receive it; ``None``: not at all. Other events pass through as they are."""
    if isinstance(event, se.SecretRollMade | se.ScenePrepared | se.PreparedSceneRemoved):
        return None
    if isinstance(event, se.PreparedSceneStarted):
        return None  # the scene's own events tell the players it started
    if isinstance(event, se.SecretRollRevealed):
        data.pop("reason")  # the GM's own note: the reveal shows the roll, not what it was for
        return data
    if isinstance(event, se.DifficultyHidden):
        return {
            "actor": event.actor,
            "skill": event.skill,
            "action": event.action.value,
            "withdrawn": event.difficulty is None,
        }
    if isinstance(event, e.RollMade) and event.hidden_difficulty:
        hide_difficulty_of_roll(data)
    return data
