"""The Discord front door's words: the page's catalogs, read through :mod:`fatekit.formats.words`.

Discord tells the app each user's language with every interaction (``locale``: ``en-US``,
``ru``, ``sv-SE``...): private replies use it, while the channel speaks the table's language,
chosen when the channel was bound. A catalog key that holds a count (``{n}``) may have a variant
per plural category (``KEY#one``, ``KEY#few``...), as the page reads them.
"""

from __future__ import annotations

from fatekit.formats.words import LANGUAGES, Words, plural, words

__all__ = ["LANGUAGES", "Words", "language_of", "plural", "words"]


def language_of(locale: object, default: str = "en") -> str:
    """The table language for a Discord locale (``sv-SE`` is ``sv``); ``default`` for any other."""
    if isinstance(locale, str):
        base = locale.lower().split("-", 1)[0]
        if base in LANGUAGES:
            return base
    return default
