"""The neutral draft of a sheet read from another program, and the report of an import.

:mod:`fatekit.formats.fari` and :mod:`fatekit.formats.foundry` read their formats into a
:class:`Draft`; :func:`fatekit.formats.mapping.build` turns it into a fatekit character.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from fatekit.formats.character_json import LoadedCharacter
from fatekit.rules.characters.problems import Problem

__all__ = [
    "Change",
    "Draft",
    "DraftAspect",
    "DraftConsequence",
    "DraftSkill",
    "DraftStunt",
    "DraftTrack",
    "ImportReport",
    "Imported",
    "Kept",
    "Leftover",
]


@dataclass(slots=True)
class Kept:
    """A part of a sheet with what a fatekit export kept for it in the format's extension object
    (``meta.fatekit`` of a Fari block, ``flags.fatekit`` of a Foundry actor): empty for a sheet
    made elsewhere. What the sheet shows wins over it when both say something."""

    extension: Mapping[str, Any] = field(default_factory=dict, kw_only=True)


@dataclass(slots=True)
class DraftAspect(Kept):
    """An aspect as the sheet has it: its text, the label next to it, and a kind if known."""

    text: str
    label: str = ""
    kind: str | None = None


@dataclass(slots=True)
class DraftSkill:
    """A skill's label and its rating as written (``"2"``, ``"+3"``, ``"Good"``, ``4``)."""

    label: str
    rating: object


@dataclass(slots=True)
class DraftStunt(Kept):
    """A stunt: name and text; ``skill``/``actions``/``bonus`` when the format says them."""

    name: str
    description: str = ""
    skill: str | None = None
    actions: tuple[str, ...] = ()
    bonus: int = 0


@dataclass(slots=True)
class DraftTrack:
    """A stress track: its label and boxes as (value if written, checked)."""

    label: str
    boxes: list[tuple[int | None, bool]]


@dataclass(slots=True)
class DraftConsequence(Kept):
    """A consequence slot: its label, the shifts it absorbs if written, its text if taken, and
    when the format says, how many of its boxes are ticked and how many it has (a Foundry
    track's boxes; a Fari text block's one box to tick)."""

    label: str
    text: str = ""
    shifts: int | None = None
    marked: int | None = None
    boxes: int | None = None


@dataclass(frozen=True, slots=True)
class Leftover:
    """Something on the sheet that fatekit has no place for (kept in the description)."""

    what: str
    label: str
    value: str = ""

    def line(self) -> str:
        """How the description keeps it."""
        head = self.label or self.what
        return f"{head}: {self.value}" if self.value else head


@dataclass(frozen=True, slots=True)
class Change:
    """Something the import did not keep as the sheet had it: ``what`` part (its ``label`` on
    the sheet), ``before`` as the sheet had it, ``after`` as the character has it now (``""``
    when it is gone), and ``why``: ``reason`` is its stable key (``refit``, ``kept_marks``...),
    which the page words in the seat's language, ``why`` the sentence the CLI prints.
    ``detail`` holds the same in data for the page to draw: ``before`` and ``after`` as lists
    of stress boxes (``[value, marked]``), of consequence slots (``{"severity", "shifts",
    "track", "text"}``) or of skill ratings (``[label, rating]``)."""

    what: str
    label: str
    before: str
    after: str
    why: str
    reason: str = ""
    detail: Mapping[str, Any] = field(default_factory=dict)

    @property
    def lost(self) -> bool:
        """Whether the part is gone rather than changed."""
        return not self.after

    def line(self) -> str:
        """The change in a sentence for a person to read."""
        head = f"{self.what} {self.label!r}" if self.label else self.what
        if self.lost:
            return f"{head}: {self.before} left out ({self.why})"
        return f"{head}: {self.before} -> {self.after} ({self.why})"


@dataclass(slots=True)
class Draft(Kept):
    """A sheet read from another program, before it becomes a fatekit character.

    Texts are as the sheet holds them (maybe HTML), except ``notes``, already plain text.
    """

    name: str
    aspects: list[DraftAspect] = field(default_factory=list)
    skills: list[DraftSkill] = field(default_factory=list)
    stunts: list[DraftStunt] = field(default_factory=list)
    tracks: list[DraftTrack] = field(default_factory=list)
    consequences: list[DraftConsequence] = field(default_factory=list)
    refresh: int | None = None
    fate_points: int | None = None
    notes: list[str] = field(default_factory=list)
    leftovers: list[Leftover] = field(default_factory=list)
    #: Sections of skills rated in their label ("Science +2"): a rule set with modes reads them
    #: as mode ratings; any other ignores them.
    rated_sections: list[DraftSkill] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class ImportReport:
    """What an import did: the format and preset it recognised, what it kept in the description
    (``leftovers``), what it changed or left out to fit the rules (``changes``), and why.
    ``refused`` holds the engine's problems with the sheet's conditions, modes or powers: an
    import with any is refused whole (the command line exits 2, the table adds nothing).

    :attr:`whole` is true only when every part of the sheet is on the character as it was.
    """

    source: str
    preset: str
    leftovers: tuple[Leftover, ...]
    notes: tuple[str, ...]
    changes: tuple[Change, ...] = ()
    refused: tuple[Problem, ...] = ()

    @property
    def whole(self) -> bool:
        """Whether everything on the sheet found its place unchanged."""
        return not self.leftovers and not self.changes and not self.refused

    def refusal(self) -> str:
        """Why the import is refused, as a sentence and the engine's reasons ("" if it is not)."""
        if not self.refused:
            return ""
        listed = "\n  ".join(f"{p.where}: {p.detail}" for p in self.refused)
        return (
            f"this {self.source} sheet does not make a legal {self.preset} character; its "
            f"conditions, modes or powers break the rule set:\n  {listed}"
        )

    def lines(self) -> list[str]:
        """The report as lines for a person to read."""
        out = [f"read as a {self.source} sheet for {self.preset}"]
        if self.changes:
            out.append("changed or left out to fit the rules:")
            out.extend(f"  - {change.line()}" for change in self.changes)
        if self.leftovers:
            out.append("kept in the description (fatekit has no place for them):")
            out.extend(f"  - {item.what}: {item.line()}" for item in self.leftovers)
        if self.whole:
            out.append("everything on the sheet found its place")
        out.extend(self.notes)
        return out

    def as_json(self) -> dict[str, Any]:
        """The report as the API answers it."""
        return {
            "source": self.source,
            "preset": self.preset,
            "leftovers": [
                {"what": x.what, "label": x.label, "value": x.value} for x in self.leftovers
            ],
            "changes": [
                {
                    "what": c.what,
                    "label": c.label,
                    "before": c.before,
                    "after": c.after,
                    "why": c.why,
                    "reason": c.reason,
                    "lost": c.lost,
                    "detail": dict(c.detail),
                }
                for c in self.changes
            ],
            "whole": self.whole,
            "notes": list(self.notes),
            "refused": [p.to_json() for p in self.refused],
        }


@dataclass(frozen=True, slots=True)
class Imported:
    """A character file made from another format, the character it loads as, and the report."""

    data: dict[str, Any]
    loaded: LoadedCharacter
    report: ImportReport
