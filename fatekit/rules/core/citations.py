"""Where each rule comes from.

Every rule the engine enforces is declared once as a :class:`Rule`: a stable key, the rules text
under ``shared/rules/`` it comes from, the section, and a one-line summary in our own words.
Illegal-action errors carry the rule they break, tests mark the rule they check
(``@pytest.mark.rule("key")``), and ``docs/rules-coverage.md`` is generated from both.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "CONDENSED",
    "CONDENSED_BOOK",
    "CORE",
    "CORE_BOOK",
    "FAE",
    "FAE_BOOK",
    "ITALIAN",
    "ODE",
    "Rule",
    "all_rules",
    "find_rule",
    "rule",
]

CONDENSED = "fate-condensed.ru.md"
CORE = "fate-core-conflicts.en.txt"
FAE = "fate-accelerated-summary.en.txt"
ITALIAN = "fate-condensed-actions.it.md"
ODE = "ode-kortfattad.sv.rst"
#: The whole books (``shared/rules/srd/``): the Fate Core System, Fate Accelerated and Fate
#: Condensed as Evil Hat published them.
CORE_BOOK = "srd/fate-core.md"
FAE_BOOK = "srd/fate-accelerated-SRD.md"
CONDENSED_BOOK = "srd/Fate-Condensed-SRD-CC-BY.md"


@dataclass(frozen=True, slots=True)
class Rule:
    """A rule of the game, with its source."""

    key: str
    source: str
    section: str
    summary: str

    def cite(self) -> str:
        """A short human-readable citation, e.g. ``fate-condensed.ru.md § Invoking Aspects``."""
        return f"{self.source} § {self.section}"

    def __str__(self) -> str:
        return f"{self.summary} ({self.cite()})"


_REGISTRY: dict[str, Rule] = {}


def rule(key: str, source: str, section: str, summary: str) -> Rule:
    """Declare a rule. Keys are unique across the engine."""
    found = _REGISTRY.get(key)
    new = Rule(key, source, section, summary)
    if found is not None and found != new:
        raise ValueError(f"rule key {key!r} is declared twice with different content")
    _REGISTRY[key] = new
    return new


def find_rule(key: str) -> Rule | None:
    """The rule declared under ``key``, if any."""
    return _REGISTRY.get(key)


def all_rules() -> tuple[Rule, ...]:
    """Every rule declared by the modules imported so far, sorted by key."""
    return tuple(sorted(_REGISTRY.values(), key=lambda r: r.key))
