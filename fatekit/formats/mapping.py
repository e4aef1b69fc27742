"""What the Fari and Foundry importers share: the mapping of a sheet's draft onto fatekit.

An importer reads its format into a :class:`~fatekit.formats.draft.Draft` (labels and values as
the sheet has them, in the sheet's order), and :func:`build` turns the draft into a fatekit character file: it
recognises the preset from the skills (or takes the one given), gives each aspect its kind,
each stress box its value, each consequence its severity, and lists in an
:class:`~fatekit.formats.draft.ImportReport` what has no place on a fatekit sheet. That leftover
text is kept in the character's description, so nothing a person wrote is lost.

Exporters keep what only fatekit knows (ids, a stunt's mechanical effect, advancement) in an
extension object (``fatekit`` in a Fari block's ``meta``, ``flags.fatekit`` on a Foundry actor);
the sheet's visible values always win over it when both are present.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from fatekit.formats.character_json import (
    character_from_dict,
    character_to_dict,
)
from fatekit.formats.draft import (
    Change,
    Draft,
    DraftSkill,
    DraftStunt,
    Imported,
    ImportReport,
    Leftover,
)
from fatekit.formats.game_parts import (
    Placed,
    counted_changes,
    keep_saved,
    mode_fields,
    refusals,
    take_conditions,
    take_counted,
    take_modes,
    take_packages,
)
from fatekit.formats.harm_fit import fit_harm, read_consequences, read_stress
from fatekit.formats.ratings import rating_of
from fatekit.formats.text import plain_text, tidy
from fatekit.formats.vocabulary import fold, matches, skill_names
from fatekit.rules import (
    PRESETS,
    BadInput,
    Preset,
    StuntCost,
    get_preset,
)
from fatekit.rules.characters.modes import ModeShape

__all__ = ["EXTENSION_FIELDS", "build", "character_id", "extension_of", "rating_of"]


# -- skills and the preset ----------------------------------------------------------------------


def _recognise(
    labels: Sequence[str], escalating: bool, one_point: bool, hint: str | None
) -> tuple[str, dict[str, str]]:
    """The preset whose skill names best cover ``labels``, and each label's key on it.

    ``escalating`` says the sheet's stress boxes climb (1, 2...), ``one_point`` that every box is
    labelled 1: a Fate Core list without Academics on one-point boxes is a Condensed sheet whose
    template left Academics out (Fari's Italian one does).
    """
    scored: list[tuple[int, str, dict[str, str]]] = []
    for key in ("fae", "condensed", "core", "ode"):
        names = skill_names(key)
        found = {label: names[fold(label)] for label in labels if fold(label) in names}
        scored.append((len(found), key, found))
    best = max(n for n, _, _ in scored)
    if hint is not None and hint in {k for _, k, _ in scored}:
        chosen = next(s for s in scored if s[1] == hint)
        if chosen[0] == best:
            return chosen[1], chosen[2]
    by_key = {k: (n, f) for n, k, f in scored}
    if best == 0:
        return ("core" if escalating else "condensed"), {}
    if by_key["fae"][0] == best and by_key["fae"][0] > by_key["condensed"][0]:
        return "fae", by_key["fae"][1]
    found = by_key["condensed"][1]
    # The Swedish names are Öde's: a sheet written with them is an Öde sheet.
    ode_names = {fold(get_preset("ode").skill_name(k)) for k in get_preset("ode").skill_keys}
    if found and sum(fold(label) in ode_names for label in found) * 2 > len(found):
        return "ode", found
    if "academics" in found.values():
        return "condensed", found
    if escalating or (len(found) >= 18 and not one_point):
        return "core", by_key["core"][1]
    return "condensed", found


def _own_names(preset: Preset) -> Mapping[str, str]:
    """Folded skill names of a rule-set file's list (its keys, names and names by language), and
    the names fatekit knows for the keys it shares with a built-in list, to the keys."""
    found: dict[str, str] = {}
    for skills in preset.skill_lists:
        for skill in skills:
            for name in (skill.key, skill.name, *dict(skill.names).values()):
                found.setdefault(fold(name), skill.key)
    for builtin in ("core", "fae"):
        for name, key in skill_names(builtin).items():
            if preset.has_skill(key):
                found.setdefault(name, key)
    return found


def _skill_plan(
    draft: Draft,
    preset_key: str | Preset | None,
    escalating: bool,
    one_point: bool,
    changes: list[Change],
) -> tuple[Preset, dict[str, int], list[dict[str, Any]] | None]:
    labels = [s.label for s in draft.skills if s.label.strip()]
    hint = draft.extension.get("preset") if isinstance(draft.extension.get("preset"), str) else None
    own_file = isinstance(preset_key, Preset) and preset_key.key not in PRESETS
    if isinstance(preset_key, Preset):
        preset = preset_key
        names = _own_names(preset)
        keyed = {label: names[fold(label)] for label in labels if fold(label) in names}
    elif preset_key is not None:
        preset = get_preset(preset_key)
        names = skill_names(preset.key)
        keyed = {label: names[fold(label)] for label in labels if fold(label) in names}
    else:
        chosen, keyed = _recognise(labels, escalating, one_point, hint)
        preset = get_preset(chosen)
    ratings: dict[str, int] = {}
    custom: dict[str, str] = {}
    seen: dict[str, tuple[str, int]] = {}
    for skill in draft.skills:
        label = skill.label.strip()
        if not label:
            continue
        key = keyed.get(skill.label)
        if key is None and own_file:
            # A rule-set file is the table's law: a skill off its list has no place (a list of
            # the sheet's own would be another rule set); it is kept in the description.
            if rating_of(skill.rating):  # a Mediocre skill off the list loses nothing
                draft.leftovers.append(Leftover("skill", label, f"{rating_of(skill.rating):+d}"))
            continue
        if key is None:
            key = _own_key(label)
            custom[key] = label
        rating = rating_of(skill.rating)
        if key in seen:
            # Two blocks name one skill: the higher rating stays, and the report says so.
            first_label, first = seen[key]
            kept = max(first, rating)
            seen[key] = (first_label, kept)
            changes.append(
                Change(
                    "skill",
                    label,
                    f"{first_label} {first:+d}, {label} {rating:+d}",
                    f"{preset.skill_name(key) if key in preset.skill_keys else label} {kept:+d}",
                    "the sheet names this skill twice; the higher rating is kept",
                    "duplicate_skill",
                    {"before": [[first_label, first], [label, rating]], "after": [[key, kept]]},
                )
            )
        else:
            seen[key] = (label, rating)
        if seen[key][1]:
            ratings[key] = seen[key][1]
    lists = None
    if custom:
        # The sheet's own list: its recognised skills keep their standard names (and keys, so
        # the rules that name them still apply), the others their own.
        names_in_order: list[str] = []
        for skill in draft.skills:
            label = skill.label.strip()
            if not label:
                continue
            key = keyed.get(skill.label)
            shown = preset.skill_name(key) if key is not None else label
            if shown not in names_in_order:
                names_in_order.append(shown)
        lists = [{"name": f"{draft.name or 'Sheet'} skills", "skills": names_in_order}]
    return preset, ratings, lists


def _own_key(label: str) -> str:
    # The key a character file derives from a skill's display name (lower case, no accents,
    # words joined by "_"), so that a sheet's own list and its ratings agree when read back.
    return fold(label).replace(" ", "_").strip("_") or "skill"


# -- aspects ------------------------------------------------------------------------------------

_KINDS_IN_ORDER = ("high_concept", "trouble", "relationship")


def _aspects(draft: Draft, preset: Preset) -> list[dict[str, Any]]:
    slots = {slot.kind.value for slot in preset.aspect_slots}
    labelled = any(
        a.kind is not None or any(matches(a.label, k) for k in _KINDS_IN_ORDER)
        for a in draft.aspects
    )
    out: list[dict[str, Any]] = []
    used: set[str] = set()
    for index, aspect in enumerate(draft.aspects):
        if not aspect.text.strip():
            continue
        kind = aspect.kind
        if kind is None:
            kind = next((k for k in _KINDS_IN_ORDER if matches(aspect.label, k)), None)
        saved = aspect.extension.get("kind")
        if kind is None and isinstance(saved, str):
            kind = saved
        if kind is None and not labelled and index < len(_KINDS_IN_ORDER):
            # No label says which is which: the sheet's first aspects are, in order, the high
            # concept, the trouble and (where the preset has one) a relationship.
            kind = _KINDS_IN_ORDER[index]
        if kind not in slots or (kind in used and kind != "character"):
            kind = "character"
        used.add(kind)
        item: dict[str, Any] = {"kind": kind, "name": plain_text(aspect.text)}
        ext_id = aspect.extension.get("id")
        if isinstance(ext_id, str) and ext_id.strip():
            item = {"id": ext_id, **item}
        invokes = aspect.extension.get("free_invokes")
        if isinstance(invokes, list) and all(isinstance(x, str) and x for x in invokes):
            item["free_invokes"] = invokes
        out.append(item)
    return out


# -- stunts -------------------------------------------------------------------------------------

_ACTIONS = {
    "overcome": (
        "overcome",
        "superar",
        "superare",
        "преодол",
        "overvinna",
        "overkomma",
        "uberwinden",
        "surmonter",
    ),
    "create_advantage": (
        "advantage",
        "vantaggi",
        "преимуществ",
        "fordel",
        "vorteil",
        "ventaja",
        "avantage",
    ),
    "attack": ("attack", "attacc", "атак", "anfall", "angriff", "ataque", "attaque", "atak"),
    "defend": ("defend", "defense", "defence", "difend", "защит", "forsvar", "verteidig", "defens"),
}


def _effect(stunt: DraftStunt, preset: Preset, keyed: Mapping[str, str]) -> dict[str, Any]:
    saved = stunt.extension.get("effect")
    if isinstance(saved, Mapping):
        return dict(saved)
    skill = None
    if stunt.skill:
        skill = keyed.get(fold(stunt.skill))
    if skill is not None and stunt.bonus and stunt.actions:
        return {
            "type": "skill_bonus",
            "skill": skill,
            "actions": list(stunt.actions),
            "bonus": stunt.bonus,
        }
    # A stunt written as prose: a +2 to one named skill and one action is the common kind;
    # anything else is kept as a true detail the table reads.
    text = f"{stunt.name} {stunt.description}"
    folded = fold(text)
    if "+2" in text.replace(" ", ""):
        named = {key for name, key in keyed.items() if re.search(rf"\b{re.escape(name)}\b", folded)}
        actions = [a for a, stems in _ACTIONS.items() if any(s in folded for s in stems)]
        if len(named) == 1 and len(actions) == 1:
            return {
                "type": "skill_bonus",
                "skill": named.pop(),
                "actions": actions,
                "bonus": preset.stunt_bonus,
            }
    return {"type": "true_detail", "detail": stunt.description or stunt.name}


def _stunts(draft: Draft, preset: Preset) -> list[dict[str, Any]]:
    base = _base_key(preset)
    keyed = dict(skill_names(base) if base in PRESETS else _own_names(preset))
    out = []
    for stunt in draft.stunts:
        name = plain_text(stunt.name)
        description = plain_text(stunt.description)
        if not name and not description:
            continue
        if not name:
            # "Eagle Eye: +2 to Notice..." names itself: the name, then the rest as its text.
            name = _title_of(description)
            if description.startswith(name):
                description = description[len(name) :].lstrip(":. \n").strip()
        effect = _effect(replace(stunt, name=name, description=description), preset, keyed)
        if effect["type"] == "true_detail" and effect["detail"] == description:
            description = ""  # the detail is the text: said once, not twice
        item = {
            "name": name,
            "description": description,
            "cost": _cost(stunt.extension),
            "effect": effect,
        }
        circumstance = stunt.extension.get("circumstance")
        if isinstance(circumstance, str) and circumstance.strip():
            item["circumstance"] = circumstance
        out.append(item)
    return out


def _cost(extension: Mapping[str, Any]) -> str:
    """A stunt's cost as a fatekit export kept it (``cost``, or an older ``fate_point_cost``)."""
    cost = extension.get("cost")
    if cost in {c.value for c in StuntCost}:
        return str(cost)
    return "fate_point" if extension.get("fate_point_cost") == 1 else "free"


def _title_of(text: str) -> str:
    head = re.split(r"[:.\n]", text, maxsplit=1)[0].strip()
    return (head[:60].rstrip() or text[:60].strip()) or "Stunt"


def _names(saved: object) -> list[str] | None:
    if isinstance(saved, Mapping):
        skills = saved.get("skills")
        if isinstance(skills, list):
            return [str(x) for x in skills]
        if isinstance(skills, Mapping):
            return [str(x) for x in skills.values()]
    return None


def _shape_size(preset: Preset) -> int:
    size = getattr(preset.shape, "size", 0)
    return size if isinstance(size, int) else 0


def _base_key(preset: Preset) -> str:
    return preset.key.split("+", 1)[0]


# -- the whole sheet ----------------------------------------------------------------------------


def character_id(name: str) -> str:
    """An id made from a name: ``"Ruth Quill"`` -> ``"ruth-quill"``."""
    folded = fold(name).replace(" ", "-")
    return folded[:40].strip("-") or "character"


def _count(value: object, what: str) -> int | None:
    if value is None or value == "":
        return None
    try:
        number = rating_of(value)
    except BadInput:
        raise BadInput(f"cannot read {value!r} as {what}") from None
    return max(0, number)


_KEPT_FIELDS = (
    "kind",
    "as_you_play",
    "refresh_awarded",
    "skill_steps",
    "members",
    "skill_labels",
    "gear",
)

#: The fields of a character file that the exporters keep in their extension object: what only
#: fatekit knows, which :func:`build` takes back from there.
EXTENSION_FIELDS = (
    "id",
    "preset",
    *_KEPT_FIELDS,
    "skill_lists",
    "shape",
    "packages",
    "conditions",
)


def extension_of(sheet: Mapping[str, Any]) -> dict[str, Any]:
    """The :data:`EXTENSION_FIELDS` that a character file (``sheet``) has, in that order."""
    return {k: sheet[k] for k in EXTENSION_FIELDS if k in sheet}


def build(draft: Draft, source: str, preset: str | Preset | None = None) -> Imported:
    """The fatekit character file for ``draft`` read for ``preset`` (a built-in's key, a rule
    set read from a file, or ``None``: recognised from the skills); raises :class:`BadInput` when
    nothing on the sheet is recognisable as a Fate character. A sheet whose conditions, modes or
    powers break the rule set comes back with the engine's problems in ``report.refused``: the
    caller refuses it (:meth:`~fatekit.formats.draft.ImportReport.refusal`)."""
    if not (draft.aspects or draft.skills or draft.stunts or draft.tracks or draft.consequences):
        raise BadInput(
            f"nothing on this {source} sheet looks like a Fate character: no aspects, skills, "
            "stunts, stress or consequences were found"
        )
    given = get_preset(preset) if isinstance(preset, str) else preset
    placed = Placed()
    if given is not None:
        # The rule set's own parts first, so that a condition is not read as stress, a mode
        # as a skill, nor a power's stunt as a stunt of the sheet's own.
        take_conditions(draft, given, placed)
        take_modes(draft, given, placed)
        take_packages(draft, given, placed)
        base = _base_key(given)
        # Any skill fatekit knows by name stays a skill; only other rated entries are aspects.
        known = {**skill_names("core"), **skill_names("fae")}
        known.update(skill_names(base) if base in PRESETS else _own_names(given))
        take_counted(draft, given, known, placed)
    # Labels compared and kept as tidy text, whichever program wrote them.
    draft.skills = [DraftSkill(plain_text(s.label), s.rating) for s in draft.skills]
    escalating = any(len({v for v, _ in t.boxes if v is not None}) > 1 for t in draft.tracks)
    one_point = bool(draft.tracks) and all(
        len(t.boxes) > 1 and all(v == 1 for v, _ in t.boxes) for t in draft.tracks
    )
    changes: list[Change] = []
    chosen, ratings, lists = _skill_plan(draft, given, escalating, one_point, changes)
    leftovers = list(draft.leftovers)
    name = plain_text(draft.name) or "Imported character"
    ext = draft.extension
    cid = ext.get("id") if isinstance(ext.get("id"), str) and str(ext.get("id")).strip() else None
    data: dict[str, Any] = {
        "format": "fatekit-character",
        "version": 1,
        "id": cid or character_id(name),
        "name": name,
        "preset": _base_key(chosen),
    }
    if lists is not None:
        saved_lists = ext.get("skill_lists")
        if (
            isinstance(saved_lists, list)
            and saved_lists
            and _names(saved_lists[0]) == lists[0]["skills"]
        ):
            lists = saved_lists
        data["skill_lists"] = lists
        if isinstance(ext.get("shape"), Mapping):
            data["shape"] = ext["shape"]
        elif len(lists[0]["skills"]) < _shape_size(chosen):
            # Too short a list for the preset's pyramid: the sheet's own spread, as a budget.
            spent = sum(r for r in ratings.values() if r > 0)
            data["shape"] = {
                "type": "free_cap",
                "budget": max(1, spent),
                "cap": max(1, chosen.peak, *ratings.values()),
            }
    for key in _KEPT_FIELDS:
        if key in ext:
            data[key] = ext[key]
    notes = [n for n in draft.notes if n.strip()]
    notes.extend(x.line() for x in leftovers if x.what != "stress track")
    data["aspects"] = _aspects(draft, chosen)
    data["skills"] = ratings
    if isinstance(chosen.shape, ModeShape):
        data.update(mode_fields(chosen, placed.modes, ratings, placed))
    if placed.packages:
        data["packages"] = [{"key": k, "options": v} for k, v in placed.packages.items()]
    if placed.conditions:
        data["conditions"] = {k: {"boxes": n} for k, n in placed.conditions.items()}
    keep_saved(data, ext)
    data["stunts"] = _stunts(draft, chosen)
    if draft.refresh is not None:
        data["refresh"] = _count(draft.refresh, "refresh")
    if draft.fate_points is not None:
        data["fate_points"] = _count(draft.fate_points, "fate points")
    stress, sheet_tracks = read_stress(draft, chosen, leftovers)
    if stress:
        data["stress"] = stress
    if draft.consequences:
        data["consequences"] = read_consequences(draft, chosen)
    data = {k: v for k, v in data.items() if v is not None}
    notes.extend(x.line() for x in leftovers if x.what == "stress track")
    description = tidy("\n\n".join(dict.fromkeys(notes)))
    if description:
        data["description"] = description
    loaded = character_from_dict(data, chosen if isinstance(preset, Preset) else None)
    fit_harm(loaded, sheet_tracks, changes)
    refused = refusals(loaded.character, loaded.preset)
    counted_changes(loaded.character, loaded.preset, placed)
    changes.extend(placed.changes)
    report = ImportReport(
        source, loaded.preset.name, tuple(leftovers), (), tuple(changes), tuple(refused)
    )
    return Imported(character_to_dict(loaded.character, loaded.preset), loaded, report)
