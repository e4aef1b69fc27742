"""``fatekit serve``: run the shared table server (uvicorn) over a SQLite file or PostgreSQL.

On SQLite one process serves the file. On PostgreSQL any number of processes, on any number of
machines, may serve the same database: each listens to the others' appends (see
:mod:`fatekit.server.fanout`) and ``docs/deployment.md`` says how to run them behind a proxy.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import os
import socket
import sys
from dataclasses import dataclass, replace
from datetime import time
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from fatekit.cli.database import open_store
from fatekit.cli.refusal import refuse
from fatekit.rules.characters.presets import BUILTIN_KEYS, get_preset
from fatekit.rules.core.errors import BadInput
from fatekit.server.address import PUBLIC_URL_ENV
from fatekit.server.admin import TOKEN_ENV, is_loopback, new_token, read_token
from fatekit.server.backups import DEFAULT_AT, BackupPlan, parse_at
from fatekit.server.caps import Caps
from fatekit.server.limits import BURST, RATE
from fatekit.store.base import StoreError
from fatekit.store.campaigns import DEFAULT_KEEP

if TYPE_CHECKING:
    from fastapi import FastAPI

    from fatekit.server.service import Created, TableService
    from fatekit.server.ws import SocketSettings
    from fatekit.store.base import EventStore

__all__ = ["register", "serve"]

DEFAULT_PORT = 8000


def _tune_gc() -> None:
    """Collect garbage less often than Python's default.

    Every table keeps a graph of live rules objects, and every command copies one. With the
    default thresholds the collector walked those graphs so often that its full passes stalled
    the event loop for tens of milliseconds (the p99 of ``make bench`` fell from about 125 ms to
    about 20 ms with these settings). Objects made at start-up are frozen out of its walks too.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 50, 1000)


def _bind(host: str, port: int) -> socket.socket:
    # Bound here rather than by uvicorn, so port 0 works: we learn the port the system chose.
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # Named as TCP, so asyncio turns Nagle's algorithm off on every connection it accepts (it
    # does so only for sockets whose protocol says TCP). With Nagle on, each response on a
    # kept-alive connection waited ~40 ms for the client's delayed acknowledgement.
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.setblocking(False)
    return sock


#: The name of the table ``fatekit serve`` opens in a database that has none.
FIRST_TABLE = "My table"
#: Tables listed by name at start; a database with more is only counted.
LISTED_TABLES = 10
#: Tables read at start to find the most recently played; a larger database is only counted.
SCANNED_TABLES = 200


def _base_url(host: str, port: int) -> str:
    shown = "localhost" if host in ("0.0.0.0", "::") else host
    return f"http://[{shown}]:{port}" if ":" in shown else f"http://{shown}:{port}"


def _tables_here(store: EventStore) -> tuple[int, list[tuple[str, str, str]]]:
    """How many tables the store holds, and the most recently played ones (id, name, when the
    last event was recorded), newest first; none are read when there are too many to scan."""
    from fatekit.server.links import links_of

    ids = [t for t in store.list_tables() if links_of(t) is None]
    if len(ids) > SCANNED_TABLES:
        return len(ids), []
    found = []
    for table_id in ids:
        first = store.read_back(table_id, 2, 1)
        last = store.read_back(table_id, None, 1)
        data = first[0].data() if first else {}
        name = str(data.get("name", "?")) if isinstance(data, dict) else "?"
        found.append((table_id, name, last[0].timestamp if last else ""))
    found.sort(key=lambda t: t[2], reverse=True)
    return len(ids), found[:LISTED_TABLES]


def _when(timestamp: str) -> str:
    # ISO 8601 in UTC, as the store records it: the minute is enough to tell tables apart.
    return timestamp[:16].replace("T", " ") + " UTC" if timestamp else "never"


@dataclass(frozen=True)
class _Address:
    """Where the server listens and where its links lead."""

    host: str
    public: str | None  # the public address, when one is set (or --lan's)
    lan: bool


@dataclass(frozen=True)
class _Token:
    """The operator's token and what the banner says of it."""

    token: str | None
    note: str
    made: str | None  # made for this run, to be printed once


@dataclass(frozen=True)
class _Banner:
    """Everything the lines printed once the server listens say."""

    base: str
    shown: str  # the database, as it may be shown
    address: _Address
    token: _Token
    backups: BackupPlan | None
    discord: object | None
    tables: list[str]  # lines about the tables the database holds, if any
    gm_links: list[tuple[str, Created]]

    @property
    def links_to(self) -> str:
        return self.address.public or self.base


