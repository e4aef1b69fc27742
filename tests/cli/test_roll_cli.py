"""``fatekit roll`` and ``fatekit session`` from the outside: argv in, exit status and output out
(tests/cli/run.py), and once as the process a shell starts."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from fatekit.cli import main
from fatekit.cli.session import run_session
from tests.cli.run import fatekit


def test_roll_with_entered_dice_prints_faces_effort_and_outcome() -> None:
    result = fatekit("roll", "+1", "--vs", "Fair", "--dice", "00++")
    assert result.returncode == 0, result.stderr
    assert "[0] [0] [+] [+]" in result.stdout
    assert "Good (+3)" in result.stdout
    assert "+1 shift, success" in result.stdout


@pytest.mark.rule("roll.outcomes")
def test_roll_json_has_the_documented_keys() -> None:
    result = fatekit("roll", "good", "--vs", "great", "--dice", "+ + + 0", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["faces"] == [1, 1, 1, 0]
    assert data["dice_total"] == 3
    assert data["modifier"] == 3
    assert data["effort"] == 6
    assert data["effort_name"] == "Fantastic (+6)"
    assert data["opposition"] == 4
    assert data["shifts"] == 2
    assert data["outcome"] == "success"


@pytest.mark.parametrize(
    ("dice", "outcome"),
    [("----", "fail"), ("0000", "tie"), ("+000", "success"), ("+++0", "success_with_style")],
)
def test_every_outcome_in_json(dice: str, outcome: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["roll", "2", "--vs", "2", "--dice", dice, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["outcome"] == outcome


def test_roll_without_vs_omits_the_comparison(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["roll", "-1", "--dice", "1 2 5 6", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == {
        "randomizer": "4dF",
        "drawn": "--++",
        "faces": [-1, -1, 1, 1],
        "dice_total": 0,
        "modifier": -1,
        "effort": -1,
        "effort_name": "Poor (-1)",
    }


def test_seeded_rolls_repeat(capsys: pytest.CaptureFixture[str]) -> None:
    main(["roll", "--seed", "42", "--json"])
    first = capsys.readouterr().out
    main(["roll", "--seed", "42", "--json"])
    assert capsys.readouterr().out == first


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["roll", "Awesome"], "unknown rating 'Awesome'"),
        (["roll", "2", "--vs", "hard"], "unknown rating 'hard'"),
        (["roll", "2", "--dice", "++"], "four faces are needed"),
        (["roll", "2", "--dice", "+0x+"], "'x' is not a face"),
        (["roll", "2", "--dice", "++++", "--seed", "1"], "either --dice or --seed"),
        (["roll", "--seed", "abc"], "invalid int value"),
        (["roll", "--randomizer", "coins"], "unknown randomizer 'coins'; choose one of: 4dF"),
        (["roll", "--randomizer", "3d6", "--dice", "1 2"], "3d6 needs 3 six-sided dice"),
        (["roll", "--randomizer", "d6-d6", "--dice", "7 1"], "written 1 to 6"),
    ],
)
def test_bad_input_exits_2_with_a_message(args: list[str], message: str) -> None:
    result = fatekit(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.rule("randomizer.d6-d6")
def test_roll_with_d6_minus_d6_reads_the_plus_die_less_the_minus_die() -> None:
    result = fatekit("roll", "+1", "--vs", "Fair", "--randomizer", "d6-d6", "--dice", "6 1")
    assert result.returncode == 0, result.stderr
    assert "d6-d6 [6] [1]  (+5)" in result.stdout
    assert "+4 shifts, success with style" in result.stdout


@pytest.mark.rule("randomizer.3d6")
def test_roll_with_3d6_reads_the_toolkits_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["roll", "Good", "--randomizer", "3d6", "--dice", "4 5 6", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["randomizer"], data["drawn"], data["faces"]) == ("3d6", "3d6:456=+2", [])
    assert (data["dice_total"], data["effort"]) == (2, 5)


@pytest.mark.rule("randomizer.deck-of-fate")
def test_roll_draws_a_card_repeatably_with_a_seed(capsys: pytest.CaptureFixture[str]) -> None:
    main(["roll", "+2", "--randomizer", "deck", "--seed", "9", "--json"])
    first = json.loads(capsys.readouterr().out)
    main(["roll", "+2", "--randomizer", "Deck", "--seed", "9", "--json"])
    assert json.loads(capsys.readouterr().out) == first
    assert first["randomizer"] == "deck" and first["drawn"].startswith("card:")
    assert first["dice_total"] == sum(first["faces"])
    assert main(["roll", "--randomizer", "deck", "--dice", "+0-+"]) == 0
    assert "Card:   +1 ([+] [0] [-] [+])  (+1)" in capsys.readouterr().out


def test_no_command_prints_help_and_exits_2() -> None:
    result = fatekit()
    assert result.returncode == 2 and "roll" in result.stdout


def test_interactive_session() -> None:
    out = io.StringIO()
    typed = io.StringIO(
        "help\ngood vs fair dice 0000\nroll 2 vs\n-1 dice 6666\nnonsense\n\nquit\nnot reached\n"
    )
    assert run_session(typed, out, seed=1) == 0
    text = out.getvalue()
    assert "good vs fair" in text  # the help
    assert "Versus: Fair (+2): +1 shift, success" in text
    assert "say what the roll is against" in text
    assert "Effort: Great (+3)" not in text and "Effort: Good (+3)" in text
    assert "unknown rating 'nonsense'" in text
    assert "not reached" not in text


def test_session_ends_at_end_of_input() -> None:
    result = fatekit("session", "--seed", "3", stdin="+2\n")
    assert result.returncode == 0
    assert "Effort:" in result.stdout


def test_values_starting_with_a_dash_are_read_as_values() -> None:
    result = fatekit("roll", "-1", "--vs", "-2", "--dice", "--0+", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert (data["faces"], data["effort"], data["shifts"]) == ([-1, -1, 0, 1], -2, 0)


def test_the_installed_entry_point_runs_as_a_process() -> None:
    """``python -m fatekit``, a process of its own: what it prints and its exit status, for good
    input and for bad (no traceback)."""
    command = [sys.executable, "-m", "fatekit", "roll", "+1", "--vs", "Fair", "--dice", "00++"]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "Good (+3)" in done.stdout
    bad = subprocess.run(
        [*command[:3], "roll", "+1", "--dice", "00+x"], capture_output=True, text=True, check=False
    )
    assert bad.returncode == 2
    assert bad.stderr.strip() and "Traceback" not in bad.stderr
