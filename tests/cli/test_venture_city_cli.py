"""Venture City from the command line (issue 41): ``fatekit check`` takes a character file that
names its powers only and lists what they grant, refuses one over its budget with the packages'
problem (exit status 1), and ``fatekit ruleset check`` says what the rule set sells."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.run import fatekit

SAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "venture-city"


@pytest.mark.rule("package.cost", "package.grants")
def test_check_takes_a_sheet_with_powers_and_refuses_one_over_budget(tmp_path: Path) -> None:
    result = fatekit("check", str(SAMPLES / "miles.character.json"))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "  stunt Master Flight: +4 to athletics to overcome" in result.stdout
    data = json.loads((SAMPLES / "miles.character.json").read_text(encoding="utf-8"))
    data["stunts"] = [
        {"name": f"Trick {n}", "effect": {"type": "true_detail", "detail": "x"}} for n in range(2)
    ]
    path = tmp_path / "over.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = fatekit("check", str(path))
    assert result.returncode == 1
    assert (
        "packages: 2 stunts and Powers worth 7 stunts cost 3 refresh beyond the 3 bonus and 3 "
        "free stunts, leaving 0, but at least 1 refresh must remain"
    ) in result.stdout


def test_ruleset_check_says_what_the_rule_set_sells(tmp_path: Path) -> None:
    shown = fatekit("ruleset", "show", "venture-city")
    assert shown.returncode == 0, shown.stderr
    path = tmp_path / "vc.json"
    path.write_text(shown.stdout, encoding="utf-8")
    result = fatekit("ruleset", "check", str(path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "  powers: 0 to 2 a PC, 3 bonus stunts for them, 65 options: Energy Blast (1)" in (
        result.stdout
    )
