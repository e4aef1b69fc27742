"""The page's catalogs: every language has every key, with the same placeholders, and every key
the page's scripts name and every stable key of the engine the page shows has an entry."""

from __future__ import annotations

import importlib
import json
import pkgutil
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from fatekit.rules.aspects.aspects import AspectKind
from fatekit.rules.characters.presets import PRESETS
from fatekit.rules.characters.skill_lists import (
    ALTERNATIVE_LISTS,
    APPROACHES,
    CONDENSED_SKILLS,
    ODE_SKILLS,
)
from fatekit.rules.core.actions import Action
from fatekit.rules.core.citations import all_rules
from fatekit.rules.core.ladder import LADDER
from fatekit.rules.core.outcomes import Outcome
from fatekit.rules.options.big_bad_solo import SuppressMode
from fatekit.rules.options.big_bads import ImmunityKind, ImmunityState
from fatekit.rules.options.ruleset import OptionalRule
from fatekit.rules.options.scale import STANDARD_SCALE, ScaleBenefit
from fatekit.rules.scenes.conflict import FocusKind, Phase, Status
from fatekit.server.web import I18N_DIR, LANGUAGES, WEB_DIR
from fatekit.table.commands import ChangeKind
from fatekit.table.events import EVENT_TYPES
from fatekit.table.seats import Role

PLACEHOLDER = re.compile(r"\{(\w+)\}")
# The plural categories each language's CLDR rules use (Intl.PluralRules in the browser, which
# picks a counted text's variant: the browser test below checks that Chromium agrees).
PLURALS = {
    "en": {"one", "other"},
    "ru": {"one", "few", "many", "other"},
    "it": {"one", "many", "other"},
    "sv": {"one", "other"},
}


def unique(pairs: list[tuple[str, str]]) -> dict[str, str]:
    """A catalog's object, refusing a key written twice (JSON keeps the last one silently, so
    the first one's text would never be shown)."""
    twice = sorted(key for key, n in Counter(key for key, _ in pairs).items() if n > 1)
    assert not twice, f"keys written twice: {twice}"
    return dict(pairs)


def catalog(lang: str) -> dict[str, str]:
    text = (I18N_DIR / f"{lang}.json").read_text(encoding="utf-8")
    data = json.loads(text, object_pairs_hook=unique)
    assert isinstance(data, dict)
    return data


def scripts() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted((WEB_DIR / "js").rglob("*.js")))


def base_keys(found: dict[str, str]) -> set[str]:
    """The keys without plural variants (`KEY#one` is a variant of `KEY`)."""
    return {key for key in found if "#" not in key}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_has_every_key_with_the_same_placeholders(lang: str) -> None:
    english, other = catalog("en"), catalog(lang)
    assert sorted(base_keys(english) - set(other)) == [], f"keys missing in {lang}"
    assert sorted(base_keys(other) - set(english)) == [], f"keys in {lang} that English lacks"
    for key, text in other.items():
        assert text.strip(), f"{lang}: {key} is empty"
        base = key.split("#")[0]
        assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(english[base])), (
            f"{lang}: {key} has other placeholders than English"
        )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_variants_are_exactly_the_languages_categories(lang: str) -> None:
    found = catalog(lang)
    variants: dict[str, set[str]] = {}
    for key in found:
        if "#" in key:
            base, category = key.split("#", 1)
            variants.setdefault(base, set()).add(category)
    assert variants, f"{lang} has no plural variants"
    for base, categories in variants.items():
        assert base in found, f"{lang}: {base} has variants but no text of its own"
        assert "n" in PLACEHOLDER.findall(found[base]), f"{lang}: {base} counts no {{n}}"
        assert categories == PLURALS[lang], f"{lang}: {base} has variants {sorted(categories)}"


def test_the_browser_plural_rules_are_the_ones_the_catalogs_follow(browser: Any) -> None:
    page = browser.new_page()
    try:
        used = page.evaluate(
            "langs => Object.fromEntries(langs.map((l) => "
            "[l, new Intl.PluralRules(l).resolvedOptions().pluralCategories]))",
            list(LANGUAGES),
        )
    finally:
        page.close()
    assert {lang: set(categories) for lang, categories in used.items()} == PLURALS


@pytest.mark.parametrize("lang", ["en", "ru", "it", "sv"])
def test_counted_words_have_their_plural_forms(lang: str) -> None:
    # The texts that put {n} before a counted word, audited: each has its variants where the
    # word changes with the number (Swedish "steg" and Italian "colpo da {n}" do not).
    counted = {
        "en": ["harm.pending", "roll.verdict", "foresight.length_hover", "turn.challenge"],
        "ru": ["harm.pending", "foresight.length_hover"],
        "it": ["foresight.length_hover", "turn.challenge"],
        "sv": ["foresight.length_hover", "turn.challenge"],
    }
    found = catalog(lang)
    assert sorted(k for k in counted[lang] if f"{k}#one" not in found) == []


