"""``fatekit simulate`` from the outside: the report, its JSON, seeds, engines and bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from fatekit.cli import main

SCENARIOS = Path(__file__).resolve().parents[1] / "odds" / "scenarios"
PIER = str(SCENARIOS / "pier.json")


def fatekit(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "fatekit", *args], capture_output=True, text=True, check=False
    )


def test_text_report_names_sides_fighters_and_the_seed() -> None:
    result = fatekit("simulate", PIER, "--runs", "2000", "--seed", "7")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith("Ambush on the pier: 2,000 runs (vector engine, seed 7)")
    assert "95% interval" in out and "crew" in out and "smugglers" in out
    assert "exchanges:" in out and "goon-2" in out and "fate points" in out


def test_json_report_is_complete_and_repeatable(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", PIER, "--runs", "3000", "--seed", "3", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(["simulate", PIER, "--runs", "3000", "--seed", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == first
    crew, smugglers = first["sides"]["crew"], first["sides"]["smugglers"]
    assert crew["wins"] + smugglers["wins"] + round(first["unfinished"] * 3000) == 3000
    low, high = crew["interval"]
    assert low < crew["win"] < high and high - low < 0.04
    assert sum(first["exchanges"]["distribution"].values()) == pytest.approx(1)
    ruth = first["fighters"]["ruth"]
    assert set(ruth) == {"side", "taken_out", "conceded", "consequences", "fate_points"}
    assert set(ruth["consequences"]) == {"mild", "moderate", "severe", "extreme"}
    # The smugglers concede after one consequence, so their boss does sometimes.
    assert first["fighters"]["boss"]["conceded"] > 0


def test_the_scalar_engine_gives_the_same_report(capsys: pytest.CaptureFixture[str]) -> None:
    ghoul = str(SCENARIOS / "ghoul.json")
    assert (
        main(["simulate", ghoul, "--runs", "150", "--seed", "9", "--json", "--engine", "scalar"])
        == 0
    )
    scalar = json.loads(capsys.readouterr().out)
    assert main(["simulate", ghoul, "--runs", "150", "--seed", "9", "--json"]) == 0
    vector = json.loads(capsys.readouterr().out)
    assert scalar.pop("engine") == "scalar" and vector.pop("engine") == "vector"
    assert scalar == vector


def test_without_a_seed_the_report_names_the_one_used(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", PIER, "--runs", "200", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(["simulate", PIER, "--runs", "200", "--json", "--seed", str(first["seed"])]) == 0
    assert json.loads(capsys.readouterr().out) == first


def write(tmp_path: Path, name: str, change: dict[str, object]) -> str:
    data = json.loads((SCENARIOS / "ghoul.json").read_text(encoding="utf-8"))
    data.update(change)
    where = tmp_path / f"{name}.json"
    where.write_text(json.dumps(data), encoding="utf-8")
    return str(where)


def test_bad_input_exits_2_with_a_message(tmp_path: Path) -> None:
    data = json.loads((SCENARIOS / "ghoul.json").read_text(encoding="utf-8"))
    missing = dict(data["sides"])
    missing["ghoul"] = {"members": ["ghoul", "wight"]}
    illegal = [dict(c) for c in data["characters"]]
    illegal[0] = {"character": {**illegal[0]["character"], "skills": {"athletics": 6}}}
    cases = [
        ([str(tmp_path / "nowhere.json")], "cannot read"),
        ([write(tmp_path, "missing", {"sides": missing})], "names 'wight', who is not among"),
        (
            [write(tmp_path, "illegal", {"characters": illegal})],
            "charles is not a legal Fate Condensed character",
        ),
        ([PIER, "--runs", "0"], "--runs must be 1 or more"),
        ([PIER, "--seed", "-4"], "--seed must be 0 or more"),
    ]
    for args, message in cases:
        result = fatekit("simulate", *args)
        assert result.returncode == 2, (args, result.stdout)
        assert message in result.stderr, result.stderr
        assert "Traceback" not in result.stderr
