"""The registry of fold steps: each domain tells with :func:`folds` how one of its events
changes the state (:mod:`fatekit.table.fold` plays them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fatekit.rules.core.errors import BadInput
from fatekit.table.base import Event
from fatekit.table.deciding import E
from fatekit.table.state import TableState

FOLDS: dict[type[Event], Callable[[TableState, Any], None]] = {}


def folds(
    kind: type[E],
) -> Callable[[Callable[[TableState, E], None]], Callable[[TableState, E], None]]:
    def register(handler: Callable[[TableState, E], None]) -> Callable[[TableState, E], None]:
        FOLDS[kind] = handler
        return handler

    return register


def check_created(recorded: str, made: str) -> None:
    # An empty id is a draft being tried; a recorded one must come out the same on replay.
    if recorded and recorded != made:
        raise BadInput(f"the log says aspect {recorded!r} was made, the rules made {made!r}")
