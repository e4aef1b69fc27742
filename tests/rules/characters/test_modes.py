"""Modes (srd/atomic-robo-SRD.md § Modes; srd/fate-system-toolkit-SRD.md § Skill Modes): skill
ratings derived from mode ratings, reinforcement and bought steps; the budget; rule-set files
with modes and characters in them, refused with field-level reasons."""

from __future__ import annotations

import copy
import doctest
import json
from pathlib import Path
from typing import Any

import pytest

from fatekit.formats import load_character
from fatekit.formats.character_json import character_to_dict, dumps_character, loads_character
from fatekit.formats.ruleset import dumps_ruleset, load_ruleset, loads_ruleset, ruleset_from_dict
from fatekit.rules.characters import modes as modes_module
from fatekit.rules.characters.modes import (
    Mode,
    ModeShape,
    home_modes,
    improvement_cost,
    mode_problems,
    mode_skill_ratings,
    modes_spent,
)
from fatekit.rules.characters.presets import CONDENSED_PRESET
from fatekit.rules.characters.ruleset_data import RulesetProblems
from fatekit.rules.characters.validation import validate

EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples" / "rulesets"
RULESET = EXAMPLES / "action-science.ruleset.json"
CHARACTER = EXAMPLES / "action-science.character.json"

#: Atomic Robo's standard modes and their skills and costs (§ The Standard Modes, § Mode Costs),
#: with a few of the Science mode's sciences.
ROBO = ModeShape(
    modes=(
        Mode(
            "action",
            "Action",
            ("athletics", "combat", "notice", "physique", "provoke", "vehicles"),
            9,
        ),
        Mode(
            "banter", "Banter", ("contacts", "deceive", "empathy", "provoke", "rapport", "will"), 9
        ),
        Mode(
            "intrigue",
            "Intrigue",
            ("athletics", "burglary", "contacts", "deceive", "notice", "stealth"),
            9,
        ),
        Mode("science", "Science", ("notice", "will", "physics", "robotics"), 3),
    ),
    ratings=(3, 2, 1),
    budget=30,
    step_costs=(1, 2),
)
#: The book's worked example: Good Action, Fair Science, Average Intrigue.
EXAMPLE = {"action": 3, "science": 2, "intrigue": 1}


def test_the_docstring_examples_hold() -> None:
    assert doctest.testmod(modes_module).failed == 0


@pytest.mark.rule("modes.trained")
def test_a_trained_skill_has_its_modes_rating() -> None:
    """§ Trained, Focused, and Specialized Skills: every skill of a mode taken starts at the mode's
    rating."""
    ratings = mode_skill_ratings(ROBO, EXAMPLE, {})
    assert ratings["combat"] == 3  # Action only
    assert ratings["robotics"] == 2  # Science only
    assert ratings["stealth"] == 1  # Intrigue only


@pytest.mark.rule("modes.untaken")
def test_a_skill_in_no_mode_taken_is_mediocre_and_cannot_be_improved() -> None:
    """§ Trained, Focused, and Specialized Skills: modes not taken are Mediocre, and so are their
    skills, improvements or not."""
    ratings = mode_skill_ratings(ROBO, EXAMPLE, {"rapport": 2})
    assert "rapport" not in ratings and "empathy" not in ratings
    problems = mode_problems(ROBO, EXAMPLE, {"rapport": 1}, ratings)
    assert [(p.where, p.code, p.rule.key) for p in problems] == [
        ("skill_improvements.rapport", "mode_untaken", "modes.untaken")
    ]


@pytest.mark.rule("modes.reinforced")
def test_the_books_reinforced_example() -> None:
    """§ Reinforced Skills: with Good Action, Fair Science and Average Intrigue, Notice is in all
    three (Superb, +5) and Athletics in Action and Intrigue (Great, +4), each written once, under
    Action."""
    ratings = mode_skill_ratings(ROBO, EXAMPLE, {})
    assert ratings["notice"] == 5
    assert ratings["athletics"] == 4
    assert ratings["will"] == 2  # Science only: Banter is not taken
    home = home_modes(ROBO, EXAMPLE)
    assert home["notice"] == "action" and home["athletics"] == "action"
    assert home["will"] == "science" and home["stealth"] == "intrigue"


