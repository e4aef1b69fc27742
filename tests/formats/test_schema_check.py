"""Schema checking with the jsonschema library: the messages, and the quick path for tagged forms."""

from __future__ import annotations

from typing import Any

import pytest
from jsonschema import Draft202012Validator

from fatekit.formats.schema import CHARACTER_SCHEMA
from fatekit.formats.schema_check import NOT_BLANK, check_schema, errors

TAGGED: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "properties": {"things": {"type": "array", "items": {"$ref": "#/$defs/thing"}}},
    "additionalProperties": False,
    "$defs": {
        "thing": {"oneOf": [{"$ref": "#/$defs/dice"}, {"$ref": "#/$defs/note"}]},
        "dice": {
            "type": "object",
            "properties": {
                "type": {"const": "dice"},
                "faces": {"type": "string", "pattern": NOT_BLANK},
                "count": {"type": "integer", "minimum": 1, "maximum": 4},
            },
            "required": ["type", "faces"],
            "additionalProperties": False,
        },
        "note": {
            "type": "object",
            "properties": {"type": {"const": "note"}, "text": {"type": "string"}},
            "required": ["type", "text"],
            "additionalProperties": False,
        },
    },
}


def test_the_example_schemas_are_valid() -> None:
    check_schema(TAGGED)
    check_schema(CHARACTER_SCHEMA)


@pytest.mark.parametrize(
    ("schema", "message"),
    [
        ({"type": "object", "minLenght": 1}, "keywords nothing checks: ['minLenght']"),
        ({"properties": {"a": {"itemz": {}}}}, "#/properties/a: keywords nothing checks"),
        ({"type": 3}, "not a valid JSON Schema"),
    ],
)
def test_a_schema_with_a_misspelt_or_bad_keyword_is_refused(
    schema: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=message.replace("[", r"\[").replace("]", r"\]")):
        check_schema(schema)


@pytest.mark.parametrize(
    ("things", "wanted"),
    [
        ([{"type": "dice", "faces": "+-0+"}, {"type": "note", "text": "hi"}], []),
        ([{"type": "dice", "faces": " "}], ["$.things[0].faces: must not be empty or blank"]),
        ([{"type": "dice", "faces": "+", "count": 5}], ["$.things[0].count: 5 is more than 4"]),
        ([{"type": "dice", "faces": "+", "count": 0}], ["$.things[0].count: 0 is less than 1"]),
        ([{"type": "note"}], ["$.things[0]: missing 'text'"]),
        (
            [{"type": "note", "text": "x", "loud": True}],
            ["$.things[0]: unknown field 'loud' (known fields: type, text)"],
        ),
        ([{"type": "card"}], ["$.things[0].type: 'card' is not one of 'dice', 'note'"]),
        ([{"faces": "+"}], ["$.things[0]: must match exactly one of 2 forms, matches none"]),
        ([7], ["$.things[0]: must match exactly one of 2 forms, matches none"]),
        ("dice", ["$.things: expected array, got string"]),
    ],
)
def test_each_problem_names_the_path_and_what_is_wrong(things: Any, wanted: list[str]) -> None:
    found = errors({"things": things}, TAGGED)
    assert found == wanted
    # The quick path for tagged forms never changes the library's verdict.
    assert Draft202012Validator(TAGGED).is_valid({"things": things}) == (found == [])


def test_a_value_two_forms_accept_is_refused() -> None:
    twins = {"oneOf": [{"type": "integer"}, {"type": "number"}]}
    assert errors(3, twins) == ["$: must match exactly one of 2 forms, matches more than one"]
    same_tag = {
        "oneOf": [
            {"properties": {"type": {"const": "a"}}},
            {"properties": {"type": {"const": "a"}}},
        ]
    }
    assert errors({"type": "a"}, same_tag) == [
        "$: must match exactly one of 2 forms, matches more than one"
    ]


def test_problems_come_in_document_order_without_repeats() -> None:
    things = [{"type": "note", "text": 1}] * 11 + [{"type": "dice"}]
    found = errors({"things": things, "extra": 1}, TAGGED)
    assert found[0].startswith("$: unknown field 'extra'")
    assert found[1:3] == [
        "$.things[0].text: expected string, got integer",
        "$.things[1].text: expected string, got integer",
    ]
    assert found[-1] == "$.things[11]: missing 'faces'"
    assert len(found) == len(set(found)) == 13
