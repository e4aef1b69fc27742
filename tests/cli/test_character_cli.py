"""``fatekit check``, ``fatekit new`` and ``fatekit schema`` as a player runs them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fatekit.cli import main
from tests.cli.run import fatekit

LEGAL = {
    "format": "fatekit-character",
    "version": 1,
    "id": "cassandra",
    "name": "Cassandra",
    "aspects": [
        {"kind": "high_concept", "name": "Sharp-Eyed Smuggler"},
        {"kind": "trouble", "name": "Can't Say No to a Dare"},
        {"kind": "relationship", "name": "Owes Ruth Her Life"},
        {"name": "Ex-Navy"},
        {"name": "Knows Every Dive Bar"},
    ],
    "skills": {
        "notice": 4,
        "athletics": 3,
        "physique": 3,
        "fight": 2,
        "shoot": 2,
        "will": 2,
        "lore": 1,
        "rapport": 1,
        "empathy": 1,
        "stealth": 1,
    },
    "refresh": 3,
}


def write(tmp_path: Path, data: object, name: str = "c.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
    return str(path)


def test_new_prints_a_legal_template_that_check_accepts(tmp_path: Path) -> None:
    result = fatekit("new", "--preset", "fae", "--name", "Sam")
    assert result.returncode == 0, result.stderr
    sheet = json.loads(result.stdout)
    assert sheet["preset"] == "fae" and sheet["as_you_play"] is True and sheet["name"] == "Sam"
    checked = fatekit("check", write(tmp_path, result.stdout))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "legal Fate Accelerated character" in checked.stdout


def test_check_legal_file(tmp_path: Path) -> None:
    result = fatekit("check", write(tmp_path, LEGAL))
    assert result.returncode == 0
    assert "Cassandra is a legal Fate Condensed character" in result.stdout


def test_check_says_what_each_stunt_does_and_what_she_carries(tmp_path: Path) -> None:
    data = dict(
        LEGAL,
        stunts=[
            {
                "name": "Eagle Eyes",
                "circumstance": "she has a spyglass",
                "effect": {"type": "skill_bonus", "skill": "notice", "actions": ["overcome"]},
            },
            {
                "name": "Old Friends",
                "cost": "once_per_session",
                "effect": {"type": "rule_exception", "text": "a friend in every port"},
            },
        ],
        gear=[{"name": "Cutlass", "weapon": 2}],
    )
    result = fatekit("check", write(tmp_path, data))
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()[1:]
    assert lines == [
        "  stunt Eagle Eyes: +2 to notice to overcome, when she has a spyglass",
        "  stunt Old Friends: rule exception: a friend in every port (once per session)",
        "  carries Cutlass: Weapon 2, Armor 0",
    ]


def test_check_lists_every_problem(tmp_path: Path) -> None:
    data = dict(LEGAL, skills=dict(LEGAL["skills"], stealth=2))  # type: ignore[arg-type]
    data["stunts"] = [
        {"name": f"S{n}", "effect": {"type": "true_detail", "detail": "x"}} for n in range(6)
    ]
    result = fatekit("check", write(tmp_path, data))
    assert result.returncode == 1
    assert "has 3 problems under Fate Condensed" in result.stdout
    assert "skills: 4 at Fair (+2) but the pyramid has 3 skills there" in result.stdout
    assert (
        "stunts: 6 stunts cost 3 refresh beyond the 3 free ones, leaving 0, but at least 1 refresh must remain"
        in result.stdout
    )


def test_check_against_another_preset(tmp_path: Path) -> None:
    result = fatekit("check", write(tmp_path, LEGAL), "--preset", "core")
    assert result.returncode == 1
    assert "aspects.relationship: Fate Core has no relationship slot" in result.stdout


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        "[1, 2]",
        json.dumps({"format": "fatekit-character"}),
        json.dumps(dict(LEGAL, preset="gurps")),
        "\udcff",
    ],
)
def test_not_a_character_exits_2_without_a_traceback(tmp_path: Path, content: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content.encode("utf-8", "surrogateescape"))
    result = fatekit("check", str(path))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("fatekit check:")


def test_missing_file_and_unknown_preset_exit_2(tmp_path: Path) -> None:
    assert main(["check", str(tmp_path / "nope.json")]) == 2
    assert main(["check", write(tmp_path, LEGAL), "--preset", "gurps"]) == 2
    assert main(["new", "--preset", "gurps"]) == 2


def test_schema_prints_the_published_schema() -> None:
    result = fatekit("schema", "character")
    assert result.returncode == 0
    schema = json.loads(result.stdout)
    assert schema["$schema"].startswith("https://json-schema.org/")
    assert "consequence" in schema["$defs"]
