"""The engine's small family of errors.

- :class:`BadInput`: the input is malformed (an unknown ladder name, dice faces that are not dice).
- :class:`IllegalAction`: well-formed, but the rules forbid it; carries the :class:`Rule` it breaks,
  and whether a GM may set that rule aside for this move (``waivable``: see
  :mod:`fatekit.rules.core.waivers`; a check that guards the engine's own bookkeeping is not).
- :class:`ForbiddenAction`: this participant may not do this (someone else's free invoke, say).
- :class:`StaleState`: someone else changed the game first (used by the table layer).

Every engine method validates before it changes anything, so an error leaves the state as it was.
"""

from __future__ import annotations

from fatekit.rules.core.citations import Rule

__all__ = ["BadInput", "FateError", "ForbiddenAction", "IllegalAction", "StaleState"]


class FateError(Exception):
    """Base class of every error the rules engine raises on purpose."""


class BadInput(FateError, ValueError):
    """Malformed input: the message says what was expected.

    ``code`` (with ``params``) names the refusal for a page that words it in its own language
    (the catalogs' ``refusal.<code>`` keys); the message stays the English fallback.
    """

    def __init__(self, message: str = "", *, code: str | None = None, **params: str) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


class IllegalAction(FateError):
    """The rules forbid this action; ``rule`` names which rule, ``waivable`` whether a GM may
    set it aside for this move. ``book`` is the text the table's preset comes from, set by the
    table that refused the move: the refusal cites the rule from that book."""

    def __init__(self, message: str, rule: Rule, *, waivable: bool = False) -> None:
        super().__init__(f"{message} [{rule.key}: {rule}]")
        self.reason = message
        self.rule = rule
        self.waivable = waivable
        self.book: str | None = None


class ForbiddenAction(IllegalAction):
    """The action is legal in general but not for this participant (never waivable: a GM acts
    for every participant already)."""

    def __init__(self, message: str, rule: Rule) -> None:
        super().__init__(message, rule)


class StaleState(FateError):
    """The state changed since the caller last saw it."""
