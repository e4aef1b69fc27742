"""Snapshots of a table's state as plain JSON data, and private copies of a state.

A snapshot is a cache of the fold: loading one saves replaying the log up to it. It is JSON that
describes the state's object graph (:data:`SNAPSHOT_FORMAT`, its grammar in
``snapshot.schema.json`` beside this module) and loading it never runs code named in the data:

- only classes defined in :mod:`fatekit.rules` and :mod:`fatekit.table` can be named, and only as
  data: an object is made with ``object.__new__`` and its fields are set one by one (no
  ``__init__``, ``__setstate__`` or ``__reduce__`` runs), an enum member is looked up by name;
- an object whose fields are not the ones its class has today (a snapshot from an older
  fatekit) makes the whole snapshot unreadable, and the table is folded from its log instead,
  which is always possible. So is a snapshot of another format, or a damaged one. A plain class
  (no dataclass, no slots) declares no fields: its object must hold at least every attribute its
  ``__init__`` sets today, or it would be read without one a method then reads.

Shared objects stay shared (an aspect the conflict and the scene both hold is one object after
loading), through numbered references.

:func:`copy_state` gives an independent copy of a state in memory, for :func:`~fatekit.table.handle`
(the table repository folds into its live state and needs none).
"""

from __future__ import annotations

import copyreg
import dis
import functools
import importlib
import json
import pickle
import sys
from collections.abc import Iterator
from dataclasses import fields, is_dataclass
from enum import Enum
from types import MappingProxyType
from typing import Any, cast

from fatekit.table.state import TableState

__all__ = [
    "SNAPSHOT_FORMAT",
    "SnapshotError",
    "copy_state",
    "decode_snapshot",
    "encode_snapshot",
    "state_from_data",
    "state_to_data",
]

#: The snapshot encoding. Bump the number when the grammar changes; a change in the state's
#: classes needs no bump (their fields are checked on load).
SNAPSHOT_FORMAT = "fatekit-table/json/1"

#: Where the classes a snapshot may name are defined.
_PACKAGES = ("fatekit.rules.", "fatekit.table.")
_LIST_ITERATOR: type[Iterator[Any]] = type(iter([]))


class SnapshotError(ValueError):
    """A snapshot that cannot be read back into a state."""


# -- writing ----------------------------------------------------------------------------------


class _Writer:
    def __init__(self) -> None:
        self.refs: dict[int, int] = {}
        self.keep: list[object] = []  # keeps every numbered object alive, so ids stay unique

    def number(self, value: object) -> int | None:
        """The reference of an object written already, or ``None`` after numbering it now."""
        found = self.refs.get(id(value))
        if found is not None:
            return found
        self.refs[id(value)] = len(self.refs)
        self.keep.append(value)
        return None

    def write(self, value: object) -> Any:
        # The most common values first, by their exact type (an enumeration or an open kind is
        # a subclass, never one of these): a snapshot and each test's fold check write many.
        kind = type(value)
        if kind is str or kind is int or kind is bool or value is None or kind is float:
            return value
        if kind is tuple:
            return {"T": [self.write(v) for v in cast(tuple[object, ...], value)]}
        if isinstance(value, Enum):  # first: some are str or int enumerations
            return {"E": _class_path(type(value)), "n": value.name}
        if isinstance(value, str) and type(value) is not str:  # an open kind, such as Track
            return {"K": _class_path(type(value)), "v": str(value)}
        if value is None or isinstance(value, bool | int | float | str):
            return value
        if isinstance(value, tuple):
            return {"T": [self.write(v) for v in value]}
        if isinstance(value, frozenset):
            return {"F": [self.write(v) for v in _in_order(value)]}
        if isinstance(value, MappingProxyType):
            return {"M": [[self.write(k), self.write(v)] for k, v in value.items()]}
        if isinstance(value, _LIST_ITERATOR):
            # A scripted dice source keeps an iterator over its faces; what is left of it is data.
            reduced: Any = value.__reduce__()
            items, start = list(reduced[1][0]), int(reduced[2]) if len(reduced) > 2 else 0
            return {"I": [self.write(v) for v in items[start:]]}
        ref = self.number(value)
        if ref is not None:
            return {"R": ref}
        ref = self.refs[id(value)]
        if isinstance(value, list):
            return {"L": [self.write(v) for v in value], "@": ref}
        if isinstance(value, set):
            return {"S": [self.write(v) for v in _in_order(value)], "@": ref}
        if isinstance(value, dict):
            return {"D": [[self.write(k), self.write(v)] for k, v in value.items()], "@": ref}
        cls = type(value)
        path = _class_path(cls)
        return {"O": path, "@": ref, "a": {k: self.write(v) for k, v in _fields_of(value)}}


