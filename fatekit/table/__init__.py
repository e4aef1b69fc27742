"""The shared game table: commands in, rules-checked events out, one view per seat.

Pure Python over :mod:`fatekit.rules`, with no I/O:

- :func:`handle` (that is, :func:`decide` then :func:`commit`) checks a :mod:`~fatekit.table.commands` command (who may, and what the rules
  say) and returns a :class:`Decision`: the :mod:`~fatekit.table.events` it became and the state
  after them. Dice are decided there, entered or rolled, and written into the events.
- :func:`apply` and :func:`fold` build a :class:`TableState` from events; replaying a log gives
  the same table every time. :class:`~fatekit.table.events.Undone` rewinds past events while the
  log keeps them.
- :func:`view_for` and :func:`event_for` give what one seat may see; :func:`document_for` is a
  seat's view with the page's extras, as the server keeps it live; :func:`log_page` is a page of
  a seat's log. The state holds no history (:mod:`fatekit.table.history`).
- :func:`export_table`, :func:`import_table`, :func:`export_character` and :func:`table_schema`
  read and write table and character files.

See ``docs/table.md``.
"""

from fatekit.rules.core.errors import BadInput, ForbiddenAction, IllegalAction, StaleState
from fatekit.table import commands, events
from fatekit.table.codec import FieldErrors
from fatekit.table.event_views import event_for
from fatekit.table.export import (
    ImportedTable,
    export_character,
    export_table,
    import_table,
    table_schema,
    table_schema_text,
)
from fatekit.table.extras import document_for, extras_for
from fatekit.table.fold import apply, fold
from fatekit.table.handle import Decision, Waiver, commit, decide, handle
from fatekit.table.history import LOG_PAGE, MAX_LOG_PAGE, EventLog, History, LogPage, log_page
from fatekit.table.seats import NoteVisibility, Role, Seat
from fatekit.table.serialize import (
    command_from_json,
    command_to_json,
    event_from_payload,
    event_payload,
)
from fatekit.table.snapshot import SNAPSHOT_FORMAT, decode_snapshot, encode_snapshot
from fatekit.table.state import SEAT_RULE, RollRecord, TableState
from fatekit.table.views import view_for

__all__ = [
    "LOG_PAGE",
    "MAX_LOG_PAGE",
    "SEAT_RULE",
    "SNAPSHOT_FORMAT",
    "BadInput",
    "Decision",
    "EventLog",
    "FieldErrors",
    "ForbiddenAction",
    "History",
    "IllegalAction",
    "ImportedTable",
    "LogPage",
    "NoteVisibility",
    "Role",
    "RollRecord",
    "Seat",
    "StaleState",
    "TableState",
    "Waiver",
    "apply",
    "command_from_json",
    "command_to_json",
    "commands",
    "commit",
    "decide",
    "decode_snapshot",
    "document_for",
    "encode_snapshot",
    "event_for",
    "event_from_payload",
    "event_payload",
    "events",
    "export_character",
    "export_table",
    "extras_for",
    "fold",
    "handle",
    "import_table",
    "log_page",
    "table_schema",
    "table_schema_text",
    "view_for",
]
