"""The whole books, section by section: what fatekit plays of each, and what it leaves to the group.

Each book the presets come from is surveyed here as a :class:`Book`: every section of it (every
heading down to the book's :attr:`Book.depth`, or a whole part at once), with the rules the
engine plays it with (their keys, as :func:`~fatekit.rules.core.citations.rule` declares them)
or why the engine leaves it to the group. ``tools/rules_coverage.py`` prints the surveys in
``docs/rules-coverage.md`` and checks them against the books' headings when the books are at
hand.

A survey is also where a rule is written in each book: a refusal at a table cites the table's
own book (:func:`~fatekit.rules.core.citations.citation`), the first section of that book that
lists the rule, so a Fate Core table cites Fate Core and an Öde table the Swedish text, whatever
text the rule was first declared from.
"""

from __future__ import annotations

from fatekit.rules.books.accelerated import ACCELERATED
from fatekit.rules.books.condensed import CONDENSED_SRD
from fatekit.rules.books.core import CORE_SYSTEM
from fatekit.rules.books.ode import ODE_TEXT
from fatekit.rules.books.survey import Book, Section, shown
from fatekit.rules.books.war_of_ashes import WAR_OF_ASHES_SRD
from fatekit.rules.core.citations import register_book

__all__ = ["BOOKS", "Book", "Section", "book_for"]

#: The books surveyed: Fate Core, Fate Accelerated, Fate Condensed, Öde for its citations, and
#: the War of Ashes SRD (its built-in rule set).
BOOKS: tuple[Book, ...] = (CORE_SYSTEM, ACCELERATED, CONDENSED_SRD, ODE_TEXT, WAR_OF_ASHES_SRD)

for _book in BOOKS:
    register_book(
        _book.source, {key: shown(_book.section_of(key) or "") for key in _book.rule_keys()}
    )


def book_for(source: str) -> Book | None:
    """The surveyed book whose file is ``source``."""
    return next((b for b in BOOKS if b.source == source), None)
