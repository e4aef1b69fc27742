"""A rule set's conditions (the Fate System Toolkit's, docs/rulesets.md): read, written back,
and every bad one refused with its place named."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fatekit.formats.ruleset import loads_ruleset, ruleset_to_dict
from fatekit.rules.characters.presets import builtin_text
from fatekit.rules.characters.ruleset_data import RulesetProblems
from fatekit.rules.harm.toolkit_conditions import ConditionKind

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "rulesets"


def with_conditions(*conditions: dict[str, Any]) -> dict[str, Any]:
    """Fate Condensed with ``conditions`` beside its consequence slots."""
    data: dict[str, Any] = json.loads(builtin_text("condensed"))
    data.update(key="condensed-conditions", name="Condensed with conditions")
    data["conditions"] = list(conditions)
    return data


def problems_of(data: dict[str, Any]) -> list[str]:
    with pytest.raises(RulesetProblems) as raised:
        loads_ruleset(json.dumps(data))
    return raised.value.problems


def test_conditions_beside_consequences_read_with_each_kinds_own_numbers() -> None:
    preset = loads_ruleset(
        json.dumps(
            with_conditions(
                {"key": "winded", "name": "Winded", "kind": "fleeting"},
                {
                    "key": "dehydrated",
                    "name": "Dehydrated",
                    "kind": "sticky",
                    "names": {"sv": "Uttorkad"},
                },
                {"key": "broken", "name": "Broken", "kind": "lasting"},
                {"key": "indebted", "name": "Indebted", "kind": "sticky", "boxes": 5, "shifts": 0},
            )
        )
    )
    assert [(c.key, c.kind, c.boxes, c.shifts) for c in preset.conditions] == [
        ("winded", ConditionKind.FLEETING, 1, 1),
        ("dehydrated", ConditionKind.STICKY, 1, 2),
        ("broken", ConditionKind.LASTING, 2, 4),
        ("indebted", ConditionKind.STICKY, 5, 0),
    ]
    assert preset.conditions[1].name_in("sv") == "Uttorkad"
    assert len(preset.consequence_slots) == 3  # beside the consequences, not instead
    # Written back, the file reads as the same rule set, and says only what was given.
    written = ruleset_to_dict(preset)
    assert written["conditions"][0] == {"key": "winded", "name": "Winded", "kind": "fleeting"}
    assert loads_ruleset(json.dumps(written)) == preset


def test_a_rule_set_without_the_field_has_no_conditions() -> None:
    assert loads_ruleset(builtin_text("condensed")).conditions == ()
    assert "conditions" not in ruleset_to_dict(loads_ruleset(builtin_text("condensed")))


def test_the_ember_road_uses_conditions_instead_of_consequences() -> None:
    preset = loads_ruleset((EXAMPLES / "ember-road.ruleset.json").read_text(encoding="utf-8"))
    assert preset.consequence_slots == () and preset.extra_slots == ()
    assert sum(c.shifts for c in preset.conditions) == 14


def test_bad_conditions_are_refused_each_at_its_place() -> None:
    found = problems_of(
        with_conditions(
            {"key": "winded", "name": "Winded", "kind": "fleeting", "shifts": 9},
            {"key": "Bad Key", "name": "", "kind": "stubborn"},
            {"key": "angry", "name": "Angry", "kind": "fleeting", "boxes": 0, "colour": "red"},
        )
    )
    for part in (
        "$.conditions[0].shifts",
        "$.conditions[1].key",
        "$.conditions[1].name",
        "$.conditions[1].kind",
        "$.conditions[2].boxes",
        "$.conditions[2]: unknown field 'colour'",
    ):
        assert any(p.startswith(part) for p in found), (part, found)
    # What the schema cannot say: a lasting condition of other than two boxes, a key twice.
    found = problems_of(
        with_conditions(
            {"key": "broken", "name": "Broken", "kind": "lasting", "boxes": 3},
            {"key": "angry", "name": "Angry", "kind": "fleeting"},
            {"key": "angry", "name": "Cross", "kind": "sticky"},
        )
    )
    assert found == [
        "$.conditions[0].boxes: a lasting condition has 2 boxes, both marked when it is taken "
        "(toolkit.conditions.lasting-boxes)",
        "$.conditions: the condition 'angry' is listed twice",
    ]
    too_many = [{"key": f"c{i}", "name": f"C{i}", "kind": "fleeting"} for i in range(21)]
    (found_one,) = problems_of(with_conditions(*too_many))
    assert found_one.startswith("$.conditions")


def _doc_block(holding: str) -> dict[str, Any]:
    """The JSON block of docs/rulesets.md holding ``holding``, as the fields it gives."""
    text = (EXAMPLES.parents[1] / "rulesets.md").read_text(encoding="utf-8")
    blocks = [b.split("```", 1)[0] for b in text.split("```json\n")[1:]]
    (block,) = [b for b in blocks if holding in b]
    found: dict[str, Any] = json.loads("{" + block + "}")
    return found


def test_the_published_games_in_the_docs_are_files_fatekit_reads() -> None:
    # Dresden Files Accelerated: Fate Accelerated's bones with the docs' fields laid over.
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
    preset = loads_ruleset(json.dumps(dfa))
    assert [(c.name, c.kind, c.boxes, c.shifts) for c in preset.conditions] == [
        ("In Peril", ConditionKind.STICKY, 1, 4),
        ("Doomed", ConditionKind.LASTING, 2, 6),
        ("Indebted", ConditionKind.STICKY, 5, 0),
    ]
    assert preset.consequence_slots == () and len(preset.stress_tracks) == 1
    # Fate of Cthulhu: Fate Condensed with Corruption, which soaks no hit.
    cthulhu = with_conditions(*_doc_block('"corruption"')["conditions"])
    (corruption,) = loads_ruleset(json.dumps(cthulhu)).conditions
    assert (corruption.kind, corruption.shifts) == (ConditionKind.STICKY, 0)