def test_every_key_the_scripts_name_is_in_the_catalog() -> None:
    english = catalog("en")
    named = set(re.findall(r"\btn?\(\s*\"([^\"]+)\"", scripts()))
    assert named, "the scripts name no keys: the pattern is out of date"
    assert sorted(named - set(english)) == []


def test_the_engines_stable_keys_all_have_names() -> None:
    english = catalog("en")
    wanted = {f"ladder.{key}" for key in LADDER.values()}
    wanted |= {f"skill.{s.key}" for s in CONDENSED_SKILLS} | {f"skill.{s.key}" for s in ODE_SKILLS}
    wanted |= {f"approach.{s.key}" for s in APPROACHES}
    wanted |= {f"preset.{key}" for key in PRESETS}
    wanted |= {
        f"option.{o.value}" for o in OptionalRule if o is not OptionalRule.CHANGING_SKILL_LIST
    }
    wanted |= {f"outcome.{o.value}" for o in Outcome}
    wanted |= {f"action.{a.value}" for a in Action}
    wanted |= {f"aspect.kind.{k.value}" for k in AspectKind}
    wanted |= {f"conflict.phase.{p.value}" for p in Phase}
    wanted |= {f"fighter.{s.value}" for s in Status}
    wanted |= {f"role.{r.value}" for r in Role}
    # The alternative skill lists: each list's name and its skills, keyed by list (lists share
    # keys: Actions' "fight" and Fate Condensed's are named apart).
    for key, listed in ALTERNATIVE_LISTS.items():
        wanted |= {f"skill_list.{key}"} | {f"skill.{key}.{s.key}" for s in listed}
    # The optional rules' values the page names.
    wanted |= {f"scale.{level}" for level in STANDARD_SCALE.keys}
    wanted |= {f"scale.benefit.{b.value}" for b in ScaleBenefit}
    wanted |= {f"focus.{f.value}" for f in FocusKind}
    wanted |= {f"bigbad.immunity.{k.value}" for k in ImmunityKind}
    wanted |= {f"bigbad.state.{s.value}" for s in ImmunityState}
    wanted |= {f"bigbad.suppress.{m.value}" for m in SuppressMode}
    wanted |= {f"milestone.change.{k.value}" for k in ChangeKind}
    wanted |= {"kind.hazard", "kind.block"}
    assert sorted(wanted - set(english)) == []
    # Every event has a log line (some have one per variant: event.CompelAnswered.accept...).
    lines = {key.split(".")[1] for key in english if key.startswith("event.")}
    assert sorted(set(EVENT_TYPES) - lines) == []


def test_the_ode_terms_are_used_in_swedish() -> None:
    swedish = catalog("sv")
    # Öde calls an aspect a faktum (plural fakta); its skills keep the edition's names, but for
    # Rapport: Öde's "Kontakt" beside Contacts' "Kontakter" reads as one skill twice, so the page
    # says "Övertala", the word of Öde's own description of the skill (docs/web.md).
    assert "faktum" in swedish["aspect.kind.situation"].lower()
    assert swedish["skill.physique"] == "Kroppsbyggnad"
    assert swedish["ladder.fair"] == "Hyffsad"
    for s in ODE_SKILLS:
        if s.key != "rapport":
            assert swedish[f"skill.{s.key}"] == s.name
    assert swedish["skill.rapport"] == "Övertala"


def test_swedish_names_each_thing_with_one_word() -> None:
    swedish = catalog("sv")
    # "Slag" is a roll; a kind (of compel, of conflict, of sheet) is a "typ". Skills are not
    # named by one word and its plural ("Kontakt", "Kontakter").
    kinds = ("compel.kind", "conflict.kind", "sheet.kind", "conflict.harm_kind")
    assert [k for k in kinds if re.search(r"\bslag", swedish[k], re.I)] == []
    assert swedish["roll.title"] == "Slag"
    assert [k for k in swedish if re.search(r"\bslags\b", swedish[k], re.I)] == []
    skills = [swedish[f"skill.{s.key}"] for s in ODE_SKILLS]
    assert [a for a in skills for b in skills if a != b and b.startswith(a)] == []


#: Words ending like a Russian past-tense verb that are not verbs.
_NOT_PAST = {"стол", "итог", "правил", "сигнал"}
#: A masculine past-tense verb: завершил, отказался, помог.
_MASCULINE_PAST = re.compile(r"\b[а-яё]*(?:[аеёиоуыюя]л|ог|ёк|ёг)(?:ся|сь)?\b", re.I)


