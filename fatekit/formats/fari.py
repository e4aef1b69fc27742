"""Fari (fari.app) character sheets: read every layout Fari has saved, write its newest.

A Fari character file is the character object with ``"fariType": "character"``. Its layout
changed over the years, and the ``version`` field is not to be trusted, so the layout is told
by its shape:

- v1/v2: flat lists (``aspects``, ``skills``, ``stunts``, ``stressTracks``, ``consequences``) of
  ``{name, value}``, with ``refresh``, ``fatePoints`` and ``notes`` (v1 stress boxes are booleans);
- v3: ``pages[].sections[]``, each section with a ``position`` (Left or Right);
- v4: ``pages[].sections`` as ``{left: [...], right: [...]}``;
- v5/v6: ``pages[].rows[].columns[].sections[]``.

Every section has a ``label`` and ``blocks``; a block has a ``type``, ``label``, ``value`` and
``meta``. Users rename, translate and reorder everything, so :func:`read_fari` goes by block
type first (a ``Skill`` block is a skill whatever its section is called), then by the words of a
label in many languages, then by where a section sits on the sheet. See ``docs/interop.md``.
"""

from __future__ import annotations

import re
import time
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
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
from fatekit.formats.vocabulary import matches
from fatekit.rules import BadInput

__all__ = ["fari_layout", "read_fari", "write_fari"]

#: The Fari layout this module writes.
FARI_VERSION = 6


@dataclass(frozen=True, slots=True)
class _Section:
    label: str
    column: int
    blocks: tuple[Mapping[str, Any], ...]


def _dicts(value: object) -> list[Mapping[str, Any]]:
    return [v for v in value if isinstance(v, Mapping)] if isinstance(value, list) else []


def fari_layout(data: Mapping[str, Any]) -> str:
    """Which Fari layout ``data`` has: ``"v1"``, ``"v2"``, ``"v3"``, ``"v4"`` or ``"v5"`` (v5 and v6
    share one layout). Raises :class:`BadInput` for a Fari file that is not a character."""
    kind = data.get("fariType")
    if kind is not None and kind != "character":
        raise BadInput(
            f"this Fari file holds a {kind!r}, not a character: export a character sheet"
        )
    pages = _dicts(data.get("pages"))
    if pages:
        if any("rows" in p for p in pages):
            return "v5"
        if any(isinstance(p.get("sections"), Mapping) for p in pages):
            return "v4"
        return "v3"
    if isinstance(data.get("aspects"), list) or isinstance(data.get("stressTracks"), list):
        tracks = _dicts(data.get("stressTracks"))
        v1 = any(
            any(isinstance(box, bool) for box in t.get("value", []))
            for t in tracks
            if isinstance(t.get("value"), list)
        )
        return "v1" if v1 else "v2"
    raise BadInput("no Fari character layout found: the file has neither pages nor aspects")


def _sections(data: Mapping[str, Any], layout: str) -> list[_Section]:
    out: list[_Section] = []
    for page in _dicts(data.get("pages")):
        if layout == "v5":
            for row in _dicts(page.get("rows")):
                for column, col in enumerate(_dicts(row.get("columns"))):
                    out.extend(_section(s, column) for s in _dicts(col.get("sections")))
        elif layout == "v4":
            sides = page.get("sections")
            if isinstance(sides, Mapping):
                for column, side in enumerate(("left", "right")):
                    out.extend(_section(s, column) for s in _dicts(sides.get(side)))
        else:
            for s in _dicts(page.get("sections")):
                out.append(_section(s, 1 if str(s.get("position", "")).lower() == "right" else 0))
    return out


def _section(data: Mapping[str, Any], column: int) -> _Section:
    return _Section(_text(data.get("label")), column, tuple(_dicts(data.get("blocks"))))


def _text(value: object) -> str:
    return plain_text(value) if isinstance(value, str | int | float) else ""


