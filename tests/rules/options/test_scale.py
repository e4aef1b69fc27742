"""Scale (fate-condensed.ru.md § Optional Rules > Scale, § Aspects and Scale, § Does Scale Apply
When Supernaturally Creating an Advantage?)."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fatekit.rules.core.actions import Action, Side
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.outcomes import BonusKind
from fatekit.rules.options import scale
from fatekit.rules.options.scale import (
    STANDARD_SCALE,
    AdvantageCase,
    ScaleAdvantage,
    ScaleBenefit,
    ScaledAspect,
    ScaleLadder,
    effective_scale,
    higher_side,
    scale_advantage,
    supernatural_advantage,
)


@pytest.mark.rule("scale.levels")
def test_the_five_levels_in_order() -> None:
    """fate-condensed.ru.md § Scale: Mundane, Supernatural, Otherworldly, Legendary, Godlike."""
    assert [STANDARD_SCALE.name(k) for k in STANDARD_SCALE.keys] == [
        "Mundane",
        "Supernatural",
        "Otherworldly",
        "Legendary",
        "Godlike",
    ]
    assert STANDARD_SCALE.difference("legendary", "supernatural") == 2
    assert STANDARD_SCALE.difference("mundane", "godlike") == -4
    assert higher_side(STANDARD_SCALE, "mundane", "otherworldly") == (Side.OPPOSITION, 2)
    assert higher_side(STANDARD_SCALE, "godlike", "mundane") == (Side.ACTOR, 4)
    assert higher_side(STANDARD_SCALE, "legendary", "legendary") is None
    with pytest.raises(BadInput, match="no scale level"):
        STANDARD_SCALE.level("cosmic")


@pytest.mark.rule("scale.levels")
def test_a_table_renames_or_replaces_the_levels() -> None:
    """fate-condensed.ru.md § Scale: the list is an example; change it to suit the setting."""
    renamed = STANDARD_SCALE.renamed({"supernatural": "Awakened"})
    assert renamed.name("supernatural") == "Awakened" and renamed.name("godlike") == "Godlike"
    assert renamed.difference("godlike", "supernatural") == 3
    with pytest.raises(BadInput):
        STANDARD_SCALE.renamed({"cosmic": "Cosmic"})
    with pytest.raises(BadInput, match="name"):
        STANDARD_SCALE.renamed({"mundane": " "})
    ships = ScaleLadder.of(["person", "vehicle", "starship"])
    assert ships.name("vehicle") == "vehicle" and ships.difference("starship", "person") == 2
    with pytest.raises(BadInput, match="different keys"):
        ScaleLadder.of(["a", "a"])
    with pytest.raises(BadInput, match="not on the scale"):
        ScaleLadder(("a", "b"), {"c": "C"})
    with pytest.raises(BadInput):
        ScaleLadder.of([])


@pytest.mark.rule("scale.benefit")
def test_plus_one_per_level_before_the_roll() -> None:
    """fate-condensed.ru.md § Scale: +1 per level of difference before the roll."""
    advantage = scale_advantage(
        STANDARD_SCALE, "legendary", "supernatural", Action.OVERCOME, "before_roll"
    )
    bonus = advantage.before_roll_bonus()
    assert bonus is not None and bonus.amount == 2 and bonus.kind is BonusKind.OTHER
    assert advantage.final_shifts(1) == 1  # nothing more after the roll
    assert advantage.extra_free_invokes(3) == 0


@pytest.mark.rule("scale.benefit")
def test_plus_two_per_level_only_if_the_roll_succeeds() -> None:
    """fate-condensed.ru.md § Scale: +2 per level after the roll, if the roll succeeds."""
    attacker = scale_advantage(
        STANDARD_SCALE, "otherworldly", "mundane", Action.ATTACK, ScaleBenefit.AFTER_SUCCESS
    )
    assert attacker.before_roll_bonus() is None
    assert [attacker.final_shifts(s) for s in (-2, 0, 1, 3)] == [-2, 0, 5, 7]
    # A higher-scale defender whose defence beat the attack beats it by more.
    defender = scale_advantage(
        STANDARD_SCALE,
        "supernatural",
        "mundane",
        Action.ATTACK,
        ScaleBenefit.AFTER_SUCCESS,
        side=Side.OPPOSITION,
    )
    assert [defender.final_shifts(s) for s in (-1, 0, 2)] == [-3, 0, 2]


@pytest.mark.rule("scale.benefit")
def test_extra_free_invokes_on_a_successful_create_an_advantage() -> None:
    """fate-condensed.ru.md § Scale: one more free invoke per level on a successful advantage."""
    advantage = scale_advantage(
        STANDARD_SCALE, "godlike", "otherworldly", Action.CREATE_ADVANTAGE, "free_invokes"
    )
    assert [advantage.extra_free_invokes(s) for s in (-1, 0, 1, 4)] == [0, 0, 2, 2]
    assert advantage.before_roll_bonus() is None and advantage.final_shifts(2) == 2
    with pytest.raises(IllegalAction, match="create an advantage"):
        scale_advantage(STANDARD_SCALE, "godlike", "mundane", Action.ATTACK, "free_invokes")
    with pytest.raises(IllegalAction, match="create an advantage"):
        scale_advantage(
            STANDARD_SCALE,
            "godlike",
            "mundane",
            Action.CREATE_ADVANTAGE,
            "free_invokes",
            side=Side.OPPOSITION,
        )


@pytest.mark.rule("scale.benefit")
def test_only_the_higher_side_has_an_advantage() -> None:
    """fate-condensed.ru.md § Scale: the benefits go to the higher side against its lesser."""
    with pytest.raises(IllegalAction, match="not above"):
        scale_advantage(STANDARD_SCALE, "mundane", "supernatural", Action.ATTACK, "before_roll")
    with pytest.raises(IllegalAction, match="not above"):
        scale_advantage(STANDARD_SCALE, "legendary", "legendary", Action.ATTACK, "before_roll")
    with pytest.raises(IllegalAction, match="at least one level"):
        ScaleAdvantage(Side.ACTOR, 0, ScaleBenefit.BEFORE_ROLL, Action.ATTACK)
    with pytest.raises(BadInput, match="not a scale benefit"):
        scale_advantage(STANDARD_SCALE, "godlike", "mundane", Action.ATTACK, "all_three")
    with pytest.raises(BadInput, match="being defended against"):
        scale_advantage(STANDARD_SCALE, "godlike", "mundane", Action.DEFEND, "before_roll")


@pytest.mark.rule("scale.benefit")
@given(st.integers(1, 4), st.integers(-8, 8))
def test_after_success_never_turns_an_outcome_around(levels: int, shifts: int) -> None:
    """fate-condensed.ru.md § Scale: the +2s come only after success, so fail and tie stay."""
    for side in Side:
        adv = ScaleAdvantage(side, levels, ScaleBenefit.AFTER_SUCCESS, Action.ATTACK)
        after = adv.final_shifts(shifts)
        assert (after > 0) == (shifts > 0) and (after == 0) == (shifts == 0)
        assert abs(after - shifts) in (0, 2 * levels)


@pytest.mark.rule("scale.aspects")
def test_invoking_an_aspect_that_carries_scale() -> None:
    """fate-condensed.ru.md § Aspects and Scale: invoking may grant the aspect's scale."""
    wards = ScaledAspect("scene/wards", "otherworldly")
    assert effective_scale(STANDARD_SCALE, "mundane", invoked=[wards]) == "otherworldly"
    assert effective_scale(STANDARD_SCALE, "legendary", invoked=[wards]) == "legendary"
    assert effective_scale(STANDARD_SCALE, "mundane") == "mundane"


