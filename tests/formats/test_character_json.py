"""Character files: the schema, reading, writing, and round trips."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fatekit.formats import (
    CHARACTER_SCHEMA,
    character_from_dict,
    character_to_dict,
    dumps_character,
    load_character,
    loads_character,
    schema_text,
    template,
)
from fatekit.formats.schema_check import check_schema, errors
from fatekit.rules import (
    BadInput,
    ExtraConsequence,
    ExtraStress,
    SkillBonus,
    SkillSwap,
    Stunt,
    StuntCost,
    Track,
    TrueDetail,
)
from fatekit.rules.aspects.aspects import Aspect, AspectKind
from fatekit.rules.characters.character import minor_npc, mob, new_character
from fatekit.rules.characters.presets import CONDENSED_PRESET, CORE_PRESET, PRESETS
from fatekit.rules.characters.validation import validate
from fatekit.rules.core.actions import Action
from fatekit.rules.harm.conditions import condition_slots
from fatekit.rules.harm.consequences import ConsequenceSlot, Severity

ROOT = Path(__file__).resolve().parents[2]


def minimal(**extra: Any) -> dict[str, Any]:
    return {"format": "fatekit-character", "version": 1, "id": "x", "name": "X", **extra}


def test_published_schema_is_current_and_uses_known_keywords() -> None:
    check_schema(CHARACTER_SCHEMA)
    published = ROOT / "docs" / "character.schema.json"
    assert published.read_text(encoding="utf-8") == schema_text(), (
        "docs/character.schema.json is stale: run `make docs`"
    )
    assert json.loads(schema_text())["title"] == "fatekit character"


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_templates_are_legal_and_round_trip(key: str) -> None:
    preset = PRESETS[key]
    blank = template(preset)
    assert blank.as_you_play
    assert validate(blank, preset) == []
    text = dumps_character(blank, preset)
    assert errors(json.loads(text), CHARACTER_SCHEMA) == []
    again = loads_character(text)
    assert again.character == blank
    assert again.preset is preset


def test_a_full_sheet_round_trips() -> None:
    pc = new_character(
        CORE_PRESET,
        "landon",
        "Landon",
        high_concept="Disgraced Knight",
        trouble="Wine and Women",
        skills={"fight": 4, "physique": 5},
        stunts=[
            Stunt("Riposte", SkillBonus("fight", (Action.DEFEND,)), "Strike back"),
            Stunt("Tough", ExtraStress(Track.PHYSICAL, 1)),
            Stunt("Steel Nerve", ExtraConsequence(Track.MENTAL, "mild")),
            Stunt("Smooth", SkillSwap("rapport", "deceive"), cost=StuntCost.FATE_POINT),
        ],
    )
    pc.stress[Track.PHYSICAL].boxes[2].marked = True
    mild = pc.consequences[0]
    hurt = Aspect("landon/consequence/0", "Split Lip", AspectKind.CONSEQUENCE, owner="landon")
    hurt.add_free_invokes("og")
    mild.fill(hurt, conflict="warehouse")
    extreme = ConsequenceSlot.of(Severity.EXTREME)
    extreme.fill(Aspect("landon/extreme/1", "One Eye", AspectKind.CONSEQUENCE, owner="landon"))
    extreme.replaced = pc.aspects.pop(1)
    pc.consequences.append(extreme)
    pc.skill_labels["jousting"] = "Jousting"
    text = dumps_character(pc)
    assert loads_character(text).character == pc


def test_stress_and_slots_are_built_when_left_out() -> None:
    loaded = loads_character(
        json.dumps(minimal(preset="condensed", skills={"physique": 3}, refresh=3))
    )
    assert len(loaded.character.stress[Track.PHYSICAL].boxes) == 6
    assert len(loaded.character.consequences) == 3
    implied = loads_character(
        json.dumps(
            minimal(
                stunts=[
                    {"name": f"S{n}", "effect": {"type": "true_detail", "detail": "d"}}
                    for n in range(4)
                ]
            )
        )
    )
    assert implied.character.refresh == 2
    assert implied.character.stunts[0].effect == TrueDetail("d")


def test_npcs_round_trip() -> None:
    thug = minor_npc(
        CONDENSED_PRESET,
        "thug",
        "Thug",
        ["Thug"],
        ["Fair (+2) at Getting into Bar Fights"],
        stress_boxes=2,
    )
    gang = mob(CORE_PRESET, "gang", "Gang", 5, ["Gang"], {"fight": 1})
    for npc in (thug, gang):
        assert loads_character(dumps_character(npc)).character == npc


@pytest.mark.rule("option.conditions.apart")
def test_condition_boxes_round_trip_as_conditions() -> None:
    # A sheet playing conditions (kept apart) with a marked Scared box: written out and read
    # back, each box is still the condition it was, so a table's export plays the same sheet.
    pc = new_character(CONDENSED_PRESET, "ruth", "Ruth", high_concept="Ex-Boxer")
    pc.consequences = condition_slots(apart=True)
    scared = next(i for i, s in enumerate(pc.consequences) if s.condition == "scared")
    aspect = Aspect(f"ruth/consequence/{scared}", "Scared", AspectKind.CONSEQUENCE, owner="ruth")
    pc.consequences[scared].fill(aspect, conflict="gala")
    data = json.loads(dumps_character(pc))
    assert errors(data, CHARACTER_SCHEMA) == []
    assert [s.get("condition") for s in data["consequences"]][:4] == ["hurt"] * 2 + ["scared"] * 2
    assert loads_character(json.dumps(data)).character == pc
    bad = minimal(consequences=[{"severity": "mild", "condition": "bruised"}])
    assert errors(bad, CHARACTER_SCHEMA) != []
    # Written by hand, a box is worth its condition's value; a condition on the wrong row is
    # refused.
    short = minimal(consequences=[{"severity": "severe", "condition": "wounded"}])
    assert loads_character(json.dumps(short)).character.consequences[0].shifts == 3
    wrong = minimal(consequences=[{"severity": "mild", "condition": "wounded"}])
    with pytest.raises(BadInput, match="Wounded is a severe condition"):
        loads_character(json.dumps(wrong))


@pytest.mark.rule("skills.custom-list", "shape.diamond")
def test_a_custom_list_and_shape_in_the_file() -> None:
    """A file may bring its own list (Fred's nine skills) and shape (the diamond)."""
    data = minimal(
        skill_lists=[
            {
                "name": "Fred",
                "skills": [
                    "Fight",
                    "Lore",
                    "Mobility",
                    "Investigate",
                    "Pilot",
                    "Infiltrate",
                    "Perform",
                    "Repair",
                    "Will",
                ],
            }
        ],
        shape={"type": "diamond"},
        as_you_play=True,
        skills={"pilot": 4},
    )
    loaded = loads_character(json.dumps(data))
    assert loaded.preset.key == "condensed+custom"
    assert validate(loaded.character, loaded.preset) == []
    again = loads_character(dumps_character(loaded.character, loaded.preset))
    assert again.preset.skill_keys == loaded.preset.skill_keys
    assert again.preset.shape == loaded.preset.shape
    combined = minimal(
        skill_lists=["actions", "themes"],
        shape={"type": "combined", "first": {"low": 0, "high": 2}, "second": {"low": 0, "high": 2}},
        skills={"fight": 2, "fire": 2},
    )
    assert (
        validate(
            loads_character(json.dumps(combined)).character,
            loads_character(json.dumps(combined)).preset,
        )
        != []
    )


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "expected object"),
        (minimal(kind="dragon"), "'dragon' is not one of"),
        (minimal(preset="gurps"), "unknown preset 'gurps'"),
        (minimal(skills={"fight": "Good"}), "$.skills.fight: expected integer, got string"),
        (minimal(skills={"fight": True}), "expected integer, got boolean"),
        (minimal(refresh=-1), "$.refresh: -1 is less than 0"),
        (minimal(aspects=[{"kind": "boost", "name": "Boo"}]), "$.aspects[0].kind"),
        (
            minimal(stunts=[{"name": "S", "effect": {"type": "laser"}}]),
            "$.stunts[0].effect.type: 'laser'",
        ),
        (
            minimal(stunts=[{"name": "S", "effect": {"type": "skill_bonus", "skill": "x"}}]),
            "missing 'actions'",
        ),
        (
            minimal(consequences=[{"severity": "mild", "aspect": {"nom": "x"}}]),
            "$.consequences[0].aspect: missing 'name'",
        ),
        (minimal(skill_lists=["nope"]), "$.skill_lists[0]: 'nope' is not one of"),
        (minimal(stress={"physical": [{"value": 0}]}), "0 is less than 1"),
        (minimal(skill_steps={"earned": 0, "banked": 2}), "more skill steps banked"),
        (
            minimal(
                shape={
                    "type": "combined",
                    "first": {"low": 0, "high": 3},
                    "second": {"low": 0, "high": 3},
                }
            ),
            "totals must stay",
        ),
        (minimal(stress={"physical": [{"value": 2}]}), "one-point"),
        (minimal(aspects=[{"name": "A", "id": "a"}, {"name": "B", "id": "a"}]), "share an id"),
    ],
)
def test_bad_files_are_bad_input(data: Any, message: str) -> None:
    with pytest.raises(BadInput) as raised:
        loads_character(json.dumps(data))
    assert message in str(raised.value)


