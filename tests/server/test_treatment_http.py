"""Treating a consequence over the API (docs/harm.md "Treatment at the table"): a player's
request, refusals as 4xx with their code or rule and nothing changed, and the seat's view saying
when the consequence clears.

Sources: fate-condensed.ru.md § Conflicts > Recovering from Conflicts."""

from __future__ import annotations

import pytest

from tests.sheets import charles_sheet, ruth_sheet

from .conftest import Api  # type: ignore[import-not-found]


@pytest.mark.rule("recovery.treatment")
def test_a_player_treats_over_the_api_and_bad_requests_change_nothing(api: Api) -> None:
    gm = api.table("The Infirmary")
    ann, ben = gm.invite("Ann"), gm.invite("Ben")
    gm.send("AddCharacter", sheet=ruth_sheet(), owner=ann.seat)
    gm.send("AddCharacter", sheet=charles_sheet(), owner=ben.seat)
    gm.send("StartSession")
    gm.send("StartScene", name="Below", participants=["ruth", "charles"])
    gm.send("CorrectConsequence", character_id="ruth", slot=0, name="Bruised Ribs")
    version = gm.get("/state")["table"]["version"]
    asked = {"actor": "charles", "skill": "academics", "aspect_id": "ruth/consequence/0"}
    # Malformed: no new name, an unknown field, a name too long: 4xx, nothing written.
    assert ben.send("Treat", expect=422, **asked)["fields"]
    assert ben.send("Treat", expect=422, **asked, new_name="x", patient="ruth")["fields"]
    long = ben.send("Treat", expect=422, **asked, new_name="x" * 201)
    assert long["code"] == "treatment_name"
    # A rule: the wrong skill names the rule it breaks; a seat acting for neither is forbidden.
    wrong = ben.send("Treat", expect=409, **{**asked, "skill": "lore"}, new_name="Taped")
    assert wrong["rule"]["key"] == "recovery.treatment-skill" and wrong["waivable"]
    assert gm.get("/state")["table"]["version"] == version  # nothing was written
    ben.send("Treat", **asked, new_name="Strapped Ribs", dice="++++")
    [roll] = ben.get("/state")["rolls"]
    assert roll["kind"] == "treatment" and roll["treats"]["patient"] == "ruth"
    ben.send("ResolveRoll", roll=roll["id"])
    ruth = next(c for c in ann.get("/state")["characters"] if c["id"] == "ruth")
    assert ruth["sheet"]["consequences"][0]["aspect"]["name"] == "Strapped Ribs"
    assert ruth["healing"][0] == {"clears_after": "scene", "treatment": None}
    assert ruth["healing"][1] == {"clears_after": None, "treatment": None}  # an empty slot
