"""JSON for the table's frozen dataclasses (commands and events), checked field by field.

Commands and events hold only strings, whole numbers, booleans, enums, ``None`` and tuples of
those, so one small codec reads and writes all of them. Reading checks every field against its
type hint and reports every mismatch at once, by field, as :class:`BadInput`: the server turns that
into a 422 with a message per field.

A command's field may declare its bounds in its type hint (``Annotated[int, Within(1, 20)]``,
:class:`Tally` on a list of counts, :class:`Checked` on a text holding a document such as a
sheet); :func:`check_bounds` reports every value past them, by field. Events declare none: a log keeps what was decided, whatever the bounds are today.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Any, TypeVar

from fatekit.rules.core.errors import BadInput

__all__ = ["Checked", "FieldErrors", "Tally", "Within", "check_bounds", "from_json", "to_json"]

T = TypeVar("T")


class FieldErrors(BadInput):
    """Malformed input, with one message per field (``errors`` maps a field path to it)."""

    def __init__(self, what: str, errors: Mapping[str, str]) -> None:
        listed = "; ".join(f"{path}: {message}" for path, message in errors.items())
        super().__init__(f"malformed {what}: {listed}")
        self.errors = dict(errors)


def to_json(value: object) -> Any:
    """The JSON form of a dataclass instance (and of what its fields hold)."""
    kind = type(value)
    if kind in _SCALARS:  # most values are: answered before any other check
        return value
    names = _field_names(kind)
    if names is not None:
        return {name: to_json(getattr(value, name)) for name in names}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [to_json(v) for v in value]
    return value


_SCALARS: frozenset[type] = frozenset({str, int, float, bool, type(None)})


_FIELD_NAMES: dict[type, tuple[str, ...] | None] = {}


def _field_names(kind: type) -> tuple[str, ...] | None:
    """The fields of the dataclass ``kind`` in their order (``None`` for any other type); read
    once a type, as every event's payload is written through :func:`to_json`."""
    if kind not in _FIELD_NAMES:
        found = (
            tuple(f.name for f in dataclasses.fields(kind))
            if dataclasses.is_dataclass(kind)
            else None
        )
        _FIELD_NAMES[kind] = found
    return _FIELD_NAMES[kind]


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def from_json(cls: type[T], data: object, *, given: Mapping[str, Any] | None = None) -> T:
    """Build ``cls`` from its JSON form, checking every field. ``given`` supplies fields that
    are not read from ``data`` (an event's envelope). Unknown keys are errors too."""
    if not isinstance(data, Mapping):
        raise FieldErrors(cls.__name__, {"$": "expected a JSON object"})
    supplied = dict(given or {})
    errors: dict[str, str] = {}
    values = _read_fields(cls, data, "", errors, frozenset(supplied))
    if errors:
        raise FieldErrors(cls.__name__, errors)
    return cls(**values, **supplied)


def _read_fields(
    cls: type, data: Mapping[str, Any], prefix: str, errors: dict[str, str], skip: frozenset[str]
) -> dict[str, Any]:
    hints = _hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls) if f.name not in skip and f.init}
    values: dict[str, Any] = {}
    for key in data:
        if key not in fields:
            errors[f"{prefix}{key}"] = "unknown field"
    for name, field in fields.items():
        path = f"{prefix}{name}"
        if name not in data:
            missing = (
                field.default is dataclasses.MISSING
                and field.default_factory is dataclasses.MISSING
            )
            if missing:
                errors[path] = "required"
            continue
        ok, value = _read(hints[name], data[name], path, errors)
        if ok:
            values[name] = value
    return values


#: The plain JSON values a field may hold, each with what to say of a value that is not one.
_PLAIN: dict[type, str] = {
    bool: "expected true or false",
    int: "expected a whole number",
    str: "expected a string",
}


def _read(hint: Any, value: Any, path: str, errors: dict[str, str]) -> tuple[bool, Any]:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = typing.get_args(hint)
        if value is None and type(None) in options:
            return True, None
        inner = [o for o in options if o is not type(None)]
        if len(inner) == 1:
            return _read(inner[0], value, path, errors)
        errors[path] = "unsupported type"
        return False, None
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, list | tuple):
            errors[path] = "expected a list"
            return False, None
        if len(args) == 2 and args[1] is Ellipsis:
            kinds = [args[0]] * len(value)
        else:
            if len(value) != len(args):
                errors[path] = f"expected a list of {len(args)} items"
                return False, None
            kinds = list(args)
        out = []
        good = True
        for index, (kind, item) in enumerate(zip(kinds, value, strict=True)):
            ok, read = _read(kind, item, f"{path}[{index}]", errors)
            good = good and ok
            out.append(read)
        return good, tuple(out)
    if isinstance(hint, type) and issubclass(hint, Enum):
        try:
            return True, hint(value)
        except ValueError:
            choices = ", ".join(str(m.value) for m in hint)
            errors[path] = f"expected one of: {choices}"
            return False, None
    if isinstance(hint, type) and issubclass(hint, str) and hint is not str:
        # An open kind such as Track: a string the type itself checks.
        try:
            return True, hint(value)
        except ValueError as error:
            errors[path] = str(error)
            return False, None
    if hint in _PLAIN:
        # JSON's true and false are no whole numbers, though Python's bool is an int.
        if isinstance(value, hint) and (hint is bool or not isinstance(value, bool)):
            return True, value
        errors[path] = _PLAIN[hint]
        return False, None
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if not isinstance(value, Mapping):
            errors[path] = "expected an object"
            return False, None
        before = len(errors)
        values = _read_fields(hint, value, f"{path}.", errors, frozenset())
        return len(errors) == before, hint(**values) if len(errors) == before else None
    errors[path] = f"unsupported type {hint!r}"
    return False, None


