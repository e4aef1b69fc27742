"""Contests (fate-condensed.ru.md § Contests, § Creating Advantages in a Contest)."""

from __future__ import annotations

import pytest

from fatekit.rules import BadInput, CreateAspect, IllegalAction, Side
from fatekit.rules.scenes.contest import Contest, Role, advantage_failure_options


def chase(**kwargs: object) -> Contest:
    return Contest.between(
        {"heroes": ["ruth", "charles"], "cultists": ["acolyte"]},
        {"heroes": "catch the acolyte before the docks", "cultists": "reach the boat"},
        **kwargs,  # type: ignore[arg-type]
    )


@pytest.mark.rule("contest.victories")
def test_highest_effort_marks_a_victory_first_to_three_wins() -> None:
    contest = chase()
    assert contest.exchange({"heroes": 3, "cultists": 2}).victories == {"heroes": 1, "cultists": 0}
    assert contest.exchange({"heroes": 1, "cultists": 2}).victories == {"heroes": 0, "cultists": 1}
    contest.exchange({"heroes": 4, "cultists": 3})
    result = contest.exchange({"heroes": 5, "cultists": 4})
    assert result.winner == "heroes" and contest.winner == "heroes"
    with pytest.raises(IllegalAction, match="over"):
        contest.exchange({"heroes": 1, "cultists": 0})


@pytest.mark.rule("contest.victories", "contest.twist")
def test_a_twist_and_a_double_victory() -> None:
    contest = chase()
    twist = contest.exchange({"heroes": 2, "cultists": 2})
    assert twist.twist and twist.victories == {"heroes": 0, "cultists": 0}
    double = contest.exchange({"heroes": 5, "cultists": 2})  # beat the best other by 3
    assert double.victories["heroes"] == 2 and not double.twist
    single = contest.exchange({"heroes": 4, "cultists": 2})
    assert single.victories["heroes"] == 1 and single.winner == "heroes"


@pytest.mark.rule("contest.victories")
def test_style_against_separate_obstacles_counts_only_if_nobody_else_has_it() -> None:
    contest = chase()
    both = contest.exchange({"heroes": 6, "cultists": 5}, difficulties={"heroes": 2, "cultists": 2})
    assert both.victories["heroes"] == 1  # both sides succeeded with style
    alone = contest.exchange(
        {"heroes": 6, "cultists": 3}, difficulties={"heroes": 2, "cultists": 2}
    )
    assert alone.victories["heroes"] == 2
    with pytest.raises(BadInput, match="no difficulty"):
        chase().exchange({"heroes": 6, "cultists": 3}, difficulties={"heroes": 2})


@pytest.mark.rule("contest.victories")
def test_longer_contests_up_to_five() -> None:
    assert chase(victories_needed=5).victories_needed == 5
    with pytest.raises(IllegalAction, match="up to five"):
        chase(victories_needed=6)


@pytest.mark.rule("contest.harm")
def test_a_harmful_contest_hits_the_beaten_side() -> None:
    """Fleeing an erupting volcano: the heroes take the shifts they lose by."""
    contest = Contest.between(
        {"heroes": ["ruth"], "volcano": ["lava"]},
        {"heroes": "escape the island", "volcano": "bury them"},
        harmful_to=["heroes"],
    )
    result = contest.exchange({"heroes": 1, "volcano": 4})
    assert result.hits == {"heroes": 3}
    assert contest.exchange({"heroes": 5, "volcano": 4}).hits == {}


@pytest.mark.rule("contest.advantage")
def test_failed_advantage_forfeits_the_roll_or_gives_an_invoke() -> None:
    options = {o.key: o.effects for o in advantage_failure_options()}
    assert options == {"forfeit_roll": (), "keep_roll": (CreateAspect(1, Side.OPPOSITION),)}
    contest = chase()
    result = contest.exchange({"cultists": 0}, forfeited=["heroes"])
    assert result.victories == {"heroes": 0, "cultists": 1}
    with pytest.raises(BadInput, match="forfeited"):
        contest.exchange({"heroes": 1, "cultists": 0}, forfeited=["heroes"])


