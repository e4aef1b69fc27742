"""The command line run in this process, as a person's shell would run it: argv in, exit status,
stdout and stderr out (a `subprocess.CompletedProcess`, so a test reads it as it reads a real run).

A child Python for each call spent 1.4 s importing fatekit, 3 s on a loaded machine: the CLI's
tests ran about a hundred. ``test_the_installed_entry_point_runs_as_a_process`` in
test_roll_cli.py still runs ``python -m fatekit`` as its own process."""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys

from fatekit.cli import main


def fatekit(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``fatekit *args`` with `stdin` as its input: its status (2 for bad input, as argparse's own
    refusals exit) and what it printed."""
    out, err = io.StringIO(), io.StringIO()
    was_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin or "")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(list(args))
            except SystemExit as leaving:
                code = leaving.code
                status = code if isinstance(code, int) else (0 if code is None else 1)
                if isinstance(code, str):
                    err.write(code + "\n")
    finally:
        sys.stdin = was_stdin
    return subprocess.CompletedProcess(
        ["fatekit", *args], status, stdout=out.getvalue(), stderr=err.getvalue()
    )