def test_russian_lines_about_someone_are_right_for_any_gender() -> None:
    # The log's lines begin with a seat's name ("Sofia завершает бросок"), and the status words
    # stand beside a character's: a past-tense verb would say "Sofia завершил". They are in the
    # present tense, or a noun ("сдача", "вне боя"), right for everyone.
    russian = catalog("ru")
    about = (
        "event.",
        "fighter.",
        "bigbad.state.",
        "bigbad.threat.state.",
        "foresight.risk_",
        "notice.",
        "turn.",
        "contest.",
        "challenge.",
        "roll.",
        "resolve.",
        "compel.",
        "harm.",
        "concede.",
        "screen.asked",
        "conflict.",
    )
    gendered = {
        key: found
        for key, text in russian.items()
        if key.startswith(about)
        and (found := [w for w in _MASCULINE_PAST.findall(text) if w.lower() not in _NOT_PAST])
    }
    assert gendered == {}


def test_the_catalog_files_are_packaged() -> None:
    # By pattern: the catalogs, their glossaries and every file of the page (test_wheel.py
    # builds the wheel and checks it holds every data file of the checkout).
    text = Path(__file__).resolve().parents[2].joinpath("pyproject.toml").read_text()
    assert '"i18n/**/*.json"' in text and '"web/**/*"' in text


def declared_rules() -> dict[str, str]:
    """Every rule a refusal can name, key -> summary: each one the engine declares (every module
    of fatekit.rules imported), and the table's rule of who may do what."""
    import fatekit.rules as package
    from fatekit.table.state import SEAT_RULE

    for module in pkgutil.walk_packages(package.__path__, "fatekit.rules."):
        importlib.import_module(module.name)
    return {r.key: r.summary for r in (*all_rules(), SEAT_RULE)}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_has_a_reason_in_every_language(lang: str) -> None:
    # A refusal names the rule it breaks (error bodies and character problems carry rule.key);
    # the page shows the rule's reason from the catalog, so every rule needs one in every
    # language, and outside English one that is not the English text left in place.
    rules = declared_rules()
    assert len(rules) > 100, "the rules were not all imported"
    found = catalog(lang)
    missing = sorted(key for key in rules if f"rule.{key}" not in found)
    assert missing == [], f"{lang} has no reason for these rules"
    assert sorted(k[5:] for k in found if k.startswith("rule.") and k[5:] not in rules) == [], (
        f"{lang} has reasons for rules the engine does not declare"
    )
    if lang != "en":
        english = catalog("en")
        same = sorted(k for k in rules if found[f"rule.{k}"] == english[f"rule.{k}"])
        assert same == [], f"{lang} keeps the English reason for these rules"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_sheet_problem_is_said_with_its_numbers(lang: str) -> None:
    # A sheet's problems keep their numbers in every language (issue 26): each kind of problem
    # the engine reports has its sentence, and that sentence names only what the problem carries.
    from fatekit.rules.characters.problems import CODES

    found = catalog(lang)
    missing = sorted(code for code in CODES if f"problem.{code}" not in found)
    assert missing == [], f"{lang} cannot say these sheet problems"
    for code, args in CODES.items():
        named = set(re.findall(r"\{(\w+)\}", found[f"problem.{code}"]))
        assert named <= args, f"{lang} problem.{code} names {named - args}"
        numbers = {a for a in args if a in ("have", "wanted", "n", "spent", "budget", "total")}
        assert numbers <= named, f"{lang} problem.{code} drops {numbers - named}"


def test_every_refusal_the_engine_names_has_its_words_and_placeholders() -> None:
    """Each ``BadInput(..., code=...)`` in the package reads in the page's words (the catalogs'
    ``refusal.<code>``), with a placeholder for each parameter the raise passes."""
    package = Path(__file__).resolve().parents[2] / "fatekit"
    raised = re.compile(r"raise BadInput\((?:[^()]|\([^()]*\))*?code=\"(\w+)\"(?P<rest>[^)]*)\)")
    found: dict[str, set[str]] = {}
    for path in package.rglob("*.py"):
        for match in raised.finditer(path.read_text(encoding="utf-8")):
            params = set(re.findall(r"(\w+)=", match.group("rest")))
            found.setdefault(match.group(1), set()).update(params)
    assert len(found) >= 10
    english = catalog("en")
    for code, params in found.items():
        assert f"refusal.{code}" in english, code
        assert set(PLACEHOLDER.findall(english[f"refusal.{code}"])) == params, code
