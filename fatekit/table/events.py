"""Events: what happened at a table, as frozen values numbered by version.

Every event carries the table id, its version (its place in the table's log, from 1), the seat
whose command caused it and when. Events hold everything needed to fold them into the state
(:func:`fatekit.table.apply`) with no further input: the dice that were rolled, the ids the rules
gave new aspects, the sheets of new characters. Replaying a log therefore gives the same table
every time.

Fields added to an event after it was first published have defaults, so logs written before
still read (and fold) as they did; a change that needs more raises the event's ``SCHEMA`` and
registers an upcaster (:mod:`fatekit.table.upcasting`). Each event also records what the rules
computed as it was decided (``facts``, :mod:`fatekit.table.facts`), which its fold assigns.

This module re-exports every domain's public names (``e.RollMade``) and holds the registry the
store reads events by (:data:`EVENT_TYPES`); neither is a list to extend by hand.
"""

from __future__ import annotations

from fatekit.table.base import Event
from fatekit.table.folding import FOLDS
from fatekit.table.play import (
    actions,
    advancement,
    aspects,
    borders,
    challenges,
    conditions,
    conflicts,
    contests,
    corrections,
    gear,
    maps,
    notes,
    options,
    people,
    prepared,
    recaps,
    rolls,
    safety,
    scenes,
    secrets,
    setting,
    stunts,
    targets,
    treatment,
)

# Every domain's public names (events, commands, their values), as its own ``__all__`` names them.
from fatekit.table.play.actions import *  # noqa: F403
from fatekit.table.play.advancement import *  # noqa: F403
from fatekit.table.play.aspects import *  # noqa: F403
from fatekit.table.play.borders import *  # noqa: F403
from fatekit.table.play.challenges import *  # noqa: F403
from fatekit.table.play.conditions import *  # noqa: F403
from fatekit.table.play.conflicts import *  # noqa: F403
from fatekit.table.play.contests import *  # noqa: F403
from fatekit.table.play.corrections import *  # noqa: F403
from fatekit.table.play.gear import *  # noqa: F403
from fatekit.table.play.maps import *  # noqa: F403
from fatekit.table.play.notes import *  # noqa: F403
from fatekit.table.play.notes import Undone
from fatekit.table.play.options import *  # noqa: F403
from fatekit.table.play.people import *  # noqa: F403
from fatekit.table.play.people import TableCreated
from fatekit.table.play.prepared import *  # noqa: F403
from fatekit.table.play.recaps import *  # noqa: F403
from fatekit.table.play.rolls import *  # noqa: F403
from fatekit.table.play.safety import *  # noqa: F403
from fatekit.table.play.scenes import *  # noqa: F403
from fatekit.table.play.secrets import *  # noqa: F403
from fatekit.table.play.setting import *  # noqa: F403
from fatekit.table.play.stunts import *  # noqa: F403
from fatekit.table.play.targets import *  # noqa: F403
from fatekit.table.play.treatment import *  # noqa: F403

__all__ = ["EVENT_TYPES", "Event"]
__all__ += actions.__all__
__all__ += advancement.__all__
__all__ += aspects.__all__
__all__ += borders.__all__
__all__ += challenges.__all__
__all__ += conditions.__all__
__all__ += conflicts.__all__
__all__ += contests.__all__
__all__ += corrections.__all__
__all__ += gear.__all__
__all__ += maps.__all__
__all__ += notes.__all__
__all__ += options.__all__
__all__ += people.__all__
__all__ += prepared.__all__
__all__ += recaps.__all__
__all__ += rolls.__all__
__all__ += safety.__all__
__all__ += scenes.__all__
__all__ += secrets.__all__
__all__ += setting.__all__
__all__ += stunts.__all__
__all__ += targets.__all__
__all__ += treatment.__all__

#: Every event by its type name, as the store records them: those the domains register with
#: :func:`~fatekit.table.folding.folds`, and ``TableCreated`` and ``Undone``, which the fold
#: plays itself (a new table; the past rebuilt, :mod:`fatekit.table.fold`).
_EVENTS: list[type[Event]] = [TableCreated, Undone, *FOLDS]
EVENT_TYPES: dict[str, type[Event]] = {
    cls.__name__: cls for cls in sorted(_EVENTS, key=lambda cls: cls.__name__)
}
