"""A book's survey: its sections, each played by the engine's rules or left to the group."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Book", "Section", "left", "played", "shown"]


@dataclass(frozen=True, slots=True)
class Section:
    """One section of a book: its ``heading`` (the path of headings from the chapter down,
    joined by ``" > "``), the ``rules`` the engine plays it with, and ``group``: why the engine
    leaves it (or what of it) to the group. ``whole`` covers every heading under it too."""

    heading: str
    rules: tuple[str, ...] = ()
    group: str = ""
    whole: bool = False

    def __post_init__(self) -> None:
        if not self.rules and not self.group:
            raise ValueError(f"{self.heading}: say which rules play it, or why none does")


def played(heading: str, *rules: str, group: str = "", whole: bool = False) -> Section:
    """A section the engine plays with ``rules`` (``group``: what of it is still the group's)."""
    return Section(heading, tuple(rules), group, whole)


def left(heading: str, why: str, *, whole: bool = True) -> Section:
    """A section the engine leaves to the group, and why (its sub-sections too, by default)."""
    return Section(heading, (), why, whole)


@dataclass(frozen=True, slots=True)
class Book:
    """A book surveyed: its file under ``shared/rules/`` (``source``), its name, how its
    headings are written (``style``: ``markdown`` or ``html``, the Fate Accelerated SRD's),
    the heading level of its chapters (``top``) and how many levels down every heading must be
    surveyed (``depth``), and its sections in the book's order."""

    source: str
    name: str
    sections: tuple[Section, ...]
    top: int = 1
    depth: int = 3
    style: str = "markdown"

    def section_of(self, key: str) -> str | None:
        """The section that writes the rule ``key``, if the book has one: of the sections that
        play it, the deepest (an overview names a rule its own section then gives in full),
        then the one playing the fewest rules, then the first."""
        found = [
            (-s.heading.count(" > "), len(s.rules), i, s.heading)
            for i, s in enumerate(self.sections)
            if key in s.rules
        ]
        return min(found)[3] if found else None

    def rule_keys(self) -> set[str]:
        """Every rule some section of the book is played with."""
        return {key for section in self.sections for key in section.rules}


_SMALL = {
    "a",
    "an",
    "and",
    "as",
    "at",
    "by",
    "for",
    "in",
    "of",
    "on",
    "or",
    "the",
    "to",
    "vs",
    "with",
}


def shown(heading: str) -> str:
    """A heading as a citation shows it: the parts a book sets in capitals in title case
    (``CONFLICTS`` becomes ``Conflicts``, ``WHAT ASPECTS DO`` ``What Aspects Do``)."""
    parts = []
    for part in heading.split(" > "):
        if part.isupper():
            words = part.lower().split(" ")
            part = " ".join(
                w if i and w in _SMALL else w[:1].upper() + w[1:] for i, w in enumerate(words)
            )
        parts.append(part)
    return " > ".join(parts)
