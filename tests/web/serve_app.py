"""The table server for the browser tests: uvicorn over ``create_app`` on a SQLite file, with
dice the table rolls always blank (``0000``) so every run of the flow repeats, and no rate limit
(the tests click faster than people, and every test's pages come from one address: a limit on
requests, on unproven links after 401s and 404s, on the page's files, or on the sockets open from
one address would carry over from one test to the next). Prints the address it serves, as ``fatekit serve`` does.
``$FATEKIT_ADMIN_TOKEN``, when set, is the operator's token.

Run as ``python tests/web/serve_app.py DB_PATH``.
"""

from __future__ import annotations

import asyncio
import os
import socket
import sys

import uvicorn

from fatekit.rules.core.dice import FateDice, parse_faces
from fatekit.server.app import create_app
from fatekit.server.caps import Caps
from fatekit.store.sqlite import SqliteEventStore


class BlankDice:
    """The table's own rolls: four blanks, so the tests know what the defenders roll."""

    def roll(self) -> FateDice:
        return parse_faces("0000")


def main() -> None:
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
    )
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))

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
