"""``fatekit import`` of sheets from published games that play by their own rules (issue 41 item
4): conditions, modes and powers come in whole, or the import is refused with the engine's reasons.

The fixtures (``tests/formats/fixtures/games``) are shaped as the real formats are, from what the
existing readers document of them: Fari's v6 layout (rows of columns of sections, ``SlotTracker``
blocks whose ``value`` is a list of ``{label, checked}`` boxes, ``Skill`` blocks, a main
``PointCounter``), and Fate Core Official's actor (``system.tracks`` keyed by the base64 of the
name, each with ``boxes``, ``box_values``, ``recovery_type``, ``category`` and ``aspect``, where a
condition track named as its own aspect holds ``{"when_marked": false, "as_name": true}``, as FCO's
track editor turns its "Name As Aspect" choice into on an actor; FCO has no modes, so an Atomic Robo player
writes each mode as a skill). ``tests/formats/fixtures/README`` is not needed: each file says
which rule set it is for by its name.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fatekit.formats import character_from_dict
from fatekit.formats.ruleset import load_ruleset
from fatekit.rules import validate
from tests.cli.run import fatekit

FIXTURES = Path(__file__).resolve().parent.parent / "formats" / "fixtures" / "games"
RULESETS = Path(__file__).resolve().parents[2] / "docs" / "examples" / "rulesets"
EMBER = str(RULESETS / "ember-road.ruleset.json")
SCIENCE = str(RULESETS / "action-science.ruleset.json")


def imported(name: str, *rules: str) -> tuple[dict[str, Any], str]:
    run = fatekit("import", str(FIXTURES / name), *rules)
    assert run.returncode == 0, run.stderr
    sheet: dict[str, Any] = json.loads(run.stdout)
    return sheet, run.stderr


def legal(sheet: dict[str, Any], ruleset: str | None = None) -> None:
    preset = load_ruleset(ruleset) if ruleset else None
    loaded = character_from_dict(sheet, preset)
    assert [str(p) for p in validate(loaded.character, loaded.preset)] == []


@pytest.mark.parametrize(
    "name", ["fari-v6-ember-road-conditions.fari.json", "foundry-ember-road-conditions.json"]
)
def test_condition_trackers_mark_the_rule_sets_conditions(name: str) -> None:
    sheet, report = imported(name, "--ruleset", EMBER)
    # Angry (fleeting, one box) and Wounded (lasting, both boxes) were ticked; Exhausted was not.
    assert {k: v["boxes"] for k, v in sheet["conditions"].items()} == {"angry": 1, "wounded": 2}
    # The conditions are not read as stress: the one stress track keeps its three boxes.
    assert [b["marked"] for b in sheet["stress"]["any"]] == [True, False, False]
    assert "everything on the sheet found its place" in report
    legal(sheet, EMBER)


def test_more_ticks_than_a_condition_has_boxes_are_reported() -> None:
    sheet, report = imported("fari-v6-ember-road-overmarked.fari.json", "--ruleset", EMBER)
    assert sheet["conditions"]["angry"]["boxes"] == 1
    assert "condition 'Angry': 2 boxes marked -> 1 boxes marked" in report
    assert "Angry has 1 box(es)" in report


@pytest.mark.parametrize(
    "name", ["fari-v6-action-science-modes.fari.json", "foundry-action-science-modes.json"]
)
def test_rated_modes_become_mode_ratings_and_the_rest_improvements(name: str) -> None:
    sheet, report = imported(name, "--ruleset", SCIENCE)
    assert sheet["modes"] == {"action": 3, "science": 2, "intrigue": 1}
    # Chemistry +4 under Science (+2) is two steps bought; Combat +4 under Action (+3) one;
    # Notice +5 is in three of the modes (reinforced), so nothing is bought for it.
    assert sheet["skill_improvements"] == {"chemistry": 2, "combat": 1}
    assert sheet["skills"]["notice"] == 5 and sheet["skills"]["chemistry"] == 4
    assert "action" not in sheet["skills"]
    assert "everything on the sheet found its place" in report
    legal(sheet, SCIENCE)


def test_a_skill_beyond_what_its_modes_allow_refuses_the_import() -> None:
    run = fatekit(
        "import", str(FIXTURES / "fari-v6-action-science-too-far.fari.json"), "--ruleset", SCIENCE
    )
    assert run.returncode == 2 and run.stdout == ""
    assert "does not make a legal Action Science character" in run.stderr
    assert "skill_improvements.chemistry: chemistry would go 3 steps above its mode" in run.stderr


@pytest.mark.parametrize(
    "name", ["fari-v6-venturecity-powers.fari.json", "foundry-venturecity-powers.json"]
)
def test_stunts_named_like_a_power_buy_it(name: str) -> None:
    sheet, report = imported(name, "--preset", "venturecity")
    # Flight (its basic stunt's name, or its own) buys the power; Master Flight and Megaton
    # Punch are its options, the Very Noticeable aspect its drawback.
    assert sheet["packages"] == [
        {"key": "flight", "options": ["master-flight", "megaton-punch", "very-noticeable"]}
    ]
    stunts = [s["name"] for s in sheet["stunts"]]
    assert {"Basic Flight", "Master Flight", "Megaton Punch"} <= set(stunts)
    assert "Flight" not in stunts
    # Rapid Fire is Energy Blast's, which Kai does not have: a stunt of his own, reported.
    assert "Rapid Fire" in stunts and "Street Smarts" in stunts
    assert (
        "package 'Rapid Fire': Rapid Fire -> kept as a stunt (it is an option of Energy Blast, "
        "which the sheet does not buy)" in report
    )
    # The rule set writes the power's stunts with its words; Kai's own go into the description.
    assert "power: Master Flight: Faster and higher." in report
    assert "Master Flight: Faster and higher." in sheet["description"]
    legal(sheet)


def test_a_power_without_its_drawback_refuses_the_import(tmp_path: Path) -> None:
    data = json.loads((FIXTURES / "fari-v6-venturecity-powers.fari.json").read_text("utf-8"))
    aspects = data["pages"][0]["rows"][0]["columns"][0]["sections"][0]["blocks"]
    aspects[:] = [b for b in aspects if b["value"] != "Very Noticeable"]
    path = tmp_path / "no-drawback.fari.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    run = fatekit("import", str(path), "--preset", "venturecity")
    assert run.returncode == 2 and run.stdout == ""
    assert "Flight: 0 of Drawbacks; at least 1" in run.stderr


def test_preset_and_ruleset_together_are_refused() -> None:
    name = str(FIXTURES / "fari-v6-ember-road-conditions.fari.json")
    run = fatekit("import", name, "--preset", "core", "--ruleset", EMBER)
    assert run.returncode == 2 and "not both" in run.stderr


def test_a_sheet_for_a_game_without_those_parts_is_read_as_before() -> None:
    # Ember Road's trackers at a Fate Core table: no conditions there, so they are stress tracks
    # (the extra ones kept in the description), as any sheet's.
    sheet, report = imported("fari-v6-ember-road-conditions.fari.json", "--preset", "core")
    assert "conditions" not in sheet
    assert "Angry" in sheet.get("description", "") or "Angry" in report


@pytest.mark.parametrize("target", ["fari", "foundry"])
@pytest.mark.parametrize(
    ("name", "rules"),
    [
        ("fari-v6-ember-road-conditions.fari.json", ("--ruleset", EMBER)),
        ("foundry-action-science-modes.json", ("--ruleset", SCIENCE)),
        ("fari-v6-venturecity-powers.fari.json", ("--preset", "venturecity")),
    ],
)
def test_export_and_import_again_keeps_every_box(
    tmp_path: Path, target: str, name: str, rules: tuple[str, str]
) -> None:
    sheet, _ = imported(name, *rules)
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps(sheet), encoding="utf-8")
    out = tmp_path / f"mine.{target}.json"
    ruleset = list(rules) if rules[0] == "--ruleset" else []
    written = fatekit("export", "--to", target, str(mine), "--output", str(out), *ruleset)
    assert written.returncode == 0, written.stderr
    again = fatekit("import", str(out), "--from", target, *rules)
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout) == sheet
    # What the sheet shows is enough: without fatekit's own extension the conditions, modes and
    # powers come back the same.
    data = json.loads(out.read_text("utf-8"))
    data.pop("fatekit", None)
    data.get("flags", {}).pop("fatekit", None)
    bare = tmp_path / f"bare.{target}.json"
    bare.write_text(json.dumps(data), encoding="utf-8")
    shown = json.loads(fatekit("import", str(bare), "--from", target, *rules).stdout)
    for part in ("conditions", "modes", "skill_improvements", "packages", "skills"):
        assert json.dumps(shown.get(part), sort_keys=True) == json.dumps(
            sheet.get(part), sort_keys=True
        ), part


@pytest.mark.parametrize("target", ["fari", "foundry"])
@pytest.mark.parametrize("name", ["miles", "gridlock"])
def test_venture_citys_sample_heroes_go_out_and_back_whole(
    tmp_path: Path, target: str, name: str
) -> None:
    # Miles buys Master Flight twice: his Fari sheet shows its stunt once, and what the export
    # kept says how often it was bought.
    path = Path(__file__).resolve().parents[2] / "docs" / "examples" / "venture-city"
    source = path / f"{name}.character.json"
    whole, _ = imported_any(str(source))
    out = tmp_path / f"{name}.{target}.json"
    written = fatekit("export", "--to", target, str(source), "--output", str(out))
    assert written.returncode == 0, written.stderr
    again = fatekit("import", str(out), "--preset", "venturecity")
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout) == whole
    assert "everything on the sheet found its place" in again.stderr


def imported_any(path: str) -> tuple[dict[str, Any], str]:
    run = fatekit("import", path)
    assert run.returncode == 0, run.stderr
    sheet: dict[str, Any] = json.loads(run.stdout)
    return sheet, run.stderr


@pytest.mark.parametrize(
    "name", ["fari-v6-rocketeers-counted.fari.json", "foundry-rocketeers-counted.json"]
)
def test_rated_aspects_are_the_aspects_a_counting_rule_set_counts(name: str) -> None:
    sheet, report = imported(name, "--preset", "rocketeers")
    # Every rated entry is an aspect (Foundry's actor names only two aspects: the other four
    # come from its rated entries); none stays a skill.
    assert len(sheet["aspects"]) == 6 and sheet["skills"] == {}
    assert sheet["aspects"][0]["kind"] == "high_concept"
    # The hero aspect +2 and the others +1 are as the rule set counts them; +3 is not.
    assert report.count("counts a character aspect +1") == 1
    assert 'aspect "Laughs at Cardinal\'s Guards": +3 -> +1' in report
    legal(sheet)


def test_skills_off_a_rule_set_files_list_are_kept_in_the_description() -> None:
    # A Fate Condensed sheet brought to the Ember Road (approaches): its rated skills have no
    # place there (a list of the sheet's own would be another rule set), so each is a report
    # line and a line of the description; its Mediocre ones lose nothing and are left out.
    cassandra = Path(__file__).resolve().parent.parent / "formats" / "fixtures"
    run = fatekit("import", str(cassandra / "fari-v6-condensed.fari.json"), "--ruleset", EMBER)
    assert run.returncode == 0, run.stderr
    sheet = json.loads(run.stdout)
    assert sheet["preset"] == "ember-road" and "skill_lists" not in sheet
    assert "skill: Notice: +4" in run.stderr and "Academics" not in run.stderr
    assert "Notice: +4" in sheet["description"]


def dresden_ruleset(tmp_path: Path) -> str:
    """Dresden Files Accelerated as docs/rulesets.md writes it (its approaches, one stress track,
    the conditions In Peril, Doomed and Indebted), on Fate Accelerated's bones, as a file."""
    from fatekit.rules.characters.presets import builtin_text
    from tests.formats.test_ruleset_conditions import _doc_block

    dfa: dict[str, Any] = json.loads(builtin_text("fae"))
    dfa.update(key="dfa", name="Dresden Files Accelerated", **_doc_block('"in_peril"'))
    dfa["skill_uses"] = [{"skill": "force", "action": "attack", "harm": "any"}]
    dfa["turn_order"] = {"style": "elective"}
    dfa["shape"] = {
        "type": "tiers",
        "name": "approaches",
        "tiers": [
            {"rating": 3, "count": 1},
            {"rating": 2, "count": 2},
            {"rating": 1, "count": 2},
            {"rating": 0, "count": 1},
        ],
    }
    dfa.pop("recovery", None)
    dfa["stress"].pop("rule", None)
    path = tmp_path / "dfa.ruleset.json"
    path.write_text(json.dumps(dfa), encoding="utf-8")
    return str(path)


