"""Safety tools: the X-Card and Script Change's pause, rewind and fast forward (Fate Condensed,
"Safety Tools")."""

from fatekit.rules.safety.signals import (
    SAFETY_TOOLS_RULE,
    SIGNAL_FIRST_RULE,
    SafetySignals,
    SafetyTool,
)

__all__ = ["SAFETY_TOOLS_RULE", "SIGNAL_FIRST_RULE", "SafetySignals", "SafetyTool"]
