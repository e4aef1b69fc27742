"""Two combined skill lists (fate-condensed.ru.md § Optional Rules > Changing the Skill List,
Combination): a roll adds one skill from each list, and other rule sets roll one."""

from __future__ import annotations

from pathlib import Path

import pytest

from fatekit.formats.ruleset import load_ruleset
from fatekit.rules.characters.combined_rolls import (
    best_second,
    check_pair,
    combined_rating,
    first_skills,
    is_combined,
    pair_rating,
)
from fatekit.rules.characters.presets import PRESETS
from fatekit.rules.core.errors import BadInput

EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples" / "rulesets"
BLADES = load_ruleset(EXAMPLES / "crossed-blades.ruleset.json")
INES = {"swordplay": 2, "riding": 1, "daring": 1, "grace": 2, "cunning": 1}


@pytest.mark.rule("skills.combined-roll")
def test_the_rating_rolled_is_the_two_added() -> None:
    assert combined_rating(2, 1) == 3
    assert combined_rating(0, 0) == 0
    assert pair_rating(lambda k: INES.get(k, 0), "swordplay", "daring") == 3
    assert pair_rating(lambda k: INES.get(k, 0), "sneaking", "resolve") == 0  # both Mediocre
    assert pair_rating(lambda k: INES.get(k, 0), "swordplay", None) == 2  # one list: one skill


@pytest.mark.rule("skills.combined-roll")
def test_only_a_combined_shape_adds_two() -> None:
    assert is_combined(BLADES)
    assert not any(is_combined(p) for p in PRESETS.values())


@pytest.mark.rule("skills.combined-roll")
@pytest.mark.parametrize(
    ("skill", "second", "code"),
    [
        ("swordplay", None, "second_skill_needed"),
        ("grace", "daring", "first_skill_list"),
        ("swordplay", "riding", "second_skill_list"),
        ("xylophone", "daring", "first_skill_list"),
    ],
)
def test_a_pair_off_the_lists_is_refused(skill: str, second: str | None, code: str) -> None:
    with pytest.raises(BadInput) as raised:
        check_pair(BLADES, INES, skill, second, who="ines")
    assert raised.value.code == code
    assert "skills.combined-roll" in str(raised.value)


@pytest.mark.rule("skills.combined-roll")
def test_a_pair_on_the_lists_passes_and_a_hazards_own_skill_comes_first() -> None:
    check_pair(BLADES, INES, "swordplay", "daring", who="ines")
    check_pair(BLADES, {"scalding": 3}, "scalding", "resolve", who="steam")
    check_pair(BLADES, {"scalding": 3}, "scalding", None, who="steam")  # rated on its own


@pytest.mark.rule("skills.combined-roll")
def test_one_list_refuses_a_second_skill() -> None:
    condensed = PRESETS["condensed"]
    check_pair(condensed, {}, "fight", None, who="ruth")
    with pytest.raises(BadInput) as raised:
        check_pair(condensed, {}, "fight", "athletics", who="ruth")
    assert raised.value.code == "second_skill_refused"


def test_the_best_second_and_the_first_skills() -> None:
    assert best_second(BLADES, INES) == "grace"
    assert best_second(BLADES, {}) == "daring"  # all Mediocre: the first in list order
    assert best_second(PRESETS["condensed"], INES) is None
    assert first_skills(BLADES, INES) == ("swordplay", "riding")
    assert first_skills(PRESETS["condensed"], ("fight", "lore")) == ("fight", "lore")
