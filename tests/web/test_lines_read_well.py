"""Every catalog text, rendered as the page, the Discord lines and the recaps render it, with
names and numbers a table really has, reads right (issue 39: "Павел Громов предлагают
навязывание", "У Павел Громов есть веха", "(da il GM)", "si è arreso" for a woman, "1
guadagnati").

The catalogs cannot decline a name or know whose it is, so docs/words.md has lines put a name
where its plain form is right in every language, and make nothing agree with it. What of that
can be told mechanically is checked here: in Russian, no preposition or object position before
a name and no past tense, short participle or plural verb after one; in Italian, no preposition
before a name that may be "il GM" and no participle or pronoun that agrees with the one named;
in every language, each counted word takes the form its number asks for (the glossary gives the
forms), and no word is written all in capitals.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

import pytest

from fatekit.formats.words import LANGUAGES, Words, plural, words
from tests.web.test_glossary import catalog, glossary

FIELD = re.compile(r"\{(\w+)\}")
#: Fields that hold a name: a character's, a seat's, a side's, a Discord user's.
NAME_FIELDS = {"who", "target", "by", "patient", "seat", "side", "user", "from", "to", "was"}
#: Fields that hold a whole number.
NUMBER_FIELDS = {
    "n", "have", "wanted", "spent", "budget", "total", "points", "steps", "expected", "count",
    "cost", "free", "left", "least", "ok", "bad", "open", "gained", "runs", "seed", "seconds",
    "version", "most", "limit", "sheet", "refresh", "weapon", "armor", "reach", "below",
    "zones",
}  # fmt: skip
#: Numbers that are bounds or labels, never a count of one: a text's longest length, a seed, a
#: version (rendered as 2000, not with each sample number).
BOUND_FIELDS = {"most", "limit", "seed", "version", "seconds"}
#: Keys whose "name" fields hold something else: numbers before and after an arrow ("fate points
#: 2 → 3"), an aspect's old name.
NOT_NAMES = {
    "event.AspectCorrected": {"was"},
    "event.ConsequenceCorrected.cleared": {"was"},
    "event.ConsequenceCorrected.renamed": {"was"},
    "event.ExtremeCorrected.renamed": {"was"},
    "event.ExtremeCorrected.taken_back": {"was"},
}
#: Counts of things a line lists by label ("aspects: 3"), keyed by the texts that count them.
COUNTED_LISTS = {
    "import.counts": {"aspects", "skills", "stunts"},
    "screen.prepared_line": {"aspects"},
}
#: The numbers every counted text is rendered with: each plural category of each language, and
#: the Russian numbers that end like another category's (11, 21, 22).
NUMBERS = (1, 2, 5, 11, 21, 22)
#: Names as players type them: a man's and a woman's, in the script of each language.
NAMES = {
    "en": ("Ruth Brennan", "Charles Dunn"),
    "ru": ("Павел Громов", "Анна Смирнова"),
    "it": ("Giulia Neri", "Marco Gallo"),
    "sv": ("Karin Lind", "Erik Berg"),
}
#: Words in capitals a text may hold: abbreviations.
ABBREVIATIONS = {
    "GM",
    "JPEG",
    "JSON",
    "MB",
    "МБ",
    "NPC",
    "PC",
    "PG",
    "PNG",
    "НИП",
    "OK",
    "QR",
    "VTT",
}


def field_kind(key: str, field: str, english: str) -> str:
    """``name``, ``number`` or ``other`` for one field of one key."""
    if field in NOT_NAMES.get(key, ()):
        return "other"
    if re.search(r"\{" + field + r"\}\s*→|→\s*\{" + field + r"\}", english):
        return "number"  # "{was} → {to}"
    if field in NUMBER_FIELDS or field in COUNTED_LISTS.get(key, ()):
        return "number"
    if field in NAME_FIELDS:
        return "name"
    return "other"


def kinds(key: str) -> dict[str, str]:
    english = catalog("en")[key.split("#")[0]]
    return {f: field_kind(key.split("#")[0], f, english) for f in FIELD.findall(english)}


def renderings(lang: str, key: str) -> Iterator[tuple[dict[str, object], str]]:
    """``key`` filled in as a front end fills it: with each sample name, and each sample number
    in each counted field (the plural variant chosen by ``n``, as the page and Python do)."""
    said: Words = words(lang)
    fields = kinds(key)
    counted = [f for f, kind in fields.items() if kind == "number" and f not in BOUND_FIELDS]
    counted = counted or [None]
    for name in NAMES[lang]:
        for field in counted:
            for number in NUMBERS if field else (2,):
                args: dict[str, object] = {}
                for f, kind in fields.items():
                    if kind == "name":
                        args[f] = name
                    elif kind == "number":
                        args[f] = 2000 if f in BOUND_FIELDS else number if f == field else 3
                    else:
                        args[f] = f"«{f}»"
                yield args, said(key, **args)


def base_keys(lang: str) -> list[str]:
    return [k for k in catalog(lang) if "#" not in k]


@cache
def counted_forms(lang: str) -> list[tuple[str, str]]:
    """(category, form) of every counted word the glossary gives forms for, longest first."""
    out: set[tuple[str, str]] = set()
    for term in glossary(lang)["terms"].values():
        forms: dict[str, str] = term.get("forms") or {}
        for category, form in forms.items():
            if list(forms.values()).count(form) == 1:  # a form two categories share fits both
                out.add((category, form))
    return sorted(out, key=lambda pair: -len(pair[1]))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_text_renders_with_its_fields_filled(lang: str) -> None:
    unfilled = {}
    for key in base_keys(lang):
        for _, text in renderings(lang, key):
            if FIELD.search(text):
                unfilled[key] = text
    assert unfilled == {}


def wrong_counts(lang: str, text: str) -> list[str]:
    """Each number in ``text`` followed by a counted word in the form of another category."""
    wrong = []
    for category, form in counted_forms(lang):
        # a number (not a bonus: "+2 за жетон"), then at most one word of four letters or more
        # (an adjective: "2 бесплатных призыва"), then the counted word
        pattern = r"(?<![\w.,+])(\d+)\s+(?:[^\W\d]{4,}\s+)?" + re.escape(form) + r"(?!\w)"
        for m in re.finditer(pattern, text, re.IGNORECASE):
            if plural(lang, int(m.group(1))) != category:
                wrong.append(m.group(0))
    return wrong


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_counted_word_takes_the_form_its_number_asks_for(lang: str) -> None:
    assert counted_forms(lang), f"the {lang} glossary gives no counted forms"
    wrong = {}
    for key in base_keys(lang):
        if "number" not in kinds(key).values():
            continue
        for _, text in renderings(lang, key):
            for found in wrong_counts(lang, text):
                wrong[f"{key} ({found})"] = text
    assert wrong == {}


def test_the_count_check_catches_a_wrong_form() -> None:
    assert wrong_counts("ru", "удар в 5 сдвига") == ["5 сдвига"]
    assert wrong_counts("ru", "ещё 21 бесплатных призывов") == ["21 бесплатных призывов"]
    assert wrong_counts("it", "un colpo di 1 livelli di successo") == ["1 livelli di successo"]
    assert wrong_counts("en", "1 stress boxes") == ["1 stress boxes"]
    assert wrong_counts("ru", "удар в 22 сдвига") == []


def test_the_plural_categories_are_the_browsers() -> None:
    # The page picks a variant with Intl.PluralRules; Python with plural(): they agree on the
    # numbers every counted text is rendered with (CLDR's rules, checked against Chromium in
    # test_catalogs.py for the set of categories).
    assert [plural("ru", n) for n in NUMBERS] == ["one", "few", "many", "many", "one", "few"]
    assert [plural("it", n) for n in NUMBERS] == [
        "one",
        "other",
        "other",
        "other",
        "other",
        "other",
    ]
    assert plural("it", 1_000_000) == "many"
    assert [plural("sv", n) for n in (0, 1, 2)] == ["other", "one", "other"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_word_is_written_in_capitals(lang: str) -> None:
    shouting = {}
    for key, text in catalog(lang).items():
        for word in re.findall(r"(?<![\w{])[^\W\d_]{2,}(?![\w}])", FIELD.sub("", text)):
            if word.isupper() and word not in ABBREVIATIONS:
                shouting[key] = word
    assert shouting == {}


# -- Russian: a name stays in the nominative, and nothing agrees with it ------------------------

#: Prepositions: the name after one would have to be declined ("у Павла", "для Анны").
_RU_PREPOSITIONS = {
    "у", "для", "от", "к", "ко", "с", "со", "за", "на", "в", "во", "о", "об", "обо", "при", "без",
    "до", "из", "по", "про", "через", "над", "под", "перед", "между", "кроме", "после", "против",
    "среди", "около", "вокруг", "мимо", "ради",
}  # fmt: skip
#: Words after which a name stays nominative: "как Анна", "пусть Анна", "а не Анна".
_RU_NOMINATIVE_AFTER = {
    "как",
    "пусть",
    "не",
    "и",
    "или",
    "а",
    "кому",
    "что",
    "где",
    "когда",
    "пока",
}
#: A present or future verb of the third person singular, whose subject follows it ("ходит
#: Анна"): the only word a subject-like name may follow.
_RU_VERB_3SG = re.compile(r"[а-яё]+(?:ет|ёт|ит)(?:ся)?$", re.IGNORECASE)
#: Names that are the subject of their line (the others are objects: a target, a patient).
_RU_SUBJECTS = {"who", "side", "user", "by", "seat", "from"}
#: A past-tense verb or a short form that would agree with the name's gender, or a plural verb
#: that would not agree with one person ("Анна выбыл", "Анна прикрыт", "Анна предлагают").
_RU_AGREEING = re.compile(
    r"^(?:[а-яё]*(?:[аеёиоуыюя]л|ог|ёк|ёг)(?:ся|сь)?|[а-яё]+(?:ут|ют|ат|ят)(?:ся)?"
    r"|должен|готов|прикрыт|повержен|ранен|согласен|обязан|способен|виден|сам)$",
    re.IGNORECASE,
)
#: Words ending like a past-tense verb or a plural verb that are not.
_RU_NOT_VERBS = {"стол", "итог", "правил", "сигнал", "брат", "результат", "зал", "бросок"}
#: Pronouns that would stand for the one named, in their gender ("до него", "с ним").
_RU_PRONOUNS = re.compile(r"\b(?:он|него|нему|ним|нём|неё|ней|она)\b", re.IGNORECASE)
#: Texts whose pronoun stands for a thing, not the one named (key: the pronoun's noun).
_RU_PRONOUN_OF_A_THING = {"invite.scan": "код"}


def _ru_problems(key: str, template: str) -> list[str]:
    found = []
    fields = kinds(key)
    for m in FIELD.finditer(template):
        field = m.group(1)
        if fields.get(field) != "name":
            continue
        before = re.search(r"([\w-]+)\s*$", template[: m.start()])
        previous = before.group(1).lower() if before else ""
        if previous in _RU_PREPOSITIONS:
            found.append(f"{{{field}}} after the preposition {previous!r}")
        elif previous and previous not in _RU_NOMINATIVE_AFTER:
            subject_after_verb = field in _RU_SUBJECTS and _RU_VERB_3SG.search(previous)
            if not subject_after_verb:
                found.append(f"{{{field}}} after {previous!r}, where it would be declined")
        after = re.match(r" ([\w-]+)", template[m.end() :])
        if after:
            word = after.group(1)
            if word.lower() not in _RU_NOT_VERBS and _RU_AGREEING.match(word):
                found.append(f"{{{field}}} followed by {word!r}, which agrees with it")
    names = any(k == "name" for k in fields.values())
    if names and key not in _RU_PRONOUN_OF_A_THING and (pronoun := _RU_PRONOUNS.search(template)):
        found.append(f"the pronoun {pronoun.group(0)!r} stands for someone named")
    return found


def test_russian_names_are_never_declined_or_agreed_with() -> None:
    problems = {}
    for key, template in catalog("ru").items():
        if found := _ru_problems(key, template):
            problems[key] = found
    assert problems == {}


def test_the_russian_check_catches_what_issue_39_saw() -> None:
    assert _ru_problems("notice.compel", "{who} предлагают навязывание")
    assert _ru_problems("milestone.open_minor", "У {who} есть веха.")
    assert _ru_problems("event.AttackRolled", "{who} атакует {target}")
    assert _ru_problems("bigbad.threat.behind_pick", "{who} прикрыт частями")
    assert not _ru_problems("turn.current", "действует {who}.")
    assert not _ru_problems("milestone.open_minor", "{who}: доступна веха.")


# -- Italian: no article after a preposition, and nothing agrees with the one named -------------

#: The GM as a line names them: a name with an article, which a preposition must not precede.
_IT_GM = "il GM"
#: The fields that may name the GM (the GM offers compels, invokes and holds free invokes from
#: the pool, and stands where no character acts), and a side, whose name the GM types and may
#: start with an article ("I cultisti").
_IT_GM_FIELDS = {"by", "side"}
_IT_GM_FIELDS_OF = {
    "aspect.free_invokes": {"who"},
    "aspect.pass": {"who"},
    "event.FreeInvokePassed": {"from", "to"},
    "event.FreeInvokesCorrected": {"who"},
    "event.StoryDetailDeclared": {"who"},
    "event.TurnCorrected": {"was"},
    "invoke.done_free": {"who"},
    "invoke.done_paid": {"who"},
}
#: A name with an article of its own, and the fields beyond the names that hold one.
_IT_NAME = "il Corvo"  # as the check reads it (an article in lower case)
_IT_NAMED = {"organization", "table"}
_IT_PREPOSITION_ARTICLE = re.compile(r"(?<![\w'])(?:a|da|di|in|su)\s+(?:il|lo|la|i|gli|le)\b")
#: A participle or adjective after "è", "si è", "è stato"... that agrees with its subject.
_IT_AGREEING = re.compile(
    r"\b(?:si è|è stat[oa]|è|viene|resta|rimane|sarà)\s+(?:\w+\s+)?"
    r"(?:\w+(?:at[oi]|ut[oi]|it[oi]|es[oi]|ss[oi]|tt[oi]|rs[oi]|st[oi]|sc[oi]))\b"
    r"|\bprotett[oi]\b|\bfuggit[oi]\b",
    re.IGNORECASE,
)
#: Pronouns that stand for the one named, in a gender: "lo gioca", "farlo entrare", "gli dà".
_IT_PRONOUNS = re.compile(
    r"\b(?:lo|gli|lui|egli)\s+(?:gioca|fa|porta|mette|dà|tocca|chiede)\b|\b(?:far|portar|metter)(?:lo|gli)\b",
    re.IGNORECASE,
)


def _it_problems(key: str, template: str) -> list[str]:
    found = []
    fields = kinds(key)
    names = [f for f, kind in fields.items() if kind == "name"]
    may_be_gm = _IT_GM_FIELDS | _IT_GM_FIELDS_OF.get(key.split("#")[0], set())
    if key.startswith("event.Invoked."):
        may_be_gm = may_be_gm | {"who"}
    if may_be_gm & set(names):
        text = FIELD.sub(lambda m: _IT_GM if m[1] in may_be_gm else "X", template)
        if m := _IT_PREPOSITION_ARTICLE.search(text):
            found.append(f"a preposition before a name that may be «il GM»: {m.group(0)!r}")
    # Any name may start with an article ("Il Corvo", "Gli scagnozzi", "La Gilda"): "di", "a",
    # "da", "in", "su" before it would have to fuse with it ("del", "al"...), which a line
    # cannot do; "per", "con", "contro" or a colon stand before a name as it is.
    named = set(names) | (_IT_NAMED & set(fields))
    if named and not found:
        text = FIELD.sub(lambda m: _IT_NAME if m[1] in named else "X", template)
        if m := _IT_PREPOSITION_ARTICLE.search(text):
            found.append(
                f"a preposition before a name that may start with an article: {m.group(0)!r}"
            )
    # A line about someone: a field names them, or the log puts a seat's name before it.
    about_someone = names or key.startswith(("event.", "fighter.", "status.", "notice.", "turn."))
    if about_someone:
        if m := _IT_AGREEING.search(template):
            found.append(f"{m.group(0)!r} agrees with the one named")
        if m := _IT_PRONOUNS.search(template):
            found.append(f"the pronoun in {m.group(0)!r} stands for the one named")
    return found


def test_italian_lines_need_no_article_or_gender_for_a_name() -> None:
    problems = {}
    for key, template in catalog("it").items():
        if found := _it_problems(key, template):
            problems[key] = found
    assert problems == {}


def test_the_italian_check_catches_what_issue_39_saw() -> None:
    assert _it_problems("event.CompelOffered", "ha offerto una tentazione (da {by})")
    assert _it_problems("fighter.conceded", "si è arreso")
    assert _it_problems("event.CharacterGiven.gm", "ha ripreso {who}: lo gioca il GM")
    assert not _it_problems("event.CompelOffered", "ha offerto una tentazione (la propone {by})")
    # "di {who}" reads wrong for a name with an article ("la scheda di Il Corvo").
    assert _it_problems("event.CharacterUpdated", "ha riscritto la scheda di {who}")
    assert not _it_problems("event.CharacterUpdated", "ha riscritto la scheda: {who}")
