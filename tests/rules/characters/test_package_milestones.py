"""Packages bought and changed at a milestone (issue 41): a Venture City power is built of stunts
(srd/venture-city.md, "Making Your Character and Powers"), so a milestone buys one as Fate Core's
milestones buy a stunt and changes one as they change a stunt (srd/fate-core.md, "The Long Game >
Defining Milestones"): paid as at creation, refresh never below the minimum, one stunt's refresh
(two at a major milestone), a single stunt's worth changed for the same."""

from __future__ import annotations

import copy

import pytest

from fatekit.formats import load_character
from fatekit.rules.characters.advancement import Breakthrough as BreakthroughChoice
from fatekit.rules.characters.advancement import (
    BuyPackage,
    SwapPackage,
    apply_breakthrough,
    apply_milestone,
    check_milestone,
)
from fatekit.rules.characters.character import Character
from fatekit.rules.characters.milestones import MilestoneSpending, spend_milestone
from fatekit.rules.characters.packages import BoughtPackage
from fatekit.rules.characters.presets import CORE_PRESET, VENTURE_PRESET
from fatekit.rules.characters.validation import validate
from fatekit.rules.core.clock import Clock, Milestone
from fatekit.rules.core.errors import BadInput, IllegalAction

from .test_venture_city import SAMPLES, miles

BLAST = BoughtPackage("energy-blast", ("need-a-mask", "charged-shot"))
STRENGTH = BoughtPackage("super-strength", ("clumsy", "pow"))
BIG_BLAST = BoughtPackage("energy-blast", ("need-a-mask", "charged-shot", "master-energy-blast"))


def gridlock() -> Character:
    return load_character(SAMPLES / "gridlock.character.json").character


def _spend(sheet: Character, level: Milestone, change: BuyPackage | SwapPackage) -> None:
    spend_milestone(sheet, level, MilestoneSpending(change=change), Clock(), VENTURE_PRESET, cap=5)


def _refused(sheet: Character, level: Milestone, change: BuyPackage | SwapPackage) -> str:
    before = copy.deepcopy(sheet)
    with pytest.raises(IllegalAction) as refused:
        _spend(sheet, level, change)
    assert sheet == before  # a refused milestone changes nothing
    return refused.value.rule.key


@pytest.mark.rule("advancement.package-buy", "package.cost", "package.grants")
def test_a_minor_milestone_buys_a_power_as_it_buys_a_stunt() -> None:
    sheet = miles()  # Flight, seven stunts: the bonus and free stunts spent, refresh 2
    _spend(sheet, Milestone.MINOR, BuyPackage(BLAST))
    assert [p.key for p in sheet.packages] == ["flight", "energy-blast"]
    assert sheet.refresh == 1  # one stunt's refresh
    # Its stunts and its drawback are on the sheet as granted, the drawback filling no slot.
    assert {"Basic Energy Blast", "Charged Shot"} <= {s.name for s in sheet.stunts}
    drawback = next(a for a in sheet.aspects if a.name.startswith("Need a Mask"))
    assert drawback.id == "miles/package/2"
    assert validate(sheet) == []


@pytest.mark.rule("package.cost")
def test_a_power_paid_by_a_free_stunt_left_costs_no_refresh() -> None:
    sheet = gridlock()  # five stunts of power: the three bonus stunts and two free ones
    assert sheet.refresh == 3
    _spend(sheet, Milestone.MINOR, BuyPackage(BLAST))
    assert sheet.refresh == 3
    assert validate(sheet) == []


@pytest.mark.rule("package.cost")
def test_refresh_never_falls_below_the_minimum() -> None:
    sheet = miles()
    sheet.refresh = 1
    assert _refused(sheet, Milestone.MINOR, BuyPackage(BLAST)) == "package.cost"


@pytest.mark.rule("advancement.package-buy")
def test_a_minor_milestone_spends_one_stunts_refresh_a_major_one_two() -> None:
    sheet = miles()
    sheet.refresh, sheet.refresh_awarded = 3, 1  # an earlier major milestone's point unspent
    for level in (Milestone.MINOR, Milestone.SIGNIFICANT):
        assert _refused(sheet, level, BuyPackage(BIG_BLAST)) == "advancement.package-buy"
    # A major milestone's new point of refresh buys a stunt at once: two stunts' refresh.
    _spend(sheet, Milestone.MAJOR, BuyPackage(BIG_BLAST))
    assert (sheet.refresh, sheet.refresh_awarded) == (2, 2)
    assert validate(sheet) == []


