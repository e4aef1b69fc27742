"""``fatekit simulate`` from the outside: the report, its JSON, seeds, engines and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fatekit.cli import main
from fatekit.table import commands as c
from fatekit.table.codec import from_json
from fatekit.table.commands import COMMAND_TYPES
from fatekit.table.export import export_table
from tests.cli.run import fatekit
from tests.foresight_table import OPTIONS, pier_commands, pier_scenario
from tests.table.conftest import Play

SCENARIOS = Path(__file__).resolve().parents[1] / "odds" / "scenarios"
PIER = str(SCENARIOS / "pier.json")


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
        ([PIER, "--runs", "0"], "--runs must be from 1 to 1,000,000"),
        ([PIER, "--runs", "1000000000"], "--runs must be from 1 to 1,000,000"),
        ([PIER, "--seed", "-4"], "--seed must be 0 or more"),
    ]
    for args, message in cases:
        result = fatekit("simulate", *args)
        assert result.returncode == 2, (args, result.stdout)
        assert message in result.stderr, result.stderr
        assert "Traceback" not in result.stderr


def test_play_sets_a_sides_policy_over_the_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(Path(PIER).read_text(encoding="utf-8"))
    data["sides"]["smugglers"]["policy"].update(target="first", concede_after=2)
    data["sides"]["crew"]["policy"].update(invoke_for="style", teamwork="weaker_help")
    changed = tmp_path / "changed.json"
    changed.write_text(json.dumps(data), encoding="utf-8")
    assert main(["simulate", str(changed), "--runs", "2000", "--seed", "5", "--json"]) == 0
    written = json.loads(capsys.readouterr().out)
    play = [
        "smugglers:target=first",
        "smugglers:concede_after=2",
        "crew:invoke_for=style",
        "crew:teamwork=weaker_help",
    ]
    args = [x for setting in play for x in ("--play", setting)]
    assert main(["simulate", PIER, "--runs", "2000", "--seed", "5", "--json", *args]) == 0
    assert json.loads(capsys.readouterr().out) == written
    # A table's scene too: there, the sides play the default unless told otherwise.
    exported = pier_export(tmp_path)
    assert main(["simulate", exported, "--runs", "2000", "--seed", "5", "--json"]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert plain["fighters"]["boss"]["conceded"] == 0
    quitting = ["--play", "smugglers:concede_after=1"]
    assert main(["simulate", exported, "--runs", "2000", "--seed", "5", "--json", *quitting]) == 0
    assert json.loads(capsys.readouterr().out)["fighters"]["boss"]["conceded"] > 0


def test_bad_play_options_exit_2_with_a_message(tmp_path: Path) -> None:
    cases = [
        ([PIER, "--play", "smugglers"], "--play takes SIDE:KEY=VALUE"),
        ([PIER, "--play", "gang:target=first"], "--play names side 'gang'; the sides are crew"),
        ([PIER, "--play", "crew:flee=1"], "flee"),
        ([PIER, "--play", "crew:target=prettiest"], "target is one of"),
        ([PIER, "--play", "crew:teamwork=always"], "teamwork is one of never, weaker_help"),
        ([PIER, "--play", "crew:full_defense_after=0"], "needs full defense in play"),
        ([pier_export(tmp_path), "--play", "pcs:target=first"], "no side 'pcs' in the fight"),
    ]
    for args, message in cases:
        result = fatekit("simulate", *args, "--runs", "100")
        assert result.returncode == 2, (args, result.stdout)
        assert message in result.stderr, result.stderr
        assert "Traceback" not in result.stderr


# -- a table's export ---------------------------------------------------------------------------


def pier_export(tmp_path: Path, *, conflict: bool = True, drop: tuple[str, ...] = ()) -> str:
    """The pier table (tests/foresight_table.py) exported as GET /tables/{id}/export gives it."""
    play = Play()
    play.do(c.CreateTable(name="Docks", options=tuple(OPTIONS)))
    for kind, data in pier_commands(conflict=conflict):
        if kind == "StartScene" and drop:
            data = {**data, "participants": [p for p in data["participants"] if p not in drop]}
            data["positions"] = [p for p in data["positions"] if p[0] not in drop]
        play.do(from_json(COMMAND_TYPES[kind], data))
    where = tmp_path / "docks.json"
    where.write_text(json.dumps(export_table(play.log, play.s, "gm")), encoding="utf-8")
    return str(where)


def test_a_table_export_simulates_like_the_same_fight_written_as_a_scenario(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = tmp_path / "pier.json"
    scenario.write_text(json.dumps(pier_scenario()), encoding="utf-8")
    assert main(["simulate", str(scenario), "--runs", "3000", "--seed", "12", "--json"]) == 0
    written = json.loads(capsys.readouterr().out)
    exported = pier_export(tmp_path)
    assert main(["simulate", exported, "--runs", "3000", "--seed", "12", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == written
    assert set(written["sides"]) == {"crew", "smugglers"}


def test_plot_draws_the_report_into_a_png(tmp_path: Path) -> None:
    picture = tmp_path / "docks.png"
    result = fatekit("simulate", pier_export(tmp_path), "--runs", "500", "--plot", str(picture))
    assert result.returncode == 0, result.stderr
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and picture.stat().st_size > 10_000
    assert "crew" in result.stdout


def test_bad_table_input_exits_2_with_a_message(tmp_path: Path) -> None:
    other = tmp_path / "fari.json"
    other.write_text(json.dumps({"format": "fari-character", "name": "X"}), encoding="utf-8")
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "fatekit-table", "version": 1}', encoding="utf-8")
    lonely = pier_export(tmp_path, conflict=False, drop=("boss", "goon-1", "goon-2"))
    cases = [
        ([str(other)], "this is a 'fari-character' file; simulate reads a fatekit-scenario file"),
        ([str(broken)], "table file"),
        ([lonely], "one side only (pcs)"),
        ([PIER, "--kind", "mental"], "--kind is for table files"),
        ([PIER, "--plot", str(tmp_path / "report.svg")], "ending in .png"),
    ]
    for args, message in cases:
        result = fatekit("simulate", *args, "--runs", "100")
        assert result.returncode == 2, (args, result.stdout)
        assert message in result.stderr, result.stderr
        assert "Traceback" not in result.stderr


def test_randomizer_draws_every_roll_its_way_and_a_bad_one_exits_2() -> None:
    """``--randomizer`` over the file's: the report says the way, d6-d6's wider spread changes
    the odds from four Fate dice' with the same seed; an unknown way exits 2 with the valid ones."""
    plain = json.loads(fatekit("simulate", PIER, "--runs", "2000", "--seed", "5", "--json").stdout)
    wide = fatekit(
        "simulate", PIER, "--runs", "2000", "--seed", "5", "--json", "--randomizer", "d6-d6"
    )
    assert wide.returncode == 0, wide.stderr
    found = json.loads(wide.stdout)
    assert plain["randomizer"] == "4dF" and found["randomizer"] == "d6-d6"
    assert found["sides"] != plain["sides"]
    text = fatekit("simulate", PIER, "--runs", "200", "--seed", "5", "--randomizer", "deck")
    assert text.returncode == 0 and "every roll drawn with deck" in text.stdout
    bad = fatekit("simulate", PIER, "--runs", "200", "--randomizer", "coins")
    assert bad.returncode == 2 and bad.stdout == ""
    assert "unknown randomizer 'coins'; choose one of: 4dF, deck, 4d6, 3d6, d6-d6" in bad.stderr
