"""The page's catalogs (``fatekit/i18n/<lang>.json``), read in Python: the one place where the
Discord lines, the recaps and the tests turn a key and its fields into words.

A text that counts ``{n}`` things may have a variant per CLDR plural category of its language
(``KEY#one``, ``KEY#few``, ``KEY#many``, ``KEY#other``), as the page's ``lib/i18n.js`` reads
them with the browser's ``Intl.PluralRules``; :func:`plural` gives the same category for a whole
number. A text counts only ``{n}``: any other number a line shows stands where its form cannot
change ("fate points: 2 → 3", "{who}: +{gained} / −{spent}"), as docs/words.md asks.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

__all__ = ["LANGUAGES", "Words", "plural", "words"]

#: The languages the catalogs are written in.
LANGUAGES = ("en", "ru", "it", "sv")

_CATALOGS = Path(__file__).resolve().parent.parent / "i18n"
_FIELD = re.compile(r"\{(\w+)\}")


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

    def template(self, key: str, n: object = None) -> str:
        """The text of ``key`` before its fields are filled in: the variant for ``n`` when the
        catalog has one; a key no catalog holds comes back as itself, so a gap shows."""
        if isinstance(n, int) and not isinstance(n, bool):
            variant = f"{key}#{plural(self.language, n)}"
            if variant in self._catalog:
                key = variant
        return self._catalog.get(key, self._english.get(key, key))

    def __call__(self, key: str, /, **args: object) -> str:
        """The text of ``key`` with its ``{fields}`` filled in (a count ``n`` picks the plural
        variant)."""
        template = self.template(key, args.get("n"))
        return _FIELD.sub(lambda m: str(args[m[1]]) if m[1] in args else m[0], template)


@cache
def words(language: str) -> Words:
    """The catalog of ``language`` (English for one the catalogs do not have)."""
    return Words(language)


@cache
def _catalog(language: str) -> dict[str, str]:
    data = json.loads((_CATALOGS / f"{language}.json").read_text(encoding="utf-8"))
    return {str(k): str(v) for k, v in data.items()}