@pytest.mark.rule("package.grants", "package.limit", "package.options")
def test_a_power_bought_at_a_milestone_is_one_the_rule_set_takes() -> None:
    sheet = gridlock()
    no_drawback = BuyPackage(BoughtPackage("energy-blast", ("charged-shot",)))
    assert _refused(sheet, Milestone.MINOR, no_drawback) == "package.grants"
    outside = BuyPackage(BoughtPackage("energy-blast", ("need-a-mask", "charged-shot", "pow")))
    assert _refused(sheet, Milestone.MINOR, outside) == "package.options"
    twice = BuyPackage(BoughtPackage("super-strength", ("clumsy", "pow")))
    assert _refused(sheet, Milestone.MINOR, twice) == "package.limit"
    _spend(sheet, Milestone.MINOR, BuyPackage(BLAST))
    third = BuyPackage(BoughtPackage("super-speed", ("burnout", "speed-demon")))
    assert _refused(sheet, Milestone.MAJOR, third) == "package.limit"  # two powers at most
    with pytest.raises(BadInput, match="no Powers 'teleportation'"):
        check_milestone(sheet, BuyPackage(BoughtPackage("teleportation")), VENTURE_PRESET)


def test_a_rule_set_without_packages_and_a_stunt_already_held_are_bad_input() -> None:
    sheet = miles()
    with pytest.raises(BadInput, match="no packages") as error:
        check_milestone(sheet, BuyPackage(BLAST), CORE_PRESET)
    assert error.value.code == "no_packages"
    # Super Speed's basic stunt is already Miles's, from his Flight's synergy.
    speed = BuyPackage(BoughtPackage("super-speed", ("burnout", "speed-demon")))
    with pytest.raises(BadInput, match="Basic Super Speed"):
        check_milestone(sheet, speed, VENTURE_PRESET)


@pytest.mark.rule("advancement.package-swap", "package.grants")
def test_a_milestone_changes_a_one_stunt_power_for_another() -> None:
    sheet = miles()
    _spend(sheet, Milestone.MINOR, BuyPackage(BLAST))
    _spend(sheet, Milestone.MINOR, SwapPackage("energy-blast", STRENGTH))
    assert [p.key for p in sheet.packages] == ["flight", "super-strength"]
    assert sheet.refresh == 1  # changed, not bought: the same refresh
    names = {s.name for s in sheet.stunts}
    assert "Basic Energy Blast" not in names and "Basic Super Strength" in names
    assert [a.name for a in sheet.aspects if "/package/" in a.id] == ["Very Noticeable", "Clumsy"]
    assert validate(sheet) == []


@pytest.mark.rule("advancement.package-swap")
def test_a_power_of_many_stunts_or_for_a_dearer_one_is_not_changed() -> None:
    sheet = gridlock()  # Super Strength, five stunts' worth
    change = SwapPackage("super-strength", BoughtPackage("energy-blast", BLAST.options))
    assert _refused(sheet, Milestone.MAJOR, change) == "advancement.package-swap"
    _spend(sheet, Milestone.MINOR, BuyPackage(BLAST))
    dearer = SwapPackage("energy-blast", BIG_BLAST)
    assert _refused(sheet, Milestone.MINOR, dearer) == "advancement.package-swap"
    with pytest.raises(BadInput, match="has not bought") as error:
        check_milestone(sheet, SwapPackage("flight", BLAST), VENTURE_PRESET)
    assert error.value.code == "package_not_bought"


@pytest.mark.rule("advancement.package-buy")
def test_fate_condensed_milestones_buy_powers_as_they_buy_stunts() -> None:
    # A rule set with packages and Fate Condensed's milestone and breakthrough: one stunt's
    # refresh, two when the GM adds a point at a breakthrough.
    sheet = miles()
    sheet.refresh, sheet.refresh_awarded = 3, 1  # an earlier major milestone's point unspent
    with pytest.raises(IllegalAction, match="at most 1"):
        apply_milestone(sheet, BuyPackage(BIG_BLAST), VENTURE_PRESET)
    apply_breakthrough(
        sheet,
        BreakthroughChoice(milestone=BuyPackage(BIG_BLAST), gm_refresh=True),
        Clock(),
        VENTURE_PRESET,
    )
    assert sheet.refresh == 2
    assert validate(sheet) == []
