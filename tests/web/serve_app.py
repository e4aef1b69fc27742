"""The table server for the browser tests: uvicorn over ``create_app`` on a SQLite file, with
dice the table rolls always blank (``0000``) so every run of the flow repeats, and no rate limit
(the tests click faster than people, and every test's pages come from one address: a limit on
requests, on unproven links after 401s and 404s, on the page's files, or on the sockets open from
one address would carry over from one test to the next). Prints the address it serves, as ``fatekit serve`` does.
``$FATEKIT_ADMIN_TOKEN``, when set, is the operator's token. ``$FATEKIT_BREAK_FOLD``, when set,
names an event type whose fold step refuses (under Fate Condensed's turn order rule), as a release
whose fold no longer takes an event an earlier one wrote would (tests/web/test_read_only_page.py).
``$FATEKIT_PAGE_DIR``, when set, is a folder of the page's files served in place of the package's
(a new release of the page), and ``$FATEKIT_PORT`` the port to serve on (the same address again,
as a server restarted in place has: tests/web/test_upgrade_page.py).

Run as ``python tests/web/serve_app.py DB_PATH``.
"""

from __future__ import annotations

import asyncio
import os
import socket
import sys
from pathlib import Path

import uvicorn

from fatekit.rules.core.dice import FateDice, RandomDice, parse_faces
from fatekit.server.app import create_app
from fatekit.server.caps import Caps
from fatekit.server.headers import PAGE_POLICY
from fatekit.server.pagefiles import PageFiles
from fatekit.server.ws import protocol_options
from fatekit.store.sqlite import SqliteEventStore


class BlankDice(RandomDice):
    """The table's own rolls: four blanks, so the tests know what the defenders roll. A table
    drawing another way draws it from a generator of a fixed seed, so those runs repeat too."""

    def __init__(self) -> None:
        super().__init__(seed=43)

    def roll(self) -> FateDice:
        return parse_faces("0000")


def break_fold(event_type: str) -> None:
    """Make the fold step of ``event_type`` refuse every event of that type."""
    from fatekit.rules.core.citations import find_rule
    from fatekit.rules.core.errors import IllegalAction
    from fatekit.table.events import EVENT_TYPES
    from fatekit.table.folding import FOLDS

    rule = find_rule("turn-order.elective")
    assert rule is not None

    def refuse(state: object, event: object) -> None:
        raise IllegalAction(f"{event_type} no longer folds (broken on purpose)", rule)

    FOLDS[EVENT_TYPES[event_type]] = refuse


def main() -> None:
    if os.environ.get("FATEKIT_BREAK_FOLD"):
        break_fold(os.environ["FATEKIT_BREAK_FOLD"])
    store = SqliteEventStore(sys.argv[1])
    token = os.environ.get("FATEKIT_ADMIN_TOKEN") or None
    app = create_app(
        store,
        dice=BlankDice(),
        rate=10_000,
        burst=10_000,
        misses=10_000,
        miss_burst=10_000,
        page_rate=10_000,
        page_burst=10_000,
        caps=Caps(sockets_per_address=10_000),
        admin_token=token,
        pages=PageFiles(Path(folder), policy=PAGE_POLICY)
        if (folder := os.environ.get("FATEKIT_PAGE_DIR"))
        else None,
    )
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", int(os.environ.get("FATEKIT_PORT", "0"))))
    port = sock.getsockname()[1]
    options = protocol_options(app.state.socket_settings)  # as fatekit serve runs it
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off", **options))

    async def run() -> None:
        async def announce() -> None:
            while not server.started:
                await asyncio.sleep(0.02)
            print(f"serving at http://127.0.0.1:{port}", flush=True)

        task = asyncio.ensure_future(announce())
        await server.serve(sockets=[sock])
        task.cancel()

    asyncio.run(run())


if __name__ == "__main__":
    main()
