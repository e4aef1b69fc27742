"""Where each rule comes from.

Every rule the engine enforces is declared once as a :class:`Rule`: a stable key, the rules text
under ``shared/rules/`` it comes from, the section, and a one-line summary in our own words.
Illegal-action errors carry the rule they break, tests mark the rule they check
(``@pytest.mark.rule("key")``), and ``docs/rules-coverage.md`` is generated from both.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "ATOMIC_BOOK",
    "CONDENSED",
    "CONDENSED_BOOK",
    "CORE",
    "CORE_BOOK",
    "FAE",
    "FAE_BOOK",
    "ITALIAN",
    "ODE",
    "ROCKETEERS_BOOK",
    "VENTURE_BOOK",
    "WOA_BOOK",
    "Rule",
    "all_rules",
    "book_key",
    "citation",
    "find_rule",
    "register_book",
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
#: The War of Ashes SRD: weight, and the built-in War of Ashes rule set's source.
WOA_BOOK = "srd/war-of-ashes.md"
#: The Three Rocketeers' No-Skill Swashbuckling SRD: aspects counted instead of skills, and the
#: built-in Three Rocketeers rule set's source.
ROCKETEERS_BOOK = "srd/three-rocketeers-no-skill-swashbuckling-SRD.md"
#: The Venture City SRD: powers bought as packages of stunts, and the built-in Venture City rule
#: set's source.
VENTURE_BOOK = "srd/venture-city.md"
#: The Atomic Robo RPG SRD: modes, mode costs, mega-stunts, brainstorms.
ATOMIC_BOOK = "srd/atomic-robo-SRD.md"


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

    def cite_in(self, book: str | None) -> str:
        """The citation at a table playing the preset whose source is ``book``."""
        source, section = citation(self, book)
        return f"{source} § {section}"

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


#: Which surveyed book a preset's source is cited from: an excerpt stands for its whole book.
_BOOK_OF = {
    CORE: CORE_BOOK,
    CORE_BOOK: CORE_BOOK,
    FAE: FAE_BOOK,
    FAE_BOOK: FAE_BOOK,
    CONDENSED: CONDENSED_BOOK,
    CONDENSED_BOOK: CONDENSED_BOOK,
    ODE: ODE,
    WOA_BOOK: WOA_BOOK,
    ROCKETEERS_BOOK: ROCKETEERS_BOOK,
    VENTURE_BOOK: VENTURE_BOOK,
    ATOMIC_BOOK: ATOMIC_BOOK,
}
#: A short key for each text, as a page names its book.
_KEYS = {
    CORE: "core",
    CORE_BOOK: "core",
    FAE: "accelerated",
    FAE_BOOK: "accelerated",
    CONDENSED: "condensed",
    CONDENSED_BOOK: "condensed",
    ITALIAN: "condensed",
    ODE: "ode",
    WOA_BOOK: "woa",
    ROCKETEERS_BOOK: "rocketeers",
    VENTURE_BOOK: "venturecity",
    ATOMIC_BOOK: "atomicrobo",
}
#: Where each surveyed book writes each rule it plays: book -> rule key -> section.
_SECTIONS: dict[str, dict[str, str]] = {}


def register_book(source: str, sections: dict[str, str]) -> None:
    """Record where the book ``source`` writes each rule (rule key -> section heading); the
    surveys of :mod:`fatekit.rules.books` do, once each."""
    _SECTIONS[source] = dict(sections)


def citation(rule: Rule, book: str | None) -> tuple[str, str]:
    """Where ``rule`` is written (text, section) for a table whose preset comes from ``book``:
    in that book where its survey lists the rule, else where the rule was declared from (an
    optional rule another book gives, say)."""
    surveyed = _BOOK_OF.get(book or "")
    section = _SECTIONS.get(surveyed or "", {}).get(rule.key)
    if surveyed is not None and section:
        return surveyed, section
    return rule.source, rule.section


def book_key(source: str) -> str:
    """A short key for the text ``source`` (``core``, ``accelerated``, ``condensed``, ``ode``,
    ``woa``, ``rocketeers``, ``venturecity``, ``atomicrobo``; ``own`` for a text fatekit does not
    know, a group's own game)."""
    return _KEYS.get(source, "own")


def all_rules() -> tuple[Rule, ...]:
    """Every rule declared by the modules imported so far, sorted by key."""
    return tuple(sorted(_REGISTRY.values(), key=lambda r: r.key))
