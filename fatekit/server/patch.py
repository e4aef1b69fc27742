"""The changes between two versions of a seat's live document, as a JSON Patch (RFC 6902).

A page keeps its seat's document (the view and its extras) and, after each command, receives
only what changed. :func:`diff` writes ``add``, ``remove`` and ``replace`` operations whose paths
are JSON Pointers (RFC 6901): objects are compared key by key, arrays index by index when their
length is unchanged (a character's fate points is one small operation), and an array that grew
or shrank is replaced whole (simple to apply, and the arrays of a view are short).
:func:`apply_patch` is the same algorithm the page runs, for tests and benchmark clients.
"""

from __future__ import annotations

import copy
from functools import lru_cache
from typing import Any

__all__ = ["Operation", "PatchError", "apply_patch", "diff", "pointer"]

Operation = dict[str, Any]


class PatchError(ValueError):
    """A patch that does not fit the document it is applied to."""


def pointer(parts: list[str | int]) -> str:
    """The JSON Pointer of a path (``~`` and ``/`` escaped as RFC 6901 says)."""
    return _pointer(tuple(parts))


@lru_cache(maxsize=4096)
def _pointer(parts: tuple[str | int, ...]) -> str:
    # The same few paths (a version, a character's fate points) come back with every command.
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def diff(old: Any, new: Any, at: tuple[str, ...] = ()) -> list[Operation]:
    """The operations that turn ``old`` into ``new`` (both JSON values), the pair found at the
    path ``at`` of the document the operations apply to."""
    ops: list[Operation] = []
    _diff(old, new, list(at), ops)
    return ops


def _diff(old: Any, new: Any, path: list[str | int], ops: list[Operation]) -> None:
    if type(old) is type(new) and old == new:
        return
    if isinstance(old, dict) and isinstance(new, dict):
        for key in old:
            if key not in new:
                ops.append({"op": "remove", "path": pointer([*path, key])})
        for key, value in new.items():
            if key not in old:
                ops.append({"op": "add", "path": pointer([*path, key]), "value": value})
            else:
                _diff(old[key], value, [*path, key], ops)
        return
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        for index, (was, now) in enumerate(zip(old, new, strict=True)):
            _diff(was, now, [*path, index], ops)
        return
    ops.append({"op": "replace", "path": pointer(path), "value": new})


def _parts(path: str) -> list[str]:
    if path == "":
        return []
    if not path.startswith("/"):
        raise PatchError(f"not a JSON Pointer: {path!r}")
    return [p.replace("~1", "/").replace("~0", "~") for p in path[1:].split("/")]


def apply_patch(document: Any, ops: list[Operation]) -> Any:
    """``document`` with the operations applied (a new value; the argument is left alone)."""
    out = copy.deepcopy(document)
    for op in ops:
        parts = _parts(op["path"])
        if not parts:
            if op["op"] == "remove":
                raise PatchError("cannot remove the whole document")
            out = copy.deepcopy(op["value"])
            continue
        parent = out
        for part in parts[:-1]:
            parent = parent[int(part)] if isinstance(parent, list) else parent[part]
        last = parts[-1]
        if isinstance(parent, list):
            index = len(parent) if last == "-" else int(last)
            if op["op"] == "add":
                parent.insert(index, copy.deepcopy(op["value"]))
            elif op["op"] == "remove":
                del parent[index]
            else:
                parent[index] = copy.deepcopy(op["value"])
        elif op["op"] == "remove":
            del parent[last]
        elif op["op"] in ("add", "replace"):
            parent[last] = copy.deepcopy(op["value"])
        else:
            raise PatchError(f"unknown operation {op['op']!r}")
    return out