@pytest.mark.rule("modes.reinforced")
def test_the_toolkits_reinforced_example() -> None:
    """Toolkit § Reinforced Skills: Good Thievery, Fair Talk, Average Battle; Athletics is in
    Thievery and Battle, Deceit in Thievery and Talk: both Great (+4) under Thievery."""
    toolkit = ModeShape(
        modes=(
            Mode("battle", "Battle", ("athletics", "intimidation", "melee", "missile", "physique")),
            Mode("talk", "Talk", ("contacts", "deceit", "empathy", "rapport", "will")),
            Mode("thievery", "Thievery", ("athletics", "burglary", "deceit", "notice", "stealth")),
        ),
        budget=7,
    )
    modes = {"thievery": 3, "talk": 2, "battle": 1}
    ratings = mode_skill_ratings(toolkit, modes, {})
    assert ratings["athletics"] == 4 and ratings["deceit"] == 4
    # § Improving Skills: Will spends 3 on Stealth (+3 to +5), 3 on Melee (+1 to +3) and 1 on
    # Contacts (+2 to +3): all 7 points, legal.
    bought = {"stealth": 2, "melee": 2, "contacts": 1}
    ratings = mode_skill_ratings(toolkit, modes, bought)
    assert (ratings["stealth"], ratings["melee"], ratings["contacts"]) == (5, 3, 3)
    assert modes_spent(toolkit, modes, bought) == 7
    assert mode_problems(toolkit, modes, bought, ratings) == []


@pytest.mark.rule("modes.improve")
def test_improvements_cost_one_two_and_three() -> None:
    """§ Improving Skills Within Modes: focus a trained skill 1, specialize a focused one 2,
    specialize a trained one 3."""
    assert improvement_cost(ROBO, reinforced=0, bought=1) == 1
    assert improvement_cost(ROBO, reinforced=1, bought=1) == 2
    assert improvement_cost(ROBO, reinforced=0, bought=2) == 3
    assert improvement_cost(ROBO, reinforced=2, bought=0) == 0
    ratings = mode_skill_ratings(ROBO, EXAMPLE, {"physics": 2, "athletics": 1, "stealth": 1})
    assert (ratings["physics"], ratings["athletics"], ratings["stealth"]) == (4, 5, 2)


@pytest.mark.rule("modes.trained")
def test_no_skill_goes_past_specialized() -> None:
    """§ Trained, Focused, and Specialized Skills: two steps above the mode at most; Notice,
    reinforced twice, cannot be improved at all."""
    ratings = mode_skill_ratings(ROBO, EXAMPLE, {"notice": 1, "combat": 3})
    assert ratings["notice"] == 5 and ratings["combat"] == 5  # capped where they are derived
    problems = mode_problems(ROBO, EXAMPLE, {"notice": 1, "combat": 3}, ratings)
    assert {(p.where, p.code) for p in problems} >= {
        ("skill_improvements.notice", "mode_steps"),
        ("skill_improvements.combat", "mode_steps"),
    }


@pytest.mark.rule("modes.budget")
def test_modes_cost_points_and_what_is_left_buys_improvements() -> None:
    """§ Mode Costs: Action, Banter and Intrigue 9 each, Science 3, out of about 30 skill points:
    Action, Science and Intrigue leave 9 points; Action, Banter and Intrigue only 3."""
    assert modes_spent(ROBO, EXAMPLE, {}) == 21
    # 9 points left: three skills specialized from trained cost exactly 9.
    nine = {"physics": 2, "robotics": 2, "combat": 2}
    assert modes_spent(ROBO, EXAMPLE, nine) == 30
    assert mode_problems(ROBO, EXAMPLE, nine, mode_skill_ratings(ROBO, EXAMPLE, nine)) == []
    social = {"action": 3, "banter": 2, "intrigue": 1}
    over = {"combat": 2, "rapport": 1}  # 3 + 1 beyond the 3 points left
    problems = mode_problems(ROBO, social, over, mode_skill_ratings(ROBO, social, over))
    assert [(p.where, p.code, dict(p.args)) for p in problems] == [
        ("skill_improvements", "mode_points", {"spent": 31, "budget": 30})
    ]
    # Points earned in play (advancement) raise the budget.
    assert mode_problems(ROBO, social, over, mode_skill_ratings(ROBO, social, over), earned=1) == []


