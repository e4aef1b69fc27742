"""A real ``fatekit serve`` process on a free loopback port, for the tests that need one."""

from __future__ import annotations

import json
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

STARTUP_SECONDS = 30.0


@dataclass
class Served:
    """A running server: its process, base URL and, if it made one, the new table's GM link."""

    process: subprocess.Popen[str]
    base: str
    link: str | None
    table_id: str | None
    lines: list[str] = field(default_factory=list)
    output: list[str] = field(default_factory=list)  # every line it printed so far

    def kill(self) -> None:
        """SIGKILL: no chance to flush or close anything."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> int:
        """SIGINT, as a person pressing Ctrl-C would; the exit code."""
        self.process.send_signal(signal.SIGINT)
        return self.process.wait(timeout=30)  # a loaded machine may take a while to stop


def start(
    db: Path | str,
    *args: str,
    wait_for: str | None = None,
    env: dict[str, str] | None = None,
    gm_link: bool | None = None,
    cwd: Path | None = None,
) -> Served:
    """Start ``fatekit serve --port 0`` on ``db`` (a file, or a database URL) and wait for it to
    say where it listens, and for the GM link it prints (unless ``gm_link`` is false; by default
    unless ``--no-table`` is given: a database that already has a table gets none without
    ``--table``), and, with ``wait_for``, for a line holding that too. ``env`` adds to the
    environment it runs in; ``cwd`` is where it runs (``python -m`` imports from there first)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "fatekit", "serve", "--port", "0", "--db", str(db), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})},
        cwd=cwd,
    )
    lines: queue.Queue[str | None] = queue.Queue()
    output: list[str] = []

    def pump() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            output.append(line)
            lines.put(line)
        lines.put(None)

    threading.Thread(target=pump, daemon=True).start()
    seen: list[str] = []
    base = link = table_id = None
    want_link = "--no-table" not in args if gm_link is None else gm_link
    while (
        base is None
        or (want_link and link is None)
        or (wait_for is not None and not any(wait_for in line for line in seen))
    ):
        try:
            line = lines.get(timeout=STARTUP_SECONDS)
        except queue.Empty:
            process.kill()
            raise AssertionError("the server did not start: " + "".join(seen)) from None
        if line is None:
            raise AssertionError("the server exited: " + "".join(seen))
        seen.append(line)
        if found := re.search(r"serving at (http://\S+?)/?$", line.strip()):
            base = found.group(1)
        if found := re.search(r"GM link \(keep it secret\): (\S+)", line):
            link = found.group(1)
            table_id = link.rpartition(".")[0]
    return Served(process, base, link, table_id, seen, output)


def call(
    method: str, url: str, body: Any = None, link: str | None = None, timeout: float = 10.0
) -> tuple[int, Any]:
    """One HTTP request; the status and the parsed JSON body."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("content-type", "application/json")
    if link is not None:
        request.add_header("X-Fatekit-Link", link)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())
