"""Rating shapes and the column rule (fate-condensed.ru.md § Создайте своих персонажей > Навыки,
§ Optional Rules > Changing the Skill List, § Развитие > Повышение рейтинга навыков;
ode-kortfattad.sv.rst § Karriär > Förbättra färdighetsnivåer)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fatekit.rules import BadInput
from fatekit.rules.characters.shapes import (
    Combined,
    FreeCap,
    RatingRange,
    column,
    column_problems,
    diamond,
    pyramid,
)
from fatekit.rules.characters.skill_lists import (
    ACTIONS,
    CONDENSED_SKILLS,
    THEMES,
    custom_skill_list,
)

KEYS = CONDENSED_SKILLS.keys
PYRAMID = {
    "notice": 4,
    "athletics": 3,
    "physique": 3,
    "fight": 2,
    "shoot": 2,
    "will": 2,
    "lore": 1,
    "rapport": 1,
    "academics": 1,
    "stealth": 1,
}


@pytest.mark.rule("shape.pyramid")
def test_the_default_pyramid_is_one_two_three_four() -> None:
    """One Great, two Good, three Fair, four Average; everything else Mediocre."""
    shape = pyramid()
    assert shape.describe() == "pyramid: 1 at +4, 2 at +3, 3 at +2, 4 at +1"
    assert shape.points == 20
    assert shape.peak == 4
    assert shape.check(PYRAMID, (CONDENSED_SKILLS,)) == []


@pytest.mark.rule("shape.pyramid")
def test_pyramid_problems_name_every_tier() -> None:
    """An extra Fair skill and a missing Average one are both reported."""
    sheet = dict(PYRAMID, stealth=2)
    messages = [str(p) for p in pyramid().check(sheet, (CONDENSED_SKILLS,))]
    assert messages[0].startswith("skills: 4 at Fair (+2) but the pyramid has 3 skills there")
    assert messages[1].startswith("skills: 3 at Average (+1) but the pyramid has 4 skills there")


@pytest.mark.rule("shape.pyramid")
def test_pyramid_peak_and_negative_ratings() -> None:
    """Nothing above the peak or below Mediocre at the start."""
    problems = pyramid().check(dict(PYRAMID, notice=5, drive=-1), (CONDENSED_SKILLS,))
    wheres = {p.where for p in problems}
    assert {"skills.notice", "skills.drive"} <= wheres
    assert any("above the peak" in p.detail for p in problems)
    assert any("below Mediocre" in p.detail for p in problems)


@pytest.mark.rule("shape.pyramid", "character.as-you-play")
def test_partial_pyramid_allows_empty_slots_but_not_overfull_ones() -> None:
    """Creation as you play leaves slots empty; it never lets a tier hold more than its slots."""
    shape = pyramid()
    assert shape.check({"notice": 4}, (CONDENSED_SKILLS,), partial=True) == []
    over = shape.check({"notice": 4, "lore": 4}, (CONDENSED_SKILLS,), partial=True)
    assert [p.detail for p in over] == ["2 at Great (+4) but the pyramid has 1 skill there"]


@pytest.mark.rule("shape.diamond")
def test_freds_diamond_on_nine_skills() -> None:
    """Fred's example: 1 at +4, 2 at +3, 3 at +2, 2 at +1 and 1 at +0 over a nine-skill list."""
    fred = custom_skill_list(
        "Fred",
        [
            "Fight",
            "Lore",
            "Mobility",
            "Investigate",
            "Pilot",
            "Infiltrate",
            "Perform",
            "Repair",
            "Will",
        ],
    )
    ratings = {
        "pilot": 4,
        "fight": 3,
        "mobility": 3,
        "repair": 2,
        "investigate": 2,
        "will": 2,
        "lore": 1,
        "perform": 1,
    }
    shape = diamond()
    assert shape.check(ratings, (fred,)) == []
    # Rating the last Mediocre skill leaves no +0 and one too many at +1.
    wrong = shape.check(dict(ratings, infiltrate=1), (fred,))
    assert [p.detail for p in wrong] == [
        "3 at Average (+1) but the diamond has 2 skills there",
        "0 at Mediocre (+0) but the diamond has 1 skill there",
    ]


@pytest.mark.rule("shape.column")
def test_a_column_and_a_line() -> None:
    """A column rates the same number of skills at each tier; one per tier makes a line."""
    line = column(peak=3)
    assert line.check({"fight": 3, "move": 2, "sneak": 1}, (ACTIONS,)) == []
    assert line.check({"fight": 3, "move": 3, "sneak": 1}, (ACTIONS,)) != []
    wide = column(peak=2, width=2)
    assert wide.describe() == "column: 2 at +2, 2 at +1"
    with pytest.raises(BadInput):
        column(peak=0)