def test_fari_dresden_files_accelerated_sheet_keeps_its_conditions(tmp_path: Path) -> None:
    # Shaped as Fari's own DFA template is (see the module docstring): "4 - In peril" and "6 - Doomed" are text blocks with a box to tick, Indebted a
    # five-box tracker, and spare trackers have no label.
    dfa = dresden_ruleset(tmp_path)
    sheet, report = imported("fari-v3-dresden-accelerated.fari.json", "--ruleset", dfa)
    # In Peril ticked (its one box); Indebted two boxes of five; Doomed not ticked.
    assert {k: v["boxes"] for k, v in sheet["conditions"].items()} == {
        "in_peril": 1,
        "indebted": 2,
    }
    # What was written beside In Peril has no place on a condition: kept, and said.
    assert "condition: 4 - In peril: The Red Court knows my name" in report
    assert "The Red Court knows my name" in sheet["description"]
    assert [b["marked"] for b in sheet["stress"]["any"]][:2] == [True, False]
    assert sheet["skills"]["guile"] == 3
    # Back out to Fari and Foundry and in again: every box as it was.
    mine = tmp_path / "molly.json"
    mine.write_text(json.dumps(sheet), encoding="utf-8")
    for target in ("fari", "foundry"):
        out = tmp_path / f"molly.{target}.json"
        written = fatekit("export", "--to", target, str(mine), "-o", str(out), "--ruleset", dfa)
        assert written.returncode == 0, written.stderr
        again = fatekit("import", str(out), "--ruleset", dfa)
        assert again.returncode == 0, again.stderr
        assert json.loads(again.stdout)["conditions"] == sheet["conditions"]
