"""A published game's own parts on an imported sheet: conditions, modes and powers (issue 41).

Fari and Foundry know none of these as such: a Fari sheet of such a game holds a condition as a
slot tracker, a mode as a rated skill (or a section of skills rated in its label), a power as
stunts; a Foundry (Fate Core Official) actor a condition as a track, a mode as a skill, a power
as stunts. When the rule set the sheet is read for declares the part, these functions take it
off the draft by its name (in any language the rule set names it) and give it its place:

- :func:`take_conditions`: a track named like a condition marks that condition's boxes;
- :func:`take_modes`: a skill named like a mode is that mode's rating;
  :func:`mode_fields` turns the sheet's skill ratings into improvements over its modes;
- :func:`take_packages`: a stunt named like a package (or its basic stunt) buys it; stunts and
  aspects named like an option add it to a package bought that offers it.

What cannot be placed is a :class:`~fatekit.formats.draft.Change` for the report.
:func:`refusals` then asks the engine: an import whose conditions, modes or powers break the rule
set carries the engine's problems in its report (``refused``), and is refused whole by the
command line and the table, never half applied.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from fatekit.formats.draft import (
    Change,
    Draft,
    DraftAspect,
    DraftConsequence,
    DraftStunt,
    Leftover,
)
from fatekit.formats.ratings import rating_of
from fatekit.formats.text import plain_text
from fatekit.formats.vocabulary import fold
from fatekit.rules import Character, Preset, validate
from fatekit.rules.characters.modes import ModeShape, mode_skill_ratings
from fatekit.rules.characters.problems import Problem
from fatekit.rules.harm.toolkit_conditions import ConditionKind

__all__ = [
    "GAME_RULES",
    "NO_PARTS",
    "Placed",
    "RuleParts",
    "keep_saved",
    "mode_fields",
    "refusals",
    "rule_parts",
    "take_conditions",
    "take_modes",
    "take_packages",
]

#: The engine's rules for these parts, by the start of their keys: a problem under one of them
#: refuses the import.
GAME_RULES = ("modes.", "package.", "toolkit.conditions.")


@dataclass(slots=True)
class Placed:
    """What the sheet's game parts became: marked conditions (key: boxes), mode ratings (key:
    rating), packages bought (key: option keys), and the changes the report lists."""

    conditions: dict[str, int] = field(default_factory=dict)
    modes: dict[str, int] = field(default_factory=dict)
    packages: dict[str, list[str]] = field(default_factory=dict)
    changes: list[Change] = field(default_factory=list)
    #: Aspects the sheet rated (text, rating as written), where the rule set counts aspects.
    rated_aspects: list[tuple[str, int]] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class RuleParts:
    """What an exporter writes of a rule set's own parts: each condition (key, name, boxes, kind)
    and each mode (key, name), in the rule set's order."""

    conditions: tuple[tuple[str, str, int, str], ...] = ()
    modes: tuple[tuple[str, str], ...] = ()


#: A rule set with neither conditions nor modes.
NO_PARTS = RuleParts()


def rule_parts(preset: Preset) -> RuleParts:
    """The conditions and modes of ``preset``, for an exporter."""
    shape = preset.shape
    return RuleParts(
        tuple((c.key, c.name, c.boxes, c.kind.value) for c in preset.conditions),
        tuple((m.key, m.name) for m in shape.modes) if isinstance(shape, ModeShape) else (),
    )


def keep_saved(data: dict[str, Any], saved: Mapping[str, Any]) -> None:
    """What a fatekit export kept of the packages and conditions (``saved``: its extension)
    where the sheet shows the same: an option bought twice (the sheet shows its stunt once), and
    when a condition was taken, its recovery and free invokes. What the sheet shows wins."""
    bought = data.get("packages")
    kept = saved.get("packages")
    if isinstance(bought, list) and isinstance(kept, list):

        def shown(items: list[Any]) -> set[tuple[str, frozenset[str]]]:
            return {
                (str(p.get("key")), frozenset(map(str, p.get("options") or ())))
                for p in items
                if isinstance(p, Mapping)
            }

        if shown(kept) == shown(bought):
            data["packages"] = kept
    marked = data.get("conditions")
    known = saved.get("conditions")
    if isinstance(marked, dict) and isinstance(known, Mapping):
        for key, entry in marked.items():
            was = known.get(key)
            if isinstance(was, Mapping):
                fields = ("taken_session", "recovering_session", "invokes")
                entry.update({k: was[k] for k in fields if k in was})


def _names(key: str, name: str, names: Iterable[tuple[str, str]]) -> set[str]:
    return {
        fold(n) for n in (key, key.replace("-", " ").replace("_", " "), name, *dict(names).values())
    }


def _index(entries: Iterable[tuple[str, set[str]]]) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, names in entries:
        for name in names:
            if name:
                out.setdefault(name, key)
    return out


