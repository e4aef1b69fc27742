"""Skill lists: the default lists of each preset, the alternative lists, and custom lists.

A skill is known by a stable key (``"physique"``) that game data and rules refer to; its display
name belongs to the list (Öde shows ``"Kroppsbyggnad"`` for the same key). Öde reuses Fate
Condensed's keys, so rules such as "Physique adds physical stress boxes" are written once.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from fatekit.rules.core.citations import CONDENSED, rule
from fatekit.rules.core.errors import BadInput

__all__ = [
    "ACTIONS",
    "ALTERNATIVE_LISTS",
    "APPROACHES",
    "APTITUDES",
    "ATTRIBUTES",
    "CONDENSED_SKILLS",
    "CORE_SKILLS",
    "CUSTOM_LIST_RULE",
    "ODE_SKILLS",
    "RELATIONSHIPS",
    "ROLES",
    "SKILL_LISTS",
    "THEMES",
    "VALUES",
    "SkillDef",
    "SkillList",
    "custom_skill_list",
    "skill_key",
    "skill_list",
]

CUSTOM_LIST_RULE = rule(
    "skills.custom-list",
    CONDENSED,
    "Optional Rules > Changing the Skill List",
    "A table may replace the skill list: shorter lists, other questions (approaches, roles, "
    "values), blends of the sample lists, or a list of its own",
)


@dataclass(frozen=True, slots=True)
class SkillDef:
    """One skill: its stable key and its display name in this list.

    ``names`` gives the name in other languages (``(("ru", "Драка"),)``), for a table's own list.
    """

    key: str
    name: str
    names: tuple[tuple[str, str], ...] = ()

    def name_in(self, language: str) -> str:
        """The display name in ``language``, or the list's own when it gives none."""
        return dict(self.names).get(language, self.name)


@dataclass(frozen=True, slots=True)
class SkillList:
    """A named list of skills, in the order a sheet shows them."""

    key: str
    name: str
    skills: tuple[SkillDef, ...]

    def __post_init__(self) -> None:
        if not self.skills:
            raise BadInput(f"skill list {self.name!r} has no skills")
        keys = [s.key for s in self.skills]
        doubled = sorted({k for k in keys if keys.count(k) > 1})
        if doubled:
            raise BadInput(f"skill list {self.name!r} names {', '.join(doubled)} more than once")

    def __iter__(self) -> Iterator[SkillDef]:
        return iter(self.skills)

    def __len__(self) -> int:
        return len(self.skills)

    def __contains__(self, key: object) -> bool:
        return any(s.key == key for s in self.skills)

    @property
    def keys(self) -> tuple[str, ...]:
        """The stable keys, in order."""
        return tuple(s.key for s in self.skills)

    def name_of(self, key: str) -> str:
        """The display name of ``key``; raises :class:`BadInput` listing the valid keys."""
        for skill in self.skills:
            if skill.key == key:
                return skill.name
        raise BadInput(
            f"{key!r} is not on the {self.name} skill list; use one of: {', '.join(self.keys)}"
        )

    def find(self, text: str) -> str | None:
        """The key of the skill whose key or display name is ``text`` (ignoring case), if any."""
        wanted = text.strip().casefold()
        for skill in self.skills:
            if wanted in (skill.key.casefold(), skill.name.casefold()):
                return skill.key
        return None


def skill_key(name: str) -> str:
    """A stable key made from a display name: ``"Getting into Bar Fights"`` -> ``"getting_into_bar_fights"``.

    Letters outside ASCII are kept when they have no plain form (``"Öde"`` -> ``"ode"``,
    ``"Драка"`` -> ``"драка"``), so any language yields a usable key.
    """
    folded = unicodedata.normalize("NFKD", name.strip().casefold())
    plain = "".join(c for c in folded if not unicodedata.combining(c))
    key = re.sub(r"[^\w]+", "_", plain).strip("_")
    if not key:
        raise BadInput(f"{name!r} cannot name a skill: it needs at least one letter or digit")
    return key


def _english(key: str, name: str, names: Iterable[str]) -> SkillList:
    return SkillList(key, name, tuple(SkillDef(skill_key(n), n) for n in names))


