"""Each catalog holds to its language's glossary (``fatekit/i18n/glossary/<lang>.json``): one word
for each game term, the keys that name a term use that word, and no variant the glossary forbids
appears anywhere (issue 39: Swedish said spelsession, spelträff and spelmöte for one thing)."""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

import pytest

from fatekit.server.web import I18N_DIR, LANGUAGES

GLOSSARY_DIR = I18N_DIR / "glossary"
PLACEHOLDER = re.compile(r"\{\w+\}")
#: The terms every glossary fixes a word for.
TERMS = {
    "session", "scene", "character", "pc", "npc", "big_bad", "gm", "aspect", "high_concept",
    "trouble", "setting_aspect", "zone", "stress_box", "compel", "invoke", "boost", "fate_point",
    "refresh", "milestone", "breakthrough", "conflict", "contest", "challenge", "exchange",
    "stunt", "skill", "shift", "effort",
}  # fmt: skip


@cache
def glossary(lang: str) -> dict[str, Any]:
    data = json.loads((GLOSSARY_DIR / f"{lang}.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


@cache
def catalog(lang: str) -> dict[str, str]:
    data = json.loads((I18N_DIR / f"{lang}.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


#: Keys whose text is a Discord command's or option's name: Discord wants those in lower case.
COMMAND_NAME = re.compile(r"^discord\.(cmd|opt)\.[\w.-]+(?<!\.about)$")


def forbidden(pattern: str) -> re.Pattern[str]:
    """A forbidden variant, matched where a word starts (so ``session`` does not forbid
    ``spelsession``) and regardless of case unless the pattern says otherwise."""
    return re.compile(r"(?<!\w)(?:" + pattern + ")", re.IGNORECASE)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_glossary_fixes_the_game_terms(lang: str) -> None:
    terms = glossary(lang)["terms"]
    assert glossary(lang)["language"] == lang
    assert sorted(TERMS - set(terms)) == [], f"{lang} glossary lacks these terms"
    for name, term in terms.items():
        assert term["use"].strip() and term["word"].strip() and term["en"].strip(), name
        re.compile(term["word"])
        for pattern in term.get("forbid", ()):
            forbidden(pattern)
            assert not forbidden(pattern).match(term["use"]), f"{lang} {name} forbids its own word"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_keys_that_name_a_term_use_its_word(lang: str) -> None:
    found = catalog(lang)
    wrong = {}
    for name, term in glossary(lang)["terms"].items():
        word = re.compile(term["word"], re.IGNORECASE)
        for key in term.get("keys", ()):
            assert key in found, f"{lang} glossary names {key}, which the catalog lacks"
            if not word.search(found[key]):
                wrong[key] = (name, found[key])
    assert wrong == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_catalog_text_uses_a_forbidden_variant(lang: str) -> None:
    found = catalog(lang)
    hits = {}
    for name, term in glossary(lang)["terms"].items():
        for pattern in term.get("forbid", ()):
            regex = forbidden(pattern)
            for key, text in found.items():
                if key in term.get("except", ()):
                    continue
                if "(?-i:" in pattern and COMMAND_NAME.match(key):
                    continue  # a case rule cannot hold for a name Discord keeps in lower case
                if m := regex.search(PLACEHOLDER.sub("", text)):
                    hits[f"{key} [{name}: {m.group(0)}]"] = text
    assert hits == {}