def serve(
    *,
    db: str | None,
    host: str,
    port: int,
    new_table: str | None,
    out: TextIO,
    first_table: bool = True,
    preset: str = "condensed",
    gm_link: str | None = None,
    public_url: str | None = None,
    lan: bool = False,
    log_level: str = "warning",
    rate: float = RATE,
    burst: float = BURST,
    pool_size: int = 10,
    admin_token_file: str | None = None,
    caps: Caps | None = None,
    foresight_workers: int | None = None,
    backups: BackupPlan | None = None,
    discord: object | None = None,
) -> int:
    """Open the store, make a table if asked, and serve until interrupted. Returns an exit code:
    0 after a clean stop, 1 when the database or the server could not start, 2 for bad
    options.

    ``new_table`` names a table to open now; without one, a table named :data:`FIRST_TABLE` is
    opened only when ``first_table`` is set and the database has no table yet, and otherwise
    the tables it has are listed. A table opened plays the built-in rule set ``preset``.
    ``gm_link`` names a table to issue a new GM link for.

    Links lead to ``public_url`` (else ``$FATEKIT_PUBLIC_URL``); ``lan`` listens on the
    machine's local network address instead of ``host``, and links lead there unless a public
    address is set. The operator token comes from ``admin_token_file``, else
    ``$FATEKIT_ADMIN_TOKEN``. A server that listens beyond this machine without one makes one
    for the run and prints it, with how to keep one. ``discord``
    (:class:`fatekit.discord.run.DiscordSettings`) runs the Discord front door in the server
    too."""
    from fatekit.server.ws import SocketSettings

    try:
        address = _address(host, public_url, lan)
        token = _operator_token(admin_token_file, address.host)
        preset = get_preset(preset).key
    except BadInput as error:
        return refuse("serve", error)
    try:
        sock = _bind(address.host, port)
    except OSError as error:
        print(f"fatekit serve: cannot listen on {address.host}:{port}: {error}", file=sys.stderr)
        return 2
    base = _base_url(address.host, sock.getsockname()[1])
    if address.public is None and lan:
        address = replace(address, public=base)  # the address phones in the room reach
    try:
        store, shown = open_store(db, pool_size=pool_size)
    except (BadInput, StoreError) as error:
        sock.close()
        return refuse("serve", error, 2 if isinstance(error, BadInput) else 1)
    settings = SocketSettings()
    app = _app(
        store,
        settings,
        rate,
        burst,
        caps,
        token,
        foresight_workers,
        backups,
        discord,
        address.public,
    )
    count, listed = _tables_here(store)
    if new_table is None and first_table and count == 0:
        new_table = FIRST_TABLE
    try:
        gm_links = _gm_links(app.state.service, new_table, gm_link, preset)
    except BadInput as error:
        sock.close()
        store.close()
        return refuse("serve", error)
    app.state.foresight.warm()  # the GM's first foresight need not wait for its workers
    banner = _Banner(
        base,
        shown,
        address,
        token,
        backups,
        discord,
        [] if new_table is not None else _tables_lines(count, listed, first_table),
        gm_links,
    )
    return _run(app, settings, log_level, sock, store, banner, out)


def _address(host: str, public_url: str | None, lan: bool) -> _Address:
    """Where to listen (``lan``: the machine's local network address) and where links lead:
    ``public_url``, else ``$FATEKIT_PUBLIC_URL``, else nowhere set (raises :class:`BadInput`)."""
    from fatekit.server.address import lan_address, parse_public_url

    if public_url is not None:
        public = parse_public_url(public_url)
    elif os.environ.get(PUBLIC_URL_ENV, "").strip():
        public = parse_public_url(os.environ[PUBLIC_URL_ENV], "$" + PUBLIC_URL_ENV)
    else:
        public = None
    return _Address(lan_address() if lan else host, public, lan)


def _operator_token(admin_token_file: str | None, host: str) -> _Token:
    """The operator's token from ``admin_token_file`` or the environment; one made for this run
    when there is none and the server listens beyond this machine."""
    token = read_token(admin_token_file)
    if token is not None:
        source = admin_token_file or "$" + TOKEN_ENV
        return _Token(token, f"set (from {source}): opening a table needs it", None)
    if not is_loopback(host):
        made = new_token()
        return _Token(made, "made for this run (below)", made)
    return _Token(None, "none: tables are opened only from this machine", None)