@pytest.mark.rule("shape.free-cap")
def test_free_cap_spends_a_budget_under_a_cap() -> None:
    """Free + cap: any spread, staying under the cap; 20 points buys the default pyramid."""
    shape = FreeCap(budget=20, cap=4)
    assert shape.check(PYRAMID, (CONDENSED_SKILLS,)) == []
    flat = {k: 2 for k in KEYS[:10]}
    assert shape.check(flat, (CONDENSED_SKILLS,)) == []
    over = shape.check({**{k: 1 for k in KEYS[:15]}, "fight": 5}, (CONDENSED_SKILLS,))
    assert [p.where for p in over] == ["skills.fight", "skills"]
    assert shape.check({"fight": 4}, (CONDENSED_SKILLS,)) != []
    assert shape.check({"fight": 4}, (CONDENSED_SKILLS,), partial=True) == []


@pytest.mark.rule("shape.combined")
def test_two_combined_lists_keep_totals_between_zero_and_cap() -> None:
    """Combination: e.g. +0 to +2 on each list, or -1 to +1 on one and +1 to +3 on the other."""
    with pytest.raises(BadInput, match="between \\+0 and \\+4"):
        Combined(RatingRange(0, 3), RatingRange(0, 2), cap=4)
    with pytest.raises(BadInput):
        Combined(RatingRange(-1, 1), RatingRange(0, 2))
    shape = Combined(RatingRange(-1, 1), RatingRange(1, 3), cap=4)
    ratings = {a.key: 0 for a in ACTIONS} | {t.key: 1 for t in THEMES}
    ratings |= {"fight": 1, "sneak": -1, "fire": 3}
    assert shape.check(ratings, (ACTIONS, THEMES)) == []
    unrated_theme = {k: v for k, v in ratings.items() if k != "void"}
    problems = shape.check(unrated_theme, (ACTIONS, THEMES))
    assert [p.where for p in problems] == ["skills.void"]
    assert shape.check(unrated_theme, (ACTIONS, THEMES), partial=True) == []


@pytest.mark.rule("shape.combined")
def test_combined_budgets() -> None:
    shape = Combined(RatingRange(0, 2, budget=6), RatingRange(0, 2, budget=4))
    ratings = {"fight": 2, "move": 2, "know": 2, "fire": 2, "water": 2}
    assert shape.check(ratings, (ACTIONS, THEMES)) == []
    assert len(shape.check(dict(ratings, pilot=1), (ACTIONS, THEMES))) == 1


@pytest.mark.rule("skills.column-rule")
def test_the_column_rule_examples() -> None:
    """The four tables of § Повышение рейтинга навыков: pyramid ok, 1-2-4-3 wrong, 1-2-4-4 and
    1-3-3-3 ok."""

    def sheet(*tiers: int) -> dict[str, int]:
        ratings: dict[str, int] = {}
        keys = iter(KEYS)
        for rating, count in zip((4, 3, 2, 1), tiers, strict=True):
            ratings.update({next(keys): rating for _ in range(count)})
        return ratings

    assert column_problems(sheet(1, 2, 3, 4)) == []
    wrong = column_problems(sheet(1, 2, 4, 3))
    assert [str(p) for p in wrong] == [
        "skills: 4 at Fair (+2) but only 3 at Average (+1): no tier may hold more skills than "
        "the tier below (Mediocre (+0) is not counted)"
    ]
    assert column_problems(sheet(1, 2, 4, 4)) == []
    assert column_problems(sheet(1, 3, 3, 3)) == []


@pytest.mark.rule("skills.column-rule.mediocre-uncounted")
def test_average_is_never_limited_by_mediocre() -> None:
    """ode-kortfattad.sv.rst § Förbättra färdighetsnivåer: the tiers are counted without
    Medioker (+0)."""
    assert column_problems({k: 1 for k in KEYS}) == []
    assert column_problems({"fight": 3}) != []  # a gap below: nothing at +2 or +1


@given(st.dictionaries(st.sampled_from(KEYS), st.integers(0, 6)))
def test_column_rule_matches_its_definition(ratings: dict[str, int]) -> None:
    counts = [sum(1 for r in ratings.values() if r == t) for t in range(8)]
    broken = any(counts[t] > counts[t - 1] for t in range(2, 8))
    assert bool(column_problems(ratings)) == broken


@given(st.permutations(KEYS))
def test_any_pyramid_on_any_skills_is_legal(order: list[str]) -> None:
    ratings = dict(zip(order, [4, 3, 3, 2, 2, 2, 1, 1, 1, 1], strict=False))
    assert pyramid().check(ratings, (CONDENSED_SKILLS,)) == []
    assert column_problems(ratings) == []
