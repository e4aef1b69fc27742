"""The example hacks in docs/examples/rulesets/: each rule set loads, its character is legal under
it, and its golden scene plays a conflict under it in the engine (docs/rulesets.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fatekit.formats import load_character
from fatekit.formats.ruleset import load_ruleset
from fatekit.odds.scenario import load_scenario
from fatekit.odds.simulate import simulate
from fatekit.rules.characters.validation import validate
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.tracks import Track
from fatekit.rules.golden.replay import replay

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "rulesets"
SCENES = sorted(EXAMPLES.glob("*.scene.json"))


def test_there_are_four_hacks_each_with_a_character_and_a_scene() -> None:
    hacks = sorted(p.name.removesuffix(".ruleset.json") for p in EXAMPLES.glob("*.ruleset.json"))
    assert hacks == [
        "action-science",
        "crossed-blades",
        "ember-road",
        "long-night",
        "merchant-princes",
        "paper-lanterns",
    ]
    for hack in hacks:
        assert (EXAMPLES / f"{hack}.character.json").exists()
        assert (EXAMPLES / f"{hack}.scene.json").exists()


@pytest.mark.rule("ruleset.own-game")
@pytest.mark.parametrize("path", SCENES, ids=lambda p: p.name)
def test_the_golden_scene_plays_under_its_rule_set(path: Path) -> None:
    """fate-condensed.ru.md § Optional Rules > Changing the Skill List: a hack's conflict runs on
    its own tracks and slots."""
    script = json.loads(path.read_text(encoding="utf-8"))
    preset = load_ruleset(EXAMPLES / script["ruleset"])
    sheets = []
    for name in script["character_files"]:
        loaded = load_character(EXAMPLES / name, preset)
        assert validate(loaded.character, preset) == []
        assert loaded.character.preset == preset.key
        sheets.append(loaded.character)
    result = replay(script, preset=preset, characters=sheets)
    assert result.steps == len(script["steps"])


def test_the_wealth_fight_simulates_on_the_wealth_track() -> None:
    scenario = load_scenario(EXAMPLES / "merchant-princes.scenario.json")
    assert scenario.harm is Track("wealth")
    for engine in ("vector", "scalar"):
        report = simulate(scenario, 200, seed=5, engine=engine).as_json()
        # Resources +4 against +3, and Ottavio concedes after a consequence: Lucia nearly
        # always wins, in money: Ottavio's consequences come from wealth harm.
        assert report["sides"]["lucia"]["win"] > 0.9
        assert report["fighters"]["ottavio"]["consequences"]["mild"] > 0.5


def test_a_scenario_names_a_preset_or_a_rule_set_file_not_both(tmp_path: Path) -> None:
    data = json.loads((EXAMPLES / "merchant-princes.scenario.json").read_text(encoding="utf-8"))
    data["preset"] = "condensed"
    data["characters"][0]["file"] = str(EXAMPLES / "merchant-princes.character.json")
    data["ruleset"] = str(EXAMPLES / "merchant-princes.ruleset.json")
    path = tmp_path / "both.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(BadInput, match="either a preset or a rule-set file"):
        load_scenario(path)
