"""The Discord front door's words: the page's catalogs (``fatekit/i18n/*.json``), read in Python.

Discord tells the app each user's language with every interaction (``locale``: ``en-US``,
``ru``, ``sv-SE``...): private replies use it, while the channel speaks the table's language,
chosen when the channel was bound. A catalog key that holds a count (``{n}``) may have a variant
per plural category (``KEY#one``, ``KEY#few``...), as the page reads them.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

__all__ = ["LANGUAGES", "Words", "language_of", "plural", "words"]

#: The languages the table speaks, as the page's catalogs name them.
LANGUAGES = ("en", "ru", "it", "sv")

_CATALOGS = Path(__file__).resolve().parent.parent / "i18n"
_FIELD = re.compile(r"\{(\w+)\}")


def language_of(locale: object, default: str = "en") -> str:
    """The table language for a Discord locale (``sv-SE`` is ``sv``); ``default`` for any other."""
    if isinstance(locale, str):
        base = locale.lower().split("-", 1)[0]
        if base in LANGUAGES:
            return base
    return default


def plural(language: str, n: int) -> str:
    """The CLDR plural category of a whole number in a language (the categories the catalogs
    use: ``one``, ``few``, ``many``, ``other``)."""
    if language == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    if language == "it" and n != 0 and n % 1_000_000 == 0:
        return "many"  # "un milione di..."
    return "one" if n == 1 else "other"


class Words:
    """One language's catalog, with English for any key it lacks."""

    def __init__(self, language: str) -> None:
        self.language = language if language in LANGUAGES else "en"
        self._catalog = _catalog(self.language)
        self._english = _catalog("en")

    def has(self, key: str) -> bool:
        """Whether the catalog (or English) holds ``key``."""
        return key in self._catalog or key in self._english

    def __call__(self, key: str, **args: object) -> str:
        """The text of ``key`` with its ``{fields}`` filled in (a count ``n`` picks the plural
        variant); a key no catalog holds comes back as itself, so a gap shows rather than hides."""
        n = args.get("n")
        if isinstance(n, int) and not isinstance(n, bool):
            variant = f"{key}#{plural(self.language, n)}"
            if variant in self._catalog:
                key = variant
        template = self._catalog.get(key, self._english.get(key, key))
        return _FIELD.sub(lambda m: str(args[m[1]]) if m[1] in args else m[0], template)


@cache
def words(language: str) -> Words:
    """The catalog of ``language`` (English for one the table does not speak)."""
    return Words(language)


@cache
def _catalog(language: str) -> dict[str, str]:
    data = json.loads((_CATALOGS / f"{language}.json").read_text(encoding="utf-8"))
    return {str(k): str(v) for k, v in data.items()}