@pytest.mark.rule("scale.aspects")
def test_a_veil_gives_scale_while_sneaking_without_an_invoke() -> None:
    """fate-condensed.ru.md § Aspects and Scale: no need to invoke Veiled to sneak at its scale."""
    veiled = ScaledAspect("ruth/veiled", "supernatural", without_invoke=True)
    assert effective_scale(STANDARD_SCALE, "mundane", in_effect=[veiled]) == "supernatural"
    wards = ScaledAspect("scene/wards", "otherworldly")
    with pytest.raises(IllegalAction, match="only when it is invoked"):
        effective_scale(STANDARD_SCALE, "mundane", in_effect=[wards])
    with pytest.raises(BadInput):
        ScaledAspect("", "mundane")


@pytest.mark.rule("scale.supernatural-advantage")
def test_supernatural_advantages_in_each_case() -> None:
    """fate-condensed.ru.md § Does Scale Apply When Supernaturally Creating an Advantage?"""
    unopposed = supernatural_advantage("unopposed", "supernatural", "scene/veil")
    assert not unopposed.roll and unopposed.free_invokes_without_roll == 1
    assert unopposed.aspect == ScaledAspect("scene/veil", "supernatural")
    vines = supernatural_advantage(AdvantageCase.ON_SOMEONE, "supernatural", "foe/vines")
    assert vines.roll and vines.scale_on_roll  # Entangled by Animated Vines on a foe
    impeded = supernatural_advantage(AdvantageCase.IMPEDED, "supernatural")
    assert impeded.roll and impeded.scale_on_roll and impeded.aspect is None
    plain = supernatural_advantage(AdvantageCase.OTHERWISE, "supernatural", "scene/glyphs")
    assert plain.roll and not plain.scale_on_roll
    assert plain.aspect is not None and plain.aspect.scale == "supernatural"  # scale later
    with pytest.raises(BadInput, match="supernatural advantage"):
        supernatural_advantage("sideways", "supernatural")


def test_doctests() -> None:
    assert doctest.testmod(scale).failed == 0