@pytest.mark.rule("modes.ratings")
@pytest.mark.parametrize(
    ("modes", "partial", "bad"),
    [
        ({"action": 3, "science": 2, "intrigue": 1}, False, False),
        ({"action": 3, "science": 3, "intrigue": 1}, False, True),  # Good twice
        ({"action": 3, "science": 2}, False, True),  # a mode short
        ({"action": 3, "science": 2}, True, False),  # as you play: the third comes later
        ({"action": 3, "science": 2, "intrigue": 1, "banter": 1}, True, True),  # four
        ({"action": 4, "science": 2, "intrigue": 1}, True, True),  # no Great mode
    ],
)
def test_three_modes_rated_good_fair_and_average(
    modes: dict[str, int], partial: bool, bad: bool
) -> None:
    """§ What Modes Do: three modes, one Good (+3), one Fair (+2), one Average (+1)."""
    problems = mode_problems(ROBO, modes, {}, mode_skill_ratings(ROBO, modes, {}), partial=partial)
    assert [p.code for p in problems] == (["mode_ratings"] if bad else [])
    assert all(p.where == "modes" for p in problems)


@pytest.mark.rule("modes.ratings")
def test_a_mode_the_rule_set_lacks_is_named() -> None:
    problems = mode_problems(ROBO, {"action": 3, "robot": 2, "science": 1}, {}, {})
    assert ("modes.robot", "mode_unknown") in {(p.where, p.code) for p in problems}


@pytest.mark.rule("modes.trained")
def test_ratings_written_otherwise_than_the_modes_give_are_refused() -> None:
    ratings = mode_skill_ratings(ROBO, EXAMPLE, {})
    ratings["combat"] = 4
    ratings["rapport"] = 1
    problems = mode_problems(ROBO, EXAMPLE, {}, ratings)
    assert [(p.where, dict(p.args)) for p in problems] == [
        ("skills.combat", {"skill": "combat", "rating": 4, "derived_rating": 3}),
        ("skills.rapport", {"skill": "rapport", "rating": 1, "derived_rating": 0}),
    ]


# -- rule-set files --------------------------------------------------------------------------------


def _ruleset() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(RULESET.read_text(encoding="utf-8"))
    return data


@pytest.mark.rule("modes.budget")
def test_the_example_rule_set_has_atomic_robos_four_modes_and_round_trips() -> None:
    preset = load_ruleset(RULESET)
    shape = preset.shape
    assert isinstance(shape, ModeShape)
    assert [(m.key, m.cost) for m in shape.modes] == [
        ("action", 9),
        ("banter", 9),
        ("intrigue", 9),
        ("science", 3),
    ]
    assert shape.ratings == (3, 2, 1) and shape.budget == 30 and shape.step_costs == (1, 2)
    assert shape.mode("banter").name_in("sv") == "Snack"
    assert loads_ruleset(dumps_ruleset(preset)) == preset


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda s: s["modes"][0]["skills"].append("flying"), "$.shape.modes[0].skills[6]"),
        (lambda s: s["modes"][1].update(key="action"), "$.shape"),
        (lambda s: s.update(ratings=[3, 2, 1, 1, 1]), "$.shape"),
        (lambda s: s["modes"][0].update(cost=-1), "$.shape"),
        (lambda s: s.update(step_costs=[]), "$.shape"),
        (lambda s: s["modes"][3].update(skills=[]), "$.shape"),
        (lambda s: s["modes"][2].update(skills=["notice", "notice"]), "$.shape"),
    ],
)
def test_a_bad_modes_shape_is_refused_with_its_place(change: Any, where: str) -> None:
    data = _ruleset()
    change(data["shape"])
    with pytest.raises(RulesetProblems) as refused:
        ruleset_from_dict(data)
    assert any(p.startswith(where) for p in refused.value.problems), refused.value.problems


