"""``fatekit ruleset show|check``, ``fatekit new|check --ruleset`` and ``fatekit simulate`` on a
scenario that names a rule-set file, as a GM runs them (docs/rulesets.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fatekit.cli import main
from fatekit.rules.characters.presets import BUILTIN_KEYS

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "rulesets"


@pytest.mark.parametrize("key", BUILTIN_KEYS)
def test_a_builtin_round_trips_show_check_new(
    key: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["ruleset", "show", key]) == 0
    shown = capsys.readouterr().out
    path = tmp_path / f"{key}.json"
    path.write_text(shown, encoding="utf-8")
    assert main(["ruleset", "check", str(path)]) == 0
    assert "a usable rule set" in capsys.readouterr().out
    assert main(["new", "--ruleset", str(path), "--id", "sam", "--name", "Sam"]) == 0
    from_file = capsys.readouterr().out
    assert main(["new", "--preset", key, "--id", "sam", "--name", "Sam"]) == 0
    assert from_file == capsys.readouterr().out
    sheet = tmp_path / "sam.json"
    sheet.write_text(from_file, encoding="utf-8")
    assert main(["check", "--ruleset", str(path), str(sheet)]) == 0


def test_show_names_the_builtins_for_an_unknown_key(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ruleset", "show", "gurps"]) == 2
    assert "choose one of: condensed, core, fae, ode" in capsys.readouterr().err


def test_check_lists_every_problem_with_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads((EXAMPLES / "merchant-princes.ruleset.json").read_text(encoding="utf-8"))
    data["stress"]["tracks"][2]["skill"] = "riches"
    data["skill_uses"].append({"skill": "shoot", "action": "attack", "harm": "fame"})
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["ruleset", "check", str(path)]) == 2
    captured = capsys.readouterr()
    assert "(2 problems)" in captured.err
    assert "$.stress.tracks[2].skill: 'riches' is not on" in captured.err
    assert "fame harm, but no stress track takes it" in captured.err
    assert "Traceback" not in captured.err and captured.out == ""


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\x00" * 300_000, "at most 256 KiB"),
        (b"{]", "not JSON"),
        (b'{"format": "fatekit-ruleset", "format": "x"}', "given twice"),
    ],
)
def test_check_refuses_texts_that_are_not_rule_sets(
    content: bytes, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "x.json"
    path.write_bytes(content)
    assert main(["ruleset", "check", str(path)]) == 2
    assert message in capsys.readouterr().err


def test_a_character_of_a_hack_is_checked_against_its_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ruleset = str(EXAMPLES / "long-night.ruleset.json")
    character = str(EXAMPLES / "long-night.character.json")
    assert main(["check", "--ruleset", ruleset, character]) == 0
    assert "legal The Long Night character" in capsys.readouterr().out
    # Without the file the character's rule set is unknown, and the message says what to give.
    assert main(["check", character]) == 2
    assert "--ruleset FILE" in capsys.readouterr().err
    # Under another rule set the Sanity track is out of place.
    assert main(["check", "--preset", "condensed", character]) == 1
    assert "Fate Condensed has no sanity stress track" in capsys.readouterr().out
    assert main(["check", "--preset", "core", "--ruleset", ruleset, character]) == 2
    assert "not both" in capsys.readouterr().err


def test_new_for_a_hack_has_its_tracks(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["new", "--ruleset", str(EXAMPLES / "merchant-princes.ruleset.json")]) == 0
    blank = json.loads(capsys.readouterr().out)
    assert blank["preset"] == "merchant-princes"
    assert sorted(blank["stress"]) == ["mental", "physical", "wealth"]
    assert len(blank["stress"]["wealth"]) == 2


def test_schema_ruleset_prints_the_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", "ruleset"]) == 0
    assert json.loads(capsys.readouterr().out)["title"] == "fatekit rule set"


def test_simulate_a_scenario_on_a_hack(capsys: pytest.CaptureFixture[str]) -> None:
    scenario = str(EXAMPLES / "merchant-princes.scenario.json")
    assert main(["simulate", scenario, "--runs", "200", "--seed", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report["sides"]) == {"lucia", "ottavio"}
