"""How a ``fatekit`` command refuses: one line on stderr naming the command, and the exit status.

Bad input (a file that is not what it should be, an option out of range) exits with 2; a server
or database that cannot start exits with 1.
"""

from __future__ import annotations

import sys

__all__ = ["refuse"]


def refuse(command: str, message: object, status: int = 2) -> int:
    """Print ``fatekit <command>: <message>`` on stderr and return ``status`` to exit with."""
    print(f"fatekit {command}: {message}", file=sys.stderr)
    return status