def _flat_sections(data: Mapping[str, Any], layout: str) -> list[_Section]:
    """A v1/v2 sheet as the sections Fari itself turns it into."""

    def blocks(key: str, kind: str) -> tuple[dict[str, Any], ...]:
        return tuple(
            {"type": kind, "label": item.get("name", ""), "value": item.get("value", "")}
            for item in _dicts(data.get(key))
        )

    def label(key: str, default: str) -> str:
        found = data.get(f"{key}Label")
        return found if isinstance(found, str) and found.strip() else default

    tracks = []
    for item in _dicts(data.get("stressTracks")):
        found = item.get("value")
        boxes: list[Any] = found if isinstance(found, list) else []
        value = [
            # A v1 box is only a boolean: it says nothing of what the box is worth.
            {"label": "", "checked": bool(b)} if layout == "v1" or not isinstance(b, Mapping) else b
            for b in boxes
        ]
        tracks.append({"type": "SlotTracker", "label": item.get("name", ""), "value": value})
    points = {
        "type": "PointCounter",
        "label": "Fate Points",
        "value": data.get("fatePoints", ""),
        "meta": {"isMainPointCounter": True, "max": data.get("refresh")},
    }
    notes = {"type": "Text", "label": "Notes", "value": data.get("notes") or ""}
    return [
        _Section(label("aspects", "Aspects"), 0, blocks("aspects", "Text")),
        _Section(label("stunts", "Stunts"), 0, blocks("stunts", "Text")),
        _Section("Fate Points", 0, (points,)),
        _Section(label("notes", "Notes"), 0, (notes,)),
        _Section(label("stressTracks", "Stress"), 1, tuple(tracks)),
        _Section(label("consequences", "Consequences"), 1, blocks("consequences", "Text")),
        _Section(label("skills", "Skills"), 1, blocks("skills", "Skill")),
    ]


_TEXT_TYPES = ("Text",)
_ROLES = (
    "consequences",
    "stunts",
    "aspects",
    "skills",
    "notes",
    "fate_points",
    "refresh",
    "stress",
)


def _role(section: _Section) -> str | None:
    return next((role for role in _ROLES if matches(section.label, role)), None)


def _meta(block: Mapping[str, Any]) -> Mapping[str, Any]:
    meta = block.get("meta")
    return meta if isinstance(meta, Mapping) else {}


def _extension(block: Mapping[str, Any]) -> Mapping[str, Any]:
    ext = _meta(block).get("fatekit")
    return ext if isinstance(ext, Mapping) else {}


