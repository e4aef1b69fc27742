"""Foresight's worker processes end with their server, even a server killed with SIGKILL, which
has no chance to stop them: each worker watches its parent (fatekit/server/foresight_worker.py)."""

from __future__ import annotations

import time
from pathlib import Path

from .process import start  # type: ignore[import-not-found]

DEADLINE = 20.0  # seconds: the workers look every second; this only turns a hang into a failure


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found.update(int(child) for child in (task / "children").read_text().split())
    return found


def _is_worker(pid: int) -> bool:
    try:
        return b"multiprocessing-fork" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except FileNotFoundError:
        return False


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"  # a zombie has ended; only its exit status waits to be read


def _status(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return "gone"


def _until(condition: object, what: str) -> None:
    deadline = time.monotonic() + DEADLINE
    while not condition():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def test_workers_end_when_their_server_is_killed(tmp_path: Path) -> None:
    served = start(tmp_path / "tables.sqlite", "--no-table", "--foresight-workers", "1")
    workers: set[int] = set()

    def started() -> bool:
        workers.update(p for p in _children(served.process.pid) if _is_worker(p))
        return bool(workers)

    try:
        _until(started, "the foresight worker to start")
    finally:
        served.kill()
    _until(
        lambda: not any(_running(p) for p in workers),
        f"the workers to end with the server: {[_status(p) for p in workers]}",
    )
