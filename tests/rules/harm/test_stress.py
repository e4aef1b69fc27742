"""Stress tracks and boxes, and consequence slots, as data.

Sources: fate-condensed.ru.md § Стресс и последствия (one-point boxes, the extra mild slot at
Superb) and § Taking Harm; fate-core-conflicts.en.txt § Stress (escalating boxes) and
§ Consequences.
"""

from __future__ import annotations

import pytest

from fatekit.rules.aspects.aspects import Aspect, AspectKind
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.tracks import Track
from fatekit.rules.harm.consequences import SEVERITY_SHIFTS, ConsequenceSlot, Severity
from fatekit.rules.harm.stress import StressBox, StressStyle, StressTrack


@pytest.mark.rule("stress.one-point")
def test_one_point_tracks_hold_only_one_point_boxes() -> None:
    """fate-condensed.ru.md § Стресс и последствия: Fate Condensed boxes are each worth one."""
    track = StressTrack.one_point(Track.PHYSICAL, 4)
    assert [b.value for b in track.boxes] == [1, 1, 1, 1]
    with pytest.raises(BadInput, match="worth 1"):
        StressTrack(Track.PHYSICAL, StressStyle.ONE_POINT, [StressBox(1), StressBox(2)])
    for bad in (0, -1, True):
        with pytest.raises(BadInput):
            StressBox(bad)
    parsed = StressTrack("physical", "one_point", [StressBox(1)])  # type: ignore[arg-type]
    assert (parsed.track, parsed.style) == (Track.PHYSICAL, StressStyle.ONE_POINT)
    with pytest.raises(BadInput, match="not a stress track"):
        StressTrack(Track.PHYSICAL, "two_point", [])  # type: ignore[arg-type]


@pytest.mark.rule("stress.escalating")
def test_escalating_tracks_count_up_from_one() -> None:
    """fate-core-conflicts.en.txt § Stress: a 1-point and a 2-point box by default, and higher
    boxes from Physique or Will."""
    assert [b.value for b in StressTrack.escalating(Track.MENTAL, 2).boxes] == [1, 2]
    assert [b.value for b in StressTrack.escalating(Track.ANY, 4).boxes] == [1, 2, 3, 4]


@pytest.mark.rule("recovery.stress")
def test_a_track_knows_its_free_boxes_and_clears() -> None:
    """fate-condensed.ru.md § Recovering from Conflicts: checked boxes are cleared together."""
    track = StressTrack(Track.PHYSICAL, StressStyle.ESCALATING, [StressBox(1, True), StressBox(2)])
    assert track.free_boxes == [1]
    assert track.clear() == 1
    assert track.free_boxes == [0, 1]


@pytest.mark.rule("stress.kind-of-harm", "consequence.reserved-slot")
def test_what_each_track_and_slot_serves() -> None:
    """fate-condensed.ru.md § Taking Harm > Stress; fate-core-conflicts.en.txt § Consequences:
    a physical track takes physical harm, a single track every harm; slots serve any harm unless
    reserved."""
    assert StressTrack.one_point(Track.PHYSICAL, 3).serves(Track.PHYSICAL)
    assert not StressTrack.one_point(Track.PHYSICAL, 3).serves(Track.MENTAL)
    assert StressTrack.escalating(Track.ANY, 3).serves(Track.MENTAL)
    assert ConsequenceSlot.of(Severity.MILD).serves(Track.MENTAL)
    reserved = ConsequenceSlot.of(Severity.MILD, Track.MENTAL)
    assert reserved.serves(Track.MENTAL) and not reserved.serves(Track.PHYSICAL)


@pytest.mark.rule("consequence.slots")
def test_consequence_slots_hold_one_consequence() -> None:
    """fate-condensed.ru.md § Taking Harm > Consequences: mild 2, moderate 4, severe 6; a slot
    must be empty to take a consequence."""
    assert [ConsequenceSlot.of(s).shifts for s in Severity] == [2, 4, 6, 8]
    assert SEVERITY_SHIFTS[Severity.SEVERE] == 6
    slot = ConsequenceSlot.of(Severity.MODERATE)
    assert slot.is_free
    wound = Aspect("w", "Deep Cut", AspectKind.CONSEQUENCE)
    slot.fill(wound, conflict="docks")
    assert not slot.is_free and slot.conflict == "docks"
    with pytest.raises(IllegalAction, match="already holds 'Deep Cut'") as err:
        slot.fill(Aspect("v", "Burned", AspectKind.CONSEQUENCE))
    assert err.value.rule.key == "consequence.slots"
    assert slot.clear() is wound
    assert slot.is_free and slot.conflict is None
    with pytest.raises(BadInput):
        ConsequenceSlot(Severity.MILD, 0)
    with pytest.raises(BadInput, match="not a consequence slot"):
        ConsequenceSlot("grievous", 8)  # type: ignore[arg-type]
    assert ConsequenceSlot("mild", 2, "mental").track is Track.MENTAL  # type: ignore[arg-type]
    with pytest.raises(BadInput, match="cannot be recovering"):
        ConsequenceSlot(Severity.MILD, 2, recovering=True)