def take_conditions(draft: Draft, preset: Preset, placed: Placed) -> None:
    """Tracks (and Foundry's aspect-bearing tracks, read as consequences) named like one of the
    rule set's conditions mark it: as many boxes as the sheet ticked, at most the condition's."""
    if not preset.conditions:
        return
    by_name = _index((c.key, _names(c.key, c.name, c.names)) for c in preset.conditions)
    specs = {c.key: c for c in preset.conditions}

    def mark(label: str, ticked: int, text: str = "", one_box: bool = False) -> bool:
        key = by_name.get(_bare(label))
        if key is None:
            return False
        written = plain_text(text)
        if written and fold(written) != fold(label):
            # What the sheet wrote beside the condition: the condition is its own aspect, so
            # the words go into the description, said in the report.
            draft.leftovers.append(Leftover("condition", plain_text(label), written))
        spec = specs[key]
        if one_box and ticked == 1 and spec.kind is ConditionKind.LASTING:
            ticked = spec.boxes  # one box to tick says it is taken: a lasting one is taken whole
        if key in placed.conditions or ticked <= 0:
            return True  # unmarked: the rule set gives every sheet its conditions
        kept = min(ticked, spec.boxes)
        placed.conditions[key] = kept
        if ticked > kept:
            placed.changes.append(
                Change(
                    "condition",
                    label,
                    f"{ticked} boxes marked",
                    f"{kept} boxes marked",
                    f"{preset.name}'s {spec.name} has {spec.boxes} box(es)",
                    "condition_boxes",
                    {"before": ticked, "after": kept, "rules": spec.boxes},
                )
            )
        return True

    draft.tracks = [
        t
        for t in draft.tracks
        if not mark(t.label, sum(1 for _, c in t.boxes if c), one_box=len(t.boxes) == 1)
    ]
    draft.consequences = [c for c in draft.consequences if not mark(c.label, _ticked(c), c.text)]


#: A number a label carries beside a name: the shifts Fari's Dresden Files Accelerated sheet
#: writes before its conditions ("4 - In peril"), or a rating after ("Doomed (6)").
_NUMBERED = re.compile(r"^\s*[+-]?\d+\s*[-\u2013:.)]?\s*|\s*[(\[]?[+-]?\d+[)\]]?\s*$")


def _bare(label: str) -> str:
    """A label folded for comparing with names, without the number it may carry."""
    return fold(_NUMBERED.sub("", plain_text(label))) or fold(plain_text(label))


def _ticked(slot: DraftConsequence) -> int:
    if slot.marked is not None:
        return slot.marked
    return 1 if plain_text(slot.text) else 0


def take_modes(draft: Draft, preset: Preset, placed: Placed) -> None:
    """Skills named like one of the rule set's modes (and sections of skills rated in their
    label) are the character's mode ratings; they leave the skill list."""
    shape = preset.shape
    if not isinstance(shape, ModeShape):
        return
    by_name = _index((m.key, _names(m.key, m.name, m.names)) for m in shape.modes)
    for skill in [*draft.rated_sections, *draft.skills]:
        key = by_name.get(fold(plain_text(skill.label)))
        if key is not None:
            rating = rating_of(skill.rating)
            if rating > 0:
                placed.modes.setdefault(key, rating)
    draft.skills = [s for s in draft.skills if fold(plain_text(s.label)) not in by_name]


def mode_fields(
    preset: Preset, modes: Mapping[str, int], ratings: Mapping[str, int], placed: Placed
) -> dict[str, Any]:
    """The character file's ``modes``, ``skill_improvements`` and ``skills`` for a sheet whose
    skills are rated ``ratings``: each step above what the modes give is an improvement bought;
    a skill rated below it is raised to it, and the report says so."""
    shape = preset.shape
    assert isinstance(shape, ModeShape)
    base = mode_skill_ratings(shape, modes, {})
    improvements: dict[str, int] = {}
    for skill, rating in ratings.items():
        have = base.get(skill, 0)
        if rating > have:
            improvements[skill] = rating - have
        elif rating < have:
            placed.changes.append(
                Change(
                    "skill",
                    preset.skill_name(skill) if preset.has_skill(skill) else skill,
                    f"{rating:+d}",
                    f"{have:+d}",
                    "the character's modes give this rating",
                    "mode_skill",
                    {"before": [[skill, rating]], "after": [[skill, have]]},
                )
            )
    skills = {**base, **{k: base.get(k, 0) + v for k, v in improvements.items()}}
    out: dict[str, Any] = {"modes": dict(modes), "skills": skills}
    if improvements:
        out["skill_improvements"] = improvements
    return out


