"""The Fate System Toolkit's conditions (srd/fate-system-toolkit-SRD.md § Conditions), played by
the engine: marked against a hit, as aspects with a free invoke, by the GM, and cleared by kind."""

from __future__ import annotations

import doctest
import json
from pathlib import Path

import pytest

from fatekit.formats.ruleset import load_ruleset
from fatekit.rules.characters.character import Character, new_character
from fatekit.rules.characters.preset import Preset
from fatekit.rules.core.clock import Clock
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.tracks import Track
from fatekit.rules.core.waivers import waiving
from fatekit.rules.golden.replay import replay
from fatekit.rules.harm import toolkit_conditions
from fatekit.rules.harm.absorb import AbsorbPlan
from fatekit.rules.harm.toolkit_conditions import (
    CONDITION_BOXES_RULE,
    LASTING_RECOVERY_RULE,
    STICKY_CLEARS_RULE,
    ConditionKind,
    ConditionSpec,
    begin_recovery,
    check_clear,
    clear,
    clear_fleeting,
    mark,
    settle_lasting,
    soaked,
)
from fatekit.rules.options.ruleset import Ruleset
from fatekit.rules.scenes.scene import Game
from fatekit.rules.scenes.taking import take_hit

EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples" / "rulesets"


def ember() -> Preset:
    return load_ruleset(EXAMPLES / "ember-road.ruleset.json")


def tamsin(preset: Preset) -> Character:
    return new_character(preset, "tamsin", "Tamsin Vey")


def test_the_docstring_examples_hold() -> None:
    assert doctest.testmod(toolkit_conditions).failed == 0


@pytest.mark.rule("toolkit.conditions.soak")
def test_each_kind_takes_its_shifts_off_a_hit_and_several_add_up() -> None:
    """§ Conditions: fleeting 1, sticky 2, lasting 4; as many as the defender likes."""
    preset = ember()
    sheet = tamsin(preset)
    specs = preset.conditions
    assert [(c.key, c.shifts) for c in specs] == [
        ("angry", 1),
        ("frightened", 1),
        ("exhausted", 2),
        ("hungry", 2),
        ("broken", 4),
        ("wounded", 4),
    ]
    assert sum(c.shifts for c in specs) == 14  # the Toolkit's total
    assert soaked(sheet, specs, ["angry", "exhausted", "wounded"]) == 7
    assert sheet.conditions == {}  # counting marks nothing
    # A condition the GM marks only (0 shifts) takes nothing off a hit.
    debt = ConditionSpec("indebted", "Indebted", ConditionKind.STICKY, 0, 5)
    with pytest.raises(IllegalAction, match="takes no shifts off a hit"):
        soaked(sheet, (debt,), ["indebted"])


@pytest.mark.rule("toolkit.conditions.soak")
def test_a_hit_is_taken_with_conditions_first_and_stress_for_the_rest() -> None:
    preset = ember()
    ruleset = Ruleset.of(preset)
    sheet = tamsin(preset)
    clock = Clock()
    # 5 shifts: Wounded takes 4, the 1-box the last one.
    take_hit(
        ruleset,
        sheet,
        5,
        Track.PHYSICAL,
        AbsorbPlan((0,), ()),
        by="raider",
        clock=clock,
        conditions=("wounded",),
    )
    assert [b.marked for b in sheet.stress[Track.ANY].boxes] == [True, False, False]
    assert sheet.conditions["wounded"].boxes == 2
    # Conditions that take the whole hit leave stress alone; a box besides is refused.
    with pytest.raises(IllegalAction, match="take the whole hit"):
        take_hit(
            ruleset,
            sheet,
            2,
            Track.PHYSICAL,
            AbsorbPlan((1,), ()),
            by="raider",
            clock=clock,
            conditions=("exhausted",),
        )
    assert "exhausted" not in sheet.conditions  # refused: nothing marked
    # A plan that does not fit what is left is refused, and nothing is marked either.
    with pytest.raises(IllegalAction):
        take_hit(
            ruleset,
            sheet,
            4,
            Track.PHYSICAL,
            AbsorbPlan((1,), ()),  # the 2-box, for the 3 shifts left
            by="raider",
            clock=clock,
            conditions=("angry",),
        )
    assert "angry" not in sheet.conditions
    with pytest.raises(BadInput, match="no condition 'sleepy'"):
        soaked(sheet, preset.conditions, ["sleepy"])


@pytest.mark.rule("toolkit.conditions.lasting-boxes")
def test_a_lasting_condition_marks_both_boxes_and_is_taken_only_when_both_are_empty() -> None:
    preset = ember()
    sheet = tamsin(preset)
    clock = Clock()
    assert mark(sheet, preset.conditions, "broken", by=None, clock=clock).boxes == 2
    with pytest.raises(IllegalAction, match="both boxes empty") as refused:
        mark(sheet, preset.conditions, "broken", by=None, clock=clock)
    assert refused.value.rule is CONDITION_BOXES_RULE
    # Recovering, one box is empty: still not both.
    clock.end_session()
    begin_recovery(sheet, preset.conditions, "broken", 4, clock)
    assert sheet.conditions["broken"].boxes == 1
    with pytest.raises(IllegalAction, match="both boxes empty"):
        soaked(sheet, preset.conditions, ["broken"])
    # A sticky condition of several boxes marks one at a time, to the last.
    debt = ConditionSpec("indebted", "Indebted", ConditionKind.STICKY, 0, 2)
    mark(sheet, (debt,), "indebted", by=None, clock=clock)
    mark(sheet, (debt,), "indebted", by=None, clock=clock)
    assert sheet.conditions["indebted"].boxes == 2
    with pytest.raises(IllegalAction, match="every box of Indebted"):
        mark(sheet, (debt,), "indebted", by=None, clock=clock)
    with pytest.raises(BadInput, match="lasting condition has 2 boxes"):
        ConditionSpec("scarred", "Scarred", ConditionKind.LASTING, None, 3)


