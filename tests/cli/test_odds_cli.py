"""``fatekit odds`` from the outside: exact chances, invokes, advice, the table and the plot."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from fatekit.cli import main
from fatekit.odds import Target, chances, invoke_odds
from tests.cli.run import fatekit


def test_json_has_the_four_outcomes_and_the_exact_fractions(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["odds", "Fair", "--vs", "+2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    keys = ("fail", "tie", "success", "success_with_style")
    assert sum(data[k] for k in keys) == pytest.approx(1)
    assert data["exact"] == {
        "fail": "31/81",
        "tie": "19/81",
        "success": "26/81",
        "success_with_style": "5/81",
    }
    assert "p_target" not in data


def test_json_with_invokes_adds_the_target_and_its_cost(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "odds",
                "+1",
                "--vs",
                "Good",
                "--active",
                "--invokes",
                "2",
                "--target",
                "style",
                "--json",
            ]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    best = invoke_odds(1, 3, invokes=2, target="style", active=True)
    assert data["target"] == "style" and data["invokes"] == 2
    assert Fraction(data["exact"]["p_target"]) == best.p_target
    assert data["p_target"] == pytest.approx(float(best.p_target))
    assert Fraction(data["exact"]["expected_invokes"]) == best.expected_invokes
    assert Fraction(data["exact"]["tie"]) == chances(1, 3, active=True).tie


def test_text_output_names_the_ladder_and_the_fractions() -> None:
    result = fatekit("odds", "Fair", "--vs", "Good", "--invokes", "1")
    assert result.returncode == 0, result.stderr
    assert "Fair (+2) against Good (+3)" in result.stdout
    assert "50/81" in result.stdout  # the chance to fail
    assert "With 1 invoke(s) spent well, success or better" in result.stdout


def test_advice_for_dice_on_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "+2", "--vs", "+3", "--dice", "0-00", "--invokes", "1", "--json"]) == 0
    advice = json.loads(capsys.readouterr().out)["advice"]
    assert advice["choice"] == "reroll" and advice["shifts_now"] == -2
    assert advice["exact"] == {"nothing": "0/1", "plus_two": "0/1", "reroll": "5/27"}
    assert (
        main(
            [
                "odds",
                "+3",
                "--vs",
                "+3",
                "--active",
                "--dice",
                "0000",
                "--their-dice",
                "+000",
                "--invokes",
                "1",
            ]
        )
        == 0
    )
    assert "+2 (chance of success or better" in capsys.readouterr().out


def test_weapon_and_armor_show_the_harm(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "+3", "--vs", "+3", "--active", "--weapon", "2", "--json"]) == 0
    hit = json.loads(capsys.readouterr().out)["hit"]
    assert hit["boost"] == 0  # a tie hits with a weapon
    assert hit["harm"]["2"] == pytest.approx(float(chances(3, 3, active=True).tie))


def test_the_ladder_table_prints_with_rich() -> None:
    result = fatekit("odds", "--table", "--invokes", "1")
    assert result.returncode == 0, result.stderr
    assert "Chance of success or better against a difficulty, with 1 invoke" in result.stdout
    assert "Legendary (+8)" in result.stdout and "Great (+4)" in result.stdout


def test_the_table_as_json_is_exact(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--table", "--target", "tie", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ratings"] == list(range(-4, 9))
    assert Fraction(data["exact"][6][6]) == chances(2, 2).at_least(Target.TIE)
    assert data["exact"][6][6] == "50/81"  # Fair against Fair: tie or better


def test_the_plot_is_drawn(tmp_path: Path) -> None:
    where = tmp_path / "ladder.png"
    result = fatekit("odds", "--plot", str(where), "--active")
    assert result.returncode == 0, result.stderr
    assert where.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["odds", "+2", "--vs", "+2", "--target", "win"], "invalid choice: 'win'"),
        (["odds", "+2", "--vs", "+2", "--invokes", "-1"], "--invokes must be 0 or more, not -1"),
        (["odds", "Heroic", "--vs", "+2"], "Heroic"),
        (["odds", "+2"], "give a modifier and --vs OPPOSITION"),
        (["odds", "+2", "--vs", "+2", "--dice", "00x0"], "cannot read"),
        (["odds", "+2", "--vs", "+2", "--active", "--dice", "0000"], "--their-dice too"),
        (["odds", "+2", "--vs", "+2", "--their-dice", "0000"], "needs --active"),
        (["odds", "+2", "--vs", "+2", "--teamwork", "-1"], "helpers cannot be negative"),
        (["odds", "--table", "+2"], "leave out MODIFIER"),
        (["odds", "--plot", "ladder.svg"], "ending in .png"),
    ],
)
def test_bad_input_exits_2_with_a_message(args: list[str], message: str) -> None:
    result = fatekit(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr
