"""Rule-set files (docs/rulesets.md): the schema, the built-in presets as files, and every way a
bad file is refused with its problems named."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fatekit.formats.ruleset import (
    MAX_BYTES,
    RULESET_SCHEMA,
    dumps_ruleset,
    load_ruleset,
    loads_ruleset,
    ruleset_schema_text,
    ruleset_to_dict,
)
from fatekit.formats.schema_check import check_schema
from fatekit.rules.aspects.aspects import AspectKind
from fatekit.rules.characters.character import harm_capacity, new_character
from fatekit.rules.characters.preset import (
    APPROACH_SPREAD_RULE,
    CONDENSED_STRESS_RULE,
    CORE_STRESS_RULE,
    FAE_STRESS_RULE,
    ODE_STRESS_RULE,
    AdvancementStyle,
    AspectSlot,
    Preset,
    SkillUse,
    StressRow,
    StressTrackSpec,
    TurnOrder,
    TurnOrderStyle,
)
from fatekit.rules.characters.presets import PRESETS, builtin_text
from fatekit.rules.characters.ruleset_data import RulesetProblems
from fatekit.rules.characters.shapes import Tiers, pyramid
from fatekit.rules.characters.skill_lists import (
    APPROACHES,
    CONDENSED_SKILLS,
    CORE_SKILLS,
    ODE_SKILLS,
)
from fatekit.rules.core.actions import Action
from fatekit.rules.core.citations import CONDENSED, CORE_BOOK, FAE_BOOK, ODE
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.switches import OptionalRule
from fatekit.rules.core.tracks import Track
from fatekit.rules.harm.absorb import recommended_plan
from fatekit.rules.harm.consequences import Severity
from fatekit.rules.harm.recovery import RecoveryRules, SevereRecovery
from fatekit.rules.harm.stress import StressStyle
from fatekit.rules.options.ruleset import Ruleset

ROOT = Path(__file__).resolve().parents[2]

# -- the four presets as they were written in Python before they became files ---------------

_STANDARD_USES = (
    SkillUse("fight", Action.ATTACK, Track.PHYSICAL),
    SkillUse("shoot", Action.ATTACK, Track.PHYSICAL, ranged=True),  # Shoot attacks at range
    SkillUse("athletics", Action.DEFEND, Track.PHYSICAL),
    SkillUse("fight", Action.DEFEND, Track.PHYSICAL, melee_only=True),
    SkillUse("provoke", Action.ATTACK, Track.MENTAL),
    SkillUse("will", Action.DEFEND, Track.MENTAL),
)
_TWO_TRACKS = (
    StressTrackSpec(Track.PHYSICAL, "physique"),
    StressTrackSpec(Track.MENTAL, "will"),
)
_FIVE_ASPECTS = (
    AspectSlot(AspectKind.HIGH_CONCEPT),
    AspectSlot(AspectKind.TROUBLE),
    AspectSlot(AspectKind.RELATIONSHIP),
    AspectSlot(AspectKind.CHARACTER, 2),
)
_CORE_ASPECTS = (
    AspectSlot(AspectKind.HIGH_CONCEPT),
    AspectSlot(AspectKind.TROUBLE),
    AspectSlot(AspectKind.CHARACTER, 3),
)


def _ones(n: int) -> tuple[int, ...]:
    return (1,) * n


CONDENSED_PRESET = Preset(
    key="condensed",
    name="Fate Condensed",
    source=CONDENSED,
    skill_lists=(CONDENSED_SKILLS,),
    shape=pyramid(4),
    aspect_slots=_FIVE_ASPECTS,
    stress_style=StressStyle.ONE_POINT,
    stress_tracks=_TWO_TRACKS,
    stress_table=(
        StressRow(0, _ones(3)),
        StressRow(1, _ones(4)),
        StressRow(3, _ones(6)),
        StressRow(5, _ones(6), extra_mild=True),
    ),
    turn_order=TurnOrder(TurnOrderStyle.ELECTIVE),
    skill_uses=_STANDARD_USES,
    stress_rule=CONDENSED_STRESS_RULE,
    recovery=RecoveryRules(((Track.PHYSICAL, "academics"), (Track.MENTAL, "empathy"))),
)

ODE_PRESET = CONDENSED_PRESET.derive(
    "ode",
    "Öde",
    source=ODE,
    skill_lists=(ODE_SKILLS,),
    stress_table=(
        StressRow(0, _ones(3)),
        StressRow(1, _ones(4)),
        StressRow(2, _ones(5)),
        StressRow(3, _ones(6)),
        StressRow(5, _ones(6), extra_mild=True),
    ),
    stress_rule=ODE_STRESS_RULE,
    # Öde: no harder on oneself, severe at any milestone; a solo big bad's reduction rounds down.
    recovery=RecoveryRules(
        ((Track.PHYSICAL, "academics"), (Track.MENTAL, "empathy")), 0, SevereRecovery.MILESTONE
    ),
    solo_rounds_down=True,
)

CORE_PRESET = Preset(
    key="core",
    name="Fate Core",
    source=CORE_BOOK,
    skill_lists=(CORE_SKILLS,),
    shape=pyramid(4),
    aspect_slots=_CORE_ASPECTS,
    stress_style=StressStyle.ESCALATING,
    stress_tracks=_TWO_TRACKS,
    stress_table=(
        StressRow(0, (1, 2)),
        StressRow(1, (1, 2, 3)),
        StressRow(3, (1, 2, 3, 4)),
        StressRow(5, (1, 2, 3, 4), extra_mild=True),
    ),
    turn_order=TurnOrder(
        TurnOrderStyle.SKILL_ORDER,
        ("notice", "athletics", "physique"),
        ("empathy", "rapport", "will"),
    ),
    skill_uses=_STANDARD_USES,
    stress_rule=CORE_STRESS_RULE,
    options=("extreme_consequences", "full_defense_core"),
    recovery=RecoveryRules(
        ((Track.PHYSICAL, "lore"), (Track.MENTAL, "empathy")), 2, SevereRecovery.SCENARIO
    ),
    # The whole book (issue 39): minor, significant and major milestones.
    advancement=AdvancementStyle.CORE,
)

ACCELERATED = Preset(
    key="fae",
    name="Fate Accelerated",
    source=FAE_BOOK,
    skill_lists=(APPROACHES,),
    shape=Tiers("approach spread", ((3, 1), (2, 2), (1, 2), (0, 1)), APPROACH_SPREAD_RULE),
    aspect_slots=_CORE_ASPECTS,
    stress_style=StressStyle.ESCALATING,
    stress_tracks=(StressTrackSpec(Track.ANY, None),),
    stress_table=(StressRow(0, (1, 2, 3)),),
    turn_order=TurnOrder(TurnOrderStyle.APPROACH_ORDER, ("quick",), ("careful",)),
    # Every approach can be used for every action: what matters is how you act, not what with;
    # so any approach's attack may be one from a distance (a thrown knife, an arrow).
    skill_uses=tuple(
        SkillUse(a.key, action, Track.ANY, ranged=action is Action.ATTACK)
        for a in APPROACHES
        for action in (Action.ATTACK, Action.DEFEND)
    ),
    stress_rule=FAE_STRESS_RULE,
    consequence_slots=(Severity.MILD, Severity.MODERATE, Severity.SEVERE),
    # The whole book (issue 39): any box worth enough takes a hit, three milestones over
    # approaches, severe consequences clear at the scenario's end.
    recovery=RecoveryRules(severe=SevereRecovery.SCENARIO),
    stress_any_box=True,
    advancement=AdvancementStyle.ACCELERATED,
)


BEFORE = {p.key: p for p in (CONDENSED_PRESET, CORE_PRESET, ACCELERATED, ODE_PRESET)}


def condensed_data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(builtin_text("condensed"))
    return data


def wealth_hack() -> dict[str, Any]:
    """Fate Condensed with a Wealth track that Resources lengthens and a slot it grants."""
    data = condensed_data()
    data.update(key="merchants", name="Merchant Princes", source="our own table")
    data["stress"]["tracks"].append(
        {
            "harm": "wealth",
            "skill": "resources",
            "name": "Wealth",
            "names": {"ru": "Богатство", "sv": "Förmögenhet"},
            "table": [{"min_rating": 0, "boxes": [1, 1]}, {"min_rating": 2, "boxes": [1, 1, 1]}],
        }
    )
    data["consequences"].append(
        {"severity": "mild", "harm": "wealth", "skill": "resources", "min_rating": 4}
    )
    data["skill_uses"] += [
        {"skill": "resources", "action": "attack", "harm": "wealth"},
        {"skill": "resources", "action": "defend", "harm": "wealth"},
    ]
    return data


# -- the schema -------------------------------------------------------------------------------


def test_published_schema_is_current_and_valid() -> None:
    check_schema(RULESET_SCHEMA)
    published = ROOT / "docs" / "ruleset.schema.json"
    assert published.read_text(encoding="utf-8") == ruleset_schema_text(), (
        "docs/ruleset.schema.json is stale: run `make docs`"
    )


# -- the built-ins are files --------------------------------------------------------------------


@pytest.mark.parametrize("key", sorted(BEFORE))
def test_each_builtin_file_gives_the_preset_it_replaced(key: str) -> None:
    assert PRESETS[key] == BEFORE[key]
    assert loads_ruleset(builtin_text(key)) == BEFORE[key]  # through the schema too


@pytest.mark.parametrize("key", sorted(BEFORE))
def test_a_builtin_written_out_is_its_shipped_file(key: str) -> None:
    assert dumps_ruleset(PRESETS[key]) == builtin_text(key)


def test_the_builtins_keep_their_stress_and_slots_at_every_rating() -> None:
    for key, before in BEFORE.items():
        for rating in range(0, 7):
            skills = {"physique": rating, "will": 6 - rating, "forceful": rating}
            now = harm_capacity(PRESETS[key], skills, ())
            assert now == harm_capacity(before, skills, ())


def test_core_turns_on_its_optional_rules_from_its_file() -> None:
    ruleset = Ruleset.of("core")
    assert ruleset.has(OptionalRule.EXTREME_CONSEQUENCES)
    assert ruleset.has(OptionalRule.FULL_DEFENSE_CORE)
    assert not Ruleset.of("condensed").options


# -- a hack -------------------------------------------------------------------------------------


@pytest.mark.rule("ruleset.own-game")
def test_a_wealth_track_fed_by_resources() -> None:
    """fate-condensed.ru.md § Optional Rules > Changing the Skill List: a group's own game
    hangs tracks and slots off its skills; here Resources fills a Wealth track."""
    preset = loads_ruleset(json.dumps(wealth_hack()))
    wealth = Track("wealth")
    assert preset.track_name(wealth) == "Wealth"
    poor = harm_capacity(preset, {"resources": 1}, ())
    rich = harm_capacity(preset, {"resources": 4}, ())
    assert poor.stress[wealth] == (1, 1)
    assert rich.stress[wealth] == (1, 1, 1)
    assert len(rich.consequences) == len(poor.consequences) + 1
    assert rich.consequences[-1].track is wealth
    sheet = new_character(preset, "ada", "Ada", skills={"resources": 4})
    plan = recommended_plan(sheet, 3, wealth)
    assert plan is not None and len(plan.boxes) == 3  # the Wealth boxes, not physical ones
    assert preset.skills_for(Action.ATTACK, wealth) == ("resources",)
    assert loads_ruleset(dumps_ruleset(preset)) == preset


@pytest.mark.rule("shape.own-tiers")
def test_a_shape_of_its_own_tiers() -> None:
    """fate-condensed.ru.md § Optional Rules > Changing the Skill List: the pyramid, diamond and
    column are only examples of a count of skills per tier."""
    data = condensed_data()
    data["shape"] = {"type": "tiers", "name": "wedge", "tiers": [{"rating": 3, "count": 3}]}
    preset = loads_ruleset(json.dumps(data))
    assert isinstance(preset.shape, Tiers) and preset.shape.points == 9
    problems = preset.shape.check({"fight": 3, "shoot": 3}, preset.skill_lists)
    assert [p.rule.key for p in problems] == ["shape.own-tiers"]


def test_no_shared_slots_and_a_sanity_track() -> None:
    data = condensed_data()
    data["stress"]["tracks"][1] = {"harm": "sanity", "skill": "will", "name": "Sanity"}
    data["consequences"] = [
        {"severity": s, "harm": "physical"} for s in ("mild", "moderate", "severe")
    ]
    data["skill_uses"] = [u for u in data["skill_uses"] if u["harm"] == "physical"] + [
        {"skill": "provoke", "action": "attack", "harm": "sanity"},
        {"skill": "will", "action": "defend", "harm": "sanity"},
    ]
    preset = loads_ruleset(json.dumps(data))
    sheet = new_character(preset, "eli", "Eli", skills={"will": 3})
    assert [s.track for s in sheet.consequences] == [Track.PHYSICAL] * 3
    assert len(sheet.stress[Track("sanity")].boxes) == 6
    assert recommended_plan(sheet, 7, Track("sanity")) is None  # no slot takes sanity harm


# -- bad files ----------------------------------------------------------------------------------


def problems_of(data: Any) -> list[str]:
    text = data if isinstance(data, str | bytes) else json.dumps(data)
    with pytest.raises(RulesetProblems) as raised:
        loads_ruleset(text)
    assert isinstance(raised.value, BadInput)
    return raised.value.problems


def test_wrong_types_and_negative_numbers_are_each_named() -> None:
    data = condensed_data()
    data["refresh"] = -1
    data["free_stunts"] = "three"
    data["stress"]["table"][0]["boxes"] = [0]
    data["aspects"][0]["count"] = 0
    found = problems_of(data)
    assert len(found) == 4
    assert any(p.startswith("$.refresh") for p in found)
    assert any(p.startswith("$.free_stunts") for p in found)
    assert any(p.startswith("$.stress.table[0].boxes[0]") for p in found)
    assert any(p.startswith("$.aspects[0].count") for p in found)


def test_an_unknown_optional_rule_is_named_with_the_choices() -> None:
    data = condensed_data()
    data["options"] = ["gravity"]
    (found,) = problems_of(data)
    assert found.startswith("$.options[0]: 'gravity' is not one of 'conditions'")


def test_a_key_given_twice_is_refused() -> None:
    text = builtin_text("condensed").replace('"refresh": 3,', '"refresh": 3,\n  "refresh": 4,')
    assert problems_of(text) == ["$: the key 'refresh' is given twice in one object"]


def test_every_engine_problem_is_listed_at_once() -> None:
    data = wealth_hack()
    data["stress"]["tracks"][2]["skill"] = "wealthiness"  # not on the list
    data["stress"]["tracks"].append(
        {"harm": "hunger", "skill": None, "table": [{"min_rating": 0, "boxes": []}]}
    )
    data["skill_uses"].append({"skill": "shoot", "action": "attack", "harm": "fear"})
    data["consequences"].append({"severity": "mild", "harm": "fame"})
    data["turn_order"] = {"style": "skill_order", "physical": ["notice"]}
    data["options"] = ["full_defense", "full_defense_core"]
    data["stress"]["rule"] = "no.such.rule"
    found = problems_of(data)
    expected = [
        "$.stress.tracks[2].skill: 'wealthiness' is not on",
        "$.stress.tracks[3].table: no row gives a box",
        "$.consequences[",
        "no stress track takes it",
        "$.skill_uses[",
        "$.turn_order.mental: skill_order needs",
        "$.options: choose one version of full defense",
        "$.stress.rule: no rule has the key 'no.such.rule'",
    ]
    for part in expected:
        assert any(part in p for p in found), (part, found)


def test_a_track_no_skill_fills_and_a_table_that_does_not_rise() -> None:
    data = condensed_data()
    data["stress"]["tracks"][0]["skill"] = "muscle"
    data["stress"]["table"] = [
        {"min_rating": 3, "boxes": [1]},
        {"min_rating": 1, "boxes": [1, 1]},
    ]
    found = problems_of(data)
    assert "$.stress.tracks[0].skill: 'muscle' is not on the rule set's skill list(s)" in found
    assert any(p.startswith("$.stress.table: rows must rise") for p in found)


def test_one_point_boxes_worth_more_and_a_shape_too_big_for_the_list() -> None:
    data = condensed_data()
    data["stress"]["table"][1]["boxes"] = [1, 2]
    data["skill_lists"][0]["skills"] = data["skill_lists"][0]["skills"][:5]
    data["turn_order"] = {"style": "elective"}
    data["skill_uses"] = []
    data["stress"]["tracks"] = [{"harm": "physical", "skill": None}]
    data["recovery"]["skills"] = []  # Academics and Empathy are off the short list
    found = problems_of(data)
    assert found[0].startswith("$.stress.table[1].boxes: one-point boxes are each worth 1")
    data["stress"]["table"][1]["boxes"] = [1, 1]
    assert problems_of(data) == [
        "$: a pyramid rating 10 skills needs a longer list than Fate Condensed's 5"
    ]


def test_ten_megabytes_of_nonsense_and_other_texts_that_are_not_rule_sets(tmp_path: Path) -> None:
    assert problems_of(b"x" * (10 * 1024 * 1024)) == [
        f"$: a rule-set file is at most {MAX_BYTES // 1024} KiB; this one is larger"
    ]
    assert problems_of(b"\xff\xfe{") == ["$: not UTF-8 text"]
    assert problems_of("{")[0].startswith("$: not JSON")
    assert problems_of("[]")[0].startswith("$: ")
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_BYTES + 10))
    with pytest.raises(RulesetProblems, match="at most"):
        load_ruleset(big)
    with pytest.raises(BadInput, match="cannot read"):
        load_ruleset(tmp_path / "missing.json")


def test_a_character_file_is_not_a_rule_set() -> None:
    found = problems_of({"format": "fatekit-character", "version": 1, "id": "x", "name": "X"})
    assert any("$.format" in p for p in found)


def test_writing_names_every_part_a_gm_edits() -> None:
    written = ruleset_to_dict(PRESETS["fae"])
    assert written["shape"] == {
        "type": "tiers",
        "name": "approach spread",
        "tiers": [
            {"rating": 3, "count": 1},
            {"rating": 2, "count": 2},
            {"rating": 1, "count": 2},
            {"rating": 0, "count": 1},
        ],
        "rule": "preset.fae.approaches",
    }
    assert written["stress"]["tracks"] == [{"harm": "any", "skill": None}]
