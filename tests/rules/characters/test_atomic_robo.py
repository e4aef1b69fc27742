"""Atomic Robo built in (issue 41): the action-science skills bought in the four standard modes
with their costs, read from the shipped rule-set file as a group's file is; Dr. Okafor, the
book's worked example of modes, legal; the golden scene in Tesladyne's lab
(srd/atomic-robo-SRD.md)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from fatekit.formats import load_character
from fatekit.formats.character_json import character_from_dict
from fatekit.formats.ruleset import ruleset_to_dict
from fatekit.rules.characters.modes import ModeShape
from fatekit.rules.characters.presets import (
    ATOMIC_PRESET,
    BUILTIN_KEYS,
    builtin_text,
    get_preset,
)
from fatekit.rules.characters.validation import validate
from fatekit.rules.core.citations import ATOMIC_BOOK, book_key
from fatekit.rules.golden.replay import replay

ROOT = Path(__file__).resolve().parents[3]
SAMPLES = ROOT / "docs" / "examples" / "atomic-robo"
ACTION_SCIENCE = ROOT / "docs" / "examples" / "rulesets" / "action-science.ruleset.json"


def _data() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        (SAMPLES / "dr-okafor.character.json").read_text(encoding="utf-8")
    )
    return data


def codes(data: dict[str, Any]) -> dict[str, str]:
    return {p.code: p.where for p in validate(character_from_dict(data).character)}


def test_atomic_robo_is_built_in_by_key_and_by_name() -> None:
    assert "atomicrobo" in BUILTIN_KEYS
    assert get_preset("Atomic-Robo") is ATOMIC_PRESET
    assert ATOMIC_PRESET.source == ATOMIC_BOOK
    assert book_key(ATOMIC_BOOK) == "atomicrobo"
    # The shipped file is what the preset writes back, as for every built-in.
    assert json.loads(builtin_text("atomicrobo")) == ruleset_to_dict(ATOMIC_PRESET)


@pytest.mark.rule("modes.budget", "modes.ratings", "modes.stress")
def test_the_four_standard_modes_with_their_costs() -> None:
    shape = ATOMIC_PRESET.shape
    assert isinstance(shape, ModeShape)
    assert {m.key: m.cost for m in shape.modes} == {
        "action": 9,
        "banter": 9,
        "intrigue": 9,
        "science": 3,
    }
    assert not any(m.weird for m in shape.modes)
    modes = {m.key: set(m.skills) for m in shape.modes}
    assert modes["action"] == {"athletics", "combat", "notice", "physique", "provoke", "vehicles"}
    assert modes["intrigue"] == {
        "athletics",
        "burglary",
        "contacts",
        "deceive",
        "notice",
        "stealth",
    }
    assert {"notice", "will", "physics", "robotics"} <= modes["science"]
    assert (shape.ratings, shape.budget, shape.step_costs) == ((3, 2, 1), 30, (1, 2))
    # Two physical and two mental boxes to start.
    assert [t.track.value for t in ATOMIC_PRESET.stress_tracks] == ["physical", "mental"]
    for track in ATOMIC_PRESET.stress_tracks:
        assert len(ATOMIC_PRESET.stress_boxes(track, {})) == 2


def test_the_skill_names_are_those_of_the_action_science_example() -> None:
    example = json.loads(ACTION_SCIENCE.read_text(encoding="utf-8"))
    ours = json.loads(builtin_text("atomicrobo"))
    assert ours["skill_lists"] == example["skill_lists"]
    assert ours["shape"]["modes"] == example["shape"]["modes"]
    skills = ours["skill_lists"][0]["skills"]
    assert all(set(s["names"]) == {"ru", "it", "sv"} for s in skills)


@pytest.mark.rule("character.stunts")
def test_refresh_falls_as_stunt_slots_are_filled() -> None:
    """The book's stunt slots with refresh inversely proportional to them: five slots leave
    refresh 1, two leave 4."""
    assert (ATOMIC_PRESET.refresh, ATOMIC_PRESET.free_stunts, ATOMIC_PRESET.min_refresh) == (
        6,
        0,
        1,
    )
    data = _data()
    assert character_from_dict(data).character.refresh == 4
    data["stunts"] = [
        {"name": f"Trick {n}", "effect": {"type": "true_detail", "detail": f"trick {n}"}}
        for n in range(5)
    ]
    data["refresh"] = 1
    assert codes(data) == {}
    # A sixth stunt would leave less than the least refresh.
    data["stunts"].append({"name": "Trick 5", "effect": {"type": "true_detail", "detail": "5"}})
    data["refresh"] = 0
    assert codes(data) == {"stunt_refresh": "stunts"}


@pytest.mark.rule("modes.reinforced", "modes.improve")
def test_dr_okafor_the_books_worked_example_is_legal() -> None:
    sheet = load_character(SAMPLES / "dr-okafor.character.json").character
    assert validate(sheet) == []
    assert sheet.preset == "atomicrobo"
    # Notice in all three modes: Good + 2; Athletics in Action and Intrigue: Good + 1.
    assert (sheet.skills["notice"], sheet.skills["athletics"]) == (5, 4)
    # Physics specialized from Fair Science; Stealth focused from Average Intrigue.
    assert (sheet.skills["physics"], sheet.skills["stealth"]) == (4, 2)
    assert sheet.skills.get("rapport", 0) == 0
    assert (sheet.refresh, sheet.fate_points) == (4, 4)


@pytest.mark.rule("modes.budget")
def test_a_sheet_past_the_budget_or_its_modes_is_refused_at_its_place() -> None:
    over = copy.deepcopy(_data())
    over["skill_improvements"] = {"physics": 2, "stealth": 2, "combat": 2, "robotics": 2}
    # 21 points of modes and 12 of steps: three over the 30.
    assert codes(over) == {"mode_points": "skill_improvements"}
    weird = copy.deepcopy(_data())
    weird["modes"] = {"action": 3, "science": 2, "robot": 1}
    assert "modes.robot" in codes(weird).values()


@pytest.mark.rule("modes.trained", "modes.reinforced")
def test_the_golden_scene_replays_in_the_lab() -> None:
    """docs/examples/atomic-robo/brainstorm-lab.scene.json: Physics at Great (+4) and Field
    Instruments on a create an advantage against Good (+3), the fact placed as an aspect with
    two free invokes; Athletics reinforced to Great (+4) defends; Notice at Superb (+5)."""
    script = json.loads((SAMPLES / "brainstorm-lab.scene.json").read_text(encoding="utf-8"))
    sheets = [load_character(SAMPLES / name).character for name in script["character_files"]]
    assert [validate(s) for s in sheets] == [[]]
    result = replay(script, characters=sheets)
    assert result.steps == len(script["steps"])
