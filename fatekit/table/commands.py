"""Commands: what a seat asks the table to do. Each is a frozen value; the table checks it
against the rules and the seat's permissions (:func:`fatekit.table.handle`) and, when it is valid,
turns it into events.

Dice are fields of the commands that roll: give the faces read off physical dice (``"+0-+"``,
``"1 4 5 6"``), or leave them ``None`` and the table rolls when it handles the command. Either way
the faces go into the event, so replaying the log never rolls again.

This module re-exports every domain's public names (``c.Attack``) and holds the registry the
server reads commands by (:data:`COMMAND_TYPES`); neither is a list to extend by hand: a
command is a class in its domain's ``__all__``, decided by a function registered there.
"""

from __future__ import annotations

from fatekit.table.base import Command
from fatekit.table.deciding import DECIDERS
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

# Every domain's public names (commands, events, their values), as its own ``__all__`` names them.
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
from fatekit.table.play.options import *  # noqa: F403
from fatekit.table.play.people import *  # noqa: F403
from fatekit.table.play.people import CreateTable
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

__all__ = ["COMMAND_TYPES", "Command"]
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

#: Every command by its type name, as the server reads them: those the domains register with
#: :func:`~fatekit.table.deciding.decides`, and ``CreateTable``, which starts a table before any
#: state exists (:func:`fatekit.table.handle.handle`).
_COMMANDS: list[type[Command]] = [CreateTable, *DECIDERS]
COMMAND_TYPES: dict[str, type[Command]] = {
    cls.__name__: cls for cls in sorted(_COMMANDS, key=lambda cls: cls.__name__)
}
