"""Every number a command, a sheet or a rule-set file carries has a bound (issue 33;
docs/deployment.md lists them): past it, the command is refused when it is decided, with a
message naming the field and the bound, and nothing changes. A table's own log is read as it
was written: sheets and rule sets from before the bounds still load."""

from __future__ import annotations

import dataclasses
import json

import pytest

from fatekit.formats.ruleset import dumps_ruleset
from fatekit.rules import Action, get_preset
from fatekit.rules.core.errors import BadInput
from fatekit.table import commands as c
from fatekit.table import fold
from fatekit.table.codec import FieldErrors
from fatekit.table.serialize import command_from_json

from ..sheets import npc_sheet, ruth_sheet  # type: ignore[import-not-found]
from .conftest import Play  # type: ignore[import-not-found]


def _refused(play: Play, command: c.Command, field: str, seat: str = "gm") -> str:
    """The command is refused by field (its message names the bound) and changes nothing."""
    version = play.s.version
    with pytest.raises(FieldErrors) as caught:
        play.do(command, seat)
    assert field in caught.value.errors, caught.value.errors
    assert play.s.version == version
    return caught.value.errors[field]


def test_the_probes_denial_of_service_is_a_field_message(play: Play) -> None:
    # Ten million free invokes took 3.6 s and 535 MB; 10**30 took the server down.
    for count in (10**30, 10**7, 11, 0):
        command = c.AddSituationAspect(name="x", free_invokes=(("ruth", count),))
        message = _refused(play, command, "free_invokes[0][1]")
        assert message == "a whole number from 1 to 10"
    twice = c.AddSituationAspect(name="x", free_invokes=(("ruth", 6), ("alice", 6)))
    assert _refused(play, twice, "free_invokes") == "at most 10 in all"
    prepared = c.PrepareScene(
        scene_id="s",
        name="S",
        participants=(),
        aspects=(c.PreparedAspect(name="x", free_invokes=(("alice", 10**7),)),),
    )
    _refused(play, prepared, "aspects[0].free_invokes[0][1]")
    play.do(c.AddSituationAspect(name="Fog", free_invokes=(("ruth", 2), ("alice", 8))))


def test_numbers_past_the_ladders_reach_are_refused(play: Play) -> None:
    roll = c.Roll(actor="ruth", action=Action.OVERCOME, skill="fight", difficulty=10**30)
    assert _refused(play, roll, "difficulty", "ann") == "a whole number from -10 to 20"
    hidden = c.HideDifficulty(actor="ruth", difficulty=-(10**30))
    _refused(play, hidden, "difficulty")
    _refused(play, c.Undo(target_version=2**64), "target_version")
    _refused(play, c.AddCountdown(countdown_id="x", name="x", boxes=10**7, outcome="y"), "boxes")
    play.do(c.HideDifficulty(actor="ruth", difficulty=20))  # the top of the reach is fine


def test_the_same_bounds_hold_for_a_command_read_from_json() -> None:
    with pytest.raises(FieldErrors) as caught:
        command_from_json("AddSituationAspect", {"name": "x", "free_invokes": [["a", 10**7]]})
    assert caught.value.errors == {"free_invokes[0][1]": "a whole number from 1 to 10"}


def test_a_sheets_numbers_are_bounded_when_its_command_is_decided(play: Play) -> None:
    for change, field in (
        ({"refresh": 10**30}, "$.refresh"),
        ({"skills": {"fight": 10**30}}, "$.skills.fight"),
        ({"fate_points": 101}, "$.fate_points"),
    ):
        sheet = {**json.loads(npc_sheet()), "id": "bob", **change}
        message = _refused(play, c.AddCharacter(sheet=json.dumps(sheet)), "sheet")
        assert field in message, message
    ruth = {**json.loads(ruth_sheet()), "skills": {"fight": 21}}
    message = _refused(play, c.UpdateCharacter(sheet=json.dumps(ruth)), "sheet", "ann")
    assert "$.skills.fight" in message and "20" in message
    stunt = {
        "name": "Endless",
        "effect": {"type": "extra_free_invoke", "skill": "notice", "count": 10**7},
    }
    change = c.MilestoneChange(kind=c.ChangeKind.BUY_STUNT, stunt=json.dumps(stunt))
    message = _refused(play, c.Milestone(character_id="ruth", choice=change), "choice.stunt")
    assert "$.effect.count" in message, message


def test_a_rule_sets_numbers_are_bounded_when_a_table_is_made() -> None:
    data = json.loads(dumps_ruleset(get_preset("condensed")))
    data["key"], data["refresh"] = "huge", 10**6
    table = Play()
    with pytest.raises(FieldErrors) as caught:
        table.do(c.CreateTable(name="T", preset="huge", ruleset=json.dumps(data)))
    assert "$.refresh" in caught.value.errors["ruleset"]


def test_a_log_from_before_the_bounds_still_loads(play: Play) -> None:
    # A sheet that broke today's bounds, stored as an older fatekit stored it: the table loads.
    big = {**json.loads(npc_sheet()), "id": "kaiju", "skills": {"fight": 25}, "refresh": 150}
    added = play.do(c.AddCharacter(sheet=npc_sheet().replace('"alice"', '"kaiju"'))).events[0]
    old = dataclasses.replace(added, sheet=json.dumps(big), character_id="kaiju")
    state = fold([*play.log[:-1], old])
    assert state.game.character("kaiju").skills["fight"] == 25


def test_a_sheet_nested_past_the_stack_is_refused_and_changes_nothing(play: Play) -> None:
    # The server's probe (seeded) sent a sheet nested deeper than Python's stack: the id check
    # before the sheet is parsed raised RecursionError and the server answered 500.
    version = play.s.version
    for sheet in ("[" * 100_000 + "]" * 100_000, '{"a": ' * 100_000 + "1" + "}" * 100_000):
        with pytest.raises(BadInput, match="nested too deeply"):
            play.do(c.AddCharacter(sheet=sheet))
    assert play.s.version == version
