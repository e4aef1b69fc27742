"""The GM's word over the rules: a rule set aside for one move.

The engine assists the table; it does not overrule it. A check that enforces a rule of play calls
:func:`refuse` (or :func:`require`) instead of raising: the refusal is waivable, and when the move
being decided or folded sets that rule aside (:func:`waiving`), the check lets it through and
notes that it did. A check that guards the engine's own bookkeeping (a box that does not exist, a
character not in the conflict) raises :class:`~fatekit.rules.core.errors.IllegalAction` itself,
which no waiver sets aside.

The table layer enters :func:`waiving` with the rules a GM named while it decides a command and
folds its events, and records on each event the rules its fold actually set aside, so a replay of
the log sets aside exactly the same ones::

    >>> from fatekit.rules.core.citations import rule
    >>> demo = rule("demo.waiver", "demo.md", "Demo", "a demonstration rule")
    >>> with waiving({"demo.waiver"}) as waived:
    ...     refuse("not allowed", demo)
    >>> sorted(waived.used)
    ['demo.waiver']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from fatekit.rules.core.citations import Rule
from fatekit.rules.core.errors import IllegalAction

__all__ = ["Waiving", "refuse", "require", "waived_now", "waiving"]


@dataclass(slots=True)
class Waiving:
    """The rules a move sets aside (``keys``) and those a check has set aside so far (``used``)."""

    keys: frozenset[str]
    used: set[str] = field(default_factory=set)


_WAIVING: ContextVar[Waiving | None] = ContextVar("fatekit_waiving", default=None)


@contextmanager
def waiving(keys: Iterable[str]) -> Iterator[Waiving]:
    """Decide or fold one move with the rules named by ``keys`` set aside.

    Yields the :class:`Waiving`, whose ``used`` says afterwards which of them a check set aside.
    Contexts nest: the innermost is the one in force (a fold inside an undo's rebuild enters each
    replayed event's own).
    """
    current = Waiving(frozenset(keys))
    token = _WAIVING.set(current)
    try:
        yield current
    finally:
        _WAIVING.reset(token)


def waived_now(rule: Rule) -> bool:
    """Whether the move being decided sets ``rule`` aside (and note that it was used)."""
    current = _WAIVING.get()
    if current is None or rule.key not in current.keys:
        return False
    current.used.add(rule.key)
    return True


def refuse(message: str, rule: Rule) -> None:
    """Refuse the move under ``rule`` (a waivable :class:`IllegalAction`), unless the move sets
    that rule aside: then return, and the check's caller goes on as if the rule allowed it."""
    if not waived_now(rule):
        raise IllegalAction(message, rule, waivable=True)


def require(allowed: bool, message: str, rule: Rule) -> None:
    """:func:`refuse` unless ``allowed``."""
    if not allowed:
        refuse(message, rule)
