"""The shared game table: commands in, rules-checked events out, one view per seat.

Pure Python over :mod:`fatekit.rules`, with no I/O:

- :func:`handle` checks a :mod:`~fatekit.table.commands` command (who may, and what the rules
  say) and returns a :class:`Decision`: the :mod:`~fatekit.table.events` it became and the state
  after them. Dice are decided there, entered or rolled, and written into the events.
- :func:`apply` and :func:`fold` build a :class:`TableState` from events; replaying a log gives
  the same table every time. :class:`~fatekit.table.events.Undone` rewinds past events while the
  log keeps them.
- :func:`view_for` and :func:`event_for` give what one seat may see.
- :func:`export_table`, :func:`import_table`, :func:`export_character` and :func:`table_schema`
  read and write table and character files.

See ``docs/table.md``.
"""

from fatekit.rules.core.errors import BadInput, ForbiddenAction, IllegalAction, StaleState
from fatekit.table import commands, events
from fatekit.table.codec import FieldErrors
from fatekit.table.export import (
    ImportedTable,
    export_character,
    export_table,
    import_table,
    table_schema,
    table_schema_text,
)
from fatekit.table.fold import apply, fold
from fatekit.table.handle import Decision, handle
from fatekit.table.seats import NoteVisibility, Role, Seat
from fatekit.table.serialize import (
    command_from_json,
    command_to_json,
    event_from_payload,
    event_payload,
)
from fatekit.table.snapshot import SNAPSHOT_FORMAT, decode_snapshot, encode_snapshot
from fatekit.table.state import SEAT_RULE, NoteRecord, RollRecord, TableState
from fatekit.table.views import event_for, view_for

__all__ = [
    "SEAT_RULE",
    "SNAPSHOT_FORMAT",
    "BadInput",
    "Decision",
    "FieldErrors",
    "ForbiddenAction",
    "IllegalAction",
    "ImportedTable",
    "NoteRecord",
    "NoteVisibility",
    "Role",
    "RollRecord",
    "Seat",
    "StaleState",
    "TableState",
    "apply",
    "command_from_json",
    "command_to_json",
    "commands",
    "decode_snapshot",
    "encode_snapshot",
    "event_for",
    "event_from_payload",
    "event_payload",
    "events",
    "export_character",
    "export_table",
    "fold",
    "handle",
    "import_table",
    "table_schema",
    "table_schema_text",
    "view_for",
]