def _in_order(members: set[Any] | frozenset[Any]) -> list[Any]:
    # A set iterates in an order its history decides; written sorted, the same state always
    # gives the same snapshot, loaded or not.
    return sorted(members, key=lambda member: (type(member).__name__, repr(member)))


#: Each class's path and slots, found once (a snapshot writes thousands of objects of a few
#: dozen classes).
_PATHS: dict[type, str] = {}
_SLOTS: dict[type, tuple[str, ...]] = {}


def _class_path(cls: type) -> str:
    path = _PATHS.get(cls)
    if path is None:
        path = f"{cls.__module__}.{cls.__qualname__}"
        if not path.startswith(_PACKAGES) or "." in cls.__qualname__:
            raise TypeError(f"a table's state cannot hold a {path} in a snapshot")
        _PATHS[cls] = path
    return path


def _slot_names(cls: type) -> tuple[str, ...]:
    found = _SLOTS.get(cls)
    if found is None:
        found = _SLOTS[cls] = _find_slot_names(cls)
    return found


def _find_slot_names(cls: type) -> tuple[str, ...]:
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        slots = klass.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name not in ("__dict__", "__weakref__") and name not in names:
                names.append(name)
    return tuple(names)


def _fields_of(value: object) -> list[tuple[str, object]]:
    out: list[tuple[str, object]] = []
    for name in _slot_names(type(value)):
        try:
            out.append((name, getattr(value, name)))
        except AttributeError:
            continue  # a slot never set
    if hasattr(value, "__dict__"):
        out.extend(vars(value).items())
    return out


def state_to_data(state: TableState) -> dict[str, Any]:
    """The state as JSON-ready data (the body of a snapshot)."""
    return {"format": SNAPSHOT_FORMAT, "state": _Writer().write(state)}


def encode_snapshot(state: TableState) -> bytes:
    """The state as snapshot bytes (of :data:`SNAPSHOT_FORMAT`): UTF-8 JSON."""
    return json.dumps(state_to_data(state), separators=(",", ":"), ensure_ascii=False).encode()


# -- reading ----------------------------------------------------------------------------------


def _resolve(path: object) -> type:
    if not isinstance(path, str) or not path.startswith(_PACKAGES):
        raise SnapshotError(f"a snapshot may not name {path!r}")
    module_name, _, name = path.rpartition(".")
    module = sys.modules.get(module_name)
    if module is None:
        try:  # one of fatekit's own modules, not imported yet in this process
            module = importlib.import_module(module_name)
        except ImportError:
            raise SnapshotError(f"no module {module_name!r}") from None
    found = getattr(module, name, None)
    if not isinstance(found, type) or found.__module__ != module_name:
        raise SnapshotError(f"no class {path!r}")
    return found


def _expected_fields(cls: type) -> set[str] | None:
    # Slotted and dataclass objects have a known set of fields; a snapshot that names others
    # was written by another version of the class. Plain classes keep whatever they hold.
    if is_dataclass(cls):
        return {f.name for f in fields(cls)}
    if "__dict__" not in dir(cls) or _slot_names(cls):
        names = set(_slot_names(cls))
        return names or None
    return None


@functools.cache
def _set_in_init(cls: type) -> frozenset[str]:
    """The attributes the ``__init__`` of a plain class (and of its bases) sets on the object
    it makes: read off the bytecode, each ``self.name = ...``."""
    names: set[str] = set()
    for klass in cls.__mro__:
        init = klass.__dict__.get("__init__")
        code = getattr(init, "__code__", None)
        if code is None or not code.co_varnames:
            continue
        this = code.co_varnames[0]
        previous = None
        for instruction in dis.get_instructions(code):
            if instruction.opname == "STORE_ATTR" and previous is not None:
                target = previous.argval
                loaded = target[-1] if isinstance(target, tuple) else target
                if previous.opname.startswith("LOAD_FAST") and loaded == this:
                    names.add(instruction.argval)
            previous = instruction
    return frozenset(names)