def take_packages(draft: Draft, preset: Preset, placed: Placed) -> None:
    """Stunts named like a package or its basic stunt buy the package; stunts and aspects named
    like an option (or the stunts and aspects it grants) add it to a package bought that offers
    it. They leave the draft: the engine grants them back as the rule set writes them. An option
    no package on the sheet offers stays a stunt (or aspect), and the report says why."""
    spec = preset.packages
    if spec is None:
        return
    packages = _index(
        (p.key, _names(p.key, p.name, p.names) | {fold(s.name) for s in p.stunts})
        for p in spec.packages
    )
    options = _index(
        (
            o.key,
            _names(o.key, o.name, o.names)
            | {fold(s.name) for s in o.stunts}
            | {fold(a) for a in o.aspects},
        )
        for o in spec.options
    )

    def add(label: str, kept_as: str) -> bool:
        key = options.get(fold(plain_text(label)))
        option = spec.option(key) if key is not None else None
        if option is None:
            return False
        for bought, chosen in placed.packages.items():
            if not option.within or {bought, *chosen} & set(option.within):
                chosen.append(option.key)
                return True
        offered = [spec.package(k) or spec.option(k) for k in option.within]
        where = list(dict.fromkeys(o.name for o in offered if o is not None))
        placed.changes.append(
            Change(
                "package",
                plain_text(label),
                option.name,
                f"kept as {kept_as}",
                f"it is an option of {' or '.join(where)}, which the sheet does not buy",
                f"package_unbought_{kept_as.split()[-1]}",
                {"packages": where},
            )
        )
        return False

    def offered(key: str | None) -> bool:
        option = spec.option(key) if key is not None else None
        return option is not None and any(
            not option.within or {bought, *chosen} & set(option.within)
            for bought, chosen in placed.packages.items()
        )

    # In sheet order, so a package comes before its options, and an option that opens others (a
    # synergy, a theme) before them; a stunt a bought package's option grants (a synergy grants
    # another power's basic stunt) is that option, not a second package.
    # The rule set writes a power's stunts back with its own words; words of the sheet's own
    # on such a stunt go into the description, said in the report.
    granted = {
        fold(plain_text(s.description))
        for stunts in (*(p.stunts for p in spec.packages), *(o.stunts for o in spec.options))
        for s in stunts
    }

    def taken(stunt: DraftStunt) -> None:
        words = plain_text(stunt.description)
        if words and fold(words) not in granted and fold(words) != fold(stunt.name):
            draft.leftovers.append(Leftover("power", plain_text(stunt.name), words))

    left = []
    for stunt in draft.stunts:
        name = fold(plain_text(stunt.name))
        if offered(options.get(name)):
            add(stunt.name, "a stunt")
            taken(stunt)
        elif name in packages:
            placed.packages.setdefault(packages[name], [])
            taken(stunt)
        else:
            left.append(stunt)
    kept = []
    for stunt in left:
        if stunt.name.strip() and add(stunt.name, "a stunt"):
            taken(stunt)
        else:
            kept.append(stunt)
    draft.stunts = kept
    draft.aspects = [a for a in draft.aspects if not (a.text.strip() and add(a.text, "an aspect"))]


def take_counted(
    draft: Draft, preset: Preset, skill_names: Mapping[str, str], placed: Placed
) -> None:
    """Where the rule set counts aspects (The Three Rocketeers), a rated entry that is none of
    its skills is an aspect with a rating (Fari and Foundry rate only skills): it is the sheet's
    aspect of that text (written as one if the sheet has none), its rating compared once the
    aspect's kind is known (:func:`counted_changes`)."""
    if preset.counted is None:
        return
    have = {fold(plain_text(a.text)) for a in draft.aspects}
    kept = []
    for skill in draft.skills:
        label = plain_text(skill.label)
        if not label or fold(label) in skill_names:
            kept.append(skill)
            continue
        placed.rated_aspects.append((label, rating_of(skill.rating)))
        if fold(label) not in have:
            draft.aspects.append(DraftAspect(label))
            have.add(fold(label))
    draft.skills = kept


def counted_changes(character: Character, preset: Preset, placed: Placed) -> None:
    """A rated aspect whose rating is not what the rule set counts it is a report line: the
    rule set's worth is what it rolls with."""
    counted = preset.counted
    if counted is None:
        return
    kinds = {fold(a.name): a.kind for a in character.aspects}
    for text, rating in placed.rated_aspects:
        kind = kinds.get(fold(text))
        if kind is None:
            continue
        worth = counted.worth(kind)
        if worth != rating:
            placed.changes.append(
                Change(
                    "aspect",
                    text,
                    f"{rating:+d}",
                    f"{worth:+d}",
                    f"{preset.name} counts a {kind.value.replace('_', ' ')} aspect {worth:+d}",
                    "counted_aspect",
                    {"before": rating, "after": worth},
                )
            )


def refusals(character: Character, preset: Preset) -> list[Problem]:
    """The engine's problems with the character's conditions, modes and packages: the reasons
    an import is refused (empty: it may go ahead)."""
    return [p for p in validate(character, preset) if p.rule.key.startswith(GAME_RULES)]
