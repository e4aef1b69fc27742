"""Foundry VTT actors of the *Fate Core Official* system (FCO): read an actor export, write one.

An FCO actor keeps its sheet in ``system`` (``data`` before Foundry 10): ``details.fatePoints``
(``current`` and ``refresh``), and ``skills``, ``aspects``, ``tracks`` and ``stunts`` as objects
keyed by the base64 of the entry's name (UTF-8, ``=`` stripped; older exports key by the name
itself). A skill has a ``name`` and a ``rank``; an aspect a ``name`` (its slot, "High Concept")
and a ``value`` (its text). Tracks hold both stress and consequences: a track whose
``harm_can_absorb`` is above zero is a consequence (its ``aspect.name`` the consequence's text),
one with boxes and no harm is stress (``box_values`` says which boxes are checked, ``label``
what each box is worth). Text fields are HTML. ``items`` (extras) have no place on a fatekit
sheet; they are reported and kept in the description. See ``docs/interop.md``.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Mapping, Sequence
from typing import Any

from fatekit.formats.draft import (
    Draft,
    DraftAspect,
    DraftConsequence,
    DraftSkill,
    DraftStunt,
    DraftTrack,
    Leftover,
)
from fatekit.formats.game_parts import NO_PARTS, RuleParts
from fatekit.formats.mapping import extension_of
from fatekit.formats.text import looks_like_html, plain_text, to_html
from fatekit.rules import BadInput

__all__ = ["FCO_TYPE", "entry_key", "looks_like_foundry", "read_foundry", "write_foundry"]

#: The actor type FCO gives a character.
FCO_TYPE = "fate-core-official"

_SECTIONS = ("skills", "aspects", "tracks", "stunts")


def entry_key(name: str) -> str:
    """The key FCO files an entry under: the base64 of its UTF-8 name, without ``=``."""
    return base64.b64encode(name.encode("utf-8")).decode("ascii").rstrip("=")


def _name_from_key(key: str) -> str:
    padded = key + "=" * (-len(key) % 4)
    try:
        decoded = base64.b64decode(padded, validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return key
    # Only a key that really is an encoded name reads as one (a plain "Fight" is not base64 of
    # anything printable, but some plain words are valid base64 by chance).
    return decoded if entry_key(decoded) == key and decoded.isprintable() else key


def _system(actor: Mapping[str, Any]) -> Mapping[str, Any] | None:
    for field in ("system", "data"):
        found = actor.get(field)
        if isinstance(found, Mapping) and any(isinstance(found.get(s), Mapping) for s in _SECTIONS):
            return found
    return None


def looks_like_foundry(data: Mapping[str, Any]) -> bool:
    """Whether ``data`` is a Foundry actor with an FCO sheet."""
    return _system(data) is not None


def _entries(system: Mapping[str, Any], section: str) -> list[tuple[str, Mapping[str, Any]]]:
    found = system.get(section)
    if not isinstance(found, Mapping):
        return []
    out = []
    for key, entry in found.items():
        if isinstance(entry, Mapping):
            name = entry.get("name")
            out.append(
                (
                    name if isinstance(name, str) and name.strip() else _name_from_key(str(key)),
                    entry,
                )
            )
    return out


def _html(value: object) -> str:
    if isinstance(value, Mapping):
        value = value.get("value")
    return plain_text(value) if isinstance(value, str) else ""


def _raw(value: object) -> str:
    # Text as the actor holds it (maybe HTML); the mapping reads it to plain text once.
    if isinstance(value, Mapping):
        value = value.get("value")
    return value if isinstance(value, str) else ""


def _int(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().lstrip("+-").isdigit():
        return int(value.strip())
    return None


def _box_values(track: Mapping[str, Any], saved: object) -> list[tuple[int | None, bool]]:
    checked = [bool(b) for b in track.get("box_values", []) if isinstance(b, bool | int)]
    count = _int(track.get("boxes"))
    if count is not None and 0 <= count <= 100:
        checked = (checked + [False] * count)[:count]
    label = track.get("label")
    values: list[int | None]
    if isinstance(saved, list) and len(saved) == len(checked) and all(_int(v) for v in saved):
        values = [_int(v) for v in saved]
    elif label == "escalating":
        values = [i + 1 for i in range(len(checked))]
    elif isinstance(label, str) and label.strip().isdigit():
        values = [int(label.strip())] * len(checked)
    else:
        values = [None] * len(checked)
    return list(zip(values, checked, strict=True))


def _is_consequence(track: Mapping[str, Any], harm: int) -> bool:
    """Whether an FCO track is a consequence slot rather than stress boxes.

    A consequence names an aspect when marked (``aspect`` is an object, or a word other than
    "No"); stress has boxes and no aspect. FCO's Fate Condensed stress tracks absorb 1 harm per
    box, so what a track absorbs alone does not tell them apart.
    """
    aspect = track.get("aspect")
    if isinstance(aspect, Mapping):
        return True
    if isinstance(aspect, str) and aspect.strip() and aspect.strip().lower() != "no":
        return True
    boxes = _int(track.get("boxes")) or 0
    return harm > 0 and boxes == 0 and not track.get("box_values")


def _actions(stunt: Mapping[str, Any]) -> tuple[str, ...]:
    pairs = (
        ("overcome", "overcome"),
        ("caa", "create_advantage"),
        ("attack", "attack"),
        ("defend", "defend"),
    )
    return tuple(action for field, action in pairs if stunt.get(field) is True)


def read_foundry(actor: Mapping[str, Any]) -> Draft:
    """The draft of an FCO actor export. Raises :class:`BadInput` if it is not one."""
    system = _system(actor)
    if system is None:
        raise BadInput(
            "not a Fate Core Official actor: it has no system.skills, aspects, tracks or stunts"
        )
    name = actor.get("name")
    draft = Draft(name=name if isinstance(name, str) else "")
    flags = actor.get("flags")
    ext = flags.get("fatekit") if isinstance(flags, Mapping) else None
    ext = ext if isinstance(ext, Mapping) else {}
    draft.extension = ext

    def saved(section: str, entry: str) -> Mapping[str, Any]:
        found = ext.get(section)
        item = found.get(entry) if isinstance(found, Mapping) else None
        return item if isinstance(item, Mapping) else {}

    for label, entry in _entries(system, "aspects"):
        draft.aspects.append(
            DraftAspect(_raw(entry.get("value")), label, None, extension=saved("aspects", label))
        )
        notes = _html(entry.get("notes"))
        if notes:
            draft.notes.append(f"{label}: {notes}")
    for label, entry in _entries(system, "skills"):
        draft.skills.append(DraftSkill(label, entry.get("rank", 0)))
    for label, entry in _entries(system, "stunts"):
        linked = entry.get("linked_skill")
        ext_stunt = saved("stunts", label)
        kept = ext_stunt.get("name")
        if isinstance(kept, str) and kept and label.startswith(kept):
            label = kept
        bonus = _int(entry.get("bonus")) or 0
        draft.stunts.append(
            DraftStunt(
                label,
                _raw(entry.get("description")),
                linked if isinstance(linked, str) and linked != "None" else None,
                _actions(entry),
                bonus,
                extension=ext_stunt,
            )
        )
    for label, track in _entries(system, "tracks"):
        harm = _int(track.get("harm_can_absorb")) or 0
        aspect = track.get("aspect")
        text = _raw(aspect.get("name")) if isinstance(aspect, Mapping) else ""
        boxes = _box_values(track, saved("tracks", label).get("values"))
        if track.get("enabled") is False:
            # A track FCO keeps switched off (Superb Physique's extra mild slot until then) is
            # not on the sheet; one that holds something anyway is reported, not dropped.
            marked = sum(1 for _, checked in boxes if checked)
            if text or marked:
                value = plain_text(text) or f"{marked}/{len(boxes)} marked"
                draft.leftovers.append(Leftover("disabled track", label, value))
            continue
        if _is_consequence(track, harm):
            ticked = sum(1 for _, checked in boxes if checked)
            draft.consequences.append(
                DraftConsequence(
                    label,
                    text,
                    harm,
                    ticked if boxes else None,
                    len(boxes) if boxes else None,
                    extension=saved("tracks", label),
                )
            )
        elif boxes or "values" in saved(
            "tracks", label
        ):  # a stress track fatekit wrote, maybe empty
            draft.tracks.append(DraftTrack(label, boxes))
        else:
            draft.leftovers.append(Leftover("track", label, _html(track.get("description"))))
    details = system.get("details")
    details = details if isinstance(details, Mapping) else {}
    points = details.get("fatePoints")
    if isinstance(points, Mapping):
        current, refresh = _int(points.get("current")), _int(points.get("refresh"))
        draft.fate_points = current
        draft.refresh = refresh
    notes = _html(details.get("notes"))
    if notes:
        draft.notes.insert(0, notes)
    for field, label in (("description", "Description"), ("biography", "Biography")):
        text = _html(details.get(field))
        if text:
            draft.notes.append(f"{label}: {text}")
    items = actor.get("items")
    for item in items if isinstance(items, list) else []:
        if isinstance(item, Mapping):
            item_system = item.get("system") if isinstance(item.get("system"), Mapping) else {}
            assert isinstance(item_system, Mapping)
            draft.leftovers.append(
                Leftover(
                    str(item.get("type") or "item"),
                    str(item.get("name") or ""),
                    _html(item_system.get("description")),
                )
            )
    return draft


# -- writing ------------------------------------------------------------------------------------

_ASPECT_NAMES = {
    "high_concept": "High Concept",
    "trouble": "Trouble",
    "relationship": "Relationship",
    "character": "Aspect",
}


def _plain_field(text: str) -> str:
    # A plain field that would read as markup ("<everyone>") is written as escaped HTML.
    return to_html(text) if looks_like_html(text) else text


def _unique(name: str, taken: set[str]) -> str:
    chosen, n = name, 1
    while chosen in taken:
        n += 1
        chosen = f"{name} {n}"
    taken.add(chosen)
    return chosen


def _track(name: str, **fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "name": name,
        "category": "Combat",
        "description": "",
        "notes": "",
        "linked_skills": [],
        "paid": False,
        "universal": True,
        "unique": True,
        "enabled": True,
        "label": "none",
        "recovery_type": "Fleeting",
        "when_marked": "",
        "recovery_conditions": "",
        "harm_can_absorb": 0,
        "boxes": 0,
        "box_values": [],
        "aspect": "No",
        "rollable": "false",
    }
    base.update(fields)
    return base


def _skill_entry(name: str, rank: Any) -> dict[str, Any]:
    """An FCO skill entry: a PC's skill of ``rank``, with no texts of its own."""
    return {
        "name": name,
        "description": "",
        "overcome": "",
        "caa": "",
        "attack": "",
        "defend": "",
        "pc": True,
        "rank": rank,
    }