# -- bounds ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Within:
    """The bounds of a whole number (in a type hint: ``Annotated[int, Within(low, high)]``)."""

    low: int
    high: int

    def problem(self, value: int) -> str | None:
        """What is wrong with ``value`` (``None``: nothing)."""
        if self.low <= value <= self.high:
            return None
        return f"a whole number from {self.low} to {self.high}"


@dataclass(frozen=True, slots=True)
class Tally:
    """The most a list of ``(who, count)`` pairs may add up to (in a type hint on the list)."""

    limit: int

    def problem(self, pairs: tuple[tuple[object, int], ...]) -> str | None:
        """What is wrong with ``pairs`` (``None``: nothing)."""
        total = sum(count for _, count in pairs)
        return None if total <= self.limit else f"at most {self.limit} in all"


@dataclass(frozen=True, slots=True)
class Checked:
    """A text holding a document (a character file, a stunt, a rule-set file), in a type hint:
    ``check`` says what is wrong with it (its bounds, what its texts hold), or ``None``."""

    check: Callable[[str], str | None]

    def problem(self, text: str) -> str | None:
        """What is wrong with ``text`` (``None``: nothing)."""
        return self.check(text)


@cache
def _bounded_hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls, include_extras=True)


def check_bounds(value: object, what: str = "command") -> None:
    """Raise :class:`FieldErrors` (each field with its bound) if a number in ``value``, a command
    or what it holds, is past the bounds its fields declare."""
    errors: dict[str, str] = {}
    _check_fields(value, "", errors)
    if errors:
        raise FieldErrors(what, errors)


def _check_fields(value: object, prefix: str, errors: dict[str, str]) -> None:
    if not dataclasses.is_dataclass(value) or isinstance(value, type):
        return
    for name, hint in _bounded_fields(type(value)):
        _check(hint, getattr(value, name), f"{prefix}{name}", errors)


@cache
def _bounded_fields(cls: type) -> tuple[tuple[str, Any], ...]:
    """The fields of ``cls`` (with their hints) that may hold a value past a bound: those whose
    hint declares one, or may hold a dataclass that does. Most fields of most commands (texts,
    ids, enums) hold neither, and are not walked on every command."""
    hints = _bounded_hints(cls)
    return tuple(
        (f.name, hints[f.name]) for f in dataclasses.fields(cls) if _may_bound(hints[f.name])
    )


def _may_bound(hint: Any) -> bool:
    """Whether a value of type ``hint`` may be past a bound :func:`_check` reads: a bound in
    the hint or anything it holds, a dataclass, or a type it cannot tell (``Any``, ``object``)."""
    origin = typing.get_origin(hint)
    if origin is typing.Annotated:
        inner, *marks = typing.get_args(hint)
        return any(isinstance(m, Within | Tally | Checked) for m in marks) or _may_bound(inner)
    if origin is typing.Literal:
        return False
    if origin is not None:
        return any(_may_bound(arg) for arg in typing.get_args(hint) if arg is not Ellipsis)
    # A string, number, boolean, enum...: no bound unless annotated.
    plain = isinstance(hint, type) and hint is not object and not dataclasses.is_dataclass(hint)
    return not (hint is type(None) or plain)


def _check(hint: Any, value: Any, path: str, errors: dict[str, str]) -> None:
    if value is None:
        return
    if typing.get_origin(hint) is typing.Annotated:
        inner, *marks = typing.get_args(hint)
        before = len(errors)
        _check(inner, value, path, errors)  # what it holds first: the most precise message
        for mark in marks if len(errors) == before else ():
            if isinstance(mark, Within | Tally | Checked) and (found := mark.problem(value)):
                errors[path] = found
        return
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        for option in typing.get_args(hint):
            if option is not type(None):
                _check(option, value, path, errors)
        return
    if origin is tuple and isinstance(value, tuple):
        args = typing.get_args(hint)
        kinds = [args[0]] * len(value) if len(args) == 2 and args[1] is Ellipsis else list(args)
        for index, (kind, item) in enumerate(zip(kinds, value, strict=False)):
            _check(kind, item, f"{path}[{index}]", errors)
        return
    _check_fields(value, f"{path}.", errors)
