"""Stress boxes and consequence slots of an imported sheet, read and then fitted to the preset.

:func:`read_stress` and :func:`read_consequences` take the boxes and slots as the sheet has them;
:func:`fit_harm` gives a PC-like character those its preset derives from its skills, keeping every
mark and written consequence, and lists each change for the import's report.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from fatekit.formats.character_json import LoadedCharacter
from fatekit.formats.draft import Change, Draft, DraftConsequence, ImportReport, Leftover
from fatekit.formats.text import plain_text
from fatekit.formats.vocabulary import first_number, matches
from fatekit.rules import (
    Character,
    CharacterKind,
    ConsequenceSlot,
    IllegalAction,
    Preset,
    Severity,
    StressStyle,
    StressTrack,
    Track,
)
from fatekit.rules.characters.character import fitted_harm

__all__ = ["fit_harm", "fit_to_conditions", "read_consequences", "read_stress"]


# -- stress and consequences --------------------------------------------------------------------


def _track_of(label: str, index: int, tracks: Sequence[Track]) -> Track:
    if len(tracks) == 1:
        return tracks[0]
    if matches(label, "physical"):
        return Track.PHYSICAL
    if matches(label, "mental"):
        return Track.MENTAL
    return tracks[index] if index < len(tracks) else Track.ANY


def read_stress(
    draft: Draft, preset: Preset, leftovers: list[Leftover]
) -> tuple[dict[str, list[dict[str, Any]]], dict[str, tuple[str, list[tuple[int | None, bool]]]]]:
    """The stress boxes for the character file, and each track's label and boxes as the sheet
    had them (to report what fitting them to the rules changed)."""
    tracks = [spec.track for spec in preset.stress_tracks]
    out: dict[str, list[dict[str, Any]]] = {}
    sheet: dict[str, tuple[str, list[tuple[int | None, bool]]]] = {}
    for index, track in enumerate(draft.tracks):
        kind = _track_of(track.label, index, tracks)
        if kind.value in out:
            marked = sum(1 for _, checked in track.boxes if checked)
            leftovers.append(
                Leftover("stress track", track.label, f"{marked}/{len(track.boxes)} marked")
            )
            continue
        boxes = []
        shown: list[tuple[int | None, bool]] = []
        for position, (value, checked) in enumerate(track.boxes):
            read = value if value is not None and value >= 1 else position + 1
            if preset.stress_style is StressStyle.ONE_POINT:
                # Numbers by one-point boxes count them; each is worth 1. A box with no number
                # is worth what the preset's boxes are, which is no change to report.
                read, value = 1, 1 if value is None else value
            boxes.append({"value": read, "marked": checked})
            shown.append((read if value is None else value, checked))
        out[kind.value] = boxes
        sheet[kind.value] = (track.label, shown)
    return out, sheet


def _boxes_text(values: Sequence[int | None], marked: int) -> str:
    shown = ", ".join("?" if v is None else str(v) for v in values)
    text = f"{len(values)} boxes ({shown})" if values else "no boxes"
    return f"{text}, {marked} marked" if marked else text


def fit_harm(
    loaded: LoadedCharacter,
    sheet: Mapping[str, tuple[str, list[tuple[int | None, bool]]]],
    changes: list[Change],
) -> None:
    """Give a PC-like character the stress boxes and consequence slots its preset derives from
    its skills (Physique +1 gives Fate Condensed four physical boxes, whatever the template had),
    keeping every marked box and written consequence; each change goes in ``changes``. A track or
    the slots whose fitting would drop a mark or a written consequence stay as the sheet had them,
    and the report says so (the rules engine's check lists the difference)."""
    character, preset = loaded.character, loaded.preset
    if character.kind not in (CharacterKind.PC, CharacterKind.MAJOR_NPC):
        return
    ratings = {
        spec.track: (spec.skill, character.rating(spec.skill))
        for spec in preset.stress_tracks
        if spec.skill is not None
    }
    # The stress as the rules give it, whatever becomes of the slots (see _fit_slots).
    fitted, _ = fitted_harm(replace(character, consequences=[]), preset)
    for track in dict.fromkeys([*character.stress, *fitted]):
        old = character.stress.get(track)
        new = fitted.get(track)
        label, boxes = sheet.get(track.value, (preset.track_name(track), []))
        if not boxes and old is not None:
            boxes = [(b.value, b.marked) for b in old.boxes]
        before = [v for v, _ in boxes]
        marked = sum(1 for b in old.boxes if b.marked) if old else 0
        after = [b.value for b in new.boxes] if new else []

        def detail(
            kept: StressTrack | None,
            track: Track = track,
            boxes: list[tuple[int | None, bool]] = boxes,
        ) -> dict[str, Any]:
            shown = [] if kept is None else [[b.value, b.marked] for b in kept.boxes]
            return {"track": track.value, "before": [list(b) for b in boxes], "after": shown}

        if before == after and (old is None) == (new is None):
            continue
        if new is not None and sum(1 for b in new.boxes if b.marked) >= marked:
            character.stress[track] = new
            skill = ratings.get(track)
            why = (
                f"{preset.name} gives {preset.skill_name(skill[0])} {skill[1]:+d} these boxes"
                if skill is not None
                else f"{preset.name} gives this track these boxes"
            )
            changes.append(
                Change(
                    "stress",
                    label,
                    _boxes_text(before, marked),
                    _boxes_text(after, marked),
                    why,
                    "refit",
                    detail(new),
                )
            )
        elif new is None and not marked:
            del character.stress[track]
            changes.append(
                Change(
                    "stress",
                    label,
                    _boxes_text(before, 0),
                    "",
                    f"{preset.name} has no {track.value} stress track",
                    "no_track",
                    detail(None),
                )
            )
        else:
            changes.append(
                Change(
                    "stress",
                    label,
                    _boxes_text(before, marked),
                    _boxes_text([b.value for b in old.boxes] if old else [], marked),
                    f"kept as the sheet has them: {preset.name} gives "
                    f"{_boxes_text(after, 0)}, which would drop a marked box",
                    "kept_marks",
                    {**detail(old), "rules": after},
                )
            )
    _fit_slots(character, preset, changes)


def _slots_text(slots: Sequence[ConsequenceSlot]) -> str:
    def one(slot: ConsequenceSlot) -> str:
        track = "" if slot.track is Track.ANY else f" {slot.track.value}"
        text = f" ({slot.aspect.name})" if slot.aspect is not None else ""
        return f"{slot.severity.value}{track} {slot.shifts}{text}"

    return ", ".join(one(s) for s in slots) or "none"


def _slots_data(slots: Sequence[ConsequenceSlot]) -> list[dict[str, Any]]:
    return [
        {
            "severity": s.severity.value,
            "shifts": s.shifts,
            "track": s.track.value,
            "text": s.aspect.name if s.aspect is not None else "",
        }
        for s in slots
    ]


def _fit_slots(character: Character, preset: Preset, changes: list[Change]) -> None:
    try:
        _, slots = fitted_harm(character, preset)
    except IllegalAction:
        kept = _slots_data(character.consequences)
        changes.append(
            Change(
                "consequences",
                "",
                _slots_text(character.consequences),
                _slots_text(character.consequences),
                f"kept as the sheet has them: {preset.name}'s slots have no room for a written "
                "consequence",
                "kept_consequences",
                {"before": kept, "after": kept},
            )
        )
        return

    def key(slot: ConsequenceSlot) -> tuple[str, int, str]:
        return (slot.severity.value, slot.shifts, slot.track.value)

    if sorted(map(key, slots)) == sorted(map(key, character.consequences)):
        return
    before = _slots_text(character.consequences)
    detail = {"before": _slots_data(character.consequences), "after": _slots_data(slots)}
    character.consequences = slots
    changes.append(
        Change(
            "consequences",
            "",
            before,
            _slots_text(slots),
            f"the consequence slots {preset.name} gives this character's skills and stunts",
            "refit",
            detail,
        )
    )


_SEVERITY_ORDER = (Severity.MILD, Severity.MODERATE, Severity.SEVERE)
_SHIFTS = {2: Severity.MILD, 4: Severity.MODERATE, 6: Severity.SEVERE, 8: Severity.EXTREME}


def _severity(slot: DraftConsequence, index: int) -> tuple[Severity, int | None]:
    for severity in (Severity.EXTREME, Severity.SEVERE, Severity.MODERATE, Severity.MILD):
        if matches(slot.label, severity.value):
            return severity, slot.shifts
    shifts = slot.shifts if slot.shifts is not None else first_number(slot.label)
    if shifts is not None and abs(shifts) in _SHIFTS:
        return _SHIFTS[abs(shifts)], abs(shifts)
    return (_SEVERITY_ORDER[index] if index < 3 else Severity.MILD), slot.shifts


def read_consequences(draft: Draft, preset: Preset) -> list[dict[str, Any]]:
    tracks = {spec.track for spec in preset.stress_tracks}
    out = []
    for index, slot in enumerate(draft.consequences):
        severity, shifts = _severity(slot, index)
        # What fatekit alone knows of a slot (recovery, when it was taken) comes from the
        # extension; what the sheet shows (severity, shifts, text) from the sheet.
        saved = slot.extension if "severity" in slot.extension else {}
        item: dict[str, Any] = {k: v for k, v in saved.items() if k not in ("aspect", "track")}
        item["severity"] = severity.value
        if shifts is not None and shifts > 0:
            item["shifts"] = shifts
        elif "shifts" in item and saved.get("severity") != severity.value:
            del item["shifts"]
        if len(tracks) > 1 and matches(slot.label, "physical"):
            item["track"] = "physical"
        elif len(tracks) > 1 and matches(slot.label, "mental"):
            item["track"] = "mental"
        text = plain_text(slot.text)
        old = saved.get("aspect")
        if text:
            aspect = dict(old) if isinstance(old, Mapping) else {}
            aspect["name"] = text
            item["aspect"] = aspect
        else:
            item.pop("recovering", None)
            item.pop("treated_at", None)
            item.pop("taken_at", None)
            item.pop("replaced", None)
            item.pop("conflict", None)
        out.append(item)
    return out


def fit_to_conditions(sheet: dict[str, Any], report: ImportReport) -> ImportReport:
    """Fit a character file read for a table that plays conditions (Fate Condensed, Optional
    Rules > Conditions: they replace consequences): each consequence written on the sheet has
    no slot there, so its text goes into the description, for the GM to mark a condition in its
    place, and the report says so. ``sheet`` is changed in place; the report is returned with
    the change (unchanged when nothing was written or the sheet already plays conditions)."""
    slots = [dict(slot) for slot in sheet.get("consequences") or []]
    if any(slot.get("condition") for slot in slots):
        return report
    written = [slot for slot in slots if slot.get("aspect")]
    if not written:
        return report
    before = [_slot_json_data(slot) for slot in slots]
    lines = []
    for slot in written:
        lines.append(
            f"Consequence ({slot['severity']}, {slot['shifts']}): {slot['aspect']['name']}"
        )
        slot.update(aspect=None, recovering=False, treated_at=None, taken_at=None, conflict=None)
    after = [_slot_json_data(slot) for slot in slots]
    sheet["consequences"] = slots
    sheet["description"] = "\n\n".join(x for x in (sheet.get("description", ""), *lines) if x)
    change = Change(
        "consequences",
        "",
        ", ".join(f"{d['severity']} {d['shifts']} ({d['text']})" for d in before if d["text"]),
        "",
        "this table plays conditions in place of consequences: each written consequence is kept "
        "in the description, for the GM to mark a condition in its place",
        "conditions",
        {"before": [d for d in before if d["text"]], "after": after},
    )
    return replace(report, changes=(*report.changes, change))


def _slot_json_data(slot: Mapping[str, Any]) -> dict[str, Any]:
    aspect = slot.get("aspect") or {}
    return {
        "severity": slot["severity"],
        "shifts": slot["shifts"],
        "track": slot.get("track", "any"),
        "text": aspect.get("name", ""),
    }