def write_foundry(
    sheet: Mapping[str, Any], skills: Sequence[tuple[str, str]], parts: RuleParts = NO_PARTS
) -> dict[str, Any]:
    """An FCO actor for a fatekit character file ``sheet``; ``skills`` gives every skill of its
    preset as (key, display name), in sheet order; ``parts`` its rule set's conditions (written
    as tracks of the Conditions category) and modes (the character's, as skills: FCO has no
    modes)."""
    names = dict(skills)
    labels = sheet.get("skill_labels", {})
    ratings = sheet.get("skills", {})
    skill_entries: dict[str, Any] = {}
    rated = sheet.get("modes", {})
    for key, name in parts.modes:
        if key in rated:
            skill_entries[entry_key(name)] = _skill_entry(name, rated[key])
    for key, name in [*skills, *((k, labels.get(k, k)) for k in ratings if k not in names)]:
        skill_entries[entry_key(name)] = _skill_entry(name, ratings.get(key, 0))
    taken: set[str] = set()
    aspect_entries: dict[str, Any] = {}
    saved_aspects: dict[str, Any] = {}
    for aspect in sheet.get("aspects", []):
        label = _unique(_ASPECT_NAMES.get(aspect.get("kind", "character"), "Aspect"), taken)
        aspect_entries[entry_key(label)] = {
            "name": label,
            "value": aspect["name"],
            "description": "",
            "notes": "",
        }
        saved_aspects[label] = {k: v for k, v in aspect.items() if k != "name"}
    stunt_entries: dict[str, Any] = {}
    saved_stunts: dict[str, Any] = {}
    taken = set()
    for stunt in sheet.get("stunts", []):
        label = _unique(stunt["name"], taken)
        effect = stunt["effect"]
        entry: dict[str, Any] = {
            "name": label,
            "description": to_html(stunt.get("description", "")),
            "notes": "",
            "linked_skill": "None",
            "refresh_cost": 1,
            "overcome": False,
            "caa": False,
            "attack": False,
            "defend": False,
            "bonus": 0,
            "boxes": 0,
            "box_values": [],
            "macro": None,
        }
        if effect.get("type") == "skill_bonus":
            entry["linked_skill"] = names.get(
                effect["skill"], labels.get(effect["skill"], effect["skill"])
            )
            for action in effect.get("actions") or [effect["action"]]:
                entry[{"create_advantage": "caa"}.get(action, action)] = True
            entry["bonus"] = effect.get("bonus", 2)
        stunt_entries[entry_key(label)] = entry
        saved_stunts[label] = {
            "effect": effect,
            **{k: stunt[k] for k in ("cost", "circumstance") if k in stunt},
            "name": stunt["name"],  # FCO needs names unique; fatekit does not
        }
    tracks: dict[str, Any] = {}
    saved_tracks: dict[str, Any] = {}
    taken = set()
    for track, boxes in sheet.get("stress", {}).items():
        own = "Stress" if track == "any" else track.replace("_", " ").capitalize()
        label = _unique({"physical": "Physical", "mental": "Mental"}.get(track, own), taken)
        values = [b["value"] for b in boxes]
        escalating = values == list(range(1, len(values) + 1)) and len(values) > 1
        same = len(set(values)) == 1 and values[0] < 10
        tracks[entry_key(label)] = _track(
            label,
            label="escalating" if escalating else str(values[0]) if same else "none",
            boxes=len(boxes),
            box_values=[bool(b.get("marked")) for b in boxes],
        )
        saved_tracks[label] = {"values": values}
    for slot in sheet.get("consequences", []):
        severity = str(slot["severity"]).capitalize()
        track = slot.get("track", "any")
        label = _unique(severity if track == "any" else f"{severity} ({track})", taken)
        text = (slot.get("aspect") or {}).get("name", "")
        tracks[entry_key(label)] = _track(
            label,
            recovery_type="Sticky" if slot["severity"] in ("mild", "moderate") else "Lasting",
            harm_can_absorb=slot.get("shifts", 2),
            boxes=1,
            box_values=[bool(text)],
            aspect={"name": _plain_field(text), "when_marked": True},
        )
        saved_tracks[label] = {k: v for k, v in slot.items() if v is not None}
    marked = sheet.get("conditions", {})
    for key, name, boxes, kind in parts.conditions:
        ticked = (marked.get(key) or {}).get("boxes", 0)
        tracks[entry_key(_unique(name, taken))] = _track(
            name,
            category="Conditions",
            recovery_type=kind.capitalize(),
            boxes=boxes,
            box_values=[i < ticked for i in range(boxes)],
            # As FCO keeps a track whose name is its aspect once it is on an actor.
            aspect={"when_marked": False, "as_name": True},
        )
    keep = extension_of(sheet)
    keep.update(aspects=saved_aspects, stunts=saved_stunts, tracks=saved_tracks)
    return {
        "name": sheet["name"],
        "type": FCO_TYPE,
        "img": "icons/svg/mystery-man.svg",
        "system": {
            "details": {
                "description": {"value": ""},
                "biography": {"value": ""},
                "pronouns": {"value": ""},
                "notes": {"value": to_html(sheet.get("description", "")), "GM": False},
                "fatePoints": {
                    "current": sheet.get("fate_points", 0),
                    "refresh": sheet.get("refresh", 0),
                    "boosts": 0,
                },
                "sheet_mode": "full",
            },
            "skills": skill_entries,
            "aspects": aspect_entries,
            "tracks": tracks,
            "stunts": stunt_entries,
        },
        "items": [],
        "effects": [],
        "flags": {"fatekit": keep},
    }
