"""Copies and snapshots of a table's state.

A :class:`TableState` holds live rules objects (a conflict halfway through a roll, say), so it is
copied and snapshotted with :mod:`pickle`. A snapshot is only a cache of the fold: its format
names this encoding and fatekit's version, a snapshot in any other format is ignored, and the log
is replayed instead. Load snapshots only from your own event store: unpickling runs code named in
the data, so a snapshot must never come from a user (table imports carry events, not snapshots).
"""

from __future__ import annotations

import copyreg
import pickle
from types import MappingProxyType

from fatekit.table.state import TableState

__all__ = ["SNAPSHOT_FORMAT", "copy_state", "decode_snapshot", "encode_snapshot"]

#: Bumped whenever the state's classes change shape, so stale snapshots are replayed instead.
SNAPSHOT_FORMAT = "fatekit-table/pickle/2"


def _mapping_proxy(data: dict[object, object]) -> MappingProxyType[object, object]:
    return MappingProxyType(data)


def _reduce_proxy(
    proxy: MappingProxyType[object, object],
) -> tuple[object, tuple[dict[object, object]]]:
    return _mapping_proxy, (dict(proxy),)


# The rules' scale ladder keeps its names in a read-only mapping, which pickle cannot copy by
# itself; teach it to (the copy is as read-only as the original).
copyreg.pickle(MappingProxyType, _reduce_proxy)  # type: ignore[arg-type]


def copy_state(state: TableState) -> TableState:
    """An independent copy: changing it leaves ``state`` as it was."""
    copied = pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
    assert isinstance(copied, TableState)
    return copied


def encode_snapshot(state: TableState) -> bytes:
    """The state as snapshot bytes (of :data:`SNAPSHOT_FORMAT`)."""
    return pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)


def decode_snapshot(format: str, payload: bytes) -> TableState | None:
    """The state a snapshot holds, or ``None`` if it is of another format or unreadable."""
    if format != SNAPSHOT_FORMAT:
        return None
    try:
        state = pickle.loads(payload)
    except Exception:  # a stale or damaged snapshot: replaying the log is always possible
        return None
    return state if isinstance(state, TableState) else None
