"""The table's domains. Each module holds one part of the game as the table plays it: its
commands (what a seat asks), its events (what happened), who may ask and what a command becomes
(registered with :func:`~fatekit.table.deciding.decides`), how each event folds into the state
(registered with :func:`~fatekit.table.folding.folds`) and what each seat may see of it. Importing
this package imports every domain, which registers them all. A domain's public names are its own
``__all__``: :mod:`fatekit.table.commands` and :mod:`fatekit.table.events` re-export them, so a new
command or event is listed nowhere else (a new domain module is imported here and there;
``tests/table/test_one_place.py`` checks it)."""

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

__all__ = [
    "actions",
    "advancement",
    "aspects",
    "borders",
    "challenges",
    "conditions",
    "conflicts",
    "contests",
    "corrections",
    "gear",
    "maps",
    "notes",
    "options",
    "people",
    "prepared",
    "recaps",
    "rolls",
    "safety",
    "scenes",
    "secrets",
    "setting",
    "stunts",
    "targets",
    "treatment",
]