class _Reader:
    def __init__(self, name: str) -> None:
        self.draft = Draft(name=name)
        # Text blocks nothing placed yet, by the section they sit in (in sheet order).
        self.unplaced: dict[int, tuple[_Section, list[Mapping[str, Any]]]] = {}

    def text_block(self, role: str | None, block: Mapping[str, Any], section: _Section) -> bool:
        """Place a text block by its section's role or its own label; False if neither says."""
        label, value = _text(block.get("label")), block.get("value")
        text = value if isinstance(value, str) else _text(value)
        d = self.draft
        if role is None and isinstance(_meta(block).get("checked"), bool):
            # A text with a box to tick (Fari's Dresden Files Accelerated sheet: "4 - In peril")
            # is a named harm box: a consequence, or a rule set's condition.
            role = "consequences"
        if role is None:
            for kind in ("high_concept", "trouble", "relationship"):
                if matches(label, kind):
                    role = "aspects"
            if any(matches(label, s) for s in ("mild", "moderate", "severe", "extreme")):
                role = "consequences"
            elif matches(label, "refresh"):
                role = "refresh"
            elif matches(label, "fate_points"):
                role = "fate_points"
            elif matches(label, "notes"):
                role = "notes"
        if role == "aspects":
            d.aspects.append(DraftAspect(text, label, None, extension=_extension(block)))
        elif role == "stunts":
            ext = _extension(block)
            named = bool(ext) or not matches(label, "stunts")
            d.stunts.append(DraftStunt(label if named else "", text, extension=ext))
        elif role == "consequences":
            ticked = _meta(block).get("checked")
            d.consequences.append(
                DraftConsequence(
                    label,
                    text,
                    None,
                    int(ticked) if isinstance(ticked, bool) else None,
                    1 if isinstance(ticked, bool) else None,
                    extension=_extension(block),
                )
            )
        elif role == "notes":
            plain = plain_text(text)
            if plain:
                d.notes.append(
                    plain if matches(label, "notes") or not label else f"{label}: {plain}"
                )
        elif role == "refresh":
            d.refresh = _number(text, d.refresh)
        elif role == "fate_points":
            d.fate_points = _number(text, d.fate_points)
        else:
            return False
        return True

    def block(self, role: str | None, block: Mapping[str, Any], section: _Section) -> None:
        kind = block.get("type")
        label = _text(block.get("label"))
        meta = _meta(block)
        d = self.draft
        if kind == "Skill":
            d.skills.extend(_skills(label, block.get("value", "")))
        elif kind == "SlotTracker":
            boxes = _dicts(block.get("value"))
            if meta.get("asClock"):
                marked = sum(1 for b in boxes if b.get("checked"))
                d.leftovers.append(Leftover("clock", label, f"{marked}/{len(boxes)}"))
            else:
                d.tracks.append(
                    DraftTrack(label, [(_box_value(b), bool(b.get("checked"))) for b in boxes])
                )
        elif kind == "PointCounter":
            if meta.get("isMainPointCounter") or matches(label, "fate_points"):
                d.fate_points = _number(block.get("value"), d.fate_points)
                d.refresh = _number(meta.get("max"), d.refresh)
            elif matches(label, "refresh"):
                d.refresh = _number(block.get("value"), d.refresh)
            else:
                d.leftovers.append(Leftover("counter", label, _counter(block)))
        elif kind == "Numeric":
            if matches(label, "refresh"):
                d.refresh = _number(block.get("value"), d.refresh)
            elif matches(label, "fate_points"):
                d.fate_points = _number(block.get("value"), d.fate_points)
            else:
                d.leftovers.append(Leftover("number", label, _text(block.get("value"))))
        elif kind in ("Image", "Link"):
            d.leftovers.append(Leftover(str(kind).lower(), label, _url(block.get("value"))))
        elif kind == "DicePool":
            d.leftovers.append(Leftover("dice pool", label, _text(block.get("value"))))
        elif kind in _TEXT_TYPES and not self.text_block(role, block, section):
            self.unplaced.setdefault(id(section), (section, []))[1].append(block)
        # Separators and InfoText (the template's own help) carry nothing of the character.

    def place_unplaced(self, stress_columns: set[int]) -> None:
        """Sections no word explains: the first becomes the aspects, the next the stunts (as on
        Fari's Fate sheets); one beside the stress boxes holds the consequences; the rest notes."""
        d = self.draft
        for section, texts in self.unplaced.values():
            if not d.aspects:
                role = "aspects"
            elif not d.consequences and section.column in stress_columns and d.tracks:
                role = "consequences"
            elif not d.stunts:
                role = "stunts"
            else:
                role = "notes"
            for block in texts:
                if role == "notes":
                    self.text_block(
                        "notes", {**block, "label": block.get("label") or section.label}, section
                    )
                else:
                    self.text_block(role, block, section)


#: A skill block that holds a tier of the pyramid, as Fari's "General" sheets have them:
#: ``+4 Skills: Fight, Notice`` (the block's value is the tier's rating).
_TIER = re.compile(r"^\s*([+-]?\d+)[^:\d]*:(.*)$", re.DOTALL)


#: A section label that ends in a rating: ``Science +2``, ``Action (+3)``.
_RATED_SECTION = re.compile(r"^\s*(\w.*?)[\s(:]*([+-]\d{1,2})\)?\s*$")