class _Reader:
    def __init__(self) -> None:
        self.refs: dict[int, object] = {}

    def keep(self, node: dict[str, Any], value: object) -> None:
        ref = node.get("@")
        if not isinstance(ref, int) or ref in self.refs:
            raise SnapshotError("a snapshot object has no number, or one used twice")
        self.refs[ref] = value

    def read(self, node: Any) -> Any:
        if node is None or isinstance(node, bool | int | float | str):
            return node
        if not isinstance(node, dict):
            raise SnapshotError(f"unexpected {type(node).__name__} in a snapshot")
        if "R" in node:
            try:
                return self.refs[node["R"]]
            except (KeyError, TypeError):
                raise SnapshotError(f"reference {node['R']!r} to nothing written before") from None
        if "E" in node:
            cls = _resolve(node["E"])
            if not issubclass(cls, Enum):
                raise SnapshotError(f"{node['E']} is not an enumeration")
            try:
                return cls[node["n"]]
            except (KeyError, TypeError):
                raise SnapshotError(f"{node['E']} has no member {node.get('n')!r}") from None
        if "K" in node:
            kind = _resolve(node["K"])
            if not issubclass(kind, str) or kind is str:
                raise SnapshotError(f"{node['K']} is not a kind of text")
            try:
                return kind(node.get("v"))
            except ValueError as error:
                raise SnapshotError(f"{node['K']}: {error}") from None
        if "T" in node:
            return tuple(self.read(v) for v in self._items(node["T"]))
        if "F" in node:
            return frozenset(self.read(v) for v in self._items(node["F"]))
        if "M" in node:
            return MappingProxyType(dict(self._pairs(node["M"])))
        if "I" in node:
            return iter([self.read(v) for v in self._items(node["I"])])
        if "L" in node:
            made: list[Any] = []
            self.keep(node, made)
            made.extend(self.read(v) for v in self._items(node["L"]))
            return made
        if "S" in node:
            members: set[Any] = set()
            self.keep(node, members)
            members.update(self.read(v) for v in self._items(node["S"]))
            return members
        if "D" in node:
            mapping: dict[Any, Any] = {}
            self.keep(node, mapping)
            mapping.update(self._pairs(node["D"]))
            return mapping
        if "O" in node:
            return self._object(node)
        raise SnapshotError(f"unknown snapshot node with keys {sorted(node)}")

    def _object(self, node: dict[str, Any]) -> object:
        cls = _resolve(node["O"])
        attributes = node.get("a")
        if not isinstance(attributes, dict):
            raise SnapshotError(f"{node['O']} has no fields")
        expected = _expected_fields(cls)
        if expected is not None and set(attributes) != expected:
            raise SnapshotError(f"{node['O']} has other fields now: the snapshot is stale")
        if expected is None and not _set_in_init(cls) <= set(attributes):
            missing = ", ".join(sorted(_set_in_init(cls) - set(attributes)))
            raise SnapshotError(f"{node['O']} has fields now it had not ({missing}): stale")
        made: object = object.__new__(cls)
        self.keep(node, made)
        for name, value in attributes.items():
            object.__setattr__(made, name, self.read(value))
        return made

    @staticmethod
    def _items(value: Any) -> list[Any]:
        if not isinstance(value, list):
            raise SnapshotError("a snapshot collection is not a list")
        return value

    def _pairs(self, value: Any) -> list[tuple[Any, Any]]:
        out = []
        for pair in self._items(value):
            if not isinstance(pair, list) or len(pair) != 2:
                raise SnapshotError("a snapshot mapping entry is not a pair")
            out.append((self.read(pair[0]), self.read(pair[1])))
        return out


def state_from_data(data: Any) -> TableState:
    """The state that snapshot data holds; raises :class:`SnapshotError` if it holds none."""
    if not isinstance(data, dict) or data.get("format") != SNAPSHOT_FORMAT:
        raise SnapshotError(f"not a snapshot of format {SNAPSHOT_FORMAT}")
    try:
        state = _Reader().read(data.get("state"))
    except RecursionError:
        raise SnapshotError("a snapshot nested too deep") from None
    except (TypeError, ValueError, AttributeError) as error:
        if isinstance(error, SnapshotError):
            raise
        raise SnapshotError(f"a snapshot that does not fit its classes: {error}") from None
    if not isinstance(state, TableState):
        raise SnapshotError("a snapshot that holds no table")
    return state


def decode_snapshot(format: str, payload: bytes) -> TableState | None:
    """The state a snapshot holds, or ``None`` if it is of another format, stale or damaged
    (the table is then folded from its log)."""
    if format != SNAPSHOT_FORMAT:
        return None
    try:
        return state_from_data(json.loads(payload))
    except (SnapshotError, ValueError, UnicodeDecodeError):
        return None


# -- copies in memory -------------------------------------------------------------------------


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
    """An independent copy: changing it leaves ``state`` as it was. In memory only (pickle, of
    objects this process made): nothing read from outside goes through it."""
    copied = pickle.loads(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
    assert isinstance(copied, TableState)
    return copied
