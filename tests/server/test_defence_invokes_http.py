"""What a defender may invoke on their own defence (``/invokes`` for the defender, the page then
sending ``on_defence``): an aspect already invoked with a fate point on that defence is not
offered for a fate point again, as the ``Invoke`` it would send is refused (page agent soak seed
100, steps 210 and 211: the defender's list kept offering both aspects paid on the defence)."""

from __future__ import annotations

import pytest

from ..sheets import charles_sheet, ruth_sheet  # type: ignore[import-not-found]
from .conftest import Api  # type: ignore[import-not-found]


@pytest.mark.rule("invoke.paid-once-per-roll")
def test_a_defender_is_not_offered_a_paid_invoke_already_made_on_the_defence(api: Api) -> None:
    gm = api.table()
    ann, ben = gm.invite("Ann"), gm.invite("Ben")
    ann.send("AddCharacter", sheet=ruth_sheet(), owner=ann.seat)
    ben.send("AddCharacter", sheet=charles_sheet(), owner=ben.seat)
    gm.send("StartSession")
    gm.send("StartScene", name="On deck", participants=["ruth", "charles"])
    api.dice[:] = ["0000"]
    roll = {"actor": "ruth", "action": "overcome", "skill": "fight", "against": "charles"}
    ann.send("Roll", dice="++++", **roll)
    roll_id = ben.get("/state")["roll"]["id"]
    offered = ben.get("/invokes", by="charles", roll=roll_id)
    aspect = "charles/high_concept/1"
    assert {o["aspect_id"]: o for o in offered["options"]}[aspect]["paid"]
    ben.send("Invoke", aspect_id=aspect, by="charles", roll=roll_id, on_defence=True)
    again = ben.get("/invokes", by="charles", roll=roll_id)
    options = {o["aspect_id"]: o for o in again["options"]}
    assert aspect not in options or not options[aspect]["paid"]
    refused = ben.send(
        "Invoke", expect=409, aspect_id=aspect, by="charles", roll=roll_id, on_defence=True
    )
    assert refused["rule"]["key"] == "invoke.paid-once-per-roll"
