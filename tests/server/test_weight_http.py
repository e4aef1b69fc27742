"""Weight over HTTP (issue 41): a sheet with a weight out of range is refused with a reason at
the field, and nothing changes; a good one is taken and its weight shows on the sheet."""

from __future__ import annotations

import json

import pytest

from ..sheets import npc_sheet  # type: ignore[import-not-found]
from .conftest import make_api  # type: ignore[import-not-found]


@pytest.mark.rule("weight.sides")
def test_a_bad_weight_is_refused_at_its_field_and_changes_nothing() -> None:
    api = make_api()
    with api.client:
        gm = api.table(options=["weight"])
        version = gm.get("/state")["table"]["version"]
        troll = json.loads(npc_sheet())
        troll.update(id="troll", name="Bridge Troll", weight=21)
        body = gm.send("AddCharacter", expect=422, sheet=json.dumps(troll))
        assert body["error"] == "malformed"
        assert "$.weight: 21 is more than 20" in body["fields"]["data.sheet"]
        assert gm.get("/state")["table"]["version"] == version
        troll["weight"] = 4
        gm.send("AddCharacter", sheet=json.dumps(troll))
        sheet = next(c for c in gm.get("/state")["characters"] if c["id"] == "troll")["sheet"]
        assert sheet["weight"] == 4
