"""Campaign files in and out of an event store, and the nightly backup of every table.

:func:`export_stored` writes a table's campaign file from any store (SQLite or PostgreSQL) and
:func:`import_stored` opens a table from one, all at once or not at all, so a campaign moves
between servers and between databases unchanged. :func:`back_up` writes every table of a store
into a new folder of a backup directory and keeps only the latest ``keep`` folders;
:func:`restore` brings a whole backup folder back, checking every file before it writes any.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from fatekit import __version__
from fatekit.formats.images import MAP_MEDIA_TYPES, CleanMap, MediaType
from fatekit.rules.core.errors import BadInput
from fatekit.store.base import (
    EventStore,
    NewEvent,
    StoredMap,
    VersionConflict,
    check_table_id,
    utc_now,
)
from fatekit.store.tables import TableRepository, logged
from fatekit.table.campaign import (
    CAMPAIGN_FORMAT,
    CAMPAIGN_FORMAT_VERSION,
    campaign_maps,
    export_campaign,
    import_campaign,
)
from fatekit.table.export import TABLE_FORMAT, TABLE_FORMAT_VERSION, ImportedTable, LogEntry
from fatekit.table.read_only import ReadOnly

__all__ = [
    "BACKUP_SUFFIX",
    "DEFAULT_KEEP",
    "Backup",
    "Restored",
    "back_up",
    "backups_in",
    "export_stored",
    "import_stored",
    "keep_maps",
    "kept_maps",
    "read_campaign_file",
    "restore",
]

#: How every campaign file in a backup folder is named: ``<table id>.campaign.json``.
BACKUP_SUFFIX = ".campaign.json"
#: Backup folders kept when no retention is given.
DEFAULT_KEEP = 14
# A backup folder is named for the moment it was taken, in UTC: 2026-11-27T030000Z.
_FOLDER = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{6}Z$")
_PARTIAL = ".partial"


def export_stored(
    store: EventStore, table_id: str, *, exported_at: str | None = None
) -> dict[str, Any]:
    """The campaign file of a table kept in ``store`` (as its first GM seat exports it), its log
    exactly as it was written. A table open read-only (an event that no longer folds) exports
    whole; one whose very first event cannot be read still exports its log, with no readable
    copy of its contents: a backup never leaves a table out."""
    repo = TableRepository(store)
    log = repo.log(table_id)
    exported_at = exported_at or utc_now()
    try:
        state = repo.load(table_id)
    except Exception as error:
        if not log:
            raise
        return _unread_campaign(table_id, log, exported_at, error)
    gm = next((s.id for s in state.seats.values() if s.is_gm), None)
    if gm is None:
        raise BadInput(f"table {table_id!r} seats no GM to take its campaign")
    return export_campaign(log, state, gm, exported_at=exported_at, maps=kept_maps(store, table_id))


def kept_maps(store: EventStore, table_id: str) -> list[CleanMap]:
    """Every map image ``store`` keeps for the table, as a campaign file carries them."""
    found = []
    for image_hash in store.map_hashes(table_id):
        kept = store.get_map(table_id, image_hash)
        if kept is not None:
            found.append(
                CleanMap(kept.data, kept.hash, _media(kept.media_type), kept.width, kept.height)
            )
    return found


def keep_maps(store: EventStore, table_id: str, maps: list[CleanMap]) -> None:
    """Keep a campaign file's map images (made clean as it was read) for the table."""
    for image in maps:
        store.put_map(
            table_id,
            StoredMap(image.hash, image.media_type, image.width, image.height, image.data),
        )


def _media(text: str) -> MediaType:
    for media in MAP_MEDIA_TYPES.values():
        if media == text:
            return media
    raise BadInput(f"a map kept as {text!r}, which no map is")


def _unread_campaign(
    table_id: str, log: list[LogEntry], exported_at: str, error: Exception
) -> dict[str, Any]:
    """The campaign file of a table whose first event this release cannot read: its log as
    written, named as its first event names it."""
    first = json.loads(log[0].payload)
    name = first.get("name") if isinstance(first, dict) else None
    return {
        "format": CAMPAIGN_FORMAT,
        "version": CAMPAIGN_FORMAT_VERSION,
        "name": name if isinstance(name, str) else table_id,
        "exported_at": exported_at,
        "exported_by": f"fatekit {__version__} (its first event does not read here: {error})",
        "table": {
            "format": TABLE_FORMAT,
            "version": TABLE_FORMAT_VERSION,
            "table_id": table_id,
            "name": name if isinstance(name, str) else table_id,
            "events": [entry.to_json() for entry in log],
        },
    }


@dataclass(frozen=True, slots=True)
class Restored:
    """A table opened from a campaign file: its id, the GM seat to give a link to, its version
    (the one it opened at), and why it opened read-only, if it did."""

    table_id: str
    gm_seat: str
    version: int
    read_only: ReadOnly | None = None


