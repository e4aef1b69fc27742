"""Conceding a conflict: only before the dice are rolled, for fate points after the conflict.

Sources: fate-condensed.ru.md § Conflicts > Conceding and § Ending a Conflict;
fate-core-conflicts.en.txt § Conceding the Conflict.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from fatekit.rules.aspects.aspects import Aspect
from fatekit.rules.aspects.fate_points import FateLedger, FatePoints
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.tracks import Track
from fatekit.rules.harm.absorb import AbsorbPlan, apply_plan
from fatekit.rules.harm.concession import (
    check_can_concede,
    concede,
    concession_points,
    consequences_taken_in,
)
from fatekit.rules.harm.consequences import ConsequenceSlot, Severity
from fatekit.rules.harm.stress import StressTrack


@dataclass
class Sheet:
    """The parts of a character sheet that harm and conceding touch."""

    id: str
    stress: dict[Track, StressTrack]
    consequences: list[ConsequenceSlot]
    aspects: list[Aspect] = field(default_factory=list)


def landon() -> Sheet:
    return Sheet(
        "landon",
        {
            Track.PHYSICAL: StressTrack.escalating(Track.PHYSICAL, 4),
            Track.MENTAL: StressTrack.escalating(Track.MENTAL, 2),
        },
        [ConsequenceSlot.of(s) for s in (Severity.MILD, Severity.MODERATE, Severity.SEVERE)],
    )


@pytest.mark.rule("conflict.concede-reward")
def test_landon_concedes_for_three_fate_points() -> None:
    """fate-core-conflicts.en.txt § Conceding the Conflict: Landon, with a mild and a moderate
    consequence from this fight, concedes for one point plus two, usable after the conflict."""
    sheet = landon()
    apply_plan(
        sheet,
        2,
        Track.PHYSICAL,
        AbsorbPlan(slots=(0,)),
        by="og",
        names={0: "Splinters in the Face"},
        conflict="warehouse",
    )
    apply_plan(
        sheet,
        4,
        Track.PHYSICAL,
        AbsorbPlan(slots=(1,)),
        by="og",
        names={1: "Cracked Ribs"},
        conflict="warehouse",
    )
    ledger = FateLedger()
    ledger.add_pc("landon", 1)
    assert concession_points(sheet, "warehouse") == 3
    result = concede(sheet, conflict="warehouse", dice_rolled=False, pay=ledger)
    assert result.fate_points == 3
    assert result.consequences == ("Splinters in the Face", "Cracked Ribs")
    points = ledger.account("landon")
    assert (points.available, points.pending) == (1, 3)  # not usable during the conflict
    ledger.end_scene()
    assert points.available == 4


@pytest.mark.rule("conflict.concede-reward")
def test_only_consequences_from_this_conflict_count() -> None:
    """fate-condensed.ru.md § Conceding: one extra point per consequence taken in the current
    conflict; older ones do not count."""
    sheet = landon()
    apply_plan(
        sheet,
        6,
        Track.PHYSICAL,
        AbsorbPlan(slots=(2,)),
        by="thug",
        names={2: "Old Scar"},
        conflict="temple",
    )
    apply_plan(
        sheet,
        2,
        Track.MENTAL,
        AbsorbPlan(slots=(0,)),
        by="og",
        names={0: "Rattled"},
        conflict="warehouse",
    )
    assert [s.severity for s in consequences_taken_in(sheet, "warehouse")] == [Severity.MILD]
    wallet = FatePoints("landon", 0)
    result = concede(sheet, conflict="warehouse", dice_rolled=False, pay=wallet)
    assert (result.fate_points, wallet.available, wallet.pending) == (2, 0, 2)
    assert concession_points(landon(), "warehouse") == 1
    with pytest.raises(BadInput, match="belong to 'cynere'"):
        concede(sheet, conflict="warehouse", dice_rolled=False, pay=FatePoints("cynere"))
    with pytest.raises(BadInput, match="which conflict"):
        concede(sheet, conflict=" ", dice_rolled=False, pay=wallet)


@pytest.mark.rule("conflict.concede-timing")
def test_no_conceding_once_the_dice_are_down() -> None:
    """fate-condensed.ru.md § Conceding: concede before the opponent rolls, never after seeing
    the dice."""
    check_can_concede(dice_rolled=False)
    with pytest.raises(IllegalAction, match="already rolled") as err:
        check_can_concede(dice_rolled=True)
    assert err.value.rule.key == "conflict.concede-timing"
    wallet = FatePoints("landon", 0)
    with pytest.raises(IllegalAction):
        concede(landon(), conflict="warehouse", dice_rolled=True, pay=wallet)
    assert (wallet.available, wallet.pending) == (0, 0)
