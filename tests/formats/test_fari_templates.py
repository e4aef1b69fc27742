"""A sheet from each of Fari's Fate templates, in each of its languages, comes in whole.

The sheets are built from facts about Fari's templates (``fari_templates.py``) and filled in as a
player would. Each must import with every value in place, or with the change named in the
report, and go back out to Fari and Foundry and in again unchanged.
"""

from __future__ import annotations

from typing import Any

import pytest

from fatekit.formats.interop import export_character, import_character
from tests.formats.fari_templates import (
    ASPECTS,
    CONSEQUENCE,
    NOTE,
    RATINGS,
    STUNTS,
    TEMPLATES,
    Template,
    general_sheet,
    sheet,
)

# What the rules give the filled-in sheet (Physique Average (+1), Will Fair (+2)).
BOXES = {
    "condensed": {"physical": [1, 1, 1, 1], "mental": [1, 1, 1, 1]},
    "core": {"physical": [1, 2, 3], "mental": [1, 2, 3]},
    "fae": {"any": [1, 2, 3]},
}


def expected_preset(template: Template) -> str:
    # Fari's English Core template lists Academics, a skill only Condensed has: read as
    # Condensed, its escalating boxes refitted and named in the report.
    if any(key == "academics" for _, key in template.skills[1]):
        return "condensed"
    return template.game


def check_whole(data: dict[str, Any], game: str, preset: str, skills: set[str]) -> None:
    assert data["preset"] == preset
    assert "skill_lists" not in data, data.get("skill_lists")
    ratings = RATINGS["approaches" if game == "fae" else "skills"]
    assert data["skills"] == {k: v for k, v in ratings.items() if k in skills}
    assert [a["name"] for a in data["aspects"]] == list(ASPECTS)
    assert [a["kind"] for a in data["aspects"]][:2] == ["high_concept", "trouble"]
    assert [s["name"] for s in data["stunts"]] == ["Eagle Eye", "Quick Draw", "Old Friends"]
    # Each stunt's words once (issue 39: a detail stunt's text was its description and its
    # detail, each repeating its name): the name, then the rest as its description or detail.
    told = [s["description"] or s["effect"].get("detail", "") for s in data["stunts"]]
    assert [f"{s['name']}: {text}" for s, text in zip(data["stunts"], told, strict=True)] == list(
        STUNTS
    )
    assert all(not (s["description"] and s["effect"].get("detail")) for s in data["stunts"])
    assert NOTE in data.get("description", "")
    assert (data["fate_points"], data["refresh"]) == (2, 3)
    boxes = {track: [b["value"] for b in found] for track, found in data["stress"].items()}
    assert boxes == BOXES[preset]
    first = next(iter(data["stress"].values()))
    assert [b["marked"] for b in first] == [True] + [False] * (len(first) - 1)
    assert sum(b["marked"] for track in data["stress"].values() for b in track) == 1
    written = [(c["severity"], (c["aspect"] or {}).get("name")) for c in data["consequences"]]
    assert written == [("mild", CONSEQUENCE), ("moderate", None), ("severe", None)]


def check_round_trips(imported: Any) -> None:
    for target in ("fari", "foundry"):
        again = import_character(export_character(imported.loaded, target))
        assert again.data == imported.data, target
        assert again.report.whole, (target, again.report.lines())


@pytest.mark.parametrize("migrated", [False, True], ids=["as-template", "migrated"])
@pytest.mark.parametrize("template", TEMPLATES, ids=[t.name for t in TEMPLATES])
def test_a_filled_in_sheet_from_each_fari_template_comes_in_whole(
    template: Template, migrated: bool
) -> None:
    imported = import_character(sheet(template, migrated=migrated))
    preset = expected_preset(template)
    skills = {key for _, key in template.skills[1]}
    check_whole(imported.data, template.game, preset, skills)
    report = imported.report
    # What had to change is named, track by track, and nothing else is claimed.
    sheet_boxes = [[int(box) for box in boxes] for _, boxes in template.stress[1]]
    refitted = [c for c in report.changes if c.what == "stress"]
    assert len(refitted) == sum(
        boxes != wanted for boxes, wanted in zip(sheet_boxes, BOXES[preset].values(), strict=True)
    ), report.lines()
    assert all(c.reason == "refit" and not c.lost for c in refitted)
    assert all(c.what == "stress" for c in report.changes), report.lines()
    links = template.credits[1] if template.credits else ()
    assert [(x.what, x.label) for x in report.leftovers] == [
        ("link", link.strip()) for link in links
    ]
    assert report.whole == (not report.changes and not links)
    check_round_trips(imported)


@pytest.mark.parametrize("game", ["fae", "core"])
def test_a_sheet_from_fari_general_templates_reads_its_skill_tiers(game: str) -> None:
    imported = import_character(general_sheet(game))
    data = imported.data
    ratings = RATINGS["approaches" if game == "fae" else "skills"]
    # The tiers' labels name the skills ("+3 Skills: Notice, Athletics"); an empty tier is none.
    assert data["skills"] == ratings
    assert data["preset"] == (
        "fae" if game == "fae" else "condensed" if "academics" in data["skills"] else "core"
    )
    assert [a["name"] for a in data["aspects"]] == list(ASPECTS)
    assert (data["fate_points"], data["refresh"]) == (2, 3)
    assert NOTE in data["description"]
    first_track = next(iter(data["stress"].values()))
    assert first_track[0]["marked"] is True
    first_slot = data["consequences"][0]
    assert (first_slot["severity"], first_slot["aspect"]["name"]) == ("mild", CONSEQUENCE)
    if game == "core":
        assert ("counter", "Saved Skill Points") in [
            (x.what, x.label) for x in imported.report.leftovers
        ]
    check_round_trips(imported)
