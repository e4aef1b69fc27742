"""Invokes on the defence of a zone attack's target over HTTP: what the defender may invoke there
(``/invokes?on_target=``), the ``Invoke`` command with its ``target``, and the refusals as 4xx
that change nothing."""

from __future__ import annotations

import pytest

from ..sheets import charles_sheet, npc_sheet, ruth_sheet  # type: ignore[import-not-found]
from .conftest import Api, Seat  # type: ignore[import-not-found]


def _zone_attack(api: Api) -> tuple[Seat, Seat, Seat]:
    """Ruth (Ann's) throws a chair across the deck: Charles (Ben's) and Alice (the GM's) defend,
    both Mediocre at Athletics, Charles rolling ---- and Alice 0000 against an effort of +5."""
    gm = api.table(options=["multiple_targets"])
    ann, ben = gm.invite("Ann"), gm.invite("Ben")
    ann.send("AddCharacter", sheet=ruth_sheet(), owner=ann.seat)
    ben.send("AddCharacter", sheet=charles_sheet(), owner=ben.seat)
    gm.send("AddCharacter", sheet=npc_sheet())
    gm.send("StartSession")
    gm.send(
        "StartScene",
        name="On deck",
        participants=["ruth", "charles", "alice"],
        zones=["deck"],
        positions=[["ruth", "deck"], ["charles", "deck"], ["alice", "deck"]],
    )
    gm.send(
        "StartConflict", sides=[["heroes", ["ruth", "charles"]], ["cult", ["alice"]]], first="ruth"
    )
    ann.send("ZoneAttack", actor="ruth", skill="fight", zone="deck", dice="+000")
    api.dice[:] = ["0000", "----"]
    ann.send("AssignTargets")
    return gm, ann, ben


@pytest.mark.rule("option.multiple-targets")
def test_a_defender_invokes_on_their_defence_over_http(api: Api) -> None:
    gm, ann, ben = _zone_attack(api)
    targets = ben.get("/state")["conflict"]["targets"]
    assert targets["charles"]["shifts"] == 9 and targets["alice"]["shifts"] == 5
    found = ben.get("/invokes", by="charles", on_target="charles")
    mine = {o["aspect_id"]: o for o in found["options"]}
    assert mine["charles/high_concept/1"]["paid"] and found["advice"] is None
    version = gm.get("/state")["table"]["version"]
    # Refused, and nothing changes: Alice is not Ann's, Ruth is not a target, no such target.
    ann.send("Invoke", expect=403, aspect_id="alice/high_concept/1", by="alice", target="alice")
    refused = ann.send(
        "Invoke", expect=409, aspect_id="ruth/high_concept/1", by="ruth", target="ruth"
    )
    assert refused["rule"]["key"] == "option.multiple-targets"
    assert ben.get("/invokes", expect=409, by="charles", on_target="nobody")["rule"]["key"] == (
        "option.multiple-targets"
    )
    assert gm.get("/state")["table"]["version"] == version
    ben.send("Invoke", aspect_id="charles/high_concept/1", by="charles", target="charles")
    targets = ben.get("/state")["conflict"]["targets"]
    assert targets["charles"]["shifts"] == 7 and targets["alice"]["shifts"] == 5
    assert targets["charles"]["invocations"][0]["by"] == "charles"
    # Paid once on this roll: the same aspect is not offered for another fate point on it.
    again = ben.get("/invokes", by="charles", on_target="charles")["options"]
    assert "charles/high_concept/1" not in {o["aspect_id"] for o in again}