def _skills(label: str, value: object) -> list[DraftSkill]:
    """The skills a ``Skill`` block holds: itself, or the names a tier's label lists (none when
    the tier is still empty)."""
    tier = _TIER.match(label)
    if tier is None:
        return [DraftSkill(label, value)]
    rating = value if _text(value).strip() else tier.group(1)
    names = (n.strip() for n in re.split(r"[,;/\n]", tier.group(2)))
    return [DraftSkill(name, rating) for name in names if name]


def _box_value(box: Mapping[str, Any]) -> int | None:
    label = box.get("label")
    if isinstance(label, int) and not isinstance(label, bool):
        return label
    if isinstance(label, str) and label.strip().isdigit():
        return int(label.strip())
    return None


def _number(value: object, current: int | None) -> int | None:
    if isinstance(value, bool) or value is None:
        return current
    if isinstance(value, int):
        return value
    text = _text(value)
    digits = "".join(c for c in text if c.isdigit())
    return int(digits[:6]) if digits else current


def _counter(block: Mapping[str, Any]) -> str:
    value = _text(block.get("value"))
    top = _meta(block).get("max")
    return f"{value}/{_text(top)}" if top not in (None, "") else value


def _url(value: object) -> str:
    text = value if isinstance(value, str) else ""
    if text.startswith("data:"):
        return "(an image stored in the file)"
    return text.strip()[:500]


def read_fari(data: Mapping[str, Any]) -> Draft:
    """The draft of a Fari character file (any layout). Raises :class:`BadInput`."""
    layout = fari_layout(data)
    name = _text(data.get("name"))
    sections = _flat_sections(data, layout) if layout in ("v1", "v2") else _sections(data, layout)
    reader = _Reader(name)
    stress_columns: set[int] = set()
    for section in sections:
        role = _role(section)
        rated = _RATED_SECTION.match(section.label)
        if rated is not None and any(b.get("type") == "Skill" for b in section.blocks):
            # "Science +2" over its skills: a mode and its rating, where the rule set has modes.
            reader.draft.rated_sections.append(DraftSkill(rated.group(1).strip(), rated.group(2)))
        for block in section.blocks:
            reader.block(role, block, section)
            if block.get("type") == "SlotTracker" and not _meta(block).get("asClock"):
                stress_columns.add(section.column)
    reader.place_unplaced(stress_columns)
    ext = data.get("fatekit")
    if isinstance(ext, Mapping):
        reader.draft.extension = ext
    return reader.draft


# -- writing ------------------------------------------------------------------------------------


def _id(seed: str) -> str:
    # Fari wants ids unique within a sheet; derived from the character, they stay the same
    # each time the same character is written.
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"fatekit:{seed}"))


def _block(seed: str, kind: str, label: str, value: object, **meta: Any) -> dict[str, Any]:
    if isinstance(value, str) and looks_like_html(value):
        # Text that would read as markup ("<everyone>") is written as escaped HTML instead.
        value = to_html(value)
    return {"id": _id(seed), "type": kind, "label": label, "value": value, "meta": meta}


_ASPECT_LABELS = {
    "high_concept": "High Concept",
    "trouble": "Trouble",
    "relationship": "Relationship",
    "character": "Aspect",
}


def _consequence_label(slot: Mapping[str, Any]) -> str:
    severity = str(slot["severity"]).capitalize()
    label = f"{severity} {slot.get('shifts', '')}".strip()
    track = slot.get("track", "any")
    return f"{label} {track}" if track != "any" else label


