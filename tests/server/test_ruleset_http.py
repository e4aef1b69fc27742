"""POST /tables with a rule-set file in its body, and what the page reads of it
(docs/rulesets.md, docs/server.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .conftest import Api  # type: ignore[import-not-found]

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "rulesets"


def example(name: str) -> Any:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def test_a_table_opens_on_a_rule_set_file(api: Api) -> None:
    gm = api.table("The Long Night", ruleset=example("long-night.ruleset.json"))
    view = gm.get("/state")
    assert view["table"]["preset"] == "long-night" and view["table"]["ruleset"] is True
    preset = gm.get("/preset")
    assert preset["name"] == "The Long Night"
    sanity = next(t for t in preset["tracks"] if t["harm"] == "sanity")
    assert sanity["names"]["ru"] == "Рассудок" and sanity["skill"] == "will"
    # Sanity is dealt (Provoke, Lore); no skill attacks in a mental conflict, so none is offered.
    assert sanity["dealt"] is True and preset["conflict_kinds"] == ["physical"]
    assert preset["skill_names"]["lore"][""] == "Lore"
    sheet = (EXAMPLES / "long-night.character.json").read_text(encoding="utf-8")
    gm.send("AddCharacter", sheet=sheet)
    (ines,) = gm.get("/state")["characters"]
    assert sorted(ines["sheet"]["stress"]) == ["physical", "sanity"]
    exported = gm.get("/export")
    made = api.client.post("/tables/import", json=exported)
    assert made.status_code == 201
    copy = made.json()
    again = api.client.get(
        f"/tables/{copy['table_id']}/preset", headers={"X-Fatekit-Link": copy["link"]}
    ).json()
    assert again == preset


def test_a_bad_rule_set_is_refused_with_every_problem_as_a_field(api: Api) -> None:
    data = example("merchant-princes.ruleset.json")
    data["stress"]["tracks"][2]["skill"] = "riches"
    data["skill_uses"].append({"skill": "shoot", "action": "attack", "harm": "fame"})
    refused = api.client.post("/tables", json={"name": "X", "ruleset": data})
    assert refused.status_code == 422
    fields = refused.json()["fields"]
    assert fields["ruleset.stress.tracks[2].skill"].startswith("'riches' is not on")
    assert (
        "no stress track takes it"
        in fields[f"ruleset.skill_uses[{len(data['skill_uses']) - 1}].harm"]
    )
    typed = api.client.post("/tables", json={"name": "X", "ruleset": {"format": 3}})
    assert typed.status_code == 422 and "ruleset" in typed.json()["fields"]
    assert api.store.list_tables() == []


def test_a_builtin_table_reads_its_preset_there_too(api: Api) -> None:
    gm = api.table(preset="fae")
    assert gm.get("/state")["table"]["ruleset"] is False
    preset = gm.get("/preset")
    assert preset["tracks"] == [
        {"harm": "any", "name": "", "names": {}, "skill": None, "dealt": True}
    ]
    assert preset["turn_order"] == "approach_order"
    assert preset["conflict_kinds"] == ["physical", "mental"]


def test_a_hack_table_brings_in_fatekit_and_fari_files(api: Api) -> None:
    gm = api.table("Canals", ruleset=example("merchant-princes.ruleset.json"))
    sheet = (EXAMPLES / "merchant-princes.character.json").read_text(encoding="utf-8")
    out = gm.client.post(
        f"/tables/{gm.table_id}/characters/import",
        json={"content": sheet, "kind": "major_npc"},
        headers=gm.headers,
    )
    assert out.status_code == 200, out.text
    assert out.json()["added"] is True and out.json()["problems"] == []
    # A Fari sheet comes in too, fitted to the hack, and the report says what changed (a
    # rule-set table refused every Fari file before the imports learned rule sets' parts).
    fixtures = Path(__file__).resolve().parents[1] / "formats" / "fixtures"
    fari = gm.client.post(
        f"/tables/{gm.table_id}/characters/import",
        json={"content": (fixtures / "fari-v6-condensed.fari.json").read_text(encoding="utf-8")},
        headers=gm.headers,
    )
    assert fari.status_code == 200, fari.text
    assert fari.json()["added"] is True
    report = fari.json()["report"]
    assert report["source"] == "Fari" and report["refused"] == []
    # The hack's own track is given to her, with the boxes its skill gives.
    assert any(c["what"] == "stress" and c["label"] == "Wealth" for c in report["changes"])
    # A Fari file that holds no character is refused, saying what it holds.
    scene = gm.client.post(
        f"/tables/{gm.table_id}/characters/import",
        json={"content": (fixtures / "fari-scene.fari.json").read_text(encoding="utf-8")},
        headers=gm.headers,
    )
    assert scene.status_code == 422
    assert "not a character" in scene.json()["detail"]
    checked = gm.client.post(
        f"/tables/{gm.table_id}/characters/check",
        json={"sheet": json.loads(sheet)},
        headers=gm.headers,
    ).json()
    assert checked["legal"] is True and "wealth" in checked["sheet"]["stress"]
    fari = json.dumps(gm.get("/characters/lucia/export/fari"))
    assert "Resources" in fari and '"Wealth"' in fari  # the hack's skills and its own track
    foundry = json.dumps(gm.get("/characters/lucia/export/foundry"))
    assert '"Wealth"' in foundry


def test_a_rule_set_is_checked_before_a_table_opens_on_it(api: Api) -> None:
    found = api.client.post("/rules/rulesets/check", json=example("long-night.ruleset.json"))
    body = found.json()
    assert found.status_code == 200 and body["usable"] is True
    assert sorted(body["sheet"]["stress"]) == ["physical", "sanity"]
    assert [c["track"] for c in body["sheet"]["consequences"]] == ["physical"] * 3
    bad = example("long-night.ruleset.json")
    bad["consequences"].append({"severity": "mild", "harm": "sanity", "skill": "sorcery"})
    refused = api.client.post("/rules/rulesets/check", json=bad).json()
    assert refused["usable"] is False
    assert refused["problems"] == [
        f"$.consequences[{len(bad['consequences']) - 1}].skill: 'sorcery' is not on the rule "
        "set's skill list(s)"
    ]


def test_a_built_in_comes_as_the_file_a_hack_starts_from(api: Api) -> None:
    got = api.client.get("/rules/rulesets/fae")
    assert got.status_code == 200
    data = got.json()
    assert data["format"] == "fatekit-ruleset" and data["key"] == "fae"
    # The file as shipped: the checker takes it whole, and it holds what Fate Accelerated holds.
    found = api.client.post("/rules/rulesets/check", json=data).json()
    assert found["usable"] is True
    assert found["preset"]["skills"] == [
        "careful",
        "clever",
        "flashy",
        "forceful",
        "quick",
        "sneaky",
    ]
    # What stunts cost under it, for the editor's preview: three free, then one refresh each.
    stunts = {
        k: found["preset"][k] for k in ("refresh", "free_stunts", "stunt_cost", "min_refresh")
    }
    assert stunts == {"refresh": 3, "free_stunts": 3, "stunt_cost": 1, "min_refresh": 1}
    missing = api.client.get("/rules/rulesets/gurps")
    assert missing.status_code == 422, missing.text
    assert "condensed" in missing.text  # it says which keys there are


def test_a_built_in_names_its_skills_in_every_language_of_the_page(api: Api) -> None:
    # A hack started on a Swedish page listed Fate Condensed's skills by the file's English
    # names: the built-in's file now names them as the page's catalogs do, in each language.
    condensed = api.client.get("/rules/rulesets/condensed").json()
    academics = condensed["skill_lists"][0]["skills"][0]
    assert academics["key"] == "academics" and academics["name"] == "Academics"
    assert academics["names"] == {
        "en": "Academics",
        "ru": "Академика",
        "it": "Erudizione",
        "sv": "Akademi",
    }
    # Öde's own names are Swedish; an English page reads the English ones.
    ode = api.client.get("/rules/rulesets/ode").json()
    assert ode["skill_lists"][0]["skills"][0]["names"]["en"] == "Academics"
    # An alternative list is named as that list's skills are; Accelerated's, as approaches.
    core = api.client.get("/rules/rulesets/core", params={"skill_list": "approaches"}).json()
    fae = api.client.get("/rules/rulesets/fae").json()
    for data in (core, fae):
        careful = next(s for s in data["skill_lists"][0]["skills"] if s["key"] == "careful")
        assert careful["names"]["ru"] == "Осторожно"
        assert set(careful["names"]) == {"en", "ru", "it", "sv"}
    # The checker takes the file whole, and a table's preset gives the names to the page.
    checked = api.client.post("/rules/rulesets/check", json=condensed).json()
    assert checked["preset"]["skill_names"]["academics"]["sv"] == "Akademi"
