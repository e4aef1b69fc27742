"""The table's domains. Each module holds one part of the game as the table plays it: its
commands (what a seat asks), its events (what happened), who may ask and what a command becomes
(registered with :func:`~fatekit.table.deciding.decides`), and how each event folds into the
state (registered with :func:`~fatekit.table.folding.folds`). Importing this package registers
them all; :mod:`fatekit.table.commands` and :mod:`fatekit.table.events` list them."""

from fatekit.table.play import (
    actions,
    advancement,
    aspects,
    challenges,
    conflicts,
    contests,
    corrections,
    gear,
    notes,
    people,
    prepared,
    recaps,
    rolls,
    safety,
    scenes,
    secrets,
    targets,
)

__all__ = [
    "actions",
    "advancement",
    "aspects",
    "challenges",
    "conflicts",
    "contests",
    "corrections",
    "gear",
    "notes",
    "people",
    "prepared",
    "recaps",
    "rolls",
    "safety",
    "scenes",
    "secrets",
    "targets",
]
