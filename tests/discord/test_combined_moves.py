"""Two skill lists summed on a roll from Discord (issue 41; fate-condensed.ru.md § Optional Rules >
Changing the Skill List, Combination): /roll, /overcome, /advantage and /attack take ``second``,
the second list's skill, named in the user's language; the table rolls at the sum, and the
log's line names both skills."""

from __future__ import annotations

import pytest

from fatekit.discord.door import seen_by
from fatekit.discord.lines import Reader
from fatekit.discord.moves import move_for
from fatekit.discord.words import words
from fatekit.table import commands as c
from fatekit.table import event_for, view_for
from fatekit.table.serialize import command_from_json
from tests.table.test_combined_table import bridge, fight


@pytest.mark.rule("skills.combined-roll")
def test_roll_and_attack_take_the_second_skill_by_its_name() -> None:
    table = bridge()
    seen = seen_by(table.s, "ann", "it")
    assert seen.view["second_skills"] == ["daring", "cunning", "grace", "resolve"]
    options = {"skill": "Scherma", "second": "Audacia", "difficulty": 2, "dice": "0000"}
    move = move_for("overcome", options, seen.view, {}, seen.reader)
    assert move.type == "Roll"
    assert (move.data["skill"], move.data["second_skill"]) == ("swordplay", "daring")
    table.do(command_from_json(move.type, move.data), "ann")
    assert view_for(table.s, "gm")["roll"]["effort"] == 3  # Swordplay (+2) + Daring (+1)
    said = seen_by(table.s, "ann", "it").reader.line(event_for(table.log[-1], table.s, "ann"))
    assert said is not None and "Scherma + Audacia" in said
    table.do(c.ResolveRoll(), "ann")
    fight(table)
    view = view_for(table.s, "ann")
    options = {"target": "guard", "skill": "swordplay", "second": "grace", "dice": "0000"}
    move = move_for("attack", options, view, {}, Reader(view, words("en")))
    assert (move.type, move.data["second_skill"]) == ("Attack", "grace")
    table.dice = ["0000"]
    table.do(command_from_json(move.type, move.data), "ann")
    assert view_for(table.s, "gm")["roll"]["effort"] == 4  # Swordplay (+2) + Grace (+2)


def test_a_roll_with_no_second_skill_sends_none() -> None:
    table = bridge()
    view = view_for(table.s, "ann")
    options = {"skill": "swordplay", "difficulty": 2}
    move = move_for("roll", options, view, {}, Reader(view, words("en")))
    assert "second_skill" not in move.data  # the table refuses it: second_skill_needed


@pytest.mark.rule("skills.combined-roll")
def test_a_contests_overcome_takes_the_second_skill() -> None:
    table = bridge()
    table.do(
        c.StartContest(
            sides=(("ines", ("ines",)), ("guard", ("guard",))),
            intents=(("ines", "escape"), ("guard", "catch her")),
        )
    )
    seen = seen_by(table.s, "ann", "sv")
    options = {"skill": "riding", "second": "grace", "dice": "+000"}
    move = move_for("overcome", options, seen.view, {}, seen.reader)
    assert (move.type, move.data["second_skill"]) == ("ContestRoll", "grace")
    table.do(command_from_json(move.type, move.data), "ann")
    (roll,) = view_for(table.s, "gm")["rolls"]
    assert roll["effort"] == 4  # Riding (+1) + Grace (+2) + 1
