"""Why a table opens read-only (issue 37): :class:`ReadOnly`, which a table's state carries
when one of its events does not fold (see :mod:`fatekit.table.unfolded`), and
:class:`TableReadOnly`, the refusal of a move sent to such a table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, cast

from fatekit.rules.core.errors import BadInput, FateError, ForbiddenAction, IllegalAction
from fatekit.table.parts import UNSET, Part, UnsetType, to_builtins

__all__ = ["ReadOnly", "ReadOnlyPart", "TableReadOnly"]


@dataclass(frozen=True, slots=True)
class ReadOnly:
    """Why a table is open read-only: the first event this release could not fold.

    ``error`` is the kind of refusal, as the API names them (``illegal``, ``forbidden``,
    ``malformed``; ``unexpected`` for an error no rule raised: a bug); ``detail`` its sentence
    as the engine said it (English); ``rule`` and ``rule_summary`` the rule an illegal move
    names, ``code`` and ``params`` a refusal the page words in its own language."""

    version: int
    event: str
    error: str
    detail: str
    rule: str | None = None
    rule_summary: str = ""
    code: str | None = None
    params: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, error: BaseException, version: int, event: str) -> ReadOnly:
        """Why the event at ``version`` (of type ``event``) did not fold, from its error."""
        if isinstance(error, IllegalAction):
            return cls(
                version,
                event,
                "forbidden" if isinstance(error, ForbiddenAction) else "illegal",
                error.reason,
                error.rule.key,
                error.rule.summary,
            )
        if isinstance(error, BadInput):
            params = tuple(sorted((k, str(v)) for k, v in error.params.items()))
            return cls(version, event, "malformed", str(error), code=error.code, params=params)
        kind = "malformed" if isinstance(error, FateError) else "unexpected"
        return cls(version, event, kind, f"{type(error).__name__}: {error}")

    def sentence(self) -> str:
        """One line for an operator's log or a command line."""
        rule = f" [{self.rule}]" if self.rule else ""
        return f"its event {self.version} ({self.event}) does not fold: {self.detail}{rule}"

    def part(self, gm: bool) -> ReadOnlyPart:
        """What a seat reads of it: the version where the table stopped for everyone, and why
        for a GM only (the reason may name what players may not see)."""
        if not gm:
            return ReadOnlyPart(version=self.version)
        return ReadOnlyPart(
            version=self.version,
            event=self.event,
            error=cast(ReadOnlyError, self.error),
            detail=self.detail,
            rule=None
            if self.rule is None
            else RuleSummary(key=self.rule, summary=self.rule_summary),
            code=self.code,
            params=dict(self.params),
        )

    def view(self, gm: bool) -> dict[str, Any]:
        """:meth:`part` as plain JSON values (an error's answer carries it)."""
        found: dict[str, Any] = to_builtins(self.part(gm))
        return found


#: Why an event did not fold: a refused move, a malformed record, or a bug.
ReadOnlyError = Literal["illegal", "forbidden", "malformed", "unexpected"]


class RuleSummary(Part, kw_only=True):
    """A rule, by key, with its summary."""

    key: str
    summary: str


class ReadOnlyPart(Part, kw_only=True):
    """The ``read_only`` part of the table in a seat's document (:meth:`ReadOnly.part`)."""

    version: int
    event: str | UnsetType = UNSET
    error: ReadOnlyError | UnsetType = UNSET
    detail: str | UnsetType = UNSET
    rule: RuleSummary | UnsetType | None = UNSET
    code: str | UnsetType | None = UNSET
    params: dict[str, str] | UnsetType = UNSET


class TableReadOnly(FateError):
    """A move sent to a table open read-only (:class:`ReadOnly` says why)."""

    def __init__(self, read_only: ReadOnly, seat: str | None = None) -> None:
        if seat is None:
            said = "so it takes no new move"
        else:
            # A seat added after the event that stopped it (or gone before): not at the table
            # as it stands, yet its link is real; it reads that the table stopped, not that
            # there is no such seat.
            said = f"and as it stands before that there is no seat {seat!r} to read it"
        super().__init__(
            f"this table is open read-only: fatekit cannot replay its event {read_only.version}, "
            f"{said}; nothing in it is lost, and its GM sees why"
        )
        self.read_only = read_only