# -- characters ------------------------------------------------------------------------------


def test_the_sample_character_is_legal_and_its_file_round_trips() -> None:
    preset = load_ruleset(RULESET)
    loaded = load_character(CHARACTER, preset).character
    assert validate(loaded, preset) == []
    assert loaded.modes == EXAMPLE
    assert loaded.skill_improvements == {"physics": 2, "stealth": 1}
    assert (loaded.rating("notice"), loaded.rating("athletics"), loaded.rating("physics")) == (
        5,
        4,
        4,
    )
    again = loads_character(dumps_character(loaded, preset), preset).character
    assert again.modes == loaded.modes
    assert again.skill_improvements == loaded.skill_improvements
    assert again.skills == loaded.skills


def test_a_file_with_modes_and_no_ratings_gets_the_ratings_its_modes_give() -> None:
    preset = load_ruleset(RULESET)
    data = json.loads(CHARACTER.read_text(encoding="utf-8"))
    del data["skills"]
    loaded = loads_character(json.dumps(data), preset).character
    assert loaded.rating("notice") == 5 and loaded.rating("stealth") == 2
    assert validate(loaded, preset) == []


@pytest.mark.parametrize(
    ("change", "where", "code"),
    [
        (lambda d: d["modes"].update(science=3), "modes", "mode_ratings"),
        (lambda d: d["modes"].update(robot=1), "modes.robot", "mode_unknown"),
        (lambda d: d["skill_improvements"].update(rapport=1), "skill_improvements.rapport",
         "mode_untaken"),
        (lambda d: d["skill_improvements"].update(notice=1), "skill_improvements.notice",
         "mode_steps"),
        (lambda d: d["skill_improvements"].update(combat=2, robotics=2), "skill_improvements",
         "mode_points"),
        (lambda d: d["skills"].update(combat=4), "skills.combat", "mode_skill"),
    ],
)  # fmt: skip
def test_a_bad_character_is_refused_at_the_field(change: Any, where: str, code: str) -> None:
    preset = load_ruleset(RULESET)
    data = json.loads(CHARACTER.read_text(encoding="utf-8"))
    before = copy.deepcopy(data)
    change(data)
    if code != "mode_skill":  # the ratings written follow the modes, the change is elsewhere
        del data["skills"]
    loaded = loads_character(json.dumps(data), preset).character
    assert (where, code) in {(p.where, p.code) for p in validate(loaded, preset)}
    assert json.loads(CHARACTER.read_text(encoding="utf-8")) == before


def test_modes_on_a_sheet_whose_rule_set_has_none_are_refused() -> None:
    preset = load_ruleset(RULESET)
    sheet = load_character(CHARACTER, preset).character
    data = character_to_dict(sheet)
    data.update(preset="condensed")
    del data["stress"], data["consequences"], data["refresh"], data["fate_points"]
    moved = loads_character(json.dumps(data), CONDENSED_PRESET).character
    found = {(p.where, p.code) for p in validate(moved, CONDENSED_PRESET)}
    assert ("modes.action", "mode_unknown") in found
    assert ("skill_improvements.physics", "mode_untaken") in found


def test_the_character_schema_bounds_modes_and_improvements() -> None:
    preset = load_ruleset(RULESET)
    data = json.loads(CHARACTER.read_text(encoding="utf-8"))
    data["skill_improvements"]["physics"] = 9
    with pytest.raises(Exception, match="skill_improvements"):
        loads_character(json.dumps(data), preset)
    data = json.loads(CHARACTER.read_text(encoding="utf-8"))
    data["modes"]["action"] = 11
    with pytest.raises(Exception, match="modes"):
        loads_character(json.dumps(data), preset)
