"""Editions of the rules: which behaviour a move was decided under, for the few moves a log
recorded before it kept what the rules computed.

A table's log records what each move did (its facts), so folding it again never asks the rules.
Moves logged before fatekit recorded facts have only what was asked and the dice, and are folded
through the rules again: through the rules as they were then. A fix that changes what the rules
compute (how a big bad's hit is reduced, what fills the GM's pool, when a consequence clears) keeps
the earlier behaviour for those moves::

    if edition() is Edition.FIRST:
        return shifts - math.ceil(pcs / 2)  # as fatekit reduced every hit before the fix
    ...  # the corrected rule

The table layer folds each such move inside :func:`folding_under` ``(Edition.FIRST)``; everything
else (deciding a command, folding a move with facts) runs under :data:`Edition.CURRENT`.

    >>> edition() is Edition.CURRENT
    True
    >>> with folding_under(Edition.FIRST):
    ...     edition() is Edition.FIRST
    True
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from enum import IntEnum

__all__ = ["Edition", "edition", "folding_under"]


class Edition(IntEnum):
    """The rules' editions, oldest first."""

    #: As fatekit played before events recorded their facts (up to issue 28).
    FIRST = 1
    #: Today's rules.
    CURRENT = 2


_EDITION: ContextVar[Edition] = ContextVar("fatekit_rules_edition", default=Edition.CURRENT)


def edition() -> Edition:
    """The edition of the rules the move being decided or folded is played under."""
    return _EDITION.get()


@contextmanager
def folding_under(chosen: Edition) -> Iterator[None]:
    """Fold one move under the ``chosen`` edition of the rules."""
    token = _EDITION.set(chosen)
    try:
        yield
    finally:
        _EDITION.reset(token)
