"""Skill lists: the presets' lists and the optional rules' alternatives (fate-condensed.ru.md
§ Создайте своих персонажей > Список навыков; § Optional Rules > Changing the Skill List;
ode-kortfattad.sv.rst § Färdigheterna)."""

from __future__ import annotations

import pytest

from fatekit.rules import BadInput
from fatekit.rules.characters.skill_lists import (
    ALTERNATIVE_LISTS,
    APPROACHES,
    CONDENSED_SKILLS,
    CORE_SKILLS,
    ODE_SKILLS,
    SkillList,
    custom_skill_list,
    skill_key,
    skill_list,
)


def test_condensed_has_nineteen_skills_with_stable_keys() -> None:
    """The default list of Fate Condensed names 19 skills."""
    assert len(CONDENSED_SKILLS) == 19
    assert CONDENSED_SKILLS.name_of("physique") == "Physique"
    assert "academics" in CONDENSED_SKILLS
    assert "academics" not in CORE_SKILLS  # Fate Core has no Academics
    assert len(CORE_SKILLS) == 18


def test_ode_shares_keys_and_shows_swedish_names() -> None:
    """Öde's list is Fate Condensed's with its own (Swedish) names."""
    assert ODE_SKILLS.keys == CONDENSED_SKILLS.keys
    assert ODE_SKILLS.name_of("physique") == "Kroppsbyggnad"
    assert ODE_SKILLS.name_of("athletics") == "Sport"
    assert ODE_SKILLS.find("kroppsbyggnad") == "physique"
    assert ODE_SKILLS.find("Rida/köra vagn") == "drive"


@pytest.mark.rule("skills.custom-list")
def test_the_eight_alternative_lists_are_offered() -> None:
    """fate-condensed.ru.md § Optional Rules > Changing the Skill List names eight short lists."""
    assert set(ALTERNATIVE_LISTS) == {
        "actions",
        "approaches",
        "aptitudes",
        "attributes",
        "relationships",
        "roles",
        "themes",
        "values",
    }
    assert [s.name for s in ALTERNATIVE_LISTS["actions"]] == [
        "Endure",
        "Fight",
        "Know",
        "Move",
        "Notice",
        "Pilot",
        "Sneak",
        "Speak",
        "Tinker",
    ]
    assert APPROACHES.keys == ("careful", "clever", "flashy", "forceful", "quick", "sneaky")
    assert len(ALTERNATIVE_LISTS["relationships"]) == 4
    assert skill_list("Themes").name_of("void") == "Void"


@pytest.mark.rule("skills.custom-list")
def test_a_custom_list_from_names_or_a_key_map() -> None:
    """Fred's space game (§ Альтернативные списки навыков) uses nine skills of his own."""
    fred = custom_skill_list(
        "Fred's space game",
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
    assert len(fred) == 9
    assert fred.key == "fred_s_space_game"
    assert fred.find("pilot") == "pilot"
    own = custom_skill_list("Ryssland", {"draka": "Драка", "volya": "Воля"})
    assert own.name_of("draka") == "Драка"


def test_bad_lists_are_refused() -> None:
    with pytest.raises(BadInput, match="more than once"):
        custom_skill_list("Twice", ["Fight", "fight"])
    with pytest.raises(BadInput, match="no skills"):
        SkillList("empty", "Empty", ())
    with pytest.raises(BadInput, match="unknown skill list"):
        skill_list("nope")
    with pytest.raises(BadInput, match="not on the Fate Condensed skill list"):
        CONDENSED_SKILLS.name_of("hacking")
    with pytest.raises(BadInput, match="at least one letter"):
        skill_key("  !! ")


def test_keys_are_made_from_any_language() -> None:
    assert skill_key("Getting into Bar Fights") == "getting_into_bar_fights"
    assert skill_key("Öde") == "ode"
    assert skill_key("Драка") == "драка"