def _app(
    store: EventStore,
    settings: SocketSettings,
    rate: float,
    burst: float,
    caps: Caps | None,
    token: _Token,
    foresight_workers: int | None,
    backups: BackupPlan | None,
    discord: object | None,
    public: str | None,
) -> FastAPI:
    """The server's app over ``store``, with the Discord front door when ``discord`` is set."""
    from fatekit.server.app import create_app

    extensions = []
    if discord is not None:
        from fatekit.discord.run import DiscordSettings, attach

        assert isinstance(discord, DiscordSettings)
        extensions.append(attach(discord))
    return create_app(
        store,
        sockets=settings,
        rate=rate,
        burst=burst,
        caps=caps,
        admin_token=token.token,
        foresight_workers=foresight_workers,
        backups=backups,
        extensions=extensions,
        public_url=public,
    )


def _gm_links(
    service: TableService, new_table: str | None, gm_link: str | None, preset: str = "condensed"
) -> list[tuple[str, Created]]:
    """The GM links to print: a new table's (``new_table``, on ``preset``), and a new one for
    the table ``gm_link`` names. A table the cap refuses is only reported; a ``gm_link`` that
    names no table the GM could open raises :class:`BadInput`."""
    from fatekit.rules.core.errors import FateError
    from fatekit.server.errors import ApiError
    from fatekit.table.commands import CreateTable

    links = []
    if new_table is not None:
        try:
            created = service.create_table_now(CreateTable(name=new_table, preset=preset))
            links.append((f"New table {new_table!r} (id {created.table_id}).", created))
        except ApiError as error:  # the server holds as many tables as its cap allows
            print(f"fatekit serve: no new table: {error.detail}", file=sys.stderr)
    if gm_link is not None:
        try:
            again = service.gm_link_now(gm_link)
        except (ApiError, FateError) as error:
            detail = error.detail if isinstance(error, ApiError) else str(error)
            raise BadInput(f"--gm-link: {detail}") from None
        links.append((f"A new GM link for table {gm_link!r}.", again))
    return links


def _tables_lines(count: int, listed: list[tuple[str, str, str]], first_table: bool) -> list[str]:
    """What to say of the tables a database already holds, when no new one was made (the lines
    about how a GM opens theirs follow them in the banner)."""
    if count == 0:
        return []
    made = "" if first_table else " (--no-table)"
    lines = [
        f"This database holds {count} table{'s' if count != 1 else ''}; no new one was "
        f"made{made}: --table NAME opens one."
    ]
    lines += [
        f"  {name!r} (id {table_id}), last played {_when(when)}" for table_id, name, when in listed
    ]
    if count > len(listed):
        lines.append(f"  ... and {count - len(listed)} more")
    return lines


def _print_banner(banner: _Banner, out: TextIO) -> None:
    """Say where the server is, what it serves and how to open a table."""
    from fatekit.server.address import seat_url

    base, links_to, address = banner.base, banner.links_to, banner.address
    print(f"fatekit is serving at {base}/", file=out)
    print(f"  database: {banner.shown}", file=out)
    print(f"  API and a page to try it: {base}/docs", file=out)
    print(f"  operator token: {banner.token.note}", file=out)
    if address.lan and address.public == base:
        print(
            f"  links lead to: {links_to}/ on the local network: phones on the same Wi-Fi "
            "open them, and the page's QR codes",
            file=out,
        )
    elif address.public is not None:
        print(f"  links lead to: {links_to}/", file=out)
    elif is_loopback(address.host):
        print(f"  links lead to: {links_to}/, which opens only on this machine:", file=out)
        print(
            "    for players in the room restart with --lan, for players elsewhere with "
            "--public-url URL (docs/deployment.md)",
            file=out,
        )
    else:
        print(
            "  links lead to: the address each browser used to reach the server "
            "(--public-url sets one)",
            file=out,
        )
    if banner.backups is not None:
        backups = banner.backups
        print(
            f"  backups: every table each day at {backups.at:%H:%M} UTC into "
            f"{backups.directory}, the latest {backups.keep} kept",
            file=out,
        )
    if banner.discord is not None:
        print(f"  Discord: {_discord_note(banner.discord)}", file=out)
    if banner.token.made is not None:
        print(
            f"Operator token for this run (opens tables from other machines): {banner.token.made}",
            file=out,
        )
        print(
            f"  to keep one across restarts: put it in a file readable only by you and pass "
            f"--admin-token-file FILE, or set {TOKEN_ENV}",
            file=out,
        )
    if banner.tables:
        for line in banner.tables:
            print(line, file=out)
        print(
            f"  A GM opens theirs with their link, or from the start page at {links_to}/ in a "
            "browser that opened it before.",
            file=out,
        )
        print(
            "  A GM who lost their link: start the server with --gm-link TABLE_ID for a new one.",
            file=out,
        )
    for heading, created in banner.gm_links:
        print(heading, file=out)
        print(f"GM link (keep it secret): {created.link}", file=out)
        # The page reads the link after '#', which browsers never send to the server.
        print(f"  open it in a browser: {seat_url(links_to, created.link)}", file=out)
        print(
            f"  try: curl -H 'X-Fatekit-Link: {created.link}' "
            f"{base}/tables/{created.table_id}/state",
            file=out,
        )
    out.flush()


