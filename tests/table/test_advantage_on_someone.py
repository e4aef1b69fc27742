"""A create an advantage made on someone outside a conflict puts its new aspect on them when the
player says so (issue 39: the aspect could only go on the scene; fate-condensed.ru.md § Create an
Advantage: the aspect describes the target, who defends)."""

from __future__ import annotations

import pytest

from fatekit.rules import Action, BadInput
from fatekit.table import commands as c
from fatekit.table import view_for

from .conftest import Play, assert_replays  # type: ignore[import-not-found]


@pytest.mark.rule("action.create-advantage.new")
def test_the_new_aspect_goes_on_the_opponent(play: Play) -> None:
    trick = c.Roll(
        actor="ruth",
        action=Action.CREATE_ADVANTAGE,
        skill="fight",
        against="alice",
        defend_skill="fight",
        on_opponent=True,
        dice="++++",
    )
    play.dice.append("0000")  # Alice's defence, rolled by the table
    play.do(trick, "ann")
    assert view_for(play.s, "ann")["rolls"][0]["aspect_owner"] == "alice"
    play.do(c.ResolveRoll(aspect_name="Off Balance"), "ann")
    made = next(
        a for a in view_for(play.s, "ann")["scene"]["aspects"] if a["name"] == "Off Balance"
    )
    assert made["owner"] == "alice" and made["free_invokes"] == {"ruth": 2}
    assert_replays(play)


def test_without_it_the_aspect_is_the_scenes(play: Play) -> None:
    trick = c.Roll(
        actor="ruth",
        action=Action.CREATE_ADVANTAGE,
        skill="fight",
        against="alice",
        dice="++++",
    )
    play.dice.append("0000")  # Alice's defence, rolled by the table
    play.do(trick, "ann")
    play.do(c.ResolveRoll(aspect_name="Smoke"), "ann")
    made = next(a for a in view_for(play.s, "ann")["scene"]["aspects"] if a["name"] == "Smoke")
    assert made["owner"] is None


def test_only_a_new_advantage_made_on_someone_goes_on_them(play: Play) -> None:
    for action, against in ((Action.OVERCOME, "alice"), (Action.CREATE_ADVANTAGE, None)):
        with pytest.raises(BadInput):
            play.do(
                c.Roll(
                    actor="ruth",
                    action=action,
                    skill="fight",
                    against=against,
                    difficulty=None if against else 2,
                    on_opponent=True,
                    dice="0000",
                ),
                "ann",
            )
    assert play.s.rolls == {}
