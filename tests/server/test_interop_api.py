"""``POST /tables/{id}/characters/import`` and the Fari / Foundry downloads of a sheet."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fatekit.formats.interop import import_character

from ..sheets import ruth_sheet  # type: ignore[import-not-found]
from .conftest import Api, Seat  # type: ignore[import-not-found]

FIXTURES = Path(__file__).resolve().parent.parent / "formats" / "fixtures"


def fixture(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


def post_import(seat: Seat, expect: int, **body: Any) -> dict[str, Any]:
    response = seat.client.post(
        f"/tables/{seat.table_id}/characters/import", json=body, headers=seat.headers
    )
    assert response.status_code == expect, response.text
    out: dict[str, Any] = response.json()
    return out


def test_a_player_brings_in_a_fari_sheet_as_their_own_pc(api: Api) -> None:
    gm = api.table("Harbour", preset="condensed")
    ann = gm.invite("Ann")
    content = fixture("fari-v6-condensed.fari.json")
    # A dry run reports and adds nothing.
    seen = post_import(ann, 200, content=content, dry_run=True)
    assert seen["added"] is False and seen["report"]["preset"] == "Fate Condensed"
    assert {x["what"] for x in seen["report"]["leftovers"]} == {"image", "link", "counter", "clock"}
    assert gm.get("/state")["characters"] == []
    done = post_import(ann, 200, content=content)
    assert done["added"] is True and done["character_id"] == "cassandra-vey"
    view = ann.get("/state")
    [card] = view["characters"]
    assert card["owner"] == ann.seat and card["sheet"]["kind"] == "pc"
    assert card["sheet"]["skills"]["notice"] == 4
    assert [b["marked"] for b in card["sheet"]["stress"]["physical"]] == [True, True] + [False] * 4
    assert card["sheet"]["fate_points"] == 2
    # The same file again gets an id of its own rather than clashing.
    again = post_import(ann, 200, content=content)
    assert again["character_id"] == "cassandra-vey-2"


def test_the_gm_brings_in_an_npc_from_foundry(api: Api) -> None:
    gm = api.table("Duel", preset="core")
    out = post_import(gm, 200, content=fixture("foundry-core-base64.json"), kind="major_npc")
    assert out["sheet"]["kind"] == "major_npc" and out["report"]["source"] == "Foundry VTT"
    [card] = gm.get("/state")["characters"]
    assert card["sheet"]["name"] == "Cynere" and card["owner"] is None


def test_a_written_consequence_comes_in_at_a_conditions_table_kept_in_the_description(
    api: Api,
) -> None:
    # A wounded Fari character at a table that plays conditions (Fate Condensed, Optional Rules >
    # Conditions: they replace consequences). First the preview said the sheet was legal and
    # bringing it in was refused (the page agent, seed 1 step 36); then the whole sheet was
    # refused with "switch to conditions only while no consequence is written on the sheet"
    # (the soak). As docs/interop.md promises, what fits comes in and the report names what had
    # no place: the written consequence, kept in the description for the GM to mark a condition.
    gm = api.table("Conditions", preset="condensed", options=["conditions"])
    content = fixture("fari-v6-ode-swedish.fari.json")  # a mild consequence written
    seen = post_import(gm, 200, content=content, dry_run=True)
    assert "option.conditions" not in [p["rule"] for p in seen["problems"]]
    [moved] = [c for c in seen["report"]["changes"] if c["reason"] == "conditions"]
    assert moved["what"] == "consequences" and moved["lost"]
    assert moved["detail"]["before"] == [
        {"severity": "mild", "shifts": 2, "track": "any", "text": "Bruten näsa"}
    ]
    assert not seen["report"]["whole"]
    assert "Bruten näsa" in seen["sheet"]["description"]
    done = post_import(gm, 200, content=content)
    [card] = gm.get("/state")["characters"]
    assert card["id"] == done["character_id"]
    assert "Bruten näsa" in card["sheet"]["description"]
    slots = card["sheet"]["consequences"]
    assert slots and all(s["condition"] and s["aspect"] is None for s in slots)
    # A sheet with no consequence written comes in with nothing said about it.
    fine = post_import(gm, 200, content=ruth_sheet(), dry_run=True)
    assert not [c for c in fine["report"]["changes"] if c["reason"] == "conditions"]
    post_import(gm, 200, content=ruth_sheet())
    # A table without conditions keeps the consequence written where it was.
    plain = api.table("Consequences", preset="condensed")
    kept = post_import(plain, 200, content=content, dry_run=True)
    assert kept["sheet"]["consequences"][0]["aspect"]["name"] == "Bruten näsa"


def test_a_player_cannot_bring_in_an_npc_and_a_spectator_nothing(api: Api) -> None:
    gm = api.table()
    ann = gm.invite("Ann")
    out = post_import(ann, 200, content=fixture("fari-v2-core.fari.json"), kind="monster")
    assert out["sheet"]["kind"] == "pc"  # an NPC is not a player's to add: a PC it is
    # An extra is one a player adds (you.adds offers it): it comes in as asked, the player's own.
    extra = post_import(ann, 200, content=fixture("fari-v2-core.fari.json"), kind="extra")
    assert extra["sheet"]["kind"] == "extra" and extra["added"]  # a player adds only its own
    # Naming another player's seat is refused by AddCharacter's own check, not made one's own.
    ben = gm.invite("Ben")
    theirs = post_import(ann, 403, content=fixture("fari-v2-core.fari.json"), owner=ben.seat)
    assert theirs["error"] == "forbidden"
    eve = gm.invite("Eve", role="spectator")
    refused = post_import(eve, 403, content=fixture("fari-v2-core.fari.json"))
    assert refused["error"] == "forbidden"


def test_bad_files_get_a_message_and_add_nothing(api: Api) -> None:
    gm = api.table()
    whole = fixture("fari-v6-condensed.fari.json")
    for content, words in [
        (whole[:400], "cut off"),
        (fixture("fari-scene.fari.json"), "'scene', not a character"),
        ('{"fariType": "character", "pages": []}', "no Fari character layout"),
        ('{"name": "x"}', "not a character file fatekit knows"),
        ("\x01garbage", "not valid JSON"),
        ("\x00\x01garbage", "binary file"),  # refused by field before the file is read
        ("[1, 2]", "JSON object"),
    ]:
        out = post_import(gm, 422, content=content)
        assert words in out["detail"], out
    assert gm.get("/state")["characters"] == []
    assert gm.get("/state")["table"]["version"] == 1


def test_a_huge_upload_is_refused_before_it_is_read(api: Api) -> None:
    gm = api.table()
    response = api.client.post(
        f"/tables/{gm.table_id}/characters/import",
        content=b'{"content": "' + b"x" * (50 * 1024 * 1024) + b'"}',
        headers={**gm.headers, "content-type": "application/json"},
    )
    assert response.status_code == 413
    assert "detail" in response.json()


def test_a_sheet_downloads_as_fari_and_foundry_and_reads_back_the_same(api: Api) -> None:
    gm = api.table("Duel", preset="core")
    post_import(gm, 200, content=fixture("fari-v5-core-italian.fari.json"))
    sheet = gm.get("/characters/contessa-livia-orsini/export")
    for target in ("fari", "foundry"):
        written = gm.get(f"/characters/contessa-livia-orsini/export/{target}")
        back = import_character(written)
        assert back.data["skills"] == sheet["skills"]
        assert back.data["aspects"] == sheet["aspects"]
        assert back.data["stress"] == sheet["stress"]
    assert gm.get("/characters/nobody/export/fari", expect=404)["error"] == "not_found"
    gm.get("/characters/contessa-livia-orsini/export/pdf", expect=422)


def test_an_imported_npc_keeps_its_aspects_from_the_players_unless_the_gm_shows_them(
    api: Api,
) -> None:
    gm = api.table("Duel", preset="core")
    ann = gm.invite("Ann")
    content = fixture("foundry-core-base64.json")
    seen = post_import(gm, 200, content=content, kind="major_npc", dry_run=True)
    names = [a["name"] for a in seen["sheet"]["aspects"]]
    # By default every aspect of an NPC, trouble included, is the GM's secret.
    assert seen["hidden"] == list(range(len(names))) and len(names) >= 2
    post_import(gm, 200, content=content, kind="major_npc")
    # Prepared, the NPC is the GM's alone; met in a scene, its name and no aspect.
    assert ann.get("/state")["characters"] == []
    gm.send("StartSession")
    gm.send("StartScene", name="The duel", participants=["cynere"])
    [card] = ann.get("/state")["characters"]
    assert card["aspects"] == [] and card["name"] == "Cynere"
    # The GM chooses: only the second aspect kept back this time.
    again = post_import(gm, 200, content=content, kind="major_npc", hidden=[1])
    assert again["hidden"] == [1] and again["character_id"] == "cynere-2"
    gm.send("JoinScene", character_id="cynere-2")
    shown = next(c for c in ann.get("/state")["characters"] if c["id"] == "cynere-2")
    assert [a["name"] for a in shown["aspects"]] == [n for i, n in enumerate(names) if i != 1]
    whole = next(c for c in gm.get("/state")["characters"] if c["id"] == "cynere-2")
    assert [a["name"] for a in whole["sheet"]["aspects"]] == names
    # A player hides nothing, and a position beyond the sheet is refused.
    assert post_import(ann, 403, content=content, hidden=[0])["error"] == "forbidden"
    beyond = post_import(gm, 422, content=content, kind="major_npc", hidden=[99])
    assert "no aspect 100" in beyond["detail"]


# -- published games' own parts (issue 41 item 4) -----------------------------------------------

GAMES = FIXTURES / "games"
RULESETS = Path(__file__).resolve().parents[2] / "docs" / "examples" / "rulesets"


def game(name: str) -> str:
    return (GAMES / name).read_text(encoding="utf-8")


def ruleset(name: str) -> Any:
    return json.loads((RULESETS / name).read_text(encoding="utf-8"))


def test_condition_trackers_come_in_marked_at_a_table_playing_conditions(api: Api) -> None:
    gm = api.table("Salt Road", ruleset=ruleset("ember-road.ruleset.json"))
    for name in ("fari-v6-ember-road-conditions.fari.json", "foundry-ember-road-conditions.json"):
        seen = post_import(gm, 200, content=game(name), dry_run=True)
        assert seen["problems"] == [] and seen["report"]["whole"] is True
        done = post_import(gm, 200, content=game(name))
        [card] = [c for c in gm.get("/state")["characters"] if c["id"] == done["character_id"]]
        marked = {k: v["boxes"] for k, v in card["sheet"]["conditions"].items()}
        assert marked == {"angry": 1, "wounded": 2}


def test_an_overmarked_condition_is_a_report_line_with_its_reason(api: Api) -> None:
    gm = api.table("Salt Road", ruleset=ruleset("ember-road.ruleset.json"))
    seen = post_import(
        gm, 200, content=game("fari-v6-ember-road-overmarked.fari.json"), dry_run=True
    )
    [change] = seen["report"]["changes"]
    assert change["what"] == "condition" and change["reason"] == "condition_boxes"
    assert change["detail"] == {"before": 2, "after": 1, "rules": 1}


def test_modes_come_in_at_a_table_playing_modes_and_a_bad_sheet_is_refused(api: Api) -> None:
    gm = api.table("Tesladyne", ruleset=ruleset("action-science.ruleset.json"))
    for name in ("fari-v6-action-science-modes.fari.json", "foundry-action-science-modes.json"):
        done = post_import(gm, 200, content=game(name))
        assert done["sheet"]["modes"] == {"action": 3, "science": 2, "intrigue": 1}
        assert done["sheet"]["skill_improvements"] == {"chemistry": 2, "combat": 1}
    before = gm.get("/state")["characters"]
    too_far = game("fari-v6-action-science-too-far.fari.json")
    # The dry run says why, as the engine's problems (the page words them by their codes).
    seen = post_import(gm, 200, content=too_far, dry_run=True)
    assert {p["code"] for p in seen["report"]["refused"]} == {"mode_steps", "mode_skill"}
    assert seen["report"]["whole"] is False
    refused = post_import(gm, 422, content=too_far)
    assert refused["code"] == "import_refused" and refused["params"] == {"game": "Action Science"}
    assert "chemistry would go 3 steps above its mode" in refused["detail"]
    assert gm.get("/state")["characters"] == before


def test_powers_come_in_bought_at_a_venture_city_table(api: Api) -> None:
    gm = api.table("Venture City", preset="venturecity")
    for name in ("fari-v6-venturecity-powers.fari.json", "foundry-venturecity-powers.json"):
        done = post_import(gm, 200, content=game(name))
        assert done["problems"] == []
        assert done["sheet"]["packages"] == [
            {"key": "flight", "options": ["master-flight", "megaton-punch", "very-noticeable"]}
        ]
        [change] = done["report"]["changes"]
        assert change["reason"] == "package_unbought_stunt"
        assert change["detail"] == {"packages": ["Energy Blast"]}


def test_rated_aspects_come_in_counted_with_a_line_for_a_rating_the_rules_do_not_give(
    api: Api,
) -> None:
    gm = api.table("Paris", preset="rocketeers")
    for name in ("fari-v6-rocketeers-counted.fari.json", "foundry-rocketeers-counted.json"):
        done = post_import(gm, 200, content=game(name))
        assert done["problems"] == [] and len(done["sheet"]["aspects"]) == 6
        [change] = done["report"]["changes"]
        assert change["reason"] == "counted_aspect"
        assert change["detail"] == {"before": 3, "after": 1}