def _run(
    app: FastAPI,
    settings: SocketSettings,
    log_level: str,
    sock: socket.socket,
    store: EventStore,
    banner: _Banner,
    out: TextIO,
) -> int:
    """Serve ``app`` on ``sock`` with uvicorn until interrupted, printing the banner once it
    listens; the store is closed afterwards. The exit code: 0, or 1 if it never started."""
    import uvicorn

    from fatekit.server.logs import hide_links_in_logs
    from fatekit.server.ws import protocol_options

    config = uvicorn.Config(
        app,
        log_level=log_level,
        **protocol_options(settings),  # the WebSocket protocol's pings are the heartbeat
        # The lifespan listens to other processes' appends on a shared database; if it cannot
        # start, the server does not either.
        lifespan="on",
    )
    hide_links_in_logs()  # after uvicorn set its logging up: no seat link in any line it writes
    server = uvicorn.Server(config)

    async def announce() -> None:
        while not server.started:
            await asyncio.sleep(0.05)
        _print_banner(banner, out)

    async def main() -> None:
        _tune_gc()
        announcer = asyncio.ensure_future(announce())
        try:
            await server.serve(sockets=[sock])
        finally:
            announcer.cancel()

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
    finally:
        store.close()
    if not server.started:
        return refuse("serve", "the server did not start (see the log above)", 1)
    return 0


def _discord_note(discord: object) -> str:
    from fatekit.discord.endpoint import PATH
    from fatekit.discord.run import DiscordSettings

    assert isinstance(discord, DiscordSettings)
    ways = []
    if discord.gateway:
        ways.append("the Gateway (outbound)")
    if discord.public_key:
        ways.append(f"the interactions endpoint at {PATH}")
    return "application " + discord.application_id + ", through " + " and ".join(ways)


