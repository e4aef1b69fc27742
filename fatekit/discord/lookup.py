"""Finding things in a seat's view: characters, aspects and skills by id or by what a person
typed, and the choices an option's autocomplete offers.

Everything here reads one seat's view (:func:`fatekit.table.view_for`), so a suggestion can only
name what that seat may see: a hidden aspect, an unrevealed NPC's skills, a secret roll never
appear in another seat's list.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from fatekit.discord.lines import Reader

__all__ = ["Choice", "Found", "aspects", "characters", "choices", "fold", "skills"]

JSON = dict[str, Any]
#: Most choices Discord shows for an autocomplete, and the most characters of each.
MOST_CHOICES = 25
NAME_LIMIT = 100


def fold(text: str) -> str:
    """Text for comparing what people type: lower case, no accents, single spaces."""
    plain = unicodedata.normalize("NFKD", text.casefold())
    return " ".join("".join(c for c in plain if not unicodedata.combining(c)).split())


@dataclass(frozen=True, slots=True)
class Choice:
    """One suggestion: what it shows, and the value the command receives."""

    name: str
    value: str

    def json(self) -> JSON:
        """As an autocomplete result holds it."""
        # A name too long for Discord ends in an ellipsis, not mid-word as if it said all.
        name = self.name if len(self.name) <= NAME_LIMIT else self.name[: NAME_LIMIT - 1] + "…"
        return {"name": name, "value": self.value[:NAME_LIMIT]}


class Found(Exception):
    """What a person typed names nothing the seat sees (or names several things)."""

    def __init__(self, option: str, typed: str) -> None:
        super().__init__(f"{option}: {typed}")
        self.option = option
        self.typed = typed


def _name(character: JSON) -> str:
    if character.get("revealed") and character.get("sheet"):
        return str(character["sheet"]["name"])
    return str(character.get("name", character["id"]))


def characters(view: JSON) -> list[Choice]:
    """Every character the seat sees, by name (the seat's own first)."""
    mine = set(view["you"]["characters"])
    listed = sorted(view["characters"], key=lambda c: (c["id"] not in mine, _name(c).casefold()))
    return [Choice(_name(c), c["id"]) for c in listed]


def in_play(view: JSON) -> list[Choice]:
    """The characters in the scene (or the conflict, while one runs), else every one."""
    everyone = characters(view)
    conflict = view.get("conflict")
    scene = view.get("scene")
    if conflict:
        ids = {f["id"] for f in conflict["fighters"] if f.get("status") == "active"}
    elif scene:
        ids = set(scene.get("participants", ()))
    else:
        return everyone
    return [c for c in everyone if c.value in ids] or everyone


def aspects(view: JSON, holder: str | None = None) -> list[tuple[Choice, int]]:
    """Every aspect the seat sees (the scene's, then the characters'), each with the free invokes
    ``holder`` has on it."""
    out: list[tuple[Choice, int]] = []
    scene = view.get("scene")
    listed: list[JSON] = list(scene["aspects"]) if scene else []
    for character in view["characters"]:
        sheet = character.get("sheet")
        if character.get("revealed") and sheet:
            listed.extend(
                {**a, "free_invokes": a.get("free_invokes", {})} for a in sheet["aspects"]
            )
            listed.extend(s["aspect"] for s in sheet.get("consequences", ()) if s.get("aspect"))
        else:
            listed.extend(character.get("aspects", ()))
            listed.extend(character.get("consequences", ()))
    seen: set[str] = set()
    for aspect in listed:
        if not isinstance(aspect, dict) or "id" not in aspect or aspect["id"] in seen:
            continue
        seen.add(aspect["id"])
        held = _held(aspect.get("free_invokes"), holder) if holder else 0
        out.append((Choice(str(aspect["name"]), str(aspect["id"])), held))
    return out


def _held(free_invokes: object, holder: str) -> int:
    """The free invokes ``holder`` has on an aspect: a view counts them by holder, a sheet
    lists one holder per invoke."""
    if isinstance(free_invokes, dict):
        return int(free_invokes.get(holder, 0))
    if isinstance(free_invokes, list):
        return sum(1 for who in free_invokes if who == holder)
    return 0


def skills(view: JSON, character_id: str | None, reader: Reader) -> list[Choice]:
    """The skills a character rolls, best first, named in the reader's language with their
    rating (a character whose sheet the seat does not see: the table's skills, unrated)."""
    found = next((c for c in view["characters"] if c["id"] == character_id), None)
    sheet = found.get("sheet") if found and found.get("revealed") else None
    if sheet:
        rated = sorted(sheet.get("skills", {}).items(), key=lambda kv: (-kv[1], kv[0]))
        # A rule set with modes (Atomic Robo): the mode each skill is written under, beside its
        # rating, as the page's roll dialog says it.
        under = {k: m["key"] for m in (found or {}).get("modes") or () for k in m["skills"]}
        out = []
        for k, v in rated:
            label = f"{reader.skill(k)} ({reader.rating(v)})"
            if k in under:
                label = reader.t("roll.skill_in_mode", skill=label, mode=reader.mode(under[k]))
            out.append(Choice(label, k))
        return out
    return []


def pick(typed: str, options: Iterable[Choice], option: str) -> str:
    """The value ``typed`` names: a choice's value, else the one choice whose name it is
    (folded), else the one whose name starts with it. Raises :class:`Found` otherwise."""
    listed = list(options)
    for choice in listed:
        if choice.value == typed:
            return choice.value
    wanted = fold(typed)
    exact = [c for c in listed if fold(c.name) == wanted]
    if len(exact) == 1:
        return exact[0].value
    starting = [c for c in listed if fold(c.name).startswith(wanted)]
    if len(starting) == 1:
        return starting[0].value
    raise Found(option, typed)


def pick_character(typed: str, view: JSON, option: str) -> str:
    """The character ``typed`` names: one in play first (:func:`in_play`, what autocomplete
    offers), else any the seat sees, so that the table, not Discord, says why one out of the
    scene or out of the fight may not be named (its rule, in the user's words)."""
    try:
        return pick(typed, in_play(view), option)
    except Found:
        return pick(typed, characters(view), option)


def choices(options: Iterable[Choice], typed: str) -> list[JSON]:
    """Autocomplete results: the choices whose name holds what was typed, at most 25 (a choice
    with no name to show is left out: Discord refuses the whole answer for one)."""
    wanted = fold(typed)
    matching = [c for c in options if c.name.strip() and wanted in fold(c.name)]
    return [c.json() for c in matching[:MOST_CHOICES]]
