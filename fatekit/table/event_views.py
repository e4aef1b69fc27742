"""What one seat may receive of an event: :func:`event_for` gives it as the event's domain
declared (:mod:`fatekit.table.showing`), through the same
:class:`~fatekit.table.seeing.Viewer` that builds the seat's view, or ``None`` when the seat may
not learn of it at all. The server sends these over the socket and pages them in the log.
"""

from __future__ import annotations

from typing import Any

from fatekit.table import events as e
from fatekit.table.base import NamesAspect
from fatekit.table.seeing import JSON, Viewer
from fatekit.table.serialize import own_fields
from fatekit.table.showing import SHOWS
from fatekit.table.state import TableState

__all__ = ["event_for", "event_seen"]


def event_for(event: e.Event, state: TableState, seat: str | None) -> JSON | None:
    """``event`` as ``seat`` may receive it, or ``None`` if the seat may not learn of it
    (``seat=None``: as the public, a spectator without a seat, may).

    ``state`` is the table after the event (the server's current state serves too: it decides
    what is hidden now). The result has ``type``, ``version``, ``seat``, ``at`` and ``data``.
    A GM receives every event whole; anyone else what the event's domain declared, and nothing
    of an event without a declaration.
    """
    return event_seen(event, Viewer(state, seat))


def event_seen(event: e.Event, viewer: Viewer, fields: JSON | None = None) -> JSON | None:
    """:func:`event_for` through the seat's ``viewer``; ``fields``, the event's
    :func:`~fatekit.table.serialize.own_fields` when the caller has them already (several seats
    read one event: it is converted once, and left as it was)."""
    data = own_fields(event) if fields is None else fields
    if not viewer.gm:
        redaction = SHOWS.get(type(event))
        if redaction is None:
            return None  # refused by default: no domain said who may see it
        if _about_unknown(viewer, event):
            return None  # a GM's character the seat has not met: not even that it did this
        if fields is not None:
            data = _copy(data)  # the redaction may change what it is given
        if isinstance(event, NamesAspect):
            data.pop("aspect_sight", None)  # who knew of a hidden aspect is the GM's to know
        shown = redaction(viewer, event, data)
        if shown is None:
            return None
        data = shown
        _keep_stunts(viewer, event, data)
    return {
        "type": type(event).__name__,
        "version": event.version,
        "seat": event.seat,
        "at": event.at,
        "data": data,
    }


def _copy(value: Any) -> Any:
    """A copy of JSON values, nothing shared but the strings and numbers."""
    if type(value) is dict:
        return {k: _copy(v) if type(v) in _CONTAINERS else v for k, v in value.items()}
    if type(value) is list:
        return [_copy(v) if type(v) in _CONTAINERS else v for v in value]
    return value


_CONTAINERS = (dict, list)


#: The fields by which an event names the character it is about (who acted, who it befell).
_ABOUT = ("character_id", "actor", "by", "target", "holder")


def _about_unknown(viewer: Viewer, event: e.Event) -> bool:
    """Whether ``event`` is about a character the seat may not know of
    (:meth:`~fatekit.table.seeing.Viewer.knows`): a GM's NPC or extra not met yet."""
    characters = viewer.state.game.characters
    for field in _ABOUT:
        who = getattr(event, field, None)
        if isinstance(who, str) and who in characters and not viewer.knows(who):
            return True
    return False


def _keep_stunts(viewer: Viewer, event: e.Event, data: JSON) -> None:
    """The stunts a roll named are on their owner's sheet: a seat that may not see
    the sheet (a hidden NPC's) learns how many were used, not which."""
    if data.get("stunts") and not viewer.sees_sheet(getattr(event, "actor", "")):
        data["stunts"] = [None for _ in data["stunts"]]
