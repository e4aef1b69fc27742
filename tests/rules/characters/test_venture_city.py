"""Venture City built in (issue 41): powers as packages bought with refresh, read from rule-set
data and checked on the sheet; the book's worked flyer (Miles) costed step by step; the golden
scene where granted stunts play as stunts do (srd/venture-city.md)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from fatekit.formats import load_character
from fatekit.formats.character_json import character_from_dict, character_to_dict
from fatekit.formats.ruleset import ruleset_from_dict, ruleset_to_dict
from fatekit.rules.aspects.stunts import ExtraStress, SkillBonus, Stunt, TrueDetail
from fatekit.rules.characters.advancement import BuyStunt, RewriteStunt, planned_change
from fatekit.rules.characters.character import (
    Character,
    new_character,
    sheet_refresh_cost,
    stunt_refresh_cost,
)
from fatekit.rules.characters.packages import (
    BoughtPackage,
    PackageGroup,
    granted_stunts,
    packages_cost,
)
from fatekit.rules.characters.presets import (
    BUILTIN_KEYS,
    CORE_PRESET,
    VENTURE_PRESET,
    builtin_text,
    get_preset,
)
from fatekit.rules.characters.ruleset_data import RulesetProblems
from fatekit.rules.characters.validation import validate
from fatekit.rules.core.citations import VENTURE_BOOK, book_key
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.golden.replay import replay

SAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples" / "venture-city"


def miles() -> Character:
    return load_character(SAMPLES / "miles.character.json").character


def _data() -> dict[str, Any]:
    return json.loads((SAMPLES / "miles.character.json").read_text(encoding="utf-8"))


def _with(options: list[str], *more: BoughtPackage) -> Character:
    data = _data()
    data["packages"] = [{"key": "flight", "options": options}] + [
        {"key": b.key, "options": list(b.options)} for b in more
    ]
    return character_from_dict(data).character


def codes(sheet: Character) -> dict[str, str]:
    return {p.code: p.where for p in validate(sheet)}


def test_venture_city_is_built_in_by_key_and_by_name() -> None:
    assert "venturecity" in BUILTIN_KEYS
    assert get_preset("venture-city") is VENTURE_PRESET
    assert VENTURE_PRESET.source == VENTURE_BOOK
    assert book_key(VENTURE_BOOK) == "venturecity"
    # The shipped file is what the preset writes back, as for every built-in.
    assert json.loads(builtin_text("venturecity")) == ruleset_to_dict(VENTURE_PRESET)
    # Fate Core's sheet, with powers on top.
    assert VENTURE_PRESET.skill_keys == CORE_PRESET.skill_keys
    assert (VENTURE_PRESET.refresh, VENTURE_PRESET.free_stunts) == (3, 3)
    spec = VENTURE_PRESET.packages
    assert spec is not None
    assert (spec.bonus_stunts, spec.most) == (3, 2)


@pytest.mark.rule("package.cost", "package.options")
def test_the_books_worked_flyer_costs_what_the_book_says_step_by_step() -> None:
    """Making Your Character and Powers: Basic Flight and Master Flight twice use the three
    bonus stunts; Super Speed and Improved Reaction Time two free stunts; the first theme is
    free and Stunning Blow takes the last free stunt; two special effects are free; Bullrush
    costs a refresh, leaving 2."""
    spec = VENTURE_PRESET.packages
    steps = [
        (["master-flight", "master-flight"], 3, 3),
        (["super-speed-synergy", "improved-reaction-time"], 5, 3),
        (["electricity-projection", "stunning-blow"], 6, 3),
        (["physical-recovery", "inflict-condition"], 6, 3),
        (["bullrush"], 7, 2),
    ]
    bought: list[str] = []
    assert packages_cost(spec, [BoughtPackage("flight")]) == 1
    for more, stunts, refresh in steps:
        bought += more
        cost = packages_cost(spec, [BoughtPackage("flight", tuple(bought))])
        assert cost == stunts
        assert VENTURE_PRESET.refresh - stunt_refresh_cost(VENTURE_PRESET, 0, cost) == refresh
    sheet = miles()
    assert validate(sheet) == []
    assert (sheet.refresh, sheet.fate_points) == (2, 2)
    # One more stunt of his own costs a refresh: the bonus and free ones are spent.
    assert sheet_refresh_cost(sheet, VENTURE_PRESET, 1) == 2
    # The bonus stunts pay for packages only: a sheet with no power pays for its fourth stunt.
    assert stunt_refresh_cost(VENTURE_PRESET, 4) == 1


@pytest.mark.rule("package.options")
def test_one_payment_buys_two_special_effects_and_the_first_theme_is_free() -> None:
    spec = VENTURE_PRESET.packages
    assert spec is not None
    base = ("very-noticeable", "megaton-punch", "forced-movement", "area-attack")
    assert packages_cost(spec, [BoughtPackage("flight", base)]) == 1
    assert packages_cost(spec, [BoughtPackage("flight", (*base, "extra-movement"))]) == 2
    assert (
        packages_cost(spec, [BoughtPackage("flight", (*base, "extra-movement", "extra-action"))])
        == 2
    )
    two_themes = (*base, "electricity-projection", "fire-projection")
    assert packages_cost(spec, [BoughtPackage("flight", two_themes)]) == 2
    # A group's cost: the free ones, then one payment per per_cost options; below 0 pays back.
    assert PackageGroup("w", "Weakness", cost=-1).cost_of(2) == -2
    assert PackageGroup("s", "Effects", cost=1, free=2, per_cost=2).cost_of(5) == 2


@pytest.mark.rule("package.options")
def test_an_option_bought_twice_adds_its_bonus_and_its_boxes() -> None:
    """Master Flight twice: +4 to Athletics while airborne, one stunt; Master Super Toughness
    twice: two more physical boxes."""
    sheet = miles()
    master = next(s for s in sheet.stunts if s.name == "Master Flight")
    assert isinstance(master.effect, SkillBonus)
    assert (master.effect.skill, master.effect.bonus) == ("athletics", 4)
    assert master.circumstance == "while airborne"
    tough = granted_stunts(
        VENTURE_PRESET.packages,
        [BoughtPackage("super-toughness", ("master-super-toughness", "master-super-toughness"))],
    )
    assert tough[1].effect == ExtraStress(tough[1].effect.track, 2)  # type: ignore[union-attr]
    gridlock = load_character(SAMPLES / "gridlock.character.json").character
    assert [b.value for b in gridlock.stress[tough[1].effect.track].boxes] == [1, 2, 3, 4, 5]  # type: ignore[union-attr]


@pytest.mark.rule("package.cost")
def test_refresh_never_falls_below_the_minimum() -> None:
    sheet = miles()
    own = [Stunt(f"Trick {n}", TrueDetail(f"knows trick {n}")) for n in range(2)]
    sheet.stunts += own
    found = {p.code: p for p in validate(sheet)}
    problem = found["package_refresh"]
    assert problem.where == "packages"
    assert dict(problem.args) == {
        "count": 2,
        "bought": 7,
        "bonus": 3,
        "free": 3,
        "cost": 3,
        "left": 0,
        "least": 1,
    }
    assert problem.rule.key == "package.cost"
    # A sheet whose refresh is not what its stunts and powers leave is refused too.
    sheet.stunts = sheet.stunts[:-2]
    sheet.refresh = 3
    assert codes(sheet)["refresh"] == "refresh"


@pytest.mark.rule("package.limit")
def test_packages_past_the_limit_unknown_or_twice_are_refused() -> None:
    powers = ("very-noticeable", "megaton-punch")
    assert "packages_over" in codes(
        _with(
            list(powers),
            BoughtPackage("super-speed", ("burnout", "speed-demon")),
            BoughtPackage("super-strength", ("clumsy", "smash")),
        )
    )
    found = codes(_with(list(powers), BoughtPackage("flight", powers)))
    assert found["package_twice"] == "packages.1.key"
    data = _data()
    data["packages"] = [{"key": "time-travel"}]
    assert codes(character_from_dict(data).character)["package_unknown"] == "packages.0.key"
    # A rule set without packages refuses a sheet that names some.
    data["preset"] = "core"
    assert "no_packages" in codes(character_from_dict(data).character)


@pytest.mark.rule("package.options")
def test_options_unknown_outside_their_package_or_bought_too_often_are_refused() -> None:
    base = ["very-noticeable", "megaton-punch"]
    found = codes(_with([*base, "laser-eyes"]))
    assert found["package_option_unknown"] == "packages.0.options.2"
    # Stunning Blow comes with Electricity Projection; Improved Reaction Time with Super Speed.
    found = codes(_with([*base, "stunning-blow"]))
    assert found["package_option_outside"] == "packages.0.options.2"
    assert validate(_with([*base, "electricity-projection", "stunning-blow"])) == []
    assert "package_option_over" in codes(_with([*base, "bullrush", "bullrush"]))


@pytest.mark.rule("package.grants")
def test_a_power_takes_one_drawback_and_one_collateral_damage_effect() -> None:
    found = validate(_with(["megaton-punch"]))
    under = next(p for p in found if p.code == "package_group_under")
    assert dict(under.args)["group"] == "Drawbacks"
    found = validate(_with(["very-noticeable", "megaton-punch", "whirlwind"]))
    over = next(p for p in found if p.code == "package_group_over")
    assert dict(over.args)["group"] == "Collateral damage effects"


@pytest.mark.rule("package.grants")
def test_the_drawback_is_an_aspect_beside_the_slots_and_grants_are_checked() -> None:
    sheet = miles()
    drawback = next(a for a in sheet.aspects if a.name == "Very Noticeable")
    assert drawback.id == "miles/package/1"
    # Five aspects of his own fill Fate Core's slots; the drawback fills none.
    assert validate(sheet) == []
    sheet.aspects.remove(drawback)
    assert codes(sheet)["package_aspect"] == "aspects.package"
    sheet = miles()
    index = next(i for i, s in enumerate(sheet.stunts) if s.name == "Master Flight")
    sheet.stunts[index] = Stunt(
        "Master Flight", SkillBonus("athletics", sheet.stunts[index].effect.actions, 6)
    )  # type: ignore[union-attr]
    assert codes(sheet)["package_stunt"] == "stunts.Master Flight"


def test_a_sheet_with_powers_round_trips_through_its_file() -> None:
    sheet = miles()
    written = character_to_dict(sheet)
    assert written["packages"] == _data()["packages"]
    assert "Master Flight" in [s["name"] for s in written["stunts"]]
    again = character_from_dict(json.loads(json.dumps(written))).character
    assert again == sheet
    # A builder names the packages; the grants and the cost follow.
    built = new_character(
        VENTURE_PRESET,
        "m2",
        "Miles",
        packages=sheet.packages,
    )
    assert [s.name for s in built.stunts] == [s.name for s in sheet.stunts]
    assert built.refresh == 2


@pytest.mark.rule("package.grants", "package.cost")
def test_a_milestone_rewrites_no_granted_stunt_and_pays_for_a_new_one() -> None:
    sheet = miles()
    with pytest.raises(IllegalAction, match="granted by a package"):
        planned_change(
            sheet,
            RewriteStunt("Master Flight", Stunt("Fly", TrueDetail("flies"))),
            VENTURE_PRESET,
            2,
        )
    plan = planned_change(
        sheet, BuyStunt(Stunt("Rooftop Runner", TrueDetail("knows the roofs"))), VENTURE_PRESET, 2
    )
    assert plan.refresh == 1
    with pytest.raises(IllegalAction, match="at least 1 must remain"):
        planned_change(
            sheet,
            BuyStunt(Stunt("Rooftop Runner", TrueDetail("knows the roofs"))),
            VENTURE_PRESET,
            1,
        )


def _ruleset() -> dict[str, Any]:
    return copy.deepcopy(json.loads(builtin_text("venturecity")))


@pytest.mark.rule("package.options")
def test_a_rule_set_whose_packages_do_not_hold_together_is_refused_field_by_field() -> None:
    data = _ruleset()
    data["packages"]["options"][0]["group"] = "gadget"
    data["packages"]["options"][1]["within"] = ["teleportation"]
    data["packages"]["packages"][0]["stunts"][0]["effect"]["skill"] = "blasting"
    with pytest.raises(RulesetProblems) as refused:
        ruleset_from_dict(data)
    problems = "\n".join(refused.value.problems)
    assert "$.packages.options[0].group: no group 'gadget'" in problems
    assert "$.packages.options[1].within[0]: no package or option 'teleportation'" in problems
    assert "$.packages.packages[0].stunts[0].effect: 'blasting' is not on" in problems
    data = _ruleset()
    data["packages"]["groups"][0]["cost"] = 9
    with pytest.raises(BadInput, match=r"packages\.groups\[0\]\.cost"):
        ruleset_from_dict(data)
    data = _ruleset()
    data["packages"]["options"][0]["stunts"][0]["name"] = "Basic Energy Blast"
    with pytest.raises(RulesetProblems, match="differ"):
        ruleset_from_dict(data)
    data = _ruleset()
    data["packages"]["packages"].append(dict(data["packages"]["packages"][0]))
    with pytest.raises(RulesetProblems, match="listed twice"):
        ruleset_from_dict(data)


@pytest.mark.rule("package.options", "package.cost")
def test_the_golden_scene_replays_with_granted_stunts_played_as_stunts() -> None:
    """docs/examples/venture-city/harbor-bridge.scene.json, built from the book's rules (its
    worked example rolls no dice): Master Flight refused on a Fight attack, Natural Weapon's +2
    on Gridlock's attack, Master Flight's +4 on Miles's defence and once only, then on his
    create an advantage; Gridlock's fifth box from Master Super Toughness."""
    script = json.loads((SAMPLES / "harbor-bridge.scene.json").read_text(encoding="utf-8"))
    sheets = [load_character(SAMPLES / name).character for name in script["character_files"]]
    assert [validate(s) for s in sheets] == [[], []]
    result = replay(script, characters=sheets)
    assert result.steps == len(script["steps"])
