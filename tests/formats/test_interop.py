"""Fari sheets and Foundry VTT actors read into fatekit characters, and written back.

The fixtures in ``fixtures/`` are sheets written for these tests from the formats' public
descriptions: one per Fari layout (v1 and v2 flat, v3, v4, v5, v6), English, Italian and German
sheets, and Fate Core Official actors keyed by base64 and by plain names.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from fatekit.formats import character_from_dict, loads_character
from fatekit.formats.fari import fari_layout
from fatekit.formats.foundry import entry_key
from fatekit.formats.interop import (
    MAX_FILE_BYTES,
    detect_format,
    export_character,
    import_character,
)
from fatekit.formats.text import plain_text, to_html
from fatekit.rules import BadInput

FIXTURES = Path(__file__).resolve().parent / "fixtures"
CHARACTERS = sorted(p.name for p in FIXTURES.glob("*.json") if "scene" not in p.name)


def read(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def marks(data: dict[str, Any], track: str) -> list[tuple[int, bool]]:
    return [(b["value"], b["marked"]) for b in data["stress"][track]]


def filled(data: dict[str, Any]) -> list[tuple[str, int, str | None]]:
    return [
        (c["severity"], c["shifts"], c["aspect"]["name"] if c["aspect"] else None)
        for c in data["consequences"]
    ]


def test_each_fari_layout_is_told_by_its_shape_not_its_version() -> None:
    layouts = {
        name: fari_layout(json.loads(read(name))) for name in CHARACTERS if name.startswith("fari")
    }
    assert layouts == {
        "fari-v1-condensed.fari.json": "v1",
        "fari-v2-accelerated-russian.fari.json": "v2",
        "fari-v2-core.fari.json": "v2",
        "fari-v3-condensed.fari.json": "v3",
        "fari-v4-accelerated.fari.json": "v4",
        "fari-v5-core-italian.fari.json": "v5",
        "fari-v6-condensed.fari.json": "v5",
        "fari-v6-german.fari.json": "v5",
        "fari-v6-ode-swedish.fari.json": "v5",
    }
    lying = json.loads(read("fari-v2-core.fari.json")) | {"version": 6}
    assert fari_layout(lying) == "v2"


def test_a_filled_condensed_sheet_comes_across_whole() -> None:
    out = import_character(read("fari-v6-condensed.fari.json"))
    data = out.data
    assert data["preset"] == "condensed" and "skill_lists" not in data
    assert [(a["kind"], a["name"]) for a in data["aspects"]] == [
        ("high_concept", "Sharp-Eyed Smuggler"),  # the <b> is gone
        ("trouble", "Can't Say No to a Dare"),
        ("relationship", "Owes Ruth Her Life"),
        ("character", "Ex-Navy"),
        ("character", "Knows Every Dive Bar"),
    ]
    assert data["skills"] == {
        "notice": 4,
        "athletics": 3,
        "physique": 3,
        "fight": 2,
        "shoot": 2,
        "will": 2,
        "empathy": 1,
        "lore": 1,
        "rapport": 1,
        "stealth": 1,
    }
    assert (data["refresh"], data["fate_points"]) == (3, 2)
    # The sheet had four physical boxes; Physique Good (+3) gives six under Fate Condensed:
    # refitted, both marks kept, and the report says so.
    assert marks(data, "physical") == [(1, True), (1, True)] + [(1, False)] * 4
    refits = [(c.what, c.before, c.after) for c in out.report.changes]
    assert ("stress", "4 boxes (1, 1, 1, 1), 2 marked", "6 boxes (1, 1, 1, 1, 1, 1), 2 marked") in (
        refits
    )
    assert not out.report.whole
    assert filled(data) == [("mild", 2, "Bruised Ribs"), ("moderate", 4, None), ("severe", 6, None)]
    eagle = data["stunts"][0]
    assert eagle["name"] == "Eagle Eye"
    assert eagle["effect"] == {
        "type": "skill_bonus",
        "skill": "notice",
        "actions": ["overcome"],
        "action": "overcome",
        "bonus": 2,
    }
    assert eagle["description"] == "+2 to Notice when you overcome an obstacle at sea."
    # Images, links, a custom counter and a clock: reported, and kept in the description.
    assert [(x.what, x.label) for x in out.report.leftovers] == [
        ("counter", "Ammo"),
        ("image", "Portrait"),
        ("link", "Wiki"),
        ("clock", "Doom"),
    ]
    assert data["description"].startswith("Grew up in the harbour.\nHates the tax office.")
    assert "Portrait: https://example.org/cassandra.png" in data["description"]
    assert "Spend fate points" not in data["description"]  # the template's help text


def test_an_italian_core_sheet_is_recognised_by_its_skill_names() -> None:
    data = import_character(read("fari-v5-core-italian.fari.json")).data
    assert data["preset"] == "core" and "skill_lists" not in data
    assert data["skills"]["resources"] == 4 and data["skills"]["stealth"] == 1
    assert data["skills"]["rapport"] == 3 and len(data["skills"]) == 12
    assert [a["kind"] for a in data["aspects"]] == [
        "high_concept",
        "trouble",
        "character",
        "character",
    ]
    assert marks(data, "physical") == [(1, False), (2, True), (3, False)]
    assert marks(data, "mental") == [(1, True), (2, False), (3, False)]
    assert (data["refresh"], data["fate_points"]) == (2, 3)
    assert filled(data)[0] == ("mild", 2, "Orgoglio ferito")
    by_name = {s["name"]: s["effect"] for s in data["stunts"]}
    assert by_name["Lingua d'argento"]["skill"] == "rapport"
    assert by_name["Lama rapida"] == {
        "type": "skill_bonus",
        "skill": "fight",
        "actions": ["attack"],
        "action": "attack",
        "bonus": 2,
    }
    assert by_name["Denaro chiama denaro"]["type"] == "true_detail"


def test_an_accelerated_sheet_has_approaches_and_one_track() -> None:
    data = import_character(read("fari-v4-accelerated.fari.json")).data
    assert data["preset"] == "fae"
    assert data["skills"] == {"clever": 3, "quick": 2, "sneaky": 2, "careful": 1, "forceful": 1}
    assert marks(data, "any") == [(1, False), (2, False), (3, True)]
    assert filled(data)[1] == ("moderate", 4, "Twisted Tail")


def test_sections_without_telling_names_are_placed_by_position() -> None:
    data = import_character(read("fari-v3-condensed.fari.json")).data
    assert [a["kind"] for a in data["aspects"]] == [
        "high_concept",
        "trouble",
        "relationship",
        "character",
        "character",
    ]
    assert data["skills"]["lore"] == 4 and data["skills"]["academics"] == 3
    assert marks(data, "physical")[0] == (1, True) and len(data["stress"]["mental"]) == 4
    assert filled(data)[0] == ("mild", 2, "Shaken")  # labelled only "2"
    assert data["stunts"][0]["effect"]["skill"] == "lore"


def test_flat_sheets_of_fari_one_and_two() -> None:
    v1 = import_character(read("fari-v1-condensed.fari.json")).data
    assert v1["preset"] == "condensed" and v1["skills"]["lore"] == 4
    assert marks(v1, "physical") == [(1, True), (1, False), (1, False), (1, False)]
    assert filled(v1)[1] == ("moderate", 4, "Singed Eyebrows")
    assert (v1["refresh"], v1["fate_points"]) == (2, 1)
    v2 = import_character(read("fari-v2-core.fari.json")).data
    assert v2["preset"] == "core" and v2["skills"]["fight"] == 4
    assert marks(v2, "physical") == [(1, False), (2, True), (3, False), (4, False)]
    assert (v2["refresh"], v2["fate_points"]) == (3, 4)
    assert v2["description"] == "Trained at the Ivory Shroud."


def test_a_swedish_sheet_is_an_ode_sheet() -> None:
    data = import_character(read("fari-v6-ode-swedish.fari.json")).data
    assert data["preset"] == "ode" and "skill_lists" not in data
    assert data["skills"]["fight"] == 4 and data["skills"]["physique"] == 3
    assert [a["kind"] for a in data["aspects"]][:3] == ["high_concept", "trouble", "relationship"]
    assert [m for _, m in marks(data, "physical")] == [True, True, True, False, False, False]
    assert filled(data)[0] == ("mild", 2, "Bruten näsa")
    assert data["stunts"][0]["effect"] == {
        "type": "skill_bonus",
        "skill": "fight",
        "actions": ["defend"],
        "action": "defend",
        "bonus": 2,
    }


def test_a_russian_accelerated_sheet_of_fari_two() -> None:
    data = import_character(read("fari-v2-accelerated-russian.fari.json")).data
    assert data["preset"] == "fae"
    assert data["skills"] == {"flashy": 3, "clever": 2, "quick": 2, "careful": 1, "sneaky": 1}
    assert [a["kind"] for a in data["aspects"]] == ["high_concept", "trouble", "character"]
    assert marks(data, "any") == [(1, True), (2, False), (3, False)]
    assert filled(data)[0] == ("mild", 2, "Отдавленный хвост")
    assert data["stunts"][0]["effect"]["skill"] == "flashy"
    assert (data["refresh"], data["fate_points"]) == (3, 2)
    assert data["description"] == "Живёт у старой дороги."


def test_a_sheet_in_another_language_keeps_its_own_skill_list() -> None:
    out = import_character(read("fari-v6-german.fari.json"))
    data = out.data
    assert data["preset"] == "core"  # escalating boxes
    [own] = data["skill_lists"]
    # Names the published German Fate Core gives (Charisma, Kontakte) are Fate's skills; the
    # sheet's own words for the others (Einbruch for Diebeskünste) stay its own.
    assert own["skills"][:3] == ["Athletics", "Einbruch", "Contacts"]
    assert data["skills"]["rapport"] == 4 and data["skills"]["tauschen"] == 3
    assert [a["kind"] for a in data["aspects"]] == ["high_concept", "trouble", "character"]
    assert marks(data, "physical") == [(1, True), (2, False)]
    assert filled(data)[1] == ("moderate", 4, "Gebrochenes Herz")
    assert out.report.preset == "Fate Core (custom)"


def test_foundry_actors_keyed_by_base64_or_by_name() -> None:
    core = import_character(read("foundry-core-base64.json"))
    data = core.data
    assert data["preset"] == "core" and data["skills"]["fight"] == 4
    assert [a["kind"] for a in data["aspects"]][:2] == ["high_concept", "trouble"]
    assert marks(data, "physical") == [(1, False), (2, True), (3, False), (4, False)]
    assert filled(data) == [
        ("mild", 2, "Twisted Ankle"),
        ("moderate", 4, None),
        ("severe", 6, None),
    ]
    assert (data["refresh"], data["fate_points"]) == (3, 2)
    riposte = next(s for s in data["stunts"] if s["name"] == "Riposte")
    assert riposte["effect"] == {
        "type": "skill_bonus",
        "skill": "fight",
        "actions": ["defend"],
        "action": "defend",
        "bonus": 2,
    }
    assert {(x.what, x.label) for x in core.report.leftovers} == {
        ("track", "Indebted"),
        ("Extra", "Sword of Kings"),
    }
    assert data["description"].startswith("Owes Landon a favour.")
    old = import_character(read("foundry-condensed-plain.json")).data
    assert old["preset"] == "condensed" and old["skills"]["burglary"] == 4
    assert marks(old, "physical")[0] == (1, True)
    assert filled(old)[2] == ("severe", 6, "Broken Leg")
    assert old["stunts"][0]["effect"]["actions"] == ["overcome"]


def test_fco_keys_are_base64_of_the_utf8_name_without_padding() -> None:
    assert entry_key("Fight") == "RmlnaHQ"
    assert entry_key("Furtività") == "RnVydGl2aXTDoA"


@pytest.mark.parametrize("name", CHARACTERS)
def test_every_fixture_loads_as_a_character_file(name: str) -> None:
    out = import_character(read(name))
    again = loads_character(json.dumps(out.data))
    assert again.character.name == out.loaded.character.name


@pytest.mark.parametrize("name", CHARACTERS)
@pytest.mark.parametrize("target", ["fari", "foundry"])
def test_export_then_import_gives_the_same_character(name: str, target: str) -> None:
    first = import_character(read(name))
    written = export_character(first.loaded, target)
    assert detect_format(written) == target
    if target == "fari":
        assert written["fariType"] == "character" and written["version"] == 6
    second = import_character(json.dumps(written))
    assert second.data == first.data


@pytest.mark.parametrize("target", ["fari", "foundry"])
def test_the_visible_sheet_alone_carries_what_a_player_sees(target: str) -> None:
    """Without the fatekit extension (a sheet edited elsewhere), skills, aspects, boxes,
    consequences and fate points still come back from what the sheet shows."""
    first = import_character(read("foundry-core-base64.json"))
    written = export_character(first.loaded, target)
    bare = copy.deepcopy(written)
    if target == "fari":
        del bare["fatekit"]
        for section in bare["pages"][0]["rows"][0]["columns"]:
            for s in section["sections"]:
                for block in s["blocks"]:
                    block["meta"].pop("fatekit", None)
    else:
        del bare["flags"]["fatekit"]
    second = import_character(json.dumps(bare)).data
    for key in ("preset", "skills", "aspects", "stress", "refresh", "fate_points"):
        assert second[key] == first.data[key], key
    assert filled(second) == filled(first.data)


def test_a_fatekit_file_round_trips_through_both_formats() -> None:
    from ..cli.test_character_cli import LEGAL  # type: ignore[import-not-found]

    sheet: dict[str, Any] = {
        **LEGAL,
        "description": "Smuggler & pilot.\n\nKnows <everyone>.",
        "stunts": [
            {
                "name": "Hidden Compartment",
                "description": "Once per session, something small was hidden on the ship.",
                "fate_point_cost": 1,
                "effect": {"type": "true_detail", "detail": "a hidden compartment"},
            },
            {
                "name": "Old Friends",
                "description": "A friend in every port.",
                "cost": "once_per_session",
                "circumstance": "in a harbour town",
                "effect": {"type": "rule_exception", "text": "a friend turns up"},
            },
            {
                "name": "Steady Hand",
                "description": "",
                "effect": {
                    "type": "skill_bonus",
                    "skill": "shoot",
                    "actions": ["attack", "defend"],
                },
            },
        ],
        "gear": [{"name": "Pistol", "weapon": 1, "armor": 0}],
    }
    original = character_from_dict(sheet)
    base = import_character(json.dumps(sheet)).data
    assert base["stunts"][1]["cost"] == "once_per_session" and base["gear"] == sheet["gear"]
    for target in ("fari", "foundry"):
        back = import_character(json.dumps(export_character(original, target)))
        assert back.data == base


def test_html_becomes_plain_text_and_back() -> None:
    assert plain_text("<p>One <b>bold</b>&nbsp;move</p><p>Two<br>lines</p>") == (
        "One bold move\n\nTwo\nlines"
    )
    assert plain_text("<ul><li>a</li><li>b</li></ul><script>x()</script>") == "a\n\nb"
    text = "A & B < C\nnext line\n\nnew paragraph"
    assert plain_text(to_html(text)) == text
    assert plain_text("no markup, 3 < 4") == "no markup, 3 < 4"


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"", "empty"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary"),
        (b"\xff\xfe\xfa garbage", "not UTF-8"),
        (b'{"fariType": "character", "name": "Cut', "cut off"),
        (b"[]", "JSON object"),
        (b'{"fariType": "index-card", "id": "x"}', "not a character"),
        (b'{"fariType": "character", "name": "Blank", "pages": [{"rows": []}]}', "nothing on"),
        (b'{"name": "Bob", "type": "npc", "system": {"hp": 3}}', "not a character file"),
        (b'{"format": "fatekit-character", "version": 1}', "not a fatekit character file"),
        (b"[" * 100000, "nested too deeply"),
    ],
)
def test_bad_files_raise_a_clear_bad_input(content: bytes, words: str) -> None:
    with pytest.raises(BadInput) as caught:
        import_character(content)
    assert words in str(caught.value)


def test_a_file_too_large_is_refused_before_parsing() -> None:
    with pytest.raises(BadInput, match="at most 4 MB"):
        import_character(b" " * (MAX_FILE_BYTES + 1))


def test_a_format_or_preset_that_does_not_fit_is_refused() -> None:
    with pytest.raises(BadInput, match="this is a fari file, not a foundry one"):
        import_character(read("fari-v2-core.fari.json"), "foundry")
    with pytest.raises(BadInput, match="unknown preset"):
        import_character(read("fari-v2-core.fari.json"), None, "gurps")
    forced = import_character(read("fari-v2-core.fari.json"), "fari", "fae")
    assert forced.data["preset"] == "fae" and "skill_lists" in forced.data
