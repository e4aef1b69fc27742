"""The table's domains (fatekit/table/play/) each register what their commands become and how
their events fold; the command and event lists are built from them. A command nobody decides
or an event nobody folds would be refused at play time as unknown, so check it here."""

from __future__ import annotations

import dataclasses

from fatekit.table import commands as c
from fatekit.table import events as e
from fatekit.table.deciding import DECIDERS
from fatekit.table.folding import FOLDS

# Opening a table and undoing are the table's own business (handle.decide, fold.apply_in_place).
_DECIDED_BY_THE_TABLE = {c.CreateTable}
_FOLDED_BY_THE_TABLE = {e.TableCreated, e.Undone}


def test_every_command_is_decided_by_its_domain() -> None:
    listed = set(c.COMMAND_TYPES.values())
    assert listed - _DECIDED_BY_THE_TABLE == set(DECIDERS)


def test_every_event_folds_in_its_domain() -> None:
    listed = set(e.EVENT_TYPES.values())
    assert listed - _FOLDED_BY_THE_TABLE == set(FOLDS)


def test_commands_and_events_live_in_their_domains() -> None:
    for kind in (*c.COMMAND_TYPES.values(), *e.EVENT_TYPES.values()):
        assert kind.__module__.startswith("fatekit.table.play."), kind
        assert dataclasses.is_dataclass(kind)