@pytest.mark.rule("toolkit.conditions.aspect")
def test_a_marked_condition_is_an_aspect_whoever_inflicted_it_invokes_free_once() -> None:
    preset = ember()
    game = Game([], ruleset=Ruleset.of(preset))
    sheet = tamsin(preset)
    game.add_character(sheet)
    held = mark(sheet, preset.conditions, "frightened", by="raider", clock=game.clock)
    aspect = game.find_aspect(held.aspect.id)
    assert aspect.name == "Frightened" and aspect.owner == "tamsin"
    assert aspect.free_invokes_held_by("raider") == 1
    # Marked by the story (no one inflicted it): no free invoke for anyone.
    quiet = mark(sheet, preset.conditions, "hungry", by=None, clock=game.clock)
    assert quiet.aspect.free_invokes == []


@pytest.mark.rule("toolkit.conditions.gm-marks")
def test_the_gm_marks_a_condition_outside_any_hit() -> None:
    preset = ember()
    sheet = tamsin(preset)
    mark(sheet, preset.conditions, "exhausted", by=None, clock=Clock())
    assert sheet.conditions["exhausted"].boxes == 1
    with pytest.raises(BadInput, match="no condition"):
        mark(sheet, preset.conditions, "sleepy", by=None, clock=Clock())


@pytest.mark.rule("toolkit.conditions.fleeting-clears")
def test_fleeting_conditions_clear_as_the_scene_ends_the_others_stay() -> None:
    preset = ember()
    game = Game([], ruleset=Ruleset.of(preset))
    sheet = tamsin(preset)
    game.add_character(sheet)
    game.start_session()
    game.start_scene("The dry well", ["tamsin"])
    for key in ("angry", "hungry", "wounded"):
        mark(sheet, preset.conditions, key, by=None, clock=game.clock)
    game.end_scene()
    assert sorted(sheet.conditions) == ["hungry", "wounded"]
    assert clear_fleeting([sheet], preset.conditions) == []


@pytest.mark.rule("toolkit.conditions.sticky-clears")
def test_the_gm_clears_a_sticky_condition_but_not_a_lasting_one() -> None:
    preset = ember()
    sheet = tamsin(preset)
    clock = Clock()
    mark(sheet, preset.conditions, "hungry", by=None, clock=clock)
    mark(sheet, preset.conditions, "wounded", by=None, clock=clock)
    check_clear(sheet, preset.conditions, "hungry")
    clear(sheet, "hungry")
    assert "hungry" not in sheet.conditions
    with pytest.raises(IllegalAction, match="clears by its recovery") as refused:
        check_clear(sheet, preset.conditions, "wounded")
    assert refused.value.rule is STICKY_CLEARS_RULE
    with pytest.raises(BadInput, match="not marked"):
        check_clear(sheet, preset.conditions, "angry")
    with waiving([STICKY_CLEARS_RULE.key]):  # the GM's word sets the rule aside
        check_clear(sheet, preset.conditions, "wounded")


@pytest.mark.rule("toolkit.conditions.lasting-recovery")
def test_a_lasting_condition_recovers_after_a_session_a_great_overcome_and_one_more() -> None:
    preset = ember()
    sheet = tamsin(preset)
    clock = Clock()
    mark(sheet, preset.conditions, "wounded", by="raider", clock=clock)
    with pytest.raises(IllegalAction, match="until this session ends") as refused:
        begin_recovery(sheet, preset.conditions, "wounded", 5, clock)
    assert refused.value.rule is LASTING_RECOVERY_RULE
    clock.end_session()
    with pytest.raises(IllegalAction, match=r"Great \(\+4\) or better, not \+3"):
        begin_recovery(sheet, preset.conditions, "wounded", 3, clock)
    assert sheet.conditions["wounded"].boxes == 2
    begin_recovery(sheet, preset.conditions, "wounded", 4, clock)
    assert sheet.conditions["wounded"].boxes == 1
    with pytest.raises(IllegalAction, match="already recovering"):
        begin_recovery(sheet, preset.conditions, "wounded", 4, clock)
    assert settle_lasting([sheet], clock) == []  # the session it began in has not ended
    clock.end_session()
    assert settle_lasting([sheet], clock) == ["tamsin/condition/wounded"]
    assert sheet.conditions == {}
    mark(sheet, preset.conditions, "exhausted", by=None, clock=clock)
    with pytest.raises(IllegalAction, match="not lasting"):
        begin_recovery(sheet, preset.conditions, "exhausted", 6, clock)


@pytest.mark.rule("toolkit.conditions.soak")
@pytest.mark.rule("toolkit.conditions.fleeting-clears")
def test_the_ember_road_scene_replays() -> None:
    """The example hack's golden scene: a hit taken by Angry, one by Wounded and a box, and
    Angry gone when the scene ends."""
    script = json.loads((EXAMPLES / "ember-road.scene.json").read_text(encoding="utf-8"))
    preset = ember()
    from fatekit.formats import load_character

    sheets = [load_character(EXAMPLES / n, preset).character for n in script["character_files"]]
    assert replay(script, preset=preset, characters=sheets).steps == len(script["steps"])
