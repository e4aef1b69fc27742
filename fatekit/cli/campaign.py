"""``fatekit campaign``: a whole campaign as one file, in and out of a database, and backups.

- ``export TABLE_ID --db URL [-o FILE]`` writes a table's campaign file.
- ``import FILE --db URL [--as ID]`` opens the table from a campaign file and prints a GM link.
- ``backup --db URL --backup-dir DIR [--keep N]`` backs up every table now, as ``fatekit serve
  --backup-dir`` does each night.
- ``restore FOLDER --db URL`` opens every table of one backup folder.

A broken or foreign file, or a table id the database already holds, exits with status 2 and
changes nothing; a database that cannot be opened exits with 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import UTC, datetime
from pathlib import Path

from fatekit.cli.database import open_store
from fatekit.cli.refusal import refuse
from fatekit.rules.core.errors import BadInput
from fatekit.store.base import EventStore, StoreError
from fatekit.store.campaigns import (
    DEFAULT_KEEP,
    Restored,
    back_up,
    export_stored,
    import_stored,
    read_campaign_file,
    restore,
)
from fatekit.table.codec import FieldErrors

__all__ = ["register"]

_DB_HELP = "the database: sqlite:///path or a file path, or postgresql://user@host/dbname"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "campaign",
        help="a whole campaign as one file: export, import, back up, restore",
        description="A campaign file holds a table's complete log (every secret in it) and a "
        "readable copy of its rule set, characters, NPC templates, prepared scenes and setting "
        "(see docs/campaign.schema.json). It moves a campaign between servers and between "
        "SQLite and PostgreSQL.",
        epilog="examples: fatekit campaign export abc123 --db data/fatekit.db -o ours.json | "
        "fatekit campaign import ours.json --db postgresql://fate@db/fatekit",
    )
    actions = parser.add_subparsers(dest="campaign_command", metavar="ACTION", required=True)

    export = actions.add_parser("export", help="write a table's campaign file")
    export.add_argument("table_id", help="the table's id (in its links: <id>.<secret>)")
    export.add_argument("--db", help=_DB_HELP)
    export.add_argument("-o", "--output", metavar="FILE", help="where to write (default: stdout)")
    export.set_defaults(handler=_export)

    load = actions.add_parser(
        "import",
        help="open a table from a campaign file",
        description="Exit status: 0 the table is open (its GM link is printed); 2 the file is "
        "broken or foreign, or the database already holds its table (nothing is changed).",
    )
    load.add_argument("file", help="the campaign file")
    load.add_argument("--db", help=_DB_HELP)
    load.add_argument("--as", dest="table_id", metavar="ID", help="open it under this table id")
    load.set_defaults(handler=_import)

    backup = actions.add_parser("backup", help="back up every table now")
    backup.add_argument("--db", help=_DB_HELP)
    backup.add_argument("--backup-dir", required=True, metavar="DIR", help="where backups go")
    backup.add_argument(
        "--keep",
        type=_at_least_one,
        default=DEFAULT_KEEP,
        metavar="N",
        help=f"backups to keep, the oldest removed first (default: {DEFAULT_KEEP})",
    )
    backup.set_defaults(handler=_backup)

    back = actions.add_parser(
        "restore",
        help="open every table of a backup folder",
        description="Every file is checked before any table is written: a broken file or a "
        "table the database already holds refuses the whole restore (exit status 2).",
    )
    back.add_argument("folder", help="one backup folder, such as backups/2026-11-27T030000Z")
    back.add_argument("--db", help=_DB_HELP)
    back.set_defaults(handler=_restore)


def _at_least_one(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"a whole number of 1 or more, not {text!r}")
    return value


def _open(db: str | None, command: str) -> EventStore | int:
    try:
        return open_store(db)[0]
    except BadInput as error:
        return refuse(command, error)
    except StoreError as error:
        return refuse(command, error, 1)


def _problems(command: str, what: str, error: BadInput) -> int:
    if isinstance(error, FieldErrors) and len(error.errors) > 1:
        print(f"fatekit {command}: {what} ({len(error.errors)} problems):", file=sys.stderr)
        for problem in error.errors.values():
            print(f"  - {problem}", file=sys.stderr)
        print("Nothing was changed.", file=sys.stderr)
        return 2
    return refuse(command, f"{what}: {error}. Nothing was changed.")


def _export(args: argparse.Namespace) -> int:
    store = _open(args.db, "campaign export")
    if isinstance(store, int):
        return store
    with store:
        if store.version(args.table_id) == 0:
            return refuse("campaign export", f"this database holds no table {args.table_id!r}")
        data = export_stored(store, args.table_id)
    text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    if args.output is None:
        sys.stdout.write(text)
        return 0
    try:
        Path(args.output).write_text(text, encoding="utf-8")
    except OSError as error:
        return refuse("campaign export", f"cannot write {args.output}: {error}")
    print(f"{data['name']!r} (table {args.table_id}) written to {args.output}", file=sys.stderr)
    return 0


def _say_opened(opened: Restored, store: EventStore) -> None:
    from fatekit.server.links import LinkRegistry  # the seat links live beside the tables

    link = LinkRegistry(store).issue(opened.table_id, opened.gm_seat)
    print(f"table {opened.table_id} opened at version {opened.version}")
    if opened.read_only is not None:
        # Kept whole all the same: the table opens read-only until a fatekit folds it.
        print(
            f"  read-only: {opened.read_only.sentence()}. Every event is kept as written; "
            "it opens whole once fatekit folds it (docs/server.md, a table that opens read-only)"
        )
    print(f"  GM link (keep it secret): {link.token}")


def _import(args: argparse.Namespace) -> int:
    path = Path(args.file)
    try:
        data = read_campaign_file(path)
    except BadInput as error:
        return refuse("campaign import", f"{error}. Nothing was changed.")
    store = _open(args.db, "campaign import")
    if isinstance(store, int):
        return store
    with store:
        try:
            opened = import_stored(store, data, table_id=args.table_id)
        except BadInput as error:
            return _problems("campaign import", f"{path} cannot be imported", error)
        _say_opened(opened, store)
    print("  players' links do not move with a campaign: give each a new one from the page")
    return 0


def _backup(args: argparse.Namespace) -> int:
    store = _open(args.db, "campaign backup")
    if isinstance(store, int):
        return store
    with store:
        try:
            made = back_up(
                store, Path(args.backup_dir), keep=args.keep, now=lambda: datetime.now(UTC)
            )
        except OSError as error:
            return refuse("campaign backup", f"cannot write the backup: {error}", 1)
    print(f"{len(made.tables)} table(s) backed up in {made.folder}")
    for old in made.removed:
        print(f"  removed the older backup {old.name}")
    return 0


def _restore(args: argparse.Namespace) -> int:
    store = _open(args.db, "campaign restore")
    if isinstance(store, int):
        return store
    with store:
        try:
            opened = restore(store, Path(args.folder))
        except BadInput as error:
            return _problems("campaign restore", f"{args.folder} cannot be restored", error)
        for table in opened:
            _say_opened(table, store)
    return 0