def _serve(args: argparse.Namespace) -> int:
    from fatekit.cli.discord import PUBLIC_KEY_ENV, settings_from

    discord = None
    public_key = args.discord_public_key or os.environ.get(PUBLIC_KEY_ENV)
    if args.discord or args.discord_public_key:
        try:
            discord = settings_from(args, gateway=args.discord, public_key=public_key)
        except BadInput as error:
            return refuse("serve", error)
        # Warnings and the Discord front door's few lines at the default level (the Gateway
        # connecting, a post waiting) reach the terminal, as `fatekit discord` prints them.
        logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    return serve(
        db=args.db,
        host=args.host,
        port=args.port,
        new_table=args.table,
        preset=args.preset,
        out=sys.stdout,
        first_table=not args.no_table,
        gm_link=args.gm_link,
        public_url=args.public_url,
        lan=args.lan,
        log_level=args.log_level,
        rate=args.rate,
        burst=args.burst,
        pool_size=args.pool_size,
        admin_token_file=args.admin_token_file,
        caps=Caps(**{name: getattr(args, f"cap_{name}") for _, name, _ in _CAP_FLAGS}),
        foresight_workers=args.foresight_workers,
        backups=None
        if args.backup_dir is None
        else BackupPlan(Path(args.backup_dir), args.backup_keep, args.backup_at),
        discord=discord,
    )


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from fatekit.cli.discord import PUBLIC_KEY_ENV, add_options

    parser = subparsers.add_parser(
        "serve",
        help="run the shared table server",
        description="Serve shared Fate tables over HTTP and WebSocket, kept in a SQLite file or "
        "in PostgreSQL (where any number of processes may serve the same database).",
    )
    parser.add_argument(
        "--db",
        help="the database: sqlite:///path or a file path (default: $FATEKIT_DATA/fatekit.db, "
        "else data/fatekit.db), or postgresql://user@host/dbname",
    )
    parser.add_argument(
        "--pool-size",
        type=int,
        default=10,
        help="PostgreSQL: the most database connections this process opens, besides its "
        "listener (default: 10)",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--host", default="127.0.0.1", help="address to listen on")
    where.add_argument(
        "--lan",
        action="store_true",
        help="listen on this machine's local network address and print it, so phones on the "
        "same Wi-Fi join by the page's QR codes",
    )
    parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help="port to listen on (0: any free port)"
    )
    parser.add_argument(
        "--public-url",
        metavar="URL",
        help=f"the address people open, such as https://fate.example.org behind a proxy: every "
        f"link the server and the page hand out leads there (default: ${PUBLIC_URL_ENV}, else "
        "--lan's address, else the address each browser used)",
    )
    tables = parser.add_mutually_exclusive_group()
    tables.add_argument(
        "--table",
        metavar="NAME",
        help=f"open a new table NAME at start and print its GM link (without it, a table named "
        f"{FIRST_TABLE!r} is opened only in a database that has none)",
    )
    tables.add_argument(
        "--no-table", action="store_true", help="open no table at start, even in a new database"
    )
    parser.add_argument(
        "--preset",
        metavar="KEY",
        default="condensed",
        help=f"the built-in rule set the table opened at start plays ({', '.join(BUILTIN_KEYS)}; "
        "default: condensed); the page's form offers them and a rule-set file of your own",
    )
    parser.add_argument(
        "--gm-link",
        metavar="TABLE_ID",
        help="print a new GM link for that table at start (for a GM who lost theirs)",
    )
    parser.add_argument(
        "--rate",
        type=float,
        default=RATE,
        help=f"HTTP requests a second allowed to each client on average (default: {RATE:g})",
    )
    parser.add_argument(
        "--burst",
        type=float,
        default=BURST,
        help=f"HTTP requests a client may send at once before it is slowed (default: {BURST:g})",
    )
    parser.add_argument(
        "--admin-token-file",
        metavar="PATH",
        help=f"a file holding the operator's token, needed to open tables (default: "
        f"${TOKEN_ENV}; without either, tables open only from this machine, and a server "
        "listening beyond it makes a token for the run and prints it)",
    )
    defaults = Caps()
    for flag, name, what in _CAP_FLAGS:
        parser.add_argument(
            flag,
            dest=f"cap_{name}",
            type=_positive,
            default=getattr(defaults, name),
            metavar="N",
            help=f"{what} (default: {getattr(defaults, name):,})",
        )
    parser.add_argument(
        "--foresight-workers",
        type=_whole,
        metavar="N",
        help="processes that play the GM's foresight fights (default: one core less than the "
        "machine has, at least one; 0: a "
        "thread of the server, which slows its other tables while it plays)",
    )
    parser.add_argument(
        "--backup-dir",
        metavar="DIR",
        help="back up every table each day into a new folder of DIR (restore one with "
        "'fatekit campaign restore DIR/FOLDER')",
    )
    parser.add_argument(
        "--backup-keep",
        type=_positive,
        default=DEFAULT_KEEP,
        metavar="N",
        help=f"daily backups kept, the oldest removed first (default: {DEFAULT_KEEP})",
    )
    parser.add_argument(
        "--backup-at",
        type=_time_of_day,
        default=DEFAULT_AT,
        metavar="HH:MM",
        help=f"when in the day the backup runs, in UTC (default: {DEFAULT_AT:%H:%M})",
    )
    parser.add_argument(
        "--log-level", default="warning", help="uvicorn's log level (default: warning)"
    )
    parser.add_argument(
        "--discord",
        action="store_true",
        help="also play the tables from Discord, through a Gateway connection (docs/discord.md)",
    )
    parser.add_argument(
        "--discord-public-key",
        metavar="HEX",
        help=f"take Discord's interactions at /discord/interactions, checked with the "
        f"application's public key (default: ${PUBLIC_KEY_ENV}, read only when this flag or "
        "--discord is given)",
    )
    add_options(parser)
    parser.set_defaults(handler=_serve)


#: The caps' flags: flag, field of :class:`Caps`, what it limits.
_CAP_FLAGS = (
    (
        "--max-sockets-per-address",
        "sockets_per_address",
        "WebSockets open at once per client address",
    ),
    ("--max-sockets-per-seat", "sockets_per_seat", "WebSockets open at once per seat"),
    ("--max-tables", "tables", "tables in the database"),
    ("--max-events", "events_per_table", "events in one table's log"),
    ("--max-characters", "characters_per_table", "characters at one table"),
    ("--max-table-bytes", "bytes_per_table", "bytes of one table's log"),
    ("--max-links", "links_per_table", "links one table may issue and revoke in all"),
    ("--max-text", "text", "characters in any one text (a note, a name, an aspect)"),
    ("--max-maps", "maps_per_table", "map images one table keeps"),
)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"a whole number of 1 or more, not {text!r}")
    return value


def _time_of_day(text: str) -> time:
    try:
        return parse_at(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _whole(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= 64:
        raise argparse.ArgumentTypeError(f"a whole number from 0 to 64, not {text!r}")
    return value
