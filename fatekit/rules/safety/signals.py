"""Safety signals: anyone at the table may raise one, and until the GM has answered it, it comes
before play.

Fate Condensed ("Safety Tools") asks the GM to give everyone a way to voice a concern, and says
that such a concern takes priority and must be addressed. It names two tools: the X-Card (edit out
what someone is uncomfortable with) and Script Change (pause, rewind, fast forward). A group may
use them or not, so each signal is a table's choice, on unless the GM turns it off.

Who raised a signal is nobody's business but theirs: the engine never holds it. The refusal that a
raised signal gives every other move is not a rule a GM may set aside, since the text puts the
concern before the game: the GM's way forward is to answer it (:meth:`SafetySignals.answer`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from fatekit.rules.core.citations import CONDENSED, rule
from fatekit.rules.core.errors import BadInput, IllegalAction

__all__ = ["SAFETY_TOOLS_RULE", "SIGNAL_FIRST_RULE", "SafetySignals", "SafetyTool"]

SIGNAL_FIRST_RULE = rule(
    "safety.signal-first",
    CONDENSED,
    "Safety Tools",
    "a concern raised with a safety tool comes before play: nothing else happens until the GM "
    "has addressed it",
)
SAFETY_TOOLS_RULE = rule(
    "safety.tools",
    CONDENSED,
    "Safety Tools",
    "anyone at the table, the GM included, may use the safety tools the table has chosen: the "
    "X-Card, and Script Change's pause, rewind and fast forward",
)


class SafetyTool(StrEnum):
    """A signal someone may raise: the X-Card, or one of Script Change's."""

    X_CARD = "x-card"  # edit out what was just brought in
    PAUSE = "pause"  # stop for a moment and talk
    REWIND = "rewind"  # take back what just happened
    FAST_FORWARD = "fast-forward"  # skip past a scene or moment


#: The most signals waiting at once: a table blocked by a hundred raised cards is no safer than
#: one blocked by one, and the number must have a bound.
MAX_OPEN = 20


@dataclass(slots=True)
class SafetySignals:
    """The table's safety tools: those turned off, and the signals raised and not yet answered
    (by id, oldest first). Nothing here says who raised one."""

    off: set[SafetyTool] = field(default_factory=set)
    waiting: dict[str, SafetyTool] = field(default_factory=dict)

    def is_on(self, tool: SafetyTool) -> bool:
        """Whether the table uses ``tool``."""
        return tool not in self.off

    def raise_signal(self, signal_id: str, tool: SafetyTool) -> None:
        """Someone raised ``tool``: it waits for the GM under ``signal_id``."""
        if not self.is_on(tool):
            raise IllegalAction(
                f"this table does not use the {tool.value} signal", SAFETY_TOOLS_RULE
            )
        if signal_id in self.waiting:
            raise BadInput(f"signal {signal_id!r} is already raised")
        if len(self.waiting) >= MAX_OPEN:
            raise BadInput(f"{MAX_OPEN} signals already wait for the GM", code="safety_too_many")
        self.waiting[signal_id] = tool

    def answer(self, signal_id: str) -> SafetyTool:
        """The GM has addressed the signal ``signal_id``: it no longer holds play."""
        tool = self.waiting.pop(signal_id, None)
        if tool is None:
            raise BadInput(f"no signal {signal_id!r} is waiting", code="safety_not_waiting")
        return tool

    def set_tool(self, tool: SafetyTool, on: bool) -> None:
        """Turn ``tool`` on or off for the table (signals already raised still wait)."""
        if on:
            self.off.discard(tool)
        else:
            self.off.add(tool)

    def require_clear(self) -> None:
        """Refuse a move of play while a signal waits (never waivable: see the module)."""
        if self.waiting:
            first = next(iter(self.waiting.values()))
            raise IllegalAction(
                f"a {first.value} signal is waiting for the GM: play resumes once it is addressed",
                SIGNAL_FIRST_RULE,
            )