@dataclass(frozen=True, slots=True)
class _Checked:
    """A campaign file read and checked whole, to be written: its table's id, its table, and
    the map images it carries (made clean)."""

    table_id: str
    imported: ImportedTable
    maps: list[CleanMap]


def _checked(data: object, table_id: str | None, store: EventStore) -> _Checked:
    imported = import_campaign(data, table_id=table_id)
    maps = campaign_maps(data)
    new_id = check_table_id(imported.state.table_id)
    if ":" in new_id:  # the store's other streams are named "<kind>:<table id>"
        raise BadInput(f"a table id has no ':' ({new_id!r})")
    if store.version(new_id) > 0:
        raise BadInput(
            f"this database already holds a table {new_id!r}: import it under another id "
            "(--as NEW_ID), or into another database"
        )
    if not any(s.is_gm for s in imported.state.seats.values()):
        raise BadInput("the campaign file seats no GM")
    return _Checked(new_id, imported, maps)


def _write(store: EventStore, checked: _Checked) -> Restored:
    new_id, imported = checked.table_id, checked.imported
    # Stored as the file wrote them: reading upcasts an older event, nothing rewrites it.
    new: list[NewEvent] = [logged(e) for e in imported.log]
    try:
        store.append(new_id, 0, new)
    except VersionConflict:
        raise BadInput(f"a table {new_id!r} was opened in this database meanwhile") from None
    keep_maps(store, new_id, checked.maps)
    gm = next(s.id for s in imported.state.seats.values() if s.is_gm)
    return Restored(new_id, gm, imported.state.version, imported.state.read_only)


def import_stored(store: EventStore, data: object, *, table_id: str | None = None) -> Restored:
    """Open a table in ``store`` from a campaign file, under ``table_id`` or the file's own id.

    Raises :class:`BadInput` for a broken or foreign file, or an id the store already holds;
    the table's events are appended in one go, so either all of them are kept or none is."""
    return _write(store, _checked(data, table_id, store))


def read_campaign_file(path: Path) -> object:
    """A campaign file's JSON, or :class:`BadInput` saying why it cannot be read."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise BadInput(f"cannot read {path}: {error}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise BadInput(f"{path} is not JSON, perhaps cut short ({error})") from None


# -- backups ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Backup:
    """One backup run: the folder it wrote, the tables in it, and the older folders removed."""

    folder: Path
    tables: tuple[str, ...]
    removed: tuple[Path, ...]


def backups_in(directory: Path) -> list[Path]:
    """The complete backup folders in ``directory``, oldest first."""
    if not directory.is_dir():
        return []
    return sorted(p for p in directory.iterdir() if p.is_dir() and _FOLDER.match(p.name))


def table_ids(store: EventStore) -> list[str]:
    """The tables of a store (its other streams, such as seat links, left out)."""
    return [t for t in store.list_tables() if ":" not in t]


def back_up(
    store: EventStore,
    directory: Path,
    *,
    keep: int = DEFAULT_KEEP,
    now: Callable[[], datetime],
) -> Backup:
    """Write every table of ``store`` as a campaign file into a new folder of ``directory``
    named for ``now()``, then remove all but the latest ``keep`` folders.

    The folder is written under a temporary name and renamed when complete, so a run that
    stops half-way never leaves a folder that looks whole (and never costs an older one)."""
    if keep < 1:
        raise BadInput("keep at least one backup")
    taken = now()
    name = taken.strftime("%Y-%m-%dT%H%M%SZ")
    directory.mkdir(parents=True, exist_ok=True)
    folder = directory / name
    partial = directory / (name + _PARTIAL)
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir()
    written = []
    for table_id in table_ids(store):
        data = export_stored(store, table_id, exported_at=taken.isoformat())
        target = partial / f"{table_id}{BACKUP_SUFFIX}"
        with open(target, "w", encoding="utf-8") as out:
            json.dump(data, out, ensure_ascii=False)
            out.flush()
            os.fsync(out.fileno())
        written.append(table_id)
    if folder.exists():  # two runs in one second: the later one stands
        shutil.rmtree(folder)
    partial.rename(folder)
    older = backups_in(directory)[:-keep]
    for old in older:
        shutil.rmtree(old)
    return Backup(folder, tuple(written), tuple(older))


def restore(store: EventStore, folder: Path) -> list[Restored]:
    """Open every table of a backup folder in ``store``. Every file is read and checked first
    (a broken one, or a table the store already holds, refuses the whole restore with
    :class:`BadInput` and writes nothing); then the tables are written one by one."""
    if not folder.is_dir():
        raise BadInput(f"{folder} is not a backup folder")
    files = sorted(folder.glob(f"*{BACKUP_SUFFIX}"))
    if not files:
        raise BadInput(f"{folder} holds no campaign files (*{BACKUP_SUFFIX})")
    checked: list[_Checked] = []
    for path in files:
        try:
            checked.append(_checked(read_campaign_file(path), None, store))
        except BadInput as error:
            raise BadInput(f"{path.name}: {error}") from None
    return [_write(store, one) for one in checked]