def test_not_json_and_missing_files() -> None:
    with pytest.raises(BadInput, match="not JSON"):
        loads_character("{oops")
    with pytest.raises(BadInput, match="cannot read"):
        load_character("/nonexistent/ruth.json")


def test_preset_override() -> None:
    text = json.dumps(character_to_dict(template(CONDENSED_PRESET)))
    assert loads_character(text, "core").preset is CORE_PRESET
    with pytest.raises(BadInput, match="unknown preset"):
        loads_character(text, "gurps")


def test_carried_gear_and_stunt_costs_round_trip() -> None:
    """Gear with its Weapon and Armor ratings, and a stunt's cost, circumstance and last use,
    come back as written; older files' single action and fate_point_cost still read."""
    data = minimal(
        gear=[
            {"name": "Cutlass", "weapon": 2, "armor": 0},
            {"name": "Mail", "weapon": 0, "armor": 1},
        ],
        stunts=[
            {
                "name": "Last Stand",
                "cost": "once_per_session",
                "circumstance": "with her back to the sea",
                "used_at": {
                    "scenes_ended": 2,
                    "sessions_ended": 1,
                    "minor_milestones": 0,
                    "major_milestones": 0,
                },
                "effect": {
                    "type": "skill_bonus",
                    "skill": "fight",
                    "actions": ["attack", "defend"],
                },
            },
            {
                "name": "Old Trick",
                "fate_point_cost": 1,
                "effect": {
                    "type": "skill_swap",
                    "skill": "rapport",
                    "replaces": "deceive",
                    "action": None,
                },
            },
        ],
    )
    loaded = character_from_dict(data).character
    assert [(g.name, g.weapon, g.armor) for g in loaded.gear] == [("Cutlass", 2, 0), ("Mail", 0, 1)]
    stand, trick = loaded.stunts
    assert (
        stand.cost is StuntCost.ONCE_PER_SESSION
        and stand.circumstance == "with her back to the sea"
    )
    assert stand.effect == SkillBonus("fight", (Action.ATTACK, Action.DEFEND))
    assert trick.cost is StuntCost.FATE_POINT and trick.effect == SkillSwap("rapport", "deceive")
    written = character_to_dict(loaded)
    assert written["gear"] == data["gear"]
    assert written["stunts"][0]["used_at"]["sessions_ended"] == 1
    assert character_to_dict(character_from_dict(written).character) == written
    with pytest.raises(BadInput, match="gear"):
        character_from_dict(minimal(gear=[{"name": "Cannon", "weapon": 5}]))
