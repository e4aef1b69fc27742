"""The start of a worker process that plays fights for a server (foresight): it runs at a lower
priority than the server, and it ends when the server is gone, even one killed without a chance
to stop its workers (a worker left behind would hold its memory until the machine restarts)."""

from __future__ import annotations

import os
import threading
import time

__all__ = ["start_worker"]

#: How often a worker looks whether its server is still there, in seconds.
WATCH_SECONDS = 1.0


def start_worker(niceness: int, server: int) -> None:
    """Lower this process's priority by ``niceness`` and watch the ``server`` process that
    started it: once it is no longer this process's parent (it died, even before this worker
    finished starting), exit."""
    os.nice(niceness)

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(WATCH_SECONDS)
        os._exit(0)  # nothing will ask this worker for anything again

    threading.Thread(target=watch, name="watch-server", daemon=True).start()
