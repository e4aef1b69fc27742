"""A folder that one test session's xdist workers share, for tests dealt to several workers
that must be judged together (the page agent's evenings, the table agent's parts): each leaves
what it found under a name, and the last to end reads them all. The session's controller makes
the folder before its workers start and removes it at the end (tests/conftest.py); outside such
a session (a script, a test run on its own) there is no folder and nothing is kept."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

#: The environment variable naming the folder; the workers inherit it from the controller.
VARIABLE = "FATEKIT_PAGE_AGENT_DIR"


def folder() -> Path | None:
    """The session's shared folder, or None outside a test session that made one."""
    name = os.environ.get(VARIABLE)
    return Path(name) if name and Path(name).is_dir() else None


def leave(kind: str, name: str, data: Any) -> bool:
    """Keep `data` (JSON) as `name` among `kind`'s; False when there is no shared folder."""
    shared = folder()
    if shared is None:
        return False
    where = shared / kind
    where.mkdir(exist_ok=True)
    part = where / f"{name}.part"
    part.write_text(json.dumps(data), encoding="utf-8")
    part.replace(where / f"{name}.json")  # whole or not at all, for a reader in another worker
    return True


def gathered(kind: str) -> dict[str, Any]:
    """Everything left as `kind` so far in this session, by name."""
    shared = folder()
    if shared is None or not (shared / kind).is_dir():
        return {}
    return {
        file.stem: json.loads(file.read_text(encoding="utf-8"))
        for file in (shared / kind).glob("*.json")
    }