def test_contest_input_errors() -> None:
    with pytest.raises(BadInput, match="two sides"):
        Contest.between({"a": ["x"]}, {"a": "win"})
    with pytest.raises(BadInput, match="intent"):
        Contest.between({"a": ["x"], "b": ["y"]}, {"a": "win", "b": " "})
    with pytest.raises(BadInput, match="two sides"):
        Contest.between({"a": ["x"], "b": ["x"]}, {"a": "win", "b": "win"})
    with pytest.raises(BadInput, match="unknown sides"):
        Contest.between({"a": ["x"], "b": ["y"]}, {"a": "w", "b": "w"}, harmful_to=["c"])
    contest = chase()
    with pytest.raises(BadInput, match="missing"):
        contest.exchange({"heroes": 1})
    with pytest.raises(BadInput, match="no side"):
        contest.exchange({"heroes": 1, "cultists": 1, "police": 2})


@pytest.mark.rule("contest.roles")
def test_one_roller_per_side_and_advantages_on_top() -> None:
    contest = chase()
    contest.check_roles(
        {"ruth": {Role.ROLL, Role.ADVANTAGE}, "charles": {Role.TEAMWORK, Role.ADVANTAGE}}
    )
    with pytest.raises(IllegalAction, match="only one member"):
        contest.check_roles({"ruth": {Role.ROLL}, "charles": {Role.ROLL}})
    with pytest.raises(IllegalAction, match="both roll"):
        contest.check_roles({"ruth": {Role.ROLL, Role.TEAMWORK}})
    with pytest.raises(BadInput, match="not in this contest"):
        contest.check_roles({"ghost": {Role.ROLL}})


@pytest.mark.rule("option.faster-contests")
def test_faster_contests_allow_one_thing_each() -> None:
    """With the option, Charles's advantage plus teamwork is too much; without it, allowed."""
    both = {"ruth": {Role.ROLL}, "charles": {Role.TEAMWORK, Role.ADVANTAGE}}
    chase().check_roles(both)
    faster = chase(faster=True)
    with pytest.raises(IllegalAction, match="only one thing") as error:
        faster.check_roles(both)
    assert error.value.rule.key == "option.faster-contests"
    faster.check_roles({"ruth": {Role.ROLL}, "charles": {Role.ADVANTAGE}})


@pytest.mark.rule("contest.harm.whole-side", "contest.outside-threat")
def test_odes_harm_falls_on_the_whole_side_below_a_threat_or_the_difficulty() -> None:
    """ode-kortfattad.sv.rst § Konflikter: everyone on a side whose effort is below the threat's
    attack or the difficulty takes the difference; an outside threat may attack any side."""
    contest = Contest.between(
        {"heroes": ["ruth", "charles"], "rivals": ["alice"]},
        {"heroes": "cross the glacier", "rivals": "cross it first"},
        harmful_to=["heroes"],
        whole_side=True,
    )
    # The glacier is Great (+4) for the heroes, who make 2: both take 2, though Alice made 1.
    result = contest.exchange({"heroes": 2, "rivals": 1}, difficulties={"heroes": 4, "rivals": 2})
    assert result.hits == {"heroes": 2}
    assert result.member_hits == {"ruth": 2, "charles": 2}
    # An avalanche on no side attacks the rivals with 5: Alice, at 3, takes 2.
    result = contest.exchange({"heroes": 6, "rivals": 3}, threats={"rivals": 5})
    assert result.hits == {"rivals": 2} and result.member_hits == {"alice": 2}
    # Condensed's contests: the beaten side takes one hit, nobody but the side is named.
    plain = Contest.between(
        {"heroes": ["ruth", "charles"], "rivals": ["alice"]},
        {"heroes": "cross", "rivals": "cross first"},
        harmful_to=["heroes"],
    )
    result = plain.exchange({"heroes": 2, "rivals": 4})
    assert result.hits == {"heroes": 2} and result.member_hits == {}
    with pytest.raises(IllegalAction) as caught:
        plain.check_threat()
    assert caught.value.rule.key == "contest.outside-threat"
