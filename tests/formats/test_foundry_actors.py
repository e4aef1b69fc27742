"""Fate Core Official actors with marked boxes, written consequences and switched-off tracks come
in with every box, and go back out the same."""

from __future__ import annotations

import pytest

from fatekit.formats.interop import export_character, import_character
from tests.formats.fco_actors import fco_actor

RATINGS = {"Fight": 4, "Athletics": 3, "Notice": 3, "Will": 2, "Shoot": 2, "Empathy": 2}
RATINGS |= {"Physique": 1, "Lore": 1, "Rapport": 1, "Contacts": 1}


@pytest.mark.parametrize(
    ("game", "physical", "mental"),
    [
        ("condensed", [(1, False), (1, True), (1, False), (1, False)], [(1, False)] * 4),
        ("core", [(1, False), (2, True), (3, False)], [(1, False), (2, False), (3, False)]),
    ],
)
def test_an_fco_actor_keeps_its_marked_box_and_leaves_switched_off_tracks_out(
    game: str, physical: list[tuple[int, bool]], mental: list[tuple[int, bool]]
) -> None:
    imported = import_character(fco_actor(game, RATINGS))
    data = imported.data
    assert data["preset"] == game
    boxes = {t: [(b["value"], b["marked"]) for b in found] for t, found in data["stress"].items()}
    # FCO's Condensed stress absorbs 1 harm a box: stress, not a "Mild (1)" consequence.
    assert boxes == {"physical": physical, "mental": mental}
    slots = [
        (c["severity"], c["shifts"], (c["aspect"] or {}).get("name")) for c in data["consequences"]
    ]
    # The extra mild slots FCO keeps switched off below Superb stay out.
    assert slots == [("mild", 2, "Twisted Ankle"), ("moderate", 4, None), ("severe", 6, None)]
    assert data["stunts"][0]["effect"] == {
        "type": "skill_bonus",
        "skill": "fight",
        "actions": ["defend"],
        "action": "defend",
        "bonus": 2,
    }
    assert imported.report.whole, imported.report.lines()
    assert "everything on the sheet found its place" in imported.report.lines()
    for target in ("foundry", "fari"):
        again = import_character(export_character(imported.loaded, target))
        assert again.data == data, target


def test_an_fco_actor_whose_boxes_lag_its_physique_is_refitted_and_says_so() -> None:
    # Physique went up to Good (+3) in Foundry without the boxes following: Fate Condensed
    # gives six; the marked box stays marked, and the report names the change.
    imported = import_character(fco_actor("condensed", RATINGS | {"Physique": 3, "Athletics": 1}))
    physical = [(b["value"], b["marked"]) for b in imported.data["stress"]["physical"]]
    assert physical == [(1, False), (1, True)] + [(1, False)] * 4
    [change] = imported.report.changes
    assert (change.what, change.label, change.reason) == ("stress", "Physical Stress", "refit")
    assert change.before == "4 boxes (1, 1, 1, 1), 1 marked"
    assert change.after == "6 boxes (1, 1, 1, 1, 1, 1), 1 marked"
    assert not imported.report.whole
    assert "everything on the sheet found its place" not in imported.report.lines()


def test_a_switched_off_track_that_holds_something_is_reported_not_dropped() -> None:
    actor = fco_actor("core", RATINGS)
    tracks = actor["system"]["tracks"]
    off = next(t for t in tracks.values() if t["enabled"] is False)
    off["aspect"]["name"] = "Cracked Rib"
    imported = import_character(actor)
    assert ("disabled track", off["name"], "Cracked Rib") in [
        (x.what, x.label, x.value) for x in imported.report.leftovers
    ]
    assert "Cracked Rib" in imported.data["description"]