def custom_skill_list(name: str, skills: Iterable[str] | Mapping[str, str]) -> SkillList:
    """A table's own skill list, from display names (keys are derived) or a ``{key: name}`` map."""
    if not name.strip():
        raise BadInput("a custom skill list needs a name")
    if isinstance(skills, Mapping):
        defs = tuple(SkillDef(skill_key(k), str(v).strip()) for k, v in skills.items())
    else:
        defs = tuple(SkillDef(skill_key(n), n.strip()) for n in skills)
    if any(not d.name for d in defs):
        raise BadInput(f"every skill on {name!r} needs a display name")
    return SkillList(skill_key(name), name.strip(), defs)


CONDENSED_SKILLS = _english(
    "condensed",
    "Fate Condensed",
    (
        "Academics",
        "Athletics",
        "Burglary",
        "Contacts",
        "Crafts",
        "Deceive",
        "Drive",
        "Empathy",
        "Fight",
        "Investigate",
        "Lore",
        "Notice",
        "Physique",
        "Provoke",
        "Rapport",
        "Resources",
        "Shoot",
        "Stealth",
        "Will",
    ),
)

#: Fate Core's eighteen skills: Fate Condensed's list without Academics.
CORE_SKILLS = SkillList(
    "core", "Fate Core", tuple(s for s in CONDENSED_SKILLS if s.key != "academics")
)

_ODE_NAMES = {
    "academics": "Akademi",
    "athletics": "Sport",
    "burglary": "Stjäla",
    "contacts": "Kontakter",
    "crafts": "Hantverk",
    "deceive": "Bedraga",
    "drive": "Rida/köra vagn",
    "empathy": "Empati",
    "fight": "Slåss",
    "investigate": "Undersöka",
    "lore": "Mysticism",
    "notice": "Uppmärksamma",
    "physique": "Kroppsbyggnad",
    "provoke": "Provocera",
    "rapport": "Kontakt",
    "resources": "Resurser",
    "shoot": "Skjuta",
    "stealth": "Smyga",
    "will": "Vilja",
}

#: Öde's list: the same keys as Fate Condensed, with the Swedish names as display names.
ODE_SKILLS = SkillList("ode", "Öde", tuple(SkillDef(k, n) for k, n in _ODE_NAMES.items()))

ACTIONS = _english(
    "actions",
    "Actions",
    ("Endure", "Fight", "Know", "Move", "Notice", "Pilot", "Sneak", "Speak", "Tinker"),
)
#: Fate Accelerated's approaches (also one of the alternative lists).
APPROACHES = _english(
    "approaches", "Approaches", ("Careful", "Clever", "Flashy", "Forceful", "Quick", "Sneaky")
)
APTITUDES = _english(
    "aptitudes", "Aptitudes", ("Athletics", "Combat", "Leadership", "Scholarship", "Subterfuge")
)
ATTRIBUTES = _english(
    "attributes", "Attributes", ("Strength", "Dexterity", "Toughness", "Intelligence", "Charm")
)
RELATIONSHIPS = _english(
    "relationships", "Relationships", ("Leading", "Partnering", "Supporting", "Solo")
)
ROLES = _english(
    "roles",
    "Roles",
    ("Driver", "Hitter", "Hacker", "Gearhead", "Grifter", "Thief", "Mastermind"),
)
THEMES = _english(
    "themes",
    "Themes",
    ("Air", "Fire", "Metal", "Mind", "Stone", "Void", "Water", "Wind", "Wood"),
)
VALUES = _english(
    "values",
    "Values",
    ("Duty", "Glory", "Justice", "Love", "Power", "Safety", "Truth", "Vengeance"),
)

#: The short lists the optional rules offer as starting points, by key.
ALTERNATIVE_LISTS: Mapping[str, SkillList] = {
    s.key: s
    for s in (ACTIONS, APPROACHES, APTITUDES, ATTRIBUTES, RELATIONSHIPS, ROLES, THEMES, VALUES)
}

#: Every built-in list, by key.
SKILL_LISTS: Mapping[str, SkillList] = {
    **{s.key: s for s in (CONDENSED_SKILLS, CORE_SKILLS, ODE_SKILLS)},
    **ALTERNATIVE_LISTS,
}


def skill_list(key: str) -> SkillList:
    """A built-in list by key; raises :class:`BadInput` naming the lists there are."""
    found = SKILL_LISTS.get(key.strip().casefold())
    if found is None:
        raise BadInput(f"unknown skill list {key!r}; choose one of: {', '.join(SKILL_LISTS)}")
    return found
