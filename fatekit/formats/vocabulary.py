"""Words that tell what a part of another program's sheet is, in many languages.

Sheets from Fari and Foundry are written in whatever language their owner plays in, and people
rename and reorder sections freely. The importers therefore recognise a section, a block or a
skill by comparing a *folded* label (lower case, accents and punctuation gone) with the stems
below and with the skill names of fatekit's own catalogs (English, Russian, Italian, Swedish).
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path

from fatekit.formats.translated_skills import APPROACH_NAMES, SKILL_NAMES
from fatekit.rules import PRESETS

__all__ = [
    "ROLE_STEMS",
    "fold",
    "matches",
    "skill_names",
]

_I18N = Path(__file__).resolve().parent.parent / "i18n"
_LANGUAGES = ("en", "ru", "it", "sv")


def fold(text: str) -> str:
    """``text`` lower-cased, without accents, punctuation or repeated spaces: for comparing.

    Turkish dotless ı folds to i, as its capital I does, so ``ATICILIK`` is ``Atıcılık``.
    """
    decomposed = unicodedata.normalize("NFKD", text.casefold().replace("ı", "i"))
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(re.sub(r"[^\w]+", " ", plain).split())


# Stems (already folded) that name a part of a sheet. English, Italian, Russian and Swedish come
# first; German, Spanish, French, Polish, Portuguese and Turkish follow, as Fari's users write them.
ROLE_STEMS: Mapping[str, tuple[str, ...]] = {
    "aspects": (
        "aspect",
        "aspett",
        "аспект",
        "aspekt",
        "fakt",
        "aspecto",
        "ozellik",
    ),
    "high_concept": (
        "high concept",
        "concett",
        "концепц",
        "koncept",
        "konzept",
        "concepto",
        "concept",
        "koncepc",
        "conceito",
        "konsept",
        "idea centrale",
    ),
    "trouble": (
        "trouble",
        "problem",
        "guai",
        "беда",
        "проблем",
        "dilemma",
        "complica",
        "ennui",
        "klopot",
        "sorun",
        "svaghet",
        "bekymmer",
        "dificuldade",
    ),
    "relationship": (
        "relation",
        "relazion",
        "отношен",
        "связ",
        "beziehung",
        "relacion",
        "relacj",
        "relacao",
        "iliski",
        "relaco",
        "zugehorigkeit",
    ),
    "stunts": (
        "stunt",
        "trucc",
        "talent",
        "трюк",
        "proeza",
        "prouesse",
        "sztuczk",
        "facanha",
        "marifet",
        "extra",
    ),
    "skills": (
        "skill",
        "abilit",
        "навык",
        "навыки",
        "fardighet",
        "fertigkeit",
        "habilidad",
        "competenc",
        "umiejetnosc",
        "pericia",
        "yetenek",
        "approach",
        "approcc",
        "подход",
        "tillvagagangs",
        "ansatz",
        "enfoque",
        "approche",
        "podejsc",
        "abordagem",
        "yaklasim",
    ),
    "stress": ("stress", "стресс", "estres", "stres"),
    "physical": (
        "physical",
        "fisic",
        "физ",
        "fysisk",
        "korperlich",
        "physisch",
        "physique",
        "fizyczn",
        "fiziksel",
    ),
    "mental": (
        "mental",
        "ментал",
        "психич",
        "psychisch",
        "geistig",
        "psychiczn",
        "umysl",
        "zihinsel",
    ),
    "consequences": (
        "consequen",
        "consegu",
        "последств",
        "konsekvens",
        "konsequenz",
        "consecuenc",
        "konsekwencj",
        "konsekwecj",
        "sonuc",
    ),
    "mild": (
        "mild",
        "lieve",
        "legger",
        "легк",
        "lindrig",
        "leicht",
        "leve",
        "leger",
        "lekk",
        "hafif",
        "lagodn",
        "suave",
    ),
    "moderate": (
        "moderat",
        "средн",
        "medelsvar",
        "mittel",
        "moderad",
        "modere",
        "umiarkowan",
        "orta",
    ),
    "severe": (
        "severe",
        "grave",
        "серьезн",
        "тяжел",
        "allvarlig",
        "svar",
        "schwer",
        "sever",
        "powazn",
        "ciddi",
        "agir",
    ),
    "extreme": ("extrem", "estrem", "крайн", "экстрем", "ekstrem"),
    "fate_points": (
        "fate",
        "fato",
        "судьб",
        "odespo",
        "schicksal",
        "destin",
        "losu",
        "kader",
        "fp",
    ),
    "refresh": (
        "refresh",
        "ricaric",
        "recuper",
        "восстанов",
        "обновлен",
        "aterhamt",
        "pafyll",
        "erholung",
        "regain",
        "regenerac",
        "yenilen",
        "renov",
    ),
    "notes": (
        "note",
        "notiz",
        "appunt",
        "заметк",
        "anteckning",
        "notatk",
        "nota",
        "description",
        "descrizion",
        "описан",
        "beskrivning",
        "beschreibung",
        "descripcion",
        "biograf",
        "other",
        "altro",
        "прочее",
        "ovrigt",
        "sonstig",
        "weitere",
        "otro",
        "outro",
        "divers",
        "diger",
        "notlar",
    ),
}


def matches(label: str, role: str) -> bool:
    """Whether a folded word of ``label`` starts with one of ``role``'s stems."""
    folded = fold(label)
    if not folded:
        return False
    words = folded.split()
    for stem in ROLE_STEMS[role]:
        if " " in stem:
            if stem in folded:
                return True
        elif any(w.startswith(stem) for w in words):
            return True
    return False


def _catalog(language: str) -> Mapping[str, str]:
    data: dict[str, str] = json.loads((_I18N / f"{language}.json").read_text(encoding="utf-8"))
    return data


@cache
def skill_names(preset_key: str) -> Mapping[str, str]:
    """Folded skill names, in every language fatekit speaks and those of Fate's published
    translations and Fari's templates (:mod:`fatekit.formats.translated_skills`), to
    ``preset_key``'s skill keys.

    Fate Condensed, Core and Öde share their keys (so each reads the others' names, Öde's own
    among them: the page's Swedish may call a skill otherwise, as it does Rapport); Accelerated's
    approaches have their own.
    """
    preset = PRESETS[preset_key]
    ode = PRESETS["ode"]
    catalogs = [_catalog(lang) for lang in _LANGUAGES]
    found: dict[str, str] = {}
    list_key = preset.skill_lists[0].key
    for key in preset.skill_keys:
        names: list[str] = [key, preset.skill_name(key)]
        if key in ode.skill_keys:
            names.append(ode.skill_name(key))
        for catalog in catalogs:
            for entry in (f"skill.{key}", f"skill.{list_key}.{key}", f"approach.{key}"):
                if entry in catalog:
                    names.append(catalog[entry])
        for table in (SKILL_NAMES, APPROACH_NAMES):
            for language in table.values():
                names.extend(language.get(key, ()))
        for name in names:
            found.setdefault(fold(name), key)
    return found


def first_number(text: str) -> int | None:
    """The first whole number written in ``text`` (with its sign), if any."""
    found = re.search(r"[+-]?\d+", text)
    return None if found is None else int(found.group())


def any_matches(labels: Iterable[str], role: str) -> bool:
    """Whether one of ``labels`` names ``role``."""
    return any(matches(label, role) for label in labels)