def write_fari(
    sheet: Mapping[str, Any], skills: Sequence[tuple[str, str]], parts: RuleParts = NO_PARTS
) -> dict[str, Any]:
    """A Fari v6 character file for a fatekit character file ``sheet`` (as
    :func:`~fatekit.formats.character_json.character_to_dict` writes it). ``skills`` gives every
    skill of its preset as (key, display name), in sheet order; ``parts`` its rule set's
    conditions (written as slot trackers) and modes (the character's, as rated skills)."""
    cid = sheet["id"]
    aspects = [
        _block(
            f"{cid}/aspect/{i}",
            "Text",
            _ASPECT_LABELS.get(a.get("kind", "character"), "Aspect"),
            a["name"],
            fatekit={k: v for k, v in a.items() if k != "name"},
        )
        for i, a in enumerate(sheet.get("aspects", []))
    ]
    stunts = [
        _block(
            f"{cid}/stunt/{i}",
            "Text",
            s["name"],
            s.get("description", ""),
            fatekit={k: s[k] for k in ("effect", "cost", "circumstance") if k in s},
        )
        for i, s in enumerate(sheet.get("stunts", []))
    ]
    points = _block(
        f"{cid}/fate-points",
        "PointCounter",
        "Fate Points",
        str(sheet.get("fate_points", 0)),
        isMainPointCounter=True,
        max=str(sheet.get("refresh", 0)),
    )
    notes = _block(f"{cid}/notes", "Text", "Notes", sheet.get("description", ""))
    track_labels = {"physical": "Physical", "mental": "Mental", "any": "Stress"}
    stress = [
        _block(
            f"{cid}/stress/{track}",
            "SlotTracker",
            # A rule set's own kind of harm (wealth) is labelled by its key.
            track_labels.get(track, track.replace("_", " ").capitalize()),
            [{"label": str(b["value"]), "checked": bool(b.get("marked"))} for b in boxes],
        )
        for track, boxes in sheet.get("stress", {}).items()
    ]
    consequences = [
        _block(
            f"{cid}/consequence/{i}",
            "Text",
            _consequence_label(slot),
            (slot.get("aspect") or {}).get("name", ""),
            fatekit={k: v for k, v in slot.items() if v is not None},
        )
        for i, slot in enumerate(sheet.get("consequences", []))
    ]
    ratings = sheet.get("skills", {})
    skill_blocks = [
        _block(f"{cid}/skill/{key}", "Skill", name, str(ratings.get(key, 0)), commands=["4dF"])
        for key, name in skills
    ]
    marked = sheet.get("conditions", {})
    conditions = [
        _block(
            f"{cid}/condition/{key}",
            "SlotTracker",
            name,
            [
                {"label": "", "checked": i < (marked.get(key) or {}).get("boxes", 0)}
                for i in range(boxes)
            ],
        )
        for key, name, boxes, _ in parts.conditions
    ]
    rated = sheet.get("modes", {})
    modes = [
        _block(f"{cid}/mode/{key}", "Skill", name, str(rated[key]), commands=["4dF"])
        for key, name in parts.modes
        if key in rated
    ]
    labels = sheet.get("skill_labels", {})
    skill_blocks.extend(
        _block(f"{cid}/skill/{key}", "Skill", labels.get(key, key), str(value), commands=["4dF"])
        for key, value in ratings.items()
        if key not in {k for k, _ in skills}
    )

    def section(label: str, blocks: list[dict[str, Any]], card: bool = False) -> dict[str, Any]:
        return {
            "id": _id(f"{cid}/section/{label}"),
            "label": label,
            "blocks": blocks,
            "visibleOnCard": card,
        }

    left = [
        section("Aspects", aspects, True),
        section("Stunts", stunts),
        section("Fate Points", [points]),
        section("Notes", [notes]),
    ]
    right = [
        section("Stress", stress),
        *([section("Conditions", conditions)] if conditions else []),
        section("Consequences", consequences),
        *([section("Modes", modes, True)] if modes else []),
        section("Skills", skill_blocks, True),
    ]
    keep = extension_of(sheet)
    return {
        "fariType": "character",
        "id": _id(f"{cid}/character"),
        "name": sheet["name"],
        "group": None,
        "wide": False,
        "pages": [
            {
                "id": _id(f"{cid}/page"),
                "label": "Character",
                "rows": [{"columns": [{"sections": left}, {"sections": right}]}],
            }
        ],
        "version": FARI_VERSION,
        "lastUpdated": int(time.time()),
        "playedDuringTurn": False,
        "fatekit": keep,
    }
